"""S5 read path: rule-based, explainable, bilingual recall and injection.

Modules, in the order data flows through them:

* :mod:`~memory_plugins.recall.text` — normalisation, units, stems, needles (pure);
* :mod:`~memory_plugins.recall.features` — write-time features stored with each record;
* :mod:`~memory_plugins.recall.query` — the query, analysed once per recall, and the
  :class:`~memory_plugins.recall.query.Lexicon` built from ``RecallConfig``'s word lists
  (their defaults are values in :mod:`memory_plugins.wordlists`);
* :mod:`~memory_plugins.recall.scoring` — five dimensions, selection, budgets
  (``rank`` explains every record, ``select`` is the per-turn path);
* :mod:`~memory_plugins.recall.passing` — one word of a question about something else
  counts once (a rule :mod:`~memory_plugins.recall.scoring` applies);
* :mod:`~memory_plugins.recall.injection` — the system message and its placement;
* :mod:`~memory_plugins.recall.explain` — the explanation as a table or JSON.
"""

from memory_plugins.recall.explain import consideration_json, format_explanation
from memory_plugins.recall.injection import (
    MEMORY_MESSAGE_NAME,
    insert_memory_message,
    render_memory_message,
)
from memory_plugins.recall.query import Lexicon, QueryProfile, analyse_query
from memory_plugins.recall.scoring import DIMENSIONS, OPTIONAL_DIMENSIONS, rank, select
from memory_plugins.recall.types import Consideration, Ranking, RecallHit, SkipReason

__all__ = [
    "DIMENSIONS",
    "MEMORY_MESSAGE_NAME",
    "OPTIONAL_DIMENSIONS",
    "Consideration",
    "Lexicon",
    "QueryProfile",
    "Ranking",
    "RecallHit",
    "SkipReason",
    "analyse_query",
    "consideration_json",
    "format_explanation",
    "insert_memory_message",
    "rank",
    "render_memory_message",
    "select",
]
