"""The bounds script measures every bound it names, and says when one is broken."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "bounds.py"


@pytest.fixture(scope="module")
def bounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_bounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_small_run_prints_one_line_per_bound(
    bounds: ModuleType, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = bounds.main(
        [
            "--tries",
            "2",
            "--turns",
            "5",
            "--batch",
            "2000",
            "--huge-user",
            "12000",
            "--pg-url",
            pg_url,
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 16 and all("bound:" in line for line in lines)
    assert status == 0 or any(line.startswith("BROKEN") for line in lines)
    for name in (
        "store not answering",
        "embedding",
        "extraction queue",
        "PostgreSQL",
        "SQLite",
        "hostile model answers",
        "1 MB message",
        "read cache, one user",
        "lock wait",
    ):
        assert any(name in line for line in lines), name


def test_a_broken_bound_is_reported(bounds: ModuleType) -> None:
    assert bounds.Bound("x", "1", "0", held=False).line().startswith("BROKEN")
