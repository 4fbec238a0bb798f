"""Thricewise (P.D. Magnus), a Decktet game: grow a shared grid and score lines of three.

Cells. A cell is (column, row), written ``col,row`` as in ``3,1`` or ``-1,2``. The
top-left card of the starting grid is at column 1, row 1; columns count to the right
and rows count downwards; cells left of or above the starting grid get column or row
0, -1, -2 and so on. A card keeps its cell for the whole game, however the grid grows,
so records and lessons can name cells once and for all.

A turn. Every seat picks a card face down at the same time (``to_move`` is
SIMULTANEOUS; each ``Pick`` names its seat). The last pick reveals them all: cards of a
rank that another revealed card shares are set aside (deferred); the other seats place,
lowest rank first. The seat placing puts its revealed card and, if it likes, any of its
deferred cards, in any order (``Place`` moves), then says ``Done`` while deferred cards
remain. Then every seat draws one card (CHANCE) if the deck holds enough for all.

Notation: ``pick 2 sea`` (seat 2, counted from 1, picks the Sea), ``place sea 3,1``,
``done``; the chance events print as ``deal`` and ``draw``. Cards are written by name
in any case, with or without "the": ``Sea``, ``the Chance Meeting``, ``Ace of Moons``.

Lesson positions (docs/lessons.md) describe the start of a turn, before anyone chooses:

  grid      cell -> card, or cell -> cards running to the right, "." for a hole:
            ``{"1,1": [Author, Journey, ., Forest], "2,2": Mill}``
  hands     name -> cards; every hand holds the same number (1 to 3); hands left out
            are filled from the unseen cards
  deferred  name -> the cards set aside in front of that player
  deck      the next cards of the deck, top first; the other unseen cards follow
  scores    name -> points so far
  turn      the turn number (default 1)

Lesson checks: ``to_move`` (a name, or the phase: pick, draw, over), ``phase``, ``turn``,
``scores`` {name: points}, ``hand_sizes`` {name: n}, ``deferred`` {name: [cards]},
``cells`` {"3,1": card or "empty"}, ``grid_size`` ("3x2": width x height), ``order``
[names, in placing order], ``tied`` [names], ``triads`` (what the last placed card
scored: ["flush 3", "run 3"]), ``would_score`` ({move, triads} or a list: what a
placement would score, without playing it), ``illegal`` ({move, rule} or a list),
``legal`` (a move or a list), ``deck_size``, ``last_turn``, ``winners``, ``game_over``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterable, Sequence
from functools import cache, lru_cache
from itertools import product
from typing import Any, NamedTuple

from tutor import core
from tutor.core import CHANCE, SIMULTANEOUS, TERMINAL, Event, NotationError, Reason, Rule, replaced
from tutor.games.decktet import CARDS, ORDER, Card, parse_card, suit_name
from tutor.messages import listed, msg

# What ``from tutor.games.thricewise import ...`` offers: the engine's public names.
__all__ = [
    "DIRECTIONS",
    "GAME_ID",
    "HAND_SIZE",
    "KINDS",
    "MAX_SPAN",
    "NEIGHBOURS",
    "OPTIONS",
    "PLAYER_COUNTS",
    "RULES",
    "START_GRID",
    "Cell",
    "Deal",
    "Done",
    "Draw",
    "Pick",
    "Place",
    "State",
    "Triad",
    "line_kinds",
    "new_game",
    "open_next_to",
    "parse_cell",
    "parse_move",
    "triad_value",
    "triads_at",
    "within_bounds",
]


GAME_ID = "thricewise"
PLAYER_COUNTS = range(2, 6)
HAND_SIZE = 3
MAX_SPAN = 6  # the grid is never wider or higher than this
START_GRID = {2: (2, 2), 3: (3, 2), 4: (2, 2), 5: (3, 2)}  # (width, height) by player count
KINDS = ("flush", "set", "run")
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # row, column, both diagonals
NEIGHBOURS = tuple((dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr)

OPTIONS = {
    "run_rule": ("consecutive", "monotonic"),
    "triads": ("every-line", "one-per-direction"),
}

RULES = (
    Rule("tw.deck"),
    Rule("tw.setup"),
    Rule("tw.pick"),
    Rule("tw.tie"),
    Rule("tw.order"),
    Rule("tw.adjacency"),
    Rule("tw.bounds"),
    Rule("tw.deferred"),
    Rule("tw.draw"),
    Rule("tw.last-turn"),
    Rule("tw.triad"),
    Rule("tw.flush"),
    Rule("tw.set"),
    Rule("tw.run"),
    Rule("tw.value"),
    Rule("tw.winner"),
    Rule("tw.run-rule", kind="variant", option="run_rule"),
    Rule("tw.mixed-value", kind="note"),
    Rule("tw.every-line", kind="variant", option="triads"),
    Rule("tw.deferred-score", kind="note"),
    Rule("tw.deferred-pick", kind="note"),
    Rule("tw.shared-win", kind="note"),
    Rule("tw.double-suit", kind="note"),
)


class Cell(NamedTuple):
    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.col},{self.row}"


class Pick(NamedTuple):
    """``seat`` chooses ``card`` from its hand, face down."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"pick {self.seat + 1} {self.card.key}"


