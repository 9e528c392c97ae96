"""Start ``quote-guard serve`` (LiteLLM's proxy with the quote_guard guardrail) as a subprocess, for tests and benchmarks.

>>> with Gateway(upstream="http://127.0.0.1:8001/v1") as gw:     # doctest: +SKIP
...     httpx.post(gw.base_url + "/chat/completions", headers=gw.auth, json={...})

The gateway binds 127.0.0.1 on a free port, with the master key ``Gateway.KEY`` and the
upstream key ``Gateway.UPSTREAM_KEY``; its output goes to a log file shown when it fails to start.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import yaml

__all__ = ["Gateway", "free_port"]

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Gateway:
    """One gateway process: ``base_url`` (``.../v1``), ``auth`` headers, ``pid``, ``stop()``."""

    KEY = "sk-gateway-test-key-0001"
    UPSTREAM_KEY = "sk-upstream-secret"

    def __init__(
        self,
        *,
        upstream: str,
        models: tuple[str, ...] = ("test-model=openai/test-model",),
        settings: dict[str, Any] | None = None,
        validators: dict[str, Any] | None = None,
        extra_env: dict[str, str] | None = None,
        extra_args: tuple[str, ...] = (),
        startup_timeout: float = 90.0,
    ) -> None:
        self.upstream = upstream
        self.models = models
        self.settings = settings or {}
        self.validators = validators
        self.extra_env = extra_env or {}
        self.extra_args = extra_args
        self.startup_timeout = startup_timeout
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._dir = tempfile.TemporaryDirectory(prefix="qg-gateway-")
        self.log = Path(self._dir.name) / "gateway.log"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.KEY}"}

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def launch(self) -> Gateway:
        """Start the process (without waiting: call :meth:`wait_ready`)."""
        d = Path(self._dir.name)
        settings_file = d / "gateway.yaml"
        settings_file.write_text(yaml.safe_dump(self.settings), encoding="utf-8")
        cmd = [sys.executable, "-m", "quote_guard.serve", *(a for m in self.models for a in ("--model", m)),
               "--api-base", self.upstream,
               "--port", str(self.port), "--upstream-key-env", "QG_TEST_UPSTREAM_KEY",
               "--gateway-settings", str(settings_file)]
        if self.validators is not None:
            vfile = d / "validators.yaml"
            vfile.write_text(yaml.safe_dump(self.validators), encoding="utf-8")
            cmd += ["--config", str(vfile)]
        cmd += list(self.extra_args)
        env = {**os.environ, "LITELLM_MASTER_KEY": self.KEY, "QG_TEST_UPSTREAM_KEY": self.UPSTREAM_KEY,
               "LITELLM_LOCAL_MODEL_COST_MAP": "True", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
               "PYTHONPATH": str(ROOT), "NO_PROXY": "127.0.0.1,localhost", **self.extra_env}
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT,
                                         start_new_session=True)
        return self

    def wait_ready(self) -> Gateway:
        assert self.proc is not None
        deadline = time.monotonic() + self.startup_timeout
        url = f"http://127.0.0.1:{self.port}/health/liveliness"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the gateway exited ({self.proc.returncode}):\n{self.output()}")
            try:
                if httpx.get(url, timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"the gateway did not start in {self.startup_timeout} s:\n{self.output()}")

    def output(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")[-6000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self.proc = None

    def close(self) -> None:
        self.stop()
        self._dir.cleanup()

    def __enter__(self) -> Gateway:
        return self.launch().wait_ready()

    def __exit__(self, *exc: object) -> None:
        self.close()
