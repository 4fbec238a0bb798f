"""Thricewise's words for the glossary page, in the order the game meets them.

Each term names the sources that have a word for it: the French rule sheet (the only
edition) and, for the Decktet's suits and ranks, the deck's own English names. In the other
languages the tutor chose one. The words are catalog entries ``glossary.thricewise.<term>``
(locales/<language>/glossary.yaml here), the same words the boards and lessons use."""

EDITIONS = ("fr",)
TERMS = {
    "grid": ("fr",),
    "cell": ("fr",),
    "rank": ("fr",),
    "ace": ("en", "fr"),
    "crown": ("en", "fr"),
    "number-card": (),
    "suit": ("en", "fr"),
    "moons": ("en",),
    "suns": ("en",),
    "waves": ("en",),
    "leaves": ("en",),
    "wyrms": ("en",),
    "knots": ("en",),
    "set-aside": ("fr",),
    "triad": ("fr",),
    "flush": ("fr",),
    "set": ("fr",),
    "run": ("fr",),
}
