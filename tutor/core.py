"""What every game engine shares.

Engines follow OpenSpiel's shape (a state with a player to move, legal moves, apply,
undo, terminal, returns; dealing as chance events; simultaneous choices as their own
step) and python-chess's manners (small immutable move values, ``legal_moves``,
``push``/``pop``, ``why_not`` explaining a refusal).
"""

from __future__ import annotations

import copy
import re
from abc import ABC, abstractmethod
from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar, runtime_checkable

from tutor.messages import DEFAULT_LANGUAGE, capitalised, msg, said

if TYPE_CHECKING:  # for the type only: the registry sets State.game, the engines import no registry
    from tutor.games import Game

# Pseudo-players for ``State.to_move``, as in OpenSpiel: TERMINAL exactly when the game is over.
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4
# ``State._chosen`` while random_move has chosen nothing in the position (None is no move either)
UNCHOSEN = object()


class TutorError(Exception):
    """An error a learner or teacher may see: its text is a finished sentence."""


class IllegalMove(TutorError):
    """``push`` refused a move; ``reason`` says which rule and why."""

    def __init__(self, reason: Reason):
        super().__init__(str(reason))
        self.reason = reason


class NotationError(TutorError):
    """A card or move written in a way the game does not understand."""


class PositionError(TutorError):
    """A described position that cannot exist under the rules."""


class Reason:
    """Why a move is refused: the rule it breaks and a sentence naming the position.

    ``key`` is a message-catalog key; ``params`` fill its placeholders. Cards and
    other values in ``params`` are formatted with ``str()``, which goes through the
    catalog too, so the sentence follows the learner's language.
    """

    __slots__ = ("key", "params", "rule")

    def __init__(self, rule: str, key: str, **params: Any):
        self.rule, self.key, self.params = rule, key, params

    def __str__(self) -> str:
        return msg(self.key, **{name: said(value) for name, value in self.params.items()})

    def __repr__(self) -> str:
        return f"Reason({self.rule!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.rule, self.key, self.params) == (other.rule, other.key, other.params)

    def __hash__(self) -> int:  # params may hold lists: equal reasons share rule and key, so hash those
        return hash((self.rule, self.key))


@dataclass(frozen=True)
class Rule:
    """One entry of the rules reference. Its title and text live in the catalog
    under ``rule.<id>.title`` and ``rule.<id>.text``.

    ``kind`` is "rule" for a fact of the manuals, "note" for an assumption where the
    manuals are silent or ambiguous, "variant" for a note the learner may switch;
    a variant names the ``option`` that switches it.
    """

    id: str
    kind: str = "rule"
    option: str | None = None

    @property
    def title(self) -> str:
        return msg(f"rule.{self.id}.title")

    @property
    def heading(self) -> str:
        """The title without its kind's word, for where a badge beside it says the kind."""
        return capitalised(cited_title(self.id))

    @property
    def text(self) -> str:
        return msg(f"rule.{self.id}.text")


RULE_KINDS = ("rule", "note", "variant")


def cited_title(rule_id: str) -> str:
    """A rule's title without the kind's word it may start with ("Note: the last card" ->
    "the last card"), so a list of cited rules reads "Arrow cards and the last card"."""
    kinds = "|".join(re.escape(msg(f"rulekind.{kind}")) for kind in RULE_KINDS)
    return re.sub(rf"^(?:{kinds})\s*:\s*", "", msg(f"rule.{rule_id}.title"), flags=re.IGNORECASE)


def mismatch(check: str, expected: Any, found: Any) -> str:
    """The sentence a lesson check returns when the engine disagrees with the lesson."""
    return msg("lesson.check-failed", check=check, expected=expected, found=found)


S = TypeVar("S", bound="State[Any]")  # a game's own State


def advance_chance(state: S) -> S:
    """Apply every chance event now due (deals, draws, reveals), as the seed decides them;
    returns the state for chaining."""
    while state.to_move == CHANCE:
        state.push(state.chance_move())
    return state


