"""English: the language every text is first written in, and the one a missing text falls back to."""

from tutor.languages import Language, register

LANGUAGE = register(Language("en", locale="en", order=0))
