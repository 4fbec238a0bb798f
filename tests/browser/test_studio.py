"""The lesson studio in a real browser: a teacher builds a three-step lesson with a try by
clicking on the board and writing, downloads it, the checker passes it, a reload keeps the
work, and the file opens again."""

import subprocess
import sys

import pytest
import yaml
from one_file import one_file

from tutor.games import game as registered
from tutor.games import games
from tutor.lesson_links import share
from tutor.lessons import bundled_lessons, check_lesson, load_lesson
from tutor.messages import TRANSLATED, msg, msg_in
from tutor.studio import Draft
from tutor.svg.draw import MARK
from widgets.app import STUDIO
from widgets.languages import with_language
from widgets.own_lessons import shared_page

from .boards import play
from .conftest import ROOT, assert_no_code_or_errors, open_page, screenshot, viewport
from .pages import LAPTOP, PROJECTOR, assert_accessible, in_view, settle, too_wide
from .phone import PHONE, READING_PX, TEXTS, hidden_without_a_sign, phone_page, wait_for_narrow_boards

STEP_ITEMS = ".tutor-step-list .tutor-step-item"
UNSAVED = ".tutor-studio-filebar[data-unsaved='true']"


def write(page, field: str, language: str, text: str) -> None:
    """Type into one language's box of a text, then leave it, as a person does (the box tells
    Python when it loses focus)."""
    box = page.locator(f".tutor-studio-{field} .tutor-text-{language} textarea")
    box.fill(text)
    box.press("Tab")


def wait_for_steps(page, count: int) -> None:
    page.wait_for_function(f"n => document.querySelectorAll('{STEP_ITEMS}').length === n", arg=count + 1)


@pytest.mark.parametrize("game", list(games()))
def test_a_teacher_builds_a_lesson_by_playing_downloads_it_and_opens_it_again(page, voila, game, tmp_path):
    replica = Draft.new_deal(registered(game), 4)  # the page's first deal, to know which moves to click
    first = replica.position()[0].legal_moves()[0]
    replica.play(first)
    second = replica.position()[0].legal_moves()[0]
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, f"{STUDIO}?game={game}")
    page.locator(".tutor-step-list").wait_for()

    page.get_by_role("button", name=msg("studio.page.start")).click()
    write(page, "title", "en", "My own lesson")
    write(page, "title", "fr", "Ma leçon")
    play(page, game, first)
    page.get_by_role("button", name=msg("studio.page.add-step-moves")).click()
    wait_for_steps(page, 1)
    write(page, "say", "en", "The first player moves.")
    page.get_by_role("button", name=msg("studio.page.add-step")).click()
    wait_for_steps(page, 2)
    write(page, "say", "en", "Your turn.")
    page.get_by_label(msg("studio.page.asks-field")).check()
    write(page, "prompt", "en", "Make the next move.")
    page.get_by_role("button", name=msg("studio.page.record")).click()
    page.get_by_text(msg("studio.page.recording")).wait_for()
    play(page, game, second)
    page.get_by_text(msg("studio.page.answer-kept")).wait_for()
    page.get_by_role("button", name=msg("studio.page.record")).click()
    page.get_by_text(msg("studio.page.recording")).wait_for(state="hidden")
    play(page, game, second)
    page.get_by_role("button", name=msg("studio.page.add-step-moves")).click()
    wait_for_steps(page, 3)
    write(page, "say", "en", "That was the move.")
    page.get_by_text(msg("studio.page.holds")).wait_for()
    assert page.locator(STEP_ITEMS).nth(2).inner_text().count(msg("studio.page.asks")) == 1
    screenshot(page, f"studio-{game}-1280x800")
    assert in_view(page, ".tutor-studio .tutor-board", 400) and in_view(page, ".tutor-studio-add")
    assert_accessible(page)
    page.set_viewport_size(viewport(PROJECTOR))
    screenshot(page, f"studio-{game}-1920x1080")
    assert in_view(page, ".tutor-studio .tutor-board", 400)
    assert page.locator(UNSAVED).count() == 1, "leaving with changes not downloaded asks first"
    page.get_by_role("button", name=msg("studio.page.preview")).click()  # as a learner sees it
    page.locator(".tutor-studio-preview-lesson .tutor-title").get_by_text("My own lesson").wait_for()
    page.get_by_role("button", name=msg("studio.page.preview-end")).click()
    page.locator(".tutor-step-list").wait_for()

    with page.expect_download() as download:
        page.get_by_role("link", name=msg("studio.page.download")).click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    checked = subprocess.run(
        [sys.executable, "-m", "tutor", "check", str(saved)], cwd=ROOT, capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    lesson = load_lesson(saved)
    assert [bool(step.try_) for step in lesson.steps] == [False, True, False] and lesson.title == "My own lesson"
    page.locator(UNSAVED).wait_for(state="detached")  # downloaded: leaving asks nothing

    page.reload()  # the work is kept in the browser
    page.get_by_text(msg("studio.page.restored")).wait_for()
    wait_for_steps(page, 3)
    page.get_by_role("button", name=msg("studio.page.new-deal")).click()
    wait_for_steps(page, 0)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=msg("studio.page.open")).click()
    chooser.value.set_files(saved)
    page.get_by_text(msg("studio.page.opened", file=saved.name)).wait_for()
    wait_for_steps(page, 3)
    page.get_by_text(msg("studio.page.holds")).wait_for()
    assert_no_code_or_errors(page)

    write(page, "say", "nl", "Dat was de zet.")  # a change not downloaded: leaving asks first
    page.locator(UNSAVED).wait_for()
    page.set_viewport_size(viewport(PHONE))  # a phone may look at the lesson, not edit it
    page.get_by_text(msg("studio.page.phone")).wait_for()
    screenshot(page, f"studio-{game}-390x844")
    asked = []

    def answer(dialog) -> None:  # stay the first time; the test's own leaving afterwards goes
        asked.append(dialog.type)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    with page.expect_event("dialog"):
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"]
    # the page answers again once the dialog is gone (a script runs only then): only now may the
    # fixture leave it, or its leaving meets the dialog still open and waits for ever
    assert page.evaluate("document.readyState") == "complete"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_studio_in_french_or_dutch_speaks_it_and_passes_axe(page, voila, language):
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, with_language(STUDIO, language))
    page.locator(".tutor-step-list").wait_for()
    assert page.evaluate("document.documentElement.lang") == language
    assert page.get_by_role("heading", name=msg_in(language, "studio.page.title")).count() == 1
    screenshot(page, f"studio-{language}-1280x800")
    assert_accessible(page)


