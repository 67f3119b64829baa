"""Detectors as an extension point: a registry, configuration by name, fail-closed, lazy load."""

import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.config import GateConfig
from memory_plugins.errors import ConfigurationError
from memory_plugins.extraction.bounds import gate_detectors, safe_pinned_decisions
from memory_plugins.extraction.promotion import promote_pinned_decisions
from memory_plugins.gates import RejectCode, evaluate
from memory_plugins.gates import detectors as registry
from memory_plugins.testing import candidate

SECRET = "0123456789abcdef"
IBAN = "DE89 3704 0044 0532 0130 00"


def _config(**gates: Any) -> MemoryConfig:
    return MemoryConfig(principal_secret=SECRET, gates=GateConfig(**gates))


def _cand(text: str) -> dict[str, Any]:
    return candidate(
        type="stable_user_context",
        text=text,
        tags=["contact", "details"],
        identity={"subject": "contact details"},
    )


class TicketNumber:
    """A third party's detector: support tickets are personal here."""

    name = "ticket_number"
    code = RejectCode.SENSITIVE

    def detect(self, text: str) -> str | None:
        return "support ticket number" if "TCK-" in text else None


class Broken:
    name = "broken"
    code = RejectCode.RUNTIME_DATA

    def detect(self, text: str) -> str | None:
        raise ValueError(f"cannot parse {text}")


@pytest.fixture
def clean_registry() -> Iterator[None]:
    registry.registered_detectors()  # built-ins and entry points in
    saved = dict(registry._registry), set(registry._loaded)
    yield
    registry._registry.clear()
    registry._registry.update(saved[0])
    registry._loaded.clear()
    registry._loaded.update(saved[1])
    registry._sets.clear()
    registry._built.clear()


def test_built_ins_are_registered_and_on_by_default() -> None:
    known = registry.registered_detectors()
    for name in ("national_id", "payment_card", "bank_account", "phone_number", "email_address"):
        assert known[name] is True
    for name in ("provider_token", "keyword_secret", "password", "runtime_state"):
        assert known[name] is True
    assert known["public_ip"] is False


def test_sensitive_detectors_run_before_runtime_data_ones() -> None:
    codes = [d.code for d in registry.active_detectors(GateConfig())]
    assert codes == sorted(codes, key=[RejectCode.SENSITIVE, RejectCode.RUNTIME_DATA].index)
    both = evaluate(_cand(f"IBAN {IBAN}, password: hunter2"), "c-1", _config())
    assert both.code is RejectCode.SENSITIVE


def test_rejection_detail_names_the_detector_never_the_value() -> None:
    decision = evaluate(_cand(f"The user's IBAN is {IBAN}."), "c-1", _config())
    assert decision.code is RejectCode.SENSITIVE
    assert decision.detail.startswith("bank_account: ")
    assert "3704" not in decision.detail


def test_a_detector_can_be_disabled_by_name() -> None:
    text = "The user's mobile number is 020 7946 0958."
    assert evaluate(_cand(text), "c-1", _config()).detail.startswith("phone_number: ")
    assert evaluate(_cand(text), "c-1", _config(disable=frozenset({"phone_number"}))).accepted


def test_an_opt_in_detector_is_enabled_by_name() -> None:
    text = "The user's home server is reachable at 8.8.8.8 for backups."
    assert evaluate(_cand(text), "c-1", _config()).accepted
    decision = evaluate(_cand(text), "c-1", _config(enable=("public_ip",)))
    assert decision.code is RejectCode.SENSITIVE
    assert decision.detail.startswith("public_ip: ")


def test_a_detector_object_can_be_added_directly() -> None:
    text = "The user's open request is TCK-20931."
    assert evaluate(_cand(text), "c-1", _config()).accepted
    decision = evaluate(_cand(text), "c-1", _config(enable=(TicketNumber(),)))
    assert (decision.code, decision.detail) == (
        RejectCode.SENSITIVE,
        "ticket_number: support ticket number",
    )


@pytest.mark.usefixtures("clean_registry")
def test_a_registered_detector_is_opt_in_by_name() -> None:
    registry.register_detector("ticket_number", TicketNumber, default=False)
    text = "The user's open request is TCK-20931."
    assert evaluate(_cand(text), "c-1", _config()).accepted
    decision = evaluate(_cand(text), "c-1", _config(enable=("ticket_number",)))
    assert decision.detail == "ticket_number: support ticket number"
    with pytest.raises(ConfigurationError, match="already registered"):
        registry.register_detector("ticket_number", TicketNumber)


