"""The README's framework and memory-tool snippets run as written, imports included."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[3] / "README.md"
SECTIONS = ("LangGraph", "LangChain", "LlamaIndex", "Memory tools")
_PRINTED = re.compile(r"^print\(.*\)\s+#\s*(?P<expected>.+)$")


def _blocks(section: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", body, flags=re.DOTALL)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("section", SECTIONS)
def test_readme_section_runs(
    section: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    blocks = _blocks(section)
    assert blocks, f"the README has no python snippet under '## {section}'"
    monkeypatch.chdir(tmp_path)  # a snippet's SQLite file lands here
    namespace: dict[str, object] = {"__name__": f"readme_{section.replace(' ', '_')}"}
    for block in blocks:  # the blocks of a section continue one another
        exec(compile(block, f"README.md ## {section}", "exec"), namespace)
    printed = capsys.readouterr().out
    for block in blocks:
        for line in block.splitlines():
            shown = _PRINTED.match(line.strip())
            if shown:  # a comment after print(...) says what it prints
                assert shown["expected"] in printed, line
