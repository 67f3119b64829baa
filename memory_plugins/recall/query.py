"""Query analysis: done once per recall, against the configuration's word lists.

A query unit is *informative* when common words cannot explain it: a word whose form is
not a common word's, or a CJK character not covered by a common word or function
character. Only informative units can make a record match, which is what keeps
"你喜欢什么" or "what do you like?" from selecting anything.

>>> from memory_plugins.config import RecallConfig
>>> q = analyse_query("VSCode 有哪些好用的插件?", RecallConfig())
>>> q.tokens, [p for run in q.phrase_runs for opts in run for p in opts]
(('vscod',), ['好用', '插件'])
"""

from dataclasses import dataclass
from functools import lru_cache

from memory_plugins.config import RecallConfig
from memory_plugins.recall.text import Unit, is_cjk, needle, units

__all__ = ["Lexicon", "QueryProfile", "analyse_query", "lexicon_for"]

MIN_PHRASE = 2
MAX_PHRASE = 4


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The configuration's word lists, compiled for matching."""

    function_chars: frozenset[str]
    common_cjk: frozenset[str]
    longest_common: int
    stop_raw: frozenset[str]
    stop_forms: frozenset[str]
    stop_phrases: tuple[tuple[str, ...], ...]
    """Multi-word common phrases, as word forms ("good morning")."""
    self_words: frozenset[str]
    self_chars: tuple[str, ...]
    query_cues: tuple[tuple[str, ...], ...]
    record_cues: tuple[tuple[str, ...], ...]

    def mask(self, run: str) -> list[bool]:
        """For each character of a CJK run: whether a common word or function char covers it."""
        covered = [char in self.function_chars for char in run]
        for start in range(len(run)):
            for size in range(min(self.longest_common, len(run) - start), 1, -1):
                if run[start : start + size] in self.common_cjk:
                    covered[start : start + size] = [True] * size
        return covered

    def informative(self, phrase_needle: str) -> bool:
        """Whether a matched needle (tag, identity part, text) holds any informative unit."""
        for piece in phrase_needle.split():
            if is_cjk(piece[0]):  # canonical pieces are whole CJK runs or whole words
                if not all(self.mask(piece)):
                    return True
            elif piece not in self.stop_forms:
                return True
        return False


@lru_cache(maxsize=16)
def _compile(
    common_words: frozenset[str],
    self_references: frozenset[str],
    cues: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...],
) -> Lexicon:
    function_chars: set[str] = set()
    common_cjk: set[str] = set()
    stop_raw: set[str] = set()
    stop_phrases: set[tuple[str, ...]] = set()
    for entry in common_words:
        found = units(entry)
        if len(found) == 1 and found[0].cjk:
            (function_chars if len(found[0].form) == 1 else common_cjk).add(found[0].form)
        elif len(found) == 1:
            stop_raw.add(found[0].raw)
        elif found and not any(u.cjk for u in found):
            stop_phrases.add(tuple(u.form for u in found))
    stop_forms = {u.form for word in stop_raw for u in units(word)}
    return Lexicon(
        function_chars=frozenset(function_chars),
        common_cjk=frozenset(common_cjk),
        longest_common=max((len(w) for w in common_cjk), default=0),
        stop_raw=frozenset(stop_raw),
        stop_forms=frozenset(stop_forms),
        stop_phrases=tuple(sorted(stop_phrases)),
        self_words=frozenset(u.raw for w in self_references for u in units(w) if not u.cjk),
        self_chars=tuple(u.form for w in sorted(self_references) for u in units(w) if u.cjk),
        query_cues=tuple(tuple(filter(None, map(needle, q))) for q, _ in cues),
        record_cues=tuple(tuple(filter(None, map(needle, r))) for _, r in cues),
    )


def lexicon_for(config: RecallConfig) -> Lexicon:
    """The compiled word lists of ``config`` (cached per distinct list)."""
    return _compile(config.common_words, config.self_references, config.self_context_cues)