class Place(NamedTuple):
    """The seat placing puts ``card`` (its revealed card or a deferred one) on ``cell``."""

    card: Card
    cell: Cell

    def __str__(self) -> str:
        return f"place {self.card.key} {self.cell}"


class Done(NamedTuple):
    """The seat placing keeps its remaining deferred cards for later."""

    def __str__(self) -> str:
        return "done"


class Deal(NamedTuple):
    """Chance event: the seeded shuffle gives the starting grid (row by row), the hands
    and the order of the rest of the deck (top first)."""

    grid: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]

    def __str__(self) -> str:
        return "deal"


class Draw(NamedTuple):
    """Chance event: the top of the deck, one card per seat in seat order."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "draw"


class Triad(NamedTuple):
    """A scoring event: ``seat`` placed ``card`` on ``cell`` and the line ``cells``
    (three cells in order along the line) is a ``kind`` worth ``points``."""

    turn: int
    seat: int
    card: Card
    cell: Cell
    cells: tuple[Cell, Cell, Cell]
    kind: str
    points: int
    suits: tuple[str, ...]  # the suits a flush shares; empty for a set or a run

    def describe(self, grid: dict) -> str:
        """The triad in words, naming its cards (on ``grid``, where cards never move)."""
        kind = msg(f"tw.kind.{self.kind}")
        if self.suits:
            kind = msg("tw.flush-of", kind=kind, suits=listed([suit_name(suit) for suit in self.suits]))
        cards = listed([msg("tw.the-card", card=grid[cell]) for cell in self.cells])
        return msg("tw.triad", kind=kind, cards=cards, points=self.points)


# Every pick made once: random play picks from these instead of building new ones.
_PICKS = {card: tuple(Pick(seat, card) for seat in range(PLAYER_COUNTS[-1])) for card in CARDS}
_PLACES: dict = {card: {} for card in CARDS}  # per card, per cell: filled as random play meets them
_DONE = Done()

_PICK = re.compile(r"pick\s+p?(\d+)\s+(.+)", re.IGNORECASE)
_PLACE = re.compile(r"place\s+(.+?)\s+(?:at\s+)?(\(?\s*-?\d+\s*,\s*-?\d+\s*\)?)", re.IGNORECASE)
_CELL = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")


def parse_cell(text: object) -> Cell:
    """``"3,1"``, ``"(3, 1)"``, ``"-1,2"`` -> Cell(col, row)."""
    match = _CELL.fullmatch(str(text).strip())
    if not match:
        raise NotationError(msg("tw.error.cell-format", text=text))
    return Cell(int(match[1]), int(match[2]))


def parse_move(text: str, players: int | None = None) -> Pick | Place | Done:
    """``"pick 2 sea"``, ``"place the Sea 3,1"``, ``"done"`` (any case)."""
    text = str(text).strip()
    if text.lower() == "done":
        return Done()
    if match := _PICK.fullmatch(text):
        seat = int(match[1])
        if not 1 <= seat <= (players or PLAYER_COUNTS[-1]):
            raise NotationError(msg("tw.error.no-seat", seat=seat, players=players or PLAYER_COUNTS[-1]))
        return Pick(seat - 1, parse_card(match[2]))
    if match := _PLACE.fullmatch(text):
        return Place(parse_card(match[1]), parse_cell(match[2]))
    raise NotationError(msg("tw.error.move-format", text=text))


def line_kinds(cards: tuple[Card, Card, Card], run_rule: str = "consecutive") -> list[tuple[str, tuple[str, ...]]]:
    """What three cards in a line make (rules tw.flush, tw.set, tw.run): a list of
    (kind, shared suits), one entry per kind, so a flush that is also a run gives two."""
    a, b, c = cards
    kinds = []
    shared = tuple(suit for suit in a.suits if suit in b.suits and suit in c.suits)
    if shared:
        kinds.append(("flush", shared))
    if a.rank == b.rank == c.rank:
        kinds.append(("set", ()))
    step = b.rank - a.rank
    if run_rule == "monotonic":
        is_run = step and (c.rank - b.rank) * step > 0
    else:
        is_run = step in (1, -1) and c.rank - b.rank == step
    if is_run:
        kinds.append(("run", ()))
    return kinds


def triad_value(cards: Iterable[Card]) -> int:
    """Rules tw.value and tw.mixed-value: the lowest number card; 0 with none."""
    return min((card.rank for card in cards if card.is_number), default=0)


@cache
def _triads_made(run_rule: str) -> dict[tuple[Card, Card, Card], tuple[tuple[str, int, tuple], ...]]:
    """Every line of three cards that makes something -> (kind, points, shared suits) for
    each kind it makes, built once per run rule on first use (36 ** 3 lines, a fraction of
    a second): a placement then looks its lines up instead of working them out."""
    made = {}
    for first, second, third in product(CARDS, repeat=3):
        line = (first, second, third)
        kinds = line_kinds(line, run_rule)
        if kinds:
            value = triad_value(line)
            made[line] = tuple((kind, value, suits) for kind, suits in kinds)
    return made


def _points(line: tuple[object, Sequence[tuple[str, int, tuple]]]) -> tuple[int, int]:
    """How rule tw.every-line's variant ranks the lines of one direction: points, then kinds."""
    _, kinds = line
    return sum(points for _, points, _ in kinds), len(kinds)


