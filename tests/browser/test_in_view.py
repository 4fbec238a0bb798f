"""After every action a learner takes (a move, a refused move, a tap before choosing a card,
an answer, Next, Back, "Show me") the verdict and the button to go on are inside the window
and not covered, and so is the part of the board the words speak of: on two phones, a laptop
and a projector (projector text). Measured from the boxes on screen, after the page has
drawn its answer (a state waited for, then the page still). Each test opens one page and
resizes it between the sizes, acting again at each: a kernel and a page load per walk."""

import random

import pytest

from tutor.bots import seat_moves
from tutor.core import SIMULTANEOUS
from tutor.drills import drills, tasks
from tutor.games import game as registered
from tutor.games import monster_trick as mt
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets.app import page_file
from widgets.boards import board_module

from .boards import play_as_seen
from .conftest import PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot, viewport
from .pages import LAPTOP, NEXT, PROJECTOR, TO_THE_TOP, hidden, still, try_steps
from .phone import PHONE

SMALL_PHONE = (360, 740)
SIZES = [PHONE, SMALL_PHONE, LAPTOP, PROJECTOR]
GAME = "monster-trick"
BACK = ".tutor-stepnav [data-target='back']"


def sized_page(browser, size):
    """A page in a window of ``size``, a phone's with a touch screen (closed after the test)."""
    return browser(size, touch=size[0] < 600)


def resize(page, size) -> None:
    """The same page in a window of ``size`` (a projector's at the text size a teacher chooses
    there, any other at normal text), once the page has fitted its boards to it, scrolled to
    its top as on arrival."""
    page.set_viewport_size(viewport(size))
    zoom = page.locator(f"[data-zoom='{'projector' if size == PROJECTOR else 'normal'}']")
    if zoom.get_attribute("aria-pressed") != "true":
        zoom.click()
    still(page, arriving=True)
    page.evaluate(TO_THE_TOP)  # where the page scrolled to at another size says nothing of this one
    still(page)


def name(size) -> str:
    return f"{size[0]}x{size[1]}"


def assert_seen(page, selector: str, what: str, shot: str) -> None:
    found = hidden(page, selector)
    if found:
        screenshot(page, shot)
    assert found == [], f"{what} not in view: {found}"


# Each test walks one page through the window sizes, resizing it between them (a phone's
# first: its page scrolls on arrival); Monster Trick at every size, the other games, whose
# boards differ most, on a phone and a laptop.
OTHER_GAMES = ("danger-13", "thricewise")


def walk(game: str) -> list:
    return SIZES if game == GAME else [PHONE, LAPTOP]


