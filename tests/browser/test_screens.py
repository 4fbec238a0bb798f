"""Every page kind of every game on the three screens learners and teachers use: a phone
(390x844), a laptop (1280x800) and a projector (1920x1080).

On the laptop and the projector what the learner acts on now (the cards to play, the
rows to give to, the grid a card goes on, the answers, the step's Next) is in view
without scrolling, on the projector with the text size set to "projector" too, where
the cards' values and names are drawn larger than at normal size; on the phone nothing
is wider than the screen and nothing the learner acts on is cut off at the side (a board
shrinks to the screen's width; one still wider scrolls inside itself) and, on the learn,
practise and play pages, every text is at least 11 px at normal and large text. The learn page's
address names the lesson and step: it opens there, and a reload stays."""

from pathlib import Path

import pytest

from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import LANGUAGES, msg
from widgets.app import SECTIONS, page_file
from widgets.boards import board_module
from widgets.boards.thricewise import GRID
from widgets.languages import with_language
from widgets.stepper import LessonStepper

from .boards import check_cards_against_view, play
from .conftest import ACTION_TIMEOUT_MS, PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot, viewport
from .pages import (
    LAPTOP,
    PROJECTOR,
    assert_accessible,
    assert_titled_and_accessible,
    cut_off_sideways,
    outside_view,
    settle,
    too_wide,
    try_steps,
)
from .phone import PHONE, READING_PX, SPLIT_WORDS, TEXTS, hidden_without_a_sign, wait_for_narrow_boards

READABLE_PX = 13  # the smallest page text (a note under a word) at normal size

STEP = ".tutor-lesson-panel .tutor-count"
# The pages with something to act on; a learn page twice: at its first try-it step and at
# its last, where the board has grown most. The glossary has a test of its own.
PAGES = ("learn", "learn-last", "drill", "practise", "play")


def test_every_page_kind_is_checked():
    assert {page.removesuffix("-last") for page in PAGES} | {"glossary"} == set(SECTIONS)


def first_try_step(game: str) -> tuple[int, int, object]:
    return try_steps(game)[0]


def places(page, selector: str) -> list[list[int]]:
    """Where the elements matching ``selector`` are, to the pixel."""
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)].map(el => {
        const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round); })""",
        selector,
    )


def holds_still(page, selector: str) -> bool:
    """Once fitted, the board stays put: what the learner aims at is not moved away from
    the pointer by the board fitting itself again (a row wrapping and unwrapping did, and
    such a page never goes still)."""
    before = places(page, selector)
    return settle(page, most_ms=ACTION_TIMEOUT_MS) and places(page, selector) == before


def smallest_text(page) -> float:
    """The size on screen, in px, of the page's smallest line of text (zoom counted)."""
    return page.evaluate("""() => Math.min(...[...document.querySelectorAll('.tutor-page *')]
        .filter(el => el.getBoundingClientRect().height > 0
                      && [...el.childNodes].some(node => node.nodeType === 3 && node.textContent.trim()))
        .map(el => parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1)))""")


def boards_scroll_to_everything(page) -> list[str]:
    """Boards wider than the screen scroll inside themselves and start at its left edge."""
    return page.evaluate("""() => [...document.querySelectorAll('.tutor-board')].flatMap(board => {
        const r = board.getBoundingClientRect();
        const problems = [];
        if (r.left < -1 || r.right > innerWidth + 1) problems.push('board outside the window');
        if (board.scrollWidth > board.clientWidth + 1 && getComputedStyle(board).overflowX !== 'auto')
            problems.push('board cut off without a scrollbar');
        return problems;
    })""")


def card_text_sizes(page) -> list[float]:
    """The size on screen, in px, of every card value and name drawn to be read."""
    return page.evaluate("""() => [...document.querySelectorAll(
            '.tutor-board text.card-value, .tutor-board text.card-name')]
        .filter(text => text.getBoundingClientRect().height > 0)
        .map(text => { const m = text.getScreenCTM();
                       return parseFloat(text.getAttribute('font-size')) * Math.hypot(m.a, m.b); })""")


