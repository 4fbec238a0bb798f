"""Quiz questions drawn from real positions: seeded bots play a game, a question stops
at one of its positions, and the engine gives the answer and the reasons.

``quiz(game, seed, count)`` gives the same questions for the same seed. A question
keeps its position (a clone, before the move it asks about), so a learner can be
shown it; ``answer(choice)`` says whether a choice is right and why.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from tutor.bots import KINDS, make_bots, seat_moves
from tutor.core import CHANCE, SIMULTANEOUS
from tutor.games import danger13 as d13
from tutor.games import game_module
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw
from tutor.messages import msg


@dataclass(frozen=True)
class Question:
    """One quiz question. ``values`` are the engine's answers behind ``choices`` (same
    order); ``correct`` is the index of the right one. ``subject`` is what is asked
    about: a card, a seat or a move. ``rules`` are the ids of the rules that explain it."""

    game: str
    kind: str
    prompt: str
    choices: tuple[str, ...]
    values: tuple
    correct: int
    explanation: str
    rules: tuple[str, ...]
    position: Any
    subject: Any

    def answer(self, choice: int | str) -> tuple[bool, str]:
        """``choice`` is an index into ``choices`` or one of their texts."""
        index = choice if isinstance(choice, int) else self.choices.index(choice)
        right = index == self.correct
        verdict = msg("quiz.right") if right else msg("quiz.wrong", answer=self.choices[self.correct])
        return right, f"{verdict} {self.explanation}"


def quiz(game: str, seed=0, count: int = 10) -> list[Question]:
    """``count`` questions on ``game``, taking its question kinds in turn."""
    makers = MAKERS[game_module(game).GAME_ID]
    rng = random.Random(f"quiz:{game}:{seed}")
    questions: list[Question] = []
    while len(questions) < count:
        questions.append(makers[len(questions) % len(makers)](rng))
    return questions


def positions(game: str, rng: random.Random):
    """(state, seat to move) at every decision of one game played by seeded bots, a
    random mix of coaches and random players. Clone a state before keeping it."""
    module = game_module(game)
    players = rng.choice(list(module.PLAYER_COUNTS))
    state = module.new_game(players, seed=rng.randrange(10**6))
    seat_bots = make_bots(game, [rng.choice(KINDS) for _ in range(players)], players, rng.randrange(10**6))
    while not state.is_terminal():
        if state.to_move == CHANCE:
            state.push(state.chance_move())
            continue
        seat = state.legal_moves()[0].seat if state.to_move == SIMULTANEOUS else state.to_move
        yield state, seat
        state.push(seat_bots[seat].choose(state, seat))


def pick(game: str, rng: random.Random, candidates: Callable) -> tuple:
    """(position, seat, subject): one position of a seeded bot game, drawn evenly from
    those where ``candidates(state, seat)`` offers subjects to ask about, and one of its
    subjects. Plays further games until one offers any."""
    while True:
        chosen, offered = None, 0
        for state, seat in positions(game, rng):
            subjects = candidates(state, seat)
            if subjects:
                offered += 1
                if rng.random() * offered < 1:  # reservoir sampling: no need to keep every position
                    chosen = state.clone(), seat, rng.choice(subjects)
        if chosen:
            return chosen


def _question(game: str, kind: str, state, subject, prompt: dict, choices: list[tuple[str, Any]],
              answer, explanation: list[str], rules: list[str]) -> Question:
    """A question from its (text, value) choices, its explanation closed by the rules it
    cites; ``state`` is a clone the question keeps."""
    values = tuple(value for _, value in choices)
    rules = tuple(dict.fromkeys(rules))
    see = msg("quiz.see", rules=", ".join(msg(f"rule.{rule}.title") for rule in rules))
    return Question(game, kind, msg(f"quiz.{kind}.prompt", **prompt), tuple(text for text, _ in choices), values,
                    values.index(answer), " ".join([*explanation, see]), rules, state, subject)


# ------------------------------------------------------------------ Monster Trick
def mt_where(rng: random.Random) -> Question:
    """Where may this card go? (rules mt.open, mt.follow, mt.off-colour)"""
    state, seat, card = pick(mt.GAME_ID, rng, lambda state, seat: state.phase == "play" and state.hands[seat])
    reasons = [state.why_not(mt.Play(card, slot)) for slot in range(mt.SLOTS)]
    answer = tuple(slot for slot, reason in enumerate(reasons) if reason is None)
    colours = state.colour
    guesses = [
        tuple(slot for slot in range(mt.SLOTS) if colours[slot] is None),  # only new tricks
        tuple(slot for slot in range(mt.SLOTS) if colours[slot] == card.colour),  # only its colour
        tuple(slot for slot in range(mt.SLOTS) if colours[slot] is not None),  # only open tricks
        tuple(range(mt.SLOTS)),  # anywhere
        *((slot,) for slot in range(mt.SLOTS)),
    ]
    wrong = [guess for guess in dict.fromkeys(guesses) if guess and guess != answer][:3]
    explanation, rules = [], []
    for slot, reason in enumerate(reasons):
        if reason is None:
            case = "free" if colours[slot] is None else "follow" if colours[slot] == card.colour else "off-colour"
            rules.append({"free": "mt.open", "follow": "mt.follow", "off-colour": "mt.off-colour"}[case])
            explanation.append(msg(f"quiz.mt-where.{case}", slot=slot + 1, card=card,
                                   colour=msg(f"mt.colour.{colours[slot] or card.colour}")))
        else:
            rules.append(reason.rule)
            explanation.append(msg("quiz.mt-where.refused", slot=slot + 1, reason=reason))
    choices = [(_slots_text(slots), slots) for slots in [answer, *wrong]]
    rng.shuffle(choices)
    return _question(mt.GAME_ID, "mt-where", state, card, {"player": state.name(seat), "card": card},
                     choices, answer, explanation, rules)


def _slots_text(slots: tuple[int, ...]) -> str:
    if len(slots) == mt.SLOTS:
        return msg("quiz.mt-where.all")
    if len(slots) == 1:
        return msg("quiz.mt-where.one", slot=slots[0] + 1)
    return msg("quiz.mt-where.some", slots=", ".join(str(slot + 1) for slot in slots[:-1]), last=slots[-1] + 1)


def mt_trick(rng: random.Random) -> Question:
    """Who wins this trick? The move shown lays a trick's 4th card (rules mt.claim, mt.complete)."""
    state, seat, move = pick(mt.GAME_ID, rng, _finishing_moves)
    after = state.clone()
    after.push(move)
    trick = after.completed[-1]
    colour = trick.cards[0][1].colour
    best = max((card for _, card in trick.cards if card.colour == colour), key=lambda card: card.value)
    explanation = [msg("quiz.mt-trick.claim", colour=msg(f"mt.colour.{colour}"), card=best,
                       player=state.name(trick.winner), number=trick.number)]
    rules = ["mt.claim", "mt.complete"]
    for player, card in trick.cards:
        if card.colour != colour and card.value > best.value:
            explanation.append(msg("quiz.mt-trick.off-colour", card=card, player=state.name(player),
                                   colour=msg(f"mt.colour.{colour}")))
            rules.append("mt.off-colour")
    choices = [(state.name(player), player) for player in range(state.players)]
    prompt = {"player": state.name(seat), "card": move.card, "slot": move.slot + 1}
    return _question(mt.GAME_ID, "mt-trick", state, move, prompt, choices, trick.winner, explanation, rules)


