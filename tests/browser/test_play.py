"""The play page in a real browser: a whole game against a computer player per game, the
pass screen between two people, a record downloaded and replayed, a bad file refused."""

import random

import pytest

from tutor import records
from tutor.bots import seat_moves
from tutor.games import game as registered
from tutor.games import games
from tutor.messages import file_size, msg
from widgets.app import page_file
from widgets.play import PERSON, GameTable
from widgets.result import why_won

from .boards import play
from .conftest import PAGE_TIMEOUT_MS, assert_no_code_or_errors, open_page, screenshot
from .play_page import LOG_ENTRIES, open_settings, settings_button, smallest_table, wait_for_log


def upload(page, file) -> None:
    """Choose a file with the upload button, as a person does in the file dialog."""
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=msg("app.record.upload")).click()
    chooser.value.set_files(file)


def test_new_games_while_computer_players_move_leave_one_game_on_the_page(page, voila):
    """New games started again and again while the coaches of the last one are still
    choosing: the page ends with the newest game only, its log and its board."""
    game = "thricewise"  # three coaches choose first, at a readable pace
    open_page(page, voila, page_file("play", game, seed=0))
    open_settings(page)
    playing = page.locator(".tutor-message", has_text=msg("app.play.thinking", player="").strip())
    for number in range(1, 7):
        page.locator(".tutor-top .tutor-new-game").click()
        page.locator(f'.tutor-deal[data-seed="{number}"]').wait_for(state="attached")
        if number < 6:
            playing.wait_for()  # a coach of the game just dealt is choosing: the next click comes now
    replica = GameTable(registered(game), speed="instant")
    replica.new_game(replica.seed + 6)
    page.get_by_text(msg("app.play.your-turn")).wait_for(timeout=PAGE_TIMEOUT_MS)
    wait_for_log(page, replica)
    assert page.locator(".tutor-log .tutor-move").all_inner_texts() == list(reversed(replica.sentences))
    assert_no_code_or_errors(page)


@pytest.mark.parametrize("game", games())
def test_a_whole_game_against_a_computer_player(page, voila, game):
    replica = smallest_table(page, voila, game)
    rng = random.Random(0)
    while not replica.state.is_terminal():
        move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
        play(page, game, move)
        replica.play(move)
        wait_for_log(page, replica)
    result = page.locator(".tutor-result")
    result.wait_for()
    assert why_won(replica.state) in result.inner_text()
    assert page.locator(".tutor-end").get_by_role("link", name=msg("app.record.download")).is_visible()
    page.get_by_role("button", name=msg("app.play.undo")).wait_for(state="hidden")  # no take-back after the end
    verdict = page.locator(".tutor-message .tutor-feedback")  # a win is told as right, a loss plainly: no mistake
    assert verdict.count() == 1 and page.locator(".tutor-feedback.tutor-wrong").count() == 0
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-play-end")


@pytest.mark.parametrize("game", ["thricewise", "monster-trick"])
def test_computer_players_move_one_at_a_time_in_voila(page, voila, game):
    """A coach's move is announced, then made, without blocking the page: as a game
    starts (Thricewise: three coaches choose first) and after a click (Monster Trick: the
    coaches lay out their VP cards after the person)."""
    open_page(page, voila, page_file("play", game))
    open_settings(page)
    page.get_by_label(msg("app.play.speed"), exact=True).select_option(label=msg("app.play.speeds.fast"))
    # every status line shown from now on, however briefly (a loaded machine may check too late to see one)
    page.evaluate("""() => { window.statusLines = [];
      new MutationObserver(() => document.querySelectorAll('.tutor-message').forEach(line => {
        if (line.textContent && !window.statusLines.includes(line.textContent)) window.statusLines.push(line.textContent);
      })).observe(document.body, {subtree: true, childList: true, characterData: true}); }""")
    if game == "monster-trick":
        play(page, game, seat_moves(GameTable(registered(game), speed="instant").state, 0)[0])
    else:  # a new game at the fast pace: the one the page opened with may be past its third coach by now
        page.locator(".tutor-top .tutor-new-game").click()
    third = registered(game).seat_names(4)[2]
    page.get_by_text(msg("app.play.your-turn")).wait_for()
    page.wait_for_function(
        "wanted => window.statusLines.some(line => line.includes(wanted))", arg=msg("app.play.thinking", player=third)
    )
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-play")


def test_two_people_pass_the_device(page, voila):
    game = "monster-trick"
    smallest_table(page, voila, game)
    open_settings(page)
    page.get_by_label(msg("app.play.who", number=2), exact=True).select_option(label=msg("app.play.kind.person"))
    red = msg("widgets.seat-colour.red")
    orange = msg("widgets.seat-colour.orange")
    page.get_by_role("heading", name=msg("app.play.pass.heading", player=orange)).wait_for()
    assert page.locator(".tutor-board").count() == 0 and page.locator("[data-target^='card:']").count() == 0
    screenshot(page, f"{game}-play-pass")
    page.get_by_role("button", name=msg("app.play.pass.ready", player=orange)).click()
    page.locator(".tutor-board").wait_for()
    replica = GameTable(registered(game), speed="instant")
    replica.players.value = 2
    replica.seats[1].kind.value = PERSON
    replica.ready()
    move = seat_moves(replica.state, 0)[0]
    play(page, game, move)
    page.get_by_role("heading", name=msg("app.play.pass.heading", player=red)).wait_for()
    assert page.locator(".tutor-board").count() == 0
    assert settings_button(page).get_attribute("aria-expanded") == "false", "a move folds the settings away"
    page.get_by_role("button", name=msg("app.play.undo")).click()  # Orange takes the move back
    page.get_by_role("heading", name=msg("app.play.pass.heading", player=orange)).wait_for()
    page.get_by_role("button", name=msg("app.play.pass.ready", player=orange)).click()
    page.locator(".tutor-board").wait_for()
    assert_no_code_or_errors(page)


