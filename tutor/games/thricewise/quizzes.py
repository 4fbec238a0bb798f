"""Thricewise quiz questions, from positions of seeded bot games."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tutor.bots import seat_moves
from tutor.games import thricewise as tw
from tutor.games.decktet import Card
from tutor.games.thricewise.words import placement_said, where
from tutor.messages import listed, msg
from tutor.quizzes import CHOICES, Question, below, make_question, numbers, pick


def scorable(points: int) -> bool:
    """Whether a placed card can score ``points``: triads are worth 0 or 2 to 9 each,
    so every total but 1 can happen."""
    return points != 1


def tw_score(rng: random.Random) -> Question:
    """What does this card score? The answer takes each place among the choices as
    often; when it is first, half the time it is 0. Every choice is a score a card can
    make."""
    place = rng.randrange(CHOICES)
    zero = place == 0 and rng.random() < 0.5
    as_rank = rng.random() < 0.15  # else "the card's number" would be right a third of the time

    def places(state: tw.State, seat: int) -> list[tw.Place]:
        return (
            [
                move
                for move in seat_moves(state, seat)
                if isinstance(move, tw.Place)
                and (state.points_for(move) == 0) == zero
                and (zero or (state.points_for(move) == move.card.rank) == as_rank)
                and below(state.points_for(move), scorable) >= place
            ]
            if state.phase == "place"
            else []
        )

    state, seat, move = pick(tw.GAME, rng, places)
    answer, explanation, rules = placement_said(state, move)
    slips = [
        0,
        answer + 2,
        answer - 2,
        answer * 2,
        answer + move.card.rank,
    ]  # not the rank: "the card's number" would pay
    choices = numbers(answer, slips, scorable, place)
    prompt = {"player": state.name(seat), "card": move.card, "where": where(state.grid, move.cell)}
    return make_question(tw.GAME_ID, "tw-score", state, move, prompt, choices, answer, explanation, list(rules))


def _last_picks(tie: bool) -> Callable[[tw.State, int], list[tw.Pick]]:
    """Candidates: the last choice of a turn, where the turned-up cards do (or do not) tie."""

    def picks(state: tw.State, _: int) -> list[tw.Pick]:
        if state.phase != "pick" or len(state.pending()) != 1:
            return []
        chosen = [card for card in state.picks if card is not None]
        return [
            move
            for move in state.legal_moves()
            if isinstance(move, tw.Pick) and any(card.rank == move.card.rank for card in chosen) == tie
        ]

    return picks


def _revealed(state: tw.State, move: tw.Pick) -> tw.State:
    """The position once ``move``, the turn's last choice, turns every card up."""
    after = state.clone()
    after.push(move)
    return after


def _face_up(after: tw.State) -> tuple[Card, ...]:
    """The cards turned up, by seat: every seat's once the turn's last choice is made."""
    return tuple(card for card in after.revealed if card is not None)


def _rank(card: Card) -> str:
    return msg(f"quiz.tw-rank.{card.rank}") if card.rank in (1, 10) else str(card.rank)


def shown_key(prefix: str, card: Card) -> str:
    """A turned-up card with its rank beside it, but an Ace, whose name says it."""
    return f"{prefix}.shown-ace" if card.rank == 1 else f"{prefix}.shown"


def _shown(state: tw.State, after: tw.State) -> str:
    return listed(
        [
            msg(shown_key("quiz.tw-tie", card), player=state.name(seat), card=card, rank=_rank(card))
            for seat, card in enumerate(_face_up(after))
        ]
    )


def _cards(cards: Sequence[Card]) -> str:
    return _cards_or(cards, "quiz.tw-tie.none")


def _cards_or(cards: Sequence[Card], none: str) -> str:
    """The cards in words, or the message ``none`` when there are none."""
    return listed([msg("tw.the-card", card=card) for card in cards]) if cards else msg(none)


