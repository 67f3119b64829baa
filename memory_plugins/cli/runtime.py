"""How the CLI finds its store and secret (the CLI, unlike the core, reads the environment).

``MEMORY_PLUGINS_STORE``: ``sqlite:///path/to/file.db`` (default: a file in the user's data
directory), ``postgresql://…`` or ``memory``. ``MEMORY_PLUGINS_SECRET``: the principal HMAC
secret; when unset, one is generated once and kept (mode 0600) beside the SQLite file.
The target is resolved once per process: a running process never switches store.
"""

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memory_plugins.backends import postgres_store, sqlite_store
from memory_plugins.config import MemoryConfig
from memory_plugins.errors import ConfigurationError
from memory_plugins.store import StoreLike

__all__ = ["cli_config", "default_data_dir", "open_store", "store_url"]

STORE_ENV = "MEMORY_PLUGINS_STORE"
SECRET_ENV = "MEMORY_PLUGINS_SECRET"


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/memory-plugins`` (``~/.local/share/memory-plugins``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "memory-plugins"


def store_url() -> str:
    """The configured store URL, defaulting to the embedded SQLite file."""
    url = os.environ.get(STORE_ENV, "").strip()
    return url or f"sqlite:///{default_data_dir() / 'memory.sqlite'}"


def cli_config(url: str | None = None) -> MemoryConfig:
    """The CLI's configuration: secret from the environment or the kept secret file."""
    secret = os.environ.get(SECRET_ENV, "").strip()
    if not secret:
        url = url or store_url()
        folder = (
            Path(url.removeprefix("sqlite:///")).parent
            if url.startswith("sqlite:///")
            else default_data_dir()
        )
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "principal-secret"
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
        secret = path.read_text().strip()
    return MemoryConfig(principal_secret=secret)


@contextmanager
def open_store(url: str | None = None) -> Iterator[StoreLike]:
    """Open (and set up) the store named by ``url``; closes it afterwards."""
    url = url or store_url()
    if url == "memory":
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif url.startswith("sqlite:///"):
        with sqlite_store(url.removeprefix("sqlite:///")) as store:
            yield store
    elif url.startswith(("postgresql://", "postgres://")):
        with postgres_store(url) as store:
            yield store
    else:
        raise ConfigurationError(
            f"{STORE_ENV}={url!r} is not understood; use sqlite:///FILE, postgresql://... or memory"
        )
