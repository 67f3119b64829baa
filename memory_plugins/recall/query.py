"""Query analysis: done once per recall, against the configuration's word lists.

A query unit is *informative* when common words cannot explain it: a word whose form is
not a common word's, or a CJK character not covered by a common word or function
character. Only informative units can make a record match, which is what keeps
"你喜欢什么" or "what do you like?" from selecting anything.

>>> from memory_plugins.config import RecallConfig
>>> q = analyse_query("VSCode 有哪些好用的插件?", RecallConfig())
>>> q.tokens, [p for run in q.phrase_runs for opts in run for p in opts]
(('vscode',), ['好用', '插件'])
"""

import heapq
import re
from collections.abc import Container
from dataclasses import dataclass, field
from functools import lru_cache

from memory_plugins.config import RecallConfig
from memory_plugins.recall.text import (
    Unit,
    is_cjk,
    needle,
    needle_keys,
    normalise,
    query_keys,
    stem,
    units,
    word_case,
    word_cases,
)

__all__ = [
    "Lexicon",
    "QueryProfile",
    "analyse_query",
    "content_words",
    "has_marker",
    "lexicon_for",
    "marker_text",
    "without_markers",
]

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
    aliases: tuple["AliasGroup", ...] = ()
    alias_keys: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False)
    """Each group of :attr:`aliases` (by position) filed under one key of each of its
    needles (see :func:`~memory_plugins.recall.text.needle_keys`): a needle contained in a
    canonical form has all its keys among the form's ``query_keys``, so only the groups
    filed under those need a test."""

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


@dataclass(frozen=True, slots=True)
class AliasGroup:
    """One group of equivalent names, compiled: how to spot it and what it adds."""

    needles: tuple[str, ...]
    """Each member as a whole phrase of a canonical form."""
    expansion: str
    """Every member's canonical form, ``|``-separated, appended to a matching query."""
    probes: tuple[str, ...]
    """The members' probes (`` word `` forms and CJK bigrams)."""


def _compile_aliases(groups: tuple[tuple[str, ...], ...]) -> tuple[AliasGroup, ...]:
    compiled = []
    for group in groups:
        members = [units(name) for name in group]
        forms = [" ".join(u.form for u in found) for found in members if found]
        words = {u.form for found in members for u in found if not u.cjk}
        cjk = [u.form for found in members for u in found if u.cjk]
        compiled.append(
            AliasGroup(
                needles=tuple(n for n in (needle(name) for name in group) if n.strip()),
                expansion=" | " + " | ".join(forms) + " | ",
                probes=tuple(
                    sorted(
                        {f" {w} " for w in words}
                        | {r[i : i + 2] for r in cjk for i in range(len(r) - 1)}
                    )
                ),
            )
        )
    return tuple(compiled)


def _file_aliases(groups: tuple[AliasGroup, ...]) -> dict[str, tuple[int, ...]]:
    filed: dict[str, dict[int, None]] = {}
    for at, group in enumerate(groups):
        for pin in group.needles:
            filed.setdefault(max(needle_keys(pin), key=len), {})[at] = None
    return {key: tuple(ats) for key, ats in filed.items()}


def _expand_aliases(text: str, lex: Lexicon, probes: dict[str, None]) -> str:
    """``text`` with the expansion of each alias group one of whose names it holds, in the
    groups' order (a group may match a name an earlier group's expansion added); the
    groups' probes added to ``probes``."""
    filed = lex.alias_keys
    waiting = [at for key in query_keys(text) for at in filed.get(key, ())]
    if not waiting:
        return text
    heapq.heapify(waiting)
    tested = -1
    groups = lex.aliases
    while waiting:
        at = heapq.heappop(waiting)
        if at <= tested:
            continue
        tested = at
        group = groups[at]
        if any(n in text for n in group.needles):
            text += group.expansion  # whole names only: tags and identity parts match
            probes.update((p, None) for p in group.probes)
            for key in query_keys(group.expansion):
                for later in filed.get(key, ()):
                    if later > at:
                        heapq.heappush(waiting, later)
    return text


