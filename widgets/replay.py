"""Game records in the app: a link that downloads the game so far, and the replay of an
uploaded record, move by move on the game's board."""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as w

from tutor.core import CHANCE
from tutor.games import Game
from tutor.messages import msg
from tutor.records import RecordError, check_upload_size, dumps, load
from tutor.seats import renamed
from widgets.boards import board_for
from widgets.log import MoveLog, replayed
from widgets.result import result_html
from widgets.scores import ScoreSheet


def record_link(state, played_by: list[str] | None = None) -> str:
    """A link that saves the record of ``state`` (and who played each seat) as a file. A data:
    address with the download attribute needs no server route, so it works in Voila as it is."""
    data = base64.b64encode(dumps(state, played_by).encode("utf-8")).decode("ascii")
    name = msg("app.record.file", game=state.game_id, seed=state.seed)
    return (
        f'<a class="tutor-download" download="{escape(name)}" href="data:application/x-yaml;base64,{data}">'
        f"{escape(msg('app.record.download'))}</a>"
    )


def read_record(upload: dict, game: Game):
    """The game in an uploaded file ({"name", "content"} from the play page's upload), replayed by
    tutor.records; a RecordError names the file and what is wrong with it."""
    name = upload["name"]
    check_upload_size(name, len(upload["content"]))  # before reading a byte of it
    try:
        text = bytes(upload["content"]).decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(msg("app.record.not-text", file=name)) from None
    return load(name, text=text, expected_game=game)


class GameReplay(w.VBox):
    """A recorded game shown one player's move at a time (first / back / next / last);
    the deals and draws that follow a move come with it. ``leave`` is the button that
    closes the replay; its owner decides what it does."""

    def __init__(self, record, title: str):
        self.record = record
        self.moves = record.move_stack
        self.state = record.restarted()
        self.sentences = replayed(record)
        self.stops = self._stops()
        self.position = 0
        self.board = board_for(self.state, 1.0)
        self.board.hints = False
        self.scores = ScoreSheet(self.state)
        self.history = MoveLog()
        self.result = w.HTML()
        self.result.add_class("tutor-end")
        self.counter = w.HTML()
        self.title = title
        self.buttons = {
            name: w.Button(icon=icon, layout=w.Layout(width="auto"))
            for name, icon in (
                ("first", "fast-backward"),
                ("back", "step-backward"),
                ("next", "step-forward"),
                ("last", "fast-forward"),
            )
        }
        targets = {
            "first": lambda: 0,
            "back": lambda: self.position - 1,
            "next": lambda: self.position + 1,
            "last": lambda: len(self.stops) - 1,
        }
        for name, button in self.buttons.items():
            button.on_click(lambda _, target=targets[name]: self.go(target()))
        self.leave = w.Button(layout=w.Layout(width="auto"))
        self.heading = w.HTML()
        self._label()
        nav = w.HBox([*self.buttons.values(), self.counter, self.leave], layout=w.Layout(align_items="center"))
        nav.add_class("tutor-top")
        side = w.VBox([self.scores, self.history])
        side.add_class("tutor-side")
        body = w.HBox([w.VBox([self.result, self.board]), side])
        body.add_class("tutor-body")
        super().__init__([self.heading, nav, body])
        self.add_class("tutor-replay")
        self.go(len(self.stops) - 1)  # drawn once at the end too: a record that cannot be shown fails here, on upload
        self.go(0)

    def _label(self) -> None:
        for name, button in self.buttons.items():
            button.description = msg(f"app.replay.{name}")
        self.leave.description = msg("app.replay.close")
        self.heading.value = f'<h2 class="tutor-replay-title">{escape(msg("app.replay.heading", file=self.title))}</h2>'

    def relabel(self) -> None:
        """The same move of the record, told in the language now set, its players named
        in that language when the record names them per language."""
        self._label()
        for state in (self.record, self.state):
            state.seat_names[:] = [renamed(name) for name in state.seat_names]
        self.sentences = replayed(self.record)
        self.board.refresh()
        self.go(self.position)

    def _stops(self) -> list[int]:
        """For each position of the replay, how many moves of the game are made by then:
        before the first player's move, then after each one with the chance events it led to."""
        probe, stops = self.record.restarted(), []
        for index, move in enumerate(self.moves):
            if probe.to_move != CHANCE:
                stops.append(index)
            probe.push(move)
        return stops + [len(self.moves)]

    def go(self, position: int) -> None:
        self.position = max(0, min(position, len(self.stops) - 1))
        made = self.stops[self.position]
        while len(self.state.move_stack) > made:
            self.state.pop()
        while len(self.state.move_stack) < made:
            self.state.push(self.moves[len(self.state.move_stack)])
        self.board.state = self.state
        self.scores.state = self.state
        self.history.show(self.sentences[:made])
        over = self.state.is_terminal()
        self.result.value = result_html(self.state) if over else ""
        self.result.layout.display = None if over else "none"
        last = len(self.stops) - 1
        where = msg("app.replay.position", number=self.position, total=last)
        self.counter.value = f'<span class="tutor-count">{escape(where)}</span>'
        for name in ("first", "back"):
            self.buttons[name].disabled = self.position == 0
        for name in ("next", "last"):
            self.buttons[name].disabled = self.position == last
