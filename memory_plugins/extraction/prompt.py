"""The extraction prompt, the structured-output JSON schema and a prompt-size estimate.

The prompt is written for this task: the model *proposes* S1 candidates from one bounded
turn; the program's gates decide. Messages are plain ``(role, text)`` pairs, which every
LangChain chat model accepts, so this module imports no LangChain.

>>> from memory_plugins.extraction import TurnInput
>>> from memory_plugins.extraction.bounds import bound_turn
>>> messages = render_messages(bound_turn(TurnInput("alice", "c-1", "记住：我喜欢桃子", "好的")))
>>> [role for role, _ in messages]
['system', 'human']
>>> "记住：我喜欢桃子" in messages[1][1]
True
"""

import unicodedata
from typing import Any

from memory_plugins.candidate import (
    MAX_CUE_CHARS,
    MAX_CUES,
    MAX_IDENTITY_PART_CHARS,
    MAX_OTHER_SENSE_CHARS,
    MAX_OTHER_SENSES,
    MAX_REASON_CHARS,
    MAX_TAG_CHARS,
    Action,
    MemoryType,
    Polarity,
    SourceSignal,
    Stability,
)
from memory_plugins.extraction.bounds import BoundedTurn

__all__ = [
    "CANDIDATES_SCHEMA",
    "CUE_INSTRUCTIONS",
    "SYSTEM_PROMPT",
    "estimate_tokens",
    "render_messages",
    "render_turn",
]

CUE_INSTRUCTIONS = """\
- "cues": 0 to 8 short phrases (each at most 3 words, or at most 6 Chinese characters)
naming the situations, tasks and topics in which this memory should come to mind later:
words a future request would contain although it does not name the memory's subject.
Write them in the user's language, and add the key terms in the other language (Chinese
and English). Rules for cues:
  - Concrete words a request would really contain: activities, tasks, objects, places,
    kinds of request ("dinner menu", "hotel", "code review", "做菜", "订酒店").
  - A cue is found only where a request contains every word of it. Prefer the one
    specific word a request would use ("sushi", "HIIT", "露营") to a phrase that adds a
    general word to it ("sushi dinner", "HIIT plan", "露营计划"); use two or three words
    only where one alone would be vague or common in another sense.
  - Where a request would name a specific kind, instance or example rather than the
    memory's general word, name those: the dishes, products, places, activities, works or
    tools in which the memory's subject turns up (for a food allergy, dishes and foods that
    contain the allergen; for a skill or hobby, its pieces, tasks and gear).
  - Where people say the memory's subject in other words than the memory does, give
    those words: the everyday or spoken word for a formal term, the symptom or the act
    for a condition, the verb for a noun (for a migraine: "头疼", "headache").
  - Never the memory's own words (its text, its subject or its tags) again: cues are for
    the requests that do NOT use them.
  - No filler or common words that fit any request (用户, 喜欢, 一下, 问题, help, user,
    like, thing, question, today), no names of the memory type.
  - No word that is often used in another sense, where a request containing it would
    usually have nothing to do with this memory.
  - Fewer is better than vague: give no cues rather than generic ones. A preference about
    how to answer that applies to every answer gets cues for the kinds of requests it
    shapes (explanations, reports, reviews), not for any message.
  - Never secrets, personal identifiers or copied dialogue.

Examples:
- "The user uses a wheelchair." -> "cues": ["trip", "hotel", "hiking trail", "concert",
  "stairs", "出行", "无障碍"]
- "用户上夜班，白天睡觉。" -> "cues": ["安排会议", "约时间", "作息", "早上", "meeting time",
  "schedule"]
- "用户对花粉过敏。" -> "cues": ["春游", "踏青", "赏花", "打喷嚏", "口罩", "picnic",
  "sneezing"]
- "用户有偏头痛。" -> "cues": ["头疼", "止痛药", "熬夜", "红酒", "屏幕亮度", "headache",
  "painkiller"]
- "The user wants every answer to end with a one-line summary." -> "cues": ["explain",
  "write-up", "report", "review", "解释", "报告"]

- "other_senses": 0 to 6 short phrases (each at most 4 words, or at most 8 Chinese
characters) in which a word of this memory is used in another sense: compounds, brand and
product names, set phrases and technical terms that contain the memory's word but are
about something else. A request containing one of them is not about this memory, so the
word there does not count for it. Rules for other senses:
  - Each phrase contains a word of the memory's text, subject, tags or cues, spelt as a
    request would spell it (in either language).
  - Only senses a request would really use.
  - Never a phrase that belongs to the memory's own topic (a dish made with the food, a
    piece of gear for the hobby, a kind of the thing): those requests are the ones the
    memory is for.
  - Most memories have none: give an empty list unless a word of the memory is common in
    another sense.

Examples:
- "用户养了一只仓鼠，叫小米。" -> "other_senses": ["小米手机", "小米粥", "小米 SU7"]
- "The user is afraid of spiders." -> "other_senses": ["Spider-Man", "spider plant",
  "web spider", "spider solitaire"]
- "The user commutes by bus." -> "other_senses": ["USB bus", "bus error", "bus factor"]
- "The user loves dark chocolate." -> "other_senses": []
"""
"""What the prompt says about the optional ``cues`` and ``other_senses`` fields (S1), as one
block: the same text was given to the separate model runs that wrote the cues and other
senses of the recall sets (``tests/data/recall/cues/``)."""

