"""Thricewise components: the grid (legal cells lit, the 6 x 6 bound, scored triads),
the players (revealed and deferred cards) and a board that turns clicks into moves."""

from __future__ import annotations

import re

import ipywidgets
import traitlets

from tutor.core import TutorError
from tutor.games.decktet import parse_card
from tutor.games.thricewise import Cell, Done, Pick, Place, drawing
from tutor.messages import msg
from tutor.svg.targets import Target
from widgets.board import Actions, Board
from widgets.component import Callbacks, Pickable
from widgets.hand import Hand, acting_seat, card_target

CELL_WORDS = re.compile(r"^\(?\s*(-?\d{1,3})\s*,\s*(-?\d{1,3})\s*\)?$", re.ASCII)  # a grid is never 1000 wide


class ThricewiseGrid(Pickable):
    """``ThricewiseGrid(state, scale=1.0)``: the grid. Set ``selected`` to a card to light
    the cells the engine allows for it (``lit``); ``on_cell(fn)`` hears clicks on the
    empty cells next to the grid; while ``pick``, ``on_pick(fn)`` hears a cell (``3,1``)
    or the card on it."""

    selected = traitlets.Any(None)
    hints = traitlets.Bool(True)
    highlight = traitlets.List[object]()  # cells and cards a lesson points at
    lit = traitlets.List[object]()
    bounds = traitlets.Bool(True)  # off while a quiz asks whether a card may go on a cell
    accepting = traitlets.Bool(True)  # off while the table waits for someone else: cells cannot be clicked

    redraw_on = ("selected", "hints", "highlight", "bounds", "accepting")

    def __init__(self, state, scale: float = 1.0, **kwargs):
        self.cell_callbacks = Callbacks()
        super().__init__(state, scale=scale, **kwargs)

    def on_cell(self, callback, remove: bool = False) -> None:
        self.cell_callbacks.register(callback, remove)

    def click(self, name: str) -> None:
        clicked = Target.read(name)
        found = CELL_WORDS.match(str(clicked.which))
        if clicked.kind != "cell" or not found:
            return
        cell = Cell(int(found.group(1)), int(found.group(2)))
        if self.pick:
            card = self._state.grid.get(cell)
            self.picked(cell if card is None else card)
        elif self.accepting:
            self.cell_callbacks(cell)

    def render(self) -> str:
        card, state = self.selected, self._state
        self.lit = (
            [cell for cell in state.open_cells() if state.why_not(Place(card, cell)) is None]
            if card is not None and self.hints and state.phase == "place"
            else []
        )
        return drawing.grid(
            state,
            lit=self.lit,
            highlight=self.highlight,
            selected=card,
            clickable=state.phase == "place" and self.accepting,
            bounds=self.bounds,
            pick=self.pick,
        )


class ThricewisePlayers(Pickable):
    """``ThricewisePlayers(state, seat=None, scale=1.0)``: points, hand sizes, who has
    chosen, revealed and deferred cards, as ``seat`` may see them (None: whoever acts).
    While ``pick``, each player is a target for ``on_pick(fn)``."""

    seat = traitlets.Int(None, allow_none=True)
    highlight = traitlets.List[int]()  # seats a lesson points at

    redraw_on = ("seat", "highlight")

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        super().__init__(state, seat=seat, scale=scale, **kwargs)

    def click(self, name: str) -> None:
        clicked = Target.read(name)
        seat = clicked.number(self._state.players)
        if clicked.kind == "seat" and seat is not None and self.pick:
            self.seat_picked(seat)

    def render(self) -> str:
        viewer = self.seat if self.seat is not None else acting_seat(self._state)
        return drawing.players(
            self._state, viewer, highlight=self.highlight, narrow=self.narrow, beside=True, clickable=self.pick
        )


