"""The measuring harnesses behind ``memory-plugins bench`` and ``memory-plugins eval``.

``bench_<target>`` prints speed figures (``write``, ``recall``, ``intent``, ``extraction``,
``locomo``) and ``eval_<suite>`` measures decisions on a labelled JSONL file (``recall``,
``validation``, ``intent``, ``constraints``); each has a ``run(args)`` that the command line
(:mod:`memory_plugins.cli`, which only parses the arguments) calls by name, so
``memory-plugins --help`` loads none of them. :mod:`~memory_plugins.bench.bench_common`
opens the temporary backends, :mod:`~memory_plugins.bench.evalio` reads the labelled cases
and prints the tables.
"""
