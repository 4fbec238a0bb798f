"""Lesson files: teacher-written YAML walkthroughs that the engines verify.

The format is documented in docs/lessons.md. This module knows the parts every game
shares (title, seats, steps, moves, try-it prompts, checks); the game module supplies
the starting position (``lesson_state``), the move notation (``parse_move``) and the
checks (``CHECKS``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.core import TutorError, advance_chance, mismatch  # noqa: F401 (mismatch: for lesson checks)
from tutor.games import game as registered
from tutor.messages import DEFAULT_LANGUAGE, language, msg, spoken_language
from tutor.schema import DEFAULT_PLAYERS
from tutor.schema import check_lesson as check_lesson_fields
from tutor.seats import SeatLookup, SeatName, seat_name
from tutor.yamlfile import FileProblem, read_yaml

LESSONS = Path(__file__).parent / "lessons"


class LessonError(TutorError):
    """A lesson that cannot be loaded or does not hold; the text names file and step."""


def localized(value: Any) -> str:
    """Lesson text may be a plain string or a mapping of language to text."""
    if isinstance(value, dict):
        return str(value.get(language()) or value.get("en") or next(iter(value.values()), ""))
    return "" if value is None else str(value)


@dataclass
class Try:
    """A prompt the learner answers with a move; ``accept`` empty means any legal move."""

    prompt: str
    accept: list = field(default_factory=list)


@dataclass
class Step:
    number: int
    say: str
    moves: list = field(default_factory=list)
    try_: Try | None = None
    checks: dict[str, Any] = field(default_factory=dict)
    highlight: list = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # ids of the notes and variants this position relies on


@dataclass
class Lesson:
    path: str
    game: str
    title: str
    summary: str
    minutes: int
    rules: list[str]
    players: int
    seats: list[SeatName] | None
    options: dict
    seed: int
    position: dict | None
    steps: list[Step]

    @property
    def entry(self):
        """The lesson's game in the registry."""
        return registered(self.game)

    def start_state(self):
        """The position before step 1."""
        entry = self.entry
        try:
            if self.position is not None:
                return entry.lesson_state(self.players, self.position, self.options, self.seed, self.seats)
            state = entry.new_game(self.players, seed=self.seed, options=self.options, seat_names=self.seats)
            advance_chance(state)
            return state
        except TutorError as error:
            raise LessonError(msg("lesson.position-failure", file=self.path, problem=error)) from None
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            # A field of the wrong shape (a number where a list belongs, ...): say where.
            raise LessonError(msg("lesson.position-failure", file=self.path,
                                  problem=msg("lesson.malformed", problem=_shape_problem(error)))) from None

    def states(self) -> list:
        """The position shown at each step (after that step's moves), in order."""
        state = self.start_state()
        shown = []
        for step in self.steps:
            for move in step.moves:
                state.push(move)
                advance_chance(state)
            shown.append(state.clone())
        return shown

    def judge(self, step: Step, state, move) -> tuple[bool, str]:
        """Answer a learner's move on a try-it step: right, or why not."""
        reason = state.why_not(move)
        if reason is not None:
            return False, str(reason)
        if step.try_ and step.try_.accept and move not in step.try_.accept:
            # Allowed, but not what the step asks: the game says what differs, in the step's terms.
            unasked = getattr(self.entry.part("lessons"), "unasked", None)
            said = unasked(state, move, step.try_.accept) if unasked is not None else None
            return False, said or msg("lesson.try-wrong-but-legal")
        return True, msg("lesson.try-right")


def bundled_lessons(game: str) -> list[Path]:
    """The lesson files shipped with the tutor for ``game``, in teaching order."""
    return registered(game).lesson_files()


