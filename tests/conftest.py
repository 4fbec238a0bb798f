"""Fixtures shared by the test modules: the language of a test, its pages on screen, and the two
classroom stores; the browser tests' screenshots cleared at the start of a run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import redis
from classroom_stores import RedisServer, require_redis_server

from tutor.classroom.store import open_store
from tutor.messages import language, set_language
from widgets.poller import PAGE

SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"


def pytest_sessionstart(session):
    """The browser tests' screenshots are this run's only: cleared once here, before any test
    (under pytest-xdist by the process that hands out the tests, not by each worker)."""
    if not hasattr(session.config, "workerinput"):
        shutil.rmtree(SCREENSHOTS, ignore_errors=True)


@pytest.fixture(autouse=True)
def _language_restored():
    """Every test starts in the language the one before it started in, whatever it set."""
    before = language()
    yield
    set_language(before)


@pytest.fixture(autouse=True)
def _page_on_screen(monkeypatch):
    """A test's pages are on screen from the start (as a browser's, once it drew them): their
    pollers tick at once. A test of the wait before that sets ``PAGE.shown`` back."""
    monkeypatch.setattr(PAGE, "shown", True)


@pytest.fixture
def speaking():
    """``speaking("fr")`` sets the language for this test (put back afterwards)."""
    return set_language


@pytest.fixture(scope="session")
def redis_address():
    require_redis_server()
    with RedisServer() as address:
        yield address


@pytest.fixture(params=["sqlite", "redis"])
def store_address(request, tmp_path):
    """The address of an empty store of each kind."""
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 'class.db'}"
    address = request.getfixturevalue("redis_address")
    with redis.Redis.from_url(address) as client:
        client.flushdb()
    return address


@pytest.fixture
def store(store_address):
    opened = open_store(store_address)
    yield opened
    opened.close()
