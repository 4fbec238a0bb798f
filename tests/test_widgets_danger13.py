"""Danger 13 components driven from Python as the browser would."""

import random
import re

import pytest
from lesson_tries import walk
from random_play import played_until

import widgets
from tutor.core import advance_chance
from tutor.games import danger13 as d13
from tutor.lessons import bundled_lessons
from widgets.boards import danger13 as danger13_widgets


def test_the_rows_the_turned_up_card_may_go_to_are_lit():
    state = played_until(d13, 4, 1, lambda s: s.phase == d13.GIVE and s.received)
    board = danger13_widgets.Danger13Board(state)
    assert board.table.lit == state.receivers()
    for seat in range(4):
        label = re.search(rf'data-target="seat:{seat}"[^>]*aria-label="([^"]*)"', board.table.html).group(1)
        assert ("has a card this deal" in label) == (seat in state.received)
        assert f"Total {state.row_sum(seat)} of {state.limit(seat)}." in label


def test_clicking_a_row_gives_the_turned_up_card_and_the_engine_judges_it():
    state = played_until(d13, 3, 2, lambda s: s.phase == d13.GIVE and s.received)
    board = danger13_widgets.Danger13Board(state)
    moves = []
    board.on_move(moves.append)
    taken = state.received[0]
    board.table.click(f"seat:{taken}")
    assert moves == [d13.Give(state.revealed, taken)]
    assert state.why_not(moves[0]).rule == "d13.one-each"


def test_a_hand_card_owner_gets_take_and_refuse_buttons():
    state = played_until(d13, 3, 4, lambda s: s.phase == d13.DECIDE)
    board = danger13_widgets.Danger13Board(state)
    assert [name for name, _, enabled in board.actions.actions if enabled] == [d13.ACCEPT, d13.REFUSE]
    assert board.table.lit == []
    moves = []
    board.on_move(moves.append)
    board.actions.click("refuse")
    assert moves == [d13.Choice(state.pending, d13.REFUSE)] and state.why_not(moves[0]) is None
    state.push(moves[0])
    board.state = advance_chance(state)
    assert board.actions.actions == [] and board.actions.layout.display == "none"


def test_only_the_owner_sees_their_plus_points_until_the_end():
    state = played_until(d13, 3, 5, lambda s: s.phase == d13.GIVE and all(s.banks))
    owner = state.to_move
    points = {seat: state.plus_points(seat) for seat in range(3)}
    table = danger13_widgets.Danger13Table(state, seat=owner)
    assert f"{points[owner]} plus points" in table.html
    assert table.html.count("plus points</text>") == 1
    public = widgets.ScoreSheet(state)
    assert public.html.count(">?</td>") == 2 * 3
    own = widgets.ScoreSheet(state, seat=owner)
    assert own.html.count(">?</td>") == 2 * 2


def test_the_score_sheet_shows_every_bank_and_the_winners_at_the_end():
    state = advance_chance(d13.new_game(2, seed=3))
    rng = random.Random(3)
    while not state.is_terminal():
        state.push(state.random_move(rng))
        advance_chance(state)
    sheet = widgets.ScoreSheet(state)
    assert ">?</td>" not in sheet.html
    for seat in range(2):
        row = re.findall(r"<tr[^>]*>(.*?)</tr>", sheet.html)[seat + 1]
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        assert cells[1:3] == [str(state.plus_points(seat)), str(state.banked_value(seat))]
        assert ('aria-label="winner"' in row) == (seat in state.winners())


def test_lesson_highlights_reach_rows_and_cards():
    state = played_until(d13, 4, 1, lambda s: s.phase == d13.GIVE)
    board = danger13_widgets.Danger13Board(state)
    board.set_highlight([state.name(2), "plain 3", "hand", "nonsense"])
    assert board.table.highlight == [2, d13.Card("plain", 3), d13.Card("hand")]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_table_works_at_every_player_count(players):
    state = played_until(d13, players, players, lambda s: s.phase == d13.GIVE)
    table = danger13_widgets.Danger13Table(state, scale=2)
    assert len(re.findall(r'data-target="seat:\d"', table.html)) == players
    assert table.scale == 2


@pytest.mark.parametrize("path", bundled_lessons("danger-13"), ids=lambda path: path.stem)
def test_every_bundled_lesson_runs_to_its_end(path):
    stepper = widgets.LessonStepper(path)
    assert not stepper.error
    assert walk(stepper) == list(range(stepper.total))


def test_rows_are_reachable_by_keyboard_with_a_spoken_label():
    state = played_until(d13, 3, 4, lambda s: s.phase == d13.DECIDE)
    board = danger13_widgets.Danger13Board(state)
    rows = re.findall(r'<g([^>]*data-target="seat:\d"[^>]*)>', board.table.html)
    assert len(rows) == 3
    for attributes in rows:
        assert 'tabindex="0"' in attributes and 'role="button"' in attributes and "aria-label=" in attributes
    assert len(re.findall(r'<button[^>]*data-target="(accept|refuse)"', board.actions.html)) == 2
