"""A real OpenAI-compatible chat-completions server on 127.0.0.1, for tests and examples.

Tests start it themselves and point litellm at it (``api_base=server.base_url``, a dummy
key, a model such as ``"openai/test-model"``); litellm is never patched. Each request
consumes the next scripted :class:`Reply`; every request body is recorded, parsed, in
``server.requests`` so tests can assert what the guard actually sent.

>>> with LLMServer([Reply.text("Hello")]) as server:     # doctest: +SKIP
...     litellm.completion(model="openai/test-model", api_base=server.base_url,
...                        api_key="sk-test", messages=[{"role": "user", "content": "hi"}])
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["LLMServer", "LoopbackServer", "Reply", "read_json_body"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer: a text (plain or streamed in given chunks) or an HTTP error.

    ``chunks`` fixes how a streamed answer is cut (``None``: cut ``content`` in pieces of
    ``chunk_size`` characters). ``status`` other than 200 sends an OpenAI-style error body.
    ``delay`` sleeps before answering (to provoke client timeouts).
    """

    content: str = ""
    status: int = 200
    chunks: tuple[str, ...] | None = None
    chunk_size: int = 7
    delay: float = 0.0
    headers: tuple[tuple[str, str], ...] = field(default=())

    @classmethod
    def text(cls, content: str, **kw: Any) -> Reply:
        return cls(content=content, **kw)

    @classmethod
    def stream(cls, chunks: Sequence[str]) -> Reply:
        return cls(content="".join(chunks), chunks=tuple(chunks))

    @classmethod
    def error(cls, status: int, message: str = "scripted failure", **kw: Any) -> Reply:
        return cls(content=message, status=status, **kw)

    def pieces(self) -> list[str]:
        if self.chunks is not None:
            return list(self.chunks)
        n = max(1, self.chunk_size)
        return [self.content[i : i + n] for i in range(0, len(self.content), n)] or [""]


class LoopbackServer:
    """A scripted HTTP server on 127.0.0.1: each request takes the next reply; bodies and paths
    are recorded. Subclasses name their request handler (``handler_class``) and the reply given
    once the script runs out (``_exhausted``), so a test that makes more calls than it planned
    fails loudly instead of hanging."""

    handler_class: type[BaseHTTPRequestHandler]

    def __init__(self, replies: Sequence[Any] = ()) -> None:
        self._replies: list[Any] = list(replies)
        self._lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- script -----------------------------------------------------------------------
    def push(self, *replies: Any) -> None:
        with self._lock:
            self._replies.extend(replies)

    def _exhausted(self) -> Any:
        raise NotImplementedError

    def _next(self, body: dict[str, Any], path: str) -> Any:
        with self._lock:
            self.requests.append(body)
            self.paths.append(path)
            if not self._replies:
                return self._exhausted()
            return self._replies.pop(0)

    @property
    def remaining(self) -> int:
        with self._lock:
            return len(self._replies)

    # -- lifecycle --------------------------------------------------------------------
    @property
    def root_url(self) -> str:
        assert self._httpd is not None, "server not started"
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def base_url(self) -> str:
        return self.root_url + "/v1"

    def start(self) -> Any:
        handler = type("_BoundHandler", (self.handler_class,), {"server_obj": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        name=type(self).__name__, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> Any:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def read_json_body(handler: BaseHTTPRequestHandler) -> dict[str, Any]:
    """The request's JSON body (``{"_raw": text}`` when it is not JSON)."""
    length = int(handler.headers.get("Content-Length") or 0)
    raw = handler.rfile.read(length) if length else b""
    try:
        body = json.loads(raw or b"{}")
    except json.JSONDecodeError:
        return {"_raw": raw.decode("utf-8", "replace")}
    return body if isinstance(body, dict) else {"_raw": raw.decode("utf-8", "replace")}


class _Handler(BaseHTTPRequestHandler):
    server_obj: LLMServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self._json(200, {"object": "list", "data": [{"id": self.server_obj.model, "object": "model"}]})

    def do_POST(self) -> None:
        body = read_json_body(self)
        reply = self.server_obj._next(body, self.path)
        if reply.delay:
            time.sleep(reply.delay)
        if reply.status != 200:
            self._json(
                reply.status,
                {"error": {"message": reply.content, "type": "server_error", "code": reply.status}},
                extra_headers=reply.headers,
            )
            return
        model = body.get("model", self.server_obj.model)
        if body.get("stream"):
            self._stream(model, reply)
        else:
            self._json(200, _completion(model, reply.content), extra_headers=reply.headers)

    def _json(self, status: int, payload: dict[str, Any], extra_headers: Sequence[tuple[str, str]] = ()) -> None:
        data = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in extra_headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, model: str, reply: Reply) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        created = int(time.time())
        first = True
        for piece in reply.pieces():
            delta: dict[str, Any] = {"content": piece}
            if first:
                delta["role"] = "assistant"
                first = False
            self._event(_chunk(model, created, delta, None))
        self._event(_chunk(model, created, {}, "stop"))
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()

    def _event(self, payload: dict[str, Any]) -> None:
        self.wfile.write(b"data: " + json.dumps(payload).encode("utf-8") + b"\n\n")
        self.wfile.flush()


class LLMServer(LoopbackServer):
    """Threaded HTTP server answering ``POST /v1/chat/completions`` from a script of :class:`Reply`."""

    handler_class = _Handler

    def __init__(self, replies: Sequence[Reply] = (), *, model: str = "test-model") -> None:
        super().__init__(replies)
        self.model = model

    def _exhausted(self) -> Reply:
        return Reply.error(500, "script exhausted: the test made more calls than it scripted")

    # -- helpers for assertions ---------------------------------------------------------
    def messages(self, i: int) -> list[dict[str, Any]]:
        """The ``messages`` list of request ``i``."""
        return list(self.requests[i].get("messages", []))


def _completion(model: str, content: str) -> dict[str, Any]:
    words = len(content.split())
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": words, "total_tokens": 10 + words},
    }


def _chunk(model: str, created: int, delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion.chunk",
        "created": created,
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }

