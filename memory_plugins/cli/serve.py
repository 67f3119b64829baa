"""``memory-plugins serve``: a local web page to inspect and change a user's memories.

It serves the configured store with the configured secret and app (see
:mod:`memory_plugins.cli.runtime`), binds 127.0.0.1 unless told otherwise, and prints its
URL with a fresh access token on its first line. A request without the token is refused
(403): the first visit trades the token in the URL for a same-site cookie, so it leaves the
address bar. Requests must name this server as their host (no DNS rebinding), and every
change is a POST carrying a form token derived from the access token, sent from a
confirmation page. Built on the standard library's ``http.server``: a local, single-user
tool needs nothing more.
"""

import argparse
import hashlib
import hmac
import secrets
import sys
import threading
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from memory_plugins.cli import web_pages
from memory_plugins.cli.inspector import CLI_CONVERSATION
from memory_plugins.cli.runtime import cli_config, open_store, store_url
from memory_plugins.engine import MemoryEngine
from memory_plugins.errors import ConfigurationError, MemoryPluginsError, StoreUnavailableError
from memory_plugins.keys import addresses

__all__ = ["InspectorServer", "run"]

_COOKIE = "memory_plugins_token"
_MAX_FORM_BYTES = 16_384
_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns the exit status."""
    try:
        with open_store(must_exist=True) as store:
            config = cli_config(app=args.app, create_secret=False)
            with MemoryEngine(store, config) as engine:
                server = InspectorServer(engine, args.host, args.port, store_label=_label())
                print(server.url, flush=True)  # the first line: what to open
                print(
                    f"serving app {config.app!r}; press Ctrl-C to stop", file=sys.stderr, flush=True
                )
                try:
                    server.serve_forever()
                except KeyboardInterrupt:
                    pass
                finally:
                    server.server_close()
    except (StoreUnavailableError, ConfigurationError) as exc:
        print(f"memory-plugins serve: {exc}", file=sys.stderr)
        return 2
    return 0


def _label() -> str:
    url = store_url()
    return url.split("@")[-1] if "://" in url else url  # no password on the page


class InspectorServer(ThreadingHTTPServer):
    """The inspector over ``engine``, listening on ``host:port`` (0: any free port).

    >>> from langgraph.store.memory import InMemoryStore
    >>> from memory_plugins import MemoryConfig
    >>> engine = MemoryEngine(InMemoryStore(), MemoryConfig(principal_secret="0123456789abcdef"))
    >>> server = InspectorServer(engine, "127.0.0.1", 0)
    >>> server.url.startswith("http://127.0.0.1:") and "?token=" in server.url
    True
    >>> server.server_close(); engine.close()
    """

    daemon_threads = True

    def __init__(
        self, engine: MemoryEngine, host: str, port: int, *, store_label: str = ""
    ) -> None:
        self.engine = engine
        self.token = secrets.token_urlsafe(32)
        self.form_token = hmac.new(self.token.encode(), b"form", hashlib.sha256).hexdigest()
        self.store_label = store_label or type(engine.store).__name__
        super().__init__((host, port), _Handler)
        bound_host, bound_port = self.server_address[:2]
        self.origin = f"{_host_text(str(bound_host))}:{bound_port}"
        self.allowed_hosts = {self.origin, f"localhost:{bound_port}"}

    @property
    def url(self) -> str:
        """The address to open, access token included."""
        return f"http://{self.origin}/?token={self.token}"

    def start(self) -> threading.Thread:
        """Serve on a daemon thread (for tests and notebooks); stop with :meth:`shutdown`."""
        thread = threading.Thread(target=self.serve_forever, name="memory-plugins-serve")
        thread.daemon = True
        thread.start()
        return thread


def _host_text(host: str) -> str:
    return f"[{host}]" if ":" in host else host


class _Handler(BaseHTTPRequestHandler):
    server: InspectorServer
    server_version = "memory-plugins"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the URL holds the token and user ids: nothing is logged

    # -- access ----------------------------------------------------------------------------

    def _allowed(self) -> bool:
        if self.headers.get("Host", "") not in self.server.allowed_hosts:
            return False
        cookie = SimpleCookie(self.headers.get("Cookie", ""))
        held = cookie[_COOKIE].value if _COOKIE in cookie else ""
        return hmac.compare_digest(held.encode(), self.server.token.encode())

    def _refuse(self) -> None:
        self._send(
            HTTPStatus.FORBIDDEN,
            web_pages.message_page(
                "Forbidden", "Open the URL printed by memory-plugins serve (it holds the token)."
            ),
        )

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        offered = query.get("token")
        if (
            offered is not None
            and self.headers.get("Host", "") in self.server.allowed_hosts
            and hmac.compare_digest(offered.encode(), self.server.token.encode())
        ):
            rest = urlencode({k: v for k, v in query.items() if k != "token"})
            self._redirect(parts.path + (f"?{rest}" if rest else ""), cookie=True)
            return
        if not self._allowed():
            self._refuse()
            return
        try:
            if parts.path == "/":
                engine = self.server.engine
                page = web_pages.home_page(engine.config.app, self.server.store_label)
                self._send(HTTPStatus.OK, page)
            elif parts.path == "/user":
                self._user(query)
            elif parts.path == "/confirm":
                self._confirm(query)
            else:
                self._send(HTTPStatus.NOT_FOUND, web_pages.message_page("Not found", parts.path))
        except MemoryPluginsError as exc:
            self._send(
                HTTPStatus.SERVICE_UNAVAILABLE, web_pages.message_page("Cannot do that", str(exc))
            )

    def do_POST(self) -> None:
        if not self._allowed() or urlsplit(self.path).path != "/change":
            self._refuse()
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0:
            self._send(HTTPStatus.BAD_REQUEST, web_pages.message_page("Bad request", ""))
            return
        if length > _MAX_FORM_BYTES:
            self._send(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, web_pages.message_page("Too large", ""))
            return
        body = self.rfile.read(length).decode("utf-8", errors="replace")
        form = {k: v[0] for k, v in parse_qs(body).items()}
        held = form.get("form", "")
        if not hmac.compare_digest(held.encode(), self.server.form_token.encode()):
            self._refuse()
            return
        user, key, action = form.get("user", ""), form.get("key", ""), form.get("action", "")
        if not user or not key or action not in web_pages.ACTIONS:
            self._send(HTTPStatus.BAD_REQUEST, web_pages.message_page("Bad request", action))
            return
        try:
            notice = self._change(user, key, action)
        except MemoryPluginsError as exc:
            self._send(
                HTTPStatus.SERVICE_UNAVAILABLE, web_pages.message_page("Cannot do that", str(exc))
            )
            return
        self._redirect("/user?" + urlencode({"user": user, "notice": notice}))

    # -- pages -----------------------------------------------------------------------------

    def _user(self, query: dict[str, str]) -> None:
        engine = self.server.engine
        user = query.get("user", "").strip()
        if not user:
            self._redirect("/")
            return
        text = query.get("q", "").strip()
        ranking = engine.explain(user, text) if text else None
        page = web_pages.user_page(
            user,
            engine.list_records(user, status="all"),
            query=text,
            ranking=ranking,
            min_score=engine.config.recall.min_score,
            notice=query.get("notice", ""),
        )
        self._send(HTTPStatus.OK, page)

    def _confirm(self, query: dict[str, str]) -> None:
        user, key, action = query.get("user", ""), query.get("key", ""), query.get("action", "")
        if not user or not key or action not in web_pages.ACTIONS:
            self._send(HTTPStatus.BAD_REQUEST, web_pages.message_page("Bad request", action))
            return
        records = self.server.engine.list_records(user, status="all")
        record = next((r for r in records if addresses(r, key)), None)
        page = web_pages.confirm_page(user, record, key, action, self.server.form_token)
        self._send(HTTPStatus.OK, page)

    def _change(self, user: str, key: str, action: str) -> str:
        engine = self.server.engine
        if action == "forget":
            removed = engine.forget(user, key)
            return f"forgot {key}" if removed else f"not found: {key}"
        if action == "suppress":
            outcome = engine.suppress(user, key, conversation_id=CLI_CONVERSATION)
        else:
            outcome = engine.restore(user, key, conversation_id=CLI_CONVERSATION)
        return f"{outcome.status.value}: {key}"

    # -- plumbing --------------------------------------------------------------------------

    def _send(self, status: HTTPStatus, page: str) -> None:
        body = page.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in _HEADERS.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def _redirect(self, location: str, *, cookie: bool = False) -> None:
        self.send_response(HTTPStatus.SEE_OTHER)
        self.send_header("Location", location)
        if cookie:
            self.send_header(
                "Set-Cookie",
                f"{_COOKIE}={self.server.token}; HttpOnly; SameSite=Strict; Path=/",
            )
        for name, value in _HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()
