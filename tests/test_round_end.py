"""The end of a round as the score sheet shows it: the round's points with the tricks won, and a round not yet
dealt shown as not played (a dash), never as "0 so far". The table shows the round's scoring until the next
deal: a guided game's end is not an empty table."""

import random
from html import escape
from pathlib import Path

from tutor.games import danger13 as d13
from tutor.games import monster_trick as mt
from tutor.games.danger13.drawing import row_label, table
from tutor.games.monster_trick.words import score_sheet
from tutor.lesson_run import LessonRun
from tutor.lessons import load_lesson
from tutor.messages import msg

LESSONS = Path(__file__).resolve().parents[1] / "tutor" / "lessons"


def test_a_round_not_dealt_yet_is_not_shown_as_played_so_far():
    state = mt.new_game(3, seed=5)
    rng = random.Random(5)
    while state.round == 1:
        state.push(state.random_move(rng))
    assert state.phase == "deal" and len(state.round_scores) == 1
    _columns, rows = score_sheet(state)
    so_far = msg("widgets.scores.so-far", value=0)
    for seat, cells in enumerate(rows):
        won = msg("widgets.mt.tricks", won=state.round_tricks[0][seat])
        assert cells[0] == (f"{state.round_scores[0][seat]} ({won})", ""), "round 1: its points and tricks"
        assert cells[1] == ("\u2013", ""), "round 2 is not dealt yet"
        assert so_far not in [text for text, _ in cells]
    state.push(state.chance_move())  # round 2 dealt: its VP cards so far
    assert score_sheet(state)[1][0][1][1] == "tutor-provisional"


def guided_end(game: str):
    """The guided first game's last step, as the learner sees it (the coach's way)."""
    run = LessonRun(load_lesson(LESSONS / game / "00-first-game.yaml"))
    run.go(run.total - 1)
    return run


def test_the_guided_monster_trick_round_ends_with_its_scoring_on_the_table():
    run = guided_end("monster_trick")
    state = run.position
    assert state.round_scores, "the round is scored"
    assert state.won == state.round_tricks[-1] and sum(state.won) > 0, "the tricks won stay on show"
    assert len(state.completed) == sum(state.won), "and the tricks themselves"
    assert all(order is not None for order in state.vp_order), "the VP cards stay on show"
    for seat in range(state.players):
        assert state.round_scores[-1][seat] == (state.active_vp(seat) or 0), "the VP card that counted"
    dealt = state.clone()
    dealt.push(dealt.chance_move())
    assert not any(dealt.tricks) and dealt.won == (0,) * state.players, "the next deal clears the table"


def test_the_guided_danger13_round_ends_with_its_rows_and_what_was_banked():
    run = guided_end("danger13")
    state = run.position
    view = state.view(run.lesson.learner)
    busted = state.busts[-1]
    assert busted is not None and view["row_sums"][busted] >= view["limits"][busted], "the bust row as it stood"
    assert sum(map(len, view["rows"])) > len(view["rows"][busted]), "the other rows too"
    assert any(state.banks), "what was banked"
    assert view["ended_round"] == state.round - 1, "the table says whose round it shows"
    played = run.goes_on(run.total - 2)  # a class's reveal of the play-on step: the outcome before the next round
    assert played is not None and played[0].view(0)["rows"] == view["rows"]
    nxt = state.clone()
    nxt.push(nxt.chance_move())
    assert not any(nxt.view(0)["rows"][seat] for seat in range(state.players) if seat != nxt.actor), (
        "the next card turned up starts the new round's rows"
    )


def test_the_guided_thricewise_game_ends_on_its_final_grid():
    state = guided_end("thricewise").position
    assert state.is_terminal() and state.grid, "the final grid"


def round_ends(seed: int):
    """Each end of a round in a random 3-player Danger 13 game: the state just before the move that
    ended it, and just after (the next round already dealt, its rows still on show)."""
    state, rng = d13.new_game(3, seed=seed), random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        state.push(state.random_move(rng))
        if len(state.busts) > len(before.busts):
            yield before, state.clone()


def test_the_danger13_table_at_a_round_end_belongs_to_that_round_not_the_next_deal():
    for before, after in round_ends(seed=5):  # seed 5: round 7's end deals a last round from a reshuffle
        view = after.view(0)
        assert view["ended_round"] == before.round
        assert (view["dealer"], view["start_player"]) == (before.dealer, before.start), "its dealer and start card"
        assert view["packet_size"] == 0 and not view["received"], "no dealer's cards: they went back on the pile"
        assert view["last_round"] == before.last_round, "not flagged the last round by the next deal's reshuffle"
        drawn = table(after, 0)
        assert drawn.count(f">{msg('widgets.d13.dealer')}<") == 1 and drawn.count(f">{msg('widgets.d13.start')}<") == 1
        assert msg("widgets.d13.dealer") in row_label(after, view, before.dealer)
        assert escape(msg("widgets.d13.packet", count=0)) in drawn
        if not after.is_terminal() and not after.last_round:  # the next deal's cards are on the pile still
            assert view["pile_size"] == len(after.pile) + len(after.packet)
        if not after.is_terminal():
            turned_up = after.clone()
            turned_up.push(turned_up.chance_move())
            shown = turned_up.view(0)
            assert (shown["dealer"], shown["packet_size"]) == (after.dealer, len(after.packet) - 1), "then the next"
            assert shown["last_round"] == after.last_round and shown["ended_round"] is None
    assert after.is_terminal()