def triads_at(grid: dict, cell: Cell, options: dict) -> list[tuple[tuple[Cell, Cell, Cell], str, int, tuple]]:
    """Every triad a card on ``cell`` completes (rule tw.triad and the tw.every-line
    variant): (cells, kind, points, shared suits), row, column and diagonals in turn."""
    get, made = grid.get, _triads_made(options["run_rule"])
    best_only = options["triads"] == "one-per-direction"
    card = grid[cell]
    found = []
    for back1, ahead1, further in _lines_through(cell):
        before, after = get(back1), get(ahead1)
        if before is None and after is None:
            continue
        back2, ahead2, ending, middle, starting = further
        # The lines of three ending at, centred on and starting at the cell that make something.
        lines = []
        if before is not None:
            farther = get(back2)
            if farther is not None and (kinds := made.get((farther, before, card))):
                lines.append((ending, kinds))
            if after is not None and (kinds := made.get((before, card, after))):
                lines.append((middle, kinds))
        if after is not None:
            farther = get(ahead2)
            if farther is not None and (kinds := made.get((card, after, farther))):
                lines.append((starting, kinds))
        if lines:
            if len(lines) > 1 and best_only:
                lines = [max(lines, key=_points)]
            found += [(cells, kind, points, suits) for cells, kinds in lines for kind, points, suits in kinds]
    return found


@lru_cache(maxsize=16)
def _seeded_deal(seed: int, players: int) -> Deal:
    """The deal the seed gives (rule tw.setup). Kept for the last few games: the deal
    is asked for again when it is pushed, to check it."""
    cards = list(CARDS)
    random.Random(f"{GAME_ID}:{seed}:0").shuffle(cards)
    width, height = START_GRID[players]
    start = width * height
    hands = tuple(tuple(cards[start + seat * HAND_SIZE : start + (seat + 1) * HAND_SIZE]) for seat in range(players))
    return Deal(tuple(cards[:start]), hands, tuple(cards[start + players * HAND_SIZE :]))


# Tables of cells, filled as cells are met: every placement asks for a cell's neighbours
# and the lines through it, which never change.
@cache
def _neighbours(cell: Cell) -> frozenset[Cell]:
    col, row = cell
    return frozenset(Cell(col + dc, row + dr) for dc, dr in NEIGHBOURS)


