"""The batch of :mod:`quote_guard.scale.batch` on a local process pool (``quote-guard verify --workers N``).

Each worker process builds one :class:`~quote_guard.Verifier` and opens the
:class:`~quote_guard.scale.batch.SourceStore` once (a store opened from a folder or a JSONL
file travels as its path; a mapping is sent once per worker, not per item, compressed, and
stays compressed there until a text is asked for), then verifies
whole chunks. Chunks are cut by position exactly as :func:`~quote_guard.scale.batch.verify_batch`
cuts them and results are yielded in input order, so any number of workers gives the same
results as one.

A worker that dies (killed, out of memory) breaks the pool: the pool is rebuilt and every
chunk not yet returned is submitted again, up to ``max_retries`` times per chunk; a chunk
that still fails gets an error result for each of its items. Nothing is dropped.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from ..errors import QuoteGuardError
from ..models import QuoteResult
from ..verify import Verifier, VerifierConfig
from .batch import DEFAULT_CHUNK, BatchResult, SourceStore, chunks, coerce_item, verify_batch, verify_chunk
from .cache import IndexCache
from .heap import fix_mmap_threshold

__all__ = ["verify_calls", "verify_local"]

_STATE: dict[str, Any] = {}
log = logging.getLogger("quote_guard.scale")


def _init(store: SourceStore, config_json: str, cache_dir: str | None = None) -> None:
    fix_mmap_threshold()
    _STATE["verifier"] = Verifier(VerifierConfig.model_validate_json(config_json))
    _STATE["store"] = store
    _STATE["pid"] = multiprocessing.current_process().pid
    if cache_dir is not None:
        _STATE["cache"] = IndexCache(cache_dir)
        _STATE["cache"].install()


def _warm(ids: list[str]) -> int:
    """Build (and keep on disk) the indexes of these sources: one worker's share."""
    cache: IndexCache = _STATE["cache"]
    return cache.warm(s.text for s in _STATE["store"].get(ids))


def _shares(store: SourceStore, n: int) -> list[list[str]]:
    """The store's ids in ``n`` shares of about equal size (largest first, each to the lightest share)."""
    sizes = store.sizes()
    shares: list[list[str]] = [[] for _ in range(n)]
    load = [0] * n
    for sid in sorted(sizes, key=lambda k: -sizes[k]):
        i = load.index(min(load))
        shares[i].append(sid)
        load[i] += sizes[sid]
    return [s for s in shares if s]


def _run(chunk: list[tuple[int, Any]]) -> list[BatchResult]:
    return verify_chunk(_STATE["verifier"], _STATE["store"], chunk)


