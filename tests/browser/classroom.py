"""How the browser tests run a class: the teacher's page starts one on a lesson, a learner
joins it by its code, and waits for the step the teacher shows."""

from tutor.games import game_name
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg

from .conftest import PAGE_TIMEOUT_MS

GAME, LESSON = "monster-trick", "03-where-may-a-card-go"  # the class's lesson: its question comes at step 2
TEACH, JOIN = "classroom/teach.ipynb", "classroom/join.ipynb"


def the_lesson():
    """The class's lesson (LESSON), its number in the game's list and the index of its first try-it step."""
    paths = bundled_lessons(GAME)
    path = next(path for path in paths if path.stem == LESSON)
    lesson = load_lesson(path)
    index = next(number for number, step in enumerate(lesson.steps) if step.try_)
    return lesson, paths.index(path) + 1, index


def step_text(number: int, total: int) -> str:
    """The words a page shows for step ``number`` of ``total``."""
    return msg("widgets.stepper.count", number=number, total=total)


def start_class(teacher, voila, lesson, number, size: int | None = None) -> str:
    """Start a class on ``lesson`` (lesson ``number`` of GAME) from the teacher's page, for ``size``
    learners if given; the class's code, once the page shows the class strip."""
    teacher.goto(voila.page_url(TEACH))
    teacher.wait_for_selector(".tutor-start-class", timeout=PAGE_TIMEOUT_MS)
    if size is not None:
        field = teacher.get_by_label(msg("classroom.setup.size"))
        assert field.input_value() == "30" and field.is_visible()
        field.fill(str(size))
        field.press("Tab")
    teacher.locator(".tutor-game-field select").select_option(label=game_name(GAME))
    teacher.locator(".tutor-lesson-field select").select_option(
        label=msg(
            "classroom.setup.asks",
            lesson=msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes),
        )
    )
    teacher.click(".tutor-start-class")
    teacher.wait_for_selector(".tutor-class-strip")
    return teacher.locator(".tutor-class-code strong").inner_text()


def join(learner, voila, code: str, name: str) -> None:
    """Open the join page at the address the class's code gives and join as ``name``: waits
    until the page names the learner and the class."""
    learner.goto(f"{voila.page_url(JOIN)}?code={code}")  # the scanned address
    learner.wait_for_selector(".tutor-join", timeout=PAGE_TIMEOUT_MS)
    learner.fill(".tutor-name-field input", name)
    learner.click(".tutor-join")
    learner.wait_for_selector(".tutor-who")


def wait_for_step(learner, number: int, total: int) -> None:
    """Wait until the learner's page shows step ``number`` of ``total`` (the step the teacher is at)."""
    learner.locator(".tutor-head .tutor-count", has_text=step_text(number, total)).wait_for()
