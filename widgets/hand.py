"""A player's hand for any game: clickable cards, playable ones marked, the chosen one raised."""

from __future__ import annotations

from html import escape
from typing import cast

import traitlets

from tutor.core import SIMULTANEOUS
from tutor.games import Game
from tutor.games.parts import HandDrawing
from tutor.messages import msg
from tutor.svg.draw import el
from tutor.svg.hand import card_name
from tutor.svg.targets import Target
from widgets.component import Callbacks, Pickable


def drawing(game: Game) -> HandDrawing:
    """The module of the game's package that draws it, hands apart from the table."""
    found = game.drawing
    if not isinstance(found, HandDrawing):
        raise LookupError(f"{game.id} draws no hand apart from its table")
    return found


def playable_cards(state, seat: int) -> list:
    """The cards the engine lets ``seat`` play now (from its legal moves, nothing else)."""
    if state.to_move < 0 and state.to_move != SIMULTANEOUS:
        return []
    found = []
    for move in state.legal_moves():
        card = getattr(move, "card", None)
        if card is not None and state.mover(move) == seat and card not in found:
            found.append(card)
    return found


def why_not_card(state, seat: int, card) -> str | None:
    """Why ``seat`` cannot play ``card`` now, in the engine's own words: its reason for
    that card in place of the card of an allowed move (None when there is no such move)."""
    moves = [move for move in state.legal_moves() if getattr(move, "card", None) is not None]
    for move in [move for move in moves if state.mover(move) == seat] or moves:
        reason = state.why_not(move._replace(card=card))
        if reason is not None:
            return str(reason)
    return None


def acting_seat(state) -> int | None:
    """The seat that acts now: the mover, or the first seat still to choose."""
    seats = state.whose_turn().seats
    return seats[0] if seats else None


def card_target(card) -> str:
    """The selector of ``card`` in a drawn hand (its label starts with the card's name)."""
    return f'{Target.any("card")}[aria-label^="{card},"]'


class Hand(Pickable):
    """``Hand(state, seat=None, scale=1.0)``: the cards of ``seat`` (None: whoever is to
    move). Clicking a card selects it (again: unselects); ``on_select(fn)`` hears it, and
    ``on_refusal(fn)`` hears why a card marked as not playable now cannot be played.
    While ``pick``, a click on a card is heard by ``on_pick(fn)`` as its name."""

    seat = traitlets.Int(None, allow_none=True)
    cards = traitlets.List[object]()  # what is drawn, left to right
    playable = traitlets.List[object]()  # cards the engine allows now
    selected = traitlets.Any(None)
    highlight = traitlets.List[object]()  # cards a lesson points at
    clickable = traitlets.Bool(True)

    redraw_on = ("seat", "selected", "highlight", "clickable")

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        self._shown_seat = 0
        self.select_callbacks = Callbacks()
        self.refusal_callbacks = Callbacks()
        super().__init__(state, seat=seat, scale=scale, **kwargs)

    def forget_choices(self) -> None:
        self.selected = None

    @property
    def shown_seat(self) -> int:
        """The seat whose hand is drawn: ``seat``, else the mover (kept while nobody moves)."""
        if self.seat is not None:
            return self.seat
        acting = acting_seat(self._state)
        if acting is not None:
            self._shown_seat = acting
        return self._shown_seat

    def on_select(self, callback, remove: bool = False) -> None:
        """``callback(card or None)`` whenever the selection changes by a click."""
        self.select_callbacks.register(callback, remove)

    def on_refusal(self, callback, remove: bool = False) -> None:
        """``callback(reason)`` when a card that cannot be played now is clicked."""
        self.refusal_callbacks.register(callback, remove)

    def click(self, name: str) -> None:
        """``card:<place in the hand>`` or, as the browser sends it, ``card:<place>:<card name>``:
        the name wins, so a click on a hand drawn before the last move still picks that card."""
        clicked = Target.read(name)
        place, _, shown = str(clicked.which).partition(":")
        if clicked.kind != "card" or not (self.clickable or self.pick):
            return
        if shown:
            # a game's cards are NamedTuples (the trait holds them as objects)
            card = next((card for card in self.cards if card_name(cast(tuple, card)) == shown), None)
        else:
            index = Target("card", place).number(len(self.cards))
            card = self.cards[index] if index is not None else None
        if card is None:
            return  # that card has left the hand since the browser drew it
        if self.pick:
            self.picked(card)
            return
        self.selected = None if card == self.selected else card
        self.select_callbacks(self.selected)
        if self.selected is not None and card not in self.playable:
            reason = why_not_card(self._state, self.shown_seat, card)
            if reason:
                self.refusal_callbacks(reason)

    def render(self) -> str:
        seat = self.shown_seat
        module = drawing(self._state.game)
        self.cards = module.hand_cards(self._state, seat)
        self.playable = playable_cards(self._state, seat)
        caption = el("div", escape(msg("widgets.hand-of", player=self._state.name(seat))), class_="tutor-caption")
        return caption + module.hand(
            self._state,
            seat,
            playable=self.playable,
            selected=self.selected,
            highlight=self.highlight,
            clickable=self.clickable or self.pick,
            narrow=self.narrow,
        )
