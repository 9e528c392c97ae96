"""Verification at scale: batches of answers against a shared source store.

- :mod:`quote_guard.scale.batch`: :class:`~quote_guard.scale.batch.SourceStore`,
  :func:`~quote_guard.scale.batch.verify_batch` and its async twin (one process);
- :mod:`quote_guard.scale.local`: the same batches on a local process pool (``--workers N``);
- :mod:`quote_guard.scale.ray`: the same batches on Ray Data (``--engine ray``, the ``ray`` extra).

Every engine cuts the items into the same fixed chunks and verifies each chunk with the same
calls, so their results are identical (``tests/test_scale.py`` compares them byte for byte).
Nothing here is imported by ``import quote_guard``; Ray is imported only by ``scale.ray``.
"""

from __future__ import annotations

__all__: list[str] = []
