"""The optional entailment hook: consulted only for paraphrases, and the litellm judge on a loopback server."""

from __future__ import annotations

import pytest
from _llm_server import LLMServer, Reply

from quote_guard import ProviderError, Source, Verdict, Verifier
from quote_guard.guard.entailment import LiteLLMEntailment
from quote_guard.meaning import Entailment

SOURCE = Source("fin", "Revenue increased by 12% to $4.1 billion in 2023. Costs were flat.")
PARAPHRASE = "Revenue rose 12 percent to 4.1 billion dollars in 2023"


class Judge:
    def __init__(self, answer: bool | None) -> None:
        self.answer = answer
        self.seen: list[tuple[str, str]] = []

    def entails(self, quote: str, passage: str) -> bool | None:
        self.seen.append((quote, passage))
        return self.answer


@pytest.mark.slow
@pytest.mark.parametrize(("answer", "verdict"), [(True, Verdict.PARAPHRASE), (None, Verdict.PARAPHRASE),
                                                 (False, Verdict.ALTERED)])
def test_the_judge_is_consulted_only_for_paraphrases(answer: bool | None, verdict: Verdict) -> None:
    judge = Judge(answer)
    assert isinstance(judge, Entailment)
    v = Verifier(entailment=judge)
    exact, para = v.verify(["Costs were flat", PARAPHRASE], [SOURCE])
    assert exact.verdict is Verdict.VERBATIM
    assert para.verdict is verdict
    assert judge.seen == [(PARAPHRASE, "Revenue increased by 12% to $4.1 billion in 2023.")]
    if verdict is Verdict.ALTERED:
        assert para.spans and para.metrics.differences[0].category == "entailment"


def test_a_judge_without_entails_is_refused() -> None:
    with pytest.raises(TypeError, match="entails"):
        Verifier(entailment=object())  # type: ignore[arg-type]


def test_litellm_judge_answers_caches_and_never_guesses() -> None:
    with LLMServer([Reply.text('{"entailed": false}'), Reply.text("I think so"), Reply.error(400, "bad")]) as s:
        judge = LiteLLMEntailment("openai/test-model", api_base=s.base_url, api_key="sk-test", max_retries=0)
        assert judge.entails("a", "b") is False
        assert judge.entails("a", "b") is False and judge.calls == 1  # cached
        body = s.requests[0]
        assert body["response_format"] == {"type": "json_object"} and "QUOTE:\na" in body["messages"][1]["content"]
        assert judge.entails("c", "d") is None  # not the expected JSON: no opinion
        with pytest.raises(ProviderError, match="entailment call"):
            judge.entails("e", "f")
