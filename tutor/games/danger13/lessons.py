"""Lesson positions and the checks a lesson may state (docs/lessons.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from tutor import schema
from tutor.core import CHANCE, PositionError, mismatch
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
    replayed,
)
from tutor.games.danger13.rules import (
    ACCEPT,
    ARROW,
    COUNTS,
    DECIDE,
    DECK,
    DRAW,
    FROM_PILE,
    GAME_ID,
    GIVE,
    HAND_CARD,
    INSTANT,
    LIMIT,
    ONE_PLUS,
    OVER,
    RAISE_CARD,
    RAISED_LIMIT,
    REFUSE,
    TWO_PLUS,
    VALUED,
    Card,
    Choice,
    Give,
    Move,
    Reveal,
    State,
    parse_card,
    parse_move,
    shuffled,
)
from tutor.messages import either, listed, msg
from tutor.seats import SeatLookup

if TYPE_CHECKING:  # tutor.lessons reads this module through the registry
    from tutor.lessons import Moment

POSITION = {
    "dealer": schema.line,
    "start": schema.line,
    "round": schema.whole(1, len(DECK)),
    "rows": schema.fields,
    "banks": schema.fields,
    "received": schema.words,
    "packet": schema.words,
    "pile": schema.words,
    "pile_size": schema.whole(0, len(DECK)),
    "last_round": schema.flag,
}


def lesson_state(
    players: int, position: dict, options: dict | None = None, seed: int = 0, seat_names: list[str] | None = None
) -> State:
    """A position described by a lesson (format in docs/lessons.md), with the first card
    of the dealer's packet already turned up (the one move on ``move_stack``).

    ``packet`` and ``pile`` list cards top first. Without ``packet`` the dealer takes
    it from the top of the pile. Cards not listed anywhere are shuffled from ``seed``
    under the listed pile cards; with ``pile_size`` the rest are in the discard pile."""
    check_position(position, POSITION)  # a round cannot outnumber the cards: each deals at least one
    state = State(players, seed, options, seat_names=seat_names)
    seat = SeatLookup(state.seat_names).index
    state.dealer = seat(position.get("dealer", state.seat_names[0]))
    state.start = state.first_player = seat(position.get("start", state.name(state.dealer)))
    state.round = position.get("round", 1)
    if type(state.round) is not int or state.round < 1:
        raise PositionError(msg("d13.error.round", round=state.round))
    table = _Table(state, seat)
    for field, lay in _LAYERS:  # in this order: the cards not named anywhere make up the pile
        lay(table, position.get(field))
    table.deal(position)
    state.last_round = position.get("last_round", False)
    state.to_move = CHANCE  # the dealer's packet card is turned up next (no actor: see State.phase)
    reveal = state.chance_move()
    assert reveal is not None, "a dealt position always has a card to turn up"
    state.push(reveal)
    return state


class _Table:
    """The table while a lesson describes it, one method per position field; each card named
    is counted, so that no card is named more often than the deck has it."""

    def __init__(self, state: State, seat: Callable[[str], int]):
        self.state, self.seat = state, seat
        self.used: Counter = Counter()

    def cards(self, texts: Iterable[str] | None) -> tuple[Card, ...]:
        found = tuple(parse_card(text) for text in texts or ())
        self.used.update(found)
        for card in found:
            if self.used[card] > COUNTS[card]:
                raise PositionError(msg("d13.error.too-many", count=self.used[card], card=card, available=COUNTS[card]))
        return found

    def lay_rows(self, rows: dict | None) -> None:
        state, laid = self.state, list(self.state.rows)
        for name, texts in (rows or {}).items():
            owner, row = self.seat(name), self.cards(texts)
            for card in row:
                if card.kind in (ARROW, INSTANT):
                    why = msg("d13.error.arrow-leaves" if card.kind == ARROW else "d13.error.instant-banks")
                    raise PositionError(msg("d13.error.not-in-row", player=state.name(owner), card=card, why=why))
            laid[owner] = row
        state.rows = tuple(laid)
        for owner in range(state.players):
            if state.row_sum(owner) >= state.limit(owner):
                raise PositionError(
                    msg(
                        "d13.error.row-bust",
                        player=state.name(owner),
                        total=state.row_sum(owner),
                        limit=state.limit(owner),
                    )
                )

    def lay_banks(self, banks: dict | None) -> None:
        state, laid = self.state, list(self.state.banks)
        for name, texts in (banks or {}).items():
            owner, bank = self.seat(name), self.cards(texts)
            for card in bank:
                if not card.plus:
                    raise PositionError(msg("d13.error.not-bankable", player=state.name(owner), card=card))
            laid[owner] = bank
        state.banks = tuple(laid)

    def mark_received(self, names: list | None) -> None:
        received = [self.seat(name) for name in names or ()]
        for owner in received:
            if received.count(owner) > 1:
                raise PositionError(msg("d13.error.received-twice", player=self.state.name(owner)))
        if len(received) >= self.state.players:
            raise PositionError(msg("d13.error.all-received"))
        self.state.received = tuple(received)

    def deal(self, position: dict) -> None:
        """The dealer's packet, the pile and the discards: ``packet``, ``pile`` and
        ``pile_size`` together, from the cards the other fields left."""
        state = self.state
        waiting = state.players - len(state.received)
        packet = self.cards(position["packet"]) if "packet" in position else None
        if packet is not None and len(packet) != waiting:
            raise PositionError(msg("d13.error.packet-size", expected=waiting, count=len(packet)))
        listed = self.cards(position.get("pile"))
        unseen = listed + shuffled(tuple((COUNTS - self.used).elements()), f"{GAME_ID}:lesson:{state.seed}")
        if packet is None:
            packet, unseen, listed = unseen[:waiting], unseen[waiting:], listed[waiting:]
        size = position.get("pile_size", len(unseen))
        low = max(1, len(listed))
        if type(size) is not int or not low <= size <= len(unseen):
            raise PositionError(msg("d13.error.pile-size", low=low, high=len(unseen), size=size))
        state.packet = packet[::-1]
        state.pile = unseen[:size][::-1]
        state.discards = unseen[size:]


_LAYERS: tuple[tuple[str, Callable[[_Table, Any], None]], ...] = (
    ("rows", _Table.lay_rows),
    ("banks", _Table.lay_banks),
    ("received", _Table.mark_received),
)


def _card_codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def _check_seat(name: str, read: Callable[[State], int | None]) -> Check:
    """A check whose value is one seat or "nobody": a notation word, the same in every
    language (as "none" for a card and the phase words of ``to_move``)."""
    return check_seat(name, lambda state: "nobody" if read(state) is None else state.name(read(state)))


def _check_card(name: str, read: Callable[[State], Card | None]) -> Check:
    """A check whose value is one card (or 'none')."""

    def check(state: State, expected: str | None) -> str | None:
        card = read(state)
        found = card.code if card is not None else "none"
        wanted = "none" if expected in (None, "none") else parse_card(expected).code
        return None if found == wanted else mismatch(name, wanted, found)

    return check


def _per_seat(name: str, read: Callable[[State, int], object]) -> Check:
    """A check of the form {seat: value, ...} against ``read(state, seat)``."""

    def check(state: State, expected: dict) -> str | None:
        lookup = SeatLookup(state.seat_names)
        for seat_text, wanted in expected.items():
            found = read(state, lookup.index(seat_text))
            if isinstance(found, tuple):  # a list of cards
                found, wanted = _card_codes(found), _card_codes(parse_card(text) for text in wanted or ())
            if found != wanted:
                return mismatch(name, f"{seat_text}: {wanted}", f"{seat_text}: {found}")
        return None

    return check


def _check_discards(state: State, expected: dict) -> str | None:
    """{count, top}: how many cards the discard pile holds, and its top cards in order,
    top first (only as many as the lesson lists)."""
    if "count" in expected and len(state.discards) != expected["count"]:
        return mismatch(
            "discards",
            msg("checks.card-count", count=expected["count"]),
            msg("checks.card-count", count=len(state.discards)),
        )
    wanted = _card_codes(parse_card(text) for text in expected.get("top") or ())
    found = _card_codes(state.discards[::-1][: len(wanted)])
    if found != wanted:
        return mismatch("discards", wanted, found)
    return None


# ---------------------------------------------------------------------- notes
def _receiver_of_effect(state: State, move: Move) -> int | None:
    """The seat on which ``move`` carries out a received card's effect now (no hand card
    left to decide first), or None."""
    if type(move) is Give:
        seat = move.seat
    elif type(move) is Reveal and move.source == FROM_PILE and state.actor is not None:  # (the drawer: never None)
        seat = state.actor
    elif type(move) is Choice and move.answer == ACCEPT:
        return state.actor
    else:
        return None
    return None if HAND_CARD in state.rows[seat] else seat


def _arrow_took_raise(before: State, after: State) -> bool:
    """Note d13.arrow-raise: in this step an arrow took a 13-18 card away from a row."""
    for state, move in replayed(before, after):
        seat = _receiver_of_effect(state, move)
        if seat is not None and move.card.kind == ARROW and state.rows[seat][-1:] == (RAISE_CARD,):
            return True
    return False


def _refusals(before: State, after: State) -> Iterator[tuple[State, Choice]]:
    """(state, move) for every card refused with a hand card in this step."""
    return ((state, move) for state, move in replayed(before, after) if type(move) is Choice and move.answer == REFUSE)


def _refused_with_many_hands(before: State, after: State) -> bool:
    """Note d13.hand-which: in this step a player with several hand cards refused a card."""
    return any(
        state.actor is not None and state.rows[state.actor].count(HAND_CARD) > 1  # (the refuser: never None)
        for state, _ in _refusals(before, after)
    )


def _zero_valued_cards(before: State, after: State) -> bool:
    """Note d13.zero-values: a row holds a card with no printed value, or the game is
    over and a bank holds one (the tie-break counts it 0)."""
    cards = [card for row in after.rows for card in row]
    if after.phase == OVER:
        cards += [card for bank in after.banks for card in bank]
    return any(card.kind not in VALUED for card in cards)


def unasked(state: State, move: Move, accepted: list) -> str | None:
    """Why an allowed ``move`` is not the answer a try-it step asks for (``accepted``)."""
    if isinstance(move, Give):
        wanted = [other for other in accepted if isinstance(other, Give)]
        if wanted:
            return msg(
                "lesson.unasked.d13-give",
                card=move.card,
                player=state.name(move.seat),
                wanted=either([state.name(other.seat) for other in wanted]),
            )
    if isinstance(move, Choice):
        choices = [other for other in accepted if isinstance(other, Choice)]
        if choices:
            return msg(f"lesson.unasked.d13-{choices[0].answer}", card=move.card)
    return None


# The verbs of a hand card's answer in the tutor's languages: a prompt that orders one tells it.
ANSWER_VERBS = {
    ACCEPT: ("accept", "take", "accepte", "prends", "accepteer", "neem"),
    REFUSE: ("refuse", "weiger"),
}


def answer_names(state: State, move: Give | Choice, lang: str) -> list[str]:
    """What a try's prompt names when it tells the learner what to click: the player who gets
    the card (the dealer has only this card to give), or a hand card's answer (in any language)."""
    if isinstance(move, Give):
        name = state.seat_names[move.seat]
        return list(getattr(name, "names", (name,)))  # a seat named per language: each of its names
    return list(ANSWER_VERBS[move.answer])


