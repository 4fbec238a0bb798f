"""A game at a table: who sits where, whose turn it is, and the game's history.

A ``Session`` is the part of playing that is not about the rules and not about drawing:
each seat is a person or a computer player; chance and computer players move one step
at a time when asked (``step``), so a page can pace them; a person's move is refused
when it is not that person's turn; undo goes back to the last person's decision while the
game runs (a finished game is kept as it ended: its record is final); and
when several people share one device, the session says whose hands the device must
pass to before their cards may show (at a family table, where they do not hide their cards
from each other, it never asks: the cards of whoever is to move show at once). Pages draw a session; they keep no turn-taking of
their own.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.bots import Advice, Why, make_bot, make_bots
from tutor.core import CHANCE, SIMULTANEOUS, Event, TutorError
from tutor.games import Game
from tutor.messages import msg

PERSON = "person"
STAND_IN = "random"  # the bot make_bots seats for a person: never asked to move


class NotYourTurn(TutorError):
    """A person's move that the table is not waiting for (another seat is to move, or
    the device has not been passed to them yet)."""


class Entry(NamedTuple):
    """One move of the history: what it was, who made it (CHANCE for deals and draws)
    and what it did."""

    move: object
    mover: int
    events: list[Event]


class Session:
    """``Session(game, kinds, seed=0, options=None, names=None)``: a new game with one
    seat per entry of ``kinds`` ("person" or a bot kind such as "coach" or "random")."""

    def __init__(
        self,
        game: Game,
        kinds: list[str],
        seed: int = 0,
        options: dict | None = None,
        names: list[str] | None = None,
        family: bool = False,
    ):
        self.game = game
        self.kinds = list(kinds)
        self.seed = seed
        self.state = self.game.new_game(len(kinds), seed=seed, options=options, seat_names=names)
        # make_bots seeds each seat's bot the same whatever the other seats hold, so a stand-in
        # for each person leaves the computer players as they would be.
        self.bots = make_bots(game, [STAND_IN if kind == PERSON else kind for kind in kinds], len(kinds), seed)
        people = self.people
        self.holder = people[0] if len(people) == 1 else None  # the person whose cards may be on screen
        self.movers: list[int] = []  # who made each move of the state's move stack
        self.reasons: list[Why | None] = []  # why each computer move was made (None: a person's or chance's)
        self.secret: list[bool] = []  # each move made in a simultaneous step, unseen until the choices show
        self.family = False
        self.set_family(family)

    # ------------------------------------------------------------- who
    @property
    def people(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == PERSON]

    def waiting(self) -> tuple[int, ...]:
        """The seats that may move now (none while chance moves or after the end)."""
        return self.state.whose_turn().seats

    def bot_to_move(self) -> int | None:
        return next((seat for seat in self.waiting() if self.kinds[seat] != PERSON), None)

    def person_to_move(self) -> int | None:
        """The person the table waits for, once no computer player is still to move."""
        if self.bot_to_move() is not None:
            return None
        return next((seat for seat in self.waiting() if self.kinds[seat] == PERSON), None)

    @property
    def passing_to(self) -> int | None:
        """The person the device must be handed to before their cards may show."""
        person = self.person_to_move()
        return person if person is not None and person != self.holder else None

    def ready(self) -> None:
        """The person the table asked for has the device."""
        self.holder = self.person_to_move()

    def set_family(self, on: bool) -> None:
        """A family table (``on``): the people see each other's cards, so the device is
        never passed; the cards shown are those of the person the table waits for, or of
        the last one it waited for while a computer player moves."""
        self.family = on
        self._follow()

    def _follow(self) -> None:
        person = self.person_to_move()
        if self.family and person is not None:
            self.holder = person

    def awaiting(self) -> int | None:
        """The person whose move the table takes now: none while chance or a computer
        player moves, after the end, or until the device has been passed."""
        person = self.person_to_move()
        return person if person is not None and person == self.holder and not self.state.is_terminal() else None

    # ------------------------------------------------------------- moves
    def play(self, move: Any) -> None:
        """A person's move. Raises NotYourTurn when the table does not wait for them and
        IllegalMove (with the rule's reason) when the rules refuse it."""
        state = self.state
        if not state.is_terminal():  # after the end the engine itself says why not
            seat = state.mover(move)
            if seat != self.holder or seat != self.person_to_move():
                raise NotYourTurn(msg("app.play.not-now"))
        self._push(move)

    def step(self) -> bool:
        """Make the next chance or computer move, if that is what the game waits for;
        True when one was made."""
        state = self.state
        if state.is_terminal():
            return False
        if state.to_move == CHANCE:
            self._push(state.chance_move())
            return True
        seat = self.bot_to_move()
        if seat is None:
            return False
        move, why = self.bots[seat].advise(state, seat)
        self._push(move, why)
        return True

    def run(self) -> None:
        """Every chance and computer move until a person is to move or the game ends."""
        while self.step():
            pass

    def undo(self) -> bool:
        """Take back the last person's move, and every chance and computer move after it;
        False when no person has moved yet or the game is over."""
        if not self.can_undo:
            return False
        while self.movers:
            seat = self.movers.pop()
            self.reasons.pop()
            self.secret.pop()
            self.state.pop()
            if seat >= 0 and self.kinds[seat] == PERSON:
                break
        if len(self.people) > 1 and not self.family:
            self.holder = None  # whoever holds the device now, the move's owner confirms first
        self._follow()
        return True

    @property
    def can_undo(self) -> bool:
        """Whether a person's move may be taken back: not once the game is over, whose result
        has been told (the end screen offers a new game instead)."""
        return not self.state.is_terminal() and any(seat >= 0 and self.kinds[seat] == PERSON for seat in self.movers)

    def _push(self, move: Any, why: Why | None = None) -> None:
        mover = CHANCE if self.state.to_move == CHANCE else self.state.mover(move)
        self.secret.append(self.state.to_move == SIMULTANEOUS)
        self.state.push(move)
        self.movers.append(mover)
        self.reasons.append(why)
        self._follow()

    # ------------------------------------------------------------- reasons
    def reason(self, index: int) -> Why | None:
        """Why the computer player made move ``index``: None for a person's or chance's move,
        and for a secret choice until a later move shows that the choices are out."""
        if self.secret[index] and all(self.secret[index:]) and not self.state.is_terminal():
            return None
        return self.reasons[index]

    def coach_advice(self) -> Advice[Any] | None:
        """What the coach would play for the person the table waits for, weighed from that
        person's view alone; None when no person is to move."""
        seat = self.awaiting()
        if seat is None:
            return None
        return make_bot(self.game, "coach", self.seed).advise(self.state, seat)

    # ------------------------------------------------------------- history
    def history(self) -> list[Entry]:
        """Every move so far with its mover and events, oldest first."""
        state = self.state
        return [
            Entry(move, mover, state.events(index))
            for index, (move, mover) in enumerate(zip(state.move_stack, self.movers))
        ]

    def rename(self, seat: int, name: str) -> None:
        """Names are only for showing (and the record): the game goes on under the new one."""
        self.state.seat_names[seat] = name
