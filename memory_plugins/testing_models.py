"""An offline LangChain chat model that answers from a script (imports ``langchain_core``).

Reach it through :mod:`memory_plugins.testing`, which imports this module only when
``ScriptedChatModel`` is first used.

>>> from memory_plugins.testing import ScriptedChatModel
>>> model = ScriptedChatModel(responses=["Hello!", lambda messages: f"{len(messages)} in"])
>>> model.invoke("hi").content, model.invoke([("system", "s"), ("human", "h")]).content
('Hello!', '2 in')
>>> [m.content for m in model.calls[1]]
['s', 'h']
"""

import threading
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, Field, PrivateAttr

from memory_plugins.extraction.extractor import message_json

try:
    from langchain_core.exceptions import OutputParserException
    from langchain_core.language_models import LanguageModelInput
    from langchain_core.language_models.chat_models import BaseChatModel
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.outputs import ChatGeneration, ChatResult
    from langchain_core.runnables import Runnable, RunnableLambda
    from langchain_core.tools import BaseTool
    from langchain_core.utils.function_calling import convert_to_openai_tool
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    from memory_plugins.errors import MissingExtraError

    raise MissingExtraError("ScriptedChatModel", "langchain", "langchain-core") from exc

__all__ = ["ScriptedChatModel", "ScriptedResponse"]

ScriptedResponse = str | BaseMessage | BaseException | Callable[[list[BaseMessage]], Any]
"""One scripted turn: text, a message (e.g. with tool calls), an exception to raise, or a
callable of the input messages returning any of those."""


def _resolve(item: Any, messages: list[BaseMessage]) -> AIMessage:
    if callable(item) and not isinstance(item, BaseMessage | BaseException | str):
        item = item(messages)
    if isinstance(item, BaseException):
        raise item
    if isinstance(item, str):
        return AIMessage(content=item)
    if isinstance(item, AIMessage):
        return item
    if isinstance(item, BaseMessage):
        return AIMessage(content=item.content)
    raise TypeError(
        f"ScriptedChatModel responses must be str, AIMessage, an exception or a callable "
        f"returning one of those; got {type(item).__name__}"
    )


def _json_of(message: BaseMessage) -> Any:
    value, problem = message_json(message)
    if problem is not None:
        raise OutputParserException(f"scripted response: {problem}: {message.text[:80]!r}")
    return value


class ScriptedChatModel(BaseChatModel):
    """A real ``BaseChatModel`` whose answers are scripted, for offline tests and demos.

    ``responses`` are used in order (``cycle=True`` starts over when they run out);
    every input is recorded in :attr:`calls` (and the call's keyword arguments, such as
    bound ``tools``, in :attr:`call_kwargs`), so a test can assert what the model saw.
    ``bind_tools`` and ``with_structured_output`` work: structured output parses the
    scripted text (or the first tool call's arguments) as JSON.

    >>> from pydantic import BaseModel
    >>> class Answer(BaseModel):
    ...     value: int
    >>> ScriptedChatModel(responses=['{"value": 4}']).with_structured_output(Answer).invoke("2+2?")
    Answer(value=4)
    """

    responses: list[Any] = Field(default_factory=list)
    """The script: see :data:`ScriptedResponse`."""
    cycle: bool = False
    """Start over at the first response when the script runs out (else raise)."""
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    """Every list of input messages received, in order."""
    call_kwargs: list[dict[str, Any]] = Field(default_factory=list)
    """The keyword arguments of every call (bound tools, stop words...)."""

    _cursor: int = PrivateAttr(default=0)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def __init__(self, responses: Sequence[Any] = (), **kwargs: Any) -> None:
        super().__init__(responses=list(responses), **kwargs)

    @property
    def _llm_type(self) -> str:
        return "scripted-chat-model"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"responses": len(self.responses), "cycle": self.cycle}

    def _next(self, messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
        with self._lock:
            self.calls.append(list(messages))
            self.call_kwargs.append(dict(kwargs))
            index = self._cursor
            self._cursor += 1
            if index >= len(self.responses) and not (self.cycle and self.responses):
                raise RuntimeError(
                    f"ScriptedChatModel ran out of responses after {len(self.responses)}; "
                    "script more responses or pass cycle=True"
                )
            item = self.responses[index % len(self.responses)]
        # Resolved outside the lock: a scripted callable may block (a hanging model).
        return _resolve(item, messages)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        if stop is not None:
            kwargs = {**kwargs, "stop": stop}
        return ChatResult(generations=[ChatGeneration(message=self._next(messages, kwargs))])

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind tools as OpenAI tool schemas; they show up in :attr:`call_kwargs`."""
        formatted = [convert_to_openai_tool(tool) for tool in tools]
        if tool_choice is not None:
            kwargs["tool_choice"] = tool_choice
        return self.bind(tools=formatted, **kwargs)

    def with_structured_output(
        self,
        schema: dict[str, Any] | type,
        *,
        include_raw: bool = False,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, dict[str, Any] | BaseModel]:
        """Parse each scripted answer as JSON (validated when ``schema`` is a pydantic class).

        Any ``method`` is accepted and recorded in :attr:`call_kwargs` under
        ``structured_output``; with ``include_raw=True`` the result is
        ``{"raw": AIMessage, "parsed": ..., "parsing_error": ...}`` as LangChain returns it.
        """
        method = kwargs.pop("method", "json_schema")
        kwargs.pop("strict", None)
        if kwargs:
            raise ValueError(f"Received unsupported arguments {kwargs}")
        # ``structured_output`` reaches ``_generate`` and so :attr:`call_kwargs`; the
        # ``ls_`` key is LangChain's tracing convention and is consumed before that.
        model = self.bind(
            structured_output={"method": method, "schema": schema},
            ls_structured_output_format={"kwargs": {"method": method}, "schema": schema},
        )

        def parse(message: BaseMessage) -> Any:
            data = _json_of(message)
            if isinstance(schema, type) and issubclass(schema, BaseModel):
                return schema.model_validate(data)
            return data

        def parse_with_raw(message: BaseMessage) -> dict[str, Any]:
            try:
                return {"raw": message, "parsed": parse(message), "parsing_error": None}
            except Exception as exc:
                return {"raw": message, "parsed": None, "parsing_error": exc}

        step = RunnableLambda(parse_with_raw if include_raw else parse)
        return model | step
