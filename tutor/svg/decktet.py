"""Decktet cards drawn by the project: rank in the corner, suit symbols, the card's name.

Each suit has a colour and a shape of its own (crescent, rayed sun, waves, leaf, serpent,
linked rings), so suits stay apart without colour.
"""

from __future__ import annotations

from math import cos, pi, sin
from typing import TYPE_CHECKING, NamedTuple

from tutor.messages import msg
from tutor.svg.draw import INK, PAPER, document, el, group, reading_class, small_card, text, title

if TYPE_CHECKING:  # the card draws itself through this module (Card._repr_svg_)
    from tutor.games.decktet import Card

CARD_W, CARD_H = 66, 94


class Suit(NamedTuple):
    colour: str
    pale: str


SUITS = {
    "moons": Suit("#4656a8", "#e6e9f7"),
    "suns": Suit("#d98a00", "#fdf0d5"),
    "waves": Suit("#137f9e", "#ddf1f6"),
    "leaves": Suit("#2f8a3a", "#e1f2e2"),
    "wyrms": Suit("#b2382f", "#f8e1de"),
    "knots": Suit("#7a5230", "#f1e6da"),
}


def suit_symbol(suit: str, cx: float, cy: float, r: float, colour: str | None = None) -> str:
    """The suit's shape centred on cx, cy, about 2r across (drawn in a unit box, scaled)."""
    colour = colour or SUITS[suit].colour
    line = {"fill": "none", "stroke": colour, "stroke_linecap": "round", "stroke_linejoin": "round"}
    if suit == "moons":
        body = el("path", d="M0.25,-0.95 A0.97,0.97 0 1 0 0.25,0.95 A0.74,0.74 0 1 1 0.25,-0.95 Z", fill=colour)
    elif suit == "suns":
        rays = "".join(f"M{x1},{y1} L{x2},{y2} " for x1, y1, x2, y2 in _RAYS)
        body = el("circle", r=0.5, fill=colour) + el("path", d=rays, stroke_width=0.2, **line)
    elif suit == "waves":
        body = el(
            "path",
            d="M-0.95,-0.35 q0.32,-0.4 0.63,0 t0.63,0 t0.63,0 M-0.95,0.35 q0.32,-0.4 0.63,0 t0.63,0 t0.63,0",
            stroke_width=0.26,
            **line,
        )
    elif suit == "leaves":
        body = el(
            "path", d="M-0.7,0.75 C-0.9,-0.3 -0.1,-0.95 0.85,-0.85 C0.8,0.1 0.2,0.85 -0.7,0.75 Z", fill=colour
        ) + el("path", d="M-0.7,0.75 L0.45,-0.45", stroke="#ffffff", stroke_width=0.1, fill="none")
    elif suit == "wyrms":
        body = el(
            "path", d="M-0.85,0.7 C-0.85,-0.1 -0.15,-0.2 -0.05,0.25 S0.65,0.6 0.6,-0.45", stroke_width=0.3, **line
        ) + el("circle", cx=0.62, cy=-0.6, r=0.24, fill=colour)
    else:  # knots: two linked rings
        body = el("circle", cx=-0.36, cy=0, r=0.52, stroke_width=0.24, **line) + el(
            "circle", cx=0.36, cy=0, r=0.52, stroke_width=0.24, **line
        )
    return group(body, x=cx, y=cy, scale=r)


_RAYS = tuple(
    (
        round(0.68 * cos(k * pi / 4), 2),
        round(0.68 * sin(k * pi / 4), 2),
        round(0.98 * cos(k * pi / 4), 2),
        round(0.98 * sin(k * pi / 4), 2),
    )
    for k in range(8)
)


def crown(cx: float, cy: float, size: float, colour: str = INK) -> str:
    """The Crown rank mark: language-free, like the digits."""
    return group(
        el("path", d="M-1,0.6 L-1,-0.5 L-0.5,0 L0,-0.8 L0.5,0 L1,-0.5 L1,0.6 Z", fill=colour), x=cx, y=cy, scale=size
    )


ART_H = CARD_H - 32  # the tinted picture area; the name has the rest, large enough to read from afar
NAME_SIZE = 10.5


def _name_lines(name: str) -> list[str]:
    """One line, or two split at the middle space when the name is long."""
    if len(name) <= 10 or " " not in name:
        return [name]
    spaces = [index for index, char in enumerate(name) if char == " "]
    cut = min(spaces, key=lambda index: abs(index - len(name) / 2))
    return [name[:cut], name[cut + 1 :]]


def card_face(card: Card, width: float = CARD_W) -> str:
    """A card with its top-left corner at 0,0."""
    first = SUITS[card.suits[0]]
    corner = (
        crown(11, 14, 6.5)
        if card.rank == 10
        else text(
            11,
            19,
            msg("widgets.decktet.ace") if card.rank == 1 else card.rank,
            size=15,
            weight=800,
            class_=reading_class("value", width / CARD_W),
            anchor="middle",
        )
    )
    parts = [
        title(str(card)),
        el("rect", width=CARD_W, height=CARD_H, rx=6, fill=PAPER, stroke="#6b5d4f", stroke_width=1.2),
        el("rect", x=22, y=5, width=CARD_W - 27, height=ART_H, rx=4, fill=first.pale),
        corner,
    ]
    if len(card.suits) == 2:  # the lower half takes the second suit's tint
        half, low = ART_H / 2, ART_H + 5
        parts.insert(
            3,
            el(
                "path",
                d=f"M22,{5 + half} H{CARD_W - 5} V{low - 4} Q{CARD_W - 5},{low} "
                f"{CARD_W - 9},{low} H26 Q22,{low} 22,{low - 4} Z",
                fill=SUITS[card.suits[1]].pale,
            ),
        )
    for index, suit in enumerate(card.suits):
        parts.append(suit_symbol(suit, 11, 32 + index * 15, 5.5))
    centre = 22 + (CARD_W - 27) / 2
    if len(card.suits) == 1:
        parts.append(suit_symbol(card.suits[0], centre, 38, 13))
    else:
        parts.append(suit_symbol(card.suits[0], centre, 25, 10))
        parts.append(suit_symbol(card.suits[1], centre, 52, 10))
    lines = _name_lines(str(card))
    for index, line in enumerate(lines):
        y = CARD_H - 11 + index * 10 - (len(lines) - 1) * 4
        size = NAME_SIZE if len(line) <= 10 else 10 if len(line) <= 12 else 8  # a long word still fits the card
        parts.append(
            text(
                CARD_W / 2,
                y,
                line,
                size=size,
                weight=600,
                anchor="middle",
                class_=reading_class("name", width / CARD_W),
            )
        )
    return group(*parts, scale=width / CARD_W, class_=small_card(width / CARD_W))


def card_svg(card: Card) -> str:
    """A standalone card, for ``Card._repr_svg_``."""
    return document(CARD_W + 4, CARD_H + 4, group(card_face(card), x=2, y=2), label=str(card))
