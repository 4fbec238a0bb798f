"""Lesson files: teacher-written YAML walkthroughs that the engines verify.

The format is documented in docs/lessons.md. This module knows the parts every game
shares (title, seats, steps, moves, try-it prompts, checks); the game module supplies
the starting position (``lesson_state``), the move notation (``parse_move``) and the
checks (``CHECKS``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.bots import Bot, make_bots, seat_moves
from tutor.core import CHANCE, SIMULTANEOUS, State, TutorError, advance_chance, mismatch  # noqa: F401 (mismatch: for lesson checks)
from tutor.games import Game
from tutor.games import game as registered
from tutor.lesson_texts import read_lesson, split, text_file
from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, catalog, language, listed, msg, spoken_language
from tutor.schema import DEFAULT_PLAYERS
from tutor.schema import check_lesson as check_lesson_fields
from tutor.seats import SeatLookup, SeatName, seat_name
from tutor.step_kinds import ASKING, KINDS, Reading, Try, kind_of
from tutor.step_kinds import judge as judge_move
from tutor.yamlfile import FileProblem, read_yaml

LESSONS = Path(__file__).parent / "lessons"


class LessonError(TutorError):
    """A lesson that cannot be loaded or does not hold; the text names file and step, and
    ``step`` gives the step's number (None: the lesson's own fields or its position)."""

    def __init__(self, text: str, step: int | None = None):
        super().__init__(text)
        self.step = step


def localized(value: Any) -> str:
    """Lesson text may be a plain string or a mapping of language to text."""
    if isinstance(value, dict):
        return str(value.get(language()) or value.get("en") or next(iter(value.values()), ""))
    return "" if value is None else str(value)


@dataclass
class First:
    """A guided game's tip, said on the first step where its moment happens on the
    learner's way through the game (a trick won, a full table ...)."""

    when: str
    say: str
    rules: list[str] = field(default_factory=list)


@dataclass
class Moment:
    """What happened since the step before, as a guided game's facts and moments read it:
    the positions before and after, the moves in between (mover, move, position before
    it) and the learner's seat."""

    before: Any
    after: Any
    moves: list[tuple[int, Any, Any]]
    learner: int

    def each_move(self) -> Iterator[Moment]:
        """The same way one move at a time, deals and draws too: a moment for each move."""
        probe = self.before.clone()
        for move in self.after.move_stack[len(self.before.move_stack) :]:
            before = probe.clone()
            mover = move.seat if probe.to_move == SIMULTANEOUS else probe.to_move
            probe.push(move)
            yield Moment(before, probe.clone(), [(mover, move, before)], self.learner)


@dataclass
class Decision:
    """In a play-on step: a position where the learner moves next (or where the play
    stops), what happened since the learner's move before, and the tip said there."""

    state: Any
    moment: Moment
    firsts: list[First]


