"""Danger 13 drawn as SVG: the cards (printed value, kind icon, plus marks), each
player's row against their limit, the dealer, the turned-up card and the banks.

Each kind has a colour and an icon of its own, so kinds stay apart without colour.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.messages import msg
from tutor.svg.draw import (
    ACCENT,
    INK,
    LINE,
    MUTED,
    TABLE,
    document,
    el,
    group,
    lit_mark,
    mark_outline,
    reading_class,
    small_card,
    star_points,
    target,
    text,
    title,
)
from tutor.svg.seats import pawn, seat_colours
from tutor.svg.targets import Target

if TYPE_CHECKING:  # the rules draw their cards through this module (Card._repr_svg_)
    from tutor.games.danger13.rules import Card, State

CARD_W, CARD_H = 64, 90
ROW_SCALE = 0.9  # cards in the rows
FAN = 30  # step between the cards of a row: keeps each strip (value, icon, plus marks) visible
WIDTH = 796
PAD = 12
HEAD_H = 150
ROW_H = 96
# The narrow layout, for a phone: drawn at about its natural size, so no text under 12 units.
NARROW_W = 360
NARROW_HEAD_H = 192
NARROW_ROW_H = 184
NARROW_FAN_W = 160  # the cards of a row, left of the gauge and the bank


class Look(NamedTuple):
    pale: str
    dark: str


LOOKS = {
    "plain": Look("#eef1f5", "#44546a"),
    "one-plus": Look("#e3f3e6", "#1f7a3a"),
    "two-plus": Look("#d9f0ef", "#0d6a6a"),
    "draw": Look("#e3ecfb", "#2456a6"),
    "arrow": Look("#fbe4e1", "#b3261e"),
    "13-18": Look("#efe4f8", "#6a32a0"),
    "hand": Look("#fdebd6", "#a85400"),
    "instant": Look("#fff3c4", "#7d5f00"),
}
VALUED = ("plain", "one-plus", "two-plus", "draw")


def icon(kind: str, cx: float, cy: float, r: float, colour: str) -> str:
    """The kind's icon centred on cx, cy, about 2r across (drawn in a unit box, scaled).
    Plus cards have none: their plus marks are their sign."""
    if kind == "plain":
        body = el("rect", x=-0.5, y=-0.5, width=1, height=1, transform="rotate(45)", fill=colour)
    elif kind == "draw":  # a card and an arrow into it
        body = el(
            "rect", x=-0.2, y=-0.85, width=1, height=1.5, rx=0.15, fill="none", stroke=colour, stroke_width=0.2
        ) + el(
            "path",
            d="M-0.95,0.55 H0.25 M-0.1,0.2 L0.3,0.55 L-0.1,0.9",
            fill="none",
            stroke=colour,
            stroke_width=0.24,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    elif kind == "arrow":
        body = el("polygon", points="-1,0 -0.1,-0.8 -0.1,-0.32 0.95,-0.32 0.95,0.32 -0.1,0.32 -0.1,0.8", fill=colour)
    elif kind == "13-18":  # a limit raised: a bar pushed up
        body = el("path", d="M-0.85,0.85 H0.85", stroke=colour, stroke_width=0.22, stroke_linecap="round") + el(
            "polygon", points="0,-0.95 0.75,-0.1 0.3,-0.1 0.3,0.6 -0.3,0.6 -0.3,-0.1 -0.75,-0.1", fill=colour
        )
    elif kind == "hand":  # an open palm: refuse
        fingers = "".join(
            el("rect", x=x, y=y, width=0.3, height=0.95, rx=0.15, fill=colour)
            for x, y in ((-0.62, -0.75), (-0.27, -0.95), (0.08, -0.9), (0.43, -0.7))
        )
        body = (
            fingers
            + el("rect", x=-0.62, y=-0.2, width=1.35, height=1.05, rx=0.35, fill=colour)
            + el(
                "rect",
                x=-0.98,
                y=-0.15,
                width=0.3,
                height=0.8,
                rx=0.15,
                fill=colour,
                transform="rotate(-30 -0.83 0.25)",
            )
        )
    else:  # instant plus: a star
        body = el("polygon", points=star_points(1, 0.45), fill=colour)
    return group(body, x=cx, y=cy, scale=r)


def plus_mark(cx: float, cy: float, r: float, fill: str, ink: str) -> str:
    return el("circle", cx=cx, cy=cy, r=r, fill=fill) + el(
        "path",
        d=f"M{cx - r * 0.55},{cy} h{r * 1.1} M{cx},{cy - r * 0.55} v{r * 1.1}",
        stroke=ink,
        stroke_width=r * 0.38,
        stroke_linecap="round",
    )


def card_face(card: Card, width: float = CARD_W) -> str:
    """A card with its top-left corner at 0,0: the left strip (value, icon, plus marks)
    stays visible in a row of overlapping cards; the rest repeats them large."""
    look = LOOKS[card.kind]
    valued = card.kind in VALUED
    parts = [
        title(str(card)),
        el("rect", width=CARD_W, height=CARD_H, rx=7, fill=look.pale, stroke=look.dark, stroke_width=1.3),
        el("path", d=f"M7,0 H20 V{CARD_H} H7 Q0,{CARD_H} 0,{CARD_H - 7} V7 Q0,0 7,0 Z", fill=look.dark),
    ]
    if valued:
        parts.append(
            text(
                10,
                18,
                card.value,
                size=16,
                weight=800,
                fill="#ffffff",
                anchor="middle",
                class_=reading_class("value", width / CARD_W),
            )
        )
    if card.plus:  # the plus marks are these kinds' sign
        for index in range(card.plus):
            parts.append(plus_mark(10, (34 if valued else 16) + index * 15, 5.5, "#ffffff", look.dark))
    else:
        parts.append(icon(card.kind, 10, 32 if valued else 14, 5.5, "#ffffff"))
    centre = 20 + (CARD_W - 20) / 2
    if valued:
        parts.append(text(centre, 58, card.value, size=34, weight=800, fill=look.dark, anchor="middle"))
        if card.kind == "draw":
            parts.append(icon("draw", centre, 17, 8, look.dark))
        for index in range(card.plus):
            offset = (index - (card.plus - 1) / 2) * 18
            parts.append(plus_mark(centre + offset, 76, 7, look.dark, "#ffffff"))
    elif card.kind == "13-18":
        parts.append(icon(card.kind, centre, 32, 13, look.dark))
        parts.append(text(centre, 73, "13\u219218", size=13, weight=800, fill=look.dark, anchor="middle"))
    elif card.kind == "instant":
        parts.append(icon(card.kind, centre, 36, 17, look.dark))
        parts.append(text(centre, 76, f"+{card.plus}", size=17, weight=800, fill=look.dark, anchor="middle"))
    else:
        parts.append(icon(card.kind, centre, 45, 15, look.dark))
    return group(*parts, scale=width / CARD_W)


def card_back(width: float = CARD_W) -> str:
    return group(
        el("rect", width=CARD_W, height=CARD_H, rx=7, fill="#7a1f2b", stroke="#4a0f18"),
        el("rect", x=5, y=5, width=CARD_W - 10, height=CARD_H - 10, rx=4, fill="none", stroke="#d9a0a8"),
        text(CARD_W / 2, CARD_H / 2 + 7, "13", size=20, weight=800, fill="#f3d4d8", anchor="middle"),
        scale=width / CARD_W,
        class_=small_card(width / CARD_W),
    )


def card_svg(card: Card) -> str:
    """A standalone card, for ``Card._repr_svg_``."""
    return document(CARD_W + 4, CARD_H + 4, group(card_face(card), x=2, y=2), label=str(card))


def fitted_text(x: float, y: float, words: str, room: float, size: float, **attrs: Any) -> str:
    """A line pressed to ``room`` units where it would be wider (long words in French or Dutch)."""
    fit: dict[str, Any] = (
        {"textLength": room, "lengthAdjust": "spacingAndGlyphs"} if len(words) * size * 0.56 > room else {}
    )
    return text(x, y, words, size=size, **fit, **attrs)


def _stack(x: float, y: float, count: int, label: str, top: Card | None = None, room: float | None = None) -> str:
    """A pile: a few offset backs (or the face-up top card) and its count below."""
    parts = (
        [group(card_back(), x=x + 2 * depth, y=y - 2 * depth) for depth in range(min(count, 3))]
        if top is None
        else [group(card_face(top), x=x, y=y)]
    )
    if not count:
        parts = [
            el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=7, fill="none", stroke=LINE, stroke_dasharray="5 4")
        ]
    if room is None:
        parts.append(text(x + CARD_W / 2, y + CARD_H + 16, label, size=12, fill=MUTED, anchor="middle"))
    else:  # a phone's column: a label too long for it goes on two lines rather than being squeezed
        for line, words in enumerate(_two_lines(label, room, 12)):
            parts.append(
                fitted_text(x + CARD_W / 2, y + CARD_H + 16 + 14 * line, words, room, 12, fill=MUTED, anchor="middle")
            )
    return "".join(parts)


def _two_lines(words: str, room: float, size: float) -> list[str]:
    """``words`` as one line, or as two split at the space that best shares them, where one
    line would be wider than ``room`` ("Kaarten van de gever: 2" in a phone's column)."""
    if len(words) * size * 0.56 <= room or " " not in words:
        return [words]
    spaces = [index for index, char in enumerate(words) if char == " "]
    cut = min(spaces, key=lambda index: max(index, len(words) - index - 1))
    return [words[:cut], words[cut + 1 :]]


def _pile(x: float, y: float, view: dict[str, Any], pick: bool, marked: bool, room: float | None) -> str:
    """The draw pile; marked with a dashed outline when a lesson points at it, and a target
    while its author marks the board (``pick``)."""
    label = msg("widgets.d13.pile", count=view["pile_size"])
    drawn = _stack(x, y, view["pile_size"], label, room=room)
    if marked:
        drawn += mark_outline(x - 6, y - 6, CARD_W + 12, CARD_H + 12, 10, dash="10 6")
    if pick:
        drawn = target(Target("pile"), label, drawn, ring=(x, y, CARD_W, CARD_H))
    return drawn


def round_title(view: dict[str, Any]) -> str:
    """The round on show: this one, or the one just over while its rows are on show."""
    ended = view.get("ended_round")
    return (
        msg("widgets.d13.round", round=view["round"]) if ended is None else msg("widgets.d13.round-over", round=ended)
    )


def _head(state: State, view: dict[str, Any], pick: bool = False, marked: Collection[object] = ()) -> str:
    """Pile, the dealer's packet, the turned-up card, the discards; round and last-round flag."""
    dealer = state.name(view["dealer"])
    parts = [text(PAD + 4, 22, round_title(view), size=14, weight=700, fill=MUTED)]
    if view["last_round"]:
        parts.append(
            text(WIDTH - PAD - 4, 22, msg("widgets.d13.last-round"), size=13, weight=700, fill="#b3261e", anchor="end")
        )
    y = 34
    parts.append(_pile(PAD + 30, y, view, pick, "pile" in marked, None))
    parts.append(_stack(PAD + 170, y, view["packet_size"], msg("widgets.d13.packet", count=view["packet_size"])))
    x = WIDTH / 2 - CARD_W / 2 + 40
    card, caption = _turned_up(state, view, dealer, x, y)
    parts.append(card)
    parts.append(text(x + CARD_W / 2, y + CARD_H + 20, caption, size=13, weight=700, anchor="middle"))
    top = view["discard_top"]
    parts.append(
        _stack(
            WIDTH - PAD - 8 - CARD_W,
            y,
            view["discard_size"],
            msg("widgets.d13.discards", count=view["discard_size"]),
            top=top,
        )
    )
    return "".join(parts)


def _turned_up(state: State, view: dict[str, Any], dealer: str, x: float, y: float) -> tuple[str, str]:
    """The card turned up (or the one waiting for an answer) at ``x, y``, framed, or its empty
    place; and the caption that says whose it is."""
    shown, caption = view["revealed"], msg("widgets.d13.revealed", player=dealer)
    if view["pending"] is not None:
        shown, caption = view["pending"], msg("widgets.d13.pending", player=state.name(view["actor"]))
    if shown is None:
        place = el(
            "rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=7, fill="none", stroke=LINE, stroke_dasharray="5 4"
        )
        return place, msg("widgets.d13.nothing-turned-up")
    frame = el(
        "rect",
        x=x - 8,
        y=y - 8,
        width=CARD_W + 16,
        height=CARD_H + 16,
        rx=12,
        fill="#fff4dc",
        stroke=ACCENT,
        stroke_width=3,
    )
    return frame + group(card_face(shown), x=x, y=y), caption


def _narrow_head(state: State, view: dict[str, Any], pick: bool = False, marked: Collection[object] = ()) -> str:
    """The head for a phone: the three piles side by side, the turned-up card in the middle
    with its caption on a line of its own below."""
    dealer = state.name(view["dealer"])
    parts = [text(PAD, 22, round_title(view), size=14, weight=700, fill=MUTED)]
    if view["last_round"]:
        parts.append(
            text(NARROW_W - PAD, 22, msg("widgets.d13.last-round"), size=13, weight=700, fill="#b3261e", anchor="end")
        )
    y, column = 40, (NARROW_W - 2 * PAD) / 4
    centre = lambda index: PAD + column * (index + 0.5)  # noqa: E731
    parts.append(_pile(centre(0) - CARD_W / 2, y, view, pick, "pile" in marked, column - 4))
    parts.append(
        _stack(
            centre(1) - CARD_W / 2,
            y,
            view["packet_size"],
            msg("widgets.d13.packet", count=view["packet_size"]),
            room=column - 4,
        )
    )
    x = centre(2) - CARD_W / 2
    card, caption = _turned_up(state, view, dealer, x, y)
    parts.append(card)
    parts.append(
        _stack(
            centre(3) - CARD_W / 2,
            y,
            view["discard_size"],
            msg("widgets.d13.discards", count=view["discard_size"]),
            top=view["discard_top"],
            room=column - 4,
        )
    )
    parts.append(
        fitted_text(NARROW_W / 2, y + CARD_H + 52, caption, NARROW_W - 2 * PAD, 14, weight=700, anchor="middle")
    )
    return "".join(parts)


def row_label(state: State, view: dict[str, Any], seat: int) -> str:
    """A row in words, for screen readers and tooltips."""
    cards = ", ".join(str(card) for card in view["rows"][seat]) or msg("widgets.d13.empty-row")
    parts = [
        msg(
            "widgets.d13.row-label",
            player=state.name(seat),
            cards=cards,
            total=view["row_sums"][seat],
            limit=view["limits"][seat],
        )
    ]
    if seat == view["dealer"]:
        parts.append(msg("widgets.d13.dealer"))
    if seat in view["received"]:
        parts.append(msg("widgets.d13.has-card"))
    return " ".join(parts)


def _row(
    state: State,
    view: dict[str, Any],
    viewer: int | None,
    seat: int,
    colour: str,
    lit: bool,
    marked: bool,
    marked_cards: Collection[object],
    narrow: bool = False,
) -> str:
    """A player's row: name and badges, the cards, the gauge and the bank side by side; in
    the narrow layout the cards under the name, the gauge and the bank in a column beside them."""
    row, total, limit = view["rows"][seat], view["row_sums"][seat], view["limits"][seat]
    done = seat in view["received"]
    row_w, row_h = (NARROW_W, NARROW_ROW_H) if narrow else (WIDTH, ROW_H)
    row_w -= 2 * PAD
    parts = [
        el(
            "rect",
            width=row_w,
            height=row_h - 8,
            rx=10,
            fill="#fff4dc" if lit else "#ffffff",
            stroke=ACCENT if lit else LINE,
            stroke_width=4 if lit else 1.2,
        )
    ]
    if lit:
        parts.append(lit_mark(row_w - 18, 18))
    if marked:
        parts.append(mark_outline(-5, -5, row_w + 10, row_h + 2, 14, dash="10 6"))
    name = state.name(seat)
    parts += [
        pawn(18, 22, colour, 1.1),
        text(31, 27, name if len(name) <= 13 else name[:12] + "…", size=14, weight=700),
    ]
    badges = []
    if seat == view["dealer"]:
        badges.append(msg("widgets.d13.dealer"))
    if seat == view["start_player"]:
        badges.append(msg("widgets.d13.start"))
    left: float = 10
    badge_size = 12 if narrow else 10.5
    for badge in badges:
        width = 12 + badge_size * 0.6 * len(badge)  # as wide as its word in any language ("1er joueur", "Startspeler")
        parts.append(el("rect", x=left, y=36, width=width, height=badge_size + 8, rx=9, fill="#2d3561"))
        parts.append(
            text(
                left + width / 2,
                36 + badge_size + 2.5,
                badge,
                size=badge_size,
                weight=700,
                fill="#ffffff",
                anchor="middle",
            )
        )
        left += width + 4
    if done:
        parts.append(
            fitted_text(
                row_w - 10,
                row_h - 20,
                "\u2713 " + msg("widgets.d13.has-card"),
                row_w - 196,
                12,
                fill=MUTED,
                anchor="end",
            )
            if narrow
            else text(12, 76, "\u2713 " + msg("widgets.d13.has-card"), size=11.5, fill=MUTED)
        )
    card_w = CARD_W * ROW_SCALE
    first_x, cards_y, fan_w = (10, 62, NARROW_FAN_W) if narrow else (150, 3, 310)
    step = min(FAN, (fan_w - card_w) / max(len(row) - 1, 1))
    for index, card in enumerate(row):
        x = first_x + index * step
        parts.append(group(card_face(card, card_w), x=x, y=cards_y))
        if card in marked_cards:
            parts.append(
                mark_outline(x - 3, cards_y - 3, card_w + 6, CARD_H * ROW_SCALE + 6, 8, stroke_width=2.5, dash="7 4")
            )
    if not row:
        parts.append(
            text(
                first_x if narrow else 150,
                cards_y + 47 if narrow else 50,
                msg("widgets.d13.empty-row"),
                size=12,
                fill=MUTED,
            )
        )
    if narrow:
        parts.append(_gauge(NARROW_FAN_W + 20, 8, total, limit, words_at=(10, row_h - 20, 176 if done else row_w - 20)))
        parts.append(group(_bank(state, view, viewer, seat, NARROW_FAN_W + 20), y=54))
    else:
        parts.append(_gauge(466, 14, total, limit))
        parts.append(_bank(state, view, viewer, seat, 610))  # room for "12 plus points" inside the row
    return "".join(parts)


# How close a row is to its limit: a colour, and words and a sign for those who cannot tell the colours apart.
LEVELS = {"safe": "#1e7a35", "close": "#e08a00", "danger": "#b3261e"}


def danger_level(total: int, limit: int) -> str:
    left = limit - total
    return "safe" if left > 4 else "close" if left > 2 else "danger"


def _gauge(x: float, y: float, total: int, limit: int, words_at: tuple | None = None) -> str:
    """The row's sum against its limit, as numbers and a bar that fills towards the limit;
    near the limit the words say so and a warning sign stands beside the total. ``words_at``:
    where those words go (x, y, room), if not under the bar."""
    words_x, words_y, room = words_at or (x, y + 66, 200)
    share = min(total / limit, 1)
    level = danger_level(total, limit)
    fill = LEVELS[level]
    after = x + 34 if total >= 10 else x + 20
    parts = [
        text(x, y + 26, total, size=26, weight=800, fill=fill),
        text(after, y + 26, f"/ {limit}", size=15, weight=700, fill=MUTED),
        el("rect", x=x, y=y + 38, width=120, height=10, rx=5, fill="#ece6da"),
        el("rect", x=x, y=y + 38, width=max(120 * share, 4), height=10, rx=5, fill=fill),
        fitted_text(
            words_x,
            words_y,
            msg(f"widgets.d13.left-{level}", count=max(limit - total, 0)),
            room,
            12 if words_at else 11.5,
            weight=None if level == "safe" else 700,
            fill=MUTED if level == "safe" else fill,
        ),
    ]
    if level != "safe":  # a warning triangle: outlined when close, filled when in danger
        sign_x = after + 48
        parts.append(
            el(
                "g",
                el(
                    "polygon",
                    points=f"{sign_x},{y + 4} {sign_x + 12},{y + 26} {sign_x - 12},{y + 26}",
                    fill=fill if level == "danger" else "none",
                    stroke=fill,
                    stroke_width=2.2,
                    stroke_linejoin="round",
                ),
                text(
                    sign_x,
                    y + 23,
                    "!",
                    size=13,
                    weight=800,
                    fill="#ffffff" if level == "danger" else fill,
                    anchor="middle",
                ),
                class_=f"level-{level}",
            )
        )
    return "".join(parts)


def _bank(state: State, view: dict[str, Any], viewer: int | None, seat: int, x: float) -> str:
    """The banked plus cards, face down; their plus points only for their owner (or at the end)."""
    size = view["bank_sizes"][seat]
    parts = [text(x, 26, msg("widgets.d13.bank"), size=12, weight=700, fill=MUTED)]
    for depth in range(min(size, 4)):
        parts.append(group(card_back(30), x=x + depth * 5, y=34 - depth * 2))
    if not size:
        parts.append(el("rect", x=x, y=34, width=30, height=42, rx=4, fill="none", stroke=LINE, stroke_dasharray="4 3"))
    points = (
        view["plus_points"][seat]
        if view["plus_points"] is not None
        else (sum(card.plus for card in view["bank"]) if seat == viewer else None)
    )
    parts.append(text(x + 50, 50, msg("widgets.d13.banked", count=size), size=12, fill=INK))
    if points is not None:
        parts.append(
            text(x + 50, 68, msg("widgets.d13.plus-points", points=points), size=12, weight=700, fill="#1f7a3a")
        )
    return "".join(parts)


def table(
    state: State,
    seat: int | None = None,
    lit: Collection[int] = (),
    highlight: Collection[object] = (),
    clickable: bool = False,
    narrow: bool = False,
    has_card: bool = True,
    pick: bool = False,
) -> str:
    """The whole table as ``seat`` may see it. ``lit``: the rows the turned-up card may go
    to; ``highlight``: seats, cards and the word ``pile`` a lesson points at; ``clickable``:
    rows are targets; ``narrow``: the phone's layout, one column; ``has_card`` off leaves out
    who has had a card this deal (a quiz asking it); ``pick``: the rows and the pile are
    targets (a lesson's author marking them)."""
    viewer = seat if seat is not None else 0
    view = state.view(viewer)
    if not has_card:
        view = {**view, "received": []}
    colours = seat_colours(state.seat_names)
    marked_cards = {item for item in highlight if not isinstance(item, int)}
    width, head_h, row_h = (NARROW_W, NARROW_HEAD_H, NARROW_ROW_H) if narrow else (WIDTH, HEAD_H, ROW_H)
    rows = []
    for other in range(state.players):
        body = _row(state, view, seat, other, colours[other], other in lit, other in highlight, marked_cards, narrow)
        if clickable or pick:
            body = target(
                Target("seat", other), row_label(state, view, other), body, ring=(0, 0, width - 2 * PAD, row_h - 8)
            )
        rows.append(group(body, x=PAD, y=head_h + other * row_h))
    height = head_h + state.players * row_h + PAD
    head = _narrow_head(state, view, pick, highlight) if narrow else _head(state, view, pick, highlight)
    return document(
        width,
        height,
        el("rect", width=width, height=height, rx=16, fill=TABLE),
        head,
        *rows,
        label=msg("widgets.d13.table-label"),
    )


def state_html(state: State) -> str:
    """The table as the mover sees it, for ``_repr_html_``."""
    return table(state, state.to_move if state.to_move >= 0 else None)
