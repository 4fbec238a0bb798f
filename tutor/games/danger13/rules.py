"""Danger 13 (Ruediger Dorn, Ravensburger 2007): hand out the cards, stay below 13.

Seats are numbered 0..n-1 clockwise; "left" is the next seat. In a deal the dealer takes
one card per player from the draw pile, turns them up one at a time (chance events) and
gives each to a different player. A received card may first ask its receiver to decide
(a hand card lets them refuse it) and may make them draw (a draw card: a chance event
again). A round ends the moment a row reaches its limit; the game ends at the first
scoring after the draw pile has run out.

Notation (records and lessons). Cards: ``plain 3``, ``one-plus 0``, ``two-plus 5``,
``draw 2``, ``arrow``, ``13-18``, ``hand``, ``instant +1``, ``instant +2``. Moves: the
dealer gives the turned-up card to a player by number (1..n, in seat order):
``plain 3 -> 2``; the owner of a hand card answers ``accept plain 3`` or
``refuse plain 3``. Chance events (``reveal: plain 3``, ``draw: plain 3``) are applied by
themselves and never written.

Lesson position fields (names are seat names, card lists are written top first):
``dealer`` (default: the first seat), ``start`` (holder of the start card, default: the
dealer), ``round``, ``rows`` (name -> cards, left to right), ``banks`` (name -> plus
cards), ``received`` (names who already had their card in this deal), ``packet`` (the
dealer's face-down cards; default: taken from the pile), ``pile`` (the top of the draw
pile; the unlisted cards are shuffled below), ``pile_size`` (the rest go to the discard
pile), ``last_round`` (true once the pile has been reshuffled). The lesson starts with
the first packet card turned up, waiting for the dealer to give it.

Lesson checks: ``to_move`` (a name or a phase: reveal, give, decide, draw, over),
``dealer``, ``start_player``, ``busted`` (who busted last, or nobody), ``revealed``,
``pending`` and ``discard_top`` (a card or none), ``received``, ``receivers`` (who may
get the turned-up card) and ``winners`` (lists of names), ``rows`` and ``banks`` (name ->
cards), ``row_sum``, ``limit``, ``plus_points``, ``banked_value`` (name -> number),
``illegal`` ({move, rule} or a list of them), ``round``, ``pile_size``, ``packet_size``,
``last_round``, ``game_over``.

Every field of a state holds an immutable value (card lists are tuples), so a move's
undo record is just the changing fields as they were before it: cheap, exact, and a
clone shares them safely.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from itertools import filterfalse, permutations, repeat, starmap
from operator import itemgetter
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from tutor import core
from tutor.core import CHANCE, TERMINAL, Event, NotationError, Reason, Rule, replaced
from tutor.messages import language, msg, msg_in

# What ``from tutor.games.danger13 import ...`` offers: the engine's public names.
__all__ = [
    "ACCEPT",
    "ARROW",
    "COUNTS",
    "DECIDE",
    "DECK",
    "DRAW",
    "DRAWING",
    "FROM_PACKET",
    "FROM_PILE",
    "GAME_ID",
    "GIVE",
    "HAND",
    "HAND_CARD",
    "INSTANT",
    "LIMIT",
    "ONE_PLUS",
    "OPTIONS",
    "OVER",
    "PLAIN",
    "PLAYER_COUNTS",
    "RAISE",
    "RAISED_LIMIT",
    "RAISE_CARD",
    "REFUSE",
    "REVEAL",
    "RULES",
    "TWO_PLUS",
    "VALUED",
    "VALUES",
    "Card",
    "Choice",
    "Give",
    "Reveal",
    "State",
    "new_game",
    "parse_card",
    "parse_move",
    "shuffled",
]


GAME_ID = "danger-13"
PLAYER_COUNTS = range(2, 6)
OPTIONS: dict[str, tuple] = {}
LIMIT, RAISED_LIMIT = 13, 18

PLAIN, ONE_PLUS, TWO_PLUS, DRAW, ARROW, RAISE, HAND, INSTANT = (
    "plain",
    "one-plus",
    "two-plus",
    "draw",
    "arrow",
    "13-18",
    "hand",
    "instant",
)
VALUED = (PLAIN, ONE_PLUS, TWO_PLUS, DRAW)  # the kinds with a printed value

# Phases; each says who moves: the dealer gives, a hand card's owner decides, chance
# turns up the next packet card or the top of the pile for a draw card.
REVEAL, GIVE, DECIDE, DRAWING, OVER = "reveal", "give", "decide", "draw", "over"
ACCEPT, REFUSE = "accept", "refuse"
FROM_PACKET, FROM_PILE = "reveal", "draw"

RULES = (
    Rule("d13.deck"),
    Rule("d13.deck-values", kind="note"),
    Rule("d13.start"),
    Rule("d13.deal"),
    Rule("d13.one-each"),
    Rule("d13.last-card", kind="note"),
    Rule("d13.next-dealer"),
    Rule("d13.row"),
    Rule("d13.zero-values", kind="note"),
    Rule("d13.plain"),
    Rule("d13.one-plus"),
    Rule("d13.two-plus"),
    Rule("d13.draw"),
    Rule("d13.arrow"),
    Rule("d13.raise"),
    Rule("d13.arrow-raise", kind="note"),
    Rule("d13.hand"),
    Rule("d13.hand-counts"),  # settled by the sheet's closing clarification
    Rule("d13.hand-which", kind="note"),
    Rule("d13.instant"),
    Rule("d13.bust"),
    Rule("d13.bust-no-draw"),
    Rule("d13.scoring"),
    Rule("d13.bank-view", kind="note"),
    Rule("d13.new-round"),
    Rule("d13.reshuffle"),
    Rule("d13.reshuffle-timing", kind="note"),
    Rule("d13.out-of-cards", kind="note"),
    Rule("d13.game-end"),
    Rule("d13.tie-break"),
    Rule("d13.shared-win", kind="note"),
)


class Card(NamedTuple):
    kind: str
    value: int = 0  # printed value; kinds without one count 0 (note d13.zero-values)
    plus: int = 0  # plus points once banked

    def __str__(self) -> str:
        return self.label(language())

    def label(self, lang: str) -> str:
        """The card's name in ``lang``."""
        return msg_in(lang, f"d13.card.{self.kind}", value=self.value, plus=self.plus)

    def _repr_svg_(self) -> str:
        from tutor.games.danger13.drawing import card_svg  # drawing is optional: imported on use

        return card_svg(self)

    @property
    def code(self) -> str:
        """The card in move notation: 'plain 3', 'arrow', '13-18', 'instant +2'."""
        if self.kind in VALUED:
            return f"{self.kind} {self.value}"
        if self.kind == INSTANT:
            return f"instant +{self.plus}"
        return self.kind


