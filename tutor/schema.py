"""The shape of lesson and record files, checked before any engine sees them.

Each field has a check: a function that returns None when the value fits, or the phrase
saying what was expected ("a whole number from 2 to 5"). The game-specific parts (a
lesson's ``position`` and ``check`` contents, move notation) are left to the engines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tutor.core import TutorError
from tutor.games import game as registered
from tutor.games import games
from tutor.messages import LANGUAGES, msg, spoken_language

Check = Callable[[Any], "str | None"]

DEFAULT_PLAYERS = 4  # a lesson without 'players' (docs/lessons.md)
RECORD_FORMAT = 1
MAX_NAME = 30  # letters in a player's name: it must fit beside the cards on a phone
LANGUAGE = re.compile(r"[a-z]{2}")


class Invalid(TutorError):
    """A lesson or record field of the wrong type, out of range, unknown or missing;
    ``step`` is the number of the lesson step it is in (None: outside the steps)."""

    step: int | None = None


def _is_line(value: object) -> bool:
    return isinstance(value, str) and value.strip() != "" and "\n" not in value and "\t" not in value


def _per_language(value: object, fits: Callable[[Any], bool]) -> bool:
    """Text the learner reads is one string, or one string per language."""
    if isinstance(value, dict):
        return bool(value) and all(
            isinstance(language, str) and LANGUAGE.fullmatch(language) and fits(words)
            for language, words in value.items()
        )
    return fits(value)


def text(value: object) -> str | None:
    fits = _per_language(value, lambda words: isinstance(words, str) and words.strip() != "")
    return None if fits else msg("input.expect.text")


def heading(value: object) -> str | None:
    """A title or summary: on one line, as the list of lessons shows it."""
    return None if _per_language(value, _is_line) else msg("input.expect.heading")


def line(value: object) -> str | None:
    return None if _is_line(value) else msg("input.expect.line")


def lines(expected: str) -> Check:
    """A list of one-line texts: rule ids, highlights, seat names, moves."""

    def check(value: object) -> str | None:
        return None if isinstance(value, list) and all(map(_is_line, value)) else msg(expected)

    return check


words, names, move_list = lines("input.expect.words"), lines("input.expect.seats"), lines("input.expect.move-list")


def seat_names(value: object) -> str | None:
    """A lesson's players: each one name, or one name per language ({en: Red, fr: Rouge, nl: Rood})."""
    fits = isinstance(value, list) and all(_per_language(seat, _is_line) for seat in value)
    return None if fits else msg("input.expect.seat-names")


def moves(value: object) -> str | None:
    return None if _is_line(value) or move_list(value) is None else msg("input.expect.moves")


def fields(value: object) -> str | None:
    return None if isinstance(value, dict) else msg("input.expect.fields")


def options(value: object) -> str | None:
    fits = isinstance(value, dict) and all(_is_line(name) and _is_line(choice) for name, choice in value.items())
    return None if fits else msg("input.expect.options")


def flag(value: object) -> str | None:
    """For the engines' position fields that are true or false (``last_round``, ...)."""
    return None if isinstance(value, bool) else msg("input.expect.flag")


def whole(low: int | None = None, high: int | None = None) -> Check:
    """A whole number (not 1.5, not true), within ``low`` to ``high`` when given."""

    def check(value: object) -> str | None:
        if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
            return None
        return msg("input.expect.whole-range", low=low, high=high) if low is not None else msg("input.expect.whole")

    return check


def numbers(count: int) -> Check:
    def check(value: object) -> str | None:
        fits = (
            isinstance(value, list)
            and len(value) == count
            and all(isinstance(item, (int, float)) and not isinstance(item, bool) for item in value)
        )
        return None if fits else msg("input.expect.numbers", count=count)

    return check


def steps(value: object) -> str | None:
    fits = isinstance(value, list) and value and all(isinstance(step, dict) for step in value)
    return None if fits else msg("input.expect.steps")


def winners(value: object) -> str | None:
    return None if value and names(value) is None else msg("input.expect.winners")


def firsts(value: object) -> str | None:
    fits = isinstance(value, list) and all(isinstance(first, dict) for first in value)
    return None if fits else msg("input.expect.firsts")


