"""Every registered game keeps the engine contract (tests/engine_contract.py)."""

import random

import pytest
from engine_contract import check_parts, play_checking
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core import advance_chance
from tutor.games import game as registered
from tutor.games import games

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


@pytest.mark.parametrize("game", games())
def test_every_part_a_game_has_keeps_its_protocol(game):
    check_parts(game)
