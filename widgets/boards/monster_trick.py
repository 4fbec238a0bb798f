"""Monster Trick components: the table, the players, the VP prediction and a board
that joins them with a hand and turns clicks into moves for the engine to judge."""

from __future__ import annotations

import re
from html import escape

import traitlets

from tutor.core import TutorError
from tutor.games.monster_trick import VP_SETS, Play, Predict, drawing, parse_card
from tutor.messages import msg
from tutor.svg.draw import el
from tutor.svg.targets import Target
from widgets.board import Board
from widgets.component import Callbacks, Pickable, StateComponent
from widgets.hand import Hand, card_target

SLOT_WORD = re.compile(r"^\s*slot\s*(\d+)\s*$", re.IGNORECASE)


class MonsterTrickTable(Pickable):
    """``MonsterTrickTable(state, scale=1.0)``: the four slots. Set ``selected`` to a card
    to light the slots the engine allows for it; ``on_slot(fn)`` hears slot clicks (0..3),
    ``on_pick(fn)`` them while ``pick`` (``slot 1`` .. ``slot 4``)."""

    selected = traitlets.Any(None)
    hints = traitlets.Bool(True)  # light the legal slots of the selected card
    highlight = traitlets.List[object]()  # slot numbers 0..3 and cards a lesson points at
    lit = traitlets.List[int]()  # the slots lit now
    claims = traitlets.Bool(True)  # off while a quiz asks who takes a trick

    redraw_on = ("selected", "hints", "highlight", "claims")

    def __init__(self, state, scale: float = 1.0, **kwargs):
        self.slot_callbacks = Callbacks()
        super().__init__(state, scale=scale, **kwargs)

    def on_slot(self, callback, remove: bool = False) -> None:
        self.slot_callbacks.register(callback, remove)

    def click(self, name: str) -> None:
        clicked = Target.read(name)
        slot = clicked.number(4)
        if clicked.kind == "slot" and slot is not None and self.pick:
            self.picked(f"slot {slot + 1}", msg("widgets.mt.slot", slot=slot + 1))
        elif clicked.kind == "slot" and slot is not None:
            self.slot_callbacks(slot)

    def render(self) -> str:
        card = self.selected
        self.lit = sorted(self._state.slots_for(card)) if card is not None and self.hints else []
        return drawing.table(
            self._state,
            lit=self.lit,
            highlight=self.highlight,
            selected=card,
            clickable=True,
            narrow=self.narrow,
            claims=self.claims,
        )


class MonsterTrickPlayers(Pickable):
    """``MonsterTrickPlayers(state, seat=None, scale=1.0)``: every player's VP cards (face
    down, the active one face up), tricks won and cards in hand, as ``seat`` may see them
    (None: whoever is to move). While ``pick``, each player is a target for ``on_pick(fn)``."""

    seat = traitlets.Int(None, allow_none=True)
    highlight = traitlets.List[int]()  # seats a lesson points at
    reveal_active = traitlets.Bool(True)  # off while a quiz asks which VP card is active

    redraw_on = ("seat", "highlight", "reveal_active")

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        super().__init__(state, seat=seat, scale=scale, **kwargs)

    def click(self, name: str) -> None:
        clicked = Target.read(name)
        seat = clicked.number(self._state.players)
        if clicked.kind == "seat" and seat is not None and self.pick:
            self.seat_picked(seat)

    def render(self) -> str:
        viewer = self.seat if self.seat is not None else (self._state.to_move if self._state.to_move >= 0 else None)
        return drawing.players(
            self._state,
            viewer,
            highlight=self.highlight,
            reveal_active=self.reveal_active,
            narrow=self.narrow,
            clickable=self.pick,
        )


