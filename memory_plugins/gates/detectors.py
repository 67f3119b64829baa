"""Content detectors of the ``sensitive`` and ``runtime_data`` gates: a protocol and a registry.

A detector is any object with a ``name``, the reason ``code`` it rejects with
(``RejectCode.SENSITIVE`` or ``RejectCode.RUNTIME_DATA``) and ``detect(text)``, which returns
a short description of what it found — never the matched value, since details reach logs —
or ``None``. The built-in detectors register here through :func:`register_detector`, the
same call a user makes; installed packages can add theirs through the entry-point group
``memory_plugins.detectors`` (each entry point loads to a zero-argument factory, or to a
detector). ``MemoryConfig(gates=GateConfig(...))`` enables opt-in detectors and disables
others by name.

Detectors load on first use: registering costs a name and a factory, and the libraries
behind the built-ins (detect-secrets, python-stdnum, phonenumbers, email-validator) are
imported only when a gate first needs them.

>>> class LoyaltyCard:
...     name = "loyalty_card"
...     code = RejectCode.SENSITIVE
...     def detect(self, text: str) -> str | None:
...         return "loyalty card number" if "LC-" in text else None
>>> register_detector("loyalty_card", LoyaltyCard, default=False)
>>> from memory_plugins.config import GateConfig
>>> "loyalty_card" in [d.name for d in active_detectors(GateConfig(enable=("loyalty_card",)))]
True
"""

import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from memory_plugins.errors import ConfigurationError
from memory_plugins.gates.codes import RejectCode

__all__ = [
    "ENTRY_POINT_GROUP",
    "Detector",
    "DetectorChoice",
    "DetectorFinding",
    "Substrings",
    "active_detectors",
    "by_first_letter",
    "default_detectors",
    "find_with",
    "guarded",
    "register_detector",
    "registered_detectors",
]

ENTRY_POINT_GROUP = "memory_plugins.detectors"
DETECTOR_CODES = (RejectCode.SENSITIVE, RejectCode.RUNTIME_DATA)

_log = logging.getLogger("memory_plugins")


@runtime_checkable
class Detector(Protocol):
    """What the ``sensitive`` and ``runtime_data`` gates ask of a detector."""

    name: str
    """Unique registry name, shown in the rejection detail (``national_id``)."""
    code: RejectCode
    """``RejectCode.SENSITIVE`` or ``RejectCode.RUNTIME_DATA``."""

    def detect(self, text: str) -> str | None:
        """A short description of what was found in ``text`` (never the value), or ``None``."""


class DetectorChoice(Protocol):
    """Which detectors to run, as :class:`~memory_plugins.config.GateConfig` says it.

    The configuration builds on this module (it checks its names against the registry),
    so the registry asks only for these two fields, never for the configuration class.
    """

    @property
    def enable(self) -> "tuple[str | Detector, ...]":
        """Opt-in detector names, or detector objects."""

    @property
    def disable(self) -> frozenset[str]:
        """Names of detectors not to run."""


@dataclass(frozen=True, slots=True)
class _Defaults:
    """The choice of a default ``GateConfig()``: every detector on by default, no other."""

    enable: "tuple[str | Detector, ...]" = ()
    disable: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class DetectorFinding:
    """One detector's verdict on a text: which detector, its code, and the gate detail."""

    name: str
    code: RejectCode
    detail: str


@dataclass(frozen=True, slots=True)
class _Entry:
    factory: Callable[[], Detector]
    default: bool


_registry: dict[str, _Entry] = {}
_lock = threading.RLock()
_loaded: set[str] = set()  # "registry" once the built-ins and entry points are in
_built: dict[str, Detector] = {}
_sets: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[Detector, ...]] = {}


def register_detector(
    name: str, factory: Callable[[], Detector], *, default: bool = True, replace: bool = False
) -> None:
    """Make ``factory`` (called once, on first use) available as detector ``name``.

    ``default`` detectors run unless a config disables them; others run only when a
    config enables them. Registering a taken name raises unless ``replace`` is true.
    """
    if not name or not name.replace("_", "").isalnum():
        raise ConfigurationError(f"detector name {name!r} must be letters, digits and '_'")
    with _lock:
        _load_entry_points()
        if name in _registry and not replace:
            raise ConfigurationError(f"a detector named {name!r} is already registered")
        _registry[name] = _Entry(factory, default)
        _built.pop(name, None)
        _sets.clear()


