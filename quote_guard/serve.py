"""``quote-guard serve``: LiteLLM's proxy with the quote_guard guardrail, in one command.

::

    export LITELLM_MASTER_KEY=sk-...            # what clients send as their API key
    quote-guard serve --model openai/gpt-4o-mini    # or model.name from validators.yaml
    # quote_guard gateway: http://127.0.0.1:4000/v1

It writes a LiteLLM config (:func:`build_config`: the upstream models, the master key *by
environment variable name*, the guardrail of :mod:`quote_guard.integrations.litellm_proxy`
in ``pre_call`` and ``post_call`` mode, on by default) and runs LiteLLM's own FastAPI app
under uvicorn, inside a small ASGI gate (:class:`Gate`) that answers

- **401** to any request without the master key (LiteLLM alone answers a wrong key with
  ``400 No connected db.`` when it has no database), and
- **413** to a body larger than ``max_body_bytes``, before LiteLLM reads it.

It binds to 127.0.0.1 unless ``--host`` says otherwise, makes LiteLLM read its bundled
cost map, Anthropic beta headers and router presets (:data:`OFFLINE_ENV`; no downloads) and
turns its telemetry, admin UI and docs pages off: the only network calls are to the
configured upstreams.
Needs ``pip install 'quote_guard[serve]'``.
"""

from __future__ import annotations

import argparse
import hmac
import json
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import Any

from .errors import ConfigError, MissingDependencyError

__all__ = ["DEFAULT_KEY_ENV", "Gate", "asgi_app", "build_config", "freeze_startup_heap", "main", "serve"]

DEFAULT_KEY_ENV = "LITELLM_MASTER_KEY"
GUARDRAIL = "quote_guard.integrations.litellm_proxy.QuoteGuardrail"
#: paths answered without a key (a load balancer's liveness probe)
OPEN_PATHS = frozenset({"/health/liveliness", "/health/liveness"})
#: what the gate and the generated config read from the environment (set by :func:`serve` for its workers)
_ENV_KEY_NAME = "QG_SERVE_KEY_ENV"
_ENV_MAX_BODY = "QG_SERVE_MAX_BODY"
#: set before LiteLLM is imported: no cost-map download, no telemetry, no update checks or banners
OFFLINE_ENV = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS": "True",
    "LITELLM_LOCAL_AUTOROUTER_PRESETS": "True",
    "LITELLM_TELEMETRY": "False",
    "LITELLM_DONT_SHOW_FEEDBACK_BOX": "True",
    "DISABLE_ADMIN_UI": "True",
    "NO_DOCS": "True",
    "NO_REDOC": "True",
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _model_entries(models: Sequence[str], api_base: str | None, upstream_key_env: str | None) -> list[dict[str, Any]]:
    out = []
    for spec in models:
        name, _, target = spec.partition("=")
        if not target:
            name, target = spec, spec
        if not name.strip() or not target.strip():
            raise ConfigError(f"--model {spec!r}: give PROVIDER/MODEL or NAME=PROVIDER/MODEL")
        params: dict[str, Any] = {"model": target.strip()}
        if api_base:
            params["api_base"] = api_base
        if upstream_key_env:
            params["api_key"] = f"os.environ/{upstream_key_env}"
        out.append({"model_name": name.strip(), "litellm_params": params})
    return out


def build_config(
    *,
    models: Sequence[str] = (),
    api_base: str | None = None,
    config: str | os.PathLike[str] | None = None,
    upstream_key_env: str | None = None,
    key_env: str = DEFAULT_KEY_ENV,
    gateway: Mapping[str, Any] | None = None,
    timeout: float | None = None,
    guardrail: bool = True,
) -> dict[str, Any]:
    """The LiteLLM proxy config ``quote-guard serve`` runs (a dict to write as YAML).

    ``models`` are ``PROVIDER/MODEL`` or ``NAME=PROVIDER/MODEL`` (clients ask for ``NAME``);
    none given: ``model.name`` (and ``model.api_base``) of ``config`` (validators.yaml).
    The master key and the upstream key appear only as ``os.environ/<VAR>`` references.
    ``gateway`` holds :class:`~quote_guard.integrations.litellm_proxy.GatewaySettings` keys.
    ``guardrail=False`` leaves the quote check out (a benchmark's baseline; never for clients).

    >>> cfg = build_config(models=["gpt=openai/gpt-4o-mini"])
    >>> cfg["model_list"][0]["model_name"], cfg["general_settings"]["master_key"]
    ('gpt', 'os.environ/LITELLM_MASTER_KEY')
    >>> cfg["guardrails"][0]["litellm_params"]["mode"]
    ['pre_call', 'post_call']
    """
    from .config import load_config
    from .integrations.litellm_proxy import GatewaySettings

    qg_cfg = load_config(config)
    if not models:
        if not qg_cfg.model.name:
            raise ConfigError("no upstream model: pass --model PROVIDER/MODEL or set model.name in validators.yaml")
        models = [qg_cfg.model.name]
        api_base = api_base or qg_cfg.model.api_base
    settings = dict(gateway or {})
    if config is not None:
        settings["config"] = str(Path(config).resolve())
    GatewaySettings.model_validate(settings)  # fail here, with the key named, not in the proxy's start-up
    litellm_settings: dict[str, Any] = {"num_retries": 0, "drop_params": False}
    if timeout is not None:
        litellm_settings["request_timeout"] = timeout
    return {
        "model_list": _model_entries(models, api_base, upstream_key_env),
        "general_settings": {
            "master_key": f"os.environ/{key_env}",
            "allow_client_side_credentials": False,
        },
        "litellm_settings": litellm_settings,
        "guardrails": [] if not guardrail else [
            {
                "guardrail_name": "quote-guard",
                "litellm_params": {
                    "guardrail": GUARDRAIL,
                    "mode": ["pre_call", "post_call"],
                    "default_on": True,
                    "quote_guard": settings,
                },
            }
        ],
    }