# Who may act now (``State.whose_turn().kind``).
SEAT, SEATS, CHANCE_STEP, NOBODY = "seat", "simultaneous", "chance", "nobody"


class Turn(NamedTuple):
    """Who may act now: one seat, several seats choosing at the same time, chance (a
    deal or draw the seed decides) or nobody (the game is over)."""

    kind: str
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Event:
    """One thing a move did, as the table saw it: ``kind`` names it ("card-played",
    "trick-won", "bust", "triad" ...), ``seat`` is whom it concerns (None: the table) and
    ``details`` holds the rest (cards, slots, points). The move log, the quizzes and the
    end screen read events instead of comparing positions themselves."""

    kind: str
    seat: int | None = None
    details: dict = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.details[name]


def player_count_refusal(game_id: str, players: object, counts: range) -> str | None:
    """The sentence that refuses ``players`` for the game; None when it is played by that many."""
    if type(players) is int and players in counts:
        return None
    return msg("error.player-count", game=msg(f"game.{game_id}.name"), players=players, low=counts[0], high=counts[-1])


def check_player_count(game_id: str, players: int, counts: range) -> None:
    if refusal := player_count_refusal(game_id, players, counts):
        raise PositionError(refusal)


def resolve_options(options: dict | None, allowed: dict[str, tuple]) -> dict[str, str]:
    """Every option of ``allowed`` with its default (listed first) unless chosen."""
    chosen = {name: values[0] for name, values in allowed.items()}
    for name, value in (options or {}).items():
        if name not in allowed:
            raise PositionError(msg("error.unknown-option", option=name, known=", ".join(allowed)))
        if value not in allowed[name]:
            raise PositionError(msg("error.option-value", option=name, value=value, known=", ".join(allowed[name])))
        chosen[name] = value
    return chosen


def default_seat_names(players: int) -> list[str]:
    return [msg("seat.default", number=seat + 1) for seat in range(players)]


def replaced(items: tuple, index: int, value: object) -> tuple:
    """``items`` with ``value`` at ``index`` (positions hold tuples, never changed in
    place). Made through a list: quicker than joining slices, and engines do it at every move."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def freeze(value: object) -> object:
    """A hashable copy of nested lists, tuples and dicts, for ``snapshot()``."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, freeze(item)) for key, item in value.items()))
    return value


def _field_reader(fields: tuple[str, ...]) -> Callable[[State], tuple]:
    """A method returning the values of ``fields`` as a tuple, written out as code (as
    collections.namedtuple writes its classes): plain attribute reads are specialised by
    the interpreter and quicker than operator.attrgetter, and push reads every field."""
    for name in fields:
        if not name.isidentifier():
            raise ValueError(f"not a field name: {name!r}")
    return eval(f"lambda self: ({''.join(f'self.{name}, ' for name in fields)})")


def _seat(move: Any) -> int:
    """The seat a move of a simultaneous step names (each such move has one)."""
    return move.seat


# A game's move: a small immutable value (a NamedTuple of each game's rules, as python-chess's Move).
M = TypeVar("M")


