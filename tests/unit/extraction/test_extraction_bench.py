"""``memory-plugins bench extraction`` runs and reports its figures (a smoke run, not a timing)."""

import argparse
import json
from pathlib import Path

import pytest

from memory_plugins.bench.bench_extraction import maximal_turn, run
from memory_plugins.extraction import MemoryExtractor
from memory_plugins.testing import ScriptedChatModel


def test_quick_bench_writes_its_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    assert run(argparse.Namespace(quick=True, out=str(out))) == 0

    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["enqueue"]["submits"] == 500
    assert {"p50_ms", "p99_ms", "max_ms"} <= set(results["enqueue"])
    assert set(results["prompt"]) == {"typical", "maximal_ascii", "maximal_cjk"}
    assert "p99" in capsys.readouterr().out


def test_maximal_turns_overfill_every_budget() -> None:
    extractor = MemoryExtractor(ScriptedChatModel())
    for cjk in (False, True):
        turn = maximal_turn(cjk)
        assert len(turn.user_text) > 2000 and len(turn.pinned_decisions) > 5
        (_, _), (_, human) = extractor.messages(turn)
        assert len(human) < 2000 + 2000 + 600 + 5 * 300 + 600  # the frame is a few hundred chars
