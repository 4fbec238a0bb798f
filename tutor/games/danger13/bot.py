"""Danger 13's computer players: the beginner, the coach, and what the expert searches."""

from __future__ import annotations

import math
from functools import cache, lru_cache

from tutor.bots import Bot, Options, Search, Seat, View, Why
from tutor.games import danger13 as d13

SeatMove = d13.Give | d13.Choice  # what a seat does (turning up and drawing cards is chance's)
Row = tuple[d13.Card, ...]


class Coach(Bot[SeatMove]):
    """Weighs every choice by its effect on its own expected plus points against the
    best of the others': plus cards to itself while safe, cards that hurt to whoever
    has most to lose, busts for rows full of plus cards; as the dealer, its own card kept
    for the best of the cards still face down unless this one beats them; refuses with a hand card only
    what would hurt more than losing the hand card."""

    kind = "coach"

    def decide(self, view: View, moves: list[SeatMove], options: Options) -> SeatMove:
        table = _Rows(view)
        if view["phase"] == d13.GIVE:
            seat, waiting = view["seat"], _waiting(table, view)
            return max(
                _gives(moves),
                key=lambda move: (
                    table.expected(table.receive(move.seat, move.card)) + (waiting if move.seat != seat else 0.0)
                ),
            )
        refuse = table.refuse(view["actor"])
        return max(
            _answers(moves),
            key=lambda move: table.expected(
                refuse if move.answer == d13.REFUSE else table.receive(view["actor"], move.card, can_refuse=False)
            ),
        )

    def explain(self, view: View, move: SeatMove, moves: list[SeatMove], options: Options) -> Why:
        """What the card does to the row it reaches, as ``decide`` weighs it."""
        table = _Rows(view)
        if isinstance(move, d13.Give):
            seat, card = view["seat"], move.card
            why = table.why(seat, move.seat, card)
            if move.seat != seat and d13.Give(card, seat) in moves and _waiting(table, view):
                kept, given = (table.expected(table.receive(receiver, card)) for receiver in (seat, move.seat))
                if kept > given:  # keeping would have been better, but for the cards still to come
                    return Why(
                        "bot.why.d13.wait",
                        dealer=Seat(seat),
                        card=card,
                        player=Seat(move.seat),
                        count=view["packet_size"],
                        plan=why,
                    )
            return why
        actor = view["actor"]
        if move.answer == d13.ACCEPT:
            return table.why(actor, actor, move.card, can_refuse=False)
        row = table.rows[actor]
        landing, after = table.landing(actor, move.card, can_refuse=False)
        fields = {"player": Seat(actor), "card": move.card, "line": _line(row)}
        if landing == BUST:
            return Why("bot.why.d13.refuse-bust", total=_row_sum(after), **fields)
        return Why("bot.why.d13.refuse", total=_row_sum(row), **fields)


class Beginner(Bot[SeatMove]):
    """A new player's habits: keeps every plus card for itself, whatever its row holds,
    hands the other cards to the next player who may take one, and refuses a card only
    when it would bust its row at once."""

    kind = "beginner"

    def decide(self, view: View, moves: list[SeatMove], options: Options) -> SeatMove:
        seat = view["seat"]
        if view["phase"] == d13.GIVE:
            gives = _gives(moves)
            if view["revealed"].plus:
                keep = [move for move in gives if move.seat == seat]
                if keep:
                    return keep[0]
            players = len(view["rows"])
            return min(gives, key=lambda move: (move.seat - seat - 1) % players)
        wanted = d13.REFUSE if self._busts(view) else d13.ACCEPT
        answers = _answers(moves)
        return next((move for move in answers if move.answer == wanted), answers[0])

    def explain(self, view: View, move: SeatMove, moves: list[SeatMove], options: Options) -> Why:
        seat, card = view["seat"], move.card
        fields = {"player": Seat(seat), "card": card, "line": view["limits"][seat]}
        if isinstance(move, d13.Give):
            if move.seat != seat:
                return Why("bot.why.d13.beginner.next", receiver=Seat(move.seat), **fields)
            if card.plus:
                return Why("bot.why.d13.beginner.keep-plus", total=view["row_sums"][seat], **fields)
            return Why("bot.why.d13.beginner.last", **fields)
        total = view["row_sums"][seat] + (card.value if card.kind in d13.VALUED else 0)
        if move.answer == d13.REFUSE:
            return Why("bot.why.d13.beginner.refuse", total=total, **fields)
        return Why("bot.why.d13.beginner.take", total=total, **fields)

    @staticmethod
    def _busts(view: View) -> bool:
        """Only a card whose printed value reaches the limit at once looks dangerous to a beginner."""
        seat, card = view["seat"], view["pending"]
        return card.kind in d13.VALUED and view["row_sums"][seat] + card.value >= view["limits"][seat]


