"""An LLM as a second opinion on paraphrases (:class:`~quote_guard.meaning.Entailment`), off by default.

:class:`LiteLLMEntailment` asks any litellm model for a constrained JSON answer and caches the
answers by the hash of the pair::

    judge = LiteLLMEntailment("openai/gpt-4o-mini")
    Verifier(entailment=judge)        # consulted only for quotes still "paraphrase"
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

from ..errors import ProviderError

__all__ = ["LiteLLMEntailment"]

_PROMPT = (
    "You check quotations against their source. Answer with JSON only: "
    '{"entailed": true} if the SOURCE states everything the QUOTE claims (a restatement may drop '
    'details, but may not add or change a fact, a number, a negation, a party, a modal or a condition), '
    'else {"entailed": false}.'
)


class LiteLLMEntailment:
    """Entailment by an LLM through litellm (any provider), with a JSON answer and a cache.

    ``model`` is a litellm model name; other keyword arguments go to ``litellm.completion``
    (``api_base``, ``api_key``, ``timeout``...). A call that fails raises
    :class:`~quote_guard.errors.ProviderError`; an answer that is not the expected JSON gives
    ``None`` (no opinion), never a guess.
    """

    def __init__(self, model: str, *, cache_size: int = 10_000, **kwargs: Any) -> None:
        self.model = model
        self.kwargs = kwargs
        self.cache_size = cache_size
        self._cache: OrderedDict[bytes, bool | None] = OrderedDict()
        self._lock = threading.Lock()
        self.calls = 0

    def entails(self, quote: str, passage: str) -> bool | None:
        key = hashlib.blake2b(f"{quote}\x00{passage}".encode("utf-8", "surrogatepass"), digest_size=16).digest()
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        answer = self._ask(quote, passage)
        with self._lock:
            self._cache[key] = answer
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return answer

    def _ask(self, quote: str, passage: str) -> bool | None:
        from .provider import import_litellm

        litellm = import_litellm()
        self.calls += 1
        try:
            resp = litellm.completion(
                model=self.model,
                messages=[{"role": "system", "content": _PROMPT},
                          {"role": "user", "content": f"SOURCE:\n{passage}\n\nQUOTE:\n{quote}"}],
                response_format={"type": "json_object"},
                temperature=0,
                **self.kwargs,
            )
        except Exception as exc:  # litellm raises many types; translate once, here
            raise ProviderError(f"entailment call to {self.model!r} failed: {exc}", provider="litellm",
                                model=self.model) from exc
        try:
            text = resp.choices[0].message.content or ""
            value = json.loads(text[text.find("{") : text.rfind("}") + 1]).get("entailed")
        except (AttributeError, IndexError, ValueError, TypeError):
            return None
        return value if isinstance(value, bool) else None