def open_at(page, voila, game: str, section: str) -> str:
    """Open the page (a learn page at its first try-it step, "learn-last" at its last,
    where the board has grown most, by its address); the selector of what the learner
    acts on now."""
    if section.startswith("learn"):
        lesson_number, step_number, lesson = try_steps(game)[-1 if section == "learn-last" else 0]
        page.goto(voila.page_url(page_file("learn", game, lesson=lesson_number, step=step_number)))
        page.locator(".tutor-lesson-panel .tutor-title", has_text=lesson.title).wait_for(timeout=PAGE_TIMEOUT_MS)
        count = msg("widgets.stepper.count", number=step_number, total=len(lesson.steps))
        page.locator(STEP, has_text=count).wait_for()
        shown = LessonStepper(lesson.path)
        shown.go(step_number - 1)
        check_cards_against_view(page, shown.board.state, shown.board.seat)
        return f"{board_module(game).ACTED_ON['learn']}, .tutor-try, .tutor-stepnav [data-target='next']"
    seeded = {"seed": 0} if section in ("play", "practise") else {}  # the same deal and questions on every run
    page.goto(voila.page_url(page_file(section, game, **seeded)))
    if section == "practise":
        page.locator(".tutor-choices button").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        return ".tutor-choices button, .tutor-prompt"
    if section == "drill":  # the first position of the first drill
        page.locator(".tutor-drill-list").wait_for(timeout=PAGE_TIMEOUT_MS)
        page.locator(board_module(game).ACTED_ON["drill"]).first.wait_for()
        return f"{board_module(game).ACTED_ON['drill']}, .tutor-prompt"
    page.get_by_text(msg("app.play.your-turn")).wait_for(timeout=PAGE_TIMEOUT_MS)
    page.locator(board_module(game).ACTED_ON["play"]).first.wait_for()
    return board_module(game).ACTED_ON["play"]


def answer_every_question_in_french(page, voila, game: str) -> None:
    """A whole round on the projector, in French (its explanations are the longest), each
    question answered by its first choice: however long the explanation, the button to go
    on is in view."""
    page.goto(voila.page_url(with_language(page_file("practise", game, seed=0), "fr")))
    for number in range(10):
        page.locator(".tutor-choices button:not([disabled])").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        page.locator(".tutor-choices button").first.click()
        page.locator(".tutor-onward").wait_for()
        settle(page)
        if outside_view(page, ".tutor-onward"):
            screenshot(page, f"screens-{game}-practise-answered-{number + 1}-fr-projector-text")
            pytest.fail(f"question {number + 1}: the button to go on is out of view after the answer")
        page.locator(".tutor-onward").click()
    page.goto(voila.page_url(page_file("practise", game, seed=0)))  # the questions open_at opened, for the phone
    page.locator(".tutor-choices button").first.wait_for(timeout=PAGE_TIMEOUT_MS)


@pytest.mark.parametrize("section", PAGES)
@pytest.mark.parametrize("game", games())
def test_every_screen(chromium, voila, game, section):
    context = chromium.new_context(viewport=viewport(LAPTOP))
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)  # a cold kernel on two busy cores
    try:
        acted_on = open_at(page, voila, game, section)
        assert_no_code_or_errors(page)
        if section in SECTIONS:  # once per page kind ("learn-last" is a learn page again)
            assert_titled_and_accessible(page, section, game)
        for name, size in (("laptop", LAPTOP), ("wide", PROJECTOR)):
            page.set_viewport_size(viewport(size))
            settle(page)
            screenshot(page, f"screens-{game}-{section}-{name}")
            assert page.locator(acted_on).count() > 0
            assert outside_view(page, acted_on) == [], f"out of view on the {name} screen"
            assert holds_still(page, acted_on), f"the board keeps moving on the {name} screen"
            assert too_wide(page) == []
        normal = min(card_text_sizes(page))

        # The projector (wide screen) with projector text: the board fits beside the
        # column of what is read, its foot still in view, its cards drawn larger than at normal text.
        page.get_by_role("button", name=msg("app.zoom.projector")).click()
        settle(page)
        screenshot(page, f"screens-{game}-{section}-projector-text")
        assert outside_view(page, acted_on) == [], "out of view on the wide screen with projector text"
        assert holds_still(page, acted_on), "the board keeps moving with projector text"
        sizes = card_text_sizes(page)
        assert sizes and min(sizes) > normal, f"card text {min(sizes):.1f} px with projector text, {normal:.1f} without"
        assert too_wide(page) == []
        assert_accessible(page)  # laid out in columns, parts of the page step aside (display: contents)
        assert page.evaluate("localStorage.getItem('tutor-zoom')") == "projector", "the text size is remembered"
        if section == "practise":  # remembered across pages: the next page opens at projector size
            page.get_by_role("link", name=msg("app.nav.home")).click()
            page.locator(".tutor-game").first.wait_for(timeout=PAGE_TIMEOUT_MS)
            assert page.evaluate("document.documentElement.dataset.tutorZoom") == "projector"
            pressed = page.get_by_role("button", name=msg("app.zoom.projector"))
            assert pressed.get_attribute("aria-pressed") == "true"
            page.go_back()
            page.locator(".tutor-choices button").first.wait_for(timeout=PAGE_TIMEOUT_MS)
        if section == "practise":
            answer_every_question_in_french(page, voila, game)
        page.get_by_role("button", name=msg("app.zoom.normal")).click()

        page.set_viewport_size(viewport(PHONE))
        readable = section in ("learn", "practise", "play")  # (was tests/browser/test_phone.py's own pages)
        if readable:
            wait_for_narrow_boards(page)
        settle(page)
        screenshot(page, f"screens-{game}-{section}-phone")
        assert too_wide(page) == [], "wider than the phone"
        assert boards_scroll_to_everything(page) == []
        assert cut_off_sideways(page, acted_on) == [], "cut off at the side of the phone"
        if readable:
            assert_readable_on_a_phone(page, acted_on, f"phone-{game}-{section}")
    finally:
        page.goto("about:blank")  # leaving the page makes Voila shut its kernel down
        context.close()


