"""The one place quote_guard reaches an LLM: a thin seam over litellm.

Everything the guard sends to a model goes through :class:`LLMClient`. It

- imports litellm on the first call only (``import quote_guard`` never loads it), with
  ``LITELLM_LOCAL_MODEL_COST_MAP=True`` set first so litellm never fetches its cost map;
- turns off litellm's own retries (``max_retries=0``) and retries timeouts, connection
  errors, 429s and 5xx itself, with exponential backoff (capped; ``Retry-After`` honoured),
  recording every retry as a :class:`ProviderRetry` for the report;
- maps every provider exception, once, to :class:`~quote_guard.errors.ProviderError`,
  chained ``from exc``.

Tests point it at an OpenAI-compatible server on 127.0.0.1 (``api_base=...``); litellm is
never patched.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import MissingDependencyError, ProviderError

__all__ = ["LLMClient", "ProviderRetry", "import_litellm", "is_retryable"]

_RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


def import_litellm() -> Any:
    """Import litellm without network side effects (local cost map; no telemetry)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    try:
        import litellm
    except ImportError as exc:
        raise MissingDependencyError("QuoteGuard (calling an LLM)", extra="guard", package="litellm") from exc
    if hasattr(litellm, "telemetry"):  # older releases only; removed in recent ones
        litellm.telemetry = False
    return litellm


@dataclass(frozen=True, slots=True)
class ProviderRetry:
    """One failed request that was retried: which error, and how long the guard waited."""

    attempt: int  # model call number (1 = first answer, 2 = first re-ask...)
    try_number: int  # 1-based try of that call
    error: str  # exception class name
    status_code: int | None
    message: str
    wait_seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "attempt": self.attempt,
            "try_number": self.try_number,
            "error": self.error,
            "status_code": self.status_code,
            "message": self.message,
            "wait_seconds": self.wait_seconds,
        }


