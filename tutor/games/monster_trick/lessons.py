"""Lesson positions and the checks a lesson may state (docs/lessons.md)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tutor import schema
from tutor.core import NotationError, PositionError, mismatch
from tutor.games.common import (
    Check,
    check_illegal,
    check_position,
    check_seat,
    check_seat_list,
    check_to_move,
    check_value,
    fact_per_seat,
    fact_turn,
)
from tutor.games.monster_trick.rules import (
    GAME_ID,
    HAND_SIZE,
    ROUNDS,
    SLOTS,
    TOP_VALUE,
    TRICK_SIZE,
    VP_SETS,
    Card,
    Move,
    Play,
    Predict,
    State,
    deck,
    hand_order,
    parse_card,
    parse_move,
)
from tutor.messages import either, listed, msg
from tutor.seats import SeatLookup

if TYPE_CHECKING:  # tutor.lessons reads this module through the registry
    from tutor.lessons import Moment

POSITION = {
    "round": schema.whole(1, ROUNDS),
    "starter": schema.line,
    "to_move": schema.line,
    "tricks": schema.fields,
    "hands": schema.fields,
    "vp": schema.fields,
    "won": schema.fields,
    "scores": schema.fields,
}


def lesson_state(
    players: int, position: dict, options: dict | None = None, seed: int = 0, seat_names: list[str] | None = None
) -> State:
    """A mid-round position described by a lesson (format in docs/lessons.md).

    Hands not listed are filled from the unseen cards, deterministically from ``seed``,
    so that hand sizes fit the turn order."""
    check_position(position, POSITION)
    state = State(players, seed, options, seat_names=seat_names)
    seats = SeatLookup(state.seat_names)
    state.round = position.get("round", 1)
    if state.round not in VP_SETS:
        raise PositionError(msg("mt.error.round", round=state.round))
    state.to_move = seats.index(position.get("to_move", state.seat_names[0]))
    state.starter = state.first_player = seats.index(position.get("starter", state.name(state.to_move)))
    table = _Table(state, seats)
    for field, lay in _LAYERS:  # in this order: hands are filled around the cards on the table
        lay(table, position.get(field) or {})
    table.settle()
    _check_tricks_won(state)
    state.round_scores = _scores(state, position.get("scores") or {}, seats)
    # how many tricks each player won in the rounds before the position: not described
    state.round_tricks = ((None,) * players,) * (state.round - 1)
    state.phase = "play" if any(state.hands) else "predict"
    return state


def _check_tricks_won(state: State) -> None:
    """The counters add up: every card played this round is on the table or in a finished
    trick of 4 cards, each finished trick was won by one player, and nobody has more cards
    on the table than they have played."""
    for seat in range(state.players):
        on_table = sum(1 for trick in state.tricks for player, _ in trick if player == seat)
        if on_table > HAND_SIZE - len(state.hands[seat]):
            raise PositionError(
                msg(
                    "mt.error.table-more-than-played",
                    player=state.name(seat),
                    table=on_table,
                    played=HAND_SIZE - len(state.hands[seat]),
                )
            )
    played = state.players * HAND_SIZE - sum(map(len, state.hands))
    table = sum(map(len, state.tricks))
    gone = played - table
    if gone % TRICK_SIZE:
        raise PositionError(msg("mt.error.cards-gone", played=played, table=table, gone=gone, size=TRICK_SIZE))
    finished = gone // TRICK_SIZE
    if sum(state.won) != finished:
        raise PositionError(
            msg("mt.error.won-total", won=sum(state.won), finished=finished, played=played, table=table)
        )


class _Table:
    """The round's table while a lesson describes it, in lists, one method per position field;
    ``settle`` puts it into the tuples a State keeps."""

    def __init__(self, state: State, seats: SeatLookup):
        self.state, self.seats = state, seats
        players = state.players
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.tricks: list[list[tuple[int, Card]]] = [[] for _ in range(SLOTS)]
        self.colour: list[str | None] = [None] * SLOTS
        self.best: list[tuple[int, int] | None] = [None] * SLOTS
        self.vp_order: list[tuple[int, ...] | None] = [None] * players
        self.won = [0] * players
        self.placed: dict[Card, str] = {}  # where each card named so far lies, for "named twice"

    def take(self, text: str, where: str) -> Card:
        card = parse_card(text, self.state.players)
        if card in self.placed:
            raise PositionError(msg("mt.error.card-twice", card=card, first=self.placed[card], second=where))
        self.placed[card] = where
        return card

    def lay_tricks(self, tricks: dict) -> None:
        for slot_text, entries in tricks.items():
            slot = int(slot_text) - 1
            if not 0 <= slot < SLOTS:
                raise PositionError(msg("mt.error.no-slot", slot=slot_text))
            entries = list(entries or [])
            if len(entries) >= TRICK_SIZE:
                raise PositionError(msg("mt.error.too-many-cards", slot=slot + 1, count=len(entries)))
            for entry in entries:
                seat_text, _, card_text = str(entry).partition(":")
                if not card_text:
                    raise NotationError(msg("mt.error.trick-entry", text=entry))
                seat = self.seats.index(seat_text.strip())
                self.tricks[slot].append((seat, self.take(card_text.strip(), msg("mt.slot", slot=slot + 1))))
            self.claim(slot)

    def deal_hands(self, hands: dict) -> None:
        state, listed = self.state, {}
        for seat_text, cards in hands.items():
            seat = self.seats.index(seat_text)
            listed[seat] = [self.take(text, state.name(seat)) for text in cards or []]
            if len(listed[seat]) > HAND_SIZE:
                raise PositionError(msg("mt.error.hand-too-big", player=state.name(seat), count=len(listed[seat])))
        _fill_hands(state, self.hands, listed, self.placed, random.Random(f"{GAME_ID}:lesson:{state.seed}"))

    def lay_vp(self, orders: dict) -> None:
        state = self.state
        for seat_text, order in orders.items():
            seat = self.seats.index(seat_text)
            if sorted(order) != sorted(VP_SETS[state.round]):
                raise PositionError(str(state.why_not(Predict(tuple(order)))))
            self.vp_order[seat] = tuple(order)
        self.vp_order = [order or VP_SETS[state.round] for order in self.vp_order]

    def count_won(self, won: dict) -> None:
        for seat_text, count in won.items():
            seat = self.seats.index(seat_text)
            if type(count) is not int or not 0 <= count <= self.state.players * HAND_SIZE // 4:
                raise PositionError(msg("mt.error.won-too-many", player=self.state.name(seat), count=count))
            self.won[seat] = count

    def claim(self, slot: int) -> None:
        """The opening colour of ``slot`` and the card that claims its trick, from its cards."""
        trick = self.tricks[slot]
        if not trick:
            return
        colour = self.colour[slot] = trick[0][1].colour
        self.best[slot] = max(
            ((seat, card.value) for seat, card in trick if card.colour == colour), key=lambda entry: entry[1]
        )

    def settle(self) -> None:
        state = self.state
        state.hands = tuple(map(tuple, self.hands))
        state.tricks = tuple(map(tuple, self.tricks))
        state.colour, state.best = tuple(self.colour), tuple(self.best)
        state.vp_order, state.won = tuple(self.vp_order), tuple(self.won)


_LAYERS = (
    ("tricks", _Table.lay_tricks),
    ("hands", _Table.deal_hands),
    ("vp", _Table.lay_vp),
    ("won", _Table.count_won),
)


def _fill_hands(
    state: State, hands: list[list[Card]], listed: dict[int, list[Card]], placed: dict, rng: random.Random
) -> None:
    """Give unlisted seats unseen cards so that, from the mover round the table,
    each hand is as big as the one before or one smaller (turn order)."""
    mover = state.to_move
    size = len(listed[mover]) if mover in listed else max((len(h) for h in listed.values()), default=HAND_SIZE)
    unseen = [card for card in deck(state.players) if card not in placed]
    rng.shuffle(unseen)
    order = [(mover + k) % state.players for k in range(state.players)]
    starter_at = order.index(state.starter) if state.starter != mover else state.players
    for position, seat in enumerate(order):
        if seat in listed:
            hands[seat] = sorted(listed[seat], key=hand_order)
            continue
        wanted = size if position < starter_at else size - 1
        if wanted > len(unseen):
            raise PositionError(msg("mt.error.not-enough-cards"))
        hands[seat] = sorted((unseen.pop() for _ in range(max(wanted, 0))), key=hand_order)
    sizes = [len(hands[seat]) for seat in order]
    if any(b > a for a, b in itertools.pairwise(sizes)) or max(sizes) - min(sizes) > 1:
        raise PositionError(
            msg(
                "mt.error.hand-sizes",
                player=state.name(mover),
                sizes=", ".join(f"{state.name(s)} {len(hands[s])}" for s in order),
            )
        )


def _scores(state: State, scores: dict, seats: SeatLookup) -> tuple[tuple[int, ...], ...]:
    """The scores of the rounds before the position, per round and seat (0 where not given)."""
    rounds = [[0] * state.players for _ in range(state.round - 1)]
    for seat_text, values in scores.items():
        seat = seats.index(seat_text)
        values = list(values or [])
        if len(values) != state.round - 1:
            raise PositionError(msg("mt.error.scores-length", player=state.name(seat), rounds=state.round - 1))
        for number, value in enumerate(values, start=1):
            if value not in (0, *VP_SETS[number]):
                raise PositionError(
                    msg(
                        "mt.error.score-value",
                        player=state.name(seat),
                        score=value,
                        round=number,
                        values=listed([str(value) for value in (0, *VP_SETS[number])]),
                    )
                )
            rounds[number - 1][seat] = value
    return tuple(map(tuple, rounds))


def _check_legal_slots(state: State, expected: dict | list) -> str | None:
    """{card, slots}, or a list of them: where each card may go now."""
    for entry in expected if isinstance(expected, list) else [expected]:
        card = parse_card(entry["card"], state.players)
        found = [slot + 1 for slot in state.slots_for(card)]
        wanted = sorted(entry["slots"])
        if found != wanted:
            return mismatch("legal_slots", f"{card}: {wanted}", f"{card}: {found}")
    return None


def _check_claim(state: State, expected: dict) -> str | None:
    slot = int(expected["slot"]) - 1
    holder = state.claim[slot]
    found = state.name(holder) if holder is not None else msg("mt.check.empty-slot", slot=slot + 1)
    wanted = SeatLookup(state.seat_names).shown(expected["player"])
    return None if found.lower() == wanted.lower() else mismatch("claim", wanted, found)


def _per_seat(name: str, read: Callable[[State, int], object]) -> Check:
    """A check of the form {seat: value, ...} against ``read(state, seat)``."""

    def check(state: State, expected: dict) -> str | None:
        seats = SeatLookup(state.seat_names)
        for seat_text, wanted in expected.items():
            found = read(state, seats.index(seat_text))
            if found != wanted:
                return mismatch(name, f"{seat_text}: {wanted}", f"{seat_text}: {found}")
        return None

    return check


def _check_deck(state: State, expected: dict) -> str | None:
    """{cards, highest}: how many cards the deck holds at this player count (rule mt.deck),
    and its highest value."""
    found = {"cards": len(deck(state.players)), "highest": TOP_VALUE[state.players]}
    wanted = {key: expected[key] for key in found if key in expected}
    shown = {key: found[key] for key in wanted}
    return None if shown == wanted and wanted else mismatch("deck", wanted or expected, found)


def _per_round(name: str, rounds: Callable[[State], Sequence[Sequence[object]]]) -> Check:
    """A check of the form {seat: [value of round 1, round 2, ...]} over the finished rounds;
    a round before the lesson's position whose value the position does not give reads '?'."""

    def read(state: State, seat: int) -> list:
        return ["?" if values[seat] is None else values[seat] for values in rounds(state)]

    return _per_seat(name, read)


