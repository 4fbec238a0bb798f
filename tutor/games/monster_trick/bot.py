"""Monster Trick's computer players: the beginner, the coach, and what the expert searches."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.bots import Bot, Options, Search, Seat, View, Why
from tutor.games import monster_trick as mt

SeatMove = mt.Play | mt.Predict  # what a seat does (the deals are chance's)


class Coach(Bot[SeatMove]):
    """Predicts how many tricks its hand takes, puts the highest VP card at that place
    in the cycle, then wins tricks while below that target and dodges them once on it."""

    kind = "coach"

    def decide(self, view: View, moves: list[SeatMove], options: Options) -> SeatMove:
        table = _TrickTable(view)
        if view["phase"] == "predict":
            return mt.Predict(_vp_order(mt.VP_SETS[view["round"]], table.expected_wins()))
        want = table.wants_trick()
        return max(_plays(moves), key=lambda move: table.play_score(move, want))

    def ranked(self, view: View, moves: list[SeatMove], options: Options) -> Sequence[SeatMove]:
        if view["phase"] == "predict":
            return super().ranked(view, moves, options)
        table = _TrickTable(view)
        want = table.wants_trick()
        # stable: ties as max() breaks them. Named, not returned at once: mypy would then type
        # the key's move as any SeatMove, not a Play.
        plays = sorted(_plays(moves), key=lambda move: -table.play_score(move, want))
        return plays

    def explain(self, view: View, move: SeatMove, moves: list[SeatMove], options: Options) -> Why:
        """Where the highest VP card lies and what the card does to its trick, as ``decide`` weighs them."""
        table = _TrickTable(view)
        player = Seat(view["seat"])
        if isinstance(move, mt.Predict):
            high = max(move.order)
            place = move.order.index(high)
            fields = {"player": player, "high": high, "place": Why(f"bot.why.mt.place.{place}")}
            fields |= {"first": place + 1, "second": place + 4}
            tricks = max(1, round(table.expected_wins()))
            if (tricks - 1) % 3 == place:
                return Why("bot.why.mt.predict", tricks=tricks, **fields)
            return Why("bot.why.mt.predict-other", **fields)
        plays = _plays(moves)
        gains = [table.gain(other) for other in plays]
        gain = table.gain(move)
        fields = {"player": player, "card": move.card, "slot": move.slot + 1}
        if table.wants_trick():
            if gain > 0:
                return Why("bot.why.mt.win", **fields)
            weakest = table.keep_chance(move.card, 1) <= min(table.keep_chance(other.card, 1) for other in plays)
            if weakest and max(gains) == 0:
                return Why("bot.why.mt.save", **fields)
            return Why("bot.why.mt.want-nothing", **fields)
        if gain == 0:
            return Why("bot.why.mt.dodge", **fields)
        if min(gains) > 0:
            return Why("bot.why.mt.dodge-forced", **fields)
        return Why("bot.why.mt.dodge-risk", **fields)


class Beginner(Bot[SeatMove]):
    """A new player's habits: lays the VP cards low to high whatever the hand, and plays
    its highest card first, on the first table slot it may go to, whatever the tricks there."""

    kind = "beginner"

    def decide(self, view: View, moves: list[SeatMove], options: Options) -> SeatMove:
        if view["phase"] == "predict":
            low, middle, high = sorted(mt.VP_SETS[view["round"]])
            return mt.Predict((low, middle, high))
        return max(_plays(moves), key=lambda move: (move.card.value, -move.slot))

    def explain(self, view: View, move: SeatMove, moves: list[SeatMove], options: Options) -> Why:
        player = Seat(view["seat"])
        if isinstance(move, mt.Predict):
            return Why("bot.why.mt.beginner.predict", player=player, order=", ".join(map(str, move.order)))
        return Why("bot.why.mt.beginner.play", player=player, card=move.card, slot=move.slot + 1)


def _plays(moves: list[SeatMove]) -> list[mt.Play]:
    """The plays among ``moves``: all of them once the VP cards are laid (rule mt.prediction comes first)."""
    return [move for move in moves if isinstance(move, mt.Play)]


def forced(view: View, move: SeatMove) -> Why | None:
    """A play is forced only with one card left (every card has a place): rule mt.follow puts
    it on the one trick of its colour, rule mt.off-colour on the one free slot."""
    if not isinstance(move, mt.Play) or len(view["hand"]) != 1:
        return None
    trick = view["tricks"][move.slot]
    fields = {"player": Seat(view["seat"]), "card": move.card, "slot": move.slot + 1}
    colour = Why(f"mt.colour.{move.card.colour}")
    if not trick:
        return Why("bot.why.mt.forced-open", colour=colour, rule=Why("rule.mt.off-colour.title"), **fields)
    if trick[0][1].colour == move.card.colour:
        return Why("bot.why.mt.forced-follow", colour=colour, rule=Why("rule.mt.follow.title"), **fields)
    return None


def _round_over(start: mt.State, now: mt.State) -> bool:
    """The expert plays a deal out to the end of the round: later rounds are dealt afresh."""
    return now.round != start.round


SEARCH = Search(deals=5, over=_round_over, shortlist=6)

TRICK_WEIGHT = 10.0  # a trick's worth, against the small card-spending preferences
BASE_TRICKS = 2


def _vp_order(values: tuple[int, ...], expected: float) -> tuple[int, int, int]:
    """Highest VP card where the expected last trick lands in the cycle, the middle one
    a trick later (overshooting is likelier than falling short), the lowest last."""
    target = max(1, round(expected))
    low, middle, high = sorted(values)
    order = [low] * 3
    order[(target - 1) % 3] = high
    order[target % 3] = middle
    return order[0], order[1], order[2]


class _TrickTable:
    """What a Monster Trick seat sees, with the coach's estimates."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat: int = view["seat"]
        players = len(view["hand_sizes"])
        seen = set(view["hand"]) | {card for trick in view["tricks"] for _, card in trick}
        self.unseen = [card for card in mt.deck(players) if card not in seen]
        # Unseen cards are in other hands or already discarded; only the first can still beat us.
        live_cards = sum(view["hand_sizes"]) - len(view["hand"])
        self.live = live_cards / len(self.unseen) if self.unseen else 0.0
        self._higher: dict[mt.Card, int] = {}  # card -> unseen cards of its colour that beat it
        # Per slot: (its colour, who holds it, with which card, how many cards), None while empty.
        self._tricks: list[Standing | None] = [_standing(trick) for trick in view["tricks"]]

    def keep_chance(self, card: mt.Card, cards_after: int) -> float:
        """Rough chance that ``card`` keeps the claim of a trick holding ``cards_after`` cards."""
        higher = self._higher.get(card)
        if higher is None:  # counted once per card: the coach asks about each card several times
            higher = self._higher[card] = sum(
                1 for other in self.unseen if other.colour == card.colour and other.value > card.value
            )
        return 1.0 / (1.0 + higher * self.live * (4 - cards_after) / 3)

    def expected_wins(self) -> float:
        """Tricks this hand should take: a couple come anyway (other players complete
        tricks we hold), and each card adds half its chance to hold a claim (several of
        our cards often land on one trick). Fitted on games against random players."""
        return BASE_TRICKS + 0.5 * sum(self.keep_chance(card, 1) for card in self.view["hand"])

    def wants_trick(self) -> bool:
        """Keep winning until the highest VP card is the active one, then stop."""
        won, order = self.view["won"][self.seat], self.view["vp_order"]
        return not won or order[(won - 1) % 3] != max(order)

    def win_chance(self, slot: int, card: mt.Card | None = None) -> float:
        """Chance that we take the trick in ``slot``, after adding ``card`` if given."""
        standing = self._tricks[slot]
        if standing is None:
            if card is None:
                return 0.0
            holder, best, size = self.seat, card, 1
        else:
            colour, holder, best, size = standing
            if card is not None:
                size += 1
                if card.colour == colour and card.value > best.value:
                    holder, best = self.seat, card
        if holder != self.seat:
            return 0.0
        return 1.0 if size == 4 else self.keep_chance(best, size)

    def gain(self, move: mt.Play) -> float:
        """How much likelier ``move`` makes us to take the trick it goes on."""
        return self.win_chance(move.slot, move.card) - self.win_chance(move.slot)

    def play_score(self, move: mt.Play, want: bool) -> float:
        card = move.card
        gain = self.gain(move)
        strength = self.keep_chance(card, 1)
        if want:
            return TRICK_WEIGHT * gain - strength  # win, with the weakest card that does it
        return -TRICK_WEIGHT * gain + strength  # dodge, shedding cards that could win later


Standing = tuple[str, int, mt.Card, int]


def _standing(trick: list[tuple[int, mt.Card]]) -> Standing | None:
    """A trick's colour, the seat holding it and its card (the highest of the colour), and its size."""
    if not trick:
        return None
    colour = trick[0][1].colour
    holder, best = max(
        ((seat, card) for seat, card in trick if card.colour == colour), key=lambda entry: entry[1].value
    )
    return colour, holder, best, len(trick)
