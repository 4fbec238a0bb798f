"""The lesson stepper: a lesson's positions one step at a time, with the annotation,
rule links, highlights and try-it steps that the engine judges."""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets
import traitlets

from tutor.core import TutorError
from tutor.lesson_run import LessonRun, after  # noqa: F401 (after: the classroom's pages show a right answer's position)
from tutor.lessons import Lesson, Line, load_lesson
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.board import Board
from widgets.boards import board_for
from widgets.component import Component
from widgets.scores import score_table


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
    """``LessonStepper(lesson_or_path, scale=1.0, text=None, own_seat=None)``: the board of the
    lesson's game beside its annotation panel, showing a lesson run (tutor.lesson_run.LessonRun).
    ``text`` is the file's content when it is not on disk (an upload); ``own_seat`` the
    learner's seat when the page knows it (the studio's preview). A lesson that cannot be
    loaded shows the reason instead."""

    step = traitlets.Int(0)  # index of the step shown
    message = traitlets.Unicode("")  # the answer to the learner's last move
    verdict = traitlets.Unicode("")  # "right", "wrong" or "" (no answer shown)
    solved = traitlets.Bool(False)  # the try-it step on show was answered right
    rule = traitlets.Unicode(None, allow_none=True)  # id of the rule opened in the panel
    inline_rules = traitlets.Bool(True)  # off where a rules reference beside the lesson shows the text
    error = traitlets.Unicode("")  # why the lesson cannot be shown

    def __init__(
        self,
        lesson_or_path: Lesson | str | Path,
        scale: float = 1.0,
        text: str | None = None,
        own_seat: int | None = None,
        **kwargs,
    ):
        self.own_seat = own_seat  # the hand a step that asks nothing shows, rather than whoever moves next
        self.run: LessonRun | None = None
        self.board: Board | None = None
        self._reason_rule: str | None = None
        self._saying = None  # makes the answer on show again, in the language now set
        self.panel = LessonPanel(self, scale)
        super().__init__([self.panel], **kwargs)
        self.add_class("tutor-stepper")
        self.layout.flex_flow = "row wrap"
        try:
            lesson = lesson_or_path if isinstance(lesson_or_path, Lesson) else load_lesson(lesson_or_path, text)
            self.run = LessonRun(lesson)
        except TutorError as error:  # LessonError and the engines' own position errors
            self.error = str(error)
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            # A shape the loader did not foresee: still a sentence for the teacher, never a traceback.
            self.error = msg("widgets.stepper.unreadable", file=str(lesson_or_path), problem=msg("lesson.wrong-kind"))
        board = None
        if self.run is not None and not self.error:
            try:
                board = board_for(self.run.states[0], scale)
            except TutorError as error:  # a game without a board
                self.error = str(error)
        if board is None:
            self.run = None
        else:
            board.on_move(self.play)
            board.on_message(self._say)
            self.board = board
            self.children = [board, self.panel]
        self.observe(lambda _change: self.panel.refresh(), names=["message", "verdict", "solved", "rule", "error"])
        self._show()

    @property
    def lesson(self) -> Lesson | None:
        return self.run.lesson if self.run is not None else None

    @property
    def states(self) -> list:
        """The position of every step on the learner's way through the lesson."""
        return self.run.states if self.run is not None else []

    @property
    def line(self) -> Line | None:
        return self.run.line if self.run is not None else None

    @property
    def _answers(self) -> dict:
        return self.run.answers if self.run is not None else {}

    @property
    def decision(self):
        """On a play-on step, the decision on show (a tutor.lessons.Decision); else None."""
        return self.run.decision if self.run is not None else None

    @property
    def free(self) -> bool:
        """The step on show lets the learner play any allowed move, and the game goes on from it."""
        return self.run is not None and self.run.free

    @property
    def loaded(self) -> tuple[LessonRun, Board]:
        """The lesson run and its board, for what runs only when both are there (a move on the
        board, the panel of a step)."""
        if self.run is None or self.board is None:
            raise LookupError("the lesson did not load")
        return self.run, self.board

    # ------------------------------------------------------------- navigation
    @property
    def current(self):
        """The step on show (a tutor.lessons.Step)."""
        return self.loaded[0].step

    @property
    def total(self) -> int:
        return self.run.total if self.run is not None else 0

    @property
    def waiting(self) -> bool:
        """A try-it step not yet answered right: Next waits for the learner."""
        return self.run is not None and self.run.waiting

    def next(self) -> None:
        if self.run and self.step < self.total - 1 and not self.waiting:
            self.step += 1
            self._show()

    def back(self) -> None:
        if self.run and self.step > 0:
            self.step -= 1
            self._show()

    def go(self, step: int) -> None:
        """Show ``step`` straight away (an address opened, Back or Forward in the browser)."""
        if self.run and 0 <= step < self.total and step != self.step:
            self.step = step
            self._show()

    def restart(self) -> None:
        if self.run:
            self.step = 0
            self.run.restart()
            self._show()

    def new_deal(self) -> None:
        """A guided game played again from its start, on another deal."""
        if self.run and self.run.lesson.guided:
            self.run.new_deal()
            self.step = 0
            self._show()

    def click(self, name: str) -> None:
        """What the panel's buttons and links send: next, back, restart, new-deal, rule:<id>."""
        kind, _, rule = name.partition(":")
        if kind == "rule":
            self.rule = None if self.rule == rule else rule
        elif kind in ("next", "back", "restart"):
            getattr(self, kind)()
        elif kind == "new-deal":
            self.new_deal()

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
        """A move the learner made on the board, judged by the run."""
        run, board = self.loaded
        asked = run.step.try_ is not None and not run.solved
        verdict = run.play(move)
        self._reason_rule = verdict.rule
        board.state = run.position
        if asked and verdict.right:
            board.hints = True
        self.solved = run.solved
        self._answer("right" if verdict.right else "" if verdict.weaker else "wrong", verdict.words)  # weaker: no cross
        self.panel.refresh()  # a play-on step: a new prompt and tip, though the answer may read as the one before

    def _answer(self, verdict: str, saying) -> None:
        self._saying = saying
        with self.hold_trait_notifications():  # one redraw with both: never a new mark beside the old words
            self.verdict, self.message = verdict, saying()

    def _say(self, text: str) -> None:
        self._reason_rule = None
        self._saying = None  # a board's hint ("choose a card first") is not said again in a new language
        with self.hold_trait_notifications():
            self.verdict, self.message = "", text

    def relabel(self, lesson: Lesson) -> None:
        """The same step, position and answer in the language now set; ``lesson`` is the
        same file loaded in that language. A lesson that did not load keeps its message."""
        if self.board is None or self.run is None:
            return
        self.run.relabel(lesson)
        self.board.refresh()
        self.message = self._saying() if self._saying else ""
        self.panel.refresh()

    def _show(self) -> None:
        """Draw the step on show and forget the last answer."""
        self._reason_rule = None
        self._saying = None
        with self.hold_trait_notifications():
            self.verdict, self.message, self.rule = "", "", None
        if self.board is not None and self.run is not None:
            run = self.run
            run.go(self.step)
            self.solved = run.solved
            self.board.state = run.position
            asks = run.step.try_ is not None
            self.board.seat = self.own_seat if run.seat is None and not asks else run.seat
            self.board.hints = run.hints  # a try-it step should not give its answer away
            self.board.set_highlight(run.step.highlight)
            saying = run.otherwise()  # the lesson goes on from another move than the learner's: say so
            if saying is not None:
                self._answer("", saying)
        else:
            self.solved = False
        self.panel.refresh()

    # ------------------------------------------------------------- panel
    def rule_ids(self) -> list[str]:
        """The rules linked beside this step (the step's, its notes', its tips')."""
        return self.loaded[0].rule_ids()

    def panel_html(self) -> str:
        if self.run is None or self.error:
            title = el("h2", escape(msg("widgets.stepper.broken")), class_="tutor-title")
            return el(
                "div",
                title,
                el("p", escape(self.error), class_="tutor-error", role="alert"),
                class_="tutor-lesson-panel",
            )
        run = self.run
        parts = [
            el(
                "div",
                el("h2", escape(run.lesson.title), class_="tutor-title"),
                el(
                    "span",
                    escape(msg("widgets.stepper.count", number=self.step + 1, total=self.total)),
                    class_="tutor-count",
                ),
                class_="tutor-head",
            )
        ]
        said = run.say()
        if said:
            parts.append(el("p", escape(said), class_="tutor-say"))
        for first in run.tips():
            parts.append(
                el(
                    "p",
                    el("strong", escape(msg("widgets.stepper.tip"))),
                    " ",
                    escape(run.fill(first.say)),
                    class_="tutor-tip",
                )
            )
        if run.scores_shown:
            parts.append(score_table(run.states[run.index], run.lesson.learner))
        prompt = run.prompt
        if prompt is not None and run.plays_on and run.solved:  # how the play ended, no move to ask
            parts.append(el("p", escape(prompt), class_="tutor-say") if prompt else "")
        elif prompt is not None:
            prefix = msg("widgets.stepper.your-turn")
            prompt = without_prefix(prompt, prefix) or msg("widgets.stepper.any-move")
            parts.append(
                el(
                    "div",
                    el("strong", escape(prefix)),
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
        """A guided game's tips said on this step."""
        return self.run.tips() if self.run is not None else []

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
        if self._reason_rule and self._reason_rule not in ids:
            ids.append(self._reason_rule)
        if not ids:
            return ""
        rules = {rule.id: rule for rule in self.loaded[0].lesson.entry.rule_list}
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
                    el("h3", kind, escape(rule.heading)),
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
        over = last and not self.waiting
        if over and self.run is not None and self.run.lesson.guided:  # the end of a guided game: once more
            buttons.append(el("button", escape(msg("widgets.stepper.new-deal")), type="button", data_target="new-deal"))
        end = el("p", escape(msg("widgets.stepper.done")), class_="tutor-count") if over else ""
        return end + el("div", *buttons, class_="tutor-stepnav")


def without_prefix(prompt: str, prefix: str) -> str:
    """A try's prompt without the page's own "Your turn:" at its start, which a teacher may
    have written too: the page says it once."""
    word = prefix.rstrip(" :\u00a0").casefold()
    if word and prompt.casefold().startswith(word):
        return prompt[len(word) :].lstrip(" :\u00a0.!,")
    return prompt
