"""The class's lesson as both pages use it: which lessons a class can take (the "Lead a class"
form's list) and how each loads, and the stepper a class moves. The class's way through the
lesson (the coach's, in a guided game), its verdicts and answers are the stepper's lesson run
(tutor.lesson_run.LessonRun)."""

from __future__ import annotations

from collections.abc import Callable

from tutor.core import TutorError
from tutor.lesson_run import after, asked_steps
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets.own_lessons import class_own_lesson
from widgets.stepper import LessonStepper

# ----------------------------------------------------------------- the lessons a class can take


def class_lesson(game: str, stem: str):
    """A class's lesson (its file's name without ``.yaml``, or a teacher's own by its link),
    loaded in this page's language."""
    own = class_own_lesson(stem)
    if own is not None:
        return own
    for path in bundled_lessons(game):
        if path.stem == stem:
            return load_lesson(path)
    raise TutorError(msg("classroom.error.no-lesson"))


def lesson_choices(game: str) -> list[tuple[str, str]]:
    """The game's lessons for the form, those that ask the class to make a move marked as such,
    a guided game as one game for the whole class."""
    choices = []
    for number, path in enumerate(bundled_lessons(game), start=1):
        lesson = load_lesson(path)
        label = msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes)
        if asked_steps(lesson):
            label = msg("classroom.setup.asks", lesson=label)
        choices.append((msg("classroom.setup.guided", lesson=label) if lesson.guided else label, path.stem))
    return choices


def guided_stems(game: str) -> set[str]:
    """The game's guided games: the form says how a class plays one when it is chosen."""
    return {path.stem for path in bundled_lessons(game) if load_lesson(path).guided}


def default_lesson(game: str) -> str | None:
    """The lesson the form offers first: the game's guided first game (the whole class plays one
    game along the coach's way), else its first lesson that asks the class something."""
    lessons = [(path.stem, load_lesson(path)) for path in bundled_lessons(game)]
    return next(
        (stem for stem, lesson in lessons if lesson.guided),
        next((stem for stem, lesson in lessons if asked_steps(lesson)), lessons[0][0] if lessons else None),
    )


def lesson_purpose(game: str, stem: str) -> str:
    """What the lesson is for, in the page's language: its summary ("" when it has none)."""
    try:
        return class_lesson(game, stem).summary
    except TutorError:
        return ""


def move_words(lesson, state, move) -> str:
    return lesson.entry.words.move_words(state, move)


# ----------------------------------------------------------------- the stepper a class moves


class FollowStepper(LessonStepper):
    """A lesson stepper that a class moves: ``go_to(index)`` shows a step; its own buttons are
    hidden and ignored. On a "try it" step a move goes to ``answer(move)`` when set (the learner
    page) instead of being judged here."""

    def __init__(self, lesson, scale: float = 1.0):
        self.answer: Callable[[object], None] | None = None
        super().__init__(lesson, scale=scale)
        self.add_class("tutor-follow")

    def go_to(self, index: int) -> None:
        """Show step ``index`` afresh: its position, no answer."""
        self.step = index
        self._show()

    def click(self, name: str) -> None:
        if name.startswith("rule:"):
            super().click(name)

    def play(self, move) -> None:
        if self.current.try_ is None:
            super().play(move)  # any other step: the engine says whether it is allowed, as on the learn page
        elif self.answer is not None:
            self.answer(move)
        else:
            self.loaded[1].refresh()

    def say(self, verdict: str, text: str) -> None:
        with self.hold_trait_notifications():  # one redraw: the mark beside its own words
            self.verdict, self.message = verdict, text

    def show_after(self, state, move) -> None:
        """The position after ``move`` on the step's ``state``, still seen from the seat that was
        asked to move: after the reveal a learner who played Blue keeps Blue's cards in view,
        not those of whoever moves next."""
        self.show_position(after(state, move), state.to_move)

    def show_position(self, state, mover: int) -> None:
        """``state`` on the board, seen from the seat on show (else ``mover``'s)."""
        board = self.loaded[1]
        seat = board.seat if board.seat is not None else mover
        board.state = state
        board.seat = seat
