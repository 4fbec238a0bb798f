"""Monster Trick drawn as SVG: cards, VP cards, the four-slot table and the players.

Every colour has its own symbol (triangle, circle, square, star) so that the colours
can be told apart without seeing colour.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.messages import msg
from tutor.svg.draw import (
    ACCENT,
    INK,
    LINE,
    MUTED,
    PAPER,
    TABLE,
    document,
    el,
    group,
    ink_on,
    lit_mark,
    mark_outline,
    reading_class,
    star_points,
    target,
    text,
    title,
)
from tutor.svg.hand import hand as draw_hand
from tutor.svg.seats import pawn, seat_colours, seat_tags
from tutor.svg.targets import Target

if TYPE_CHECKING:  # the rules draw their cards through this module (Card._repr_svg_)
    from tutor.games.monster_trick.rules import Card, State

CARD_W, CARD_H = 70, 100
VP_W, VP_H = 38, 54
SLOT_W, SLOT_H, GAP, PAD = 184, 200, 12, 12
FAN = 28  # horizontal step between the cards of a trick: keeps each corner value visible
TABLE_W = 2 * PAD + 4 * SLOT_W + 3 * GAP
NARROW_PAD = NARROW_GAP = 6
NARROW_W = 2 * NARROW_PAD + 2 * SLOT_W + NARROW_GAP  # a phone: slots two by two, players two by two
PANEL_H = 128


class Look(NamedTuple):
    fill: str
    dark: str
    shape: str


LOOKS = {
    "green": Look("#288540", "#1c6130", "triangle"),
    "yellow": Look("#f0c020", "#8a6a00", "circle"),
    "blue": Look("#2b6cd1", "#1a4590", "square"),
    "purple": Look("#8a4cc2", "#5a2a88", "star"),
}


def symbol(colour: str, cx: float, cy: float, r: float, fill: str | None = None) -> str:
    """The colour's shape centred on cx, cy, about 2r across."""
    fill = fill or LOOKS[colour].fill
    shape = LOOKS[colour].shape
    if shape == "triangle":
        return el(
            "polygon",
            points=f"{cx},{cy - r} {cx + 0.98 * r},{cy + 0.78 * r} {cx - 0.98 * r},{cy + 0.78 * r}",
            fill=fill,
        )
    if shape == "circle":
        return el("circle", cx=cx, cy=cy, r=0.86 * r, fill=fill)
    if shape == "square":
        return el("rect", x=cx - 0.76 * r, y=cy - 0.76 * r, width=1.52 * r, height=1.52 * r, rx=0.15 * r, fill=fill)
    return group(el("polygon", points=star_points(1.08 * r, 0.46 * r), fill=fill), x=cx, y=cy)


def card_face(card: Card, width: float = CARD_W) -> str:
    """One card with its top-left corner at 0,0. The left strip (value over symbol) stays
    visible when cards overlap; the panel repeats value and symbol large."""
    look = LOOKS[card.colour]
    ink = ink_on(look.fill)
    return group(
        title(str(card)),
        el("rect", width=CARD_W, height=CARD_H, rx=7, fill=look.fill, stroke=look.dark, stroke_width=1.2),
        text(
            10.5,
            19,
            card.value,
            size=15 if card.value < 10 else 14,
            weight=800,
            fill=ink,
            anchor="middle",
            class_=reading_class("value", width / CARD_W),
        ),
        symbol(card.colour, 10.5, 30, 5.2, fill=ink),
        el("rect", x=21, y=5, width=44, height=90, rx=5, fill=PAPER),
        symbol(card.colour, 43, 21, 7.5),
        text(43, 63, card.value, size=30, weight=800, fill=look.dark, anchor="middle"),
        symbol(card.colour, 43, 81, 7.5),
        scale=width / CARD_W,
    )


def card_svg(card: Card) -> str:
    """A standalone card, for ``Card._repr_svg_``."""
    return document(CARD_W + 4, CARD_H + 4, group(card_face(card), x=2, y=2), label=str(card))


