"""Batches of answers verified against one shared :class:`SourceStore`, in one process.

An *item* is an answer (its quotes are extracted) or a list of quotes, with an id and the ids
of the sources it may quote (none: every source in the store). :func:`verify_batch` yields one
:class:`BatchResult` per item, in input order, as soon as its chunk is done. An item that
cannot be checked (a source missing from the store, a malformed row) gets a result with
``error`` set and no quote results; the other items are unaffected.

Items are cut into fixed chunks of ``chunk_size`` by position; inside a chunk, items that
name the same sources are verified in one :meth:`~quote_guard.Verifier.verify` call. The
local pool and Ray use exactly these chunks, which is why every engine gives the same
results as this function.

Each source is read once per process and kept as one :class:`~quote_guard.Source`; its
index is built on first use and cached by content (:func:`quote_guard.index.get_index`), so
thousands of items quoting one contract share one copy of it and one index.
"""

from __future__ import annotations

import difflib
import json
import threading
import zlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..errors import SourceError
from ..index import expect_many_quotes
from ..models import Difference, Metrics, QuoteResult, Source, Span, Verdict
from .heap import fix_mmap_threshold

__all__ = ["BatchItem", "BatchResult", "SourceStore", "StoredSource", "averify", "coerce_item", "result_from_dict", "verify_batch"]

DEFAULT_CHUNK = 64  # items per chunk: the unit of work of every engine
SOURCE_SUFFIXES = (".txt", ".md")


class _Verifies(Protocol):
    def verify(self, quotes: Sequence[str], sources: Sequence[Source]) -> list[QuoteResult]: ...


# --------------------------------------------------------------------------- items and results


@dataclass(frozen=True, slots=True)
class BatchItem:
    """One unit of a batch: an id, the quotes to check, the ids of the sources they may quote.

    ``sources`` empty means every source in the store. ``answer`` keeps the text the quotes
    were extracted from, when they were.
    """

    id: str
    quotes: tuple[str, ...]
    sources: tuple[str, ...] = ()
    answer: str | None = None


