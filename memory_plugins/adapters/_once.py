"""A setup warning an adapter logs the first time only: loud enough to see, never a flood."""

import logging
import threading

__all__ = ["WarnOnce"]

logger = logging.getLogger("memory_plugins")


class WarnOnce:
    """Logs ``message`` at WARNING on the first call, then stays silent.

    >>> warn = WarnOnce("no conversation id")
    >>> warn(), warn(), warn.fired
    (True, False, True)
    """

    def __init__(self, message: str) -> None:
        self.message = message
        self.fired = False
        self._lock = threading.Lock()

    def __call__(self) -> bool:
        """Log the warning unless it was logged already; whether it was logged now."""
        with self._lock:
            if self.fired:
                return False
            self.fired = True
        logger.warning("%s", self.message)
        return True