def assert_readable_on_a_phone(page, acted_on: str, shot: str) -> None:
    """On a phone at normal and large text: every text at least READING_PX on screen, no
    drawing's words past its edge, nothing wider than the phone or cut off at its side, no box
    hiding part of itself without a sign."""
    for size in ("normal", "large"):
        page.locator(f"[data-zoom='{size}']").click()
        settle(page)
        screenshot(page, f"{shot}-{size}-text")
        found = page.evaluate(TEXTS)
        assert found["smallest"][0][0] >= READING_PX, (
            f"text under {READING_PX} px with {size} text: {found['smallest']}"
        )
        assert found["cut"] == [], f"words cut off at a drawing's edge with {size} text"
        assert too_wide(page) == [], f"wider than the phone with {size} text"
        assert boards_scroll_to_everything(page) == []
        assert cut_off_sideways(page, acted_on) == [], f"cut off at the side with {size} text"
        assert hidden_without_a_sign(page) == [], f"a box hides part of itself without a sign with {size} text"
    page.locator("[data-zoom='normal']").click()


@pytest.mark.parametrize("game", games())
def test_a_glossary_fits_every_screen_in_every_language(chromium, voila, game):
    """The words page has nothing to act on, but its three columns of words (long Dutch
    ones too) fit a phone without sideways scrolling and stay readable at every size; on a
    phone, at normal and large text, a word breaks only when wider than its column."""
    context = chromium.new_context(viewport=viewport(PHONE))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    try:
        for language in LANGUAGES:
            page.goto(voila.page_url(with_language(page_file("glossary", game), language)))
            page.locator(".tutor-glossary").wait_for(timeout=PAGE_TIMEOUT_MS)
            assert_no_code_or_errors(page)
            for name, size in (("phone", PHONE), ("laptop", LAPTOP), ("wide", PROJECTOR)):
                page.set_viewport_size(viewport(size))
                settle(page)
                screenshot(page, f"screens-{game}-glossary-{language}-{name}")
                assert too_wide(page) == [], f"wider than the {name} screen in {language}"
                assert smallest_text(page) >= READABLE_PX, f"text too small on the {name} screen in {language}"
                if (language, name) == ("en", "laptop"):
                    assert_titled_and_accessible(page, "glossary", game)
                if name == "phone":
                    for text in ("normal", "large"):
                        page.locator(f"[data-zoom='{text}']").click()
                        settle(page)
                        assert page.evaluate(SPLIT_WORDS) == [], f"words cut in {language} with {text} text"
                    page.locator("[data-zoom='normal']").click()
                    settle(page)
            normal = smallest_text(page)
            page.locator("[data-zoom='projector']").click()
            settle(page)
            screenshot(page, f"screens-{game}-glossary-{language}-projector-text")
            assert smallest_text(page) > normal, "the projector text size enlarges the words"
            assert too_wide(page) == []
            page.locator("[data-zoom='normal']").click()
    finally:
        page.goto("about:blank")  # leaving the page makes Voila shut its kernel down
        context.close()


