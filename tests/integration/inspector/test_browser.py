"""The web inspector in a real browser (Debian's headless Chromium): open the printed URL,
look up a user, run a query and see explain's bars, suppress a memory after confirming it,
and find it suppressed in the store."""

from pathlib import Path
from typing import Any

from inspector_support import Serving, headless_chromium, serve_environment
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from memory_plugins import MemoryConfig, MemoryEngine, RecordStatus
from memory_plugins.backends import sqlite_store
from memory_plugins.testing import candidate

TEA = "user_preference:prefer-oolong-tea"


def test_query_bars_and_a_confirmed_suppress_in_chromium(
    tmp_path: Path, config: MemoryConfig
) -> None:
    path = tmp_path / "app.sqlite"
    with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
        engine.remember(
            "alice",
            [
                candidate(),
                candidate(
                    type="workflow_preference",
                    text="The user edits code in Vim.",
                    tags=["vim", "editor"],
                    identity={"subject": "vim", "facet": "editor"},
                ),
            ],
            source_conversation_id="c-1",
        )

    with Serving(serve_environment(path, config)) as url, headless_chromium() as driver:
        browser: Any = driver
        browser.get(url)
        assert "token=" not in browser.current_url  # traded for a cookie at once
        browser.find_element(By.ID, "user").send_keys("alice")
        browser.find_element(By.ID, "open").click()
        # The click submits a form too: wait for the user's page, then count its rows.
        rows = WebDriverWait(browser, 30).until(
            lambda b: b.find_elements(By.CSS_SELECTOR, "tr.record")
        )
        assert len(rows) == 2

        browser.find_element(By.ID, "q").send_keys("which tea should I brew?")
        browser.find_element(By.ID, "explain").click()
        # The click submits a form: wait for the page it loads, not only for the click.
        bars = WebDriverWait(browser, 30).until(
            lambda b: b.find_elements(By.CSS_SELECTOR, "#explain-result rect.bar")
        )
        assert bars and all(float(b.get_attribute("width")) > 0 for b in bars)
        assert bars[0].size["width"] > 0  # drawn, not only present
        tea_row = browser.find_element(By.CSS_SELECTOR, f'tr.considered[data-key="{TEA}"]')
        assert "selected" in tea_row.text
        browser.save_screenshot(str(tmp_path / "explain.png"))

        browser.find_element(By.ID, "suppress-user-preference-prefer-oolong-tea").click()
        WebDriverWait(browser, 30).until(lambda b: "Confirm: suppress" in b.title)
        with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
            assert engine.list_records("alice", "suppressed") == []  # not before confirming
        browser.find_element(By.ID, "confirm").click()
        notice = WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.ID, "notice"))
        assert f"suppressed: {TEA}" in notice[0].text

    with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
        status = {r.key: r.status for r in engine.list_records("alice", "all")}
    assert status == {
        TEA: RecordStatus.SUPPRESSED,
        "workflow_preference:vim--editor": RecordStatus.ACTIVE,
    }