def _status(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    return code if isinstance(code, int) else None


def is_retryable(exc: BaseException) -> bool:
    """Timeouts, connection errors, 429 and 5xx are transient; anything else is not."""
    name = type(exc).__name__
    if name in ("Timeout", "APITimeoutError", "APIConnectionError", "ServiceUnavailableError",
                "InternalServerError", "RateLimitError", "BadGatewayError"):
        return True
    if isinstance(exc, (TimeoutError, ConnectionError)):
        return True
    code = _status(exc)
    return code is not None and (code in _RETRYABLE_STATUS or code >= 500)


def _header(headers: Any, name: str) -> Any:
    try:
        return headers.get(name)
    except AttributeError:
        return None


def _retry_after(exc: BaseException) -> float | None:
    """Seconds the provider asked us to wait, or None.

    litellm puts the provider's real headers in ``exc.litellm_response_headers`` (its
    ``exc.response`` is a stub without them); ``retry-after-ms`` (OpenAI), ``retry-after``
    in seconds or as an HTTP date are read, from there or from ``exc.response.headers``.
    """
    for headers in (getattr(exc, "litellm_response_headers", None),
                    getattr(getattr(exc, "response", None), "headers", None)):
        if not headers:
            continue
        ms = _header(headers, "retry-after-ms")
        try:
            if ms is not None and float(ms) >= 0:
                return float(ms) / 1000.0
        except (TypeError, ValueError):
            pass
        value = _header(headers, "retry-after")
        if value is None:
            continue
        seconds: float | None
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = _http_date_delay(str(value))
        if seconds is not None and seconds >= 0 and seconds == seconds:  # NaN is not a delay
            return seconds
    return None


def _http_date_delay(value: str) -> float | None:
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _provider_of(model: str | None, kwargs: dict[str, Any]) -> str | None:
    if kwargs.get("custom_llm_provider"):
        return str(kwargs["custom_llm_provider"])
    if model and "/" in model:
        return model.split("/", 1)[0]
    return None


class LLMClient:
    """Calls litellm with bounded retries and one exception mapping.

    ``sleep``/``asleep`` are injectable so tests need not wait for real backoff.
    """

    def __init__(
        self,
        *,
        retries: int = 2,
        backoff_initial: float = 0.5,
        backoff_multiplier: float = 2.0,
        backoff_max: float = 8.0,
        timeout: float | None = 60.0,
        sleep: Callable[[float], None] = time.sleep,
        asleep: Callable[[float], Any] = asyncio.sleep,
    ) -> None:
        self.retries = retries
        self.backoff_initial = backoff_initial
        self.backoff_multiplier = backoff_multiplier
        self.backoff_max = backoff_max
        self.timeout = timeout
        self._sleep = sleep
        self._asleep = asleep

    # -- helpers ---------------------------------------------------------------------
    def _request(self, model: str, messages: Sequence[dict[str, Any]], kwargs: dict[str, Any]) -> dict[str, Any]:
        req = dict(kwargs)
        req.setdefault("max_retries", 0)  # the guard retries, litellm and the SDK do not
        if self.timeout is not None:
            req.setdefault("timeout", self.timeout)
        req["model"] = model
        req["messages"] = list(messages)
        return req

    def _wait(self, exc: BaseException, try_number: int) -> float:
        wait = self.backoff_initial * (self.backoff_multiplier ** (try_number - 1))
        after = _retry_after(exc)
        if after is not None:
            wait = max(wait, after)
        return float(min(wait, self.backoff_max))

    def _failure(self, exc: BaseException, model: str, kwargs: dict[str, Any], tries: int) -> ProviderError:
        provider = _provider_of(model, kwargs)
        code = _status(exc)
        what = f"HTTP {code}" if code is not None else type(exc).__name__
        after = f" after {tries} tries" if tries > 1 else ""
        hint = ""
        if code in (401, 403):
            hint = " Check the API key for this provider."
        elif code == 404:
            hint = " Check the model name and api_base."
        elif is_retryable(exc):
            hint = " The provider kept failing; raise model.retries or try again later."
        return ProviderError(
            f"LLM call to {model!r} failed{after}: {what}: {_short(exc)}.{hint}", provider=provider, model=model
        )

    def _retry_wait(self, exc: Exception, model: str, kwargs: dict[str, Any], try_number: int, attempt: int,
                    retries_log: list[ProviderRetry] | None) -> float:
        """The step the sync and async loops share after a failed try: raise ``ProviderError``
        when the failure is final, else record the retry and return how long to wait."""
        if not is_retryable(exc) or try_number > self.retries:
            raise self._failure(exc, model, kwargs, try_number) from exc
        wait = self._wait(exc, try_number)
        if retries_log is not None:
            retries_log.append(ProviderRetry(attempt, try_number, type(exc).__name__, _status(exc), _short(exc), wait))
        return wait

    # -- sync --------------------------------------------------------------------------
    def complete(
        self,
        model: str,
        messages: Sequence[dict[str, Any]],
        kwargs: dict[str, Any],
        *,
        attempt: int = 1,
        retries_log: list[ProviderRetry] | None = None,
    ) -> Any:
        """One model call (``kwargs['stream']`` allowed), retried on transient errors."""
        litellm = import_litellm()
        req = self._request(model, messages, kwargs)
        for try_number in range(1, self.retries + 2):
            try:
                return litellm.completion(**req)
            except Exception as exc:
                self._sleep(self._retry_wait(exc, model, kwargs, try_number, attempt, retries_log))
        raise AssertionError("unreachable")  # pragma: no cover

    def iterate(self, stream: Any, model: str, kwargs: dict[str, Any]) -> Iterator[Any]:
        """Iterate a litellm stream, mapping errors raised mid-stream to ProviderError."""
        it = iter(stream)
        while True:
            try:
                chunk = next(it)
            except StopIteration:
                return
            except Exception as exc:
                raise self._failure(exc, model, kwargs, 1) from exc
            yield chunk

    # -- async -------------------------------------------------------------------------
    async def acomplete(
        self,
        model: str,
        messages: Sequence[dict[str, Any]],
        kwargs: dict[str, Any],
        *,
        attempt: int = 1,
        retries_log: list[ProviderRetry] | None = None,
    ) -> Any:
        litellm = import_litellm()
        req = self._request(model, messages, kwargs)
        for try_number in range(1, self.retries + 2):
            try:
                return await litellm.acompletion(**req)
            except Exception as exc:
                await self._asleep(self._retry_wait(exc, model, kwargs, try_number, attempt, retries_log))
        raise AssertionError("unreachable")  # pragma: no cover

    async def aiterate(self, stream: Any, model: str, kwargs: dict[str, Any]) -> AsyncIterator[Any]:
        it = stream.__aiter__()
        while True:
            try:
                chunk = await it.__anext__()
            except StopAsyncIteration:
                return
            except Exception as exc:
                raise self._failure(exc, model, kwargs, 1) from exc
            yield chunk


def _short(exc: BaseException, limit: int = 300) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
