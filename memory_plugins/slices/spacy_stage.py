"""Stage 2 of intent anchors: what a spaCy Doc says about the action and its object.

Chinese Docs carry jieba POS (see :mod:`.pipelines`): verbs that are also nouns
(``介绍``, ``测试``) count only when tagged as verbs. English Docs carry the verb
lexicon: a verb counts in request position (clause start, after ``please`` /
``can you`` / ``I need you to``). Any Doc with dependency annotation — from a trained
pipeline with a parser, or gold-annotated — takes the parse path instead: root verb
(or its verb complement) → direct object.

>>> from memory_plugins.slices.pipelines import load_pipeline
>>> result = analyse(load_pipeline("en")("Walk me through how OAuth works"), [], None)
>>> result.cue.action.value, result.obj.text
('explain', 'oauth')
"""

from dataclasses import dataclass
from typing import Any

from memory_plugins.slices.actions import IntentAction
from memory_plugins.slices.lexicon import (
    EN_NOUN_CUES,
    EN_OTHER_VERBS,
    EN_PHRASES,
    EN_VERBS,
    ZH_POS_VERBS,
    ZH_VERBS,
    word_set,
)
from memory_plugins.slices.packs import TargetHit
from memory_plugins.slices.pipelines import verb_base
from memory_plugins.slices.rules import Cue, clause_bounds, zh_blocked

__all__ = ["ObjectPhrase", "StageResult", "analyse"]

_ZH_ASPECTS = word_set(
    "原理 意思 含义 区别 差别 差异 作用 用法 优缺点 优点 缺点 好处 坏处 原因 定义 细节 内容 部分 问题 效果 格式 措辞 语气 结构 逻辑 写法 "
    "性能 效率 速度 意义 影响 历史 背景 特点 概念 方法 步骤 流程"
)
_ZH_DEMONSTRATIVE = (
    "这个",
    "那个",
    "这段",
    "那段",
    "你的",
    "我的",
    "刚才的",
    "刚才那个",
    "之前的",
    "的",
)
_GERUND_TAKERS = frozenset(
    ["mind", "help", "with", "start", "begin", "about", "on", "keep", "try", "trying", "for"]
)
_TO_TAKERS = word_set(
    "need want like have going try trying able ask asking love wish hoping used told allowed"
)
_SKIPPABLE = word_set("please pls plz kindly just also quickly now then maybe actually really")


@dataclass(frozen=True, slots=True)
class ObjectPhrase:
    """A fallback target: the head of the object phrase when no pack names it."""

    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class StageResult:
    """What stage 2 found: an action cue (when stage 1 had none) and an object phrase."""

    cue: Cue | None
    obj: ObjectPhrase | None
    stage: str


def analyse(doc: Any, hits: list[TargetHit], cue: Cue | None) -> StageResult:
    """Find a cue (when ``cue`` is None) and the object phrase after it in ``doc``."""
    if doc.has_annotation("DEP"):
        return _parse_path(doc, hits, cue)
    lang = doc.lang_
    if cue is None:
        cue = _zh_lexicon_cue(doc, hits) if lang == "zh" else _en_lexicon_cue(doc)
    obj = None
    if cue is not None:
        obj = _zh_object(doc, cue) if lang == "zh" else _en_object(doc, cue)
    return StageResult(cue, obj, "spacy")


def _zh_lexicon_cue(doc: Any, hits: list[TargetHit]) -> Cue | None:
    text = doc.text
    for token in doc:
        action = ZH_POS_VERBS.get(token.text)
        if action is None or not token.tag_.startswith("v"):
            continue
        start, end = token.idx, token.idx + len(token.text)
        if any(h.start < end and start < h.end for h in hits):
            continue
        if zh_blocked(text, start, end, token.text) or text[:start].endswith(_ZH_DEMONSTRATIVE):
            continue  # 那个翻译挺准确的: after a demonstrative the word is a noun
        return Cue(action, start, end, 3.0, "spacy")
    return None


def _previous(doc: Any, i: int) -> Any:
    j = i - 1
    while j >= 0 and doc[j].lower_ in _SKIPPABLE:
        j -= 1
    return doc[j] if j >= 0 else None


def _en_lexicon_cue(doc: Any) -> Cue | None:
    for i, token in enumerate(doc):
        if token.pos_ != "VERB":
            continue
        base = token.lemma_ or token.lower_
        found = _en_action(doc, i, base)
        if found is None or (token.lower_.endswith("s") and token.lower_ != base):
            continue
        action, size = found
        prev = _previous(doc, i)
        gerund = token.lower_.endswith("ing") and token.lower_ != base
        if _en_request_position(doc, prev, gerund):
            last = doc[i + size - 1]  # a phrasal verb's object comes after its last word
            return Cue(action, token.idx, last.idx + len(last.text), 3.0, "spacy")
    return None


def _en_action(doc: Any, i: int, base: str) -> tuple[IntentAction, int] | None:
    """The action of the (phrasal) verb at ``doc[i]`` and how many tokens it spans."""
    for size in (3, 2):
        words = [base, *(t.lower_ for t in doc[i + 1 : i + size])]
        if len(words) == size and " ".join(words) in EN_PHRASES:
            return EN_PHRASES[" ".join(words)], size
    action = EN_VERBS.get(base)
    return (action, 1) if action is not None else None


