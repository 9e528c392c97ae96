"""The lease the guard, guardrails, gateway and reliability tests check quotes against, and the
two quotes they use: one that drops the source's "not", and the right one."""

LEASE = (
    "The Tenant shall pay the rent on the first day of each month. "
    "The Landlord may not enter the premises without 24 hours notice. "
    "The Tenant shall keep the premises in good repair."
)
MISQUOTE = "The Landlord may enter the premises without 24 hours notice."
RIGHT = "The Landlord may not enter the premises without 24 hours notice."
