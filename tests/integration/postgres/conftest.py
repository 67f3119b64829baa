"""A private, throwaway PostgreSQL server that a test may stop and start at will.

Restarting the shared server on 127.0.0.1:5432 would break the session's other
connections (and anyone else's test run), so restart tests get their own cluster:
``initdb`` into a temporary folder, a free port, ``pg_ctl`` to stop and start it. It needs
the server binaries (``initdb``, ``pg_ctl``), like the shared server; as root it runs them
as the ``postgres`` user. Missing binaries fail the test: PostgreSQL is required here.
"""

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _server_bindir() -> Path:
    candidates = []
    if pg_config := shutil.which("pg_config"):
        out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    pytest.fail("restart tests need the PostgreSQL server binaries (initdb, pg_ctl) installed")


class PrivateCluster:
    """A PostgreSQL cluster in a temporary folder, listening on 127.0.0.1:``port``."""

    def __init__(self, root: Path) -> None:
        self.bindir = _server_bindir()
        self.root = root
        self.data = root / "data"
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self._as_postgres = os.geteuid() == 0  # initdb refuses to run as root
        if self._as_postgres:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                pytest.fail("running as root, restart tests need a 'postgres' system user")
            os.chown(root, user.pw_uid, user.pw_gid)

    def _run(self, *args: str) -> None:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
        if done.returncode != 0:
            pytest.fail(f"{' '.join(args[:1])} failed: {done.stderr or done.stdout}")

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-N")

    def start(self) -> None:
        # fsync off: nothing here must survive a power cut, only a clean restart.
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def private_pg() -> Iterator[PrivateCluster]:
    """A running private cluster; always stopped and removed afterwards."""
    root = Path(tempfile.mkdtemp(prefix="mp-pg-"))
    cluster = PrivateCluster(root)
    try:
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        if cluster.running():
            cluster.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)
