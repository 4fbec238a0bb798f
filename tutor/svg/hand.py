"""A hand of cards in a row, for any game: the game supplies how one card is drawn."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

from tutor.messages import msg
from tutor.svg.draw import ACCENT, MUTED, document, el, group, mark_outline, target, text
from tutor.svg.targets import Target

C = TypeVar("C", bound=tuple)  # a game's card (a NamedTuple)

RAISE = 18  # how far the selected card rises out of the row
PAD = 12
# The least of each card a row leaves uncovered: a phone draws a narrow hand about 0.92 times
# its size, and a finger needs 44 px. A hand that would overlap more takes a second row.
MIN_STEP = 48
ROW_GAP = 8


def card_name(card: tuple) -> str:
    """A card's name in a click target ("green-8", "sea-10"): the click then says which card
    the browser showed, even when the hand has changed since it was drawn."""
    return "-".join(str(part) for part in card if not isinstance(part, tuple))


def hand(
    cards: Sequence[C],
    face: Callable[[C], str],
    card_w: float,
    card_h: float,
    playable: Collection[C] = (),
    selected: C | None = None,
    highlight: Collection[C] = (),
    clickable: bool = False,
    width: float = 800,
    label: str = "",
) -> str:
    """``face(card)`` draws one card at 0,0. Playable cards get a bar beneath, the others
    are dimmed, the selected one is raised and outlined. Cards overlap only when the row
    would be wider than ``width``, and never to less than MIN_STEP of a card: then the hand
    goes on in a second row (a phone's narrow hand of twelve)."""
    count = len(cards)

    def step_for(per_row: int) -> float:
        return card_w + 10 if per_row < 2 else min(card_w + 10, (width - 2 * PAD - card_w) / (per_row - 1))

    rows = 1
    while count > rows and step_for(-(-count // rows)) < MIN_STEP:
        rows += 1
    per_row = -(-count // rows) if count else 1
    step = step_for(per_row)
    used = 2 * PAD + card_w + step * max(min(count, per_row) - 1, 0)
    row_h = card_h + RAISE + ROW_GAP
    height = rows * row_h - ROW_GAP + 2 * PAD + 8
    parts = []
    for index, card in enumerate(cards):
        chosen = card == selected
        can_play = card in playable
        row, place = divmod(index, per_row)
        y = PAD + row * row_h + (0 if chosen else RAISE)
        body = [face(card)]
        if chosen:
            body.append(
                el(
                    "rect",
                    x=-3,
                    y=-3,
                    width=card_w + 6,
                    height=card_h + 6,
                    rx=9,
                    fill="none",
                    stroke=ACCENT,
                    stroke_width=4,
                )
            )
        elif not can_play:
            body.append(el("rect", width=card_w, height=card_h, rx=7, fill="#ffffff", opacity=0.55))
        if can_play and not chosen:
            body.append(el("rect", x=6, y=card_h + 5, width=card_w - 12, height=4, rx=2, fill=ACCENT))
        if card in highlight:
            body.append(mark_outline(-6, -6, card_w + 12, card_h + 12, 11))
        drawn = "".join(body)
        if clickable:
            state = (
                msg("widgets.card-selected")
                if chosen
                else (msg("widgets.card-playable") if can_play else msg("widgets.card-not-playable"))
            )
            drawn = target(
                Target("card", f"{index}:{card_name(card)}"),
                msg("widgets.card-label", card=card, state=state),
                drawn,
                pressed=chosen,
                ring=(0, 0, card_w, card_h),
            )
        parts.append(group(drawn, x=PAD + place * step, y=y))
    if not cards:
        parts.append(text(PAD, height / 2, msg("widgets.hand-empty"), size=14, fill=MUTED))
    return document(used if cards else width, height, *parts, label=label)
