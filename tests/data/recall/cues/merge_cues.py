"""Write ``tests/data/recall/cued*/*.jsonl``: the recall sets with each model run's cues
merged in.

Run from the repository root: ``python tests/data/recall/cues/merge_cues.py``. Each memory's
candidate gains ``"cues"`` from a run's file (``RUNS``), looked up through ``cue-map.jsonl``,
and ``"other_senses"`` where the run wrote some; nothing else changes. The output is
generated, never edited by hand.
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECALL = HERE.parent
RUNS = {
    "cued": "model-cues.jsonl",
    "cued-2b": "model-cues-2b.jsonl",
    "cued-2c": "model-cues-2c.jsonl",
    "cued-1a": "model-cues-1a.jsonl",
    "cued-1b": "model-cues-1b.jsonl",
    "cued-3a": "model-cues-3a.jsonl",
    "cued-3b": "model-cues-3b.jsonl",
    "cued-4a": "model-cues-4a.jsonl",
    "cued-4b": "model-cues-4b.jsonl",
    "cued-4c": "model-cues-4c.jsonl",
}
"""Output folder (beside the recall sets) → the model run's cue file it merges: three runs
given the shipped ``CUE_INSTRUCTIONS`` (``cued``, ``cued-2b``, ``cued-2c``) and two given the
earlier instructions (``CUE_INSTRUCTIONS-1.md``); two given the instructions with
``other_senses`` (``cued-3a``, ``cued-3b``)."""


def merged(run: str = "cued") -> dict[str, str]:
    """File name → the text of its copy with ``run``'s cues (and other senses) merged in."""
    cues = {}
    for line in (HERE / RUNS[run]).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        cues[row["id"]] = {"cues": row["cues"]}
        if row.get("other_senses"):
            cues[row["id"]]["other_senses"] = row["other_senses"]
    where = {}
    for line in (HERE / "cue-map.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        where[(row["file"], row["scenario"], row["ref"])] = cues[row["id"]]
    files = sorted({file for file, _, _ in where})
    result = {}
    for name in files:
        lines = []
        for line in (RECALL / name).read_text(encoding="utf-8").splitlines():
            scenario = json.loads(line)
            for memory in scenario["memories"]:
                found = where.get((name, scenario["id"], memory["ref"]))
                if found is not None:
                    memory["candidate"] = {**memory["candidate"], **found}
            lines.append(json.dumps(scenario, ensure_ascii=False))
        result[name] = "\n".join(lines) + "\n"
    return result


def main() -> int:
    for run in RUNS:
        out = RECALL / run
        out.mkdir(exist_ok=True)
        for name, text in merged(run).items():
            (out / name).write_text(text, encoding="utf-8")
            print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
