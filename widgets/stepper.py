"""The lesson stepper: a lesson's positions one step at a time, with the annotation,
rule links, highlights and try-it steps that the engine judges."""

from __future__ import annotations

from html import escape
from importlib import import_module
from pathlib import Path
from types import ModuleType

import ipywidgets
import traitlets

from tutor.core import SIMULTANEOUS, TutorError, advance_chance
from tutor.games import game
from tutor.lessons import Lesson, Line, load_lesson
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.board import Board
from widgets.component import Component
from widgets.scores import score_table


def board_module(game_id: str) -> ModuleType:
    """The module of the game's board (its ``board_module``, as ``widgets/boards/<package>.py``):
    ``BOARD``, the drawing and click handling a game needs beyond its pure package, and
    ``clicks(move)``; a TutorError in words for a game without a board."""
    entry = game(game_id)
    if entry.board_module is None:
        raise TutorError(msg("app.no-board", game=entry.name))
    return import_module(entry.board_module)


def board_for(game_id: str, state, scale: float) -> Board:
    """The game's board widget showing ``state``."""
    return board_module(game_id).BOARD(state, scale=scale)


def after(state, move):
    """The position a right answer leads to, with any deal or draw it triggers."""
    shown = state.clone()
    shown.push(move)
    return advance_chance(shown)


class LessonPanel(Component):
    """The text beside the position: title, step counter, annotation, try-it prompt,
    feedback, rule links and the back / next / restart buttons."""

    def __init__(self, stepper: LessonStepper, scale: float = 1.0):
        self.stepper = stepper
        super().__init__(scale=scale)

    def click(self, name: str) -> None:
        self.stepper.click(name)

    def render(self) -> str:
        return self.stepper.panel_html()