def test_a_teacher_adds_the_engines_checks_to_a_step_and_the_checker_passes_it(page, voila):
    game = "danger-13"
    replica = Draft.new_deal(registered(game), 4)
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, f"{STUDIO}?game={game}")
    page.locator(".tutor-step-list").wait_for()
    page.get_by_role("button", name=msg("studio.page.start")).click()
    write(page, "title", "en", "Whose turn")
    play(page, game, replica.position()[0].legal_moves()[0])
    page.get_by_role("button", name=msg("studio.page.add-step-moves")).click()
    wait_for_steps(page, 1)
    write(page, "say", "en", "Look at the rows.")
    facts = page.get_by_label(msg("studio.page.checks"))
    labels = [text.replace("\xa0", " ") for text in facts.locator("option").all_inner_texts()]
    assert any(label.startswith(msg("studio.fact.danger-13.row_sum")) for label in labels)
    chosen = [label for label in labels if not label.startswith(msg("studio.fact.game_over"))]
    facts.select_option(label=chosen)
    page.get_by_text(msg("studio.page.holds")).wait_for()
    facts.scroll_into_view_if_needed()
    screenshot(page, "studio-checks-1280x800")
    assert_accessible(page)
    text = page.locator(".tutor-studio-download").evaluate("link => atob(link.href.split(',')[1])")
    lesson = yaml.safe_load(text)
    assert "row_sum" in lesson["steps"][0]["check"] and "game_over" not in lesson["steps"][0]["check"]


def test_a_teacher_marks_what_a_step_lights_up_by_clicking_the_board(page, voila):
    """Monster Trick on a laptop (the other games: tests/test_studio_page.py)."""
    game = "monster-trick"
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, f"{STUDIO}?game={game}")
    page.locator(".tutor-step-list").wait_for()
    page.get_by_role("button", name=msg("studio.page.start")).click()
    write(page, "title", "en", "Look at the table")
    page.get_by_role("button", name=msg("studio.page.add-step")).click()
    wait_for_steps(page, 1)
    write(page, "say", "en", "Look at slot 2 and at Red.")
    page.get_by_role("button", name=msg("studio.page.mark")).click()
    page.get_by_text(msg("studio.page.marking")).first.wait_for()
    board = page.locator(".tutor-studio .tutor-board")
    assert board.evaluate("board => getComputedStyle(board).outlineStyle") == "dashed", (
        "the mode is drawn, not only said"
    )
    players = "[data-target='seat:1']"  # Red's panel: no target while moves are played
    page.click("[data-target='slot:1']")
    page.get_by_text(msg("studio.page.marked", part=msg("widgets.mt.slot", slot=2))).wait_for()
    page.click(players)
    page.get_by_text(msg("studio.page.marked", part="Red")).wait_for()
    page.click("[data-target^='card:0:']")
    # slot, panel and card drawn marked at once (dashed, in the marks' colour)
    marks = f".tutor-studio .tutor-board [stroke='{MARK}']"
    page.wait_for_function("marks => document.querySelectorAll(marks).length >= 3", arg=marks)
    assert page.locator(STEP_ITEMS).count() == 2 and page.locator(UNSAVED).count() == 1
    screenshot(page, "studio-marking-1280x800")
    assert in_view(page, ".tutor-studio .tutor-board", 400) and in_view(page, ".tutor-studio-mark")
    assert_accessible(page)
    page.get_by_role("button", name=msg("studio.page.mark-end")).click()
    page.get_by_role("button", name=msg("studio.page.mark")).wait_for()
    assert page.locator(f".tutor-studio {players}").count() == 0, "the players are targets only while marking"
    text = page.locator(".tutor-studio-download").evaluate("link => atob(link.href.split(',')[1])")
    lesson = yaml.safe_load(text)
    highlight = lesson["steps"][0]["highlight"]
    assert highlight[:2] == ["slot 2", "Red"] and len(highlight) == 3, text
    assert check_lesson("marked.yaml", text) == []
    assert_no_code_or_errors(page)


