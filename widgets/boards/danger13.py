"""Danger 13 components: the table (rows against their limits, the dealer, the turned-up
card, the banks) and a board that turns clicks into moves for the engine to judge."""

from __future__ import annotations

import traitlets

from tutor.core import TutorError
from tutor.games.danger13 import ACCEPT, REFUSE, Choice, Give, drawing, parse_card
from tutor.messages import msg
from tutor.svg.targets import Target
from widgets.board import Actions, Board
from widgets.component import Callbacks, Pickable
from widgets.hand import acting_seat


class Danger13Table(Pickable):
    """``Danger13Table(state, seat=None, scale=1.0)``: the table as ``seat`` may see it
    (None: whoever acts). Rows the turned-up card may go to are lit (``lit``);
    ``on_seat(fn)`` hears a click on a row; while ``pick``, ``on_pick(fn)`` hears a row's
    player or the pile."""

    seat = traitlets.Int(None, allow_none=True)
    hints = traitlets.Bool(True)
    highlight = traitlets.List[object]()  # seats, cards and "pile" a lesson points at
    lit = traitlets.List[int]()  # the seats lit now
    has_card = traitlets.Bool(True)  # off while a quiz asks who may still receive a card
    accepting = traitlets.Bool(True)  # off while the table waits for someone else: rows cannot be clicked

    redraw_on = ("seat", "hints", "highlight", "has_card", "accepting")

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        self._viewer = seat
        self.seat_callbacks = Callbacks()
        super().__init__(state, seat=seat, scale=scale, **kwargs)

    @property
    def viewer(self) -> int | None:
        """``seat``, else whoever acts (kept while chance moves)."""
        if self.seat is not None:
            return self.seat
        acting = acting_seat(self._state)
        if acting is not None:
            self._viewer = acting
        return self._viewer

    def on_seat(self, callback, remove: bool = False) -> None:
        self.seat_callbacks.register(callback, remove)

    def click(self, name: str) -> None:
        clicked = Target.read(name)
        seat = clicked.number(self._state.players)
        if self.pick:
            if clicked.kind == "pile":
                self.picked("pile", msg("widgets.d13.pile", count=self._state.view(self.viewer or 0)["pile_size"]))
            elif clicked.kind == "seat" and seat is not None:
                self.seat_picked(seat)
        elif clicked.kind == "seat" and seat is not None and self.accepting:
            self.seat_callbacks(seat)

    def render(self) -> str:
        receivers = [move.seat for move in self._state.legal_moves() if isinstance(move, Give)]
        self.lit = receivers if self.hints else []
        return drawing.table(
            self._state,
            self.viewer,
            lit=self.lit,
            highlight=self.highlight,
            clickable=self.accepting,
            narrow=self.narrow,
            has_card=self.has_card,
            pick=self.pick,
        )


class Danger13Board(Board):
    """``Danger13Board(state, seat=None, scale=1.0)``: the table, plus take / refuse
    buttons while a hand card's owner decides. Clicking a row gives the turned-up card
    to that player: ``on_move(fn)`` receives the ``Give`` or ``Choice``."""

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        self.table = Danger13Table(state, seat, scale)
        self.actions = Actions(scale)
        super().__init__([self.table, self.actions], **kwargs)
        self.table.on_seat(self._give)
        self.actions.on_action(self._action)
        self.redraw()

    def redraw(self) -> None:
        pending = self.state.pending
        choices = {move.answer for move in self.state.legal_moves() if isinstance(move, Choice)}
        self.actions.actions = (
            []
            if pending is None
            else [
                [ACCEPT, msg("widgets.d13.accept", card=pending), ACCEPT in choices],
                [REFUSE, msg("widgets.d13.refuse"), REFUSE in choices],
            ]
        )

    def set_highlight(self, items) -> None:
        """Lesson highlights: seat names, cards (``plain 3``, ``hand``) and the ``pile``."""
        seats: list[int] = []
        cards: list[object] = []
        names = [name.lower() for name in self.state.seat_names]
        for item in items:
            words = str(item).strip()
            if words.lower() == "pile":
                cards.append("pile")
            elif words.lower() in names:
                seats.append(names.index(words.lower()))
            else:
                try:
                    cards.append(parse_card(words))
                except TutorError:
                    continue  # not a part of this table: nothing to light
        self.table.highlight = [*seats, *cards]

    def move_marks(self, move) -> list[str]:
        """The row the card joins: the receiver's, or the owner's deciding on it."""
        seat = move.seat if isinstance(move, Give) else self.state.to_move
        return [self.state.seat_names[seat]] if 0 <= seat < self.state.players else []

    def conceal(self, things: tuple[str, ...]) -> None:
        self.table.has_card = "has-card" not in things

    def _give(self, seat: int) -> None:
        self.move_callbacks(Give(self.state.revealed, seat))

    def _action(self, answer: str) -> None:
        self.move_callbacks(Choice(self.state.pending, answer))


def clicks(move) -> list[str]:
    """What a person clicks on this board to make ``move``: CSS selectors, in order (the
    browser tests play through them)."""
    if isinstance(move, Choice):
        return [Target(move.answer).selector]
    return [Target("seat", move.seat).selector]


BOARD = Danger13Board
# What a learner acts on, per page kind (the browser tests check that it is in view): the rows;
# in play the hand card's buttons too.
ACTED_ON = {
    "learn": Target.any("seat"),
    "drill": Target.any("seat"),
    "play": f"{Target.any('seat')}, .tutor-actions button",
}
