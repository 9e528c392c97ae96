"""Wrap a real LLM call in a guardrails-ai Guard that checks every quote against its sources.

    pip install 'quote_guard[guardrails]'
    python examples/guardrails_example.py --model openai/gpt-4o-mini      # needs OPENAI_API_KEY
    python examples/guardrails_example.py --model openai/test-model --api-base http://127.0.0.1:8000/v1 --api-key sk-x

Put ``enable_metrics=false`` in ``~/.guardrailsrc`` to keep guardrails' telemetry off.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

LEASE = (
    "The Tenant shall pay the rent on the first day of each month. "
    "The Landlord may not enter the premises without 24 hours notice. "
    "The Tenant shall keep the premises in good repair."
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="openai/gpt-4o-mini")
    ap.add_argument("--api-base", default=None)
    ap.add_argument("--api-key", default=None)
    ap.add_argument("--on-fail", default="fix", choices=["fix", "reask", "filter", "exception", "noop"])
    args = ap.parse_args()

    from guardrails import Guard

    from quote_guard import load_config
    from quote_guard.integrations.guardrails import VerifiedQuotes, quote_summary

    config = load_config(overrides={"semantic.enabled": False})  # lexical only: nothing to download
    guard = Guard().use(VerifiedQuotes(config, on_fail=args.on_fail))
    extra = {k: v for k, v in {"api_base": args.api_base, "api_key": args.api_key}.items() if v}
    out = guard(
        model=args.model,
        messages=[{"role": "user", "content": f"{LEASE}\n\nMay the landlord enter? Quote the lease exactly."}],
        metadata={"sources": {"lease.txt": LEASE}},  # what the validator checks quotes against
        max_retries=0,
        **extra,
    )
    summary = quote_summary(out)  # validation_passed stays True after a fix: read this instead
    print("model said:", out.raw_llm_output)
    print("validated: ", out.validated_output)
    print("passed:", summary["passed"])
    for failure in summary["failures"]:
        for span in failure["error_spans"]:
            print(f"  [{span['start']}:{span['end']}] {span['reason']}")


if __name__ == "__main__":
    main()
