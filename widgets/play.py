"""The play page's body: the layout and pacing of a ``tutor.session.Session`` (one game
at one table, any mix of people sharing the screen and computer players); the move log,
the score sheet, undo, the end screen, and the game's record to download or an uploaded
one to replay.

The engine answers every "may I?" and the session every "whose turn?"; this page draws
them and paces the computer players so that a person can follow their moves."""

from __future__ import annotations

import secrets
from html import escape
from urllib.parse import urlencode

import ipywidgets as w
import traitlets

from tutor.bots import KINDS
from tutor.core import CHANCE, IllegalMove
from tutor.games import Game
from tutor.messages import file_size, msg
from tutor.records import MAX_RECORD_BYTES, RecordError
from tutor.session import PERSON, NotYourTurn, Session
from tutor.svg.draw import el
from tutor.visitor_text import visitor_text
from widgets.boards import board_for
from widgets.component import Callbacks, Component, close_tree, replace_children
from widgets.feedback import feedback
from widgets.guard import log
from widgets.languages import relabel_options, with_language
from widgets.log import MoveLog, replayed, sentence
from widgets.poller import Poller
from widgets.replay import GameReplay, read_record, record_link
from widgets.result import result_html
from widgets.scores import ScoreSheet

SEAT_KINDS = (PERSON, *KINDS)
SEAT_NAME_LIMIT = 24  # a name in the move log and on the board, on a phone too
NEW_SEAT = "coach"  # who takes a seat until someone chooses
SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.4, "instant": 0.0}  # seconds before each computer move


class Fold(Component):
    """A button that shows or hides the box beside it (the one with the class ``target``);
    aria-expanded tells which. The browser (static/tutor.js) folds it at once, without
    waiting for a kernel that may be busy with the computer players; the state kept here
    follows the click."""

    kind = traitlets.Unicode("fold").tag(sync=True)
    target = traitlets.Unicode().tag(sync=True)

    def __init__(self, box: w.Widget, target: str, label: str):
        self.box = box
        self.label = label
        self.unfolded = False
        super().__init__(target=target)
        box.add_class(target)
        self.add_class("tutor-fold")
        self.show(False)

    def click(self, name: str) -> None:
        if name == "fold":
            self.show(not self.unfolded)

    def show(self, unfolded: bool) -> None:
        self.unfolded = unfolded
        self.box.layout.display = None if unfolded else "none"
        self.refresh()

    def render(self) -> str:
        return el(
            "button",
            el("span", aria_hidden="true"),
            escape(self.label),  # the arrow: page.css
            type="button",
            data_target="fold",
            aria_expanded="true" if self.unfolded else "false",
        )


class RecordUpload(Component):
    """A button that picks a game record to replay. The browser (static/parts/files.js) refuses a
    file over the limit before reading it, in words beside the button: the server would drop
    so big a message and the learner would hear nothing. A file within the limit comes here
    and goes to the ``on_upload`` functions as {"name", "content"}."""

    kind = traitlets.Unicode("record-upload").tag(sync=True)

    def __init__(self):
        self._uploaded = Callbacks()
        super().__init__()
        self.add_class("tutor-upload")
        self.refresh()

    def on_upload(self, function) -> None:
        self._uploaded.register(function)

    def _receive(self, widget, content, buffers) -> None:
        upload = content.get("upload") if isinstance(content, dict) else None
        if isinstance(upload, dict) and isinstance(upload.get("name"), str) and len(buffers) == 1:
            self._uploaded({"name": upload["name"], "content": buffers[0]})
            return
        super()._receive(widget, content, buffers)

    def render(self) -> str:
        too_big = msg("input.upload-too-big", file="{file}", limit=file_size(MAX_RECORD_BYTES))
        return (
            el("button", escape(msg("app.record.upload")), type="button")
            + el("input", type="file", accept=".yaml,.yml", hidden=True)
            + el("p", class_="tutor-upload-limit", role="status", data_limit=MAX_RECORD_BYTES, data_message=too_big)
        )


