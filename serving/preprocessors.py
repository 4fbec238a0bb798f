"""What Voila's page exporter does to a page notebook before its template runs
(voila.json: ``VoilaExporter.preprocessors``)."""

from __future__ import annotations

from nbconvert.preprocessors import Preprocessor

from tutor.messages import DEFAULT_LANGUAGE
from widgets.pages import LANGUAGES, game_titles, page_title, section_of


class PageTitle(Preprocessor):
    """Gives the page its title before any code runs: the template's <title> in the
    default language, and every language's title for the template to pick from. A game's
    page is one notebook for every game (the address names the game), and a pre-started
    kernel's page is made before anyone asks for it: the template picks the game's title
    by the address."""

    def preprocess(self, nb, resources):
        section = section_of(nb)
        titles = {language: page_title(section, None, language) for language in LANGUAGES}
        nb.metadata["title"] = titles[DEFAULT_LANGUAGE]
        resources["tutor_titles"] = titles
        resources["tutor_game_titles"] = {language: game_titles(section, language) for language in LANGUAGES}
        return nb, resources
