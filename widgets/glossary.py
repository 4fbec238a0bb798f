"""The glossary page's body: one game's words in English, French and Dutch side by side,
from the catalog of each language, with a note where a rule sheet has no word and the
tutor chose one (the game's ``glossary`` part says which sheets name which terms)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.games import Game
from tutor.messages import LANGUAGES, language_name, msg, msg_in, spoken_language
from tutor.svg.draw import el


def glossary_html(game: Game) -> str:
    part = game.glossary
    head = []
    for code in LANGUAGES:
        note = (
            ""
            if code in part.EDITIONS
            else el(
                "span", escape(msg("glossary.no-edition", language=spoken_language(code))), class_="tutor-chosen-note"
            )
        )
        head.append(el("th", el("span", escape(language_name(code)), lang=code), note, scope="col"))
    rows = []
    for term, named in part.TERMS.items():
        cells = []
        for code in LANGUAGES:
            word = el("span", escape(msg_in(code, f"glossary.{game.id}.{term}")), lang=code, class_="tutor-word")
            chosen = code in part.EDITIONS and code not in named  # a sheet without a word for it
            note = (
                el("span", escape(msg("glossary.chosen", language=spoken_language(code))), class_="tutor-chosen-note")
                if chosen
                else ""
            )
            cells.append(el("td", word, note, class_="tutor-chosen" if code not in named else None))
        rows.append(el("tr", *cells, data_term=term))
    caption = el("caption", escape(msg("glossary.caption", game=game.name)))
    return el("table", caption, el("thead", el("tr", *head)), el("tbody", *rows), class_="tutor-glossary")


class Glossary(w.HTML):
    """``Glossary(game)``: the table of the game's words, in the page's language's notes."""

    def __init__(self, game: Game):
        super().__init__(glossary_html(game))
        self.add_class("tutor-glossary-page")