@pytest.mark.parametrize("game", (GAME, *OTHER_GAMES))
def test_a_lesson_try_keeps_its_verdict_and_next_in_view(browser, voila, game):
    """At each size in turn: a tap on a slot before a card (Monster Trick), a wrong move, the
    right one, Next, and Back again to the same try (afresh: the page's first visit to it at a
    phone's size, its return by Back at every other size and at the phone's once more)."""
    lesson_number, step_number, lesson = next(
        (number, step, lesson)
        for number, step, lesson in try_steps(game)
        if lesson.steps[step - 1].try_.accept
        and (game != GAME or isinstance(lesson.steps[step - 1].try_.accept[0], mt.Play))
        and step < len(lesson.steps)
        and lesson.steps[step].try_
        and wrong_moves(lesson.states()[step - 1], lesson.steps[step - 1].try_.accept)
    )
    step = lesson.steps[step_number - 1]
    right = step.try_.accept[0]
    wrong = wrong_moves(lesson.states()[step_number - 1], step.try_.accept)[0]
    count = msg("widgets.stepper.count", number=step_number, total=len(lesson.steps))
    after = msg("widgets.stepper.count", number=step_number + 1, total=len(lesson.steps))
    sizes = walk(game)
    page = sized_page(browser, sizes[0])

    def back_to_the_try(shot: str) -> None:
        page.click(BACK)
        page.locator(".tutor-lesson-panel .tutor-count", has_text=count).wait_for()
        still(page)
        assert page.locator(".tutor-feedback:is(.tutor-right, .tutor-wrong):visible").count() == 0, "the try afresh"
        assert_seen(page, ".tutor-try, " + NEXT, "after Back: the question and Next", f"{shot}-back")
        assert_seen(page, first_click(game, right), "after Back: the part to play", f"{shot}-back")

    page.goto(voila.page_url(page_file("learn", game, lesson=lesson_number, step=step_number)))
    page.locator(".tutor-lesson-panel .tutor-count", has_text=count).wait_for(timeout=PAGE_TIMEOUT_MS)
    assert_no_code_or_errors(page)
    still(page, arriving=True)
    shot = f"in-view-learn-{game}-{name(sizes[0])}"
    screenshot(page, f"{shot}-arrival")
    assert_seen(page, ".tutor-try, " + NEXT, "on arrival, the question and Next", f"{shot}-arrival")
    assert_seen(page, first_click(game, right), "on arrival, the part to play", f"{shot}-arrival")

    for index, size in enumerate(sizes):
        shot = f"in-view-learn-{game}-{name(size)}"
        if index:
            resize(page, size)
            back_to_the_try(shot)

        if game == GAME:
            page.click(f"[data-target='slot:{right.slot}']")  # a slot before a card
            page.locator(".tutor-feedback.tutor-info").wait_for()
            still(page)
            assert_seen(page, ".tutor-feedback, " + NEXT, "a tap before a card: its answer", f"{shot}-slot-first")

        play_as_seen(page, game, wrong)
        page.locator(".tutor-feedback.tutor-wrong").wait_for()
        still(page)
        screenshot(page, f"{shot}-wrong")
        assert_seen(page, ".tutor-feedback, " + NEXT, "a wrong move: its verdict and Next", f"{shot}-wrong")

        play_as_seen(page, game, right)
        page.locator(".tutor-feedback.tutor-right").wait_for()
        still(page)
        screenshot(page, f"{shot}-right")
        assert_seen(page, ".tutor-feedback, " + NEXT, "a right move: its verdict and Next", f"{shot}-right")

        page.click(NEXT)
        page.locator(".tutor-lesson-panel .tutor-count", has_text=after).wait_for()
        still(page)
        screenshot(page, f"{shot}-next")
        assert_seen(page, ".tutor-say, " + NEXT, "after Next: the step's words and Next", f"{shot}-next")
        if lesson.steps[step_number].highlight:
            assert_seen(page, ".tutor-board .lesson-mark", "after Next: the parts the words speak of", f"{shot}-next")
        following = lesson.steps[step_number].try_.accept
        if following:
            assert_seen(page, first_click(game, following[0]), "after Next: the part to play", f"{shot}-next")

    resize(page, sizes[0])
    back_to_the_try(f"in-view-learn-{game}-{name(sizes[0])}")


def wrong_moves(position, accepted: list) -> list:
    """Allowed moves a try does not accept, made by the seat the board shows (the first
    accepted move's, where seats choose at once)."""
    seat = accepted[0].seat if position.to_move == SIMULTANEOUS else None
    return [
        move
        for move in position.legal_moves()
        if move not in accepted and (seat is None or getattr(move, "seat", None) == seat)
    ]


def first_click(game: str, move) -> str:
    """The board's part a learner taps first to make ``move`` (a card, a row, a place)."""
    return board_module(game).clicks(move)[0]


def mt_card(move) -> str:
    return first_click(GAME, move)


# Danger 13's first drill gives the card turned up to a row; Thricewise's asks for an order (choices, as practise).
DRILL_GAMES = (GAME, "danger-13")


# The part of the table a drill's right move changed (the slot, the row): marked, inside the
# window and clear of the panel (on a phone the sheet at the screen's foot).
MOVE_SEEN = """() => { const panel = document.querySelector('.tutor-body > .tutor-panel').getBoundingClientRect();
    const marks = [...document.querySelectorAll('.tutor-board .lesson-mark')].filter(m => m.getClientRects().length)
        .map(m => m.getBoundingClientRect());
    const under = r => r.left < panel.right && panel.left < r.right && r.top < panel.bottom && panel.top < r.bottom;
    return { marked: marks.length, hidden: marks.filter(r => r.top < 0 || r.bottom > innerHeight || r.left < 0
        || r.right > innerWidth || under(r)).map(r => `${Math.round(r.top)}-${Math.round(r.bottom)}, panel from ${Math.round(panel.top)}`) }; }"""

