"""A batch process's heap: large blocks go back to the system when they are freed.

glibc's ``malloc`` serves a block of 128 KiB or more with its own ``mmap``, returned to the
system on ``free``, but it raises that threshold (up to 32 MiB) each time such a block is
freed. A batch run frees large blocks all the time: a source text read again, a quote's
arrays, the temporaries of building a collection's indexes. After the first, blocks of that
size come from the heap instead, and the long-lived objects allocated between them (the
folded texts, their maps) pin the heap's holes: the resident size grows over the run and
never shrinks. At 50 MB of sources, 4.5 MiB after 30,000 quotes (2.5 % of the peak), and growing.

:func:`fix_mmap_threshold` sets the threshold to its default value once, which also stops
glibc from moving it: every block of 128 KiB or more is mapped and unmapped on its own. A
batch calls it in each process that verifies (:func:`~quote_guard.scale.batch.verify_batch`,
a local worker, a Ray actor). Elsewhere, or under another C library, it does nothing.
"""

from __future__ import annotations

import sys
import threading

__all__ = ["MMAP_THRESHOLD", "fix_mmap_threshold"]

MMAP_THRESHOLD = 128 * 1024  # glibc's default: blocks this large or larger are mapped on their own
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number, from glibc's <malloc.h>
_lock = threading.Lock()
_done: list[bool] = []  # the outcome of the first call, kept: the setting is the process's


def fix_mmap_threshold() -> bool:
    """Fix glibc's mmap threshold at :data:`MMAP_THRESHOLD` for this process (once); whether it is.

    ``False`` off Linux, under a C library without ``mallopt`` (musl) or when ``mallopt``
    refuses the value. Idempotent and thread-safe.
    """
    with _lock:
        if not _done:
            _done.append(_set())
        return _done[0]


def _set() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # no symbol table to search, or no mallopt (musl)
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