@cache
def _lines_through(cell: Cell) -> tuple:
    """Per direction: the cells just back and ahead of ``cell``, then (looked at only when
    one of those holds a card) the cells two back and two ahead and the three lines of
    three cells that hold ``cell``, ending, centred on and starting at it, in line order."""
    col, row = cell
    directions = []
    for dc, dr in DIRECTIONS:
        line = [Cell(col + step * dc, row + step * dr) for step in range(-2, 3)]
        further = (line[0], line[4], *(tuple(line[start : start + 3]) for start in range(3)))
        directions.append((line[1], line[3], further))
    return tuple(directions)


@cache
def within_bounds(span: tuple[int, int, int, int]) -> frozenset[Cell]:
    """The cells rule tw.bounds lets a card go on, for a grid spanning ``span``
    (lowest and highest column, lowest and highest row)."""
    low_col, high_col, low_row, high_row = span
    return frozenset(
        Cell(col, row)
        for col in range(high_col - MAX_SPAN + 1, low_col + MAX_SPAN)
        for row in range(high_row - MAX_SPAN + 1, low_row + MAX_SPAN)
    )


def open_next_to(grid: Collection[Cell], span: tuple[int, int, int, int]) -> frozenset[Cell]:
    """Every empty cell next to a card of ``grid`` and within the bounds."""
    within = within_bounds(span)
    return frozenset(cell for placed in grid for cell in _neighbours(placed) if cell not in grid and cell in within)


@cache
def _start_grid(players: int) -> tuple[tuple[Cell, ...], tuple[int, int, int, int], frozenset[Cell]]:
    """The starting grid's cells row by row, its span and its open cells (rule tw.setup):
    the same in every game of ``players``."""
    width, height = START_GRID[players]
    cells = tuple(Cell(col, row) for row in range(1, height + 1) for col in range(1, width + 1))
    span = (1, width, 1, height)
    return cells, span, open_next_to(dict.fromkeys(cells), span)


Move = Pick | Place | Done | Deal | Draw  # what a player or chance does