_PROMPT_HEAD = """\
You extract long-term memories about the user from ONE finished chat turn. You only \
PROPOSE candidates; a program validates, deduplicates and stores them, and rejects \
anything that breaks the rules below. Conversations may be in Chinese, English or both.

# Output
Return one JSON object: {"candidates": [ ... ]}. Each candidate has exactly these fields \
and no others (an extra field gets the candidate rejected; "cues" and "other_senses" \
are optional):
- "type": one of the eight types below.
- "text": the memory as ONE third-person fact sentence about the user, at most 300 \
characters, written in the language the user wrote in (a Chinese message gives a Chinese \
text such as "用户喜欢吃桃子。", an English one "The user prefers tabs over spaces.").
- "tags": 2 to 4 short retrieval anchors: words or phrases a future user message would \
literally contain (e.g. ["桃子", "水果"], ["tabs", "indentation", "Python"]); not a \
summary, not the type name; keep the user's language.
- "confidence": a number from 0 to 1, how sure you are that this is a lasting fact.
- "stability": "stable" (holds across future conversations), "temporary" (true today or \
for this task only) or "speculative" (a guess, not stated by the user).
- "identity": {"subject": ..., "facet": ..., "polarity": ...}; subject and facet are \
optional strings, polarity is "prefer" or "avoid" (required for user_preference).
- "action": "add", or "suppress" when the user retracts or negates an earlier memory.
- "source_signal": "explicit_memory_intent" (the user asked you to remember), \
"implicit_stable_preference" (a lasting preference stated in passing), "user_correction" \
(the user corrected a fact about themselves) or "pinned_decision" (taken from a pinned \
decision).
- "reason": why this is worth remembering, at most 200 characters.
- "conflict_signal": true when this negates or replaces an earlier memory, else false.
"""

_PROMPT_TAIL = """
# The eight types (one example each)
- user_preference: lasting likes and dislikes. "记住我喜欢吃桃子" -> text "用户喜欢吃桃子。", \
identity {"subject": "桃子", "polarity": "prefer"}.
- communication_preference: how answers and explanations should be given. "Explain \
technical things in plain words first, then the jargon" -> identity {"subject": \
"technical explanations", "facet": "plain words first"}.
- workflow_preference: how the user likes work done or delivered. "整理提示词时用中文且可直接\
复制" -> identity {"subject": "提示词整理", "facet": "中文 可直接复制"}.
- standing_instruction: an instruction to follow every time. "When I ask for an \
estimate, first check whether we are in the spec phase" -> identity {"subject": \
"estimates", "facet": "check spec phase first"}.
- recurring_constraint: a lasting limit or prohibition. "不要凭空发明不存在的项目功能" -> \
identity {"subject": "项目功能", "facet": "不凭空发明"}.
- stable_user_context: stable, non-sensitive background. "I'm a frontend engineer on \
Windows and PowerShell" -> identity {"subject": "frontend engineer", "facet": "Windows \
PowerShell"}.
- project_context: a long-running project or product. "我一直在做个人知识库产品的版本规划" -> \
identity {"subject": "个人知识库产品", "facet": "版本规划"}.
- risk_preference: a risk boundary or cautious default. "Never store my full chat \
history in long-term memory" -> identity {"subject": "chat history", "facet": "not in \
long-term memory"}.

# Which text counts (fact precedence)
1. The latest user message is the source of truth.
2. The safe pinned decisions and the safe summary come next; use them to understand \
the latest message, or propose a memory they state clearly.
3. The assistant's final answer comes last. It only helps you read the user's words: \
NEVER create a memory from the assistant's text alone, and never from what the \
assistant suggested or assumed.
When sources disagree, the higher one wins.

# Rules
- An empty list is the default: {"candidates": []}. Most turns contain nothing worth \
remembering (questions, small talk, one-off tasks). When unsure, return the empty list; \
a missed memory is cheaper than a wrong one.
- Propose only facts that will still matter in future, unrelated conversations. Moods, \
today's plans and task-local details are not memories; if you must mark one, use \
"temporary" (or "speculative" for a guess) and the program will drop it.
- identity.subject is a stable noun phrase naming what the memory is about, e.g. "桃子", \
"技术解释", "Python indentation". Leave out filler words (用户, 我, 记住, 以后, 请, \
remember, always, please, the user), reasons, moods and whole sentences. The same \
thing must always get the same subject, so that a later change updates it instead of \
adding a duplicate.
- Keep the user's language in text, tags and identity; do not translate.
- When the user retracts a memory ("I no longer like peaches", "别再按这个推荐了", \
"forget that I use Vim"), output one candidate with "action": "suppress", \
"conflict_signal": true and the SAME type and identity the original memory would have \
had, so the program can find and suppress it.
- Never put secrets or sensitive data in a candidate: passwords, API keys, tokens, \
cookies, ID, social-security or bank-card numbers, internal runtime or graph state. \
Never copy dialogue or role-marked transcripts ("User: ... Assistant: ...", \
"用户：… 助手：…") into a candidate; state the fact instead.
- No placeholders: never output "N/A", "无", "TODO", "<...>" or "..." as a value.
"""