def test_a_game_is_downloaded_and_replayed(page, voila, tmp_path):
    game = "danger-13"
    replica = smallest_table(page, voila, game)
    rng = random.Random(1)
    for _ in range(6):
        move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
        play(page, game, move)
        replica.play(move)
        wait_for_log(page, replica)
    open_settings(page)
    with page.expect_download() as download:
        page.get_by_role("link", name=msg("app.record.download")).click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert records.load(path).snapshot() == replica.state.snapshot()
    upload(page, str(path))
    replay = page.locator(".tutor-replay")
    replay.wait_for()
    total = sum(1 for seat in replica.session.movers if seat >= 0)  # the players' moves; deals and draws come with them
    replay.get_by_role("button", name=msg("app.replay.next")).click()
    page.get_by_text(msg("app.replay.position", number=1, total=total)).wait_for()
    replay.get_by_role("button", name=msg("app.replay.last")).click()
    page.get_by_text(msg("app.replay.position", number=total, total=total)).wait_for()
    assert page.locator(".tutor-replay .tutor-log li").count() == len(replica.sentences)
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-replay")
    replay.get_by_role("button", name=msg("app.replay.close")).click()
    replay.wait_for(state="detached")
    upload(page, {"name": "other.yaml", "mimeType": "text/yaml", "buffer": b"game: [unclosed"})
    refusal = page.locator(".tutor-feedback.tutor-wrong")
    refusal.wait_for()
    assert "other.yaml" in refusal.inner_text() and "YAML" in refusal.inner_text()
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-play-bad-record")


def test_a_file_over_the_upload_limit_is_refused_in_the_browser(page, voila, tmp_path):
    """A record bigger than the limit never leaves the browser: the page says why in words,
    and the game stays as it was."""
    open_page(page, voila, page_file("play", "danger-13"))
    open_settings(page)
    big = tmp_path / "huge.yaml"
    big.write_bytes(b"game: danger-13\n" + b"#" * (records.MAX_RECORD_BYTES + 10))
    entries = page.evaluate(LOG_ENTRIES)
    upload(page, big)
    said = page.get_by_role("status").filter(has_text="huge.yaml")
    said.wait_for()
    assert said.inner_text() == msg("input.upload-too-big", file="huge.yaml", limit=file_size(records.MAX_RECORD_BYTES))
    assert page.evaluate(LOG_ENTRIES) == entries and page.locator(".tutor-replay").count() == 0
    assert_no_code_or_errors(page)


def test_a_fresh_page_deals_a_new_game_and_a_seed_on_the_address_shares_one(page, voila):
    game = "thricewise"
    seeds = []
    for _ in range(2):
        open_page(page, voila, page_file("play", game))
        seeds.append(page.locator(".tutor-deal").get_attribute("data-seed"))
    assert seeds[0] != seeds[1], "two visits, two deals"
    open_page(page, voila, page_file("play", game))
    open_settings(page)
    shown = page.locator(".tutor-deal")
    seed = shown.get_attribute("data-seed")
    assert shown.inner_text().startswith(msg("app.play.deal", seed=int(seed)))
    screenshot(page, f"{game}-play-deal-number")
    shown.get_by_role("link", name=msg("app.play.deal-link")).click()
    page.wait_for_url(f"**seed={seed}**")
    page.locator(f".tutor-deal[data-seed='{seed}']").wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
    replica = GameTable(registered(game), seed=int(seed), speed="instant")
    page.get_by_text(msg("app.play.your-turn")).wait_for(timeout=PAGE_TIMEOUT_MS)
    wait_for_log(page, replica)
    assert page.locator(".tutor-log .tutor-move").all_inner_texts() == list(reversed(replica.sentences)), (
        "the link deals the same cards again"
    )
    assert_no_code_or_errors(page)


def test_why_beside_a_computer_move_and_the_coachs_move_for_the_person(page, voila):
    """The computer player's reason unfolds under its move; the coach's move for the person
    shows with its reason, both in the window."""
    game = "danger-13"
    replica = smallest_table(page, voila, game)
    rng = random.Random(0)
    while not any(replica.session.reasons):  # the person moves until the computer player has
        move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
        play(page, game, move)
        replica.play(move)
        wait_for_log(page, replica)
    index = max(index for index, why in enumerate(replica.session.reasons) if why)
    reason = replica.session.reason(index).told(replica.state.seat_names)
    page.locator(".tutor-log").get_by_text(msg("app.log.why"), exact=True).first.click()
    told = page.locator(".tutor-log .tutor-move-why[open] p")
    told.wait_for()
    assert told.inner_text() == reason and in_window(page, told)
    advice = replica.session.coach_advice()
    page.get_by_role("button", name=msg("app.play.coach")).click()
    line = page.locator(".tutor-message").get_by_text(advice.why.told(replica.state.seat_names))
    line.wait_for()
    assert in_window(page, line)
    assert_no_code_or_errors(page)
    screenshot(page, f"{game}-play-why")


def in_window(page, part) -> bool:
    box, window = part.bounding_box(), page.viewport_size
    return bool(box) and 0 <= box["y"] and box["y"] + box["height"] <= window["height"]
