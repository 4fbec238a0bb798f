"""Page assembly for the Voila app: each notebook in notebooks/ makes one call here and
displays the page it gets back.

Pages live at ``notebooks/index.ipynb`` (the landing page) and
``notebooks/<game>/<learn|practise|play>.ipynb``; Voila serves them under
``<base URL>voila/render/`` (``voila/render/notebooks/`` under ``jupyter server``), so
links between pages are relative. A page that cannot be built shows a friendly message
instead of a traceback.
"""
from __future__ import annotations

import functools
import json
import posixpath
import sys
import traceback
from html import escape

import ipywidgets as w

from serving.pages import page_title
from tutor.core import TutorError
from tutor.games import MODULES, game_name
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import language, msg
from widgets import LessonStepper, RulesReference
from widgets.play import GameTable
from widgets.quiz import QuizRound

GAMES = tuple(MODULES)
SECTIONS = ("learn", "practise", "play")
HOME = "index.ipynb"

# One small stylesheet, sent with the navigation bar of every page.
STYLE = """
.tutor-page { max-width: 1600px; margin: 0 auto; gap: 0.75rem; font-size: 15px; }
.tutor-nav nav { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem;
  padding: 0.4rem 0.6rem; background: #1f3b4d; border-radius: 6px; }
.tutor-nav nav + nav { margin-top: 0.25rem; background: #e4edf2; }
.tutor-nav a { color: #fff; text-decoration: none; padding: 0.3rem 0.7rem; border-radius: 4px; }
.tutor-nav nav + nav a { color: #1f3b4d; }
.tutor-nav a:hover { text-decoration: underline; }
.tutor-nav a[aria-current] { background: #fff; color: #1f3b4d; font-weight: 600; }
.tutor-nav nav + nav a[aria-current] { background: #1f3b4d; color: #fff; }
.tutor-heading h1 { font-size: 1.7rem; margin: 0.5rem 0 0.25rem; }
.tutor-heading p { margin: 0; max-width: 60rem; line-height: 1.45; }
.tutor-games { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: 1rem; }
.tutor-game { border: 1px solid #c9d6de; border-radius: 8px; padding: 0.9rem 1rem; background: #fbfdfe; }
.tutor-game h2 { margin: 0 0 0.4rem; font-size: 1.3rem; }
.tutor-game p { line-height: 1.45; margin: 0 0 0.6rem; }
.tutor-game .tutor-time { color: #4a6373; font-style: italic; }
.tutor-game nav { display: flex; gap: 0.5rem; flex-wrap: wrap; }
.tutor-game nav a { padding: 0.3rem 0.8rem; border-radius: 4px; border: 1px solid #1f3b4d;
  color: #1f3b4d; text-decoration: none; }
.tutor-game nav a:first-child { background: #1f3b4d; color: #fff; }
.tutor-note { border-left: 4px solid #c98a1f; background: #fdf6e9; padding: 0.8rem 1rem; line-height: 1.45; }
.tutor-shelf { gap: 0.75rem; }
.tutor-chooser label.widget-label { font-weight: 600; }
.tutor-top { gap: 1rem; flex-wrap: wrap; }
.tutor-summary { color: #4a6373; }
.tutor-next-lesson.jupyter-button, .tutor-onward.jupyter-button, .tutor-new-game.jupyter-button { background: #1f3b4d; }
.tutor-panel { width: 22rem; flex: 0 0 auto; gap: 0.5rem; border: 1px solid #c9c0ae; border-radius: 12px;
  padding: 0.8rem 1rem; background: #fffdf8; font-size: 16px; }
.tutor-panel p { margin: 0; line-height: 1.45; }
.tutor-count { color: #5b6370; }
.tutor-prompt { font-weight: 600; }
.tutor-choices .widget-button { height: auto; min-height: 2.2rem; white-space: normal; line-height: 1.3; }
.tutor-feedback { padding: 0.5rem 0.7rem; border-radius: 6px; line-height: 1.45; margin: 0.25rem 0; }
.tutor-right { background: #e4f4e8; border-left: 5px solid #1e7a35; }
.tutor-wrong { background: #fbe7e5; border-left: 5px solid #b3261e; }
.tutor-info { background: #eef3f6; border-left: 5px solid #1f3b4d; }
.tutor-body { flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.tutor-body > .tutor-reference { flex: 1 1 16rem; max-width: 30rem; }
.tutor-running { color: #1e7a35; font-weight: 600; margin-left: 0.4rem; }
.tutor-after { gap: 0.5rem; flex-wrap: wrap; }
.tutor-seats { flex-wrap: wrap; gap: 0.4rem 1.2rem; }
.tutor-tools { flex-wrap: wrap; gap: 0.75rem; }
a.tutor-download { display: inline-block; padding: 0.3rem 0.8rem; border: 1px solid #1f3b4d; border-radius: 4px;
  color: #1f3b4d; text-decoration: none; }
a.tutor-download:hover { background: #e4edf2; }
.tutor-side { flex: 1 1 20rem; max-width: 34rem; gap: 0.5rem; }
.tutor-log h2 { font-size: 1.1rem; margin: 0.6rem 0 0.3rem; }
.tutor-log ol { max-height: 22rem; overflow-y: auto; margin: 0; padding: 0.4rem 0.6rem 0.4rem 2.6rem;
  line-height: 1.4; border: 1px solid #d6dde2; border-radius: 6px; background: #fbfdfe; }
.tutor-log li + li { margin-top: 0.2rem; }
.tutor-pass { width: 40rem; max-width: 100%; min-height: 16rem; justify-content: center; align-items: flex-start;
  padding: 1.5rem 2rem; border: 2px dashed #1f3b4d; border-radius: 12px; background: #f4f7f9; gap: 0.75rem; }
.tutor-pass h2 { font-size: 1.8rem; margin: 0 0 0.5rem; }
.tutor-pass p { font-size: 1.1rem; margin: 0; }
.tutor-pass .jupyter-button, .tutor-end .jupyter-button { height: auto; padding: 0.5rem 1.2rem; font-size: 1.05rem; }
.tutor-end { padding: 0.8rem 1.2rem; border-left: 6px solid #1e7a35; background: #eef8f0; border-radius: 6px;
  gap: 0.5rem; margin-bottom: 0.5rem; }
.tutor-result h2 { margin: 0 0 0.4rem; font-size: 1.5rem; }
.tutor-places { list-style: none; margin: 0 0 0.5rem; padding: 0; font-size: 1.1rem; line-height: 1.6; }
.tutor-place { display: inline-block; width: 1.8rem; color: #4a6373; }
.tutor-why { margin: 0; line-height: 1.45; max-width: 44rem; }
.tutor-replay-title { font-size: 1.3rem; margin: 0.3rem 0; }
.tutor-replay .cw-board { pointer-events: none; }
.tutor-end { align-items: flex-start; }
.tutor-ready.jupyter-button { background: #1f3b4d; }
"""


