"""Monster Trick's words for the glossary page, in the order the game meets them.

Each term names the rule sheets (en, fr, nl) that have a word for it; in the other
languages the tutor chose one. The words are catalog entries ``glossary.monster-trick.<term>``
(locales/<language>/glossary.yaml here), the same words the boards and lessons use."""

EDITIONS = ("en", "fr", "nl")
TERMS = {
    "trick": ("en", "fr", "nl"),
    "round": ("en", "fr", "nl"),
    "slot": ("nl",),  # the English and French sheets speak of a free space, not of four places
    "marker": ("en", "fr", "nl"),
    "complete": ("en", "fr", "nl"),
    "opening-colour": ("en", "fr", "nl"),
    "follow": ("en", "fr"),
    "off-colour": ("nl",),
    "vp-card": ("en", "fr", "nl"),
    "predict": ("en", "fr"),  # the Dutch sheet lays the cards out without naming it
    "active": ("en", "fr", "nl"),
}
