"""``memory-plugins bench intent [FILE]``: intent-anchor latency and one-time load cost.

Measures, in this fresh process: the import of spaCy, the build of the Chinese and
English pipelines (the one-time load cost), then p50/p95 per utterance after warm-up
over several rounds. FILE (optional) is an intent JSONL file; otherwise a built-in
mix of Chinese and English utterances is used. Targets: p50 ≤ 2 ms, load ≤ 2 s.
thinc (spaCy's machine-learning layer) imports PyTorch when it is installed, which
dominates the import time; the table says whether that happened.

Example::

    memory-plugins bench intent --out bench-intent.json
"""

import json
import sys
import time
from argparse import Namespace
from typing import Any

from memory_plugins.bench.evalio import percentile, print_table, read_cases

__all__ = ["LATENCY_TARGET_MS", "LOAD_TARGET_S", "UTTERANCES", "run"]

LATENCY_TARGET_MS = 2.0
LOAD_TARGET_S = 2.0

UTTERANCES = (
    "帮我优化一下说明书的背景技术部分",
    "给登录函数写三个单元测试",
    "这段代码有什么问题",
    "把这封邮件改得更正式一点",
    "总结一下这篇文章的核心观点",
    "把这段话翻译成英文",
    "权利要求3是什么意思",
    "删掉简历里关于实习的那段",
    "比较一下React和Vue的性能",
    "帮我搜索一下关于量子计算的论文",
    "搜一下有没有现成的日期解析库",
    "给我讲讲Transformer的原理",
    "好的",
    "谢谢！",
    "Generate three test cases for the signup form",
    "Please rewrite claim 1 so it's broader",
    "Can you proofread my resume?",
    "What's the difference between a unit test and an integration test?",
    "Translate my LinkedIn post into Spanish",
    "Remove the debug logging",
    "Find prior art on wireless charging pads",
    "Give me a quick summary of this thread",
    "Walk me through how OAuth works",
    "Which is better for a small team, Jira or Linear?",
    "sounds good to me",
    "I'll review it later tonight",
)
"""The default workload: every action, every pack, both languages, some with no task."""
_LONG_PASTE = (
    "The quick brown fox jumps over the lazy dog. " * 500
    + "\n\nSummarize the above in 3 bullet points"
)


def _utterances(path: str | None) -> list[str]:
    if not path:
        return list(UTTERANCES)
    cases, _ = read_cases(path, ("text",))
    return [c.data["text"] for c in cases if isinstance(c.data.get("text"), str)]


def run(args: Namespace) -> int:
    """Print load cost and per-utterance latency; ``--out`` writes them as JSON."""
    try:
        texts = _utterances(getattr(args, "file", None))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    if not texts:
        print("no utterances to measure", file=sys.stderr)
        return 2
    rounds = 5 if getattr(args, "quick", False) else 30

    had_spacy = "spacy" in sys.modules
    began = time.perf_counter()
    try:
        import spacy  # noqa: F401  # the import is part of the one-time cost being measured
    except ImportError:
        print("bench intent needs spaCy: pip install 'memory-plugins[slices]'", file=sys.stderr)
        return 2
    import_s = time.perf_counter() - began
    torch_loaded = "torch" in sys.modules

    from memory_plugins.slices.anchors import IntentExtractor
    from memory_plugins.slices.pipelines import load_pipeline

    stages: dict[str, float] = {}
    for lang in ("zh", "en"):
        start = time.perf_counter()
        load_pipeline(lang)
        stages[lang] = time.perf_counter() - start
    extractor = IntentExtractor()
    start = time.perf_counter()
    extractor.extract(texts[0])
    first_s = time.perf_counter() - start
    load_s = time.perf_counter() - began

    for _ in range(3):  # warm-up: caches, regular expressions, jieba's lazy tables
        for text in texts:
            extractor.extract(text)
    timings: list[float] = []
    by_lang: dict[str, list[float]] = {"zh": [], "en": []}
    for _ in range(rounds):
        for text in texts:
            start = time.perf_counter()
            anchor = extractor.extract(text)
            ms = (time.perf_counter() - start) * 1000
            timings.append(ms)
            by_lang["zh" if anchor.lang == "zh" else "en"].append(ms)

    # A long paste with its request at the end: the rules read its head and tail only.
    paste = _LONG_PASTE
    start = time.perf_counter()
    extractor.extract(paste)
    long_paste_ms = (time.perf_counter() - start) * 1000

    p50, p95 = percentile(timings, 50), percentile(timings, 95)
    result: dict[str, Any] = {
        "utterances": len(texts),
        "rounds": rounds,
        "load_s": round(load_s, 4),
        "spacy_import_s": round(import_s, 4),
        "spacy_already_imported": had_spacy,
        "torch_imported_by_thinc": torch_loaded,
        "zh_pipeline_s": round(stages["zh"], 4),
        "en_pipeline_s": round(stages["en"], 4),
        "first_utterance_s": round(first_s, 4),
        "p50_ms": round(p50, 4),
        "p95_ms": round(p95, 4),
        "p50_ms_zh": round(percentile(by_lang["zh"], 50), 4),
        "p50_ms_en": round(percentile(by_lang["en"], 50), 4),
        "long_paste_chars": len(paste),
        "long_paste_ms": round(long_paste_ms, 4),
        "p50_target_met": p50 <= LATENCY_TARGET_MS,
        "load_target_met": load_s <= LOAD_TARGET_S,
    }
    print_table(
        "bench intent",
        [
            ("utterances × rounds", f"{len(texts)} × {rounds}"),
            ("load total (s)", load_s),
            ("  import spacy (s)", import_s),
            ("  torch imported by thinc", "yes" if torch_loaded else "no"),
            ("  zh pipeline: jieba + POS (s)", stages["zh"]),
            ("  en pipeline (s)", stages["en"]),
            ("p50 per utterance (ms)", p50),
            ("p95 per utterance (ms)", p95),
            ("p50 zh / en (ms)", f"{result['p50_ms_zh']:.3f} / {result['p50_ms_en']:.3f}"),
            (f"a {len(paste):,}-character paste (ms)", long_paste_ms),
            (f"p50 ≤ {LATENCY_TARGET_MS} ms", "met" if result["p50_target_met"] else "MISSED"),
            (f"load ≤ {LOAD_TARGET_S} s", "met" if result["load_target_met"] else "MISSED"),
        ],
    )
    out = getattr(args, "out", None)
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=2)
    return 0