def _load_entry_points() -> None:
    if _loaded:
        return
    _loaded.add("registry")
    for name, module, attr, default in _BUILTINS:
        register_detector(name, _lazy(module, attr), default=default)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in _registry:
            _log.warning("detector entry point %s ignored: the name is taken", ep.name)
            continue
        _registry[ep.name] = _Entry(_entry_point_factory(ep.load), True)


def _instantiate(target: object) -> object:
    """A detector itself, or what a class or factory function makes."""
    if isinstance(target, type) or (callable(target) and not isinstance(target, Detector)):
        return target()
    return target


def _entry_point_factory(load: Callable[[], object]) -> Callable[[], Detector]:
    def factory() -> Detector:
        made = _instantiate(load())
        if not isinstance(made, Detector):
            raise ConfigurationError(
                f"entry point of group {ENTRY_POINT_GROUP} gave {type(made).__name__}, "
                "not a Detector (name, code, detect)"
            )
        return made

    return factory


def registered_detectors() -> dict[str, bool]:
    """Every registered detector name, with whether it runs by default.

    >>> registered_detectors()["national_id"]
    True
    """
    with _lock:
        _load_entry_points()
        return {name: entry.default for name, entry in sorted(_registry.items())}


def check_detector_names(names: Iterable[str]) -> None:
    """Raise :class:`ConfigurationError` naming every unknown detector in ``names``."""
    known = registered_detectors()
    unknown = sorted(set(names) - set(known))
    if unknown:
        raise ConfigurationError(
            f"GateConfig names unknown detectors {unknown}; registered: {sorted(known)}"
        )


class _Unavailable:
    """Stands for a detector that could not be made: every candidate is refused (fail closed)."""

    def __init__(self, name: str, error: str) -> None:
        self.name = name
        self.error = error
        self.code = RejectCode.SENSITIVE

    def detect(self, text: str) -> str | None:
        raise RuntimeError(f"detector {self.name} could not be loaded: {self.error}")


def _build(name: str) -> Detector:
    detector = _built.get(name)
    if detector is None:
        try:
            made = _registry[name].factory()
            if not isinstance(made, Detector) or made.code not in DETECTOR_CODES:
                raise ConfigurationError(
                    f"detector {name!r} must have name, code (sensitive or runtime_data) "
                    "and detect()"
                )
            detector = made
        except Exception as exc:
            _log.error(
                "detector %s could not be loaded (%s); every candidate is refused", name, exc
            )
            detector = _Unavailable(name, f"{type(exc).__name__}: {exc}")
        _built[name] = detector
    return detector


def active_detectors(gates: DetectorChoice) -> tuple[Detector, ...]:
    """The detectors a config runs: sensitive ones first, then runtime_data (S2 order)."""
    enable = tuple(n for n in gates.enable if isinstance(n, str))
    extra = tuple(d for d in gates.enable if not isinstance(d, str))
    key = (enable, tuple(sorted(gates.disable)))
    found = _sets.get(key)
    if found is None:
        with _lock:
            _load_entry_points()
            names = [
                name
                for name, entry in _registry.items()
                if (entry.default or name in enable) and name not in gates.disable
            ]
            built = tuple(_build(name) for name in names)
            found = tuple(d for code in DETECTOR_CODES for d in built if d.code == code)
            _sets[key] = found
    if extra:
        both = (*found, *extra)
        return tuple(d for code in DETECTOR_CODES for d in both if d.code == code)
    return found


def default_detectors(code: RejectCode | None = None) -> tuple[Detector, ...]:
    """The detectors a default :class:`~memory_plugins.config.GateConfig` runs (of ``code``)."""
    found = active_detectors(_Defaults())
    return found if code is None else tuple(d for d in found if d.code == code)


