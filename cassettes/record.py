"""Record the extraction cassettes: ChatOpenAI talking to an OpenAI-compatible endpoint.

By default every scenario of ``scenarios.json`` is recorded against the local scripted
server (``record_server.py``, started here on ``127.0.0.1:18427``). With ``--live`` the
scenarios marked ``"live": true`` are recorded against a real provider instead::

    OPENAI_BASE_URL=https://api.example.com/v1 OPENAI_API_KEY=... OPENAI_MODEL=gpt-4o-mini \\
        python cassettes/record.py --live

A ``before_record_request`` hook rewrites the provider's URL to the fixed local base URL,
so replay matches (VCR matches on host and port), and credentials are never written:
``authorization``/``api-key``/``x-api-key`` request headers and cookie/organisation
response headers are filtered out.
"""

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import vcr
from langchain_openai import ChatOpenAI
from record_server import DEFAULT_PORT, SCENARIOS, ScriptedServer, load_rules

from memory_plugins.extraction import MemoryExtractor, TurnInput

HERE = Path(__file__).resolve().parent
BASE_URL = f"http://127.0.0.1:{DEFAULT_PORT}/v1"
"""The one base URL every cassette holds; tests replay against it."""
SCRIPTED_MODEL = "scripted-local-model"
FILTER_HEADERS = ["authorization", "api-key", "x-api-key", "openai-organization", "openai-project"]
_DROP_RESPONSE_HEADERS = ("set-cookie", "openai-organization", "openai-project", "cf-ray")


def _rewrite_to_base(live_base: str | None) -> Any:
    fixed = urlsplit(BASE_URL)

    def before_record_request(request: Any) -> Any:
        # Platform fingerprint headers (x-stainless-os, -runtime-version…) only add noise.
        for name in [h for h in request.headers if h.lower().startswith("x-stainless")]:
            del request.headers[name]
        if live_base:
            parts = urlsplit(request.uri)
            path = parts.path.removeprefix(urlsplit(live_base).path.rstrip("/"))
            request.uri = urlunsplit(
                (fixed.scheme, fixed.netloc, fixed.path + path, parts.query, "")
            )
            for name in [h for h in request.headers if h.lower() == "host"]:
                request.headers[name] = fixed.netloc
        return request

    return before_record_request


def _before_record_response(response: dict[str, Any]) -> dict[str, Any]:
    headers = response.get("headers", {})
    for name in [h for h in headers if h.lower() in _DROP_RESPONSE_HEADERS]:
        del headers[name]
    return response


def _model(live: bool) -> ChatOpenAI:
    if live:
        base = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
        return ChatOpenAI(
            base_url=base,
            api_key=os.environ["OPENAI_API_KEY"],
            model=os.environ.get("OPENAI_MODEL", "gpt-4o-mini"),
            temperature=0,
            max_retries=0,
        )
    return ChatOpenAI(
        base_url=BASE_URL,
        api_key="sk-local-scripted-server",  # filtered out of the cassette anyway
        model=SCRIPTED_MODEL,
        temperature=0,
        max_retries=0,
    )


def record(scenarios: list[dict[str, Any]], *, live: bool) -> None:
    """Record one cassette per scenario (``<name>.yaml``), overwriting the old one."""
    live_base = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1") if live else None
    recorder = vcr.VCR(
        record_mode="all",
        filter_headers=FILTER_HEADERS,
        before_record_request=_rewrite_to_base(live_base),
        before_record_response=_before_record_response,
        decode_compressed_response=True,
    )
    model = _model(live)
    for scenario in scenarios:
        path = HERE / f"{scenario['name']}.yaml"
        path.unlink(missing_ok=True)
        extractor = MemoryExtractor(model, method=scenario["method"])
        with recorder.use_cassette(str(path)):
            for step in scenario["turns"]:
                result = extractor.run(TurnInput(**step["turn"]))
                proposed = [c.get("type") for c in result.candidates]
                print(f"{scenario['name']}: proposed {proposed} malformed={result.malformed}")
        text = path.read_text(encoding="utf-8")
        leaked = [h for h in FILTER_HEADERS if f"{h}:" in text.lower()]
        if (
            leaked
            or "sk-local-scripted-server" in text
            or (live and os.environ["OPENAI_API_KEY"] in text)
        ):
            path.unlink()
            sys.exit(f"{path.name}: credentials found in the recording; cassette removed")


def main() -> None:
    parser = argparse.ArgumentParser(description="Record the extraction cassettes.")
    parser.add_argument(
        "--live",
        action="store_true",
        help="record the live scenarios against OPENAI_BASE_URL with OPENAI_API_KEY",
    )
    parser.add_argument("names", nargs="*", help="only these scenarios (default: all)")
    args = parser.parse_args()
    scenarios = json.loads(SCENARIOS.read_text(encoding="utf-8"))
    if args.names:
        scenarios = [s for s in scenarios if s["name"] in args.names]
    if args.live:
        scenarios = [s for s in scenarios if s.get("live")]
        record(scenarios, live=True)
        return
    server = ScriptedServer(load_rules())
    server.start()
    try:
        record(scenarios, live=False)
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
