"""Where a learner is on the learn page, kept where a browser keeps things: the page's
address names the lesson and step (``?lesson=4&step=2``, counted from 1), and the lessons
finished are remembered in the browser (static/parts/kept.js keeps both). Opening such an
address goes there, Back and Forward move between steps, a reload comes back, and the
lesson list marks the lessons done. The last step of the last lesson leads on to the
game's practise page.

Links between pages: ``page_file`` (a page's address relative to notebooks/) and ``href``
(from one page to another, relative, in the page's language)."""

from __future__ import annotations

import posixpath
from html import escape
from pathlib import Path
from urllib.parse import urlencode

import traitlets

from tutor.games import game_name
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.component import Component
from widgets.guard import log
from widgets.languages import with_language
from widgets.stepper import LessonStepper

DONE_MARK = "\u2713"
HOME = "index.ipynb"


def page_file(section: str | None = None, game: str | None = None, **place: int) -> str:
    """The address of a page relative to notebooks/ (and to Voila's /voila/render/): its
    notebook, and the game and any ``place`` (``lesson=4, step=2``) as its query."""
    if game is None:
        return HOME
    return f"{section}.ipynb?{urlencode({'game': game, **place})}"


def href(there: str, here: str) -> str:
    """The address of page ``there`` from page ``here``, relative: it holds wherever Voila
    serves the notebooks (``voila`` serves this folder, ``jupyter server`` on Binder or
    JupyterHub its parent, both under any base URL), in the page's language."""
    notebook, mark, query = there.partition("?")
    return with_language(posixpath.relpath(notebook, posixpath.dirname(here.partition("?")[0]) or ".") + mark + query)


class LessonAddress(Component):
    """``LessonAddress(shelf, game, practise)``: follows ``shelf`` (the learn page's
    LessonShelf) and moves it when the address changes. ``place`` is [lesson, step]
    counted from 0; ``done`` lists the finished lessons by file name (stable when
    lessons are added). ``practise`` is the address of the game's practise page."""

    kind = traitlets.Unicode("lesson-address").tag(sync=True)
    game = traitlets.Unicode().tag(sync=True)
    place = traitlets.List([0, 0]).tag(sync=True)  # not a list: traitlets refuses it, _valid_place the rest
    done = traitlets.List[str]().tag(sync=True)
    # the address named a lesson or step that does not exist: the page went to the nearest
    # one, says so (notice), and the browser replaces the address instead of adding one
    corrected = traitlets.Bool(False).tag(sync=True)
    notice = traitlets.Unicode("")

    def __init__(self, shelf, game: str, practise: str):
        self.shelf = shelf
        self.practise = practise
        self.relabelling = False  # the shelf ignores its chooser while the labels change
        self._stepper: LessonStepper | None = None
        self._going = False  # _go settles the place once the lesson and step it asked for are shown
        self._valid = [0, 0]  # the last place that passed _valid_place
        super().__init__(game=game)
        self.add_class("tutor-address")
        self.observe(lambda change: self._go(*change.new), names="place")
        self.observe(lambda _: self.mark_done(), names="done")
        self.refresh()

    @traitlets.validate("place")
    def _valid_place(self, proposal) -> list[int]:
        """Two whole numbers (tutor.js reads them from the address); anything else is
        ignored, and logged: the page stays where it is."""
        value = proposal["value"]
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(type(part) is int and abs(part) < 10**6 for part in value)
        ):
            self._valid = value
            return value
        log.warning("Ignored a lesson address place from the browser: %.80r", value)
        return self._valid  # not self.place: ipywidgets sets the browser's value before it is validated

    @property
    def names(self) -> list[str]:
        return [Path(lesson.path).stem for lesson in self.shelf.lessons]

    def follow(self, index: int, stepper: LessonStepper) -> None:
        """The shelf shows lesson ``index`` in ``stepper``: keep the address in step."""
        if stepper is not self._stepper:
            self._stepper = stepper
            stepper.observe(lambda _: self._moved(index, stepper), names=["step", "solved"])
        self._moved(index, stepper)

    def _moved(self, index: int, stepper: LessonStepper, notice: str = "") -> None:
        if stepper is not self._stepper or self._going:
            return  # a lesson left behind, or a place still being reached
        with self.hold_sync():  # place and corrected reach the browser together
            self.notice, self.corrected = notice, bool(notice)
            if [index, stepper.step] != self.place:
                self._going = True  # the place observer must not go there a second time
                try:
                    self.place = [index, stepper.step]
                finally:
                    self._going = False
        # a corrected address shows a step the learner did not reach: it finishes nothing
        finished = stepper.step == stepper.total - 1 and not stepper.waiting and not notice
        name = self.names[index]
        if finished and name not in self.done:
            self.done = [*self.done, name]
        self.refresh()

    def _go(self, lesson: int, step: int) -> None:
        """The address asks for a place (opened, reloaded, Back or Forward); one that does
        not exist opens the nearest lesson and step, and the notice says so."""
        if self._going:
            return
        shelf, asked = self.shelf, (int(lesson), int(step))
        lesson = min(max(asked[0], 0), len(shelf.lessons) - 1)
        self._going = True
        try:
            if lesson != shelf.chooser.value or self._stepper is None:
                shelf.show(lesson)  # a new stepper, which the shelf hands to follow()
            stepper = self._stepper
            assert stepper is not None, "the shelf shows every lesson through follow()"
            step = min(max(asked[1], 0), stepper.total - 1)
            stepper.go(step)
        finally:
            self._going = False
        notice = ""
        if lesson != asked[0]:
            notice = msg("app.learn.no-lesson", asked=asked[0] + 1, number=lesson + 1)
        elif step != asked[1]:
            notice = msg("app.learn.no-step", lesson=lesson + 1, asked=asked[1] + 1, number=step + 1)
        self._moved(lesson, stepper, notice)

    def mark_done(self) -> None:
        """Mark the finished lessons in the shelf's list, keeping the lesson on show."""
        chooser, done = self.shelf.chooser, set(self.done)
        labels = [f"{label.removeprefix(DONE_MARK + ' ')}" for label, _ in chooser.options]
        options = [
            (f"{DONE_MARK} {label}" if name in done else label, index)
            for index, (label, name) in enumerate(zip(labels, self.names))
        ]
        if options == list(chooser.options):
            return
        kept = chooser.value
        self.relabelling = True
        try:
            chooser.options = options
            chooser.value = kept
        finally:
            self.relabelling = False

    def render(self) -> str:
        copy = el(
            "button",
            escape(msg("app.learn.link")),
            type="button",
            data_copy=msg("app.learn.link-prompt"),
            data_done=msg("app.learn.link-copied"),
        )
        parts = [copy, el("span", "", class_="tutor-copied", role="status", aria_live="polite")]
        if self.notice:
            parts.insert(0, el("p", escape(self.notice), class_="tutor-address-notice", role="status"))
        stepper = self._stepper
        last_lesson = self.place[0] == len(self.shelf.lessons) - 1
        if stepper is not None and last_lesson and stepper.step == stepper.total - 1 and not stepper.waiting:
            parts.append(
                el(
                    "a",
                    escape(msg("app.learn.practise", game=game_name(self.game))),
                    href=self.practise,
                    class_="tutor-onward-link",
                )
            )
        return el("div", *parts, class_="tutor-address-tools")
