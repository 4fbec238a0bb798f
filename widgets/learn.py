"""The learn page's body: the game's lessons one at a time beside the rules reference."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.games import Game
from tutor.lessons import Lesson, turn_in_brief
from tutor.messages import msg
from widgets.address import LessonAddress, href, page_file
from widgets.feedback import feedback
from widgets.languages import relabel_options
from widgets.own_lessons import OwnLessons, own_lessons
from widgets.rules import RulesReference
from widgets.stepper import LessonStepper
from widgets.summary import TurnInBrief


class LessonShelf(w.VBox):
    """The learn page's body: a choice of the game's lessons in order, the chosen lesson,
    and the rules reference beside it (below it on narrow screens). At a lesson's last
    step a button beside the choice leads on to the next lesson; after the last lesson's
    last step comes the game's turn in brief, which a link beside the choice also opens on
    a page of its own.

    A rule opened from the lesson (its rule links) opens in the reference too.

    A lesson opened by a link (``shared``) comes first; the lessons this browser shared from
    the studio (widgets/own_lessons.py) come last, marked as the learner's own."""

    def __init__(self, game: Game, lessons: list, shared: Lesson | None = None, problem: str = ""):
        self.bundled, self.shared = lessons, shared
        self.problem = w.HTML()  # why a link did not open, beside the lessons still there to learn
        self.problem.add_class("tutor-link-problem")
        self._say(problem)
        self.own_links: list[dict] = []
        self.own: list[Lesson] = []
        self.lessons = self._gathered()
        self.chooser = w.Dropdown(
            options=list(zip(self._labels(), range(len(lessons)))),
            description=msg("app.learn.lessons"),
            layout=w.Layout(width="32rem", max_width="100%"),
        )  # a phone: narrower, not cut off
        self.chooser.add_class("tutor-chooser")
        self.summary = w.HTML()
        self.following = w.Button(button_style="primary", layout=w.Layout(width="auto", display="none"))
        self.following.add_class("tutor-next-lesson")
        self.following.on_click(lambda _: self.show(self.chooser.value + 1))
        self.stage = w.VBox([])
        self.address = LessonAddress(self, game.id, href(page_file("practise", game.id), page_file("learn", game.id)))
        self.game = game
        self.turn_link = w.HTML()
        self.turn = TurnInBrief(game) if turn_in_brief(game.id) else None
        if self.turn is not None:
            self.turn.observe(self._rule_opened, names="rule")
        self.reference = RulesReference(game)
        self.reference.add_class("tutor-reference")
        self.asked = OwnLessons()
        self.asked.found.register(self._own_found)
        top = w.HBox(
            [self.chooser, self.summary, self.following, self.turn_link, self.address, self.problem, self.asked],
            layout=w.Layout(align_items="center"),
        )
        top.add_class("tutor-top")
        body = w.HBox([self.stage, self.reference])
        body.add_class("tutor-body")
        super().__init__([top, body])
        self.add_class("tutor-shelf")
        self.chooser.observe(self._chosen, names="value")
        self.show(0)

    def _gathered(self) -> list[Lesson]:
        return [*([self.shared] if self.shared else []), *self.bundled, *self.own]

    def _labels(self) -> list[str]:
        labels = (
            [msg("app.learn.from-link", title=self.shared.title, minutes=self.shared.minutes)] if self.shared else []
        )
        labels += [
            msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes)
            for number, lesson in enumerate(self.bundled, start=1)
        ]
        return labels + [msg("app.learn.own", title=lesson.title, minutes=lesson.minutes) for lesson in self.own]

    def _own_found(self, links: list[dict]) -> None:
        """The browser named the lessons it shared: add this game's at the end of the list."""
        self.own_links = links
        self.own = [lesson for _link, lesson in own_lessons(self.game.id, links)]
        self._offer_labels()

    def _offer_labels(self) -> None:
        """The list's labels again (the lesson on show stays), its finished ones marked."""
        self.lessons = self._gathered()
        kept = self.chooser.value
        self.address.relabelling = True  # not a choice: the lesson on show stays
        try:
            self.chooser.options = list(zip(self._labels(), range(len(self.lessons))))
            self.chooser.value = kept
        finally:
            self.address.relabelling = False
        self.address.mark_done()

    def _chosen(self, change) -> None:
        if not self.address.relabelling:  # the address changing the lesson shown is not a choice
            self.show(change.new)

    def _say(self, problem: str) -> None:
        self.problem.value = feedback(False, problem) if problem else ""
        self.problem.layout.display = None if problem else "none"

    def relabel(self, game: Game, lessons: list, shared: Lesson | None = None, problem: str = "") -> None:
        """The same lesson at the same step in the language now set (``lessons`` are
        loaded in it); only texts change."""
        self.bundled, self.shared = lessons, shared
        self._say(problem)
        self.own = [lesson for _link, lesson in own_lessons(game.id, self.own_links)]
        self.lessons = self._gathered()
        self.chooser.unobserve(self._chosen, names="value")
        relabel_options(self.chooser, self._labels())
        self.chooser.observe(self._chosen, names="value")
        self.chooser.description = msg("app.learn.lessons")
        self._describe(self.chooser.value)
        self.stage.children[0].relabel(lessons[self.chooser.value])
        if self.turn is not None:
            self.turn.refresh()
        self.reference.refresh()

    def _describe(self, index: int) -> None:
        self.summary.value = f'<span class="tutor-summary">{escape(self.lessons[index].summary)}</span>'
        if index + 1 < len(self.lessons):
            self.following.description = msg("app.learn.next", title=self.lessons[index + 1].title)
        if self.turn is not None:
            there = href(page_file("learn", self.game.id, summary=1), page_file("learn", self.game.id))
            self.turn_link.value = (
                f'<a class="tutor-turn-link" href="{escape(there)}">{escape(msg("app.learn.turn"))}</a>'
            )

    def show(self, index: int) -> None:
        lesson = self.lessons[index]
        self.chooser.value = index
        self.following.layout.display = "none"
        self._describe(index)
        stepper = LessonStepper(lesson)  # a rule opened shows beside the step, and in the reference
        stepper.observe(self._rule_opened, names="rule")
        stepper.observe(lambda _: self._offer_next(stepper), names="step")
        self.reference.focus = lesson.rules
        self.stage.children = [stepper]
        self.address.follow(index, stepper)
        self._offer_next(stepper)

    def _rule_opened(self, change) -> None:
        if change.new:
            self.reference.show(change.new)

    def _offer_next(self, stepper) -> None:
        last = stepper.step == stepper.total - 1
        more = self.chooser.value + 1 < len(self.lessons)
        self.following.layout.display = None if last and more else "none"
        # the game's last lesson ends with the turn in brief (a teacher's own lessons come after it)
        final = self.chooser.value == len(self.bundled) - (0 if self.shared else 1)
        ending = last and final and self.turn is not None
        self.stage.children = [stepper, self.turn] if ending else [stepper]
