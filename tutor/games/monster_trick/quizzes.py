"""Monster Trick quiz questions, from positions of seeded bot games."""

from __future__ import annotations

import random

from tutor.core import Reason
from tutor.games import monster_trick as mt
from tutor.messages import listed, msg
from tutor.quizzes import Question, make_question, pick


def mt_where(rng: random.Random) -> Question:
    """Where may this card go? (rules mt.open, mt.follow, mt.off-colour)"""
    state, seat, card = pick(mt.GAME, rng, lambda state, seat: state.phase == "play" and state.hands[seat])
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
    explanation, rules = _where_explained(state, card, reasons)
    choices = [(_slots_text(slots), slots) for slots in [answer, *wrong]]
    rng.shuffle(choices)
    return make_question(
        mt.GAME_ID,
        "mt-where",
        state,
        card,
        {"player": state.name(seat), "card": card},
        choices,
        answer,
        explanation,
        rules,
    )


def _where_explained(state: mt.State, card: mt.Card, reasons: list[Reason | None]) -> tuple[list[str], list[str]]:
    """Slot by slot, why the card may go there (a new trick, its colour, off colour) or the
    engine's reason why not; and the rule of each."""
    explanation, rules = [], []
    refused = _refusals_by_reason(reasons)
    for slot, reason in enumerate(reasons):
        if reason is not None:
            slots = refused[_same_refusal(reason)]
            if slot == slots[0]:  # one sentence for every slot refused for the same reason
                rules.append(reason.rule)
                explanation.append(_refusal(reason, slots))
            continue
        colour = state.colour[slot]
        case = "free" if colour is None else "follow" if colour == card.colour else "off-colour"
        rules.append({"free": "mt.open", "follow": "mt.follow", "off-colour": "mt.off-colour"}[case])
        if case == "off-colour":  # then every slot is: one sentence says it for the four
            return [msg("quiz.mt-where.off-colour", card=card, colour=msg(f"mt.colour.{card.colour}"))], rules[:1]
        explanation.append(
            msg(f"quiz.mt-where.{case}", slot=slot + 1, card=card, colour=msg(f"mt.colour.{colour or card.colour}"))
        )
    return explanation, rules


def _same_refusal(reason: Reason) -> tuple:
    """What a refusal says apart from the slot it refuses: slots refused alike share it."""
    return (
        reason.key,
        *(str(value) for name, value in sorted(reason.params.items()) if name not in ("slot", "trick_colour")),
    )


def _refusals_by_reason(reasons: list[Reason | None]) -> dict[tuple, list[int]]:
    refused: dict[tuple, list[int]] = {}
    for slot, reason in enumerate(reasons):
        if reason is not None:
            refused.setdefault(_same_refusal(reason), []).append(slot)
    return refused


def _refusal(reason: Reason, slots: list[int]) -> str:
    """ "Slot 1: no. <why>" for one slot; for several refused for the same reason, the reason once."""
    if len(slots) == 1 or reason.key not in ("mt.why.follow", "mt.why.off-colour-free"):
        return " ".join(msg("quiz.mt-where.refused", slot=slot + 1, reason=reason) for slot in slots)
    why = {"mt.why.follow": "quiz.mt-where.must-follow", "mt.why.off-colour-free": "quiz.mt-where.must-open"}
    reason_text = msg(why[reason.key], **{name: str(value) for name, value in reason.params.items()})
    return msg("quiz.mt-where.refused-many", slots=listed([str(slot + 1) for slot in slots]), reason=reason_text)


def _slots_text(slots: tuple[int, ...]) -> str:
    if len(slots) == mt.SLOTS:
        return msg("quiz.mt-where.all")
    if len(slots) == 1:
        return msg("quiz.mt-where.one", slot=slots[0] + 1)
    return msg("quiz.mt-where.some", slots=listed([str(slot + 1) for slot in slots]))


