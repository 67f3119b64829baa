"""S5 read path: rule-based, explainable, bilingual recall and injection.

Modules, in the order data flows through them:

* :mod:`~memory_plugins.recall.text` — normalisation, units, stems, needles (pure);
* :mod:`~memory_plugins.recall.lexicon` — built-in common words and self-context cues;
* :mod:`~memory_plugins.recall.features` — write-time features stored with each record;
* :mod:`~memory_plugins.recall.query` — the query, analysed once per recall;
* :mod:`~memory_plugins.recall.scoring` — five dimensions, selection, budgets
  (``rank`` explains every record, ``select`` is the per-turn path);
* :mod:`~memory_plugins.recall.injection` — the system message and its placement;
* :mod:`~memory_plugins.recall.explain` — the explanation as a table or JSON.

This package module imports nothing: ``memory_plugins.config`` reads the word lists
from :mod:`~memory_plugins.recall.lexicon`, so importing the scorer here would be circular.
"""