def load_lesson(path: str | Path, text: str | None = None) -> Lesson:
    """Read and parse a lesson; a LessonError names the file and step of any problem.

    ``text`` lets the app load an uploaded file that is not on disk."""
    name = str(path)
    try:
        data = read_yaml(name, text)
        check_lesson_fields(name, data)
    except TutorError as error:
        raise LessonError(str(error)) from None
    entry = registered(data["game"])
    players = data.get("players", DEFAULT_PLAYERS)
    seats = [seat_name(seat) for seat in data["seats"]] if "seats" in data else None
    lesson = Lesson(
        path=name, game=data["game"], title=localized(data["title"]), summary=localized(data.get("summary")),
        minutes=data.get("minutes", 3), rules=data.get("rules", []), players=players,
        seats=seats, options=data.get("options", {}),
        seed=data.get("seed", 0), position=data.get("position"), steps=[],
    )
    known_rules = {rule.id for rule in entry.rule_list}
    for rule in lesson.rules:
        if rule not in known_rules:
            raise LessonError(msg("lesson.unknown-rule", file=name, rule=rule))
    state = lesson.start_state()
    for number, raw in enumerate(data["steps"], start=1):
        try:
            step = _parse_step(number, raw, entry, state, known_rules)
            for move in step.moves:
                state.push(move)
                advance_chance(state)
        except TutorError as error:
            raise LessonError(msg("lesson.step-failure", file=name, step=number, problem=error)) from None
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise LessonError(msg("lesson.step-failure", file=name, step=number,
                                  problem=msg("lesson.malformed", problem=_shape_problem(error)))) from None
        lesson.steps.append(step)
    return lesson


def check_lesson(path: str | Path) -> list[str]:
    """Every way the lesson disagrees with the engine, one sentence each (empty: it holds)."""
    try:
        lesson = load_lesson(path)
    except LessonError as error:
        return [str(error)]
    checks = lesson.entry.checks
    failures = []
    shown = lesson.states()
    for step, before, state in zip(lesson.steps, [lesson.start_state(), *shown], shown):
        for note in step.notes:
            problem = _note_problem(lesson.entry, note, before, state)
            if problem:
                failures.append(msg("lesson.step-failure", file=lesson.path, step=step.number, problem=problem))
        for note in unnamed_notes(lesson.entry, step, before, state):
            failures.append(msg("lesson.step-failure", file=lesson.path, step=step.number,
                                problem=msg("checks.note-unnamed", note=note)))
        for check, expected in step.checks.items():
            try:
                problem = checks[check](state, expected)
            except TutorError as error:
                problem = str(error)
            except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
                problem = msg("lesson.check-malformed", check=check, problem=_shape_problem(error))
            if problem:
                failures.append(msg("lesson.step-failure", file=lesson.path, step=step.number, problem=problem))
        if step.try_:
            for move in step.try_.accept:
                reason = state.why_not(move)
                if reason is not None:
                    failures.append(msg("lesson.step-failure", file=lesson.path, step=step.number,
                                        problem=msg("lesson.try-not-legal", move=move, reason=reason)))
    return failures


def text_fields(data: dict):
    """(step number or None, field, value) for every text of a lesson file a learner reads:
    the title, the summary, and each step's say and try prompt."""
    for name in ("title", "summary"):
        yield None, name, data.get(name)
    for number, step in enumerate(data.get("steps") or [], start=1):
        if isinstance(step, dict) and "say" in step:
            yield number, "say", step["say"]
        if isinstance(step, dict) and step.get("try") is not None:
            spec = step["try"]
            yield number, "prompt", spec.get("prompt") if isinstance(spec, dict) else spec


def language_problems(path: str | Path, languages: list[str]) -> list[str]:
    """Every text of a lesson file that lacks one of ``languages`` (or gives one text for
    all of them, or an English one for another language), one sentence each naming the
    file, step and field. Files that are not lessons (records) have no such texts."""
    if not languages:
        return []
    name = str(path)
    try:
        data = read_yaml(name)
    except FileProblem:
        return []  # the file's own check says what is wrong with it
    if "steps" not in data:
        return []
    problems = []
    for step, text_field, value in text_fields(data):
        where = (msg("checks.where-field", field=text_field) if step is None
                 else msg("checks.where-step", step=step, field=text_field))
        if isinstance(value, str) and value.strip():
            problems.append(msg("checks.language-single", file=name, where=where, languages=", ".join(languages)))
            continue
        texts = value if isinstance(value, dict) else {}
        english = str(texts.get(DEFAULT_LANGUAGE) or "").strip()
        for code in languages:
            text = texts.get(code)
            if not isinstance(text, str) or not text.strip():
                problems.append(msg("checks.language-missing", file=name, where=where, language=spoken_language(code)))
            elif code != DEFAULT_LANGUAGE and text.strip() == english:
                problems.append(msg("checks.language-english", file=name, where=where,
                                    language=spoken_language(code)))
    return problems