@dataclass(frozen=True, slots=True)
class QueryProfile:
    """Everything the scorer needs from one query."""

    text: str
    """The query as given."""
    canonical: str
    """Padded canonical form: tags, identity parts and texts are looked up in it."""
    tokens: tuple[str, ...]
    """Informative ASCII/technical tokens (word stems of 2+ characters, not numbers)."""
    phrase_runs: tuple[tuple[tuple[str, ...], ...], ...]
    """Per CJK run, per position: the informative phrases starting there, longest first."""
    phrases: frozenset[str]
    """Every informative CJK phrase of the query."""
    probes: tuple[str, ...]
    """CJK bigrams that are neither common words nor two function characters, and
    `` word `` stems of informative words. Every counted match of two or more characters
    contains one, so a record whose ``all`` feature holds none can only match through a
    single-character tag or identity part (see :attr:`chars`)."""
    chars: str
    """The query's CJK characters that are not function characters (for ``short``)."""
    phrases_longest_first: tuple[str, ...]
    """:attr:`phrases`, longest first, then in code-point order."""
    facets: tuple[int, ...]
    """Self-context facets the query asks about (empty without a first-person marker)."""
    lexicon: Lexicon


def _phrase_options(run: str, covered: list[bool]) -> tuple[tuple[str, ...], ...]:
    options: list[tuple[str, ...]] = []
    for start in range(len(run)):
        free = 0
        while free < MAX_PHRASE and start + free < len(run) and not covered[start + free]:
            free += 1
        options.append(tuple(run[start : start + size] for size in range(free, MIN_PHRASE - 1, -1)))
    return tuple(options)


def _in_common_phrase(found: list[Unit], phrases: tuple[tuple[str, ...], ...]) -> set[int]:
    # Chit-chat opens an utterance ("Good morning! ..."); mid-sentence the same words are
    # content ("a good morning routine"), so only a leading phrase is common.
    forms = tuple(u.form if not u.cjk else "" for u in found)
    for phrase in phrases:
        if forms[: len(phrase)] == phrase:
            return set(range(len(phrase)))
    return set()


def _bigrams(run: str, lex: Lexicon) -> list[str]:
    pairs = (run[i : i + 2] for i in range(len(run) - 1))
    function = lex.function_chars
    return [
        p for p in pairs if p not in lex.common_cjk and not (p[0] in function and p[1] in function)
    ]


def analyse_query(query: str, config: RecallConfig) -> QueryProfile:
    """Analyse ``query`` once: canonical form, informative tokens and phrases, signature."""
    lex = lexicon_for(config)
    found: list[Unit] = units(query)
    in_phrase = _in_common_phrase(found, lex.stop_phrases)
    tokens: dict[str, None] = {}
    runs: list[tuple[tuple[str, ...], ...]] = []
    phrases: set[str] = set()
    probes: dict[str, None] = {}
    chars: dict[str, None] = {}
    self_reference = False
    for index, unit in enumerate(found):
        if unit.cjk:
            covered = lex.mask(unit.form)
            options = _phrase_options(unit.form, covered)
            runs.append(options)
            phrases.update(p for opts in options for p in opts)
            chars.update((c, None) for c in unit.form if c not in lex.function_chars)
            probes.update((b, None) for b in _bigrams(unit.form, lex))
            self_reference = self_reference or any(c in unit.form for c in lex.self_chars)
            continue
        self_reference = self_reference or unit.raw in lex.self_words
        if unit.raw in lex.stop_raw or unit.form in lex.stop_forms or index in in_phrase:
            continue
        probes[f" {unit.form} "] = None
        if len(unit.form) >= 2 and not unit.form.isdigit():
            tokens[unit.form] = None
    text = " " + " ".join(u.form for u in found) + " "
    facets = (
        tuple(i for i, cues in enumerate(lex.query_cues) if any(c in text for c in cues))
        if self_reference
        else ()
    )
    return QueryProfile(
        text=query,
        canonical=text,
        tokens=tuple(tokens),
        phrase_runs=tuple(runs),
        phrases=frozenset(phrases),
        probes=tuple(probes),
        chars="".join(chars),
        phrases_longest_first=tuple(sorted(phrases, key=lambda p: (-len(p), p))),
        facets=facets,
        lexicon=lex,
    )
