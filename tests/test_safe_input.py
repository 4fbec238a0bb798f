"""The safe reader, the schema and `python -m tutor check` on the cases of issue 16, each
refused by name; the French and Dutch sentences; properties over any text and any data."""

import os
import string
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from one_file import one_file
from random_play import finished

from tutor import cli, messages, records, schema
from tutor.games import danger13, monster_trick
from tutor.lessons import LessonError, bundled_lessons, load_lesson
from tutor.messages import TRANSLATED
from tutor.yamlfile import FileProblem, read_yaml

LESSON = next(path for path in bundled_lessons("monster-trick") if "where-may" in path.name)
TEXT = one_file(LESSON)


def refusal(tmp_path, text: str | bytes) -> str:
    path = tmp_path / "lesson.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    message = str(error.value)
    assert message.startswith(str(path)) and message.replace("\u00a0", " ").isprintable()  # French keeps its spaces
    return message[len(str(path)) :]


def with_field(field: str, value: str) -> str:
    """The lesson with a top-level ``field`` (and the lines indented under it) set to the YAML text ``value``."""
    lines, skipping = [], False
    for line in TEXT.splitlines():
        skipping = line.startswith(f"{field}:") or (skipping and line.startswith(" "))
        if not skipping:
            lines.append(line)
    return "\n".join(lines[:1] + [f"{field}: {value}"] + lines[1:]) + "\n"


def with_step_field(field: str, value: str) -> str:
    """The lesson with a new first step holding ``field``."""
    return TEXT.replace("  - say:", f"  - {field}: {value}\n  - say:", 1)


@pytest.mark.parametrize(
    "field, value, expected",
    [
        ("minutes", "three", "'minutes' should be a whole number from 1 to 120"),
        ("minutes", "-5", "'minutes' should be a whole number from 1 to 120"),
        ("minutes", "2.5", "'minutes' should be a whole number from 1 to 120"),
        ("seed", "1.5", "'seed' should be a whole number"),
        ("seed", "2024-05-01", "'seed' should be a whole number"),
        ("seed", "true", "'seed' should be a whole number"),
        ("seed", "9" * 4301, "line 2: this number is too long (more than 18 digits)"),
        ("rules", "[[mt.claim]]", "'rules' should be a list of words"),
        ("title", "[a, b]", "'title' should be text on one line"),
        ("title", "5", "'title' should be text on one line"),
        ("title", "{a: b}", "'title' should be text on one line"),
        ("title", "", "'title' is empty"),
        ("title", '"\\ud800"', "line 2: this is not valid YAML"),  # libyaml refuses a lone surrogate itself
        ("title", '"\\e[31mred"', "line 2: there is an invisible control character here (U+001B)"),
        ("title", '"two\\nlines"', "'title' should be text on one line"),
        ("summary", "[a]", "'summary' should be text on one line"),
        ("players", "4.0", "'players' should be a whole number"),
        ("seats", "[Orange, Red, Orange, Blue]", "the name 'Orange' is given to two players"),
        ("seats", "[Orange, Red, RED, Blue]", "the name 'RED' is given to two players"),
        ("options", "{start_rule: sometimes}", "the option 'start_rule' cannot be 'sometimes'"),
        ("title", "[" * 10_000 + "]" * 10_000, "line 2: the file is nested too deep"),
        ("title", "!!python/object/apply:os.system [ls]", "line 2: the file marks a value with '!'"),
    ],
)
def test_lesson_fields_are_refused_by_name(tmp_path, field, value, expected):
    assert expected in refusal(tmp_path, with_field(field, value))


@pytest.mark.parametrize(
    "field, value, expected",
    [
        ("say", "[a, b]", "step 1: the field 'say' should be text"),
        ("say", "5", "step 1: the field 'say' should be text"),
        ("say", "", "step 1: the field 'say' is empty"),
        ("try", "[a]", "step 1: the field 'try' should be a sentence, or named fields 'prompt' and 'accept'"),
        ("try", "{accept: [blue 9 -> 1]}", "step 1: the field 'prompt' in 'try' is missing"),
        ("highlight", "slot 4", "step 1: the field 'highlight' should be a list of words"),
        ("highlight", "[[slot 4]]", "step 1: the field 'highlight' should be a list of words"),
        ("sya", "typo", "step 1: there is no field called 'sya' here"),
    ],
)
def test_step_fields_are_refused_by_name(tmp_path, field, value, expected):
    assert expected in refusal(tmp_path, with_step_field(field, value))


