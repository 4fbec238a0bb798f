"""Page assembly for the Voila app: each notebook in notebooks/ makes one call here and
displays the page it gets back.

Pages live at ``notebooks/index.ipynb`` (the landing page) and
``notebooks/<learn|practise|play|glossary>.ipynb``, one notebook per kind of page for every
game: the address names the game (``learn.ipynb?game=<id>``), as it names the
language. Voila serves them under ``<base URL>voila/render/`` (``voila/render/notebooks/``
under ``jupyter server``), so links between pages are relative. A page that cannot be
built (no game or an unknown one on its address, a lesson that does not hold) shows a
friendly message instead of a traceback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from html import escape
from pathlib import Path

import ipywidgets as w

from tutor.bots import STRENGTHS
from tutor.core import TutorError
from tutor.games import Game, game_name, games
from tutor.lesson_links import MAX_CARRIED, PARAMETER, open_shared
from tutor.lessons import Lesson, load_lesson, turn_in_brief
from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, catalog, has, language, language_name, listed, msg, set_language
from tutor.visitor_text import ADDRESS_WORD_LIMIT, visitor_text
from widgets.address import HOME, href, page_file
from widgets.drill import DrillBody
from widgets.first_view import with_first_view
from widgets.glossary import Glossary
from widgets.guard import guard_kernel, log
from widgets.languages import (
    LanguageChooser,
    ahead_of_request,
    on_language,
    requested,
    requested_language,
    started_ahead,
)
from widgets.learn import LessonShelf
from widgets.page_tools import page_tools
from widgets.pages import SECTIONS, page_title, sections
from widgets.play import GameTable
from widgets.quiz import QuizRound
from widgets.rules import RulesReference
from widgets.summary import TurnInBrief

STUDIO = "studio.ipynb"  # the lesson studio (widgets/studio.py), linked from the landing and teacher's pages
PAGE_CSS = Path(__file__).parent / "static" / "page.css"


def page_style() -> str:
    """The pages' stylesheet (widgets/static/page.css)."""
    return f"<style>{PAGE_CSS.read_text(encoding='utf-8')}</style>"


class Page(w.VBox):
    """One page of the app. Its plain-text form (what nbval compares) names the page.

    The language chooser in its navigation bar redraws it in place (``speak``)."""

    children: tuple[w.Widget, ...]  # the VBox's trait, typed for mypy (ipywidgets has no types)

    def __init__(self, name: str, children: list):
        super().__init__(children)
        self.add_class("tutor-page")
        self.name = name
        # set by friendly(): builds the page again in the language now set, keeping the bodies given
        self.remake: Callable[[Bodies], Page] | None = None
        self._listen()

    def __repr__(self) -> str:
        return f"<{self.name} page>"

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return with_first_view(super()._repr_mimebundle_(**kwargs), self)

    def _listen(self) -> None:
        on_language(self.children[0], self.speak)

    def speak(self, language: str) -> None:
        """Redraw the page in ``language``: built again, but the body that holds the
        learner's place (lesson and step, quiz, game) is kept and only its texts change."""
        set_language(language)
        if self.remake is None:
            return  # not built by friendly(): nothing builds it again
        fresh = self.remake(Bodies(child for child in self.children if hasattr(child, "relabel")))
        self.name, self.remake, self.children = fresh.name, fresh.remake, fresh.children
        self._listen()


class Bodies:
    """The bodies of a page on show (lesson shelf, quiz, game table ...) that building it
    again in another language keeps (``Page.speak``): each kept once, by its kind."""

    def __init__(self, bodies: Iterable[w.Widget] = ()):
        self.left = list(bodies)

    def kept(self, kind, *args):
        """The body of ``kind`` on show, relabelled with ``args``; else a new one."""
        for body in self.left:
            if type(body) is kind:
                self.left.remove(body)
                body.relabel(*args)
                return body
        return kind(*args)


