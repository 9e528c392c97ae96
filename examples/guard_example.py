"""Guard an LLM call: quotes come back verbatim, or flagged; re-asks keep the sources.

    pip install 'quote_guard[guard]'
    python examples/guard_example.py --model openai/gpt-4o-mini          # needs OPENAI_API_KEY
    python examples/guard_example.py --model openai/test-model --api-base http://127.0.0.1:8000/v1 --api-key sk-x
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
    ap.add_argument("--config", default=None, help="a validators.yaml")
    ap.add_argument("--stream", action="store_true")
    args = ap.parse_args()

    from quote_guard import QuoteGuard

    overrides = {"semantic.enabled": False}  # lexical only: nothing to download
    guard = QuoteGuard.from_yaml(args.config, overrides=overrides) if args.config else QuoteGuard(overrides=overrides)
    extra = {k: v for k, v in {"api_base": args.api_base, "api_key": args.api_key}.items() if v}
    messages = [
        {"role": "system", "content": "Answer from the document. Quote it exactly."},
        {"role": "user", "content": f'<document id="lease.txt">{LEASE}</document>\nMay the landlord enter?'},
    ]  # the sources come from the call itself: the <document> block becomes source "lease.txt"
    if args.stream:
        stream = guard.completion(model=args.model, messages=messages, stream=True, **extra)
        for chunk in stream:
            print(chunk.choices[0].delta.content or "", end="", flush=True)
        print()
        report = stream.report
    else:
        resp = guard.completion(model=args.model, messages=messages, **extra)
        print(resp.choices[0].message.content)
        report = QuoteGuard.report_of(resp)
    print("---", report.summary())
    for q in report.quotes:
        where = f"{q.spans[0].source_id}[{q.spans[0].start}:{q.spans[0].end}]" if q.spans else "-"
        print(f"  {q.verdict.value:<13} {q.action.value:<8} {where:<20} “{q.quote}”")
    for r in report.retries:
        print(f"  retried after {r.error} (HTTP {r.status_code}), waited {r.wait_seconds}s")


if __name__ == "__main__":
    main()