def tw_tie(rng: random.Random) -> Question:
    """Which turned-up cards are set aside? (rule tw.tie) Three questions in five have a
    tie, so that "none" is not the answer to bet on."""
    state, seat, move = pick(tw.GAME, rng, _last_picks(rng.random() < 0.6))
    after = _revealed(state, move)
    revealed = _face_up(after)
    answer = tuple(sorted(revealed[seat] for seat in after.tied))
    guesses = [
        (),
        tuple(sorted(revealed)),
        *(tuple(sorted((revealed[a], revealed[b]))) for a in range(len(revealed)) for b in range(a + 1, len(revealed))),
    ]
    wrong = [guess for guess in dict.fromkeys(guesses) if guess != answer]
    rng.shuffle(wrong)
    choices = [(_cards(cards), cards) for cards in [answer, *wrong[:3]]]
    rng.shuffle(choices)
    if answer:
        groups = [[card for card in answer if card.rank == rank] for rank in sorted({card.rank for card in answer})]
        explanation = [msg("quiz.tw-tie.tied", cards=_cards(group), rank=_rank(group[0])) for group in groups]
    else:
        explanation = [msg("quiz.tw-tie.no-tie")]
    prompt = {"player": state.name(seat), "card": move.card, "shown": _shown(state, after)}
    return make_question(tw.GAME_ID, "tw-tie", state, move, prompt, choices, answer, explanation, ["tw.tie"])


def tw_order(rng: random.Random) -> Question:
    """Who places first once the cards are turned up? (rules tw.order, tw.tie) A third of
    the questions have a tie, which takes the lowest card out of the running."""
    tie = rng.random() < 0.34

    def picks(state: tw.State, seat: int) -> list[tw.Pick]:
        return [move for move in _last_picks(tie)(state, seat) if _revealed(state, move).order]

    state, seat, move = pick(tw.GAME, rng, picks)
    after = _revealed(state, move)
    first = after.order[0]
    card = _face_up(after)[first]
    explanation = []
    rules = ["tw.order"]
    if after.tied:
        explanation.append(msg("quiz.tw-order.tied", cards=_cards([_face_up(after)[other] for other in after.tied])))
        rules.append("tw.tie")
    explanation.append(msg("quiz.tw-order.lowest", card=card, rank=_rank(card), player=after.name(first)))
    choices = [(state.name(other), other) for other in range(state.players)]
    prompt = {"player": state.name(seat), "card": move.card, "shown": _shown(state, after)}
    return make_question(tw.GAME_ID, "tw-order", state, move, prompt, choices, first, explanation, rules)


def _touching(state: tw.State) -> set[tuple[int, int]]:
    """The empty cells that touch a card of the grid, by a side or a corner."""
    return {(col + dc, row + dr) for col, row in state.grid for dc, dr in tw.NEIGHBOURS} - set(state.grid)