def _winner_chose_starter(before: State, after: State) -> bool:
    """Variant mt.start-player-variant and note mt.round-winner: in this step a round ended
    and the round's winner decided who starts the next one."""
    return after.options["start_rule"] == "left-of-winner" and after.round > before.round


def unasked(state: State, move: Move, accepted: list) -> str | None:
    """Why an allowed ``move`` is not the answer a try-it step asks for (``accepted``)."""
    wanted = [other for other in accepted if isinstance(other, Play)]
    if not isinstance(move, Play) or not wanted:
        return None
    if move.card not in {other.card for other in wanted}:
        return msg("lesson.unasked.mt-card", card=wanted[0].card)
    slots = either([str(other.slot + 1) for other in wanted if other.card == move.card])
    return msg("lesson.unasked.mt-slot", card=move.card, slot=move.slot + 1, wanted=slots)


def answer_names(_state: State, move: Move, lang: str) -> list[str]:
    """What a try's prompt names when it tells the learner what to click: the card to play,
    in ``lang`` (the slot then follows where the prompt says; a question asks)."""
    return [move.card.label(lang)] if isinstance(move, Play) else []


VIEW_NOTES: tuple[str, ...] = ()  # every note of this game decides an outcome

NOTES = {
    "mt.start-player-variant": _winner_chose_starter,
    "mt.round-winner": _winner_chose_starter,
}