def test_an_alias_bomb_is_refused_at_its_first_alias(tmp_path):
    bomb = "".join(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]\n" for n in range(1, 9))
    message = refusal(tmp_path, "l0: &l0 [lol]\n" + bomb + TEXT)
    assert message == ", line 1: the file repeats a part with & or *; write each part out in full instead."


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"", ": the file is empty."),
        (b"- a\n- b\n", ": the file should hold named fields (like 'game: ...'), not a list."),
        (b"\xff\xfe" + TEXT.encode("utf-16-le"), ": this is not a text file (the tutor reads text saved as UTF-8)."),
        (TEXT.encode() + b"#" * 300_000, ": the file is too big; it may be at most 256 kilobytes."),
        (
            TEXT.encode() + b"---\nx: 1\n",
            f", line {TEXT.count(chr(10)) + 1}: a second document starts here (a line with ---); a file holds one.",
        ),
    ],
)
def test_files_that_are_not_lessons_at_all(tmp_path, content, expected):
    assert refusal(tmp_path, content) == expected


def test_yes_no_and_dates_stay_text(tmp_path):
    data = read_yaml("x.yaml", "a: no\nb: yes\nc: 2024-05-01\nd: 1_000\ne: 0x1f\nf: true\ng: 017\nh: 1.5e+3\n")
    assert data == {
        "a": "no",
        "b": "yes",
        "c": "2024-05-01",
        "d": "1_000",
        "e": "0x1f",
        "f": True,
        "g": "017",
        "h": 1500.0,
    }


# ------------------------------------------------------------------------------ records
def record_refusal(text: str | bytes) -> str:
    with pytest.raises(records.RecordError) as error:
        records.load("game.yaml", text=text)
    message = str(error.value)
    assert message.startswith("game.yaml") and message.isprintable()
    return message[len("game.yaml") :]


@pytest.mark.parametrize(
    "change, expected",
    [
        (
            ("format: 1", "format: 99"),
            ": this record is written in format 99, but this version of the tutor reads format 1 only.",
        ),
        (("format: 1", "format: 1\nwon: true"), ": there is no field called 'won' here."),
        (("seed: 3", "seed: " + "9" * 5000), ", line 8: this number is too long (more than 18 digits)."),
        (("seed: 3", "seed: " + "[" * 5000 + "]" * 5000), ", line 8: the file is nested too deep"),
        (
            ("first_player: 0", "first_player: 1"),
            ": move 1 ('Ann: plain 1 -> 1'): the move is written for Ann, but it is Ben's turn.",
        ),
    ],
)
def test_record_fields_are_refused_by_name(change, expected):
    text = records.dumps(finished(danger13, seat_names=["Ann", "Ben", "Cleo"]))
    assert change[0] in text
    assert record_refusal(text.replace(*change, 1)).startswith(expected)


def test_a_record_cut_at_any_line_is_refused():
    lines = records.dumps(finished(monster_trick)).splitlines(keepends=True)
    for cut in range(1, len(lines)):
        record_refusal("".join(lines[:cut]))


def test_an_alias_bomb_in_the_moves_is_refused():
    text = records.dumps(finished(monster_trick)).replace("moves:", "unused:", 1)
    bomb = "".join(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]\n" for n in range(1, 9))
    assert "repeats a part with & or *" in record_refusal("l0: &l0 [lol]\n" + bomb + text + "moves: *l8\n")


def test_the_upload_limit_comes_before_reading():
    records.check_upload_size("game.yaml", records.MAX_RECORD_BYTES)
    with pytest.raises(records.RecordError) as error:
        records.check_upload_size("game.yaml", records.MAX_RECORD_BYTES + 1)
    assert str(error.value) == "game.yaml: the file is too big to open here; a game record is at most 1 megabyte."
    big = records.dumps(finished(monster_trick)).encode() + b"#" * records.MAX_RECORD_BYTES
    assert "the file is too big" in record_refusal(big)


def test_records_replay_from_bytes_and_keep_odd_seat_names():
    state = finished(monster_trick, seat_names=["No", "09", "True"])
    assert records.load("game.yaml", text=records.dumps(state).encode()).snapshot() == state.snapshot()