def mt_trick(rng: random.Random) -> Question:
    """Who wins this trick? The move shown lays a trick's 4th card (rules mt.claim,
    mt.complete). The markers are hidden: they would name the answer. Three questions in
    four have a card of another player's, of another colour, bigger than the winner's, and
    the opener wins only a third of them, so neither "the biggest number" nor "who opened" gives the answer."""
    want_bigger_other = rng.random() < 0.75
    want_opener = rng.random() < 1 / 3

    def moves(state: mt.State, seat: int) -> list[mt.Play]:
        return [
            move
            for move in _finishing_moves(state, seat)
            if bigger_off_colour(state, move) == want_bigger_other
            and (trick_after(state, move).winner == state.tricks[move.slot][0][0]) == want_opener
        ]

    state, seat, move = pick(mt.GAME, rng, moves)
    trick = trick_after(state, move)
    explanation = trick_why(state, trick)
    rules = ["mt.claim", "mt.complete"] + (["mt.off-colour"] if len(explanation) > 1 else [])
    choices = [(state.name(player), player) for player in range(state.players)]
    prompt = {"player": state.name(seat), "card": move.card, "slot": move.slot + 1}
    return make_question(
        mt.GAME_ID, "mt-trick", state, move, prompt, choices, trick.winner, explanation, rules, conceals=("claims",)
    )


def trick_why(state: mt.State, trick: mt.CompletedTrick) -> list[str]:
    """Why ``trick`` went to its winner: the highest card of the opening colour; then, in one
    sentence, the higher cards of other colours that could never claim it (quiz and drill)."""
    colour = trick.cards[0][1].colour
    best = max((card for _, card in trick.cards if card.colour == colour), key=lambda card: card.value)
    named = msg(f"mt.colour.{colour}")
    why = [msg("quiz.mt-trick.claim", colour=named, card=best, player=state.name(trick.winner), number=trick.number)]
    higher = [
        msg("quiz.mt-trick.held", card=card, player=state.name(player))
        for player, card in trick.cards
        if card.colour != colour and card.value > best.value and player != trick.winner
    ]
    if higher:
        why.append(msg("quiz.mt-trick.off-colour", cards=higher))
    return why


def trick_after(state: mt.State, move: mt.Play) -> mt.CompletedTrick:
    """The trick ``move`` completes, as the engine records it."""
    after = state.clone()
    after.push(move)
    return after.completed[-1]


def bigger_off_colour(state: mt.State, move: mt.Play) -> bool:
    """Whether the biggest number on the trick ``move`` completes belongs to someone else than
    its winner: a card of another colour than the first card, bigger than them all (a player
    may lay several cards on one trick). Quiz and drill alike."""
    trick = trick_after(state, move)
    biggest = max(card.value for _, card in trick.cards)
    return trick.winner not in {player for player, card in trick.cards if card.value == biggest}


def _finishing_moves(state: mt.State, seat: int) -> list[mt.Play]:
    if state.phase != "play" or sum(map(len, state.hands)) == 1:  # the round's last card clears the record
        return []
    return [move for move in state.legal_moves() if isinstance(move, mt.Play) and len(state.tricks[move.slot]) == 3]


def mt_vp(rng: random.Random) -> Question:
    """Which VP card is active? (rule mt.vp-cycle) Each place is the answer equally often
    (left would be most of them: first tricks are the commonest), and nine questions in
    ten are about a player with more than three tricks, where the count starts again from
    the left: below four, "the N-th card for N tricks" needs no rule but counting."""
    wanted, past_three = rng.randrange(3), rng.random() < 0.9
    state, _, seat = pick(
        mt.GAME,
        rng,
        lambda state, _: (
            state.phase == "play"
            and [
                seat
                for seat in range(state.players)
                if state.won[seat] and state.active_vp_position(seat) == wanted and (state.won[seat] > 3) == past_three
            ]
        ),
    )
    order, won = state.vp_order[seat], state.won[seat]
    answer = state.active_vp_position(seat)
    places = [msg(f"quiz.mt-vp.place.{place}") for place in ("left", "middle", "right")]
    choices = [(msg("quiz.mt-vp.choice", place=places[index], value=order[index]), index) for index in range(3)]
    explanation = [
        msg("quiz.mt-vp.explain", player=state.name(seat), won=won, place=places[answer], value=order[answer])
    ]
    prompt = {"player": state.name(seat), "left": order[0], "middle": order[1], "right": order[2], "won": won}
    return make_question(
        mt.GAME_ID, "mt-vp", state, seat, prompt, choices, answer, explanation, ["mt.vp-cycle"], conceals=("active-vp",)
    )  # the face-up VP card is the answer


def _last_cards(state: mt.State, seat: int) -> list[mt.Play]:
    """The round's last card, where it does not finish a trick (so what each player has
    won is what the board shows)."""
    if state.phase != "play" or sum(map(len, state.hands)) != 1:
        return []
    return [move for move in state.legal_moves() if isinstance(move, mt.Play) and len(state.tricks[move.slot]) < 3]


