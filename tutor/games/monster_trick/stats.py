"""Figures for ``python -m tutor simulate``, gathered game by game (nothing else is kept,
so memory stays flat however many games are played)."""

from __future__ import annotations

from collections import Counter

from tutor.games.monster_trick.rules import Play, State


class Figures:
    def __init__(self, players: int):
        self.players = players
        self.plays = 0
        self.tricks = [0] * players
        self.totals: Counter = Counter()

    def add(self, state: State) -> None:
        """One finished game."""
        self.plays += sum(type(move) is Play for move in state.move_stack)
        for won in state.round_tricks:
            for seat in range(self.players):
                self.tricks[seat] += won[seat] or 0  # None only for rounds before a lesson's position
        self.totals.update(state.totals())

    def result(self) -> dict:
        count = sum(self.totals.values())
        return {
            "plays": self.plays,
            "tricks_won_per_seat": self.tricks,
            "score_distribution": {str(score): times for score, times in sorted(self.totals.items())},
            "mean_total": round(sum(score * times for score, times in self.totals.items()) / count, 3) if count else 0,
        }