def coach(value: object) -> str | None:
    """How many moves the coach plays for the other seats, or ``turn``: until the learner's."""
    return None if value == "turn" or (type(value) is int and value >= 1) else msg("input.expect.coach")


def weaker(value: object) -> str | None:
    """A try's weaker moves: a list of remarks, each with a move (or a list of moves) and what to say."""
    fits = isinstance(value, list) and all(
        isinstance(remark, dict)
        and set(remark) == {"move", "say"}
        and moves(remark["move"]) is None
        and text(remark["say"]) is None
        for remark in value
    )
    return None if fits else msg("input.expect.weaker")


def texts_folder(value: object) -> str | None:
    """Where a lesson keeps its texts when not in itself: ``locales`` (tutor.lesson_texts)."""
    return None if value == "locales" else msg("input.expect.texts")


def lesson_try(value: object) -> str | None:
    return None if text(value) is None or isinstance(value, dict) else msg("input.expect.try")


LESSON = {
    "game": line,
    "title": heading,
    "summary": heading,
    "minutes": whole(1, 120),
    "rules": words,
    "players": whole(),
    "seats": seat_names,
    "options": options,
    "seed": whole(),
    "position": fields,
    "steps": steps,
    "learner": line,
    "firsts": firsts,
    "texts": texts_folder,
}
LESSON_REQUIRED = ("game", "title", "steps")
STEP = {
    "id": line,  # keys the step's texts in its language files
    "say": text,
    "move": moves,
    "try": lesson_try,
    "check": fields,
    "highlight": words,
    "rules": words,
    "notes": words,
    "free": lesson_try,
    "coach": coach,
    "play": fields,
}
TRY = {"prompt": text, "accept": moves, "weaker": weaker}
PLAY = {"until": line, "prompt": text}
FIRST = {"when": line, "say": text, "rules": words}
RECORD = {
    "game": line,
    "format": whole(),
    "players": whole(),
    "seats": seat_names,
    "seed": whole(),
    "first_player": whole(),
    "options": options,
    "played_by": words,  # who played each seat: "person" or a computer player's kind (older records lack it)
    "moves": move_list,
    "result": fields,
}
RECORD_REQUIRED = ("game", "players", "seed", "moves")


def check_lesson(name: str, data: dict) -> None:
    """Invalid, naming the file, the step and the field, unless every generic part of the
    lesson ``data`` has the right type, range and name."""
    at_file = _at_file(name)
    check_fields(data, LESSON, LESSON_REQUIRED, at_file)
    players = _check_game_and_players(data, data.get("players", DEFAULT_PLAYERS), at_file)
    _check_seats(data.get("seats"), players, at_file)
    _check_options(data, at_file)
    for number, step in enumerate(data["steps"], start=1):
        at_step = _at_step(name, number)
        try:
            check_fields(step, STEP, (), at_step)
            for kind in ("try", "free"):
                if isinstance(step.get(kind), dict):
                    check_fields(
                        step[kind], TRY if kind == "try" else {"prompt": text}, ("prompt",), at_step, parent=kind
                    )
            if "play" in step:
                check_fields(step["play"], PLAY, ("until", "prompt"), at_step, parent="play")
        except Invalid as error:
            error.step = number
            raise
    for first in data.get("firsts", []):
        check_fields(first, FIRST, ("when", "say"), at_file, parent="firsts")


def check_record(name: str, data: dict) -> None:
    """Invalid, naming the file and the field, unless the record ``data`` has the fields a
    replay needs, of the right type and range, and no others."""
    at_file = _at_file(name)
    check_fields(data, RECORD, RECORD_REQUIRED, at_file)
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise Invalid(at_file(msg("input.format", found=data["format"], known=RECORD_FORMAT)))
    players = _check_game_and_players(data, data["players"], at_file)
    seats = _check_seats(data.get("seats"), players, at_file)
    _check_options(data, at_file)
    _check_value(data, "first_player", whole(0, players - 1), at_file)
    if len(data.get("played_by", ())) not in (0, players):
        raise Invalid(at_file(msg("input.wrong", field="played_by", expected=msg("input.expect.names", count=players))))
    if "result" in data:
        result = data["result"]
        check_fields(
            result, {"returns": numbers(players), "winners": winners}, ("returns", "winners"), at_file, parent="result"
        )
        known = {name.strip().lower() for seat in seats for name in _names(seat)} if seats else None
        for winner in result["winners"]:
            if known is not None and winner.strip().lower() not in known:
                raise Invalid(at_file(msg("input.winner-unknown", name=winner)))


