"""Every registered game keeps the engine contract (tests/engine_contract.py)."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from tutor.core import advance_chance, seeded_shuffle
from tutor.games import game as registered, games

from engine_contract import play_checking

tables = st.tuples(st.integers(0, 10**6), st.integers(0, 10**6))


@pytest.mark.parametrize("game", games())
@settings(max_examples=6, deadline=None)
@given(table=tables, players=st.integers(2, 5))
def test_every_game_keeps_the_contract(game, table, players):
    play_checking(game, players, *table)


@pytest.mark.parametrize("game", games())
def test_hidden_information_really_is_dealt_again(game):
    """resample_from_view changes what the seat cannot see (else the check above proves nothing)."""
    entry = registered(game)
    state = advance_chance(entry.new_game(3, seed=1))
    assert state.resample_from_view(0, random.Random(1)).snapshot() != state.snapshot()


@settings(max_examples=50, deadline=None)
@given(items=st.lists(st.integers(), max_size=120), seed=st.text(max_size=30))
def test_the_seeded_shuffle_draws_as_random_shuffle(items, seed):
    """Deals shuffle with core.seeded_shuffle: it must give random.shuffle's order, so every seed keeps its deals."""
    expected = list(items)
    random.Random(seed).shuffle(expected)
    assert seeded_shuffle(list(items), seed) == expected
