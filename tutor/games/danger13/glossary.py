"""Danger 13's words for the glossary page, in the order the game meets them.

Each term names the rule sheets (fr, nl: there is no English one) that have a word for it;
in the other languages the tutor chose one. The sheets show the card kinds as pictures
without names, so every kind's name is the tutor's. The words are catalog entries
``glossary.danger-13.<term>`` (locales/<language>/glossary.yaml here), the same words the
boards and lessons use."""

EDITIONS = ("fr", "nl")
TERMS = {
    "start-card": ("fr", "nl"),
    "dealer": ("fr", "nl"),
    "draw-pile": ("fr", "nl"),
    "row": ("fr", "nl"),
    "limit": ("fr", "nl"),
    "round": ("fr", "nl"),
    "scoring": ("fr", "nl"),
    "discards": ("fr", "nl"),
    "bank": ("nl",),
    "plus-points": ("fr", "nl"),
    "plain": (),
    "one-plus": (),
    "two-plus": (),
    "draw": (),
    "arrow": ("fr", "nl"),
    "13-18": (),
    "hand": (),
    "instant": (),
}
