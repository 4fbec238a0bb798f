"""Tries that ask: a try whose prompt names the only move it accepts ("Give the plain 3 to
Blue") lets a learner click what it says; `tutor check` warns of it, and in every game at
most a fifth of the lessons' tries do it."""

import json

import pytest

from tutor.cli import main
from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson, told_tries
from tutor.messages import set_language

MOST_TOLD = 0.20
GAMES = [game for game in games() if bundled_lessons(game)]
LESSON = """\
game: danger-13
title: Plain cards
seats:
  - {en: Red, fr: Rouge, nl: Rood}
  - {en: Blue, fr: Bleu, nl: Blauw}
  - {en: Green, fr: Vert, nl: Groen}
  - {en: Yellow, fr: Jaune, nl: Geel}
position:
  dealer: Red
  rows:
    Blue: [plain 4, plain 2]
  packet: [plain 3, plain 1, plain 4, plain 2]
steps:
  - say: Red turns up a plain 3.
    try:
      prompt: %s
      accept: ["plain 3 -> 2"]
"""


def lesson_file(tmp_path, prompt) -> str:
    path = tmp_path / "lesson.yaml"
    path.write_text(LESSON % json.dumps(prompt), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "prompt, told",
    [
        ("Give the plain 3 to Blue.", True),
        ({"en": "Give it there.", "fr": "Donne-la à Bleu.", "nl": "Geef hem daar."}, True),  # any language tells
        ("Blue is at 6: give it to Blue.", True),
        ("Who gets closest to 13 without reaching it? Give it there.", False),
        ("Which row does it take nearest 13: Blue's or Green's?", False),  # a question may name the choices
        ("Give it to the player whose row it takes nearest 13.", False),
    ],
)
def test_a_prompt_tells_when_a_sentence_orders_the_only_accepted_move(tmp_path, prompt, told):
    expected = [(1, load_lesson(lesson_file(tmp_path, prompt)).steps[0].try_.accept[0])] if told else []
    assert told_tries(lesson_file(tmp_path, prompt)) == expected


def test_tutor_check_warns_with_file_and_step_and_still_passes(tmp_path, capsys):
    path = lesson_file(tmp_path, "Give the plain 3 to Blue.")
    for lang, words in [("en", "step 1: warning"), ("fr", "étape 1 : attention"), ("nl", "stap 1: let op")]:
        assert main(["check", "--lang", lang, path]) == 0
        out = capsys.readouterr().out
        assert path in out and words in out.replace("\u00a0", " "), out
    set_language("en")
    assert main(["check", lesson_file(tmp_path, "Who gets closest to 13 without reaching it?")]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("game", GAMES)
def test_at_most_a_fifth_of_a_games_tries_name_their_answer(game):
    tries, told = 0, []
    for path in bundled_lessons(game):
        tries += sum(step.try_ is not None and step.try_.kind == "try" for step in load_lesson(path).steps)
        told += [f"{path.name}: step {number}: {move}" for number, move in told_tries(path)]
    print(f"\n{game}: {len(told)} of {tries} tries name their answer", *told, sep="\n  ")
    assert len(told) <= MOST_TOLD * tries, told
