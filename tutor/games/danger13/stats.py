"""Figures for ``python -m tutor simulate``, gathered game by game (nothing else is kept,
so memory stays flat however many games are played)."""

from __future__ import annotations

from collections import Counter

from tutor.games.danger13.rules import FROM_PILE, REFUSE, Choice, Reveal, State


class Spread:
    """Mean, lowest and highest of numbers given one at a time."""

    def __init__(self) -> None:
        self.count, self.total = 0, 0
        self.low: int | None = None
        self.high: int | None = None

    def add(self, value: int) -> None:
        self.count, self.total = self.count + 1, self.total + value
        self.low = value if self.low is None else min(self.low, value)
        self.high = value if self.high is None else max(self.high, value)

    def result(self) -> dict:
        if not self.count:
            return {"mean": 0, "min": 0, "max": 0}
        return {"mean": round(self.total / self.count, 3), "min": self.low, "max": self.high}


class Figures:
    def __init__(self, players: int):
        self.players = players
        self.moves, self.draws, self.refusals, self.rounds = Spread(), Spread(), Spread(), Spread()
        self.points: Counter[int] = Counter()  # games by a seat's plus points
        self.busts: Counter[int | None] = Counter()  # rounds by who busted (None: nobody)
        self.shared_wins = 0

    def add(self, state: State) -> None:
        """One finished game."""
        stack = state.move_stack
        self.moves.add(sum(type(move) is not Reveal for move in stack))
        self.draws.add(sum(type(move) is Reveal and move.source == FROM_PILE for move in stack))
        self.refusals.add(sum(type(move) is Choice and move.answer == REFUSE for move in stack))
        self.rounds.add(len(state.busts))
        self.points.update(state.plus_points(seat) for seat in range(state.players))
        self.busts.update(state.busts)
        self.shared_wins += len(state.winners()) > 1

    def result(self) -> dict:
        count = sum(self.points.values())
        mean = round(sum(value * times for value, times in self.points.items()) / count, 3) if count else 0
        return {
            "player_moves_per_game": self.moves.result(),
            "draws_per_game": self.draws.result(),
            "refusals_per_game": self.refusals.result(),
            "rounds_per_game": self.rounds.result(),
            "busts_per_seat": [self.busts[seat] for seat in range(self.players)],
            "rounds_without_bust": self.busts[None],
            "plus_points": {
                "mean": mean,
                "distribution": {str(value): times for value, times in sorted(self.points.items())},
            },
            "shared_wins": self.shared_wins,
        }
