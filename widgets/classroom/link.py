"""The browser side of a classroom page: what the page was opened with, the presenter's keys,
and what to keep for a reload."""

from __future__ import annotations

import anywidget
import traitlets

from widgets.assets import browser_side
from widgets.guard import log
from widgets.poller import PAGE


class PageLink(anywidget.AnyWidget):
    """The browser side of a classroom page (static/classroom.js); draws nothing.

    The page sets the functions that hear the browser: ``hello(info)``, once, with what the
    page was opened with (``{href, query, stored, languages}``); ``key(name)``, the presenter's
    keys ("next", "back", "blank", "reveal") while ``presenting``. Setting ``keep`` to
    ``{"query": {...}, "stored": {...} or None}`` rewrites the page's address and its
    localStorage entry ``storage_key``; ``blank`` blacks out the whole window (a box on the
    document's body, above everything and whatever the scroll), read out as ``blank_text``."""

    # The components' look too: the join form shows feedback before any component is on the page.
    _esm, _css = browser_side("classroom.js", "tutor.css", "classroom.css")
    storage_key = traitlets.Unicode("").tag(sync=True)
    presenting = traitlets.Bool(False).tag(sync=True)
    blank = traitlets.Bool(False).tag(sync=True)  # the presenter's whole window blacked out
    blank_text = traitlets.Unicode("").tag(sync=True)
    keep = traitlets.Dict().tag(sync=True)

    def __init__(self, storage_key: str, **kwargs):
        super().__init__(storage_key=storage_key, **kwargs)
        self.hello = self.key = lambda _value: None
        self.on_msg(self._receive)

    def _receive(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if "hello" in content:
            PAGE.show()  # sent once drawn: the page is on screen
        for kind, listener, clean in (("hello", self.hello, clean_hello), ("key", self.key, clean_key)):
            if kind in content:
                value = clean(content[kind])
                if value is None:
                    log.warning("Ignored a classroom %s message of an unexpected shape: %.80r", kind, content[kind])
                    continue
                try:
                    listener(value)
                except Exception:  # a bug: its details go to the server's log, the page stays usable
                    log.exception("A classroom message could not be handled")


HELLO_TEXT_LIMIT = 2000  # an address, a token, a language code: far shorter


def clean_hello(hello) -> dict | None:
    """What classroom.js sends a page was opened with, in the shapes it sends: texts, texts by
    name, a list of texts, each within HELLO_TEXT_LIMIT. A part of another shape (a spoilt
    localStorage entry, or a visitor's own client) is left out, so that the page starts afresh;
    a hello that is not a dict is None."""

    def text(value) -> bool:
        return isinstance(value, str) and len(value) <= HELLO_TEXT_LIMIT

    def texts_by_name(value) -> bool:
        return isinstance(value, dict) and len(value) <= 20 and all(text(k) and text(v) for k, v in value.items())

    def texts(value) -> bool:
        return isinstance(value, list) and len(value) <= 20 and all(text(item) for item in value)

    if not isinstance(hello, dict):
        return None
    shapes = {"href": text, "query": texts_by_name, "stored": texts_by_name, "languages": texts}
    empty = {"href": "", "query": {}, "stored": {}, "languages": []}
    cleaned = {part: hello[part] if fits(hello.get(part)) else empty[part] for part, fits in shapes.items()}
    if any(hello.get(part) is not None and not fits(hello[part]) for part, fits in shapes.items()):
        log.warning("Left out parts of a classroom hello of an unexpected shape: %.120r", hello)
    return cleaned


def clean_key(key) -> str | None:
    return key if isinstance(key, str) and len(key) <= 20 else None
