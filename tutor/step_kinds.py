"""The kinds of lesson step, in one table: how each is read from its field in a lesson file,
what ``tutor check`` verifies of it, how a learner's move on it is judged and whether a class's
tally counts it. A new kind of step is one entry here (and its words in the catalogs).

A step that asks nothing is a ``show`` step; a ``try`` asks for a move the lesson names (or any
allowed one), and may say of other allowed moves why they are ``weaker`` (a remark on strategy,
never a mistake); a ``free`` step (a guided game) takes any allowed move of the learner's seat and
the game goes on from it; a ``play`` step (a guided game) takes move after move, the coach
answering, until one of the game's moments happens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.core import State, TutorError
from tutor.messages import msg

if TYPE_CHECKING:  # tutor.lessons reads its steps through this module
    from tutor.lessons import Lesson, Step


@dataclass
class Try:
    """What a step asks: a prompt the learner answers with a move; ``accept`` empty means any
    legal move; ``weaker``: allowed moves that play less well, each with the remark that says
    why. ``kind`` names its entry in ``KINDS``; ``free``: the game goes on from the
    learner's move; ``until``: a play-on step's moment."""

    prompt: str
    accept: list = field(default_factory=list)
    weaker: list[tuple[Any, str]] = field(default_factory=list)
    free: bool = False
    until: str | None = None
    kind: str = "try"


@dataclass(frozen=True)
class Verdict:
    """A learner's move judged: ``right`` (what the step asks), ``allowed`` (by the rules),
    the rule a refused move breaks, and the answer in words (``text``, said in the language
    set when it is read, so that a page can say it again after a change of language).
    ``weaker``: allowed and not asked for, because a better move exists: a remark, not a
    mistake (a page marks it as information, not with a cross)."""

    right: bool
    allowed: bool
    words: Callable[[], str]
    rule: str | None = None
    weaker: bool = False

    @property
    def text(self) -> str:
        return self.words()

    @property
    def kind(self) -> str:
        """What a class's tally counts: "right", "allowed" (by the rules, not what the step
        asks) or "refused" (by the rules)."""
        return "right" if self.right else "allowed" if self.allowed else "refused"


class Reading(NamedTuple):
    """What reading a step's field needs: ``text`` (a text in the language set), ``move`` (a
    move in lesson notation at the step's position) and the game's ``moments``."""

    text: Callable[[Any], str]
    move: Callable[[str], Any]
    moments: Mapping[str, Any]


@dataclass(frozen=True)
class StepKind:
    """One kind of step. ``read(spec, reading)``: its field's value in the file as a ``Try``
    (None for a show step);
    ``check(state, step)``: what ``tutor check`` finds wrong with it at its position;
    ``judge(lesson, step, state, move)``: a move that the rules allow, judged (a refused move
    never gets this far); ``tallied``: a class answers it, and its tally counts the answers;
    ``goes_on``: after a right answer the game goes on from the learner's move ("free") or plays
    on until the step's moment ("play"), else the lesson keeps its own moves (None)."""

    field: str | None
    read: Callable[[Any, Reading], Try | None]
    check: Callable[[Any, Any], list[str]]
    judge: Callable[[Any, Any, Any, Any], Verdict]
    tallied: bool
    goes_on: str | None = None


def _prompt(spec: str | dict) -> dict:
    return spec if isinstance(spec, dict) else {"prompt": spec}


def _listed(value: object) -> list:
    return value if isinstance(value, list) else [value]


def _read_try(spec: str | dict, read: Reading) -> Try:
    spec = _prompt(spec)
    weaker = [
        (read.move(text), read.text(remark["say"]))
        for remark in spec.get("weaker", [])
        for text in _listed(remark["move"])
    ]
    return Try(read.text(spec["prompt"]), [read.move(text) for text in _listed(spec.get("accept", []))], weaker)


def _read_free(spec: str | dict, read: Reading) -> Try:
    return Try(read.text(_prompt(spec)["prompt"]), [], free=True, kind="free")


def _read_play(spec: dict, read: Reading) -> Try:
    if spec["until"] not in read.moments:
        raise TutorError(msg("lesson.unknown-until", until=spec["until"], known=", ".join(read.moments)))
    return Try(read.text(spec["prompt"]), [], free=True, until=str(spec["until"]), kind="play")


def _check_accepted(state: State[Any], step: Step) -> list[str]:
    """Every move a try accepts, or calls weaker, is allowed where it is asked; a weaker move
    is not also accepted, and a try with weaker moves names the better ones."""
    asked = step.try_
    assert asked is not None  # a try step has what it asks
    problems = []
    for move in [*asked.accept, *(move for move, _remark in asked.weaker)]:
        reason = state.why_not(move)
        if reason is not None:
            problems.append(msg("lesson.try-not-legal", move=move, reason=reason))
    if asked.weaker and not asked.accept:
        problems.append(msg("lesson.weaker-without-accept"))
    problems += [msg("lesson.weaker-accepted", move=move) for move, _remark in asked.weaker if move in asked.accept]
    return problems


def _nothing(_state: State[Any], _step: Step) -> list[str]:
    return []  # a free or play-on step's turn and moment are checked as the game is played (Lesson.line)


def _judge_shown(_lesson: Lesson, _step: Step, _state: State[Any], _move: Any) -> Verdict:
    return Verdict(True, True, lambda: msg("widgets.stepper.allowed"))


def _judge_try(lesson: Lesson, step: Step, state: State[Any], move: Any) -> Verdict:
    asked = step.try_
    assert asked is not None  # a try step has what it asks
    if not asked.accept or move in asked.accept:
        return Verdict(True, True, lambda: msg("lesson.try-right"))
    remark = next((remark for weaker, remark in asked.weaker if weaker == move), None)
    if remark is not None:
        return Verdict(False, True, lambda: f"{remark} {msg('lesson.try-weaker')}", weaker=True)

    def words() -> str:
        # Allowed, but not what the step asks: the game says what differs, in the step's terms.
        return lesson.entry.lessons.unasked(state, move, asked.accept) or msg("lesson.try-wrong-but-legal")

    return Verdict(False, True, words)


def _judge_free(_lesson: Lesson, _step: Step, _state: State[Any], _move: Any) -> Verdict:
    return Verdict(True, True, lambda: msg("lesson.free-right"))


KINDS: dict[str, StepKind] = {
    "show": StepKind(None, lambda _spec, _read: None, _nothing, _judge_shown, tallied=False),
    "try": StepKind("try", _read_try, _check_accepted, _judge_try, tallied=True),
    "play": StepKind("play", _read_play, _nothing, _judge_free, tallied=True, goes_on="play"),
    "free": StepKind("free", _read_free, _nothing, _judge_free, tallied=True, goes_on="free"),
}
ASKING = [name for name, kind in KINDS.items() if kind.field is not None]  # in the order a step's fields are read


def kind_of(step: Step) -> StepKind:
    """The kind of a lesson step (a tutor.lessons.Step)."""
    return KINDS[step.try_.kind if step.try_ is not None else "show"]


def judge(lesson: Lesson, step: Step, state: State[Any], move: Any) -> Verdict:
    """A learner's move on ``step`` at ``state``: refused with the engine's reason naming the
    rule, else judged by the step's kind."""
    reason = state.why_not(move)
    if reason is not None:
        return Verdict(False, False, lambda: str(reason), reason.rule)
    return kind_of(step).judge(lesson, step, state, move)
