"""Thricewise's computer players: the beginner, the coach, and what the expert searches."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tutor.bots import Bot, Options, Search, Seat, View, Why
from tutor.games import thricewise as tw
from tutor.games.decktet import CARDS, ORDER, Card
from tutor.games.thricewise.words import beside

SeatMove = tw.Pick | tw.Place | tw.Done  # what a seat does (the deals and draws are chance's)


class Coach(Bot[SeatMove]):
    """Places where it scores most, minus what the cells it opens would give a likely
    card of someone else; picks the card whose best place is worth most."""

    kind = "coach"

    def decide(self, view: View, moves: list[SeatMove], options: Options) -> SeatMove:
        return self.ranked(view, moves, options)[0]

    def ranked(self, view: View, moves: list[SeatMove], options: Options) -> Sequence[SeatMove]:
        grid = _Grid(view, options)
        if view["phase"] == "pick":
            # named, not returned at once: mypy would then type the key's move as any SeatMove, not a Pick
            picks = sorted(_picks(moves), key=lambda move: -grid.best_value(move.card))
            return picks
        places = sorted(
            ((grid.value(move.card, move.cell), move) for move in moves if isinstance(move, tw.Place)), reverse=True
        )
        done = tw.Done()
        if done not in moves:
            return [move for _, move in places]
        kept = sum(1 for value, _ in places if value >= KEEP_DEFERRED)  # places worth more than waiting
        return [move for _, move in places[:kept]] + [done] + [move for _, move in places[kept:]]

    def explain(self, view: View, move: SeatMove, moves: list[SeatMove], options: Options) -> Why:
        """The points the card scores where it goes (its best place, for a pick), as ``ranked`` weighs them."""
        grid = _Grid(view, options)
        player = Seat(view["seat"])
        places = [other for other in moves if isinstance(other, tw.Place)]
        if isinstance(move, tw.Pick):
            cell = max(grid.open_cells(), key=lambda cell: grid.value(move.card, cell))
            points = grid.value(move.card, cell, threat_weight=0.0)
            key = "bot.why.tw.pick" if points else "bot.why.tw.pick-none"
            return Why(key, player=player, card=move.card, points=points)
        if not isinstance(move, tw.Place):
            scoring = any(grid.value(other.card, other.cell, threat_weight=0.0) for other in places)
            return Why("bot.why.tw.done-wait" if scoring else "bot.why.tw.done", player=player)
        fields = {"player": player, "card": move.card, "where": _where(view["grid"], move.cell)}
        points = grid.value(move.card, move.cell, threat_weight=0.0)
        if points:
            return Why("bot.why.tw.place", points=points, **fields)
        if grid.opened(move.card, move.cell) <= min(grid.opened(other.card, other.cell) for other in places):
            return Why("bot.why.tw.place-safe", **fields)
        return Why("bot.why.tw.place-none", **fields)


class Beginner(Bot[SeatMove]):
    """A new player's habits: picks its highest card, puts it where it scores most at
    once without a look at what that opens for the others, and places every set-aside
    card as soon as it can."""

    kind = "beginner"

    def decide(self, view: View, moves: list[SeatMove], options: Options) -> SeatMove:
        if view["phase"] == "pick":
            return max(_picks(moves), key=lambda move: (move.card.rank, ORDER[move.card]))
        grid = _Grid(view, options)
        places = [move for move in moves if isinstance(move, tw.Place)]
        return max(places, key=lambda move: grid.value(move.card, move.cell, threat_weight=0.0))

    def explain(self, view: View, move: SeatMove, moves: list[SeatMove], options: Options) -> Why:
        player = Seat(view["seat"])
        if isinstance(move, tw.Pick):
            return Why("bot.why.tw.beginner.pick", player=player, card=move.card)
        if not isinstance(move, tw.Place):  # a beginner never waits: only when the rules leave nothing else
            return Why("bot.why.tw.done-wait", player=player)
        points = _Grid(view, options).value(move.card, move.cell, threat_weight=0.0)
        where = _where(view["grid"], move.cell)
        if not points:
            return Why("bot.why.tw.beginner.place-none", player=player, card=move.card, where=where)
        return Why("bot.why.tw.beginner.place", player=player, card=move.card, where=where, points=points)


def _picks(moves: list[SeatMove]) -> list[tw.Pick]:
    """The picks among ``moves``: all of them while the seats pick (rule tw.pick)."""
    return [move for move in moves if isinstance(move, tw.Pick)]


def _where(grid: dict[tw.Cell, Card], cell: tw.Cell) -> Why:
    """Where ``cell`` is, said by a card next to it (as the move log says it)."""
    side, card = beside(grid, cell)
    return Why(f"tw.where.{side}", card=card)


def forced(view: View, move: SeatMove) -> Why | None:
    """Rule tw.pick with one card left in hand; or one card to put down and one open cell,
    which the grid's limit (rule tw.bounds) or its neighbours (rule tw.adjacency) leave."""
    player = Seat(view["seat"])
    if isinstance(move, tw.Pick):
        return Why("bot.why.tw.forced-pick", player=player, card=move.card, rule=Why("rule.tw.pick.title"))
    if not isinstance(move, tw.Place):
        return None
    grid = view["grid"]
    around = {(col + dc, row + dr) for col, row in grid for dc, dr in tw.NEIGHBOURS} - grid.keys()
    rule = "tw.bounds" if len(around) > len(view["open_cells"]) else "tw.adjacency"
    where = _where(grid, move.cell)
    return Why("bot.why.tw.forced-place", player=player, card=move.card, where=where, rule=Why(f"rule.{rule}.title"))


