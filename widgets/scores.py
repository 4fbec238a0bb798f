"""Score sheets: one table per game, rows are players, from the engine's own figures."""
from __future__ import annotations

from html import escape

import traitlets

from tutor.games.monster_trick import ROUNDS
from tutor.messages import msg
from tutor.svg.draw import el
from tutor.svg.seats import seat_colours
from widgets.component import StateComponent


def _player_cell(state, seat: int, colour: str, winner: bool) -> str:
    dot = el("span", "", class_="cw-dot", style=f"background:{colour}", aria_hidden="true")
    star = el("span", "\u2605", class_="cw-win", role="img", aria_label=msg("widgets.scores.winner"),
              title=msg("widgets.scores.winner")) if winner else ""
    return el("th", dot, escape(state.name(seat)), star, scope="row")


def _table(state, columns: list[str], rows: list[list[tuple[str, str]]]) -> str:
    """``rows[seat]`` holds (text, css class) per column after the player's name."""
    colours = seat_colours(state.seat_names)
    winners = set(state.winners()) if state.is_terminal() else set()
    head = el("tr", el("th", escape(msg("widgets.scores.player")), scope="col"),
              *(el("th", escape(column), scope="col") for column in columns))
    body = []
    for seat, cells in enumerate(rows):
        body.append(el("tr", _player_cell(state, seat, colours[seat], seat in winners),
                       *(el("td", escape(value), class_=css or None) for value, css in cells),
                       class_="cw-winner" if seat in winners else None))
    return el("table", el("caption", escape(msg("widgets.scores.caption"))), el("thead", head), el("tbody", *body),
              class_="cw-scores")


def monster_trick_sheet(state, seat=None) -> str:
    """Each round's score and the total; the round in play shows the active VP card so far."""
    columns = [msg("widgets.scores.round", number=number) for number in range(1, ROUNDS + 1)]
    columns.append(msg("widgets.scores.total"))
    rows = []
    for seat in range(state.players):
        cells = []
        for number in range(1, ROUNDS + 1):
            if number <= len(state.round_scores):
                cells.append((str(state.round_scores[number - 1][seat]), ""))
            elif number == state.round and not state.is_terminal():
                cells.append((msg("widgets.scores.so-far", value=state.active_vp(seat) or 0), "cw-provisional"))
            else:
                cells.append(("\u2013", ""))
        cells.append((str(state.totals()[seat]), "cw-total"))
        rows.append(cells)
    return _table(state, columns, rows)


def danger13_sheet(state, seat=None) -> str:
    """Banked cards for all; plus points and their printed values only for the owner
    until the game ends (note d13.bank-view); rounds busted."""
    view = state.view(seat if seat is not None else 0)
    columns = [msg("widgets.scores.banked"), msg("widgets.scores.plus-points"), msg("widgets.scores.printed"),
               msg("widgets.scores.busts")]
    hidden = (msg("widgets.scores.hidden"), "cw-provisional")
    rows = []
    for other in range(state.players):
        known = view["plus_points"] is not None or other == seat
        rows.append([
            (str(view["bank_sizes"][other]), ""),
            (str(state.plus_points(other)), "cw-total") if known else hidden,
            (str(state.banked_value(other)), "") if known else hidden,
            (str(view["busts"].count(other)), ""),
        ])
    return _table(state, columns, rows)


def thricewise_sheet(state, seat=None) -> str:
    """Points, triads scored and cards placed, all public."""
    columns = [msg("widgets.scores.triads"), msg("widgets.scores.placed"), msg("widgets.scores.points")]
    placed = list(state.placed_by.values())
    rows = [[(str(sum(triad.seat == other for triad in state.triads)), ""), (str(placed.count(other)), ""),
             (str(state.scores[other]), "cw-total")] for other in range(state.players)]
    return _table(state, columns, rows)


SHEETS = {"monster-trick": monster_trick_sheet, "danger-13": danger13_sheet, "thricewise": thricewise_sheet}


class ScoreSheet(StateComponent):
    """``ScoreSheet(state, seat=None, scale=1.0)``: the scores so far, winners starred at
    the end. ``seat`` is whose secrets may show (Danger 13 banks); None: only public ones."""

    seat = traitlets.Int(None, allow_none=True)

    redraw_on = ("seat",)

    def __init__(self, state, seat: int | None = None, scale: float = 1.0, **kwargs):
        super().__init__(state, seat=seat, scale=scale, **kwargs)

    def render(self) -> str:
        return SHEETS[self._state.game_id](self._state, self.seat)