def vp_card(value: int | None, face_up: bool = False, laid: bool = True) -> str:
    """A VP card at 0,0: face up, or face down with ``value`` small when the viewer knows
    it (None: unknown); ``laid`` False draws the empty place before the prediction."""
    if not laid:
        return el(
            "rect",
            x=0.5,
            y=0.5,
            width=VP_W - 1,
            height=VP_H - 1,
            rx=5,
            fill="none",
            stroke=LINE,
            stroke_dasharray="4 3",
        )
    if face_up:
        return group(
            el("rect", width=VP_W, height=VP_H, rx=5, fill="#fff1c7", stroke="#b07d00", stroke_width=1.6),
            text(VP_W / 2, 14, msg("widgets.mt.vp"), size=12.5, weight=700, fill="#8a6200", anchor="middle"),
            text(VP_W / 2, 42, value, size=22, weight=800, fill="#5e4300", anchor="middle"),
        )
    known = value is not None
    return group(
        el("rect", width=VP_W, height=VP_H, rx=5, fill="#2d3561", stroke="#1b2042"),
        el("rect", x=4, y=4, width=VP_W - 8, height=VP_H - 8, rx=3, fill="none", stroke="#7f89c4"),
        el(
            "polygon",
            points=f"{VP_W / 2},15 {VP_W - 11},{VP_H / 2} {VP_W / 2},{VP_H - 15} 11,{VP_H / 2}",
            fill="#4a558f" if known else "#7f89c4",
        ),
        text(VP_W / 2, VP_H / 2 + 5, value, size=13, weight=700, fill="#ffffff", anchor="middle") if known else "",
    )


def _colour_name(colour: str) -> str:
    return msg(f"mt.colour.{colour}")


def slot_label(state: State, slot: int, allowed_for: Card | None = None, claims: bool = True) -> str:
    """What a screen reader says for a slot: its trick, who claims it (unless ``claims``
    is off), and whether the selected card may go there."""
    trick = state.tricks[slot]
    if not trick:
        parts = [msg("widgets.mt.slot-free", slot=slot + 1)]
    else:
        colour, owner = state.colour[slot], state.claim[slot]
        assert colour is not None and owner is not None  # a trick has its colour and its claim
        cards = ", ".join(msg("widgets.mt.played-by", card=card, player=state.name(seat)) for seat, card in trick)
        parts = [msg("widgets.mt.slot-trick", slot=slot + 1, colour=_colour_name(colour), cards=cards)]
        if claims:
            parts.append(msg("widgets.mt.claimed-by", player=state.name(owner)))
    if allowed_for is not None:
        allowed = slot in state.slots_for(allowed_for)
        parts.append(msg("widgets.mt.slot-allowed" if allowed else "widgets.mt.slot-not-allowed", card=allowed_for))
    return " ".join(parts)


def _slot(
    state: State,
    slot: int,
    colours: list[str],
    tags: list[str],
    lit: bool,
    marked: bool,
    marked_cards: set,
    claims: bool,
) -> str:
    trick = state.tricks[slot]
    parts = [
        el(
            "rect",
            x=0,
            y=0,
            width=SLOT_W,
            height=SLOT_H,
            rx=12,
            # "transparent", not "none": an unpainted inside would not take clicks.
            fill="#fff4dc" if lit else ("#f9f6ef" if trick else "transparent"),
            stroke=ACCENT if lit else LINE,
            stroke_width=4 if lit else 1.5,
            stroke_dasharray=None if trick or lit else "7 5",
        )
    ]
    if marked:
        parts.append(mark_outline(-6, -6, SLOT_W + 12, SLOT_H + 12, 16, stroke_width=3.5, dash="10 6"))
    label = msg("widgets.mt.slot", slot=slot + 1)
    colour, owner = state.colour[slot], state.claim[slot]  # both None while the slot holds no trick
    room = SLOT_W - 12 - (31 + 7.6 * len(_colour_name(colour)) if trick and colour else 12)  # left of the colour
    fit: dict[str, Any] = {"textLength": room, "lengthAdjust": "spacingAndGlyphs"} if 8.7 * len(label) > room else {}
    parts.append(text(12, 21, label, size=13, weight=700, fill=MUTED, **fit))  # "Emplacement 3" beside "violet"
    if not trick:
        parts.append(
            el(
                "rect",
                x=(SLOT_W - CARD_W) / 2,
                y=32,
                width=CARD_W,
                height=CARD_H,
                rx=7,
                fill="none",
                stroke=LINE,
                stroke_width=1.5,
                stroke_dasharray="5 4",
            )
        )
        parts.append(text(SLOT_W / 2, 87, msg("widgets.mt.free"), size=13, fill=MUTED, anchor="middle"))
    else:
        assert colour is not None and owner is not None  # a trick has its colour and its claim
        name = _colour_name(colour)
        parts.append(symbol(colour, SLOT_W - 14, 16, 6))
        parts.append(text(SLOT_W - 25, 21, name, size=13, weight=600, fill=LOOKS[colour].dark, anchor="end"))
        for index, (seat, card) in enumerate(trick):
            x = 12 + index * FAN
            parts.append(group(card_face(card), x=x, y=32))
            if card in marked_cards:
                parts.append(mark_outline(x - 4, 28, CARD_W + 8, CARD_H + 8, 9))
            parts.append(_seat_dot(x + 11, 146, colours[seat], tags[seat], state.name(seat)))
        if claims:
            parts.append(_claim(12, 162, colours[owner], state.name(owner)))
    if lit:
        parts.append(lit_mark(SLOT_W - 18, SLOT_H - 18))
    return "".join(parts)


