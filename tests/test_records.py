"""Game records: save, replay, and clear refusals of bad files."""
import random

import pytest

from tutor import records
from tutor.games import monster_trick as mt

from random_play import finished


def test_record_is_readable_and_replays(tmp_path):
    state = finished(mt, seat_names=["Ann", "Ben", "Cleo"])
    path = tmp_path / "game.yaml"
    records.save(state, path)
    text = path.read_text()
    assert "game: monster-trick" in text and "vp " in text and " -> " in text
    assert records.load(path).totals() == state.totals()


def test_unfinished_game_replays_too():
    state = mt.new_game(4, seed=1)
    rng = random.Random(0)
    for _ in range(30):
        state.push(state.random_move(rng))
    assert records.load("r.yaml", text=records.dumps(state)).snapshot() == state.snapshot()


def bad(text, **kwargs):
    with pytest.raises(records.RecordError) as error:
        records.load("bad.yaml", text=text, **kwargs)
    return str(error.value)


def test_record_of_another_game_is_refused():
    text = records.dumps(finished(mt, seat_names=["Ann", "Ben", "Cleo"]))
    assert "bad.yaml: this record is for Monster Trick, not Danger 13" in bad(text, expected_game="danger-13")


def test_illegal_move_is_named_with_its_number():
    lines = records.dumps(finished(mt, seat_names=["Ann", "Ben", "Cleo"])).splitlines()
    first_play = next(i for i, line in enumerate(lines) if "->" in line)
    lines[first_play] = "- purple 99 -> 1"
    message = bad("\n".join(lines))
    assert message.startswith("bad.yaml: move 4 ('purple 99 -> 1')") and "1 to 9" in message


def test_refused_move_carries_the_rule_reason():
    state = mt.new_game(4, seed=0)
    state.push(state.chance_move())
    text = records.dumps(state) + "- vp 1 2 6\n"
    text = text.replace("moves: []\n", "moves:\n")
    assert "move 1 ('vp 1 2 6') is not allowed: In round 1 the VP cards are 1, 2, 3" in bad(text)


def test_malformed_and_tampered_files():
    assert "not valid YAML" in bad("game: [unclosed")
    assert "field 'moves' is missing" in bad("game: monster-trick\nplayers: 4\nseed: 1\n")
    assert "no game called 'chess'" in bad("game: chess\nplayers: 2\nseed: 1\nmoves: []\n")
    text = records.dumps(finished(mt, seat_names=["Ann", "Ben", "Cleo"])).replace("returns:\n  - 9.0", "returns:\n  - 17.0", 1)
    assert ("replaying the moves gives points 9, 13, 12, won by Ben, but the record says points 17, 13, 12, "
            "won by Ben") in bad(text)


@pytest.mark.parametrize("text, words", [
    ("", "the file is empty"), ("just a line", "should hold named fields"), ("- a\n- b\n", "a list"),
    ("game: [unclosed", "not valid YAML"), ("game: a\n  - b: [", "line 2")])
def test_a_file_of_the_wrong_shape_is_told_in_words_not_in_python_or_parser_terms(text, words):
    message = bad(text)
    assert words in message
    for jargon in ("NoneType", "str", "list'", "expected", "<block", "found", "mapping"):
        assert jargon not in message, message


@pytest.mark.parametrize("field, value, expected", [
    ("players", "four", "'players' should be a whole number"),
    ("seed", 1.5, "'seed' should be a whole number"),
    ("options", "fast", "'options' should be a set of named options"),
    ("seats", [1, 2, 3], "'seats' should be a list of names, each on one line"),
    ("seats", ["Ann", "Ben"], "'seats' should be a list of 3 names, one per player"),
    ("first_player", 7, "'first_player' should be a whole number from 0 to 2"),
    ("players", 9, "Monster Trick is played by 2 to 5 players, not 9"),
])
def test_fields_of_the_wrong_kind_are_named(field, value, expected):
    import yaml
    data = yaml.safe_load(records.dumps(finished(mt, seat_names=["Ann", "Ben", "Cleo"])))
    data[field] = value
    assert expected in bad(yaml.safe_dump(data))
