"""Adapters to other frameworks, at the very edge of quote_guard.

- :mod:`quote_guard.integrations.guardrails`: the guardrails-ai validator
  ``quote_guard/verified_quotes`` (``pip install 'quote_guard[guardrails]'``).

Each adapter imports its framework on first use; nothing here is imported by
``import quote_guard``. The guard itself (provider seam, messages, streaming, the re-ask
loop) lives in :mod:`quote_guard.guard`.
"""