SYSTEM_PROMPT = _PROMPT_HEAD + CUE_INSTRUCTIONS + _PROMPT_TAIL
"""The system message of every extraction call (the field list includes
:data:`CUE_INSTRUCTIONS`)."""

_DELIMITERS = (
    "latest_user_message",
    "safe_pinned_decisions",
    "safe_summary",
    "assistant_final_answer",
)


def _enum(values: type[Any]) -> list[str]:
    return [member.value for member in values]


_CANDIDATE_ITEM: dict[str, Any] = {
    "type": "object",
    "properties": {
        "type": {"type": "string", "enum": _enum(MemoryType)},
        "text": {"type": "string", "maxLength": 300},
        "tags": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_TAG_CHARS},
            "minItems": 2,
            "maxItems": 4,
        },
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "stability": {"type": "string", "enum": _enum(Stability)},
        "identity": {
            "type": "object",
            "properties": {
                "subject": {"type": "string", "maxLength": MAX_IDENTITY_PART_CHARS},
                "facet": {"type": "string", "maxLength": MAX_IDENTITY_PART_CHARS},
                "polarity": {"type": "string", "enum": _enum(Polarity)},
            },
            "additionalProperties": False,
        },
        "action": {"type": "string", "enum": _enum(Action)},
        "source_signal": {"type": "string", "enum": _enum(SourceSignal)},
        "reason": {"type": "string", "maxLength": MAX_REASON_CHARS},
        "conflict_signal": {"type": "boolean"},
        "cues": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_CUE_CHARS},
            "maxItems": MAX_CUES,
        },
        "other_senses": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_OTHER_SENSE_CHARS},
            "maxItems": MAX_OTHER_SENSES,
        },
    },
    "required": [
        "type",
        "text",
        "tags",
        "confidence",
        "stability",
        "identity",
        "action",
        "source_signal",
        "reason",
        "conflict_signal",
    ],
    "additionalProperties": False,
}

CANDIDATES_SCHEMA: dict[str, Any] = {
    "title": "memory_candidates",
    "description": "Long-term memory candidates proposed from one chat turn; usually empty.",
    "type": "object",
    "properties": {"candidates": {"type": "array", "items": _CANDIDATE_ITEM}},
    "required": ["candidates"],
    "additionalProperties": False,
}
"""The structured-output schema requested from the model (an S1 candidate list).

Enumerations come from the S1 enums, so the schema cannot drift from the gates.
"""


def _neutralise(text: str) -> str:
    # User text must not be able to close a section and pose as another source.
    for name in _DELIMITERS:
        text = text.replace(f"</{name}>", f"</ {name}>").replace(f"<{name}>", f"< {name}>")
    return text


def render_turn(bounded: BoundedTurn) -> str:
    """The human message: the turn's sources in precedence order, each in its own section."""
    pinned = "\n".join(f"- {_neutralise(d)}" for d in bounded.pinned_decisions) or "(none)"
    sections = (
        ("latest_user_message", _neutralise(bounded.user_text) or "(empty)"),
        ("safe_pinned_decisions", pinned),
        ("safe_summary", _neutralise(bounded.summary) or "(none)"),
        ("assistant_final_answer", _neutralise(bounded.assistant_text) or "(empty)"),
    )
    body = "\n\n".join(f"<{name}>\n{content}\n</{name}>" for name, content in sections)
    return (
        "Propose long-term memory candidates from this turn, following the rules. "
        'Reply with the JSON object {"candidates": [...]} only.\n\n' + body
    )


def render_messages(bounded: BoundedTurn) -> list[tuple[str, str]]:
    """The system prompt and the human message, as ``(role, text)`` pairs."""
    return [("system", SYSTEM_PROMPT), ("human", render_turn(bounded))]


def _is_wide(ch: str) -> bool:
    # CJK ideographs, kana, hangul and full-width forms: tokenizers spend about one token each.
    return unicodedata.east_asian_width(ch) in ("W", "F")


def estimate_tokens(text: str) -> int:
    """A documented estimate of a prompt's size in tokens, without a tokenizer.

    One token per CJK (wide) character, one per four other characters, rounded up:
    close to what BPE tokenizers of current chat models give for mixed zh/en text.

    >>> estimate_tokens("hello world!"), estimate_tokens("记住我喜欢桃子")
    (3, 7)
    """
    wide = sum(1 for ch in text if _is_wide(ch))
    narrow = len(text) - wide
    return wide + (narrow + 3) // 4
