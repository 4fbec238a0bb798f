"""Quiz questions drawn from real positions: seeded bots play a game, a question stops
at one of its positions, and the engine gives the answer and the reasons.

``quiz(game, seed, count)`` gives the same questions for the same seed. A question
keeps its position (a clone, before the move it asks about), so a learner can be
shown it; ``answer(choice)`` says whether a choice is right and why.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tutor.bots import decisions
from tutor.core import State, cited_title
from tutor.games import Game
from tutor.messages import msg


@dataclass(frozen=True)
class Question:
    """One quiz question. ``values`` are the engine's answers behind ``choices`` (same
    order); ``correct`` is the index of the right one. ``subject`` is what is asked
    about: a card, a seat or a move. ``rules`` are the ids of the rules that explain it.
    ``marks`` names what to light on the board when the subject alone does not say it
    (the player a question is about); empty: what the subject names. ``conceals`` names
    what the board must hide while the question is asked, as it would give the answer away."""

    game: str
    kind: str
    prompt: str
    choices: tuple[str, ...]
    values: tuple
    correct: int
    explanation: str
    rules: tuple[str, ...]
    position: Any
    subject: Any
    marks: tuple[str, ...] = ()
    conceals: tuple[str, ...] = ()

    def answer(self, choice: int | str) -> tuple[bool, str]:
        """``choice`` is an index into ``choices`` or one of their texts."""
        index = choice if isinstance(choice, int) else self.choices.index(choice)
        right = index == self.correct
        verdict = msg("quiz.right") if right else msg("quiz.wrong", answer=self.choices[self.correct])
        return right, f"{verdict} {self.explanation}"


NEW_QUESTION_TRIES = 20  # a near-duplicate is drawn again at most this often


def quiz(game: Game, seed: int = 0, count: int = 10) -> list[Question]:
    """``count`` questions on ``game``, taking its question kinds in turn (every kind in
    every round of at least as many questions), never the same question twice."""
    makers = game.quizzes.MAKERS
    rng = random.Random(f"quiz:{game.id}:{seed}")
    questions: list[Question] = []
    asked: set = set()
    while len(questions) < count:
        maker = makers[len(questions) % len(makers)]
        for _ in range(NEW_QUESTION_TRIES):
            question = maker(rng)
            if likeness(question) not in asked and question.prompt not in asked:
                break
        asked.update((likeness(question), question.prompt))
        questions.append(question)
    return questions


def likeness(question: Question) -> tuple:
    """What two questions share when they are near-duplicates: the same kind about the
    same card (or player) with the same answer, whatever the rest of the position."""
    subject = question.subject
    about = getattr(subject, "card", subject)
    return question.kind, str(about), question.choices[question.correct]


# The position is the game's State, typed Any: the games' candidates are lambdas, from which
# mypy cannot infer a TypeVar.
def pick(game: Game, rng: random.Random, candidates: Callable[[Any, int], Any]) -> tuple[Any, int, Any]:
    """(position, seat, subject): one position of a seeded bot game, drawn evenly from
    those where ``candidates(state, seat)`` offers subjects to ask about, and one of its
    subjects. Plays further games until one offers any."""
    while True:
        chosen, offered = None, 0
        for state, seat in decisions(game, rng):
            subjects = candidates(state, seat)
            if subjects:
                offered += 1
                if rng.random() * offered < 1:  # reservoir sampling: no need to keep every position
                    chosen = state.clone(), seat, rng.choice(subjects)
        if chosen:
            return chosen


CHOICES = 4  # choices a number question offers


def numbers(answer: int, slips: Iterable[int], possible: Callable[[int], bool], place: int) -> list[tuple[str, int]]:
    """Number choices from smallest to largest with ``answer`` in ``place`` (0: first), so
    that its place says nothing: the likeliest ``slips`` first, then the nearest numbers
    the game can give (``possible``). Ask with an answer that has ``place`` such numbers
    below it (``below(answer, possible) >= place``)."""

    def side(step: int, wanted: int) -> list[int]:
        near = range(answer + step, -1 if step < 0 else answer + 100, step)
        ordered = [*(slip for slip in slips if (slip - answer) * step > 0), *near]
        return [value for value in dict.fromkeys(ordered) if value >= 0 and possible(value)][:wanted]

    values = sorted([*side(-1, place), answer, *side(1, CHOICES - 1 - place)])
    return [(str(value), value) for value in values]


def below(answer: int, possible: Callable[[int], bool]) -> int:
    """How many numbers the game can give lie below ``answer``."""
    return sum(map(possible, range(answer)))


def make_question(
    game: str,
    kind: str,
    state: State[Any],
    subject: Any,
    prompt: dict,
    choices: list[tuple[str, Any]],
    answer: Any,
    explanation: list[str],
    rules: list[str],
    marks: tuple[str, ...] = (),
    conceals: tuple[str, ...] = (),
    prompt_key: str = "prompt",
) -> Question:
    """A question from its (text, value) choices, its explanation closed by the rules it
    cites; ``state`` is a clone the question keeps. ``prompt_key``: the prompt's entry under
    ``quiz.<kind>`` (a variant, as a dealer keeping the card)."""
    values = tuple(value for _, value in choices)
    cited = tuple(dict.fromkeys(rules))  # each once, in order
    see = msg("quiz.see", rules=[cited_title(rule) for rule in cited])
    return Question(
        game,
        kind,
        msg(f"quiz.{kind}.{prompt_key}", **prompt),
        tuple(text for text, _ in choices),
        values,
        values.index(answer),
        " ".join([*explanation, see]),
        cited,
        state,
        subject,
        marks,
        conceals,
    )
