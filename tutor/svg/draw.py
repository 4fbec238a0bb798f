"""Small SVG builder: elements as strings, with every attribute and text escaped.

No UI imports: engine objects draw themselves with it (``_repr_svg_``), and the widgets
send the same markup to the browser.
"""

from __future__ import annotations

from html import escape
from math import cos, pi, sin

from tutor.svg.targets import Target

FONT = "'Inter', 'Segoe UI', 'Helvetica Neue', 'DejaVu Sans', Arial, sans-serif"
INK = "#1f2328"
MUTED = "#5b6370"
PAPER = "#fffdf8"
TABLE = "#efe9dd"
LINE = "#c9c0ae"
ACCENT = "#e08a00"  # legal targets: amber reads well on a projector and differs from every card colour
MARK = "#c2185b"  # lesson highlights, drawn dashed so they differ from legal targets without colour
SHAPES = {"rect", "circle", "ellipse", "line", "path", "polygon", "polyline"}  # written self-closed


def number(value: object) -> str:
    """Coordinates with at most two decimals, so markup stays short and stable in tests."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _attributes(attrs: dict) -> str:
    parts = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{escape(number(value) if value is not True else name, quote=True)}"')
    return "".join(parts)


def el(name: str, *children: str, **attrs: object) -> str:
    """``<name attrs>children</name>``; children are markup, already escaped."""
    inner = "".join(child for child in children if child)
    if not inner and name in SHAPES:
        return f"<{name}{_attributes(attrs)}/>"
    return f"<{name}{_attributes(attrs)}>{inner}</{name}>"


def text(
    x: float,
    y: float,
    content: object,
    size: float = 12,
    weight: int | None = None,
    fill: str = INK,
    anchor: str = "start",
    **attrs: object,
) -> str:
    """A line of text, escaped; ``size`` in user units."""
    return el(
        "text",
        escape(str(content)),
        x=x,
        y=y,
        font_size=size,
        font_weight=weight,
        fill=fill,
        text_anchor=None if anchor == "start" else anchor,
        **attrs,
    )


def title(content: str) -> str:
    """A tooltip and accessible name for the enclosing element."""
    return el("title", escape(content))


READING = 0.85  # cards drawn at least this share of their size are read from the table; smaller ones only summarise


def reading_class(kind: str, scale: float) -> str | None:
    """``card-value`` or ``card-name`` on the text of a card drawn to be read (tests check
    their size on a projector); None on a card drawn small."""
    return f"card-{kind}" if scale >= READING else None


def small_card(scale: float) -> str | None:
    """``small-card`` on a card drawn as a reminder only (in a player's panel, a bank): its
    words are not meant to be read there (its name is in its tooltip, and the card is drawn
    full size where it is played), so the phone's reading-size test leaves them out."""
    return "small-card" if scale < READING else None


def group(*children: str, x: float = 0, y: float = 0, scale: float | None = None, **attrs: object) -> str:
    transform = f"translate({number(x)},{number(y)})" if (x or y) else ""
    if scale is not None and scale != 1:
        transform += f" scale({number(scale)})"
    return el("g", *children, transform=transform.strip() or None, **attrs)


def document(width: float, height: float, *children: str, label: str | None = None, **attrs: object) -> str:
    """A standalone ``<svg>``. ``--w`` carries the natural width so the widgets' CSS can
    scale it for a projector (``width: calc(var(--w) * var(--scale))``). A labelled drawing
    is an image to screen readers, or a group when it holds clickable parts (an image's
    parts are not announced, so its buttons would be lost)."""
    role = ("group" if any("data-target=" in child for child in children) else "img") if label else None
    return el(
        "svg",
        *children,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {number(width)} {number(height)}",
        width=width,
        height=height,
        role=role,
        aria_label=label,
        style=f"--w:{number(width)}",
        font_family=FONT,
        **attrs,
    )


def target(
    name: Target | str,
    label: str,
    *children: str,
    disabled: bool = False,
    pressed: bool | None = None,
    ring: tuple[float, float, float, float] | None = None,
    **attrs: object,
) -> str:
    """A clickable part: the browser side gives every ``data-target`` keyboard focus and
    turns Enter/Space into a click. ``ring`` is (x, y, w, h) of the focus outline, drawn
    hidden and shown by CSS on keyboard focus so every browser shows it the same way."""
    focus = ""
    if ring:
        x, y, w, h = ring
        focus = el("rect", x=x - 4, y=y - 4, width=w + 8, height=h + 8, rx=10, fill="none", class_="focus-ring")
    return el(
        "g",
        *children,
        focus,
        data_target=str(name),
        tabindex="0",
        role="button",
        aria_label=label,
        aria_disabled="true" if disabled else None,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        **attrs,
    )


def lit_mark(cx: float, cy: float, r: float = 11) -> str:
    """The sign of a legal target besides its amber outline: a plus in a circle, so the
    places a card may go stand out without seeing colour."""
    return el(
        "g",
        el("circle", cx=cx, cy=cy, r=r, fill=ACCENT),
        el(
            "path",
            d=f"M{number(cx - r * 0.55)},{number(cy)} h{number(r * 1.1)} "
            f"M{number(cx)},{number(cy - r * 0.55)} v{number(r * 1.1)}",
            stroke="#ffffff",
            stroke_width=3,
            stroke_linecap="round",
        ),
        class_="lit-mark",
    )


def mark_outline(
    x: float, y: float, width: float, height: float, rx: float, stroke_width: float = 3, dash: str = "8 5"
) -> str:
    """A lesson's mark around a part of a drawing (a card, a slot, a player's panel): an outline
    in MARK, dashed, so that it differs from the legal targets' amber outline without colour."""
    return el(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        rx=rx,
        fill="none",
        stroke=MARK,
        stroke_width=stroke_width,
        stroke_dasharray=dash,
        class_="lesson-mark",
    )


def luminance(colour: str) -> float:
    """Relative luminance of ``#rrggbb`` (WCAG), to pick readable ink on a fill."""
    channels = []
    for index in (1, 3, 5):
        value = int(colour[index : index + 2], 16) / 255
        channels.append(value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def ink_on(fill: str) -> str:
    """Dark ink or white, whichever contrasts more with ``fill`` (WCAG's ratio)."""
    return max((INK, "#ffffff"), key=lambda ink: contrast(ink, fill))


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def star_points(radius: float, inner: float, points: int = 5) -> str:
    """A star polygon centred on 0,0, first point up."""
    corners = []
    for index in range(points * 2):
        r = radius if index % 2 == 0 else inner
        angle = -pi / 2 + index * pi / points
        corners.append(f"{number(round(r * cos(angle), 2))},{number(round(r * sin(angle), 2))}")
    return " ".join(corners)
