"""Monster Trick (Ralf zur Linde, Ravensburger 2015): up to four tricks at once.

Seats are numbered 0..n-1 in clockwise order; table slots 0..3 (shown as 1..4).
A round is: a deal (chance event), every player's hidden VP-order prediction,
then 12 plays per player. Three rounds make a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product
from typing import Any, NamedTuple

from tutor import core
from tutor.core import CHANCE, TERMINAL, Event, NotationError, Reason, Rule, replaced
from tutor.messages import language, listed, msg, msg_in

# What ``from tutor.games.monster_trick import ...`` offers: the engine's public names.
__all__ = [
    "CARDS",
    "COLOURS",
    "GAME_ID",
    "HAND_SIZE",
    "OPTIONS",
    "PLAYER_COUNTS",
    "ROUNDS",
    "RULES",
    "SLOTS",
    "TOP_VALUE",
    "TRICK_SIZE",
    "VP_SETS",
    "Card",
    "CompletedTrick",
    "Deal",
    "Play",
    "Predict",
    "State",
    "deck",
    "hand_order",
    "new_game",
    "parse_card",
    "parse_move",
]


GAME_ID = "monster-trick"
PLAYER_COUNTS = range(2, 6)
COLOURS = ("green", "yellow", "blue", "purple")
SLOTS = 4
TRICK_SIZE = 4  # a trick is finished by its 4th card, whatever the player count
HAND_SIZE = 12
ROUNDS = 3
VP_SETS = {1: (1, 2, 3), 2: (2, 4, 6), 3: (3, 6, 9)}
TOP_VALUE = {2: 6, 3: 9, 4: 12, 5: 15}

# Who starts rounds 2 and 3: the EN/FR editions pass the start to the left of the
# previous starter; the NL edition to the left of the previous round's winner.
OPTIONS = {"start_rule": ("left-of-starter", "left-of-winner")}

RULES = (
    Rule("mt.deck"),
    Rule("mt.deal"),
    Rule("mt.prediction"),
    Rule("mt.turn"),
    Rule("mt.open"),
    Rule("mt.follow"),
    Rule("mt.off-colour"),
    Rule("mt.claim"),
    Rule("mt.complete"),
    Rule("mt.vp-cycle"),
    Rule("mt.round-end"),
    Rule("mt.start-player"),
    Rule("mt.start-player-variant", kind="variant", option="start_rule"),
    Rule("mt.round-winner", kind="note"),
    Rule("mt.game-end"),
)


class Card(NamedTuple):
    colour: str
    value: int

    def __str__(self) -> str:
        return self.label(language())

    def label(self, lang: str) -> str:
        """The card's name in ``lang``."""
        return msg_in(lang, "mt.card", colour=msg_in(lang, f"mt.card-colour.{self.colour}"), value=self.value)

    def _repr_svg_(self) -> str:
        from tutor.games.monster_trick.drawing import card_svg  # drawing is optional: imported on use

        return card_svg(self)


CARDS = {(colour, value): Card(colour, value) for colour in COLOURS for value in range(1, 16)}


def deck(players: int) -> list[Card]:
    """The cards used at this player count (rule mt.deck), in a fixed order."""
    return list(_DECKS[players])


_DECKS = {
    players: tuple(CARDS[colour, value] for colour in COLOURS for value in range(1, top + 1))
    for players, top in TOP_VALUE.items()
}  # made once: every deal starts from one


def parse_card(text: str, players: int | None = None) -> Card:
    """``"green 8"`` -> Card; a clear NotationError for anything else."""
    words = str(text).lower().split()
    if len(words) != 2 or not words[1].isdigit():
        raise NotationError(msg("mt.error.card-format", text=text))
    colour, value = words[0], int(words[1])
    if colour not in COLOURS:
        raise NotationError(msg("mt.error.unknown-colour", text=text, colours=", ".join(COLOURS)))
    top = TOP_VALUE[players] if players else 15
    if not 1 <= value <= top:
        if players:
            raise NotationError(msg("mt.error.value-for-players", text=text, top=top, players=players))
        raise NotationError(msg("mt.error.unknown-value", text=text))
    return CARDS[colour, value]