TAP_WIDTHS = """() => [...document.querySelectorAll(".tutor-board [data-target^='card:']")].map(card => {
    // the part of the card no later card covers: from its left to the next card's left in its row
    const r = card.getBoundingClientRect();
    const next = [...document.querySelectorAll(".tutor-board [data-target^='card:']")]
        .map(other => other.getBoundingClientRect())
        .filter(o => Math.abs(o.top - r.top) < 30 && o.left > r.left + 1)
        .sort((a, b) => a.left - b.left)[0];
    return Math.round(Math.min(r.width, next ? next.left - r.left : r.width)); })"""


def wrong_in_drill(game: str, task):
    if game == GAME:  # a slot the card may not go to
        card = task.move.card
        return mt.Play(card, next(slot for slot in range(mt.SLOTS) if task.position.why_not(mt.Play(card, slot))))
    return next(
        move for move in task.position.legal_moves() if move != task.move
    )  # another row: allowed, not the answer


@pytest.mark.parametrize("game", DRILL_GAMES)
def test_a_drill_shows_the_move_and_its_verdict_before_the_next_position(browser, voila, game):
    """At each size in turn, a position of the drill (the first on arrival at a phone's size,
    the next one after the button to go on at every other size): a wrong move, the right one,
    the part it changed; on a phone a full hand leaves each card a finger wide."""
    sizes = walk(game)
    positions = tasks(registered(game), drills(registered(game))[0].id, 0)[: len(sizes) + 1]
    onward = ".tutor-panel .tutor-onward"
    page = sized_page(browser, sizes[0])
    page.goto(voila.page_url(page_file("drill", game)))
    page.locator(".tutor-prompt", has_text=positions[0].prompt).wait_for(timeout=PAGE_TIMEOUT_MS)
    still(page, arriving=True)
    shot = f"in-view-drill-{game}-{name(sizes[0])}"
    screenshot(page, f"{shot}-arrival")
    assert_seen(page, ".tutor-prompt", "on arrival, the question", f"{shot}-arrival")
    assert_seen(page, first_click(game, positions[0].move), "on arrival, the part to play", f"{shot}-arrival")

    for index, size in enumerate(sizes):
        task = positions[index]
        shot = f"in-view-drill-{game}-{name(size)}"
        if index:
            resize(page, size)
            page.click(onward)
            page.locator(".tutor-prompt", has_text=task.prompt).wait_for()
            still(page)
            screenshot(page, f"{shot}-next")
            assert_seen(page, ".tutor-prompt", "the next position's question", f"{shot}-next")
            assert_seen(page, first_click(game, task.move), "the next position: the part to play", f"{shot}-next")
        if game == GAME and size in (PHONE, SMALL_PHONE):
            widths = page.evaluate(TAP_WIDTHS)
            screenshot(page, f"in-view-hand-{name(size)}")
            held = len(task.position.hands[task.position.to_move])
            assert held >= 9, "a crowded hand to measure"
            assert len(widths) == held and min(widths) >= 44, f"cards to tap, px wide: {widths}"

        play_as_seen(page, game, wrong_in_drill(game, task))
        page.locator(".tutor-feedback.tutor-wrong").wait_for()
        still(page)
        screenshot(page, f"{shot}-wrong")
        assert_seen(page, ".tutor-feedback", "a wrong move: its verdict", f"{shot}-wrong")

        play_as_seen(page, game, task.move)
        page.locator(".tutor-feedback.tutor-right").wait_for()
        still(page)
        screenshot(page, f"{shot}-right")
        assert page.locator(".tutor-prompt", has_text=task.prompt).count() == 1, "the same position, the move drawn"
        assert_seen(page, ".tutor-feedback, " + onward, "a right move: its verdict and Next", f"{shot}-right")
        if game == GAME:
            assert page.locator(mt_card(task.move)).count() == 0, "the card played has left the hand"
        moved = page.evaluate(MOVE_SEEN)
        assert moved["marked"] == 1 and moved["hidden"] == [], f"the part the move changed, out of view: {moved}"

    page.click(onward)
    page.locator(".tutor-prompt", has_text=positions[len(sizes)].prompt).wait_for()
    still(page)
    assert_seen(page, ".tutor-prompt", "the next position's question", f"{shot}-next")