@lru_cache(maxsize=16)
def _compile(
    common_words: frozenset[str],
    self_references: frozenset[str],
    cues: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...],
    aliases: tuple[tuple[str, ...], ...] = (),
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
    compiled = _compile_aliases(aliases)
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
        aliases=compiled,
        alias_keys=_file_aliases(compiled),
    )


_BY_CONFIG: dict[int, tuple[RecallConfig, Lexicon]] = {}
"""The lexicon of each configuration object lately asked about (by ``id``, the object kept
so its ``id`` is not reused): hashing the word lists to find their cached compilation
costs more than the rest of a query's analysis."""


def lexicon_for(config: RecallConfig) -> Lexicon:
    """The compiled word lists of ``config`` (cached per distinct list)."""
    held = _BY_CONFIG.get(id(config))
    if held is not None and held[0] is config:
        return held[1]
    lexicon = _compile(
        config.common_words, config.self_references, config.self_context_cues, config.aliases
    )
    if len(_BY_CONFIG) >= 16:
        _BY_CONFIG.clear()
    _BY_CONFIG[id(config)] = (config, lexicon)
    return lexicon


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
    factual: bool = False
    """A question about the world: a ``fact_question_markers`` interrogative, and neither a
    ``request_markers`` word nor a first-person marker (see ``RecallConfig``)."""
    mentions: bool = False
    """A question about a word itself (``RecallConfig.mention_markers``: its meaning, its
    translation); such a question is also :attr:`factual`."""
    owned: frozenset[str] = frozenset()
    """Tokens right after a possessive of ``RecallConfig.owner_words``: the user's own
    things ("my knee" gives ``knee``), which count as terms, not plain words."""
    word_cases: dict[str, frozenset[str]] | None = None
    """In a query written with case (both upper and lower letters): each ASCII word form
    and how it was written (``lower``, ``title``, ``upper``). ``None`` for an all-lower or
    all-upper query, where case says nothing."""

    def case_clash(self, tag: str) -> bool:
        """Whether a one-word ASCII tag or identity part is written as another kind of word.

        In text written with case, a name (``Max``) is not the word ``max`` and a lower-case
        tool name (``uv``) is not an acronym (``UV``): such a tag does not match.

        >>> from memory_plugins.config import RecallConfig
        >>> q = analyse_query("What's the max attachment size in Gmail?", RecallConfig())
        >>> q.case_clash("Max"), q.case_clash("Gmail"), q.case_clash("attachments")
        (True, False, False)
        """
        if self.word_cases is None or not tag.isascii() or not tag.isalpha():
            return False
        form = stem(tag.lower())
        case = word_case(tag)
        return self.token_clash(
            form,
            (form,) if case == "title" else (),
            (form,) if case == "lower" and len(form) <= 4 else (),
        )

    def token_clash(self, form: str, names: Container[str], short_lower: Container[str]) -> bool:
        """Whether word ``form`` is written in a record (its ``names`` and ``short_lower``
        features) as another kind of word than in the query: a name against a plain word,
        a short word against an acronym."""
        if self.word_cases is None:
            return False
        seen = self.word_cases.get(form)
        if not seen:
            return False
        if form in names:  # a name must be written as one
            return seen == frozenset({"lower"})
        if form in short_lower:  # a short word against an acronym
            return seen == frozenset({"upper"})
        return False


_ASCII_LETTERS = re.compile("[A-Za-z]+")


def _word_cases(query: str) -> dict[str, frozenset[str]] | None:
    letters = "".join(_ASCII_LETTERS.findall(query))
    if not letters or letters.isupper() or letters.islower():
        return None  # all-lower or all-upper text says nothing about case
    return word_cases(query)


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
    owned: set[str] = set()
    owners = config.owner_words
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
            if index and found[index - 1].raw in owners:
                owned.add(unit.form)
    text = " " + " ".join(u.form for u in found) + " "
    # Equivalent names: the query is matched as if it had used every name of the group.
    text = _expand_aliases(text, lex, probes)
    facets = (
        tuple(i for i, cues in enumerate(lex.query_cues) if any(c in text for c in cues))
        if self_reference
        else ()
    )
    factual, mentions = _question_kind(query, config)
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
        factual=factual and not self_reference,
        mentions=mentions and not self_reference,
        owned=frozenset(owned),
        word_cases=_word_cases(query) if config.case_sensitive_names else None,
    )


_NOT_WORD = re.compile(r"[^\w']+")

_COMES_ABOUT = re.compile(
    r"是(?:怎么|如何)(?:做|制|造|生产|产生|酿|榨|磨|烤|炼|织|种|养|长|形成|发明|演变|进化)"
    r"[\u4e00-\u9fff]{0,3}的"
    r"| how (?:is|are|was|were) (?:[a-z']+ ){1,4}(?:made|produced|formed|grown|brewed|invented) "
    r"|^ (?:(?:is|was) an? |(?:are|were) (?!(?:there|these|those|you|they|we|the) ))"
)
"""How a thing is made or comes to be: the 是…的 of a Chinese question on how it was made,
grown or formed ("花生油是怎么榨出来的"), an English passive "how is … made" — a question
about the world, as "why" is, not a how-to the user will follow (a question how someone
did something, "AlphaGo 是怎么赢的", is about that event, and stays as it was). Each part is
bounded (at most three characters, four words), so it never backtracks far.

So is a yes-no question about a kind of thing, its subject indefinite or plural ("Is a
tomato a fruit?", "Are nurse sharks dangerous?"): it asks what is so of the kind, not what
to do. A particular thing ("Is the glass bridge worth it?"), a thing named bare ("Is shrimp
paste used in pad thai?"), "there", a demonstrative or a person may be the user's own
situation, and a first-person word makes any question the user's."""

_MADE_BY = re.compile(r"是哪(?:家|个)(?:公司|厂商|厂家|品牌)[\u4e00-\u9fff]{0,3}的")
"""Who made a thing, in the 是…的 of a question about a past deed ("坚果手机是哪家公司出的"):
a question about the world, though 哪家 alone asks to choose one ("哪家火锅好吃")."""


def _question_kind(query: str, config: RecallConfig) -> tuple[bool, bool]:
    """Whether ``query`` asks about the world, and whether it asks about a word itself (what
    it means, how it is said: such a question asks about the world too); neither when it
    holds a request word. The markers are read once."""
    if config.fact_question_factor >= 1.0:
        return False, False
    raw = marker_text(query)
    made_by = _MADE_BY.search(raw)
    if has_marker(_MADE_BY.sub(" ", raw) if made_by else raw, config.request_markers):
        return False, False
    mentions = has_marker(raw, config.mention_markers)
    factual = mentions or made_by is not None or has_marker(raw, config.fact_question_markers)
    return factual or _COMES_ABOUT.search(raw) is not None, mentions


def marker_text(query: str) -> str:
    """``query`` as :func:`has_marker` reads it: its words as written ("what's"), one space
    around each."""
    return " " + _NOT_WORD.sub(" ", normalise(query)) + " "


def has_marker(raw: str, markers: tuple[str, ...]) -> bool:
    """Whether :func:`marker_text` ``raw`` holds one of ``markers`` (English ones as whole
    words)."""
    return any(needle in raw for needle in _marker_needles(tuple(markers)))


def without_markers(raw: str, markers: tuple[str, ...]) -> str:
    """:func:`marker_text` ``raw`` with every occurrence of ``markers`` blanked out."""
    for marker in _marker_needles(tuple(markers)):
        raw = raw.replace(marker, " ")
    return raw


@lru_cache(maxsize=64)
def _marker_needles(markers: tuple[str, ...]) -> tuple[str, ...]:
    # A CJK marker may sit inside a run; an English one is whole words.
    return tuple(f" {marker} " if marker.isascii() else marker for marker in markers)


def content_words(text: str, config: RecallConfig | None = None) -> list[str]:
    """The words of ``text`` as the scorer sees them, common words left out: English word
    stems and CJK character pairs (for bag-of-words baselines and stand-in embeddings).

    >>> words = content_words("When did Caroline go to the LGBTQ support groups?")
    >>> "lgbtq" in words, "the" in words, content_words("the user")
    (True, False, [])
    """
    stop = lexicon_for(config or RecallConfig()).stop_forms
    words: list[str] = []
    for unit in units(text):
        if unit.cjk:
            form = unit.form
            words.extend(form[i : i + 2] for i in range(max(1, len(form) - 1)))
        elif unit.form not in stop:
            words.append(unit.form)
    return words
