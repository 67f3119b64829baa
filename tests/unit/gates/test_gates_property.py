"""Whatever a model emits, the gates answer with a decision: they never raise, and whatever
they accept is a valid S1 candidate."""

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory_plugins import MemoryCandidate, MemoryConfig
from memory_plugins.gates import GateDecision, RejectCode, evaluate
from memory_plugins.gates.placeholder import find_placeholder
from memory_plugins.gates.runtime import find_runtime_data
from memory_plugins.gates.sensitive import find_sensitive
from memory_plugins.gates.transcript import find_transcript
from memory_plugins.testing import candidate

CONFIG = MemoryConfig(principal_secret="0123456789abcdef")
VALID: dict[str, Any] = candidate()
FIELDS = sorted(VALID)
PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and ±inf included
    | st.text(max_size=40)
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=20,
)
huge_strings = st.builds(
    lambda chunk, times: chunk * times, st.text(min_size=1, max_size=12), st.integers(1, 3000)
)
any_text = st.text(max_size=400) | huge_strings
source_ids = st.sampled_from(["c-1", "conv-42", "draft:1", "", "  "]) | st.none() | json_scalars


def _check(decision: GateDecision) -> None:
    assert isinstance(decision, GateDecision)
    assert decision.code is None or isinstance(decision.code, RejectCode)
    if decision.code is None:
        assert decision.candidate is not None
        again = MemoryCandidate.model_validate(decision.candidate.model_dump(mode="json"))
        assert again == decision.candidate


@st.composite
def mutated_candidates(draw: st.DrawFn) -> Any:
    """A valid candidate with one to three mutations a sloppy model might make."""
    cand = copy.deepcopy(VALID)
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(
            st.sampled_from(
                ["drop", "extra", "wrong_type", "confidence", "text", "tags", "identity", "enum"]
            )
        )
        if mutation == "drop" and cand:
            cand.pop(draw(st.sampled_from(sorted(cand))), None)
        elif mutation == "extra":
            cand[draw(st.text(min_size=1, max_size=12))] = draw(json_values)
        elif mutation == "wrong_type":
            cand[draw(st.sampled_from(FIELDS))] = draw(json_values)
        elif mutation == "confidence":
            cand["confidence"] = draw(st.floats() | st.integers(-2, 2) | st.text(max_size=5))
        elif mutation == "text":
            cand["text"] = draw(any_text)
        elif mutation == "tags":
            cand["tags"] = draw(st.lists(any_text, max_size=6))
        elif mutation == "identity":
            cand["identity"] = draw(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "subject": st.none() | any_text,
                        "facet": st.none() | any_text,
                        "polarity": st.sampled_from(["prefer", "avoid", "like"]) | st.none(),
                    },
                )
                | json_values
            )
        else:
            field = draw(st.sampled_from(["type", "stability", "action", "source_signal"]))
            cand[field] = draw(st.text(max_size=30))
    return cand


@PROPERTY_SETTINGS
@given(raw=json_values, source=source_ids)
def test_arbitrary_json_never_raises(raw: Any, source: Any) -> None:
    _check(evaluate(raw, source, CONFIG))


@PROPERTY_SETTINGS
@given(raw=mutated_candidates(), source=source_ids)
def test_mutated_candidates_never_raise(raw: Any, source: Any) -> None:
    _check(evaluate(raw, source, CONFIG))


@PROPERTY_SETTINGS
@given(text=any_text, tags=st.lists(st.text(min_size=1, max_size=64), min_size=2, max_size=4))
def test_candidates_with_any_content_are_decided(text: str, tags: list[str]) -> None:
    raw = {
        **VALID,
        "text": text,
        "tags": tags,
        "identity": {"subject": text[:120], "polarity": "avoid"},
    }
    decision = evaluate(raw, "c-1", CONFIG)
    _check(decision)
    if decision.code is not RejectCode.SCHEMA:
        assert decision.candidate is not None


@PROPERTY_SETTINGS
@given(strings=st.lists(any_text, max_size=6))
def test_detectors_return_a_description_or_none(strings: list[str]) -> None:
    for detector in (find_sensitive, find_runtime_data, find_transcript, find_placeholder):
        found = detector(strings)
        assert found is None or (isinstance(found, str) and found)
