"""Names a package exports but loads on first use (PEP 562), so importing it stays light."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_getattr"]


def lazy_getattr(package: str, table: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``table`` maps a public name to the module that
    defines it (absolute, or relative to ``package`` when it starts with "."); the value is
    cached in ``namespace`` (the package's ``globals()``) after the first access.
    """

    def __getattr__(name: str) -> Any:
        where = table.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where, package), name)
        namespace[name] = value
        return value

    return __getattr__
