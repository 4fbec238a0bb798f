"""The texts' files (texts/<lang>.txt, written by ``python -m tutor texts``) hold what the tutor
shows now: a change of wording reaches a review as a diff of those files."""

import difflib

from tutor import texts
from tutor.games import game
from tutor.lessons import load_lesson
from tutor.messages import LANGUAGES


def test_the_texts_files_hold_every_text_the_tutor_shows_now():
    stale = {}
    for lang in LANGUAGES:
        path = texts.OUT / f"{lang}.txt"
        kept = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        now = texts.texts(lang).splitlines()
        if kept != now:
            stale[lang] = "\n".join(list(difflib.unified_diff(kept, now, str(path), "now", n=0, lineterm=""))[:12])
    assert not stale, f"out of date: run `{texts.REFRESH}` and commit texts/\n" + "\n".join(stale.values())


def test_no_text_as_shown_has_a_doubled_or_trailing_space():
    """A guided game's prompt joins facts ("{dealt} {bust} {your_move}"), and a fact with nothing
    to say must not leave its spaces behind. (A line that ends in ": " shows an empty text.)"""
    spaced = [
        f"{lang}: {line!r}"
        for lang in LANGUAGES
        for line in (texts.OUT / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
        if "  " in line or (line != line.rstrip() and not line.endswith(": "))
    ]
    assert spaced == []


def test_a_play_on_steps_first_prompt_is_in_the_file():
    """A play-on step asks before the learner's first move ("Place the Savage."): that prompt reaches
    the reviewers too, not only those after each move."""
    lesson = load_lesson(game("thricewise").lesson_files()[0])
    line = lesson.line()
    kept = (texts.OUT / "en.txt").read_text(encoding="utf-8").splitlines()
    asked = [
        f"{step.number} prompt: {lesson.text(step.try_.prompt, line.moments[index])}"
        for index, step in enumerate(lesson.steps)
        if lesson.plays_on(step)
    ]
    assert asked and all(prompt in kept for prompt in asked)
