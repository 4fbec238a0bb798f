"""The two real classroom stores for tests: SQLite in a temporary folder, and a throwaway
redis-server (Debian's) on a free loopback port. Without redis-server the Redis cases skip on a
desktop and fail in CI (CI=true). The fixtures are in conftest.py; the benchmark uses ``RedisServer`` too."""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import redis

REDIS_SERVER = Path("/usr/bin/redis-server")


def require_redis_server() -> None:
    if REDIS_SERVER.exists():
        return
    reason = f"{REDIS_SERVER} is missing"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the Redis store tests must run)")
    pytest.skip(f"{reason}; install it with 'apt-get install redis-server' to test the Redis store")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """``with RedisServer() as address:`` runs a server without persistence in a temporary
    folder for the block, then kills it; with a ``password``, the address carries it."""

    def __init__(self, password: str | None = None):
        self.password = password

    def __enter__(self) -> str:
        self._folder = tempfile.TemporaryDirectory(prefix="tutor-redis-")
        port = _free_port()
        self.process = subprocess.Popen(
            [
                str(REDIS_SERVER),
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                self._folder.name,
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
                *(["--requirepass", self.password] if self.password else []),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        address = f"redis://{f':{self.password}@' if self.password else ''}127.0.0.1:{port}/0"
        client = redis.Redis.from_url(address)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.__exit__()
                    raise RuntimeError(f"redis-server did not start on port {port}") from None
                time.sleep(0.02)
        client.close()
        return address

    def __exit__(self, *exc_info) -> None:
        self.process.kill()
        self.process.wait()
        self._folder.cleanup()


def names(lesson) -> list[str]:
    """The learners' names as the teacher's roster shows them, in joining order."""
    return [name for _, name in lesson.roster()]
