"""Every Python snippet of README.md runs as written, offline.

How snippets are found and run (for whoever adds one):

* every fenced block opened with three backticks and ``python`` is a snippet; other
  languages (``bash``…) are not run;
* the snippets of one ``## `` section run in order, in one fresh namespace (a later
  snippet may continue an earlier one of its section, as a reader would), with a fresh
  temporary folder as the working directory and none of the ``MEMORY_PLUGINS_*``
  variables set (``HOME`` and ``XDG_DATA_HOME`` point into that folder), so a section
  must be complete: its imports, its store, its model
  (``memory_plugins.testing.ScriptedChatModel`` or another offline double, with a comment
  naming the real thing);
* a line ``print(...)  # text`` asserts that ``text`` appears in what the section printed;
  every snippet of an adapter section (LangGraph, LangChain, LlamaIndex, Memory tools) has
  one, so each shows memory stored and recalled, not only that it runs;
* a section must close what it opens: a ``ResourceWarning`` (an engine left open) fails it,
  and so does a WARNING of the ``memory_plugins`` loggers (a happy path warns about nothing);
* a snippet that cannot run here is marked by the line right above its fence,
  ``<!-- readme: skip (why) -->``; the reason is required, and a skipped snippet must
  still compile.
"""

import gc
import logging
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[3] / "README.md"
_FENCE = re.compile(r"^```(\S*)\s*$")
_SKIP = re.compile(r"^<!--\s*readme:\s*skip\s*\((?P<why>[^)]*)\)\s*-->$")


@dataclass(frozen=True)
class Snippet:
    line: int
    """Line of README.md where the code starts (after the fence)."""
    heading: str
    code: str
    skip: str | None


def snippets(text: str) -> list[Snippet]:
    found: list[Snippet] = []
    lines = text.splitlines()
    heading = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = _FENCE.match(line)
        if line.startswith("## "):
            heading = line.lstrip("#").strip()
        if fence is None:
            index += 1
            continue
        end = next(
            (i for i in range(index + 1, len(lines)) if lines[i].startswith("```")), len(lines)
        )
        if fence.group(1) == "python":
            above = next((lines[i] for i in range(index - 1, -1, -1) if lines[i].strip()), "")
            marker = _SKIP.match(above.strip())
            code = "\n".join(lines[index + 1 : end]) + "\n"
            found.append(Snippet(index + 2, heading, code, marker["why"] if marker else None))
        index = end + 1
    return found


SNIPPETS = snippets(README.read_text(encoding="utf-8"))


def test_the_readme_has_snippets_and_the_parser_sees_them_all() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(SNIPPETS) == text.count("```python\n") >= 5
    assert all(s.skip is None or s.skip.strip() for s in SNIPPETS), "a skip needs its reason"


SECTIONS = sorted({s.heading for s in SNIPPETS}, key=[s.heading for s in SNIPPETS].index)
_PRINTED = re.compile(r"^print\(.*\)\s+#\s*(?P<expected>.+)$")
ADAPTER_SECTIONS = ("LangGraph", "LangChain", "LlamaIndex", "Memory tools")


@pytest.mark.parametrize("section", ADAPTER_SECTIONS)
def test_every_adapter_snippet_shows_what_it_printed(section: str) -> None:
    ran = [s for s in SNIPPETS if s.heading == section and s.skip is None]
    assert ran, f"no snippet under ## {section}"
    for snippet in ran:
        shown = [line for line in snippet.code.splitlines() if _PRINTED.match(line.strip())]
        assert shown, f"README.md:{snippet.line}: an adapter snippet prints what it stored"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("error::ResourceWarning")
@pytest.mark.parametrize("section", SECTIONS)
def test_section_runs(
    section: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, "memory_plugins")
    for name in list(os.environ):
        if name.startswith("MEMORY_PLUGINS_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__readme__"}
    ran = [s for s in SNIPPETS if s.heading == section]
    gc.collect()  # what earlier tests left for the collector is not this section's
    for snippet in ran:
        compiled = compile(snippet.code, f"README.md:{snippet.line}", "exec")
        if snippet.skip is None:
            exec(compiled, namespace)  # running the documentation is the point
    unclosed: list[str] = []

    def collect(unraisable: "sys.UnraisableHookArgs") -> None:
        shown = repr(unraisable.exc_value)
        # LlamaIndex's Memory opens an in-memory aiosqlite connection it never closes.
        if isinstance(unraisable.exc_value, ResourceWarning) and "aiosqlite" not in shown:
            unclosed.append(shown)

    monkeypatch.setattr(sys, "unraisablehook", collect)
    namespace.clear()
    gc.collect()  # an engine left open warns when collected
    assert not unclosed, f"## {section} left open: {unclosed}"
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert not warned, f"## {section} logged {warned}"
    printed = capsys.readouterr().out
    for snippet in ran:
        for line in snippet.code.splitlines() if snippet.skip is None else ():
            shown = _PRINTED.match(line.strip())
            if shown:  # a comment after print(...) says what it prints
                assert shown["expected"] in printed, f"README.md:{snippet.line}: {line}"
