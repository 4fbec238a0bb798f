"""Text that comes from a visitor, made fit to show on a page: a name typed in a form, a word
taken from the page's address. Control and bidirectional characters go (a U+202E in a name
turns the sentence around it backwards), spaces are collapsed, and the text is cut."""

from __future__ import annotations

import re

from tutor.yamlfile import HIDDEN

# The characters a lesson file may not hold, and the marks that set a direction on their own.
# Zero-width and blank-looking characters too: "Sam" and "Sa\u200bm" looked the same in a class.
_INVISIBLE = re.compile(
    f"[{HIDDEN}\u200e\u200f\u061c\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200d\u2060-\u2064\u3164\uffa0]"
)
ELLIPSIS = "\u2026"
ADDRESS_WORD_LIMIT = 40  # a game's id or a seed from the address, as a sentence quotes it


def visitor_text(text: str, limit: int) -> str:
    """``text`` on one line, without invisible characters, at most ``limit`` characters long
    (a longer one is cut and ends with an ellipsis)."""
    text = " ".join(_INVISIBLE.sub("", text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS
