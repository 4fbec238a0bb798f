"""The one way pages give a verdict or a hint: a coloured box that screen readers announce."""
from __future__ import annotations

from html import escape


def feedback(right: bool | None, text: str) -> str:
    """Green when right, red when not, neutral (None) for guidance."""
    if not text:
        return ""
    kind = "tutor-right" if right else "tutor-wrong" if right is False else "tutor-info"
    return f'<div class="tutor-feedback {kind}" role="status">{escape(text)}</div>'
