"""The lesson checker: bundled lessons hold, broken ones are reported by file and step."""

import textwrap

import pytest

from tutor.cli import main
from tutor.games import games
from tutor.games import monster_trick as mt
from tutor.lessons import bundled_lessons, check_lesson, load_lesson

GOOD = textwrap.dedent("""
    game: monster-trick
    title: Test
    players: 4
    seats: [Orange, Red, Gray, Blue]
    position:
      to_move: Blue
      starter: Blue
      tricks:
        1: ["Orange: green 8", "Red: green 2"]
        3: ["Orange: yellow 1", "Gray: yellow 4"]
      won: {Orange: 3, Red: 3, Gray: 2, Blue: 2}
      hands:
        Blue: [purple 3]
    steps:
      - say: Gray holds slot 3.
        check:
          claim: {slot: 3, player: Gray}
""")


def write(tmp_path, text, name="lesson.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("game", [game for game in games() if bundled_lessons(game)])
def test_every_bundled_lesson_holds(game):
    for path in bundled_lessons(game):
        assert check_lesson(path) == [], path


def test_monster_trick_ships_a_lesson_per_rule():
    lessons = [load_lesson(path) for path in bundled_lessons("monster-trick")]
    taught = {rule for lesson in lessons for rule in lesson.rules}
    assert {rule.id for rule in mt.RULES} <= taught


def test_a_wrong_claim_fails_the_check(tmp_path):
    path = write(tmp_path, GOOD.replace("player: Gray", "player: Orange"))
    assert check_lesson(path) == [
        f"{path}: step 1: check 'claim': the lesson expects Orange, but the engine says Gray."
    ]
    assert main(["check", path]) == 1


def test_good_lesson_passes_the_command(tmp_path, capsys):
    assert main(["check", write(tmp_path, GOOD)]) == 0
    assert "all hold" in capsys.readouterr().err


@pytest.mark.parametrize(
    "change, expected",
    [
        (("player: Gray}", "player: Gray"), "not valid YAML"),
        (("purple 3", "green 16"), "'green 16' is not in the deck: with 4 players the cards go from 1 to 12"),
        (("purple 3", "pink 3"), "'pink 3' is not a card: the colours are"),
        (("purple 3", "green 8"), "the green 8 is in two places"),
        (('3: ["Orange', '5: ["Orange'), "there is no slot 5"),
        (("players: 4", "players: 4\nx: 1"), "there is no field called 'x' here"),
        (("claim:", "claims:"), "step 1: there is no check called 'claims'"),
        (
            ("    check:", '    move: "Blue: purple 3 -> 1"\n    check:'),
            "step 1: the move 'Blue: purple 3 -> 1' is refused",
        ),
        (("    check:", '    move: "Red: purple 3 -> 4"\n    check:'), "written for Red, but it is Blue's turn"),
    ],
)
def test_broken_lessons_name_file_step_and_problem(tmp_path, change, expected):
    path = write(tmp_path, GOOD.replace(*change))
    failures = check_lesson(path)
    assert len(failures) == 1 and failures[0].startswith(path) and expected in failures[0], failures


def test_thirteen_in_three_player_game(tmp_path):
    text = GOOD.replace("players: 4\nseats: [Orange, Red, Gray, Blue]", "players: 3\nseats: [Orange, Red, Blue]")
    text = text.replace("Gray: 2, ", "").replace("Gray", "Blue").replace("purple 3", "green 13")
    (failure,) = check_lesson(write(tmp_path, text))
    assert "with 3 players the cards go from 1 to 9" in failure


def test_duplicate_keys_are_refused_not_silently_dropped(tmp_path):
    text = GOOD.replace(
        "      claim: {slot: 3, player: Gray}",
        "      claim: {slot: 3, player: Gray}\n      claim: {slot: 1, player: Red}",
    )
    (failure,) = check_lesson(write(tmp_path, text))
    assert "'claim' is written twice" in failure and "line" in failure


def test_try_step_judges_with_the_engine_reason(tmp_path):
    text = GOOD + '  - try: {prompt: Play it, accept: ["purple 3 -> 2"]}\n'
    lesson = load_lesson(write(tmp_path, text))
    state = lesson.states()[1]
    step = lesson.steps[1]
    ok, message = lesson.judge(step, state, mt.parse_move("purple 3 -> 1"))
    assert not ok and "can still open the free slot" in message
    assert lesson.judge(step, state, step.try_.accept[0]) == (True, "Well done.")


def test_missing_file_is_a_message_not_a_traceback(tmp_path):
    (failure,) = check_lesson(str(tmp_path / "nope.yaml"))
    assert "nope.yaml: the file cannot be read" in failure


@pytest.mark.parametrize(
    "change, words",
    [
        (("  tricks:\n", "  tricks: 5\n  x:\n"), "no field called 'x'"),
        (
            ("  hands:\n    Blue: [purple 3]", "  hands: [purple 3]"),
            "'hands' in 'position' should be a set of named fields",
        ),
        (("    check:\n      claim: {slot: 3, player: Gray}", "    check:\n      claim: 3"), "not written the way"),
    ],
)
def test_fields_of_the_wrong_shape_are_reported_not_raised(tmp_path, change, words):
    path = write(tmp_path, GOOD.replace(*change))
    (failure,) = check_lesson(path)
    assert failure.startswith(path) and words in failure


def unasked_answer(game: str, lesson_name: str, pick, asks=lambda move: True):
    """The judge's words for an allowed move other than the one a try-it step accepts
    (the lesson's first try-it step that accepts a move ``asks`` likes)."""
    lesson = load_lesson(next(path for path in bundled_lessons(game) if lesson_name in path.name))
    index = next(
        number
        for number, step in enumerate(lesson.steps)
        if step.try_ and step.try_.accept and asks(step.try_.accept[0])
    )
    step, state = lesson.steps[index], lesson.states()[index]
    move = pick(state, step.try_.accept)
    assert state.why_not(move) is None and move not in step.try_.accept
    right, text = lesson.judge(step, state, move)
    assert not right
    return text, state, step


def test_an_allowed_place_worth_other_points_says_what_it_scores_and_what_is_asked():
    def elsewhere(state, accepted):
        return next(
            move
            for move in state.legal_moves()
            if move.card == accepted[0].card and state.points_for(move) != state.points_for(accepted[0])
        )

    text, state, step = unasked_answer("thricewise", "flush", elsewhere, asks=lambda move: hasattr(move, "cell"))
    wanted = state.points_for(step.try_.accept[0])
    assert f"worth {wanted}" in text and "Allowed, but there the Mill scores" in text


def test_an_allowed_give_to_someone_else_names_who_the_step_asks_for():
    def other_seat(state, accepted):
        return next(move for move in state.legal_moves() if move not in accepted)

    text, state, step = unasked_answer("danger-13", "danger-13", other_seat)
    assert state.name(step.try_.accept[0].seat) in text and "Allowed" in text


def test_an_allowed_card_on_another_slot_names_the_slot_asked_for():
    def other_card(state, accepted):
        return next(move for move in state.legal_moves() if move not in accepted)

    text, _, step = unasked_answer("monster-trick", "off-colour-finishes", other_card)
    assert str(step.try_.accept[0].card) in text