def _turn_over(start: tw.State, now: tw.State) -> bool:
    """The expert plays a deal out to the end of the turn: what its card opens for the
    seats placing after it shows there. With more than two players, a card it places is
    played out to the end of the next turn too: the cells it opens go to whichever of the
    others holds a card for them (measured at four players: one expert among three coaches
    wins 33.6 % of 2,000 games, 31.5 % when it looks to the end of the turn only)."""
    turns = 2 if start.phase == "place" and start.players > 2 else 1
    return now.turn >= start.turn + turns


SEARCH = Search(deals=6, over=_turn_over, shortlist=4)


# The three cells of every line of three through a cell, as steps from it: the threat's lines.
LINES_THROUGH = tuple(
    tuple(((start + k) * dc, (start + k) * dr) for k in range(3)) for dc, dr in tw.DIRECTIONS for start in (-2, -1, 0)
)
THREAT_WEIGHT = 0.1  # light: measured, a heavy penalty makes the coach pass up its own points
KEEP_DEFERRED = 1.0  # a set-aside card waits for a place worth at least this


class _Grid:
    """A Thricewise grid as one seat sees it, with the coach's measures."""

    def __init__(self, view: View, options: Options) -> None:
        self.grid: dict[tw.Cell, Card] = view["grid"]  # the view's own copy: cards are put on it and taken off again
        self.span: tuple[int, int, int, int] = view["span"]
        self.options = options
        known = set(self.grid.values())
        known |= set(view["hand"]) | {card for cards in view["deferred"] for card in cards}
        known |= {card for card in view["revealed"] if card}
        self.unseen = {card for card in CARDS if card not in known}
        self.held = (sum(view["hand_sizes"]) - len(view["hand"])) / max(len(self.unseen), 1)
        self.within = tw.within_bounds(self.span)  # the engine's rule tw.bounds for this span

    def open_cells(self) -> list[tw.Cell]:
        """Rules tw.adjacency and tw.bounds (the view lists open cells only while placing)."""
        return sorted(tw.open_next_to(self.grid, self.span))

    def best_value(self, card: Card) -> float:
        return max(self.value(card, cell) for cell in self.open_cells())

    def value(self, card: Card, cell: tw.Cell, threat_weight: float = THREAT_WEIGHT) -> float:
        """Points scored now, less the threat the card leaves next to it."""
        self.grid[cell] = card
        try:
            points = sum(points for _, _, points, _ in tw.triads_at(self.grid, cell, self.options))
            return points - threat_weight * self.threat(cell) if threat_weight else points
        finally:
            del self.grid[cell]

    def opened(self, card: Card, cell: tw.Cell) -> float:
        """The threat (``threat``) of ``card`` put at ``cell``."""
        return self.value(card, cell, threat_weight=0.0) - self.value(card, cell, threat_weight=1.0)

    def threat(self, cell: tw.Cell) -> float:
        """What the best empty cell that now completes a line with ``cell`` offers the
        other seats: each unseen card's points there, times the chance that an
        opponent holds it."""
        grid, run_rule, unseen = self.grid, self.options["run_rule"], self.unseen
        offered: dict[tw.Cell, int] = {}  # empty cell -> the points of the unseen cards there, over its lines
        for line, (one, other) in _lines_through(cell):
            # The card is on ``cell``: the line is one card short when just one of the others is empty.
            if (one in grid) == (other in grid):
                continue
            gap = other if one in grid else one
            if gap not in self.within:
                continue
            a, b = (grid[spot] for spot in line if spot != gap)
            completions = _line_completions(a, b, line.index(gap), run_rule)
            offered[gap] = offered.get(gap, 0) + sum(points for card, points in completions.items() if card in unseen)
        return max(offered.values(), default=0) * self.held


@cache
def _lines_through(cell: tw.Cell) -> tuple[tuple[tuple[tw.Cell, ...], tuple[tw.Cell, ...]], ...]:
    """Every line of three through ``cell``: its cells in line order, and the two besides ``cell``."""
    col, row = cell
    lines = (tuple(tw.Cell(col + dc, row + dr) for dc, dr in offsets) for offsets in LINES_THROUGH)
    return tuple((line, tuple(spot for spot in line if spot != cell)) for line in lines)


@cache
def _line_completions(a: Card, b: Card, where: int, run_rule: str) -> dict[Card, int]:
    """{card: points} for every card that completes the line of ``a`` and ``b`` (in
    line order) into a triad when put at index ``where`` (0, 1 or 2) of the line."""
    scoring = {}
    for card in CARDS:
        if card in (a, b):
            continue
        line = (card, a, b) if where == 0 else (a, card, b) if where == 1 else (a, b, card)
        kinds = tw.line_kinds(line, run_rule)
        if kinds:
            scoring[card] = len(kinds) * tw.triad_value(line)
    return scoring
