"""The one way pages give a verdict or a hint: a coloured box that screen readers announce.
Colour is never the only sign: a right answer carries a tick, a wrong one a cross, and
the words say it too."""

from __future__ import annotations

from html import escape

MARKS = {"tutor-right": "\u2713", "tutor-wrong": "\u2717"}


def feedback(right: bool | None, text: str) -> str:
    """Green with a tick when right, red with a cross when not, neutral (None) for guidance."""
    if not text:
        return ""
    kind = "tutor-right" if right else "tutor-wrong" if right is False else "tutor-info"
    mark = f'<span class="tutor-icon" aria-hidden="true">{MARKS[kind]}</span>' if kind in MARKS else ""
    return f'<div class="tutor-feedback {kind}" role="status">{mark}{escape(text)}</div>'
