"""Domain packs: JSON data mapping synonyms of both languages to canonical intent targets.

A pack (``packs/*.json``, schema ``domain_pack.v1``) lists targets, each with an id,
a label per language and synonyms in any language. Matching is dictionary lookup,
longest match first: Chinese by substring (no word boundaries in Chinese), other
scripts word by word with plurals folded. ``权利要求1`` and ``claims`` both find the
``claim`` target; ``信息`` is listed as ``ignore`` so that it never counts as ``信``.
A synonym shared by two packs (``脚本``: code or video script) goes to the pack with
more evidence in the same text (its other targets or ``context`` words).

>>> packs = DomainPacks()
>>> [(h.entry.id, h.entry.label("zh")) for h in packs.find("请修改权利要求1的措辞")]
[('claim', '权利要求')]
>>> packs.canonical("claims").id, packs.canonical("Test-Cases").label("en")
('claim', 'test case')
>>> sorted(packs.domains("给登录函数写单元测试"))
['software']
"""

import json
import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from memory_plugins.errors import ConfigurationError
from memory_plugins.slices.language import is_cjk
from memory_plugins.slices.validation import schema_errors

__all__ = [
    "DEFAULT_PACK_NAMES",
    "DomainPack",
    "DomainPacks",
    "PackSource",
    "TargetEntry",
    "TargetHit",
    "fold_plural",
    "load_default_packs",
]

DEFAULT_PACK_NAMES = ("patent", "software", "writing", "general")
"""Packs shipped in ``memory_plugins/slices/packs/``, in priority order."""

_WORD = re.compile(r"[0-9A-Za-zÀ-ÖØ-öø-ÿ]+(?:\+\+|#)?")
_GAP = re.compile(r"[\s\-_'’/]{0,3}")
_KEEP_S = ("ss", "us", "is", "os")


def fold_plural(word: str) -> str:
    """Lower-case and fold an English plural: ``Queries`` → ``query``, ``APIs`` → ``api``.

    >>> [fold_plural(w) for w in ("tests", "classes", "regexes", "queries", "status", "APIs")]
    ['test', 'class', 'regex', 'query', 'status', 'api']
    """
    w = word.lower()
    if len(w) < 3 or not w.isascii():
        return w
    if word[-1] == "s" and word[:-1].isupper():
        return w[:-1]  # acronyms: APIs, KPIs, CVs, PRs
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes", "zes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(_KEEP_S):
        return w[:-1]
    return w


def _lower_same_length(text: str) -> str:
    # Offsets must survive lower-casing; the rare characters whose lower form is longer stay.
    return "".join(low if len(low := ch.lower()) == 1 else ch for ch in text)


def _has_cjk(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def _word_key(text: str) -> tuple[str, ...]:
    return tuple(fold_plural(w) for w in _WORD.findall(text))


@dataclass(frozen=True, slots=True)
class TargetEntry:
    """One canonical target: ``id`` is language-neutral, ``labels`` name it per language."""

    id: str
    domain: str
    labels: tuple[tuple[str, str], ...]
    signals_domain: bool = True
    part: bool = False
    """Names a part of a larger text (a paragraph): in ``X的这一段`` the target is X."""

    def label(self, lang: str) -> str:
        """The label in ``lang``, else English, else the first one."""
        table = dict(self.labels)
        return table.get(lang) or table.get("en") or self.labels[0][1]


@dataclass(frozen=True, slots=True)
class TargetHit:
    """Where a target was found: ``text[start:end]`` is the surface form."""

    entry: TargetEntry
    start: int
    end: int
    surface: str


@dataclass(frozen=True, slots=True)
class DomainPack:
    """A validated pack; build it with :meth:`from_dict` or :meth:`from_path`."""

    name: str
    targets: tuple[TargetEntry, ...]
    synonyms: tuple[tuple[str, str], ...]
    """``(surface, target id)`` pairs, labels included."""
    patterns: tuple[tuple[str, str], ...] = ()
    """``(regular expression, target id)`` pairs."""
    ignore: tuple[str, ...] = ()
    context: tuple[str, ...] = ()
    signals_domain: bool = True
    description: str = ""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DomainPack":
        """Validate ``data`` against ``domain_pack.v1`` and build the pack.

        Raises :class:`ConfigurationError` naming what is wrong.
        """
        errors = schema_errors("domain_pack.v1", data)
        label = data.get("name", "<unnamed>") if isinstance(data, Mapping) else "<not an object>"
        if errors:
            raise ConfigurationError(f"domain pack {label!r} is invalid: {'; '.join(errors)}")
        name = str(data["name"])
        signals = bool(data.get("domain_signal", True))
        targets: list[TargetEntry] = []
        synonyms: list[tuple[str, str]] = []
        patterns: list[tuple[str, str]] = []
        seen: set[str] = set()
        for raw in data["targets"]:
            if raw["id"] in seen:
                raise ConfigurationError(f"domain pack {name!r} defines target {raw['id']!r} twice")
            seen.add(raw["id"])
            labels = tuple(sorted(raw["labels"].items()))
            targets.append(TargetEntry(raw["id"], name, labels, signals, bool(raw.get("part"))))
            for surface in [text for _, text in labels] + list(raw["synonyms"]):
                synonyms.append((surface, raw["id"]))
            for pattern in raw.get("patterns", ()):
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise ConfigurationError(
                        f"domain pack {name!r}, target {raw['id']!r}: bad pattern {pattern!r}: {exc}"
                    ) from exc
                patterns.append((pattern, raw["id"]))
        return cls(
            name=name,
            targets=tuple(targets),
            synonyms=tuple(synonyms),
            patterns=tuple(patterns),
            ignore=tuple(data.get("ignore", ())),
            context=tuple(data.get("context", ())),
            signals_domain=signals,
            description=str(data.get("description", "")),
        )

    @classmethod
    def from_path(cls, path: str | Path) -> "DomainPack":
        """Read and validate a pack file (JSON)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ConfigurationError(f"cannot read domain pack {str(path)!r}: {exc}") from exc
        return cls.from_dict(data)


PackSource = DomainPack | Mapping[str, Any] | str | Path
"""What :class:`DomainPacks` accepts: a pack, its dict form or the path of its JSON file."""


@cache
def load_default_packs() -> tuple[DomainPack, ...]:
    """The packs shipped with memory_plugins (patent, software, writing, general)."""
    folder = resources.files("memory_plugins.slices").joinpath("packs")
    return tuple(
        DomainPack.from_dict(json.loads(folder.joinpath(f"{name}.json").read_text("utf-8")))
        for name in DEFAULT_PACK_NAMES
    )


def _as_pack(source: PackSource) -> DomainPack:
    if isinstance(source, DomainPack):
        return source
    if isinstance(source, str | Path):
        return DomainPack.from_path(source)
    if isinstance(source, Mapping):
        return DomainPack.from_dict(source)
    raise ConfigurationError(
        f"a domain pack is a DomainPack, a dict or a JSON file path, not {type(source).__name__}"
    )


@dataclass(slots=True)
class _Index:
    """Immutable once built; swapped whole when packs change (readers never lock)."""

    cjk: dict[str, list[TargetEntry | None]] = field(default_factory=dict)
    cjk_lengths: dict[str, list[int]] = field(default_factory=dict)
    words: dict[tuple[str, ...], list[TargetEntry | None]] = field(default_factory=dict)
    max_words: int = 1
    patterns: list[tuple[re.Pattern[str], TargetEntry]] = field(default_factory=list)
    context_cjk: dict[str, list[str]] = field(default_factory=dict)
    context_words: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)
    by_id: dict[str, TargetEntry] = field(default_factory=dict)
    rank: dict[str, int] = field(default_factory=dict)


def _build(packs: Sequence[DomainPack]) -> _Index:
    index = _Index()
    ignores: list[str] = []
    for rank, pack in enumerate(packs):
        index.rank[pack.name] = rank
        entries = {t.id: t for t in pack.targets}
        for target in pack.targets:
            index.by_id.setdefault(target.id, target)
        for surface, target_id in pack.synonyms:
            _add(index, surface, entries[target_id])
        for pattern, target_id in pack.patterns:
            index.patterns.append((re.compile(pattern, re.I), entries[target_id]))
        ignores.extend(pack.ignore)
        index.context_cjk[pack.name] = [c.lower() for c in pack.context if _has_cjk(c)]
        index.context_words[pack.name] = [
            _word_key(c) for c in pack.context if not _has_cjk(c) and _word_key(c)
        ]
    for surface in ignores:
        _add(index, surface, None)
    for first, lengths in index.cjk_lengths.items():
        index.cjk_lengths[first] = sorted(set(lengths), reverse=True)
    return index


def _add(index: _Index, surface: str, entry: TargetEntry | None) -> None:
    if _has_cjk(surface):
        key = re.sub(r"\s+", "", _lower_same_length(surface))
        slot = index.cjk.setdefault(key, [])
        index.cjk_lengths.setdefault(key[0], []).append(len(key))
    else:
        words = _word_key(surface)
        if not words:
            return
        slot = index.words.setdefault(words, [])
        index.max_words = max(index.max_words, len(words))
    if entry is None:
        # An ignore term only counts where no pack uses it as a synonym.
        if not slot:
            slot.append(None)
    elif entry not in slot:
        if slot == [None]:
            slot.clear()
        slot.append(entry)


class DomainPacks:
    """A searchable set of domain packs: the shipped ones plus any of yours.

    Your packs (paths, dicts or :class:`DomainPack`) take precedence over the shipped
    ones when both define the same surface form.

    >>> packs = DomainPacks([{"name": "cooking", "version": 1, "targets": [
    ...     {"id": "recipe", "labels": {"zh": "菜谱", "en": "recipe"}, "synonyms": ["食谱"]}]}])
    >>> packs.canonical("食谱").label("en")
    'recipe'
    """

    def __init__(self, packs: Iterable[PackSource] = (), *, defaults: bool = True) -> None:
        self._lock = threading.Lock()
        self._user: list[DomainPack] = [_as_pack(p) for p in packs]
        self._defaults: list[DomainPack] = list(load_default_packs()) if defaults else []
        self._index = _build(self.packs)

    @property
    def packs(self) -> tuple[DomainPack, ...]:
        """Every pack, highest precedence first."""
        return (*self._user, *self._defaults)

    def add(self, pack: PackSource) -> DomainPack:
        """Add one of your packs (after your earlier ones, before the shipped ones)."""
        built = _as_pack(pack)
        with self._lock:
            self._user.append(built)
            self._index = _build(self.packs)
        return built

    def entry(self, target_id: str) -> TargetEntry | None:
        """The target with this id (the highest-precedence pack defining it)."""
        return self._index.by_id.get(target_id)

    def find(self, text: str) -> list[TargetHit]:
        """Every target mentioned in ``text``, longest match first, in text order."""
        index = self._index
        lowered = _lower_same_length(text)
        spans: list[tuple[int, int, list[TargetEntry | None]]] = []
        spans.extend(_scan_cjk(index, lowered))
        # Folded from the original casing: "APIs" is a plural, "apis" need not be.
        words = [
            (m.start(), m.end(), fold_plural(text[m.start() : m.end()]))
            for m in _WORD.finditer(lowered)
        ]
        spans.extend(_scan_words(index, lowered, words))
        for pattern, entry in index.patterns:
            spans.extend(
                (m.start(), m.end(), [entry]) for m in pattern.finditer(text) if m.end() > m.start()
            )
        chosen = _non_overlapping(spans)
        kept = [(s, e, entries) for s, e, entries in chosen if entries and entries[0] is not None]
        if not kept:
            return []
        scores = _pack_evidence(index, lowered, {w for _, _, w in words}, kept)
        hits = []
        for start, end, entries in kept:
            live = [e for e in entries if e is not None]
            best = min(live, key=lambda e: (-scores.get(e.domain, 0), index.rank.get(e.domain, 99)))
            hits.append(TargetHit(best, start, end, text[start:end]))
        return hits

    def canonical(self, surface: str) -> TargetEntry | None:
        """The target a surface form names (``权利要求1`` → claim), else None."""
        hits = self.find(surface)
        return hits[0].entry if hits else None

    def domains(self, text: str) -> frozenset[str]:
        """The domains whose words appear in ``text`` (packs marked ``domain_signal``)."""
        return frozenset(h.entry.domain for h in self.find(text) if h.entry.signals_domain)


def _scan_cjk(index: _Index, lowered: str) -> Iterable[tuple[int, int, list[TargetEntry | None]]]:
    n = len(lowered)
    for i, ch in enumerate(lowered):
        lengths = index.cjk_lengths.get(ch)
        if not lengths:
            continue
        if (
            ch.isascii()
            and ch.isalnum()
            and i > 0
            and lowered[i - 1].isascii()
            and lowered[i - 1].isalnum()
        ):
            continue
        for length in lengths:
            if i + length > n:
                continue
            key = lowered[i : i + length]
            entries = index.cjk.get(key)
            if entries is None:
                continue
            end = i + length
            if (
                key[-1].isascii()
                and key[-1].isalnum()
                and end < n
                and lowered[end].isascii()
                and lowered[end].isalnum()
            ):
                continue
            yield i, end, entries
            break


def _scan_words(
    index: _Index, lowered: str, words: list[tuple[int, int, str]]
) -> Iterable[tuple[int, int, list[TargetEntry | None]]]:
    for j in range(len(words)):
        for size in range(min(index.max_words, len(words) - j), 0, -1):
            run = words[j : j + size]
            if any(not _GAP.fullmatch(lowered[run[k][1] : run[k + 1][0]]) for k in range(size - 1)):
                continue
            entries = index.words.get(tuple(w for _, _, w in run))
            if entries is not None and not _inside_compound(lowered, run[0][0], run[-1][1]):
                yield run[0][0], run[-1][1], entries
                break


def _inside_compound(text: str, start: int, end: int) -> bool:
    # "function" in "means-plus-function" is part of another word, not a target.
    before = start >= 2 and text[start - 1] == "-" and text[start - 2].isalnum()
    after = end + 1 < len(text) and text[end] == "-" and text[end + 1].isalnum()
    return before or after


def _non_overlapping(
    spans: list[tuple[int, int, list[TargetEntry | None]]],
) -> list[tuple[int, int, list[TargetEntry | None]]]:
    chosen: list[tuple[int, int, list[TargetEntry | None]]] = []
    for span in sorted(spans, key=lambda s: (-(s[1] - s[0]), s[0])):
        if all(span[1] <= c[0] or span[0] >= c[1] for c in chosen):
            chosen.append(span)
    return sorted(chosen, key=lambda s: s[0])


def _pack_evidence(
    index: _Index,
    lowered: str,
    word_set: set[str],
    kept: list[tuple[int, int, list[TargetEntry | None]]],
) -> dict[str, int]:
    scores: dict[str, int] = {}
    for _, _, entries in kept:
        if len(entries) == 1 and entries[0] is not None:
            scores[entries[0].domain] = scores.get(entries[0].domain, 0) + 1
    if any(len(entries) > 1 for _, _, entries in kept):
        for name, terms in index.context_cjk.items():
            scores[name] = scores.get(name, 0) + sum(term in lowered for term in terms)
        for name, keys in index.context_words.items():
            scores[name] = scores.get(name, 0) + sum(
                len(key) == 1 and key[0] in word_set for key in keys
            )
    return scores
