"""A phone (390x844) at normal and large text: every text a learner reads on the learn,
practise and play pages is at least 11 px on screen, drawings' words included (an SVG drawn
smaller shrinks its words: their size is measured as drawn), nothing is cut off, and after
each answer the button to go on is in view."""

import pytest

from tutor.games import games
from tutor.messages import msg
from widgets.app import page_file

from .boards import play
from .conftest import ACTION_TIMEOUT_MS, PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot
from .test_screens import (
    PHONE,
    boards_scroll_to_everything,
    cut_off_sideways,
    open_at,
    outside_view,
    settle,
    too_wide,
    try_steps,
)

READING_PX = 11
NARROW_W = 390  # the widest narrow layout (Monster Trick's slots two by two)

# Every line of text on the page with its size on screen: HTML by its font size and zoom,
# SVG by its font size times the drawing's scale. Cards drawn small as reminders (class
# small-card: a player's panel, a bank) are left out; they are drawn full size where they
# are played. Also each drawing's words that stick out of the drawing.
TEXTS = """() => {
    const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const sizes = [];
    for (const el of document.querySelectorAll('.tutor-page *')) {
        if (el.closest('svg') || !shown(el)) continue;
        if (![...el.childNodes].some(node => node.nodeType === 3 && node.textContent.trim())) continue;
        sizes.push([parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1), el.textContent.trim().slice(0, 40)]);
    }
    const cut = [];
    for (const text of document.querySelectorAll('.tutor-page svg text')) {
        if (!text.textContent.trim() || !shown(text) || text.closest('.small-card')) continue;
        const m = text.getScreenCTM();
        sizes.push([parseFloat(text.getAttribute('font-size')) * Math.hypot(m.a, m.b), text.textContent.trim()]);
        const r = text.getBoundingClientRect(), box = text.ownerSVGElement.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) cut.push(text.textContent.trim());
    }
    sizes.sort((a, b) => a[0] - b[0]);
    return { smallest: sizes.slice(0, 5).map(([px, words]) => [Math.round(px * 10) / 10, words]), cut };
}"""


def hidden_without_a_sign(page) -> list[str]:
    """Boxes that scroll sideways inside the page (a score sheet, a growing grid, the
    navigation) and hide part of themselves without the fade that says so (data-more)."""
    return page.evaluate("""() => [...document.querySelectorAll('.tutor-page *')]
        .filter(box => ['auto', 'scroll'].includes(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth + 1)
        .filter(box => !(box.dataset.more || '').match(/left|right/))
        .map(box => box.className.split(' ').filter(name => !/^(lm-|jupyter-|widget-)/.test(name)).join(' ')
                    || box.textContent.trim().slice(0, 40))""")


def wait_for_narrow_boards(page) -> None:
    """The drawings have come back in their narrow layout (static/parts/phone.js asked for it)."""
    page.wait_for_function(
        """limit => [...document.querySelectorAll('.tutor-board svg[viewBox]')]
        .filter(svg => svg.dataset.fit !== 'scroll' && svg.getClientRects().length)
        .every(svg => svg.viewBox.baseVal.width <= limit)""",
        arg=NARROW_W,
        timeout=PAGE_TIMEOUT_MS,
    )


def phone_page(chromium):
    context = chromium.new_context(viewport=dict(zip(("width", "height"), PHONE)))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    return context, page


@pytest.mark.parametrize("section", ("learn", "practise", "play"))
@pytest.mark.parametrize("game", games())
def test_every_text_is_readable_on_a_phone(chromium, voila, game, section):
    context, page = phone_page(chromium)
    try:
        acted_on = open_at(page, voila, game, section)
        assert_no_code_or_errors(page)
        wait_for_narrow_boards(page)
        for size in ("normal", "large"):
            page.locator(f"[data-zoom='{size}']").click()
            settle(page)
            screenshot(page, f"phone-{game}-{section}-{size}-text")
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
    finally:
        page.goto("about:blank")  # leaving the page makes Voila shut its kernel down
        context.close()


@pytest.mark.parametrize("game", games())
def test_after_each_answer_on_a_phone_the_way_on_is_in_view(chromium, voila, game):
    """A try-it step answered: its verdict and Next in view. A practice question answered:
    "Next question" in view; "Show me": the board it changes in view."""
    context, page = phone_page(chromium)
    try:
        _, step_number, lesson = try_steps(game)[0]
        open_at(page, voila, game, "learn")
        wait_for_narrow_boards(page)
        step = lesson.steps[step_number - 1]
        move = step.try_.accept[0] if step.try_.accept else lesson.states()[step_number - 1].legal_moves()[0]
        play(page, game, move)
        page.locator(".tutor-feedback.tutor-right").wait_for()
        settle(page)
        screenshot(page, f"phone-{game}-learn-answered")
        assert outside_view(page, ".tutor-feedback, .tutor-stepnav [data-target='next']") == []

        open_at(page, voila, game, "practise")
        wait_for_narrow_boards(page)
        for number in range(3):
            page.locator(".tutor-choices button:not([disabled])").first.click()
            page.locator(".tutor-onward").wait_for()
            settle(page)
            screenshot(page, f"phone-{game}-practise-answered-{number + 1}")
            assert outside_view(page, ".tutor-onward") == [], f"question {number + 1}: the way on is out of view"
            if number == 0:
                page.locator(".tutor-show-me").click()
                page.get_by_role("button", name=msg("app.practise.show-again")).wait_for()
                settle(page)
                board_top = page.evaluate("document.querySelector('.tutor-board').getBoundingClientRect().top")
                assert 0 <= board_top < PHONE[1] / 2, "the board 'Show me' changed is in view"
                page.locator(".tutor-onward").click()
            else:
                page.locator(".tutor-onward").click()
    finally:
        page.goto("about:blank")
        context.close()


# A word broken across two lines although it would fit its column on a line of its own
# (the French "emplacemen/t"): each word of the table measured alone, in its own type.
SPLIT_WORDS = """() => [...document.querySelectorAll('.tutor-glossary .tutor-word, .tutor-glossary th > span[lang]')]
    .flatMap(word => {
        const node = word.firstChild, split = [];
        if (!node) return split;
        for (const found of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, found.index);
            range.setEnd(node, found.index + found[0].length);
            if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size < 2) continue;
            const cell = word.closest('th, td'), style = getComputedStyle(cell);
            const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const alone = word.cloneNode(false);
            alone.style.whiteSpace = 'nowrap';
            alone.textContent = found[0];
            word.after(alone);
            const width = alone.getBoundingClientRect().width / (cell.currentCSSZoom || 1);
            alone.remove();
            if (width <= room + 0.5) split.push(found[0]);
        }
        return split;
    })"""


@pytest.mark.parametrize("game", games())
def test_glossary_words_break_only_when_wider_than_their_column_on_a_phone(chromium, voila, game):
    from tutor.messages import LANGUAGES
    from widgets.languages import with_language

    context, page = phone_page(chromium)
    try:
        for language in LANGUAGES:
            page.goto(voila.page_url(with_language(page_file("glossary", game), language)))
            page.locator(".tutor-glossary").wait_for(timeout=PAGE_TIMEOUT_MS)
            for size in ("normal", "large"):
                page.locator(f"[data-zoom='{size}']").click()
                settle(page)
                assert page.evaluate(SPLIT_WORDS) == [], f"words cut in {language} with {size} text"
            page.locator("[data-zoom='normal']").click()
    finally:
        page.goto("about:blank")
        context.close()
