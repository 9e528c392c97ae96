"""``validators.yaml``: one validated, immutable configuration for the guard.

The schema composes the core sections, each defined next to its code, with the guard's
own sections:

==============  ===========================================  ===================
section         model                                        defined in
==============  ===========================================  ===================
``verifier``    :class:`~quote_guard.verify.VerifierConfig`   ``verify.py``
``semantic``    :class:`~quote_guard.embed.SemanticConfig` ``embed/config.py``
``extract``     :class:`~quote_guard.extract.ExtractConfig`   ``extract.py``
``policy``      :class:`~quote_guard.policy.Policy`           ``policy.py``
``reask``       :class:`ReaskConfig`                         here
``model``       :class:`ModelConfig`                         here
``sources``     :class:`SourcesConfig`                       here
``limits``      :class:`~quote_guard.limits.Limits`           ``limits.py``
==============  ===========================================  ===================

Precedence lives in one function, :func:`load_config`: call arguments (``overrides``),
then ``QUOTE_GUARD_*`` environment variables, then the YAML file, then the defaults.
A wrong key, type or value raises :class:`~quote_guard.errors.ConfigError` naming the
file, the line and the dotted key (or the environment variable).

Hostile files are refused before they cost anything: a file over ``limits.max_config_bytes``
(default 1 MB) is not parsed, a document whose aliases expand past ``limits.max_yaml_nodes``
nodes (a "billion laughs") is not constructed, and re-ask templates may name only their
documented fields: ``{quote}``, never ``{quote.__class__}`` or ``{quote[0]}``. The two
file limits can be changed only by ``QUOTE_GUARD_LIMITS__MAX_CONFIG_BYTES`` /
``QUOTE_GUARD_LIMITS__MAX_YAML_NODES`` or ``overrides`` (the file cannot raise its own).

>>> cfg = load_config(overrides={"reask.max_attempts": 2})
>>> cfg.reask.max_attempts, cfg.policy.altered.value
(2, 'reask')
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .embed.config import SemanticConfig
from .errors import ConfigError
from .extract import ExtractConfig
from .limits import Limits
from .policy import Policy
from .verify import VerifierConfig

__all__ = [
    "ENV_PREFIX",
    "MAX_ATTEMPTS",
    "ModelConfig",
    "QuoteGuardConfig",
    "ReaskConfig",
    "SourcesConfig",
    "config_path",
    "explain_config",
    "load_config",
]

ENV_PREFIX = "QUOTE_GUARD_"
#: the most model calls one guarded call may make (``reask.max_attempts`` and per-call ``max_attempts``)
MAX_ATTEMPTS = 20
#: environment variables with the prefix that are not settings
_ENV_RESERVED = frozenset({"QUOTE_GUARD_CONFIG"})


class _Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)


_REASK_TEMPLATE = (
    "Some quotations in your answer do not match the sources word for word. "
    "Rewrite your answer so that every text in quotation marks is copied exactly from the "
    "sources above, or is not presented as a quotation.\n\n"
    "{failures}\n\n"
    "Keep everything else in your answer as it was."
)
_REASK_ITEM = (
    "{index}. You wrote: “{quote}”\n"
    "   Verdict: {verdict}. {reason}\n"
    "   What differs: {differences}\n"
    "   Closest source text ({source_id}): {verbatim}"
)
TEMPLATE_FIELDS = frozenset({"failures", "n_failures", "attempt", "max_attempts"})
ITEM_FIELDS = frozenset({"index", "quote", "verdict", "reason", "differences", "verbatim", "source_id", "context"})


def _check_template(text: str, allowed: frozenset[str], name: str) -> str:
    """Only plain named fields: no attribute or index access (``{quote.__class__}``,
    ``{quote[0]}``), no positional ``{}``/``{0}``, no fields nested in a format spec."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise ValueError(f"{name}: not a valid template ({exc}); write literal braces as {{{{ and }}}}") from exc
    fields = {f for _, f, _, _ in parsed if f is not None}
    nested = [spec for _, f, spec, _ in parsed if f is not None and spec and ("{" in spec or "}" in spec)]
    if nested:
        raise ValueError(f"{name}: a format spec may not contain fields ({nested[0]!r})")
    bad = {f for f in fields if f not in allowed}
    if bad:
        raise ValueError(
            f"{name}: unknown placeholder(s) {', '.join('{' + b + '}' for b in sorted(bad))}; "
            f"allowed: {', '.join('{' + a + '}' for a in sorted(allowed))}"
        )
    return text


