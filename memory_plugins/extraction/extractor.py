"""The model side of S4: any LangChain chat model proposes raw S1 candidates for one turn.

The extractor asks for structured output but keeps the model's *raw* JSON: candidates go
to the engine's gates exactly as proposed, so an undeclared field is a ``schema``
rejection there instead of being silently dropped by a parser here.

>>> from memory_plugins.testing import ScriptedChatModel
>>> model = ScriptedChatModel(responses=['{"candidates": []}'])
>>> MemoryExtractor(model).extract(TurnInput("alice", "c-1", "What time is it?", "Noon."))
[]
"""

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from memory_plugins.config import GateConfig
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction.bounds import Detector, bound_turn, gate_detectors
from memory_plugins.extraction.prompt import CANDIDATES_SCHEMA, render_messages
from memory_plugins.extraction.turn import TurnInput
from memory_plugins.outcomes import EngineStats

__all__ = [
    "MAX_RESPONSE_CHARS",
    "MAX_RESPONSE_DEPTH",
    "Extraction",
    "ExtractionMethod",
    "MemoryExtractor",
    "message_json",
    "parse_response",
]

logger = logging.getLogger("memory_plugins.extraction")

ExtractionMethod = Literal["json_schema", "function_calling", "json_mode", "plain"]
"""How structured output is requested: ``plain`` asks only through the prompt."""

MAX_RESPONSE_CHARS = 64_000
"""The longest model answer read (characters); a longer one is malformed, never parsed.

An answer holds the candidates of one bounded turn: a few hundred characters each.
"""
MAX_RESPONSE_DEPTH = 16
"""The deepest JSON nesting read; a candidate list needs four levels."""

_FENCE = "```"
_DECODER = json.JSONDecoder()


@dataclass(frozen=True, slots=True)
class Extraction:
    """What one model call proposed.

    ``candidates`` are the JSON objects of the model's list, untouched. ``malformed``
    says why the response could not be read (then ``candidates`` is empty);
    ``skipped_items`` counts list items that were not JSON objects.
    """

    candidates: tuple[dict[str, Any], ...] = ()
    malformed: str | None = None
    skipped_items: int = 0


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks: keep the text ones
        parts = [
            b if isinstance(b, str) else str(b.get("text", ""))
            for b in content
            if isinstance(b, str) or (isinstance(b, dict) and b.get("type") == "text")
        ]
        return "".join(parts)
    return "" if content is None else str(content)


def message_json(message: Any) -> tuple[Any, str | None]:
    """The JSON a model message carries, or why there is none: ``(value, problem)``.

    The first tool call's arguments when there is one, else the text content (a
    Markdown code fence around it is tolerated).

    >>> message_json('```json {"a": 1} ```'), message_json("hello")
    (({'a': 1}, None), (None, 'response is not JSON'))
    """
    tool_calls = getattr(message, "tool_calls", None) or []
    if tool_calls:
        return tool_calls[0].get("args"), None
    if getattr(message, "invalid_tool_calls", None):
        return None, "tool-call arguments are not valid JSON"
    text = _text_of(message if isinstance(message, str) else getattr(message, "content", None))
    if len(text) > MAX_RESPONSE_CHARS:
        return None, f"response is longer than {MAX_RESPONSE_CHARS} characters"
    text = _unfenced(text.strip())
    if not text:
        return None, "response is empty"
    if _depth(text) > MAX_RESPONSE_DEPTH:
        return None, f"response nests deeper than {MAX_RESPONSE_DEPTH} levels"
    try:
        value, end = _DECODER.raw_decode(text)
    except (ValueError, RecursionError):
        return None, "response is not JSON"
    if text[end:].strip():
        return None, "response is not JSON"
    return value, None


def _unfenced(text: str) -> str:
    """``text`` without a Markdown code fence around it, found by ``str`` search: linear
    in the answer's length whatever it holds (a pattern would backtrack on an open fence).
    """
    if not text.startswith(_FENCE) or not text.endswith(_FENCE) or len(text) < 2 * len(_FENCE):
        return text
    body = text[len(_FENCE) : -len(_FENCE)]
    label_end = 0
    while label_end < len(body) and body[label_end].isascii() and body[label_end].isalpha():
        label_end += 1
    return body[label_end:].strip()


def _depth(text: str) -> int:
    """The deepest bracket nesting of a JSON text, strings skipped: one linear pass, so an
    answer nested a thousand deep is refused before a recursive decoder sees it.
    """
    deepest = depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_response(message: Any) -> Extraction:
    """Read a model response (an ``AIMessage``, or a string) into raw candidates.

    Accepted shapes: ``{"candidates": [...]}`` (as text or as tool-call arguments) or a
    bare JSON list. Anything else is malformed; nothing here raises.

    >>> parse_response('{"candidates": [{"type": "user_preference", "mood": "x"}]}').candidates
    ({'type': 'user_preference', 'mood': 'x'},)
    >>> parse_response("Sure, I will remember that!").malformed
    'response is not JSON'
    """
    payload, problem = message_json(message)
    if problem is not None:
        return Extraction(malformed=problem)
    items: Any = payload.get("candidates") if isinstance(payload, dict) else payload
    if not isinstance(items, list):
        return Extraction(malformed="response has no candidate list")
    objects = tuple(item for item in items if isinstance(item, dict))
    return Extraction(candidates=objects, skipped_items=len(items) - len(objects))


