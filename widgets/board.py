"""What every game's board shares: its parts, one state for all of them, the scale, and
the listeners that hear the learner's moves and the board's hints."""

from __future__ import annotations

from html import escape

import ipywidgets
import traitlets

from tutor.svg.draw import el
from widgets.component import Callbacks, Component


class Actions(Component):
    """A row of buttons. ``actions`` holds ``[name, label, enabled]`` entries;
    ``on_action(fn)`` hears the name of an enabled one when it is clicked. While not
    ``accepting`` (the table waits for someone else) every button is disabled."""

    actions = traitlets.List[list]()
    accepting = traitlets.Bool(True)
    pick = traitlets.Bool(False)  # the board's parts are being marked: no button acts meanwhile

    def __init__(self, scale: float = 1.0, **kwargs):
        self.action_callbacks = Callbacks()
        super().__init__(scale=scale, **kwargs)
        self.observe(lambda _change: self.refresh(), names=["actions", "accepting", "pick"])
        self.refresh()

    def on_action(self, callback, remove: bool = False) -> None:
        self.action_callbacks.register(callback, remove)

    def click(self, name: str) -> None:
        if self.accepting and not self.pick and any(action == name and enabled for action, _, enabled in self.actions):
            self.action_callbacks(name)

    def render(self) -> str:
        self.layout.display = None if self.actions else "none"
        buttons = [
            el(
                "button",
                escape(label),
                type="button",
                data_target=name,
                disabled=not (enabled and self.accepting) or self.pick,
                class_="tutor-primary" if index == 0 else None,
            )
            for index, (name, label, enabled) in enumerate(self.actions)
        ]
        return el("div", *buttons, class_="tutor-actions") if buttons else ""


class Board(ipywidgets.VBox):
    """A game's parts stacked; subclasses build ``parts`` and turn clicks into moves."""

    def __init__(self, parts: list[Component], **kwargs):
        self.parts = parts
        self._chosen_seat: int | None = None
        self.move_callbacks = Callbacks()
        self.message_callbacks = Callbacks()
        self.pick_callbacks = Callbacks()
        for part in parts:  # a card marked "cannot be played now" says why when clicked
            if hasattr(part, "on_refusal"):
                part.on_refusal(self.message_callbacks)
            if hasattr(part, "on_pick"):
                part.on_pick(self.pick_callbacks)
        super().__init__(parts, **kwargs)
        self.add_class("tutor-board")

    @property
    def state(self):
        return self.parts[0].state

    @state.setter
    def state(self, state) -> None:
        for part in self.parts:
            if hasattr(part, "state"):
                part.state = state
        self.redraw()

    def redraw(self) -> None:
        """After a new state: anything that depends on more than one part."""

    def refresh(self) -> None:
        """Redraw from the current state (after it changed in place)."""
        self.state = self.state

    @property
    def seat(self) -> int | None:
        """The seat whose cards and secrets are shown; None: whoever acts."""
        return self._chosen_seat

    @seat.setter
    def seat(self, value: int | None) -> None:
        self._chosen_seat = value
        for part in self.parts:
            if part.has_trait("seat"):
                part.seat = value
        self.redraw()

    @property
    def accepting(self) -> bool:
        """Whether the person at the screen may act now (the play page sets it from the
        session: not while a computer player thinks); a board's buttons and cards follow."""
        return all(part.accepting for part in self.parts if part.has_trait("accepting"))

    @accepting.setter
    def accepting(self, value: bool) -> None:
        for part in self.parts:
            if part.has_trait("accepting"):
                part.accepting = value
            elif part.has_trait("clickable"):  # a hand: its cards cannot be picked meanwhile
                part.clickable = value

    @property
    def picking(self) -> bool:
        """Whether a click marks a part of the board (the studio's "mark on the board") instead
        of making a move: every part a lesson can highlight is then clickable."""
        return any(part.pick for part in self.parts if part.has_trait("pick"))

    @picking.setter
    def picking(self, value: bool) -> None:
        (self.add_class if value else self.remove_class)("tutor-picking")  # drawn so, not only said
        for part in self.parts:
            if part.has_trait("pick"):
                part.pick = value

    def on_pick(self, callback, remove: bool = False) -> None:
        """``callback(words, shown)`` for every part clicked while ``picking``: the part as a
        lesson's ``highlight`` writes it (``slot 4``, ``green 8``, ``Red``), and as the page
        names it to the teacher."""
        self.pick_callbacks.register(callback, remove)

    @property
    def hints(self) -> bool:
        """Whether the board lights where the chosen card may go (off where a lesson step
        or a quiz must not give its answer away)."""
        return all(part.hints for part in self.parts if part.has_trait("hints"))

    @hints.setter
    def hints(self, value: bool) -> None:
        for part in self.parts:
            if part.has_trait("hints"):
                part.hints = value

    @property
    def scale(self) -> float:
        return self.parts[0].scale

    @scale.setter
    def scale(self, value: float) -> None:
        for part in self.parts:
            part.scale = value

    def select(self, card) -> None:
        """Pick ``card`` in the board's hand as a click on it does (boards with a hand)."""
        self.hand.selected = card
        self.hand.select_callbacks(card)

    def conceal(self, things: tuple[str, ...]) -> None:
        """Hide ``things`` (a quiz question's ``conceals``) until called again without
        them. Nothing by default: a board that can show a question's answer overrides it."""

    def move_marks(self, move) -> list[str]:
        """The parts of the table ``move`` changes, named as a lesson's highlight names them
        (a drill marks a right move so). Called before the move is drawn. None by default."""
        return []

    def on_move(self, callback, remove: bool = False) -> None:
        """``callback(move)`` for every move the learner makes, allowed or not: the
        engine judges it, never the board."""
        self.move_callbacks.register(callback, remove)

    def on_message(self, callback, remove: bool = False) -> None:
        """``callback(text)`` for guidance such as "choose a card first"."""
        self.message_callbacks.register(callback, remove)
