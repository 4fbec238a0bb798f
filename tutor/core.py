"""What every game engine shares.

Engines follow OpenSpiel's shape (a state with a player to move, legal moves, apply,
undo, terminal, returns; dealing as chance events; simultaneous choices as their own
step) and python-chess's manners (small immutable move values, ``legal_moves``,
``push``/``pop``, ``why_not`` explaining a refusal).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from tutor.messages import msg

# Pseudo-players for ``State.to_move``, as in OpenSpiel.
CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4


class TutorError(Exception):
    """An error a learner or teacher may see: its text is a finished sentence."""


class IllegalMove(TutorError):
    """``push`` refused a move; ``reason`` says which rule and why."""

    def __init__(self, reason: "Reason"):
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

    __slots__ = ("rule", "key", "params")

    def __init__(self, rule: str, key: str, **params: Any):
        self.rule, self.key, self.params = rule, key, params

    def __str__(self) -> str:
        return msg(self.key, **{name: str(value) for name, value in self.params.items()})

    def __repr__(self) -> str:
        return f"Reason({self.rule!r}, {str(self)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Reason) and (self.rule, self.key, self.params) == (other.rule, other.key, other.params)


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
    def text(self) -> str:
        return msg(f"rule.{self.id}.text")


def mismatch(check: str, expected: Any, found: Any) -> str:
    """The sentence a lesson check returns when the engine disagrees with the lesson."""
    return msg("lesson.check-failed", check=check, expected=expected, found=found)


def advance_chance(state):
    """Apply every chance event now due (deals, draws, reveals), as the seed decides them;
    returns the state for chaining."""
    while state.to_move == CHANCE:
        state.push(state.chance_move())
    return state


class State(Protocol):
    """The interface every engine state offers (checked by tests/test_engines.py)."""

    game_id: ClassVar[str]
    players: int
    options: dict[str, Any]

    @property
    def to_move(self) -> int: ...
    def legal_moves(self) -> list: ...
    def why_not(self, move) -> Reason | None: ...
    def push(self, move) -> None: ...
    def pop(self): ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def chance_move(self): ...
    def snapshot(self) -> Any: ...
