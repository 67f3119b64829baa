"""``memory-plugins demo``: offline, fast, and it shows what it promises."""

from pathlib import Path

import pytest

from memory_plugins.cli import main


def test_demo_runs_offline_with_meaning_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--db", str(tmp_path / "demo.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "meaning: multilingual USE v3" in out and "  sem  total" in out
    for heading in (
        "Conversation A",
        "What the model proposed, and what the gates decided",
        "Conversation B",
        "explain",
    ):
        assert heading in out
    for decision in ("added", "rejected(temporary)", "rejected(runtime_data)", "suppressed"):
        assert decision in out
    assert (
        "explicit_reference: '按上次的格式'" in out
    )  # the slices trigger found last time's format
    assert "check     max_length: item 2" in out  # ...the correction trigger caught a long title
    assert "skipped   user_preference:prefer-乌龙茶  (suppressed by the user)" in out
    assert "sk-proj" not in out.split("Stored for the user")[1]  # the secret was never stored
    assert "memory messages among them: 0" in out
    assert (tmp_path / "demo.sqlite").exists()


@pytest.mark.parametrize(
    ("spec", "message"),
    [("gpt-4o", "provider:name"), ("nosuchprovider:some-model", "nosuchprovider")],
)
def test_demo_model_errors_are_clear(
    spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--model", spec]) == 2
    assert message in capsys.readouterr().err