@dataclass
class Line:
    """One way through a lesson: the position shown at each step, what happened on the
    way to it, and the tips said there (a guided game's line depends on the learner's moves)."""

    states: list = field(default_factory=list)
    moments: list[Moment] = field(default_factory=list)
    firsts: list[list[First]] = field(default_factory=list)
    # step index -> the learner's move played after it (a play-on step: the list of its moves)
    answers: dict[int, Any] = field(default_factory=dict)
    # play-on step index -> its decisions: the step's position first, where the play stops last
    plays: dict[int, list[Decision]] = field(default_factory=dict)


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
    coach: int | str | None = None  # guided games: moves the coach plays for the others ("turn": until the learner's)


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
    learner: int | None = None  # the seat the learner plays in a guided game
    firsts: list[First] = field(default_factory=list)

    @property
    def guided(self) -> bool:
        return self.learner is not None

    @staticmethod
    def plays_on(step: Step) -> bool:
        """The step lets the learner play on until a moment (``play``), the coach answering."""
        return step.try_ is not None and step.try_.until is not None

    @property
    def entry(self) -> Game:
        """The lesson's game in the registry."""
        return registered(self.game)

    def start_state(self) -> State[Any]:
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
            raise LessonError(
                msg(
                    "lesson.position-failure",
                    file=self.path,
                    problem=msg("lesson.malformed", problem=_shape_problem(error)),
                )
            ) from None

    def states(self) -> list[State[Any]]:
        """The position shown at each step (after that step's moves), in order; in a guided
        game, where the learner's free moves are the coach's choices."""
        return self.line().states

    def line(self, choose: Callable[[int, Any], Any] | None = None) -> Line:
        """The lesson played through. At each free step the learner's move is
        ``choose(step index, position)`` (asked again for each move of a play-on step); where
        that gives None, the coach's choice for the learner. The others' moves come from the
        coach, seeded by the lesson's ``seed``."""
        bots = make_bots(self.entry, ["coach"] * self.players, self.players, seed=self.seed)
        state = self.start_state()
        line, seen, answer = Line(), set[str](), None
        for index, step in enumerate(self.steps):
            # The last step of a guided game keeps the end on show: no new deal after it.
            deal = not (self.guided and index == len(self.steps) - 1)
            # a play-on step stops before any deal its last move brings: the deal is this step's news
            before, moves = state.clone(), list[tuple[int, Any, Any]]()
            if deal:
                advance_chance(state)
            if answer is not None:
                _push(state, answer, moves)
            for move in step.moves:
                _push(state, move, moves, deal)
            self._coach(state, step, bots, moves, deal)
            stopped = self.plays_on(step) and self._others(state, step, bots, moves)
            moment = Moment(before, state.clone(), moves, self.learner if self.learner is not None else -1)
            said = self._tips(moment, seen)
            line.states.append(moment.after)
            line.moments.append(moment)
            line.firsts.append(said)
            if self.plays_on(step):
                answer = None
                start = Decision(moment.after, moment, said)
                line.answers[index], line.plays[index] = self._play_on(
                    index, step, state, bots, choose, seen, stopped, start
                )
                continue
            answer = self._answer(index, step, state, bots, choose)
            if answer is not None:
                line.answers[index] = answer
        return line

    def _tips(self, moment: Moment, seen: set[str]) -> list[First]:
        """Every tip whose moment came on the way to this step (or play-on turn) and was not
        said before, in the file's order: several moments that come together are all told."""
        said = [first for first in self.firsts if first.when not in seen and self._happened(first.when, moment)]
        seen.update(first.when for first in said)
        return said

    PLAY_LIMIT = 500  # learner moves in one play-on step before the checker gives up on its moment

    def _play_on(
        self,
        index: int,
        step: Step,
        state: State[Any],
        bots: list[Bot],
        choose: Callable[[int, Any], Any] | None,
        seen: set[str],
        stopped: bool,
        start: Decision,
    ) -> tuple[list, list[Decision]]:
        """A play-on step from ``start``: the learner's moves (chosen, else the coach's for the
        learner), each answered by the coach for the others, until the step's moment happens
        (``stopped``: it did before the learner's first move). Returns the learner's moves
        and the decisions, ``start`` first."""
        learner = self.learner if self.learner is not None else -1
        decisions = [start]
        answers: list = []
        while not stopped and learner in _movers(state):
            if len(answers) >= self.PLAY_LIMIT:
                raise TutorError(
                    msg("lesson.play-never", until=step.try_.until if step.try_ else "", count=len(answers))
                )
            before, moves = state.clone(), list[tuple[int, Any, Any]]()
            chosen = choose(index, state.clone()) if choose is not None else None
            move = chosen if chosen is not None else bots[learner].choose(state, learner)
            answers.append(move)
            stopped = self._move_until(state, step, move, moves) or self._others(state, step, bots, moves)
            moment = Moment(before, state.clone(), moves, learner)
            decisions.append(Decision(moment.after, moment, self._tips(moment, seen)))
        if not stopped:  # the game ended first
            raise TutorError(msg("lesson.play-never", until=step.try_.until if step.try_ else "", count=len(answers)))
        return answers, decisions

    def _others(self, state: State[Any], step: Step, bots: list[Bot], moves: list) -> bool:
        """The coach plays the other seats until the learner may move; True when the play-on
        step's moment happened on the way (the play stops there)."""
        while True:
            others = [seat for seat in _movers(state) if seat != self.learner]
            if self.learner in _movers(state) or not others:
                return False
            if self._move_until(state, step, bots[others[0]].choose(state, others[0]), moves):
                return True

    def _move_until(self, state: State[Any], step: Step, move: Any, moves: list) -> bool:
        """Play ``move``, then the deals and draws it brings one at a time; True (and no more
        of them) as soon as the play-on step's moment happens."""
        until = step.try_.until if step.try_ else None
        learner = self.learner if self.learner is not None else -1
        before = state.clone()
        _push(state, move, moves, deal=False)
        while True:
            if until and self._happened(until, Moment(before, state.clone(), moves[-1:], learner), each=False):
                return True
            if state.to_move != CHANCE:
                return False
            before = state.clone()
            state.push(state.chance_move())

    def _answer(
        self, index: int, step: Step, state: State[Any], bots: list[Bot], choose: Callable[[int, Any], Any] | None
    ) -> Any:
        """The learner's move after a free step: chosen, else the coach's for the learner."""
        if step.try_ is None or not step.try_.free or self.learner is None:
            return None
        if self.learner not in _movers(state):
            raise TutorError(msg("lesson.free-not-learner", learner=state.name(self.learner), mover=_mover_name(state)))
        chosen = choose(index, state.clone()) if choose is not None else None
        return chosen if chosen is not None else bots[self.learner].choose(state, self.learner)

    def _coach(self, state: State[Any], step: Step, bots: list[Bot], moves: list, deal: bool = True) -> None:
        """The coach's moves for the other seats: a number of them, or ``turn``: until the
        learner may move (or the game is over)."""
        if step.coach is None:
            return
        count = step.coach if isinstance(step.coach, int) else None
        played = 0
        while count is None or played < count:
            others = [seat for seat in _movers(state) if seat != self.learner]
            if count is None and (self.learner in _movers(state) or not others):
                return
            if not others:
                raise TutorError(msg("lesson.coach-stuck", count=count, played=played, mover=_mover_name(state)))
            _push(state, bots[others[0]].choose(state, others[0]), moves, deal)
            played += 1

    def _happened(self, when: str, moment: Moment, each: bool = True) -> bool:
        """The moment ``when`` came on the way: over the whole way or, unless the game judges it
        on the position shown only (its ``SHOWN_MOMENTS``), at any one move of it (a card that
        came and went between two steps still had its moment)."""
        happened = self.entry_moments[when]
        if happened(moment):
            return True
        if not each or when in self.entry.lessons.SHOWN_MOMENTS:
            return False
        return any(happened(single) for single in moment.each_move())

    @property
    def entry_moments(self) -> Mapping[str, Callable[[Moment], bool]]:
        return self.entry.lessons.MOMENTS

    def text(self, text: str, moment: Moment) -> str:
        """A guided game's text with its {facts} filled in from what happened on the way."""
        if not self.guided:
            return text
        facts = {**SHARED_FACTS, **self.entry.lessons.FACTS}
        filled = _FACT.sub(lambda found: str(facts[found[1]](moment)) if found[1] in facts else found[0], text)
        # a fact with nothing to say leaves its neighbours' spaces behind: "{dealt} {bust} {your_move}"
        return _SPACES.sub(" ", filled).strip()

    def judge(self, step: Step, state: State[Any], move: Any) -> tuple[bool, str]:
        """Answer a learner's move on a try-it step: right, or why not (tutor.lesson_run.LessonRun
        judges a learner's moves through a lesson; this is the same verdict, in words)."""
        verdict = judge_move(self, step, state, move)
        return verdict.right, verdict.text


