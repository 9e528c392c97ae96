"""Document indexes on disk, by content hash: built once, then loaded by every worker.

Folding a document (its folded text, offset map and words for the corpus filter) costs about
3 s of CPU per 50 MB. Each worker of a pool needs all of them, so without a shared cache every
worker pays the whole cost. With an :class:`IndexCache` the workers first build one share
each (:meth:`IndexCache.warm`) and then read the others' shares from disk when they need
them (:meth:`IndexCache.install` makes :func:`quote_guard.index.get_index` look there first).
A cache folder named by the caller outlives the run: a later run over the same documents
loads instead of folding (measured at 50 MB with 5,000 quotes: 13.8 s of CPU reading the cache,
14.8 s without it, 17.4 s writing it). Within one run, writing one share and reading the others
costs about what folding them would, so the gain is on later runs.

One file per document, ``<hash>.npz`` (the arrays of
:meth:`quote_guard.index.DocIndex.to_arrays`), named by a BLAKE2 hash of the document's text
and of the code that folds and indexes it (``normalize.py`` and ``index.py`` as installed),
so a changed document or a changed quote_guard never reads a stale index. Files are written
to a temporary name and renamed, so a reader never sees half a file; a file that cannot be
read is rebuilt. (:func:`~quote_guard.index.get_index` checks that a loaded index fits its
text's length.)
"""

from __future__ import annotations

import hashlib
import logging
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

from ..errors import SourceError
from ..index import INDEX_FORMAT, DocIndex, get_index, set_index_loader
from ..normalize import fold

__all__ = ["IndexCache"]

log = logging.getLogger("quote_guard.scale")


def _code_fingerprint() -> bytes:
    h = hashlib.blake2b(f"index format {INDEX_FORMAT}\n".encode(), digest_size=20)
    for name in (fold.__module__, DocIndex.__module__):  # normalize.py and index.py
        h.update(Path(sys.modules[name].__file__ or "").read_bytes())
    return h.digest()


class IndexCache:
    """A folder of document indexes keyed by content.

    >>> import tempfile
    >>> cache = IndexCache(tempfile.mkdtemp())
    >>> cache.warm(["The Tenant shall pay rent monthly."])
    1
    >>> cache.load("The Tenant shall pay rent monthly.").text
    'the tenant shall pay rent monthly.'
    >>> cache.load("Another text.") is None
    True
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SourceError(f"index cache {self.path}: cannot create the folder ({exc})") from None
        self._salt = _code_fingerprint()
        self._replaced: Callable[[str], DocIndex | None] | None = None

    def file_of(self, text: str) -> Path:
        """Where the index of ``text`` is (or would be) kept."""
        h = hashlib.blake2b(self._salt, digest_size=20)
        h.update(text.encode("utf-8", "surrogatepass"))
        return self.path / f"{h.hexdigest()}.npz"

    def load(self, text: str) -> DocIndex | None:
        """The kept index of ``text``, or ``None`` (not kept, or unreadable: it gets rebuilt)."""
        import numpy as np

        path = self.file_of(text)
        try:
            with np.load(path, allow_pickle=False) as npz:
                idx = DocIndex.from_arrays({k: npz[k] for k in npz.files})
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError) as exc:
            log.warning("index cache: %s is unreadable (%s); the index is rebuilt", path.name, exc)
            return None
        return idx

    def save(self, text: str, idx: DocIndex) -> Path:
        """Keep ``idx`` as the index of ``text`` (written whole, then renamed into place)."""
        return self._write(self.file_of(text), idx)

    def _write(self, path: Path, idx: DocIndex) -> Path:
        import numpy as np

        fd, tmp = tempfile.mkstemp(dir=self.path, prefix=".tmp-", suffix=".npz")
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(fh, **cast("dict[str, Any]", idx.to_arrays()))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    def warm(self, texts: Iterable[str]) -> int:
        """Build and keep the index of every text not kept yet (this process keeps them in
        memory too); returns how many were built."""
        built = 0
        for text in texts:
            path = self.file_of(text)  # one hash of the text, for the check and the write
            if path.exists():
                continue
            self._write(path, get_index(text))
            built += 1
        return built

    def install(self) -> None:
        """Make this process's :func:`~quote_guard.index.get_index` read kept indexes before
        building one."""
        self._replaced = set_index_loader(self.load)

    def uninstall(self) -> None:
        """Give :func:`~quote_guard.index.get_index` back the loader :meth:`install` replaced."""
        set_index_loader(self._replaced)
        self._replaced = None
