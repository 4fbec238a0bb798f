"""What the browser tests wait for and measure on any of the tutor's pages: the screen sizes,
the page gone still, what is in the window or cut off, what axe-core finds. (A phone's own
checks are in phone.py, the play page's actions in play_page.py.)"""

import pytest
from axe_playwright_python.sync_playwright import Axe

from tutor.lessons import bundled_lessons, load_lesson
from widgets.pages import page_title

from .conftest import ACTION_TIMEOUT_MS
from .play_page import fold_settings, open_settings

LAPTOP, PROJECTOR = (1280, 800), (1920, 1080)  # a phone's size: phone.PHONE
NEXT = ".tutor-stepnav [data-target='next']"  # a lesson step's button to go on
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def try_steps(game: str) -> list[tuple[int, int, object]]:
    """(lesson, step), counted from 1, of each of the game's try-it steps, and the lesson."""
    steps = [
        (number, index + 1, lesson)
        for number, lesson in enumerate(map(load_lesson, bundled_lessons(game)), start=1)
        for index, step in enumerate(lesson.steps)
        if step.try_
    ]
    if not steps:
        pytest.fail(f"{game} has no try-it step")
    return steps


# Resolves once the page has been still for ``quiet`` ms: no element, attribute, text or
# scroll position changed. The page's script fits its boards on the next frame after a change and
# brings what comes next into view once the page has been still for 200 ms (ONWARD_QUIET_MS),
# so a longer stillness means it is done. A page that never stills is given up on at ``most``.
# Resolves with whether the page went still.
STILL = """([quiet, most]) => new Promise(done => {
  const watch = new MutationObserver(() => again());
  const finish = (still) => { clearTimeout(timer); clearTimeout(limit); watch.disconnect();
                              removeEventListener("scroll", again, true); done(still); };
  let timer = setTimeout(() => finish(true), quiet);
  const limit = setTimeout(() => finish(false), most);
  function again() { clearTimeout(timer); timer = setTimeout(() => finish(true), quiet); }
  watch.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  addEventListener("scroll", again, true);
})"""


# Every box scrolled back to its top, as on arrival: a page resized after a walk at another size.
TO_THE_TOP = "() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0; }"
STILL_AT_MOST_MS = 3000  # a page that keeps changing (a game playing on) is measured as it is then


def settle(page, quiet_ms: int = 300, most_ms: int = STILL_AT_MOST_MS) -> bool:
    """Wait until the page has fitted the boards and brought the way on into view (after a
    resize, a new text size or an answer drawn): until it is still for ``quiet_ms``. False if
    it was still changing at ``most_ms``."""
    return page.evaluate(STILL, [quiet_ms, most_ms])


def still(page, arriving: bool = False) -> None:
    """The page has drawn its answer and brought it into view: no change for a moment, twice
    the 200 ms the page waits after an answer before it scrolls; on arrival longer than the
    600 ms a phone's page waits before it scrolls to what to act on."""
    settle(page, quiet_ms=700 if arriving else 400, most_ms=ACTION_TIMEOUT_MS)


OUTSIDE = """selector => [...document.querySelectorAll(selector)]
    .filter(el => el.getBoundingClientRect().width > 0)
    .filter(el => { const r = el.getBoundingClientRect();
                    return r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
    .map(el => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40))"""


def outside_view(page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are not wholly inside the window once the page
    has brought them there: it scrolls when a busy kernel's answer has been drawn and the page
    is still, so this waits for that (up to ACTION_TIMEOUT_MS) rather than for a fixed time."""
    from playwright.sync_api import TimeoutError as PageTimeout

    try:
        page.wait_for_function(
            f"selector => ({OUTSIDE})(selector).length === 0", arg=selector, timeout=ACTION_TIMEOUT_MS
        )
    except PageTimeout:
        pass  # still outside: the caller names them
    return page.evaluate(OUTSIDE, selector)


def cut_off_sideways(page, selector: str) -> list[str]:
    """The elements matching ``selector`` partly out of sight sideways: past the window's
    edge or past the edge of a box that clips them (a board scrolling inside itself)."""
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)]
        .filter(el => el.getBoundingClientRect().width > 0)
        .filter(el => { const r = el.getBoundingClientRect();
                        let left = 0, right = innerWidth;
                        for (let up = el.parentElement; up; up = up.parentElement) {
                            if (getComputedStyle(up).overflowX === 'visible') continue;
                            const box = up.getBoundingClientRect();
                            left = Math.max(left, box.left);
                            right = Math.min(right, box.right);
                        }
                        return r.left < left - 1 || r.right > right + 1; })
        .map(el => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40))""",
        selector,
    )


def too_wide(page) -> list[str]:
    """Elements that stick out of the window sideways, leaving out what a box scrolls
    inside itself (a board, a score sheet); and whether the page itself scrolls sideways."""
    return page.evaluate("""() => {
        const wide = [];
        const scrolls = el => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
        const inScroller = el => {
            for (let up = el.parentElement; up && !up.matches('.tutor-page'); up = up.parentElement)
                if (scrolls(up)) return true;
            return false;
        };
        for (const el of document.querySelectorAll('.tutor-page *')) {
            if (inScroller(el)) continue;
            const r = el.getBoundingClientRect();
            if (r.width > 0 && r.right > innerWidth + 1) wide.push(`${el.tagName}.${el.getAttribute('class') || ''}`);
        }
        for (const box of [document.scrollingElement, document.getElementById('rendered_cells')]) {
            if (box && box.scrollWidth > box.clientWidth + 1) wide.push(`page scrolls sideways: ${box.id || 'page'}`);
        }
        return wide.slice(0, 5);
    }""")


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
    """The elements matching ``selector`` a person cannot see: past the window's edge or covered (HIDDEN)."""
    return page.evaluate(HIDDEN, selector)


def in_view(page, selector: str, width: int = 0) -> bool:
    """Whether the part is whole in the window (and at least ``width`` pixels wide)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["width"] >= width


def assert_titled_and_accessible(page, section: str | None, game: str | None) -> None:
    """The page's title names it, in English like its lang attribute; axe finds nothing, on the
    play page with the settings it folds away unfolded too (folded again afterwards)."""
    assert page.title() == page_title(section, game, language="en")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert_accessible(page)
    if section == "play":
        open_settings(page)
        assert_accessible(page)
        fold_settings(page)


def assert_accessible(page) -> None:
    """axe-core finds no WCAG 2.1 A or AA violation on the page as it is now."""
    violations = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_21_AA}}).response["violations"]
    assert violations == [], "\n".join(
        f"{violation['id']} ({violation['impact']}): {violation['help']}: "
        f"{[node['target'] for node in violation['nodes']]}"
        for violation in violations
    )
