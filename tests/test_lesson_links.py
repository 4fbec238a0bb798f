"""A lesson shared by a link (tutor/lesson_links.py): carried on the address when small, else
kept in the store under a short code; a changed, cut or unknown link is refused in words."""

import random
import string
from functools import partial

import pytest
from one_file import one_file

from tutor.classroom import open_store
from tutor.classroom import store as store_module
from tutor.games import games
from tutor.lesson_links import (
    CARRIED,
    CODE,
    MAX_CARRIED,
    MAX_STORED_BYTES,
    LessonLinkError,
    carried,
    lesson_code,
    open_shared,
    share,
    shared_text,
)
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import LANGUAGES, msg_in


def no_store():
    raise AssertionError("a carried lesson needs no store")


def first_lesson(game: str) -> str:
    return one_file(bundled_lessons(game)[0])


def long_lesson(game: str) -> str:
    """A shipped lesson with a summary of seeded random letters: too long for an address."""
    words = random.Random(1)
    summary = " ".join("".join(words.choices(string.ascii_lowercase, k=7)) for _ in range(1200))
    out, skipping = [], False
    for line in first_lesson(game).splitlines():
        if line.startswith("summary:"):
            out.append(f"summary: {summary}")
            skipping = True
        elif skipping and line.startswith(" "):
            continue
        else:
            skipping = False
            out.append(line)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("game", list(games()))
def test_a_shipped_lesson_travels_on_the_address_and_comes_back_the_same(game):
    text = first_lesson(game)
    value = share(text, store=no_store)
    assert value.startswith(CARRIED) and len(value) <= MAX_CARRIED
    assert value == carried(text)
    assert shared_text(value, store=no_store) == text
    lesson, opened = open_shared(value, store=no_store)
    assert opened == text and lesson.title == load_lesson(bundled_lessons(game)[0]).title
    assert all(char.isalnum() or char in "-_." for char in value), "nothing to escape on an address"


def test_a_lesson_too_long_for_the_address_is_kept_in_the_store_under_a_short_code(store_address):
    text = long_lesson(next(iter(games())))
    load_lesson("long.yaml", text)  # still a lesson that holds
    assert len(carried(text)) > MAX_CARRIED
    opener = partial(open_store, store_address)
    code = share(text, store=opener)
    assert CODE.fullmatch(code) and code == lesson_code(text)
    assert share(text, store=opener) == code, "the same lesson, the same code"
    assert shared_text(code, store=opener) == text
    assert open_shared(code, store=opener)[1] == text


def tampered(value: str) -> str:
    """``value`` with one letter of its data changed."""
    middle = len(value) // 2
    return value[:middle] + ("A" if value[middle] != "A" else "B") + value[middle + 1 :]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "make, key",
    [
        (lambda value: tampered(value), "links.damaged"),
        (lambda value: value[: len(value) // 2], "links.damaged"),
        (lambda value: value + "A" * MAX_CARRIED, "links.too-long"),
        (lambda value: CARRIED + "not base64!", "links.damaged"),
        (lambda value: "<script>alert(1)</script>\u202e" + "x" * 500, "links.not-a-link"),
        (lambda value: "", "links.not-a-link"),
    ],
)
def test_a_changed_or_cut_link_is_refused_in_a_clear_sentence(make, key, language, speaking):
    speaking(language)
    value = carried(first_lesson(next(iter(games()))))
    with pytest.raises(LessonLinkError) as refused:
        open_shared(make(value), store=no_store)
    said = str(refused.value)
    start = msg_in(language, key, value="\u0000", code="\u0000").partition("\u0000")[0]
    assert said.startswith(start) and "Traceback" not in said
    assert "\u202e" not in said and len(said) < 400, "text from the address is cleaned and cut"


def test_an_unknown_code_is_named_and_a_lesson_that_does_not_hold_is_said(store_address, speaking):
    speaking("fr")
    opener = partial(open_store, store_address)
    with pytest.raises(LessonLinkError, match="abcdefgh23"):
        open_shared("abcdefgh23", store=opener)
    broken = first_lesson(next(iter(games()))).replace("steps:", "stepz:", 1)
    with pytest.raises(LessonLinkError) as refused:
        open_shared(carried(broken), store=no_store)
    assert str(refused.value).startswith(msg_in("fr", "links.does-not-hold", problem="\u0000").partition("\u0000")[0])


def test_a_link_that_inflates_beyond_a_lesson_file_is_refused():
    import base64
    import zlib

    bomb = CARRIED + base64.urlsafe_b64encode(zlib.compress(b" " * 2_000_000, 9)).decode().rstrip("=")
    assert len(bomb) <= MAX_CARRIED
    with pytest.raises(LessonLinkError):
        shared_text(bomb, store=no_store)


def test_one_address_sharing_many_lessons_pushes_out_only_its_own(store_address, monkeypatch):
    """One studio page shared 480 lessons and evicted every older lesson in the store: an
    address keeps at most LESSONS_PER_OWNER, dropping its own opened longest ago."""
    monkeypatch.setattr(store_module, "MAX_LESSONS", 4)
    monkeypatch.setattr(store_module, "LESSONS_PER_OWNER", 2)
    opened = open_store(store_address)
    try:
        for number in range(2):
            opened.put_lesson(f"teacher{number:03d}", f"lesson {number}", owner="198.51.100.1")
        for number in range(10):
            opened.put_lesson(f"visitor{number:03d}", f"made up {number}", owner="203.0.113.9")
        assert [opened.get_lesson(f"teacher{number:03d}") for number in range(2)] == ["lesson 0", "lesson 1"]
        kept = [number for number in range(10) if opened.get_lesson(f"visitor{number:03d}") is not None]
        assert kept == [8, 9]
    finally:
        opened.close()


def test_the_store_keeps_the_lessons_opened_last_and_refuses_one_too_big_to_share(store_address, monkeypatch):
    """Any visitor can share a lesson: the store keeps at most MAX_LESSONS, dropping those opened
    longest ago (a lesson in use stays), and a lesson over MAX_STORED_BYTES is refused in words."""
    monkeypatch.setattr(store_module, "MAX_LESSONS", 3)
    opened = open_store(store_address)
    try:
        for number in range(3):
            opened.put_lesson(f"lesson{number:04d}", f"text {number}")
        assert opened.get_lesson("lesson0000") == "text 0"  # opened again: now the newest
        opened.put_lesson("lesson0003", "text 3")
        kept = {code: opened.get_lesson(code) for code in ("lesson0000", "lesson0001", "lesson0002", "lesson0003")}
        assert kept == {"lesson0000": "text 0", "lesson0001": None, "lesson0002": "text 2", "lesson0003": "text 3"}
    finally:
        opened.close()
    with pytest.raises(LessonLinkError) as refused:
        share(long_lesson(next(iter(games()))) + "#" * MAX_STORED_BYTES, store=no_store)
    assert str(refused.value).startswith("This lesson is too long to share")


def test_a_store_made_before_lessons_had_owners_opens_and_keeps_its_lessons(tmp_path):
    import sqlite3

    path = tmp_path / "class.db"
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE lessons (code TEXT PRIMARY KEY, text TEXT NOT NULL, opened REAL NOT NULL)")
        old.execute("INSERT INTO lessons VALUES ('kept', 'a lesson', 1.0)")
    opened = open_store(f"sqlite://{path}")
    try:
        opened.put_lesson("new", "another", owner="198.51.100.1")
        assert (opened.get_lesson("kept"), opened.get_lesson("new")) == ("a lesson", "another")
    finally:
        opened.close()
