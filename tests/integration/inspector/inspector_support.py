"""What the inspector tests share: ``memory-plugins serve`` in a child process, and Debian's
headless Chromium driven by Selenium, with nothing fetched from the network.

The browser and its driver come from the Debian packages (``apt-get install chromium
chromium-driver``; ``.ci/run`` installs them). When they are missing this fails, naming
the packages: the browser test is a requirement, never skipped.
"""

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memory_plugins import MemoryConfig

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,900",
)


@contextmanager
def headless_chromium() -> Iterator["object"]:
    """A Selenium ``webdriver.Chrome`` on a fresh profile, quit afterwards."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.is_file()]
    assert not missing, (
        f"missing {', '.join(missing)}: apt-get install -y chromium chromium-driver "
        "(.ci/run installs them)"
    )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common import selenium_manager

    def refuse(*args: object, **kwargs: object) -> dict[str, str]:
        raise AssertionError("Selenium Manager must not run (it downloads browsers)")

    selenium_manager.SeleniumManager.binary_paths = refuse  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="mp-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in (*FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def serve_environment(path: Path, config: MemoryConfig) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMORY_PLUGINS_")}
    env |= {
        "MEMORY_PLUGINS_STORE": f"sqlite:///{path}",
        "MEMORY_PLUGINS_SECRET": str(config.principal_secret),
        "MEMORY_PLUGINS_APP": config.app,
    }
    return env


class Serving:
    """``memory-plugins serve`` in a child process; entering gives its first line."""

    def __init__(self, env: dict[str, str]) -> None:
        self.process: subprocess.Popen[str] | None = None
        self.env = env

    def __enter__(self) -> str:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "memory_plugins", "serve"],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline().strip()
        assert line, self.process.stderr.read() if self.process.stderr else "no output"
        return line

    def __exit__(self, *exc: Any) -> None:
        assert self.process is not None
        self.process.terminate()
        self.process.wait(timeout=10)


def screenshot(url: str, path: Path, *, height: int = 900) -> Path:
    """A PNG of the page at ``url`` as headless Chromium draws it (for the docs)."""
    with headless_chromium() as driver:
        browser: Any = driver
        browser.set_window_size(1280, height)
        browser.get(url)
        browser.save_screenshot(str(path))
    return path
