"""Lessons shared by a link, on the pages without a browser: the studio's Share button, the learn
page opening a link (or saying why it cannot), and a teacher's own lessons in the learn page's
list and the class form's, marked as theirs."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from one_file import one_file

from tutor.games import game as registered
from tutor.games import games
from tutor.lesson_links import carried, shared_lesson
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets import own_lessons
from widgets.app import learn_page
from widgets.classroom.lesson import class_lesson
from widgets.classroom.presenter import Presenter
from widgets.learn import LessonShelf
from widgets.own_lessons import OWN
from widgets.studio import StudioBody

GAME = "danger-13"


def lesson_text() -> str:
    return one_file(bundled_lessons(GAME)[2])


def shelf_of(page):
    return next(child for child in page.children if type(child).__name__ == "LessonShelf")


def labels(chooser) -> list[str]:
    return [label for label, _value in chooser.options]


def test_the_studio_shares_a_lesson_that_holds_and_refuses_one_that_does_not():
    body = StudioBody(registered(GAME))
    body.share_link.click("share")
    assert msg("studio.page.share-fix") in body.message.value and not body.share_link.learner
    body.open_file("lesson.yaml", lesson_text().encode())
    body.share_link.click("share")
    assert msg("studio.page.share-ready") in body.message.value
    query = parse_qs(urlsplit(body.share_link.learner).query)
    assert urlsplit(body.share_link.learner).path == "learn.ipynb" and query["game"] == [GAME]
    assert query["shared"] == [carried(body.draft.yaml_text())] and query["lang"] == ["en"]
    assert "tutor-share-learner" in body.share_link.html and "studio.ipynb" in body.share_link.editor
    body.say.boxes["en"].value = "Something else."  # the lesson changed: the old link goes
    assert not body.share_link.learner and "tutor-share-learner" not in body.share_link.html


def test_the_studio_opens_a_copy_from_a_link_and_keeps_the_draft_it_had_behind_undo():
    body = StudioBody(registered(GAME), carried(lesson_text()))
    assert msg("studio.page.opened-link") in body.message.value
    assert len(body.draft.steps) == len(load_lesson(bundled_lessons(GAME)[2]).steps)
    kept = StudioBody(registered(GAME))
    kept.add_step()
    body.files.restored(json.dumps({"draft": kept.draft.to_json(), "saved": ""}))
    assert msg("studio.page.set-aside") in body.message.value
    body.undo()
    assert len(body.draft.steps) == 1, "Undo brings back the lesson being made"


def test_the_studio_says_why_a_spoilt_link_does_not_open():
    body = StudioBody(registered(GAME), "z1.spoilt")
    assert msg("links.damaged") in body.message.value and "Traceback" not in body.message.value
    assert body.draft.steps == [], "the page still works, on a new deal"


def test_the_learn_page_opens_a_link_first_and_says_why_a_spoilt_one_does_not(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"game={GAME}&shared={carried(lesson_text())}")
    shelf = shelf_of(learn_page())
    lesson = load_lesson(bundled_lessons(GAME)[2])
    assert labels(shelf.chooser)[0] == msg("app.learn.from-link", title=lesson.title, minutes=lesson.minutes)
    assert shelf.chooser.value == 0 and shelf.stage.children[0].lesson.title == lesson.title
    assert len(shelf.lessons) == len(bundled_lessons(GAME)) + 1
    assert shelf.problem.layout.display == "none"

    monkeypatch.setenv("QUERY_STRING", f"game={GAME}&shared=z1.{'A' * 7000}")
    shelf = shelf_of(learn_page())
    assert msg("links.too-long") in shelf.problem.value
    assert len(shelf.lessons) == len(bundled_lessons(GAME)) and shelf.stage.children[0].lesson.title


@pytest.mark.parametrize("game", list(games()))
def test_a_teachers_own_lessons_end_the_learn_list_marked_and_only_the_games_own(monkeypatch, game):
    monkeypatch.setenv("QUERY_STRING", f"game={game}")
    shelf = shelf_of(learn_page())
    text = one_file(bundled_lessons(game)[0])
    other = next(known for known in games() if known != game)
    links = [
        {"game": game, "shared": carried(text)},
        {"game": other, "shared": carried(one_file(bundled_lessons(other)[0]))},
        {"game": game, "shared": "z1.spoilt"},  # no longer opens: left out
        {"game": game},  # not a link at all
        "junk",
    ]
    shelf.asked._receive(shelf.asked, {"own": links}, [])
    lesson = load_lesson(bundled_lessons(game)[0])
    assert labels(shelf.chooser)[-1] == msg("app.learn.own", title=lesson.title, minutes=lesson.minutes)
    assert len(shelf.lessons) == len(bundled_lessons(game)) + 1 and shelf.chooser.value == 0
    shelf.chooser.value = len(shelf.lessons) - 1
    assert shelf.stage.children[0].lesson.title == lesson.title


def test_a_teachers_own_lesson_is_offered_marked_on_the_class_form_and_opens_for_a_class():
    presenter = Presenter()
    presenter.setup()
    presenter.game.value = GAME
    value = carried(lesson_text())
    presenter.own._receive(presenter.own, {"own": [{"game": GAME, "shared": value}]}, [])
    lesson = load_lesson(bundled_lessons(GAME)[2])
    own = msg("classroom.setup.own", title=lesson.title, minutes=lesson.minutes)
    label, chosen = presenter.lesson.options[-1]
    assert own in label and chosen == OWN + value
    assert class_lesson(GAME, chosen).title == lesson.title
    presenter._relabel("fr")  # the choice stays through a language switch
    presenter.lesson.value = chosen
    assert presenter.lesson.options[-1][1] == chosen


def test_the_games_last_lesson_still_ends_with_the_turn_in_brief_when_own_lessons_follow():
    lessons = [load_lesson(path) for path in bundled_lessons(GAME)]
    shared = load_lesson(bundled_lessons(GAME)[2])
    shelf = LessonShelf(registered(GAME), lessons, shared)
    shelf.asked._receive(shelf.asked, {"own": [{"game": GAME, "shared": carried(lesson_text())}]}, [])
    shelf.show(len(lessons))  # the game's last lesson, after the link's
    stepper = shelf.stage.children[0]
    stepper.step = stepper.total - 1
    assert list(shelf.stage.children) == [stepper, shelf.turn]
    assert shelf.following.layout.display is None, "the teacher's own lesson comes next"
    shelf.show(len(lessons) + 1)
    stepper = shelf.stage.children[0]
    stepper.step = stepper.total - 1
    assert list(shelf.stage.children) == [stepper]


def test_one_message_of_own_lessons_asks_for_a_bounded_amount_of_reading(monkeypatch):
    """Twenty links to 9,000-step lessons cost 20 s of the kernel's time: the lessons one
    message names are read up to OWN_TEXT_LIMIT characters together, the rest left out."""
    text = lesson_text()
    monkeypatch.setattr(own_lessons, "OWN_TEXT_LIMIT", 2 * len(text) + 10)
    read = []
    monkeypatch.setattr(own_lessons, "shared_lesson", lambda found: read.append(found) or shared_lesson(found))
    opened = own_lessons.own_lessons(GAME, [{"game": GAME, "shared": carried(text)}] * own_lessons.KEPT)
    assert len(opened) == len(read) == 2


def test_the_own_lessons_are_told_once():
    asked = own_lessons.OwnLessons()
    first = [{"game": GAME, "shared": carried(lesson_text())}]
    asked._receive(asked, {"own": first}, [])
    asked._receive(asked, {"own": first * 20}, [])  # each telling cost the kernel the lessons' reading
    assert asked.links == first


def test_a_studio_page_keeps_a_bounded_number_of_long_lessons_in_the_store(monkeypatch, tmp_path):
    """One studio page shared 480 long lessons and pushed every other lesson out of the store."""
    from tutor import lesson_links
    from widgets import studio

    monkeypatch.setenv("TUTOR_CLASS_STORE", f"sqlite://{tmp_path / 'class.db'}")
    for module in (lesson_links, studio):  # every lesson is long enough to be kept in the store
        monkeypatch.setattr(module, "MAX_CARRIED", 10)
    monkeypatch.setattr(studio, "STORED_PER_PAGE", 2)
    body = StudioBody(registered(GAME))
    body.open_file("lesson.yaml", lesson_text().encode())
    for words in ("First.", "Second.", "First."):  # the same lesson again takes no more room
        body.say.boxes["en"].value = words
        body.share_link.click("share")
        assert msg("studio.page.share-ready") in body.message.value
    body.say.boxes["en"].value = "Third."
    body.share_link.click("share")
    assert msg("studio.page.share-stored-limit", limit=2) in body.message.value and not body.share_link.learner
