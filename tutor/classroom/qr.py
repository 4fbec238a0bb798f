"""The join address of a class, and its QR code as SVG for the projector (drawn by segno)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import segno

from tutor.messages import msg

CODE_PARAMETER = "code"


def join_url(join_page: str, code: str) -> str:
    """The join page's address with the class code filled in, keeping its other parameters."""
    parts = urlsplit(join_page)
    query = [(key, value) for key, value in parse_qsl(parts.query) if key != CODE_PARAMETER]
    return urlunsplit(parts._replace(query=urlencode(query + [(CODE_PARAMETER, code)])))


def join_qr_svg(join_page: str, code: str) -> str:
    """An inline SVG QR code of ``join_url``: no fixed size (CSS sizes it), black on white even on
    a dark page, with the four-module quiet zone scanners need and a title for screen readers."""
    qr = segno.make(join_url(join_page, code), error="m")
    return qr.svg_inline(
        omitsize=True,
        border=4,
        dark="#000",
        light="#fff",
        svgclass="classroom-qr",
        lineclass=None,
        title=msg("classroom.qr.title", code=code),
    )