class State(core.State[Move]):
    """A Thricewise game in progress. ``seat_names`` are only for messages;
    ``first_player`` plays no part (the placing order follows the ranks) but is kept
    for records."""

    game_id = GAME_ID
    OPTIONS = OPTIONS
    PLAYER_COUNTS = PLAYER_COUNTS
    # ``grid`` is a dict that a placement replaces, never edits.
    FIELDS = (
        "phase",
        "to_move",
        "turn",
        "deck",
        "grid",
        "placements",
        "span",
        "open",
        "hands",
        "deferred",
        "picks",
        "revealed",
        "tied",
        "order",
        "placing",
        "current_placed",
        "scores",
        "triads",
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
        self.phase = "deal"  # deal, pick, place, draw, over
        # Kept beside the phase, as every step of play asks it: the seat placing, or
        # CHANCE (deal, draw), SIMULTANEOUS (pick), TERMINAL (over).
        self.to_move = CHANCE
        self.turn = 0
        self.deck: tuple[Card, ...] = ()  # top first
        self.grid: dict[Cell, Card] = {}
        # (cell, seat) per card put down, in turn: a tuple grows more cheaply than a
        # dict is copied, and placements are many while ``placed_by`` is asked for seldom.
        self.placements: tuple[tuple[Cell, int], ...] = ()
        self.span = (0, 0, 0, 0)  # lowest and highest column, lowest and highest row
        self.open: frozenset[Cell] = frozenset()  # empty cells a card may go on (kept as cards are placed)
        self.hands: tuple[tuple[Card, ...], ...] = ((),) * players
        self.deferred: tuple[tuple[Card, ...], ...] = ((),) * players
        self.picks: tuple[Card | None, ...] = (None,) * players  # hidden until the reveal
        # The latest reveal; kept while the next turn's cards are chosen, so it can be shown.
        self.revealed: tuple[Card | None, ...] = (None,) * players
        self.tied: tuple[int, ...] = ()  # seats whose revealed card was set aside at that reveal
        self.order: tuple[int, ...] = ()  # seats placing this turn, lowest rank first
        self.placing = 0  # index in ``order`` of the seat placing now
        self.current_placed = False  # has that seat placed its revealed card yet
        self.scores: tuple[int, ...] = (0,) * players
        self.triads: tuple[Triad, ...] = ()

    # ----------------------------------------------------------------- queries
    @property
    def placed_by(self) -> dict[Cell, int]:
        """Who put down each card (the starting cards have no placer)."""
        return dict(self.placements)

    @property
    def placer(self) -> int | None:
        return self.to_move if self.phase == "place" else None

    @property
    def last_turn(self) -> bool:
        """Rule tw.last-turn: this turn's pick empties every hand. Once the picks are
        revealed they have left the hands, so then every hand is already empty."""
        if self.phase == "pick":
            return all(len(hand) + (pick is not None) <= 1 for hand, pick in zip(self.hands, self.picks))
        return self.phase == "place" and not any(self.hands)

    @property
    def aside_placeable_later(self) -> bool:
        """Rule tw.last-turn: cards set aside at this reveal may still go down, on a later turn
        that is not the last one (its pick leaves a card in hand). When nobody placed, the
        reveal ended the turn, so the next one has begun or waits for its draw."""
        drawn = self.phase in ("place", "draw") and self._draws_at_turn_end
        return max(map(len, self.hands)) + drawn >= 2

    @property
    def _draws_at_turn_end(self) -> bool:
        """Rule tw.draw: everyone draws while the deck has a card for each player."""
        return len(self.deck) >= self.players

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def pending(self) -> list[int]:
        """Seats that still have to pick this turn."""
        return [seat for seat, pick in enumerate(self.picks) if pick is None] if self.phase == "pick" else []

    def whose_turn(self) -> core.Turn:
        if self.phase == "pick":
            return core.Turn(core.SEATS, tuple(self.pending()))
        return super().whose_turn()

    def placeable(self) -> list[Card]:
        """The cards the seat placing may put down now (rules tw.order, tw.deferred, tw.last-turn)."""
        if self.phase != "place":
            return []
        seat = self.to_move
        revealed = self.revealed[seat]  # every seat in the placing order has revealed a card
        cards = [] if self.current_placed or revealed is None else [revealed]
        if self.deferred[seat] and any(self.hands):  # any(hands): not the last turn
            cards += self.deferred[seat]
        return cards

    def grid_size(self) -> tuple[int, int]:
        low_col, high_col, low_row, high_row = self.span
        return high_col - low_col + 1, high_row - low_row + 1

    def open_cells(self) -> list[Cell]:
        """Empty cells a card may go on now (rules tw.adjacency, tw.bounds), row by row."""
        return sorted(self.open, key=lambda cell: (cell.row, cell.col))

    def points_for(self, move: Place) -> int:
        """What placing ``move.card`` on ``move.cell`` would score, by the same triad count ``push`` uses."""
        return sum(
            points for _, _, points, _ in triads_at({**self.grid, move.cell: move.card}, move.cell, self.options)
        )

    def legal_moves(self) -> list[Move]:
        if self.phase == "pick":
            return [Pick(seat, card) for seat in self.pending() for card in self.hands[seat]]
        if self.phase != "place":
            return []
        cells = self.open_cells()
        moves: list[Move] = [Place(card, cell) for card in self.placeable() for cell in cells]
        return moves + [Done()] if self.current_placed else moves

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores]

    # ----------------------------------------------------------------- reasons
    def why_not(self, move: Move) -> Reason | None:
        """None when ``move`` is legal now, else the rule it breaks and why."""
        if self.phase == "over":
            return Reason("tw.last-turn", "tw.why.game-over")
        if isinstance(move, (Deal, Draw)) or self.phase in ("deal", "draw"):
            return self._chance_reason(move)
        if isinstance(move, Pick):
            return self._pick_reason(move)
        if isinstance(move, Place):
            return self._place_reason(move)
        if isinstance(move, Done):
            if self.phase != "place":
                return Reason("tw.deferred", "tw.why.nothing-to-finish")
            if not self.current_placed:  # placing: the seat to move is the placer
                return Reason(
                    "tw.deferred", "tw.why.done-early", player=self.name(self.to_move), card=self.revealed[self.to_move]
                )
            return None
        return Reason("tw.pick", "tw.why.not-a-move", move=move)

    def _chance_reason(self, move: Move) -> Reason | None:
        rule = "tw.setup" if self.phase == "deal" or isinstance(move, Deal) else "tw.draw"
        if self.phase not in ("deal", "draw"):
            return Reason(rule, "tw.why.no-chance")
        if move != self.chance_move():
            return Reason(rule, "tw.why.chance-first" if not isinstance(move, (Deal, Draw)) else "tw.why.not-seeded")
        return None

    def _pick_reason(self, move: Pick) -> Reason | None:
        seat, card = move
        if self.phase != "pick":  # so placing (why_not answered the other phases): the seat to move places
            return Reason("tw.pick", "tw.why.not-picking", player=self.name(self.to_move))
        if not 0 <= seat < self.players:
            return Reason("tw.pick", "tw.why.no-seat", seat=seat + 1, players=self.players)
        if self.picks[seat] is not None:
            return Reason("tw.pick", "tw.why.picked-already", player=self.name(seat))
        if card in self.deferred[seat]:
            return Reason("tw.deferred-pick", "tw.why.pick-deferred", player=self.name(seat), card=card)
        if card not in self.hands[seat]:
            return Reason("tw.pick", "tw.why.not-in-hand", player=self.name(seat), card=card)
        return None

    def _place_reason(self, move: Place) -> Reason | None:
        card, cell = move
        if self.phase != "place":
            return Reason("tw.order", "tw.why.not-placing")
        seat = self.to_move  # the placer
        if card not in self.placeable():
            return self._card_reason(seat, card)
        if cell in self.open:
            return None
        return self.cell_reason(card, cell)

    def _card_reason(self, seat: int, card: Card) -> Reason:
        """Why the seat placing may not put down ``card``, which is not among its placeable cards."""
        player = self.name(seat)
        if card == self.revealed[seat] or card in self.grid.values():
            return Reason("tw.adjacency", "tw.why.placed-already", card=card)
        if card in self.deferred[seat]:
            return Reason("tw.last-turn", "tw.why.last-turn-deferred", player=player, card=card)
        for other in range(self.players):
            if card == self.revealed[other] and other in self.tied:
                return Reason("tw.tie", "tw.why.tied", card=card, player=self.name(other))
            if card == self.revealed[other] or card in self.deferred[other]:
                return Reason("tw.order", "tw.why.not-yours", card=card, owner=self.name(other), player=player)
        return Reason("tw.order", "tw.why.not-available", card=card, player=player)

    def cell_reason(self, card: Card, cell: Cell) -> Reason | None:
        """Why ``card`` may not go on ``cell`` (rules tw.adjacency and tw.bounds), or None."""
        col, row = cell
        if cell in self.grid:
            return Reason("tw.adjacency", "tw.why.occupied", card=card, there=self.grid[cell])
        if not any((col + dc, row + dr) in self.grid for dc, dr in NEIGHBOURS):
            return Reason("tw.adjacency", "tw.why.not-adjacent")
        low_col, high_col, low_row, high_row = self.span
        width = max(high_col, col) - min(low_col, col) + 1
        if width > MAX_SPAN:
            return Reason("tw.bounds", "tw.why.too-wide", card=card, width=width, limit=MAX_SPAN)
        height = max(high_row, row) - min(low_row, row) + 1
        if height > MAX_SPAN:
            return Reason("tw.bounds", "tw.why.too-high", card=card, height=height, limit=MAX_SPAN)
        return None

    # ----------------------------------------------------------------- moves
    def chance_move(self) -> Deal | Draw:
        """The deal (rule tw.setup) or the draw (rule tw.draw) the seed gives here."""
        if self.phase == "draw":
            return Draw(tuple(self.deck[: self.players]))
        return _seeded_deal(self.seed, self.players)

    def _apply(self, move: Move) -> None:
        if type(move) is Pick:
            self._pick(move)
        elif type(move) is Place:
            self._place(move)
        elif type(move) is Done:
            self._next_placer()
        elif type(move) is Draw:
            self.hands = tuple(
                tuple(sorted(hand + (card,), key=ORDER.__getitem__)) for hand, card in zip(self.hands, move.cards)
            )
            self.deck = self.deck[self.players :]
            self._start_turn()
        else:
            assert type(move) is Deal  # the one kind left
            self._deal(move)

    def _deal(self, move: Deal) -> None:
        cells, self.span, self.open = _start_grid(self.players)
        self.grid = dict(zip(cells, move.grid))
        self.hands = tuple(tuple(sorted(hand, key=ORDER.__getitem__)) for hand in move.hands)
        self.deck = move.deck
        self._start_turn()

    def find_open(self) -> frozenset[Cell]:
        """Every empty cell next to a card and within the bounds, looked for afresh."""
        return open_next_to(self.grid, self.span)

    def _start_turn(self) -> None:
        self.turn += 1
        self.phase, self.to_move = "pick", SIMULTANEOUS

    def _pick(self, move: Pick) -> None:
        seat, card = move
        hand = self.hands[seat]
        at = hand.index(card)
        self.hands = replaced(self.hands, seat, hand[:at] + hand[at + 1 :])
        self.picks = replaced(self.picks, seat, card)
        if None not in self.picks:
            self._reveal()

    def _reveal(self) -> None:
        """Rules tw.pick, tw.tie, tw.order: show the picks, set tied ranks aside, order the rest."""
        self.revealed, self.picks = self.picks, (None,) * self.players
        cards = [card for card in self.revealed if card is not None]  # all of them: every seat has picked
        ranks = [card.rank for card in cards]
        self.tied = tuple(seat for seat, rank in enumerate(ranks) if ranks.count(rank) > 1)
        if self.tied:
            self.deferred = tuple(
                aside + (cards[seat],) if seat in self.tied else aside for seat, aside in enumerate(self.deferred)
            )
        self.order = tuple(
            sorted((seat for seat in range(self.players) if seat not in self.tied), key=ranks.__getitem__)
        )
        self.phase, self.placing, self.current_placed = "place", 0, False
        if self.order:
            self.to_move = self.order[0]
        else:
            self._end_turn()

    def _place(self, move: Place) -> None:
        card, cell = move
        seat = self.to_move
        if card == self.revealed[seat]:
            self.current_placed = True
        else:
            aside = self.deferred[seat]
            at = aside.index(card)
            self.deferred = replaced(self.deferred, seat, aside[:at] + aside[at + 1 :])
        # a new dict, the old one being kept for undo; dict.copy is quicker than {**grid, cell: card}
        grid = self.grid = self.grid.copy()
        grid[cell] = card
        self.placements += ((cell, seat),)
        self._open_around(cell)
        found = triads_at(grid, cell, self.options)
        if found:
            self.triads += tuple(
                Triad(self.turn, seat, card, cell, cells, kind, points, suits) for cells, kind, points, suits in found
            )
            self.scores = replaced(self.scores, seat, self.scores[seat] + sum(points for _, _, points, _ in found))
        if self.current_placed and not (self.deferred[seat] and any(self.hands)):  # any(hands): not the last turn
            self._next_placer()

    def _open_around(self, cell: Cell) -> None:
        """A card was just placed on ``cell``: it is no longer open and its empty
        neighbours are. Bounds (rule tw.bounds) can shut a cell only once the grid is as
        wide or as high as it may be, so only then are cells checked against them."""
        col, row = cell
        span = low_col, high_col, low_row, high_row = self.span
        if not (low_col <= col <= high_col and low_row <= row <= high_row):
            self.span = low_col, high_col, low_row, high_row = (
                min(low_col, col),
                max(high_col, col),
                min(low_row, row),
                max(high_row, row),
            )
        # Empty neighbours not yet open (a set minus a dict looks up the neighbours, not every card).
        near: Collection[Cell] = _neighbours(cell).difference(self.grid, self.open)
        at_limit = high_col - low_col + 1 == MAX_SPAN or high_row - low_row + 1 == MAX_SPAN
        if at_limit:
            within = within_bounds(self.span)
            near = [around for around in near if around in within]
        opened = self.open.difference((cell,))
        if near:
            opened = opened.union(near)
        if at_limit and self.span != span:  # the grid grew to its limit: open cells beyond it shut
            # (intersection goes through the smaller set, the open cells, in their order)
            opened = opened.intersection(within)
        self.open = opened

    def _next_placer(self) -> None:
        self.placing += 1
        self.current_placed = False
        if self.placing == len(self.order):
            self._end_turn()
        else:
            self.to_move = self.order[self.placing]

    def _end_turn(self) -> None:
        """Rules tw.draw and tw.last-turn."""
        self.order, self.placing = (), 0
        if not any(self.hands):
            self.phase, self.to_move = "over", TERMINAL
        elif self._draws_at_turn_end:
            self.phase, self.to_move = "draw", CHANCE
        else:
            self._start_turn()

    # ----------------------------------------------------------------- events
    def describe(self, before: Any, move: Move, after: Any) -> list[Event]:
        """A pick (without its card: it is secret), the reveal and the ties it set aside,
        a card placed with the triads it scored, "done", the deal and draws, the end."""
        if type(move) is Deal:
            events = [Event("dealt")]
        elif type(move) is Draw:
            events = [Event("drawn")]
        elif type(move) is Done:
            events = [Event("kept-aside", before.to_move)]
        elif type(move) is Pick:
            events = [Event("picked", move.seat)]
            if None not in replaced(before.picks, move.seat, move.card):
                events.append(Event("revealed", None, {"cards": after.revealed}))
                events += [Event("set-aside", seat, {"card": after.revealed[seat]}) for seat in after.tied]
        else:
            assert type(move) is Place  # the one kind left
            seat = before.to_move
            events = [Event("card-placed", seat, {"card": move.card, "cell": move.cell})]
            events += [Event("triad", seat, {"triad": triad}) for triad in after.triads[len(before.triads) :]]
        if after.phase == "over" and before.phase != "over":
            events.append(Event("game-over"))
        return events

    # ----------------------------------------------------------------- copies
    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the grid, its own hand and hidden pick, who has picked,
        everything revealed or set aside, hand sizes, deck size, scores and triads."""
        return {
            "seat": seat,
            "turn": self.turn,
            "phase": self.phase,
            "to_move": self.to_move,
            "last_turn": self.last_turn,
            "grid": dict(self.grid),
            "placed_by": self.placed_by,
            "span": self.span,
            "open_cells": self.open_cells() if self.phase == "place" else [],
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "pick": self.picks[seat],
            "picked": [pick is not None for pick in self.picks],
            "revealed": list(self.revealed),
            "tied": list(self.tied),
            "order": list(self.order),
            "placer": self.placer,
            "placeable": self.placeable() if self.placer == seat else [],
            "deferred": [list(cards) for cards in self.deferred],
            "deck_size": len(self.deck),
            "scores": list(self.scores),
            "triads": list(self.triads),
        }

    def resample_from_view(self, seat: int, rng: random.Random) -> State:
        """The other seats' hands, their hidden picks and the deck dealt again, sizes kept."""
        other = self.clone()
        others = [player for player in range(self.players) if player != seat]
        pool = [card for player in others for card in self.hands[player]] + list(self.deck)
        pool += [pick for player in others if (pick := self.picks[player]) is not None]
        pool.sort(key=ORDER.__getitem__)  # one order before the shuffle: the copy depends on the view and rng alone
        rng.shuffle(pool)
        hands, picks = list(self.hands), list(self.picks)
        for player in others:
            size = len(hands[player])
            hands[player] = tuple(sorted(pool[:size], key=ORDER.__getitem__))
            del pool[:size]
            if picks[player] is not None:
                picks[player] = pool.pop()
        other.hands, other.picks, other.deck = tuple(hands), tuple(picks), tuple(pool)
        return other

    def random_move(self, rng: random.Random) -> Move | None:
        """A legal move without listing them all: a random card and a random open cell.
        The move is left in ``_chosen``, so push need not check it again."""
        move: Done | Place | Pick | Deal | Draw
        mover = self.to_move
        if mover >= 0:
            if self.current_placed and rng.random() < 0.5:
                move = _DONE
            else:
                cards = self.placeable()
                cells = tuple(self.open)
                card, cell = cards[int(rng.random() * len(cards))], cells[int(rng.random() * len(cells))]
                places = _PLACES[card]
                move = places.get(cell) or places.setdefault(cell, Place(card, cell))
        elif mover == SIMULTANEOUS:
            pending = self.pending()
            seat = pending[int(rng.random() * len(pending))]
            hand = self.hands[seat]
            move = _PICKS[hand[int(rng.random() * len(hand))]][seat]
        elif mover == CHANCE:
            move = self.chance_move()
        else:
            return None
        self._chosen = move
        return move

    def _repr_html_(self) -> str:
        from tutor.games.thricewise.drawing import state_html  # drawing is optional: imported on use

        return state_html(self)

    def __repr__(self) -> str:
        return f"<thricewise turn {self.turn} {self.phase}, {self.players} players, to move {self.to_move}>"


new_game = State
