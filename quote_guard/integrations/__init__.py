"""Adapters at the edge of quote_guard.

- :mod:`quote_guard.integrations.provider`: the one seam to LLM providers (litellm).
- :mod:`quote_guard.integrations.messages`: sources read from chat messages; re-ask turns.
- :mod:`quote_guard.integrations.guardrails`: the guardrails-ai validator
  ``quote_guard/verified_quotes`` (``pip install 'quote_guard[guardrails]'``).

Nothing here is imported by ``import quote_guard``.
"""
