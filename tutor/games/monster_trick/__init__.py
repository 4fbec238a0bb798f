"""Monster Trick (Ralf zur Linde): up to four tricks at once and a victory-point prediction.

The rules live in ``rules``; ``from tutor.games.monster_trick import State, ...`` reads them here.
"""

from tutor.games import SHIPPED_LESSONS, Game, register
from tutor.games.monster_trick import rules
from tutor.games.monster_trick.rules import *  # noqa: F403 (rules.__all__, the engine's public names)

GAME = register(Game("monster-trick", __name__, order=1, lesson_folder=SHIPPED_LESSONS / "monster_trick"))

__all__ = ["GAME"]
__all__ += rules.__all__