@pytest.mark.parametrize("game", games())
def test_a_deep_link_opens_the_step_and_reload_back_and_forward_keep_it(page, voila, game):
    lesson_number, step_number, lesson = first_try_step(game)
    page.goto(voila.page_url(page_file("learn", game, lesson=lesson_number, step=step_number)))

    def at_step(number: int) -> None:
        page.locator(STEP, has_text=msg("widgets.stepper.count", number=number, total=len(lesson.steps))).wait_for(
            timeout=PAGE_TIMEOUT_MS
        )
        page.locator(".tutor-lesson-panel .tutor-title", has_text=lesson.title).wait_for()
        page.wait_for_function("step => new URLSearchParams(location.search).get('step') === step", arg=str(number))

    at_step(step_number)
    page.reload()
    at_step(step_number)
    page.click(".tutor-stepnav [data-target='back']")
    at_step(step_number - 1)
    page.go_back()
    at_step(step_number)
    page.go_forward()
    at_step(step_number - 1)
    assert f"lesson={lesson_number}" in page.url
    page.get_by_role("button", name=msg("app.learn.link")).click()
    page.get_by_text(msg("app.learn.link-copied")).wait_for()
    assert_no_code_or_errors(page)


def test_a_finished_lesson_is_ticked_in_the_list_after_a_reload(page, voila):
    game = next(iter(games()))
    lessons = [load_lesson(path) for path in bundled_lessons(game)]
    last = len(lessons[0].steps)
    page.goto(voila.page_url(page_file("learn", game, lesson=1, step=last)))
    page.locator(STEP, has_text=msg("widgets.stepper.count", number=last, total=last)).wait_for(timeout=PAGE_TIMEOUT_MS)
    final = lessons[0].steps[-1]
    if final.try_:  # a lesson is finished once its last question is answered
        play(page, game, final.try_.accept[0] if final.try_.accept else lessons[0].states()[-1].legal_moves()[0])
        page.wait_for_selector(".tutor-feedback.tutor-right")
    ticked = "\u2713 " + msg("app.learn.lesson", number=1, title=lessons[0].title, minutes=lessons[0].minutes)
    page.locator(".tutor-chooser option", has_text=ticked).wait_for(state="attached")
    page.goto(voila.page_url(page_file("learn", game, lesson=2, step=1)))
    page.locator(".tutor-chooser option", has_text=ticked).wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
    assert Path(lessons[0].path).stem in page.evaluate(f"localStorage.getItem('tutor-progress:{game}')")


def test_a_lost_server_is_told_in_words_and_a_reload_returns_to_the_step(page, voila):
    """The kernel's connection drops and cannot come back (as when the server restarts):
    the page says so, and its reload button brings the learner back to the same step."""
    game = "danger-13"
    lesson_number, step_number, lesson = first_try_step(game)
    cut = []

    def kernel_socket(socket):
        if cut:
            socket.close()  # the server is gone: no new connection
        else:
            cut.append(socket)
            socket.connect_to_server()

    page.route_web_socket("**/api/kernels/**", kernel_socket)
    page.goto(voila.page_url(page_file("learn", game, lesson=lesson_number, step=step_number)))
    count = msg("widgets.stepper.count", number=step_number, total=len(lesson.steps))
    page.locator(STEP, has_text=count).wait_for(timeout=PAGE_TIMEOUT_MS)
    cut[0].close()
    lost = page.locator(".tutor-lost")
    lost.wait_for(timeout=30_000)
    assert msg("app.lost.text") in lost.inner_text()
    screenshot(page, "screens-lost-server")
    cut.clear()
    page.unroute_all()
    lost.get_by_role("button", name=msg("app.lost.reload")).click()
    page.locator(STEP, has_text=count).wait_for(timeout=PAGE_TIMEOUT_MS)
    assert f"lesson={lesson_number}&step={step_number}" in page.url


