"""Where a user's memories went when their namespace is empty: another app, another secret.

Changing ``principal_secret`` or ``app`` between runs leaves every stored memory under
namespaces nobody reads any more. The store still lists them, so an empty read can say so.

>>> from langgraph.store.memory import InMemoryStore
>>> from memory_plugins import MemoryConfig, MemoryEngine
>>> from memory_plugins.testing import candidate
>>> store = InMemoryStore()
>>> shop = MemoryEngine(store, MemoryConfig(principal_secret="0123456789abcdef", app="shop"))
>>> _ = shop.remember("alice", [candidate()], source_conversation_id="c-1")
>>> print(elsewhere(shop.gateway, "memory-plugins").describe())
the store has records under other apps: shop (MemoryConfig.app chooses one)
"""

import logging
import threading
from dataclasses import dataclass

from memory_plugins.namespaces import MEMORY_SEGMENT, SCHEMA_SEGMENT
from memory_plugins.store import StoreGateway

__all__ = ["Elsewhere", "UnreachableNotice", "elsewhere"]

logger = logging.getLogger("memory_plugins")

_USERS_REPORTED = 10  # empty users warned about per engine before it goes quiet


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """Memory namespaces of the store that a reader of ``app`` does not see."""

    app: str
    users_in_app: int
    """Users with records under ``app`` (under any secret: hashes do not say which)."""
    other_apps: tuple[str, ...]
    """Other apps with records in the store."""

    def __bool__(self) -> bool:
        return bool(self.users_in_app or self.other_apps)

    def describe(self) -> str:
        """Where the records are, naming what to check."""
        notes = []
        if self.users_in_app:
            notes.append(
                f"the store has records of {self.users_in_app} other user(s) under app "
                f"{self.app!r}: check the user id, and that principal_secret is the secret the "
                "records were written with (users are stored under a hash keyed by it)"
            )
        if self.other_apps:
            notes.append(
                f"the store has records under other apps: {', '.join(self.other_apps)} "
                "(MemoryConfig.app chooses one)"
            )
        return "; ".join(notes)


def elsewhere(gateway: StoreGateway, app: str) -> Elsewhere:
    """Which memory namespaces the store holds besides ``app``'s readable ones."""
    apps = {
        ns[0]
        for ns in gateway.list_namespaces(max_depth=3)
        if ns[1:3] == (MEMORY_SEGMENT, SCHEMA_SEGMENT)
    }
    users = (
        len(gateway.list_namespaces((app, MEMORY_SEGMENT, SCHEMA_SEGMENT))) if app in apps else 0
    )
    return Elsewhere(app, users, tuple(sorted(apps - {app})))


class UnreachableNotice:
    """A WARNING, once per user, when a user has no memories while the store holds others.

    The store is listed once per engine, on the first empty read; later empty reads only
    look the user up in a set, and after ``_USERS_REPORTED`` users the notice goes quiet.
    """

    def __init__(self, gateway: StoreGateway, app: str) -> None:
        self._gateway = gateway
        self._app = app
        self._found: Elsewhere | None = None
        self._told: set[str] = set()
        self._lock = threading.Lock()

    def wants(self, user: str) -> bool:
        """Whether an empty read of ``user`` is still worth a look (cheap: no store call)."""
        with self._lock:
            return user not in self._told and len(self._told) <= _USERS_REPORTED

    def empty_read(self, user: str) -> None:
        """``user`` (its namespace hash) had no records: warn if they may be elsewhere."""
        with self._lock:
            if user in self._told or len(self._told) > _USERS_REPORTED:
                return
            self._told.add(user)
            found = self._found
        if found is None:
            try:
                found = elsewhere(self._gateway, self._app)
            except Exception:
                return
            self._found = found
        if not found:
            return
        if len(self._told) > _USERS_REPORTED:
            logger.warning("memory: more users without memories; no further notice")
            return
        logger.warning(
            "memory: no memories for a user under app %r; %s",
            self._app,
            found.describe(),
        )
