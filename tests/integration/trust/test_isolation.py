"""S7: whatever the ids look like, no principal ever reads another's memory — under threads."""

import threading
import unicodedata
import uuid
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_plugins import CacheConfig, MemoryConfig, MemoryEngine
from memory_plugins.candidate import example_candidate
from memory_plugins.namespaces import MAX_PRINCIPAL_CHARS, check_principal_id
from memory_plugins.principals import KeyRing, Principal
from memory_plugins.testing import FrozenClock

RING = KeyRing("isolation-test-signing-key-0123456789", kid="k1")

# Ids that a careless system would merge: prefixes, case, look-alikes, normal forms, spaces.
CONFUSABLES = (
    "alice",
    "alic",
    "alice1",
    "ALICE",
    " alice",
    "alice ",
    "alice\t",
    "alice\u00a0",  # no-break space
    "al\u200bice",  # zero-width space
    "\u0430lice",  # Cyrillic a
    "\uff41\uff4c\uff49\uff43\uff45",  # fullwidth
    unicodedata.normalize("NFC", "café"),
    unicodedata.normalize("NFD", "café"),
    "\u00c5ngstr\u00f6m",  # Å as one letter
    "\u212bngstr\u00f6m",  # Å as the Angstrom sign
    "\ufb01le",  # the fi ligature
    "file",
    "straße",
    "strasse",
    "\u200b",
    "0",
    "x" * MAX_PRINCIPAL_CHARS,
    "x" * (MAX_PRINCIPAL_CHARS - 1),
)
ID_TEXT = st.text(
    st.characters(exclude_categories=("Cs",), max_codepoint=0x2FFFF), min_size=1, max_size=12
)


@st.composite
def principal_family(draw: st.DrawFn) -> list[str]:
    """A base id and its near-misses, plus a few fixed confusables; all distinct strings."""
    base = draw(ID_TEXT)
    ids = {
        base,
        base + draw(ID_TEXT),
        base[:-1],
        base.upper(),
        base.casefold(),
        unicodedata.normalize("NFC", base),
        unicodedata.normalize("NFD", base),
        unicodedata.normalize("NFKC", base),
        f" {base}",
        f"{base} ",
        (base * MAX_PRINCIPAL_CHARS)[:MAX_PRINCIPAL_CHARS],
        (base * MAX_PRINCIPAL_CHARS)[: MAX_PRINCIPAL_CHARS - 1],
    }
    ids |= set(draw(st.lists(st.sampled_from(CONFUSABLES), max_size=6)))
    # Blank ids are refused everywhere (one rule), so they are not principals to isolate.
    return sorted(i for i in ids if check_principal_id(i) is None)


def candidate(marker: str, round_: int) -> dict[str, Any]:
    # Every principal stores the *same key*; only the marker in the text tells them apart.
    return example_candidate(text=f"The user likes oolong tea {marker} r{round_}.")


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ids=principal_family(), cached=st.booleans())
def test_no_cross_principal_reads_under_concurrency(
    shared_store: Any, ids: list[str], cached: bool
) -> None:
    config = MemoryConfig(
        principal_secret="isolation-secret-0123456789",
        app=f"iso{uuid.uuid4().hex[:10]}",  # a fresh app per example on the shared store
        cache=CacheConfig() if cached else None,
    )
    engine = MemoryEngine(shared_store, config, clock=FrozenClock())
    # Each principal comes from a verified token, as an adapter would get it.
    principals = [RING.verify(RING.issue(i)) for i in ids]
    assert [p.id for p in principals] == ids
    markers = {p.id: f"m{n:03d}x" for n, p in enumerate(principals)}
    seen: dict[str, set[str]] = {p.id: set() for p in principals}
    errors: list[BaseException] = []
    start = threading.Barrier(len(principals))

    def own_markers(principal: Principal, texts: list[str]) -> None:
        for text in texts:
            seen[principal.id].add(text.split()[-2])

    def user(principal: Principal) -> None:
        try:
            start.wait()
            for round_ in range(3):
                engine.remember(
                    principal,
                    [candidate(markers[principal.id], round_)],
                    source_conversation_id=f"c-{round_}",
                )
                own_markers(
                    principal, [h.record.text for h in engine.recall(principal, "oolong tea").hits]
                )
                own_markers(principal, [r.text for r in engine.list_records(principal, "all")])
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=user, args=(p,)) for p in principals]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert not errors, errors
    for principal in principals:
        assert seen[principal.id] <= {markers[principal.id]}, f"{principal.id!r} read another's"
        [record] = engine.list_records(principal, "all")
        assert record.text == f"The user likes oolong tea {markers[principal.id]} r2."
        assert [h.record.text for h in engine.recall(principal, "oolong tea").hits] == [record.text]
    assert len({engine.namespace(p) for p in principals}) == len(principals)
