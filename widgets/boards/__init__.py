"""Each game's board widget, in ``widgets/boards/<name>.py`` for the game package
``tutor/games/<name>``: a game's package is pure Python and imports no UI, so its board lives
here, found by the package's name (nothing in ``tutor/`` names ``widgets``). A board module
holds ``BOARD``, the widget that draws the game and turns clicks into its moves, and
``clicks(move)``: the CSS selectors a person clicks, in order, to make ``move`` (the browser
tests play through them)."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from tutor.core import TutorError
from tutor.games import Game, game
from tutor.messages import msg
from widgets.board import Board


def module_name(entry: Game) -> str:
    return f"{__name__}.{entry.package.rsplit('.', 1)[-1]}"


def has_board(entry: Game) -> bool:
    """Whether the game has a board here (found without importing it: the server asks too)."""
    return find_spec(module_name(entry)) is not None


def board_of(entry: Game) -> ModuleType:
    """The module of the game's board; a TutorError in words for a game without one."""
    if not has_board(entry):
        raise TutorError(msg("app.no-board", game=entry.name))
    return import_module(module_name(entry))


def board_module(game_id: str) -> ModuleType:
    """The board module of the game named by its id, for the tests, which name games so."""
    return board_of(game(game_id))


def board_for(state, scale: float) -> Board:
    """The board widget of the state's game, showing ``state``."""
    return board_of(state.game).BOARD(state, scale=scale)