def _by_a_side(state: tw.State, cell: tuple[int, int]) -> bool:
    col, row = cell
    return any((col + dc, row + dr) in state.grid for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def tw_cell(rng: random.Random) -> Question:
    """May the card go on the marked place? (rules tw.adjacency, tw.bounds) Asked only
    about places that touch the grid from outside (a hole among the cards is always
    allowed, so being inside would give the answer), with the board's size, walls and
    crossed-out places hidden: half are not allowed (the grid would grow past six), a
    quarter are allowed and touch a card only by a corner."""
    case = rng.choice(("past-six", "past-six", "side", "corner"))

    def places(state: tw.State, seat: int) -> list[tw.Place]:
        if state.phase != "place" or not state.placeable():
            return []
        allowed = set(state.open_cells())
        low_col, high_col, low_row, high_row = state.span
        outside = [
            (col, row)
            for col, row in _touching(state)
            if not (low_col <= col <= high_col and low_row <= row <= high_row)
        ]
        cells = [
            cell
            for cell in outside
            if (cell in allowed) == (case != "past-six")
            and (case == "past-six" or _by_a_side(state, cell) == (case == "side"))
        ]
        return [tw.Place(state.placeable()[0], tw.Cell(*cell)) for cell in cells]

    state, seat, move = pick(tw.GAME, rng, places)
    card, cell = move
    reason = state.why_not(move)
    if reason is None:
        explanation = [msg("quiz.tw-cell.allowed")]
        if not _by_a_side(state, cell):
            explanation.append(msg("quiz.tw-cell.corner"))
        rules = ["tw.adjacency", "tw.bounds"]
    else:
        explanation, rules = [str(reason)], [reason.rule, "tw.adjacency"]
    choices = [(msg("quiz.yes"), True), (msg("quiz.no"), False)]
    prompt = {"player": state.name(seat), "card": card, "where": where(state.grid, cell)}
    return make_question(
        tw.GAME_ID, "tw-cell", state, move, prompt, choices, reason is None, explanation, rules, conceals=("bounds",)
    )


def _placed_to_the_end(after: tw.State) -> tuple[Card, ...]:
    """Every card the engine still lets someone put down once the last turn's cards are
    turned up: the turn played out, each placer putting down what ``placeable`` offers."""
    probe, placed = after.clone(), []
    while probe.phase == "place":
        cards = probe.placeable()
        placed += cards
        for card in cards:
            probe.push(tw.Place(card, probe.open_cells()[0]))
        if probe.phase == "place" and probe.current_placed:
            probe.push(tw.Done())
    return tuple(sorted(placed))


def tw_last(rng: random.Random) -> Question:
    """The last turn: which cards still go on the grid? (rules tw.last-turn, tw.tie,
    tw.deferred) Asked only when the rule changes the answer: 2 questions in 10 have a
    tie among the turned-up cards (where "as on any turn" is right too), 4 cards set aside
    on earlier turns, 4 both. A wrong list shorter than the answer and one as long are
    among the choices where there are any: the answer is often short, as cards drop out."""
    case = rng.choices(("tie", "aside", "both"), weights=(2, 4, 4))[0]

    def picks(state: tw.State, seat: int) -> list[tw.Pick]:
        if not state.last_turn or any(state.deferred) != (case != "tie"):
            return []
        return _last_picks(case != "aside")(state, seat)

    state, seat, move = pick(tw.GAME, rng, picks)
    after = _revealed(state, move)
    answer = _placed_to_the_end(after)
    turned_up = _face_up(after)
    tied = tuple(_face_up(after)[other] for other in after.tied)
    earlier = tuple(card for cards in state.deferred for card in cards)  # set aside before this turn
    misreadings = [
        turned_up,  # every card turned up goes down
        (*answer, *earlier),  # as on any other turn: set-aside cards may join their owner's card
        (*turned_up, *earlier),  # everything in front of the players goes down at the end
        earlier,
        tied,
        (),
    ]
    wrong = [cards for cards in dict.fromkeys(tuple(sorted(cards)) for cards in misreadings) if cards != answer]
    rng.shuffle(wrong)
    singles = [(card,) for card in turned_up if (card,) not in (answer, *wrong)]
    rng.shuffle(singles)
    pool = [*wrong, *singles]
    # one wrong list shorter than the answer and one as long where there are any: the answer
    # is often short (cards drop out), so "the shortest list" would pay
    shorter = [cards for cards in pool if len(cards) < len(answer)][:1]
    as_long = [cards for cards in pool if len(cards) == len(answer)][:1]
    picked = [*shorter, *as_long, *(cards for cards in pool if cards not in (*shorter, *as_long))][:3]
    choices = [(_cards_or(cards, "quiz.tw-last.none"), cards) for cards in [answer, *picked]]
    rng.shuffle(choices)
    explanation = [msg("quiz.tw-last.last")]
    rules = ["tw.last-turn"]
    if tied:
        explanation.append(msg("quiz.tw-last.tied", cards=_cards(tied)))
        rules.append("tw.tie")
    if earlier:
        explanation.append(msg("quiz.tw-last.earlier"))
        rules.append("tw.deferred")
    placed = [msg("tw.the-card", card=card) for card in answer]  # a list: the message says one card or several
    explanation.append(msg("quiz.tw-last.placed", cards=placed) if answer else msg("quiz.tw-last.nothing"))
    aside = msg("quiz.tw-last.aside", cards=_cards(earlier)) + " " if earlier else ""
    prompt = {"player": state.name(seat), "card": move.card, "shown": _shown(state, after), "aside": aside}
    return make_question(tw.GAME_ID, "tw-last", state, move, prompt, choices, answer, explanation, rules)


MAKERS = (tw_score, tw_tie, tw_order, tw_cell, tw_last)
