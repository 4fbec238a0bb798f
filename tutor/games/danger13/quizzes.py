"""Danger 13 quiz questions, from positions of seeded bot games."""
from __future__ import annotations

import random

from tutor.games import danger13 as d13
from tutor.messages import msg
from tutor.quizzes import Question, pick, make_question


def busts(state, move) -> bool:
    """The engine's verdict: after the dealer's give, the round ended with that seat busted."""
    after = state.clone()
    after.push(move)
    return len(after.busts) > len(state.busts) and after.busts[-1] == move.seat


def d13_bust(rng: random.Random) -> Question:
    """Does this card bust the player? Half the questions are asked where it does."""
    want_bust = rng.random() < 0.5

    def gives(state, _):
        # A hand card lets its owner refuse: leave those rows out, the answer would depend on them.
        return [move for move in state.legal_moves() if d13.HAND_CARD not in state.rows[move.seat]
                and busts(state, move) == want_bust] if state.phase == d13.GIVE else []

    state, _, move = pick(d13.GAME_ID, rng, gives)


    card, seat = move
    player = state.name(seat)
    answer = busts(state, move)
    if card.kind == d13.INSTANT:
        explanation, rules = [msg("quiz.d13-bust.instant", card=card)], ["d13.instant"]
    else:
        row = state.rows[seat]
        new_row = row[:-1] if card.kind == d13.ARROW else row + (card,)
        probe = state.clone()  # the engine adds up the new row and draws its line
        probe.rows = tuple(new_row if other == seat else other_row for other, other_row in enumerate(state.rows))
        total, line = probe.row_sum(seat), probe.limit(seat)
        if card.kind == d13.ARROW:
            explanation = [msg("quiz.d13-bust.arrow", card=row[-1] if row else card, total=total)
                           if row else msg("quiz.d13-bust.arrow-empty", total=total)]
            rules = ["d13.arrow"] + (["d13.arrow-raise"] if row and row[-1] == d13.RAISE_CARD else [])
        else:
            explanation = [msg("quiz.d13-bust.adds", card=card, before=state.row_sum(seat), value=card.value,
                               total=total)]
            rules = ["d13.row"]
        explanation.append(msg("quiz.d13-bust.line-raised" if line == d13.RAISED_LIMIT else "quiz.d13-bust.line",
                               line=line))
        rules += ["d13.raise"] if line == d13.RAISED_LIMIT else []
        explanation.append(msg("quiz.d13-bust.bust" if total >= line else "quiz.d13-bust.safe", player=player))
        rules.append("d13.bust")
        if card.kind == d13.DRAW and not answer:
            explanation.append(msg("quiz.d13-bust.draw"))
            rules.append("d13.draw")
    choices = [(msg("quiz.yes"), True), (msg("quiz.no"), False)]
    prompt = {"dealer": state.name(state.dealer), "card": card, "player": player, "total": state.row_sum(seat),
              "line": state.limit(seat)}
    return make_question(d13.GAME_ID, "d13-bust", state, move, prompt, choices, answer, explanation, rules)


MAKERS = (d13_bust,)
