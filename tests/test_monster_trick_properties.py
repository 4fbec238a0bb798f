"""Monster Trick invariants over random seeded games (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import finished

from tutor.games import monster_trick as mt

games = st.tuples(
    st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(mt.OPTIONS["start_rule"])
)


def check_invariants(state):
    on_table = [card for trick in state.tricks for _, card in trick]
    in_hands = [card for hand in state.hands for card in hand]
    if state.phase in ("predict", "play"):
        everything = sorted(on_table + in_hands + list(state.discards))
        assert everything == sorted(mt.deck(state.players)), "cards conserved"
    assert len(state.open_slots()) <= 4
    for slot in state.open_slots():
        opening = state.tricks[slot][0][1].colour
        best = max((c for _, c in state.tricks[slot] if c.colour == opening), key=lambda c: c.value)
        holder = next(seat for seat, c in state.tricks[slot] if c == best)
        assert state.claim[slot] == holder, "claim with the highest card of the opening colour"
        assert len(state.tricks[slot]) < 4


@settings(max_examples=25, deadline=None)
@given(games)
def test_invariants_hold_throughout(game):
    players, seed, moves_seed, rule = game
    plays = [0] * players

    def observe(state, _move):
        check_invariants(state)
        if state.phase == "play":
            plays[state.to_move] += 1

    state = finished(mt, players, seed, moves_seed, observe, options={"start_rule": rule})
    assert plays == [36] * players, "12 plays per player per round"
    for round_number, scores in enumerate(state.round_scores, start=1):
        assert all(score in (0, *mt.VP_SETS[round_number]) for score in scores)
    assert all(total <= 18 for total in state.totals())
