"""A guardrail for LiteLLM's proxy: every answer that passes the gateway gets its quotes checked.

Add it to an existing proxy's ``config.yaml`` (``pip install 'quote_guard[serve]'``)::

    guardrails:
      - guardrail_name: quote-guard
        litellm_params:
          guardrail: quote_guard.integrations.litellm_proxy.QuoteGuardrail
          mode: [pre_call, post_call]   # post_call alone works; pre_call refuses bad requests before the upstream call
          default_on: true
          quote_guard:                  # GatewaySettings; every key optional
            config: /etc/quote_guard/validators.yaml
            fail_mode: closed

or run ``quote-guard serve`` (:mod:`quote_guard.serve`), which writes that config for you.

What it does, per request (``/chat/completions``):

- **pre_call** (and again at post_call, so ``mode: post_call`` alone is still safe for the
  answer): refuses client-chosen upstreams and credentials in the body (``api_key``,
  ``api_base``, ``base_url``... see :data:`REFUSED_PARAMS`; HTTP 400), a body bigger than
  ``max_body_bytes`` (413), more sources or source text than the operator allows (413),
  and a ``metadata.quote_guard`` the operator does not allow (400).
- **post_call**: reads the sources the way :class:`~quote_guard.QuoteGuard` does (the
  config's source roles, plus ``metadata.quote_guard.sources``), checks the answer, and
  passes, fixes, filters (dequote/remove/annotate), raises (HTTP 502,
  ``type: quote_guard_failed``) or re-asks the same model through the proxy's own router
  with the sources kept, at most ``max_attempts`` model calls in all.
- **streaming**: holds back open quotes exactly as :class:`~quote_guard.guard.stream.StreamState`
  does for the library (the same object); failing quotes get the policy's fallback (no
  re-ask: the client has seen the stream).
- **the report**: a ``quote_guard`` field in the JSON response (the last chunk of a stream),
  ignored by OpenAI clients, and the headers ``x-quote-guard-passed`` (``true``/``false``)
  and ``x-quote-guard-verdicts`` (one verdict per quote, comma-separated; non-streaming).
- **when the guard itself fails** (an internal error, a check slower than
  ``check_timeout``, more quotes than ``max_quotes``, a re-ask call that fails):
  ``fail_mode: closed`` answers 502 (``type: quote_guard_error``) with the report;
  ``fail_mode: open`` returns the answer unchanged with ``passed: false`` and the error in
  the report and in ``x-quote-guard-error``. Never silent.

The guard keeps no state between requests (the verifier's caches are content-keyed), so any
number of proxy workers can run behind a load balancer.

litellm is imported only when :class:`QuoteGuardrail` is first looked up (LiteLLM's config
loader does that), so importing this module stays light.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..config import QuoteGuardConfig, load_config
from ..errors import ConfigError, QuoteGuardError, QuoteVerificationError, ReaskExhaustedError, SourceError
from ..guard import GuardReport, QuoteGuard
from ..models import Source
from ..policy import Action

if TYPE_CHECKING:  # pragma: no cover
    from ..guard.core import ReaskRun

__all__ = [
    "REFUSED_PARAMS",
    "GatewayError",
    "GatewayGuard",
    "GatewaySettings",
    "QuoteGuardrail",  # noqa: F822 - built on first lookup (module __getattr__), so litellm loads only then
    "compact_report",
    "report_headers",
]

log = logging.getLogger("quote_guard")

T = TypeVar("T")

#: request-body keys that would let a client pick the upstream or its credentials: refused (HTTP 400)
REFUSED_PARAMS = frozenset({
    "api_key", "api_base", "base_url", "api_version", "organization", "extra_headers", "headers",
    "azure_ad_token", "azure_ad_token_provider", "aws_access_key_id", "aws_secret_access_key",
    "aws_session_token", "aws_region_name", "aws_profile_name", "aws_role_name", "aws_web_identity_token",
    "vertex_credentials", "vertex_project", "vertex_location", "vertex_ai_project", "vertex_ai_location",
    "custom_llm_provider", "user_config", "model_list", "litellm_params", "client_secret", "tenant_id",
})
#: sampling parameters a re-ask repeats from the client's request (nothing that routes or authenticates)
_REASK_PARAMS = (
    "temperature", "top_p", "max_tokens", "max_completion_tokens", "stop", "seed", "presence_penalty",
    "frequency_penalty", "logit_bias", "response_format", "user", "tools", "tool_choice", "reasoning_effort",
)
_POLICY_KEYS = ("verbatim", "near_verbatim", "altered", "paraphrase", "paraphrase_weak", "unsupported",
                "uncheckable", "fallback")
_DATA_KEY = "_quote_guard"  # where the per-request outcome rides on the proxy's request dict
_META_KEYS = ("metadata", "litellm_metadata")
_KEEP = 256  # admitted requests whose sources wait for their post-call check


class GatewaySettings(BaseModel):
    """What the operator sets for the gateway (``litellm_params.quote_guard`` in config.yaml).

    Frozen; unknown keys are an error. Sizes count characters of source text and bytes of
    the request body.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    config: str | None = Field(None, description="validators.yaml for the guard (None: defaults and QUOTE_GUARD_*).")
    fail_mode: Literal["closed", "open"] = Field(
        "closed", description="When the guard itself fails: 'closed' answers 502 with the report, "
        "'open' passes the answer unchanged, flagged (passed: false, x-quote-guard-error).",
    )
    fail_mode_by_model: dict[str, Literal["closed", "open"]] = Field(
        default_factory=dict, description="fail_mode for some models, by the name clients ask for "
        "(e.g. closed for the contracts model, open for the chat model).",
    )
    max_attempts: int | None = Field(
        None, ge=1, le=10, description="Cap on model calls per request, re-asks included (None: reask.max_attempts).",
    )
    check_timeout: float = Field(10.0, gt=0, description="Seconds the check of one answer may take.")
    reask_timeout: float = Field(60.0, gt=0, description="Seconds one re-ask model call may take.")
    max_body_bytes: int = Field(4_000_000, ge=1024, description="Largest request body (JSON bytes); larger: 413.")
    max_sources: int = Field(200, ge=1, description="Most sources per request (messages and extra sources); more: 413.")
    max_source_chars: int = Field(2_000_000, ge=1, description="Most characters of source text per request; more: 413.")
    max_quotes: int = Field(100, ge=1, description="Most quotes checked in one answer; more is a guard failure.")
    allow_extra_sources: bool = Field(True, description="Accept metadata.quote_guard.sources.")
    policy_override_keys: tuple[str, ...] = Field(
        ("near_verbatim", "altered", "paraphrase", "paraphrase_weak", "unsupported", "uncheckable", "fallback"),
        description="Policy keys a request may set in metadata.quote_guard.policy (() forbids overrides).",
    )
    policy_override_actions: tuple[Action, ...] = Field(
        (Action.FIX, Action.DEQUOTE, Action.REMOVE, Action.ANNOTATE, Action.REASK, Action.RAISE),
        description="Actions a request may choose (by default not 'pass': a client cannot wave failing quotes through).",
    )
    check_workers: int = Field(4, ge=1, le=64, description="Threads that run checks (the proxy's event loop never does).")
    warm_up: bool = Field(True, description="Run one check at start-up so the first request does not load the embedder.")
    report_detail: Literal["compact", "full"] = Field(
        "compact", description="The report in the response body: 'compact' leaves out what the answer or the report "
        "already says (unchanged texts, a single attempt, contexts); 'full' is GuardReport.to_dict().",
    )

    @field_validator("policy_override_keys")
    @classmethod
    def _known_keys(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        bad = sorted(set(v) - set(_POLICY_KEYS))
        if bad:
            raise ValueError(f"unknown policy key(s) {bad}; allowed: {list(_POLICY_KEYS)}")
        return v


class GatewayError(QuoteGuardError):
    """A request the gateway answers with an HTTP error: ``status``, ``kind`` (the error
    ``type``) and the ``report`` (a dict, or ``None`` when refused before any check)."""

    def __init__(self, status: int, kind: str, message: str, *, report: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.report = dict(report) if report is not None else None

    def body(self) -> dict[str, Any]:
        """The OpenAI-style error body, with the report under ``quote_guard``."""
        out: dict[str, Any] = {"error": {"message": str(self), "type": self.kind, "code": str(self.status)}}
        if self.report is not None:
            out["quote_guard"] = self.report
        return out


@dataclass
class _Request:
    """What a request asked of the guard (``metadata.quote_guard``), checked against the settings."""

    extra: list[Source] = field(default_factory=list)
    policy: Mapping[str, str] | None = None
    max_attempts: int | None = None


def report_headers(report: Mapping[str, Any], *, streamed: bool = False) -> dict[str, str]:
    """The response headers for a report dict (:meth:`GuardReport.to_dict` plus ``error``).

    >>> report_headers({"passed": True, "quotes": [{"verdict": "verbatim"}], "n_attempts": 1})
    {'x-quote-guard-passed': 'true', 'x-quote-guard-verdicts': 'verbatim', 'x-quote-guard-attempts': '1'}
    """
    if streamed:
        return {"x-quote-guard-report": "last-chunk"}
    out = {
        "x-quote-guard-passed": "true" if report.get("passed") else "false",
        "x-quote-guard-verdicts": ",".join(str(q.get("verdict")) for q in report.get("quotes", [])),
        "x-quote-guard-attempts": str(report.get("n_attempts", 0)),
    }
    err = report.get("error")
    if isinstance(err, Mapping):
        out["x-quote-guard-error"] = str(err.get("type", "quote_guard_error"))
    return out


def _failure_report(kind: str, message: str, report: GuardReport | None = None) -> dict[str, Any]:
    base = report.to_dict() if report is not None else {"passed": False, "n_attempts": 0, "quotes": []}
    base["passed"] = False
    base["error"] = {"type": kind, "message": message}
    return base


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"


class GatewayGuard:
    """The gateway's guard, without the proxy: admission, the post-call check, the stream.

    :class:`QuoteGuardrail` is a thin LiteLLM adapter around it. ``call_model(messages,
    data)`` makes one re-ask call (async); without it, re-asks are off.
    """

    def __init__(self, settings: GatewaySettings | Mapping[str, Any] | None = None,
                 *, config: QuoteGuardConfig | None = None) -> None:
        try:
            self.settings = settings if isinstance(settings, GatewaySettings) else GatewaySettings.model_validate(
                dict(settings or {}))
        except ValidationError as exc:
            raise ConfigError(f"quote_guard gateway settings (litellm_params.quote_guard): {exc}") from None
        cfg = config or load_config(self.settings.config)
        self.guard = QuoteGuard(cfg)
        self.max_attempts = self.settings.max_attempts or cfg.reask.max_attempts
        self._pool = ThreadPoolExecutor(self.settings.check_workers, thread_name_prefix="quote-guard")
        self._admitted: OrderedDict[str, tuple[_Request, ReaskRun]] = OrderedDict()
        self._lock = threading.Lock()  # admit() runs in worker threads, the post-call check on the event loop
        if self.settings.warm_up:
            # one near-verbatim quote and one the lexical stage cannot place: loads the embedder too
            self.guard.check("“a warm-up quote” and “nothing like the source text at all”",
                             sources=["The source says a warm up quote here."])

    # -- admission ---------------------------------------------------------------------
    def admit(self, data: Mapping[str, Any]) -> None:
        """Check a request before anything runs; raises :class:`GatewayError` (400/413).

        The sources it read are kept (by ``litellm_call_id``, at most ``_KEEP`` requests) for
        this request's post-call check, so a request's messages are read once.
        """
        req, run = self._admit(data)
        call_id = data.get("litellm_call_id")
        if isinstance(call_id, str):
            with self._lock:
                self._admitted[call_id] = (req, run)
                while len(self._admitted) > _KEEP:
                    self._admitted.popitem(last=False)

    async def aadmit(self, data: Mapping[str, Any]) -> None:
        """:meth:`admit` in a worker thread (reading 20 KB of sources takes milliseconds: not on the event loop)."""
        try:
            await self._in_thread(self.admit, data)
        except _Failure as exc:  # too slow to read: fail closed now, or let the post-call check decide
            if self.fail_mode(data) == "closed":
                rep = _failure_report("quote_guard_error", _short(exc))
                raise GatewayError(502, "quote_guard_error", f"quote_guard could not read the request: {_short(exc)}",
                                   report=rep) from None
            log.warning("quote_guard gateway: %s; fail_mode=open", _short(exc))

    def _admitted_run(self, data: Mapping[str, Any]) -> tuple[_Request, ReaskRun]:
        """The request's options and run: from :meth:`admit` when it ran (pre_call) on the very
        same messages (another guardrail may have changed them since; a client may reuse a
        call id), else admitted now."""
        call_id = data.get("litellm_call_id")
        with self._lock:
            kept = self._admitted.pop(call_id, None) if isinstance(call_id, str) else None
        if kept is not None:
            now = [dict(m) if isinstance(m, Mapping) else m for m in data.get("messages") or []]
            if kept[1].messages == now:
                return kept
        return self._admit(data)

    def _admit(self, data: Mapping[str, Any]) -> tuple[_Request, ReaskRun]:
        s = self.settings
        refused = sorted(k for k in data if k in REFUSED_PARAMS)  # the proxy writes its own metadata; not read here
        if refused:
            raise GatewayError(
                400, "invalid_request_error",
                f"the gateway chooses the upstream and its credentials: remove {', '.join(refused)} from the request",
            )
        size = len(json.dumps(data.get("messages", []), ensure_ascii=False, default=str).encode())
        if size > s.max_body_bytes:
            raise GatewayError(413, "request_too_large", f"messages of {size} bytes exceed the limit of {s.max_body_bytes}")
        req = self._client_options(data)
        run = self._new_run(data, req, max_attempts=1)
        self._check_sources(run.sources)
        return req, run

    def _client_options(self, data: Mapping[str, Any]) -> _Request:
        opts: Any = None
        for mk in _META_KEYS:
            meta = data.get(mk)
            if isinstance(meta, Mapping) and meta.get("quote_guard") is not None:
                opts = meta["quote_guard"]
                break
        if opts is None:
            return _Request()
        if isinstance(opts, str):  # OpenAI metadata values are strings: accept JSON text
            try:
                opts = json.loads(opts)
            except json.JSONDecodeError as exc:
                raise GatewayError(400, "invalid_request_error", f"metadata.quote_guard: not JSON ({exc})") from None
        if not isinstance(opts, Mapping):
            raise GatewayError(400, "invalid_request_error", "metadata.quote_guard must be an object")
        unknown = sorted(set(opts) - {"sources", "policy", "max_attempts"})
        if unknown:
            raise GatewayError(400, "invalid_request_error",
                               f"metadata.quote_guard: unknown key(s) {unknown}; allowed: sources, policy, max_attempts")
        s = self.settings
        req = _Request()
        if opts.get("sources") is not None:
            if not s.allow_extra_sources:
                raise GatewayError(400, "invalid_request_error", "this gateway does not accept metadata.quote_guard.sources")
            req.extra = _coerce_extra(opts["sources"])
        if opts.get("policy") is not None:
            pol = opts["policy"]
            if not isinstance(pol, Mapping):
                raise GatewayError(400, "invalid_request_error", "metadata.quote_guard.policy must be an object")
            for key, value in pol.items():
                if key not in s.policy_override_keys:
                    raise GatewayError(400, "invalid_request_error",
                                       f"metadata.quote_guard.policy.{key}: not allowed here; "
                                       f"allowed keys: {', '.join(s.policy_override_keys) or 'none'}")
                try:
                    action = Action(str(value).strip().lower().replace("-", "").replace("_", ""))
                except ValueError:
                    raise GatewayError(400, "invalid_request_error",
                                       f"metadata.quote_guard.policy.{key}: unknown action {value!r}") from None
                if action not in s.policy_override_actions:
                    raise GatewayError(400, "invalid_request_error",
                                       f"metadata.quote_guard.policy.{key}: {action.value!r} not allowed here; allowed: "
                                       f"{', '.join(a.value for a in s.policy_override_actions)}")
            try:
                self.guard.policy_for(pol)
            except ConfigError as exc:
                raise GatewayError(400, "invalid_request_error", f"metadata.quote_guard.policy: {exc}") from None
            req.policy = dict(pol)
        if opts.get("max_attempts") is not None:
            n = opts["max_attempts"]
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= self.max_attempts:
                raise GatewayError(400, "invalid_request_error",
                                   f"metadata.quote_guard.max_attempts: {n!r}; allowed 1 to {self.max_attempts}")
            req.max_attempts = n
        return req

    def _check_sources(self, sources: Sequence[Source]) -> None:
        s = self.settings
        if len(sources) > s.max_sources:
            raise GatewayError(413, "request_too_large", f"{len(sources)} sources exceed the limit of {s.max_sources}")
        chars = sum(len(x.text) for x in sources)
        if chars > s.max_source_chars:
            raise GatewayError(413, "request_too_large",
                               f"{chars} characters of sources exceed the limit of {s.max_source_chars}")

    def _new_run(self, data: Mapping[str, Any], req: _Request, *, max_attempts: int) -> ReaskRun:
        from ..guard.core import ReaskRun

        policy = self.guard.policy_for(req.policy) if req.policy is not None else self.guard.config.policy
        try:
            run = ReaskRun(self.guard, data.get("messages") or [], None, policy, max_attempts)
        except (TypeError, SourceError) as exc:
            raise GatewayError(400, "invalid_request_error", f"messages: {exc}") from None
        if req.extra:
            seen = {x.id for x in run.sources}
            clash = sorted(x.id for x in req.extra if x.id in seen)
            if clash:
                raise GatewayError(400, "invalid_request_error",
                                   f"metadata.quote_guard.sources: id(s) {clash} already name a source in the messages")
            run.sources = [*run.sources, *req.extra]
        return run

    # -- threads with a deadline -----------------------------------------------------------
    async def _in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        fut = loop.run_in_executor(self._pool, fn, *args)
        try:
            return await asyncio.wait_for(fut, self.settings.check_timeout)
        except asyncio.TimeoutError:
            raise _Failure(f"the check took longer than check_timeout={self.settings.check_timeout} s") from None

    def _step(self, run: ReaskRun, response: Any) -> tuple[list[dict[str, Any]] | None, Any]:
        """Check one answer (in a worker thread): the re-ask messages, or ``None`` and the final response."""
        from ..extract import extract_quotes
        from ..guard.report import get_content

        n = len(extract_quotes(get_content(response), self.guard.config.extract))
        if n > self.settings.max_quotes:
            raise _Limit(f"the answer has {n} quotes; this gateway checks at most {self.settings.max_quotes}")
        nxt = run.observe(response)
        return (nxt, None) if nxt is not None else (None, run.finish())

    # -- post-call -------------------------------------------------------------------------
    async def check_response(
        self,
        data: dict[str, Any],
        response: Any,
        call_model: Callable[[list[dict[str, Any]], Mapping[str, Any]], Any] | None = None,
    ) -> Any:
        """Check (and correct, re-ask) one chat completion; returns the response to send.

        Raises :class:`GatewayError` for a refused request (400/413), a policy ``raise``
        (502, ``quote_guard_failed``) or, under ``fail_mode: closed``, a guard failure (502,
        ``quote_guard_error``). The report dict is stored in ``data["_quote_guard"]`` and in
        the response's ``quote_guard`` field.
        """
        req, run = self._admitted_run(data)
        run.max_attempts = 1 if call_model is None else (req.max_attempts or self.max_attempts)
        try:
            current = response
            while True:
                nxt, final = await self._in_thread(self._step, run, current)
                if nxt is None or call_model is None:
                    break
                try:
                    current = await asyncio.wait_for(call_model(nxt, data), self.settings.reask_timeout)
                except asyncio.TimeoutError:
                    raise _Failure(f"a re-ask call took longer than reask_timeout={self.settings.reask_timeout} s") from None
        except (QuoteVerificationError, ReaskExhaustedError) as exc:
            rep = _failure_report("quote_guard_failed", _short(exc), run.report_so_far())
            data[_DATA_KEY] = rep
            raise GatewayError(502, "quote_guard_failed", f"quote_guard: {_short(exc)}", report=rep) from None
        except GatewayError:
            raise
        except Exception as exc:  # the guard itself failed: fail closed or open, never silently
            kind = "quote_guard_limit" if isinstance(exc, _Limit) else "quote_guard_error"
            why = _short(exc)
            rep = _failure_report(kind, why, run.report_so_far())
            data[_DATA_KEY] = rep
            mode = self.fail_mode(data)
            log.warning("quote_guard gateway: %s (%s); fail_mode=%s", why, type(exc).__name__, mode)
            if mode == "closed":
                raise GatewayError(502, kind, f"quote_guard could not check the answer: {why}", report=rep) from exc
            _set_field(response, rep)
            return response
        from ..guard.report import report_of

        report = report_of(final)
        rep = self._body_report(report.to_dict()) if report is not None else \
            _failure_report("quote_guard_error", "no report")
        data[_DATA_KEY] = rep
        _set_field(final, rep)
        return final

    # -- streaming -------------------------------------------------------------------------
    async def check_stream(self, data: dict[str, Any], chunks: AsyncIterator[Any]) -> AsyncIterator[Any]:
        """Hold back open quotes, release them checked; the last chunk carries the report.

        Uses the library's own streaming (:class:`~quote_guard.guard.stream.StreamState`
        through the guard's stream driver), so a streamed answer gets the same quotes and
        verdicts as a whole one. No re-ask (the client has seen the text): the fallback applies.
        """
        from ..guard.core import StreamGate

        _, run = self._admitted_run(data)
        state = StreamGate(self.guard, run, str(data.get("model") or ""), {})
        held: Any = None
        failed: dict[str, Any] | None = None
        async for chunk in chunks:
            if failed is None:
                try:
                    chunk = state.on_chunk(chunk)
                except Exception as exc:
                    failed = self._stream_failure(exc, data)
                    chunk = state.release_unchecked(chunk)
            if held is not None:
                yield held
            held = chunk
        tail = None
        if failed is None:
            try:
                tail = state.tail()
                report = state.quote_guard_report
                rep = self._body_report(report.to_dict()) if report is not None else \
                    _failure_report("quote_guard_error", "no report")
            except Exception as exc:
                rep = self._stream_failure(exc, data)
        else:
            rep = failed
        rep["streamed"] = True
        data[_DATA_KEY] = rep
        if held is None:
            return
        if tail is not None:
            yield held
            held = tail
        _set_field(held, rep)
        yield held

    def _body_report(self, rep: dict[str, Any]) -> dict[str, Any]:
        return compact_report(rep) if self.settings.report_detail == "compact" else rep

    def forget(self, data: Mapping[str, Any]) -> None:
        """Drop what :meth:`admit` kept for a request that will get no post-call check (it failed)."""
        call_id = data.get("litellm_call_id")
        if isinstance(call_id, str):
            with self._lock:
                self._admitted.pop(call_id, None)

    def fail_mode(self, data: Mapping[str, Any]) -> str:
        """``closed`` or ``open`` for this request's model."""
        return self.settings.fail_mode_by_model.get(str(data.get("model")), self.settings.fail_mode)

    def _stream_failure(self, exc: Exception, data: Mapping[str, Any]) -> dict[str, Any]:
        if isinstance(exc, QuoteVerificationError):
            raise GatewayError(502, "quote_guard_failed", f"quote_guard: {_short(exc)}",
                               report=_failure_report("quote_guard_failed", _short(exc))) from None
        rep = _failure_report("quote_guard_error", _short(exc))
        mode = self.fail_mode(data)
        log.warning("quote_guard gateway (stream): %s; fail_mode=%s", _short(exc), mode)
        if mode == "closed":
            raise GatewayError(502, "quote_guard_error", f"quote_guard could not check the stream: {_short(exc)}",
                               report=rep) from exc
        return rep

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class _Failure(QuoteGuardError):
    """The guard could not finish (a timeout): handled by ``fail_mode``."""


class _Limit(_Failure):
    """An answer beyond the operator's limits (a guard failure, handled by ``fail_mode``)."""


def _coerce_extra(raw: Any) -> list[Source]:
    """``metadata.quote_guard.sources``: ``{id: text}``, ``[text, ...]`` or ``[{"id", "text"}, ...]``."""
    items: list[tuple[str, Any]]
    if isinstance(raw, Mapping):
        items = [(str(k), v) for k, v in raw.items()]
    elif isinstance(raw, list):
        items = []
        for i, x in enumerate(raw):
            if isinstance(x, Mapping):
                items.append((str(x.get("id") or f"extra[{i}]"), x.get("text")))
            else:
                items.append((f"extra[{i}]", x))
    else:
        raise GatewayError(400, "invalid_request_error",
                           "metadata.quote_guard.sources: give {id: text}, [text, ...] or [{id, text}, ...]")
    out = []
    ids: set[str] = set()
    for sid, text in items:
        if not isinstance(text, str) or not text.strip():
            raise GatewayError(400, "invalid_request_error", f"metadata.quote_guard.sources[{sid!r}]: needs non-empty text")
        if sid in ids:
            raise GatewayError(400, "invalid_request_error", f"metadata.quote_guard.sources: id {sid!r} given twice")
        ids.add(sid)
        out.append(Source(sid, text))
    return out


def compact_report(rep: Mapping[str, Any]) -> dict[str, Any]:
    """The report a response carries, without what the response or the report already says: the
    texts when the check left the answer as it was (the answer is the message), the attempts
    of a single attempt (they repeat ``quotes``), each quote's context, and its verbatim text
    where it is the quote. The proxy encodes this field in Python for every response: half the
    size, half the cost. ``report_detail: full`` keeps everything.

    >>> compact_report({"n_attempts": 1, "attempts": [{}], "original_text": "a", "final_text": "a",
    ...                 "quotes": [{"quote": "q", "verbatim": "q", "context": "...q..."}]})
    {'n_attempts': 1, 'quotes': [{'quote': 'q'}]}
    """
    out = dict(rep)
    if out.get("n_attempts", 0) <= 1:
        out.pop("attempts", None)
    if out.get("original_text") == out.get("final_text"):
        out.pop("original_text", None)
        out.pop("final_text", None)
    quotes = []
    for q in out.get("quotes") or []:
        q = {k: v for k, v in q.items() if k != "context"}
        if q.get("verbatim") == q.get("quote"):
            q.pop("verbatim", None)
        quotes.append(q)
    if "quotes" in out:
        out["quotes"] = quotes
    return out


def _set_field(response: Any, report: Mapping[str, Any]) -> None:
    """The report as the response's ``quote_guard`` field (in its JSON; OpenAI clients ignore it)."""
    try:
        response.quote_guard = dict(report)
        if getattr(response, "object", None) == "chat.completion.chunk" and \
                getattr(response, "provider_specific_fields", "") is None:
            response.provider_specific_fields = {}  # LiteLLM's fast chunk encoder would drop the extra field
    except (AttributeError, TypeError, ValueError):  # pragma: no cover - exotic response types
        log.warning("quote_guard: cannot attach the report to a %s", type(response).__name__)


# ----------------------------------------------------------------------------- LiteLLM adapter


def _http_error(err: GatewayError) -> Exception:
    from fastapi import HTTPException

    return HTTPException(status_code=err.status, detail=err.body()["error"] | {"quote_guard": err.report},
                         headers=report_headers(err.report) if err.report is not None else None)


def _reask_call(data: Mapping[str, Any]) -> Callable[[list[dict[str, Any]], Mapping[str, Any]], Any] | None:
    """A re-ask through the proxy's own router: same model name, same deployment, no client credentials."""
    try:
        from litellm.proxy.proxy_server import llm_router
    except ImportError:  # pragma: no cover
        return None
    if llm_router is None:
        return None
    router: Any = llm_router

    async def call(messages: list[dict[str, Any]], request: Mapping[str, Any]) -> Any:
        params = {k: request[k] for k in _REASK_PARAMS if k in request}
        return await router.acompletion(model=str(request["model"]), messages=messages, stream=False, **params)

    return call


def _build_class() -> type[Any]:
    try:
        from litellm.integrations.custom_guardrail import CustomGuardrail
    except ImportError as exc:
        from ..errors import MissingDependencyError

        raise MissingDependencyError("The LiteLLM proxy guardrail", extra="serve", package="litellm[proxy]") from exc

    class QuoteGuardrail(CustomGuardrail):
        """LiteLLM ``CustomGuardrail``: the quote check of :class:`GatewayGuard` on every answer.

        ``quote_guard`` (a mapping, see :class:`GatewaySettings`) comes from
        ``litellm_params.quote_guard``; every other keyword goes to LiteLLM.
        """

        def __init__(self, quote_guard: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
            self.gateway = GatewayGuard(quote_guard)
            super().__init__(**kwargs)

        async def async_pre_call_hook(self, user_api_key_dict: Any, cache: Any, data: dict[str, Any],
                                      call_type: Any) -> Any:
            try:
                await self.gateway.aadmit(data)
            except GatewayError as err:
                raise _http_error(err) from None
            return data

        async def async_post_call_success_hook(self, data: dict[str, Any], user_api_key_dict: Any,
                                               response: Any) -> Any:
            if not _is_chat(response):
                return response
            try:
                return await self.gateway.check_response(data, response, _reask_call(data))
            except GatewayError as err:
                raise _http_error(err) from None

        async def async_post_call_streaming_iterator_hook(self, user_api_key_dict: Any, response: Any,
                                                          request_data: dict[str, Any]) -> AsyncGenerator[Any, None]:
            try:
                async for chunk in self.gateway.check_stream(request_data, response):
                    yield chunk
            except GatewayError as err:
                raise _http_error(err) from None

        async def async_post_call_failure_hook(self, request_data: dict[str, Any], original_exception: Exception,
                                               user_api_key_dict: Any, traceback_str: str | None = None) -> Any:
            self.gateway.forget(request_data)
            return None

        async def async_post_call_response_headers_hook(self, data: dict[str, Any], user_api_key_dict: Any,
                                                        response: Any, request_headers: Any = None,
                                                        litellm_call_info: Any = None) -> dict[str, str] | None:
            rep = data.get(_DATA_KEY)
            if isinstance(rep, Mapping):
                return report_headers(rep)
            if data.get("stream"):
                return report_headers({}, streamed=True)
            return None

    QuoteGuardrail.__module__ = __name__
    return QuoteGuardrail


def _is_chat(response: Any) -> bool:
    try:
        return hasattr(response.choices[0], "message")
    except (AttributeError, IndexError, TypeError):
        return False


_CLASS: list[type[Any]] = []


def __getattr__(name: str) -> Any:
    if name == "QuoteGuardrail":
        if not _CLASS:
            os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
            _CLASS.append(_build_class())
        return _CLASS[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
