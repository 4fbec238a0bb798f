"""Computer players for every game: one interface, a random bot and a coach per game.

A bot plays one seat. ``Bot.choose(state, seat)`` hands the bot's ``decide`` only what
that seat may know: ``state.view(seat)``, the seat's legal moves and the game's options
(public rules). Bots therefore cannot read hidden cards, and the same view always gives
the same choice for the same bot seed.
"""
from __future__ import annotations

import copy
import random
from functools import cache

from tutor.core import CHANCE, SIMULTANEOUS, TutorError
from tutor.games import danger13 as d13
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw
from tutor.messages import msg

KINDS = ("random", "coach")


class Bot:
    """A player for one seat; subclasses implement ``decide``."""

    game = ""
    kind = ""

    def __init__(self, seed=0):
        self.rng = random.Random(f"bot:{self.game}:{self.kind}:{seed}")

    @property
    def name(self) -> str:
        return msg(f"bot.{self.kind}.name")

    @property
    def description(self) -> str:
        return msg(f"bot.{self.kind}.{self.game}")

    def choose(self, state, seat: int):
        """The move this bot makes for ``seat`` now (``seat`` must be able to move)."""
        moves = seat_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        return self.decide(state.view(seat), moves, state.options)

    def decide(self, view: dict, moves: list, options: dict):
        raise NotImplementedError


class RandomBot(Bot):
    """Any legal move, uniformly: the baseline the coaches are measured against."""

    kind = "random"

    def decide(self, view, moves, options):
        return moves[int(self.rng.random() * len(moves))]


def seat_moves(state, seat: int) -> list:
    """The legal moves of ``seat``: in a simultaneous step each move names its seat."""
    if state.to_move == SIMULTANEOUS:
        return [move for move in state.legal_moves() if move.seat == seat]
    return state.legal_moves() if state.to_move == seat else []


def play_out(state, bots: list[Bot]):
    """Play ``state`` to its end, chance from the seed and every seat from its bot.
    Returns the number of player moves made."""
    moves = 0
    while not state.is_terminal():
        mover = state.to_move
        if mover == CHANCE:
            state.push(state.chance_move())
            continue
        if mover == SIMULTANEOUS:
            mover = state.legal_moves()[0].seat
        state.push(bots[mover].choose(state, mover))
        moves += 1
    return moves


# ------------------------------------------------------------------ Monster Trick
class MonsterTrickCoach(Bot):
    """Predicts how many tricks its hand takes, puts the highest VP card at that place
    in the cycle, then wins tricks while below that target and dodges them once on it."""

    game, kind = mt.GAME_ID, "coach"

    def decide(self, view, moves, options):
        table = _TrickTable(view)
        if view["phase"] == "predict":
            return mt.Predict(_vp_order(mt.VP_SETS[view["round"]], table.expected_wins()))
        want = table.wants_trick()
        return max(moves, key=lambda move: table.play_score(move, want))


TRICK_WEIGHT = 10.0  # a trick's worth, against the small card-spending preferences
BASE_TRICKS = 2


def _vp_order(values: tuple[int, ...], expected: float) -> tuple[int, ...]:
    """Highest VP card where the expected last trick lands in the cycle, the middle one
    a trick later (overshooting is likelier than falling short), the lowest last."""
    target = max(1, round(expected))
    low, middle, high = sorted(values)
    order = [low] * 3
    order[(target - 1) % 3] = high
    order[target % 3] = middle
    return tuple(order)


class _TrickTable:
    """What a Monster Trick seat sees, with the coach's estimates."""

    def __init__(self, view: dict):
        self.view = view
        self.seat = view["seat"]
        players = len(view["hand_sizes"])
        seen = set(view["hand"]) | {card for trick in view["tricks"] for _, card in trick}
        self.unseen = [card for card in mt.deck(players) if card not in seen]
        # Unseen cards are in other hands or already discarded; only the first can still beat us.
        live_cards = sum(view["hand_sizes"]) - len(view["hand"])
        self.live = live_cards / len(self.unseen) if self.unseen else 0.0

    def keep_chance(self, card, cards_after: int) -> float:
        """Rough chance that ``card`` keeps the claim of a trick holding ``cards_after`` cards."""
        higher = sum(1 for other in self.unseen if other.colour == card.colour and other.value > card.value)
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

    def win_chance(self, slot: int, card=None) -> float:
        """Chance that we take the trick in ``slot``, after adding ``card`` if given."""
        trick = list(self.view["tricks"][slot]) + ([(self.seat, card)] if card else [])
        if not trick:
            return 0.0
        colour = trick[0][1].colour
        holder, best = max(((seat, c) for seat, c in trick if c.colour == colour), key=lambda entry: entry[1].value)
        if holder != self.seat:
            return 0.0
        return 1.0 if len(trick) == 4 else self.keep_chance(best, len(trick))

    def play_score(self, move: mt.Play, want: bool) -> float:
        card, slot = move
        gain = self.win_chance(slot, card) - self.win_chance(slot)
        strength = self.keep_chance(card, 1)
        if want:
            return TRICK_WEIGHT * gain - strength  # win, with the weakest card that does it
        return -TRICK_WEIGHT * gain + strength  # dodge, shedding cards that could win later


