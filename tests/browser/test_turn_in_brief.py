"""A game's turn in brief in a real browser: opened from the learn page, wholly in view on a
laptop, its rule links opening the reference, and printed on one A4 sheet without the page's
navigation."""

import re

import pytest

from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson, turn_in_brief
from widgets.app import page_file

from .conftest import SCREENSHOTS, assert_no_code_or_errors, open_page, screenshot, viewport, wait_for_page
from .pages import LAPTOP, assert_accessible

A4_CSS_PX = 297 / 25.4 * 96  # an A4 sheet's height in CSS pixels


@pytest.mark.parametrize("game", games())
def test_a_turn_in_brief_fits_a_laptop_and_prints_on_one_page(page, voila, game):
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, page_file("learn", game))
    screenshot(page, f"{game}-learn-with-turn-link-1280x800")
    page.locator(".tutor-turn-link").click()
    wait_for_page(page, page_file("learn", game, summary=1))
    turn = page.locator(".tutor-turn")
    turn.wait_for()
    assert_no_code_or_errors(page)
    assert turn.locator("li").count() == len(turn_in_brief(game, "en"))
    box = turn.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    screenshot(page, f"{game}-turn-in-brief-1280x800")
    assert_accessible(page)

    rule = turn.locator("[data-target^='rule:']").nth(1)
    target = rule.get_attribute("data-target")
    rule.click()
    page.wait_for_selector(f".tutor-reference details[open] summary[data-target='{target}']")

    page.emulate_media(media="print")
    assert not page.locator(".tutor-bar").first.is_visible(), "the navigation and text size buttons print"
    assert not page.locator(".tutor-reference").first.is_visible()
    assert page.locator(".tutor-turn-back").count() == 1 and not page.locator(".tutor-turn-back").is_visible()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= A4_CSS_PX, f"the printed summary is {height}px high, more than one A4 sheet"
    screenshot(page, f"{game}-turn-in-brief-print")
    pdf = page.pdf(format="A4", margin={"top": "15mm", "bottom": "15mm", "left": "15mm", "right": "15mm"})
    (SCREENSHOTS / f"{game}-turn-in-brief.pdf").write_bytes(pdf)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1, "the summary prints on more than one page"


@pytest.mark.parametrize("game", games())
def test_the_last_lesson_ends_with_the_turn_in_brief(page, voila, game):
    lessons = bundled_lessons(game)
    steps = len(load_lesson(lessons[-1]).steps)
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, page_file("learn", game, lesson=len(lessons), step=steps))
    turn = page.locator(".tutor-shelf .tutor-turn")
    turn.wait_for()
    assert turn.locator("li").count() == len(turn_in_brief(game, "en"))
    screenshot(page, f"{game}-last-lesson-turn-in-brief")
    page.click(".tutor-stepnav [data-target='back']")
    turn.wait_for(state="detached")