def check_fields(
    data: dict, spec: Mapping[str, Check], required: Iterable[str], at: Callable[[str], str], parent: str = ""
) -> None:
    """Each field of ``data`` known to ``spec``, not empty and fitting its check; the
    ``required`` ones present. ``at`` places the sentence (file, step)."""
    for field in data:
        if field not in spec:
            raise Invalid(at(msg("input.unknown", field=field, known=", ".join(spec))))
    for field in required:
        if field not in data:
            raise Invalid(at(msg("input.missing", field=_field_name(field, parent))))
    for field, check in spec.items():
        _check_value(data, field, check, at, parent)


def _check_value(data: dict, field: str, check: Check, at: Callable[[str], str], parent: str = "") -> None:
    if field not in data:
        return
    value = data[field]
    if value is None:
        raise Invalid(at(msg("input.empty", field=_field_name(field, parent))))
    expected = check(value)
    if expected:
        raise Invalid(at(msg("input.wrong", field=_field_name(field, parent), expected=expected)))


def _check_game_and_players(data: dict, players: int, at: Callable[[str], str]) -> int:
    """The player count, within the range of a game the tutor knows."""
    if data["game"] not in games():
        raise Invalid(at(msg("input.unknown-game", game=data["game"], known=", ".join(games()))))
    entry = registered(data["game"])
    if refusal := entry.refuse_players(players):
        raise Invalid(at(refusal))
    return players


def _check_options(data: dict, at: Callable[[str], str]) -> None:
    """Each option one the game offers, set to one of its values."""
    entry = registered(data["game"])
    offered, game = entry.options, entry.name
    for option, value in data.get("options", {}).items():
        if option not in offered:
            raise Invalid(
                at(
                    msg("input.unknown-option", option=option, game=game, known=", ".join(offered))
                    if offered
                    else msg("input.no-options", option=option, game=game)
                )
            )
        if value not in offered[option]:
            raise Invalid(at(msg("input.option-value", option=option, value=value, known=", ".join(offered[option]))))


def _check_seats(seats: list | None, players: int, at: Callable[[str], str]) -> list | None:
    """Seat names: one per player, each its own (as moves name them, ignoring case); a seat
    named per language has a name in each of the tutor's languages, no other."""
    if seats is None:
        return None
    if len(seats) != players:
        raise Invalid(
            at(msg("input.wrong", field=_field_name("seats"), expected=msg("input.expect.names", count=players)))
        )
    taken: set[str] = set()
    for seat in seats:
        if isinstance(seat, dict):
            _check_seat_languages(seat, at)
        names = _names(seat)
        for name in names:
            if ":" in name:
                raise Invalid(at(msg("input.seat-colon", name=name)))
            if len(name) > MAX_NAME:
                raise Invalid(at(msg("input.seat-long", name=name, limit=MAX_NAME)))
            if name.strip().lower() in taken:
                raise Invalid(at(msg("input.seat-twice", name=name)))
        taken.update(name.strip().lower() for name in names)
    return seats


def _names(seat: str | dict) -> set[str]:
    """A seat's names: one, or one per language."""
    return set(seat.values()) if isinstance(seat, dict) else {seat}


def _check_seat_languages(seat: dict, at: Callable[[str], str]) -> None:
    """A seat named per language: every language the tutor speaks, and only those."""
    shown = ", ".join(seat.values())
    for language in seat:
        if language not in LANGUAGES:
            raise Invalid(
                at(msg("input.seat-language-unknown", name=shown, language=language, known=", ".join(LANGUAGES)))
            )
    for language in LANGUAGES:
        if language not in seat:
            raise Invalid(at(msg("input.seat-language-missing", name=shown, language=spoken_language(language))))


def _field_name(field: str, parent: str = "") -> str:
    return msg("input.inside", field=field, parent=parent) if parent else msg("input.field", field=field)


def _at_file(name: str) -> Callable[[str], str]:
    return lambda problem: msg("input.at-file", file=name, problem=problem)


def _at_step(name: str, number: int) -> Callable[[str], str]:
    return lambda problem: msg("input.at-step", file=name, step=number, problem=problem)