class ReaskConfig(_Section):
    """How the model is asked again when a quote fails."""

    max_attempts: int = Field(3, ge=1, le=MAX_ATTEMPTS, description="Model calls per guarded call, the first included.")
    role: Literal["user", "system"] = Field("user", description="Role of the feedback message.")
    template: str = Field(
        _REASK_TEMPLATE,
        description="The feedback message. Placeholders: {failures}, {n_failures}, {attempt}, {max_attempts}.",
    )
    item_template: str = Field(
        _REASK_ITEM,
        description="One failing quote, inside {failures}. Placeholders: {index}, {quote}, {verdict}, "
        "{reason}, {differences}, {verbatim}, {source_id}, {context}.",
    )
    no_verbatim_text: str = Field(
        "(none: the sources contain no passage close to this quote; quote a passage that exists, or do not quote)",
        description="Stands for {verbatim} when there is no close passage.",
    )

    @field_validator("template")
    @classmethod
    def _template(cls, v: str) -> str:
        return _check_template(v, TEMPLATE_FIELDS, "template")

    @field_validator("item_template")
    @classmethod
    def _item(cls, v: str) -> str:
        return _check_template(v, ITEM_FIELDS, "item_template")


class ModelConfig(_Section):
    """The LLM call: default model, retries of transient failures, extra litellm arguments."""

    name: str | None = Field(None, description="Model used when a call gives none, e.g. 'openai/gpt-4o-mini'.")
    api_base: str | None = Field(None, description="Base URL of an OpenAI-compatible endpoint.")
    timeout: float = Field(60.0, gt=0, description="Seconds per request.")
    retries: int = Field(2, ge=0, le=10, description="Retries after a timeout, 429 or 5xx (0: none).")
    backoff_initial: float = Field(0.5, ge=0, description="Seconds before the first retry.")
    backoff_multiplier: float = Field(2.0, ge=1.0)
    backoff_max: float = Field(8.0, ge=0, description="Longest wait between retries (also caps Retry-After).")
    params: dict[str, Any] = Field(default_factory=dict, description="Extra litellm arguments (temperature...).")