def _load_deck() -> tuple[Card, ...]:
    """The 109 cards of deck.yaml beside this file, in file order (rule d13.deck)."""
    text = (Path(__file__).parent / "deck.yaml").read_text(encoding="utf-8")
    cards: list[Card] = []
    for group in yaml.safe_load(text)["cards"]:
        # interned kinds: the engine's comparisons of kinds and cards then match by identity
        kind, plus = sys.intern(str(group["kind"])), int(group.get("plus", 0))
        if "values" in group:
            for value, count in group["values"].items():
                cards += [Card(kind, int(value), plus)] * count
        else:
            cards += [Card(kind, 0, plus)] * group["count"]
    return tuple(cards)


DECK = _load_deck()
COUNTS = Counter(DECK)
VALUES = {kind: sorted({card.value for card in DECK if card.kind == kind}) for kind in VALUED}
HAND_CARD, RAISE_CARD = DECK[DECK.index(Card(HAND))], DECK[DECK.index(Card(RAISE))]  # the deck's own objects
_value, _plus = itemgetter(1), itemgetter(2)


def parse_card(text: str) -> Card:
    """``"plain 3"``, ``"draw 0"``, ``"arrow"``, ``"13-18"``, ``"instant +1"`` -> Card."""
    words = str(text).lower().replace("->", "-").replace("→", "-").split()
    if len(words) == 1 and words[0] in (ARROW, RAISE, HAND):
        return Card(words[0])
    if len(words) == 2 and words[0] == INSTANT and words[1].lstrip("+") in ("1", "2"):
        return Card(INSTANT, 0, int(words[1].lstrip("+")))
    if len(words) != 2 or words[0] not in VALUED or not words[1].isdigit():
        raise NotationError(msg("d13.error.card-format", text=text))
    kind, value = words[0], int(words[1])
    if value not in VALUES[kind]:
        raise NotationError(
            msg("d13.error.card-value", text=text, kind=kind, low=VALUES[kind][0], high=VALUES[kind][-1])
        )
    return next(card for card in COUNTS if card.kind == kind and card.value == value)