@pytest.mark.parametrize("game", (GAME, *OTHER_GAMES))
def test_practise_keeps_the_explanation_next_question_and_board_in_view(browser, voila, game):
    """At each size in turn, two questions answered (the last choice, then the first), "Show
    me" on the first, and on to the next question."""
    sizes = walk(game)
    page = sized_page(browser, sizes[0])
    page.goto(voila.page_url(page_file("practise", game, seed=0)))
    page.locator(".tutor-choices button").first.wait_for(timeout=PAGE_TIMEOUT_MS)
    still(page, arriving=True)
    shot = f"in-view-practise-{game}-{name(sizes[0])}"
    assert_seen(page, ".tutor-prompt, .tutor-choices button", "on arrival, the question", f"{shot}-arrival")
    for index, size in enumerate(sizes):
        shot = f"in-view-practise-{game}-{name(size)}"
        if index:
            resize(page, size)
        for number in range(2):
            before = page.locator(".tutor-prompt").inner_text()
            choices = page.locator(".tutor-choices button:not([disabled])")
            (choices.last if number == 0 else choices.first).click()
            page.locator(".tutor-panel .tutor-feedback").wait_for()
            still(page)
            screenshot(page, f"{shot}-answered-{number + 1}")
            assert_seen(page, ".tutor-panel .tutor-feedback, .tutor-onward", "the verdict and Next", f"{shot}-answered")
            board = page.evaluate("""() => { const r = document.querySelector('.tutor-board').getBoundingClientRect();
                return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0); }""")
            assert board >= min(size[1] * 0.25, 200), f"the board beside the explanation: {board} px in view"
            if number == 0:
                page.locator(".tutor-show-me").click()
                page.get_by_role("button", name=msg("app.practise.show-again")).wait_for()
                still(page)
                screenshot(page, f"{shot}-shown")
                assert_seen(page, ".tutor-onward", "after Show me, Next", f"{shot}-shown")
                if size == PHONE:  # the board "Show me" changed, above the phone's sheet
                    top = page.evaluate("document.querySelector('.tutor-board').getBoundingClientRect().top")
                    assert 0 <= top < size[1] / 2, f"after Show me, the board's top at {top} px"
            page.locator(".tutor-onward").click()
            page.wait_for_function("text => document.querySelector('.tutor-prompt').innerText !== text", arg=before)
            still(page)
            assert_seen(page, ".tutor-prompt", "the next question", f"{shot}-next")


BOARD_AND_TEXT = """() => { const b = document.querySelector('.tutor-board').getBoundingClientRect();
    const sizes = [...document.querySelectorAll('.tutor-board svg text')].filter(t => t.getClientRects().length)
        .map(t => { const m = t.getScreenCTM(); return parseFloat(t.getAttribute('font-size')) * Math.hypot(m.a, m.b); })
        .sort((x, y) => x - y);
    const tables = [...document.querySelectorAll('.tutor-scores')].filter(t => t.getClientRects().length)
        .filter(t => t.getBoundingClientRect().right > Math.min(innerWidth, t.parentElement.getBoundingClientRect().right) + 1)
        .map(t => Math.round(t.getBoundingClientRect().right));
    return { share: b.width * b.height / (innerWidth * innerHeight), width: b.width,
             text: sizes[Math.floor(sizes.length / 2)], tables }; }"""


@pytest.mark.parametrize("where", ["learn", "play"])
def test_projector_text_makes_the_board_larger_and_keeps_it_at_half_the_window(browser, voila, where):
    """A teacher's projector at a laptop's resolution, then a wide one: choosing the projector
    text size never makes the board or its words smaller, the board takes at least half the
    window, the step's Next (learn) or the score sheet (play) is in view and fits the width."""
    address = page_file("learn", GAME, lesson=3, step=1) if where == "learn" else page_file("play", "danger-13", seed=0)
    page = sized_page(browser, LAPTOP)
    page.goto(voila.page_url(address))
    page.locator(".tutor-board svg").first.wait_for(timeout=PAGE_TIMEOUT_MS)
    still(page, arriving=True)
    for size in (LAPTOP, PROJECTOR):
        if size != LAPTOP:
            page.locator("[data-zoom='normal']").click()
            page.set_viewport_size(viewport(size))
            still(page, arriving=True)
        normal = page.evaluate(BOARD_AND_TEXT)
        page.locator("[data-zoom='projector']").click()
        still(page)
        screenshot(page, f"in-view-projector-{where}-{name(size)}")
        projector = page.evaluate(BOARD_AND_TEXT)
        assert projector["text"] >= normal["text"], f"{name(size)}: the board's words shrink: {normal} -> {projector}"
        assert projector["share"] >= 0.5, f"{name(size)}: the board takes {projector['share']:.1%}: {projector}"
        assert projector["tables"] == [], f"{name(size)}: a table runs past its column: {projector['tables']}"
        shown = NEXT if where == "learn" else ".tutor-scores"
        assert hidden(page, shown) == [], f"{shown} out of view with projector text at {name(size)}"


