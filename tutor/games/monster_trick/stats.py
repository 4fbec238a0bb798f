"""Figures for ``python -m tutor simulate``."""
from __future__ import annotations

from collections import Counter

from tutor.games.monster_trick.rules import Play, State


def summarize(states: list[State]) -> dict:
    """Figures for ``python -m tutor simulate``."""
    players = states[0].players if states else 0
    totals = [total for state in states for total in state.totals()]
    return {
        "plays": sum(isinstance(move, Play) for state in states for move in state.move_stack),
        "tricks_won_per_seat": [sum(won[seat] for state in states for won in state.round_tricks)
                                for seat in range(players)],
        "score_distribution": {str(score): count for score, count in sorted(Counter(totals).items())},
        "mean_total": round(sum(totals) / len(totals), 3) if totals else 0,
    }
