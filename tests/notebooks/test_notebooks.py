"""The notebooks are committed with their outputs (each with a picture), are exactly what
``notebooks/build.py`` makes, and run offline, top to bottom, in a kernel of this interpreter."""

import importlib.util
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# notebooks/build.py, loaded by path (a module named "build" may exist elsewhere).
_SPEC = importlib.util.spec_from_file_location("notebooks_build", NOTEBOOKS / "build.py")
assert _SPEC is not None and _SPEC.loader is not None
build = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(build)


@pytest.fixture(scope="session", autouse=True)
def python3_kernel() -> None:
    # The kernel must be this interpreter (the venv); install its kernelspec if it is missing.
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        from ipykernel.kernelspec import install

        install(prefix=sys.prefix)


def outputs(notebook: Any) -> list[dict[str, Any]]:
    return [o for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", [])]


def complaints(notebook: Any) -> list[str]:
    """Errors, and anything written to stderr (warnings and log lines)."""
    return [
        o.get("text") or o.get("ename", "")
        for o in outputs(notebook)
        if o["output_type"] == "error" or (o["output_type"] == "stream" and o["name"] == "stderr")
    ]


NAMES = sorted(build.NOTEBOOKS)


def test_every_notebook_is_built_and_committed() -> None:
    assert {p.name for p in NOTEBOOKS.glob("*.ipynb")} == set(NAMES) >= {
        "langgraph.ipynb",
        "langchain.ipynb",
        "llamaindex.ipynb",
        "explain_and_inspect.ipynb",
    }


@pytest.mark.parametrize("name", NAMES)
def test_committed_with_outputs_and_a_picture_from_these_cells(name: str) -> None:
    committed = nbformat.read(NOTEBOOKS / name, as_version=4)
    built = build.notebook_of(name)
    assert [c.source for c in committed.cells] == [c.source for c in built.cells], (
        f"{name} differs from notebooks/build.py: run python notebooks/build.py"
    )
    code = [c for c in committed.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), f"{name} has cells never run"
    assert build.pictures(committed), f"{name} shows no picture"
    assert not complaints(committed), complaints(committed)


def test_the_readme_pictures_are_the_notebooks() -> None:
    for file, (name, index) in build.README_PICTURES.items():
        committed = nbformat.read(NOTEBOOKS / name, as_version=4)
        assert (build.IMAGES / file).read_bytes() == build.pictures(committed)[index], file
    readme = (NOTEBOOKS.parent / "README.md").read_text(encoding="utf-8")
    assert sum(f"docs/img/{file}" in readme for file in build.README_PICTURES) >= 2


def test_no_notebook_says_memory_adds_a_node() -> None:
    for name in NAMES:
        text = " ".join(c.source for c in build.notebook_of(name).cells).lower()
        assert "post-turn node" not in text, name


@pytest.mark.notebook
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_and_shows_its_pictures(name: str) -> None:
    executed = build.execute(build.notebook_of(name))  # raises on any error, naming the cell
    assert len(build.pictures(executed)) == len(
        build.pictures(nbformat.read(NOTEBOOKS / name, as_version=4))
    )
    if name == "langchain.ipynb":  # its happy path prints no warning
        assert not complaints(executed), complaints(executed)
