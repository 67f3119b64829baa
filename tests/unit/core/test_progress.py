"""Long-running commands draw a progress bar on a terminal's stderr, and nowhere else."""

import io
import sys

import pytest

from memory_plugins.bench import bench_write
from memory_plugins.cli.progress import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_bar_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    assert list(progress(range(5), total=5, what="import")) == [0, 1, 2, 3, 4]
    assert piped.getvalue() == ""


def test_a_bar_on_a_terminal_and_the_items_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert list(progress(iter("abc"), total=3, what="import")) == ["a", "b", "c"]
    assert "import:" in terminal.getvalue() and "/3" in terminal.getvalue()


def test_bench_write_shows_a_bar_and_keeps_its_table_on_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(bench_write, "_write", lambda backend, n, batch: 1000.0 * batch)
    monkeypatch.setattr(bench_write, "_gates", lambda n: 5000.0)
    monkeypatch.setattr(sys, "stderr", terminal)

    class Args:
        quick, backends = True, ["memory", "sqlite"]

    assert bench_write.run(Args()) == 0
    out = capsys.readouterr().out
    assert "memory       1,000" in out and "bench write" not in out
    assert "bench write:" in terminal.getvalue()
