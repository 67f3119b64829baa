"""The dependency-parse path, fed gold-annotated Docs (no trained pipeline is installed)."""

from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from memory_plugins.slices.actions import IntentAction
from memory_plugins.slices.anchors import IntentExtractor

EN = spacy.blank("en")
ZH = spacy.blank("zh")


def gold(
    nlp: Any, words: list[str], heads: list[int], deps: list[str], pos: list[str], **extra: Any
) -> Doc:
    return Doc(nlp.vocab, words=words, heads=heads, deps=deps, pos=pos, **extra)


def test_root_verb_and_direct_object_decide(extractor: IntentExtractor) -> None:
    doc = gold(EN, ["Please", "rewrite", "the", "claims"], [1, 1, 3, 1], ["intj", "ROOT", "det", "dobj"],
               ["INTJ", "VERB", "DET", "NOUN"])  # fmt: skip
    anchor = extractor.extract_doc(doc)
    assert (anchor.action, anchor.target, anchor.stage) == (IntentAction.MODIFY, "claim", "parse")


def test_a_verb_complement_of_the_root_is_followed(extractor: IntentExtractor) -> None:
    doc = gold(
        EN,
        ["Can", "you", "help", "me", "write", "unit", "tests"],
        [2, 2, 2, 2, 2, 6, 4],
        ["aux", "nsubj", "ROOT", "dobj", "xcomp", "compound", "dobj"],
        ["AUX", "PRON", "VERB", "PRON", "VERB", "NOUN", "NOUN"],
    )
    assert extractor.extract_doc(doc).key == "generate:unit-test"


def test_chinese_gold_parse(extractor: IntentExtractor) -> None:
    doc = gold(ZH, ["帮", "我", "修改", "权利要求", "1"], [0, 0, 0, 2, 3], ["ROOT", "dobj", "ccomp", "dobj", "nummod"],
               ["VERB", "PRON", "VERB", "NOUN", "NUM"])  # fmt: skip
    anchor = extractor.extract_doc(doc)
    assert (anchor.action, anchor.target, anchor.lang, anchor.stage) == (
        IntentAction.MODIFY,
        "权利要求",
        "zh",
        "parse",
    )


def test_particles_lemmas_and_negation(extractor: IntentExtractor) -> None:
    phrasal = gold(EN, ["Sum", "up", "the", "report"], [0, 0, 3, 0], ["ROOT", "prt", "det", "dobj"],
                   ["VERB", "ADP", "DET", "NOUN"], lemmas=["sum", "up", "the", "report"])  # fmt: skip
    assert extractor.extract_doc(phrasal).key == "summarize:report"
    unknown_noun = gold(EN, ["Explain", "recursion"], [0, 0], ["ROOT", "dobj"], ["VERB", "NOUN"])
    assert extractor.extract_doc(unknown_noun).target == "recursion"
    negated = gold(EN, ["Do", "not", "delete", "the", "log"], [2, 2, 2, 4, 2], ["aux", "neg", "ROOT", "det", "dobj"],
                   ["AUX", "PART", "VERB", "DET", "NOUN"])  # fmt: skip
    assert extractor.extract_doc(negated).action is IntentAction.UNKNOWN


_GOLD = {
    "I would appreciate it if you rewrote claim 3": (
        [2, 2, 2, 2, 6, 6, 2, 6, 7],
        ["nsubj", "aux", "ROOT", "dobj", "mark", "nsubj", "advcl", "dobj", "nummod"],
        ["PRON", "AUX", "VERB", "PRON", "SCONJ", "PRON", "VERB", "NOUN", "NUM"],
        ["I", "would", "appreciate", "it", "if", "you", "rewrite", "claim", "3"],
    )
}


@Language.component("test_gold_parser")
def _gold_parser(doc: Doc) -> Doc:
    heads, deps, pos, lemmas = _GOLD[doc.text]
    return Doc(
        doc.vocab, words=[t.text for t in doc], heads=heads, deps=deps, pos=pos, lemmas=lemmas
    )


def test_a_pipeline_with_a_parser_makes_the_parse_decide() -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("test_gold_parser", name="parser")
    assert "parser" in nlp.pipe_names
    extractor = IntentExtractor(pipelines={"en": nlp})
    anchor = extractor.extract("I would appreciate it if you rewrote claim 3")
    assert (anchor.action, anchor.target, anchor.stage) == (IntentAction.MODIFY, "claim", "parse")