class SourcesConfig(_Section):
    """Where sources come from when a call passes no ``sources=`` (see :mod:`quote_guard.guard.messages`)."""

    roles: tuple[str, ...] = Field(
        ("tool", "function"),
        description="Message roles whose plain text is a source (the 'source roles'). Documents (tool results, "
        "document blocks, <document> and fenced context blocks) always are; add 'user' or 'system' to check "
        "quotes against the question and the instructions too.",
    )
    documents: bool = Field(True, description="Split out <document id=...> blocks, fenced context blocks and "
                            "document content blocks.")
    fallback: bool = Field(
        True,
        description="When a call carries no document-like source, check against the system and user text "
        "instead (the report says sources_fallback: true) rather than against nothing.",
    )

    @field_validator("roles", mode="before")
    @classmethod
    def _roles(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = [r for r in v.replace(",", " ").split() if r]
        allowed = {"system", "developer", "user", "tool", "function"}
        if isinstance(v, (list, tuple)):
            bad = sorted({str(r) for r in v} - allowed)
            if bad:
                raise ValueError(f"unknown role(s) {', '.join(bad)}; allowed: {', '.join(sorted(allowed))}")
        return v


class QuoteGuardConfig(BaseModel):
    """The whole ``validators.yaml``. Frozen; unknown keys are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    verifier: VerifierConfig = Field(default_factory=VerifierConfig)
    semantic: SemanticConfig = Field(default_factory=SemanticConfig)
    extract: ExtractConfig = Field(default_factory=ExtractConfig)
    policy: Policy = Field(default_factory=Policy)
    reask: ReaskConfig = Field(default_factory=ReaskConfig)
    model: ModelConfig = Field(default_factory=ModelConfig)
    sources: SourcesConfig = Field(default_factory=SourcesConfig)
    limits: Limits = Field(default_factory=Limits)

    @model_validator(mode="before")
    @classmethod
    def _semantic_spelling(cls, data: Any) -> Any:
        # The semantic stage runs inside the Verifier (verifier.semantic); validators.yaml
        # gives it its own top-level section. Accept either spelling, not both.
        if not isinstance(data, dict) or "semantic" not in VerifierConfig.model_fields:
            return data
        ver = data.get("verifier")
        if isinstance(ver, dict) and "semantic" in ver:
            if "semantic" in data:
                raise ValueError("set the semantic stage in the top-level 'semantic' section, not also in verifier.semantic")
            ver = dict(ver)
            data = {**data, "semantic": ver.pop("semantic"), "verifier": ver}
        return data

    @model_validator(mode="after")
    def _semantic_into_verifier(self) -> QuoteGuardConfig:
        if "semantic" in VerifierConfig.model_fields and self.verifier.semantic != self.semantic:
            object.__setattr__(self, "verifier", self.verifier.model_copy(update={"semantic": self.semantic}))
        # the verifier screens quote length and source size itself when its config has limits
        if "limits" in VerifierConfig.model_fields and getattr(self.verifier, "limits", None) != self.limits:
            object.__setattr__(self, "verifier", self.verifier.model_copy(update={"limits": self.limits}))
        return self

    def merged(self, overrides: Mapping[str, Any]) -> QuoteGuardConfig:
        """A new config with ``overrides`` (dotted keys or nested dicts) on top; validated."""
        data = self.model_dump(mode="python")
        data["verifier"].pop("semantic", None)
        data["verifier"].pop("limits", None)
        _merge(data, _nest(overrides, origin="argument"), origin=None)
        return _validate(data, origins={}, source_name="overrides")


# ----------------------------------------------------------------------------- loading


def load_config(
    path: str | os.PathLike[str] | None = None,
    *,
    overrides: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
) -> QuoteGuardConfig:
    """Load ``validators.yaml`` (or defaults), layering env variables and overrides on top.

    Precedence, highest first: ``overrides`` (call arguments, dotted keys such as
    ``"reask.max_attempts"`` or nested dicts), ``QUOTE_GUARD_<SECTION>__<KEY>``
    environment variables (values parsed as YAML scalars, e.g.
    ``QUOTE_GUARD_REASK__MAX_ATTEMPTS=2``), the file, the defaults. ``path=None`` reads
    ``$QUOTE_GUARD_CONFIG`` if set, else uses defaults only. ``env=None`` reads
    ``os.environ``.

    Raises :class:`ConfigError` naming the file, line and dotted key of a bad value.
    """
    environ = os.environ if env is None else env
    if path is None and environ.get("QUOTE_GUARD_CONFIG"):
        path = environ["QUOTE_GUARD_CONFIG"]
    data: dict[str, Any] = {}
    origins: dict[tuple[str, ...], str] = {}
    node = None
    name = "defaults"
    env_data = _from_env(environ)
    if path is not None:
        name = str(path)
        data, node = _read_yaml(Path(path), _file_limits(env_data, overrides))
    _merge(data, env_data, origin="env", origins=origins)
    if overrides:
        _merge(data, _nest(overrides, origin="argument"), origin="argument", origins=origins)
    return _validate(data, origins=origins, source_name=name, node=node)


def _file_limits(env_data: Mapping[str, Any], overrides: Mapping[str, Any] | None) -> Limits:
    """The limits that guard reading the file itself: from the environment and the overrides
    only (a file cannot raise the limits it is read under)."""
    data: dict[str, Any] = {}
    _merge(data, {"limits": env_data.get("limits", {})}, origin=None)
    if overrides:
        _merge(data, {"limits": _nest(overrides, origin="argument").get("limits", {})}, origin=None)
    try:
        return Limits.model_validate(data.get("limits") or {})
    except ValidationError as exc:
        raise ConfigError(f"invalid limits for reading the config file: {exc}") from None


def _expanded_nodes(node: Any, limit: int) -> int:
    """How many nodes the document has once every alias is expanded (stops past ``limit``).

    PyYAML builds an alias as a second reference to the same node, so a "billion laughs"
    file is small until something walks it (``merged()``, validation): count first, with a
    memo per node, so the count itself is linear in the file.
    """
    import yaml

    memo: dict[int, int] = {}

    def size(n: Any) -> int:
        key = id(n)
        if key in memo:
            return memo[key]
        memo[key] = limit + 1  # a node reached again while being counted (recursion) is over
        total = 1
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                total += size(k) + size(v)
                if total > limit:
                    break
        elif isinstance(n, yaml.SequenceNode):
            for v in n.value:
                total += size(v)
                if total > limit:
                    break
        memo[key] = total
        return total

    return size(node)


def _read_yaml(path: Path, limits: Limits | None = None) -> tuple[dict[str, Any], Any]:
    try:
        import yaml
    except ImportError as exc:  # pragma: no cover - PyYAML is a core dependency
        raise ConfigError("reading validators.yaml needs PyYAML: pip install PyYAML") from exc
    limits = limits or Limits()
    try:
        size = path.stat().st_size
        if size > limits.max_config_bytes:
            raise ConfigError(
                f"{path}: the config file has {size:,} bytes, over limits.max_config_bytes={limits.max_config_bytes:,} "
                f"(raise it with {ENV_PREFIX}LIMITS__MAX_CONFIG_BYTES)"
            )
        with path.open("rb") as fh:
            raw = fh.read(limits.max_config_bytes + 1)
        if len(raw) > limits.max_config_bytes:  # grew, or not a regular file
            raise ConfigError(f"{path}: the config file is over limits.max_config_bytes={limits.max_config_bytes:,}")
        text = raw.decode("utf-8")
    except FileNotFoundError as exc:
        raise ConfigError(f"{path}: no such config file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the config file ({exc})") from exc
    try:
        loader = yaml.SafeLoader(text)  # its reader refuses control characters already here
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({getattr(exc, 'problem', None) or exc})") from exc
    try:
        node = loader.get_single_node()
        if node is not None and _expanded_nodes(node, limits.max_yaml_nodes) > limits.max_yaml_nodes:
            raise ConfigError(
                f"{path}: the config expands to more than limits.max_yaml_nodes={limits.max_yaml_nodes:,} "
                "nodes once its aliases (*name) are expanded; refusing it (an alias bomb?)"
            )
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise ConfigError(f"{path}{where}: not valid YAML ({getattr(exc, 'problem', None) or exc})") from exc
    finally:
        loader.dispose()
    if data is None:
        return {}, None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} line 1: the top level must be a mapping of sections, got {type(data).__name__}")
    return data, node


def _from_env(environ: Mapping[str, str]) -> dict[str, Any]:
    import yaml

    out: dict[str, Any] = {}
    for var in sorted(environ):
        if not var.startswith(ENV_PREFIX) or var in _ENV_RESERVED:
            continue
        keys = [k.lower() for k in var[len(ENV_PREFIX):].split("__") if k]
        if len(keys) < 2:
            raise ConfigError(
                f"environment variable {var}: expected {ENV_PREFIX}<SECTION>__<KEY>, "
                f"e.g. {ENV_PREFIX}REASK__MAX_ATTEMPTS=2"
            )
        raw = environ[var]
        try:
            value = yaml.safe_load(raw) if raw.strip() else raw
        except yaml.YAMLError:
            value = raw
        cur = out
        for k in keys[:-1]:
            cur = cur.setdefault(k, {})
        cur[keys[-1]] = _EnvValue(var, value)
    return out


class _EnvValue:
    __slots__ = ("value", "var")

    def __init__(self, var: str, value: Any) -> None:
        self.var = var
        self.value = value


def _nest(overrides: Mapping[str, Any], *, origin: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in overrides.items():
        if not isinstance(key, str):
            raise ConfigError(f"config override keys must be str, got {key!r}")
        parts = key.split(".")
        cur = out
        for p in parts[:-1]:
            nxt = cur.setdefault(p, {})
            if not isinstance(nxt, dict):
                raise ConfigError(f"config override {key!r} conflicts with another override")
            cur = nxt
        if isinstance(value, Mapping) and isinstance(cur.get(parts[-1]), dict):
            _merge(cur[parts[-1]], dict(value), origin=None)
        else:
            cur[parts[-1]] = dict(value) if isinstance(value, Mapping) else value
    return out


def _merge(
    base: dict[str, Any],
    top: Mapping[str, Any],
    *,
    origin: str | None,
    origins: dict[tuple[str, ...], str] | None = None,
    prefix: tuple[str, ...] = (),
) -> None:
    for k, v in top.items():
        loc = (*prefix, k)
        if isinstance(v, Mapping) and isinstance(base.get(k), dict):
            _merge(base[k], v, origin=origin, origins=origins, prefix=loc)
            continue
        if isinstance(v, _EnvValue):
            if origins is not None:
                origins[loc] = f"environment variable {v.var}"
            v = v.value
        elif origins is not None and origin is not None:
            origins[loc] = "argument" if origin == "argument" else origin
        if isinstance(v, Mapping):
            v = _unwrap(v, origins, loc)
        base[k] = v


def _unwrap(v: Mapping[str, Any], origins: dict[tuple[str, ...], str] | None, loc: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, x in v.items():
        if isinstance(x, _EnvValue):
            if origins is not None:
                origins[(*loc, k)] = f"environment variable {x.var}"
            x = x.value
        elif isinstance(x, Mapping):
            x = _unwrap(x, origins, (*loc, k))
        out[k] = x
    return out


def _validate(
    data: dict[str, Any],
    *,
    origins: Mapping[tuple[str, ...], str],
    source_name: str,
    node: Any = None,
) -> QuoteGuardConfig:
    try:
        return QuoteGuardConfig.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors(include_url=False):
            loc = tuple(str(p) for p in err["loc"])
            dotted = ".".join(loc) or "(top level)"
            msg = err["msg"]
            if err["type"] == "extra_forbidden":
                msg = f"unknown key; allowed keys here: {', '.join(_allowed_keys(loc[:-1]))}"
            elif "input" in err and err["type"] not in ("missing",) and not isinstance(err["input"], (dict, list)):
                msg = f"{msg} (got {err['input']!r})"
            lines.append(f"{_where(loc, origins, source_name, node)}{dotted}: {msg}")
        raise ConfigError("invalid quote_guard configuration:\n  " + "\n  ".join(lines)) from None


def _where(loc: tuple[str, ...], origins: Mapping[tuple[str, ...], str], source_name: str, node: Any) -> str:
    for i in range(len(loc), 0, -1):
        if loc[:i] in origins:
            return f"{origins[loc[:i]]}: "
    line = _line_of(node, loc)
    if line is not None:
        return f"{source_name} line {line}: "
    return f"{source_name}: " if source_name not in ("defaults", "overrides") else ""


def _line_of(node: Any, loc: tuple[str, ...]) -> int | None:
    """1-based line of the YAML node at ``loc`` (the deepest part found)."""
    if node is None:
        return None
    import yaml

    line = None
    cur = node
    for part in loc:
        if isinstance(cur, yaml.MappingNode):
            for key_node, value_node in cur.value:
                if str(getattr(key_node, "value", None)) == part:
                    line = int(key_node.start_mark.line) + 1
                    cur = value_node
                    break
            else:
                return line
        elif isinstance(cur, yaml.SequenceNode) and part.isdigit() and int(part) < len(cur.value):
            cur = cur.value[int(part)]
            line = int(cur.start_mark.line) + 1
        else:
            return line if line is not None else int(cur.start_mark.line) + 1
    return line


def _allowed_keys(loc: tuple[str, ...]) -> list[str]:
    model: Any = QuoteGuardConfig
    for part in loc:
        field = getattr(model, "model_fields", {}).get(part)
        if field is None or not (isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel)):
            return []
        model = field.annotation
    return sorted(getattr(model, "model_fields", {}))


# ----------------------------------------------------------------------------- where each value comes from


def config_path(path: str | os.PathLike[str] | None = None, *, env: Mapping[str, str] | None = None,
                cwd: str | os.PathLike[str] | None = None) -> Path | None:
    """The ``validators.yaml`` the command line reads: ``path`` (``--config``), else
    ``$QUOTE_GUARD_CONFIG``, else ``validators.yaml`` in the working directory if there is one,
    else ``None`` (defaults). The library itself reads a file only when given one (or
    ``$QUOTE_GUARD_CONFIG``): see :func:`load_config`.

    >>> config_path("my.yaml")
    PosixPath('my.yaml')
    """
    environ = os.environ if env is None else env
    if path is not None:
        return Path(path)
    if environ.get("QUOTE_GUARD_CONFIG"):
        return Path(environ["QUOTE_GUARD_CONFIG"])
    here = Path(cwd) if cwd is not None else Path.cwd()
    candidate = here / "validators.yaml"
    return candidate if candidate.is_file() else None


def explain_config(
    path: str | os.PathLike[str] | None = None,
    *,
    overrides: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[QuoteGuardConfig, list[tuple[str, Any, str]]]:
    """The effective config and, for every setting, ``(dotted key, value, origin)``.

    The origin is ``"argument"``, ``"environment variable QUOTE_GUARD_…"``, ``"<file> line N"``
    or ``"default"``, following :func:`load_config`'s precedence (the same call, so the same result).

    >>> cfg, rows = explain_config(overrides={"reask.max_attempts": 2}, env={})
    >>> [r for r in rows if r[0] == "reask.max_attempts"]
    [('reask.max_attempts', 2, 'argument')]
    """
    environ = os.environ if env is None else env
    cfg = load_config(path, overrides=overrides, env=environ)
    if path is None and environ.get("QUOTE_GUARD_CONFIG"):
        path = environ["QUOTE_GUARD_CONFIG"]
    file_data: dict[str, Any] = {}
    node = None
    if path is not None:
        file_data, node = _read_yaml(Path(path))
    origins: dict[tuple[str, ...], str] = {}
    _merge({}, _from_env(environ), origin="env", origins=origins)
    if overrides:
        _merge({}, _nest(overrides, origin="argument"), origin="argument", origins=origins)
    data = cfg.model_dump(mode="json")
    data["verifier"].pop("semantic", None)
    rows: list[tuple[str, Any, str]] = []

    def walk(d: Mapping[str, Any], loc: tuple[str, ...]) -> None:
        for k, v in d.items():
            here = (*loc, k)
            if isinstance(v, Mapping) and v and len(here) < 2:
                walk(v, here)
                continue
            origin = "default"
            for i in range(len(here), 0, -1):
                if here[:i] in origins:
                    origin = origins[here[:i]]
                    break
            else:
                if _in_file(file_data, here):
                    line = _line_of(node, here)
                    origin = f"{path} line {line}" if line is not None else str(path)
            rows.append((".".join(here), v, origin))

    walk(data, ())
    return cfg, rows


def _in_file(data: Mapping[str, Any], loc: tuple[str, ...]) -> bool:
    cur: Any = data
    if loc[0] == "semantic" and "semantic" not in data and isinstance(data.get("verifier"), Mapping):
        cur = data["verifier"]
    for part in loc:
        if not isinstance(cur, Mapping) or part not in cur:
            return False
        cur = cur[part]
    return True
