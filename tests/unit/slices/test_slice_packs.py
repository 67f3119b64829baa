"""Domain packs: shipped data, matching rules, user packs."""

import json
import re
from pathlib import Path

import pytest

from memory_plugins.errors import ConfigurationError
from memory_plugins.slices.packs import (
    DEFAULT_PACK_NAMES,
    DomainPack,
    DomainPacks,
    load_default_packs,
)
from memory_plugins.slices.validation import schema_errors

PACK_DIR = Path(__import__("memory_plugins.slices", fromlist=["x"]).__file__).parent / "packs"


@pytest.fixture(scope="module")
def packs() -> DomainPacks:
    return DomainPacks()


def test_shipped_packs_are_data_files_that_validate() -> None:
    for name in DEFAULT_PACK_NAMES:
        data = json.loads((PACK_DIR / f"{name}.json").read_text(encoding="utf-8"))
        assert schema_errors("domain_pack.v1", data) == []
    ids = {t.id for pack in load_default_packs() for t in pack.targets}
    software = {
        "test",
        "unit-test",
        "test-case",
        "function",
        "api",
        "documentation",
        "sql",
        "regex",
        "code",
    }
    writing = {"email", "letter", "resume", "report", "article", "title", "prompt", "script"}
    patent = {"claim", "specification", "embodiment", "abstract", "office-action"}
    assert software | writing | patent <= ids


def test_every_target_is_labelled_in_both_languages() -> None:
    for pack in load_default_packs():
        for target in pack.targets:
            labels = dict(target.labels)
            assert labels.get("zh") and labels.get("en"), (pack.name, target.id)


def test_no_surface_form_is_listed_twice_in_one_pack() -> None:
    for pack in load_default_packs():
        seen: dict[str, str] = {}
        for surface, target_id in pack.synonyms:
            key = re.sub(r"[\s_-]+", "", surface.lower())
            assert seen.get(key, target_id) == target_id, (
                pack.name,
                surface,
                seen.get(key),
                target_id,
            )
            seen[key] = target_id


@pytest.mark.parametrize(
    ("surface", "target_id"),
    [
        ("权利要求1", "claim"), ("第3项权利要求", "claim"), ("claims", "claim"), ("Claim 12", "claim"),
        ("Test-Cases", "test-case"), ("testcase", "test-case"), ("APIs", "api"), ("regexes", "regex"),
        ("e-mail", "email"), ("CVs", "resume"), ("实施例二", "embodiment"), ("第二段", "paragraph"),
    ],
)  # fmt: skip
def test_surface_forms_normalise_to_the_canonical_target(
    packs: DomainPacks, surface: str, target_id: str
) -> None:
    entry = packs.canonical(surface)
    assert entry is not None and entry.id == target_id


def test_words_that_merely_contain_a_synonym_are_not_targets(packs: DomainPacks) -> None:
    assert packs.find("这条信息很重要") == []
    assert packs.find("这段时间比较忙") == []
    assert [h.entry.id for h in packs.find("帮我回一封信")] == ["letter"]
    assert packs.find("the means-plus-function limitation") == []


def test_a_shared_synonym_goes_to_the_pack_with_more_evidence(packs: DomainPacks) -> None:
    assert packs.find("帮我写一个抖音视频的脚本")[0].entry.domain == "writing"
    assert packs.find("用Python写个脚本")[0].entry.domain == "software"


def test_general_words_never_mark_a_domain(packs: DomainPacks) -> None:
    assert packs.domains("把这段话翻译成英文") == frozenset()
    assert packs.domains("检查一下权利要求和这段代码") == {"patent", "software"}


def test_added_packs_take_precedence_and_can_be_added_later(tmp_path: Path) -> None:
    packs = DomainPacks()
    assert packs.canonical("spec").id == "specification"
    product = {"name": "product", "version": 1,
               "targets": [{"id": "product-spec", "labels": {"en": "product spec"}, "synonyms": ["spec"]}]}  # fmt: skip
    packs.add(product)
    assert packs.canonical("spec").id == "product-spec"
    path = tmp_path / "pack.json"
    path.write_text(json.dumps({"name": "x", "version": 1, "targets": [
        {"id": "memo", "labels": {"zh": "备忘", "en": "memo"}, "synonyms": []}]}), encoding="utf-8")  # fmt: skip
    assert DomainPack.from_path(path).targets[0].label("fr") == "memo"


@pytest.mark.parametrize(
    ("pack", "message"),
    [
        ({"name": "x", "version": 2, "targets": []}, "version"),
        ({"name": "Bad Name", "version": 1, "targets": [{"id": "a", "labels": {"en": "a"}, "synonyms": []}]}, "name"),
        ({"name": "x", "version": 1, "targets": [{"id": "a", "labels": {"en": "a"}, "synonyms": [], "extra": 1}]},
         "Additional properties"),
        ({"name": "x", "version": 1, "targets": [{"id": "a", "labels": {"en": "a"}, "synonyms": []},
                                                  {"id": "a", "labels": {"en": "b"}, "synonyms": []}]}, "twice"),
    ],
)  # fmt: skip
def test_invalid_packs_are_rejected_with_the_reason(pack: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        DomainPack.from_dict(pack)
    with pytest.raises(ConfigurationError, match="cannot read"):
        DomainPack.from_path("/nonexistent/pack.json")