GRID_NAME_PX = 9  # a card's name on the grid, read across the table to plan triads
GRID_VALUE_PX = 12  # its rank, larger
# The size on screen, in px, of the names (values) of the cards on a growing grid.
GRID_NAMES, GRID_VALUES = (
    f"""() => [...document.querySelectorAll("{GRID} text.card-{kind}")].map(text => {{
        const m = text.getScreenCTM(); return parseFloat(text.getAttribute('font-size')) * Math.hypot(m.a, m.b); }})"""
    for kind in ("name", "value")
)


def typical(sizes: list[float]) -> float:
    """The middle size: most names are drawn at the card's name size, a long word smaller."""
    return sorted(sizes)[len(sizes) // 2] if sizes else 0.0


def test_the_thricewise_grid_fits_its_box_through_a_whole_game_on_a_laptop(chromium, voila):
    """The grid grows with every card; on a laptop it is drawn smaller as it grows rather
    than hide part of itself in a box that scrolls (the learner plans triads across it), but
    never so small that its cards cannot be read: only then does its box scroll."""
    from tutor.bots import seat_moves

    from .boards import play
    from .play_page import smallest_table, wait_for_log

    context = chromium.new_context(viewport=viewport(LAPTOP))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    game = "thricewise"
    try:
        replica = smallest_table(page, voila, game)
        moves = 0
        while not replica.state.is_terminal():
            move = seat_moves(replica.state, replica.person_to_move())[0]
            play(page, game, move)
            replica.play(move)
            wait_for_log(page, replica)
            settle(page)
            moves += 1
            if replica.state.is_terminal():
                break  # the result goes above the table: the page scrolls to the rest
            hidden = page.evaluate(f"""() => {{ const box = document.querySelector("{GRID}");
                return box ? [box.scrollWidth - box.clientWidth, box.scrollHeight - box.clientHeight] : [0, 0]; }}""")
            names = page.evaluate(GRID_NAMES)
            if (max(hidden) > 1 and typical(names) < GRID_NAME_PX) or outside_view(page, GRID):
                screenshot(page, f"screens-{game}-grid-hidden-{moves}")
                pytest.fail(f"after move {moves} the grid hides {hidden} px in its box or is out of view")
        screenshot(page, f"screens-{game}-grid-at-the-end-laptop")
    finally:
        page.goto("about:blank")
        context.close()


def test_a_full_thricewise_grid_is_readable_with_the_hand_and_button_in_view(chromium, voila):
    """Midway through a game the grid spans 6 x 6 (drawn with the ring of crossed-out cells
    around it): on a laptop and a wide screen its cards' names and ranks are still large
    enough to read, while the cards in hand and the button to choose stay in view."""
    import random

    from tutor.bots import seat_moves

    from .play_page import smallest_table, wait_for_log

    context = chromium.new_context(viewport=viewport(LAPTOP))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    game = "thricewise"
    try:
        replica = smallest_table(page, voila, game)
        rng = random.Random(2)  # this deal and these moves reach a 6 x 6 grid while the learner chooses a card
        while replica.state.grid_size() != (6, 6):
            move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
            play(page, game, move)
            replica.play(move)
            wait_for_log(page, replica)
        assert replica.state.phase == "pick"
        page.locator(f"{GRID} svg[aria-label]").wait_for()
        page.locator("[data-target^='card:']").first.click()  # the button to choose is enabled
        page.locator("[data-target^='card:'][aria-pressed='true']").wait_for()
        acted_on = "[data-target^='card:'], .tutor-actions button"
        for name, size in (("laptop", LAPTOP), ("wide", PROJECTOR)):
            page.set_viewport_size(viewport(size))
            settle(page)
            screenshot(page, f"screens-{game}-grid-6x6-{name}")
            names, values = page.evaluate(GRID_NAMES), page.evaluate(GRID_VALUES)
            assert len(names) >= 12 and len(values) >= 10, "the grid's cards are drawn to be read"
            assert typical(names) >= GRID_NAME_PX, f"card names {sorted(names)[:3]} px on the {name} screen"
            assert min(values) >= GRID_VALUE_PX, f"card ranks {min(values):.1f} px on the {name} screen"
            assert outside_view(page, acted_on) == [], f"the hand or the button out of view on the {name} screen"
            assert outside_view(page, GRID) == [], f"the grid's box out of view on the {name} screen"
    finally:
        page.goto("about:blank")
        context.close()
