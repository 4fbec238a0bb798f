"""After every action a learner takes (a move, a refused move, a tap before choosing a card,
an answer, Next, Back, "Show me") the verdict and the button to go on are inside the window
and not covered, and so is the part of the board the words speak of: on two phones, a laptop
and a projector (projector text). Measured from the boxes on screen, after the page has
drawn its answer (a state waited for, then the page still)."""

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
from widgets.play import GameTable

from .conftest import ACTION_TIMEOUT_MS, PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot
from .test_guided import play
from .test_screens import LAPTOP, PHONE, WIDE, settle, try_steps

SMALL_PHONE = (360, 740)
SIZES = [PHONE, SMALL_PHONE, LAPTOP, WIDE]
GAME = "monster-trick"
NEXT = ".tutor-stepnav [data-target='next']"
BACK = ".tutor-stepnav [data-target='back']"

# Each element matching the selector that a person cannot see: past the window's edge, or
# covered near its top by something else (a sheet stuck at the foot of a phone's screen). Of a
# long explanation taller than its panel, its first lines (48 px) in view: the rest scrolls there.
HIDDEN = """selector => [...document.querySelectorAll(selector)]
    .filter(el => el.getClientRects().length && el.getBoundingClientRect().height > 0)
    .filter(el => { const r = el.getBoundingClientRect();
        if (r.top < -1 || r.left < -1 || r.top + Math.min(r.height, 48) > innerHeight + 1 || r.right > innerWidth + 1) return true;
        // near its top and its foot, at its left (a hand's next card covers a card's right)
        const x = r.left + Math.min(r.width / 4, 20);
        // (of a long explanation, its first lines: the rest scrolls in its panel)
        return [r.top + Math.min(r.height * 0.25, 10), r.top + Math.min(r.height * 0.75, 40)].some(y => {
            const hit = document.elementFromPoint(x, y);
            if (hit && (el.contains(hit) || hit.contains(el))) return false;
            el.dataset.coveredBy = hit ? `${hit.tagName}.${hit.getAttribute('class')} at ${Math.round(x)},${Math.round(y)}` : 'none';
            return true; }); })
    .map(el => { const r = el.getBoundingClientRect();
        return `${el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30)} at ${Math.round(r.top)}-`
            + `${Math.round(r.bottom)} ${el.dataset.coveredBy ? 'under ' + el.dataset.coveredBy : ''}`; })"""


def hidden(page, selector: str) -> list[str]:
    return page.evaluate(HIDDEN, selector)


def still(page, arriving: bool = False) -> None:
    """The page has drawn its answer and brought it into view: no change for a moment, twice
    the 200 ms the page waits after an answer before it scrolls; on arrival longer than the
    600 ms a phone's page waits before it scrolls to what to act on."""
    settle(page, quiet_ms=700 if arriving else 400, most_ms=ACTION_TIMEOUT_MS)


def sized_page(chromium, size):
    context = chromium.new_context(viewport=dict(zip(("width", "height"), size)), has_touch=size[0] < 600)
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    if size == WIDE:  # a projector: the text size a teacher chooses there
        page.add_init_script("localStorage.setItem('tutor-zoom', 'projector')")
    return context, page


def name(size) -> str:
    return f"{size[0]}x{size[1]}"


def assert_seen(page, selector: str, what: str, shot: str) -> None:
    found = hidden(page, selector)
    if found:
        screenshot(page, shot)
    assert found == [], f"{what} not in view: {found}"


# Monster Trick at every size; the other games, whose boards differ most, on a phone and a laptop.
OTHER_GAMES = ("danger-13", "thricewise")
CASES = [(GAME, size) for size in SIZES] + [(game, size) for game in OTHER_GAMES for size in (PHONE, LAPTOP)]


def case_id(case) -> str:
    return f"{case[0]}-{name(case[1])}"


