#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment at .venv/ with every extra.
# Idempotent: does nothing when pyproject.toml has not changed since the last run.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# the report's browser tests drive Debian's headless Chromium; install it where the machine can (root, apt), else
# those tests skip and say why
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver >/dev/null 2>&1 \
    || echo "setup: could not install chromium and chromium-driver; the browser tests will skip" >&2
fi
stamp=.venv/.setup-stamp
want=$(sha256sum pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
[ -x .venv/bin/python ] || "$PY" -m venv .venv
export PIP_DISABLE_PIP_VERSION_CHECK=1
# torch first, pinned: 2.13.0 is the local CPU wheel; an unpinned torch pulls GBs of CUDA.
.venv/bin/pip install -q "torch==2.13.0"
.venv/bin/pip install -q -e ".[dev]"
# build the default embedder (a static distillation of the packaged MiniLM) once, offline
HF_HUB_OFFLINE=1 .venv/bin/python -c "from quote_guard.embed import prepare_static_model as p; p()"
echo "$want" > "$stamp"
