"""Record-check files: facts about a whole game record that ``python -m tutor check`` verifies.

A record-check file names a game record (a file beside it, or the record written inline)
and states how it ends (final scores, ranking) or where it is refused (move number and
rule). The format is documented in docs/lessons.md. ``check_file`` is what the command
runs on every file: lessons, record checks and plain records alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from tutor import records, schema
from tutor.core import State
from tutor.lessons import check_lesson
from tutor.messages import msg
from tutor.seats import SeatLookup
from tutor.yamlfile import FileProblem, read_yaml

FIELDS = ("record", "scores", "ranking", "refused")


def check_file(path: str | Path) -> list[str]:
    """Every way the file disagrees with the engine, one sentence each (empty: it holds).
    A file with ``record`` is a record check, one with ``moves`` a record that must
    replay (to its ``result`` when it gives one); any other file is a lesson."""
    name = str(path)
    try:
        data = read_yaml(name)
    except FileProblem as error:
        return [str(error)]
    if "steps" not in data and "record" in data:
        return check_record_file(name, data)
    if "steps" not in data and "moves" in data:
        try:
            records.load(name)
        except records.RecordError as error:
            return [str(error)]
        return []
    return check_lesson(name)


def check_record_file(name: str, data: dict) -> list[str]:
    """The failures of one record-check file (``data`` is its content)."""
    problem = _shape_problem(name, data)
    if problem:
        return [problem]
    try:
        state = _replay(name, data["record"])
    except records.RecordError as error:
        problem = _refusal_problem(name, data.get("refused"), error)
        return [problem] if problem else []
    if "refused" in data:
        return [msg("checks.record-not-refused", file=name, number=data["refused"]["move"], moves=_player_moves(state))]
    if not state.is_terminal():
        return [msg("checks.record-unfinished", file=name, moves=_player_moves(state))]
    failures = []
    for check, differs in (("scores", _scores_differ), ("ranking", _ranking_differs)):
        if check in data:
            texts = differs(state, data[check])
            if texts is not None:
                failures.append(msg("checks.record-differs", file=name, check=check, expected=texts[0], found=texts[1]))
    return failures


def _shape_problem(name: str, data: dict) -> str | None:
    """What is wrong with the fields of a record-check file, before any replay."""
    try:
        schema.check_fields(
            data,
            {"record": lambda value: None, "scores": schema.fields, "ranking": _ranking, "refused": schema.fields},
            ("record",),
            lambda problem: msg("input.at-file", file=name, problem=problem),
        )
    except schema.Invalid as error:
        return str(error)
    if not isinstance(data["record"], (str, dict)):
        return msg("checks.record-field", file=name)
    stated = [key for key in FIELDS[1:] if key in data]
    if not stated:
        return msg("checks.record-nothing", file=name)
    if "refused" in data and len(stated) > 1:
        return msg("checks.record-refused-alone", file=name)
    refused = data.get("refused", {"move": 1})
    number = refused.get("move") if isinstance(refused, dict) else None
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return msg("checks.record-refused-shape", file=name)
    return None


def _ranking(value: object) -> str | None:
    """A ranking lists names, or lists of names for places shared."""
    return None if isinstance(value, list) else msg("input.expect.words")


def _replay(name: str, record: dict | str) -> State[Any]:
    """The final state of ``record``: a path (relative to the check file) or the record itself."""
    if isinstance(record, dict):
        return records.load(name, text=yaml.safe_dump(record, sort_keys=False, allow_unicode=True))
    return records.load(Path(name).parent / record)


def _refusal_problem(name: str, refused: dict | None, error: records.RecordError) -> str:
    """Why the record's refusal ``error`` is not the one the file states (or the error
    itself when the file states none, or when the record could not be read at all).
    Empty when it is the one stated."""
    if refused is None or error.number is None:
        return str(error)
    number, rule = refused["move"], refused.get("rule")
    if error.number == number and (not rule or rule == error.rule):
        return ""
    wanted = msg("checks.refused-at", number=number, rule=rule or msg("checks.any-rule"))
    found = msg("checks.refused-at", number=error.number, rule=error.rule or msg("checks.no-rule"))
    return msg("checks.record-differs", file=name, check="refused", expected=wanted, found=found) + " " + str(error)


def _player_moves(state: State[Any]) -> int:
    """How many moves the players made (chance events are not written in records)."""
    return len(records.record_of(state)["moves"])


def _scores_differ(state: State[Any], expected: dict) -> tuple[str, str] | None:
    """{seat name: final score}, for the seats the file names (by any of their names): None,
    or (expected, found) as text."""
    returns, seats = state.returns(), SeatLookup(state.seat_names)
    found: dict[int | None, str] = {
        seat: _number_text(value) for seat, value in enumerate(returns)
    }  # None: no such seat
    if all(found.get(seats.find(name)) == _number_text(value) for name, value in expected.items()):
        return None
    return _scores_text((seats.shown(name), value) for name, value in expected.items()), _scores_text(
        zip(state.seat_names, returns)
    )


def _ranking_differs(state: State[Any], expected: list) -> tuple[str, str] | None:
    """[first, second, ...] from the top, tied seats written together as a list, each by
    any of its names."""
    seats = SeatLookup(state.seat_names)
    expected = [
        [seats.shown(seat) for seat in entry] if isinstance(entry, list) else seats.shown(entry) for entry in expected
    ]
    wanted = [
        sorted(str(seat).lower() for seat in (entry if isinstance(entry, list) else [entry])) for entry in expected
    ]
    groups = [[state.name(seat) for seat in group] for group in _ranking_groups(state)]
    if [sorted(name.lower() for name in group) for group in groups] == wanted:
        return None
    return _ranking_text(expected), _ranking_text(groups)


def _ranking_groups(state: State[Any]) -> list[list[int]]:
    """Seats from the top, tied seats (equal after every tie-break) in one group."""
    key = getattr(state, "ranking_key", None) or (lambda seat: state.returns()[seat])
    groups: list[list[int]] = []
    for seat in state.ranking():
        if groups and key(groups[-1][0]) == key(seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def _number_text(value: object) -> str:
    return str(int(value)) if isinstance(value, (int, float)) and float(value).is_integer() else str(value)


def _scores_text(scores: Iterable[tuple[str, object]]) -> str:
    return ", ".join(f"{name} {_number_text(value)}" for name, value in scores)


def _ranking_text(ranking: list) -> str:
    groups = [entry if isinstance(entry, list) else [entry] for entry in ranking]
    return " > ".join(" = ".join(map(str, group)) for group in groups)
