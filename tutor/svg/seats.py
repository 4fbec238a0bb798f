"""Seat colours and short tags, shared by every game's drawings.

A seat named after a colour ("Orange", "Red" in the tutor's lessons) gets that colour;
other seats take the palette in order. Tags (initials, or seat numbers when initials
clash) label small marks where a whole name does not fit.
"""

from __future__ import annotations

from tutor.messages import LANGUAGES, catalog
from tutor.svg.draw import INK, el, group

PALETTE = {
    "orange": "#ee7d22",
    "red": "#d0383f",
    "gray": "#6f747c",
    "blue": "#2b6cd1",
    "green": "#288540",
    "purple": "#8a4cc2",
    "yellow": "#f0c020",
    "black": "#30343b",
    "white": "#f4f4f4",
    "pink": "#e0689b",
    "brown": "#8b5a2b",
}
DEFAULT_ORDER = ("orange", "red", "gray", "blue", "black")


def seat_colours(names: list[str]) -> list[str]:
    """One fill per seat: a named colour when the seat is called after one, else the palette."""
    by_name: dict[str, str] = {}  # a colour's name in any language: a lesson's "Red" stays red on a French page
    for language in LANGUAGES:
        for key in PALETTE:
            name = catalog(language).get(f"widgets.seat-colour.{key}")
            if isinstance(name, str):  # colour names are plain entries, never plural ones
                by_name.setdefault(name.lower(), key)
    chosen = [by_name.get(name.strip().lower()) for name in names]
    spare = [key for key in dict.fromkeys((*DEFAULT_ORDER, *PALETTE)) if key not in chosen]
    return [PALETTE[key] if key else PALETTE[spare.pop(0)] for key in chosen]


def seat_tags(names: list[str]) -> list[str]:
    """Initials when they tell the seats apart, otherwise the seat numbers."""
    initials = [name.strip()[:1].upper() or str(seat + 1) for seat, name in enumerate(names)]
    if len(set(initials)) == len(initials):
        return initials
    return [str(seat + 1) for seat in range(len(names))]


def pawn(cx: float, cy: float, fill: str, size: float = 1.0) -> str:
    """A small pawn in the seat's colour: a claim marker on a trick, or a seat mark."""
    return group(
        el("circle", cx=0, cy=-5, r=4.2, fill=fill, stroke=INK, stroke_width=0.8),
        el("path", d="M-6,7 Q-6,0 -2.5,-1 L2.5,-1 Q6,0 6,7 Z", fill=fill, stroke=INK, stroke_width=0.8),
        x=cx,
        y=cy,
        scale=size,
    )
