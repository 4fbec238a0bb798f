"""Random legal play from seeds, for tests that need positions from real games."""
import random

from tutor.core import advance_chance


def finished(rules, players: int = 3, seed: int = 3, **settings):
    """A game of ``rules`` (a game's rules module) played to its end with random legal
    moves, dealt and played from ``seed``."""
    state = rules.new_game(players, seed=seed, **settings)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.push(state.random_move(rng))
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
