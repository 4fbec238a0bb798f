"""A page's first view (widgets/first_view.py): the page as plain HTML, which the template
shows the moment the page arrives, before the widgets' scripts have loaded."""

from __future__ import annotations

import re
from html import escape

import ipywidgets as w
import pytest

from tutor.messages import msg
from widgets import app
from widgets.assets import STATIC, STATIC_URL_VARIABLE
from widgets.component import StateComponent
from widgets.first_view import DRAWING, MIME, NARROW_COPY, STYLES, html
from widgets.learn import LessonShelf

SERVED = "/voila/tutor-static/"


@pytest.fixture
def served(monkeypatch):
    monkeypatch.setenv(STATIC_URL_VARIABLE, SERVED)


def first_view(page) -> str:
    return page._repr_mimebundle_()[MIME]


def test_a_notebook_run_elsewhere_shows_only_its_widget(monkeypatch):
    """nbval and JupyterLab compare and show the widget; the first view is the served page's."""
    monkeypatch.delenv(STATIC_URL_VARIABLE, raising=False)
    bundle = app.learn_page("monster-trick")._repr_mimebundle_()
    assert set(bundle) == {"text/plain", "application/vnd.jupyter.widget-view+json"}


def test_the_learn_page_shows_its_step_board_and_buttons_before_it_is_live(served):
    page = app.learn_page("monster-trick")
    shelf = next(child for child in page.children if isinstance(child, LessonShelf))
    view = first_view(page)
    stepper = shelf.stage.children[0]
    said = re.search(r'<p class="tutor-say">([^<]{40,})</p>', view)
    assert escape(stepper.lesson.title) in view and said, "the lesson's title and what its first step says"
    drawings = view.count(DRAWING) - view.count(NARROW_COPY)  # a narrow copy: the same drawing, for a phone
    assert "<svg" in view and drawings >= 3, "the board's drawings"
    assert view.startswith(f'<div class="tutor-first-view" inert data-drawings="{drawings}">'), (
        "what the live page waits for"
    )
    assert escape(msg("widgets.stepper.next")) in view
    assert 'data-page-title="' in view, "the navigation bar, with the page's title"
    for name in STYLES:  # the widgets' own styles, in the page: it waits for no other file
        assert f"<style>{(STATIC / name).read_text(encoding='utf-8')}</style>" in view
    assert "<link" not in view


def drawn_parts(widget: w.Widget) -> list[StateComponent]:
    if isinstance(widget, StateComponent):
        return [widget]
    return [part for child in getattr(widget, "children", ()) for part in drawn_parts(child)]


@pytest.mark.parametrize("game", ["monster-trick", "danger-13"])
def test_a_board_comes_in_both_layouts_and_the_window_chooses(served, game):
    """The kernel does not know the window's width: a drawing with a narrow layout comes in
    both, and the first view's styles show a phone the narrow one, a wider window the wide one.
    The live widgets keep the layout they have, and send nothing for it."""
    page = app.learn_page(game)
    parts = [part for part in drawn_parts(page) if part.layout.display != "none"]
    sent = []
    for part in parts:
        part.observe(sent.append)
    view = first_view(page)
    both = [part for part in parts if part.drawing(narrow=True) != part.drawing(narrow=False)]
    assert both, "a board with a narrow layout"
    for part in both:
        assert part.drawing(narrow=False) in view and part.drawing(narrow=True) in view
        assert not part.narrow and part.html == part.drawing(narrow=False)
    assert sent == [], "the live widgets untouched"
    assert view.count(NARROW_COPY) == view.count(f"{DRAWING} tutor-first-wide") == len(both)
    styles = (STATIC / "first-view.css").read_text(encoding="utf-8")
    phone = re.search(r"@media \(max-width: 37.5rem\) \{\s*\.tutor-first-wide \{ display: none; \}", styles)
    wide = re.search(r"@media not \(max-width: 37.5rem\) \{\s*\.tutor-first-narrow \{ display: none; \}", styles)
    assert phone and wide, "the window's width chooses, at the phone width of static/parts/phone.js"


def test_hidden_widgets_are_left_out_and_texts_stay_texts(served):
    hidden = w.Button(description="hidden", layout=w.Layout(display="none"))
    shown = w.Button(description="<b>Go</b>", layout=w.Layout(width="12em"))
    choice = w.Dropdown(options=[("Lesson <1>", 1)], description="Lessons")
    box = w.VBox([hidden, shown, choice])
    box.add_class("tutor-bar")
    drawn = html(box)
    assert "hidden" not in drawn
    assert (
        '<button class="jupyter-widgets jupyter-button widget-button" style="width:12em;">&lt;b&gt;Go&lt;/b&gt;</button>'
        in drawn
    )
    assert "<option>Lesson &lt;1&gt;</option>" in drawn and '<label class="widget-label">Lessons</label>' in drawn
    assert drawn.startswith('<div class="jupyter-widgets widget-container widget-box widget-vbox tutor-bar">')


def test_a_kind_of_widget_it_does_not_know_waits_for_the_live_page(served):
    assert html(w.IntSlider(5)) == ""


def test_markup_that_would_run_or_break_out_stays_text(served):
    """The live page sets the widgets' markup as innerHTML, where a <script> never runs; the
    first view is parsed with the page, where it would. No page of the tutor has one."""
    page = app.learn_page("monster-trick")
    page.children = [*page.children, w.HTML("<SCRIPT>alert(1)</script></template ><p>fine</p>")]
    view = first_view(page)
    inner = view.split('<template shadowrootmode="closed">', 1)[1].rsplit("</template>", 1)[0]
    assert "<p>fine</p>" in inner and not re.search(r"<\s*/?\s*(script|template)", inner, re.IGNORECASE)
    assert view.count("<template") == 1 and view.count("</template") == 1, "only the shadow root's own"
