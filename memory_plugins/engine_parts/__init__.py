"""The parts :class:`~memory_plugins.engine.MemoryEngine` composes, one owner per state.

- :mod:`~memory_plugins.engine_parts.writes`: the write path (gates, keys, dedupe,
  supersede, suppress/restore, forget/erase/sweep, history) and its per-namespace locks;
- :mod:`~memory_plugins.engine_parts.reads`: the read path (the record cache, its
  refresh and delta reads, recall's selection) and the change tokens it reads;
- :mod:`~memory_plugins.engine_parts.vectors`: the semantic channel's embedding work
  (deadlines, the model's warm-up, vectors added in the background).

The engine owns the worker threads and the lifecycle and hands each part what it needs;
no part imports the engine (modules that take an engine are typed by
:class:`~memory_plugins.engine_parts.surface.EngineSurface`).
"""
