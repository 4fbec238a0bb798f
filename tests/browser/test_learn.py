"""The learn pages in a real browser: a whole lesson step by step, a refused move, a rule."""

import pytest

from tutor.games import games
from tutor.games.monster_trick import Play
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets.app import page_file

from .boards import play
from .conftest import assert_disabled, assert_no_code_or_errors, open_page, screenshot, viewport
from .pages import LAPTOP, NEXT


def walked_lesson(game: str):
    """The first lesson with a try-it step (the first lesson if none has one), and all. A
    guided game goes on from the moves played: tests/browser/test_guided.py walks those."""
    lessons = [load_lesson(path) for path in bundled_lessons(game)]
    assert lessons, f"{game} has no bundled lessons"
    scripted = [lesson for lesson in lessons if not lesson.guided]
    return next((lesson for lesson in scripted if any(step.try_ for step in lesson.steps)), scripted[0]), lessons


def open_lesson(page, voila, game: str, lesson, lessons):
    open_page(page, voila, page_file("learn", game))
    label = msg("app.learn.lesson", number=lessons.index(lesson) + 1, title=lesson.title, minutes=lesson.minutes)
    page.locator(".tutor-chooser select").select_option(label=label)
    page.locator(".tutor-title", has_text=lesson.title).wait_for()
    assert page.locator(".tutor-error").count() == 0, page.inner_text(".tutor-error")
    assert_no_code_or_errors(page)


def wait_for_step(page, number: int, total: int) -> None:
    page.wait_for_selector(f".tutor-count:text-is('{msg('widgets.stepper.count', number=number, total=total)}')")


@pytest.mark.parametrize("game", games())
def test_a_whole_lesson_step_by_step(page, voila, game):
    lesson, lessons = walked_lesson(game)
    open_lesson(page, voila, game, lesson, lessons)
    states = lesson.states()
    for index, step in enumerate(lesson.steps):
        wait_for_step(page, index + 1, len(lesson.steps))
        if step.try_:
            assert_disabled(page.locator(NEXT), "Next waits for the learner's answer")
            move = step.try_.accept[0] if step.try_.accept else states[index].legal_moves()[0]
            play(page, game, move)
            page.wait_for_selector(".tutor-feedback.tutor-right")
            screenshot(page, f"{game}-learn-try-it-right")
        if index + 1 < len(lesson.steps):
            page.click(NEXT)
    page.get_by_text(msg("widgets.stepper.done")).wait_for()
    assert_disabled(page.locator(NEXT))
    following = lessons[lessons.index(lesson) + 1]
    offer = page.locator(".tutor-next-lesson", has_text=following.title)
    offer.wait_for()
    screenshot(page, f"{game}-learn-lesson-end")
    offer.click()
    page.locator(".tutor-title", has_text=following.title).wait_for()
    assert offer.is_hidden(), "the offer waits for the end of the next lesson"


def test_a_wrong_click_shows_the_engines_reason(page, voila):
    game = "monster-trick"
    _first, lessons = walked_lesson(game)

    def asks_for_a_card(step) -> bool:
        return bool(step.try_ and step.try_.accept and isinstance(step.try_.accept[0], Play))

    lesson = next(lesson for lesson in lessons if any(map(asks_for_a_card, lesson.steps)))
    open_lesson(page, voila, game, lesson, lessons)
    index = next(number for number, step in enumerate(lesson.steps) if asks_for_a_card(step))
    for number in range(index):
        wait_for_step(page, number + 1, len(lesson.steps))
        page.click(NEXT)
    wait_for_step(page, index + 1, len(lesson.steps))
    state = lesson.states()[index]
    right = lesson.steps[index].try_.accept[0]
    wrong = next(Play(right.card, slot) for slot in range(4) if state.why_not(Play(right.card, slot)))
    play(page, game, wrong)
    feedback = page.locator(".tutor-feedback.tutor-wrong")
    feedback.wait_for()
    assert str(state.why_not(wrong)) in feedback.inner_text()
    screenshot(page, f"{game}-learn-wrong-click")