def upload_label_style() -> str:
    """ipywidgets' FileUpload shows its file count, "(0)", after the label; the button
    shows the catalog's label alone instead (screen readers still read the button text)."""
    label = json.dumps(msg("app.record.upload"), ensure_ascii=False)
    return (".tutor-upload.jupyter-button { font-size: 0; }"
            ".tutor-upload i, .tutor-upload::after { font-size: var(--jp-widgets-font-size); }"
            f".tutor-upload::after {{ content: {label}; margin-left: 0.3em; }}")



class Page(w.VBox):
    """One page of the app. Its plain-text form (what nbval compares) names the page."""

    def __init__(self, name: str, children: list):
        super().__init__(children)
        self.add_class("tutor-page")
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name} page>"


def page_file(section: str | None = None, game: str | None = None) -> str:
    """The notebook of a page, relative to notebooks/ (and to Voila's /voila/render/)."""
    return HOME if game is None else f"{game}/{section}.ipynb"


def href(there: str, here: str) -> str:
    """The address of page ``there`` from page ``here``, relative: it holds wherever Voila
    serves the notebooks (``voila`` serves this folder, ``jupyter server`` on Binder or
    JupyterHub its parent, both under any base URL)."""
    return posixpath.relpath(there, posixpath.dirname(here) or ".")