NOTES = {
    "d13.arrow-raise": _arrow_took_raise,
    "d13.hand-which": _refused_with_many_hands,
    "d13.zero-values": _zero_valued_cards,
    "d13.last-card": lambda before, after: after.phase == GIVE and len(after.receivers()) == 1,
    "d13.bank-view": lambda before, after: after.phase != OVER and any(after.banks),
    "d13.reshuffle-timing": lambda before, after: after.last_round and not before.last_round,
    "d13.out-of-cards": lambda before, after: None in after.busts[len(before.busts) :],
    "d13.shared-win": lambda before, after: after.is_terminal() and len(after.winners()) > 1,
}
# How the banks are shown and the single-choice last card change no outcome: a step need not name them.
VIEW_NOTES = ("d13.bank-view", "d13.last-card")


CHECKS = {
    "to_move": check_to_move,
    "dealer": _check_seat("dealer", lambda state: state.dealer),
    "start_player": _check_seat("start_player", lambda state: state.start),
    "busted": _check_seat("busted", lambda state: state.busts[-1] if state.busts else None),
    "revealed": _check_card("revealed", lambda state: state.revealed),
    "pending": _check_card("pending", lambda state: state.pending),
    "discard_top": _check_card("discard_top", lambda state: state.discards[-1] if state.discards else None),
    "discards": _check_discards,
    "received": check_seat_list("received", lambda state: state.received, ordered=False),
    "receivers": check_seat_list(
        "receivers", lambda state: state.receivers() if state.phase == GIVE else [], ordered=False
    ),
    "rows": _per_seat("rows", lambda state, seat: state.rows[seat]),
    "banks": _per_seat("banks", lambda state, seat: state.banks[seat]),
    "row_sum": _per_seat("row_sum", State.row_sum),
    "limit": _per_seat("limit", State.limit),
    "plus_points": _per_seat("plus_points", State.plus_points),
    "banked_value": _per_seat("banked_value", State.banked_value),
    "illegal": check_illegal(parse_move),
    "round": check_value("round", lambda state: state.round),
    "pile_size": check_value("pile_size", lambda state: len(state.pile)),
    "packet_size": check_value("packet_size", lambda state: len(state.packet)),
    "last_round": check_value("last_round", lambda state: state.last_round),
    "game_over": check_value("game_over", lambda state: state.is_terminal()),
    "winners": check_seat_list("winners", lambda state: state.winners(), ordered=False),
}