def verify_local(
    items: Iterable[Any],
    sources: Any,
    *,
    workers: int = 2,
    config: VerifierConfig | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    max_retries: int = 3,
    on_pool: Callable[[list[int]], None] | None = None,
    index_cache: str | Path | None = None,
) -> Iterator[BatchResult]:
    """Verify ``items`` against ``sources`` on ``workers`` processes; results in input order.

    ``sources`` and items are as for :func:`~quote_guard.scale.batch.verify_batch`.
    ``workers=1`` runs in this process. ``on_pool`` is called with the worker process ids
    each time a pool starts (for monitoring).

    ``index_cache``: a folder of document indexes (:class:`~quote_guard.scale.cache.IndexCache`)
    kept for later runs, which read them instead of indexing the documents again. The
    workers first index one share of the store each and keep it there, then read the
    others' shares. ``None``: no folder. The results are the same either way.

    >>> items = [{"id": str(i), "quotes": ["pay rent"]} for i in range(3)]
    >>> [r.results[0].verdict.value for r in verify_local(items, {"lease": "Pay rent."}, workers=1)]
    ['near_verbatim', 'near_verbatim', 'near_verbatim']
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    config = config if config is not None else VerifierConfig()
    store = SourceStore.open(sources)
    cache = IndexCache(index_cache) if index_cache is not None else None  # a bad folder fails here, before any work
    if workers > 1:
        yield from _pooled(items, store, workers, config, chunk_size, max_retries, on_pool,
                           None if cache is None else str(cache.path))
    elif cache is None:
        yield from verify_batch(Verifier(config), items, store, chunk_size=chunk_size)
    else:
        cache.install()
        try:
            cache.warm(s.text for s in store.get(()))
            yield from verify_batch(Verifier(config), items, store, chunk_size=chunk_size)
        finally:
            cache.uninstall()


def _pooled(items: Iterable[Any], store: SourceStore, workers: int, config: VerifierConfig, chunk_size: int,
            max_retries: int, on_pool: Callable[[list[int]], None] | None,
            cache_dir: str | None) -> Iterator[BatchResult]:
    todo: Iterator[list[tuple[int, Any]]] = chunks(items, chunk_size)
    window = 2 * workers  # chunks in flight: enough to keep every worker busy, little memory
    pending: deque[tuple[list[tuple[int, Any]], int]] = deque()  # (chunk, failures), in order
    ctx = multiprocessing.get_context("spawn")  # no fork of a threaded parent
    warmed = False
    while True:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init,
                                   initargs=(store, config.model_dump_json(), cache_dir))
        if cache_dir is not None and not warmed:
            warmed = True
            # one share of the indexes per worker, all of them before any chunk: a worker
            # that needs a document another one indexed reads it from the folder
            try:
                for fut in [pool.submit(_warm, share) for share in _shares(store, workers)]:
                    fut.result()
            except BrokenProcessPool:
                pass  # the loop below finds the pool broken and starts a new one
            except Exception as exc:  # noqa: BLE001 - a source that cannot be read is each item's error, later
                log.warning("index cache: warming failed (%s); each worker indexes what it needs", exc)
        futures: deque[Future[list[BatchResult]]] = deque(pool.submit(_run, c) for c, _ in pending)
        announced = on_pool is None
        broken = False
        try:
            while True:
                try:
                    while len(pending) < window:
                        nxt = next(todo, None)
                        if nxt is None:
                            break
                        pending.append((nxt, 0))
                        # a pool whose worker died while the caller held the results refuses work
                        futures.append(pool.submit(_run, nxt))
                    if not pending:
                        return
                    if not announced and on_pool is not None:
                        announced = True
                        on_pool(sorted(pool._processes or {}))
                    done = futures[0].result()
                except BrokenProcessPool:
                    broken = True
                    break
                futures.popleft()
                pending.popleft()
                yield from done
        finally:
            pool.shutdown(wait=not broken, cancel_futures=True)
        # a worker died: every chunk not yet returned runs again on a new pool
        retry: deque[tuple[list[tuple[int, Any]], int]] = deque()
        for chunk, failures in pending:
            retry.append((chunk, failures + 1))
        pending = retry
        while pending and pending[0][1] > max_retries:
            chunk, failures = pending.popleft()
            yield from _failed(chunk, failures)


def _failed(chunk: list[tuple[int, Any]], failures: int) -> Iterator[BatchResult]:
    for pos, obj in chunk:
        try:
            item_id = coerce_item(obj, pos).id
        except (TypeError, ValueError):
            item_id = str(pos)
        yield BatchResult(item_id, pos, error=f"a worker process died {failures} times on this item's chunk")


def verify_calls(
    calls: Iterable[tuple[Sequence[str], Sequence[str]]],
    sources: Any,
    *,
    workers: int = 2,
    engine: str = "local",
    config: VerifierConfig | None = None,
    index_cache: str | Path | None = None,
) -> Iterator[list[QuoteResult]]:
    """Run ``Verifier.verify(quotes, sources[ids])`` for each ``(quotes, ids)`` call (``ids``
    empty: every source) on ``workers`` local processes, or on Ray actors with
    ``engine="ray"``; yield each call's results in call order.

    Each call stays one ``verify`` call, so the results equal a serial loop's: this is how
    ``quote-guard verify --workers N`` keeps its batches and its output. A call that cannot
    run (a worker died on it too often, a missing source) raises
    :class:`~quote_guard.errors.QuoteGuardError`. ``index_cache`` is as for
    :func:`verify_local` (local engine only).

    >>> [r[0].verdict.value for r in verify_calls([(["Pay rent."], ["lease"])], {"lease": "Pay rent."}, workers=1)]
    ['verbatim']
    """
    items = ({"id": str(n), "quotes": list(q), "sources": list(ids)} for n, (q, ids) in enumerate(calls))
    if engine == "local":
        for r in verify_local(items, sources, workers=workers, config=config, chunk_size=1, index_cache=index_cache):
            if r.error is not None:
                raise QuoteGuardError(f"verification call #{r.position + 1} failed: {r.error}")
            yield list(r.results)
    elif engine == "ray":
        import json

        from .batch import result_from_dict
        from .ray import iter_records, verify_dataset

        for row in iter_records(verify_dataset(list(items), sources, config, actors=workers, chunk_size=1)):
            if row["error"] is not None:
                raise QuoteGuardError(f"verification call #{row['position'] + 1} failed: {row['error']}")
            yield [result_from_dict(d) for d in json.loads(row["record"])["results"]]
    else:
        raise ValueError(f"unknown engine {engine!r}; choose 'local' or 'ray'")
