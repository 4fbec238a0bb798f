"""Computer players for every game: one interface, a random bot and a coach per game.

A bot plays one seat. ``Bot.choose(state, seat)`` hands the bot's ``decide`` only what
that seat may know: ``state.view(seat)``, the seat's legal moves and the game's options
(public rules). Bots therefore cannot read hidden cards, and the same view always gives
the same choice for the same bot seed.
"""

from __future__ import annotations

import random

from tutor.core import CHANCE, SIMULTANEOUS, TutorError
from tutor.games import game as registered
from tutor.messages import msg

KINDS = ("random", "coach")


class Bot:
    """A player for one seat; subclasses implement ``decide``."""

    kind = ""

    def __init__(self, game: str, seed=0):
        self.game = game
        self.rng = random.Random(f"bot:{self.game}:{self.kind}:{seed}")

    @property
    def name(self) -> str:
        return msg(f"bot.{self.kind}.name")

    @property
    def description(self) -> str:
        return msg(f"bot.{self.kind}.{self.game}")

    def choose(self, state, seat: int):
        """The move this bot makes for ``seat`` now (``seat`` must be able to move)."""
        moves = seat_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        return self.decide(state.view(seat), moves, state.options)

    def decide(self, view: dict, moves: list, options: dict):
        raise NotImplementedError


class RandomBot(Bot):
    """Any legal move, uniformly: the baseline the coaches are measured against."""

    kind = "random"

    def decide(self, view, moves, options):
        return moves[int(self.rng.random() * len(moves))]


def seat_moves(state, seat: int) -> list:
    """The legal moves of ``seat``: in a simultaneous step each move names its seat."""
    if state.to_move == SIMULTANEOUS:
        return [move for move in state.legal_moves() if move.seat == seat]
    return state.legal_moves() if state.to_move == seat else []


def play_out(state, bots: list[Bot]):
    """Play ``state`` to its end, chance from the seed and every seat from its bot.
    Returns the number of player moves made."""
    moves = 0
    while not state.is_terminal():
        mover = state.to_move
        if mover == CHANCE:
            state.push(state.chance_move())
            continue
        if mover == SIMULTANEOUS:
            mover = state.legal_moves()[0].seat
        state.push(bots[mover].choose(state, mover))
        moves += 1
    return moves


def make_bot(game: str, kind: str, seed=0) -> Bot:
    """A new bot of ``kind`` ("random" or "coach") for ``game``, seeded. A game without a
    coach of its own gets the random bot in that seat."""
    entry = registered(game)
    if kind not in KINDS:
        raise TutorError(msg("bot.error.unknown", game=game, kind=kind, known=", ".join(KINDS)))
    coach = entry.part("bot")
    bot = coach.Coach if kind == "coach" and coach is not None else RandomBot
    return bot(game, seed)


def make_bots(game: str, kinds: list[str], players: int, seed=0) -> list[Bot]:
    """One bot per seat, ``kinds[seat]`` each, seeded from ``seed`` and the seat."""
    if len(kinds) != players:
        raise TutorError(msg("bot.error.count", count=len(kinds), players=players))
    return [make_bot(game, kind, f"{seed}:{seat}") for seat, kind in enumerate(kinds)]
