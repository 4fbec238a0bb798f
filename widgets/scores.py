"""Score sheets: one table per game, rows are players, with the figures the game's package
chooses (``words.score_sheet``)."""

from __future__ import annotations

from html import escape

import traitlets

from tutor.messages import msg
from tutor.svg.draw import el
from tutor.svg.seats import seat_colours
from widgets.component import StateComponent


def _player_cell(state, seat: int, colour: str, winner: bool) -> str:
    dot = el("span", "", class_="tutor-dot", style=f"background:{colour}", aria_hidden="true")
    star = (
        el(
            "span",
            "\u2605",
            class_="tutor-win",
            role="img",
            aria_label=msg("widgets.scores.winner"),
            title=msg("widgets.scores.winner"),
        )
        if winner
        else ""
    )
    return el("th", dot, escape(state.name(seat)), star, scope="row")


def _table(state, columns: list[str], rows: list[list[tuple[str, str]]]) -> str:
    """``rows[seat]`` holds (text, css class) per column after the player's name."""
    colours = seat_colours(state.seat_names)
    winners = set(state.winners()) if state.is_terminal() else set()
    head = el(
        "tr",
        el("th", escape(msg("widgets.scores.player")), scope="col"),
        *(el("th", escape(column), scope="col") for column in columns),
    )
    body = []
    for seat, cells in enumerate(rows):
        body.append(
            el(
                "tr",
                _player_cell(state, seat, colours[seat], seat in winners),
                *(el("td", escape(value), class_=css or None) for value, css in cells),
                class_="tutor-winner" if seat in winners else None,
            )
        )
    return el(
        "table",
        el("caption", escape(msg("widgets.scores.caption"))),
        el("thead", head),
        el("tbody", *body),
        class_="tutor-scores",
    )


class ScoreSheet(StateComponent):
    """``ScoreSheet(state, seat=None, scale=1.0)``: the scores so far, winners starred at
    the end. ``seat`` is whose secrets may show (banked cards, say); None: only public ones."""

    seat = traitlets.Int(None, allow_none=True)

    redraw_on = ("seat",)

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        super().__init__(state, seat=seat, scale=scale, **kwargs)

    def render(self) -> str:
        return score_table(self._state, self.seat)


def score_table(state, seat: int | None = None) -> str:
    """The score sheet's table as HTML, for a page that shows it inside another part."""
    columns, rows = state.game.words.score_sheet(state, seat)
    return _table(state, columns, rows)
