"""Game records: a whole game as a readable YAML file that replays to the same result.

A record keeps what a game needs to be rebuilt: the game, players, seat names, options,
seed and first player, and the players' moves in order. Chance events (deals, draws) are
not written: the seed gives them again on replay. Seats are written as lessons write them:
a seat named per language ({en: Red, fr: Rouge, nl: Rood}) is read in the page's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tutor.core import CHANCE, IllegalMove, State, TutorError, advance_chance
from tutor.games import Game, game_name
from tutor.games import game as registered
from tutor.lessons import parse_move_for
from tutor.messages import file_size, listed, msg
from tutor.schema import RECORD_FORMAT, check_record
from tutor.seats import SeatLookup, seat_name, written
from tutor.yamlfile import read_yaml

MAX_RECORD_BYTES = 1024 * 1024  # a finished game's record is about 2 KB


class RecordError(TutorError):
    """A record that cannot be replayed; the text names the file and the move. A refused
    move also gives its ``number`` (from 1) and, when the engine refused it, the ``rule``."""

    def __init__(self, text: str, number: int | None = None, rule: str | None = None):
        super().__init__(text)
        self.number, self.rule = number, rule


def record_of(state: State[Any], played_by: list[str] | None = None) -> dict:
    """The record of a game started with ``new_game`` (not of a lesson position), with who
    played each seat when given (a person or a computer player's strength). Each move
    carries its mover's name, so a replay from another first player is refused; the result
    comes before the moves, so a file cut short keeps a result that its moves do not reach."""
    replay = state.game.new_game(
        state.players,
        seed=state.seed,
        options=state.options,
        first_player=state.first_player,
        seat_names=state.seat_names,
    )
    moves = []
    for move in state.move_stack:
        if replay.to_move >= 0:
            moves.append(f"{replay.name(replay.to_move)}: {move}")
        elif replay.to_move != CHANCE:
            moves.append(str(move))  # a simultaneous choice names its seat itself
        replay.push(move)
    record = {
        "game": state.game_id,
        "format": RECORD_FORMAT,
        "players": state.players,
        "seats": [written(name) for name in state.seat_names],  # plain data, per language where named so
        "seed": state.seed,
        "first_player": state.first_player,
        "options": dict(state.options),
    }
    if played_by:
        record["played_by"] = list(played_by)
    if state.is_terminal():
        record["result"] = {"returns": state.returns(), "winners": [str(state.name(seat)) for seat in state.winners()]}
    record["moves"] = moves
    return record


def dumps(state: State[Any], played_by: list[str] | None = None) -> str:
    return yaml.safe_dump(record_of(state, played_by), sort_keys=False, allow_unicode=True)


def check_upload_size(name: str, size: int) -> None:
    """RecordError when an upload of ``size`` bytes is too big to read (asked before reading it)."""
    if size > MAX_RECORD_BYTES:
        raise RecordError(msg("input.upload-too-big", file=name, limit=file_size(MAX_RECORD_BYTES)))


def load(path: str | Path, text: str | bytes | None = None, expected_game: Game | None = None) -> State[Any]:
    """Replay a record into a state. ``text`` is for uploads not on disk.

    The record names its game by id: the one place its ``Game`` is looked up. Raises
    RecordError naming the file and, for a bad move, its number."""
    name = str(path)
    try:
        data = read_yaml(name, text, limit=MAX_RECORD_BYTES)
        check_record(name, data)
    except TutorError as error:
        raise RecordError(str(error)) from None
    game = data["game"]
    if expected_game and game != expected_game.id:
        raise RecordError(msg("record.other-game", file=name, found=game_name(game), expected=expected_game.name))
    entry = registered(game)
    seats = [seat_name(seat) for seat in data["seats"]] if "seats" in data else None
    try:
        state = entry.new_game(
            data["players"],
            seed=data["seed"],
            options=data.get("options"),
            first_player=data.get("first_player", 0),
            seat_names=seats,
        )
    except TutorError as error:
        raise RecordError(f"{name}: {error}") from None
    for number, notation in enumerate(data["moves"], start=1):
        advance_chance(state)
        try:
            state.push(parse_move_for(entry, state, notation))
        except IllegalMove as error:
            raise RecordError(
                msg("record.illegal-move", file=name, number=number, move=notation, reason=error.reason),
                number,
                error.reason.rule,
            ) from None
        except TutorError as error:
            raise RecordError(
                msg("record.bad-move", file=name, number=number, move=notation, problem=error), number
            ) from None
    advance_chance(state)
    if "result" in data:
        _check_result(name, state, data["result"])
    return state


def _check_result(name: str, state: State[Any], expected: dict) -> None:
    if not state.is_terminal():
        raise RecordError(msg("input.at-file", file=name, problem=msg("input.cut-short")))
    found = record_of(state)["result"]
    seats = SeatLookup(state.seat_names)  # the winners written by any of their names
    expected = {**expected, "winners": [seats.shown(name) for name in expected["winners"]]}
    if found != expected:
        raise RecordError(
            msg(
                "input.at-file",
                file=name,
                problem=msg("input.result-differs", found=_result_words(found), expected=_result_words(expected)),
            )
        )


def _result_words(result: dict) -> str:
    points = ", ".join(f"{value:g}" for value in result["returns"])
    return msg("input.result-words", points=points, winners=listed(result["winners"]))
