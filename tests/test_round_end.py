"""The end of a round as the score sheet shows it: the round's points with the tricks won, and a round not yet
dealt shown as not played (a dash), never as "0 so far"."""

import random

from tutor.games import monster_trick as mt
from tutor.games.monster_trick.words import score_sheet
from tutor.messages import msg


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
