"""Danger 13: deal cards to the others and stay under 13.

The rules live in ``rules``; ``from tutor.games.danger13 import State, ...`` reads them here.
"""

from tutor.games import SHIPPED_LESSONS, Game, register
from tutor.games.danger13 import rules
from tutor.games.danger13.rules import *  # noqa: F403 (rules.__all__, the engine's public names)

GAME = register(Game("danger-13", __name__, order=2, lesson_folder=SHIPPED_LESSONS / "danger13"))

__all__ = ["GAME"]
__all__ += rules.__all__
