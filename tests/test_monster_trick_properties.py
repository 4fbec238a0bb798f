"""Monster Trick invariants over random seeded games (hypothesis)."""
import random

from hypothesis import given, settings, strategies as st

from tutor.games import monster_trick as mt

games = st.tuples(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 10**6),
                  st.sampled_from(mt.OPTIONS["start_rule"]))


def random_game(players, seed, moves_seed, start_rule, on_move=lambda state: None):
    state = mt.new_game(players, seed=seed, options={"start_rule": start_rule})
    rng = random.Random(moves_seed)
    while not state.is_terminal():
        on_move(state)
        state.push(state.random_move(rng))
    return state


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

    def observe(state):
        check_invariants(state)
        if state.phase == "play":
            plays[state.to_move] += 1

    state = random_game(players, seed, moves_seed, rule, observe)
    assert plays == [36] * players, "12 plays per player per round"
    for round_number, scores in enumerate(state.round_scores, start=1):
        assert all(score in (0, *mt.VP_SETS[round_number]) for score in scores)
    assert all(total <= 18 for total in state.totals())