def mt_score(rng: random.Random) -> Question:
    """The round's last card is played: how many points does a player score this round?
    (rules mt.round-end, mt.vp-cycle) The choices are 0 and the player's three VP cards.
    One question in eight is about a player with no trick (the trick count, 0, is then
    the answer); the others are spread evenly over the smallest, middle and biggest VP
    card and over the left, middle and right place, and nine in ten are about a player
    with more than three tricks, whose count starts again from the left card (below four,
    "the N-th card for N tricks" needs no rule but counting)."""
    nothing = rng.random() < 1 / 8
    rank, position, past_three = rng.randrange(3), rng.randrange(3), rng.random() < 0.9

    def scores_as_wanted(state: mt.State, seat: int) -> bool:
        won = state.won[seat]
        if nothing or not won:
            return nothing and not won
        order = state.vp_order[seat]
        assert order is not None  # VP cards are ordered before any trick is won
        return (
            state.active_vp(seat) != won  # else the trick count on the board names the score
            and state.active_vp_position(seat) == position
            and sorted(order).index(order[position]) == rank
            and (won > 3) == past_three
        )

    def asked(state: mt.State, seat: int) -> list[tuple[mt.Play, int]]:
        return [
            (move, other)
            for move in _last_cards(state, seat)
            for other in range(state.players)
            if scores_as_wanted(state, other)
        ]

    state, mover, (move, seat) = pick(mt.GAME, rng, asked)
    after = state.clone()
    after.push(move)
    answer = after.round_scores[-1][seat]
    order, won, player = state.vp_order[seat], state.won[seat], state.name(seat)
    if won:
        position = state.active_vp_position(seat)
        place_word = msg(f"quiz.mt-vp.place.{('left', 'middle', 'right')[position]}")
        explanation = [
            msg("quiz.mt-vp.explain", player=player, won=won, place=place_word, value=order[position]),
            msg("quiz.mt-score.scores", player=player, points=answer),
        ]
    else:
        explanation = [msg("quiz.mt-score.none", player=player)]
    if seat in state.claim:
        explanation.append(msg("quiz.mt-score.open", player=player))
    choices = [(str(points), points) for points in sorted({0, *order})]
    prompt = {
        "mover": state.name(mover),
        "card": move.card,
        "player": player,
        "left": order[0],
        "middle": order[1],
        "right": order[2],
        "won": won,
    }
    return make_question(
        mt.GAME_ID,
        "mt-score",
        state,
        move,
        prompt,
        choices,
        answer,
        explanation,
        ["mt.round-end", "mt.vp-cycle"],
        marks=(player,),
        conceals=("active-vp",),
    )


def mt_lead(rng: random.Random) -> Question:
    """A trick is finished: who plays next? (rules mt.turn, mt.complete) Winning does not
    change the order. Asked at three players or more, the choices being everyone but the
    player who finished the trick (at two, the other player would always be right); the
    winner sits at each place round the table as often, so that neither "the winner" nor
    "the player after the winner" nor "a player the question does not name" beats a blind pick."""
    place = rng.random()  # the winner's place after the mover, as a share of the table

    def moves(state: mt.State, seat: int) -> list[mt.Play]:
        if state.players < 3:
            return []
        wanted = int(place * state.players)
        return [
            move
            for move in _finishing_moves(state, seat)
            if (trick_after(state, move).winner - seat) % state.players == wanted
        ]

    state, seat, move = pick(mt.GAME, rng, moves)
    after = state.clone()
    after.push(move)
    winner, answer = after.completed[-1].winner, after.to_move
    explanation = [msg("quiz.mt-lead.order", player=state.name(seat), next=state.name(answer))]
    if winner != answer:
        explanation.append(msg("quiz.mt-lead.winner", winner=state.name(winner)))
    choices = [(state.name(player), player) for player in range(state.players) if player != seat]
    rng.shuffle(choices)  # in table order, the answer's place would follow the mover's
    prompt = {"player": state.name(seat), "card": move.card, "slot": move.slot + 1, "winner": state.name(winner)}
    return make_question(
        mt.GAME_ID, "mt-lead", state, move, prompt, choices, answer, explanation, ["mt.turn", "mt.complete"]
    )


MAKERS = (mt_where, mt_trick, mt_vp, mt_score, mt_lead)