class MonsterTrickPrediction(StateComponent):
    """Laying out the round's VP cards: click them in order, left to right; the third
    click hands ``Predict(order)`` to ``on_move(fn)``. Empty while nobody predicts."""

    order = traitlets.List[int]()  # values placed so far, left to right
    accepting = traitlets.Bool(True)  # off while the table waits for someone else
    seat = traitlets.Int(None, allow_none=True)  # whose VP cards these are (None: whoever is to move)
    pick = traitlets.Bool(False)  # the board is being marked: VP cards are not laid meanwhile

    redraw_on = ("order", "accepting", "seat", "pick")

    def __init__(self, state, scale: float = 1.0, **kwargs):
        self.move_callbacks = Callbacks()
        super().__init__(state, scale=scale, **kwargs)

    def forget_choices(self) -> None:
        self.order = []

    @property
    def active(self) -> bool:
        """Someone lays VP cards, and the seat shown has not laid theirs yet."""
        laid = self.seat is not None and self._state.vp_order[self.seat] is not None
        return self._state.phase == "predict" and not laid

    def on_move(self, callback, remove: bool = False) -> None:
        self.move_callbacks.register(callback, remove)

    def click(self, name: str) -> None:
        clicked = Target.read(name)
        vp = clicked.number(100)
        if clicked.kind == "clear":
            self.order = []
        elif clicked.kind == "vp" and vp is not None and self.active and self.accepting and not self.pick:
            values = VP_SETS[self._state.round]
            if vp in values and vp not in self.order:
                self.order = [*self.order, vp]
            if len(self.order) == 3:
                (left, middle, right), self.order = self.order, []
                self.move_callbacks(Predict((left, middle, right)))

    def render(self) -> str:
        self.layout.display = None if self.active else "none"
        if not self.active:
            return ""
        clear = el(
            "button",
            escape(msg("widgets.mt.clear")),
            data_target="clear",
            type="button",
            disabled=not (self.order and self.accepting),
        )
        return (
            el("div", escape(msg("widgets.mt.prediction-label")), class_="tutor-caption")
            + drawing.prediction(
                VP_SETS[self._state.round], self.order, clickable=self.accepting and not self.pick, narrow=self.narrow
            )
            + clear
        )


class MonsterTrickBoard(Board):
    """``MonsterTrickBoard(state, seat=None, scale=1.0)``: players, table, VP prediction
    and the hand of ``seat`` (None: whoever is to move). Click a card, then a slot:
    ``on_move(fn)`` receives the ``Play``; the board never decides whether it is allowed."""

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        self.players = MonsterTrickPlayers(state, seat, scale)
        self.table = MonsterTrickTable(state, scale)
        self.prediction = MonsterTrickPrediction(state, scale)
        self.hand = Hand(state, seat, scale)
        super().__init__([self.players, self.table, self.prediction, self.hand], **kwargs)
        self.hand.on_select(self._selected)
        self.table.on_slot(self._slot)
        self.prediction.on_move(self.move_callbacks)

    def redraw(self) -> None:
        self.table.selected = None

    def set_highlight(self, items) -> None:
        """Lesson highlights: ``slot 4``, cards (``green 8``) and seat names."""
        slots: list[int] = []
        cards: list[object] = []
        seats: list[int] = []
        names = [name.lower() for name in self.state.seat_names]
        for item in items:
            words = str(item).strip()
            slot = SLOT_WORD.match(words)
            if slot:
                slots.append(int(slot.group(1)) - 1)
            elif words.lower() in names:
                seats.append(names.index(words.lower()))
            else:
                try:
                    cards.append(parse_card(words, self.state.players))
                except TutorError:
                    continue  # not a part of this table: nothing to light
        self.table.highlight = [*slots, *cards]
        self.hand.highlight = cards
        self.players.highlight = seats

    def move_marks(self, move) -> list[str]:
        return [f"slot {move.slot + 1}"] if isinstance(move, Play) else []

    def _selected(self, card) -> None:
        self.table.selected = card

    def _slot(self, slot: int) -> None:
        card = self.hand.selected
        if card is None:
            self.message_callbacks(msg("widgets.mt.pick-card-first"))
            return
        self.move_callbacks(Play(card, slot))

    def conceal(self, things: tuple[str, ...]) -> None:
        self.players.reveal_active = "active-vp" not in things
        self.table.claims = "claims" not in things


def clicks(move) -> list[str]:
    """What a person clicks on this board to make ``move``: CSS selectors, in order (the
    browser tests play through them)."""
    if isinstance(move, Predict):
        return [Target("vp", value).selector for value in move.order]
    return [card_target(move.card), Target("slot", move.slot).selector]


BOARD = MonsterTrickBoard
# What a learner acts on, per page kind (the browser tests check that it is in view): the cards
# and the slots; in play the VP cards of a prediction too.
ACTED_ON = {
    "learn": f"{Target.any('card')}, {Target.any('slot')}",
    "drill": f"{Target.any('card')}, {Target.any('slot')}",
    "play": f"{Target.any('vp')}, {Target.any('slot')}",
}
