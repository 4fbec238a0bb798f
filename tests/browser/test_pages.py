"""Every page in a real browser: what a learner sees, and the links between pages."""
import psutil
import pytest

from tutor.games import MODULES, game_name
from tutor.messages import msg
from widgets.app import HOME, SECTIONS, page_file

from .conftest import open_page, screenshot, wait_for_page


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
    page.locator(".tutor-nav").get_by_role("link", name=game_name(game)).click()
    wait_for_page(page, page_file("learn", game))
    for section in SECTIONS:
        page.locator(".tutor-nav").get_by_role("link", name=msg(f"app.nav.{section}"), exact=True).click()
        wait_for_page(page, page_file(section, game))
        assert page.locator(".tutor-nav [aria-current=page]").last.inner_text() == msg(f"app.nav.{section}")
    page.locator(".tutor-nav").get_by_role("link", name=msg("app.nav.home")).click()
    wait_for_page(page, HOME)
    assert page.locator(".tutor-game").count() == len(MODULES)


def test_leaving_a_page_stops_its_kernel(page, voila):
    """Voila's page asks for its kernel to be shut down as it unloads; without
    disable_check_xsrf (voila.json) the request is refused and every visit leaks a kernel."""
    open_page(page, voila, page_file("play", next(iter(MODULES))))
    kernel = voila.kernel(page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))
    assert kernel is not None and kernel.is_running()
    page.goto("about:blank")
    _, alive = psutil.wait_procs([kernel], timeout=20)
    assert not alive, "the kernel of a page left behind is still running"
