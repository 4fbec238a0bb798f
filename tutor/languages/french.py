"""French, whose typography the catalogs leave to the tutor: a writer types ordinary spaces,
and the texts are read with unbreakable ones before ``: ; ! ? »`` and after ``«`` (so a line
never starts with a colon); and a short word drops its vowel before a value that starts with
one ("de {player}" reads "d'Ada"; "de Ben" stays); and a name written with its own article in
the catalog ("la Mer", "l'As de Lunes", "le Marché") takes it after the word a writer puts
before it as if it were masculine: "le {card}", "du {card}", "au {card}", "ton {card}" read
"la Mer", "de la Mer", "à la Mer", "ta Mer" (and "l'As", "de l'As", "à l'As", "ton As")."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from tutor.languages import Language, register

# the lessons write U+00A0 themselves too
_SPACED = [(re.compile(r"[ \u202f]+(?=[:;!?»])"), "\u00a0"), (re.compile(r"(?<=«)[ \u202f]+"), "\u00a0")]


# the article a catalog writes a name with, and what each word before it becomes with it
_ARTICLE = re.compile(r"(le |la |l')(?=\w)")
_WITH_ARTICLE = {
    "le": {"le ": "le ", "la ": "la ", "l'": "l'"},
    "du": {"le ": "du ", "la ": "de la ", "l'": "de l'"},
    "au": {"le ": "au ", "la ": "à la ", "l'": "à l'"},
    "ton": {"le ": "ton ", "la ": "ta ", "l'": "ton "},
}


def bare(name: str) -> str:
    """``name`` without the article the catalog writes it with ("la Mer" -> "Mer"): for a card's
    face, a button, a list."""
    article = _ARTICLE.match(name)
    return name[article.end() :] if article else name


def with_article(word: str, name: str) -> str:
    """``word`` ("le", "du", "au" or "ton", any case) and ``name`` ("la Mer") as one: "de la Mer"."""
    article = _ARTICLE.match(name)
    if article is None:
        return f"{word} {name}"
    said = _WITH_ARTICLE[word.lower()][article.group(1)] + name[article.end() :]
    return said[0].upper() + said[1:] if word[0].isupper() else said


def typeset(text: str) -> str:
    for pattern, space in _SPACED:
        text = pattern.sub(space, text)
    return text


class Elided(string.Formatter):
    BEFORE = re.compile(r"(?<![^\s(«])(de|que|le|la|ne|je)\s$", re.IGNORECASE)
    ARTICLED = re.compile(r"(?<![^\s(«])(le|du|au|ton)\s$", re.IGNORECASE)  # before a name with its article
    VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûü]", re.IGNORECASE)

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        parts = []
        for literal, field, spec, conversion in self.parse(format_string):
            if field is None:
                parts.append(literal)
                continue
            found = self.convert_field(self.get_field(field, args, kwargs)[0], conversion)
            value = self.format_field(found, spec or "")
            word = self.ARTICLED.search(literal)
            if word and hasattr(found, "named"):  # a card: its French name says its article
                parts.append(literal[: word.start()] + with_article(word.group(1), found.named("fr")))
                continue
            short = self.BEFORE.search(literal)
            if short and self.VOWEL.match(value):
                literal = literal[: short.start()] + short.group(1)[:-1] + "'"
            parts.append(literal + value)
        return "".join(parts)


LANGUAGE = register(
    Language("fr", locale="fr", order=1, dictionary="fr_FR", typeset=typeset, formatter=Elided(), bare=bare)
)
