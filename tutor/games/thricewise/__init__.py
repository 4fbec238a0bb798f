"""Thricewise (P.D. Magnus), a Decktet game: grow a shared grid and score lines of three.

The rules live in ``rules``; ``from tutor.games.thricewise import State, ...`` reads them here.
"""

from tutor.games import SHIPPED_LESSONS, Game, register
from tutor.games.thricewise import rules
from tutor.games.thricewise.rules import *  # noqa: F403 (rules.__all__, the engine's public names)

GAME = register(Game("thricewise", __name__, order=3, lesson_folder=SHIPPED_LESSONS / "thricewise"))

__all__ = ["GAME"]
__all__ += rules.__all__