def find_with(detectors: Sequence[Detector], strings: Sequence[str]) -> DetectorFinding | None:
    """The first finding of ``detectors`` (in order) on any of ``strings``, or ``None``.

    A detector that raises is a finding of its own code (fail closed): the candidate is
    rejected, the error logged, and nothing propagates.
    """
    one = len(strings) == 1
    joined = strings[0] if one else "\n".join(strings)
    for detector in detectors:
        detect: Callable[[str], str | None] = detector.detect
        if isinstance(detector, FunctionDetector):
            if not detector.may_match(joined):
                continue  # nothing this detector could match is in any of the strings
            if one:
                detect = detector.find  # the one string passed the pre-check just now
        for text in strings:
            try:
                found = detect(text)
            except Exception as exc:
                _log.warning("detector %s failed (%s); rejecting", detector.name, exc)
                return DetectorFinding(
                    detector.name,
                    detector.code,
                    f"{detector.name}: detector failed ({type(exc).__name__}), rejected to be safe",
                )
            if found is not None:
                return DetectorFinding(detector.name, detector.code, f"{detector.name}: {found}")
    return None


@dataclass(frozen=True, slots=True)
class FunctionDetector:
    """A detector made of a name, a code and a function ``text -> description | None``.

    ``quick``, when given, is a cheap test every text ``find`` could flag passes: texts
    failing it are passed over without calling ``find``.
    """

    name: str
    code: RejectCode
    find: Callable[[str], str | None]
    quick: Callable[[str], bool] | None = None

    def may_match(self, text: str) -> bool:
        return self.quick is None or self.quick(text)

    def detect(self, text: str) -> str | None:
        return self.find(text) if self.may_match(text) else None


class Substrings:
    """Whether a text holds, in any case, one of a list of substrings: one pass over the
    text, whatever the list's length (an Aho-Corasick automaton, pyahocorasick's, built on
    first use). ``any(map(text.lower().__contains__, words))`` answers the same, one scan of
    the text per word: the pre-checks' lists hold up to a few hundred words in 28
    languages, and the scans were a large part of a candidate's time.

    >>> has = Substrings(("password", "密码", "contraseña"))
    >>> has("La CONTRASEÑA del wifi"), has("用户的密码"), has("a passport")
    (True, True, False)
    """

    __slots__ = ("_automaton", "_words")

    def __init__(self, words: Iterable[str]) -> None:
        self._words = tuple(dict.fromkeys(word.lower() for word in words if word))
        self._automaton: Any = None

    def __call__(self, text: str) -> bool:
        if not self._words:
            return False
        automaton = self._automaton
        if automaton is None:
            automaton = self._automaton = self._build()
        return next(automaton.iter(text.lower()), None) is not None

    def _build(self) -> Any:
        # Imported with the first pre-check that runs: detectors load on first use.
        automaton = import_module("ahocorasick").Automaton()
        for word in self._words:
            automaton.add_word(word, None)
        automaton.make_automaton()
        return automaton


def guarded(
    name: str, code: RejectCode, find: Callable[[str], str | None], quick: str | tuple[str, ...]
) -> FunctionDetector:
    """A :class:`FunctionDetector` that runs ``find`` only where ``quick`` is found (any case).

    ``quick`` is a regular expression, or lower-case substrings of which one must occur.
    The pre-check is what keeps the gates fast: most memories contain nothing any
    detector could match, and one search for a necessary feature rules that out.
    """
    if isinstance(quick, tuple):
        return FunctionDetector(name, code, find, Substrings(quick))
    pattern = re.compile(quick, re.IGNORECASE)
    return FunctionDetector(name, code, find, lambda text: pattern.search(text) is not None)


