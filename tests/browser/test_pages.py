"""Every page in a real browser: what a learner sees, and the links between pages."""

import psutil
import pytest

from tutor.games import game as registered
from tutor.games import game_name, games
from tutor.messages import msg
from tutor.quizzes import quiz
from widgets.app import HOME, SECTIONS, page_file
from widgets.pages import page_title

from .conftest import (
    ACTION_TIMEOUT_MS,
    PAGE_TIMEOUT_MS,
    assert_no_code_or_errors,
    at_page,
    open_page,
    screenshot,
    viewport,
    wait_for_page,
)
from .pages import LAPTOP, cut_off_sideways, outside_view, settle
from .phone import PHONE


def test_the_printed_address_opens_the_landing_page(page, voila):
    page.goto(voila.url)  # the address the console printed (conftest reads it there)
    wait_for_page(page, HOME)
    assert page.locator(".tutor-nav [aria-current=page]").inner_text() == msg("app.nav.home")


def test_landing_page_lists_the_three_games(page, voila):
    open_page(page, voila, HOME)
    titles = page.locator(".tutor-game h2").all_inner_texts()
    assert titles == [game_name(game) for game in games()]
    assert_no_code_or_errors(page)
    screenshot(page, "landing")


@pytest.mark.parametrize("game", games())
def test_practise_answers_wrong_then_right_and_shows_the_answer(page, voila, game):
    open_page(page, voila, page_file("practise", game, seed=0))  # the address names the round
    first, second = quiz(registered(game), 0, 10)[:2]
    page.get_by_text(first.prompt).wait_for()
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-practise")
    choices = page.locator(".tutor-choices button")
    choices.nth(next(index for index in range(len(first.choices)) if index != first.correct)).click()
    answer = page.locator(".tutor-feedback.tutor-wrong")
    answer.wait_for()
    assert first.explanation in answer.inner_text()
    for rule in first.rules:
        page.locator(f".tutor-reference details[open] summary[data-target='rule:{rule}']").wait_for()
    page.get_by_text(msg("app.practise.running", right=0, answered=1)).wait_for()
    screenshot(page, f"{game}-practise-answered")
    page.get_by_role("button", name=msg("app.practise.next")).click()
    page.get_by_text(second.prompt).wait_for()
    choices.nth(second.correct).click()
    page.locator(".tutor-feedback.tutor-right").wait_for()
    page.get_by_text(msg("app.practise.running", right=1, answered=2)).wait_for()
    screenshot(page, f"{game}-practise-score")
    page.get_by_role("button", name=msg("app.practise.show-me")).click()
    page.get_by_role("button", name=msg("app.practise.show-again")).wait_for()
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-practise-show-me")


def test_the_navigation_bar_leads_everywhere_and_back(page, voila):
    open_page(page, voila, HOME)
    game = next(iter(games()))
    page.locator(".tutor-nav").get_by_role("link", name=game_name(game)).click()
    wait_for_page(page, page_file("learn", game))
    for section in SECTIONS:
        page.locator(".tutor-nav").get_by_role("link", name=msg(f"app.nav.{section}"), exact=True).click()
        wait_for_page(page, page_file(section, game))
        assert page.locator(".tutor-nav [aria-current=page]").last.inner_text() == msg(f"app.nav.{section}")
    page.locator(".tutor-nav").get_by_role("link", name=msg("app.nav.home")).click()
    wait_for_page(page, HOME)
    assert page.locator(".tutor-game").count() == len(games())


def test_leaving_a_page_stops_its_kernel(page, voila):
    """Voila's page asks for its kernel to be shut down as it unloads, with the _xsrf token
    the tutor's page template sets: the server checks that token (a forged request is
    refused, see test_publish.py), so without it every visit would leak a kernel."""
    open_page(page, voila, page_file("play", next(iter(games()))))
    kernel = voila.kernel(
        page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    )
    assert kernel is not None and kernel.is_running()
    page.goto("about:blank")
    _, alive = psutil.wait_procs([kernel], timeout=20)
    assert not alive, "the kernel of a page left behind is still running"


def test_a_game_page_without_its_game_offers_the_games(page, voila):
    """An address that names no game (or one the tutor does not know) gets a plain page
    that names the games and links to them, never a traceback."""
    for query in ("", "?game=chess"):
        open_page(page, voila, page_file("learn", next(iter(games()))).partition("?")[0] + query)
        page.get_by_role("heading", name=msg("app.problem.heading")).wait_for()
        note = page.locator(".tutor-note").inner_text()
        for game in games():
            assert game_name(game) in note
            page.locator(".tutor-nav").get_by_role("link", name=game_name(game)).wait_for()
        assert_no_code_or_errors(page)


def test_the_language_links_keep_the_game_and_the_place(page, voila):
    """A language link opened in a new tab, or clicked, keeps the game, lesson and step."""
    game = list(games())[-1]
    here = page_file("learn", game, lesson=2, step=2)
    open_page(page, voila, here)
    page.locator("[data-target^='card:']").first.wait_for()
    french = page.locator(".tutor-languages a[hreflang=fr]")
    french.hover()
    assert at_page(here)(french.evaluate("link => link.href")), "a new tab opens the same step in French"
    french.click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('lang') === 'fr'")
    assert at_page(here)(page.url)
    page.wait_for_function("title => document.title === title", arg=page_title("learn", game, "fr"))


@pytest.mark.parametrize("game, kind", [("danger-13", "d13-hand"), ("thricewise", "tw-last")])
def test_the_hand_card_and_last_turn_questions_show_whole_on_a_laptop_and_a_phone(chromium, voila, game, kind):
    """Reached by answering the questions before it: on a laptop the prompt and every choice
    are in view at once, on a phone none is cut off at the side; the explanation after a
    wrong answer, with the button to go on in view, and "show me"."""
    questions = quiz(registered(game), 0, 10)
    number = next(index for index, question in enumerate(questions) if question.kind == kind)
    question = questions[number]
    for size in (LAPTOP, PHONE):
        context = chromium.new_context(viewport=viewport(size))
        page = context.new_page()
        page.set_default_timeout(ACTION_TIMEOUT_MS)
        page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
        name = f"{game}-practise-{kind}-{size[0]}x{size[1]}"
        try:
            page.goto(voila.page_url(page_file("practise", game, seed=0)))
            for earlier in questions[:number]:
                page.get_by_text(earlier.prompt).wait_for(timeout=PAGE_TIMEOUT_MS)
                page.locator(".tutor-choices button").first.click()
                page.locator(".tutor-onward").click()
            page.get_by_text(question.prompt).wait_for()
            settle(page)
            screenshot(page, name)
            asked = ".tutor-prompt, .tutor-choices button"
            assert (outside_view if size == LAPTOP else cut_off_sideways)(page, asked) == []
            page.locator(".tutor-choices button").nth((question.correct + 1) % len(question.choices)).click()
            answer = page.locator(".tutor-feedback.tutor-wrong")
            answer.wait_for()
            settle(page)
            assert question.explanation in answer.inner_text()
            assert outside_view(page, ".tutor-onward") == []
            screenshot(page, f"{name}-answered")
            page.locator(".tutor-show-me").click()
            page.get_by_role("button", name=msg("app.practise.show-again")).wait_for()
            settle(page)
            assert_no_code_or_errors(page)
            screenshot(page, f"{name}-show-me")
        finally:
            page.goto("about:blank")  # leaving the page makes Voila shut its kernel down
            context.close()