class Give(NamedTuple):
    """The dealer gives the turned-up ``card`` to ``seat``."""

    card: Card
    seat: int

    def __str__(self) -> str:
        return f"{self.card.code} -> {self.seat + 1}"


class Choice(NamedTuple):
    """The owner of a hand card accepts or refuses (``answer``) the card just received."""

    card: Card
    answer: str

    def __str__(self) -> str:
        return f"{self.answer} {self.card.code}"


class Reveal(NamedTuple):
    """Chance event: the top card of the dealer's packet is turned up (FROM_PACKET) or
    the top of the draw pile is drawn for a draw card (FROM_PILE)."""

    card: Card
    source: str

    def __str__(self) -> str:
        return f"{self.source}: {self.card.code}"


def parse_move(text: str, players: int | None = None) -> Give | Choice:
    """``"plain 3 -> 2"`` (give to player 2), ``"refuse two-plus 5"``, ``"accept arrow"``."""
    text = str(text).strip()
    first, _, rest = text.partition(" ")
    if first.lower() in (ACCEPT, REFUSE):
        return Choice(parse_card(rest), first.lower())
    card_text, arrow, seat_text = text.rpartition("->")
    if not arrow or not seat_text.strip().isdigit():
        raise NotationError(msg("d13.error.move-format", text=text))
    seat = int(seat_text)
    if seat < 1 or (players and seat > players):
        raise NotationError(msg("d13.error.no-seat", seat=seat, players=players or "?"))
    return Give(parse_card(card_text), seat - 1)


# One shared object per move: building NamedTuples is a visible part of the benchmark.
_GIVES = {card: tuple(Give(card, seat) for seat in range(PLAYER_COUNTS[-1])) for card in COUNTS}
_TURNED_UP = {card: Reveal(card, FROM_PACKET) for card in COUNTS}
_DRAWN = {card: Reveal(card, FROM_PILE) for card in COUNTS}
_ANSWERS = {card: (Choice(card, ACCEPT), Choice(card, REFUSE)) for card in COUNTS}
# The seats still to be given a card in this deal, by player count and earlier receivers
# in order (rule d13.one-each): looked up at every give.
_WAITING = {
    players: {
        received: tuple(seat for seat in range(players) if seat not in received)
        for count in range(players + 1)
        for received in permutations(range(players), count)
    }
    for players in PLAYER_COUNTS
}


Move = Give | Choice | Reveal  # what a player or chance does


class RoundEnd(NamedTuple):
    """The table as a round's scoring left it, on show until the next card is turned up: the
    next deal is already made then, but its dealer, packet and any reshuffle are not shown yet."""

    rows: tuple[tuple[Card, ...], ...]
    dealer: int
    start: int
    pile_size: int  # the undealt packet back on the pile
    discards: tuple[Card, ...]
    last_round: bool


