"""Pieces the games' lesson positions and checks share: the position's fields, the simplest
checks, the seat checks (seats by any of their names, ``tutor.seats``) and the ``illegal`` check."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from tutor import schema
from tutor.core import PositionError, State, mismatch
from tutor.messages import msg
from tutor.seats import SeatLookup

# The state these pieces read is a game's own State (its fields are the game's), hence Any.
# A lesson check: check(state, the lesson's value) -> what disagrees, None when it holds.
Check = Callable[[Any, Any], str | None]
S = TypeVar("S", bound=State)


def check_position(position: object, spec: dict) -> None:
    """A lesson's ``position`` holds only the fields ``spec`` knows, each of the right kind
    (``tutor.schema`` checkers), before a game reads it; refused by name otherwise."""
    if not isinstance(position, dict):
        raise PositionError(
            msg("input.wrong", field=msg("input.field", field="position"), expected=msg("input.expect.fields"))
        )
    try:
        schema.check_fields(position, spec, (), lambda problem: problem, parent="position")
    except schema.Invalid as error:
        raise PositionError(str(error)) from None


def check_seat(name: str, read: Callable[[Any], str]) -> Check:
    """A lesson check whose value is one seat, by any of its names, or a word such as
    "nobody" (``read(state)`` gives the seat's name or that word)."""

    def check(state: Any, expected: Any) -> str | None:
        found, wanted = read(state), SeatLookup(state.seat_names).shown(expected)
        return None if found.lower() == wanted.lower() else mismatch(name, wanted, found)

    return check


# Whose turn it is: a seat, or the phase when nobody's (dealing, the end).
check_to_move = check_seat("to_move", lambda state: state.name(state.to_move) if state.to_move >= 0 else state.phase)


def check_seat_list(name: str, read: Callable[[Any], Iterable[int]], ordered: bool = True) -> Check:
    """A lesson check whose value is a list of seats, by any of their names, in order
    (or in any order); ``read(state)`` gives the seats."""

    def check(state: Any, expected: Any) -> str | None:
        seats = SeatLookup(state.seat_names)
        found = [state.name(seat) for seat in read(state)]
        wanted = [seats.shown(seat) for seat in expected or []]
        if not ordered:
            found, wanted = sorted(found, key=str.lower), sorted(wanted, key=str.lower)
        return None if [n.lower() for n in found] == [n.lower() for n in wanted] else mismatch(name, wanted, found)

    return check


def check_value(name: str, read: Callable[[Any], object]) -> Check:
    """A lesson check comparing ``read(state)`` with the lesson's value."""

    def check(state: Any, expected: Any) -> str | None:
        found = read(state)
        return None if found == expected else mismatch(name, expected, found)

    return check


def check_illegal(parse_move: Callable[[str, int], Any]) -> Check:
    """The lesson check ``illegal``: {move, rule}, or a list of them: each move is refused,
    for breaking that rule (any rule when none is named)."""

    def check(state: Any, expected: Any) -> str | None:
        for entry in expected if isinstance(expected, list) else [expected]:
            reason = state.why_not(parse_move(entry["move"], state.players))
            wanted = entry.get("rule")
            if reason is None:
                return mismatch("illegal", f"{entry['move']}: {wanted or msg('lesson.illegal')}", msg("lesson.legal"))
            if wanted and reason.rule != wanted:
                return mismatch("illegal", f"{entry['move']}: {wanted}", reason.rule)
        return None

    return check


def replayed(before: S, after: S) -> Iterator[tuple[S, Any]]:
    """The moves that lead from ``before`` to ``after`` (a later position of the same game),
    each with the position just before it: (state, move) pairs for a note's test "applies
    here". The state is a copy being replayed, valid until the next pair."""
    probe = before.clone()
    for move in after.move_stack[len(before.move_stack) :]:
        yield probe, move
        probe.push(move)


# ---------------------------------------------------------------------- facts for the studio
# A game's STUDIO_CHECKS (beside CHECKS): for a check the lesson studio offers, the engine's value in a
# position, as the check takes it; seats as ``state.name`` gives them (the studio writes them as
# lessons do); None: the check says nothing useful here and is not offered.


def fact_turn(state: Any) -> str | None:
    """``to_move``: the seat whose turn it is (not offered while nobody's is)."""
    return state.name(state.to_move) if state.to_move >= 0 else None


def fact_per_seat(read: Callable[[Any, int], object]) -> Callable[[Any], dict[str, object]]:
    """A fact of the form {seat: value, ...}: ``read(state, seat)`` for every seat."""
    return lambda state: {state.name(seat): read(state, seat) for seat in range(state.players)}
