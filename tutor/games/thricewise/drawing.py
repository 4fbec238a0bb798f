"""Thricewise drawn as SVG: the growing grid with its 6 x 6 bound, scored triads, the
players (revealed and deferred cards) and the cards a player may use."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tutor.games.decktet import Card
from tutor.games.thricewise.rules import Cell, Place, State, Triad
from tutor.games.thricewise.words import where
from tutor.messages import msg
from tutor.svg.decktet import CARD_H, CARD_W, SUITS, card_face
from tutor.svg.draw import (
    ACCENT,
    INK,
    LINE,
    MUTED,
    TABLE,
    document,
    el,
    group,
    ink_on,
    lit_mark,
    mark_outline,
    target,
    text,
    title,
)
from tutor.svg.hand import hand as draw_hand
from tutor.svg.seats import pawn, seat_colours, seat_tags
from tutor.svg.targets import Target

GAP = 6
CELL_W, CELL_H = CARD_W + GAP, CARD_H + GAP
PAD, HEAD = 14, 34
LIMIT = 6  # the grid may span at most this many columns and rows
WIDTH = 796  # the players' panels: as wide as the other games' tables
NARROW_W = 320  # a phone: players two by two; drawn a little larger than natural, so card names read
GRID_MIN_W = 320  # room for the grid's heading
RING = 36  # a line of the ring beyond the 6 x 6 bound: only crossed-out cells, drawn narrow to leave the cards room
SMALL = 0.6  # revealed and deferred cards in the players' panels
CARDS_Y = 36  # the top of a panel's row of small cards
STATUS_Y = CARDS_Y + CARD_H * SMALL + 14  # the status line, just under the cards (never over them)
PANEL_H = round(STATUS_Y) + 22
CHAR_EM = 0.6  # a bold character's width in a sans-serif face, in ems (generous, so names do not overrun)
KIND_COLOURS = {"set": "#6a32a0", "run": "#0f6b6b"}  # a flush takes its suit's colour


def hand_cards(state: State, seat: int) -> list[Card]:
    """The cards ``seat`` can act with: while it places, its revealed and deferred cards
    first; then its hand."""
    view = state.view(seat)
    return [*view["placeable"], *view["hand"]]


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
        width=NARROW_W if narrow else WIDTH,
        label=msg("widgets.hand-of", player=state.name(seat)),
    )


def shown_area(state: State) -> tuple[int, int, int, int]:
    """Columns and rows drawn: the grid and one ring around it."""
    low_col, high_col, low_row, high_row = state.span
    return low_col - 1, high_col + 1, low_row - 1, high_row + 1


def recent_triads(state: State) -> list[Triad]:
    """Triads scored this turn (and, while the next cards are chosen, in the last one)."""
    since = state.turn - (1 if state.phase in ("pick", "draw", "over") else 0)
    return [triad for triad in state.triads if triad.turn >= since]


def cell_label(state: State, cell: Cell, selected: Card | None = None) -> str:
    """What a screen reader says for an empty cell."""
    parts = [msg("widgets.tw.cell", where=where(state.grid, cell))]
    if selected is not None:
        allowed = state.why_not(Place(selected, cell)) is None
        parts.append(msg("widgets.tw.cell-allowed" if allowed else "widgets.tw.cell-not-allowed", card=selected))
    return " ".join(parts)


def grid(
    state: State,
    lit: Collection[object] = (),
    highlight: Collection[object] = (),
    selected: Card | None = None,
    clickable: bool = False,
    bounds: bool = True,
    pick: bool = False,
) -> str:
    """The grid. ``lit``: cells the selected card may go on; ``highlight``: cells and
    cards a lesson points at; ``clickable``: empty cells next to the grid are targets;
    ``pick``: so are the cards on it (a lesson's author marking them).
    ``bounds`` off draws every empty cell next to the grid alike, without the size, the
    walls and the crossed-out cells (a quiz asking where a card may go)."""
    low_col, high_col, low_row, high_row = shown_area(state)
    size = state.grid_size()
    columns = _lines(low_col, high_col, CELL_W, bounds and size[0] >= LIMIT)
    rows = _lines(low_row, high_row, CELL_H, bounds and size[1] >= LIMIT)
    inner_w, inner_h = sum(w for _, w in columns.values()), sum(h for _, h in rows.values())
    width = max(GRID_MIN_W, 2 * PAD + inner_w)  # as wide as the cards: the page scales it
    left = (width - inner_w) / 2

    def corner(col: int, row: int) -> tuple[float, float]:
        return left + columns[col][0], HEAD + PAD + rows[row][0]

    colours, tags = seat_colours(state.seat_names), seat_tags(state.seat_names)
    open_cells = set(state.open_cells()) if state.grid else set()
    if not bounds:
        open_cells |= {
            Cell(col, row)
            for row in range(low_row, high_row + 1)
            for col in range(low_col, high_col + 1)
            if (col, row) not in state.grid and _next_to_grid(state, (col, row))
        }
    height = HEAD + 2 * PAD + inner_h
    parts = [el("rect", width=width, height=height, rx=16, fill=TABLE)]
    if bounds:
        parts.append(
            text(
                PAD + 4,
                24,
                msg("widgets.tw.grid-size", width=size[0], height=size[1], limit=LIMIT),
                size=14,
                weight=700,
                fill=MUTED,
            )
        )
    for row in range(low_row, high_row + 1):
        for col in range(low_col, high_col + 1):
            room = (columns[col][1] - GAP, rows[row][1] - GAP)
            parts.append(
                _cell(
                    state,
                    (col, row),
                    corner(col, row),
                    room,
                    open_cells,
                    lit,
                    highlight,
                    selected,
                    clickable or pick,
                    colours,
                    tags,
                    pick,
                )
            )
    if bounds:
        parts.append(_walls(state, corner, size))
    scored: dict = {}
    for triad in recent_triads(state):
        parts.append(_triad(triad, corner, state.grid))
        scored.setdefault(triad.cell, []).append(triad)
    for cell, triads in scored.items():
        parts.extend(_badges(triads, corner(*cell)))
    return document(width, height, *parts, label=msg("widgets.tw.grid-label"), data_fit="scroll")


def _lines(low: int, high: int, step: int, narrow_ring: bool) -> dict[int, tuple[int, int]]:
    """Where each drawn column (or row) from ``low`` to ``high`` starts and how much room
    it takes; the first and last are the ring, narrow where the grid already spans six
    that way (every cell there is out of bounds)."""
    lines, at = {}, 0
    for index in range(low, high + 1):
        extent = RING if narrow_ring and index in (low, high) else step
        lines[index] = (at, extent)
        at += extent
    return lines


OWNER_X, OWNER_Y = CARD_W - 9, 10  # who placed a card: its top-right corner, above any triad badge


def _cell(
    state: State,
    cell: tuple[int, int],
    at: tuple[float, float],
    room: tuple[float, float],
    open_cells: Collection[tuple[int, int]],
    lit: Collection[object],
    highlight: Collection[object],
    selected: Card | None,
    clickable: bool,
    colours: list[str],
    tags: list[str],
    pick: bool = False,
) -> str:
    cell = Cell(*cell)
    x, y = at
    w, h = room  # a card's size, or less on the narrow ring
    card = state.grid.get(cell)
    body = []
    if card is not None:
        body.append(card_face(card))
        placer = state.placed_by.get(cell)
        if placer is not None:
            body.append(
                group(
                    title(state.name(placer)),
                    el("circle", cx=OWNER_X, cy=OWNER_Y, r=8, fill=colours[placer], stroke=INK, stroke_width=0.6),
                    text(
                        OWNER_X,
                        OWNER_Y + 4,
                        tags[placer],
                        size=10,
                        weight=700,
                        fill=ink_on(colours[placer]),
                        anchor="middle",
                    ),
                )
            )
        if card in highlight or cell in highlight:
            body.append(_mark(w, h))
        drawn = "".join(body)
        if pick:
            label = msg("widgets.tw.placed", card=card, where=where(state.grid, cell))
            drawn = target(Target("cell", cell), label, drawn, ring=(0, 0, w, h))
        return group(drawn, x=x, y=y)
    adjacent = cell in open_cells or _next_to_grid(state, cell)
    if not adjacent:
        return group(_mark(w, h), x=x, y=y) if cell in highlight else ""
    if cell in open_cells:
        is_lit = cell in lit
        body.append(
            el(
                "rect",
                width=w,
                height=h,
                rx=6,
                fill="#fff4dc" if is_lit else "#f8f4ec",
                stroke=ACCENT if is_lit else LINE,
                stroke_width=4 if is_lit else 1.4,
                stroke_dasharray=None if is_lit else "5 4",
            )
        )
        if is_lit:
            body.append(lit_mark(w / 2, h / 2))
    else:  # next to the grid but outside the 6 x 6 bound
        arm = min(w, h, 30) / 2 - 3  # the old 24-unit cross on a card-sized cell
        body.append(el("rect", width=w, height=h, rx=6, fill="#e4ddd0", stroke=LINE, stroke_width=1))
        body.append(
            el(
                "path",
                d=f"M{w / 2 - arm},{h / 2 - arm} l{2 * arm},{2 * arm} m0,{-2 * arm} l{-2 * arm},{2 * arm}",
                stroke="#a89d8a",
                stroke_width=3,
                stroke_linecap="round",
            )
        )
    if cell in highlight:
        body.append(_mark(w, h))
    drawn = "".join(body)
    if clickable:
        drawn = target(Target("cell", cell), cell_label(state, cell, selected), drawn, ring=(0, 0, w, h))
    return group(drawn, x=x, y=y)


def _next_to_grid(state: State, cell: tuple[int, int]) -> bool:
    return any((cell[0] + dc, cell[1] + dr) in state.grid for dc in (-1, 0, 1) for dr in (-1, 0, 1))


def _mark(w: float = CARD_W, h: float = CARD_H) -> str:
    return mark_outline(-4, -4, w + 8, h + 8, 9)


def _walls(state: State, corner: Callable[[int, int], tuple[float, float]], size: tuple[int, int]) -> str:
    """Where the grid already spans six, a solid wall shows that it cannot grow further."""
    low_col, high_col, low_row, high_row = state.span
    walls = []
    if size[0] >= LIMIT:
        for col in (low_col, high_col + 1):
            x, y = corner(col, low_row)
            walls.append(
                el(
                    "path",
                    d=f"M{x - GAP / 2},{y - 10} v{(high_row - low_row + 1) * CELL_H + 14}",
                    stroke=INK,
                    stroke_width=4,
                    stroke_linecap="round",
                )
            )
    if size[1] >= LIMIT:
        for row in (low_row, high_row + 1):
            x, y = corner(low_col, row)
            walls.append(
                el(
                    "path",
                    d=f"M{x - 10},{y - GAP / 2} h{(high_col - low_col + 1) * CELL_W + 14}",
                    stroke=INK,
                    stroke_width=4,
                    stroke_linecap="round",
                )
            )
    return "".join(walls)


def _triad(triad: Triad, corner: Callable[[int, int], tuple[float, float]], grid: dict) -> str:
    """A scored triad: a band through its three cards."""
    centres = [(corner(*cell)[0] + CARD_W / 2, corner(*cell)[1] + CARD_H / 2) for cell in triad.cells]
    (x1, y1), _, (x2, y2) = centres
    colour = _colour(triad)
    return group(
        title(triad.describe(grid)),
        el("path", d=f"M{x1},{y1} L{x2},{y2}", stroke=colour, stroke_width=9, stroke_linecap="round", opacity=0.55),
        *(el("circle", cx=x, cy=y, r=7, fill=colour, stroke="#ffffff", stroke_width=2) for x, y in centres),
    )


def _colour(triad: Triad) -> str:
    return SUITS[triad.suits[0]].colour if triad.suits else KIND_COLOURS[triad.kind]


BADGES_Y = (24, 46)  # two badges fit between the card's rank and its name, clear of its owner's letter


def _badges(triads: list, at: tuple[float, float]) -> list[str]:
    """On the card that scored them, a badge per triad with its kind and points; a card
    scoring more than two has its first badge, then one for the rest (count and points)."""
    badges = [
        (msg("widgets.tw.triad", kind=msg(f"tw.kind.{triad.kind}"), points=triad.points), _colour(triad))
        for triad in triads
    ]
    if len(badges) > len(BADGES_Y):
        rest = triads[1:]
        badges[1:] = [(msg("widgets.tw.more-triads", count=len(rest), points=sum(t.points for t in rest)), INK)]
    x = at[0] + CARD_W / 2
    return [
        group(
            el(
                "rect",
                x=x - 31,
                y=at[1] + y,
                width=62,
                height=20,
                rx=10,
                fill=colour,
                stroke="#ffffff",
                stroke_width=1.5,
            ),
            text(x, at[1] + y + 14, label, size=11, weight=700, fill="#ffffff", anchor="middle"),
        )
        for (label, colour), y in zip(badges, BADGES_Y, strict=False)
    ]


def players(
    state: State,
    seat: int | None = None,
    highlight: Collection[object] = (),
    narrow: bool = False,
    beside: bool = False,
    clickable: bool = False,
) -> str:
    """One panel per player: points, hand size, whether they chose, the card they revealed
    (set aside when tied) and their deferred cards. ``beside``: in the column beside the
    grid, two by two as on a phone, as wide as that column; ``clickable``: each panel is a
    target (a lesson's author marking players)."""
    view = state.view(seat if seat is not None else 0)
    colours = seat_colours(state.seat_names)
    count = state.players
    across, whole = (min(count, 2), NARROW_W) if narrow or beside else (count, WIDTH)
    width = (whole - 2 * PAD - (across - 1) * 10) / across
    panels = []
    for other in range(count):
        panel = _panel(state, view, other, width, colours[other], other in highlight)
        if clickable:
            panel = target(Target("seat", other), _summary(state, view, other), panel, ring=(0, 0, width, PANEL_H))
        panels.append(group(panel, x=PAD + other % across * (width + 10), y=8 + other // across * (PANEL_H + 10)))
    lines = -(-count // across)
    # On a phone the panels set the board's scale (the hand may be narrower than they are).
    return document(
        whole,
        lines * (PANEL_H + 10) + 6,
        *panels,
        label=msg("widgets.tw.players-label"),
        data_fit=None if narrow else "fill",
    )


def _status(state: State, view: dict[str, Any], seat: int) -> str:
    if view["phase"] == "pick":
        return msg("widgets.tw.chosen" if view["picked"][seat] else "widgets.tw.choosing")
    if view["phase"] == "place":
        if seat == view["placer"]:
            return msg("widgets.tw.placing")
        if seat in view["tied"]:
            return msg("widgets.tw.tied")
        if seat in view["order"]:
            return msg("widgets.tw.places", number=view["order"].index(seat) + 1)
    return ""


POINTS_W = 56  # room kept for the points at the right of a panel's cards


def fitted(name: str, room: float) -> tuple[str, int]:
    """A player's name and its font size for ``room`` units: smaller type before the name
    is cut short (the tooltip always holds it whole)."""
    for size in (14, 12):
        if len(name) * size * CHAR_EM <= room:
            return name, size
    limit = max(int(room / (12 * CHAR_EM)), 2)
    return name[: limit - 1] + "…", 12


def _summary(state: State, view: dict[str, Any], seat: int) -> str:
    """A player's panel in words, for screen readers and tooltips."""
    return ", ".join(
        part
        for part in (
            state.name(seat),
            msg("widgets.tw.points", points=view["scores"][seat]),
            msg("widgets.tw.hand-size", count=view["hand_sizes"][seat]),
            _status(state, view, seat),
        )
        if part
    )


def _panel(state: State, view: dict[str, Any], seat: int, width: float, colour: str, marked: bool) -> str:
    moving = seat == view["placer"] or (view["phase"] == "pick" and not view["picked"][seat])
    name = state.name(seat)
    # A narrow panel (a phone, five players) has the points on the name's line, so that
    # the cards' row has the whole width.
    points_on_top = width < 170
    shown_name, name_size = fitted(name, width - 40 - (POINTS_W if points_on_top else 0))
    status = _status(state, view, seat)
    parts = [
        title(_summary(state, view, seat)),
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
    # The name has the whole top line; the points sit on the right of the cards' row.
    parts += [
        pawn(17, 20, colour, 1.1),
        text(30, 25, shown_name, size=name_size, weight=700),
        text(
            width - 10,
            25 if points_on_top else 54,
            msg("widgets.tw.points", points=view["scores"][seat]),
            size=13,
            weight=700,
            anchor="end",
        ),
    ]
    parts += _panel_cards(view, seat, width, points_on_top)
    if status:
        parts.append(text(10, STATUS_Y, status, size=12, weight=700, fill=INK))
    parts += _panel_foot(view, seat, width)
    return "".join(parts)


def _panel_cards(view: dict[str, Any], seat: int, width: float, points_on_top: bool) -> list[str]:
    """The small cards in a panel: the card revealed and not yet placed (or the viewer's own
    hidden choice), then the cards set aside, pressed together when many."""
    parts, small_w = [], CARD_W * SMALL
    x: float = 10
    waiting = view["revealed"][seat] if view["phase"] == "place" else None
    if waiting is not None and waiting not in view["grid"].values() and waiting not in view["deferred"][seat]:
        parts.append(group(card_face(waiting, small_w), x=x, y=CARDS_Y))  # revealed, not placed yet
        x += small_w + 8
    elif seat == view["seat"] and view["pick"] is not None:
        parts.append(group(card_face(view["pick"], small_w), x=x, y=CARDS_Y))  # the viewer's own hidden choice
        x += small_w + 8
    deferred = view["deferred"][seat]
    step = min(small_w + 4, (width - (10 if points_on_top else POINTS_W) - x - small_w) / max(len(deferred) - 1, 1))
    for index, card in enumerate(deferred):
        parts.append(group(card_face(card, small_w), x=x + index * step, y=CARDS_Y))
    return parts


def _panel_foot(view: dict[str, Any], seat: int, width: float) -> list[str]:
    """The bottom line: cards in hand on the left, set-aside cards on the right, pressed
    together when a narrow panel cannot hold both at their size (five players, long words)."""
    deferred = view["deferred"][seat]
    hand = msg("widgets.tw.hand-size", count=view["hand_sizes"][seat])
    aside = msg("widgets.tw.deferred", count=len(deferred)) if deferred else ""
    natural = [len(words) * 12 * CHAR_EM for words in (hand, aside)]
    squeeze = min(1.0, (width - 20 - (8 if aside else 0)) / sum(natural))
    parts = []
    for words, x, anchor, length in ((hand, 10, "start", natural[0]), (aside, width - 10, "end", natural[1])):
        fit: dict[str, Any] = (
            {"textLength": round(length * squeeze, 1), "lengthAdjust": "spacingAndGlyphs"} if squeeze < 1 else {}
        )
        if words:
            parts.append(text(x, PANEL_H - 8, words, size=12, fill=MUTED, anchor=anchor, **fit))
    return parts


def state_html(state: State) -> str:
    """The players and the grid, plus the cards of whoever acts, for ``_repr_html_``."""
    seat = state.placer if state.placer is not None else next(iter(state.pending()), None)
    parts = [players(state, seat), grid(state)]
    if seat is not None:
        parts.append(hand(state, seat))
    return el("div", *parts, style="display:flex;flex-direction:column;gap:6px;align-items:flex-start")
