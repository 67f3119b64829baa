"""Every exception memory_plugins raises.

    MemoryPluginsError
     ├── ConfigurationError      the package was set up or called wrongly (fix your code)
     │    └── WrongTypeError     an argument of the wrong kind (also a TypeError)
     ├── EngineClosedError       a closed engine was used (also a RuntimeError)
     ├── MissingExtraError       an optional dependency is not installed (ImportError too)
     ├── StoreUnavailableError   the backing store failed; engines catch it and degrade
     ├── InvalidTokenError       a principal token failed verification
     └── SnapshotValidationError a constraint snapshot does not match its JSON Schema

A rejected memory candidate is *not* an exception: it is a ``WriteOutcome`` with a
reason code. Exceptions are for misuse, missing extras and store failures.
"""

__all__ = [
    "ConfigurationError",
    "EngineClosedError",
    "InvalidTokenError",
    "MemoryPluginsError",
    "MissingExtraError",
    "SnapshotValidationError",
    "StoreUnavailableError",
    "WrongTypeError",
]


class MemoryPluginsError(Exception):
    """Base class of every error raised by memory_plugins."""


class ConfigurationError(MemoryPluginsError, ValueError):
    """The package was configured or called in a way that cannot work.

    The message says what was wrong and how to fix it.
    """


class WrongTypeError(ConfigurationError, TypeError):
    """An argument of the wrong kind: a store class instead of an instance, a dict where a
    ``MemoryConfig`` belongs, a store given as ``engine=``, one candidate where a list is
    expected… Catch it as ``TypeError`` or as ``ConfigurationError``; the message says
    what to pass instead.
    """


class EngineClosedError(MemoryPluginsError, RuntimeError):
    """A ``MemoryEngine`` was used after ``close()`` (or after its ``with`` block ended).

    Open a new engine over the same store: the records are all still there.
    """


class MissingExtraError(MemoryPluginsError, ImportError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, feature: str, extra: str, module: str) -> None:
        super().__init__(
            f"{feature} needs the optional dependency {module!r}. "
            f"Install it with: pip install 'memory-plugins[{extra}]'"
        )
        self.extra = extra
        self.module = module


class StoreUnavailableError(MemoryPluginsError):
    """The backing store raised or timed out. Engines catch this and degrade (S3)."""


class InvalidTokenError(MemoryPluginsError):
    """A principal token was expired, forged, malformed or signed with an unknown key."""


class SnapshotValidationError(MemoryPluginsError, ValueError):
    """A constraint snapshot failed its versioned JSON Schema; it is never stored."""