@pytest.mark.parametrize("game, size", CASES, ids=map(case_id, CASES))
def test_a_lesson_try_keeps_its_verdict_and_next_in_view(chromium, voila, game, size):
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
    context, page = sized_page(chromium, size)
    shot = f"in-view-learn-{game}-{name(size)}"
    try:
        page.goto(voila.page_url(page_file("learn", game, lesson=lesson_number, step=step_number)))
        count = msg("widgets.stepper.count", number=step_number, total=len(lesson.steps))
        page.locator(".tutor-lesson-panel .tutor-count", has_text=count).wait_for(timeout=PAGE_TIMEOUT_MS)
        assert_no_code_or_errors(page)
        still(page, arriving=True)
        screenshot(page, f"{shot}-arrival")
        assert_seen(page, ".tutor-try, " + NEXT, "on arrival, the question and Next", f"{shot}-arrival")
        assert_seen(page, first_click(game, right), "on arrival, the part to play", f"{shot}-arrival")

        if game == GAME:
            page.click(f"[data-target='slot:{right.slot}']")  # a slot before a card
            page.locator(".tutor-feedback.tutor-info").wait_for()
            still(page)
            assert_seen(page, ".tutor-feedback, " + NEXT, "a tap before a card: its answer", f"{shot}-slot-first")

        play(page, game, wrong)
        page.locator(".tutor-feedback.tutor-wrong").wait_for()
        still(page)
        screenshot(page, f"{shot}-wrong")
        assert_seen(page, ".tutor-feedback, " + NEXT, "a wrong move: its verdict and Next", f"{shot}-wrong")

        play(page, game, right)
        page.locator(".tutor-feedback.tutor-right").wait_for()
        still(page)
        screenshot(page, f"{shot}-right")
        assert_seen(page, ".tutor-feedback, " + NEXT, "a right move: its verdict and Next", f"{shot}-right")

        page.click(NEXT)
        after = msg("widgets.stepper.count", number=step_number + 1, total=len(lesson.steps))
        page.locator(".tutor-lesson-panel .tutor-count", has_text=after).wait_for()
        still(page)
        screenshot(page, f"{shot}-next")
        assert_seen(page, ".tutor-say, " + NEXT, "after Next: the step's words and Next", f"{shot}-next")
        if lesson.steps[step_number].highlight:
            assert_seen(page, ".tutor-board .lesson-mark", "after Next: the parts the words speak of", f"{shot}-next")
        following = lesson.steps[step_number].try_.accept
        if following:
            assert_seen(page, first_click(game, following[0]), "after Next: the part to play", f"{shot}-next")

        page.click(BACK)
        page.locator(".tutor-lesson-panel .tutor-count", has_text=count).wait_for()
        still(page)
        assert_seen(page, ".tutor-try, " + NEXT, "after Back: the question and Next", f"{shot}-back")
    finally:
        page.goto("about:blank")
        context.close()


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
DRILL_CASES = [(GAME, size) for size in SIZES] + [("danger-13", size) for size in (PHONE, LAPTOP)]


# The part of the table a drill's right move changed (the slot, the row): marked, inside the
# window and clear of the panel (on a phone the sheet at the screen's foot).
MOVE_SEEN = """() => { const panel = document.querySelector('.tutor-body > .tutor-panel').getBoundingClientRect();
    const marks = [...document.querySelectorAll('.tutor-board .lesson-mark')].filter(m => m.getClientRects().length)
        .map(m => m.getBoundingClientRect());
    const under = r => r.left < panel.right && panel.left < r.right && r.top < panel.bottom && panel.top < r.bottom;
    return { marked: marks.length, hidden: marks.filter(r => r.top < 0 || r.bottom > innerHeight || r.left < 0
        || r.right > innerWidth || under(r)).map(r => `${Math.round(r.top)}-${Math.round(r.bottom)}, panel from ${Math.round(panel.top)}`) }; }"""


@pytest.mark.parametrize("game, size", DRILL_CASES, ids=map(case_id, DRILL_CASES))
def test_a_drill_shows_the_move_and_its_verdict_before_the_next_position(chromium, voila, game, size):
    first, second = tasks(registered(game), drills(registered(game))[0].id, 0)[:2]
    if game == GAME:  # a slot the card may not go to
        card = first.move.card
        wrong = mt.Play(card, next(slot for slot in range(mt.SLOTS) if first.position.why_not(mt.Play(card, slot))))
    else:  # another row: allowed, not the answer
        wrong = next(move for move in first.position.legal_moves() if move != first.move)
    context, page = sized_page(chromium, size)
    shot = f"in-view-drill-{game}-{name(size)}"
    try:
        page.goto(voila.page_url(page_file("drill", game)))
        page.locator(".tutor-prompt", has_text=first.prompt).wait_for(timeout=PAGE_TIMEOUT_MS)
        still(page, arriving=True)
        screenshot(page, f"{shot}-arrival")
        assert_seen(page, ".tutor-prompt", "on arrival, the question", f"{shot}-arrival")
        assert_seen(page, first_click(game, first.move), "on arrival, the part to play", f"{shot}-arrival")

        play(page, game, wrong)
        page.locator(".tutor-feedback.tutor-wrong").wait_for()
        still(page)
        screenshot(page, f"{shot}-wrong")
        assert_seen(page, ".tutor-feedback", "a wrong move: its verdict", f"{shot}-wrong")

        play(page, game, first.move)
        page.locator(".tutor-feedback.tutor-right").wait_for()
        still(page)
        screenshot(page, f"{shot}-right")
        assert page.locator(".tutor-prompt", has_text=first.prompt).count() == 1, "the same position, the move drawn"
        onward = ".tutor-panel .tutor-onward"
        assert_seen(page, ".tutor-feedback, " + onward, "a right move: its verdict and Next", f"{shot}-right")
        if game == GAME:
            assert page.locator(mt_card(first.move)).count() == 0, "the card played has left the hand"
        moved = page.evaluate(MOVE_SEEN)
        assert moved["marked"] == 1 and moved["hidden"] == [], f"the part the move changed, out of view: {moved}"

        page.click(onward)
        page.locator(".tutor-prompt", has_text=second.prompt).wait_for()
        still(page)
        assert_seen(page, ".tutor-prompt", "the next position's question", f"{shot}-next")
    finally:
        page.goto("about:blank")
        context.close()


