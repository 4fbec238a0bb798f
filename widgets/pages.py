"""The app's pages: which pages a game has (``sections``, from what each page ``NEEDS``), and
their titles ("<game> · Learn · Card rules tutor") and texts in any language of the catalog.
The page builder (widgets/app.py) and the server (serving/) both use them: the server serves
every language at once, a page's kernel speaks one."""

from __future__ import annotations

import ast

from tutor import messages
from tutor.games import Game, games
from widgets.boards import has_board

LANGUAGES = messages.LANGUAGES
SECTIONS = ("learn", "drill", "practise", "play", "glossary")  # a game's pages: notebooks/<section>.ipynb?game=<id>
NEEDS = {  # what a game must have (Game.has, and a board in widgets/boards) for each of its pages
    "learn": ("lesson files", "lessons", "board"),
    "drill": ("drills", "board"),
    "practise": ("quizzes", "board"),
    "play": ("words", "board"),
    "glossary": ("glossary",),
}
CLASS_PAGE = "learn.ipynb"  # the page a class opens first (every game's: the address names the game)
JOIN_PAGE = "classroom/join.ipynb"  # the page of a class that follows the teacher's lesson


def sections(game: Game) -> tuple[str, ...]:
    """The pages ``game`` has, in SECTIONS' order: those whose every need it has."""
    return tuple(section for section in SECTIONS if all(_has(game, part) for part in NEEDS[section]))


def _has(entry: Game, part: str) -> bool:
    return has_board(entry) if part == "board" else entry.has(part)


def text(language: str, key: str, /, **params) -> str:
    """``msg`` in ``language`` (English where that language has no such key)."""
    return messages.msg_in(language, key, **params)


def page_title(section: str | None = None, game: str | None = None, language: str | None = None) -> str:
    """The title of a page: the app's name alone for the landing page, the section's
    before it while a game's page does not know its game yet."""
    language = language or messages.language()
    app = text(language, "app.title")
    if section is None:
        return app
    named = text(language, f"app.nav.{section}")
    if game is None:
        return text(language, "publish.title.section", section=named, app=app)
    return text(language, "publish.title.page", game=text(language, f"game.{game}.name"), section=named, app=app)


def game_titles(section: str | None, language: str) -> dict[str, str]:
    """The titles of a game page in ``language``, by game id (none for other pages)."""
    return {game: page_title(section, game, language) for game in games()} if section else {}


def section_of(notebook) -> str | None:
    """The section of a page notebook, read from its one call such as ``learn_page()``
    (tests/test_app.py keeps notebooks that thin); None for any other page."""
    for cell in notebook.cells:
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.endswith("_page"):
                section = node.func.id.removesuffix("_page")
                return section if section in SECTIONS else None
    return None