class Play(NamedTuple):
    """Play ``card`` to table slot ``slot`` (0..3): opens it when free, else adds to it."""

    card: Card
    slot: int

    def __str__(self) -> str:
        return f"{self.card.colour} {self.card.value} -> {self.slot + 1}"


class Predict(NamedTuple):
    """Lay the round's three VP cards face down, ``order`` from left to right."""

    order: tuple[int, int, int]

    def __str__(self) -> str:
        return "vp " + " ".join(map(str, self.order))


class Deal(NamedTuple):
    """Chance event: the seeded shuffle gives every seat a hand."""

    hands: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "deal"


def parse_move(text: str, players: int | None = None) -> Play | Predict:
    """``"blue 9 -> 1"`` or ``"vp 2 1 3"``."""
    text = str(text).strip()
    if text.lower().startswith("vp"):
        parts = text.split()[1:]
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise NotationError(msg("mt.error.predict-format", text=text))
        first, second, third = map(int, parts)
        return Predict((first, second, third))
    card_text, arrow, slot_text = text.partition("->")
    if not arrow or not slot_text.strip().isdigit():
        raise NotationError(msg("mt.error.move-format", text=text))
    slot = int(slot_text)
    if not 1 <= slot <= SLOTS:
        raise NotationError(msg("mt.error.no-slot", slot=slot))
    return Play(parse_card(card_text, players), slot - 1)