# ---------------------------------------------------------------------- guided games
def _got(moment: Moment) -> list[Card]:
    """The cards the learner received since their last move: given by another dealer, or
    drawn for a draw card."""
    learner, got = moment.learner, []
    for state, move in replayed(moment.before, moment.after):
        if type(move) is Give and move.seat == learner and state.dealer != learner:
            got.append(move.card)
        elif type(move) is Reveal and move.source == FROM_PILE and state.actor == learner:
            got.append(move.card)
    return got


def _dealt(moment: Moment) -> str:
    got, state = _got(moment), moment.after
    if got and state.to_move == moment.learner and state.phase == DECIDE and got[-1] == state.pending:
        got = got[:-1]  # the card to take or refuse: the question after this names it
    return msg("d13.guided.got", cards=listed([msg("d13.guided.the-card", card=card) for card in got])) if got else ""


def _your_move(moment: Moment) -> str:
    """What the learner is asked now, and what to look at: the rows' sums and the line."""
    state, learner = moment.after, moment.learner
    if state.to_move != learner:
        return ""
    if state.phase == DECIDE:
        card = state.pending
        row = state.rows[learner]
        kept = row[:-1] if card.kind == ARROW else (*row, card)  # an arrow throws the row's last card away
        total = sum(kept_card.value for kept_card in kept if kept_card.kind in VALUED)
        limit = RAISED_LIMIT if RAISE_CARD in kept else LIMIT
        # a draw card that leaves the row below its limit brings one more card, from the pile
        key = "d13.guided.decide-draw" if card.kind == DRAW and total < limit else "d13.guided.decide"
        return msg(key, card=card, total=total, limit=limit)
    waiting = state.receivers()
    if waiting == [learner]:  # the learner is named as "you", never as a seat
        return msg("d13.guided.last-you", card=state.revealed)
    if len(waiting) == 1:
        return msg("d13.guided.last", card=state.revealed, player=state.name(waiting[0]))
    return msg("d13.guided.give", card=state.revealed)