class MemoryExtractor:
    """Proposes memory candidates for a turn with any LangChain chat model.

    ``model`` is anything ``init_chat_model`` returns (or any chat model with
    ``invoke``); ``method`` is passed to ``with_structured_output``: ``json_schema``
    (default), ``function_calling`` or ``json_mode``; ``plain`` skips it. The input is
    the S4-bounded turn (see :mod:`memory_plugins.extraction.bounds`), never history:
    summary sentences and pinned decisions a gate would refuse are left out, judged by the
    detectors of ``gates`` (the default set when ``None``). An
    :class:`~memory_plugins.extraction.ExtractionQueue` passes its engine's
    ``config.gates`` on every call, so the prompt is bounded by the gates that judge the
    candidates.

    Malformed responses are counted in :attr:`stats` (``malformed``) and logged; they
    yield no candidates. Errors raised by the model itself (network, provider, rate
    limit) propagate: :class:`~memory_plugins.extraction.ExtractionQueue` catches them.

    >>> from memory_plugins.testing import ScriptedChatModel
    >>> reply = ('{"candidates": [{"type": "user_preference", "text": "用户喜欢吃桃子。",'
    ...          ' "tags": ["桃子", "水果"], "confidence": 0.9, "stability": "stable",'
    ...          ' "identity": {"subject": "桃子", "polarity": "prefer"}, "action": "add",'
    ...          ' "source_signal": "explicit_memory_intent", "reason": "用户要求记住",'
    ...          ' "conflict_signal": false}]}')
    >>> extractor = MemoryExtractor(ScriptedChatModel(responses=[reply]))
    >>> [c["identity"] for c in extractor.extract(TurnInput("a", "c-1", "记住我喜欢吃桃子", "好"))]
    [{'subject': '桃子', 'polarity': 'prefer'}]
    """

    def __init__(
        self,
        model: Any,
        *,
        method: ExtractionMethod = "json_schema",
        gates: GateConfig | None = None,
    ) -> None:
        if gates is not None and not isinstance(gates, GateConfig):
            raise ConfigurationError(
                f"MemoryExtractor gates must be a GateConfig or None, got {type(gates).__name__}"
            )
        if method not in get_args(ExtractionMethod):
            raise ConfigurationError(
                f"MemoryExtractor method must be one of {get_args(ExtractionMethod)}, got {method!r}"
            )
        if not callable(getattr(model, "invoke", None)):
            raise ConfigurationError(
                "MemoryExtractor needs a LangChain chat model (e.g. from init_chat_model), "
                f"got {type(model).__name__}"
            )
        self.model = model
        self.method: ExtractionMethod = method
        self.gates = gates
        self.stats = EngineStats()
        self._runnable = _structured(model, method)
        self._detectors: tuple[GateConfig, tuple[Detector, ...]] | None = None

    def messages(
        self, turn: TurnInput, *, gates: GateConfig | None = None
    ) -> list[tuple[str, str]]:
        """The exact messages the model is sent for ``turn`` (bounded, safe context).

        ``gates`` (else the extractor's own, else the default set) picks the detectors
        that remove summary sentences and pinned decisions a gate would refuse.
        """
        return render_messages(bound_turn(turn, self._detectors_for(gates)))

    def run(self, turn: TurnInput, *, gates: GateConfig | None = None) -> Extraction:
        """Call the model once and read its response; model errors propagate."""
        return self._read(self._runnable.invoke(self.messages(turn, gates=gates)))

    async def arun(self, turn: TurnInput, *, gates: GateConfig | None = None) -> Extraction:
        """Async twin of :meth:`run`."""
        return self._read(await self._runnable.ainvoke(self.messages(turn, gates=gates)))

    def _detectors_for(self, gates: GateConfig | None) -> tuple[Detector, ...] | None:
        chosen = gates if gates is not None else self.gates
        if chosen is None:
            return None  # bound_turn's default set
        cached = self._detectors
        if cached is None or cached[0] is not chosen:
            cached = (chosen, gate_detectors(chosen))
            self._detectors = cached
        return cached[1]

    def extract(self, turn: TurnInput) -> list[dict[str, Any]]:
        """The raw candidate objects the model proposed for ``turn`` (often none)."""
        return list(self.run(turn).candidates)

    async def aextract(self, turn: TurnInput) -> list[dict[str, Any]]:
        """Async twin of :meth:`extract`."""
        return list((await self.arun(turn)).candidates)

    def _read(self, output: Any) -> Extraction:
        # with_structured_output(include_raw=True) returns {"raw", "parsed", "parsing_error"}.
        message = output["raw"] if isinstance(output, dict) and "raw" in output else output
        extraction = parse_response(message)
        self.stats.incr("calls")
        if extraction.malformed is not None:
            self.stats.incr("malformed")
            logger.warning("memory extraction: malformed model output (%s)", extraction.malformed)
        if extraction.skipped_items:
            self.stats.incr("malformed_items", extraction.skipped_items)
            logger.warning(
                "memory extraction: %d list item(s) were not JSON objects", extraction.skipped_items
            )
        self.stats.incr("candidates_proposed", len(extraction.candidates))
        return extraction


def _structured(model: Any, method: ExtractionMethod) -> Any:
    if method == "plain" or not callable(getattr(model, "with_structured_output", None)):
        return model
    attempts: Sequence[dict[str, Any]] = ({"method": method}, {})
    for kwargs in attempts:
        try:
            return model.with_structured_output(CANDIDATES_SCHEMA, include_raw=True, **kwargs)
        except NotImplementedError:
            break
        except (TypeError, ValueError):
            continue  # this model takes no ``method``: let it choose its own
    logger.info(
        "memory extraction: %s has no structured output; asking through the prompt only",
        type(model).__name__,
    )
    return model
