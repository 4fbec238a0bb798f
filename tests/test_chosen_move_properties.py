"""The move ``random_move`` leaves in ``_chosen`` (which ``push`` applies without asking
``why_not``) is always legal in the position it was chosen in, after any mix of pushes and
pops (hypothesis), and is forgotten once that position changes."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core import CHANCE, UNCHOSEN
from tutor.games import game as registered
from tutor.games import games


def fresh_legal(state) -> set:
    """The legal moves of ``state``'s position, worked out on a new state that replays its moves."""
    fresh = state.restarted()
    for move in state.move_stack:
        fresh.push(move)
    return {fresh.chance_move()} if fresh.to_move == CHANCE else set(fresh.legal_moves())


@pytest.mark.parametrize("game", games())
@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    steps=st.lists(st.sampled_from(["push", "push", "push", "pop", "ask"]), max_size=120),
)
def test_the_chosen_move_is_legal_after_pushes_and_pops(game, players, seed, steps):
    state = registered(game).new_game(players, seed=seed)
    rng = random.Random(seed)
    for step in steps:
        if step == "pop" and state.move_stack:
            state.pop()
        elif step == "ask" and not state.is_terminal():
            assert state.random_move(rng) is state._chosen  # chosen without pushing
        elif step == "push" and not state.is_terminal():
            move = state.random_move(rng)
            assert move is state._chosen
            state.push(move)
            assert state._chosen is UNCHOSEN
        assert state._chosen is UNCHOSEN or state._chosen in fresh_legal(state), step


@pytest.mark.parametrize("game", games())
def test_a_copy_forgets_the_chosen_move(game):
    """resample_from_view changes a copy's hidden cards: what was legal may not be."""
    state = registered(game).new_game(3, seed=2)
    state.random_move(random.Random(2))
    assert state._chosen is not UNCHOSEN and state.clone()._chosen is UNCHOSEN


@pytest.mark.parametrize("game", games())
def test_nothing_is_chosen_when_the_game_is_over(game):
    state = registered(game).new_game(2, seed=4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.push(state.random_move(rng))
    assert state.random_move(rng) is None and state._chosen is UNCHOSEN
