"""A classroom on a public address: what one page may do to the classes of others. Codes are
not guessed at speed, a page starts few classes and joins one learner, names and codes are
shown cleaned, the SQLite store is private to its account, and Redis takes a password."""

import re
import stat
from html import unescape

import pytest
import redis
from classroom_stores import RedisServer, names, require_redis_server
from classroom_widgets import hello, join, start_class
from widget_text import text_of

from tutor.classroom import Classrooms, StoreUnavailable, open_store
from tutor.classroom.classes import (
    CAPACITY,
    CLASS_SIZE,
    CLASSES_PER_PAGE,
    GUESS_LIMIT,
    GUESS_PAUSE_SECONDS,
    ClassroomError,
)
from tutor.messages import msg, set_language
from widgets.classroom.follower import Follower
from widgets.classroom.presenter import Presenter


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    opened = open_store(f"sqlite://{tmp_path / 'class.db'}")
    yield opened
    opened.close()


def start(classrooms: Classrooms):
    return classrooms.start("thricewise", "01-first", "en", steps=3, try_steps=(2,))


def test_wrong_codes_slow_a_page_down_and_are_logged(store, caplog):
    """One join page tried about 290 codes a second. After GUESS_LIMIT wrong ones, right ones between or not,
    it waits GUESS_PAUSE_SECONDS before each further try, even with the right code."""
    clock = Clock()
    teacher = start(Classrooms(store, clock=clock))
    guesser = Classrooms(store, clock=clock)
    for code in [f"ZZZZZ{char}" for char in "ABCDEFGH"[:GUESS_LIMIT]]:
        with pytest.raises(ClassroomError, match="This page cannot join a class"):
            guesser.join(code, "Sam")
    with pytest.raises(ClassroomError) as waiting:
        guesser.join(teacher.code, "Sam")
    assert str(waiting.value) == msg("classroom.error.too-many-codes", seconds=int(GUESS_PAUSE_SECONDS))
    assert sum("Wrong class code" in record.getMessage() for record in caplog.records) == GUESS_LIMIT
    clock.now += GUESS_PAUSE_SECONDS
    assert guesser.join(teacher.code, "Sam").name == "Sam"
    other = Classrooms(store, clock=clock)  # another page is not slowed by this one
    assert other.join(teacher.code, "Ann").name == "Ann"


def test_a_right_code_does_not_reset_the_wrong_ones(store):
    """4 made-up codes and 1 real one, repeated, gave 748 wrong codes in 20 s: the real one
    reset the count. Wrong codes now count on a page whatever comes between them."""
    clock = Clock()
    teacher = start(Classrooms(store, clock=clock))
    guesser = Classrooms(store, clock=clock)
    for char in "ABCD":
        with pytest.raises(ClassroomError, match="This page cannot join a class"):
            guesser.join(f"ZZZZZ{char}", "Sam")
    guesser.join(teacher.code, "Sam")
    with pytest.raises(ClassroomError, match="This page cannot join a class"):  # the fifth wrong one
        guesser.join("ZZZZZF", "Sam")
    with pytest.raises(ClassroomError) as waiting:
        guesser.join("ZZZZZE", "Sam")
    assert str(waiting.value) == msg("classroom.error.too-many-codes", seconds=int(GUESS_PAUSE_SECONDS))


def test_a_page_keeps_few_classes_and_ends_the_oldest(store):
    """One teach page created 100 classes in 28 s, each kept for hours."""
    clock = Clock()
    page = Classrooms(store, clock=clock)
    teachers = [start(page) for _ in range(CLASSES_PER_PAGE + 2)]
    learner = Classrooms(store, clock=clock)
    for teacher in teachers[:2]:
        with pytest.raises(ClassroomError):  # ended, and deleted when the next one started
            learner.join(teacher.code, "Sam")
    for teacher in teachers[2:]:
        assert learner.join(teacher.code, "Sam").name == "Sam"


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("  Sam\u202e  ", "Sam"),
        ("A\u0000n\u001bn", "Ann"),
        ("\u2066Lou\u2069\u200f", "Lou"),
        ("Jo\nDe", "Jo De"),
        ("\u200bZo\u200c\u2060e\u00ad", "Zoe"),  # zero-width characters made two names look alike
    ],
)
def test_names_lose_control_and_direction_characters(store, typed, kept):
    teacher = start(Classrooms(store))
    assert Classrooms(store).join(teacher.code, typed).name == kept
    assert names(teacher) == [kept]


def test_a_typed_code_is_shown_cleaned_and_short(store):
    with pytest.raises(ClassroomError) as refused:
        Classrooms(store).join("\u202e" + "X" * 6000, "Sam")
    assert "\u202e" not in str(refused.value) and len(str(refused.value)) < 300


def test_one_learner_per_join_page(tmp_path):
    """One page joined 60 learners to a class by going back to the form: now it stays one."""
    classrooms = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"))
    presenter = start_class(classrooms)
    code = presenter.teacher.code
    page = join(classrooms, code, "Sam")
    for number in range(5):
        page.leave("")
        page.code.value, page.name.value = code, f"Fake {number}"
        page.join()
    assert names(presenter.teacher) == ["Sam"]
    assert msg("classroom.follow.who", code=code, name="Sam") in text_of(page)