class ThricewiseBoard(Board):
    """``ThricewiseBoard(state, seat=None, scale=1.0)``: players, grid, the cards of
    ``seat`` (None: whoever acts) and the buttons of the moment. Choosing: click a card,
    then "Choose"; placing: click a card, then a cell; "Keep the rest for later" ends a
    turn with deferred cards left. ``on_move(fn)`` receives ``Pick``, ``Place``, ``Done``."""

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        self.players = ThricewisePlayers(state, seat, scale)
        self.grid = ThricewiseGrid(state, scale)
        self.hand = Hand(state, seat, scale)
        self.actions = Actions(scale)
        super().__init__([self.players, self.grid, self.hand, self.actions], **kwargs)
        # The cards to act with beside the grid (below it where there is no room), so that
        # both stay in view while the grid grows; the players under them, so that the grid
        # has the window's height (on a phone they come first, tutor.css).
        tools = ipywidgets.VBox([self.hand, self.actions, self.players])
        tools.add_class("tutor-board-tools")
        self.players.add_class("tutor-board-players")
        row = ipywidgets.HBox([self.grid, tools])
        row.add_class("tutor-board-row")
        self.children = [row]
        self.hand.on_select(self._selected)
        self.grid.on_cell(self._cell)
        self.actions.on_action(self._action)
        self.redraw()

    def conceal(self, things: tuple[str, ...]) -> None:
        self.grid.bounds = "bounds" not in things

    def redraw(self) -> None:
        self.grid.selected = None
        self._update_actions()

    def set_highlight(self, items) -> None:
        """Lesson highlights: cells (``3,1``), cards (``the Sea``) and seat names."""
        marks: list[object] = []  # cells and cards
        seats: list[int] = []
        names = [name.lower() for name in self.state.seat_names]
        for item in items:
            words = str(item).strip()
            found = CELL_WORDS.match(words)
            if found:
                marks.append(Cell(int(found.group(1)), int(found.group(2))))
            elif words.lower() in names:
                seats.append(names.index(words.lower()))
            else:
                try:
                    marks.append(parse_card(words))
                except TutorError:
                    continue  # not a part of this table: nothing to light
        self.grid.highlight = marks
        self.hand.highlight = [mark for mark in marks if not isinstance(mark, Cell)]
        self.players.highlight = seats

    def move_marks(self, move) -> list[str]:
        return [str(move.cell)] if isinstance(move, Place) else []

    def _update_actions(self) -> None:
        state, card = self.state, self.hand.selected
        actions = []
        if state.phase == "pick":
            label = msg("widgets.tw.choose", card=card) if card is not None else msg("widgets.tw.choose-first")
            actions.append(["pick", label, card is not None])
        elif state.phase == "place" and self.hand.shown_seat == state.placer and state.deferred[state.placer]:
            actions.append(["done", msg("widgets.tw.done"), Done() in state.legal_moves()])
        self.actions.actions = actions

    def _selected(self, card) -> None:
        self.grid.selected = card
        self._update_actions()

    def _cell(self, cell: Cell) -> None:
        card = self.hand.selected
        if card is None:
            self.message_callbacks(msg("widgets.tw.place-first"))
            return
        self.move_callbacks(Place(card, cell))

    def _action(self, name: str) -> None:
        if name == "pick":
            self.move_callbacks(Pick(self.hand.shown_seat, self.hand.selected))
        else:
            self.move_callbacks(Done())


def clicks(move) -> list[str]:
    """What a person clicks on this board to make ``move``: CSS selectors, in order (the
    browser tests play through them)."""
    if isinstance(move, Done):
        return [Target("done").selector]
    where = Target("pick").selector if isinstance(move, Pick) else Target("cell", move.cell).selector
    return [card_target(move.card), where]


BOARD = ThricewiseBoard
# What a learner acts on, per page kind (the browser tests check that it is in view): the hand
# and the grid, whose box is in view (a growing grid scrolls inside it, not each cell); a drill
# asks with buttons.
GRID = ".tutor-widget:has(> svg[data-fit='scroll'])"
ACTED_ON = {
    "learn": f"{Target.any('card')}, {GRID}",
    "drill": ".tutor-choices button",
    "play": f"{Target.any('card')}, {GRID}",
}
