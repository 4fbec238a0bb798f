"""What a phone (390x844) asks of a page: every text a learner reads at least 11 px on screen,
drawings' words included (an SVG drawn smaller shrinks its words: their size is measured as
drawn), no box hiding part of itself without a sign, no word broken inside a column it fits;
and the page's drawings in their narrow layout before anything is measured."""

from .conftest import ACTION_TIMEOUT_MS, PAGE_TIMEOUT_MS, viewport

PHONE = (390, 844)
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
    context = chromium.new_context(viewport=viewport(PHONE))
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    return context, page


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