def _en_request_position(doc: Any, prev: Any, gerund: bool) -> bool:
    if prev is None or prev.is_punct:
        return not gerund
    low = prev.lower_
    if gerund:
        return low in _GERUND_TAKERS
    if low in {"not", "n't", "never", "don't", "without"}:
        return False
    if low in {"and", "or", "then", "let's", "lets", "us", "please"}:
        return True
    if low == "me":
        before = _previous(doc, prev.i)
        return before is not None and before.lower_ in {"help", "let"}
    if low in {"you", "u"}:
        before = _previous(doc, prev.i)
        return before is not None and before.lower_ in {"can", "could", "would", "will", "ca", "wo"}
    if low == "to":
        before = _previous(doc, prev.i)
        return before is not None and (
            before.lower_ in _TO_TAKERS
            or before.lemma_ in _TO_TAKERS
            or before.lower_ in {"you", "me"}
        )
    return bool(prev.pos_ == "INTJ")


def _zh_object(doc: Any, cue: Cue) -> ObjectPhrase | None:
    _, clause_end = clause_bounds(doc.text, cue.start)
    phrase = []
    for token in doc:
        if token.idx < cue.end:
            continue
        if token.idx >= clause_end or token.pos_ == "PUNCT":
            break
        phrase.append(token)  # relative clauses come first in Chinese: 现成的日期解析库
    runs: list[list[Any]] = []
    phrase = [t for t in phrase if t.text not in _ZH_ASPECTS] or phrase
    for k, token in enumerate(phrase):
        nounish = token.pos_ in {"NOUN", "PROPN"} or (
            token.tag_ == "vn" and k + 1 < len(phrase) and phrase[k + 1].pos_ in {"NOUN", "PROPN"}
        )
        if nounish and token.tag_ not in {"t", "f", "s"}:
            if runs and runs[-1][-1].i == token.i - 1:
                runs[-1].append(token)
            else:
                runs.append([token])
    if not runs:
        return None
    # Comparisons name their first term (React和Vue → React); other objects are head-final.
    head = runs[0] if cue.action is IntentAction.COMPARE else runs[-1]
    start, end = head[0].idx, head[-1].idx + len(head[-1].text)
    return ObjectPhrase(doc.text[start:end], start, end)


def _en_object(doc: Any, cue: Cue) -> ObjectPhrase | None:
    _, clause_end = clause_bounds(doc.text, cue.start)
    run: list[Any] = []
    modified = False  # after a determiner or adjective, a verb-looking word is a noun
    leading = cue.kind == "noun"  # "a summary of this thread": the object follows "of"
    for token in doc:
        if token.idx < cue.end or token.idx >= clause_end:
            continue
        nounish = token.pos_ in {"NOUN", "PROPN"} or (
            modified and token.pos_ == "VERB" and token.lower_ not in EN_OTHER_VERBS
        )
        if nounish and token.lower_ not in EN_NOUN_CUES:
            run.append(token)
            continue
        if run:
            break
        if leading and token.lower_ in {"of", "on", "for", "about"}:
            leading = False
            continue
        if token.pos_ in {"DET", "ADJ", "NUM"}:
            modified = True
        elif token.pos_ in {"ADP", "VERB", "AUX", "PUNCT", "CCONJ"} and token.lower_ != "up":
            break
    if not run:
        return None
    head = run[-1]
    return ObjectPhrase(head.lemma_ or head.lower_, head.idx, head.idx + len(head.text))


_OBJECT_DEPS = {"dobj", "obj", "attr", "dative", "oprd"}
_VERB_CHILD_DEPS = {"xcomp", "ccomp", "conj", "advcl", "parataxis", "dep"}


def _parse_action(doc: Any, token: Any) -> IntentAction | None:
    if doc.lang_ == "zh":
        text = token.text
        for action, words in ZH_VERBS.items():
            if text in words:
                return action
        return ZH_POS_VERBS.get(text)
    base = verb_base((token.lemma_ or token.lower_).lower())
    particles = [c.lower_ for c in token.children if c.dep_ in {"prt", "compound:prt"}]
    for particle in particles:
        phrase = f"{base} {particle}"
        if phrase in EN_PHRASES:
            return EN_PHRASES[phrase]
    return EN_VERBS.get(base)


def _parse_path(doc: Any, hits: list[TargetHit], cue: Cue | None) -> StageResult:
    roots = [t for t in doc if t.dep_ == "ROOT"]
    queue = list(roots)
    seen: set[int] = set()
    while queue:
        verb = queue.pop(0)
        if verb.i in seen:
            continue
        seen.add(verb.i)
        action = _parse_action(doc, verb) if verb.pos_ in {"VERB", "AUX"} else None
        if action is not None and not _negated(verb):
            found = Cue(action, verb.idx, verb.idx + len(verb.text), 3.0, "parse")
            return StageResult(cue or found, _parse_object(doc, verb), "parse")
        queue.extend(c for c in verb.children if c.dep_ in _VERB_CHILD_DEPS)
    return StageResult(cue, None, "parse")


def _negated(verb: Any) -> bool:
    return any(
        c.dep_ == "neg" or c.lower_ in {"not", "n't", "不", "别", "不要"} for c in verb.children
    )


def _parse_object(doc: Any, verb: Any) -> ObjectPhrase | None:
    objects = [c for c in verb.children if c.dep_ in _OBJECT_DEPS]
    if not objects:
        for prep in (c for c in verb.children if c.dep_ in {"prep", "obl"}):
            objects.extend(g for g in prep.children if g.dep_ in {"pobj", "obj"})
            if prep.pos_ in {"NOUN", "PROPN"}:
                objects.append(prep)
    if not objects:
        return None
    head = objects[0]
    span = doc[head.left_edge.i : head.right_edge.i + 1]
    text = span.text if doc.lang_ == "zh" else (head.lemma_ or head.lower_)
    return ObjectPhrase(text, span.start_char, span.end_char)
