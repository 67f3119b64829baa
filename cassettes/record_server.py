"""A local OpenAI-compatible chat-completions server that answers from a script (stdlib only).

It stands in for a live provider when recording the cassettes in this folder: for each
``POST /v1/chat/completions`` it finds the scenario turn whose user text appears in the
request's last human message and returns that turn's scripted reply, as message content
(``response_format`` requests) or as a tool call (``tools`` requests). Replies are what a
model could plausibly return for the scenario; nothing here is a real model.

Run it alone to poke at it::

    python cassettes/record_server.py --port 18427
    curl -s http://127.0.0.1:18427/v1/chat/completions -d '{"messages": [...]}'
"""

import argparse
import hashlib
import json
import threading
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from memory_plugins.extraction import estimate_tokens

HERE = Path(__file__).resolve().parent
SCENARIOS = HERE / "scenarios.json"
DEFAULT_PORT = 18427
EMPTY_REPLY = '{"candidates": []}'
CREATED = 1767225600  # 2026-01-01T00:00:00Z: fixed so recordings are reproducible


def reply_text(reply: Any) -> str:
    """A scripted reply as the text a model would send (JSON values are serialised)."""
    return reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)


def load_rules(path: Path = SCENARIOS) -> list[tuple[str, str]]:
    """``(user text, reply text)`` for every turn of every scenario in ``path``."""
    scenarios = json.loads(path.read_text(encoding="utf-8"))
    return [
        (turn["turn"]["user_text"], reply_text(turn["reply"]))
        for scenario in scenarios
        for turn in scenario["turns"]
    ]


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content if isinstance(content, str) else ""


def completion(body: Mapping[str, Any], rules: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The chat-completion response for one request ``body``."""
    messages = body.get("messages") or []
    human = next(
        (_text(m.get("content")) for m in reversed(messages) if m.get("role") == "user"), ""
    )
    content = next((reply for needle, reply in rules if needle and needle in human), EMPTY_REPLY)
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    message: dict[str, Any] = {"role": "assistant", "content": content, "refusal": None}
    finish = "stop"
    tools = body.get("tools") or []
    if tools:
        message["content"] = None
        message["tool_calls"] = [
            {
                "id": f"call_{digest[:24]}",
                "type": "function",
                "function": {"name": tools[0]["function"]["name"], "arguments": content},
            }
        ]
        finish = "tool_calls"
    prompt_tokens = sum(estimate_tokens(_text(m.get("content"))) for m in messages)
    completion_tokens = estimate_tokens(content)
    return {
        "id": f"chatcmpl-{digest[:24]}",
        "object": "chat.completion",
        "created": CREATED,
        "model": body.get("model", "scripted-local-model"),
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
        "system_fingerprint": "scripted-local",
    }


class ScriptedServer(ThreadingHTTPServer):
    """Serves scripted chat completions on ``127.0.0.1:port`` until ``shutdown()``."""

    daemon_threads = True

    def __init__(self, rules: Iterable[tuple[str, str]], port: int = DEFAULT_PORT) -> None:
        self.rules = list(rules)
        super().__init__(("127.0.0.1", port), _Handler)

    def start(self) -> threading.Thread:
        """Serve in a daemon thread; returns the thread."""
        thread = threading.Thread(target=self.serve_forever, name="scripted-openai", daemon=True)
        thread.start()
        return thread


class _Handler(BaseHTTPRequestHandler):
    server: ScriptedServer

    def do_POST(self) -> None:
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(
                404, {"error": {"message": f"unknown path {self.path}", "type": "not_found"}}
            )
            return
        length = int(self.headers.get("content-length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._send(400, {"error": {"message": "body is not JSON", "type": "invalid_request"}})
            return
        self._send(200, completion(body, self.server.rules))

    def _send(self, status: int, payload: Mapping[str, Any]) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the recorder prints
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--scenarios", type=Path, default=SCENARIOS)
    args = parser.parse_args()
    server = ScriptedServer(load_rules(args.scenarios), args.port)
    print(f"scripted OpenAI-compatible server on http://127.0.0.1:{args.port}/v1 (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
