"""The ``transcript`` gate: role-marked dialogue copied into a memory.

A memory is one fact sentence; a transcript has speakers. A *role marker* is a speaker
label with something said after it: ``[user] …``, ``【助手】…``, ``User: …``,
``Assistant: …``, ``Human:/AI:``, ``用户：… 助手：…``, ``问：… 答：…``, ``Q: … A: …``.
A transcript is

* one chat-template token (``<|im_start|>``, ``[INST]``, ``<<SYS>>``), or
* role markers where the user speaks and is answered (user + assistant), or the user
  speaks in two turns each opening a line.

Prose that mentions "the user" is not a transcript: at least one marker must be strong
(bracketed, opening a line, capitalised like ``User:``, or Chinese after punctuation -
not inside a phrase like "提醒用户：…"); a lower-case inline "user:" only counts next to
a strong one. ``Q``/``A`` count only in upper case after punctuation ("Plan A:" is
prose), a marker with nothing said after it does not count, and labels without the user
("System: Ubuntu; Model: ThinkPad") are a spec sheet, not a conversation.

>>> find_transcript(["User: I like tea. Assistant: Noted!"])
'role-marked dialogue (assistant, user)'
>>> find_transcript(["The user prefers answers that quote the user: verbatim."]) is None
True
"""

import re
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["find_transcript"]

_SPEAKERS = {
    "user": "user", "human": "user", "用户": "user", "人类": "user", "我": "user",
    "问": "user", "提问": "user", "q": "user",
    "assistant": "assistant", "ai": "assistant", "bot": "assistant", "chatbot": "assistant",
    "chatgpt": "assistant", "gpt": "assistant", "claude": "assistant", "model": "assistant",
    "助手": "assistant", "助理": "assistant", "机器人": "assistant", "客服": "assistant",
    "模型": "assistant", "答": "assistant", "回答": "assistant", "a": "assistant",
    "system": "system", "系统": "system",
}  # fmt: skip

_TEMPLATE_TOKEN = re.compile(
    r"<\|(?:im_start|im_end|start_header_id|end_header_id|eot_id|user|assistant|system|endoftext)\|>"
    r"|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>",
    re.IGNORECASE,
)
_BRACKET_MARKER = re.compile(
    r"[\[【]\s*(user|human|assistant|ai|bot|chatbot|system|model|用户|助手|助理|机器人|客服|系统|人类)\s*[\]】]",
    re.IGNORECASE,
)
_EN_MARKER = re.compile(
    r"(?<![A-Za-z0-9_])(user|human|assistant|chatbot|chatgpt|claude|model|system|gpt|bot|ai|q|a)"
    r"(?:\s+(?:says|said|asks|asked|replies|replied|answers|answered|writes|wrote))?\s*[:：]",
    re.IGNORECASE,
)
# A Chinese label only counts after punctuation, whitespace or a line start, never mid-phrase.
_ZH_MARKER = re.compile(
    r"(?:^|(?<=[\s,.;!?()\[\]\"'，。；！？、（）“”‘’「」『』]))"
    r"(用户|助手|助理|机器人|客服|系统|人类|模型|提问|回答|问|答|我)"
    r"(?:说|问|答|回答|回复)?\s*[:：]",
    re.MULTILINE,
)
# What may precede a marker on its line for it to count as opening the line: bullets, quotes.
_LINE_LEAD = re.compile(r"[\s>*•·\-\"'“「]*")
_SAID = re.compile(r"\w")
_MARKER_PUNCT = re.compile(r"[:：\[【<]")


class _Marker(NamedTuple):
    start: int
    end: int
    speaker: str
    line_start: bool
    strong: bool  # bracketed, opening a line, capitalised or Chinese; not "the user: …"


def _opens_line(text: str, pos: int) -> bool:
    return _LINE_LEAD.fullmatch(text, text.rfind("\n", 0, pos) + 1, pos) is not None


def _markers(text: str) -> list[_Marker]:
    found: list[_Marker] = []
    for m in _BRACKET_MARKER.finditer(text):
        line_start = _opens_line(text, m.start())
        found.append(_Marker(m.start(), m.end(), _SPEAKERS[m[1].lower()], line_start, True))
    for m in _EN_MARKER.finditer(text):
        word, line_start = m[1], _opens_line(text, m.start())
        if word.lower() in ("q", "a"):
            # Only upper-case Q/A after punctuation label a turn: "Plan A:" and "a:" are prose.
            before = m.start() - 1
            while before >= 0 and text[before].isspace():
                before -= 1
            if word.islower() or (before >= 0 and text[before].isalnum()):
                continue
        strong = line_start or word[0].isupper()
        found.append(_Marker(m.start(), m.end(), _SPEAKERS[word.lower()], line_start, strong))
    for m in _ZH_MARKER.finditer(text):
        line_start = _opens_line(text, m.start())
        found.append(_Marker(m.start(), m.end(), _SPEAKERS[m[1]], line_start, True))
    if not found:
        return found
    found.sort()
    # A label followed by nothing said before the next label ("User:/Assistant:") is no turn.
    return [
        marker
        for marker, after in zip(found, [*(m.start for m in found[1:]), len(text)], strict=True)
        if _SAID.search(text, marker.end, after)
    ]


def _is_dialogue(markers: list[_Marker]) -> bool:
    if not any(m.strong for m in markers):
        return False
    speakers = {m.speaker for m in markers}
    # The user must speak, answered by an assistant or in turns of their own on new lines;
    # "System: Ubuntu; Model: ThinkPad" is a spec sheet, not a conversation.
    user_lines = sum(m.line_start for m in markers if m.speaker == "user")
    return "user" in speakers and ("assistant" in speakers or user_lines >= 2)


def find_transcript(strings: Sequence[str]) -> str | None:
    """Describe the first role-marked dialogue found in ``strings``, or return None.

    >>> find_transcript(["用户：我喜欢喝茶\\n助手：好的，已记住"])
    'role-marked dialogue (assistant, user)'
    >>> find_transcript(["用户喜欢吃曲奇饼干"]) is None
    True
    """
    if _MARKER_PUNCT.search("\n".join(strings)) is None:
        return None
    for text in strings:
        if _TEMPLATE_TOKEN.search(text):
            return "chat template tokens"
        markers = _markers(text)
        if len(markers) >= 2 and _is_dialogue(markers):
            speakers = sorted({m.speaker for m in markers})
            return f"role-marked dialogue ({', '.join(speakers)})"
    return None
