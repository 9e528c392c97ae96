"""The loopback LLM server of ``_llm_server`` plus the faults it cannot script.

:class:`FaultServer` is an :class:`~_llm_server.LLMServer` (same script, same recorded
requests) whose replies may also be a :class:`Fault`: a malformed JSON body, a completion
without choices, ``content: null``, a tool-call-only message, or a stream cut short (mid-quote,
mid-event, or complete but without ``finish_reason``). Everything binds 127.0.0.1.

>>> with FaultServer([Fault.malformed()]) as server:     # doctest: +SKIP
...     litellm.completion(model="openai/test-model", api_base=server.base_url, ...)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from _llm_server import LLMServer, Reply, _chunk, _completion, _Handler, read_json_body

__all__ = ["Fault", "FaultServer", "Reply"]


@dataclass(frozen=True)
class Fault(Reply):
    """A scripted reply with a fault. ``kind`` is one of:

    - ``malformed``: HTTP 200 whose body is not JSON;
    - ``empty_choices``: a completion with ``choices: []``;
    - ``content_none``: ``message.content`` is ``null`` (no tool calls);
    - ``tool_call``: ``content: null`` and one tool call;
    - ``cut_stream``: a stream that sends ``chunks`` then closes (no ``finish_reason``, no ``[DONE]``);
    - ``cut_event``: like ``cut_stream``, then half a JSON event before closing;
    - ``no_finish``: a complete stream ending in ``[DONE]`` whose chunks never set ``finish_reason``.
    """

    kind: str = ""

    @classmethod
    def malformed(cls) -> Fault:
        return cls(kind="malformed")

    @classmethod
    def empty_choices(cls) -> Fault:
        return cls(kind="empty_choices")

    @classmethod
    def content_none(cls) -> Fault:
        return cls(kind="content_none")

    @classmethod
    def tool_call(cls) -> Fault:
        return cls(kind="tool_call")

    @classmethod
    def cut_stream(cls, chunks: list[str], *, mid_event: bool = False) -> Fault:
        return cls(content="".join(chunks), chunks=tuple(chunks), kind="cut_event" if mid_event else "cut_stream")

    @classmethod
    def no_finish(cls, chunks: list[str]) -> Fault:
        return cls(content="".join(chunks), chunks=tuple(chunks), kind="no_finish")


class _FaultHandler(_Handler):
    def do_POST(self) -> None:
        body = read_json_body(self)
        reply = self.server_obj._next(body, self.path)
        if reply.delay:
            time.sleep(reply.delay)
        kind = getattr(reply, "kind", "")
        model = body.get("model", self.server_obj.model)
        if reply.status != 200 or not kind:
            self._plain(reply, body, model)
        elif kind == "malformed":
            data = b'{"id": "chatcmpl-test", "choices": [{"message": {"content": "half'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        elif kind in ("empty_choices", "content_none", "tool_call"):
            payload = _completion(model, "")
            if kind == "empty_choices":
                payload["choices"] = []
            else:
                message: dict[str, Any] = {"role": "assistant", "content": None}
                if kind == "tool_call":
                    message["tool_calls"] = [{"id": "call_1", "type": "function",
                                              "function": {"name": "lookup", "arguments": '{"q": "rent"}'}}]
                payload["choices"][0]["message"] = message
                payload["choices"][0]["finish_reason"] = "tool_calls" if kind == "tool_call" else "stop"
            self._json(200, payload)
        else:
            self._broken_stream(model, reply, kind)

    def _plain(self, reply: Reply, body: dict[str, Any], model: str) -> None:
        if reply.status != 200:
            self._json(reply.status, {"error": {"message": reply.content, "type": "server_error", "code": reply.status}},
                       extra_headers=reply.headers)
        elif body.get("stream"):
            self._stream(model, reply)
        else:
            self._json(200, _completion(model, reply.content), extra_headers=reply.headers)

    def _broken_stream(self, model: str, reply: Reply, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        created = int(time.time())
        for i, piece in enumerate(reply.pieces()):
            delta: dict[str, Any] = {"content": piece, **({"role": "assistant"} if i == 0 else {})}
            self._event(_chunk(model, created, delta, None))
        if kind == "cut_event":
            self.wfile.write(b'data: {"id": "chatcmpl-test", "object": "chat.completion.chunk", "choi')
        elif kind == "no_finish":
            self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


class FaultServer(LLMServer):
    """:class:`LLMServer` that also plays :class:`Fault` replies."""

    handler_class = _FaultHandler

    def __enter__(self) -> FaultServer:
        return self.start()
