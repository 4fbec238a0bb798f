"""No question kind can be answered without its rule: naive guessers (tests/quiz_guessers.py,
each looking only at what the practise page shows) play 200 seeded questions of every
kind and may not beat a blind pick among the choices by more than 15 points."""

import functools
import random

import pytest
from quiz_guessers import scores

from tutor.games import game as registered
from tutor.games import games

QUESTIONS = 200
MARGIN = 0.15  # a guesser may beat chance by this much, no more


def kinds() -> list[tuple[str, object]]:
    return [
        (maker.__name__.replace("_", "-"), maker)
        for game in sorted(games())
        for maker in registered(game).part("quizzes").MAKERS
    ]


@functools.cache
def results(kind: str) -> dict[str, float]:
    maker = dict(kinds())[kind]
    rng = random.Random(f"guessers:{kind}")
    return scores([maker(rng) for _ in range(QUESTIONS)])


@pytest.mark.parametrize("kind", [kind for kind, _ in kinds()])
def test_no_naive_guesser_beats_chance_by_more_than_the_margin(kind):
    found = dict(results(kind))
    chance = found.pop("chance")
    beaten = {guesser: round(score, 2) for guesser, score in found.items() if score > chance + MARGIN}
    assert not beaten, f"{kind}: answered without the rule (chance {chance:.2f}): {beaten}"


def test_print_every_guesser_beside_chance(capsys):
    """The table, for a person to read (``pytest -s``): per kind, chance and each guesser."""
    lines = [f"{'kind':<12} {'chance':>6}  guessers (share right)"]
    for kind, _ in kinds():
        found = dict(results(kind))
        chance = found.pop("chance")
        lines.append(f"{kind:<12} {chance:>6.2f}  " + ", ".join(f"{name} {score:.2f}" for name, score in found.items()))
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert len(lines) == len(kinds()) + 1
