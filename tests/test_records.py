"""Game records: save, replay, and clear refusals of bad files."""

import random
from pathlib import Path

import pytest
import yaml
from random_play import finished
from seat_names import NAMES

from tutor import records
from tutor.games import danger13
from tutor.games import game as registered
from tutor.games import monster_trick as mt
from tutor.messages import LANGUAGES
from tutor.seats import SeatName, seat_name

SHIPPED = Path(__file__).resolve().parent.parent / "tutor" / "lessons"
PER_LANGUAGE = [
    {"en": "Red", "fr": "Rouge", "nl": "Rood"},
    {"en": "Blue", "fr": "Bleu", "nl": "Blauw"},
    {"en": "Green", "fr": "Vert", "nl": "Groen"},
    {"en": "Yellow", "fr": "Jaune", "nl": "Geel"},
]


def test_record_is_readable_and_replays(tmp_path):
    state = finished(mt, seat_names=["Ann", "Ben", "Cleo"])
    path = tmp_path / "game.yaml"
    path.write_text(records.dumps(state), encoding="utf-8")  # what the play page's download holds
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
    assert "bad.yaml: this record is for Monster Trick, not Danger 13" in bad(text, expected_game=danger13.GAME)


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
    assert "move 1 ('vp 1 2 6') is not allowed: In round 1 the VP cards are 1, 2, and 3" in bad(text)


def test_malformed_and_tampered_files():
    assert "not valid YAML" in bad("game: [unclosed")
    assert "field 'moves' is missing" in bad("game: monster-trick\nplayers: 4\nseed: 1\n")
    assert "no game called 'chess'" in bad("game: chess\nplayers: 2\nseed: 1\nmoves: []\n")
    text = records.dumps(finished(mt, seat_names=["Ann", "Ben", "Cleo"])).replace(
        "returns:\n  - 9.0", "returns:\n  - 17.0", 1
    )
    assert (
        "replaying the moves gives points 9, 13, 12, won by Ben, but the record says points 17, 13, 12, won by Ben"
    ) in bad(text)


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "the file is empty"),
        ("just a line", "should hold named fields"),
        ("- a\n- b\n", "a list"),
        ("game: [unclosed", "not valid YAML"),
        ("game: a\n  - b: [", "line 2"),
    ],
)
def test_a_file_of_the_wrong_shape_is_told_in_words_not_in_python_or_parser_terms(text, words):
    message = bad(text)
    assert words in message
    for jargon in ("NoneType", "str", "list'", "expected", "<block", "found", "mapping"):
        assert jargon not in message, message


@pytest.mark.parametrize(
    "field, value, expected",
    [
        ("players", "four", "'players' should be a whole number"),
        ("seed", 1.5, "'seed' should be a whole number"),
        ("options", "fast", "'options' should be a set of named options"),
        ("seats", [1, 2, 3], "'seats' should be a list of names, each on one line"),
        ("seats", ["Ann", "Ben"], "'seats' should be a list of 3 names, one per player"),
        ("first_player", 7, "'first_player' should be a whole number from 0 to 2"),
        ("players", 9, "Monster Trick is played by 2 to 5 players, not 9"),
    ],
)
def test_fields_of_the_wrong_kind_are_named(field, value, expected):
    import yaml

    data = yaml.safe_load(records.dumps(finished(mt, seat_names=["Ann", "Ben", "Cleo"])))
    data[field] = value
    assert expected in bad(yaml.safe_dump(data))


def position(state) -> dict:
    """The state's snapshot but for the names, which follow the page's language."""
    return {field: value for field, value in state.snapshot() if field != "seat_names"}


def shipped_record(name: str) -> str:
    """The record written inside a shipped record check, as a record file of its own."""
    data = yaml.safe_load((SHIPPED / name).read_text())["record"]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_record_names_its_players_in_the_pages_language(speaking, lang):
    speaking(lang)
    state = records.load("tie.yaml", text=shipped_record("danger13/records/tie-broken-by-banked-values.yaml"))
    names = NAMES.get(lang, ["Red", "Blue", "Green", "Yellow"])
    assert state.seat_names == names
    assert state.name(state.winners()[0]) == names[2], "the result written in English holds on every page"