def nav_bar(here: str, game: str | None = None) -> w.HTML:
    """The bar on top of every page: home and the games, then the sections of this game."""
    def link(text: str, there: str, current: bool) -> str:
        mark = ' aria-current="page"' if current else ""
        return f'<a href="{escape(href(there, here))}"{mark}>{escape(text)}</a>'

    label = escape(msg("app.nav.label"))
    top = [link(msg("app.nav.home"), HOME, here == HOME)]
    top += [link(game_name(other), page_file("learn", other), other == game) for other in GAMES]
    # The page template makes the browser tab's title and the page's language follow these.
    section = next((section for section in SECTIONS if page_file(section, game) == here), None) if game else None
    title = escape(page_title(section, game))
    rows = [f'<nav aria-label="{label}" data-page-title="{title}" lang="{language()}">{"".join(top)}</nav>']
    if game is not None:
        sections = [link(msg(f"app.nav.{section}"), page_file(section, game), here == page_file(section, game))
                    for section in SECTIONS]
        rows.append(f'<nav aria-label="{escape(game_name(game))}">{"".join(sections)}</nav>')
    bar = w.HTML(f"<style>{STYLE}{upload_label_style()}</style>" + "".join(rows))
    bar.add_class("tutor-nav")
    return bar


def heading(title: str, text: str = "") -> w.HTML:
    paragraph = f"<p>{escape(text)}</p>" if text else ""
    block = w.HTML(f"<h1>{escape(title)}</h1>{paragraph}")
    block.add_class("tutor-heading")
    return block


def friendly(section: str):
    """Build the page, or a page that says in plain words what went wrong.

    TutorError texts are finished sentences for learners; anything else is a bug, whose
    traceback goes to the server's log (the real stderr), never to the page."""
    def decorate(build):
        @functools.wraps(build)
        def page(*game: str) -> Page:
            try:
                if game and game[0] not in GAMES:
                    raise TutorError(msg("error.unknown-game", game=game[0], known=", ".join(GAMES)))
                return build(*game)
            except TutorError as error:
                problem = str(error)
            except Exception:
                traceback.print_exc(file=sys.__stderr__)
                problem = msg("app.problem.unexpected")
            known = game[0] if game and game[0] in GAMES else None
            note = w.HTML(f'<div class="tutor-note">{escape(msg("app.problem.text", problem=problem))}'
                          f'<br>{escape(msg("app.problem.hint"))}</div>')
            return Page("problem", [nav_bar(page_file(section, known), known),
                                    heading(msg("app.problem.heading")), note])
        return page
    return decorate


def lesson_time(minutes: list[int]) -> str:
    """How long the lessons take, in words, from the lessons' own estimates."""
    if not minutes:
        return msg("app.landing.lessons-none")
    if len(minutes) == 1:
        return msg("app.landing.lessons-one", minutes=minutes[0])
    low, high = min(minutes), max(minutes)
    if low == high:
        return msg("app.landing.lessons-same", count=len(minutes), minutes=low)
    return msg("app.landing.lessons-range", count=len(minutes), low=low, high=high)