def _finishing_moves(state, seat: int) -> list:
    if state.phase != "play" or sum(map(len, state.hands)) == 1:  # the round's last card clears the record
        return []
    return [move for move in state.legal_moves() if len(state.tricks[move.slot]) == 3]


def mt_vp(rng: random.Random) -> Question:
    """Which VP card is active? (rule mt.vp-cycle) Each place is the answer equally often
    (left would be most of them: first tricks are the commonest)."""
    wanted = rng.randrange(3)
    state, _, seat = pick(mt.GAME_ID, rng, lambda state, _: state.phase == "play" and [
        seat for seat in range(state.players) if state.won[seat] and state.active_vp_position(seat) == wanted])
    order, won = state.vp_order[seat], state.won[seat]
    answer = state.active_vp_position(seat)
    places = [msg(f"quiz.mt-vp.place.{place}") for place in ("left", "middle", "right")]
    choices = [(msg("quiz.mt-vp.choice", place=places[index], value=order[index]), index) for index in range(3)]
    explanation = [msg("quiz.mt-vp.explain", player=state.name(seat), won=won, place=places[answer],
                       value=order[answer])]
    prompt = {"player": state.name(seat), "left": order[0], "middle": order[1], "right": order[2], "won": won}
    return _question(mt.GAME_ID, "mt-vp", state, seat, prompt, choices, answer, explanation, ["mt.vp-cycle"])


# ------------------------------------------------------------------ Danger 13
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
    return _question(d13.GAME_ID, "d13-bust", state, move, prompt, choices, answer, explanation, rules)


# ------------------------------------------------------------------ Thricewise
def score(state, move) -> int:
    """What ``move`` would score, by the engine's own triad count (``push`` uses it too)."""
    grid = dict(state.grid)
    grid[move.cell] = move.card
    return sum(points for _, _, points, _ in tw.triads_at(grid, move.cell, state.options))


def tw_score(rng: random.Random) -> Question:
    """What does this card score? Half the questions are asked where it scores."""
    want_points = rng.random() < 0.5

    def places(state, seat):
        return [move for move in seat_moves(state, seat) if isinstance(move, tw.Place)
                and (score(state, move) > 0) == want_points] if state.phase == "place" else []

    state, seat, move = pick(tw.GAME_ID, rng, places)


    after = state.clone()
    after.push(move)
    triads = after.triads[len(state.triads):]
    answer = sum(triad.points for triad in triads)
    if triads:
        explanation = [msg("quiz.tw-score.triads", triads="; ".join(triad.describe() for triad in triads),
                           points=answer)]
        rules = ["tw.triad", *(f"tw.{triad.kind}" for triad in triads), "tw.value"]
    else:
        explanation, rules = [msg("quiz.tw-score.none", card=move.card, cell=move.cell)], ["tw.triad"]
    guesses = [0, answer + 2, max(answer - 2, 0), answer * 2, move.card.rank, answer + move.card.rank, 1, 3]
    wrong = [guess for guess in dict.fromkeys(guesses) if guess != answer][:3]
    choices = [(str(points), points) for points in sorted([answer, *wrong])]
    prompt = {"player": state.name(seat), "card": move.card, "col": move.cell.col, "row": move.cell.row}
    return _question(tw.GAME_ID, "tw-score", state, move, prompt, choices, answer, explanation, rules)


MAKERS: dict[str, tuple[Callable[[random.Random], Question], ...]] = {
    mt.GAME_ID: (mt_where, mt_trick, mt_vp),
    d13.GAME_ID: (d13_bust,),
    tw.GAME_ID: (tw_score,),
}