def _orders(values: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    a, b, c = values
    return [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]


# Every move value made once: random play picks from these instead of building new ones.
_PLAYS = {card: tuple(Play(card, slot) for slot in range(SLOTS)) for card in CARDS.values()}
_PREDICTIONS = {number: tuple(Predict(order) for order in _orders(values)) for number, values in VP_SETS.items()}


class CompletedTrick(NamedTuple):
    slot: int
    winner: int
    cards: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    number: int  # how many tricks this winner has taken this round, this one included


def _allowed_slots(table: tuple[str | None, ...]) -> dict[str, tuple[int, ...]]:
    """For the opening colours of the four slots: each colour -> the slots a card of it
    may go to (rules mt.open, mt.follow, mt.off-colour)."""
    allowed = {}
    for wanted in COLOURS:
        slots = tuple(slot for slot, colour in enumerate(table) if colour is None or colour == wanted)
        allowed[wanted] = slots or tuple(range(SLOTS))
    return allowed


# Every table of opening colours (5 ** 4 of them) with its allowed slots, made once.
_SLOTS_BY_COLOUR = {table: _allowed_slots(table) for table in product((None, *COLOURS), repeat=SLOTS)}


Move = Play | Predict | Deal  # what a player or chance does


class State(core.State[Move]):
    """A Monster Trick game in progress. ``seat_names`` are only for messages."""

    game_id = GAME_ID
    OPTIONS = OPTIONS
    PLAYER_COUNTS = PLAYER_COUNTS
    FIELDS = (
        "round",
        "phase",
        "starter",
        "to_move",
        "hands",
        "tricks",
        "colour",
        "best",
        "vp_order",
        "won",
        "completed",
        "round_scores",
        "round_tricks",
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
        self.round = 1
        self.phase = "deal"
        self.starter = first_player
        self.to_move = CHANCE  # the seat to play or predict; chance deals; TERMINAL at the end
        self._new_table()
        self.round_scores: tuple[tuple[int, ...], ...] = ()  # one per finished round
        # tricks won per seat, per finished round (None: a round before a lesson's position)
        self.round_tricks: tuple[tuple[int | None, ...], ...] = ()

    def _new_table(self) -> None:
        """Empty hands and slots, no predictions, nothing won: the start of a round."""
        players = self.players
        self.hands: tuple[tuple[Card, ...], ...] = ((),) * players
        self.tricks: tuple[tuple[tuple[int, Card], ...], ...] = ((),) * SLOTS
        self.colour: tuple[str | None, ...] = (None,) * SLOTS  # opening colour per slot
        # per slot: (seat, value) of the highest card of the opening colour, which claims the trick
        self.best: tuple[tuple[int, int] | None, ...] = (None,) * SLOTS
        self.vp_order: tuple[tuple[int, ...] | None, ...] = (None,) * players
        self.won: tuple[int, ...] = (0,) * players
        self.completed: tuple[CompletedTrick, ...] = ()

    # ----------------------------------------------------------------- queries
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def open_slots(self) -> list[int]:
        return [slot for slot in range(SLOTS) if self.colour[slot] is not None]

    @property
    def claim(self) -> tuple[int | None, ...]:
        """Per slot: the seat that would win its trick now (rule mt.claim), None if free."""
        return tuple(best and best[0] for best in self.best)

    def free_slots(self) -> list[int]:
        return [slot for slot in range(SLOTS) if self.colour[slot] is None]

    def slots_for(self, card: Card) -> list[int]:
        """Where ``card`` may go now (rules mt.open, mt.follow, mt.off-colour),
        judged for this card alone, whatever else its holder has."""
        return list(_SLOTS_BY_COLOUR[self.colour][card.colour])

    def legal_moves(self) -> list[Move]:
        if self.phase == "predict":
            return list(_PREDICTIONS[self.round])
        if self.phase != "play":
            return []
        return [Play(card, slot) for card in self.hands[self.to_move] for slot in self.slots_for(card)]

    def legal_moves_by_card(self) -> dict[Card, list[int]]:
        """The mover's cards, each with the slots it may go to."""
        if self.phase != "play":
            return {}
        return {card: self.slots_for(card) for card in self.hands[self.to_move]}

    def active_vp(self, seat: int) -> int | None:
        """Value of the seat's active VP card this round, None while it has won nothing."""
        order = self.vp_order[seat]
        if not self.won[seat] or order is None:
            return None
        return order[(self.won[seat] - 1) % 3]

    def active_vp_position(self, seat: int) -> int | None:
        """0 = left, 1 = middle, 2 = right (rule mt.vp-cycle)."""
        return (self.won[seat] - 1) % 3 if self.won[seat] else None

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards of this round's finished tricks; once the game is over, also those
        left on the table. (Worked out when asked: play need not keep a copy.)"""
        cards = [card for trick in self.completed for _, card in trick.cards]
        if self.phase == "over":
            cards += [card for trick in self.tricks for _, card in trick]
        return tuple(cards)

    def totals(self) -> list[int]:
        return [sum(scores[seat] for scores in self.round_scores) for seat in range(self.players)]

    def returns(self) -> list[float]:
        return [float(total) for total in self.totals()]

    def ranking_key(self, seat: int) -> tuple[int, int, int]:
        """Rule mt.game-end: total, then round-3 score, then round-2 score."""
        scores = [rounds[seat] for rounds in self.round_scores] + [0] * (ROUNDS - len(self.round_scores))
        return (sum(scores), scores[2], scores[1])

    # ----------------------------------------------------------------- reasons
    def why_not(self, move: Move) -> Reason | None:
        """None when ``move`` is legal now, else the rule it breaks and why."""
        if type(move) is Play and self.phase == "play":
            return self._why_not_play(move)
        if self.phase == "over":
            return Reason("mt.game-end", "mt.why.game-over")
        if isinstance(move, Deal):
            return None if self.phase == "deal" else Reason("mt.deal", "mt.why.no-deal")
        if self.phase == "deal":
            return Reason("mt.deal", "mt.why.deal-first")
        if isinstance(move, Predict):
            if self.phase != "predict":
                return Reason("mt.prediction", "mt.why.predict-over")
            expected = VP_SETS[self.round]
            if sorted(move.order) != sorted(expected):
                return Reason(
                    "mt.prediction",
                    "mt.why.predict-cards",
                    round=self.round,
                    cards=listed([str(value) for value in expected]),
                    order=", ".join(map(str, move.order)),
                )
            return None
        if isinstance(move, Play):
            return Reason("mt.prediction", "mt.why.predict-first", player=self.name(self.to_move))
        return Reason("mt.turn", "mt.why.not-a-move", move=move)

    def _why_not_play(self, move: Play) -> Reason | None:
        card, slot = move
        if card not in self.hands[self.to_move]:
            return Reason("mt.turn", "mt.why.not-in-hand", player=self.name(self.to_move), card=card)
        if not 0 <= slot < SLOTS:
            return Reason("mt.open", "mt.why.no-slot", slot=slot + 1)
        trick_colour = self.colour[slot]
        if trick_colour is None or trick_colour == card.colour:
            return None
        own = [s for s in range(SLOTS) if self.colour[s] == card.colour]
        if own:
            return Reason(
                "mt.follow",
                "mt.why.follow",
                card=card,
                slot=slot + 1,
                trick_colour=_colour(trick_colour),
                colour=_colour(card.colour),
                other=own[0] + 1,
            )
        free = self.free_slots()
        if free:
            return Reason(
                "mt.off-colour",
                "mt.why.off-colour-free",
                card=card,
                slot=slot + 1,
                trick_colour=_colour(trick_colour),
                free=free[0] + 1,
            )
        return None

    # ----------------------------------------------------------------- moves
    def chance_move(self) -> Deal:
        """The deal the seed gives for this round (rule mt.deal)."""
        cards = deck(self.players)
        random.Random(f"{GAME_ID}:{self.seed}:{self.round}").shuffle(cards)
        return Deal(tuple(tuple(cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]) for seat in range(self.players)))

    def _apply(self, move: Move) -> None:
        """A card played (here: nearly every move is one), else the deal or a prediction."""
        if not isinstance(move, Play):
            self._deal_or_predict(move)
            return
        card, slot = move
        colour, value = card
        seat = self.to_move
        hand = self.hands[seat]
        at = hand.index(card)
        hand = hand[:at] + hand[at + 1 :]
        self.hands = replaced(self.hands, seat, hand)
        trick = self.tricks[slot] + ((seat, card),)
        size = len(trick)
        best = self.best[slot]  # None while the slot is empty: this card opens it and claims it
        claims = best is None or (colour == self.colour[slot] and value > best[1])
        if size == TRICK_SIZE:
            winner = best[0] if best is not None and not claims else seat
            self.won = replaced(self.won, winner, self.won[winner] + 1)
            self.completed += (CompletedTrick(slot, winner, trick, self.won[winner]),)
            trick = ()
            self.colour, self.best = replaced(self.colour, slot, None), replaced(self.best, slot, None)
        elif claims:
            if size == 1:
                self.colour = replaced(self.colour, slot, colour)
            self.best = replaced(self.best, slot, (seat, value))
        self.tricks = replaced(self.tricks, slot, trick)
        self.to_move = (seat + 1) % self.players
        if not hand and not any(self.hands):  # every hand is empty only once this one is
            self._end_round()

    def _deal_or_predict(self, move: Deal | Predict) -> None:
        if isinstance(move, Deal):
            self._new_table()  # the round before stays on the table until this deal: its scoring shows
            self.hands = tuple(tuple(sorted(hand, key=hand_order)) for hand in move.hands)
            self.phase, self.to_move = "predict", self.starter
        else:
            self.vp_order = replaced(self.vp_order, self.to_move, move.order)
            self.to_move = (self.to_move + 1) % self.players
            if self.to_move == self.starter:
                self.phase = "play"

    def _end_round(self) -> None:
        """Rule mt.round-end: score the active cards, next round (the deal clears the table)."""
        scores = tuple(self.active_vp(seat) or 0 for seat in range(self.players))
        self.round_scores += (scores,)
        self.round_tricks += (self.won,)
        if self.round == ROUNDS:
            self.phase, self.to_move = "over", TERMINAL
            return
        self.starter = self.next_starter(scores)
        self.round += 1
        self.phase, self.to_move = "deal", CHANCE

    def round_winner(self, scores: Sequence[int]) -> int:
        """Note mt.round-winner: highest score of the round; a tie goes to the tied
        player who comes first in turn order starting from that round's starter."""
        order = [(self.starter + k) % self.players for k in range(self.players)]
        return max(order, key=lambda seat: (scores[seat], -order.index(seat)))

    def next_starter(self, scores: Sequence[int]) -> int:
        """Rule mt.start-player and its variant."""
        if self.options["start_rule"] == "left-of-winner":
            return (self.round_winner(scores) + 1) % self.players
        return (self.starter + 1) % self.players

    # ----------------------------------------------------------------- events
    def describe(self, before: Any, move: Move, after: Any) -> list[Event]:
        """The deal, a prediction (without its order: it is secret), a card played, the
        tricks it won with the VP card that became active, a round scored, the end."""
        if type(move) is Deal:
            return [Event("dealt", None, {"round": after.round})]
        if type(move) is Predict:
            return [Event("predicted", before.to_move)]
        assert type(move) is Play  # the one kind left
        events = [Event("card-played", before.to_move, {"card": move.card, "slot": move.slot})]
        round_over = len(after.round_scores) > len(before.round_scores)
        won = after.round_tricks[-1] if round_over else after.won
        for seat in range(self.players):
            if won[seat] > before.won[seat]:
                position = (won[seat] - 1) % 3
                events.append(Event("trick-won", seat, {"slot": move.slot, "count": won[seat]}))
                events.append(
                    Event("vp-activated", seat, {"position": position, "value": before.vp_order[seat][position]})
                )
        if round_over:
            events.append(Event("round-scored", None, {"round": before.round, "scores": after.round_scores[-1]}))
        if after.phase == "over":
            events.append(Event("game-over"))
        return events

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand and prediction, everyone's table, the
        cards of this round's finished tricks (all were seen), hand sizes, tricks won
        and active VP cards (face up), nothing else."""
        return {
            "seat": seat,
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "tricks": [list(t) for t in self.tricks],
            "claims": list(self.claim),
            "won": list(self.won),
            "vp_order": self.vp_order[seat],
            "active_vp": [self.active_vp(s) for s in range(self.players)],
            "round_scores": [list(r) for r in self.round_scores],
            "discards": list(self.discards),
        }

    def resample_from_view(self, seat: int, rng: random.Random) -> State:
        """The other seats' hands dealt again among them, sizes kept, and their hidden
        predictions chosen again around the VP card each shows. The cards are put in one
        order before the shuffle, so the copy depends on the view and ``rng`` alone."""
        other = self.clone()
        others = [player for player in range(self.players) if player != seat]
        pool = sorted((card for player in others for card in self.hands[player]), key=hand_order)
        rng.shuffle(pool)
        hands, orders = list(self.hands), list(self.vp_order)
        for player in others:
            size = len(hands[player])
            hands[player] = tuple(sorted(pool[:size], key=hand_order))
            del pool[:size]
            if orders[player] is not None:
                orders[player] = self._guessed_order(player, rng)
        other.hands, other.vp_order = tuple(hands), tuple(orders)
        return other

    def _guessed_order(self, player: int, rng: random.Random) -> tuple[int, ...]:
        """A prediction for ``player`` that shows the same active VP card (rule mt.vp-cycle)."""
        position, shown = self.active_vp_position(player), self.active_vp(player)
        rest = [value for value in VP_SETS[self.round] if value != shown or position is None]
        rng.shuffle(rest)
        if position is not None and shown is not None:
            rest.insert(position, shown)
        return tuple(rest)

    def random_move(self, rng: random.Random) -> Move | None:
        """A uniformly chosen card, then one of its slots: cheaper than listing
        every legal move, and still only legal moves. The choice is left in ``_chosen``,
        so push need not check it again."""
        move: Play | Deal | Predict
        if self.phase == "play":
            hand = self.hands[self.to_move]
            card = hand[int(rng.random() * len(hand))]
            slots = _SLOTS_BY_COLOUR[self.colour][card.colour]
            self._chosen = move = _PLAYS[card][slots[int(rng.random() * len(slots))]]
            return move
        if self.phase == "deal":
            self._chosen = move = self.chance_move()
            return move
        if self.phase == "over":
            return None
        self._chosen = move = rng.choice(_PREDICTIONS[self.round])
        return move

    def _repr_html_(self) -> str:
        from tutor.games.monster_trick.drawing import state_html  # drawing is optional: imported on use

        return state_html(self)

    def __repr__(self) -> str:
        return f"<monster-trick round {self.round} {self.phase}, {self.players} players, to move {self.to_move}>"


new_game = State


def _colour(colour: str) -> str:
    return msg(f"mt.colour.{colour}")


# Hands are kept sorted by colour, then value: the order of CARDS.
hand_order = {card: position for position, card in enumerate(CARDS.values())}.__getitem__
