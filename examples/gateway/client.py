"""Call a quote_guard gateway with the official OpenAI SDK and read the report.

    export LITELLM_MASTER_KEY=sk-...      # the gateway's key
    quote-guard serve --model gpt-4o-mini=openai/gpt-4o-mini &
    python examples/gateway/client.py
"""

from __future__ import annotations

import os

from openai import OpenAI

LEASE = "The Landlord may not enter the premises without 24 hours notice."

client = OpenAI(base_url=os.environ.get("GATEWAY_URL", "http://127.0.0.1:4000/v1"),
                api_key=os.environ["LITELLM_MASTER_KEY"])
raw = client.chat.completions.with_raw_response.create(
    model="gpt-4o-mini",
    messages=[
        {"role": "system", "content": "Answer from the document and quote it exactly."},
        {"role": "user", "content": f'<document id="lease">{LEASE}</document>\nCan the landlord come in?'},
    ],
    # optional: more sources, a stricter policy (within the operator's limits)
    extra_body={"metadata": {"quote_guard": {"policy": {"unsupported": "remove"}}}},
)
answer = raw.parse()
print(answer.choices[0].message.content)
print("passed:", raw.headers["x-quote-guard-passed"], "verdicts:", raw.headers["x-quote-guard-verdicts"])
report = (answer.model_extra or {})["quote_guard"]
for q in report["quotes"]:
    print(f"  {q['verdict']:>13} {q['action']:>8}  “{q['quote']}”")
