"""A lesson's texts in one file per language beside it (the shipped lessons), read back into
the form a lesson written in one file has (a teacher's: ``say: {en: ..., fr: ...}``).

A lesson with ``texts: locales`` keeps its structure (moves, checks, positions) in its own file
and each language's texts in ``locales/<code>/<its file name>``, under stable keys: ``title``,
``summary``, ``seats`` (a seat's lesson name → its name in that language), ``steps`` (a step's
``id`` → its ``say``, its ``prompt`` and its ``weaker`` remarks by their first move) and
``firsts`` (a tip's moment → what it says). A language without a file, or a text a file leaves
out, falls back to English as the catalogs do; ``tutor check --require-languages`` names them.
docs/lessons.md shows the layout.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, msg
from tutor.step_kinds import ASKING
from tutor.yamlfile import FileProblem, read_yaml

FOLDER = "locales"  # the value of ``texts:`` and the folder beside the lesson
FILE_FIELDS = ("title", "summary", "seats", "steps", "firsts")
STEP_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def text_file(lesson: str | Path, code: str) -> Path:
    """Where the lesson file ``lesson`` keeps its texts in language ``code``."""
    path = Path(lesson)
    return path.parent / FOLDER / code / path.name


def split(data: dict) -> bool:
    """The lesson keeps its texts in files per language."""
    return "texts" in data


def read_lesson(name: str, text: str | None = None) -> dict:
    """The lesson in file ``name`` (or ``text``, an opened file's content), its texts read
    from its language files when it keeps them there, as one string per language; FileProblem,
    naming the file (and step), for a language file that is missing, broken or names
    something the lesson does not have."""
    data = read_yaml(name, text)
    if not split(data) or data["texts"] != FOLDER:
        return data  # a wrong 'texts' is the schema's to say
    if text is not None:  # an opened or shared file brings no files beside it
        raise FileProblem(msg("input.texts-not-beside", file=name))
    _check_ids(name, data)
    given = {code: texts for code in LANGUAGES if (texts := language_texts(name, data, code)) is not None}
    return merged(name, data, given)


def language_texts(name: str, data: dict, code: str) -> dict | None:
    """The texts of language ``code`` for the lesson ``data`` in file ``name``, checked against
    the lesson; None when there is no such file (English must have one)."""
    path = text_file(name, code)
    if code != DEFAULT_LANGUAGE and not path.exists():
        return None
    texts = read_yaml(str(path))
    _check(str(path), texts, data)
    return texts


def merged(name: str, data: dict, given: dict[str, dict]) -> dict:
    """``data`` with the texts of ``given`` (language → its file's texts) put back where a
    lesson in one file writes them, each a mapping of language to text."""
    lesson = {**data}
    for field in ("summary", "title"):
        _refuse_inline(name, lesson, field)
        lesson = _put(lesson, field, {code: texts[field] for code, texts in given.items() if field in texts}, "game")
    if isinstance(lesson.get("seats"), list):
        lesson["seats"] = [_seat(seat, given) for seat in lesson["seats"]]
    lesson["steps"] = [_step(name, number, step, given) for number, step in enumerate(_steps(data), start=1)]
    if isinstance(lesson.get("firsts"), list):
        lesson["firsts"] = [_first(name, first, given) for first in lesson["firsts"]]
    return lesson


def _steps(data: dict) -> list:
    steps = data.get("steps")
    return steps if isinstance(steps, list) else []


def _seat(seat: Any, given: dict[str, dict]) -> Any:
    """A seat named in some language file: a name in each of the tutor's languages (English's,
    the lesson's own, where one is missing)."""
    if not isinstance(seat, str):
        return seat  # a name for every language, or the schema's to refuse
    names = {code: texts["seats"][seat] for code, texts in given.items() if seat in (texts.get("seats") or {})}
    if not names:
        return seat
    english = names.get(DEFAULT_LANGUAGE, seat)
    return {code: names.get(code, english) for code in LANGUAGES}


def _check_ids(name: str, data: dict) -> None:
    """Each step has an id, its own, that keys its texts in the language files."""
    ids: set[str] = set()
    for number, step in enumerate(_steps(data), start=1):
        if not isinstance(step, dict):
            continue  # the schema says what a step should be
        problem = None
        if "id" not in step:
            problem = msg("input.missing", field=msg("input.field", field="id"))
        elif not isinstance(step["id"], str) or not STEP_ID.fullmatch(step["id"]):
            problem = msg("input.wrong", field=msg("input.field", field="id"), expected=msg("input.expect.step-id"))
        elif step["id"] in ids:
            problem = msg("input.step-id-twice", id=step["id"])
        if problem:
            raise _problem(msg("input.at-step", file=name, step=number, problem=problem), number)
        ids.add(step["id"])


def _step(name: str, number: int, step: Any, given: dict[str, dict]) -> Any:
    if not isinstance(step, dict):
        return step
    texts = {code: (found.get("steps") or {}).get(step["id"]) or {} for code, found in given.items()}
    _refuse_inline(name, step, "say", number)
    step = _put(step, "say", {code: text["say"] for code, text in texts.items() if "say" in text}, "id")
    for kind in ASKING:
        if isinstance(step.get(kind), dict):
            _refuse_inline(name, step[kind], "prompt", number)
            prompts = {code: text["prompt"] for code, text in texts.items() if "prompt" in text}
            asked = step[kind] = _put(step[kind], "prompt", prompts)
            if isinstance(asked.get("weaker"), list):
                asked["weaker"] = [_remark(name, number, remark, texts) for remark in asked["weaker"]]
        elif kind in step:
            raise _problem(msg("input.at-step", file=name, step=number, problem=_inline(name, kind)), number)
    return step


def _remark(name: str, number: int, remark: Any, texts: dict[str, dict]) -> Any:
    if not isinstance(remark, dict):
        return remark
    _refuse_inline(name, remark, "say", number)
    key = first_move(remark.get("move"))
    said = {code: text["weaker"][key] for code, text in texts.items() if key in (text.get("weaker") or {})}
    return _put(remark, "say", said, "move")


def _first(name: str, first: Any, given: dict[str, dict]) -> Any:
    if not isinstance(first, dict):
        return first
    _refuse_inline(name, first, "say")
    when = first.get("when") if isinstance(first.get("when"), str) else None
    said = {code: texts["firsts"][when] for code, texts in given.items() if when in (texts.get("firsts") or {})}
    return _put(first, "say", said, "when")


def first_move(moves: Any) -> str | None:
    """A weaker remark's key in a language file: its move, the first of its moves."""
    found = moves[0] if isinstance(moves, list) and moves else moves
    return found if isinstance(found, str) else None


def _put(data: dict, field: str, texts: dict, after: str | None = None) -> dict:
    """``data`` with ``texts`` (when there are any) as ``field``, where a lesson in one file
    writes it: right after the field ``after`` (None: first). A copy: the file's data stays as read."""
    if not texts:
        return {**data}
    fields = list(data)
    at = fields.index(after) + 1 if after in fields else 0
    return {**{key: data[key] for key in fields[:at]}, field: texts, **{key: data[key] for key in fields[at:]}}


def _refuse_inline(name: str, data: dict, field: str, number: int | None = None) -> None:
    """A lesson that keeps its texts in language files writes none in itself."""
    if field in data:
        problem = _inline(name, field)
        if number is None:
            raise _problem(msg("input.at-file", file=name, problem=problem))
        raise _problem(msg("input.at-step", file=name, step=number, problem=problem), number)


def _inline(name: str, field: str) -> str:
    return msg("input.text-in-lesson", field=field, file=text_file(name, DEFAULT_LANGUAGE))


def _problem(text: str, step: int | None = None) -> FileProblem:
    """A FileProblem that names the lesson step it is about (None: none), as lesson errors do."""
    problem = FileProblem(text)
    problem.step = step  # type: ignore[attr-defined]
    return problem


# ----------------------------------------------------------------- a language file's shape


def _check(name: str, texts: dict, lesson: dict) -> None:
    """Each key of a language file names a text of the lesson, and each value is a text."""

    def at_file(problem: str) -> str:
        return msg("input.at-file", file=name, problem=problem)

    _known(texts, FILE_FIELDS, at_file)
    for field in ("title", "summary"):
        _text(texts, field, at_file, one_line=True)
    seats = [seat for seat in lesson.get("seats") or [] if isinstance(seat, str)]
    for seat in _keys(texts, "seats", seats, at_file):
        _text(texts["seats"], seat, at_file, one_line=True, parent="seats")
    steps = {step["id"]: (number, step) for number, step in enumerate(_steps(lesson), 1) if _has_id(step)}
    for key in _keys(texts, "steps", list(steps), at_file):
        number, step = steps[key]
        _check_step(name, number, texts["steps"], key, step)
    moments = [first.get("when") for first in lesson.get("firsts") or [] if isinstance(first, dict)]
    for when in _keys(texts, "firsts", moments, at_file):
        _text(texts["firsts"], when, at_file, parent="firsts")


def _check_step(name: str, number: int, steps: dict, key: str, step: dict) -> None:
    def at_step(problem: str) -> str:
        return msg("input.at-step", file=name, step=number, problem=problem)

    try:
        entry = steps[key]
        if not isinstance(entry, dict):
            raise _problem(at_step(_wrong(key, msg("input.expect.fields"), "steps")))
        asked = next((step[kind] for kind in ASKING if isinstance(step.get(kind), dict)), None)
        fields = ("say", "prompt", "weaker") if asked is not None and "weaker" in asked else ("say", "prompt")
        _known(entry, fields if asked is not None else ("say",), at_step)
        for field in ("say", "prompt"):
            _text(entry, field, at_step, parent=key)
        moves = [
            first_move(remark.get("move")) for remark in (asked or {}).get("weaker") or [] if isinstance(remark, dict)
        ]
        for move in _keys(entry, "weaker", moves, at_step, parent=key):
            _text(entry["weaker"], move, at_step, parent="weaker")
    except FileProblem as problem:
        raise _problem(str(problem), number) from None


def _has_id(step: Any) -> bool:
    return isinstance(step, dict) and isinstance(step.get("id"), str)


def _known(data: dict, fields: tuple[str, ...], at: Callable[[str], str]) -> None:
    for field in data:
        if field not in fields:
            raise FileProblem(at(msg("input.unknown", field=field, known=", ".join(fields))))


def _keys(data: dict, field: str, known: list, at: Callable[[str], str], parent: str = "") -> Iterator[Any]:
    """The keys of ``data[field]`` (a mapping), each one of ``known``, the lesson's."""
    if field not in data:
        return
    found = data[field]
    if not isinstance(found, dict):
        raise FileProblem(at(_wrong(field, msg("input.expect.fields"), parent)))
    for key in found:
        if key not in known:
            listed = ", ".join(str(item) for item in known) or "-"
            raise FileProblem(at(msg("input.text-for-nothing", key=key, parent=field, known=listed)))
        yield key


def _text(data: dict, field: Any, at: Callable[[str], str], one_line: bool = False, parent: str = "") -> None:
    if field not in data:
        return
    value = data[field]
    if not (isinstance(value, str) and value.strip() and not (one_line and "\n" in value)):
        expected = msg("input.expect.line") if one_line else msg("input.kind.text")
        raise FileProblem(at(_wrong(str(field), expected, parent)))


def _wrong(field: str, expected: str, parent: str = "") -> str:
    name = msg("input.inside", field=field, parent=parent) if parent else msg("input.field", field=field)
    return msg("input.wrong", field=name, expected=expected)
