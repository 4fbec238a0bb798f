"""One run through a lesson, pure Python: what ``Session`` is for a game at a table and
``Draft`` for the studio. A ``LessonRun`` holds the step on show, the position there, the
learner's answers so far (a guided game goes on from them), and says what a page shows: the
step's texts with their facts filled in, the tips due, the prompt, and the verdict on a move
(``play``). The learn page, the classroom's pages and the studio's preview draw a run; how
each kind of step reads, checks, judges and counts is in ``tutor.step_kinds``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tutor.core import SIMULTANEOUS, State, TutorError, advance_chance
from tutor.lessons import Decision, First, Lesson, Line, Moment, Step, lesson_holds, parse_move_for
from tutor.messages import either, msg
from tutor.step_kinds import KINDS, Verdict, kind_of
from tutor.step_kinds import judge as judge_move


def after(state: State[Any], move: Any) -> State[Any]:
    """The position a right answer leads to, with any deal or draw it triggers."""
    shown = state.clone()
    shown.push(move)
    return advance_chance(shown)


def asked_steps(lesson: Lesson) -> tuple[int, ...]:
    """The numbers of the steps that ask the learner for a move (those a class's tally counts)."""
    return tuple(number for number, step in enumerate(lesson.steps, start=1) if kind_of(step).tallied)


class LessonRun:
    """``LessonRun(lesson)``: the lesson from its first step. ``go(index)`` shows a step,
    ``play(move)`` answers the learner's move there; without answers, a guided game is the
    coach's way through it (the way a class takes)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.index = 0  # the step on show
        self.answers: dict[int, Any] = {}  # step index -> the learner's right answer (a play-on step: its moves)
        self.at = 0  # on a play-on step: how many of the learner's moves there are played on the position shown
        self.solved = False  # the step's question was answered right (a play-on step: played to its moment)
        self.line: Line = Line()
        self.replay()
        self.go(0)

    # ------------------------------------------------------------- the way through
    def replay(self) -> None:
        """Every step's position again, from the learner's own moves at the free steps."""
        lesson = self.lesson
        asked: dict[int, int] = {}  # play-on step -> how many of its moves were asked for so far

        def choose(index: int, _state: State[Any]) -> Any:
            answer = self.answers.get(index) if lesson.steps[index].try_ else None
            if not isinstance(answer, list):
                return answer
            asked[index] = asked.get(index, 0) + 1
            return answer[asked[index] - 1] if asked[index] <= len(answer) else None

        self.line = lesson.line(choose)

    @property
    def states(self) -> list:
        """The position of every step on this way through the lesson."""
        return self.line.states

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def plays_on(self) -> bool:
        return self.lesson.plays_on(self.step)

    @property
    def free(self) -> bool:
        """The step lets the learner play any allowed move, and the game goes on from it."""
        return kind_of(self.step).goes_on is not None

    @property
    def waiting(self) -> bool:
        """A step that asks, not yet answered right: the lesson waits for the learner."""
        return self.step.try_ is not None and not self.solved

    @property
    def decision(self) -> Decision | None:
        """On a play-on step, the decision on show; else None."""
        plays = self.line.plays.get(self.index, [])
        return plays[min(self.at, len(plays) - 1)] if plays else None

    @property
    def played_out(self) -> bool:
        """The play-on step on show has reached its moment: the position shows where it stopped."""
        plays = self.line.plays.get(self.index, [])
        return bool(plays) and self.at >= len(plays) - 1

    # ------------------------------------------------------------- moving through the steps
    def go(self, index: int) -> None:
        """Show step ``index`` afresh (a play-on step where the learner left it)."""
        self.index = min(max(index, 0), self.total - 1)
        self.solved = False
        self.at = 0
        self.position = self.states[self.index]  # the position on show
        if self.plays_on:
            played = self.answers.get(self.index)
            self.at = len(played) if isinstance(played, list) else 0
            self.position = self.decision.state if self.decision else self.position
            self.solved = self.played_out

    def restart(self) -> None:
        self.answers.clear()
        self.replay()
        self.go(0)

    DEALS_TRIED = 20  # seeds tried for a new deal before keeping the lesson's own

    def new_deal(self) -> None:
        """A guided game again from its first step with another deal: the next seed on whose
        way the coach plays the lesson through and every check holds."""
        for seed in range(self.lesson.seed + 1, self.lesson.seed + 1 + self.DEALS_TRIED):
            dealt = replace(self.lesson, seed=seed)
            if lesson_holds(dealt):
                self.lesson = dealt
                break
        self.restart()

    def relabel(self, lesson: Lesson) -> None:
        """The same run with ``lesson``: the same file read in the language now set (on the deal on show)."""
        lesson = replace(lesson, seed=self.lesson.seed)
        self.lesson = lesson
        if lesson.guided:
            position, at, solved = self.position, self.at, self.solved
            self.replay()
            self.position, self.at, self.solved = position, at, solved
        if lesson.seats:  # players named per language: every position kept takes the new names
            for state in (*self.states, self.position):
                state.seat_names[:] = lesson.seats

    # ------------------------------------------------------------- the learner's moves
    def judge(self, move: Any) -> Verdict:
        """``move`` on the position on show: refused with the rule's reason, else judged by the
        step's kind (once answered, or on a step that asks nothing: allowed, or why not)."""
        step = self.step
        if step.try_ is None or self.solved:
            step = replace(step, try_=None)  # nothing (more) asked: allowed, or why not
        return judge_move(self.lesson, step, self.position, move)

    def play(self, move: Any) -> Verdict:
        """The learner's move on the position on show, judged; a right answer moves the run
        on: the position after it, and on a guided game's step the game goes on from it."""
        verdict = self.judge(move)
        kind = kind_of(self.step)
        if not verdict.right or self.step.try_ is None or self.solved:
            return verdict
        if kind.goes_on == "play":
            return self._play_on(move)
        self.solved = True
        self.answers[self.index] = move
        if kind.goes_on == "free":  # the game goes on from this move: the later steps are played again
            self._forget_later()
            self.replay()
        self.position = after(self.position, move)
        return verdict

    def _play_on(self, move: Any) -> Verdict:
        """A move on a play-on step: the game goes on from it (the coach answering) to the
        learner's next move, or to where the step's moment stops the play."""
        played = self.answers.get(self.index)
        self.answers[self.index] = [*(played if isinstance(played, list) else [])[: self.at], move]
        self._forget_later()
        self.at += 1
        self.replay()
        decision = self.decision
        assert decision is not None
        self.position = decision.state
        self.solved = done = self.played_out
        return Verdict(True, True, lambda: msg("widgets.stepper.play-done" if done else "widgets.stepper.play-right"))

    def _forget_later(self) -> None:
        for later in [index for index in self.answers if index > self.index]:
            del self.answers[later]

    def otherwise(self) -> Callable[[], str] | None:
        """After a try-it step the lesson goes on from the move it was written with: when that
        is not the learner's own move, the words that say so (None: nothing to say)."""
        if self.index == 0:
            return None
        answer = self.answers.get(self.index - 1)
        asked = self.lesson.steps[self.index - 1].try_
        if answer is None or (asked is not None and asked.free):  # a free move: the game went on from it
            return None
        moves = self.step.moves
        if moves and moves[0] == answer:
            return None  # the lesson goes on from the learner's own move
        before = self.states[self.index - 1]
        words = self.lesson.entry.words

        def saying() -> str:
            yours = words.move_words(before, answer)
            if not moves:
                return msg("widgets.stepper.answer-taken-back", yours=yours)
            return msg("widgets.stepper.other-move", yours=yours, shown=words.move_words(before, moves[0]))

        return saying

    # ------------------------------------------------------------- what the page shows
    @property
    def seat(self) -> int | None:
        """The seat whose cards the board shows: the learner's in a guided game; while seats
        choose at once, the one the try expects; else whoever acts (None)."""
        if self.lesson.guided:
            return self.lesson.learner
        step, state = self.step, self.states[self.index]
        if step.try_ is not None and step.try_.accept and state.to_move == SIMULTANEOUS:
            return step.try_.accept[0].seat
        return None

    @property
    def hints(self) -> bool:
        """The board marks where cards may go: not on a try, which should not give its answer away."""
        return self.step.try_ is None or self.step.try_.free or self.solved

    @property
    def moment(self) -> Moment:
        """What happened on the way to the position on show (a play-on step: since the learner's move before)."""
        decision = self.decision
        return decision.moment if decision is not None else self.line.moments[self.index]

    def say(self) -> str:
        """The step's text, its facts filled in."""
        return self.lesson.text(self.step.say, self.line.moments[self.index]) if self.step.say else ""

    def fill(self, text: str) -> str:
        """A text with its facts filled in from what happened on the way to the position on show."""
        return self.lesson.text(text, self.moment)

    def tips(self) -> list[First]:
        """A guided game's tips said here: rules that matter for the first time (on a play-on
        step, those said on the way to the position on show)."""
        plays = self.line.plays.get(self.index)
        if plays:
            said = [decision.firsts for decision in plays[: self.at + 1] if decision.firsts]
            return said[-1] if said else []
        return self.line.firsts[self.index]

    @property
    def prompt(self) -> str | None:
        """What the step asks, filled in (a play-on step played out: how the play ended); None: nothing."""
        if self.step.try_ is None:
            return None
        said = self.fill(self.step.try_.prompt).strip()
        if self.plays_on and self.solved:
            return said
        return said or msg("widgets.stepper.any-move")

    @property
    def scores_shown(self) -> bool:
        """A guided game ends with its scores."""
        return self.lesson.guided and self.index == self.total - 1

    def rule_ids(self) -> list[str]:
        """The rules linked beside this step: the step's own, else the lesson's; then the notes
        (the tutor's choices where the rule sheets are silent) that it relies on; then its tips'."""
        ids = list(self.step.rules or self.lesson.rules)
        ids += [note for note in self.step.notes if note not in ids]
        for first in self.tips():
            ids += [rule for rule in first.rules if rule not in ids]
        return ids

    # ------------------------------------------------------------- a class's way (the coach's)
    def read(self, index: int, notation: str) -> Any:
        """A move sent in lesson notation at step ``index``'s position; None if it cannot be read."""
        try:
            return parse_move_for(self.lesson.entry, self.states[index], notation)
        except TutorError:
            return None

    def verdict(self, index: int, move: Any) -> Verdict:
        """``move`` judged as step ``index`` asks it, at that step's own position."""
        return judge_move(self.lesson, self.lesson.steps[index], self.states[index], move)

    def asked_rules(self, index: int) -> list[str]:
        """The rules step ``index`` asks about: its own, else the lesson's."""
        return list(self.lesson.steps[index].rules or self.lesson.rules)

    def rules_behind(self, index: int, move: Any) -> tuple[str, ...]:
        """The rules behind an answer to step ``index`` that is not right: the one a refused move
        breaks, or the rules the step asks about for a move they allow that the step does not ask for."""
        judged = self.verdict(index, move)
        if judged.right:
            return ()
        return (judged.rule,) if judged.rule else tuple(self.asked_rules(index))

    def answer_words(self, index: int) -> str:
        """Step ``index``'s answer in words: its accepted moves, or that any allowed move is right."""
        step, state = self.lesson.steps[index], self.states[index]
        accepted = step.try_.accept if step.try_ else []
        if not accepted:
            return msg("classroom.answer.any")
        words = self.lesson.entry.words
        return msg("classroom.answer.is", answer=either([words.move_words(state, move) for move in accepted]))

    def goes_on(self, index: int) -> tuple[Any, str] | None:
        """On a guided game's free or play-on step, where the game goes on once the answer is
        shown (the coach's choice for the learner's seat, the way the next step starts from)
        and that said in words; on a try, the position after its first accepted move; None on
        any other step."""
        lesson, step = self.lesson, self.lesson.steps[index]
        state = self.states[index]
        kind = kind_of(step)
        if kind.goes_on is None or not lesson.guided or index not in self.line.answers:
            return None
        seat = lesson.learner if lesson.learner is not None else 0
        if kind.goes_on == "play":
            return self.line.plays[index][-1].state, msg("classroom.answer.played-on", seat=state.name(seat))
        move = self.line.answers[index]
        words = lesson.entry.words.move_words(state, move)
        return after(state, move), msg("classroom.answer.coach", seat=state.name(seat), move=words)


__all__ = ["KINDS", "LessonRun", "Verdict", "after", "asked_steps"]
