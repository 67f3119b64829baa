"""Replay the extraction cassettes offline: fixed base URL, record mode ``none``, no network."""

from typing import Any

import pytest
from extraction_replay_support import BASE_URL, CASSETTES, FILTERED_HEADERS
from langchain_openai import ChatOpenAI
from langgraph.store.memory import InMemoryStore

from memory_plugins import MemoryConfig, MemoryEngine
from memory_plugins.testing import FrozenClock


@pytest.fixture(scope="module")
def vcr_cassette_dir() -> str:
    return str(CASSETTES)


@pytest.fixture
def vcr_config() -> dict[str, Any]:
    # record_mode here overrides --record-mode: replay only, a missing exchange fails the test.
    return {
        "record_mode": "none",
        "filter_headers": FILTERED_HEADERS,
        "decode_compressed_response": True,
    }


@pytest.fixture
def chat_model() -> ChatOpenAI:
    return ChatOpenAI(
        base_url=BASE_URL,
        api_key="sk-test-replay-only",
        model="scripted-local-model",
        temperature=0,
        max_retries=0,
        timeout=5,
    )


@pytest.fixture
def engine() -> MemoryEngine:
    config = MemoryConfig(principal_secret="extraction-tests-secret-0123456789")
    return MemoryEngine(InMemoryStore(), config, clock=FrozenClock())
