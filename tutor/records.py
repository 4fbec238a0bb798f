"""Game records: a whole game as a readable YAML file that replays to the same result.

A record keeps what a game needs to be rebuilt: the game, players, seat names, options,
seed and first player, and the players' moves in order. Chance events (deals, draws) are
not written: the seed gives them again on replay.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from tutor.core import CHANCE, IllegalMove, TutorError, advance_chance, check_player_count
from tutor.games import game as registered, game_name, games
from tutor.messages import msg
from tutor.yamlfile import read_yaml

FORMAT = 1


class RecordError(TutorError):
    """A record that cannot be replayed; the text names the file and the move. A refused
    move also gives its ``number`` (from 1) and, when the engine refused it, the ``rule``."""

    def __init__(self, text: str, number: int | None = None, rule: str | None = None):
        super().__init__(text)
        self.number, self.rule = number, rule


def record_of(state) -> dict:
    """The record of a game started with ``new_game`` (not of a lesson position)."""
    replay = registered(state.game_id).new_game(state.players, seed=state.seed, options=state.options,
                             first_player=state.first_player, seat_names=state.seat_names)
    moves = []
    for move in state.move_stack:
        if replay.to_move != CHANCE:
            moves.append(str(move))
        replay.push(move)
    record = {
        "game": state.game_id, "format": FORMAT, "players": state.players, "seats": list(state.seat_names),
        "seed": state.seed, "first_player": state.first_player, "options": dict(state.options), "moves": moves,
    }
    if state.is_terminal():
        record["result"] = {"returns": state.returns(), "winners": [state.name(seat) for seat in state.winners()]}
    return record


def dumps(state) -> str:
    return yaml.safe_dump(record_of(state), sort_keys=False, allow_unicode=True)


def save(state, path: str | Path) -> None:
    Path(path).write_text(dumps(state), encoding="utf-8")


def load(path: str | Path, text: str | None = None, expected_game: str | None = None):
    """Replay a record into a state. ``text`` is for uploads not on disk.

    Raises RecordError naming the file and, for a bad move, its number."""
    name = str(path)
    try:
        data = read_yaml(name, text)
    except TutorError as error:
        raise RecordError(str(error)) from None
    for key in ("game", "players", "seed", "moves"):
        if key not in data:
            raise RecordError(msg("error.missing-field", file=name, field=key))
    game = str(data["game"])
    if game not in games():
        raise RecordError(f"{name}: " + msg("error.unknown-game", game=game, known=", ".join(games())))
    if expected_game and game != expected_game:
        raise RecordError(msg("record.other-game", file=name, found=game_name(game), expected=game_name(expected_game)))
    _check_shape(name, game, data)
    entry = registered(game)
    try:
        state = entry.new_game(data["players"], seed=data["seed"], options=data.get("options"),
                                first_player=data.get("first_player", 0), seat_names=data.get("seats"))
    except TutorError as error:
        raise RecordError(f"{name}: {error}") from None
    for number, text in enumerate(data["moves"], start=1):
        advance_chance(state)
        try:
            state.push(entry.parse_move(str(text), state.players))
        except IllegalMove as error:
            raise RecordError(msg("record.illegal-move", file=name, number=number, move=text, reason=error.reason),
                              number, error.reason.rule) from None
        except TutorError as error:
            raise RecordError(msg("record.bad-move", file=name, number=number, move=text, problem=error),
                              number) from None
    advance_chance(state)
    expected = data.get("result")
    if expected is not None:
        found = record_of(state).get("result")
        if found != expected:
            raise RecordError(msg("record.result-differs", file=name, found=found or msg("record.unfinished"),
                                  expected=expected))
    return state


def _check_shape(name: str, game: str, data: dict) -> None:
    """Each field of the kind the replay needs, so a hand-edited file fails in words."""
    def wrong(field: str, expected: str) -> RecordError:
        return RecordError(msg("error.wrong-type", file=name, field=field, expected=msg(f"type.{expected}")))

    for field in ("players", "seed", "first_player"):
        if field in data and (not isinstance(data[field], int) or isinstance(data[field], bool)):
            raise wrong(field, "number")
    try:
        check_player_count(game, data["players"], registered(game).player_counts)
    except TutorError as error:
        raise RecordError(f"{name}: {error}") from None
    if not isinstance(data["moves"], list):
        raise wrong("moves", "list")
    if data.get("options") is not None and not isinstance(data["options"], dict):
        raise wrong("options", "dict")
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != data["players"]
                              or not all(isinstance(seat, str) and seat.strip() for seat in seats)):
        raise RecordError(msg("record.seats", file=name, players=data["players"]))
    if not 0 <= data.get("first_player", 0) < data["players"]:
        raise RecordError(msg("record.first-player", file=name, players=data["players"]))
