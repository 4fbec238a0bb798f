"""What a piece of the tutor gives in two languages whose card names differ (the first and
the last), so a test can hold it the same for learners of one class who read either."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.messages import LANGUAGES, language, set_language


def in_two_languages(made: Callable[[], Any]) -> list[Any]:
    before, given = language(), []
    try:
        for lang in (LANGUAGES[0], LANGUAGES[-1]):
            set_language(lang)
            given.append(made())
    finally:
        set_language(before)
    return given
