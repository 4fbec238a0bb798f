"""A class: a teacher leads a lesson step by step and every learner follows on their own device.

The teacher starts a class (``Classrooms.start``) and gets a short code to show; learners join
with the code and a first name (``Classrooms.join``) and keep the token they get, so that a
reload finds them again with their answers (``Classrooms.rejoin``). The teacher's page keeps
its own token to resume after a reload (``Classrooms.resume``).

This model knows steps by number (1 to ``steps``, as the lesson numbers them) and which of
them are "try it" steps; it does not know games. The caller judges a learner's move with the
lesson engine and passes the verdict (allowed, right) along with the move as the learner
should read it. Learners never get other learners' names or answers from here: only the
teacher's ``Teacher`` object lists names, tallies and results.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import logging
import math
import os
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.classroom.store import AnswerRecord, ClassRecord, ClassStore, open_store
from tutor.classroom.summary import ClassSummary, RulesBehind, summarize
from tutor.core import TutorError
from tutor.messages import msg
from tutor.visitor_text import visitor_text

# No 0/O or 1/I: a code read off a projector from the back of the room has no look-alikes.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_EXAMPLE = "K7PX2M"
LIFETIME_HOURS = 24.0  # a class ends this long after the teacher last moved it: a school day and the night
CAPACITY = 60  # the most learners a class can have
CLASS_SIZE = 30  # the class size the teacher's form offers first
NAME_LIMIT = 30
# How often a learner page asks for the teacher's step: the benchmark checks that a step
# reaches 40 learners within a second at this rate.
POLL_SECONDS = 0.25
REVEAL_BY_TEACHER = "teacher"
REVEAL_AT_ONCE = "at-once"
REVEAL_MODES = (REVEAL_BY_TEACHER, REVEAL_AT_ONCE)
# A page that tried this many wrong codes (or learner tokens), right ones between or not, waits this long before
# each further try: a person mistyping is barely slowed, a script guessing the 32^6 codes is.
GUESS_LIMIT = 5
GUESS_PAUSE_SECONDS = 30.0
# All pages of one client address together (a school's learners may share one) may try this many
# wrong ones within store.GUESS_WINDOW_SECONDS; then each further try from there waits as long.
ADDRESS_GUESS_LIMIT = 60
CLIENT_VARIABLE = "HTTP_X_TUTOR_CLIENT"  # the page request's client address (serving.handlers)
CLASSES_PER_PAGE = 3  # live classes one teacher's page keeps: starting another ends its oldest

log = logging.getLogger(__name__)


class ClassroomError(TutorError):
    """A wrong or expired code, a missing name, a full class...: the text says what to do."""


class WrongGuess(ClassroomError):
    """No class has this code, or no learner this token: what a guess gets."""


@dataclass(frozen=True)
class ClassSettings:
    game: str
    lesson: str
    language: str
    reveal: str
    steps: int
    try_steps: tuple[int, ...]
    size: int = CAPACITY  # the most learners the teacher lets join (classes started before it had none)


@dataclass(frozen=True)
class Position:
    step: int
    revealed: frozenset[int]  # steps whose answer the teacher has shown
    reached: int  # the furthest step the class has been shown
    version: int
    ended: bool = False  # the teacher ended the class: learners are told, the results stay until it expires
    replaced: bool = False  # ended because the teacher started a new class: its learners are told to join that one


@dataclass(frozen=True)
class Answer:
    move: str
    allowed: bool
    right: bool


@dataclass(frozen=True)
class LearnerView:
    """All a learner page needs at one poll; ``version`` changes whenever the teacher acts."""

    step: int
    version: int
    is_try: bool
    revealed: bool  # the teacher has shown this step's answer
    answer: Answer | None  # this learner's answer to this step
    show_feedback: bool  # time to show the engine's verdict on ``answer``
    can_answer: bool


@dataclass(frozen=True)
class Tally:
    step: int
    learners: int
    answered: int
    allowed: int
    right: int
    moves: dict[str, int]  # chosen move -> how many chose it, most chosen first


@dataclass(frozen=True)
class Result:
    name: str
    step: int
    answer: Answer | None  # None: the learner did not answer this step


class Classrooms:
    """Classes kept in one store, as one page uses them (each page makes its own): the page
    keeps at most ``CLASSES_PER_PAGE`` live classes, and is slowed down after ``GUESS_LIMIT``
    wrong codes, and so is every page of its client ``address`` (the server names it in the
    page's request) after ``ADDRESS_GUESS_LIMIT``. ``clock`` and ``rng`` are there for tests."""

    def __init__(
        self,
        store: ClassStore | None = None,
        *,
        lifetime_hours: float = LIFETIME_HOURS,
        capacity: int = CAPACITY,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        address: str | None = None,
    ):
        self.store = store or open_store()
        self.address = address if address is not None else os.environ.get(CLIENT_VARIABLE, "")
        self.lifetime_hours = lifetime_hours
        self.capacity = capacity
        self.clock = clock
        self.rng = rng or random.SystemRandom()
        self._started: list[Teacher] = []  # the classes this page started, oldest first
        self._wrong = 0  # wrong guesses on this page
        self._next_guess = -math.inf  # when the page may guess again (clock time)

    def start(
        self,
        game: str,
        lesson: str,
        language: str,
        *,
        steps: int,
        try_steps: Iterable[int] = (),
        reveal: str = REVEAL_BY_TEACHER,
        size: int | None = None,
    ) -> Teacher:
        """A new class at step 1, with a fresh code, that at most ``size`` learners can join
        (``capacity`` by default); old classes expired by now are deleted."""
        size = self.capacity if size is None else size
        try_steps = tuple(sorted(set(try_steps)))
        if reveal not in REVEAL_MODES:
            raise ValueError(f"reveal must be one of {REVEAL_MODES}, not {reveal!r}")
        if steps < 1 or not all(1 <= step <= steps for step in try_steps):
            raise ValueError(f"steps must be 1..{steps}: {steps=}, {try_steps=}")
        if not 1 <= size <= self.capacity:
            raise ValueError(f"size must be 1..{self.capacity}, not {size}")
        now = self.clock()
        self.store.purge_expired(now)
        settings = ClassSettings(game, lesson, language, reveal, steps, try_steps, size)
        token = secrets.token_urlsafe(16)
        info = {"settings": settings.__dict__, "teacher": token}
        expires_at = now + self.lifetime_hours * 3600
        for _ in range(20):  # a clash is about one in a billion per live class
            code = "".join(self.rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if self.store.create_class(code, info, _position_data(1, (), 1), expires_at):
                self._started.append(Teacher(self, code, token, settings))
                for old in self._started[:-CLASSES_PER_PAGE]:
                    old.end(replaced=True)
                del self._started[:-CLASSES_PER_PAGE]
                return self._started[-1]
        raise RuntimeError("no free class code after 20 tries")

    def resume(self, code: str, token: str) -> Teacher:
        """The teacher's page after a reload: the class where it was (an ended one with its results)."""
        record = self._record(code)
        if not hmac.compare_digest(record.info["teacher"].encode(), token.encode()):
            raise ClassroomError(msg("classroom.error.not-teacher", code=record.code))
        return Teacher(self, record.code, token, _settings(record))

    def join(self, code: str, name: str, token: str | None = None) -> Learner:
        """A learner joins with a first name; with the token of an earlier join in this class
        they are that learner again (their first name and answers are kept)."""
        record = _open(self._guess(code))
        name = visitor_text(name, NAME_LIMIT + 1)  # one more: a longer name is refused, not cut
        if not name:
            raise ClassroomError(msg("classroom.error.name-empty"))
        if len(name) > NAME_LIMIT:
            raise ClassroomError(msg("classroom.error.name-long", limit=NAME_LIMIT))
        new = token is None or token not in dict(self.store.learners(record.code))
        token = token or secrets.token_urlsafe(16)
        size = min(_settings(record).size, self.capacity)
        stored = self.store.join(record.code, token, name, size)
        if stored is None:
            self._record(code)  # the class may have expired meanwhile: say so rather than "full"
            raise ClassroomError(msg("classroom.error.full", limit=size))
        joined = _position(record).step if new else 1
        return Learner(self, record.code, token, stored, _settings(record), joined)

    def rejoin(self, code: str, token: str, joined: int = 1) -> Learner:
        """A learner page after a reload or a lost kernel, from the token it kept (and the step
        the learner joined at, which the page kept too)."""
        record = _open(self._guess(code))
        names = dict(self.store.learners(record.code))
        if token not in names:
            self._guessed_wrong(f"learner token in class {record.code}")
            raise WrongGuess(
                msg("classroom.error.unknown-code", code=record.code)
            )  # as a wrong code: a guess learns nothing
        return Learner(self, record.code, token, names[token], _settings(record), joined)

    def _guess(self, code: str) -> ClassRecord:
        """``_record`` for a code a learner typed: wrong codes count against this page."""
        now = self.clock()
        waits = [self._next_guess - now if self._wrong >= GUESS_LIMIT else 0.0]
        if self.address:
            count, last = self.store.wrong_guesses(self.address, now)
            waits.append(last + GUESS_PAUSE_SECONDS - now if count >= ADDRESS_GUESS_LIMIT else 0.0)
        if max(waits) > 0:
            raise ClassroomError(msg("classroom.error.too-many-codes", seconds=math.ceil(max(waits))))
        try:
            record = self._record(code)
        except WrongGuess:
            self._guessed_wrong("class code")
            raise
        return record  # a right code does not reset the count: a script mixed one in to keep guessing

    def _guessed_wrong(self, what: str) -> None:
        self._wrong += 1
        now = self.clock()
        from_address = self.store.note_wrong_guess(self.address, now)[0] if self.address else 0
        log.warning("Wrong %s tried on a page (%d so far; %d from its address)", what, self._wrong, from_address)
        if self._wrong >= GUESS_LIMIT:
            self._next_guess = now + GUESS_PAUSE_SECONDS

    def _record(self, code: str) -> ClassRecord:
        """The live class with this code as a person typed it, or a message saying what is wrong."""
        typed = code.strip()
        code = class_code(code)
        if len(code) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in code):
            raise ClassroomError(
                msg(
                    "classroom.error.code-format",
                    code=visitor_text(typed, 2 * CODE_LENGTH),
                    length=CODE_LENGTH,
                    example=CODE_EXAMPLE,
                )
            )
        record = self.store.get_class(code)
        if record is None:
            raise WrongGuess(msg("classroom.error.unknown-code", code=code))
        if record.expires_at <= self.clock():
            raise ClassroomError(msg("classroom.error.expired-code", code=code))
        return record


def class_code(typed: str) -> str:
    """A class code as a person typed it (lower case, spaces, a dash) as the store keeps it."""
    return typed.strip().upper().replace(" ", "").replace("-", "")


def _settings(record: ClassRecord) -> ClassSettings:
    data = record.info["settings"]
    return ClassSettings(**{**data, "try_steps": tuple(data["try_steps"])})


def _position(record: ClassRecord) -> Position:
    data = record.position
    ended, replaced = bool(data.get("ended")), bool(data.get("replaced"))
    return Position(data["step"], frozenset(data["revealed"]), data["reached"], record.version, ended, replaced)


def _position_data(
    step: int, revealed: Iterable[int], reached: int, ended: bool = False, replaced: bool = False
) -> dict:
    data = {"step": step, "revealed": sorted(revealed), "reached": reached}
    if ended:
        data["ended"] = True
    if replaced:
        data["replaced"] = True
    return data


def _open(record: ClassRecord) -> ClassRecord:
    """``record``, when its teacher has not ended it."""
    if record.position.get("ended"):
        raise _ended(record.code, bool(record.position.get("replaced")))
    return record


def _ended(code: str, replaced: bool) -> ClassroomError:
    """What a learner is told of a class its teacher ended: to join the new class that replaced it,
    or that the class is over."""
    return ClassroomError(msg("classroom.error.expired-code" if replaced else "classroom.error.ended", code=code))


class _Member:
    def __init__(self, classrooms: Classrooms, code: str, token: str, settings: ClassSettings):
        self.classrooms = classrooms
        self.store = classrooms.store
        self.code = code
        self.token = token
        self.settings = settings

    def position(self) -> Position:
        return _position(self.classrooms._record(self.code))


class Teacher(_Member):
    """The page that leads the class. Keep ``code`` and ``token`` to resume after a reload."""

    def go_to(self, step: int) -> Position:
        current = self.position()
        step = min(max(step, 1), self.settings.steps)
        return self._save(step, current.revealed, max(current.reached, step))

    def next(self) -> Position:
        return self.go_to(self.position().step + 1)

    def back(self) -> Position:
        return self.go_to(self.position().step - 1)

    def reveal(self) -> Position:
        """Show the current step's answer and the engine's verdicts to everyone."""
        current = self.position()
        return self._save(current.step, current.revealed | {current.step}, current.reached)

    def _save(self, step: int, revealed: Iterable[int], reached: int) -> Position:
        if self.position().ended:
            raise ClassroomError(msg("classroom.error.ended-teacher", code=self.code))
        version = self.store.set_position(self.code, _position_data(step, revealed, reached))
        if version is None:  # purged since it was read: the class expired
            raise ClassroomError(msg("classroom.error.unknown-code", code=self.code))
        self.store.set_expiry(self.code, self.classrooms.clock() + self.classrooms.lifetime_hours * 3600)
        return Position(step, frozenset(revealed), reached, version)

    def end(self, replaced: bool = False) -> Position:
        """End the class now (``replaced``: for a new class the teacher started): its learners are
        told it has ended at their next look, and nobody joins it any more; its results stay in the
        store for the teacher until it expires."""
        current = self.position()
        data = _position_data(current.step, current.revealed, current.reached, ended=True, replaced=replaced)
        version = self.store.set_position(self.code, data)
        if version is None:  # purged since it was read: expired, so ended already
            raise ClassroomError(msg("classroom.error.unknown-code", code=self.code))
        return Position(current.step, current.revealed, current.reached, version, True, replaced)

    def learner_count(self) -> int:
        return len(self.store.learners(self.code))

    def roster(self) -> list[tuple[str, str]]:
        """(key, name) per learner in joining order, a name used twice numbered ("Sam", "Sam 2");
        the key names a learner to ``remove`` without giving the page their token (which would let
        it answer for them)."""
        return [(_learner_key(token), label) for token, label in self._labels().items()]

    def remove(self, key: str) -> str | None:
        """Take a learner out of the class with their answers; their page is told at its next poll.
        Returns the name removed, or None if no learner has this key (already removed)."""
        for token, label in self._labels().items():
            if hmac.compare_digest(_learner_key(token), key) and self.store.remove_learner(self.code, token):
                return label
        return None

    def _labels(self) -> dict[str, str]:
        seen: Counter[str] = Counter()
        labels = {}
        for token, name in self.store.learners(self.code):
            seen[name.casefold()] += 1
            count = seen[name.casefold()]
            labels[token] = name if count == 1 else f"{name} {count}"
        return labels

    def tally(self, step: int | None = None) -> Tally:
        """The answers to a step (the current one by default), counted without names."""
        step = self.position().step if step is None else step
        answers = [answer for answer in self.store.answers(self.code) if answer.step == step]
        moves = Counter(answer.move for answer in answers)
        return Tally(
            step,
            self.learner_count(),
            len(answers),
            sum(answer.allowed for answer in answers),
            sum(answer.right for answer in answers),
            dict(sorted(moves.items(), key=lambda item: (-item[1], item[0]))),
        )

    def asked_so_far(self) -> list[int]:
        """The "try it" steps the class has been shown."""
        reached = self.position().reached
        return [step for step in self.settings.try_steps if step <= reached]

    def results(self) -> list[Result]:
        """One row per learner and "try it" step shown so far, by learner then step."""
        asked = self.asked_so_far()
        given = {(answer.token, answer.step): answer for answer in self.store.answers(self.code)}
        return [
            Result(name, step, _answer(given.get((token, step))))
            for token, name in self._labels().items()
            for step in asked
        ]

    def summary(self, rules_behind: RulesBehind) -> ClassSummary:
        """Per step and for the whole class, the rules behind the answers that were not right
        (``rules_behind(step, move)`` names them) and who gave those answers."""
        return summarize(self.results(), self.asked_so_far(), self.learner_count(), rules_behind)

    def results_csv(
        self,
        describe: Callable[[int, str], str] = lambda _step, move: move,
        missed: Callable[[int, str], str] = lambda _step, _move: "",
    ) -> str:
        """The class results as CSV with a header row, in the page's language; ``describe(step,
        move)`` puts a move as the learners sent it into words (the pages send lesson notation),
        ``missed(step, move)`` names the rules behind a wrong one. Names and moves never start a
        formula in a spreadsheet (``_cell``)."""
        out = io.StringIO()
        writer = csv.writer(out)
        columns = ("name", "step", "answer", "allowed", "right", "rules")
        writer.writerow([msg(f"classroom.csv.{column}") for column in columns])
        yes, no = msg("classroom.csv.yes"), msg("classroom.csv.no")
        for row in self.results():
            if row.answer is None:
                writer.writerow([_cell(row.name), row.step, "", "", "", ""])
            else:
                move = row.answer.move
                writer.writerow(
                    [
                        _cell(row.name),
                        row.step,
                        _cell(describe(row.step, move)),
                        yes if row.answer.allowed else no,
                        yes if row.answer.right else no,
                        "" if row.answer.right else _cell(missed(row.step, move)),
                    ]
                )
        return out.getvalue()


def _learner_key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()[:12]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """A cell a spreadsheet shows as the text it is: one that would start a formula (a learner
    named '=HYPERLINK(...)') gets a leading apostrophe, which spreadsheets read as "text"."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _answer(record: AnswerRecord | None) -> Answer | None:
    return None if record is None else Answer(record.move, record.allowed, record.right)


class Learner(_Member):
    """One learner's page. Keep ``code`` and ``token`` to rejoin after a reload."""

    def __init__(
        self, classrooms: Classrooms, code: str, token: str, name: str, settings: ClassSettings, joined: int = 1
    ):
        super().__init__(classrooms, code, token, settings)
        self.name = name
        self.joined = joined  # the step the class was at when this learner joined: the ones before went without them

    def joined_later(self, step: int) -> bool:
        """The class had gone past ``step`` when this learner joined."""
        return step < self.joined

    def view(self) -> LearnerView:
        """What to show now; a page calls this every ``POLL_SECONDS``."""
        position = self.position()
        if position.ended:
            raise _ended(self.code, position.replaced)
        if self.token not in dict(self.store.learners(self.code)):
            raise ClassroomError(msg("classroom.error.removed", code=self.code))
        step = position.step
        is_try = step in self.settings.try_steps
        answer = self._my_answers().get(step) if is_try else None
        revealed = step in position.revealed
        at_once = self.settings.reveal == REVEAL_AT_ONCE
        return LearnerView(
            step=step,
            version=position.version,
            is_try=is_try,
            revealed=revealed,
            answer=answer,
            show_feedback=answer is not None and (revealed or at_once),
            can_answer=is_try and not revealed and not (at_once and answer is not None),
        )

    def answer(self, step: int, move: str, allowed: bool, right: bool) -> LearnerView:
        """Record this learner's move on ``step`` (the step their page showed), judged by the caller.

        Until the teacher reveals, a new answer replaces the old one; once the answer is shown
        (or, when feedback comes at once, once the learner has answered) the step is closed.
        """
        if step not in self.settings.try_steps:
            raise ValueError(f"step {step} is not a 'try it' step: {self.settings.try_steps}")
        if right and not allowed:
            raise ValueError("a right move is always allowed")
        view = self.view()
        if view.step != step:
            raise ClassroomError(msg("classroom.error.moved-on"))
        if view.revealed:
            raise ClassroomError(msg("classroom.error.answer-closed"))
        if not view.can_answer:  # feedback at once: the first answer counts
            raise ClassroomError(msg("classroom.error.answered"))
        self.store.put_answer(self.code, AnswerRecord(self.token, step, move, allowed, right))
        return self.view()

    def results(self) -> list[Result]:
        """This learner's own answers to every "try it" step shown so far."""
        reached = self.position().reached
        mine = self._my_answers()
        return [Result(self.name, step, mine.get(step)) for step in self.settings.try_steps if step <= reached]

    def _my_answers(self) -> dict[int, Answer]:
        return {
            answer.step: Answer(answer.move, answer.allowed, answer.right)
            for answer in self.store.answers(self.code, self.token)
        }