def _seat_dot(cx: float, cy: float, fill: str, tag: str, name: str) -> str:
    return group(
        title(name),
        el("circle", cx=cx, cy=cy, r=9.5, fill=fill, stroke=INK, stroke_width=0.6),
        text(cx, cy + 4.5, tag, size=12, weight=700, fill=ink_on(fill), anchor="middle"),
    )


def _claim(x: float, y: float, fill: str, name: str) -> str:
    label = msg("widgets.mt.claim", player=name)
    width = min(SLOT_W - 24, 40 + 8 * len(label))
    return group(
        title(label),
        el("rect", x=x, y=y, width=width, height=26, rx=13, fill=fill, stroke=INK, stroke_width=0.6),
        el("circle", cx=x + 14, cy=y + 13, r=10, fill="#ffffff", opacity=0.9),
        pawn(x + 14, y + 13, fill, 0.95),
        text(x + 29, y + 18, label, size=13, weight=700, fill=ink_on(fill)),
    )


def table(
    state: State,
    lit: Collection[int] = (),
    highlight: Collection[object] = (),
    selected: Card | None = None,
    clickable: bool = False,
    narrow: bool = False,
    claims: bool = True,
) -> str:
    """The four slots. ``lit``: slots the selected card may go to; ``highlight``: lesson
    marks (slot numbers 0..3 and cards); ``clickable`` wraps each slot as a target;
    ``claims`` off hides the markers (a quiz asking who takes a trick)."""
    colours, tags = seat_colours(state.seat_names), seat_tags(state.seat_names)
    marked_cards = {item for item in highlight if not isinstance(item, int)}
    slots = []
    for slot in range(4):
        body = _slot(state, slot, colours, tags, slot in lit, slot in highlight, marked_cards, claims)
        if clickable:
            body = target(
                Target("slot", slot), slot_label(state, slot, selected, claims), body, ring=(0, 0, SLOT_W, SLOT_H)
            )
        column, row = (slot % 2, slot // 2) if narrow else (slot, 0)
        pad, gap = (NARROW_PAD, NARROW_GAP) if narrow else (PAD, GAP)
        slots.append(group(body, x=pad + column * (SLOT_W + gap), y=pad + row * (SLOT_H + gap)))
    width, rows = (NARROW_W, 2) if narrow else (TABLE_W, 1)
    height = rows * SLOT_H + (rows - 1) * gap + 2 * pad
    return document(
        width,
        height,
        el("rect", width=width, height=height, rx=16, fill=TABLE),
        *slots,
        label=msg("widgets.mt.table-label"),
    )


def players(
    state: State,
    seat: int | None = None,
    highlight: Collection[object] = (),
    reveal_active: bool = True,
    narrow: bool = False,
    clickable: bool = False,
) -> str:
    """One panel per player: VP cards (face down, the active one face up unless
    ``reveal_active`` is off, as in a quiz about it), tricks won and cards in hand.
    Hidden information comes from ``state.view(seat)`` only. ``clickable``: each panel is a
    target (a lesson's author marking players)."""
    view = state.view(seat if seat is not None else 0)
    colours = seat_colours(state.seat_names)
    count = state.players
    across = min(count, 2) if narrow else count
    whole, pad = (NARROW_W, NARROW_PAD + 4) if narrow else (TABLE_W, PAD)  # room for a lesson's mark around a panel
    width = (whole - 2 * pad - (across - 1) * 10) / across
    panels = []
    for other in range(count):
        panel = _player_panel(state, view, seat, other, width, colours[other], other in highlight, reveal_active)
        if clickable:
            label = player_summary(state, view, seat, other, reveal_active)
            panel = target(Target("seat", other), label, panel, ring=(0, 0, width, PANEL_H))
        panels.append(
            group(
                panel,
                x=pad + other % across * (width + 10),
                y=8 + other // across * (PANEL_H + 10),
            )
        )
    lines = -(-count // across)
    return document(whole, lines * (PANEL_H + 10) + 6, *panels, label=msg("widgets.mt.players-label"))


def _player_panel(
    state: State,
    view: dict[str, Any],
    viewer: int | None,
    seat: int,
    width: float,
    colour: str,
    marked: bool,
    reveal_active: bool,
) -> str:
    moving = view["to_move"] == seat
    name = state.name(seat)
    limit = int((width - 50) / 8.5)
    shown_name = name if len(name) <= limit else name[: max(limit - 1, 1)] + "…"
    parts = [
        title(player_summary(state, view, viewer, seat, reveal_active)),
        el(
            "rect",
            width=width,
            height=PANEL_H,
            rx=10,
            fill="#ffffff",
            stroke=colour if moving else LINE,
            stroke_width=3.5 if moving else 1.2,
        ),
    ]
    if marked:
        parts.append(mark_outline(-5, -5, width + 10, PANEL_H + 10, 14, dash="10 6"))
    parts.append(pawn(17, 20, colour, 1.1))
    parts.append(text(30, 25, shown_name, size=14, weight=700))
    if moving:
        parts.append(
            el(
                "polygon",
                points=f"{width - 20},13 {width - 10},20 {width - 20},27",
                fill=colour,
                stroke=INK,
                stroke_width=0.6,
            )
        )
    order = view["vp_order"] if viewer == seat else None
    active = state.active_vp_position(seat) if reveal_active else None
    laid = state.vp_order[seat] is not None  # face-down cards on the table: public
    for position in range(3):
        if position == active:
            card = vp_card(view["active_vp"][seat], face_up=True)
        else:
            card = vp_card(order[position] if order else None, laid=laid)
        parts.append(group(card, x=10 + position * (VP_W + 6), y=38 + (0 if position == active else 6)))
    parts.append(text(10, PANEL_H - 11, msg("widgets.mt.tricks", won=view["won"][seat]), size=13, fill=MUTED))
    parts.append(
        text(
            width - 10,
            PANEL_H - 11,
            msg("widgets.mt.cards", count=view["hand_sizes"][seat]),
            size=13,
            fill=MUTED,
            anchor="end",
        )
    )
    return "".join(parts)


def player_summary(
    state: State, view: dict[str, Any], viewer: int | None, seat: int, reveal_active: bool = True
) -> str:
    """The panel in words, for screen readers and tooltips."""
    active = view["active_vp"][seat] if reveal_active else None
    parts = [
        state.name(seat),
        msg("widgets.mt.tricks", won=view["won"][seat]),
        msg("widgets.mt.cards", count=view["hand_sizes"][seat]),
        msg("widgets.mt.active-vp", value=active) if active else msg("widgets.mt.no-active-vp"),
    ]
    if viewer == seat and view["vp_order"]:
        parts.append(msg("widgets.mt.your-order", order=", ".join(map(str, view["vp_order"]))))
    return ", ".join(parts)


def hand_cards(state: State, seat: int) -> list[Card]:
    """The seat's hand, from its own view."""
    return list(state.view(seat)["hand"])


def hand(
    state: State,
    seat: int,
    playable: Collection[Card] = (),
    selected: Card | None = None,
    highlight: Collection[Card] = (),
    clickable: bool = False,
    narrow: bool = False,
) -> str:
    return draw_hand(
        hand_cards(state, seat),
        card_face,
        CARD_W,
        CARD_H,
        playable=playable,
        selected=selected,
        highlight=highlight,
        clickable=clickable,
        width=NARROW_W if narrow else TABLE_W,
        label=msg("widgets.hand-of", player=state.name(seat)),
    )


def state_html(state: State) -> str:
    """The public table and the mover's hand, for ``State._repr_html_`` in a notebook."""
    mover = state.to_move if state.to_move >= 0 else None
    parts = [players(state, mover), table(state)]
    if mover is not None:
        parts.append(hand(state, mover, playable=set(state.legal_moves_by_card())))
    return el("div", *parts, style="display:flex;flex-direction:column;gap:6px;align-items:flex-start")


def prediction(values: Sequence[int], order: Sequence[int], clickable: bool = False, narrow: bool = False) -> str:
    """Laying out the VP cards: three places filled left to right with the chosen values,
    and the values still to place (clickable)."""
    width = NARROW_W if narrow else TABLE_W
    parts = [el("rect", width=width, height=VP_H + 44, rx=12, fill=TABLE)]
    for position in range(3):
        x = PAD + 8 + position * (VP_W + 10)
        chosen = order[position] if position < len(order) else None
        parts.append(group(vp_card(chosen, face_up=True, laid=chosen is not None), x=x, y=30))
        parts.append(
            text(x + VP_W / 2, 22, msg(f"widgets.mt.position.{position}"), size=12.5, fill=MUTED, anchor="middle")
        )
    left = [value for value in values if value not in order]
    start = PAD + 8 + 3 * (VP_W + 10) + 40
    parts.append(
        el("path", d=f"M{start - 12},{30 + VP_H / 2} h-18 m6,-6 l-6,6 l6,6", fill="none", stroke=MUTED, stroke_width=2)
    )
    for index, value in enumerate(left):
        card = vp_card(value, face_up=True)
        if clickable:
            card = target(Target("vp", value), msg("widgets.mt.place-vp", value=value), card, ring=(0, 0, VP_W, VP_H))
        parts.append(group(card, x=start + index * (VP_W + 12), y=30))
    return document(width, VP_H + 44, *parts, label=msg("widgets.mt.prediction-label"))
