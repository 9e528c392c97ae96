"""The run manifest: how a result file was made, so a reader can trust and repeat it.

A :class:`RunManifest` records the quote_guard version, the effective configuration and its
hash, the thresholds, the embedder, the date and a hash of every input. Result files carry it
(an Excel sheet, a JSON sidecar, an HTML footer); the methods section and the reproducibility
checklist are written from it; ``--resume`` compares two manifests with :meth:`RunManifest.differs_from`.

Hashes are SHA-256, hex: ``config_hash`` of the canonical JSON of the effective config (keys
sorted, no spaces, UTF-8), each input hash of the file's bytes (a path) or of the UTF-8 text
(a string), so the same text gives the same hash whichever way it was given.

>>> m = build_manifest({"verifier": {"near_verbatim_min_ratio": 0.8}}, {"a.txt": "text"}, date="2026-01-01T00:00:00+00:00")
>>> m.thresholds, m.input_hashes["a.txt"][:12]
({'verifier.near_verbatim_min_ratio': 0.8}, '982d9e3eb996')
>>> RunManifest.from_dict(m.to_dict()) == m
True
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .models import Source

__all__ = ["MANIFEST_SCHEMA", "RunManifest", "build_manifest", "canonical_json", "config_dict", "sha256_hex"]

#: Version of the manifest's own layout (bumped when fields change).
MANIFEST_SCHEMA = 1

# Leaf names that are decision thresholds (the rest of the config is plumbing: sizes, backends, paths).
_THRESHOLD = re.compile(r"(ratio|threshold|cosine|overlap|margin|fraction|max_changed_words|max_words|max_gap)$")


class _FromConfig(Enum):
    """Sentinel: "read the embedder id from the config" (``None`` already means "no embedder ran")."""

    TOKEN = 0


def canonical_json(obj: Any) -> str:
    """Keys sorted, no spaces, non-ASCII kept, NaN refused: the same config always gives the same text."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def sha256_hex(data: str | bytes) -> str:
    """SHA-256 of ``data`` (a ``str`` is hashed as UTF-8), in hex."""
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def config_dict(config: Any) -> dict[str, Any]:
    """The effective config as plain JSON data: a pydantic model (``model_dump(mode="json")``), a mapping, or ``None``.

    ``None`` means the library defaults (``QuoteGuardConfig()``).
    """
    if config is None:
        from .config import QuoteGuardConfig

        config = QuoteGuardConfig()
    dump = getattr(config, "model_dump", None)
    if callable(dump):
        data = dump(mode="json")
    elif isinstance(config, Mapping):
        data = config
    else:
        raise TypeError(f"build_manifest: config must be a pydantic model, a mapping or None, got {type(config).__name__}")
    out = json.loads(canonical_json(data))  # a deep, JSON-only copy (fails loudly on NaN or objects)
    if not isinstance(out, dict):
        raise TypeError("build_manifest: the config must serialise to a JSON object")
    return out


