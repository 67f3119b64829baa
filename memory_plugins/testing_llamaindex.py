"""An offline LlamaIndex LLM that answers from a script (imports ``llama_index.core``).

Reach it through :mod:`memory_plugins.testing`, which imports this module only when
``ScriptedLLM`` is first used. LlamaIndex's own ``MockLLM`` echoes its prompt, so it cannot
produce structured output; this one answers with the JSON you script, which is what
``LlamaIndexExtractor`` (and any ``structured_predict``) needs offline.

>>> from memory_plugins.testing import ScriptedLLM
>>> llm = ScriptedLLM(responses=['{"candidates": []}', lambda prompt: str(len(prompt) > 0)])
>>> llm.complete("hi").text, llm.complete("hello").text
('{"candidates": []}', 'True')
>>> llm.prompts
['hi', 'hello']
"""

import threading
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import Field, PrivateAttr

try:
    from llama_index.core.base.llms.types import (
        CompletionResponse,
        CompletionResponseGen,
        LLMMetadata,
    )
    from llama_index.core.llms import CustomLLM
    from llama_index.core.llms.callbacks import llm_completion_callback
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    from memory_plugins.errors import MissingExtraError

    raise MissingExtraError("ScriptedLLM", "llamaindex", "llama-index-core") from exc

__all__ = ["ScriptedLLM", "ScriptedText"]

ScriptedText = str | BaseException | Callable[[str], str]
"""One scripted answer: text, an exception to raise, or a callable of the prompt."""


class ScriptedLLM(CustomLLM):
    """A real LlamaIndex ``LLM`` (a completion model) whose answers are scripted.

    ``responses`` are used in order (``cycle=True`` starts over when they run out); every
    prompt it was given is recorded in :attr:`prompts`. Chat calls reach it as one prompt
    (LlamaIndex's ``messages_to_prompt``), structured output parses the scripted JSON.
    """

    responses: Sequence[ScriptedText] = Field(default_factory=list)
    cycle: bool = False
    prompts: list[str] = Field(default_factory=list)
    _cursor: int = PrivateAttr(default=0)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def metadata(self) -> LLMMetadata:
        """A completion model without function calling: structured output goes by text."""
        return LLMMetadata(model_name="scripted", is_chat_model=False)

    def _next(self, prompt: str) -> str:
        with self._lock:
            self.prompts.append(prompt)
            index = self._cursor
            self._cursor += 1
            if index >= len(self.responses) and not (self.cycle and self.responses):
                raise RuntimeError(
                    f"ScriptedLLM ran out of responses after {len(self.responses)}; "
                    "script more responses or pass cycle=True"
                )
            item = self.responses[index % len(self.responses)]
        if isinstance(item, BaseException):
            raise item
        return item(prompt) if callable(item) else item

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        """The next scripted answer to ``prompt``."""
        return CompletionResponse(text=self._next(prompt))

    @llm_completion_callback()
    def stream_complete(
        self, prompt: str, formatted: bool = False, **kwargs: Any
    ) -> CompletionResponseGen:
        """The next scripted answer, as one chunk."""
        text = self._next(prompt)

        def gen() -> CompletionResponseGen:
            yield CompletionResponse(text=text, delta=text)

        return gen()