@pytest.mark.usefixtures("clean_registry")
def test_installed_packages_add_detectors_through_entry_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class FakeEntryPoint:
        name = "ticket_number"

        def load(self) -> type[TicketNumber]:
            return TicketNumber

    def fake_entry_points(group: str) -> list[FakeEntryPoint]:
        return [FakeEntryPoint()] if group == registry.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(registry, "entry_points", fake_entry_points)
    registry._registry.clear()
    registry._loaded.clear()
    registry._sets.clear()
    assert registry.registered_detectors()["ticket_number"] is True  # installing opts in
    decision = evaluate(_cand("The user's open request is TCK-20931."), "c-1", _config())
    assert decision.detail == "ticket_number: support ticket number"
    kept = evaluate(
        _cand("The user's open request is TCK-20931."),
        "c-1",
        _config(disable=frozenset({"ticket_number"})),
    )
    assert kept.accepted


def test_unknown_names_are_a_configuration_error_at_once() -> None:
    with pytest.raises(ConfigurationError, match="phone_numbers"):
        GateConfig(disable=frozenset({"phone_numbers"}))
    with pytest.raises(ConfigurationError, match="ip"):
        GateConfig(enable=("ip",))
    with pytest.raises(ConfigurationError, match="collections of names"):
        GateConfig(disable="phone_number")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="not int"):
        GateConfig(enable=(42,))  # type: ignore[arg-type]


def test_a_detector_that_raises_rejects_with_its_own_detail() -> None:
    decision = evaluate(_cand("The user likes oolong tea."), "c-1", _config(enable=(Broken(),)))
    assert decision.code is RejectCode.RUNTIME_DATA
    assert decision.detail.startswith("broken: detector failed (ValueError)")
    assert "oolong" not in decision.detail


@pytest.mark.usefixtures("clean_registry")
def test_a_detector_that_cannot_load_refuses_every_candidate() -> None:
    def missing_library() -> TicketNumber:
        raise ImportError("No module named 'ticketlib'")

    registry.register_detector("ticket_number", missing_library, default=False)
    decision = evaluate(
        _cand("The user likes oolong tea."), "c-1", _config(enable=("ticket_number",))
    )
    assert decision.code is RejectCode.SENSITIVE
    assert decision.detail == "ticket_number: detector failed (RuntimeError), rejected to be safe"


def test_the_extraction_bound_uses_the_configured_detectors() -> None:
    decisions = ["Use pnpm", f"Pay rent to {IBAN}"]
    assert safe_pinned_decisions(decisions)[0] == ("Use pnpm",)
    relaxed = gate_detectors(GateConfig(disable=frozenset({"bank_account"})))
    kept, removed = safe_pinned_decisions(decisions, relaxed)
    assert (kept, removed) == (tuple(decisions), 0)


def test_pinned_decisions_holding_secrets_are_rejected_by_the_same_detectors() -> None:
    engine = MemoryEngine(InMemoryStore(), _config())
    promoted = promote_pinned_decisions(
        ["Deploy with Docker", "Use the key AKIAIOSFODNN7EXAMPLE for uploads"]
    )
    outcomes = engine.remember("alice", promoted, source_conversation_id="c-1")
    assert [o.stored for o in outcomes] == [True, False]
    assert outcomes[1].code is RejectCode.RUNTIME_DATA
    assert outcomes[1].detail.startswith("provider_token: ")


def test_first_use_from_many_threads_gives_one_answer() -> None:
    texts = [f"The user's IBAN is {IBAN}.", "The user likes oolong tea."] * 20
    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(lambda t: evaluate(_cand(t), "c-1", _config()).code, texts))
    assert found == [RejectCode.SENSITIVE, None] * 20


def test_detection_libraries_load_on_first_use_only() -> None:
    script = (
        "import sys\n"
        "import memory_plugins\n"
        "from memory_plugins import MemoryConfig\n"
        "MemoryConfig(principal_secret='0123456789abcdef')\n"
        "libs = ('detect_secrets', 'stdnum', 'phonenumbers', 'email_validator', 'base58')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(libs)))\n"
        "from memory_plugins.gates import evaluate\n"
        "from memory_plugins.testing import candidate\n"
        f"evaluate(candidate(text='Pay rent to {IBAN}.'), 'c-1',\n"
        "         MemoryConfig(principal_secret='0123456789abcdef'))\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(libs)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "[]"
    assert "detect_secrets" in out[1] and "stdnum" in out[1]


@pytest.mark.usefixtures("clean_registry")
def test_the_default_detectors_are_those_a_default_gate_config_runs() -> None:
    registry.register_detector("ticket_number", TicketNumber)  # on by default
    registry.register_detector("broken", Broken, default=False)
    names = [d.name for d in registry.default_detectors()]
    assert names == [d.name for d in registry.active_detectors(GateConfig())]
    assert "ticket_number" in names and "public_ip" not in names and "broken" not in names
    runtime = registry.default_detectors(RejectCode.RUNTIME_DATA)
    assert runtime and {d.code for d in runtime} == {RejectCode.RUNTIME_DATA}
