"""A loopback HTTP server that answers every POST with a scripted raw body, for citation tests.

``tests/_llm_server.py`` builds OpenAI chat-completion bodies from a text; the citation tests need
the providers' own bodies (Anthropic Messages, Gemini ``generateContent``, Cohere v2 chat, OpenAI
with ``annotations``), sent as one JSON document or as a server-sent-event stream, whatever the
path litellm posts to. Each request consumes the next :class:`RawReply`; request paths and bodies
are recorded for assertions. Binds 127.0.0.1 only.

>>> with CitationServer([RawReply.json({"id": "x"})]) as server:   # doctest: +SKIP
...     litellm.completion(model="anthropic/claude-test", api_base=server.base_url, ...)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any

from _llm_server import LoopbackServer, read_json_body

__all__ = ["CitationServer", "RawReply", "anthropic_events"]


@dataclass(frozen=True)
class RawReply:
    """One scripted answer: a JSON body, or a list of SSE events.

    ``events`` items are ``(event_name_or_None, payload)``; a payload ``str`` is sent as is
    (``"[DONE]"``), a dict as JSON. With an event name the frame is ``event: NAME\\ndata: ...``.
    """

    body: Any = None
    events: tuple[tuple[str | None, Any], ...] | None = None
    status: int = 200

    @classmethod
    def json(cls, body: Any, status: int = 200) -> RawReply:
        return cls(body=body, status=status)

    @classmethod
    def sse(cls, events: Sequence[tuple[str | None, Any]]) -> RawReply:
        return cls(events=tuple(events))


def anthropic_events(msg: dict[str, Any]) -> list[tuple[str | None, Any]]:
    """The Messages streaming events for ``msg``: citations_delta events, then text deltas, per block."""
    start = copy.deepcopy(msg)
    start["content"], start["stop_reason"] = [], None
    ev: list[tuple[str | None, Any]] = [("message_start", {"type": "message_start", "message": start})]
    for i, block in enumerate(msg["content"]):
        cb: dict[str, Any] = {"type": "text", "text": ""}
        if "citations" in block:
            cb["citations"] = []
        ev.append(("content_block_start", {"type": "content_block_start", "index": i, "content_block": cb}))
        for c in block.get("citations") or []:
            ev.append(("content_block_delta", {"type": "content_block_delta", "index": i,
                                               "delta": {"type": "citations_delta", "citation": c}}))
        t = block["text"]
        for k in range(0, len(t), 9):
            ev.append(("content_block_delta", {"type": "content_block_delta", "index": i,
                                               "delta": {"type": "text_delta", "text": t[k:k + 9]}}))
        ev.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    ev.append(("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                                 "usage": {"output_tokens": msg["usage"]["output_tokens"]}}))
    ev.append(("message_stop", {"type": "message_stop"}))
    return ev


class _Handler(BaseHTTPRequestHandler):
    server_obj: CitationServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = read_json_body(self)
        reply = self.server_obj._next(body, self.path)
        if reply.events is None:
            data = json.dumps(reply.body).encode("utf-8")
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        for name, payload in reply.events:
            data = payload if isinstance(payload, str) else json.dumps(payload)
            frame = (f"event: {name}\n" if name else "") + f"data: {data}\n\n"
            self.wfile.write(frame.encode("utf-8"))
            self.wfile.flush()


class CitationServer(LoopbackServer):
    """Threaded HTTP server on 127.0.0.1 answering any POST from a script (500 when exhausted)."""

    handler_class = _Handler

    def _exhausted(self) -> RawReply:
        return RawReply.json({"error": {"message": "script exhausted"}}, status=500)
