"""Redraw docs/img/inspector.png: the web inspector explaining a query, in headless Chromium.

Run from the repository root: ``python docs/screenshots.py`` (needs Debian's chromium and
chromium-driver, and the dev extra's selenium). The memories are written here, offline.
"""

import sys
from pathlib import Path
from urllib.parse import urlencode

from langgraph.store.memory import InMemoryStore

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "integration" / "inspector"))

from inspector_support import screenshot  # noqa: E402  (a test helper, found by path)

from memory_plugins import MemoryConfig, MemoryEngine  # noqa: E402
from memory_plugins.cli.serve import InspectorServer  # noqa: E402
from memory_plugins.testing import candidate  # noqa: E402


def main() -> None:
    config = MemoryConfig(principal_secret="screenshot-secret-0123456789")
    with MemoryEngine(InMemoryStore(), config) as engine:
        engine.remember(
            "alice",
            [
                candidate(),
                candidate(
                    text="The user drinks black coffee in the morning.",
                    tags=["coffee", "morning"],
                    identity={"subject": "black coffee", "polarity": "prefer"},
                ),
                candidate(
                    type="workflow_preference",
                    text="The user edits code in Vim.",
                    tags=["vim", "editor"],
                    identity={"subject": "vim", "facet": "editor"},
                ),
            ],
            source_conversation_id="c-1",
        )
        engine.remember(
            "alice",
            [candidate(text="The user likes oolong tea, unsweetened.")],
            source_conversation_id="c-2",
        )
        engine.suppress("alice", "workflow_preference:vim--editor", conversation_id="c-3")
        server = InspectorServer(engine, "127.0.0.1", 0)
        server.start()
        try:
            token = server.url.split("?", 1)[1]
            query = urlencode({"user": "alice", "q": "tea or coffee this morning?"})
            page = f"http://{server.origin}/user?{query}&{token}"
            print(screenshot(page, ROOT / "docs" / "img" / "inspector.png", height=760))
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