# ----------------------------------------------------------------------------- the gate


def _key_of(scope: Scope) -> str | None:
    headers: dict[str, str] = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    auth = headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    key = headers.get("x-api-key") or headers.get("api-key")
    return str(key) if key else None


def freeze_startup_heap() -> int:
    """Move every object alive now out of the garbage collector's reach; returns how many.

    LiteLLM's proxy holds a large heap of long-lived objects (its modules, model tables,
    router and config): a full collection walks all of it and stopped the event loop for
    0.4 to 0.6 s every 10 to 25 s under load, which every request in flight then waited for
    (``benchmarks/bench_gateway.py``, the slowest 1 % of requests). Frozen objects are
    never collected, so garbage is collected first; objects made later are collected as
    usual. Called once, when the app reports its startup complete.
    """
    import gc

    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class Gate:
    """ASGI middleware in front of LiteLLM's app: the master key (401) and the body size (413).

    The key is compared in constant time; the body is read up to ``max_body_bytes`` and
    then handed to the app unchanged. Lifespan events pass through; once the app reports
    its startup complete, the heap it built is frozen (:func:`freeze_startup_heap`).
    """

    def __init__(self, app: ASGIApp, *, master_key: str, max_body_bytes: int) -> None:
        if not master_key:
            raise ConfigError("the gateway needs a master key")
        self.app = app
        self._key = master_key.encode()
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            async def send_and_freeze(msg: Message) -> None:
                await send(msg)
                if msg.get("type") == "lifespan.startup.complete":
                    freeze_startup_heap()

            await self.app(scope, receive, send_and_freeze)
            return
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope.get("path") not in OPEN_PATHS:
            key = _key_of(scope)
            if key is None or not hmac.compare_digest(key.encode(), self._key):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                what = "no API key" if key is None else "a wrong API key"
                await _error(send, 401, "authentication_error", f"the request carried {what}: "
                             "send the gateway's key as 'Authorization: Bearer <key>'",
                             extra=[(b"www-authenticate", b"Bearer")])
                return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body_bytes:
            await _error(send, 413, "request_too_large",
                         f"the request body of {int(declared)} bytes exceeds the limit of {self.max_body_bytes}")
            return
        body = bytearray()
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":  # the client went away
                return
            body += msg.get("body", b"")
            more = bool(msg.get("more_body"))
            if len(body) > self.max_body_bytes:
                await _error(send, 413, "request_too_large",
                             f"the request body exceeds the limit of {self.max_body_bytes} bytes")
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _error(send: Send, status: int, kind: str, message: str,
                 extra: Sequence[tuple[bytes, bytes]] = ()) -> None:
    data = json.dumps({"error": {"message": message, "type": kind, "code": str(status)}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()), *extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


def asgi_app() -> Gate:
    """LiteLLM's proxy app inside the :class:`Gate` (a uvicorn factory; reads the environment
    :func:`serve` prepared: ``CONFIG_FILE_PATH``, the master key variable, the body limit)."""
    for k, v in OFFLINE_ENV.items():
        os.environ.setdefault(k, v)
    key_env = os.environ.get(_ENV_KEY_NAME, DEFAULT_KEY_ENV)
    key = os.environ.get(key_env, "")
    try:
        from litellm.proxy.proxy_server import app
    except ImportError as exc:
        raise MissingDependencyError("quote-guard serve", extra="serve", package="litellm[proxy]") from exc
    return Gate(app, master_key=key, max_body_bytes=int(os.environ.get(_ENV_MAX_BODY, "4000000")))


def _check_key(key_env: str) -> None:
    key = os.environ.get(key_env, "")
    if not key:
        raise ConfigError(f"set the environment variable {key_env} to the gateway's key (clients send it as their "
                          f"API key), e.g. export {key_env}=sk-$(openssl rand -hex 16)")
    if not key.startswith("sk-") or len(key) < 12:
        raise ConfigError(f"{key_env}: LiteLLM wants a master key that starts with 'sk-' and is at least 12 characters")


def serve(
    *,
    models: Sequence[str] = (),
    api_base: str | None = None,
    config: str | os.PathLike[str] | None = None,
    host: str = "127.0.0.1",
    port: int = 4000,
    key_env: str = DEFAULT_KEY_ENV,
    upstream_key_env: str | None = None,
    gateway: Mapping[str, Any] | None = None,
    workers: int = 1,
    timeout: float | None = None,
    guardrail: bool = True,
    print_fn: Callable[[str], None] = print,
) -> None:
    """Run the guarded gateway until interrupted (blocks). Prints the base URL first.

    Raises :class:`~quote_guard.errors.ConfigError` for a missing or weak master key or no
    model, and :class:`~quote_guard.errors.MissingDependencyError` without the ``serve`` extra.
    """
    _check_key(key_env)
    cfg = build_config(models=models, api_base=api_base, config=config, upstream_key_env=upstream_key_env,
                       key_env=key_env, gateway=gateway, timeout=timeout, guardrail=guardrail)
    try:
        import uvicorn
        import yaml
    except ImportError as exc:
        raise MissingDependencyError("quote-guard serve", extra="serve", package="litellm[proxy]") from exc
    folder = Path(tempfile.mkdtemp(prefix="quote-guard-serve-"))
    path = folder / "litellm_config.yaml"
    path.write_text(yaml.safe_dump(cfg, sort_keys=False), encoding="utf-8")
    path.chmod(0o600)
    max_body = int((gateway or {}).get("max_body_bytes", 4_000_000))
    os.environ.update(OFFLINE_ENV)
    os.environ.update({"CONFIG_FILE_PATH": str(path), _ENV_KEY_NAME: key_env, _ENV_MAX_BODY: str(max_body)})
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if not guardrail:
        print_fn("quote_guard gateway: WARNING: --no-guardrail, answers are NOT checked")
    print_fn(f"quote_guard gateway: http://{shown}:{port}/v1  (models: "
             f"{', '.join(m['model_name'] for m in cfg['model_list'])}; key: ${key_env}; config: {path})")
    uvicorn.run("quote_guard.serve:asgi_app", factory=True, host=host, port=port, workers=workers,
                log_level="warning", server_header=False)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="quote-guard serve", description=__doc__.split("\n\n")[0])
    p.add_argument("--model", action="append", default=[], help="PROVIDER/MODEL or NAME=PROVIDER/MODEL (repeatable)")
    p.add_argument("--api-base", default=None, help="base URL of the upstream (OpenAI-compatible servers)")
    p.add_argument("--config", default=None, help="validators.yaml")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=4000)
    p.add_argument("--key-env", default=DEFAULT_KEY_ENV, help="variable holding the gateway's master key")
    p.add_argument("--upstream-key-env", default=None, help="variable holding the upstream's API key")
    p.add_argument("--fail-mode", choices=["closed", "open"], default=None)
    p.add_argument("--gateway-settings", default=None, help="YAML file of gateway settings (see docs/gateway.md)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--timeout", type=float, default=None, help="seconds per upstream request")
    p.add_argument("--no-guardrail", action="store_true", help="leave the quote check out (benchmark baseline only)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m quote_guard.serve`` (the same options as ``quote-guard serve``)."""
    args = _parser().parse_args(argv)
    try:
        gateway: dict[str, Any] = {}
        if args.gateway_settings:
            import yaml

            loaded = yaml.safe_load(Path(args.gateway_settings).read_text(encoding="utf-8")) or {}
            if not isinstance(loaded, dict):
                raise ConfigError(f"{args.gateway_settings}: expected a mapping of gateway settings")
            gateway.update(loaded)
        if args.fail_mode:
            gateway["fail_mode"] = args.fail_mode
        serve(models=args.model, api_base=args.api_base, config=args.config, host=args.host, port=args.port,
              key_env=args.key_env, upstream_key_env=args.upstream_key_env, gateway=gateway,
              workers=args.workers, timeout=args.timeout, guardrail=not args.no_guardrail)
    except (ConfigError, MissingDependencyError, OSError) as exc:
        print(f"quote-guard serve: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