def bundled_lessons(game: str) -> list[Path]:
    """The lesson files shipped with the tutor for ``game``, in teaching order."""
    return registered(game).lesson_files()


def load_lesson(path: str | Path, text: str | None = None) -> Lesson:
    """Read and parse a lesson; a LessonError names the file and step of any problem.

    ``text`` lets the app load an uploaded file that is not on disk."""
    name = str(path)
    try:
        data = read_lesson(name, text)
        check_lesson_fields(name, data)
    except TutorError as error:
        raise LessonError(str(error), getattr(error, "step", None)) from None
    entry = registered(data["game"])
    players = data.get("players", DEFAULT_PLAYERS)
    seats = [seat_name(seat) for seat in data["seats"]] if "seats" in data else None
    lesson = Lesson(
        path=name,
        game=data["game"],
        title=localized(data["title"]),
        summary=localized(data.get("summary")),
        minutes=data.get("minutes", 3),
        rules=data.get("rules", []),
        players=players,
        seats=seats,
        options=data.get("options", {}),
        seed=data.get("seed", 0),
        position=data.get("position"),
        steps=[],
    )
    known_rules = {rule.id for rule in entry.rule_list}
    for rule in lesson.rules:
        if rule not in known_rules:
            raise LessonError(msg("lesson.unknown-rule", file=name, rule=rule))
    state = lesson.start_state()
    try:
        _parse_guide(lesson, data, state, known_rules)
    except TutorError as error:
        raise LessonError(msg("lesson.position-failure", file=name, problem=error)) from None
    bots = make_bots(entry, ["coach"] * players, players, seed=lesson.seed)
    answer = None
    for number, raw in enumerate(data["steps"], start=1):
        try:
            if not (lesson.guided and number == len(data["steps"])):
                advance_chance(state)  # as Lesson.line: after a play-on step's stop
            if answer is not None:
                _push(state, answer, [])
            step = _parse_step(number, raw, entry, state, known_rules, lesson.entry_moments)
            for move in step.moves:
                state.push(move)
                advance_chance(state)
            lesson._coach(state, step, bots, [])
            answer = None
            if lesson.plays_on(step):
                stopped = lesson._others(state, step, bots, [])
                start = Decision(state.clone(), Moment(state.clone(), state.clone(), [], -1), [])
                lesson._play_on(number - 1, step, state, bots, None, set(), stopped, start)
            else:
                answer = lesson._answer(number - 1, step, state, bots, None)
        except TutorError as error:
            raise LessonError(msg("lesson.step-failure", file=name, step=number, problem=error), number) from None
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise LessonError(
                msg(
                    "lesson.step-failure",
                    file=name,
                    step=number,
                    problem=msg("lesson.malformed", problem=_shape_problem(error)),
                ),
                number,
            ) from None
        lesson.steps.append(step)
    return lesson


