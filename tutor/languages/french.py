"""French, whose typography the catalogs leave to the tutor: a writer types ordinary spaces,
and the texts are read with unbreakable ones before ``: ; ! ? »`` and after ``«`` (so a line
never starts with a colon); and a short word drops its vowel before a value that starts with
one ("de {player}" reads "d'Ada", "le {card}" "l'As des Lunes"; "de Ben" stays)."""

from __future__ import annotations

import re
import string

from tutor.languages import Language, register

# the lessons write U+00A0 themselves too
_SPACED = [(re.compile(r"[ \u202f]+(?=[:;!?»])"), "\u00a0"), (re.compile(r"(?<=«)[ \u202f]+"), "\u00a0")]


def typeset(text: str) -> str:
    for pattern, space in _SPACED:
        text = pattern.sub(space, text)
    return text


class Elided(string.Formatter):
    BEFORE = re.compile(r"(?<![^\s(«])(de|que|le|la|ne|je)\s$", re.IGNORECASE)
    VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûü]", re.IGNORECASE)

    def vformat(self, format_string, args, kwargs):
        parts = []
        for literal, field, spec, conversion in self.parse(format_string):
            if field is None:
                parts.append(literal)
                continue
            value = self.format_field(
                self.convert_field(self.get_field(field, args, kwargs)[0], conversion), spec or ""
            )
            short = self.BEFORE.search(literal)
            if short and self.VOWEL.match(value):
                literal = literal[: short.start()] + short.group(1)[:-1] + "'"
            parts.append(literal + value)
        return "".join(parts)


LANGUAGE = register(Language("fr", locale="fr", order=1, dictionary="fr_FR", typeset=typeset, formatter=Elided()))
