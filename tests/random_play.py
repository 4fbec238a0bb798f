"""Random legal play from seeds, for tests that need positions from real games."""

import random

from tutor.core import advance_chance


def finished(rules, players: int = 3, seed: int = 3, moves_seed: int | None = None, before_move=None, **settings):
    """A game of ``rules`` (a game's rules module) dealt from ``seed`` and played to its
    end with random legal moves drawn from ``moves_seed`` (else ``seed`` again);
    ``before_move(state, move)`` sees each move before it is made."""
    state = rules.new_game(players, seed=seed, **settings)
    rng = random.Random(seed if moves_seed is None else moves_seed)
    while not state.is_terminal():
        move = state.random_move(rng)
        if before_move:
            before_move(state, move)
        state.push(move)
    return state


def played_until(rules, players: int, seed: int, wanted):
    """A game of ``rules`` played with random legal moves from ``seed`` until
    ``wanted(state)`` holds at a decision (chance steps taken as they come)."""
    state = advance_chance(rules.new_game(players, seed=seed))
    rng = random.Random(seed)
    while not wanted(state):
        state.push(state.random_move(rng))
        advance_chance(state)
        assert not state.is_terminal(), "no such position in this game"
    return state
