"""Figures for ``python -m tutor simulate``, gathered game by game (nothing else is kept,
so memory stays flat however many games are played)."""

from __future__ import annotations

from collections import Counter

from tutor.games.thricewise.rules import KINDS, Deal, Draw, State


class Figures:
    def __init__(self, players: int):
        self.players = players
        self.games = self.turns = self.moves = self.grid_cards = self.left_aside = self.shared_wins = 0
        self.points = [0] * players
        self.scores: Counter = Counter()  # by tens
        self.triads: Counter[str] = Counter()  # by kind
        self.triad_points: Counter[str] = Counter()
        self.zero_point_triads = 0

    def add(self, state: State) -> None:
        """One finished game."""
        self.games += 1
        self.turns += state.turn
        self.moves += sum(1 for move in state.move_stack if not isinstance(move, (Deal, Draw)))
        for seat, score in enumerate(state.scores):
            self.points[seat] += score
            self.scores[score // 10 * 10] += 1
        for triad in state.triads:
            self.triads[triad.kind] += 1
            self.triad_points[triad.kind] += triad.points
            self.zero_point_triads += triad.points == 0
        self.grid_cards += len(state.grid)
        self.left_aside += sum(map(len, state.deferred))
        self.shared_wins += len(state.winners()) > 1

    def result(self) -> dict:
        games = self.games or 1
        return {
            "mean_turns": round(self.turns / games, 3),
            "mean_player_moves": round(self.moves / games, 3),
            "mean_points_per_seat": [round(points / games, 3) for points in self.points],
            "score_distribution": {f"{low}-{low + 9}": count for low, count in sorted(self.scores.items())},
            "triads_by_kind": {kind: self.triads[kind] for kind in KINDS},
            "points_by_kind": {kind: self.triad_points[kind] for kind in KINDS},
            "zero_point_triads": self.zero_point_triads,
            "mean_grid_cards": round(self.grid_cards / games, 3),
            "mean_cards_left_aside": round(self.left_aside / games, 3),
            "shared_wins": self.shared_wins,
        }