# ------------------------------------------------------------------------------ catalog
def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


@pytest.mark.parametrize("language", TRANSLATED)
def test_input_sentences_exist_in_french_and_dutch(language):
    english = {key: text for key, text in messages.catalog("en").items() if key.startswith("input.")}
    other = {key: text for key, text in messages.catalog(language).items() if key.startswith("input.")}
    assert other.keys() == english.keys()
    assert all(placeholders(other[key]) == placeholders(english[key]) for key in english)


def test_refusals_follow_the_language(tmp_path):
    messages.set_language("fr")
    try:
        assert "étape 1\u00a0: le champ «\u00a0say\u00a0» doit être du texte" in refusal(
            tmp_path, with_step_field("say", "5")
        )
    finally:
        messages.set_language("en")


# ------------------------------------------------------------------------------ check
def test_check_reports_every_file_of_a_batch(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(TEXT)
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    forged = tmp_path / "forged\n\x1b[32mall fine.yaml"
    forged.write_text(with_field("seed", "1.5"))
    device = tmp_path / "zero.yaml"
    device.symlink_to("/dev/zero")
    files = [good, pipe, forged, tmp_path, device, tmp_path / "missing.yaml", good]
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "check", *map(str, files)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.splitlines() == [
        f"{pipe}: this is not a file the tutor can read (it is a folder, a device or a pipe).",
        f"{tmp_path}/forged\\n\\x1b[32mall fine.yaml: the field 'seed' should be a whole number.",
        f"{tmp_path}: this is not a file the tutor can read (it is a folder, a device or a pipe).",
        f"{device}: this is not a file the tutor can read (it is a folder, a device or a pipe).",
        f"{tmp_path}/missing.yaml: the file cannot be read (there is no file with this name).",
    ]
    assert done.stderr == messages.msg("lesson.summary-failed", failures=5, count=7) + "\n"


@pytest.mark.parametrize(
    "error, expected",
    [
        (MemoryError(), "the file is too big or too tangled for the tutor to read"),
        (RecursionError(), "the file is too big or too tangled for the tutor to read"),
        (IndexError(), "because of a fault in the tutor itself"),
    ],
)
def test_a_crash_in_one_file_is_a_line_and_the_batch_goes_on(monkeypatch, capsys, error, expected):
    def check(file):
        if file == "b.yaml":
            raise error
        return [f"{file}: a problem."]

    monkeypatch.setattr(cli, "check_file", check)
    assert cli.main(["check", "a.yaml", "b.yaml", "c.yaml"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "a.yaml: a problem." and out[1].startswith("b.yaml: ") and expected in out[1]
    assert out[2] == "c.yaml: a problem."


# ------------------------------------------------------------------------------ properties
YAMLISH = st.text(
    alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#%@`?,. \n\t\\0123456789") + ["\x00", "\u202e", "é"]), max_size=200
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), YAMLISH))
def test_any_text_gives_a_mapping_or_a_file_problem(text):
    try:
        assert isinstance(read_yaml("x.yaml", text), dict)
    except FileProblem as problem:
        assert str(problem).startswith("x.yaml") and "\n" not in str(problem)


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
LESSON_DATA = st.fixed_dictionaries(
    {
        "game": st.sampled_from(["monster-trick", "danger-13", "x"]),
        "title": PLAIN,
        "steps": st.lists(st.dictionaries(st.sampled_from(list(schema.STEP)), PLAIN, max_size=3), max_size=3),
    },
    optional={field: PLAIN for field in schema.LESSON if field not in schema.LESSON_REQUIRED},
)
RECORD_DATA = st.fixed_dictionaries(
    {"game": st.sampled_from(["monster-trick", "thricewise", 5]), "players": PLAIN, "seed": PLAIN, "moves": PLAIN},
    optional={field: PLAIN for field in schema.RECORD if field not in schema.RECORD_REQUIRED},
)


@settings(max_examples=300, deadline=None)
@given(LESSON_DATA, RECORD_DATA)
def test_any_data_passes_the_schema_or_is_refused_in_words(lesson, record):
    for check, data in ((schema.check_lesson, lesson), (schema.check_record, record)):
        try:
            check("x.yaml", data)
        except schema.Invalid as problem:
            assert str(problem).startswith("x.yaml: ")
