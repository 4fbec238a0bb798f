"""A guided first game in a real browser, from its first to its last step, doing what each
step asks: at a phone's size and at two screen sizes, the button to go on in view after
each click, and screenshots of the way."""

import pytest

from tutor.bots import seat_moves
from tutor.games import games
from tutor.games.thricewise import Place
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets.app import page_file
from widgets.boards import board_module

from .boards import play_as_seen
from .conftest import (
    ACTION_TIMEOUT_MS,
    PAGE_TIMEOUT_MS,
    assert_disabled,
    assert_no_code_or_errors,
    screenshot,
    viewport,
)
from .pages import LAPTOP, NEXT, PROJECTOR, TO_THE_TOP, outside_view, settle
from .phone import PHONE
from .play_page import smallest_table, wait_for_log

GUIDED = [
    (game, number)
    for game in games()
    for number, path in enumerate(bundled_lessons(game), start=1)
    if load_lesson(path).guided
]


def test_monster_trick_and_danger_13_have_a_guided_first_game():
    assert ("monster-trick", 1) in GUIDED and ("danger-13", 1) in GUIDED


def in_view_to_act(page, game: str, move) -> list[str]:
    """What the learner acts on next, where it is not wholly in view: the board's part for
    ``move`` (None: the button to go on)."""
    return outside_view(page, board_module(game).clicks(move)[0] if move is not None else NEXT)


def expected_sheet(lesson, state) -> list[str]:
    """The first figure of each player's row on the score sheet, as the game's words give it."""
    _columns, rows = lesson.entry.needed("words").score_sheet(state, lesson.learner)
    return [cells[0][0] for cells in rows]


SIZES = [PHONE, LAPTOP, PROJECTOR]
GRID_HEIGHT = "() => document.querySelector(\".tutor-board svg[data-fit='scroll']\").getBoundingClientRect().height"


@pytest.mark.parametrize("game, number", GUIDED)
def test_the_guided_game_plays_from_first_to_last_step(chromium, voila, game, number):
    """Played through on a phone, then again from its start ("Start again") on a laptop and on
    a projector, the same page resized between the games."""
    lesson = load_lesson(bundled_lessons(game)[number - 1])
    # The learner plays the first allowed move each time; the page replays the same way.
    line = lesson.line(lambda _index, state: seat_moves(state, lesson.learner)[0])
    context = chromium.new_context(viewport=viewport(SIZES[0]))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    try:
        page.goto(voila.page_url(page_file("learn", game, lesson=number)))
        page.locator(".tutor-lesson-panel .tutor-title", has_text=lesson.title).wait_for(timeout=PAGE_TIMEOUT_MS)
        assert_no_code_or_errors(page)
        for index, size in enumerate(SIZES):
            if index:
                page.set_viewport_size(viewport(size))
                settle(page)
                page.evaluate(TO_THE_TOP)  # as on arrival: where the last game left the page is not this one's
                page.click(".tutor-stepnav [data-target='restart']")
            play_the_guided_game(page, lesson, line, game, size)
    finally:
        page.goto("about:blank")
        context.close()