def requested_seed() -> tuple[int | None, str]:
    """The seed the address names (``?seed=12``: a play page's deal, a practise page's
    questions, so a class shares them), and a note when it is not a whole number (the
    page then starts afresh)."""
    for value in requested("seed"):
        text = value.strip()
        if text.isdigit() and len(text) <= 18:
            return int(text), ""
        return None, msg("app.bad-seed", seed=visitor_text(value, ADDRESS_WORD_LIMIT))
    return None, ""


def requested_strength() -> tuple[str | None, str]:
    """The computer players' strength the address fixes (``?strength=expert``: a class's
    play page), and a note when it names none (the page then lets the learner choose)."""
    for value in requested("strength"):
        if value in STRENGTHS:
            return value, ""
        return None, msg("app.bad-strength", strength=visitor_text(value, ADDRESS_WORD_LIMIT))
    return None, ""


def requested_game() -> str | None:
    """The game the page's address names (``?game=``), if any."""
    return next(iter(requested("game")), None)


def nav_bar(here: str, game: Game | None = None, title: str | None = None) -> w.HBox:
    """The bar on top of every page: home and the games, then the sections of this game.
    ``title`` names a page that is not a game's section (the classroom pages)."""

    def link(text: str, there: str, current: bool) -> str:
        mark = ' aria-current="page"' if current else ""
        return f'<a href="{escape(href(there, here))}"{mark}>{escape(text)}</a>'

    label = escape(msg("app.nav.label"))
    top = [link(msg("app.nav.home"), HOME, here == HOME)]
    top += [link(other.name, page_file(first_page(other), other.id), other is game) for other in games().values()]
    # The page template makes the browser tab's title and the page's language follow these.
    section = next((section for section in SECTIONS if page_file(section, game.id) == here), None) if game else None
    title = escape(title or page_title(section, game.id if game else None))
    rows = [f'<nav aria-label="{label}" data-page-title="{title}" lang="{language()}">{"".join(top)}</nav>']
    if game is not None:
        links = [
            link(msg(f"app.nav.{section}"), page_file(section, game.id), here == page_file(section, game.id))
            for section in sections(game)
        ]
        rows.append(f'<nav aria-label="{escape(game.name)}">{"".join(links)}</nav>')
    bar = w.HBox([w.HTML(page_style() + "".join(rows)), LanguageChooser(here.partition("?")[2])])
    bar.add_class("tutor-nav")
    return page_tools(bar)


def first_page(game: Game) -> str:
    """The page a link to the game leads to: its first, else its learn page (which says why
    the game has no pages yet)."""
    return next(iter(sections(game)), "learn")


def heading(title: str, text: str = "") -> w.HTML:
    paragraph = f"<p>{escape(text)}</p>" if text else ""
    block = w.HTML(f"<h1>{escape(title)}</h1>{paragraph}")
    block.add_class("tutor-heading")
    return block


def friendly(section: str):
    """Build the page, or a page that says in plain words what went wrong.

    A game's page (``section`` one of SECTIONS) is built for the game whose id it is called with,
    else for the game its address names: the one place a page turns a game's id into its ``Game``,
    which every builder takes, with the ``Bodies`` to keep. TutorError
    texts are finished sentences for learners; anything else is a bug, whose traceback goes
    to the server's log (the real stderr), never to the page."""

    def decorate(build):
        def built(game: str | None, bodies: Bodies) -> Page:
            known = games().get(game) if game else None
            try:
                if section not in SECTIONS:
                    page = build(bodies)
                elif known is None:
                    raise TutorError(game_wanted(game))
                elif section in sections(known):
                    page = build(known, bodies)
                else:
                    page = absent_page(section, known)
            except TutorError as error:
                page = problem_page(section, known, str(error))
            except Exception:
                log.exception("A %s page could not be built", section)
                page = problem_page(section, known, msg("app.problem.unexpected"))
            page.remake = lambda kept: built(game, kept)
            return page

        @functools.wraps(build)
        def page(game: str | None = None) -> Page:
            guard_kernel()
            if started_ahead():
                ready_ahead(section, build)
            set_language(requested_language())
            return built(game or (requested_game() if section in SECTIONS else None), Bodies())

        return page

    return decorate