@friendly("landing")
def landing_page() -> Page:
    cards = []
    for game in GAMES:
        minutes = [load_lesson(path).minutes for path in bundled_lessons(game)]
        links = "".join(f'<a href="{escape(href(page_file(section, game), HOME))}">{escape(msg(f"app.nav.{section}"))}</a>'
                        for section in SECTIONS)
        cards.append(f'<section class="tutor-game" data-game="{game}"><h2>{escape(game_name(game))}</h2>'
                     f'<p>{escape(msg(f"app.game.{game}.teaches"))}</p>'
                     f'<p class="tutor-time">{escape(lesson_time(minutes))}</p>'
                     f'<nav aria-label="{escape(game_name(game))}">{links}</nav></section>')
    games = w.HTML(f'<div class="tutor-games">{"".join(cards)}</div>')
    return Page("landing", [nav_bar(HOME), heading(msg("app.title"), msg("app.tagline")), games])


@friendly("learn")
def learn_page(game: str) -> Page:
    here = page_file("learn", game)
    name = game_name(game)
    lessons = [load_lesson(path) for path in bundled_lessons(game)]
    top = [nav_bar(here, game), heading(msg("app.learn.heading", game=name))]
    if not lessons:
        return Page(f"learn {game} (no lessons yet)",
                    top + [w.HTML(f'<div class="tutor-note">{escape(msg("app.learn.none", game=name))}</div>')])
    return Page(f"learn {game}", top + [LessonShelf(game, lessons)])


@friendly("practise")
def practise_page(game: str) -> Page:
    return Page(f"practise {game}", [nav_bar(page_file("practise", game), game),
                                     heading(msg("app.practise.heading", game=game_name(game))), QuizRound(game)])


@friendly("play")
def play_page(game: str) -> Page:
    return Page(f"play {game}", [nav_bar(page_file("play", game), game),
                                 heading(msg("app.play.heading", game=game_name(game))), GameTable(game)])


class LessonShelf(w.VBox):
    """The learn page's body: a choice of the game's lessons in order, the chosen lesson,
    and the rules reference beside it (below it on narrow screens). At a lesson's last
    step a button beside the choice leads on to the next lesson.

    A rule opened from the lesson (its rule links) opens in the reference too."""

    def __init__(self, game: str, lessons: list):
        self.lessons = lessons
        labels = [msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes)
                  for number, lesson in enumerate(lessons, start=1)]
        self.chooser = w.Dropdown(options=list(zip(labels, range(len(lessons)))), description=msg("app.learn.lessons"),
                                  layout=w.Layout(width="32rem"))
        self.chooser.add_class("tutor-chooser")
        self.summary = w.HTML()
        self.following = w.Button(button_style="primary", layout=w.Layout(width="auto", display="none"))
        self.following.add_class("tutor-next-lesson")
        self.following.on_click(lambda _: self.show(self.chooser.value + 1))
        self.stage = w.VBox([])
        self.reference = RulesReference(game)
        self.reference.add_class("tutor-reference")
        top = w.HBox([self.chooser, self.summary, self.following], layout=w.Layout(align_items="center"))
        top.add_class("tutor-top")
        body = w.HBox([self.stage, self.reference])
        body.add_class("tutor-body")
        super().__init__([top, body])
        self.add_class("tutor-shelf")
        self.chooser.observe(lambda change: self.show(change.new), names="value")
        self.show(0)

    def show(self, index: int) -> None:
        lesson = self.lessons[index]
        self.chooser.value = index
        self.summary.value = f'<span class="tutor-summary">{escape(lesson.summary)}</span>'
        self.following.layout.display = "none"
        if index + 1 < len(self.lessons):
            self.following.description = msg("app.learn.next", title=self.lessons[index + 1].title)
        stepper = LessonStepper(lesson, inline_rules=False)  # the reference beside it shows the rule
        stepper.observe(lambda change: change.new and self.reference.show(change.new), names="rule")
        stepper.observe(lambda _: self._offer_next(stepper), names="step")
        self.reference.focus = lesson.rules
        self.stage.children = [stepper]
        self._offer_next(stepper)

    def _offer_next(self, stepper) -> None:
        last = stepper.step == stepper.total - 1
        self.following.layout.display = None if last and self.chooser.value + 1 < len(self.lessons) else "none"