class SeatChoice(w.HBox):
    """One seat: the name shown for it and who plays it (a person or a computer player)."""

    def __init__(self, seat: int, kind: str, name: str, kinds: tuple[str, ...] = SEAT_KINDS):
        self.kinds = kinds
        self.name = w.Text(
            value=name,
            description=msg("app.play.seat", number=seat + 1),
            continuous_update=False,
            layout=w.Layout(width="15rem"),
        )
        self.name.style.description_width = "4rem"
        # Its label is read out, not shown (tutor-seat in page.css): on screen the seat's name says it.
        self.kind = w.Dropdown(
            options=[(msg(f"app.play.kind.{kind}"), kind) for kind in kinds],
            value=kind,
            description=msg("app.play.who", number=seat + 1),
            layout=w.Layout(width="10rem"),
        )
        super().__init__([self.name, self.kind])
        self.add_class("tutor-seat")

    def relabel(self, seat: int) -> None:
        self.name.description = msg("app.play.seat", number=seat + 1)
        self.kind.description = msg("app.play.who", number=seat + 1)
        relabel_options(self.kind, [msg(f"app.play.kind.{kind}") for kind in self.kinds])


class GameTable(w.VBox):
    """Seats 1..n each played by a person or a computer player (the first seat is a
    person, the others coaches, until changed). Chance and computer players move by
    themselves, at the chosen speed; between two people the screen asks to pass the
    device and hides the table until the next person is ready.

    ``seed`` None deals every new game afresh; a seed (the address's ``?seed=``) deals that
    game first and then the seeds after it, so a class on one address plays the same deals."""

    def __init__(self, game: Game, seed: int | None = 0, strength: str | None = None, speed: str = "normal"):
        self.game = game
        self.strength = strength  # a class's page fixes the computer players' strength (``?strength=``)
        self.fresh = seed is None
        self.seed = -1  # no game yet
        # The computer players' pace: one move per beat, a beat as long as the speed chosen.
        self.bots = Poller(
            self._bots_beat,
            lambda: SPEEDS[self.speed.value],
            stopped="The computer players stopped",
            failed=lambda: self._say(False, msg("app.play.broken")),
        )
        self._thinking: int | None = None  # the computer player shown thinking, whose move the next beat makes
        self._relabelling = False  # relabelled dropdowns change value and back: no new game for that
        counts = list(self.game.player_counts)
        self.players = w.Dropdown(
            options=counts,
            value=4 if 4 in counts else counts[0],
            description=msg("app.play.players"),
            layout=w.Layout(width="11rem"),
        )
        self.speed = w.Dropdown(
            options=[(msg(f"app.play.speeds.{name}"), name) for name in SPEEDS],
            value=speed,
            description=msg("app.play.speed"),
            layout=w.Layout(width="14rem"),
        )
        # The variants the rule sheets leave open (tutor notes marked "variant"); a change starts a new game.
        self.variants = {
            option: w.Dropdown(
                options=[(msg(f"app.play.variant.{option}.{value}"), value) for value in values],
                description=msg(f"app.play.variant.{option}.label"),
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            for option, values in self.game.options.items()
        }
        # People who share one device and show each other their cards: no "pass the device" screens.
        self.family = w.Checkbox(
            value=False, description=msg("app.play.family"), indent=False, layout=w.Layout(width="auto")
        )
        self.family.add_class("tutor-family")
        self.family.observe(lambda change: self._share(change.new), names="value")
        self.start = w.Button(description=msg("app.play.new"), button_style="primary")
        self.start.add_class("tutor-new-game")
        self.start.on_click(lambda _: self.new_game(self.next_seed()))
        setup = w.HBox(
            [self.players, self.speed, *self.variants.values(), self.start],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )
        setup.add_class("tutor-top")
        self.seat_row = w.HBox([])
        self.seat_row.add_class("tutor-seats")
        self.about = w.HTML()
        self.undo_button = w.Button(description=msg("app.play.undo"), icon="undo", layout=w.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self.undo())
        self.download = w.HTML()
        self.deal = w.HTML()  # which deal this is, and a link that deals it again
        self.upload = RecordUpload()
        self.upload.on_upload(self.open_record)
        tools = w.HBox([self.download, self.upload, self.deal], layout=w.Layout(align_items="flex-start"))
        tools.add_class("tutor-tools")
        # Settings and records fold away while a game runs: the table is what the page is for.
        settings = w.VBox([setup, self.seat_row, self.family, self.about, tools])
        self.fold = Fold(settings, "tutor-settings", msg("app.play.settings"))
        # The coach's move for the person to move, weighed from that person's view alone.
        self.coach_button = w.Button(description=msg("app.play.coach"), layout=w.Layout(width="auto"))
        self.coach_button.add_class("tutor-ask-coach")
        self.coach_button.on_click(lambda _: self.ask_coach())
        self.message = w.HTML()
        self.message.add_class("tutor-message")
        status = w.HBox([self.message, self.coach_button, self.undo_button], layout=w.Layout(align_items="center"))
        status.add_class("tutor-status")
        self.stage = w.VBox([])
        self.history = MoveLog()
        self.side = w.VBox([])
        self.side.add_class("tutor-side")
        self.table = w.HBox([self.stage, self.side])
        self.table.add_class("tutor-body")
        self.body = w.VBox([self.table])
        super().__init__([self.fold, settings, status, self.body])
        self.add_class("tutor-table")
        self.seats: list[SeatChoice] = []
        self.sentences: list[str] = []  # the move log, one sentence per move
        self._set_seats([PERSON])
        self.players.observe(lambda _: self._reseat(), names="value")
        for variant in self.variants.values():
            variant.observe(lambda _: self.new_game(self.seed), names="value")
        self._deal(seed if seed is not None else self.next_seed())
        self.scores = ScoreSheet(self.state)
        self.side.children = [self.scores, self.history]
        self._begin()

    def next_seed(self) -> int:
        """The seed of the next new game: a fresh one, or the one after the address's."""
        if not self.fresh:
            return self.seed + 1
        while (seed := secrets.randbelow(1_000_000)) == self.seed:
            pass
        return seed

    # ------------------------------------------------------------- seats
    @property
    def kinds(self) -> list[str]:
        return [seat.kind.value for seat in self.seats]

    def _set_seats(self, kinds: list[str]) -> None:
        """One choice per seat; seats that stay keep their choices, new ones get a coach."""
        count = self.players.value
        offered = (PERSON, self.strength) if self.strength else SEAT_KINDS
        kinds = [kind if kind in offered else offered[-1] for kind in kinds]  # a fixed strength replaces the others
        kinds = (kinds + [self.strength or NEW_SEAT] * count)[:count]
        names = [seat.name.value for seat in self.seats]
        self.defaults = self.game.seat_names(count)  # the game's own names, in the page's language
        names += self.defaults[len(names) :]
        self.seats = [SeatChoice(seat, kinds[seat], names[seat], offered) for seat in range(count)]
        for choice in self.seats:
            choice.kind.observe(lambda _, choice=choice: self._seat_changed(choice, renamed=False), names="value")
            choice.name.observe(lambda _, choice=choice: self._seat_changed(choice, renamed=True), names="value")
        self.seat_row.children = self.seats

    def _seat_changed(self, choice: SeatChoice, renamed: bool) -> None:
        """A seat's player or name changed. Seats a smaller number of players left off the
        table change nothing: their browser views may still send a last keystroke."""
        if choice not in self.seats:
            return
        if renamed:
            self._rename(self.seats.index(choice))
        else:
            self.new_game(self.seed)

    def _reseat(self) -> None:
        """Another number of players: the seats that stay keep their choices, and a new game starts."""
        self._set_seats(self.kinds)
        self.new_game(self.seed)

    def name_of(self, seat: int) -> str:
        """The typed name, or the game's own name (named in every language) when none is typed."""
        typed = visitor_text(self.seats[seat].name.value, SEAT_NAME_LIMIT)
        return self.defaults[seat] if typed in ("", self.defaults[seat]) else typed

    def _rename(self, seat: int) -> None:
        self.session.rename(seat, self.name_of(seat))
        self.sentences = replayed(self.state)
        self._show()

    def close(self) -> None:
        self.bots.stop()  # a table thrown away (built ahead of its visitor, or remade) plays on no more
        for part in (*self.children, self.table, self.board):  # the table and board may be off the page
            close_tree(part)
        super().close()

    # ------------------------------------------------------------- the game
    @property
    def state(self):
        return self.session.state

    def new_game(self, seed: int) -> None:
        """A new game under the settings shown. The computer players of the old game stop
        first, so the page never shows two games at once."""
        if self._relabelling:
            return
        self.bots.stop()
        old_board = self.board
        self._deal(seed)
        # the same sheet: new children would make the browser rebuild the side panel, log and all
        self.scores.seat = None  # first: the old seat may not exist in the new game
        self.scores.state = self.state
        self._begin()
        close_tree(old_board)  # after the new one took its place: the page never shows an empty table

    def _deal(self, seed: int) -> None:
        """A session under the settings shown, and its board."""
        self.seed = seed
        kinds = self.kinds
        names = [self.name_of(seat) for seat in range(len(kinds))]
        options = {option: variant.value for option, variant in self.variants.items()}
        self.session = Session(self.game, kinds, seed, options, names, family=self.family.value)
        self.sentences = []
        self.board = board_for(self.state, 1.0)
        self.board.on_move(self.play)
        self.board.on_message(lambda text: self._say(None, text))

    def _begin(self) -> None:
        """The table, the settings' texts and the first moves of the game just dealt."""
        replace_children(self.body, [self.table])  # a record being replayed is closed
        self._describe_bots()
        self._describe_deal()
        self.message.value = ""
        self.advance()

    def _describe_deal(self) -> None:
        link = with_language(f"play.ipynb?{urlencode({'game': self.game.id, 'seed': self.seed})}")
        self.deal.value = (
            f'<p class="tutor-deal" data-seed="{self.seed}">{escape(msg("app.play.deal", seed=self.seed))} '
            f'<a href="{escape(link)}">{escape(msg("app.play.deal-link"))}</a></p>'
        )

    def _describe_bots(self) -> None:
        bots = sorted(set(self.kinds) - {PERSON})
        self.about.value = "".join(
            f'<p class="tutor-summary"><strong>{escape(msg("app.play.bot-name", name=msg(f"bot.{kind}.name")))}</strong> '
            f"{escape(msg(f'bot.{kind}.{self.game.id}'))}</p>"
            for kind in bots
        )

    def relabel(self, game: Game, seed: int | None = None, strength: str | None = None) -> None:
        """Every text of the table in the language now set; the game, seats and settings
        stay (a seat still called by its colour takes the colour's name in that language).
        Another fixed ``strength`` (the address's) reseats the computer players and deals again."""
        if strength != self.strength:
            self.strength = strength
            self._set_seats(self.kinds)
            self.new_game(self.seed)
        self._relabelling = True
        try:
            self.players.description = msg("app.play.players")
            self.speed.description = msg("app.play.speed")
            relabel_options(self.speed, [msg(f"app.play.speeds.{name}") for name in SPEEDS])
            for option, variant in self.variants.items():
                variant.description = msg(f"app.play.variant.{option}.label")
                relabel_options(
                    variant, [msg(f"app.play.variant.{option}.{value}") for value in self.game.options[option]]
                )
            before, self.defaults = self.defaults, self.game.seat_names(len(self.seats))
            for seat, choice in enumerate(self.seats):
                choice.relabel(seat)
                if choice.name.value == before[seat]:  # not renamed: the game's name in the new language
                    choice.name.value = self.defaults[seat]
        finally:
            self._relabelling = False
        self.start.description = msg("app.play.new")
        self.family.description = msg("app.play.family")
        self.undo_button.description = msg("app.play.undo")
        self.coach_button.description = msg("app.play.coach")
        self.fold.label = msg("app.play.settings")
        self.fold.refresh()
        self.upload.refresh()
        self._describe_bots()
        self._describe_deal()
        self.sentences = replayed(self.state)
        self.board.refresh()
        self.scores.refresh()
        if self.body.children[0] is not self.table:
            self.body.children[0].relabel()  # a record being replayed
        self._show()

    def person_to_move(self) -> int | None:
        return self.session.person_to_move()

    def play(self, move) -> None:
        """A person's move from the board: the session says whether it is their turn and
        the engine whether the rules allow it."""
        try:
            self.session.play(move)
        except (NotYourTurn, IllegalMove) as refusal:
            self.board.refresh()
            self._say(False, str(refusal))
            return
        self._told()
        self.fold.show(False)  # playing now: the table needs the room
        self.advance()

    def _told(self) -> None:
        """The log catches up with the moves made (each told once, from its events)."""
        state = self.state
        self.sentences += [sentence(state, index) for index in range(len(self.sentences), len(state.move_stack))]

    def _step(self, session: Session) -> bool:
        made = session.step()
        if made:
            self._told()
        return made

    def advance(self) -> None:
        """Chance and the computer players move until a person is to move or the game ends:
        all at once at instant speed (or outside a kernel), else one move at a time in the
        kernel's event loop, so that clicks are answered in between."""
        if self.bots.running:
            return  # the running moves carry on from the new position
        self._thinking = None
        while self.state.to_move == CHANCE and self._step(self.session):
            pass  # the deal at once: the page shows the cards while the computer players think
        if SPEEDS[self.speed.value] and self.bots.start():
            self._show()
            return
        while self._step(self.session):
            pass
        self._show()

    def _bots_beat(self) -> None:
        """One beat of the computer players: the move of the one shown thinking a beat ago,
        chance's moves, then the next one shown thinking. Once a person is to move or the game
        is over (or the speed was set to instant under way), what is left at once, and the
        beats stop. A new game or an undo stops the beats first, so they only ever move the
        game on the table."""
        session = self.session
        if self._thinking is not None:
            self._thinking = None
            self._step(session)
        while SPEEDS[self.speed.value] and not session.state.is_terminal():
            if session.state.to_move != CHANCE:
                seat = session.bot_to_move()
                if seat is None:
                    break
                self._thinking = seat
                self._show(thinking=seat)
                return
            self._step(session)
        while self._step(session):
            pass
        self._show()
        self.bots.stop()

    def undo(self) -> None:
        """Take back the last person's move, and every chance and computer move after it
        (a click that arrives after the end, or before any person's move, changes nothing)."""
        if not self.session.can_undo:
            return
        self.bots.stop()
        self.session.undo()
        del self.sentences[len(self.state.move_stack) :]
        self.message.value = ""
        self.advance()

    def ask_coach(self) -> None:
        """The coach's move for the person to move, and why (a click that arrives when no
        person is to move says nothing)."""
        advice = self.session.coach_advice()
        if advice is None:
            return
        move = self.game.words.move_words(self.state, advice.move)
        self._say(None, msg("app.play.coach-says", move=move, why=advice.why.told(self.state.seat_names)))

    def _share(self, family: bool) -> None:
        """A family table or not, from now on in the game under way."""
        self.session.set_family(family)
        if not self.bots.running:
            self._show()

    def ready(self) -> None:
        """The person the screen asked for has the device."""
        self.session.ready()
        self._show()

    # ------------------------------------------------------------- drawing
    def _show(self, thinking: int | None = None) -> None:
        state = self.state
        person = self.person_to_move()
        passing = self.session.passing_to
        session = self.session
        reasons = [session.reason(index) for index in range(len(self.sentences))]
        self.history.show(self.sentences, [why.told(state.seat_names) if why else "" for why in reasons])
        self.coach_button.layout.display = None if session.awaiting() is not None and thinking is None else "none"
        self.download.value = record_link(state, self.kinds)
        self.undo_button.disabled = not self.session.can_undo
        self.undo_button.layout.display = "none" if state.is_terminal() else None  # the end screen offers a new game
        if passing is not None:
            replace_children(self.stage, [self._pass_screen(passing)], keep=(self.board,))
            self.scores.seat = None
            self.scores.state = state
            self._say(None, msg("app.play.pass.message", player=state.name(passing)))
            return
        if PERSON in self.kinds:
            self.board.seat = self.session.holder
        self.board.accepting = thinking is None and self.session.awaiting() is not None
        self.board.state = state
        self.scores.seat = self.session.holder
        self.scores.state = state
        # each _show builds its own pass or end screen: the one shown before is closed
        replace_children(self.stage, [self._end_screen(), self.board] if state.is_terminal() else [self.board])
        if state.is_terminal():
            winners = [state.name(seat) for seat in state.winners()]  # a list: listed, and the verb agrees
            won = self.session.holder is not None and self.session.holder in state.winners()
            self._say(True if won else None, msg("app.play.over", winners=winners))  # losing is no mistake
        elif thinking is not None:
            self._say(None, msg("app.play.thinking", player=state.name(thinking)))
        elif person is not None:
            self._say(
                None,
                msg("app.play.your-turn")
                if self.kinds.count(PERSON) == 1
                else msg("app.play.turn-of", player=state.name(person)),
            )

    def _pass_screen(self, person: int) -> w.VBox:
        """Nothing secret: the next person's name and a button for when they have the device."""
        name = self.state.name(person)
        text = w.HTML(
            f"<h2>{escape(msg('app.play.pass.heading', player=name))}</h2>"
            f"<p>{escape(msg('app.play.pass.text', player=name))}</p>"
        )
        button = w.Button(
            description=msg("app.play.pass.ready", player=name), button_style="primary", layout=w.Layout(width="auto")
        )
        button.add_class("tutor-ready")
        button.on_click(lambda _: self.ready())
        screen = w.VBox([text, button])
        screen.add_class("tutor-pass")
        return screen

    def _end_screen(self) -> w.VBox:
        again = w.Button(description=msg("app.play.again"), button_style="primary", layout=w.Layout(width="auto"))
        again.add_class("tutor-new-game")
        again.on_click(lambda _: self.new_game(self.next_seed()))
        # Keeping a finished game is what the download is most often for: offered here too.
        actions = w.HBox([again, w.HTML(record_link(self.state, self.kinds))], layout=w.Layout(align_items="center"))
        actions.add_class("tutor-tools")
        screen = w.VBox([w.HTML(result_html(self.state)), actions])
        screen.add_class("tutor-end")
        return screen

    def _say(self, right: bool | None, text: str) -> None:
        self.message.value = feedback(right, text)

    # ------------------------------------------------------------- records
    def open_record(self, upload: dict) -> None:
        """Replay an uploaded record in place of the table; a bad file is refused in words."""
        try:
            replay = GameReplay(read_record(upload, self.game), upload["name"])
        except RecordError as error:
            self._say(False, str(error))
            return
        except Exception:  # a shape tutor.records does not foresee: still a sentence, never a traceback
            log.exception("An uploaded record could not be read")
            self._say(False, msg("app.record.unreadable", file=upload["name"]))
            return
        replay.leave.on_click(lambda _: self.close_record())
        self.body.children = [replay]
        self._say(None, msg("app.record.opened", file=upload["name"]))

    def close_record(self) -> None:
        replace_children(self.body, [self.table])
        self._show()
