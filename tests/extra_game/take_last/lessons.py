"""Take the Last: a lesson's position is the pile's size and who is to take."""

from __future__ import annotations

from tutor.core import PositionError
from tutor.games.common import check_illegal, check_value
from tutor.seats import SeatLookup

from .rules import State, parse_move


def lesson_state(
    players: int, position: dict, options: dict | None = None, seed: int = 0, seat_names: list[str] | None = None
) -> State:
    state = State(players, seed, options, seat_names=seat_names)
    state.pile, state.dealt = int(position.get("pile", 10)), True
    if state.pile < 1:
        raise PositionError("the pile needs at least one card.")
    state.current = SeatLookup(state.seat_names).index(position.get("to_move", state.seat_names[0]))
    return state


CHECKS = {
    "pile": check_value("pile", lambda state: state.pile),
    "to_move": check_value("to_move", lambda state: state.name(state.to_move) if state.to_move >= 0 else "over"),
    "illegal": check_illegal(parse_move),
}

# what a rules-only game's lessons leave empty (tutor/games/parts.py: Lessons)
NOTES: dict = {}
VIEW_NOTES: tuple[str, ...] = ()
STUDIO_CHECKS: dict = {}
FACTS: dict = {}
MOMENTS: dict = {}
SHOWN_MOMENTS: tuple[str, ...] = ()


def unasked(state: State, move, accepted: list) -> None:
    return None


def answer_names(state: State, move, lang: str) -> list[str]:
    return []