@pytest.mark.parametrize("game", games())
def test_the_rules_reference_opens_from_a_lesson(page, voila, game):
    _lesson, lessons = walked_lesson(game)
    open_lesson(page, voila, game, lessons[0], lessons)
    link = page.locator(".tutor-rules [data-target^='rule:']").first
    rule = link.get_attribute("data-target")
    page.set_viewport_size(viewport(LAPTOP))  # a laptop: the reference sits far below the lesson
    link.click()
    page.wait_for_selector(f".tutor-reference details[open] summary[data-target='{rule}']")
    # The rule is read where the learner is: beside the step, or the reference scrolled to it.
    page.wait_for_function(
        """selector => [...document.querySelectorAll(selector)].some(el => {
        const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })""",
        arg=".tutor-lesson-panel .tutor-rule, .tutor-reference details[open]",
    )
    screenshot(page, f"{game}-learn-rule-opened")


def test_an_address_naming_no_lesson_opens_the_nearest_and_says_so(page, voila):
    game = "thricewise"
    lessons = [load_lesson(path) for path in bundled_lessons(game)]
    page.goto(voila.page_url(page_file("learn", game, lesson=99)))
    notice = page.locator(".tutor-address-notice")
    notice.wait_for(timeout=60_000)
    assert notice.inner_text() == msg("app.learn.no-lesson", asked=99, number=len(lessons))
    page.locator(".tutor-lesson-panel .tutor-title", has_text=lessons[-1].title).wait_for()
    page.wait_for_function(
        "number => new URLSearchParams(location.search).get('lesson') === number", arg=str(len(lessons))
    )
    assert page.evaluate("new URLSearchParams(location.search).get('step')") == "1"
    assert page.locator(".tutor-chooser option", has_text="\u2713").count() == 0, "nothing was finished"
    box = notice.bounding_box()
    assert box and box["y"] + box["height"] <= page.viewport_size["height"], "the notice is in view"
    screenshot(page, f"{game}-learn-no-such-lesson")
    first = lessons[-1].steps[0]
    if first.try_:  # the step asks for a move before the lesson goes on
        play(page, game, first.try_.accept[0] if first.try_.accept else lessons[-1].states()[0].legal_moves()[0])
        page.wait_for_selector(".tutor-feedback.tutor-right")
    page.click(NEXT)
    notice.wait_for(state="detached")


def test_a_try_answered_with_another_move_says_the_lesson_shows_its_own(page, voila):
    game = "thricewise"
    paths = bundled_lessons(game)
    number = next(number for number, path in enumerate(paths, start=1) if path.stem == "02-choose-and-reveal")
    lesson = load_lesson(paths[number - 1])  # Cleo's Ace: any empty spot touching the grid is right
    index = next(number for number, step in enumerate(lesson.steps) if step.try_ and not step.try_.accept)
    page.goto(voila.page_url(page_file("learn", game, lesson=number, step=index + 1)))
    wait_for_step(page, index + 1, len(lesson.steps))
    state = lesson.states()[index]
    written = lesson.steps[index + 1].moves[0]
    other = next(move for move in state.legal_moves() if move != written)
    play(page, game, other)
    page.wait_for_selector(".tutor-feedback.tutor-right")
    page.click(NEXT)
    wait_for_step(page, index + 2, len(lesson.steps))
    words = lesson.entry.part("words")
    said = msg(
        "widgets.stepper.other-move", yours=words.move_words(state, other), shown=words.move_words(state, written)
    )
    feedback = page.locator(".tutor-feedback")
    feedback.wait_for()
    assert feedback.inner_text().strip().endswith(said)
    box = feedback.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"], "said where the learner reads the step"
    screenshot(page, f"{game}-learn-another-move-shown")