def unnamed_notes(entry, step: Step, before, after) -> list[str]:
    """The notes and variants the step's position relies on (they apply between ``before``
    and ``after``) that the step does not name, so the page would not show them."""
    return [note for note, applies in entry.notes.items()
            if note not in step.notes and note not in entry.view_notes and applies(before, after)]


def _note_problem(entry, note: str, before, after) -> str | None:
    """Why the step may not name ``note``: the game cannot tell where it applies, or it
    does not apply between ``before`` (the previous step's position) and ``after``."""
    applies = entry.notes.get(note)
    if applies is None:
        return msg("checks.note-unverifiable", note=note)
    return None if applies(before, after) else msg("checks.note-does-not-apply", note=note)


def parse_move_for(entry, state, text: str):
    """A move in lesson notation, optionally prefixed by the mover's name ("Red: blue 9 -> 1")."""
    text = str(text)
    seat_part, colon, rest = text.partition(":")
    seat = SeatLookup(state.seat_names).find(seat_part) if colon else None
    if seat is not None:
        if 0 <= state.to_move != seat:
            raise TutorError(msg("lesson.wrong-player", written=state.name(seat), actual=state.name(state.to_move)))
        text = rest
    return entry.parse_move(text.strip(), state.players)


def _parse_step(number: int, raw: dict, entry, state, known_rules: set[str]) -> Step:
    """One step; its fields' types are already checked (tutor.schema), their meaning is checked here."""
    moves_raw = raw.get("move", [])
    moves_raw = moves_raw if isinstance(moves_raw, list) else [moves_raw]
    checks = raw.get("check", {})
    for check in checks:
        if check not in entry.checks:
            raise TutorError(msg("lesson.unknown-check", check=check, game=entry.id,
                                 known=", ".join(entry.checks)))
    for rule in raw.get("rules", []):
        if rule not in known_rules:
            raise TutorError(msg("lesson.unknown-rule-here", rule=rule))
    notes = raw.get("notes") or []
    notes = notes if isinstance(notes, list) else [notes]
    kinds = {rule.id: rule.kind for rule in entry.rule_list}
    for note in notes:
        if note not in kinds:
            raise TutorError(msg("lesson.unknown-rule-here", rule=note))
        if kinds[note] == "rule":
            raise TutorError(msg("checks.note-is-a-rule", note=note))
    moves = []
    probe = state.clone()
    for text in moves_raw:
        move = parse_move_for(entry, probe, text)
        reason = probe.why_not(move)
        if reason is not None:
            raise TutorError(msg("lesson.move-refused", move=text, reason=reason))
        probe.push(move)
        advance_chance(probe)
        moves.append(move)
    try_ = None
    if "try" in raw:
        spec = raw["try"] if isinstance(raw["try"], dict) else {"prompt": raw["try"]}
        accept = spec.get("accept", [])
        accept = accept if isinstance(accept, list) else [accept]
        try_ = Try(localized(spec["prompt"]), [parse_move_for(entry, state, text) for text in accept])
    seats = SeatLookup(state.seat_names)  # a seat highlighted by any of its names, as the board names it
    return Step(number=number, say=localized(raw.get("say")), moves=moves, try_=try_, checks=checks,
                highlight=[seats.shown(item) for item in raw.get("highlight", [])], rules=raw.get("rules", []),
                notes=[str(note) for note in notes])


def _shape_problem(error: Exception) -> str:
    """A short account of a Python error raised by a field of the wrong shape (Python's own
    words, "'list' object has no attribute 'items'", mean nothing to a teacher)."""
    if isinstance(error, KeyError):
        return msg("lesson.missing-key", key=error.args[0] if error.args else "?")
    return msg("input.wrong-kind")
