"""What a class got wrong: per asked step and for the whole class, the rules behind the answers
that were not right, and the learners who gave them.

The classroom model knows no games, so the caller says which rules are behind an answer
(``rules_behind(step, move)``: the rule a refused move breaks, or the rules a step asks about for
a move the rules allow but the step does not ask for; none for a right answer).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the classes' module builds summaries with this one
    from tutor.classroom.classes import Result

RulesBehind = Callable[[int, str], tuple[str, ...]]


@dataclass(frozen=True)
class StepSummary:
    step: int
    answered: int
    right: int
    rules: tuple[tuple[str, int], ...]  # (rule, wrong answers it is behind), most first


@dataclass(frozen=True)
class ClassSummary:
    learners: int
    steps: tuple[StepSummary, ...]
    rules: tuple[tuple[str, int], ...]  # the whole class's (rule, wrong answers), most first
    to_help: dict[str, tuple[str, ...]]  # rule -> the learners whose wrong answers it is behind, in joining order


def summarize(results: list[Result], steps: Iterable[int], learners: int, rules_behind: RulesBehind) -> ClassSummary:
    """The summary of ``results`` (a teacher's, by learner then step) over the asked ``steps`` shown so far."""
    per_step: dict[int, Counter[str]] = {step: Counter() for step in steps}
    answered: Counter[int] = Counter()
    right: Counter[int] = Counter()
    whole: Counter[str] = Counter()
    to_help: defaultdict[str, list[str]] = defaultdict(list)
    for result in results:
        answer = result.answer
        if answer is None or result.step not in per_step:
            continue
        answered[result.step] += 1
        right[result.step] += answer.right
        behind = () if answer.right else rules_behind(result.step, answer.move)
        for rule in dict.fromkeys(behind):
            per_step[result.step][rule] += 1
            whole[rule] += 1
            if result.name not in to_help[rule]:
                to_help[rule].append(result.name)
    return ClassSummary(
        learners,
        tuple(
            StepSummary(step, answered[step], right[step], _most_first(counted)) for step, counted in per_step.items()
        ),
        _most_first(whole),
        {rule: tuple(names) for rule, names in to_help.items()},
    )


def _most_first(counted: Counter[str]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counted.items(), key=lambda item: (-item[1], item[0])))
