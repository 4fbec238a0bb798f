"""Page titles ("Monster Trick · Learn · Card rules tutor") and texts in any language of
the catalog: the server serves every language at once, a page's kernel speaks one."""
from __future__ import annotations

import ast

from tutor import messages
from tutor.games import games

LANGUAGES = messages.LANGUAGES


def text(language: str, key: str, /, **params) -> str:
    """``msg`` in ``language`` (English where that language has no such key)."""
    found = messages.catalog(language).get(key) or messages.catalog(messages.DEFAULT_LANGUAGE)[key]
    return found.format(**params) if params else found


def page_title(section: str | None = None, game: str | None = None, language: str | None = None) -> str:
    """The title of a page: the app's name alone for the landing page."""
    language = language or messages.language()
    app = text(language, "app.title")
    if game is None:
        return app
    return text(language, "publish.title.page", game=text(language, f"game.{game}.name"),
                section=text(language, f"app.nav.{section}"), app=app)


def page_of(notebook) -> tuple[str | None, str | None]:
    """(section, game) of a page notebook, read from its one call such as
    ``learn_page("monster-trick")`` (tests/test_app.py keeps notebooks that thin)."""
    for cell in notebook.cells:
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "").endswith("_page"):
                section = node.func.id.removesuffix("_page")
                game = ast.literal_eval(node.args[0]) if node.args else None
                if game in games():
                    return section, game
                return None, None
    return None, None
