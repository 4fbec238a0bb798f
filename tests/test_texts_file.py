"""The texts' files (texts/<lang>.txt, written by ``python -m tutor texts``) hold what the tutor
shows now: a change of wording reaches a review as a diff of those files."""

import difflib

from tutor import texts
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