def play_the_guided_game(page, lesson, line, game: str, size) -> None:
    """From the lesson's first step to its scoring: what each step says and asks, the way on
    in view after each click, the score sheet at the end."""
    name = f"guided-{game}-{size[0]}x{size[1]}"
    total = len(lesson.steps)
    for index, step in enumerate(lesson.steps):
        page.wait_for_selector(f".tutor-count:text-is('{msg('widgets.stepper.count', number=index + 1, total=total)}')")
        said = lesson.text(step.say, line.moments[index])
        page.locator(".tutor-say", has_text=said).wait_for()  # the text of what happened on this way
        for first in line.firsts[index]:  # a rule said the first time it matters
            page.locator(".tutor-tip", has_text=lesson.text(first.say, line.moments[index])).wait_for()
        if lesson.plays_on(step):  # the learner plays on, move after move, on this one step
            moves, plays = line.answers[index], line.plays[index]
            for turn, move in enumerate(moves):
                assert_disabled(page.locator(NEXT), "Next waits until the play stops")
                play_as_seen(page, game, move)
                decision = plays[turn + 1]
                page.wait_for_selector(".tutor-feedback.tutor-right")
                prompt = " ".join(lesson.text(step.try_.prompt, decision.moment).split())
                if prompt:
                    page.locator(".tutor-lesson-panel", has_text=prompt).wait_for()
                for first in decision.firsts:
                    page.locator(".tutor-tip", has_text=lesson.text(first.say, decision.moment)).wait_for()
                settle(page)  # the page brings the way on into view once it is still
                following = moves[turn + 1] if turn + 1 < len(moves) else None
                screenshot(page, f"{name}-step-{index + 1:02d}-move-{turn + 1:02d}")
                if size != PHONE:  # a phone stacks the rows: the page scrolls to the one to act on
                    assert outside_view(page, ".tutor-board") == [], f"step {index + 1}, move {turn + 1}: board"
                assert in_view_to_act(page, game, following) == [], f"step {index + 1}, move {turn + 1}"
        elif step.try_:
            assert_disabled(page.locator(NEXT), "Next waits for the learner's move")
            play_as_seen(page, game, line.answers[index])
            page.wait_for_selector(".tutor-feedback.tutor-right")
        settle(page)  # the page brings the way on into view once it is still
        if index in (1, 6, total - 2, total - 1) or line.firsts[index]:
            screenshot(page, f"{name}-step-{index + 1:02d}")
        if index + 1 == total:  # the last click, on Next: the scoring in view
            assert outside_view(page, ".tutor-say, .tutor-lesson-panel .tutor-scores") == [], (
                "the scoring is out of view"
            )
        elif index or step.try_:  # after each click, on the board or on Next: the way on in view
            assert outside_view(page, NEXT) == [], f"step {index + 1}: the button to go on is out of view"
        if index + 1 < total:
            page.click(NEXT)
    page.get_by_text(msg("widgets.stepper.done")).wait_for()
    sheet = page.locator(".tutor-lesson-panel .tutor-scores tbody tr")
    expected = expected_sheet(lesson, line.states[-1])
    assert [sheet.nth(seat).locator("td").first.inner_text() for seat in range(len(expected))] == expected
    settle(page)
    screenshot(page, f"{name}-scoring")
    assert_no_code_or_errors(page)


def test_on_a_phone_thricewise_play_brings_the_hand_back_after_a_card_placed_low(chromium, voila):
    """The play page, as the guided game: Thricewise at 390x844, the grid grows taller than the
    window; after each card the person places on its lowest row, the hand to choose from next is
    in view again."""
    game = "thricewise"
    context = chromium.new_context(viewport=viewport(PHONE))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    try:
        replica = smallest_table(page, voila, game)
        low = 0
        while not replica.state.is_terminal():
            moves = seat_moves(replica.state, replica.person_to_move())
            place = isinstance(moves[0], Place)
            move = max(moves, key=lambda move: move.cell.row) if place else moves[0]
            play_as_seen(page, game, move)
            replica.play(move)
            wait_for_log(page, replica)
            if place and page.evaluate(GRID_HEIGHT) > PHONE[1] * 0.75:  # the hand lies far under the grid's top
                low += 1
                settle(page)  # the page brings the hand into view once it is still
                assert page.locator("[data-target^='card:']").count(), "the hand is there to choose from"
                assert outside_view(page, "[data-target^='card:']") == [], f"placed on row {move.cell.row}"
                if low == 3:
                    screenshot(page, f"{game}-play-phone-hand-after-a-low-card")
        assert low >= 3, "the grid grew taller than the window"
        assert_no_code_or_errors(page)
    finally:
        page.goto("about:blank")
        context.close()