@pytest.mark.parametrize("game, size", CASES, ids=map(case_id, CASES))
def test_practise_keeps_the_explanation_next_question_and_board_in_view(chromium, voila, game, size):
    context, page = sized_page(chromium, size)
    shot = f"in-view-practise-{game}-{name(size)}"
    try:
        page.goto(voila.page_url(page_file("practise", game, seed=0)))
        page.locator(".tutor-choices button").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        still(page, arriving=True)
        assert_seen(page, ".tutor-prompt, .tutor-choices button", "on arrival, the question", f"{shot}-arrival")
        for number in range(2):
            before = page.locator(".tutor-prompt").inner_text()
            page.locator(".tutor-choices button:not([disabled])").last.click()
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
            page.locator(".tutor-onward").click()
            page.wait_for_function("text => document.querySelector('.tutor-prompt').innerText !== text", arg=before)
            still(page)
            assert_seen(page, ".tutor-prompt", "the next question", f"{shot}-next")
    finally:
        page.goto("about:blank")
        context.close()


BOARD_AND_TEXT = """() => { const b = document.querySelector('.tutor-board').getBoundingClientRect();
    const sizes = [...document.querySelectorAll('.tutor-board svg text')].filter(t => t.getClientRects().length)
        .map(t => { const m = t.getScreenCTM(); return parseFloat(t.getAttribute('font-size')) * Math.hypot(m.a, m.b); })
        .sort((x, y) => x - y);
    const tables = [...document.querySelectorAll('.tutor-scores')].filter(t => t.getClientRects().length)
        .filter(t => t.getBoundingClientRect().right > Math.min(innerWidth, t.parentElement.getBoundingClientRect().right) + 1)
        .map(t => Math.round(t.getBoundingClientRect().right));
    return { share: b.width * b.height / (innerWidth * innerHeight), width: b.width,
             text: sizes[Math.floor(sizes.length / 2)], tables }; }"""


@pytest.mark.parametrize("size", [LAPTOP, WIDE], ids=name)
@pytest.mark.parametrize("where", ["learn", "play"])
def test_projector_text_makes_the_board_larger_and_keeps_it_at_half_the_window(chromium, voila, size, where):
    """A teacher's projector at a laptop's resolution or a wide one: choosing the projector
    text size never makes the board or its words smaller, the board takes at least half the
    window, the step's Next (learn) or the score sheet (play) is in view and fits the width."""
    address = page_file("learn", GAME, lesson=3, step=1) if where == "learn" else page_file("play", "danger-13", seed=0)
    context = chromium.new_context(viewport=dict(zip(("width", "height"), size)))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    try:
        page.goto(voila.page_url(address))
        page.locator(".tutor-board svg").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        still(page, arriving=True)
        normal = page.evaluate(BOARD_AND_TEXT)
        page.locator("[data-zoom='projector']").click()
        still(page)
        screenshot(page, f"in-view-projector-{where}-{name(size)}")
        projector = page.evaluate(BOARD_AND_TEXT)
        assert projector["text"] >= normal["text"], f"the board's words shrink: {normal} -> {projector}"
        assert projector["share"] >= 0.5, f"the board takes {projector['share']:.1%} of the window: {projector}"
        assert projector["tables"] == [], f"a table runs past its column: {projector['tables']}"
        shown = NEXT if where == "learn" else ".tutor-scores"
        assert hidden(page, shown) == [], f"{shown} out of view with projector text"
    finally:
        page.goto("about:blank")
        context.close()