OVERLAPS = """([button, text]) => { const b = document.querySelector(button).getBoundingClientRect();
    return [...document.querySelectorAll(text)].filter(el => el.getClientRects().length)
        .filter(el => { const r = el.getBoundingClientRect();
            return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom; })
        .map(el => `${el.textContent.trim().slice(0, 30)} at ${Math.round(el.getBoundingClientRect().top)}`
            + ` under the button at ${Math.round(b.top)}-${Math.round(b.bottom)}`); }"""


def test_the_next_lesson_button_on_a_phone_stays_in_view_and_covers_no_text(browser, voila):
    """A lesson's last step on a phone: the button to the next lesson floats at the foot of the
    screen, under the step's sheet, wherever the page is scrolled; no line of the step under it."""
    number, lesson = next(
        (number, lesson)
        for number, lesson in enumerate(map(load_lesson, bundled_lessons(GAME)), start=1)
        if number > 1 and lesson.steps[-1].try_ is None
    )
    page = sized_page(browser, PHONE)
    shot = "in-view-next-lesson-390x844"
    text = ".tutor-lesson-panel :is(.tutor-head, .tutor-say, .tutor-tip, .tutor-count, .tutor-stepnav button)"
    page.goto(voila.page_url(page_file("learn", GAME, lesson=number, step=len(lesson.steps))))
    page.locator(".tutor-next-lesson").wait_for(timeout=PAGE_TIMEOUT_MS)
    still(page, arriving=True)
    for where in ("arrival", "top", "bottom"):
        if where != "arrival":
            page.mouse.wheel(0, -20_000 if where == "top" else 20_000)
            still(page)
        screenshot(page, f"{shot}-{where}")
        assert_seen(page, ".tutor-next-lesson", f"{where}: the next-lesson button", f"{shot}-{where}")
        covered = page.evaluate(OVERLAPS, [".tutor-next-lesson", text])
        assert covered == [], f"{where}: the step's words under the next-lesson button: {covered}"
        if where != "bottom":  # (at the page's foot: the rules reference under the lesson)
            assert_seen(page, text, f"{where}: the step's words and buttons", f"{shot}-{where}")


PLAY_SIZES = {GAME: [PHONE, LAPTOP, PROJECTOR]}  # the other games on a phone and a laptop


@pytest.mark.parametrize("game", (GAME, *OTHER_GAMES))
def test_a_game_against_the_computer_keeps_where_the_person_acts_next_in_view(browser, voila, game):
    """One game, four of the person's moves at each size in turn: after each, once the computer
    has answered, where the person acts next (the first part a next move is made with) is in
    the window, not covered."""
    from .play_page import LOG_ENTRIES, small_table

    sizes = PLAY_SIZES.get(game, [PHONE, LAPTOP])
    page = sized_page(browser, sizes[0])
    page.goto(voila.page_url(page_file("play", game, seed=0)))
    page.get_by_text(msg("app.play.your-turn")).wait_for(timeout=PAGE_TIMEOUT_MS)
    replica = small_table(page, game)
    rng = random.Random(0)
    for index, size in enumerate(sizes):
        if index:
            resize(page, size)
        for number in range(4):
            assert not replica.state.is_terminal(), "the game lasts four moves at each size"
            move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
            play_as_seen(page, game, move)
            replica.play(move)
            page.wait_for_function(f"count => {LOG_ENTRIES} === count", arg=len(replica.sentences))
            still(page)
            shot = f"in-view-play-{game}-{name(size)}-{number + 1}"
            if not replica.state.is_terminal():
                upcoming = seat_moves(replica.state, replica.person_to_move())[0]
                assert_seen(page, board_module(game).clicks(upcoming)[0], "where the person acts next", shot)
        screenshot(page, f"in-view-play-{game}-{name(size)}")
    assert_no_code_or_errors(page)