def test_a_phone_looks_through_a_lesson_in_the_studio_but_does_not_edit_it(chromium, voila):
    game = "danger-13"
    path = bundled_lessons(game)[0]
    lesson = one_file(path)  # its texts in it, as a teacher shares one
    steps = len(yaml.safe_load(lesson)["steps"])
    context, page = phone_page(chromium)
    try:
        open_page(page, voila, shared_page(STUDIO, game, share(lesson)))
        wait_for_steps(page, steps)
        wait_for_narrow_boards(page)
        page.get_by_text(msg("studio.page.phone")).wait_for()
        for editing in (".tutor-studio-editor", ".tutor-studio-begin", ".tutor-studio-add", ".tutor-step-delete"):
            assert not page.locator(editing).first.is_visible(), f"{editing} is shown on a phone"
        page.locator(".tutor-step-pick").nth(2).click()  # step 2: its position on the board
        page.locator(".tutor-step-item.tutor-current").nth(0).get_by_text(msg("studio.page.step", number=2)).wait_for()
        assert page.locator(".tutor-studio .tutor-board [data-target^='seat:']").count() == 0, "no move to play"
        assert page.locator(".tutor-studio .tutor-board .lit-mark").count() == 0, "nothing lit to play"
        settle(page)
        screenshot(page, "studio-phone-390x844")
        found = page.evaluate(TEXTS)
        assert found["smallest"][0][0] >= READING_PX, found["smallest"]
        assert found["cut"] == [] and too_wide(page) == [] and hidden_without_a_sign(page) == []
        assert_accessible(page)
        page.get_by_role("button", name=msg("studio.page.preview")).click()
        page.locator(".tutor-studio-preview-lesson .tutor-board").wait_for()
        settle(page)
        screenshot(page, "studio-phone-preview-390x844")
        found = page.evaluate(TEXTS)
        assert found["smallest"][0][0] >= READING_PX and found["cut"] == [] and too_wide(page) == [], found
        assert_no_code_or_errors(page)
    finally:
        page.goto("about:blank")
        context.close()


def test_a_parent_makes_a_lesson_in_plain_words(page, voila):
    """Nothing said missing before she writes; the coach plays the other seats;
    the moves read in the page's words; asking to share says what to do, as what to do."""
    replica = Draft.new_deal(registered("thricewise"), 4)
    first = replica.position()[0].legal_moves()[0]
    page.set_viewport_size(viewport(LAPTOP))
    open_page(page, voila, f"{STUDIO}?game=thricewise")
    page.locator(".tutor-step-list").wait_for()
    assert page.locator(".tutor-studio-editor .tutor-wrong").count() == 0, "nothing is said missing at first"
    play(page, "thricewise", first)
    page.get_by_role("button", name=msg("studio.page.add-step-moves")).click()
    wait_for_steps(page, 1)
    assert page.locator(".tutor-studio-editor .tutor-wrong").count() == 0
    coach = page.locator(".tutor-studio-coach")
    assert coach.is_enabled() and in_view(page, ".tutor-studio-coach")
    coach.click()
    page.locator(".tutor-studio-played li").first.wait_for()
    moves = page.locator(".tutor-studio-played li").all_inner_texts()
    assert moves and not any(word in " ".join(moves) for word in ("pick", "place", ","))  # no notation, no cells
    page.locator(".tutor-studio-played").scroll_into_view_if_needed()  # under the board
    assert page.locator(".tutor-studio-played li").first.is_visible()
    page.get_by_role("button", name=msg("studio.page.share")).click()
    told = page.get_by_text(msg("studio.need.say"))
    told.wait_for()
    assert in_view(page, f"text={msg('studio.need.say')}")
    assert ".yaml" not in page.locator(".tutor-studio-editor").inner_text()
    screenshot(page, "studio-plain-words-1280x800")
    assert_no_code_or_errors(page)