def check_lesson(path: str | Path, text: str | None = None) -> list[str]:
    """Every way the lesson disagrees with the engine, one sentence each (empty: it holds).
    ``text`` is the file's content when it is not on disk (the lesson studio's draft)."""
    return [problem for _step, problem in lesson_problems(path, text)]


def lesson_problems(path: str | Path, text: str | None = None) -> list[tuple[int | None, str]]:
    """``check_lesson``'s sentences, each with the number of the step it concerns (None:
    the lesson's own fields or its position), so that a page can show it beside the step."""
    try:
        lesson = load_lesson(path, text)
    except LessonError as error:
        return [(error.step, str(error))]
    if lesson.guided:
        return _check_guided(lesson)
    return _check_line(lesson, lesson.line())


def lesson_holds(lesson: Lesson) -> bool:
    """The lesson plays through on the coach's way, and every check holds there (a guided
    game on another deal, before a learner plays it)."""
    try:
        return not _check_line(lesson, lesson.line())
    except TutorError:
        return False


GUIDED_WAYS = 8  # seeded random ways through a guided game, besides the coach's, the first and the last move


def learner_choices(lesson: Lesson) -> list[Callable[[int, Any], Any] | None]:
    """Ways a learner may play a guided game: the coach's moves, always the first or the
    last legal move, and random legal moves from several seeds."""
    learner = lesson.learner if lesson.learner is not None else 0

    def pick(rng: random.Random | None, last: bool = False) -> Callable[[int, Any], Any]:
        def choose(_index: int, state: State[Any]) -> Any:
            moves = seat_moves(state, learner)
            if rng is None:
                return moves[-1] if last else moves[0]
            return rng.choice(moves)

        return choose

    return [
        None,
        pick(None),
        pick(None, last=True),
        *(pick(random.Random(f"guided:{Path(lesson.path).name}:{way}")) for way in range(GUIDED_WAYS)),
    ]


def _check_guided(lesson: Lesson) -> list[tuple[int | None, str]]:
    """A guided game holds on every way through it the checker tries: each check, each
    free step's turn; and each {fact} in its texts is one the game fills in."""
    failures: list[tuple[int | None, str]] = []
    facts = {**SHARED_FACTS, **lesson.entry.lessons.FACTS}
    for step in lesson.steps:
        for name in sorted({name for text in _texts(lesson, step) for name in _FACT.findall(text)} - set(facts)):
            failures.append(
                (
                    step.number,
                    msg(
                        "lesson.step-failure",
                        file=lesson.path,
                        step=step.number,
                        problem=msg("lesson.unknown-fact", fact=name),
                    ),
                )
            )
    for choose in learner_choices(lesson):
        try:
            line = lesson.line(choose)
        except TutorError as error:
            problem = (None, msg("lesson.guided-failure", file=lesson.path, problem=error))
            failures += [problem] if problem not in failures else []
            continue
        failures += [failure for failure in _check_line(lesson, line) if failure not in failures]
    return failures


def _texts(lesson: Lesson, step: Step) -> list[str]:
    return [step.say, step.try_.prompt if step.try_ else "", *(first.say for first in lesson.firsts)]


def _check_line(lesson: Lesson, line: Line) -> list[tuple[int | None, str]]:
    """Every way ``line`` disagrees with the lesson: its notes and checks at each step (a
    play-on step's checks hold where its play stops)."""
    checks = lesson.entry.checks
    failures: list[tuple[int | None, str]] = []
    for index, (step, moment) in enumerate(zip(lesson.steps, line.moments)):
        state = line.states[index]

        def fail(problem: str, number: int = step.number) -> None:
            failures.append((number, msg("lesson.step-failure", file=lesson.path, step=number, problem=problem)))

        for note in step.notes:
            problem = _note_problem(lesson.entry, note, moment.before, state)
            # a play-on step names the notes that may apply on its way: on another way one may not
            if problem and not lesson.plays_on(step):
                fail(problem)
        segments = [(decision.moment.before, decision.state) for decision in line.plays.get(index, [])[1:]]
        for before, after in [(moment.before, state), *segments]:
            for note in unnamed_notes(lesson.entry, step, before, after):
                fail(msg("checks.note-unnamed", note=note))
        if index in line.plays:
            state = line.plays[index][-1].state
        for check, expected in step.checks.items():
            try:
                problem = checks[check](state, expected)
            except TutorError as error:
                problem = str(error)
            except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
                problem = msg("lesson.check-malformed", check=check, problem=_shape_problem(error))
            if problem:
                fail(problem)
        for problem in kind_of(step).check(state, step):
            fail(problem)
    return failures


def text_fields(data: dict) -> Iterator[tuple[int | None, str, Any]]:
    """(step number or None, field, value) for every text of a lesson file a learner reads:
    the title, the summary, and each step's say, try prompt and remarks on weaker moves."""
    for name in ("title", "summary"):
        yield None, name, data.get(name)
    for number, step in enumerate(data.get("steps") or [], start=1):
        if isinstance(step, dict) and "say" in step:
            yield number, "say", step["say"]
        for kind in ASKING:
            if isinstance(step, dict) and step.get(kind) is not None:
                spec = step[kind]
                yield number, "prompt", spec.get("prompt") if isinstance(spec, dict) else spec
                for remark in spec.get("weaker") or [] if isinstance(spec, dict) else []:
                    if isinstance(remark, dict):
                        yield number, "weaker", remark.get("say")
    for first in data.get("firsts") or []:
        if isinstance(first, dict):
            yield None, "firsts", first.get("say")