def test_the_teacher_sets_the_class_size_and_a_learner_over_it_is_told_in_words(tmp_path):
    """The class size on the teacher's form (30 first, 1 to 60) is what the store lets join."""
    classrooms = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"))
    presenter = Presenter(classrooms)
    presenter.opened(hello())
    assert (presenter.size.value, presenter.size.min, presenter.size.max) == (CLASS_SIZE, 1, CAPACITY)
    assert msg("classroom.setup.size") in text_of(presenter)
    presenter.size.value = 2
    presenter.start()
    code = presenter.presented.code
    join(classrooms, code, "Ann")
    join(Classrooms(classrooms.store), code, "Bob")
    late = Follower(Classrooms(classrooms.store))
    late.opened(hello(width=390))
    late.code.value, late.name.value = code, "Cy"
    late.join()
    assert late.learner is None and msg("classroom.error.full", limit=2) in text_of(late)
    assert names(presenter.presented) == ["Ann", "Bob"]


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_the_full_class_sentence_and_the_size_label_exist_in_every_language(language):
    set_language(language)
    try:
        for key in ("classroom.error.full", "classroom.setup.size"):
            assert msg(key, limit=2).strip() and "{" not in msg(key, limit=2)
    finally:
        set_language("en")


def test_a_class_size_outside_1_to_60_is_refused(store):
    for size in (0, CAPACITY + 1):
        with pytest.raises(ValueError):
            Classrooms(store).start("thricewise", "01-first", "en", steps=3, size=size)


def test_the_teacher_removes_a_learner_and_their_page_is_told_in_words(tmp_path, caplog):
    """A made-up name in the class: the teacher takes it out with the button beside it."""
    classrooms = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"))
    presenter = start_class(classrooms)
    code = presenter.presented.code
    ann = join(classrooms, code, "Ann")
    rude = join(Classrooms(classrooms.store), code, "Rude")
    presenter.act("roster")
    shown = presenter.bar.render()
    assert msg("classroom.bar.roster") in unescape(shown) and "Rude" in shown
    button = re.search(r'<button[^>]*aria-label="Remove Rude from the class"[^>]*>', shown)
    assert button is not None, shown
    presenter.bar.click(re.search(r'data-target="([^"]+)"', button.group()).group(1))
    assert names(presenter.presented) == ["Ann"]
    assert msg("classroom.bar.learners", count=1) in unescape(presenter.bar.render())
    rude.poll()
    assert rude.learner is None and msg("classroom.error.removed", code=code) in text_of(rude)
    assert msg("classroom.form.join") in text_of(rude)
    ann.poll()
    assert ann.learner is not None
    presenter.bar.click("remove:0123456789ab")
    assert names(presenter.presented) == ["Ann"] and "Ignored a removal" in caplog.text


@pytest.mark.parametrize("sent", [None, "x", [], 5])
def test_a_hello_that_is_not_a_dict_is_ignored(tmp_path, sent, caplog):
    page = Follower(Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}")))
    heard = []
    page.link.hello = heard.append
    page.link._receive(page.link, {"hello": sent}, [])
    assert heard == [] and "Ignored a classroom hello" in caplog.text


@pytest.mark.parametrize(
    "part, value",
    [
        ("query", []),
        ("stored", {"code": 5}),
        ("stored", "K7PX2M"),
        ("languages", "en"),
        ("href", "x" * 100_000),
        ("query", {"code": ["a"]}),
    ],
)
def test_a_hello_part_of_another_shape_is_left_out_and_the_page_opens(tmp_path, part, value, caplog):
    """A spoilt localStorage entry or a visitor's own client: the join form, not a stuck page."""
    page = Follower(Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}")))
    page.link._receive(page.link, {"hello": hello(**{part: value})}, [])
    assert page.learner is None and msg("classroom.form.heading") in text_of(page)
    assert "Left out parts of a classroom hello" in caplog.text


def test_the_sqlite_store_is_private_to_its_account(tmp_path):
    path = tmp_path / "data" / "card-rules-tutor" / "classroom.db"
    store = open_store(f"sqlite://{path}")
    store.create_class("ABC234", {"settings": {}, "teacher": "t"}, {}, expires_at=1e12)
    try:
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        for file in path.parent.iterdir():  # the database and its -wal and -shm files
            assert stat.S_IMODE(file.stat().st_mode) == 0o600, file.name
    finally:
        store.close()


def test_a_redis_store_with_a_password():
    """docs/classroom.md's example: redis-server with requirepass, the password in the address."""
    require_redis_server()
    with RedisServer(password="class-secret") as address:
        store = open_store(address)
        try:
            assert store.create_class("ABC234", {"settings": {}, "teacher": "t"}, {}, expires_at=1e12)
        finally:
            store.close()
        without = open_store(address.replace(":class-secret@", ""))
        with pytest.raises((StoreUnavailable, redis.exceptions.AuthenticationError)):
            without.get_class("ABC234")
        without.close()
