"""Pieces the games' lesson positions and checks share: the position's fields, seat names as
lessons write them, the simplest check and the ``illegal`` check."""
from __future__ import annotations

from tutor import schema
from tutor.core import PositionError, mismatch
from tutor.messages import msg


def check_position(position, spec: dict) -> None:
    """A lesson's ``position`` holds only the fields ``spec`` knows, each of the right kind
    (``tutor.schema`` checkers), before a game reads it; refused by name otherwise."""
    if not isinstance(position, dict):
        raise PositionError(msg("input.wrong", field=msg("input.field", field="position"),
                                expected=msg("input.expect.fields")))
    try:
        schema.check_fields(position, spec, (), lambda problem: problem, parent="position")
    except schema.Invalid as error:
        raise PositionError(str(error)) from None


class SeatLookup:
    """Seat names as lesson files write them, case-insensitively."""

    def __init__(self, names: list[str]):
        self.names = names
        self.lower = [name.lower() for name in names]

    def index(self, name) -> int:
        text = str(name).strip().lower()
        if text not in self.lower:
            raise PositionError(msg("error.unknown-seat", seat=name, known=", ".join(self.names)))
        return self.lower.index(text)


def check_value(name: str, read):
    """A lesson check comparing ``read(state)`` with the lesson's value."""
    def check(state, expected) -> str | None:
        found = read(state)
        return None if found == expected else mismatch(name, expected, found)
    return check


def check_illegal(parse_move):
    """The lesson check ``illegal``: {move, rule}, or a list of them: each move is refused,
    for breaking that rule (any rule when none is named)."""
    def check(state, expected) -> str | None:
        for entry in expected if isinstance(expected, list) else [expected]:
            reason = state.why_not(parse_move(entry["move"], state.players))
            wanted = entry.get("rule")
            if reason is None:
                return mismatch("illegal", f"{entry['move']}: {wanted or msg('lesson.illegal')}", msg("lesson.legal"))
            if wanted and reason.rule != wanted:
                return mismatch("illegal", f"{entry['move']}: {wanted}", reason.rule)
        return None
    return check


def replayed(before, after):
    """The moves that lead from ``before`` to ``after`` (a later position of the same game),
    each with the position just before it: (state, move) pairs for a note's test "applies
    here". The state is a copy being replayed, valid until the next pair."""
    probe = before.clone()
    for move in after.move_stack[len(before.move_stack):]:
        yield probe, move
        probe.push(move)