def _waiting(table: _Rows, view: View) -> float:
    """What the dealer's own place in the deal is worth while it is free and cards are still
    face down: a card given away leaves it the best of those to keep (0 otherwise)."""
    if view["seat"] in view["received"] or not view["packet_size"]:
        return 0.0
    return table.waiting(view["packet_size"])


def _gives(moves: list[SeatMove]) -> list[d13.Give]:
    """The gives among ``moves``: all of them while the dealer gives (rule d13.one-each)."""
    return [move for move in moves if isinstance(move, d13.Give)]


def _answers(moves: list[SeatMove]) -> list[d13.Choice]:
    """The answers among ``moves``: all of them while a hand card's owner decides (rule d13.hand)."""
    return [move for move in moves if isinstance(move, d13.Choice)]


def forced(view: View, move: SeatMove) -> Why | None:
    """Rule d13.one-each: the turned-up card goes to the one player still without a card in
    this deal (the only way a Danger 13 move is forced)."""
    if not isinstance(move, d13.Give):
        return None
    fields = {"player": Seat(view["seat"]), "card": move.card, "rule": Why("rule.d13.one-each.title")}
    if move.seat == view["seat"]:
        return Why("bot.why.d13.forced-keep", **fields)
    return Why("bot.why.d13.forced-give", receiver=Seat(move.seat), **fields)


def _round_over(start: d13.State, now: d13.State) -> bool:
    """The expert plays a deal out to the round's scoring; ``_win_chance`` weighs the rounds after it."""
    return now.round != start.round


def _win_chance(state: d13.State, seat: int) -> float:
    """The expert's measure at the end of a playout: ``seat``'s share of the win once the game
    is over, else its chance to win if every seat's points still grow by independent normal
    amounts whose spread covers the rounds left (``ROUNDS``), ours summed over a grid of its
    own growths."""
    if state.is_terminal():
        winners = state.winners()
        return 1 / len(winners) if seat in winners else 0.0
    cards_a_round, round_spread = ROUNDS[state.players]
    spread = round_spread * math.sqrt(1 + len(state.pile) / cards_a_round)
    scale = spread * math.sqrt(2)
    mine = state.plus_points(seat)
    gaps = [mine - state.plus_points(other) for other in range(state.players) if other != seat]
    chance = 0.0
    for growth, weight in GROWTHS:
        ahead = 1.0
        for gap in gaps:
            ahead *= 0.5 * (1 + math.erf((gap + growth * spread) / scale))
        chance += weight * ahead
    return chance


# By player count: the cards of the pile a round takes, and how far a seat's points spread in a
# round (over the rounds left: times the square root of their number). Fitted to the rounds of
# 400 to 600 coach games (each seat's points at a round's start against who won the game): at 4
# players the rounds left against the pile, at the others the pile over the rounds of a game.
ROUNDS = {2: (14, 2.5), 3: (17, 2.1), 4: (25, 1.8), 5: (23, 1.9)}
# A standard normal growth on a grid of half steps from -3 to 3, with its weights.
_STEPS = [step / 2 for step in range(-6, 7)]
_DENSITIES = [math.exp(-step * step / 2) for step in _STEPS]
GROWTHS = [(step, density / sum(_DENSITIES)) for step, density in zip(_STEPS, _DENSITIES, strict=True)]

SEARCH = Search(deals=64, over=_round_over, worth=_win_chance)

AVERAGE_PLUS = sum(card.plus for card in d13.DECK if card.plus) / sum(1 for card in d13.DECK if card.plus)
CARDS_TO_COME = 3  # roughly how many more cards a row receives before the round ends
# The expert's playouts weigh the same rows again and again: their measures are kept, for the
# latest few hundred rows only (measured: with tens of thousands kept, the garbage collector's
# full passes over them cost more than the cache saves, up to 0.4 s on one move).
ROWS_KEPT = 1 << 8


@cache
def _bust_chance(room: int) -> float:
    """Chance that one card from a full deck reaches a line ``room`` points away."""
    return sum(1 for card in d13.DECK if card.value >= room) / len(d13.DECK)


