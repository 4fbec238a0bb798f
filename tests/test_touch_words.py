"""Learners read the tutor on phones and tablets as much as with a mouse: no text they read
tells them to click (en), cliquer (fr) or klikken (nl); they choose, play or put. The lesson
studio, for a teacher at a computer, may."""

import re
from pathlib import Path

import pytest

from tutor.messages import LANGUAGES, catalog

MOUSE_WORDS = re.compile(r"\bclick|\bcliqu|\bklik", re.IGNORECASE)
LESSONS = Path(__file__).resolve().parents[1] / "tutor" / "lessons"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_learner_text_says_click(lang):
    found = {
        key: text
        for key, text in catalog(lang).items()
        if isinstance(text, str) and not key.startswith("studio.") and MOUSE_WORDS.search(text)
    }
    assert found == {}


def test_no_lesson_says_click():
    found = [
        f"{path.name}:{number}"
        for path in sorted(LESSONS.rglob("*.yaml"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if MOUSE_WORDS.search(line)
    ]
    assert found == []