# ------------------------------------------------------------------ Thricewise
class ThricewiseCoach(Bot):
    """Places where it scores most, minus what the cells it opens would give a likely
    card of someone else; picks the card whose best place is worth most."""

    game, kind = tw.GAME_ID, "coach"

    def decide(self, view, moves, options):
        grid = _Grid(view, options)
        if view["phase"] == "pick":
            return max(moves, key=lambda move: grid.best_value(move.card))
        value, best = max((grid.value(move.card, move.cell), move) for move in moves if isinstance(move, tw.Place))
        done = tw.Done()
        return done if done in moves and value < KEEP_DEFERRED else best


THREAT_WEIGHT = 0.1  # light: measured, a heavy penalty makes the coach pass up its own points
KEEP_DEFERRED = 1.0  # a set-aside card waits for a place worth at least this


class _Grid:
    """A Thricewise grid as one seat sees it, with the coach's measures."""

    def __init__(self, view: dict, options: dict):
        self.grid = view["grid"]  # the view's own copy: cards are put on it and taken off again
        self.span = view["span"]
        self.options = options
        known = set(self.grid.values())
        known |= set(view["hand"]) | {card for cards in view["deferred"] for card in cards}
        known |= {card for card in view["revealed"] if card}
        self.unseen = {card for card in tw.CARDS if card not in known}
        self.held = (sum(view["hand_sizes"]) - len(view["hand"])) / max(len(self.unseen), 1)

    def open_cells(self) -> list[tw.Cell]:
        """Rules tw.adjacency and tw.bounds (the view lists open cells only while placing)."""
        grid = self.grid
        around = {(col + dc, row + dr) for col, row in grid for dc, dr in tw.NEIGHBOURS} - grid.keys()
        return [tw.Cell(*spot) for spot in sorted(around) if self._placeable(spot)]

    def best_value(self, card) -> float:
        return max(self.value(card, cell) for cell in self.open_cells())

    def value(self, card, cell) -> float:
        """Points scored now, less the threat the card leaves next to it."""
        self.grid[cell] = card
        try:
            points = sum(points for _, _, points, _ in tw.triads_at(self.grid, cell, self.options))
            return points - THREAT_WEIGHT * self.threat(cell)
        finally:
            del self.grid[cell]

    def threat(self, cell) -> float:
        """What the best empty cell that now completes a line with ``cell`` offers the
        other seats: each unseen card's points there, times the chance that an
        opponent holds it."""
        grid, run_rule = self.grid, self.options["run_rule"]
        offered: dict = {}  # empty cell -> {card: points}
        for dc, dr in tw.DIRECTIONS:
            for start in (-2, -1, 0):
                line = [(cell.col + (start + k) * dc, cell.row + (start + k) * dr) for k in range(3)]
                empty = [index for index, spot in enumerate(line) if spot not in grid]
                if len(empty) != 1 or not self._placeable(line[empty[0]]):
                    continue
                where = empty[0]
                a, b = (grid[spot] for index, spot in enumerate(line) if index != where)
                points = offered.setdefault(line[where], {})
                for card, value in _line_completions(a, b, where, run_rule).items():
                    points[card] = points.get(card, 0) + value
        unseen = self.unseen
        return max((sum(value for card, value in points.items() if card in unseen)
                    for points in offered.values()), default=0) * self.held

    def _placeable(self, spot) -> bool:
        col, row = spot
        low_col, high_col, low_row, high_row = self.span
        return (max(high_col, col) - min(low_col, col) < tw.MAX_SPAN
                and max(high_row, row) - min(low_row, row) < tw.MAX_SPAN)


@cache
def _line_completions(a, b, where: int, run_rule: str) -> dict:
    """{card: points} for every card that completes the line of ``a`` and ``b`` (in
    line order) into a triad when put at index ``where`` (0, 1 or 2) of the line."""
    scoring = {}
    for card in tw.CARDS:
        if card in (a, b):
            continue
        cards = [a, b]
        cards.insert(where, card)
        kinds = tw.line_kinds(tuple(cards), run_rule)
        if kinds:
            scoring[card] = len(kinds) * tw.triad_value(cards)
    return scoring


# ------------------------------------------------------------------ Danger 13
class Danger13Coach(Bot):
    """Weighs every choice by its effect on its own expected plus points against the
    best of the others': plus cards to itself while safe, cards that hurt to whoever
    has most to lose, busts for rows full of plus cards; refuses with a hand card only
    what would hurt more than losing the hand card."""

    game, kind = d13.GAME_ID, "coach"

    def decide(self, view, moves, options):
        table = _Rows(view)
        if view["phase"] == d13.GIVE:
            return max(moves, key=lambda move: table.expected(table.receive(move.seat, move.card)))
        refuse = table.refuse(view["actor"])
        return max(moves, key=lambda move: table.expected(
            refuse if move.answer == d13.REFUSE else table.receive(view["actor"], move.card, can_refuse=False)))