class LessonStepper(ipywidgets.HBox):
    """``LessonStepper(lesson_or_path, scale=1.0, text=None)``: the board of the lesson's
    game beside its annotation panel. ``text`` is the file's content when it is not on
    disk (an upload). A lesson that cannot be loaded shows the reason instead."""

    step = traitlets.Int(0)  # index of the step shown
    message = traitlets.Unicode("")  # the answer to the learner's last move
    verdict = traitlets.Unicode("")  # "right", "wrong" or "" (no answer shown)
    solved = traitlets.Bool(False)  # the try-it step on show was answered right
    rule = traitlets.Unicode(None, allow_none=True)  # id of the rule opened in the panel
    inline_rules = traitlets.Bool(True)  # off where a rules reference beside the lesson shows the text
    error = traitlets.Unicode("")  # why the lesson cannot be shown

    def __init__(self, lesson_or_path: Lesson | str | Path, scale: float = 1.0, text: str | None = None, **kwargs):
        self.lesson: Lesson | None = None
        self.states: list = []
        self.board: Board | None = None
        self._reason_rule: str | None = None
        self._saying = None  # makes the answer on show again, in the language now set
        self._answers: dict[int, object] = {}  # step index -> the learner's right answer to its try (a play-on: moves)
        self._at = 0  # on a play-on step: how many of the learner's moves there the board shows played
        self.line: Line | None = None  # the way through the lesson so far (a guided game's follows the learner's moves)
        self.panel = LessonPanel(self, scale)
        super().__init__([self.panel], **kwargs)
        self.add_class("tutor-stepper")
        self.layout.flex_flow = "row wrap"
        try:
            self.lesson = lesson_or_path if isinstance(lesson_or_path, Lesson) else load_lesson(lesson_or_path, text)
            self._replay()
        except TutorError as error:  # LessonError and the engines' own position errors
            self.error = str(error)
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            # A shape the loader did not foresee: still a sentence for the teacher, never a traceback.
            self.error = msg("widgets.stepper.unreadable", file=str(lesson_or_path), problem=msg("lesson.wrong-kind"))
        board = None
        if self.lesson is not None and not self.error:
            try:
                board = board_for(self.lesson.game, self.states[0], scale)
            except TutorError as error:  # a game without a board
                self.error = str(error)
        if board is None:
            self.lesson = None
        else:
            board.on_move(self.play)
            board.on_message(self._say)
            self.board = board
            self.children = [board, self.panel]
        self.observe(lambda _change: self.panel.refresh(), names=["message", "verdict", "solved", "rule", "error"])
        self._show()

    def _replay(self) -> None:
        """The positions of every step, from the learner's own moves at the free steps."""
        lesson = self.lesson
        assert lesson is not None
        asked: dict[int, int] = {}  # play-on step -> how many of its moves were asked for so far

        def choose(index: int, _state):
            answer = self._answers.get(index) if lesson.steps[index].try_ else None
            if not isinstance(answer, list):
                return answer
            asked[index] = asked.get(index, 0) + 1
            return answer[asked[index] - 1] if asked[index] <= len(answer) else None

        self.line = lesson.line(choose)
        self.states = self.line.states

    @property
    def decision(self):
        """On a play-on step, the decision on show (a tutor.lessons.Decision); else None."""
        plays = self.line.plays.get(self.step, []) if self.line else []
        return plays[min(self._at, len(plays) - 1)] if plays else None

    def _played_out(self) -> bool:
        """The play-on step on show has reached its moment: the board shows where it stopped."""
        plays = self.line.plays.get(self.step, []) if self.line else []
        return bool(plays) and self._at >= len(plays) - 1

    @property
    def free(self) -> bool:
        """The step on show lets the learner play any allowed move, and the game goes on from it."""
        return bool(self.lesson) and self.current.try_ is not None and self.current.try_.free

    @property
    def loaded(self) -> tuple[Lesson, Board]:
        """The lesson and its board, for what runs only when both are there (a move on the
        board, the panel of a step)."""
        if self.lesson is None or self.board is None:
            raise LookupError("the lesson did not load")
        return self.lesson, self.board

    # ------------------------------------------------------------- navigation
    @property
    def current(self):
        """The step on show (a tutor.lessons.Step)."""
        return self.lesson.steps[self.step]

    @property
    def total(self) -> int:
        return len(self.lesson.steps) if self.lesson else 0

    @property
    def waiting(self) -> bool:
        """A try-it step not yet answered right: Next waits for the learner."""
        return bool(self.lesson) and self.current.try_ is not None and not self.solved

    def next(self) -> None:
        if self.lesson and self.step < self.total - 1 and not self.waiting:
            self.step += 1
            self._show()

    def back(self) -> None:
        if self.lesson and self.step > 0:
            self.step -= 1
            self._show()

    def go(self, step: int) -> None:
        """Show ``step`` straight away (an address opened, Back or Forward in the browser)."""
        if self.lesson and 0 <= step < self.total and step != self.step:
            self.step = step
            self._show()

    def restart(self) -> None:
        if self.lesson:
            self.step = 0
            self._answers.clear()
            self._show()

    def click(self, name: str) -> None:
        """What the panel's buttons and links send: next, back, restart, rule:<id>."""
        kind, _, rule = name.partition(":")
        if kind == "rule":
            self.rule = None if self.rule == rule else rule
        elif kind in ("next", "back", "restart"):
            getattr(self, kind)()

    @property
    def scale(self) -> float:
        return self.panel.scale

    @scale.setter
    def scale(self, value: float) -> None:
        self.panel.scale = value
        if self.board is not None:
            self.board.scale = value

    # ------------------------------------------------------------- moves
    def play(self, move) -> None:
        """A move the learner made on the board: judged on try-it steps, explained otherwise."""
        lesson, board = self.loaded
        state = board.state  # the step's position, or the one after a right answer
        step = self.current
        reason = state.why_not(move)
        self._reason_rule = reason.rule if reason is not None else None
        if step.try_ is None or self.solved:
            board.refresh()
            self._answer(
                "wrong" if reason else "right", lambda: str(reason) if reason else msg("widgets.stepper.allowed")
            )
            return
        right, _ = lesson.judge(step, state, move)
        if right and lesson.plays_on(step):
            self._play_on(move)
            return
        if right:
            self.solved = True
            self._answers[self.step] = move
            if step.try_.free:  # the game goes on from this move: the later steps are played again
                for later in [index for index in self._answers if index > self.step]:
                    del self._answers[later]
                self._replay()
            board.state = after(state, move)
            board.hints = True
        else:
            board.refresh()
        self._answer("right" if right else "wrong", lambda: lesson.judge(step, state, move)[1])

    def _play_on(self, move) -> None:
        """A move on a play-on step: the game goes on from it (the coach answering) to the
        learner's next move, or to where the step's moment stops the play."""
        played = self._answers.get(self.step)
        self._answers[self.step] = [*(played if isinstance(played, list) else [])[: self._at], move]
        for later in [index for index in self._answers if index > self.step]:
            del self._answers[later]
        self._at += 1
        self._replay()
        board = self.loaded[1]
        decision = self.decision
        assert decision is not None
        board.state = decision.state
        board.hints = True
        done = self._played_out()
        self.solved = done
        self._answer("right", lambda: msg("widgets.stepper.play-done" if done else "widgets.stepper.play-right"))
        self.panel.refresh()  # a new prompt and tip, though the answer may read as the one before

    def _answer(self, verdict: str, saying) -> None:
        self._saying = saying
        self.verdict, self.message = verdict, saying()  # observed: the panel redraws

    def _say(self, text: str) -> None:
        self._reason_rule = None
        self._saying = None  # a board's hint ("choose a card first") is not said again in a new language
        self.verdict, self.message = "", text

    def relabel(self, lesson: Lesson) -> None:
        """The same step, position and answer in the language now set; ``lesson`` is the
        same file loaded in that language. A lesson that did not load keeps its message."""
        if self.board is None:
            return
        self.lesson = lesson
        if lesson.guided:
            self._replay()
        if lesson.seats:  # players named per language: every position kept takes the new names
            for state in (*self.states, self.board.state):
                state.seat_names[:] = lesson.seats
        self.board.refresh()
        self.message = self._saying() if self._saying else ""
        self.panel.refresh()

    def _show(self) -> None:
        """Draw the step on show and forget the last answer."""
        self.solved = False
        self._reason_rule = None
        self._saying = None
        self.verdict, self.message, self.rule = "", "", None
        self._at = 0
        if self.board is not None and self.lesson is not None:
            step = self.current
            state = self.states[self.step]
            played = self._answers.get(self.step)
            if self.lesson.plays_on(step):
                self._at = len(played) if isinstance(played, list) else 0  # back on it: where the learner left it
                state = self.decision.state if self.decision else state
                self.solved = self._played_out()
            self.board.state = state
            self.board.seat = self.lesson.learner if self.lesson.guided else self._learner(step, state)
            # a try-it step should not give its answer away; on a free step every allowed move is right
            self.board.hints = step.try_ is None or step.try_.free
            self.board.set_highlight(step.highlight)
            self._tell_about_the_answer()
        self.panel.refresh()

    def _tell_about_the_answer(self) -> None:
        """After a try-it step the lesson goes on from the move it was written with: when
        that is not the learner's own move, say so plainly instead of moving cards silently."""
        answer = self._answers.get(self.step - 1)
        asked = self.loaded[0].steps[self.step - 1].try_
        if answer is None or (asked is not None and asked.free):  # a free move: the game went on from it
            return
        moves = self.current.moves
        if moves and moves[0] == answer:
            return  # the lesson goes on from the learner's own move
        before = self.states[self.step - 1]
        words = self.loaded[0].entry.needed("words")

        def saying() -> str:
            yours = words.move_words(before, answer)
            if not moves:
                return msg("widgets.stepper.answer-taken-back", yours=yours)
            return msg("widgets.stepper.other-move", yours=yours, shown=words.move_words(before, moves[0]))

        self._answer("", saying)

    @staticmethod
    def _learner(step, state) -> int | None:
        """While seats choose at once, the seat the try-it step expects; else whoever acts."""
        if step.try_ is not None and step.try_.accept and state.to_move == SIMULTANEOUS:
            return step.try_.accept[0].seat
        return None

    # ------------------------------------------------------------- panel
    def rule_ids(self) -> list[str]:
        """The rules linked beside this step: the step's own, else the lesson's; then the notes
        (the tutor's choices where the rule sheets are silent) that the step relies on."""
        ids = list(self.current.rules or self.loaded[0].rules)
        return ids + [note for note in self.current.notes if note not in ids]

    def panel_html(self) -> str:
        if self.lesson is None or self.error:
            title = el("h2", escape(msg("widgets.stepper.broken")), class_="tutor-title")
            return el(
                "div",
                title,
                el("p", escape(self.error), class_="tutor-error", role="alert"),
                class_="tutor-lesson-panel",
            )
        step = self.current
        parts = [
            el(
                "div",
                el("h2", escape(self.lesson.title), class_="tutor-title"),
                el(
                    "span",
                    escape(msg("widgets.stepper.count", number=self.step + 1, total=self.total)),
                    class_="tutor-count",
                ),
                class_="tutor-head",
            )
        ]
        assert self.line is not None
        moment = self.line.moments[self.step]
        if step.say:
            parts.append(el("p", escape(self.lesson.text(step.say, moment)), class_="tutor-say"))
        if self.decision is not None:  # a play-on step's prompt and tips tell of the move on show
            moment = self.decision.moment
        for first in self.tips():
            parts.append(
                el(
                    "p",
                    el("strong", escape(msg("widgets.stepper.tip"))),
                    " ",
                    escape(self.lesson.text(first.say, moment)),
                    class_="tutor-tip",
                )
            )
        if self.lesson.guided and self.step == self.total - 1:  # a guided game ends with its scores
            parts.append(score_table(self.states[self.step], self.lesson.learner))
        if step.try_ is not None and self.lesson.plays_on(step) and self.solved:
            said = self.lesson.text(step.try_.prompt, moment).strip()  # how the play ended, no move to ask
            parts.append(el("p", escape(said), class_="tutor-say") if said else "")
        elif step.try_ is not None:
            prompt = self.lesson.text(step.try_.prompt, moment).strip() or msg("widgets.stepper.any-move")
            parts.append(
                el(
                    "div",
                    el("strong", escape(msg("widgets.stepper.your-turn"))),
                    " ",
                    escape(prompt),
                    class_="tutor-try",
                )
            )
        parts.append(self._feedback_html())
        parts.append(self._rules_html())
        parts.append(self._nav_html())
        return el("div", *parts, class_="tutor-lesson-panel")

    def tips(self) -> list:
        """A guided game's tip said on this step: a rule that matters here for the first time
        (on a play-on step, the last one said on the way to the move on show)."""
        plays = self.line.plays.get(self.step) if self.line else None
        if plays:
            said = [decision.firsts for decision in plays[: self._at + 1] if decision.firsts]
            return said[-1] if said else []
        return self.line.firsts[self.step] if self.line else []

    def _feedback_html(self) -> str:
        if not self.message:
            return el("div", "", class_="tutor-feedback", role="status", aria_live="polite", hidden=True)
        icon = {"right": "\u2713", "wrong": "\u2717"}.get(self.verdict, "\u2139")
        parts = [el("span", icon, class_="tutor-icon", aria_hidden="true"), escape(self.message)]
        return el(
            "div", *parts, class_=f"tutor-feedback tutor-{self.verdict or 'info'}", role="status", aria_live="polite"
        )

    def _rules_html(self) -> str:
        ids = self.rule_ids()
        for first in self.tips():
            ids += [rule for rule in first.rules if rule not in ids]
        if self._reason_rule and self._reason_rule not in ids:
            ids.append(self._reason_rule)
        if not ids:
            return ""
        rules = {rule.id: rule for rule in self.loaded[0].entry.rule_list}
        links = [el("span", escape(msg("widgets.stepper.rules")), class_="tutor-rules-label")]
        for rule_id in ids:
            links.append(
                el(
                    "button",
                    escape(rules[rule_id].title),
                    type="button",
                    class_="tutor-link",
                    data_target=f"rule:{rule_id}",
                    aria_expanded="true" if rule_id == self.rule else "false",
                    aria_label=msg("widgets.stepper.rule-link", title=rules[rule_id].title),
                )
            )
        parts = [el("div", *links, class_="tutor-rules")]
        if self.inline_rules and self.rule in rules:
            rule = rules[self.rule]
            kind = el("span", escape(msg(f"rulekind.{rule.kind}")), class_=f"tutor-kind tutor-kind-{rule.kind}")
            parts.append(
                el(
                    "div",
                    el("h3", kind, escape(rule.title)),
                    el("p", escape(rule.text)),
                    class_="tutor-rule",
                    role="region",
                    aria_label=rule.title,
                )
            )
        return "".join(parts)

    def _nav_html(self) -> str:
        last = self.step == self.total - 1
        buttons = [
            el(
                "button",
                escape(msg("widgets.stepper.restart")),
                type="button",
                data_target="restart",
                disabled=self.step == 0,
            ),
            el(
                "button",
                escape(msg("widgets.stepper.back")),
                type="button",
                data_target="back",
                disabled=self.step == 0,
            ),
            el(
                "button",
                escape(msg("widgets.stepper.next")),
                type="button",
                data_target="next",
                class_="tutor-primary",
                disabled=last or self.waiting,
                title=msg("widgets.stepper.waiting") if self.waiting else None,
            ),
        ]
        end = el("p", escape(msg("widgets.stepper.done")), class_="tutor-count") if last and not self.waiting else ""
        return end + el("div", *buttons, class_="tutor-stepnav")