def _busted(moment: Moment) -> str:
    """Who busted last in the game so far (the round just scored), or nobody."""
    busts = moment.after.busts
    return moment.after.name(busts[-1]) if busts and busts[-1] is not None else msg("lesson.nobody")


def _lost_row(moment: Moment) -> str:
    """Whose row the last scoring threw away, the learner's said as theirs; "" when nobody's."""
    busts = moment.after.busts
    if not busts or busts[-1] is None:
        return ""
    if busts[-1] == moment.learner:
        return msg("d13.guided.lost-you")
    return msg("d13.guided.lost", player=moment.after.name(busts[-1]))


def _bust(moment: Moment) -> str:
    """The bust that ended a round since the step or move before: whose row, with which card."""
    probe = moment.before.clone()
    for move in moment.after.move_stack[len(probe.move_stack) :]:
        before = probe.clone()
        probe.push(move)
        if len(probe.busts) > len(before.busts) and probe.busts[-1] is not None:
            seat = probe.busts[-1]
            row = before.rows[seat][:-1] if move.card.kind == ARROW else before.rows[seat] + (move.card,)
            total = sum(card.value for card in row)
            if seat == moment.learner:
                return msg("d13.guided.bust-you", total=total, card=move.card)
            return msg("d13.guided.bust", player=probe.name(seat), total=total, card=move.card)
    return ""