@functools.cache
def ready_ahead(section: str, build) -> None:
    """In a kernel started ahead of its visitor, do before the visitor's request what the
    page does anyway after it (while a class arrives, every page is built at once): read
    every language's texts and names, and build the page once for each game (boards,
    lessons, drawings), then throw those pages away. Nothing else exists yet in such a
    kernel, so every widget there is one of them."""
    try:
        for code in LANGUAGES:
            catalog(code)
            language_name(code)
        set_language(DEFAULT_LANGUAGE)
        with ahead_of_request():
            for game in games().values() if section in SECTIONS else [None]:
                build(game, Bodies()) if game else build(Bodies())
    except Exception:
        log.exception("A %s page could not be built ahead", section)
    w.Widget.close_all()


def game_wanted(game: str | None) -> str:
    """What to say when a game's page has no game, or one the tutor does not know: the
    games there are, by name."""
    names = listed([known.name for known in games().values()])
    if not game:
        return msg("app.problem.no-game", known=names)
    return msg("error.unknown-game", game=visitor_text(game, ADDRESS_WORD_LIMIT), known=names)


def problem_page(section: str, game: Game | None, problem: str) -> Page:
    note = w.HTML(
        f'<div class="tutor-note">{escape(msg("app.problem.text", problem=problem))}'
        f"<br>{escape(msg('app.problem.hint'))}</div>"
    )
    return Page(
        "problem",
        [nav_bar(page_file(section, game.id if game else None), game), heading(msg("app.problem.heading")), note],
    )


def absent_page(section: str, game: Game) -> Page:
    """A page the game does not have (no lessons, no board yet ...), saying so in words."""
    note = w.HTML(f'<div class="tutor-note">{escape(msg(f"app.{section}.none", game=game.name))}</div>')
    return Page(
        f"{section} {game.id} (not there yet)", [nav_bar(page_file(section, game.id), game), heading(game.name), note]
    )


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
def landing_page(_bodies: Bodies) -> Page:
    cards = []
    for game in games().values():
        minutes = [load_lesson(path).minutes for path in game.lesson_files()]
        links = "".join(
            f'<a href="{escape(href(page_file(section, game.id), HOME))}">{escape(msg(f"app.nav.{section}"))}</a>'
            for section in sections(game)
        )
        teaches = f"app.game.{game.id}.teaches"  # a game's landing card text, from its pages.yaml
        cards.append(
            f'<section class="tutor-game" data-game="{game.id}"><h2>{escape(game.name)}</h2>'
            + (f"<p>{escape(msg(teaches))}</p>" if has(teaches) else "")
            + f'<p class="tutor-time">{escape(lesson_time(minutes))}</p>'
            + (
                f'<nav aria-label="{escape(game.name)}">{links}</nav></section>'
                if links
                else f"<p>{escape(msg('app.landing.no-pages'))}</p></section>"
            )
        )
    classroom = "".join(
        f'<a href="{escape(href(f"classroom/{page}.ipynb", HOME))}">{escape(msg(f"classroom.landing.{page}"))}</a>'
        for page in ("teach", "join")
    )
    classroom += f'<a href="{escape(href(STUDIO, HOME))}">{escape(msg("studio.link"))}</a>'
    cards.append(
        f'<section class="tutor-classroom-card"><h2>{escape(msg("classroom.landing.heading"))}</h2>'
        f"<p>{escape(msg('classroom.landing.text'))}</p><nav>{classroom}</nav></section>"
    )
    shelf = w.HTML(f'<div class="tutor-games">{"".join(cards)}</div>')
    return Page("landing", [nav_bar(HOME), heading(msg("app.title"), msg("app.tagline")), shelf])


