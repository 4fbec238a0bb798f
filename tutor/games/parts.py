"""What each part of a game's package offers: one ``Protocol`` per part. A part is a module,
and a module fits a protocol when it has its names (PEP 544's modules as implementations):
``Game`` hands each part out typed as its protocol (``GAME.words``, ``GAME.lessons`` ...), and
tests/test_engines.py checks every registered game's modules against them. docs/engines.md
says what each name means; a name a game has no use for is still there, empty."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from tutor import core

if TYPE_CHECKING:  # for the types only: tutor.bots imports the registry, which imports this
    from tutor.bots import Bot, Search, Why


@runtime_checkable
class Rules(Protocol):
    """The engine: every game has it."""

    State: type[core.State]
    RULES: tuple[core.Rule, ...]
    OPTIONS: dict[str, tuple[str, ...]]
    PLAYER_COUNTS: range

    def new_game(self, players: int, *args: Any, **kwargs: Any) -> core.State: ...

    def parse_move(self, text: str, players: int | None = None) -> Any: ...


@runtime_checkable
class Lessons(Protocol):
    """The positions a lesson sets and the facts it may state about them."""

    CHECKS: Mapping[str, Callable[..., str | None]]  # fact name -> check(state, value): a sentence when false
    NOTES: Mapping[str, Callable[[Any, Any], bool]]  # note id -> applies(before, after)
    VIEW_NOTES: Collection[str]  # notes about what is shown, which decide no outcome
    STUDIO_CHECKS: Mapping[str, Callable[[Any], Any]]  # the studio's checks: name -> read(state)
    FACTS: Mapping[str, Callable[[Any], Any]]  # a guided game's {facts}: name -> value(moment)
    MOMENTS: Mapping[str, Callable[[Any], bool]]  # a guided game's tips: moment -> happened(moment)
    SHOWN_MOMENTS: Collection[str]  # moments judged on the position shown only

    def lesson_state(self, players: int, position: dict, options: dict, seed: int, seat_names: Any) -> core.State: ...

    def unasked(self, state: Any, move: Any, accepted: list) -> str | None:
        """Why an allowed move is not what a try accepts, in the step's terms (None: the general sentence)."""

    def answer_names(self, state: Any, move: Any, lang: str) -> list[str]:
        """What a prompt in ``lang`` would name to tell the move (the card, the player): tutor check's told tries."""


@runtime_checkable
class Words(Protocol):
    """What moves and results are called."""

    KEY_PARTS: Sequence[str]  # the end screen's parts of a score
    WIN_RULE: str
    TIE_RULE: str
    SHARED_RULE: str  # the rule cited when winners share
    SEAT_NAMES: Sequence[Any]  # the players' names the game's lessons use
    KEY_NAMES: Sequence[str]  # the short names the game's catalog keys use
    # the texts file's fillings of the game's own (tutor/texts.py): by placeholder name, and by key (a glob)
    FILLINGS: Mapping[str, Any]
    KEY_FILLINGS: Mapping[str, Mapping[str, Any]]

    def sentences(self, state: Any, index: int) -> list[str]: ...

    def move_words(self, state: Any, move: Any) -> str: ...

    def score_sheet(self, state: Any, seat: Any = None) -> tuple[list[str], list[list[tuple[str, str]]]]: ...

    def sample_cards(self) -> list: ...


@runtime_checkable
class Bots(Protocol):
    """The game's computer players (tutor/bots.py: ``Bot``, ``Search``)."""

    Coach: type[Bot[Any]]
    Beginner: type[Bot[Any]]
    SEARCH: Search  # where a playout stops, how many deals to weigh

    def forced(self, view: dict[str, Any], move: Any) -> Why | None:
        """Why the rules leave only ``move`` (the rule that does, told from the view); None: no rule to name."""


@runtime_checkable
class Stats(Protocol):
    Figures: type  # Figures(players) with add(state) and result(), for ``python -m tutor simulate``


@runtime_checkable
class Quizzes(Protocol):
    MAKERS: Sequence[Callable[..., Any]]  # one per kind: maker(rng) -> tutor.quizzes.Question


@runtime_checkable
class Drills(Protocol):
    DRILLS: Sequence[Any]  # tutor.drills.Drill, easiest first


@runtime_checkable
class Drawing(Protocol):
    def state_html(self, state: Any) -> str: ...


@runtime_checkable
class HandDrawing(Drawing, Protocol):
    """A drawing that draws a player's hand apart from the table (widgets/hand.py)."""

    def hand_cards(self, state: Any, seat: int) -> list: ...

    def hand(
        self,
        state: Any,
        seat: int,
        playable: Sequence[Any] = (),
        selected: Any = None,
        highlight: Sequence[Any] = (),
        clickable: bool = False,
        narrow: bool = False,
    ) -> str: ...


@runtime_checkable
class Glossary(Protocol):
    EDITIONS: Collection[str]  # the languages with a rule sheet
    TERMS: Mapping[str, Collection[str]]  # term -> the languages whose sheet has a word for it


P = TypeVar("P")


class Part(Generic[P]):
    """``Game.words = Part[Words]()``: the game's module of that name, typed as its protocol
    (a LookupError for a game without it, as ``Game.needed``)."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, entry: Any, owner: type | None = None) -> P:
        return cast(P, entry.needed(self.name))


def names(protocol: type) -> list[str]:
    """The names a part must have: the protocol's annotated values and its functions."""
    functions = [name for name, value in vars(protocol).items() if callable(value) and not name.startswith("_")]
    return [*protocol.__annotations__, *functions]


PROTOCOLS: dict[str, type] = {
    "rules": Rules,
    "lessons": Lessons,
    "words": Words,
    "bot": Bots,
    "stats": Stats,
    "quizzes": Quizzes,
    "drills": Drills,
    "drawing": Drawing,
    "glossary": Glossary,
}
