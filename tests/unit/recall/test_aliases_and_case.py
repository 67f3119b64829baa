"""Equivalent names widen recall; case-marked homonyms do not trigger it."""

from typing import Any

from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine, RecallConfig
from memory_plugins.testing import candidate


def engine_with(*candidates: dict[str, Any], recall: RecallConfig | None = None) -> MemoryEngine:
    config = MemoryConfig(
        principal_secret="alias-secret-0123456789", recall=recall or RecallConfig()
    )
    engine = MemoryEngine(InMemoryStore(), config)
    out = engine.remember("alice", list(candidates), source_conversation_id="c-1")
    assert all(str(o) == "added" for o in out)
    return engine


def memory(kind: str, text: str, tags: list[str], identity: dict[str, str]) -> dict[str, Any]:
    return candidate(type=kind, text=text, tags=tags, identity=identity)


TS = memory(
    "stable_user_context",
    "用户主要用 TypeScript 和 React 做前端开发。",
    ["TypeScript", "React", "前端"],
    {"subject": "前端开发", "facet": "TypeScript React"},
)
DB = memory(
    "recurring_constraint",
    "公司只允许使用 PostgreSQL。",
    ["PostgreSQL", "数据库"],
    {"subject": "数据库选型"},
)
DOG = memory(
    "stable_user_context",
    "The user has a golden retriever named Max.",
    ["dog", "golden retriever", "Max"],
    {"subject": "pet", "facet": "golden retriever"},
)
UV = memory(
    "workflow_preference",
    "The user runs all Python projects with uv.",
    ["uv", "Python project"],
    {"subject": "Python project setup", "facet": "uv"},
)


def keys(engine: MemoryEngine, query: str) -> list[str]:
    return [hit.record.key for hit in engine.recall("alice", query).hits]


def test_abbreviations_and_translations_find_the_memory() -> None:
    engine = engine_with(TS, DB)
    assert keys(engine, "TS 的泛型怎么用") == ["stable_user_context:前端开发--typescript-react"]
    assert keys(engine, "Which database should I use for a new service?") == [
        "recurring_constraint:数据库选型"
    ]


def test_aliases_are_configuration() -> None:
    engine = engine_with(TS, recall=RecallConfig(aliases=()))
    assert keys(engine, "TS 的泛型怎么用") == []


def test_a_name_is_not_the_plain_word() -> None:
    engine = engine_with(DOG)
    assert keys(engine, "What's the max attachment size in Gmail?") == []
    assert keys(engine, "Max has been limping since Sunday, should I worry?") == [
        "stable_user_context:pet--golden-retriever"
    ]
    # Without case there is nothing to go by: the tag matches.
    assert keys(engine, "max has been limping, should i worry") == [
        "stable_user_context:pet--golden-retriever"
    ]


def test_an_acronym_is_not_a_lower_case_tool_name() -> None:
    engine = engine_with(UV)
    assert keys(engine, "What does UV index mean in a weather forecast?") == []
    assert keys(engine, "How do I add a dependency with uv?") == [
        "workflow_preference:python-project-setup--uv"
    ]


def test_a_name_two_groups_share_links_them_and_a_group_only_its_own_names() -> None:
    groups = (("JS", "JavaScript"), ("JavaScript", "ECMAScript"), ("TS", "TypeScript"))
    spec = memory(
        "workflow_preference",
        "The user follows the ECMAScript spec closely.",
        ["ECMAScript", "language spec"],
        {"subject": "ECMAScript spec"},
    )
    engine = engine_with(spec, TS, recall=RecallConfig(aliases=groups))
    assert keys(engine, "Is this valid JS?") == ["workflow_preference:ecmascript-spec"]
    assert keys(engine, "How do I type this in TS?") == [
        "stable_user_context:前端开发--typescript-react"
    ]
    assert keys(engine, "Is this valid ECMAScript?") == ["workflow_preference:ecmascript-spec"]
