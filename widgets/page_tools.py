"""The tools every page carries beside its navigation: the text size (normal, large,
projector) and the watch on the server. Both live in the browser (static/parts/page-tools.js):
the size is remembered there, and a server that stops answering is told in words, as is
a page the server stops because its kernel used too much memory (serving.kernels)."""

from __future__ import annotations

import weakref
from html import escape

import ipywidgets as w
import traitlets

from tutor.messages import msg
from tutor.svg.draw import el
from widgets.component import Component

SIZES = ("normal", "large", "projector")


class PageTools(Component):
    """Text size buttons (handled in the browser, no kernel round trip) and a heartbeat:
    the browser pings, Python answers; silence means the server is gone."""

    kind = traitlets.Unicode("page-tools").tag(sync=True)
    lost_text = traitlets.Unicode().tag(sync=True)
    reload_text = traitlets.Unicode().tag(sync=True)
    memory_text = traitlets.Unicode().tag(sync=True)
    # Why the server is about to stop this page's kernel ("memory"): state rather than a
    # message, so that a page whose view is drawn after it still says so.
    ended = traitlets.Unicode("").tag(sync=True)
    refused = traitlets.Bool(False)  # the page refused a change the browser sent (widgets.guard)

    def __init__(self, **kwargs):
        super().__init__(
            lost_text=msg("app.lost.text"),
            reload_text=msg("app.lost.reload"),
            memory_text=msg("app.lost.memory"),
            **kwargs,
        )
        self.add_class("tutor-tools-bar")
        self.observe(lambda _: self.refresh(), names="refused")
        self.refresh()
        _pages.add(self)

    def _receive(self, widget, content, buffers) -> None:
        if isinstance(content, dict) and "ping" in content:
            self.send({"pong": content["ping"]})
            return
        super()._receive(widget, content, buffers)

    def render(self) -> str:
        buttons = [
            el(
                "button",
                escape(msg(f"app.zoom.{size}")),
                type="button",
                data_zoom=size,
                aria_pressed="true" if size == "normal" else "false",
            )
            for size in SIZES
        ]
        label = msg("app.zoom.label")
        zoom = el(
            "div",
            el("span", escape(label), class_="tutor-zoom-label", aria_hidden="true"),
            *buttons,
            class_="tutor-zoom",
            role="group",
            aria_label=label,
        )
        if not self.refused:
            return zoom
        return zoom + el("p", escape(msg("app.refused")), class_="tutor-refused", role="status")


_pages: weakref.WeakSet[PageTools] = weakref.WeakSet()


def say_out_of_memory() -> None:
    """The server runs this in a kernel over its memory limit just before it stops it
    (``TutorKernelManager.kernel_memory_limit``): the page asks the visitor to reload."""
    for tools in list(_pages):
        tools.ended = "memory"


def say_refused() -> None:
    """The page refused a change its browser sent (widgets.guard): it says so, and that it
    kept what it showed."""
    for tools in list(_pages):
        tools.refused = True


def page_tools(bar: w.Widget) -> w.HBox:
    """The navigation bar with the page tools at its end."""
    row = w.HBox([bar, PageTools()])
    row.add_class("tutor-bar")
    return row
