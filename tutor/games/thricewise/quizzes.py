"""Thricewise quiz questions, from positions of seeded bot games."""
from __future__ import annotations

import random

from tutor.bots import seat_moves
from tutor.games import thricewise as tw
from tutor.messages import msg
from tutor.games.thricewise.words import where
from tutor.quizzes import Question, pick, make_question


def tw_score(rng: random.Random) -> Question:
    """What does this card score? Half the questions are asked where it scores."""
    want_points = rng.random() < 0.5

    def places(state, seat):
        return [move for move in seat_moves(state, seat) if isinstance(move, tw.Place)
                and (state.points_for(move) > 0) == want_points] if state.phase == "place" else []

    state, seat, move = pick(tw.GAME_ID, rng, places)


    after = state.clone()
    after.push(move)
    triads = after.triads[len(state.triads):]
    answer = sum(triad.points for triad in triads)
    if triads:
        explanation = [msg("quiz.tw-score.triads", triads="; ".join(triad.describe(after.grid) for triad in triads),
                           points=answer)]
        rules = ["tw.triad", *(f"tw.{triad.kind}" for triad in triads), "tw.value"]
    else:
        explanation, rules = [msg("quiz.tw-score.none", card=move.card, where=where(state.grid, move.cell))], ["tw.triad"]
    guesses = [0, answer + 2, max(answer - 2, 0), answer * 2, move.card.rank, answer + move.card.rank, 1, 3]
    wrong = [guess for guess in dict.fromkeys(guesses) if guess != answer][:3]
    choices = [(str(points), points) for points in sorted([answer, *wrong])]
    prompt = {"player": state.name(seat), "card": move.card, "where": where(state.grid, move.cell)}
    return make_question(tw.GAME_ID, "tw-score", state, move, prompt, choices, answer, explanation, rules)


MAKERS = (tw_score,)
