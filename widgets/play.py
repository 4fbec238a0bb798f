"""The play page's body: one game at one table, any mix of people sharing the screen
(hot seat, for classrooms) and computer players; the move log, the score sheet, undo,
the end screen, and the game's record to download or an uploaded one to replay.

The engine answers every "may I?"; this page only knows who sits where and whose cards
may be on screen."""
from __future__ import annotations

import asyncio
import sys
import traceback
from html import escape

import ipywidgets as w

from tutor.bots import KINDS, make_bots
from tutor.core import CHANCE, SIMULTANEOUS
from tutor.games import game as registered
from tutor.messages import msg
from tutor.records import RecordError
from tutor.svg.seats import DEFAULT_ORDER
from widgets.feedback import feedback
from widgets.hand import mover
from widgets.log import MoveLog, replayed, sentence
from widgets.replay import GameReplay, read_record, record_link
from widgets.result import result_html
from widgets.scores import ScoreSheet
from widgets.stepper import board_for

PERSON = "person"
SEAT_KINDS = (PERSON, *KINDS)
NEW_SEAT = "coach"  # who takes a seat until someone chooses
STAND_IN = "random"  # the unused bot make_bots gives a person's seat
SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}  # seconds before each computer move


def running_loop():
    """The kernel's event loop (in Voila and Jupyter); None in plain Python, as in tests."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def default_name(seat: int) -> str:
    """A seat is called after its colour on the board (Orange, Red, ...) until a name is
    typed: a name reads well in every sentence, "Orange plays the green 8"."""
    return msg(f"widgets.seat-colour.{DEFAULT_ORDER[seat]}")


class SeatChoice(w.HBox):
    """One seat: the name shown for it and who plays it (a person or a computer player)."""

    def __init__(self, seat: int, kind: str, name: str):
        self.name = w.Text(value=name, description=msg("app.play.seat", number=seat + 1), continuous_update=False,
                           layout=w.Layout(width="15rem"))
        self.name.style.description_width = "4rem"
        self.kind = w.Dropdown(options=[(msg(f"app.play.kind.{kind}"), kind) for kind in SEAT_KINDS], value=kind,
                               tooltip=msg("app.play.who", number=seat + 1), layout=w.Layout(width="10rem"))
        super().__init__([self.name, self.kind])
        self.add_class("tutor-seat")


class GameTable(w.VBox):
    """Seats 1..n each played by a person or a computer player (the first seat is a
    person, the others coaches, until changed). Chance and computer players move by
    themselves, at the chosen speed; between two people the screen asks to pass the
    device and hides the table until the next person is ready."""

    def __init__(self, game: str, seed: int = 0, speed: str = "normal"):
        self.game = game
        self.entry = registered(game)
        self._task = None
        counts = list(self.entry.player_counts)
        self.players = w.Dropdown(options=counts, value=4 if 4 in counts else counts[0],
                                  description=msg("app.play.players"), layout=w.Layout(width="11rem"))
        self.speed = w.Dropdown(options=[(msg(f"app.play.speeds.{name}"), name) for name in SPEEDS], value=speed,
                                description=msg("app.play.speed"), layout=w.Layout(width="14rem"))
        # The variants the rule sheets leave open (tutor notes marked "variant"); a change starts a new game.
        self.variants = {
            option: w.Dropdown(options=[(msg(f"app.play.variant.{option}.{value}"), value) for value in values],
                               description=msg(f"app.play.variant.{option}.label"),
                               style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            for option, values in self.entry.options.items()}
        start = w.Button(description=msg("app.play.new"), button_style="primary")
        start.add_class("tutor-new-game")
        start.on_click(lambda _: self.new_game(self.seed + 1))
        setup = w.HBox([self.players, self.speed, *self.variants.values(), start],
                       layout=w.Layout(align_items="center", flex_flow="row wrap"))
        setup.add_class("tutor-top")
        self.seat_row = w.HBox([])
        self.seat_row.add_class("tutor-seats")
        self.about = w.HTML()
        self.undo_button = w.Button(description=msg("app.play.undo"), icon="undo", layout=w.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self.undo())
        self.download = w.HTML()
        self.upload = w.FileUpload(accept=".yaml,.yml", multiple=False, description=msg("app.record.upload"),
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("tutor-upload")
        self.upload.observe(lambda change: change.new and self.open_record(change.new[0]), names="value")
        tools = w.HBox([self.undo_button, self.download, self.upload], layout=w.Layout(align_items="center"))
        tools.add_class("tutor-tools")
        self.message = w.HTML()
        self.stage = w.VBox([])
        self.history = MoveLog()
        self.side = w.VBox([])
        self.side.add_class("tutor-side")
        self.table = w.HBox([self.stage, self.side])
        self.table.add_class("tutor-body")
        self.body = w.VBox([self.table])
        super().__init__([setup, self.seat_row, self.about, tools, self.message, self.body])
        self.add_class("tutor-table")
        self.seats: list[SeatChoice] = []
        self.state = None
        self.scores = None
        self._set_seats([PERSON])
        self.players.observe(lambda _: self._set_seats([seat.kind.value for seat in self.seats]), names="value")
        for variant in self.variants.values():
            variant.observe(lambda _: self.new_game(self.seed), names="value")
        self.new_game(seed)

    # ------------------------------------------------------------- seats
    @property
    def kinds(self) -> list[str]:
        return [seat.kind.value for seat in self.seats]

    def _set_seats(self, kinds: list[str]) -> None:
        """One choice per seat; seats that stay keep their choices, new ones get a coach."""
        count = self.players.value
        kinds = (kinds + [NEW_SEAT] * count)[:count]
        names = [seat.name.value for seat in self.seats]
        names += [default_name(seat) for seat in range(len(names), count)]
        self.seats = [SeatChoice(seat, kinds[seat], names[seat]) for seat in range(count)]
        for seat, choice in enumerate(self.seats):
            choice.kind.observe(lambda _: self.new_game(self.seed), names="value")
            choice.name.observe(lambda _, seat=seat: self._rename(seat), names="value")
        self.seat_row.children = self.seats
        if self.state is not None:
            self.new_game(self.seed)

    def name_of(self, seat: int) -> str:
        return self.seats[seat].name.value.strip() or default_name(seat)

    def _rename(self, seat: int) -> None:
        """Names are only for showing (and the record), so the game goes on under the new one."""
        self.state.seat_names[seat] = self.name_of(seat)
        self.sentences = replayed(self.state)
        self._show()

    # ------------------------------------------------------------- the game
    def new_game(self, seed: int) -> None:
        self._stop()
        self.seed = seed
        kinds = self.kinds
        names = [self.name_of(seat) for seat in range(len(kinds))]
        options = {option: variant.value for option, variant in self.variants.items()}
        self.state = self.entry.new_game(len(kinds), seed=seed, options=options, seat_names=names)
        # make_bots seeds each seat's bot the same whatever the other seats hold, so a stand-in
        # for each person (never asked to move) leaves the computer players as they would be.
        self.bots = make_bots(self.game, [STAND_IN if kind == PERSON else kind for kind in kinds], len(kinds), seed)
        people = [seat for seat, kind in enumerate(kinds) if kind == PERSON]
        self.holder = people[0] if len(people) == 1 else None  # the person whose cards may be on screen
        self.movers: list[int] = []  # who made each move of the stack (CHANCE for deals and draws)
        self.sentences: list[str] = []
        self.board = board_for(self.game, self.state, 1.0)
        self.board.on_move(self.play)
        self.board.on_message(lambda text: self._say(None, text))
        if self.scores is None:
            self.scores = ScoreSheet(self.state)
            self.side.children = [self.scores, self.history]
        else:  # the same sheet: new children would make the browser rebuild the side panel, log and all
            self.scores.seat = None  # first: the old seat may not exist in the new game
            self.scores.state = self.state
        self.body.children = [self.table]
        bots = sorted(set(kinds) - {PERSON})
        self.about.value = "".join(f'<p class="tutor-summary"><strong>{escape(msg(f"bot.{kind}.name"))}:</strong> '
                                   f'{escape(msg(f"bot.{kind}.{self.game}"))}</p>' for kind in bots)
        self.message.value = ""
        self.advance()

    def waiting(self) -> list[int]:
        """The seats that may move now."""
        state = self.state
        if state.is_terminal() or state.to_move == CHANCE:
            return []
        if state.to_move == SIMULTANEOUS:
            return sorted({move.seat for move in state.legal_moves()})
        return [state.to_move]

    def bot_to_move(self) -> int | None:
        return next((seat for seat in self.waiting() if self.kinds[seat] != PERSON), None)

    def person_to_move(self) -> int | None:
        """The person whose move the table waits for (once no computer player is still to move)."""
        if self.bot_to_move() is not None:
            return None
        return next((seat for seat in self.waiting() if self.kinds[seat] == PERSON), None)

    def play(self, move) -> None:
        """A person's move from the board: the engine judges it."""
        seat = mover(self.state, move)
        over = self.state.is_terminal()  # the engine says so itself
        if not over and (seat != self.holder or seat != self.person_to_move()):
            self.board.refresh()
            self._say(False, msg("app.play.not-now"))
            return
        reason = self.state.why_not(move)
        if reason is not None:
            self.board.refresh()
            self._say(False, str(reason))
            return
        self._push(move)
        self.advance()

    def _push(self, move) -> None:
        before = self.state.clone()
        self.movers.append(mover(self.state, move))
        self.state.push(move)
        self.sentences.append(sentence(before, move, self.state))

    def _autoplay(self) -> bool:
        """Make the next chance or computer move, if it is one; True when one was made."""
        state = self.state
        if state.is_terminal():
            return False
        if state.to_move == CHANCE:
            self._push(state.chance_move())
            return True
        seat = self.bot_to_move()
        if seat is None:
            return False
        self._push(self.bots[seat].choose(state, seat))
        return True

    def advance(self) -> None:
        """Chance and the computer players move until a person is to move or the game ends:
        all at once at instant speed (or outside a kernel), else one move at a time in the
        kernel's event loop, so that clicks are answered in between."""
        if self._task is not None:
            return  # the running moves carry on from the new position
        loop = running_loop()
        if SPEEDS[self.speed.value] and loop is not None:
            self._show()
            self._task = loop.create_task(self._play_bots())
            return
        while self._autoplay():
            pass
        self._show()

    async def _play_bots(self) -> None:
        try:
            while SPEEDS[self.speed.value] and not self.state.is_terminal():
                if self.state.to_move != CHANCE:
                    seat = self.bot_to_move()
                    if seat is None:
                        break
                    self._show(thinking=seat)
                    await asyncio.sleep(SPEEDS[self.speed.value])
                self._autoplay()
            while self._autoplay():  # the speed was set to instant under way
                pass
            self._show()
        except Exception:
            traceback.print_exc(file=sys.__stderr__)  # a bug: its details go to the server's log only
            self._say(False, msg("app.play.broken"))
        finally:
            if self._task is asyncio.current_task():
                self._task = None

    def _stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def undo(self) -> None:
        """Take back the last person's move, and every chance and computer move after it."""
        self._stop()
        while self.movers:
            seat = self.movers.pop()
            self.sentences.pop()
            self.state.pop()
            if seat >= 0 and self.kinds[seat] == PERSON:
                break
        if self.kinds.count(PERSON) > 1:
            self.holder = None  # whoever has the device now, the move's owner confirms before their cards show
        self.message.value = ""
        self.advance()

    def ready(self) -> None:
        """The person the screen asked for has the device."""
        self.holder = self.person_to_move()
        self._show()

    # ------------------------------------------------------------- drawing
    def _show(self, thinking: int | None = None) -> None:
        state = self.state
        person = self.person_to_move()
        passing = person is not None and person != self.holder
        self.history.show(self.sentences)
        self.download.value = record_link(state)
        self.undo_button.disabled = not any(seat >= 0 and self.kinds[seat] == PERSON for seat in self.movers)
        if passing:
            self.stage.children = [self._pass_screen(person)]
            self.scores.seat = None
            self.scores.state = state
            self._say(None, msg("app.play.pass.message", player=state.name(person)))
            return
        if PERSON in self.kinds:
            self.board.seat = self.holder
        self.board.state = state
        self.scores.seat = self.holder
        self.scores.state = state
        self.stage.children = [self._end_screen(), self.board] if state.is_terminal() else [self.board]
        if state.is_terminal():
            winners = ", ".join(state.name(seat) for seat in state.winners())
            self._say(self.holder in state.winners() if self.holder is not None else None,
                      msg("app.play.over", winners=winners))
        elif thinking is not None:
            self._say(None, msg("app.play.thinking", player=state.name(thinking)))
        elif person is not None:
            self._say(None, msg("app.play.your-turn") if self.kinds.count(PERSON) == 1
                      else msg("app.play.turn-of", player=state.name(person)))

    def _pass_screen(self, person: int) -> w.VBox:
        """Nothing secret: the next person's name and a button for when they have the device."""
        name = self.state.name(person)
        text = w.HTML(f'<h2>{escape(msg("app.play.pass.heading", player=name))}</h2>'
                      f'<p>{escape(msg("app.play.pass.text", player=name))}</p>')
        button = w.Button(description=msg("app.play.pass.ready", player=name), button_style="primary",
                          layout=w.Layout(width="auto"))
        button.add_class("tutor-ready")
        button.on_click(lambda _: self.ready())
        screen = w.VBox([text, button])
        screen.add_class("tutor-pass")
        return screen

    def _end_screen(self) -> w.VBox:
        again = w.Button(description=msg("app.play.again"), button_style="primary", layout=w.Layout(width="auto"))
        again.add_class("tutor-new-game")
        again.on_click(lambda _: self.new_game(self.seed + 1))
        screen = w.VBox([w.HTML(result_html(self.state)), again])
        screen.add_class("tutor-end")
        return screen

    def _say(self, right: bool | None, text: str) -> None:
        self.message.value = feedback(right, text)

    # ------------------------------------------------------------- records
    def open_record(self, upload: dict) -> None:
        """Replay an uploaded record in place of the table; a bad file is refused in words."""
        self.upload.value = ()  # the same file may be chosen again
        try:
            replay = GameReplay(read_record(upload, self.game), upload["name"])
        except RecordError as error:
            self._say(False, str(error))
            return
        except Exception:  # a shape tutor.records does not foresee: still a sentence, never a traceback
            traceback.print_exc(file=sys.__stderr__)
            self._say(False, msg("app.record.unreadable", file=upload["name"]))
            return
        replay.leave.on_click(lambda _: self.close_record())
        self.body.children = [replay]
        self._say(None, msg("app.record.opened", file=upload["name"]))

    def close_record(self) -> None:
        self.body.children = [self.table]
        self._show()
