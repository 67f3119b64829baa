"""A setup warning an adapter logs the first time only: loud enough to see, never a flood."""

import logging
import threading

__all__ = ["WarnOnce"]

logger = logging.getLogger("memory_plugins")


class WarnOnce:
    """Logs its first message at WARNING, then stays silent (one per adapter instance).

    >>> warn = WarnOnce()
    >>> warn("no conversation id"), warn("no conversation id"), warn.fired
    (True, False, True)
    """

    def __init__(self) -> None:
        self.fired = False
        self._lock = threading.Lock()

    def __call__(self, message: str) -> bool:
        """Log ``message`` unless a warning was logged already; whether it was logged now."""
        with self._lock:
            if self.fired:
                return False
            self.fired = True
        logger.warning("%s", message)
        return True