TAP_WIDTHS = """() => [...document.querySelectorAll(".tutor-board [data-target^='card:']")].map(card => {
    // the part of the card no later card covers: from its left to the next card's left in its row
    const r = card.getBoundingClientRect();
    const next = [...document.querySelectorAll(".tutor-board [data-target^='card:']")]
        .map(other => other.getBoundingClientRect())
        .filter(o => Math.abs(o.top - r.top) < 30 && o.left > r.left + 1)
        .sort((a, b) => a.left - b.left)[0];
    return Math.round(Math.min(r.width, next ? next.left - r.left : r.width)); })"""


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=name)
def test_a_full_hand_leaves_each_card_a_finger_wide_on_a_phone(chromium, voila, size):
    context, page = sized_page(chromium, size)
    try:
        page.goto(voila.page_url(page_file("drill", GAME)))
        page.locator(".tutor-prompt").wait_for(timeout=PAGE_TIMEOUT_MS)
        still(page, arriving=True)
        widths = page.evaluate(TAP_WIDTHS)
        screenshot(page, f"in-view-hand-{name(size)}")
        first = tasks(registered(GAME), drills(registered(GAME))[0].id, 0)[0].position  # the page's seed: this position
        held = len(first.hands[first.to_move])
        assert held >= 9, "a crowded hand to measure"
        assert len(widths) == held and min(widths) >= 44, f"cards to tap, px wide: {widths}"
    finally:
        page.goto("about:blank")
        context.close()


OVERLAPS = """([button, text]) => { const b = document.querySelector(button).getBoundingClientRect();
    return [...document.querySelectorAll(text)].filter(el => el.getClientRects().length)
        .filter(el => { const r = el.getBoundingClientRect();
            return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom; })
        .map(el => `${el.textContent.trim().slice(0, 30)} at ${Math.round(el.getBoundingClientRect().top)}`
            + ` under the button at ${Math.round(b.top)}-${Math.round(b.bottom)}`); }"""


def test_the_next_lesson_button_on_a_phone_stays_in_view_and_covers_no_text(chromium, voila):
    """A lesson's last step on a phone: the button to the next lesson floats at the foot of the
    screen, under the step's sheet, wherever the page is scrolled; no line of the step under it."""
    number, lesson = next(
        (number, lesson)
        for number, lesson in enumerate(map(load_lesson, bundled_lessons(GAME)), start=1)
        if number > 1 and lesson.steps[-1].try_ is None
    )
    context, page = sized_page(chromium, PHONE)
    shot = "in-view-next-lesson-390x844"
    text = ".tutor-lesson-panel :is(.tutor-head, .tutor-say, .tutor-tip, .tutor-count, .tutor-stepnav button)"
    try:
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
    finally:
        page.goto("about:blank")
        context.close()


PLAY_CASES = [(game, size) for game in (GAME, *OTHER_GAMES) for size in (PHONE, LAPTOP)] + [(GAME, WIDE)]


@pytest.mark.parametrize("game, size", PLAY_CASES, ids=map(case_id, PLAY_CASES))
def test_a_game_against_the_computer_keeps_where_the_person_acts_next_in_view(chromium, voila, game, size):
    """After each of the person's moves, once the computer has answered: where the person acts
    next (the first part a next move is made with) is in the window, not covered."""
    from .test_play import LOG_ENTRIES, fold_settings, open_settings

    context, page = sized_page(chromium, size)
    try:
        page.goto(voila.page_url(page_file("play", game, seed=0)))
        page.get_by_text(msg("app.play.your-turn")).wait_for(timeout=PAGE_TIMEOUT_MS)
        open_settings(page)
        page.get_by_label(msg("app.play.speed"), exact=True).select_option(label=msg("app.play.speeds.instant"))
        page.get_by_label(msg("app.play.players"), exact=True).select_option(label="2")
        fold_settings(page)
        replica = GameTable(registered(game), seed=0, speed="instant")  # the deal the address names
        replica.players.value = 2
        page.wait_for_function(f"count => {LOG_ENTRIES} === count", arg=len(replica.sentences))
        rng = random.Random(0)
        for number in range(4):
            if replica.state.is_terminal():
                break
            move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
            play(page, game, move)
            replica.play(move)
            page.wait_for_function(f"count => {LOG_ENTRIES} === count", arg=len(replica.sentences))
            still(page)
            shot = f"in-view-play-{game}-{name(size)}-{number + 1}"
            if not replica.state.is_terminal():
                upcoming = seat_moves(replica.state, replica.person_to_move())[0]
                assert_seen(page, board_module(game).clicks(upcoming)[0], "where the person acts next", shot)
        screenshot(page, f"in-view-play-{game}-{name(size)}")
        assert_no_code_or_errors(page)
    finally:
        page.goto("about:blank")
        context.close()