CHECKS = {
    "to_move": check_to_move,
    "legal_slots": _check_legal_slots,
    "claim": _check_claim,
    "trick_winner": check_seat(
        "trick_winner",
        lambda state: state.name(state.completed[-1].winner) if state.completed else msg("mt.check.no-trick"),
    ),
    "tricks_won": _per_seat("tricks_won", lambda state, seat: state.won[seat]),
    "active_vp": _per_seat("active_vp", lambda state, seat: state.active_vp(seat) or 0),
    "totals": _per_seat("totals", lambda state, seat: state.totals()[seat]),
    "round_scores": _per_round("round_scores", lambda state: state.round_scores),
    "round_tricks": _per_round("round_tricks", lambda state: state.round_tricks),
    "hand_sizes": _per_seat("hand_sizes", lambda state, seat: len(state.hands[seat])),
    "deck": _check_deck,
    "illegal": check_illegal(parse_move),
    "round": check_value("round", lambda state: state.round),
    "starter": check_seat("starter", lambda state: state.name(state.starter)),
    "open_tricks": check_value("open_tricks", lambda state: len(state.open_slots())),
    "winners": check_seat_list("winners", State.winners, ordered=False),
    "game_over": check_value("game_over", lambda state: state.is_terminal()),
}


# A guided game's facts ({name} in its texts) and moments (when its tips are said), read
# from what happened since the step before (tutor.lessons.Moment).
def _tricks_won(moment: Moment) -> tuple[int, ...]:
    """Tricks won this round so far, or in the round the step's moves finished."""
    after = moment.after
    return after.round_tricks[-1] if after.round > moment.before.round else after.won