@pytest.mark.parametrize(
    "names",
    [
        [seat_name(seat) for seat in PER_LANGUAGE],  # as a lesson or a record names them
        list(registered("danger-13").seat_names(4)),  # the game's own, as on the play page
        [SeatName("Ann"), "Ben", SeatName("Cleo", ["Kleo"]), "Dev"],  # plain names, of either kind
    ],
)
def test_saving_writes_plain_data_whatever_kind_of_names_the_state_holds(speaking, names):
    state = finished(danger13, players=4, seed=28, seat_names=names)
    data = yaml.safe_load(records.dumps(state))

    def plain(value) -> bool:
        if isinstance(value, dict):
            return all(type(key) is str and plain(item) for key, item in value.items())
        if isinstance(value, list):
            return all(plain(item) for item in value)
        return type(value) in (str, int, float, bool)

    assert plain(records.record_of(state)) and plain(data)
    speaking("nl")  # a seat named per language keeps every language in the file
    again = records.load("game.yaml", text=records.dumps(state))
    assert position(again) == position(state)
    assert again.seat_names == [seat_name(seat) if isinstance(seat, dict) else seat for seat in data["seats"]]


def test_a_record_saved_on_a_french_page_replays_on_an_english_one(speaking):
    """Its moves name the players in French ("Rouge: ..."): any of a seat's names will do."""
    speaking("fr")
    state = mt.new_game(4, seed=5, seat_names=registered("monster-trick").seat_names(4))
    rng = random.Random(5)
    while not state.is_terminal():
        state.push(state.random_move(rng))
    text = records.dumps(state)
    assert "- 'Rouge: " in text
    speaking("en")
    again = records.load("game.yaml", text=text)
    assert position(again) == position(state) and again.seat_names == ["Orange", "Red", "Gray", "Blue"]


@pytest.mark.parametrize(
    "seat, problem",
    [
        ({"en": "Red", "fr": "Rouge"}, "the player 'Red, Rouge' has no name in Dutch"),
        (
            {"en": "Red", "fr": "Rouge", "nl": "Rood", "de": "Rot"},
            "has a name for 'de', which is not one of the tutor's",
        ),
        ({"en": "Red", "fr": "Bleu", "nl": "Rood"}, "the name 'Bleu' is given to two players"),
        (
            {"en": "Red", "fr": ["Rouge"], "nl": "Rood"},
            "'seats' should be a list of names, each on one line or one per",
        ),
        ({"en": "Red: 1", "fr": "Rouge", "nl": "Rood"}, "the name 'Red: 1' has a colon in it"),
    ],
)
def test_a_bad_seat_in_a_record_is_refused_naming_file_and_field(seat, problem):
    data = yaml.safe_load(shipped_record("danger13/records/tie-broken-by-banked-values.yaml"))
    data["seats"][0] = seat
    message = bad(yaml.safe_dump(data))
    assert message.startswith("bad.yaml: ") and problem in message


def test_a_record_keeps_who_played_each_seat_and_older_records_without_it_still_load():
    state = finished(mt, seat_names=["Ann", "Ben", "Cleo"])
    text = records.dumps(state, ["person", "expert", "beginner"])
    assert yaml.safe_load(text)["played_by"] == ["person", "expert", "beginner"]
    assert records.load("game.yaml", text=text).snapshot() == state.snapshot()
    older = yaml.safe_load(text)
    del older["played_by"]
    assert records.load("game.yaml", text=yaml.safe_dump(older)).snapshot() == state.snapshot()
    with pytest.raises(records.RecordError, match="played_by"):
        records.load("game.yaml", text=text.replace("- beginner\n", ""))
