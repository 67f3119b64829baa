"""The web inspector over HTTP, on every backend: the token guards every page, changes need
the form token and a POST, stored text is shown escaped, and a query draws explain's bars."""

import http.client
import re
from collections.abc import Iterator
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from inspector_support import Serving, serve_environment

from memory_plugins import MemoryConfig, MemoryEngine, RecordStatus
from memory_plugins.backends import sqlite_store
from memory_plugins.cli.serve import InspectorServer
from memory_plugins.clock import FrozenClock
from memory_plugins.testing import candidate

TEA = "user_preference:prefer-oolong-tea"
HOSTILE = "The user likes <b>oolong</b> tea\u200b </td><script>alert(1)</script>\u202e."


@pytest.fixture
def served(engine: MemoryEngine, clock: FrozenClock) -> Iterator[InspectorServer]:
    engine.remember("alice", [candidate()], source_conversation_id="c-1")
    clock.advance(timedelta(minutes=5))
    engine.remember("alice", [candidate(text=HOSTILE)], source_conversation_id="c-2")
    engine.remember(
        "alice",
        [
            candidate(
                type="workflow_preference",
                text="The user edits code in Vim.",
                tags=["vim", "editor"],
                identity={"subject": "vim", "facet": "editor"},
            )
        ],
        source_conversation_id="c-2",
    )
    server = InspectorServer(engine, "127.0.0.1", 0)
    server.start()
    yield server
    server.shutdown()
    server.server_close()


class Client:
    """A browser's part, by hand: the Host header, the cookie, no redirects followed."""

    def __init__(self, server: InspectorServer) -> None:
        self.host, self.port = server.server_address[:2]
        self.cookie = ""

    def request(
        self, method: str, path: str, body: dict[str, str] | None = None, host: str | None = None
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection(str(self.host), int(self.port), timeout=10)
        headers = {"Host": host or f"{self.host}:{self.port}"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        text = response.read().decode()
        found = {k.lower(): v for k, v in response.getheaders()}
        conn.close()
        return response.status, found, text

    def login(self, url: str) -> None:
        parts = urlsplit(url)
        status, headers, _ = self.request("GET", f"{parts.path}?{parts.query}")
        assert status == 303 and headers["location"] == "/"
        self.cookie = headers["set-cookie"].split(";")[0]


class Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "input" and found.get("type") == "hidden" and found.get("name"):
            self.fields[str(found["name"])] = found.get("value") or ""


def hidden_fields(page: str) -> dict[str, str]:
    parser = Forms()
    parser.feed(page)
    return parser.fields


def test_every_page_needs_the_token(served: InspectorServer) -> None:
    client = Client(served)
    for path in ("/", "/user?user=alice", "/confirm?user=alice&key=x&action=forget", "/?token=no"):
        status, _, page = client.request("GET", path)
        assert status == 403 and "oolong" not in page
    status, _, _ = client.request("POST", "/change", {"user": "alice", "key": TEA})
    assert status == 403
    client.login(served.url)
    status, headers, page = client.request("GET", "/user?user=alice")
    assert status == 200 and "oolong" in page
    assert "script-src" not in headers["content-security-policy"]  # default-src 'none'
    assert headers["referrer-policy"] == "no-referrer"


def test_another_host_name_is_refused_even_with_the_cookie(served: InspectorServer) -> None:
    client = Client(served)
    client.login(served.url)
    status, _, _ = client.request("GET", "/user?user=alice", host="attacker.example:80")
    assert status == 403


def test_records_show_status_history_and_escaped_text(served: InspectorServer) -> None:
    client = Client(served)
    client.login(served.url)
    _, _, page = client.request("GET", "/user?user=alice")
    assert "<script>" not in page and "<b>oolong" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert '<span class="esc">\\u200b</span>' in page and "\\u202e" in page
    assert "\u200b" not in page and "\u202e" not in page
    assert "Records (2)" in page and "status-active" in page
    assert "updated" in page and "1 change(s)" in page and "The user likes oolong tea." in page


def test_a_query_draws_the_bars_and_the_verdicts(served: InspectorServer) -> None:
    client = Client(served)
    client.login(served.url)
    _, _, page = client.request("GET", "/user?" + urlencode({"user": "alice", "q": "which tea?"}))
    assert page.count('class="min-score"') == 2  # one bar per considered record
    assert re.search(r'class="bar" data-dimension="tags"', page)
    assert "selected" in page and "below_min_score" in page
    assert "the minimum score 1.5" in page


def test_suppress_restore_and_forget_need_confirmation_and_the_form_token(
    served: InspectorServer, engine: MemoryEngine
) -> None:
    client = Client(served)
    client.login(served.url)

    def status_of(key: str) -> RecordStatus | None:
        return next((r.status for r in engine.list_records("alice", "all") if r.key == key), None)

    query = urlencode({"user": "alice", "key": TEA, "action": "suppress"})
    status, _, page = client.request("GET", f"/confirm?{query}")
    assert status == 200 and 'id="confirm"' in page and status_of(TEA) is RecordStatus.ACTIVE
    fields = hidden_fields(page)
    assert fields["form"] == served.form_token and fields["action"] == "suppress"

    forged = fields | {"form": "guessed"}
    status, _, _ = client.request("POST", "/change", forged)
    assert status == 403 and status_of(TEA) is RecordStatus.ACTIVE
    status, headers, _ = client.request("POST", "/change", fields)
    assert status == 303 and "notice=suppressed" in headers["location"]
    assert status_of(TEA) is RecordStatus.SUPPRESSED

    status, _, page = client.request("GET", headers["location"])
    assert "suppressed: " in page and "restore-user-preference-prefer-oolong-tea" in page
    status, _, _ = client.request("POST", "/change", fields | {"action": "restore"})
    assert status == 303 and status_of(TEA) is RecordStatus.ACTIVE
    status, _, _ = client.request("POST", "/change", fields | {"action": "forget"})
    assert status == 303 and status_of(TEA) is None
    assert status_of("workflow_preference:vim--editor") is RecordStatus.ACTIVE


def test_serve_prints_its_url_with_the_token_first_and_binds_localhost(
    tmp_path: Path, config: MemoryConfig
) -> None:
    path = tmp_path / "m.sqlite"
    with sqlite_store(path) as store, MemoryEngine(store, config) as engine:
        engine.remember("alice", [candidate()], source_conversation_id="c-1")
    env = serve_environment(path, config)
    with Serving(env) as url:
        parts = urlsplit(url)
        assert parts.scheme == "http" and parts.hostname == "127.0.0.1"
        assert re.fullmatch(r"token=[A-Za-z0-9_-]{40,}", parts.query)
        conn = http.client.HTTPConnection(parts.netloc, timeout=10)
        conn.request("GET", "/user?user=alice")
        assert conn.getresponse().status == 403


def test_a_malformed_post_is_refused_without_hanging(
    served: InspectorServer, engine: MemoryEngine
) -> None:
    client = Client(served)
    client.login(served.url)
    conn = http.client.HTTPConnection(str(client.host), int(client.port), timeout=10)
    host = f"{client.host}:{client.port}"
    for length in ("-1", "many"):
        conn.putrequest("POST", "/change", skip_host=True)
        conn.putheader("Host", host)
        conn.putheader("Cookie", client.cookie)
        conn.putheader("Content-Length", length)
        conn.endheaders()
        response = conn.getresponse()
        response.read()
        assert response.status == 400
    conn.close()
    assert [r.status for r in engine.list_records("alice")] == [RecordStatus.ACTIVE] * 2