def _trick_winners(moment: Moment) -> list[int]:
    """Who won each trick finished by the step's moves, in order."""
    winners = []
    for _, move, before in moment.moves:
        if isinstance(move, Play) and len(before.tricks[move.slot]) == TRICK_SIZE - 1:
            best = before.best[move.slot]
            claims = best is None or (move.card.colour == before.colour[move.slot] and move.card.value > best[1])
            winners.append(before.to_move if claims else best[0])
    return winners


def _played(moment: Moment) -> str:
    """The cards the other players put down in the step, in words."""
    return listed(
        [
            msg("mt.move.play", card=move.card, slot=move.slot + 1)
            for seat, move, _ in moment.moves
            if isinstance(move, Play) and seat != moment.learner
        ]
    )


def _off_colour_card(state: State, seat: int) -> bool:
    """The learner holds a card that may go on any trick: no trick of its colour, no free slot."""
    return (
        state.to_move == seat
        and not state.free_slots()
        and any(len(state.slots_for(card)) == SLOTS and card.colour not in state.colour for card in state.hands[seat])
    )


FACTS = {
    "played": _played,
    "trick_winner": lambda moment: listed([moment.after.name(seat) for seat in _trick_winners(moment)]),
    "tricks": lambda moment: _tricks_said(_tricks_won(moment)[moment.learner]),
    "active_vp": lambda moment: _score_said(moment.after.active_vp(moment.learner) or 0),
}


def _tricks_said(won: int) -> str:
    """The learner's tricks in words: "2 tricks", "no trick yet"."""
    return msg("mt.guided.tricks", count=won) if won else msg("mt.guided.no-tricks")


def _score_said(value: int) -> str:
    """The learner's score for now, a sentence: the face-up VP card's value, or none turned up."""
    return msg("mt.guided.active-vp", value=value) if value else msg("mt.guided.no-active-vp")


MOMENTS = {
    "trick-won": lambda moment: bool(_trick_winners(moment)),
    "your-trick": lambda moment: moment.learner in _trick_winners(moment),
    "your-fourth-trick": lambda moment: (
        _tricks_won(moment)[moment.learner]
        >= 4
        > (moment.before.won[moment.learner] if moment.before.round == moment.after.round else 0)
    ),
    "table-full": lambda moment: moment.after.phase == "play" and not moment.after.free_slots(),
    "off-colour": lambda moment: _off_colour_card(moment.after, moment.learner),
}
# moments judged on the position a step shows only (the others also at each move on the way to it)
SHOWN_MOMENTS = {"table-full", "off-colour"}

STUDIO_CHECKS = {
    "to_move": fact_turn,
    "round": lambda state: state.round,
    "starter": lambda state: state.name(state.starter),
    "open_tricks": lambda state: len(state.open_slots()),
    "tricks_won": fact_per_seat(lambda state, seat: state.won[seat]),
    "active_vp": fact_per_seat(lambda state, seat: state.active_vp(seat) or 0),
    "totals": fact_per_seat(lambda state, seat: state.totals()[seat]),
    "hand_sizes": fact_per_seat(lambda state, seat: len(state.hands[seat])),
    "game_over": lambda state: state.is_terminal(),
}
