"""The games the tutor knows. Each game is one package in ``tutor/games/`` that registers
itself once (``register(Game(...))`` in its ``__init__``); everything else finds a game
here instead of keeping a table of its own: an id that comes in from outside (an address,
a file's ``game:``, the command line) is turned into its ``Game`` once (``game(id)``), and
the ``Game`` is what travels on; a state knows its own (``state.game``).

A package holds its parts as modules, imported when first asked for:

  rules     the State, moves, notation, RULES, OPTIONS, PLAYER_COUNTS, new_game, parse_move
  lessons   lesson_state(...) and CHECKS: the positions and facts a lesson may state;
            STUDIO_CHECKS: the engine's values of the checks the lesson studio offers
  stats     summarize(states) for ``python -m tutor simulate``
  bot       Coach, the game's computer player
  quizzes   MAKERS, the game's question kinds
  drills    DRILLS, short runs of positions on one rule (tutor/drills.py)
  words     what moves and results are called: sentences(...) for the move log,
            KEY_PARTS, WIN_RULE, TIE_RULE for the end screen, score_sheet(...)
  drawing   SVG pictures of positions
  glossary  EDITIONS and TERMS, the game's words in each language's rule sheet

Beside its modules a game declares where its shipped lesson files are
(``Game(..., lesson_folder=...)``); its board widget lives outside ``tutor/``, in
``widgets/boards/<package>.py``. Only ``rules`` is required; ``has(part)`` says what else a
game has. docs/engines.md says how to add a game.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tutor.core import State, TutorError, default_seat_names, player_count_refusal
from tutor.games import parts
from tutor.messages import msg

if TYPE_CHECKING:
    from tutor.seats import SeatName

_REGISTRY: dict[str, Game] = {}
SHIPPED_LESSONS = Path(__file__).parent.parent / "lessons"  # the tutor's own games keep their lessons here
PARTS = ("rules", "lessons", "stats", "bot", "quizzes", "drills", "words", "drawing", "glossary")


class Game:
    """One registry entry: a game's id, the package that holds its parts, and where its
    lesson files are (``lesson_folder``, None for a game without them)."""

    def __init__(
        self,
        id: str,
        package: str,
        order: int = 100,
        *,
        lesson_folder: Path | None = None,
    ):
        self.id, self.package = id, package
        self.order = order  # place in lists of games (landing page, menus), lowest first
        self.lesson_folder = lesson_folder

    def __repr__(self) -> str:
        return f"Game({self.id!r})"

    def part(self, name: str) -> ModuleType | None:
        """The module ``name`` of the game's package, None when the game has no such part."""
        try:
            return import_module(f"{self.package}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{self.package}.{name}":
                raise  # a missing import inside the part is a bug, not a missing part
            return None

    def needed(self, name: str) -> ModuleType:
        """The module ``name`` of the game's package, for code that runs only for a game
        that has it (its page is linked only then): a LookupError otherwise."""
        module = self.part(name)
        if module is None:
            raise LookupError(f"{self.id} has no {name!r} part")
        return module

    def has(self, part: str) -> bool:
        """Whether the game has ``part``: one of the modules in PARTS or "lesson files"
        (lessons shipped with it)."""
        if part == "lesson files":
            return bool(self.lesson_files())
        if part not in PARTS:
            raise ValueError(f"no such part of a game: {part!r}")
        return self.part(part) is not None

    def lesson_files(self) -> list[Path]:
        """The lesson files shipped with the game, in teaching order (their names sort so)."""
        return sorted(self.lesson_folder.glob("*.yaml")) if self.lesson_folder is not None else []

    # each part typed as its protocol (tutor/games/parts.py), for code that runs only for a game
    # that has it (has(part) says): a LookupError otherwise, as needed(part)
    rules = parts.Part[parts.Rules]()  # every game has its rules
    lessons = parts.Part[parts.Lessons]()
    words = parts.Part[parts.Words]()
    bot = parts.Part[parts.Bots]()
    stats = parts.Part[parts.Stats]()
    quizzes = parts.Part[parts.Quizzes]()
    drills = parts.Part[parts.Drills]()
    drawing = parts.Part[parts.Drawing]()
    glossary = parts.Part[parts.Glossary]()

    @property
    def name(self) -> str:
        return msg(f"game.{self.id}.name")

    @property
    def player_counts(self) -> range:
        return self.rules.PLAYER_COUNTS

    def refuse_players(self, players: object) -> str | None:
        """Why the game cannot be played by ``players``; None when it can."""
        return player_count_refusal(self.id, players, self.player_counts)

    @property
    def options(self) -> dict:
        return self.rules.OPTIONS

    @property
    def rule_list(self) -> tuple:
        return self.rules.RULES

    def seat_names(self, players: int) -> list[str]:
        """The players' names on every page of the game: those its lessons use (``SEAT_NAMES``
        in its words), so a learner meets the same players in lessons, quizzes and games."""
        names = list(self.words.SEAT_NAMES if self.has("words") else ())[:players]
        return names if len(names) == players else default_seat_names(players)

    def new_game(self, players: int, **kwargs: Any) -> State[Any]:
        return self.rules.new_game(players, **kwargs)

    def parse_move(self, text: str, players: int | None = None) -> Any:
        return self.rules.parse_move(text, players)

    @property
    def checks(self) -> Mapping:
        """The facts a lesson may state about a position: {name: check(state, value)}."""
        return self.lessons.CHECKS if self.has("lessons") else {}

    @property
    def studio_checks(self) -> Mapping:
        """The checks the lesson studio offers, each with the engine's value in a position:
        {name: read(state)} (None: not offered there)."""
        return self.lessons.STUDIO_CHECKS if self.has("lessons") else {}

    @property
    def notes(self) -> Mapping:
        """The notes and variants a lesson step may say it relies on, each with its test
        "applies here": {rule id: applies(before, after)}, the positions around the step."""
        return self.lessons.NOTES if self.has("lessons") else {}

    @property
    def view_notes(self) -> frozenset:
        """The notes about what the tutor shows or asks, which decide no outcome: a step may
        leave them unnamed where they apply."""
        return frozenset(self.lessons.VIEW_NOTES) if self.has("lessons") else frozenset()

    def lesson_state(
        self, players: int, position: dict, options: dict, seed: int, seat_names: list[SeatName] | None
    ) -> State[Any]:
        """A position a lesson describes (a TutorError for a game whose lessons cannot set one)."""
        if not self.has("lessons"):
            raise TutorError(msg("lesson.no-positions", game=self.name))
        return self.lessons.lesson_state(players, position, options, seed, seat_names)


def register(game: Game) -> Game:
    """Add ``game`` to the registry (once per id) and tell its states their game
    (``state.game``); returns it, for the package to keep."""
    known = _REGISTRY.get(game.id)
    if known is not None and known.package != game.package:
        raise ValueError(f"game id {game.id!r} registered twice ({known.package}, {game.package})")
    _REGISTRY[game.id] = game
    game.rules.State.game = game
    return game


@cache
def _discover() -> None:
    """Import every game package once, so each registers itself."""
    for found in pkgutil.iter_modules(__path__):
        if found.ispkg:
            import_module(f"{__name__}.{found.name}")


def games() -> dict[str, Game]:
    """Every registered game by id, in the order the packages ask for."""
    _discover()
    return {entry.id: entry for entry in sorted(_REGISTRY.values(), key=lambda entry: (entry.order, entry.id))}


def game(game_id: str) -> Game:
    """The registry entry for ``game_id``; a TutorError naming the known games otherwise."""
    known = games()
    if game_id not in known:
        raise TutorError(msg("error.unknown-game", game=game_id, known=", ".join(known)))
    return known[game_id]


def game_name(game_id: str) -> str:
    return msg(f"game.{game_id}.name")
