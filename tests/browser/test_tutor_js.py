"""The browser side of every widget (widgets/static/tutor.js) on its own, without a kernel: a
page that imports the module and draws one widget for a stand-in model that records what the
module sends, so a test can redraw the widget at the moment it chooses."""

from pathlib import Path

import pytest

from .phone import PHONE

STATIC = Path(__file__).parents[2] / "widgets" / "static"
ORIGIN = "http://localhost:9"  # never reached: every request is answered from widgets/static
PAGE = '<!doctype html><meta name="viewport" content="width=device-width"><title>widget</title>'

# One widget drawn by the module, for a model that keeps what it is sent and can change its
# markup on demand (as the kernel does when it draws an answer).
DRAW = """async (html) => {
  const { default: widget } = await import("/tutor.js");
  const handlers = {};
  const values = { html, scale: 1, kind: "", narrow: false };
  window.sent = [];
  window.model = {
    get: (key) => values[key],
    set: (key, value) => { values[key] = value; },
    save_changes: () => {},
    send: (content) => window.sent.push(content),
    on: (event, handler) => { handlers[event] = handler; },
    redraw: () => handlers["change:html"](),
  };
  const el = document.createElement("div");
  document.body.append(el);
  widget.render({ model: window.model, el });
}"""
SLOTS = '<button data-target="slot:0">first</button><button data-target="slot:1">second</button>'


def draw(page):
    page.route(f"{ORIGIN}/**", lambda route: route.fulfill(path=STATIC / route.request.url.removeprefix(f"{ORIGIN}/")))
    page.route(f"{ORIGIN}/", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    page.goto(f"{ORIGIN}/")
    page.evaluate(DRAW, SLOTS)
    return page


@pytest.fixture
def widget(page):
    return draw(page)


@pytest.fixture
def phone(browser):
    return draw(browser(PHONE, touch=True))


def clicks(page) -> list[str]:
    return [sent["click"] for sent in page.evaluate("window.sent") if "click" in sent]


def test_a_click_on_a_part_sends_its_name_once(widget):
    widget.click("[data-target='slot:1']")
    assert clicks(widget) == ["slot:1"]


def test_a_click_whose_part_is_redrawn_between_press_and_release_is_not_lost(widget):
    """The kernel's answer to the click before (a card chosen: the slots lit) can replace the
    parts while the button is down; the browser then fires no click at all."""
    box = widget.locator("[data-target='slot:1']").bounding_box()
    widget.mouse.move(box["x"] + 5, box["y"] + 5)
    widget.mouse.down()
    widget.evaluate("window.model.redraw()")
    widget.mouse.up()
    assert clicks(widget) == ["slot:1"]


def test_a_press_released_on_another_part_after_a_redraw_sends_nothing(widget):
    first = widget.locator("[data-target='slot:0']").bounding_box()
    widget.mouse.move(first["x"] + 5, first["y"] + 5)
    widget.mouse.down()
    widget.evaluate("window.model.redraw()")
    second = widget.locator("[data-target='slot:1']").bounding_box()
    widget.mouse.move(second["x"] + 5, second["y"] + 5)
    widget.mouse.up()
    assert clicks(widget) == []


def test_a_tap_whose_part_is_redrawn_between_touch_and_release_is_sent_once(phone):
    """A touch screen sends its click after the release even when the part was replaced."""
    box = phone.locator("[data-target='slot:1']").bounding_box()
    point = {"x": box["x"] + 5, "y": box["y"] + 5}
    touch = phone.context.new_cdp_session(phone)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    phone.evaluate("window.model.redraw()")
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.tap("[data-target='slot:0']")  # the next tap: the one before has been handled by then
    assert clicks(phone) == ["slot:1", "slot:0"]
