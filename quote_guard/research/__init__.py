"""The research workflow: human review of doubtful quotes, and a methods section written from the run.

- :mod:`quote_guard.research.review`: which quotes need a human, the Excel review sheet with
  validated drop-down decisions, reading decisions back, keeping them across re-runs, and an
  interactive terminal review.
- :mod:`quote_guard.research.methods`: the methods section (Markdown or LaTeX), the
  reproducibility checklist and the list of files to archive, every number taken from the run.

Nothing heavy is imported here: openpyxl and rich load inside the functions that use them.
"""

from __future__ import annotations

__all__: list[str] = []
