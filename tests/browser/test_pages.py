"""Every page in a real browser: what a learner sees, and the links between pages."""
import pytest

from tutor.games import MODULES, game_name
from tutor.messages import msg
from widgets.app import HOME, SECTIONS, page_file

from .conftest import open_page, screenshot


def assert_no_code_or_errors(page):
    assert page.locator(".jp-InputArea, .jp-InputPrompt").count() == 0, "source code is visible"
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0, "stray error output"
    assert "Traceback" not in page.inner_text("body")


def test_landing_page_lists_the_three_games(page, voila):
    open_page(page, voila, HOME)
    titles = page.locator(".tutor-game h2").all_inner_texts()
    assert titles == [game_name(game) for game in MODULES]
    assert_no_code_or_errors(page)
    screenshot(page, "landing")


@pytest.mark.parametrize("game", MODULES)
@pytest.mark.parametrize("section", [section for section in SECTIONS if section != "learn"])
def test_coming_soon_pages(page, voila, game, section):
    open_page(page, voila, page_file(section, game))
    assert page.inner_text("h1") == msg(f"app.soon.{section}.heading", game=game_name(game))
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-{section}")


def test_the_navigation_bar_leads_everywhere_and_back(page, voila):
    open_page(page, voila, HOME)
    game = next(iter(MODULES))
    nav = page.locator(".tutor-nav")
    nav.get_by_role("link", name=game_name(game)).click()
    page.wait_for_url(f"**/{page_file('learn', game)}")
    for section in SECTIONS:
        page.locator(".tutor-nav").get_by_role("link", name=msg(f"app.nav.{section}"), exact=True).click()
        page.wait_for_url(f"**/{page_file(section, game)}")
        current = page.locator(".tutor-nav [aria-current=page]")
        current.last.wait_for()
        assert current.last.inner_text() == msg(f"app.nav.{section}")
    page.locator(".tutor-nav").get_by_role("link", name=msg("app.nav.home")).click()
    page.wait_for_url(f"**/{HOME}")
    page.wait_for_selector(".tutor-game")
