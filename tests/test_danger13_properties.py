"""Danger 13 invariants over random seeded games (hypothesis)."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import finished

from tutor.games import danger13 as d13
from tutor.games.danger13 import Give, Reveal

games = st.tuples(st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 10**6))


def all_cards(state):
    """Every card wherever it is: pile, discards, rows, banks and the dealer's hand."""
    cards = [*state.pile, *state.packet, *state.discards, *sum(state.rows, ()), *sum(state.banks, ())]
    cards += [card for card in (state.revealed, state.pending) if card is not None]
    return Counter(cards)


@settings(max_examples=25, deadline=None)
@given(games)
def test_invariants_hold_throughout(game):
    seen = {"banks": None, "rounds": 0}

    def observe(state, move):
        assert all_cards(state) == d13.COUNTS, "all 109 cards accounted for"
        assert len(set(state.received)) == len(state.received), "nobody receives twice in a deal"
        if type(move) is Give:
            assert move.seat not in state.received
        if seen["banks"] is not None:
            for bank, before in zip(state.banks, seen["banks"]):
                assert bank[: len(before)] == before, "banked cards never leave a bank"
        for seat in range(state.players):
            assert state.row_sum(seat) < state.limit(seat), "a row at its limit ends the round at once"
        assert all(seat is not None for seat in state.busts), "rounds end only on a bust"
        assert len(state.busts) == state.round - 1
        seen["banks"] = state.banks

    state = finished(d13, *game, before_move=observe)
    assert all_cards(state) == d13.COUNTS
    assert state.last_round and state.busts[-1] is not None
    assert sum(state.returns()) == sum(card.plus for bank in state.banks for card in bank)


@settings(max_examples=10, deadline=None)
@given(games)
def test_chance_events_come_from_the_seeded_pile(game):
    players, seed, moves_seed = game
    first = finished(d13, players, seed, moves_seed)
    again = finished(d13, players, seed, moves_seed)
    chances = [move for move in first.move_stack if type(move) is Reveal]
    assert chances == [move for move in again.move_stack if type(move) is Reveal]
    assert {move.source for move in chances} <= {"reveal", "draw"}


@settings(max_examples=15, deadline=None)
@given(games)
def test_a_player_who_watches_the_table_knows_every_bank(game):
    """The expert's memory (``resample_from_memory`` keeps the banks): every banked card lay
    face up in a row at a scoring or was given face up, though the view then shows only how
    many cards the other banks hold (note d13.bank-view)."""
    players, seed, moves_seed = game
    state, rng = d13.new_game(players, seed=seed), random.Random(moves_seed)
    remembered, scorings = [()] * players, 0
    while not state.is_terminal():
        move = state.random_move(rng)
        state.push(move)
        seen = state.view(0)
        for seat, size in enumerate(seen["bank_sizes"]):
            if size == len(remembered[seat]):
                continue
            if len(seen["busts"]) > scorings:  # the ended round's rows are on show
                remembered[seat] += tuple(card for card in seen["rows"][seat] if card.plus)
            else:  # an instant plus card, just given, drawn or accepted face up
                remembered[seat] += (move.card,)
        scorings = len(seen["busts"])
        assert tuple(remembered) == state.banks
        copy = state.resample_from_memory(0, rng)
        assert copy.banks == state.banks and copy.view(0) == seen