def _leaves(d: Mapping[str, Any], prefix: str = "") -> Iterable[tuple[str, Any]]:
    for k, v in d.items():
        if isinstance(v, Mapping):
            yield from _leaves(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v


def _thresholds(cfg: Mapping[str, Any]) -> dict[str, float | int]:
    out: dict[str, float | int] = {}
    for key, value in _leaves(cfg):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if _THRESHOLD.search(key.rsplit(".", 1)[-1]):
            out[key] = value
    return dict(sorted(out.items()))


def _embedder(cfg: Mapping[str, Any]) -> str | None:
    """``semantic.embedder`` (wherever the section sits), or ``None`` when the stage is switched off."""
    sections = [cfg.get("semantic"), (cfg.get("verifier") or {}).get("semantic") if isinstance(cfg.get("verifier"), Mapping) else None]
    for sec in sections:
        if isinstance(sec, Mapping) and "embedder" in sec:
            if sec.get("enabled") is False:
                return None
            return str(sec["embedder"])
    return None


def _version() -> str:
    # The package's __init__ is always loaded before this module; read it rather than import
    # upwards (quote_guard/__init__ sits at the top layer).
    pkg = sys.modules.get(__package__ or "quote_guard")
    version = getattr(pkg, "__version__", None)
    if isinstance(version, str):
        return version
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("quote_guard")
    except PackageNotFoundError:
        return "unknown"


def _hash_inputs(inputs: Mapping[str, Any] | Iterable[Any] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    if inputs is None:
        return out
    items: Iterable[tuple[str, Any]]
    if isinstance(inputs, Mapping):
        items = ((str(k), v) for k, v in inputs.items())
    else:
        def pairs() -> Iterable[tuple[str, Any]]:
            for x in inputs:
                if isinstance(x, Source):
                    yield x.id, x.text
                elif isinstance(x, (str, os.PathLike)):
                    yield str(x), Path(x)
                else:
                    raise TypeError(f"build_manifest: an input must be a Source or a path, got {type(x).__name__}")
        items = pairs()
    for key, value in items:
        if isinstance(value, Source):
            value = value.text
        if isinstance(value, os.PathLike):
            try:
                data: str | bytes = Path(value).read_bytes()
            except OSError as exc:
                raise ConfigError(f"build_manifest: input {key!r}: cannot read {value} ({exc.strerror})") from exc
        elif isinstance(value, (str, bytes)):
            data = value
        else:
            raise TypeError(f"build_manifest: input {key!r} must be text, bytes or a path, got {type(value).__name__}")
        out[key] = sha256_hex(data)
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class RunManifest:
    """How one run was made. Frozen; ``to_dict``/``from_dict`` give its JSON form.

    - ``quote_guard_version``: the library version that made the results;
    - ``config_hash``: SHA-256 of :func:`canonical_json` of ``config``;
    - ``config``: the effective configuration (JSON data), so the methods section can cite it;
    - ``thresholds``: the decision thresholds in it, by dotted key;
    - ``embedder``: the embedding model id, ``None`` when the semantic stage was off;
    - ``date``: when the run started, UTC, ISO 8601;
    - ``input_hashes``: SHA-256 per input (source id or file name -> hex digest).
    """

    quote_guard_version: str
    config_hash: str
    thresholds: dict[str, float | int] = field(hash=False)
    embedder: str | None
    date: str
    input_hashes: dict[str, str] = field(hash=False)
    config: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    schema: int = MANIFEST_SCHEMA

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (copies: changing it does not change the manifest)."""
        out: dict[str, Any] = json.loads(canonical_json({
            "schema": self.schema,
            "quote_guard_version": self.quote_guard_version,
            "config_hash": self.config_hash,
            "thresholds": self.thresholds,
            "embedder": self.embedder,
            "date": self.date,
            "input_hashes": self.input_hashes,
            "config": self.config,
        }))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunManifest:
        """Rebuild a manifest from :meth:`to_dict`; a missing or mistyped field raises :class:`ConfigError`.

        The config hash is checked against the stored config when one is stored.
        """
        if not isinstance(data, Mapping):
            raise ConfigError(f"run manifest: expected a JSON object, got {type(data).__name__}")
        need: dict[str, type | tuple[type, ...]] = {
            "quote_guard_version": str, "config_hash": str, "thresholds": dict, "embedder": (str, type(None)),
            "date": str, "input_hashes": dict,
        }
        for key, typ in need.items():
            if key not in data:
                raise ConfigError(f"run manifest: missing field {key!r}")
            if not isinstance(data[key], typ):
                raise ConfigError(f"run manifest: field {key!r} has the wrong type ({type(data[key]).__name__})")
        config = dict(data.get("config") or {})
        if config and sha256_hex(canonical_json(config)) != data["config_hash"]:
            raise ConfigError("run manifest: config_hash does not match the stored config (the manifest was edited)")
        return cls(
            quote_guard_version=data["quote_guard_version"],
            config_hash=data["config_hash"],
            thresholds=dict(data["thresholds"]),
            embedder=data["embedder"],
            date=data["date"],
            input_hashes={str(k): str(v) for k, v in data["input_hashes"].items()},
            config=config,
            schema=int(data.get("schema", MANIFEST_SCHEMA)),
        )

    def differs_from(self, other: RunManifest) -> list[str]:
        """The fields that make two runs incomparable: version, config hash, embedder (dates and inputs may differ).

        >>> a = build_manifest({"x": 1}, {}, date="d"); b = build_manifest({"x": 2}, {}, date="d")
        >>> a.differs_from(b)
        ['config_hash']
        """
        return [k for k in ("quote_guard_version", "config_hash", "embedder") if getattr(self, k) != getattr(other, k)]


def build_manifest(
    config: Any,
    inputs: Mapping[str, Any] | Iterable[Any] | None,
    *,
    embedder: str | None | _FromConfig = _FromConfig.TOKEN,
    date: str | None = None,
    version: str | None = None,
) -> RunManifest:
    """Make the manifest of a run.

    ``config``: the effective configuration (a ``QuoteGuardConfig``/``VerifierConfig``, a mapping
    of its JSON form, or ``None`` for the defaults). ``inputs``: a mapping of id -> text (``str``),
    bytes or a path, or an iterable of :class:`~quote_guard.models.Source` objects or paths
    (the id is then the path as given). ``embedder``: the id of the embedder that really ran
    (default: read from the config; ``None``: the semantic stage did not run). ``date``: default now (UTC).

    >>> m = build_manifest(None, [Source("a", "x")], embedder=None, date="2026-01-01T00:00:00+00:00")
    >>> m.embedder, sorted(m.input_hashes), len(m.config_hash)
    (None, ['a'], 64)
    """
    cfg = config_dict(config)
    if version is None:
        version = _version()
    return RunManifest(
        quote_guard_version=version,
        config_hash=sha256_hex(canonical_json(cfg)),
        thresholds=_thresholds(cfg),
        embedder=_embedder(cfg) if isinstance(embedder, _FromConfig) else embedder,
        date=date or datetime.now(timezone.utc).isoformat(timespec="seconds"),
        input_hashes=_hash_inputs(inputs),
        config=cfg,
    )