def language_problems(path: str | Path, languages: list[str]) -> list[str]:
    """Every text of a lesson file that lacks one of ``languages`` (or gives one text for
    all of them, or an English one for another language), one sentence each naming the
    file (a lesson that keeps its texts per language: that language's file), step and field.
    Files that are not lessons (records) have no such texts."""
    if not languages:
        return []
    name = str(path)
    try:
        data = read_lesson(name)
    except FileProblem:
        return []  # the file's own check says what is wrong with it
    if "steps" not in data:
        return []
    problems, codes = [], list(languages)
    if split(data):
        for code in languages:
            if not text_file(name, code).exists():
                file = str(text_file(name, code))
                problems.append(msg("checks.language-file-missing", file=file, language=spoken_language(code)))
                codes.remove(code)
        problems += _seat_problems(name, codes)
    steps = data["steps"] if isinstance(data["steps"], list) else []
    for step, text_field, value in text_fields(data):
        if step is None:
            where = msg("checks.where-field", field=text_field)
        elif split(data):
            where = msg("checks.where-step-id", step=step, id=steps[step - 1]["id"], field=text_field)
        else:
            where = msg("checks.where-step", step=step, field=text_field)
        if isinstance(value, str) and value.strip():
            problems.append(msg("checks.language-single", file=name, where=where, languages=", ".join(languages)))
            continue
        texts = value if isinstance(value, dict) else {}
        english = str(texts.get(DEFAULT_LANGUAGE) or "").strip()
        for code in codes:
            text, file = texts.get(code), str(text_file(name, code)) if split(data) else name
            if not isinstance(text, str) or not text.strip():
                problems.append(msg("checks.language-missing", file=file, where=where, language=spoken_language(code)))
            # (a text of {facts} only reads the same everywhere: the game fills them in, in the page's language)
            elif code != DEFAULT_LANGUAGE and text.strip() == english and _FACT.sub("", english).strip():
                problems.append(msg("checks.language-english", file=file, where=where, language=spoken_language(code)))
    return problems


def _seat_problems(name: str, languages: list[str]) -> list[str]:
    """A seat that the English file (or another) names, and one of ``languages`` does not
    (its English name stands in)."""
    named = {code: read_yaml(str(text_file(name, code))).get("seats") or {} for code in {DEFAULT_LANGUAGE, *languages}}
    everywhere = {seat for names in named.values() for seat in names}
    seats = [seat for seat in read_yaml(name).get("seats") or [] if isinstance(seat, str)]
    return [
        msg(
            "checks.language-missing",
            file=str(text_file(name, code)),
            where=msg("checks.where-seat", seat=seat),
            language=spoken_language(code),
        )
        for code in languages
        for seat in seats
        if seat in everywhere - set(named[code])
    ]


def unnamed_notes(entry: Game, step: Step, before: State[Any], after: State[Any]) -> list[str]:
    """The notes and variants the step's position relies on (they apply between ``before``
    and ``after``) that the step does not name, so the page would not show them."""
    return [
        note
        for note, applies in entry.notes.items()
        if note not in step.notes and note not in entry.view_notes and applies(before, after)
    ]


def _note_problem(entry: Game, note: str, before: State[Any], after: State[Any]) -> str | None:
    """Why the step may not name ``note``: the game cannot tell where it applies, or it
    does not apply between ``before`` (the previous step's position) and ``after``."""
    applies = entry.notes.get(note)
    if applies is None:
        return msg("checks.note-unverifiable", note=note)
    return None if applies(before, after) else msg("checks.note-does-not-apply", note=note)