class State(core.State[Move]):
    """A Danger 13 game in progress. ``seat_names`` are only for messages."""

    game_id = GAME_ID
    OPTIONS = OPTIONS
    PLAYER_COUNTS = PLAYER_COUNTS
    # Every field a move may change; card lists are tuples, top card last.
    # The phase is not kept: to_move, pending and actor tell it (see ``phase``).
    FIELDS = (
        "to_move",
        "dealer",
        "start",
        "round",
        "pile",
        "packet",
        "discards",
        "rows",
        "banks",
        "revealed",
        "pending",
        "actor",
        "received",
        "last_round",
        "reshuffles",
        "busts",
        "ended",
    )

    def __init__(
        self,
        players: int,
        seed: int = 0,
        options: dict | None = None,
        first_player: int = 0,
        seat_names: list[str] | None = None,
    ):
        super().__init__(players, seed, options, first_player, seat_names)
        self.start = first_player  # holds the start card (rules d13.start, d13.new-round)
        self.dealer = first_player
        self.round = 1
        self.pile: tuple[Card, ...] = shuffled(DECK, f"{GAME_ID}:{seed}:deck")
        self.packet: tuple[Card, ...] = ()  # the dealer's face-down cards
        self.discards: tuple[Card, ...] = ()  # face up
        self.rows: tuple[tuple[Card, ...], ...] = ((),) * players
        self.banks: tuple[tuple[Card, ...], ...] = ((),) * players
        self.revealed: Card | None = None  # turned up, waiting for the dealer to give it
        self.pending: Card | None = None  # received, waiting for its receiver's decision
        self.actor: int | None = None  # the receiver who decides or draws
        self.received: tuple[int, ...] = ()  # who has had their card in this deal
        self.last_round = False
        self.reshuffles = 0
        self.busts: tuple = ()  # per finished round, who busted (None: nobody, note d13.out-of-cards)
        # the table as the round just over left it (its scoring on show), until the next card
        self.ended: RoundEnd | None = None
        self.to_move = CHANCE
        self._start_deal()

    # ----------------------------------------------------------------- queries
    @property
    def phase(self) -> str:
        """What happens now: the dealer gives (GIVE) or a hand card's owner decides
        (DECIDE); chance turns up a packet card (REVEAL) or draws for a receiver (DRAWING);
        OVER."""
        mover = self.to_move
        if mover >= 0:
            return GIVE if self.pending is None else DECIDE
        if mover == CHANCE:
            return REVEAL if self.actor is None else DRAWING
        return OVER

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def row_sum(self, seat: int) -> int:
        return sum(map(_value, self.rows[seat]))

    def limit(self, seat: int) -> int:
        """Rules d13.raise and d13.arrow-raise: 18 while a 13-18 card is in the row."""
        return RAISED_LIMIT if RAISE_CARD in self.rows[seat] else LIMIT

    def plus_points(self, seat: int) -> int:
        return sum(card.plus for card in self.banks[seat])

    def banked_value(self, seat: int) -> int:
        """Rule d13.tie-break: the printed values of the banked cards."""
        return sum(map(_value, self.banks[seat]))

    def receivers(self) -> list[int]:
        """Who may still be given a card in this deal (rule d13.one-each)."""
        return list(_WAITING[self.players][self.received])

    def legal_moves(self) -> list[Move]:
        phase, revealed, pending = self.phase, self.revealed, self.pending
        if phase == GIVE and revealed is not None:  # a card is turned up while the dealer gives
            return [Give(revealed, seat) for seat in self.receivers()]
        if phase == DECIDE and pending is not None:  # and one is received while its owner decides
            return list(_ANSWERS[pending])
        return []

    def returns(self) -> list[float]:
        return [float(self.plus_points(seat)) for seat in range(self.players)]

    def ranking_key(self, seat: int) -> tuple[int, int]:
        """Rules d13.game-end and d13.tie-break: plus points, then banked printed value."""
        return self.plus_points(seat), self.banked_value(seat)

    # ----------------------------------------------------------------- reasons
    def why_not(self, move: Move) -> Reason | None:
        """None when ``move`` is legal now, else the rule it breaks and why."""
        phase = self.phase
        if type(move) is Reveal and self.to_move == CHANCE:
            expected = self._due_reveal()
            if move != expected:
                return Reason(
                    "d13.deal" if phase == REVEAL else "d13.draw",
                    "d13.why.wrong-chance",
                    card=move.card,
                    expected=expected.card,
                )
            return None
        if type(move) is Give and phase == GIVE:
            card, seat = move
            if card != self.revealed:
                return Reason("d13.deal", "d13.why.not-revealed", card=card, revealed=self.revealed)
            if not (type(seat) is int and 0 <= seat < self.players):
                return Reason(
                    "d13.deal", "d13.why.no-seat", seat=seat + 1 if type(seat) is int else seat, players=self.players
                )
            if seat in self.received:
                return Reason("d13.one-each", "d13.why.already-received", player=self.name(seat), card=card)
            return None
        if type(move) is Choice and phase == DECIDE:
            if move.card != self.pending:
                return Reason(
                    "d13.hand", "d13.why.not-pending", player=self._actor_name(), card=move.card, pending=self.pending
                )
            if move.answer not in (ACCEPT, REFUSE):
                return Reason("d13.hand", "d13.why.not-a-move", move=move)
            return None
        if type(move) not in (Give, Choice, Reveal):
            return Reason("d13.deal", "d13.why.not-a-move", move=move)
        return self._what_is_due()

    def _what_is_due(self) -> Reason:
        """The reason for a move of the wrong sort: what has to happen first."""
        if self.phase == OVER:
            return Reason("d13.game-end", "d13.why.game-over")
        if self.phase == REVEAL:
            return Reason("d13.deal", "d13.why.reveal-first", dealer=self.name(self.dealer))
        if self.phase == DRAWING:
            return Reason("d13.draw", "d13.why.draw-first", player=self._actor_name())
        if self.phase == GIVE:
            return Reason("d13.deal", "d13.why.give-first", dealer=self.name(self.dealer), card=self.revealed)
        return Reason("d13.hand", "d13.why.decide-first", player=self._actor_name(), card=self.pending)

    def _actor_name(self) -> str:
        """The name of the receiver who decides or draws (asked only while there is one)."""
        actor = self.actor
        assert actor is not None, self.phase
        return self.name(actor)

    # ----------------------------------------------------------------- moves
    def chance_move(self) -> Reveal | None:
        """The card chance gives now: the top of the packet or, for a draw, of the pile.
        Both come from the seeded pile order, so a record replays. None when no chance
        event is due."""
        if self.to_move != CHANCE:
            return None
        return self._due_reveal()

    def _due_reveal(self) -> Reveal:
        """The chance event due now that chance moves."""
        return _TURNED_UP[self.packet[-1]] if self.actor is None else _DRAWN[self.pile[-1]]  # REVEAL, DRAWING

    def _apply(self, move: Move) -> None:
        self.ended = None
        if type(move) is Give:
            seat = move.seat
            self.received += (seat,)
            self.revealed = None
            self._receive(seat, move.card)
        elif type(move) is Reveal:
            if move.source == FROM_PACKET:
                self.revealed, self.packet = move.card, self.packet[:-1]
                self.to_move = self.dealer
            else:
                actor = self.actor
                assert actor is not None  # a draw is for the receiver of a draw card
                self._receive(actor, self._draw_top())
        else:
            assert type(move) is Choice  # the one kind left
            self.pending = None
            actor = self.actor
            assert actor is not None  # an answer is the receiver's
            if move.answer == REFUSE:
                self._refuse(actor, move.card)
            else:
                self._receive(actor, move.card, accepted=True)

    def _refuse(self, actor: int, card: Card) -> None:
        """Rule d13.hand: the refused card and the rightmost hand card (note
        d13.hand-which) are discarded; the refused card has no effect."""
        row = self.rows[actor]
        spot = len(row) - 1 - row[::-1].index(HAND_CARD)
        self.rows = replaced(self.rows, actor, row[:spot] + row[spot + 1 :])
        self.discards += (HAND_CARD, card)
        self._next_card()

    def _receive(self, seat: int, card: Card, accepted: bool = False) -> None:
        """The card's effect on its receiver, then the bust check (rule d13.bust). Rule
        d13.hand: while a hand card lies in the row, its owner decides first (``accepted``
        once they have)."""
        row = self.rows[seat]
        if not accepted and HAND_CARD in row:
            self.pending, self.actor = card, seat
            self.to_move = seat
            return
        kind = card.kind
        if kind == INSTANT:  # rule d13.instant: banked at once; the row is unchanged
            self.banks = replaced(self.banks, seat, self.banks[seat] + (card,))
            self._next_card()
            return
        if kind == ARROW:  # rule d13.arrow
            self.discards += row[-1:] + (card,)
            row = row[:-1]
        else:
            row += (card,)
        self.rows = replaced(self.rows, seat, row)
        # an arrow can bust too: it may take away the row's only 13-18 card (note d13.arrow-raise);
        # the row's limit (a search for that card) is only asked once its sum reaches 13
        total = sum(map(_value, row))
        if total >= LIMIT and total >= self.limit(seat):
            self._end_round(seat)
        elif kind == DRAW and self._pile_ready():  # rules d13.draw and d13.bust-no-draw
            self.actor = seat
            self.to_move = CHANCE
        else:
            self._next_card()

    def _next_card(self) -> None:
        """The card just given has had all its effects: turn up the next one, or pass
        the deal to the left (rule d13.next-dealer)."""
        self.actor = None
        if self.packet:
            self.to_move = CHANCE
        else:
            self.dealer = (self.dealer + 1) % self.players
            self._start_deal()

    def _start_deal(self) -> None:
        """Rule d13.deal: the dealer takes one card per player from the pile, face down.
        The packet keeps the pile's order: the pile's top card is turned up first."""
        self.received = ()
        wanted = self.players  # the last deal's packet is used up
        while wanted and self._pile_ready():
            taken = self.pile[-wanted:]
            # cards taken after a reshuffle go under those taken before it
            self.packet = taken + self.packet
            self.pile = self.pile[:-wanted]
            wanted -= len(taken)
            if not self.pile:
                self._reshuffle()
        if self.packet:
            self.to_move = CHANCE
        else:  # note d13.out-of-cards: nothing left to deal anywhere
            self._end_round(None)

    def _end_round(self, busted: int | None) -> None:
        """Rules d13.bust, d13.scoring and d13.new-round."""
        self.pile += self.packet  # undealt cards go back on top, unseen, in order
        self.packet = ()
        discards, banks = list(self.discards), list(self.banks)
        for seat, row in enumerate(self.rows):
            if seat == busted:
                discards += row
            else:  # filter and filterfalse keep the row's order, without a Python loop
                banks[seat] += tuple(filter(_plus, row))
                discards += filterfalse(_plus, row)
        self.discards, self.banks = tuple(discards), tuple(banks)
        self.ended = RoundEnd(self.rows, self.dealer, self.start, len(self.pile), self.discards, self.last_round)
        self.rows = ((),) * self.players
        self.busts += (busted,)
        self.revealed = self.pending = self.actor = None
        if self.last_round:  # rule d13.reshuffle: this scoring ends the game
            self.to_move = TERMINAL
            return
        self.round += 1
        self.start = self.dealer = (self.start + 1) % self.players
        self._start_deal()

    def _draw_top(self) -> Card:
        card, self.pile = self.pile[-1], self.pile[:-1]
        if not self.pile:  # note d13.reshuffle-timing: reshuffle the moment the pile runs out
            self._reshuffle()
        return card

    def _pile_ready(self) -> bool:
        """Whether a card can be taken, reshuffling first if the pile is empty."""
        if not self.pile:
            self._reshuffle()
        return bool(self.pile)

    def _reshuffle(self) -> None:
        """Rule d13.reshuffle: the discards become the new pile; this round is the last."""
        self.last_round = True
        if not self.discards:
            return
        self.reshuffles += 1
        self.pile = shuffled(self.discards, f"{GAME_ID}:{self.seed}:reshuffle:{self.reshuffles}")
        self.discards = ()

    # ----------------------------------------------------------------- events
    def describe(self, before: Any, move: Move, after: Any) -> list[Event]:
        """Card turned up, drawn, given, accepted or refused; the bust (or a round ended
        with nobody busting), a reshuffle and the end of the game."""
        if type(move) is Reveal:
            events = [
                Event("card-revealed", before.dealer, {"card": move.card})
                if move.source == FROM_PACKET
                else Event("card-drawn", before.actor, {"card": move.card})
            ]
        elif type(move) is Give:
            events = [Event("card-given", before.dealer, {"card": move.card, "to": move.seat})]
        else:
            assert type(move) is Choice  # the one kind left
            answer = "card-accepted" if move.answer == ACCEPT else "card-refused"
            events = [Event(answer, before.actor, {"card": move.card})]
        if after.reshuffles > before.reshuffles:
            events.append(Event("reshuffled"))
        if len(after.busts) > len(before.busts):
            busted = after.busts[-1]
            events.append(Event("round-over") if busted is None else Event("bust", busted))
        if after.to_move == TERMINAL:
            events.append(Event("game-over"))
        return events

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything face up (rows, the turned-up card, the top
        of the discards), sizes of the face-down piles, its own bank, and only the size
        of the other banks (note d13.bank-view) until the game is over."""
        over, ended = self.phase == OVER, self.ended
        rows = ended.rows if ended else self.rows  # a round just over: its rows as they stood, for its scoring
        view = {
            "seat": seat,
            "players": self.players,
            "round": self.round,
            # the round whose table is on show once it is over (None: the table is this round's)
            "ended_round": (self.round if over else self.round - 1) if ended else None,
            "phase": self.phase,
            "to_move": self.to_move,
            "dealer": self.dealer,
            "start_player": self.start,
            "rows": [list(row) for row in rows],
            "row_sums": [sum(map(_value, row)) for row in rows],
            "limits": [RAISED_LIMIT if RAISE_CARD in row else LIMIT for row in rows],
            "revealed": self.revealed,
            "pending": self.pending,
            "actor": self.actor,
            "received": list(self.received),
            "packet_size": len(self.packet),
            "pile_size": len(self.pile),
            "discard_size": len(self.discards),
            "discard_top": self.discards[-1] if self.discards else None,
            "last_round": self.last_round,
            "busts": list(self.busts),
            "bank": list(self.banks[seat]),
            "bank_sizes": [len(bank) for bank in self.banks],
            "plus_points": [self.plus_points(s) for s in range(self.players)] if over else None,
        }
        if ended:  # the whole table is the ended round's, not partly the next deal's
            view.update(
                dealer=ended.dealer,
                start_player=ended.start,
                received=[],
                packet_size=0,
                pile_size=ended.pile_size,
                discard_size=len(ended.discards),
                discard_top=ended.discards[-1] if ended.discards else None,
                last_round=ended.last_round,
            )
        return view

    def resample_from_view(self, seat: int, rng: random.Random) -> State:
        """The face-down cards (the dealer's packet, the draw pile and the other seats'
        banks, whose count alone is public: note d13.bank-view) shuffled together and
        dealt back, sizes kept, each bank taking plus cards. The cards are put in one order
        before the shuffle, so the copy depends on the view and ``rng`` alone."""
        hidden_banks = self.phase != OVER  # the end shows every bank's points
        return self._dealt_again(rng, [other for other in range(self.players) if other != seat and hidden_banks])

    def resample_from_memory(self, seat: int, rng: random.Random) -> State:
        """Every banked card lay face up in a row or was given face up (note d13.bank-view):
        a perfect memory knows the banks, so only the packet and the pile are dealt again."""
        return self._dealt_again(rng, [])

    def _dealt_again(self, rng: random.Random, seats: list[int]) -> State:
        """A copy with the packet, the pile and the banks of ``seats`` shuffled together and
        dealt back, sizes kept, each bank taking plus cards."""
        other = self.clone()
        pool = sorted(self.packet + self.pile + tuple(card for player in seats for card in self.banks[player]))
        rng.shuffle(pool)
        dealt = list(self.banks)
        for player in seats:
            size = len(dealt[player])
            plus = [index for index, card in enumerate(pool) if card.plus][:size]
            dealt[player] = tuple(pool[index] for index in plus)
            for index in reversed(plus):
                del pool[index]
        other.banks = tuple(dealt)
        other.packet, other.pile = tuple(pool[: len(self.packet)]), tuple(pool[len(self.packet) :])
        return other

    def random_move(self, rng: random.Random) -> Move | None:
        """A uniformly chosen legal move (the chance event when one is due; None when
        the game is over), without listing every legal move. The move is left in
        ``_chosen``, so push need not check it again."""
        # told apart as ``phase`` does, without its call at every step
        move: Give | Reveal | Choice
        mover, pending = self.to_move, self.pending
        if mover >= 0:
            if pending is None:  # GIVE
                revealed = self.revealed
                assert revealed is not None  # the dealer gives the turned-up card
                free = _WAITING[self.players][self.received]
                self._chosen = move = _GIVES[revealed][free[int(rng.random() * len(free))]]
                return move
            accept, refuse = _ANSWERS[pending]  # DECIDE
            self._chosen = move = refuse if rng.random() < 0.5 else accept
            return move
        if mover == CHANCE:
            self._chosen = move = self._due_reveal()
            return move
        return None  # TERMINAL

    def _repr_html_(self) -> str:
        from tutor.games.danger13.drawing import state_html  # drawing is optional: imported on use

        return state_html(self)

    def __repr__(self) -> str:
        return f"<danger-13 round {self.round} {self.phase}, {self.players} players, to move {self.to_move}>"


new_game = State


def shuffled(cards: tuple[Card, ...], seed: str) -> tuple[Card, ...]:
    """``cards`` in the order ``random.Random(seed)`` gives. Sorting on one random key
    per card makes every order equally likely and is several times faster than
    ``random.shuffle``, which matters for the benchmark."""
    draw = random.Random(seed).random
    keys = list(starmap(draw, repeat((), len(cards))))  # one per card, in card order, without a Python loop
    return tuple([cards[index] for index in sorted(range(len(cards)), key=keys.__getitem__)])