def by_first_letter(alternatives: str) -> str:
    """``alternatives`` (a regular expression's ``a|b|…`` at its top level) regrouped by
    first letter: ``passport|pesel|ssn`` becomes ``p(?:assport|esel)|s(?:sn)``.

    Python's ``re`` tries a group's alternatives one after another at every position (it
    builds no trie), so a list of a few hundred label words costs a few hundred tests
    wherever a word starts. Grouped (by the letter as written), a position costs one test
    per first letter. What matches is the same: each group keeps its alternatives' order,
    alternatives with different first letters never match at one place (in a pattern
    written in small letters, as the label lists are, also under ``re.IGNORECASE``), and
    those that do not start with a plain letter (``(?:a|b)c``, ``[ée]…``) keep their order
    after the groups; a pattern built with this must hold none of those that matches where
    a grouped one does (its tests compare both forms on the corpora).

    >>> by_first_letter("passport|pesel|ssn|(?:vergi|hesap) no")
    'p(?:assport|esel)|s(?:sn)|(?:vergi|hesap) no'
    """
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for alternative in _top_level(alternatives):
        first = alternative[:1]
        if first.isalpha() and alternative[1:2] not in ("", "?", "*", "+", "{"):
            groups.setdefault(first, []).append(alternative[1:])
        else:
            rest.append(alternative)
    return "|".join([*(f"{f}(?:{'|'.join(tails)})" for f, tails in groups.items()), *rest])


def _top_level(alternatives: str) -> list[str]:
    """``alternatives`` split at each ``|`` outside groups, classes and escapes."""
    out: list[str] = []
    depth, start, at, in_class = 0, 0, 0, False
    while at < len(alternatives):
        char = alternatives[at]
        if char == "\\":
            at += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            out.append(alternatives[start:at])
            start = at + 1
        at += 1
    out.append(alternatives[start:])
    return out


def _lazy(module: str, attr: str) -> Callable[[], Detector]:
    def factory() -> Detector:
        made = _instantiate(getattr(import_module(module), attr))
        if not isinstance(made, Detector):
            raise ConfigurationError(f"{module}.{attr} gave no Detector")
        return made

    return factory


# Built-ins, in the order they run within their gate (cheap and specific first).
_BUILTINS: tuple[tuple[str, str, str, bool], ...] = (
    ("payment_card", "memory_plugins.gates.identifiers", "payment_card_detector", True),
    ("bank_account", "memory_plugins.gates.identifiers", "bank_account_detector", True),
    ("national_id", "memory_plugins.gates.identifiers", "national_id_detector", True),
    ("id_document", "memory_plugins.gates.identifiers", "id_document_detector", True),
    ("crypto_wallet", "memory_plugins.gates.identifiers", "crypto_wallet_detector", True),
    ("vehicle_plate", "memory_plugins.gates.identifiers", "vehicle_plate_detector", True),
    ("email_address", "memory_plugins.gates.contact", "email_detector", True),
    ("phone_number", "memory_plugins.gates.contact", "phone_detector", True),
    ("street_address", "memory_plugins.gates.contact", "address_detector", True),
    ("labelled_identifier", "memory_plugins.gates.labelled", "labelled_identifier_detector", True),
    ("identifier_code", "memory_plugins.gates.identifiers", "identifier_code_detector", True),
    ("private_key", "memory_plugins.gates.secrets", "private_key_detector", True),
    ("seed_phrase", "memory_plugins.gates.secrets", "seed_phrase_detector", True),
    ("password_hash", "memory_plugins.gates.labelled", "password_hash_detector", True),
    ("provider_token", "memory_plugins.gates.secrets", "provider_token_detector", True),
    ("json_web_token", "memory_plugins.gates.secrets", "jwt_detector", True),
    ("auth_header", "memory_plugins.gates.runtime", "auth_header_detector", True),
    ("token_assignment", "memory_plugins.gates.runtime", "token_assignment_detector", True),
    ("cookie", "memory_plugins.gates.runtime", "cookie_detector", True),
    ("password", "memory_plugins.gates.runtime", "password_detector", True),
    ("keyed_code", "memory_plugins.gates.runtime", "keyed_code_detector", True),
    ("credential_url", "memory_plugins.gates.secrets", "credential_url_detector", True),
    ("keyword_secret", "memory_plugins.gates.secrets", "keyword_secret_detector", True),
    ("labelled_secret", "memory_plugins.gates.labelled", "labelled_secret_detector", True),
    ("made_password", "memory_plugins.gates.runtime", "made_password_detector", True),
    ("high_entropy_string", "memory_plugins.gates.secrets", "high_entropy_detector", True),
    ("runtime_state", "memory_plugins.gates.runtime", "runtime_state_detector", True),
    ("public_ip", "memory_plugins.gates.secrets", "public_ip_detector", False),
)