@dataclass(frozen=True, slots=True)
class BatchResult:
    """The outcome of one item: its quote results in order, or ``error`` (then ``results`` is empty).

    ``position`` is the item's index in the input. ``to_json()`` is deterministic (sorted
    keys), so runs on different engines can be compared byte for byte.
    """

    id: str
    position: int
    results: tuple[QuoteResult, ...] = ()
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (for export)."""
        return {"id": self.id, "position": self.position, "error": self.error,
                "results": [r.to_dict() for r in self.results]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)


def result_from_dict(d: Mapping[str, Any]) -> QuoteResult:
    """The :class:`~quote_guard.QuoteResult` that :meth:`QuoteResult.to_dict` wrote (how results
    come back from Ray, as JSON)."""
    m = dict(d.get("metrics") or {})
    m["differences"] = tuple(Difference(**x) for x in m.get("differences", ()))
    return QuoteResult(
        quote=d["quote"], verdict=Verdict(d["verdict"]), spans=tuple(Span(**s) for s in d.get("spans", ())),
        verbatim=d.get("verbatim"), metrics=Metrics(**m), context=d.get("context", ""), reason=d.get("reason", ""),
    )


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Iterable) and not isinstance(value, (bytes, Mapping)):
        out = tuple(value)
        bad = next((v for v in out if not isinstance(v, str)), None)
        if bad is not None:
            raise TypeError(f"'{what}' must hold strings, got {type(bad).__name__}")
        return out
    raise TypeError(f"'{what}' must be a string or a list of strings, got {type(value).__name__}")


def coerce_item(obj: Any, position: int) -> BatchItem:
    """A :class:`BatchItem` from an item or a mapping with ``id``, one of ``answer``
    (``response``), ``quotes`` or ``quote``, and optional ``sources`` (``source``).

    The id defaults to the position. Raises ``TypeError``/``ValueError`` naming the field.

    >>> coerce_item({"id": "a1", "quotes": ["the Tenant shall pay"], "sources": "lease"}, 0)
    BatchItem(id='a1', quotes=('the Tenant shall pay',), sources=('lease',), answer=None)
    """
    if isinstance(obj, BatchItem):
        return obj
    if not isinstance(obj, Mapping):
        raise TypeError(f"an item must be a mapping (id, answer or quotes, sources), got {type(obj).__name__}")
    raw_id = obj.get("id")
    item_id = str(position) if raw_id is None or raw_id == "" else str(raw_id)
    sources = _strings(obj.get("sources", obj.get("source")), "sources")
    answer = obj.get("answer", obj.get("response"))
    if answer is not None:
        if not isinstance(answer, str):
            raise TypeError(f"'answer' must be a string, got {type(answer).__name__}")
        from ..extract import extract_quotes

        return BatchItem(item_id, tuple(q.text for q in extract_quotes(answer)), sources, answer)
    if "quotes" in obj or "quote" in obj:
        return BatchItem(item_id, _strings(obj.get("quotes", obj.get("quote")), "quotes"), sources)
    raise ValueError("an item needs 'answer' (or 'response'), 'quotes' or 'quote'")


# --------------------------------------------------------------------------- the source store

TEXT_CACHE_CHARS = 4_000_000  # characters of stored source text a store keeps decoded (a small store: all of it)


class StoredSource(Source):
    """A source whose text stays in its file (a folder's file, a line of a JSONL file), or
    compressed in memory (an in-memory store sent to a worker process or a Ray actor).

    ``text`` is read when asked for and kept in its store's bounded cache of recent texts
    (``TEXT_CACHE_CHARS``); the indexes that matching needs are built from it once and
    cached by content, so a run over a large store holds the folded texts and their indexes,
    not every original text as well. The text's length and hash are taken at its first read,
    and every later read must give the same ones: a file changed during a run raises
    :class:`~quote_guard.errors.SourceError` instead of misplacing offsets.

    Equality, hashing and pickling are those of a :class:`~quote_guard.Source` with the same
    id and text (it pickles as one).
    """

    __slots__ = ("_key", "_store")
    _key: tuple[int, int]
    _store: SourceStore

    def __init__(self, source_id: str, store: SourceStore, key: tuple[int, int]) -> None:
        object.__setattr__(self, "id", source_id)
        object.__setattr__(self, "_store", store)
        object.__setattr__(self, "_key", key)

    @property  # read-only: the field, read from the file
    def text(self) -> str:
        return self._store._text(self.id, self._key)

    @property
    def content_key(self) -> tuple[int, int]:
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Source):
            return NotImplemented
        return self.id == other.id and self.content_key == other.content_key and self.text == other.text

    def __hash__(self) -> int:
        return hash((self.id, self.text))

    def __repr__(self) -> str:
        return f"StoredSource(id={self.id!r}, chars={self._key[0]})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Source, (self.id, self.text))


class SourceStore:
    """Source documents by id, read once per process and shared by every item.

    Built from a mapping ``{id: text}`` (or ``Source`` objects), a folder (its ``.txt``/``.md``
    files, ids are paths relative to the folder, read on first use) or a JSONL file (one
    ``{"id": ..., "text": ...}`` a line). A store opened from a path pickles as that path, so
    a worker process or a Ray actor reads the files itself instead of receiving copies.

    >>> store = SourceStore({"lease": "The Tenant shall pay rent."})
    >>> [s.id for s in store.get(["lease"])]
    ['lease']
    """

    def __init__(self, sources: Mapping[str, str] | Iterable[Source] | None = None) -> None:
        self._loaded: dict[str, Source] = {}
        self._files: dict[str, Path] = {}
        self._lines: dict[str, tuple[int, int]] = {}  # a JSONL store: each source's line, as (byte offset, length)
        self._blobs: dict[str, bytes] = {}  # a store sent to this process: each text, zlib-compressed
        self._pack: tuple[tuple[str, bytes], ...] | None = None
        self._texts: OrderedDict[str, str] = OrderedDict()  # recently read texts of stored sources
        self._text_chars = 0
        self.text_cache_chars = TEXT_CACHE_CHARS
        self._order: dict[str, None] = {}  # every id, in the order given (reading a file does not move it)
        self._spec: tuple[str, str] | None = None
        self._lock = threading.RLock()  # reading a text may fill the cache of recent texts while packing
        if sources is None:
            return
        if isinstance(sources, Mapping):
            for k, v in sources.items():
                self._add(Source(k, v) if not isinstance(v, Source) else v)
        else:
            for s in sources:
                if not isinstance(s, Source):
                    raise TypeError(f"SourceStore takes a {{id: text}} mapping or Source objects, got {type(s).__name__}")
                self._add(s)

    def _add(self, s: Source) -> None:
        self._register(s.id)
        self._loaded[s.id] = s

    def _register(self, sid: str) -> None:
        """Put an id in the store's order, once."""
        if sid in self._order:
            raise SourceError(f"duplicate source id {sid!r}: every source needs its own id")
        self._order[sid] = None

    # -- constructors ----------------------------------------------------------
    @classmethod
    def from_folder(cls, path: str | Path) -> SourceStore:
        """Every ``.txt``/``.md`` file under ``path`` (hidden ones skipped), read on first use."""
        root = Path(path)
        if not root.is_dir():
            raise SourceError(f"{root}: not a folder of sources")
        store = cls()
        for f in sorted(root.rglob("*")):
            rel = f.relative_to(root)
            if f.is_file() and f.suffix.lower() in SOURCE_SUFFIXES and not any(p.startswith(".") for p in rel.parts):
                store._files[rel.as_posix()] = f
                store._order[rel.as_posix()] = None
        if not store._files:
            raise SourceError(f"{root}: no {' or '.join(SOURCE_SUFFIXES)} files in this folder")
        store._spec = ("folder", str(root))
        return store

    @classmethod
    def from_jsonl(cls, path: str | Path) -> SourceStore:
        """One source per line: ``{"id": ..., "text": ...}``."""
        p = Path(path)
        store = cls()
        store._spec = ("jsonl", str(p))
        try:
            with p.open("rb") as f:
                at = 0
                for n, raw in enumerate(f, start=1):
                    here, at = at, at + len(raw)
                    try:
                        line = raw.decode("utf-8")
                    except UnicodeDecodeError as exc:
                        raise SourceError(f"{p}:{n}: cannot read the source file ({exc})") from None
                    if not line.strip():
                        continue
                    try:
                        obj = json.loads(line)
                    except json.JSONDecodeError as exc:
                        raise SourceError(f"{p}:{n}: not valid JSON ({exc.msg})") from None
                    if (not isinstance(obj, dict) or not isinstance(obj.get("id"), str)
                            or not isinstance(obj.get("text"), str)):
                        raise SourceError(f"{p}:{n}: expected an object with string 'id' and 'text'")
                    text = obj["text"]
                    Source(obj["id"], text)  # the same checks as an in-memory source
                    store._lines[obj["id"]] = (here, len(raw))
                    store._add(StoredSource(obj["id"], store, (len(text), hash(text))))
        except OSError as exc:
            raise SourceError(f"{p}: cannot read the source file ({exc})") from None
        if not store._loaded:
            raise SourceError(f"{p}: no sources in the file")
        return store

    @classmethod
    def open(cls, spec: SourceStore | Mapping[str, str] | Iterable[Source] | str | Path) -> SourceStore:
        """A store from whatever names the sources: a store (returned as is), a mapping,
        ``Source`` objects, a folder, or a ``.jsonl`` file."""
        if isinstance(spec, SourceStore):
            return spec
        if isinstance(spec, (str, Path)):
            p = Path(spec)
            if p.is_dir():
                return cls.from_folder(p)
            if p.is_file() and p.suffix.lower() in (".jsonl", ".ndjson"):
                return cls.from_jsonl(p)
            raise SourceError(f"{p}: not a folder of sources or a .jsonl file of sources")
        return cls(spec)

    def __reduce__(self) -> tuple[Any, ...]:
        if self._spec is not None:  # by reference: the receiving process reads the files
            return (_reopen, (*self._spec, self.text_cache_chars))
        return (_unpack, (self._packed(), self.text_cache_chars))

    def _packed(self) -> tuple[tuple[str, bytes], ...]:
        """Every source as ``(id, zlib-compressed UTF-8 text)``, in order: how an in-memory store
        travels to a worker process or Ray's object store (made once, then reused). The receiving
        store keeps them compressed and decompresses a text when it is asked for, so a worker
        holds about a third of the text instead of every text as ``str``."""
        with self._lock:
            if self._pack is None:
                self._pack = tuple((sid, self._blobs.get(sid) or zlib.compress(
                    self._load(sid).text.encode("utf-8", "surrogatepass"), 1)) for sid in self._order)
            return self._pack

    # -- access ------------------------------------------------------------------
    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def sizes(self) -> dict[str, int]:
        """Each source's size: bytes on disk for a file not read yet, else characters."""
        out: dict[str, int] = {}
        for sid in self.ids:
            s = self._loaded.get(sid)
            if s is not None or sid in self._blobs:  # a compressed copy is read in memory
                out[sid] = (s or self._load(sid)).content_key[0]
            else:
                try:
                    out[sid] = self._files[sid].stat().st_size
                except OSError:
                    out[sid] = 0  # unreadable: reading it later names the problem
        return out

    def __contains__(self, source_id: object) -> bool:
        return source_id in self._order

    def _load(self, sid: str) -> Source:
        s = self._loaded.get(sid)
        if s is not None:
            return s
        with self._lock:
            s = self._loaded.get(sid)
            if s is None:
                text = self._read(sid)  # read once now, so that an unreadable file is this item's error
                s = StoredSource(sid, self, (len(text), hash(text)))
                self._keep(sid, text)
                self._loaded[sid] = s
        return s

    def _read(self, sid: str) -> str:
        """The text of a stored source: from its file, its line of the JSONL file, or the
        compressed copy a store was sent."""
        blob = self._blobs.get(sid)
        if blob is not None:
            return zlib.decompress(blob).decode("utf-8", "surrogatepass")
        if sid in self._lines:
            here, size = self._lines[sid]
            path = Path(self._spec[1]) if self._spec is not None else Path()
            try:
                with path.open("rb") as f:
                    f.seek(here)
                    text = json.loads(f.read(size).decode("utf-8"))["text"]
            except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
                raise SourceError(f"source {sid!r} ({path}): cannot be read again ({exc})") from None
            if not isinstance(text, str):
                raise SourceError(f"source {sid!r} ({path}): its line no longer holds a string 'text'")
            return text
        path = self._files[sid]
        try:
            data = path.read_bytes()
        except OSError as exc:  # gone, moved or unreadable since the store was opened
            raise SourceError(f"source {sid!r} ({path}): cannot be read ({exc.strerror or exc})") from None
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SourceError(f"source {sid!r} ({path}): cannot be read as UTF-8 text ({exc})") from None

    def _keep(self, sid: str, text: str) -> None:
        """Put a text read from its file in the cache of recent texts (the lock is held)."""
        self._texts[sid] = text
        self._text_chars += len(text)
        while self._text_chars > self.text_cache_chars and len(self._texts) > 1:
            _, old = self._texts.popitem(last=False)
            self._text_chars -= len(old)

    def _text(self, sid: str, key: tuple[int, int]) -> str:
        """A stored source's text: from the cache of recent texts, or read again and checked
        against the length and hash it had when first read."""
        with self._lock:
            text = self._texts.get(sid)
            if text is not None:
                self._texts.move_to_end(sid)
                return text
            text = self._read(sid)
            if sid not in self._blobs and (len(text), hash(text)) != key:  # a compressed copy cannot change
                where = self._files.get(sid) or (self._spec[1] if self._spec else "")
                raise SourceError(f"source {sid!r} ({where}) changed while it was being used: "
                                  "its offsets would no longer point into it; run again on files that stay put")
            self._keep(sid, text)
            return text

    def get(self, ids: Sequence[str]) -> list[Source]:
        """The sources with these ids, in this order; ``()`` means every source.

        Raises :class:`~quote_guard.errors.SourceError` naming each missing id (and the
        closest known ones)."""
        if not ids:
            return [self._load(sid) for sid in self.ids]
        missing = [sid for sid in ids if sid not in self]
        if missing:
            near = difflib.get_close_matches(missing[0], self.ids, n=3)
            hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
            raise SourceError(f"source {', '.join(repr(m) for m in missing)} not in the store "
                              f"({len(self)} sources){hint}")
        return [self._load(sid) for sid in dict.fromkeys(ids)]


def _unpack(packed: tuple[tuple[str, bytes], ...], text_cache_chars: int = TEXT_CACHE_CHARS) -> SourceStore:
    """The store :meth:`SourceStore._packed` sent: its texts stay compressed until asked for."""
    store = SourceStore()
    store.text_cache_chars = text_cache_chars
    for sid, blob in packed:
        store._register(sid)
        store._blobs[sid] = blob
    return store


def _reopen(kind: str, path: str, text_cache_chars: int = TEXT_CACHE_CHARS) -> SourceStore:
    store = SourceStore.from_folder(path) if kind == "folder" else SourceStore.from_jsonl(path)
    store.text_cache_chars = text_cache_chars
    return store


# --------------------------------------------------------------------------- verifying


def chunks(items: Iterable[Any], size: int) -> Iterator[list[tuple[int, Any]]]:
    """``(position, item)`` pairs in consecutive chunks of ``size``: the unit every engine runs."""
    if size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {size}")
    buf: list[tuple[int, Any]] = []
    for n, obj in enumerate(items):
        buf.append((n, obj))
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf


def verify_chunk(verifier: _Verifies, store: SourceStore, chunk: Sequence[tuple[int, Any]]) -> list[BatchResult]:
    """Verify one chunk of ``(position, item)``; one result per item, in order, never raising
    for a bad item (its result carries the error)."""
    out: dict[int, BatchResult] = {}
    groups: dict[tuple[str, ...], list[tuple[int, BatchItem]]] = {}
    for pos, obj in chunk:
        try:
            item = coerce_item(obj, pos)
        except (TypeError, ValueError) as exc:
            raw_id = obj.get("id") if isinstance(obj, Mapping) else None
            out[pos] = BatchResult(str(pos) if raw_id in (None, "") else str(raw_id), pos, error=f"bad item: {exc}")
            continue
        if not item.quotes:
            out[pos] = BatchResult(item.id, pos)
            continue
        groups.setdefault(item.sources, []).append((pos, item))
    for ids, members in groups.items():
        try:
            sources = store.get(ids)
        except SourceError as exc:
            for pos, item in members:
                out[pos] = BatchResult(item.id, pos, error=str(exc))
            continue
        quotes = [q for _, item in members for q in item.quotes]
        expect_many_quotes(sources)  # a batch: the collection's tables pay for themselves
        try:
            results = verifier.verify(quotes, sources)
        except (TypeError, ValueError) as exc:  # e.g. a source with empty text
            for pos, item in members:
                out[pos] = BatchResult(item.id, pos, error=f"{type(exc).__name__}: {exc}")
            continue
        k = 0
        for pos, item in members:
            out[pos] = BatchResult(item.id, pos, tuple(results[k : k + len(item.quotes)]))
            k += len(item.quotes)
    return [out[pos] for pos, _ in chunk]


def verify_batch(verifier: _Verifies, items: Iterable[Any], sources: Any, *,
                 chunk_size: int = DEFAULT_CHUNK) -> Iterator[BatchResult]:
    """Verify many items against one store; yield a :class:`BatchResult` per item, in order.

    ``sources`` is a :class:`SourceStore` or anything :meth:`SourceStore.open` takes. Items
    are mappings (see :func:`coerce_item`) or :class:`BatchItem`; results stream out chunk by
    chunk, so a long run can be written as it goes.

    >>> from quote_guard import Verifier
    >>> items = [{"id": "a", "quotes": ["The Tenant shall pay rent."], "sources": ["lease"]},
    ...          {"id": "b", "quotes": ["anything"], "sources": ["nda"]}]
    >>> [(r.id, r.results[0].verdict.value if r.ok else r.error[:25])
    ...  for r in verify_batch(Verifier(), items, {"lease": "The Tenant shall pay rent."})]
    [('a', 'verbatim'), ('b', "source 'nda' not in the s")]

    The process's large freed blocks go back to the system (:func:`~quote_guard.scale.heap.fix_mmap_threshold`).
    """
    fix_mmap_threshold()
    store = SourceStore.open(sources)
    for chunk in chunks(items, chunk_size):
        yield from verify_chunk(verifier, store, chunk)


async def averify(verifier: _Verifies, items: Iterable[Any], sources: Any, *,
                  chunk_size: int = DEFAULT_CHUNK) -> AsyncIterator[BatchResult]:
    """The async twin of :func:`verify_batch`: each chunk runs in a worker thread, so the
    event loop stays free; results come in the same order with the same values."""
    import asyncio  # here, not at the top: a worker process that never awaits does not load it (nor ssl)

    fix_mmap_threshold()
    store = SourceStore.open(sources)
    for chunk in chunks(items, chunk_size):
        for r in await asyncio.to_thread(verify_chunk, verifier, store, chunk):
            yield r
