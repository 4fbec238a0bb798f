"""Danger 13 quiz questions, from positions of seeded bot games."""
from __future__ import annotations

import random

from tutor.games import danger13 as d13
from tutor.messages import listed, msg
from tutor.quizzes import Question, make_question, pick


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


def _players(state, seats) -> str:
    return listed([state.name(seat) for seat in seats]) if seats else msg("quiz.d13-receive.nobody")


def d13_receive(rng: random.Random) -> Question:
    """Who may receive the turned-up card? (rules d13.one-each, d13.hand-counts) Asked
    while some players have had their card in this deal, so the answer is not everyone."""
    def cards(state, _):
        return [state.revealed] if state.phase == d13.GIVE and state.received else []

    state, _, card = pick(d13.GAME_ID, rng, cards)
    answer = tuple(sorted({move.seat for move in state.legal_moves() if isinstance(move, d13.Give)}))
    everyone = tuple(range(state.players))
    got = tuple(sorted(state.received))
    guesses = [everyone, tuple(seat for seat in everyone if seat != state.dealer),
               tuple(seat for seat in answer if seat != state.dealer), (*answer, state.dealer),
               *((seat,) for seat in everyone)]
    wrong = [tuple(sorted(set(guess))) for guess in guesses]
    wrong = [guess for guess in dict.fromkeys(wrong) if guess and guess != answer][:3]
    choices = [(_players(state, seats), seats) for seats in [answer, *wrong]]
    rng.shuffle(choices)
    explanation = [msg("quiz.d13-receive.one-each", got=_players(state, got), card=card,
                       answer=_players(state, answer))]
    rules = ["d13.one-each"]
    if any(d13.HAND_CARD in state.rows[seat] for seat in got):
        explanation.append(msg("quiz.d13-receive.refused-count"))
        rules.append("d13.hand-counts")
    return make_question(d13.GAME_ID, "d13-receive", state, card, {"dealer": state.name(state.dealer), "card": card},
                         choices, answer, explanation, rules)


def _banked(state, move, seat: int) -> int:
    """Plus points ``seat`` banks when ``move`` ends the round, by the engine's own scoring."""
    after = state.clone()
    after.push(move)
    return after.plus_points(seat) - state.plus_points(seat)


def d13_bank(rng: random.Random) -> Question:
    """The round ends with a bust: how many plus points does a player bank from their row?
    (rules d13.scoring, d13.bust) A quarter of the questions ask about the player who busts."""
    ask_buster = rng.random() < 0.25

    def busting(state, _):
        if state.phase != d13.GIVE:
            return []
        return [(move, seat) for move in state.legal_moves() if d13.HAND_CARD not in state.rows[move.seat]
                and move.card.kind != d13.INSTANT and busts(state, move)
                for seat in range(state.players) if (seat == move.seat) == ask_buster
                and (ask_buster or any(card.plus for card in state.rows[seat]))]

    state, _, (move, seat) = pick(d13.GAME_ID, rng, busting)
    answer = _banked(state, move, seat)
    player, buster = state.name(seat), state.name(move.seat)
    row = state.rows[seat]
    plus_cards = [card for card in row if card.plus]
    if seat == move.seat:
        explanation = [msg("quiz.d13-bank.busted", player=player)]
    elif plus_cards:
        explanation = [msg("quiz.d13-bank.banked", player=player, cards=listed([str(card) for card in plus_cards]),
                           points=answer)]
    else:
        explanation = [msg("quiz.d13-bank.none", player=player)]
    guesses = [0, answer + 1, answer + 2, max(answer - 1, 0), len(plus_cards), sum(card.plus for card in row) + 1,
               sum(card.value for card in row if card.kind in d13.VALUED)]
    wrong = [guess for guess in dict.fromkeys(guesses) if guess != answer][:3]
    choices = [(str(points), points) for points in sorted([answer, *wrong])]
    prompt = {"dealer": state.name(state.dealer), "card": move.card, "buster": buster, "player": player}
    return make_question(d13.GAME_ID, "d13-bank", state, move, prompt, choices, answer, explanation,
                         ["d13.scoring", "d13.bust"], marks=(player,))


MAKERS = (d13_bust, d13_receive, d13_bank)
