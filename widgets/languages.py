"""Which language a page speaks, and the chooser that switches it in place.

A page's language comes from ``?lang=`` on its address, else from the browser's
Accept-Language header, else English (``requested`` reads any other part of the address,
such as the game). Voila gives a page's kernel the query string as
``QUERY_STRING`` and, for the headers voila.json lists in ``http_header_envs``, the header
as ``HTTP_<NAME>``. A pre-heated kernel runs the page's notebook before anyone asks for
it; ``visitor.wait_for_request`` holds it until the request's details arrive.

The chooser's links carry ``?lang=`` too (a new tab opens the page in that language), but
a click is answered by the kernel: the page redraws its texts and keeps the learner's
place, and the browser's address follows (tutor.js, ``data-query``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from html import escape
from urllib.parse import parse_qs

import traitlets

from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, language, language_name, msg, negotiate
from tutor.svg.draw import el
from widgets.component import Component


def started_ahead() -> bool:
    """Whether this kernel was started ahead of its visitor (one of Voila's pool)."""
    return os.environ.get("VOILA_PREHEAT") == "True"


@cache
def _request_details() -> None:
    """In a pre-heated kernel, wait once for Voila to send the request's details."""
    if started_ahead():
        from widgets.visitor import wait_for_request

        wait_for_request()


_ahead = False  # building pages before the visitor's request (ahead_of_request)


@contextmanager
def ahead_of_request() -> Iterator[None]:
    """Pages built meanwhile, ahead of the visitor's request, read an address with nothing
    on it instead of waiting for the request: the page built after it is the visitor's."""
    global _ahead
    _ahead = True
    try:
        yield
    finally:
        _ahead = False


def requested(name: str) -> list[str]:
    """The values of ``name`` in the page's address (``?lang=fr`` gives ["fr"])."""
    if _ahead:
        return []
    _request_details()
    return parse_qs(os.environ.get("QUERY_STRING", "")).get(name, [])


def requested_language() -> str:
    """The language the page was asked for: ?lang=, else Accept-Language, else English."""
    for code in requested("lang"):
        if code.lower() in LANGUAGES:
            return code.lower()
    return negotiate(os.environ.get("HTTP_ACCEPT_LANGUAGE")) or DEFAULT_LANGUAGE


def with_language(address: str, code: str | None = None) -> str:
    """``address`` with the page language (or ``code``) as its ``lang`` parameter."""
    return f"{address}{'&' if '?' in address else '?'}lang={code or language()}"


class LanguageChooser(Component):
    """English · Français · Nederlands, each in its own language; ``chosen`` is the code of
    the language clicked (the page observes it and redraws itself in that language).

    ``query`` is the rest of the page's own address (``game=<id>``), kept by each
    link; tutor.js adds whatever the address holds by the time a link is used (the lesson
    and step)."""

    chosen = traitlets.Unicode(DEFAULT_LANGUAGE)

    def __init__(self, query: str = "", **kwargs):
        self.query = query
        super().__init__(**kwargs)
        self.chosen = language()
        self.observe(lambda _change: self.refresh(), names="chosen")
        self.refresh()

    def click(self, name: str) -> None:
        kind, _, code = name.partition(":")
        if kind == "lang" and code in LANGUAGES:
            self.chosen = code

    def render(self) -> str:
        links = [
            el(
                "a",
                escape(language_name(code)),
                href=f"?{self.query}&lang={code}" if self.query else f"?lang={code}",
                hreflang=code,
                lang=code,
                data_target=f"lang:{code}",
                data_query=f"lang={code}",
                aria_current="true" if code == self.chosen else None,
            )
            for code in LANGUAGES
        ]
        return el("nav", *links, class_="tutor-languages", aria_label=msg("languages.label"))


def on_language(bar, callback) -> None:
    """``callback(code)`` when the language chooser in navigation bar ``bar`` is clicked:
    the page redraws itself in that language."""
    for part in getattr(bar, "children", ()):
        if isinstance(part, LanguageChooser):
            part.observe(lambda change: callback(change.new), names="chosen")
        else:
            on_language(part, callback)  # the bar sits in a row with the page tools


def relabel_options(dropdown, labels: list[str]) -> None:
    """New labels for a dropdown's values, the chosen value kept. Setting ipywidgets'
    options selects the first one before the value is put back: an owner whose observers
    start something on a change of value ignores changes while it relabels."""
    value = dropdown.value
    dropdown.options = list(zip(labels, [value for _, value in dropdown.options]))
    dropdown.value = value
