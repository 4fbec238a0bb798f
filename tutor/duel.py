"""Strength measured: seeded games between two strengths and the win shares they give.

One seat plays the ``stronger`` strength and every other seat the ``weaker`` one; the
stronger seat moves round the table from game to game, so every seat and first player
counts alike. A shared first place counts as a share of a win. The win share comes with a
Wilson interval (95 %); with equal strengths it would be one game in ``players``.

Game number ``n`` of a seed is always the same game, so a long duel can be played in parts
(``first``: the number of a part's first game) and the parts ``merged``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from tutor.bots import make_bots, play_out
from tutor.games import Game

PAIRINGS = (("coach", "beginner"), ("expert", "coach"))
Z95 = 1.959964


class Duel(NamedTuple):
    game: str
    players: int
    stronger: str
    weaker: str
    games: int
    wins: Fraction  # the stronger seat's wins, shared first places counted as shares

    @property
    def share(self) -> float:
        return float(self.wins / self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(float(self.wins), self.games)

    def row(self) -> str:
        low, high = self.interval
        return (
            f"| {self.game} | {self.players} | one {self.stronger} against {self.weaker} | {self.games} "
            f"| {self.share:.1%} | {low:.1%} to {high:.1%} | {1 / self.players:.0%} |"
        )


HEADER = (
    "| game | players | table | games | the one's win share | 95 % interval | with equal strengths |\n"
    "|---|---|---|---|---|---|---|"
)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share of ``successes`` in ``trials``."""
    if not trials:
        return 0.0, 1.0
    share = successes / trials
    middle = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, middle - half), min(1.0, middle + half)


def duel(game: Game, players: int, stronger: str, weaker: str, games: int, seed: int, first: int = 0) -> Duel:
    """Games number ``first`` to ``first + games - 1`` of ``seed``."""
    wins = Fraction(0)
    for number in range(first, first + games):
        game_seed = seed * 1_000_003 + number
        seat = number % players
        kinds = [stronger if other == seat else weaker for other in range(players)]
        state = game.new_game(players, seed=game_seed)
        play_out(state, make_bots(game, kinds, players, game_seed))
        winners = state.winners()
        if seat in winners:
            wins += Fraction(1, len(winners))
    return Duel(game.id, players, stronger, weaker, games, wins)


def merged(parts: list[Duel]) -> Duel:
    """One duel from parts of the same table (games of different numbers)."""
    return parts[0]._replace(
        games=sum(part.games for part in parts), wins=sum((part.wins for part in parts), Fraction(0))
    )