class State(ABC, Generic[M]):
    """The engine contract as code, and the skeleton the three engines share.

    A game's State names its position in ``FIELDS``: every field a move may change.
    Those fields hold values that are never changed in place (tuples, frozensets,
    numbers, or dicts and lists that moves replace rather than edit), so the one undo
    strategy is cheap and exact: ``push`` keeps the field values as they were, ``pop``
    puts them back. The same kept values let ``events()`` tell what any move did.

    A subclass sets ``game_id`` (the registry sets ``game``, its entry, when the game
    registers), ``FIELDS`` (and ``OPTIONS``, ``PLAYER_COUNTS`` where they
    differ) and implements ``to_move``, ``legal_moves``, ``why_not``, ``chance_move``,
    ``_apply(move)``, ``is_terminal``, ``returns``, ``view`` and ``describe``; it may
    override ``ranking_key`` (tie-breaks) and ``random_move`` (speed); a ``random_move``
    leaves its choice in ``_chosen``, which ``push`` then applies without asking
    ``why_not`` again.
    """

    game_id: ClassVar[str]
    game: ClassVar[Game]  # the game's registry entry, set by tutor.games.register
    FIELDS: ClassVar[tuple[str, ...]]
    OPTIONS: ClassVar[dict[str, tuple]] = {}
    PLAYER_COUNTS: ClassVar[range] = range(2, 6)
    # Kept by every state besides its FIELDS; the same for the whole game.
    SETTINGS = ("players", "seed", "options", "seat_names", "first_player")
    # Made from FIELDS for each subclass that sets them (``__init_subclass__``): a
    # namedtuple class, so its fields are only known at run time.
    _position: ClassVar[Callable[[State], tuple]]
    Position: ClassVar[type[Any]]
    # A seat, CHANCE, SIMULTANEOUS or TERMINAL: a FIELD (or a property) of each game.
    to_move: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "FIELDS" in cls.__dict__:
            cls._position = _field_reader(cls.FIELDS)
            cls.Position = namedtuple(f"{cls.__name__}Position", cls.FIELDS)  # type: ignore[misc]  # made from FIELDS

    def __init__(
        self,
        players: int,
        seed: int = 0,
        options: dict | None = None,
        first_player: int = 0,
        seat_names: list[str] | None = None,
    ):
        check_player_count(self.game_id, players, self.PLAYER_COUNTS)
        self.players = players
        self.seed = seed
        self.options = resolve_options(options, self.OPTIONS)
        self.seat_names = list(seat_names or default_seat_names(players))
        if len(self.seat_names) != players:
            raise PositionError(msg("error.seat-names", players=players))
        self.first_player = first_player
        self.move_stack: list[M] = []
        self._undo: list[tuple] = []  # per move on the stack: the FIELDS' values before it
        self._chosen = UNCHOSEN  # the move random_move just chose in this position (see ``push``)

    # ----------------------------------------------------------------- what each game provides
    @abstractmethod
    def legal_moves(self) -> list[M]:
        """The moves the mover(s) may make now; empty at a chance step or the end."""

    @abstractmethod
    def why_not(self, move: M) -> Reason | None:
        """Why ``move`` is refused now, or None when it is legal."""

    @abstractmethod
    def chance_move(self) -> M | None:
        """The chance event now due (deal, draw, reveal), as the seed decides it."""

    @abstractmethod
    def _apply(self, move: M) -> None:
        """Change the FIELDS as the legal ``move`` does."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result, by seat."""

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: bots and widgets read only this for hidden things."""

    @abstractmethod
    def describe(self, before: Any, move: M, after: Any) -> list[Event]:
        """The events of ``move``, made in position ``before`` and leading to ``after``."""

    # ----------------------------------------------------------------- moves
    def push(self, move: M) -> None:
        """Apply ``move``; an illegal one raises IllegalMove and changes nothing.

        The very move ``random_move`` has just chosen in this position is legal and
        needs no second check; any other move goes through ``why_not``, so a refusal
        always comes with its reason."""
        if move is not self._chosen:
            reason = self.why_not(move)
            if reason is not None:
                raise IllegalMove(reason)
        self._undo.append(self._position())
        self._chosen = UNCHOSEN
        self._apply(move)
        self.move_stack.append(move)

    def pop(self) -> M:
        """Undo the last move and return it."""
        move = self.move_stack.pop()
        self.__dict__.update(zip(self.FIELDS, self._undo.pop()))
        self._chosen = UNCHOSEN
        return move

    # ----------------------------------------------------------------- questions every caller asks
    def whose_turn(self) -> Turn:
        """Who may act now."""
        mover = self.to_move
        if mover >= 0:
            return Turn(SEAT, (mover,))
        if mover == CHANCE:
            return Turn(CHANCE_STEP)
        if mover == SIMULTANEOUS:
            return Turn(SEATS, tuple(sorted({_seat(move) for move in self.legal_moves()})))
        return Turn(NOBODY)

    def mover(self, move: M) -> int:
        """Who makes ``move`` now: in a simultaneous step each move names its seat."""
        return _seat(move) if self.to_move == SIMULTANEOUS else self.to_move

    def position(self) -> Any:  # an instance of Position, made at run time
        """The FIELDS' values now, by name."""
        return self.Position._make(self._position())

    def events(self, index: int = -1) -> list[Event]:
        """What the move at ``move_stack[index]`` did (the last one by default)."""
        index %= len(self.move_stack)
        before = self.Position._make(self._undo[index])
        later = index + 1 < len(self.move_stack)
        after = self.Position._make(self._undo[index + 1]) if later else self.position()
        return self.describe(before, self.move_stack[index], after)

    # ----------------------------------------------------------------- results
    def ranking_key(self, seat: int) -> tuple:
        """How seats are ordered at the end, tie-breaks included: here the returns alone."""
        return (self.returns()[seat],)

    def winners(self) -> list[int]:
        best = max(self.ranking_key(seat) for seat in range(self.players))
        return [seat for seat in range(self.players) if self.ranking_key(seat) == best]

    def ranking(self) -> list[int]:
        return sorted(range(self.players), key=self.ranking_key, reverse=True)

    # ----------------------------------------------------------------- copies and names
    def name(self, seat: int) -> str:
        return self.seat_names[seat]

    def snapshot(self) -> tuple:
        """Everything that makes the position, for comparing two states."""
        return tuple((name, freeze(getattr(self, name))) for name in (*self.SETTINGS, *self.FIELDS))

    def clone(self) -> Self:
        """An independent copy that can also undo its moves (field values are shared:
        nothing changes them in place)."""
        other = copy.copy(self)
        other.options, other.seat_names = dict(self.options), list(self.seat_names)
        other.move_stack, other._undo = list(self.move_stack), list(self._undo)
        other._chosen = UNCHOSEN  # the copy's fields may be changed (resample_from_view)
        return other

    def resample_from_view(self, seat: int, rng: Random) -> Self:
        """A copy in which everything ``seat`` cannot see is dealt again at random, sizes
        kept (OpenSpiel's resample_from_infostate): ``view(seat)`` must not change. A game
        with nothing hidden returns a plain copy; games with hidden cards override this."""
        return self.clone()

    def resample_from_memory(self, seat: int, rng: Random) -> Self:
        """The same, for a player who remembers every card it saw face up during the game:
        only cards ``seat`` never saw are dealt again. Games that turn seen cards face down
        (and hide them in ``view``) override this; elsewhere the view shows all it saw."""
        return self.resample_from_view(seat, rng)

    def restarted(self) -> Self:
        """The same game at its start: players, seed, options, first player and names."""
        return type(self)(self.players, self.seed, self.options, self.first_player, self.seat_names)

    def random_move(self, rng: Random) -> M | None:
        """One legal move chosen at random (the chance event when one is due)."""
        if self.to_move == CHANCE:
            self._chosen = move = self.chance_move()
            return move
        moves = self.legal_moves()
        if not moves:
            return None
        self._chosen = move = moves[int(rng.random() * len(moves))]
        return move

    def __repr__(self) -> str:
        return f"<{self.game_id}, {self.players} players, to move {self.to_move}>"


@runtime_checkable
class Labelled(Protocol):
    """A card: its name in any language, whatever language the page speaks."""

    def label(self, lang: str) -> str: ...


def notation_words(part: Any) -> str:
    """``part`` (a card, a cell) as a lesson file writes it, whatever the page's language: a
    card's name in English (docs/lessons.md)."""
    return part.label(DEFAULT_LANGUAGE) if isinstance(part, Labelled) else str(part)
