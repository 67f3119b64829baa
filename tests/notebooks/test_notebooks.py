"""Every notebook runs offline, top to bottom, in a kernel of this interpreter."""

import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="session", autouse=True)
def python3_kernel() -> None:
    # The kernel must be this interpreter (the venv); install its kernelspec if it is missing.
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        from ipykernel.kernelspec import install

        install(prefix=sys.prefix)


def test_notebooks_are_committed_without_outputs() -> None:
    found = sorted(NOTEBOOKS.glob("*.ipynb"))
    assert {p.name for p in found} >= {
        "langgraph.ipynb",
        "langchain.ipynb",
        "llamaindex.ipynb",
        "explain_and_inspect.ipynb",
    }
    for path in found:
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                assert not cell.outputs and cell.execution_count is None, path.name


@pytest.mark.notebook
@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_notebook_runs(name: str, tmp_path: Path) -> None:
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    client = NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=120,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()  # raises CellExecutionError, with the failing cell, on any error
    # The happy path of a walkthrough warns about nothing (the memory_plugins loggers write
    # to stderr); the cells that show a refusal print it as a result, not as a warning.
    warned = [
        (index, output.get("text", ""))
        for index, cell in enumerate(notebook.cells)
        for output in cell.get("outputs", [])
        if output.get("name") == "stderr" and "memory" in output.get("text", "")
    ]
    assert not warned, f"{name}: {warned}"


def test_notebooks_describe_memory_as_it_works() -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
        assert "post-turn node" not in text, path.name  # the model node queues extraction itself
