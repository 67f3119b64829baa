"""Constants and helpers shared by the extraction replay tests."""

import json
from pathlib import Path
from typing import Any

from memory_plugins.extraction import TurnInput

CASSETTES = Path(__file__).resolve().parents[3] / "cassettes"
BASE_URL = "http://127.0.0.1:18427/v1"
FILTERED_HEADERS = ["authorization", "api-key", "x-api-key"]
SCENARIOS: dict[str, dict[str, Any]] = {
    s["name"]: s for s in json.loads((CASSETTES / "scenarios.json").read_text(encoding="utf-8"))
}


def scenario_turns(name: str) -> list[TurnInput]:
    """The turns a cassette was recorded with."""
    return [TurnInput(**step["turn"]) for step in SCENARIOS[name]["turns"]]