# What a card does to the row it reaches (``_Rows.landing``).
INSTANT, REFUSED, BUST, DRAWS, SAFE = "instant", "refused", "bust", "draw", "safe"


# What one seat receiving a card may lead to: (chance, that seat, its row, its banked
# points, whether the card busts it); the other seats stay as they are.
Outcome = tuple[float, int, Row, float, bool]
# What a card drawn for a row does: (chance, the row it leaves, plus points banked at once, whether it busts).
Draw = tuple[float, Row, int, bool]


class _Rows:
    """Danger 13 rows and banks as one seat sees them, valued in expected plus points
    over the outcomes (``Outcome``) of a card."""

    def __init__(self, view: View) -> None:
        self.seat: int = view["seat"]
        self.rows: list[Row] = [tuple(row) for row in view["rows"]]
        # Other banks are face down: count their cards at an average plus card's worth.
        self.banked: list[float] = [
            sum(card.plus for card in view["bank"]) if seat == self.seat else size * AVERAGE_PLUS
            for seat, size in enumerate(view["bank_sizes"])
        ]
        # Every seat's worth while the round goes on, and once a bust ends it (rows banked whole).
        self.live = [bank + _row_worth(row) for bank, row in zip(self.banked, self.rows, strict=True)]
        self.ended = [bank + _row_plus(row) for bank, row in zip(self.banked, self.rows, strict=True)]

    def receive(self, seat: int, card: d13.Card, can_refuse: bool = True) -> list[Outcome]:
        """The outcomes of ``seat`` receiving ``card``: a receiver holding a hand card refuses
        a card that would bust them; a draw card's draw is averaged over the deck."""
        row = self.rows[seat]
        landing, new_row = _landing(row, card, can_refuse)
        if landing == INSTANT:
            return [(1.0, seat, row, self.banked[seat] + card.plus, False)]
        if landing == REFUSED:
            return [(1.0, seat, _refused(row), self.banked[seat], False)]
        if landing in (BUST, SAFE):
            return [(1.0, seat, new_row, self.banked[seat], landing == BUST)]
        bank = self.banked[seat]
        return [(chance, seat, after, bank + plus, busts) for chance, after, plus, busts in _draws(new_row)]

    def landing(self, seat: int, card: d13.Card, can_refuse: bool = True) -> tuple[str, Row]:
        """What ``card`` does to ``seat``'s row (``_landing``)."""
        return _landing(self.rows[seat], card, can_refuse)

    def why(self, mover: int, seat: int, card: d13.Card, can_refuse: bool = True) -> Why:
        """What ``card`` does to ``seat``'s row, in the words of its landing (``mover`` keeps it or
        gives it to ``seat``, or ``seat`` takes it)."""
        row = self.rows[seat]
        landing, after = self.landing(seat, card, can_refuse)
        fields = {"player": Seat(seat), "card": card, "line": _line(after), "total": _row_sum(after)}
        if landing == INSTANT:
            return Why("bot.why.d13.instant", player=Seat(seat), card=card)
        if card.kind == d13.ARROW:
            if not row:
                return Why("bot.why.d13.arrow-empty", player=Seat(seat), card=card)
            return Why("bot.why.d13.arrow", player=Seat(seat), card=card, last=row[-1])
        if landing == REFUSED:
            return Why("bot.why.d13.refused", **fields)
        if landing == BUST:
            key = "bust-take" if not can_refuse or seat == mover else "bust"
            return Why(f"bot.why.d13.{key}", before=_row_sum(row), **fields)
        if landing == DRAWS:
            return Why("bot.why.d13.draw", **fields)
        if not can_refuse:
            return Why("bot.why.d13.take-safe", **fields)
        if seat == mover:
            return Why("bot.why.d13.keep-plus" if card.plus else "bot.why.d13.safe", **fields)
        plus = _row_plus(row)
        return Why("bot.why.d13.closer-plus", plus=plus, **fields) if plus else Why("bot.why.d13.safe", **fields)

    def waiting(self, cards: int) -> float:
        """What keeping the best of ``cards`` cards still to come adds to our lead: each card's
        gain drawn from the whole deck, the best of them kept."""
        seat = self.seat
        others = [other for other in range(len(self.rows)) if other != seat]
        gains = _keep_gains(
            self.rows[seat],
            self.banked[seat],
            max(self.live[other] for other in others),
            max(self.ended[other] for other in others),
        )
        best, below = 0.0, 0.0
        for gain, chance in gains:
            best += gain * ((below + chance) ** cards - below**cards)
            below += chance
        return best

    def refuse(self, seat: int) -> list[Outcome]:
        """Rule d13.hand: the refused card and a hand card leave; nothing else happens."""
        return [(1.0, seat, _refused(self.rows[seat]), self.banked[seat], False)]

    def expected(self, outcomes: list[Outcome]) -> float:
        """Our expected plus points minus the best other seat's, over the outcomes."""
        total = 0.0
        for chance, seat, row, bank, busts in outcomes:
            worth = list(self.ended if busts else self.live)
            worth[seat] = bank if busts else bank + _row_worth(row)
            mine = worth.pop(self.seat)
            total += chance * (mine - max(worth))
        return total


