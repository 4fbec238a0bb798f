"""What both classroom pages are built on: the link to the browser, the class store (opened
once the browser has said hello) and the tutor's frame around the page."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.classroom import POLL_SECONDS, Classrooms
from tutor.messages import LANGUAGES, msg, negotiate
from widgets.app import nav_bar
from widgets.classroom.link import PageLink
from widgets.languages import on_language
from widgets.pages import JOIN_PAGE
from widgets.poller import Poller

PAGES = ("classroom/teach.ipynb", JOIN_PAGE)  # the presenter's page, the learners' page


class ClassPage(w.VBox):
    """A classroom page: it says it is opening until the browser's hello reaches ``opened``,
    and opens the class store at the first need (a page that never hears from a browser, as
    nbval's, opens none). While it shows a class, ``poller`` calls ``poll()`` every
    ``POLL_SECONDS``; a bug there goes to the server's log after the words ``stopped``, and
    ``broken()`` says on the page that the class is no longer followed."""

    def __init__(self, storage_key: str, classrooms: Classrooms | None, stopped: str):
        self.classrooms = classrooms
        self.link = PageLink(storage_key)
        self.link.hello = self.opened
        self.poller = Poller(self.poll, POLL_SECONDS, stopped=stopped, failed=self.broken)
        super().__init__([self.link, note(msg("classroom.opening"))])

    def opened(self, hello: dict) -> None:
        raise NotImplementedError

    def poll(self) -> None:
        raise NotImplementedError

    def broken(self) -> None:
        raise NotImplementedError

    def _classrooms(self) -> Classrooms:
        if self.classrooms is None:
            self.classrooms = Classrooms()
        return self.classrooms


def frame(here: str, heading_key: str, relabel) -> w.HBox:
    """The tutor's navigation bar, with its language chooser (which calls ``relabel(code)``)
    and text size, on a classroom page titled in the page's language."""
    bar = nav_bar(here, title=msg("publish.title.section", section=msg(heading_key), app=msg("app.title")))
    on_language(bar, relabel)
    return bar


def first_language(hello: dict, *wanted) -> str:
    """The first of ``wanted`` that the tutor speaks, else the browser's languages' best fit."""
    for code in wanted:
        if code in LANGUAGES:
            return code
    return negotiate(", ".join(str(code) for code in hello.get("languages") or []))


def note(text: str) -> w.HTML:
    return w.HTML(f'<p class="tutor-summary">{escape(text)}</p>')
