"""nbval runs each page's notebook as Voila would. The pages that ask "which game?" when their
address names none are run for a game, as a visitor's link opens them: the kernel, started with
the notebook's first cell, reads the address from QUERY_STRING as Voila's kernels do. The games
are taken in turn, so that every game's pages are built."""

from __future__ import annotations

import os

import pytest
from nbval.plugin import IPyNbCell

from tutor.games import games

GAME_PAGES = ("learn", "practise", "drill", "play", "glossary", "studio")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    page = item.parent.path.stem if isinstance(item, IPyNbCell) else None
    if page not in GAME_PAGES:
        yield
        return
    shipped = list(games())
    before = os.environ.get("QUERY_STRING")
    os.environ["QUERY_STRING"] = f"game={shipped[GAME_PAGES.index(page) % len(shipped)]}&seed=1"
    try:
        yield
    finally:
        if before is None:
            del os.environ["QUERY_STRING"]
        else:
            os.environ["QUERY_STRING"] = before
