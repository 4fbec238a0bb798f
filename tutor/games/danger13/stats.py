"""Figures for ``python -m tutor simulate``."""
from __future__ import annotations

from collections import Counter

from tutor.games.danger13.rules import FROM_PILE, REFUSE, Choice, Reveal, State


def summarize(states: list[State]) -> dict:
    """Figures for ``python -m tutor simulate`` (finished games in)."""
    players = states[0].players if states else 0
    points = Counter(state.plus_points(seat) for state in states for seat in range(state.players))
    busts = Counter(seat for state in states for seat in state.busts)
    return {
        "player_moves_per_game": _spread([sum(type(move) is not Reveal for move in state.move_stack)
                                          for state in states]),
        "draws_per_game": _spread([sum(type(move) is Reveal and move.source == FROM_PILE
                                       for move in state.move_stack) for state in states]),
        "refusals_per_game": _spread([sum(type(move) is Choice and move.answer == REFUSE
                                          for move in state.move_stack) for state in states]),
        "rounds_per_game": _spread([len(state.busts) for state in states]),
        "busts_per_seat": [busts[seat] for seat in range(players)],
        "rounds_without_bust": busts[None],
        "plus_points": {"mean": _spread(list(points.elements()))["mean"],
                        "distribution": {str(value): count for value, count in sorted(points.items())}},
        "shared_wins": sum(len(state.winners()) > 1 for state in states),
    }


def _spread(values: list[int]) -> dict:
    if not values:
        return {"mean": 0, "min": 0, "max": 0}
    return {"mean": round(sum(values) / len(values), 3), "min": min(values), "max": max(values)}
