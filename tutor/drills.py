"""Drills: a few short positions in a row on one rule learners often get wrong, easiest
first. Each position comes from a seeded bot game played by the game's own engine; the
learner makes the move on the board or picks an answer, and the engine judges it and
names the rule. Done without a mistake: three stars; with one: two; with more: one.
A hint on request names the rule to apply without the answer; it is no mistake, but a
drill done with a hint earns two stars at most (the page says so at the end).

A game declares its drills in its package (``drills.py``: ``DRILLS``, a tuple of
``Drill``); ``drills(game)`` finds them through the registry. ``tasks(game, drill, seed)``
gives the same positions for the same seed, and ``Run`` keeps a learner's way through them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.bots import decisions
from tutor.core import cited_title
from tutor.games import Game
from tutor.messages import listed, msg
from tutor.quizzes import CHOICES, below, numbers

MOST_STARS = 3
GAMES_TO_FILL = 200  # bot games played at most to find a drill's positions


def stars(mistakes: int, hinted: bool = False) -> int:
    """Three stars without a mistake, two with one, one with more; two at most with a hint."""
    earned = MOST_STARS if mistakes == 0 else MOST_STARS - 1 if mistakes == 1 else 1
    return min(earned, MOST_STARS - 1) if hinted else earned


def place_for(key: str) -> int:
    """Where a number answer stands among its choices, drawn from ``key`` (words that do
    not depend on the language, so a relabelled run keeps its choices): each place as
    often, so that neither the largest nor the smallest number is usually right. A drill
    offers a position only where its answer has that many numbers below it."""
    return random.Random(f"place:{key}").randrange(CHOICES)


def fits(
    answer: int,
    key: str,
    keep: Sequence[float] = (1, 1, 1, 1),
    possible: Callable[[int], bool] = lambda _: True,
) -> bool:
    """Whether a drill offers ``answer`` at the place ``place_for(key)`` gives: a 0 only
    first, any other answer where the game can give that many smaller numbers. Small
    answers fit more places than big ones, so a place is kept only with its share in
    ``keep`` (measured on bot games by each drill): then every place comes as often."""
    place = place_for(key)
    if (answer == 0 and place) or below(answer, possible) < place:
        return False
    return random.Random(f"keep:{key}").random() < keep[place]


def number_choices(
    answer: int, slips: Iterable[int], place: int, possible: Callable[[int], bool] = lambda _: True
) -> tuple[tuple[str, ...], int]:
    """(choices, the right one's index): numbers from smallest to largest, ``answer`` at
    ``place``, the likeliest slips beside it (tutor.quizzes.numbers)."""
    values = [value for _, value in numbers(answer, slips, possible, place)]
    return tuple(map(str, values)), values.index(answer)


@dataclass(frozen=True)
class Task:
    """One position of a drill, asked of ``seat``. A move task (``judge`` set) is answered
    on the board: ``judge(move)`` gives (True, why), (False, the engine's refusal) or
    (None, guidance) for a move the task does not ask about, which is no mistake. A choice
    task is answered by picking one of ``choices``; ``correct`` is the right one's index.
    ``marks`` names what to light on the board; ``rules`` the rules that explain it;
    ``move`` is a move the engine allows that answers a move task (tests play it);
    ``about`` the move a choice task asks about, where it asks about one; ``conceals``
    what the board hides while the task is on show, as a quiz question's (it would give
    the answer away). ``hint`` names the rule to apply to this position, never the answer."""

    position: Any
    seat: int
    prompt: str
    level: int
    rules: tuple[str, ...]
    marks: tuple[str, ...] = ()
    judge: Callable[[Any], tuple[bool | None, str]] | None = None
    move: Any = None
    about: Any = None
    choices: tuple[str, ...] = ()
    correct: int = -1
    explanation: str = ""
    conceals: tuple[str, ...] = ()
    hint: str = ""

    @property
    def on_board(self) -> bool:
        return self.judge is not None

    @property
    def solution(self) -> Any:
        """A right answer: the move (move task) or the choice's index."""
        return self.move if self.on_board else self.correct

    def answer(self, answer: Any) -> tuple[bool | None, str]:
        """A move (move task) or a choice's index (choice task): (right, what to say)."""
        if self.judge is not None:  # a move task
            right, text = self.judge(answer)
        else:
            right = answer == self.correct
            text = (
                self.explanation
                if right
                else msg("drill.wrong-choice", answer=self.choices[self.correct], why=self.explanation)
            )
        if right is None:
            return None, text
        rules = listed([cited_title(rule) for rule in self.rules])
        return right, f"{text} {msg('drill.rules' if len(self.rules) > 1 else 'drill.rule', rules=rules)}"


@dataclass(frozen=True)
class Drill:
    """One drill of a game. ``candidates(state, seat)`` lists (subject, level) at a
    position of a bot game: what a task could ask about there, and how hard it is;
    ``task(state, seat, subject, level)`` makes the Task. ``levels`` are the levels of
    the drill's positions in order (rising). Its title and goal are the catalog's
    ``drill.<id>.title`` and ``drill.<id>.goal``."""

    id: str
    candidates: Callable[[Any, int], list[tuple[Any, int]]]
    task: Callable[[Any, int, Any, int], Task]
    levels: tuple[int, ...]

    @property
    def title(self) -> str:
        return msg(f"drill.{self.id}.title")

    @property
    def goal(self) -> str:
        return msg(f"drill.{self.id}.goal")


def drills(game: Game) -> tuple[Drill, ...]:
    """The game's drills, in the order it gives them (none for a game without any)."""
    return tuple(game.drills.DRILLS) if game.has("drills") else ()


def drill(game: Game, drill_id: str) -> Drill:
    return next(found for found in drills(game) if found.id == drill_id)


def tasks(game: Game, drill_id: str, seed: int = 0) -> list[Task]:
    """The drill's positions for ``seed``, one per level of ``Drill.levels``: the same for
    the same seed. Bot games are played until each level has a position (one drawn at
    random among those the game offers, so they vary); a level no game offered takes the
    nearest easier one's, so the levels never fall."""
    chosen = drill(game, drill_id)
    rng = random.Random(f"drill:{game.id}:{drill_id}:{seed}")
    wanted = sorted(set(chosen.levels))
    found: dict[int, list] = {level: [] for level in wanted}
    need = {level: chosen.levels.count(level) for level in wanted}
    for _ in range(GAMES_TO_FILL):
        for state, seat in decisions(game, rng):
            for subject, level in chosen.candidates(state, seat):
                if level in found and len(found[level]) < need[level] and rng.random() < 0.2:
                    found[level].append(chosen.task(state.clone(), seat, subject, level))
                    break  # one task per position
        if all(len(found[level]) >= need[level] for level in wanted):
            break
    made = []
    for level in chosen.levels:
        easier = [known for known in wanted if known <= level and found[known]]
        if easier:
            made.append(found[easier[-1]].pop(0))
    return made


class Run:
    """A learner's way through one drill: the task on show, the mistakes made, the
    positions where a hint was taken, and the stars once done. A wrong answer keeps the
    task (and counts); a right one moves on."""

    def __init__(self, game: Game, drill_id: str, seed: int = 0):
        self.game, self.drill_id, self.seed = game, drill_id, seed
        self.tasks = tasks(game, drill_id, seed)
        self.number = self.mistakes = 0
        self.hinted: set[int] = set()  # numbers of the tasks where the learner asked for a hint

    @property
    def task(self) -> Task:
        return self.tasks[min(self.number, len(self.tasks) - 1)]

    @property
    def finished(self) -> bool:
        return self.number >= len(self.tasks)

    @property
    def stars(self) -> int:
        return stars(self.mistakes, bool(self.hinted))

    def hint(self) -> str:
        """The task's hint, noted (the stars then stop at two)."""
        if self.finished:
            return ""
        self.hinted.add(self.number)
        return self.task.hint

    def answer(self, answer: Any) -> tuple[bool | None, str]:
        right, text = self.task.answer(answer)
        if right:
            self.number += 1
        elif right is False:
            self.mistakes += 1
        return right, text

    def relabelled(self) -> Run:
        """The same run with its texts in the language now set (the same seed gives the
        same positions), at the same task with the same mistakes."""
        again = Run(self.game, self.drill_id, self.seed)
        again.number, again.mistakes, again.hinted = self.number, self.mistakes, set(self.hinted)
        return again
