"""No network at run time, by default: the process settings quote_guard needs before any import.

quote_guard sends nothing but the user's own LLM call. Three libraries it can load reach the
internet on their own unless told not to:

- **litellm** downloads its model-price JSON at import (about 7 s, three tries, without a
  network); ``LITELLM_LOCAL_MODEL_COST_MAP=True`` makes it read the copy it ships;
- **Hugging Face** (``huggingface_hub``, transformers, sentence-transformers) looks models up
  online; ``HF_HUB_OFFLINE=1`` / ``TRANSFORMERS_OFFLINE=1`` keep it on the local cache;
- **guardrails** turns its hub metrics on when ``~/.guardrailsrc`` is missing and exports
  OTLP traces to a remote host: :func:`quiet_guardrails` turns both off unless the user opted in.

:func:`apply` runs when this module is imported (``quote_guard/__init__`` imports it before
anything else, and the guardrails adapter calls it before importing guardrails). It only fills
in *unset* environment variables (``os.environ.setdefault``): a value the user set,
``HF_HUB_OFFLINE=0`` say, wins.

>>> import os
>>> apply()
>>> os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] in ("True", "true", "TRUE") or "set by the user"
True
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["DEFAULTS", "GUARDRAILS_OPT_IN", "apply", "guardrails_opted_in", "quiet_guardrails"]

#: environment variables set at import when the user has not set them
DEFAULTS: dict[str, str] = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}

#: set to 1/true to let guardrails send its hub metrics and traces (quote_guard leaves it alone)
GUARDRAILS_OPT_IN = "QUOTE_GUARD_GUARDRAILS_TELEMETRY"

_TRUE = frozenset({"1", "true", "yes", "on"})


def apply() -> None:
    """Set the offline defaults (unset variables only); quiet guardrails if it is already loaded."""
    for key, value in DEFAULTS.items():
        os.environ.setdefault(key, value)
    if "guardrails.settings" in sys.modules:
        quiet_guardrails()


def _rc_sets_metrics(home: str | None = None) -> bool | None:
    """What ``~/.guardrailsrc`` says about metrics: True/False when it names them, else None."""
    path = Path(home if home is not None else os.path.expanduser("~")) / ".guardrailsrc"
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        key, sep, value = line.partition("=")
        value = value.strip().strip("'\"").lower()
        if sep and key.strip() == "enable_metrics":
            return value in _TRUE
        if sep and key.strip() == "no_metrics":
            return value not in _TRUE
    return None


def guardrails_opted_in() -> bool:
    """True when the user asked for guardrails metrics: ``enable_metrics=true`` in
    ``~/.guardrailsrc``, or ``QUOTE_GUARD_GUARDRAILS_TELEMETRY=1``."""
    if os.environ.get(GUARDRAILS_OPT_IN, "").strip().lower() in _TRUE:
        return True
    return _rc_sets_metrics() is True


def quiet_guardrails() -> None:
    """Turn guardrails' hub metrics and tracing off unless the user opted in.

    - every ``RC.load()`` (``Guard()`` re-reads the rc file on each construction) reports
      ``enable_metrics=False`` when the file does not name it: an explicit value is kept;
    - the settings already loaded and the ``HubTelemetry`` singleton, if it exists, follow;
    - ``settings.disable_tracing`` becomes True only while it is still unset (``None``).

    Idempotent; a no-op without guardrails. ``Guard().configure(allow_metrics_collection=True)``
    still opts in for one guard.
    """
    if guardrails_opted_in():
        return
    try:
        from guardrails.classes.rc import RC
        from guardrails.settings import settings
    except ImportError:
        return
    if not getattr(RC.load, "_quote_guard_quiet", False):
        original = RC.load.__func__

        def load(cls: Any, logger: Any = None) -> Any:
            rc = original(cls, logger)
            if _rc_sets_metrics() is None:
                rc.enable_metrics = False
            return rc

        load._quote_guard_quiet = True  # type: ignore[attr-defined]
        RC.load = classmethod(load)
    if _rc_sets_metrics() is None and settings.rc is not None:
        settings.rc.enable_metrics = False
    if getattr(settings, "disable_tracing", None) is None:
        settings.disable_tracing = True
    hub = sys.modules.get("guardrails.utils.hub_telemetry_utils")
    telemetry = getattr(hub, "HubTelemetry", None)
    if telemetry is not None and telemetry._instance is not None:
        telemetry._instance._enabled = False


apply()  # importing this module is enough: ``quote_guard/__init__`` imports it first
