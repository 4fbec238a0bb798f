"""What Voila's page exporter does to a page notebook before its template runs
(voila.json: ``VoilaExporter.preprocessors``)."""
from __future__ import annotations

from nbconvert.preprocessors import Preprocessor

from serving.pages import LANGUAGES, page_of, page_title
from tutor.messages import DEFAULT_LANGUAGE


class PageTitle(Preprocessor):
    """Gives the page its title before any code runs: the template's <title> in the
    default language, and every language's title for the template to pick from."""

    def preprocess(self, nb, resources):
        section, game = page_of(nb)
        titles = {language: page_title(section, game, language) for language in LANGUAGES}
        nb.metadata["title"] = titles[DEFAULT_LANGUAGE]
        resources["tutor_titles"] = titles
        return nb, resources
