"""Figures for ``python -m tutor simulate``."""
from __future__ import annotations

from collections import Counter

from tutor.games.thricewise.rules import Deal, Draw, KINDS, State


def summarize(states: list[State]) -> dict:
    """Figures for ``python -m tutor simulate``."""
    players = states[0].players if states else 0
    games = len(states) or 1
    scores = [score for state in states for score in state.scores]
    triads = [triad for state in states for triad in state.triads]
    return {
        "mean_turns": round(sum(state.turn for state in states) / games, 3),
        "mean_player_moves": round(sum(1 for state in states for move in state.move_stack
                                       if not isinstance(move, (Deal, Draw))) / games, 3),
        "mean_points_per_seat": [round(sum(state.scores[seat] for state in states) / games, 3)
                                 for seat in range(players)],
        "score_distribution": {f"{low}-{low + 9}": count for low, count in
                               sorted(Counter(score // 10 * 10 for score in scores).items())},
        "triads_by_kind": {kind: sum(1 for t in triads if t.kind == kind) for kind in KINDS},
        "points_by_kind": {kind: sum(t.points for t in triads if t.kind == kind) for kind in KINDS},
        "zero_point_triads": sum(1 for t in triads if t.points == 0),
        "mean_grid_cards": round(sum(len(state.grid) for state in states) / games, 3),
        "mean_cards_left_aside": round(sum(map(len, (d for s in states for d in s.deferred))) / games, 3),
        "shared_wins": sum(1 for state in states if len(state.winners()) > 1),
    }
