"""Small pieces every engine module needs in the same form: options, seats, snapshots,
and the simplest lesson check."""
from __future__ import annotations

from tutor.core import PositionError, mismatch
from tutor.messages import msg

PLAYER_COUNTS = range(2, 6)  # all three games are for 2 to 5 players


def check_player_count(game_id: str, players: int) -> None:
    if players not in PLAYER_COUNTS:
        raise PositionError(msg("error.player-count", game=msg(f"game.{game_id}.name"), players=players,
                                low=PLAYER_COUNTS[0], high=PLAYER_COUNTS[-1]))


def resolve_options(options: dict | None, allowed: dict[str, tuple]) -> dict[str, str]:
    """Every option of ``allowed`` with its default (listed first) unless chosen."""
    chosen = {name: values[0] for name, values in allowed.items()}
    for name, value in (options or {}).items():
        if name not in allowed:
            raise PositionError(msg("error.unknown-option", option=name, known=", ".join(allowed)))
        if value not in allowed[name]:
            raise PositionError(msg("error.option-value", option=name, value=value,
                                    known=", ".join(allowed[name])))
        chosen[name] = value
    return chosen


def default_seat_names(players: int) -> list[str]:
    return [msg("seat.default", number=seat + 1) for seat in range(players)]


def freeze(value):
    """A hashable copy of nested lists, tuples and dicts, for ``snapshot()``."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, freeze(item)) for key, item in value.items()))
    return value


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