@friendly("learn")
def learn_page(game: Game, bodies: Bodies) -> Page:
    here = page_file("learn", game.id)
    if requested("summary") and turn_in_brief(game.id):
        return turn_page(game)
    lessons = [load_lesson(path) for path in game.lesson_files()]
    top = [nav_bar(here, game), heading(msg("app.learn.heading", game=game.name))]
    return Page(f"learn {game.id}", top + [bodies.kept(LessonShelf, game, lessons, *requested_lesson(game))])


def requested_lesson(game: Game) -> tuple[Lesson | None, str]:
    """The lesson a link on the address carries (``?shared=``, tutor/lesson_links.py), and why
    it does not open when it does not."""
    for value in requested(PARAMETER):
        try:
            lesson, _text = open_shared(value[: MAX_CARRIED + 1])
        except TutorError as error:
            return None, str(error)
        if lesson.game != game.id:  # a lesson names its game by id
            return None, msg("links.other-game", game=game_name(lesson.game))
        return lesson, ""
    return None, ""


def turn_page(game: Game) -> Page:
    """The learn page's ``summary=1`` view: the turn in brief on its own, beside the rules it
    names, to read or print on one sheet."""
    here = page_file("learn", game.id, summary=1)
    back = w.HTML(
        f'<a class="tutor-turn-back" href="{escape(href(page_file("learn", game.id), here))}">'
        f"{escape(msg('app.learn.back'))}</a>"
    )
    turn = TurnInBrief(game)
    reference = RulesReference(game, rules=[rule for rule, _line in turn_in_brief(game.id)])
    reference.add_class("tutor-reference")

    def open_rule(change) -> None:
        if change.new:
            reference.show(change.new)

    turn.observe(open_rule, names="rule")
    body = w.HBox([turn, reference])
    body.add_class("tutor-body")
    body.add_class("tutor-turn-page")
    top = [nav_bar(page_file("learn", game.id), game), heading(msg("app.learn.heading", game=game.name)), back]
    return Page(f"turn in brief {game.id}", [*top, body])


@friendly("practise")
def practise_page(game: Game, bodies: Bodies) -> Page:
    """Fresh questions on every visit; ``?seed=`` on the address gives a chosen round again."""
    seed, note = requested_seed()
    top = [nav_bar(page_file("practise", game.id), game), heading(msg("app.practise.heading", game=game.name))]
    notes = [w.HTML(f'<div class="tutor-note">{escape(note)}</div>')] if note else []
    return Page(f"practise {game.id}", top + notes + [bodies.kept(QuizRound, game, seed)])


@friendly("drill")
def drill_page(game: Game, bodies: Bodies) -> Page:
    top = [
        nav_bar(page_file("drill", game.id), game),
        heading(msg("app.drill.heading", game=game.name), msg("app.drill.intro")),
    ]
    return Page(f"drill {game.id}", top + [bodies.kept(DrillBody, game)])


@friendly("play")
def play_page(game: Game, bodies: Bodies) -> Page:
    seed, note = requested_seed()
    strength, strength_note = requested_strength()
    top = [nav_bar(page_file("play", game.id), game), heading(msg("app.play.heading", game=game.name))]
    notes = [w.HTML(f'<div class="tutor-note">{escape(text)}</div>') for text in (note, strength_note) if text]
    return Page(f"play {game.id}", top + notes + [bodies.kept(GameTable, game, seed, strength)])


@friendly("glossary")
def glossary_page(game: Game, bodies: Bodies) -> Page:
    return Page(
        f"glossary {game.id}",
        [
            nav_bar(page_file("glossary", game.id), game),
            heading(msg("glossary.heading", game=game.name), msg("glossary.intro")),
            Glossary(game),
        ],
    )
