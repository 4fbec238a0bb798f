"""A teacher's own lessons: the ones this browser shared from the studio.

Sharing a lesson (the studio's "Share a link") keeps its link in the browser's storage
(static/parts/kept.js, "tutor-own-lessons": the newest first, one per game and title, at most
``KEPT``). The learn page and the teacher's "Lead a class" form ask the browser for them
(``OwnLessons``) and add them to their lesson lists, marked as the teacher's own in words and
with a mark. A link carries the lesson or its code in the server's store
(tutor/lesson_links.py), so the list holds no lesson itself, and a learner's page opens a
class's lesson from the same link.
"""

from __future__ import annotations

import json
from html import escape
from urllib.parse import urlencode

import traitlets

from tutor.core import TutorError
from tutor.lesson_links import MAX_CARRIED, PARAMETER, open_shared, shared_lesson, shared_text
from tutor.lessons import Lesson
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.component import Callbacks, Component
from widgets.guard import log

OWN = "own:"  # a class's lesson that is a link, not a shipped lesson's file name
KEPT = 20
# The lesson files one page's own lessons may hold together: a teacher's twenty lessons take a
# few hundred KB; twenty links to 9,000-step lessons took 20 s of the kernel's time.
OWN_TEXT_LIMIT = 512 * 1024


def shared_page(page: str, game: str, value: str) -> str:
    """The address of ``page`` (learn.ipynb, studio.ipynb) opening the lesson of link ``value``."""
    return f"{page}?{urlencode({'game': game, PARAMETER: value})}"


class OwnLessons(Component):
    """Asks the browser, once it is drawn, for the lessons it shared; ``found`` is called with
    the links ({game, shared} each, checked for shape) of every game."""

    kind = traitlets.Unicode("own-lessons").tag(sync=True)

    def __init__(self) -> None:
        self.found = Callbacks()
        self.links: list[dict] = []
        self.heard = False
        super().__init__()
        self.layout.display = "none"  # nothing to see: only the browser's answer

    def _receive(self, widget, content, buffers) -> None:
        if isinstance(content, dict) and isinstance(content.get("own"), list):
            if self.heard:  # the browser tells it once; each telling costs the lessons' reading
                log.warning("Ignored the own lessons told again")
                return
            self.heard = True
            self.links = [
                {"game": link["game"], "shared": link["shared"]}
                for link in content["own"][:KEPT]
                if isinstance(link, dict)
                and isinstance(link.get("game"), str)
                and isinstance(link.get("shared"), str)
                and len(link["shared"]) <= MAX_CARRIED
            ]
            self.found(self.links)

    def render(self) -> str:
        return ""


def own_lessons(game: str, links: list[dict]) -> list[tuple[str, Lesson]]:
    """The lessons of ``game`` among the browser's ``links`` that open, in the language now set,
    each with its link. One that no longer opens (the store was emptied) is left out."""
    found, room = [], OWN_TEXT_LIMIT
    for link in links:
        if link["game"] != game:
            continue
        try:
            text = shared_text(link["shared"])
            room -= len(text)
            if room < 0:  # reading a lesson costs the kernel time: one message asks for a bounded amount
                log.warning("Own lessons beyond %d characters left out", OWN_TEXT_LIMIT)
                break
            lesson, _text = shared_lesson(text)
        except TutorError as error:
            log.warning("An own lesson did not open: %s", error)
            continue
        if lesson.game == game:
            found.append((link["shared"], lesson))
    return found


def own_choices(game: str, links: list[dict]) -> list[tuple[str, str]]:
    """The teacher's own lessons of ``game`` for the class form: (label, ``own:<link>``)."""
    choices = []
    for shared, lesson in own_lessons(game, links):
        label = msg("classroom.setup.own", title=lesson.title, minutes=lesson.minutes)
        asks = any(step.try_ is not None for step in lesson.steps)
        choices.append((msg("classroom.setup.asks", lesson=label) if asks else label, OWN + shared))
    return choices


def class_own_lesson(name: str) -> Lesson | None:
    """A class's lesson named ``own:<link>``, loaded in the page's language (None: not such a name)."""
    if not name.startswith(OWN):
        return None
    return open_shared(name.removeprefix(OWN))[0]


class ShareLink(Component):
    """The studio's "Share a link" button and, once pressed, the link: to open as a learner,
    to edit a copy, to copy. The browser keeps a shared link among the teacher's own lessons
    (``own``: {game, shared, key})."""

    kind = traitlets.Unicode("lesson-share").tag(sync=True)
    own = traitlets.Unicode("").tag(sync=True)

    def __init__(self, share):
        self.share = share  # called on a click
        self.learner, self.editor = "", ""
        self.lesson_text = ""  # the lesson file the links open
        super().__init__()
        self.add_class("tutor-share")
        self.refresh()

    def click(self, name: str) -> None:
        if name == "share":
            self.share()

    def shared(self, lesson_text: str, learner: str, editor: str, own: dict) -> None:
        """Show the links to the lesson (``learner``: the learn page's, ``editor``: the studio's)."""
        self.lesson_text, self.learner, self.editor = lesson_text, learner, editor
        self.own = json.dumps(own)
        self.refresh()

    def follow(self, lesson_text: str) -> None:
        """The lesson is now ``lesson_text``: once it changed, the link to what it was goes."""
        if self.learner and lesson_text != self.lesson_text:
            self.learner = self.editor = ""
            self.refresh()

    def render(self) -> str:
        parts = [el("button", escape(msg("studio.page.share")), type="button", data_target="share")]
        if self.learner:
            parts += [
                el(
                    "a",
                    escape(msg("studio.page.share-learner")),
                    href=self.learner,
                    target="_blank",
                    class_="tutor-download tutor-share-learner",
                ),
                el(
                    "a",
                    escape(msg("studio.page.share-edit")),
                    href=self.editor,
                    target="_blank",
                    class_="tutor-download",
                ),
                el(
                    "button",
                    escape(msg("studio.page.share-copy")),
                    type="button",
                    class_="tutor-share-copy",
                    data_copy=msg("studio.page.share-prompt"),
                    data_done=msg("studio.page.share-copied"),
                ),
                el("span", "", class_="tutor-copied", role="status", aria_live="polite"),
            ]
        return el("div", *parts, class_="tutor-share-bar")
