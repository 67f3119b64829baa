"""Write ``tests/data/recall/cued/*.jsonl``: the recall sets with the model run's cues merged in.

Run from the repository root: ``python tests/data/recall/cues/merge_cues.py``. Each memory's
candidate gains ``"cues"`` from ``model-cues.jsonl`` (looked up through ``cue-map.jsonl``);
nothing else changes. The output is generated, never edited by hand.
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECALL = HERE.parent
OUT = RECALL / "cued"


def merged() -> dict[str, str]:
    """File name → the text of its cue-merged copy."""
    cues = {}
    for line in (HERE / "model-cues.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        cues[row["id"]] = row["cues"]
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
                    memory["candidate"] = {**memory["candidate"], "cues": found}
            lines.append(json.dumps(scenario, ensure_ascii=False))
        result[name] = "\n".join(lines) + "\n"
    return result


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name, text in merged().items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
