"""Framework adapters: thin translations from LangGraph, LangChain and LlamaIndex to the engine.

Each module guards its own imports and raises :class:`~memory_plugins.MissingExtraError`
naming the extra to install; this package imports no framework, so ``import
memory_plugins.adapters`` stays light. Import the module of the framework you use:

- :mod:`memory_plugins.adapters.langgraph`: ``LongTermMemory`` (recall and extraction
  around a model node) and ``add_long_term_memory``.
- :mod:`memory_plugins.adapters.langchain`: ``with_long_term_memory`` (a runnable).
- :mod:`memory_plugins.adapters.langchain_tools`: ``memory_tools`` (``remember`` /
  ``recall`` / ``suppress`` as LangChain tools; also importable from ``.langchain``).
- :mod:`memory_plugins.adapters.langchain_agent`: ``LongTermMemoryMiddleware`` (for
  LangChain's ``create_agent``).
- :mod:`memory_plugins.adapters.llamaindex`: ``LongTermMemoryBlock`` (a memory block),
  ``LlamaIndexExtractor`` (extraction through a LlamaIndex LLM) and
  ``memory_function_tools``.

>>> from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory
"""

__all__: list[str] = []
