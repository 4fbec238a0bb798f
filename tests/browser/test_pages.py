"""Every page in a real browser: what a learner sees, and the links between pages."""
import re
from html import unescape
from urllib.parse import urlsplit

import psutil
import pytest

from tutor.bots import seat_moves
from tutor.games import MODULES, game_name
from tutor.messages import msg
from tutor.quizzes import quiz
from widgets.app import HOME, SECTIONS, GameTable, page_file

from .boards import PLAYERS
from .conftest import PAGE_TIMEOUT_MS, assert_no_code_or_errors, open_page, screenshot, wait_for_page


def test_the_printed_address_lands_on_the_landing_page(page, voila):
    printed = re.search(r"running at:\s*(http\S+)", voila.log.read_text()).group(1)
    path = urlsplit(printed).path  # voila.json fixes the port the README's command uses
    page.goto(voila.url.rstrip("/") + path)
    page.wait_for_selector(".tutor-game", timeout=PAGE_TIMEOUT_MS)
    assert page.locator(".tutor-nav [aria-current=page]").inner_text() == msg("app.nav.home")


def test_landing_page_lists_the_three_games(page, voila):
    open_page(page, voila, HOME)
    titles = page.locator(".tutor-game h2").all_inner_texts()
    assert titles == [game_name(game) for game in MODULES]
    assert_no_code_or_errors(page)
    screenshot(page, "landing")


@pytest.mark.parametrize("game", MODULES)
def test_practise_answers_a_wrong_choice_with_the_reasons(page, voila, game):
    open_page(page, voila, page_file("practise", game))
    question = quiz(game, 0, 10)[0]
    page.get_by_text(question.prompt).wait_for()
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-practise")
    wrong = next(text for index, text in enumerate(question.choices) if index != question.correct)
    page.locator(".tutor-choices button", has_text=wrong).first.click()
    answer = page.locator(".tutor-feedback.tutor-wrong")
    answer.wait_for()
    assert question.explanation in answer.inner_text()
    for rule in question.rules:
        page.locator(f".tutor-reference details[open] summary[data-target='rule:{rule}']").wait_for()
    screenshot(page, f"{game}-practise-answered")
    page.get_by_role("button", name=msg("app.practise.next")).click()
    page.get_by_text(msg("app.practise.count", number=2, total=10)).wait_for()


def words(html: str) -> str:
    """The words a drawing shows, without markup or spacing, to compare with the browser's."""
    return "".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


# The words each part of the board shows in the browser, in the same form.
BOARD_WORDS = "[...document.querySelectorAll('.cw-board .cw-widget')].map(part => part.textContent.replace(/\\s+/g, ''))"


@pytest.mark.parametrize("game", MODULES)
def test_play_a_move_and_the_computer_players_answer(page, voila, game):
    open_page(page, voila, page_file("play", game))
    page.get_by_text(msg("app.play.your-turn")).wait_for()
    screenshot(page, f"{game}-play")
    replica = GameTable(game)  # the page's game: same seed, same computer players
    move = seat_moves(replica.state, GameTable.LEARNER)[0]
    replica.play(move)
    expected = [words(part.html) for part in replica.board.parts]
    assert page.evaluate(BOARD_WORDS) != expected, "the move must show on the board"
    PLAYERS[game](page, move)
    page.wait_for_function(f"expected => JSON.stringify({BOARD_WORDS}) === JSON.stringify(expected)", arg=expected)
    assert page.locator(".tutor-feedback.tutor-wrong").count() == 0
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-play-after-a-move")


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
