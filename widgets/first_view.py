"""A page's first view: the page as plain HTML, shown the moment it arrives.

A phone on a slow network waits seconds for the widgets' scripts before a widget is drawn.
Meanwhile the tutor template shows this copy of the page as the kernel built it (the lesson's
text, the board, its buttons not yet answering): the visitor reads while the page comes alive, and
the live page takes its place once drawn. The kernel does not know the window's width, so a
drawing with a narrow layout (a phone's: rows stacked, slots two by two) comes in both layouts,
and the window's width chooses which one is shown (first-view.css, at the PHONE width of static/parts/phone.js).

The template puts it in the page as it finds it in the page's output under ``MIME``, beside the
widget: in a closed shadow root, so that its copies of the page's parts are not the page's own to
its scripts, and inert, so that nothing in it answers; ``data-drawings`` tells the template's
script how many drawings the live page must have before it takes the first view's place. Only pages the
tutor's server serves carry it (their kernel knows the static files' address): a notebook run
elsewhere (nbval, JupyterLab) shows just the widget.
"""

from __future__ import annotations

import functools
import os
import re
from html import escape

import ipywidgets as w

from widgets.assets import STATIC, STATIC_URL_VARIABLE
from widgets.component import Component, StateComponent

MIME = "application/vnd.tutor.first-view+html"
STYLES = ("tutor.css", "drill.css", "classroom.css", "first-view.css")  # the live widgets', then its own
LAYOUT_TRAITS = [name for name in w.Layout().keys if not name.startswith("_")]  # CSS properties, _ for -
BOXES = {"VBoxView": "widget-vbox", "HBoxView": "widget-hbox", "GridBoxView": "widget-gridbox"}
# Parsed with the page, a <script> would run where the live page's widgets (innerHTML) leave it
# inert, and a </template> would end the shadow root early. The tutor's own markup has neither.
INERT = re.compile(r"<(?=/?(?:script|template)\b)", re.IGNORECASE)
DRAWING = 'class="jupyter-widgets tutor-widget'  # how _component's drawings begin (the live page's: .tutor-widget)
NARROW_COPY = f"{DRAWING} tutor-first-narrow"  # a drawing's second layout: one drawing of the live page


def with_first_view(bundle: dict, page: w.Widget) -> dict:
    """``bundle`` (a widget's display data) with ``page``'s first view, when served."""
    folder = os.environ.get(STATIC_URL_VARIABLE)
    if not folder:
        return bundle
    inner = INERT.sub("&lt;", html(page))
    view = (
        f'<div class="tutor-first-view" inert data-drawings="{inner.count(DRAWING) - inner.count(NARROW_COPY)}">'
        f'<template shadowrootmode="closed">{_styles()}<div class="tutor-first-page">{inner}</div></template></div>'
    )
    return {**bundle, MIME: view}


@functools.cache
def _styles() -> str:
    """The styles, in the page itself: a first view waits for no other file (6 kB compressed)."""
    return "".join(f"<style>{(STATIC / name).read_text(encoding='utf-8')}</style>" for name in STYLES)


@functools.singledispatch
def html(widget: w.Widget) -> str:
    """What ``widget`` shows, with the classes the live page gives it; a kind of widget the
    first view does not know appears with the live page."""
    return ""


def _tag(name: str, widget: w.DOMWidget, kinds: str, inner: str, style: str = "") -> str:
    layout = widget.layout
    if layout.display == "none":
        return ""
    style += "".join(
        f"{trait.replace('_', '-')}:{escape(str(value))};"
        for trait in LAYOUT_TRAITS
        if (value := getattr(layout, trait)) is not None
    )
    attributes = f' class="{" ".join(["jupyter-widgets", kinds, *widget._dom_classes])}"'
    attributes += f' style="{style}"' if style else ""
    return f"<{name}{attributes}>{inner}</{name}>"


@html.register
def _box(widget: w.Box) -> str:
    inner = "".join(html(child) for child in widget.children)
    return _tag("div", widget, f"widget-container widget-box {BOXES.get(widget._view_name, '')}", inner)


@html.register
def _html(widget: w.HTML) -> str:
    content = f'{_label(widget)}<div class="widget-html-content">{widget.value}</div>'
    return _tag("div", widget, "widget-inline-hbox widget-html", content)


@html.register
def _button(widget: w.Button) -> str:
    return _tag("button", widget, "jupyter-button widget-button", escape(widget.description))


@html.register
def _toggle(widget: w.ToggleButton) -> str:
    kinds = "jupyter-button widget-toggle-button" + (" mod-active" if widget.value else "")
    return _tag("button", widget, kinds, escape(widget.description))


@html.register
def _choice(widget: w.Dropdown) -> str:
    chosen = escape(str(widget.label or ""))
    content = f"{_label(widget)}<select><option>{chosen}</option></select>"
    return _tag("div", widget, "widget-inline-hbox widget-dropdown", content)


@html.register
def _component(widget: Component) -> str:
    style = f"--scale:{widget.scale};"
    if not isinstance(widget, StateComponent):
        return _tag("div", widget, "tutor-widget", widget.html, style=style)
    wide, narrow = widget.drawing(narrow=False), widget.drawing(narrow=True)
    if wide == narrow:
        return _tag("div", widget, "tutor-widget", wide, style=style)
    return _tag("div", widget, "tutor-widget tutor-first-wide", wide, style=style) + _tag(
        "div", widget, "tutor-widget tutor-first-narrow", narrow, style=style
    )


def _label(widget: w.DOMWidget) -> str:
    description = getattr(widget, "description", "")
    return f'<label class="widget-label">{escape(description)}</label>' if description else ""