def parse_move_for(entry: Game, state: State[Any], text: str) -> Any:
    """A move in lesson notation, optionally prefixed by the mover's name ("Red: blue 9 -> 1")."""
    text = str(text)
    seat_part, colon, rest = text.partition(":")
    seat = SeatLookup(state.seat_names).find(seat_part) if colon else None
    if seat is not None:
        if 0 <= state.to_move != seat:
            raise TutorError(msg("lesson.wrong-player", written=state.name(seat), actual=state.name(state.to_move)))
        text = rest
    return entry.parse_move(text.strip(), state.players)


def _parse_step(
    number: int, raw: dict, entry: Game, state: State[Any], known_rules: set[str], moments: Mapping | None = None
) -> Step:
    """One step; its fields' types are already checked (tutor.schema), their meaning is checked here."""
    checks = raw.get("check", {})
    for check in checks:
        if check not in entry.checks:
            raise TutorError(msg("lesson.unknown-check", check=check, game=entry.id, known=", ".join(entry.checks)))
    for rule in raw.get("rules", []):
        if rule not in known_rules:
            raise TutorError(msg("lesson.unknown-rule-here", rule=rule))
    seats = SeatLookup(state.seat_names)  # a seat highlighted by any of its names, as the board names it
    return Step(
        number=number,
        say=localized(raw.get("say")),
        moves=_step_moves(raw, entry, state),
        try_=_step_try(raw, entry, state, moments or {}),
        checks=checks,
        highlight=[seats.shown(item) for item in raw.get("highlight", [])],
        rules=raw.get("rules", []),
        notes=_step_notes(raw, entry),
        coach=raw.get("coach"),
    )


def _step_notes(raw: dict, entry: Game) -> list[str]:
    """The notes a step names: each a note or variant of the game, never a rule."""
    notes = raw.get("notes") or []
    notes = notes if isinstance(notes, list) else [notes]
    kinds = {rule.id: rule.kind for rule in entry.rule_list}
    for note in notes:
        if note not in kinds:
            raise TutorError(msg("lesson.unknown-rule-here", rule=note))
        if kinds[note] == "rule":
            raise TutorError(msg("checks.note-is-a-rule", note=note))
    return [str(note) for note in notes]


def _step_moves(raw: dict, entry: Game, state: State[Any]) -> list:
    """The step's moves, each allowed where it is played (chance dealt between them)."""
    texts = raw.get("move", [])
    moves, probe = [], state.clone()
    for text in texts if isinstance(texts, list) else [texts]:
        move = parse_move_for(entry, probe, text)
        reason = probe.why_not(move)
        if reason is not None:
            raise TutorError(msg("lesson.move-refused", move=text, reason=reason))
        probe.push(move)
        advance_chance(probe)
        moves.append(move)
    return moves


def _step_try(raw: dict, entry: Game, state: State[Any], moments: Mapping) -> Try | None:
    """What the step asks the learner to do, read by its kind (tutor.step_kinds)."""
    reading = Reading(localized, lambda text: parse_move_for(entry, state, text), moments)
    for name in ASKING:
        if name in raw:
            return KINDS[name].read(raw[name], reading)
    return None


def _parse_guide(lesson: Lesson, data: dict, state: State[Any], known_rules: set[str]) -> None:
    """A guided game's learner and tips; free and coach steps need a learner."""
    steps = data["steps"]
    if "learner" not in data:
        if any(kind in step for step in steps for kind in ("free", "coach", "play")) or "firsts" in data:
            raise TutorError(msg("lesson.guided-no-learner"))
        return
    lesson.learner = SeatLookup(state.seat_names).index(data["learner"])
    moments = lesson.entry_moments
    for raw in data.get("firsts", []):
        if raw["when"] not in moments:
            raise TutorError(msg("lesson.unknown-moment", when=raw["when"], known=", ".join(moments)))
        for rule in raw.get("rules", []):
            if rule not in known_rules:
                raise TutorError(msg("lesson.unknown-rule-here", rule=rule))
        lesson.firsts.append(First(raw["when"], localized(raw["say"]), list(raw.get("rules", []))))