def _nearest(state: State) -> int | None:
    """The seat whose row is nearest its line, among the rows within 4 of it."""
    near = [
        seat for seat in range(state.players) if 0 < state.limit(seat) - state.row_sum(seat) <= 4 and state.rows[seat]
    ]
    return min(near, key=lambda seat: state.limit(seat) - state.row_sum(seat)) if near else None


def _danger(moment: Moment) -> str:
    seat = _nearest(moment.after)
    if seat is None:
        return ""
    state = moment.after
    if seat == moment.learner:
        return msg("d13.guided.danger-you", total=state.row_sum(seat), limit=state.limit(seat))
    return msg("d13.guided.danger", player=state.name(seat), total=state.row_sum(seat), limit=state.limit(seat))


def _in_rows(state: State, kinds: Collection[str]) -> bool:
    return any(card.kind in kinds for row in state.rows for card in row)


def _moved(moment: Moment, test: Callable[[State, Move], bool]) -> bool:
    return any(test(state, move) for state, move in replayed(moment.before, moment.after))


def _counted(cards: Iterable[Card], kind: str) -> int:
    return sum(1 for card in cards if card.kind == kind)


FACTS = {
    "dealt": _dealt,
    "your_move": _your_move,
    "busted": _busted,
    "lost_row": _lost_row,
    "bust": _bust,
    "danger": _danger,
}

MOMENTS = {
    "round-over": lambda moment: len(moment.after.busts) > len(moment.before.busts),
    "plus-card": lambda moment: _in_rows(moment.after, (ONE_PLUS, TWO_PLUS)),
    "draw": lambda moment: _moved(moment, lambda _state, move: type(move) is Reveal and move.source == FROM_PILE),
    "hand": lambda moment: _in_rows(moment.after, (HAND_CARD.kind,)),
    "your-choice": lambda moment: moment.after.phase == DECIDE and moment.after.actor == moment.learner,
    "refused": lambda moment: _moved(moment, lambda _state, move: type(move) is Choice and move.answer == REFUSE),
    "arrow": lambda moment: _counted(moment.after.discards, ARROW) > _counted(moment.before.discards, ARROW),
    "raise": lambda moment: _in_rows(moment.after, (RAISE_CARD.kind,)),
    "instant": lambda moment: (
        sum(_counted(bank, INSTANT) for bank in moment.after.banks)
        > sum(_counted(bank, INSTANT) for bank in moment.before.banks)
    ),
    "danger": lambda moment: moment.after.phase != OVER and _nearest(moment.after) is not None,
}
# moments judged on the position a step shows only (the others also at each move on the way to it)
SHOWN_MOMENTS = {"your-choice", "danger"}


STUDIO_CHECKS = {
    "to_move": fact_turn,
    "dealer": lambda state: state.name(state.dealer),
    "round": lambda state: state.round,
    "row_sum": fact_per_seat(State.row_sum),
    "limit": fact_per_seat(State.limit),
    "pile_size": lambda state: len(state.pile),
    "game_over": lambda state: state.is_terminal(),
}