@lru_cache(maxsize=ROWS_KEPT)
def _keep_gains(row: Row, bank: float, live: float, ended: float) -> tuple[tuple[float, float], ...]:
    """For each card of the deck, least first: what keeping it adds to the lead of a seat with
    ``row`` and ``bank`` over the best other seat (worth ``live`` while the round goes on,
    ``ended`` if a bust ends it), and its chance. A draw card counts as its value alone."""
    now = bank + _row_worth(row) - live
    gains = []
    for card, count in d13.COUNTS.items():
        landing, after = _landing(row, card._replace(kind=d13.PLAIN) if card.kind == d13.DRAW else card, True)
        if landing == INSTANT:
            gain: float = card.plus
        elif landing == REFUSED:
            gain = _row_worth(_refused(row)) - _row_worth(row)
        elif landing == BUST:
            gain = bank - ended - now
        else:
            gain = _row_worth(after) - _row_worth(row)
        gains.append((gain, count / len(d13.DECK)))
    return tuple(sorted(gains))


def _landing(row: Row, card: d13.Card, can_refuse: bool) -> tuple[str, Row]:
    """What ``card`` does to ``row`` (INSTANT, REFUSED, BUST, DRAWS or SAFE), and the row it
    leaves if it goes in: the coach expects a receiver holding a hand card to refuse a bust."""
    if card.kind == d13.INSTANT:
        return INSTANT, row
    new_row = row[:-1] if card.kind == d13.ARROW else row + (card,)
    if _row_sum(new_row) < _line(new_row):
        return (DRAWS if card.kind == d13.DRAW else SAFE), new_row
    return (REFUSED if can_refuse and d13.HAND_CARD in row else BUST), new_row


@lru_cache(maxsize=ROWS_KEPT)
def _draws(row: Row) -> tuple[Draw, ...]:
    """What the card a draw card draws does to ``row`` (which holds the draw card), for each
    card of the deck: (chance, the row it leaves, plus points banked at once, whether it busts).
    A drawn draw card draws again; the coach looks one card deep and counts only its value."""
    share = 1 / len(d13.DECK)
    outcomes: list[Draw] = []
    for drawn, count in d13.COUNTS.items():
        card = drawn._replace(kind=d13.PLAIN) if drawn.kind == d13.DRAW else drawn
        landing, after = _landing(row, card, True)
        if landing == INSTANT:
            outcomes.append((share * count * 1.0, row, card.plus, False))
        elif landing == REFUSED:
            outcomes.append((share * count * 1.0, _refused(row), 0, False))
        else:
            outcomes.append((share * count * 1.0, after, 0, landing == BUST))
    return tuple(outcomes)


def _refused(row: Row) -> Row:
    """``row`` without its last hand card."""
    cards = list(row)
    cards.reverse()
    cards.remove(d13.HAND_CARD)
    cards.reverse()
    return tuple(cards)


@lru_cache(maxsize=ROWS_KEPT)
def _row_worth(row: Row) -> float:
    """A row's plus points times the chance it is banked."""
    return _row_plus(row) * _keep(row)


def _keep(row: Row) -> float:
    """Chance that a row lives to be banked: it must survive the cards still to come;
    a hand card absorbs one bad card."""
    survive = (1 - _bust_chance(_line(row) - _row_sum(row))) ** CARDS_TO_COME
    return 1 - (1 - survive) ** 2 if d13.HAND_CARD in row else survive


@lru_cache(maxsize=ROWS_KEPT)
def _row_sum(row: Row) -> int:
    return sum(card.value for card in row)


@lru_cache(maxsize=ROWS_KEPT)
def _row_plus(row: Row) -> int:
    return sum(card.plus for card in row)


def _line(row: Row) -> int:
    return d13.RAISED_LIMIT if d13.RAISE_CARD in row else d13.LIMIT