def _push(state: State[Any], move: Any, moves: list, deal: bool = True) -> None:
    """Play ``move`` and any deal or draw after it, noting (mover, move, position before)."""
    before = state.clone()
    mover = move.seat if state.to_move == SIMULTANEOUS else state.to_move
    state.push(move)
    if deal:
        advance_chance(state)
    moves.append((mover, move, before))


def _movers(state: State[Any]) -> list[int]:
    """The seats that may move now (several while seats choose at once)."""
    if state.is_terminal() or (state.to_move < 0 and state.to_move != SIMULTANEOUS):
        return []
    if state.to_move == SIMULTANEOUS:
        return sorted({move.seat for move in state.legal_moves()})
    return [state.to_move]


def _mover_name(state: State[Any]) -> str:
    return listed([state.name(seat) for seat in _movers(state)]) or msg("lesson.nobody")


_FACT = re.compile(r"\{([a-z_]+)\}")
_SPACES = re.compile(" {2,}")
SHARED_FACTS: dict[str, Callable[[Moment], str]] = {
    "learner": lambda moment: moment.after.name(moment.learner),
}


def _shape_problem(error: Exception) -> str:
    """A short account of a Python error raised by a field of the wrong shape (Python's own
    words, "'list' object has no attribute 'items'", mean nothing to a teacher)."""
    if isinstance(error, KeyError):
        return msg("lesson.missing-key", key=error.args[0] if error.args else "?")
    return msg("input.wrong-kind")


def turn_in_brief(game_id: str, lang: str | None = None) -> list[tuple[str, str]]:
    """The summary that ends a game's last lesson: (rule id, line) in the order of a turn,
    from the ``turn.<game id>`` keys the game's catalog declares (none: no summary)."""
    prefix = f"turn.{game_id}."
    entries = catalog(lang or language()).items()
    return [
        (key.removeprefix(prefix), text) for key, text in entries if key.startswith(prefix) and isinstance(text, str)
    ]


_SENTENCES = re.compile(r"(?<=[.!?:;])\s+")


def told_tries(path: str | Path, text: str | None = None) -> list[tuple[int, Any]]:
    """The try steps of a lesson whose prompt names the only move they accept, as (step
    number, move): a sentence that is not a question names, in some language, what the
    learner clicks for it (the game's ``answer_names``: the card or player a move names).
    "Where may this card go?" asks; "Give it to Blue." tells. ``text``: the file's content
    when it is not on disk (the studio's lesson)."""
    lesson = load_lesson(path, text)
    names_of = lesson.entry.lessons.answer_names
    if lesson.guided:
        return []
    raw_steps = read_lesson(str(path), text)["steps"]
    told = []
    for step, raw, state in zip(lesson.steps, raw_steps, lesson.line().states):
        if step.try_ is None or step.try_.kind != "try" or len(step.try_.accept) != 1:
            continue
        prompt = raw["try"]["prompt"] if isinstance(raw["try"], dict) else raw["try"]
        move = step.try_.accept[0]
        if any(_tells(_in(prompt, code), names_of(state, move, code)) for code in LANGUAGES):
            told.append((step.number, move))
    return told


def _in(text: Any, code: str) -> str:
    return str(text.get(code) or "") if isinstance(text, dict) else str(text or "")


def _tells(prompt: str, names: list[str]) -> bool:
    """Some sentence of ``prompt`` that is not a question names one of ``names`` as a whole word."""
    for sentence in _SENTENCES.split(prompt):
        if sentence.rstrip().endswith("?"):
            continue
        said = sentence.casefold()
        if any(re.search(rf"(?<!\w){re.escape(name.casefold())}(?!\w)", said) for name in names if name):
            return True
    return False


def lesson_warnings(path: str | Path) -> list[str]:
    """What ``tutor check`` points out without refusing the lesson: a try that tells its answer."""
    try:
        told = told_tries(path)
    except (TutorError, FileProblem):
        return []  # the file's own check says what is wrong with it
    return [msg("checks.try-names-answer", file=str(path), step=number, move=move) for number, move in told]
