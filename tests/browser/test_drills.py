"""A drill played in the browser as a learner plays it: a move on the board, a mistake
the engine explains, a hint asked for, the next position at once, the stars at the end, kept after a
reload; on a laptop and a phone."""

from tutor.drills import drills, stars, tasks
from tutor.games import game as registered
from tutor.games import monster_trick as mt
from tutor.messages import msg
from widgets.app import page_file
from widgets.boards.monster_trick import clicks

from .conftest import ACTION_TIMEOUT_MS, PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot, viewport
from .pages import LAPTOP, assert_accessible, outside_view, settle, too_wide
from .phone import PHONE

GAME = mt.GAME_ID
ON_BOARD = "[data-target^='card:'], [data-target^='slot:']"
SMALLEST_PHONE_TEXT = 11  # px: the words of the page; a board's drawing shrinks to a phone's width (tutor.css)


def smallest_words(page) -> list:
    """The size on screen, in px, and the words, of the smallest line of text outside the drawings."""
    return page.evaluate("""() => [...document.querySelectorAll('.tutor-page *')]
        .filter(el => !el.closest('svg') && el.getBoundingClientRect().height > 0)
        .flatMap(el => [...el.childNodes].filter(node => node.nodeType === 3 && node.textContent.trim())
                       .map(node => [parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1),
                                     node.textContent.trim().slice(0, 30)]))
        .sort((a, b) => a[0] - b[0])[0]""")


def drill_stars(page, drill_id: str, earned: int) -> None:
    """The drill's button in the list says its stars in words (the marks are hidden from screen readers)."""
    button = page.locator(f"[data-target='drill:{drill_id}']")
    button.get_by_text(msg("app.drill.stars", stars=earned), exact=True).wait_for()
    assert button.locator(".tutor-stars").inner_text() == "\u2605" * earned + "\u2606" * (3 - earned)


def test_a_drill_played_to_its_stars_keeps_them_after_a_reload(chromium, voila):
    drill = drills(registered(GAME))[0]
    expected = tasks(registered(GAME), drill.id, 0)  # the page's seed: the same positions
    context = chromium.new_context(viewport=viewport(LAPTOP))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    try:
        page.goto(voila.page_url(page_file("drill", GAME)))
        page.locator(".tutor-drill-list").wait_for(timeout=PAGE_TIMEOUT_MS)
        assert_no_code_or_errors(page)
        page.get_by_text(msg("app.drill.not-yet")).first.wait_for()
        for number, task in enumerate(expected, start=1):
            count = msg("app.drill.count", number=number, total=len(expected))
            page.locator(".tutor-count", has_text=count).wait_for()
            page.locator(".tutor-prompt", has_text=task.prompt).wait_for()
            settle(page)
            assert outside_view(page, f"{ON_BOARD}, .tutor-prompt") == [], f"position {number}: out of view"
            if number == 1:  # one mistake: refused by the engine, in words, the position kept
                screenshot(page, "drill-mt-first-laptop")
                card = task.move.card
                refused = next(slot for slot in range(mt.SLOTS) if task.position.why_not(mt.Play(card, slot)))
                for selector in clicks(mt.Play(card, refused)):
                    page.locator(selector).click()
                reason = str(task.position.why_not(mt.Play(card, refused)))
                page.locator(".tutor-wrong", has_text=reason).wait_for()
                page.get_by_text(msg("app.drill.mistakes", mistakes=1)).wait_for()
                screenshot(page, "drill-mt-mistake-laptop")
                assert outside_view(page, f"{ON_BOARD}, .tutor-wrong") == [], "the refusal or the board out of view"
                assert page.locator(".tutor-count", has_text=count).count() == 1, "the same position again"
            if number == 2:  # a hint: the rule in words, no mistake (the stars stop at two, as one mistake gives)
                page.get_by_role("button", name=msg("app.drill.hint")).click()  # its icon adds to the name
                page.locator(".tutor-info", has_text=task.hint).wait_for()
                assert outside_view(page, f"{ON_BOARD}, .tutor-info") == [], "the hint or the board out of view"
            for selector in clicks(task.move):
                page.locator(selector).click()
            page.locator(".tutor-right").wait_for()
            # the move stays drawn with its verdict until Next: the verdict and Next in view
            settle(page)
            assert outside_view(page, ".tutor-right, .tutor-onward") == [], f"position {number}: verdict or Next"
            page.get_by_role("button", name=msg("widgets.stepper.next"), exact=True).click()
        earned = stars(1, hinted=True)
        page.get_by_text(msg("app.drill.earned", stars=earned)).wait_for()
        page.get_by_text(msg("app.drill.hinted")).wait_for()
        drill_stars(page, drill.id, earned)
        onward = page.get_by_role("button", name=msg("app.drill.next", title=drills(registered(GAME))[1].title))
        assert outside_view(page, ".tutor-drill-done, .tutor-onward") == [], "the stars or the way on out of view"
        screenshot(page, "drill-mt-stars-laptop")
        assert_accessible(page)
        assert onward.is_visible()

        page.reload()
        page.locator(".tutor-drill-list").wait_for(timeout=PAGE_TIMEOUT_MS)
        drill_stars(page, drill.id, earned)  # kept in the browser
        assert page.evaluate(f"JSON.parse(localStorage.getItem('tutor-drill-stars:{GAME}'))") == {drill.id: earned}

        page.set_viewport_size(viewport(PHONE))
        settle(page)
        screenshot(page, "drill-mt-phone")
        assert too_wide(page) == [], "wider than the phone"
        size, words = smallest_words(page)
        assert size >= SMALLEST_PHONE_TEXT, f"{words!r} is {size} px on the phone"
        page.locator(".tutor-prompt").scroll_into_view_if_needed()
        page.locator(clicks(expected[0].move)[0]).scroll_into_view_if_needed()
        assert outside_view(page, clicks(expected[0].move)[0]) == [], "the card to play out of reach on the phone"
        assert_accessible(page)
    finally:
        page.goto("about:blank")  # leaving the page makes Voila shut its kernel down
        context.close()
