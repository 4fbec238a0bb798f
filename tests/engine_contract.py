"""The engine contract, checked the same way for every registered game (tests/test_engines.py)
and for a game defined only in the test folder (tests/test_extra_game.py)."""

import random

from tutor import records
from tutor.core import CHANCE, NOBODY, SEAT, SEATS, TERMINAL, advance_chance
from tutor.games import game as registered
from tutor.games.parts import PROTOCOLS, names


def play_checking(game_id: str, players: int, seed: int, moves_seed: int) -> None:
    """Play one random game, checking the contract at every position on the way."""
    state = registered(game_id).new_game(players, seed=seed)
    rng = random.Random(moves_seed)
    seen: dict = {}  # every move met so far in this game: candidates for refusals
    told = []  # the events of each move, as told right after it
    before = [state.snapshot()]  # the position before each move, to undo back to
    while not state.is_terminal():
        assert state.to_move != TERMINAL, "to_move is TERMINAL exactly when the game is over"
        turn = state.whose_turn()
        if turn.kind == CHANCE_KIND:
            assert state.to_move == CHANCE and turn.seats == ()
        else:
            check_position(state, turn, seen, rng)
        move = state.random_move(rng)
        # push applies the move random_move chose without asking why_not: it must be legal
        assert move is state._chosen and state.why_not(move) is None, move
        seen[move] = None
        mover = None if state.to_move == CHANCE else state.mover(move)
        state.push(move)
        before.append(state.snapshot())
        events = state.events()
        told.append(events)
        assert events, f"{move} did nothing"
        if mover is not None:
            assert events[0].seat == mover, "a move's first event is its mover's"
    assert state.to_move == TERMINAL and state.whose_turn().kind == NOBODY and state.legal_moves() == []
    assert [state.events(index) for index in range(len(state.move_stack))] == told, "events are the same later"
    assert [index for index, events in enumerate(told) if any(e.kind == "game-over" for e in events)] == [
        len(told) - 1
    ], "the end is told once, with the last move"
    replayed = records.load("game.yaml", text=records.dumps(state))
    assert replayed.snapshot() == state.snapshot() and replayed.returns() == state.returns()
    assert state.winners() and set(state.ranking()) == set(range(players))
    # undo, move after move, walks back through every position to the deal
    before.pop()
    while state.move_stack:
        state.pop()
        assert state.snapshot() == before.pop(), f"undoing move {len(state.move_stack) + 1}"
    assert state.snapshot() == registered(game_id).new_game(players, seed=seed).snapshot()


CHANCE_KIND = "chance"


def check_position(state, turn, seen: dict, rng) -> None:
    legal = state.legal_moves()
    assert legal, "a seat to move always has a move"
    assert turn.kind in (SEAT, SEATS) and set(turn.seats) == {state.mover(move) for move in legal}
    # legal moves are exactly the moves why_not accepts
    for move in set(legal) | set(seen):
        assert (state.why_not(move) is None) == (move in legal), move
    # push then pop gives back the exact position
    before, stack = state.snapshot(), list(state.move_stack)
    for move in rng.sample(legal, min(3, len(legal))):
        state.push(move)
        state.pop()
        assert state.snapshot() == before and state.move_stack == stack
    # a clone is independent
    copy = state.clone()
    copy.push(legal[0])
    assert state.snapshot() == before
    # view(seat) hides what the seat may not see: dealing that again changes nothing in it
    for seat in range(state.players):
        assert state.resample_from_view(seat, rng).view(seat) == state.view(seat)
        assert state.resample_from_memory(seat, rng).view(seat) == state.view(seat)
    # ... and the new deal depends on the view and the random numbers alone (bots search such deals)
    seat, number = rng.randrange(state.players), rng.random()
    again = state.resample_from_view(seat, random.Random(number)).snapshot()
    assert state.resample_from_view(seat, rng).resample_from_view(seat, random.Random(number)).snapshot() == again
    advance_chance(copy)  # a chance step after a move is always possible


def check_parts(game_id: str) -> None:
    """Each part of the game's package has every name its protocol lists (tutor/games/parts.py)."""
    entry = registered(game_id)
    assert entry.has("rules")
    for name, protocol in PROTOCOLS.items():
        if entry.has(name):
            module = entry.part(name)
            missing = [name for name in names(protocol) if not hasattr(module, name)]
            assert not missing and isinstance(module, protocol), f"{module.__name__} lacks {missing}"
