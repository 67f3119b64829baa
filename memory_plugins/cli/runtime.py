"""How the CLI finds its store, secret and app (the CLI, unlike the core, reads the environment).

The three variables name what the application passes to ``MemoryConfig`` and the store it
opens, so the command line sees exactly the application's memories:

``MEMORY_PLUGINS_STORE``: ``sqlite:///relative/file.db`` or ``sqlite:////absolute/file.db``
(SQLAlchemy's convention: four slashes for an absolute path; ``sqlite:///~/file.db``
expands; default: a file in the user's data directory), ``postgresql://…`` or ``memory``. ``MEMORY_PLUGINS_SECRET``:
the principal HMAC secret; when unset, the secret kept (mode 0600) beside the SQLite file.
``MEMORY_PLUGINS_APP``: the app label (``MemoryConfig.app``; ``--app`` overrides it).
Inspecting commands never create anything: a missing store or secret is an error naming
it. The target is resolved once per process: a running process never switches store.
"""

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memory_plugins.backends import check_postgres_url, postgres_store, sqlite_store
from memory_plugins.config import MemoryConfig
from memory_plugins.errors import ConfigurationError
from memory_plugins.store import StoreLike

__all__ = [
    "APP_ENV",
    "SECRET_ENV",
    "STORE_ENV",
    "cli_config",
    "default_data_dir",
    "open_store",
    "sqlite_path",
    "store_url",
]

STORE_ENV = "MEMORY_PLUGINS_STORE"
SECRET_ENV = "MEMORY_PLUGINS_SECRET"
APP_ENV = "MEMORY_PLUGINS_APP"
SECRET_FILE = "principal-secret"
_SQLITE = "sqlite:///"


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/memory-plugins`` (``~/.local/share/memory-plugins``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "memory-plugins"


def store_url() -> str:
    """The configured store URL, defaulting to the embedded SQLite file."""
    url = os.environ.get(STORE_ENV, "").strip()
    return url or f"{_SQLITE}{default_data_dir() / 'memory.sqlite'}"


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL with ``~`` expanded; ``None`` for other stores.

    >>> sqlite_path("sqlite:///~/m.db") == Path.home() / "m.db", sqlite_path("memory")
    (True, None)
    """
    if not url.startswith(_SQLITE):
        return None
    return Path(url.removeprefix(_SQLITE)).expanduser()


def _secret_folder(url: str) -> Path:
    path = sqlite_path(url)
    return path.parent if path is not None else default_data_dir()


def cli_config(
    url: str | None = None, *, app: str | None = None, create_secret: bool = True
) -> MemoryConfig:
    """The configuration the CLI shares with the application.

    The secret comes from ``MEMORY_PLUGINS_SECRET``, else from the file kept beside the
    SQLite store, which is generated once when ``create_secret`` (never by an inspecting
    command). The app label is ``app``, else ``MEMORY_PLUGINS_APP``, else the default.
    """
    url = url or store_url()
    secret = os.environ.get(SECRET_ENV, "").strip()
    if not secret:
        folder = _secret_folder(url)
        path = folder / SECRET_FILE
        if not path.exists():
            if not create_secret:
                raise ConfigurationError(
                    f"no principal secret: set {SECRET_ENV} to the principal_secret your "
                    f"application passes to MemoryConfig (there is no kept secret at {path})"
                )
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
        secret = path.read_text().strip()
    label = app or os.environ.get(APP_ENV, "").strip()
    if label:
        return MemoryConfig(principal_secret=secret, app=label)
    return MemoryConfig(principal_secret=secret)


@contextmanager
def open_store(url: str | None = None, *, must_exist: bool = False) -> Iterator[StoreLike]:
    """Open (and set up) the store named by ``url``; closes it afterwards.

    With ``must_exist`` (inspecting commands) nothing is created: a missing SQLite file
    and the process-private ``memory`` store are errors naming what to set.
    """
    url = url or store_url()
    path = sqlite_path(url)
    if url == "memory":
        if must_exist:
            raise ConfigurationError(
                f"{STORE_ENV}=memory is a store private to one process, so the command line "
                f"cannot see an application's memories: set {STORE_ENV} to the application's "
                "store (sqlite:///path or postgresql://...)"
            )
        from langgraph.store.memory import InMemoryStore

        yield InMemoryStore()
    elif path is not None:
        if must_exist and not path.is_file():
            read = path.absolute()
            how = ""
            if not path.is_absolute() and not url.removeprefix(_SQLITE).startswith("~"):
                how = (
                    f" ({url} names a path relative to the current folder, as in SQLAlchemy; "
                    f"an absolute path takes four slashes: sqlite:////{url.removeprefix(_SQLITE)})"
                )
            raise ConfigurationError(
                f"no memory store at {read}{how}: set {STORE_ENV}=sqlite:////absolute/path/to/"
                "app.sqlite (the file your application opens; sqlite:///relative/path and "
                "sqlite:///~/path work too) or postgresql://..."
            )
        with sqlite_store(path) as store:
            yield store
    elif url.startswith(("postgresql://", "postgres://")):
        check_postgres_url(url)  # a wrong database or port: one line, at once
        with postgres_store(url) as store:
            yield store
    else:
        raise ConfigurationError(
            f"{STORE_ENV}={url!r} is not understood; use sqlite:///FILE, postgresql://... or memory"
        )
