"""The shipped lessons keep their texts in a file per language beside them (tutor/lesson_texts.py):
read back as the same lesson written in one file (a teacher's), a text a language leaves out
falling back to English, and every fault in a language file named by ``tutor check`` with its
file and step, never a traceback."""

import re
import shutil

import pytest
import yaml
from one_file import one_file

from tutor.cli import main
from tutor.lesson_texts import text_file
from tutor.lessons import LessonError, bundled_lessons, load_lesson
from tutor.messages import language, msg, set_language, spoken_language
from tutor.studio import Draft, StudioError
from tutor.yamlfile import FileProblem, read_yaml

WHERE = next(path for path in bundled_lessons("monster-trick") if path.name.startswith("03-"))
CODES = ("en", "fr", "nl")


@pytest.fixture
def lesson(tmp_path):
    """A copy of a shipped lesson with its three language files."""
    path = tmp_path / WHERE.name
    shutil.copy(WHERE, path)
    for code in CODES:
        text_file(path, code).parent.mkdir(parents=True)
        shutil.copy(text_file(WHERE, code), text_file(path, code))
    return path


def loaded(path, lang: str):
    before = language()
    set_language(lang)
    try:
        return load_lesson(path)
    finally:
        set_language(before)


def shown(lesson) -> list[str]:
    """Every text of a lesson a learner reads, in the language it was loaded in."""
    return [
        lesson.title,
        lesson.summary,
        *lesson.seats,
        *(step.say for step in lesson.steps),
        *(step.try_.prompt for step in lesson.steps if step.try_),
    ]


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def check(capsys, *args) -> tuple[int, list[str]]:
    done = main(["check", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return done, out.splitlines()


@pytest.mark.parametrize("lang", CODES)
def test_a_lesson_reads_the_same_from_its_language_files_as_from_one_file(lesson, tmp_path, lang):
    inline = tmp_path / "inline.yaml"
    inline.write_text(one_file(lesson), encoding="utf-8")
    assert "texts" not in read_yaml(str(inline)) and isinstance(read_yaml(str(inline))["title"], dict)
    split = loaded(lesson, lang)
    assert shown(split) == shown(loaded(inline, lang))
    assert split.title == read_yaml(str(text_file(lesson, lang)))["title"]
    assert split.seats[1] == {"en": "Red", "fr": "Rouge", "nl": "Rood"}[lang]


def test_a_text_a_language_leaves_out_is_said_in_english_and_named_by_the_check(lesson, capsys):
    french, dutch = text_file(lesson, "fr"), text_file(lesson, "nl")
    texts = read_yaml(str(french))
    del texts["steps"]["card-must-follow"]["say"]
    french.write_text(yaml.safe_dump(texts, allow_unicode=True), encoding="utf-8")
    dutch.unlink()
    english = loaded(lesson, "en")
    in_french, in_dutch = loaded(lesson, "fr"), loaded(lesson, "nl")
    assert in_french.steps[1].say == english.steps[1].say and in_french.steps[0].say != english.steps[0].say
    assert shown(in_dutch) == shown(english), "no Dutch file: all in English, seats too"
    assert check(capsys, lesson) == (0, []), "a missing translation is named only when asked for"
    done, lines = check(capsys, "--require-languages", "en,fr,nl", lesson)
    where = msg("checks.where-step-id", step=2, id="card-must-follow", field="say")
    assert done == 1 and lines == [
        msg("checks.language-file-missing", file=str(dutch), language=spoken_language("nl")),
        msg("checks.language-missing", file=str(french), where=where, language=spoken_language("fr")),
    ]


def yaml_problem(file: str) -> str:
    """What the reader says of a file that is not YAML: its name and the line."""
    with pytest.raises(FileProblem) as problem:
        read_yaml(file)
    assert str(problem.value).startswith(f"{file}, line ")
    return str(problem.value)


@pytest.mark.parametrize(
    "lang, old, new, expected",
    [
        (
            "fr",
            "  now-blues-yellow:",
            "  now-blue-yellow:",
            lambda file: msg(
                "input.at-file",
                file=file,
                problem=msg(
                    "input.text-for-nothing",
                    key="now-blue-yellow",
                    parent="steps",
                    known="slot-1-oranges, card-must-follow, now-blues-yellow, purple-3-no, purple-3-opens",
                ),
            ),
        ),
        (
            "nl",
            "    prompt: ",
            "    promt: ",
            lambda file: msg(
                "input.at-step", file=file, step=2, problem=msg("input.unknown", field="promt", known="say, prompt")
            ),
        ),
        ("nl", "steps:\n", "steps: [\n", yaml_problem),
        (
            "fr",
            "  Red: Rouge\n",
            "  Rojo: Rouge\n",
            lambda file: msg(
                "input.at-file",
                file=file,
                problem=msg("input.text-for-nothing", key="Rojo", parent="seats", known="Orange, Red, Gray, Blue"),
            ),
        ),
    ],
    ids=["unknown step", "unknown field", "broken YAML", "unknown seat"],
)
def test_a_fault_in_a_language_file_is_named_with_its_file_and_step(lesson, capsys, lang, old, new, expected):
    edit(text_file(lesson, lang), old, new)
    assert check(capsys, lesson) == (1, [expected(str(text_file(lesson, lang)))])


def test_a_lesson_without_its_english_file_is_refused_naming_it(lesson, capsys):
    english = text_file(lesson, "en")
    english.unlink()
    problem = msg("input.unreadable", file=str(english), problem=msg("input.why.no-such-file"))
    assert check(capsys, lesson) == (1, [problem])


@pytest.mark.parametrize(
    "old, new, step, problem",
    [
        ("texts: locales\n", "texts: locales\ntitle: Where?\n", None, ("input.text-in-lesson", {"field": "title"})),
        (
            "  - id: now-blues-yellow\n",
            "  - id: card-must-follow\n",
            3,
            ("input.step-id-twice", {"id": "card-must-follow"}),
        ),
        ("  - id: now-blues-yellow\n    ", "  - ", 3, ("input.missing", {"field": msg("input.field", field="id")})),
    ],
    ids=["a text in the lesson", "an id twice", "no id"],
)
def test_a_lesson_that_cannot_key_its_texts_is_refused(lesson, capsys, old, new, step, problem):
    edit(lesson, old, new)
    key, fields = problem
    if key == "input.text-in-lesson":
        fields = {**fields, "file": text_file(lesson, "en")}
    said = msg(key, **fields)
    expected = (
        msg("input.at-file", file=str(lesson), problem=said)
        if step is None
        else msg("input.at-step", file=str(lesson), step=step, problem=said)
    )
    assert check(capsys, lesson) == (1, [expected])


def test_an_opened_lesson_cannot_bring_its_language_files(lesson):
    """An upload or a shared lesson is read from its text alone: never from files on the server."""
    refusal = msg("input.texts-not-beside", file=lesson.name)
    with pytest.raises(LessonError, match=re.escape(refusal)):
        load_lesson(lesson.name, lesson.read_text(encoding="utf-8"))
    with pytest.raises(StudioError, match=re.escape(refusal)):
        Draft.from_file(lesson.name, lesson.read_bytes())


def test_the_studio_starts_from_a_shipped_lesson_with_its_players_named_in_every_language():
    draft = Draft.from_lesson_step(WHERE, 1)
    assert draft.head["seats"][1] == {"en": "Red", "fr": "Rouge", "nl": "Rood"}
    assert "texts" not in draft.head
