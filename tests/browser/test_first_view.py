"""A page's first view: the page drawn from plain HTML the moment it arrives, before Voila's
scripts (1.3 MB) have loaded, then replaced by the live page (widgets/first_view.py and the
tutor template)."""

from __future__ import annotations

import pytest

from widgets.app import page_file

from .conftest import PAGE_TIMEOUT_MS, screenshot, wait_for_page
from .pages import LAPTOP, settle
from .phone import PHONE

LEARN = page_file("learn", "monster-trick")
SCREENS = {"phone": PHONE, "laptop": LAPTOP}
# When the first view left and what the browser counted as the largest paint, and when.
WATCH = """() => {
  window.paints = [];
  new PerformanceObserver(list => window.paints.push(...list.getEntries().map(entry => entry.startTime)))
    .observe({type: "largest-contentful-paint", buffered: true});
  new MutationObserver(() => {
    if (window.firstViewSeen && !document.querySelector(".tutor-first-view") && window.firstViewLeft === undefined)
      window.firstViewLeft = performance.now();
    window.firstViewSeen ||= Boolean(document.querySelector(".tutor-first-view"));
  }).observe(document, {subtree: true, childList: true});
}"""


def texts_of(page) -> str:
    """Every text on the page, those in closed shadow roots (the first view's) included."""
    root = page.context.new_cdp_session(page).send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    found, nodes = [], [root]
    while nodes:
        node = nodes.pop()
        if node["nodeType"] == 3:
            found.append(node["nodeValue"])
        nodes += node.get("children", []) + node.get("shadowRoots", [])
    return " ".join(found)


# The size a text is drawn at: an SVG's text scaled with its drawing (None: not shown).
DRAWN_SIZE = """function () {
  const style = getComputedStyle(this), box = this.getBoundingClientRect();
  if (style.visibility === "hidden" || style.display === "none" || !box.width || !box.height) return null;
  const scale = this instanceof SVGGraphicsElement ? Math.abs(this.getScreenCTM()?.a ?? 1) : 1;
  return parseFloat(style.fontSize) * scale;
}"""


def small_texts(page, below: float = 11) -> list[str]:
    """Texts shown smaller than ``below`` px, those in closed shadow roots (the first view's) included."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    found, nodes = [], [(root, None)]
    while nodes:
        node, parent = nodes.pop()
        if node["nodeType"] == 3 and node["nodeValue"].strip() and parent is not None:
            element = cdp.send("DOM.resolveNode", {"backendNodeId": parent["backendNodeId"]})["object"]
            size = cdp.send(
                "Runtime.callFunctionOn", {"objectId": element["objectId"], "functionDeclaration": DRAWN_SIZE}
            )
            shown = size["result"].get("value")
            if shown is not None and shown < below:
                found.append(f"{node['nodeValue'].strip()[:30]!r} at {shown:.1f} px")
        nodes += [(child, node) for child in node.get("children", []) + node.get("shadowRoots", [])]
    return found


# A first-view drawing's box on screen (None: not shown).
BOX = """function () {
  const box = (this.querySelector("svg") || this).getBoundingClientRect();
  return getComputedStyle(this).display === "none" || !box.width ? null
    : {top: box.top, bottom: box.bottom, left: box.left, right: box.right};
}"""


def layouts_shown(page) -> dict[str, list]:
    """The boxes of the first view's drawings in each layout (its closed shadow root's)."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    found: dict[str, list] = {"wide": [], "narrow": []}
    nodes = [root]
    while nodes:
        node = nodes.pop()
        attributes = dict(zip(node.get("attributes", [])[::2], node.get("attributes", [])[1::2]))
        for layout in found:
            if f"tutor-first-{layout}" in attributes.get("class", "").split():
                element = cdp.send("DOM.resolveNode", {"backendNodeId": node["backendNodeId"]})["object"]
                box = cdp.send(
                    "Runtime.callFunctionOn",
                    {"objectId": element["objectId"], "functionDeclaration": BOX, "returnByValue": True},
                )
                found[layout].append(box["result"].get("value"))
        nodes += node.get("children", []) + node.get("shadowRoots", [])
    return found


@pytest.mark.parametrize("screen", SCREENS)
def test_the_page_is_there_before_its_scripts(chromium, voila, screen):
    width, height = SCREENS[screen]
    context = chromium.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.route("**/voila/static/voila.js", lambda route: route.abort())  # a network too slow to bring them
        page.goto(voila.page_url(LEARN))
        view = page.locator(".tutor-first-view")
        view.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        page.wait_for_load_state("load")
        box = view.bounding_box()
        assert box and box["height"] > height * 0.8, "the page fills the screen, not a spinner"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, "nothing cut off at the side"
        assert not small_texts(page), "every text shown is large enough to read"
        first = texts_of(page)
        screenshot(page, f"first-view-{screen}")
        # the board drawn in the layout the live page will draw it in: a phone's narrow one
        layouts = layouts_shown(page)
        mine, other = ("narrow", "wide") if width <= 600 else ("wide", "narrow")
        assert layouts[mine] and layouts[other] and all(box is None for box in layouts[other]), layouts
        assert all(box and box["left"] >= 0 and box["right"] <= width for box in layouts[mine]), layouts
        assert min(box["top"] for box in layouts[mine]) < height / 2, f"the board in the first screen: {layouts}"

        live = context.new_page()
        live.goto(voila.page_url(LEARN))
        wait_for_page(live, LEARN)
        said = live.locator(".tutor-say").first.inner_text()
        assert " ".join(said.split()) in " ".join(first.split()), "the first view says what the live page says"
    finally:
        context.close()


@pytest.mark.parametrize("game", ["monster-trick", "thricewise"])
@pytest.mark.parametrize("screen", SCREENS)
def test_the_live_page_takes_its_place_without_a_larger_paint(chromium, voila, screen, game):
    """Once drawn, the live page shows nothing larger than the first view did (the browser's
    largest paint stays the first view's): it gives way only once the live page is settled.
    Revealed before a phone's boards were fitted, the lesson's text painted larger, later."""
    width, height = SCREENS[screen]
    context = chromium.new_context(viewport={"width": width, "height": height}, is_mobile=screen == "phone")
    try:
        page = context.new_page()
        page.add_init_script(f"({WATCH})()")
        learn = page_file("learn", game)
        page.goto(voila.page_url(learn))
        wait_for_page(page, learn)
        page.locator(".tutor-say").first.wait_for(state="visible")
        settle(page)  # the live page still: a paint after the first view left would be counted by now
        assert page.locator(".tutor-first-view").count() == 0, "the first view has left"
        seen, left, paints = page.evaluate("[window.firstViewSeen, window.firstViewLeft, window.paints]")
        assert seen and left is not None, "it was there first"
        assert paints and max(paints) < left, "the largest paint was the first view's"
        assert page.locator(".tutor-page").is_visible()
    finally:
        context.close()
