"""A lesson shared by a link, in real browsers: the teacher opens a lesson in the studio and
shares it; a learner on another device opens the link and is at its first step, board in
view; the teacher's own lesson is in the teacher's lists, marked; a spoilt link is said in
words and the page stays usable."""

import pytest
import yaml
from one_file import one_file

from tutor.games import game_name
from tutor.lesson_links import PARAMETER
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg, msg_in
from tutor.studio import lesson_yaml
from widgets.app import STUDIO, page_file

from .classroom import TEACH, join
from .conftest import assert_no_code_or_errors, screenshot, viewport
from .pages import LAPTOP, PROJECTOR, assert_accessible, in_view
from .phone import PHONE

GAME, LESSON = "monster-trick", "03-where-may-a-card-go"
TITLE = {"en": "Our own example", "fr": "Notre propre exemple", "nl": "Ons eigen voorbeeld"}


def own_lesson_file(folder):
    """A shipped lesson with a title of the teacher's own."""
    path = next(path for path in bundled_lessons(GAME) if path.stem == LESSON)
    data = yaml.safe_load(one_file(path))  # its texts in it, as a teacher's lesson has them
    data["title"] = TITLE
    made = folder / "our-example.yaml"
    made.write_text(lesson_yaml(data), encoding="utf-8")
    return made


def share_in_studio(teacher, voila, file) -> str:
    """Open ``file`` in the studio and share it; the learner's link, as the page shows it."""
    teacher.goto(f"{voila.page_url(STUDIO)}?game={GAME}")
    teacher.locator(".tutor-step-list").wait_for()
    with teacher.expect_file_chooser() as chooser:
        teacher.get_by_role("button", name=msg("studio.page.open")).click()
    chooser.value.set_files(file)
    teacher.get_by_text(msg("studio.page.opened", file=file.name)).wait_for()
    teacher.get_by_role("button", name=msg("studio.page.share")).click()
    link = teacher.get_by_role("link", name=msg("studio.page.share-learner"))
    link.wait_for()
    return link.evaluate("link => link.href")


def test_a_learner_opens_a_shared_lesson_by_its_link_at_its_first_step(browser, voila, tmp_path):
    lesson = load_lesson(own_lesson_file(tmp_path))
    teacher = browser(LAPTOP)
    address = share_in_studio(teacher, voila, own_lesson_file(tmp_path))
    assert f"{PARAMETER}=z1." in address and len(address) < 8000
    teacher.get_by_text(msg("studio.page.share-ready")).wait_for()
    screenshot(teacher, "shared-studio-1280x800")
    assert in_view(teacher, ".tutor-studio .tutor-board", 400), "sharing leaves the board in view"
    assert_accessible(teacher)

    learner = browser(LAPTOP)  # another device: nothing kept there
    learner.goto(address)
    learner.locator(".tutor-shelf .tutor-board").first.wait_for()
    chosen = learner.locator(".tutor-chooser select option:checked").inner_text().replace("\xa0", " ")
    assert chosen == msg("app.learn.from-link", title=TITLE["en"], minutes=lesson.minutes)
    learner.get_by_text(msg("widgets.stepper.count", number=1, total=len(lesson.steps))).first.wait_for()
    assert in_view(learner, ".tutor-shelf .tutor-board", 400), "the board is in view, big enough"
    screenshot(learner, "shared-learner-1280x800")
    assert_accessible(learner)
    assert_no_code_or_errors(learner)
    learner.set_viewport_size(viewport(PROJECTOR))
    assert in_view(learner, ".tutor-shelf .tutor-board", 500)
    screenshot(learner, "shared-learner-1920x1080")

    # the teacher's learn page lists the lesson as the teacher's own, in words and with a mark
    teacher.goto(voila.page_url(page_file("learn", GAME)))
    own = msg("app.learn.own", title=TITLE["en"], minutes=lesson.minutes)
    teacher.locator(".tutor-chooser select option", has_text=own).wait_for(state="attached")
    teacher.locator(".tutor-chooser select").select_option(label=own)
    teacher.locator(".tutor-lesson-panel .tutor-title", has_text=TITLE["en"]).first.wait_for()

    # "edit a copy": the studio opens the link's lesson; the kept draft waits behind Undo
    teacher.goto(address.replace("learn.ipynb", STUDIO))
    teacher.get_by_text(msg("studio.page.set-aside"), exact=False).wait_for()
    assert teacher.locator(".tutor-step-list .tutor-step-item").count() == len(lesson.steps) + 1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_spoilt_link_is_said_in_words_and_the_lessons_stay(browser, voila, language, tmp_path):
    learner = browser(LAPTOP)
    learner.goto(f"{voila.page_url(page_file('learn', GAME))}&{PARAMETER}=z1.eJwrSS0u0c3IVEjOyczLBgAj&lang={language}")
    said = learner.locator(".tutor-link-problem")
    said.wait_for()
    assert msg_in(language, "links.damaged") in said.inner_text()
    learner.locator(".tutor-shelf .tutor-board").first.wait_for()  # the game's first lesson, to learn
    screenshot(learner, f"shared-spoilt-{language}-1280x800")
    assert in_view(learner, ".tutor-shelf .tutor-board", 300)
    assert_no_code_or_errors(learner)
    assert_accessible(learner)


def test_the_teachers_own_lesson_is_marked_in_the_class_list_and_leads_a_class(browser, voila, tmp_path):
    lesson = load_lesson(own_lesson_file(tmp_path))
    teacher = browser(LAPTOP)
    share_in_studio(teacher, voila, own_lesson_file(tmp_path))
    teacher.goto(voila.page_url(TEACH))
    teacher.wait_for_selector(".tutor-start-class")
    teacher.locator(".tutor-game-field select").select_option(label=game_name(GAME))
    own = msg("classroom.setup.asks", lesson=msg("classroom.setup.own", title=TITLE["en"], minutes=lesson.minutes))
    teacher.locator(".tutor-lesson-field select option", has_text=own).wait_for(state="attached")
    teacher.locator(".tutor-lesson-field select").select_option(label=own)
    screenshot(teacher, "shared-teach-form-1280x800")
    assert_accessible(teacher)
    teacher.click(".tutor-start-class")
    teacher.wait_for_selector(".tutor-class-strip")
    code = teacher.locator(".tutor-class-code strong").inner_text()
    learner = browser(PHONE)
    join(learner, voila, code, "Sam")
    learner.locator(".tutor-title", has_text=TITLE["en"]).first.wait_for()  # the learner's page opened it too
    screenshot(learner, "shared-class-learner-390x844")
    assert_no_code_or_errors(learner)
