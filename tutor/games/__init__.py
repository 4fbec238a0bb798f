"""The three rules engines, one module per game, found by their game id."""
from __future__ import annotations

from importlib import import_module
from types import ModuleType

from tutor.core import TutorError
from tutor.messages import msg

MODULES = {
    "monster-trick": "tutor.games.monster_trick",
    "danger-13": "tutor.games.danger13",
    "thricewise": "tutor.games.thricewise",
}


def game_module(game_id: str) -> ModuleType:
    """The engine module for ``game_id``; a TutorError for an unknown id."""
    if game_id not in MODULES:
        raise TutorError(msg("error.unknown-game", game=game_id, known=", ".join(MODULES)))
    return import_module(MODULES[game_id])


def game_name(game_id: str) -> str:
    return msg(f"game.{game_id}.name")