AVERAGE_PLUS = sum(card.plus for card in d13.DECK if card.plus) / sum(1 for card in d13.DECK if card.plus)
CARDS_TO_COME = 3  # roughly how many more cards a row receives before the round ends


@cache
def _bust_chance(room: int) -> float:
    """Chance that one card from a full deck reaches a line ``room`` points away."""
    return sum(1 for card in d13.DECK if card.value >= room) / len(d13.DECK)


class _Rows:
    """Danger 13 rows and banks as one seat sees them, valued in expected plus points.

    An outcome is (chance, rows, banked points per seat, busted seat or None)."""

    def __init__(self, view: dict):
        self.seat = view["seat"]
        self.rows = [tuple(row) for row in view["rows"]]
        # Other banks are face down: count their cards at an average plus card's worth.
        self.banked = [sum(card.plus for card in view["bank"]) if seat == self.seat else size * AVERAGE_PLUS
                       for seat, size in enumerate(view["bank_sizes"])]

    def receive(self, seat: int, card, can_refuse: bool = True) -> list:
        """The outcomes of ``seat`` receiving ``card``: a receiver holding a hand card
        refuses a card that would bust them; a draw card's draw is averaged over the deck."""
        row = self.rows[seat]
        if card.kind == d13.INSTANT:
            return [(1.0, self.rows, _added(self.banked, seat, card.plus), None)]
        new_row = row[:-1] if card.kind == d13.ARROW else row + (card,)
        busts = _row_sum(new_row) >= _line(new_row)
        if busts and can_refuse and d13.HAND_CARD in row:
            return self.refuse(seat)
        rows = _replaced(self.rows, seat, new_row)
        if busts:
            return [(1.0, rows, self.banked, seat)]
        if card.kind != d13.DRAW:
            return [(1.0, rows, self.banked, None)]
        after = copy.copy(self)
        after.rows = rows
        share = 1 / len(d13.DECK)
        # A drawn draw card draws again; the coach looks one card deep and counts only its value.
        return [(share * count * chance, *outcome)
                for drawn, count in d13.COUNTS.items()
                for chance, *outcome in after.receive(seat, drawn._replace(kind=d13.PLAIN) if drawn.kind == d13.DRAW
                                                      else drawn)]

    def refuse(self, seat: int) -> list:
        """Rule d13.hand: the refused card and a hand card leave; nothing else happens."""
        row = list(self.rows[seat])
        row.reverse()
        row.remove(d13.HAND_CARD)
        row.reverse()
        return [(1.0, _replaced(self.rows, seat, tuple(row)), self.banked, None)]

    def expected(self, outcomes: list) -> float:
        """Our expected plus points minus the best other seat's, over the outcomes."""
        return sum(chance * self._lead(rows, banked, busted) for chance, rows, banked, busted in outcomes)

    def _lead(self, rows, banked, busted) -> float:
        worth = [banked[seat] + (0 if seat == busted else _row_plus(row) * (1 if busted is not None else _keep(row)))
                 for seat, row in enumerate(rows)]
        mine = worth.pop(self.seat)
        return mine - max(worth)


def _keep(row) -> float:
    """Chance that a row lives to be banked: it must survive the cards still to come;
    a hand card absorbs one bad card."""
    survive = (1 - _bust_chance(_line(row) - _row_sum(row))) ** CARDS_TO_COME
    return 1 - (1 - survive) ** 2 if d13.HAND_CARD in row else survive


def _row_sum(row) -> int:
    return sum(card.value for card in row)


def _row_plus(row) -> int:
    return sum(card.plus for card in row)


def _line(row) -> int:
    return d13.RAISED_LIMIT if d13.RAISE_CARD in row else d13.LIMIT


def _replaced(items: list, index: int, value) -> list:
    return [value if position == index else item for position, item in enumerate(items)]


def _added(numbers: list, index: int, amount: float) -> list:
    return [number + amount if position == index else number for position, number in enumerate(numbers)]


# ------------------------------------------------------------------ registry
BOTS = {
    (game, "random"): type(f"{name}RandomBot", (RandomBot,), {"game": game})
    for game, name in ((mt.GAME_ID, "MonsterTrick"), (d13.GAME_ID, "Danger13"), (tw.GAME_ID, "Thricewise"))
}
BOTS[mt.GAME_ID, "coach"] = MonsterTrickCoach
BOTS[d13.GAME_ID, "coach"] = Danger13Coach
BOTS[tw.GAME_ID, "coach"] = ThricewiseCoach


def make_bot(game: str, kind: str, seed=0) -> Bot:
    """A new bot of ``kind`` ("random" or "coach") for ``game``, seeded."""
    if (game, kind) not in BOTS:
        raise TutorError(msg("bot.error.unknown", game=game, kind=kind, known=", ".join(KINDS)))
    return BOTS[game, kind](seed)


def make_bots(game: str, kinds: list[str], players: int, seed=0) -> list[Bot]:
    """One bot per seat, ``kinds[seat]`` each, seeded from ``seed`` and the seat."""
    if len(kinds) != players:
        raise TutorError(msg("bot.error.count", count=len(kinds), players=players))
    return [make_bot(game, kind, f"{seed}:{seat}") for seat, kind in enumerate(kinds)]
