"""Players named per language: a lesson's {en: Red, fr: Rouge, nl: Rood} reads "Rouge" on a
French page (texts, reasons, drawings, the play page), keeps its colour in every language, and
the lesson's notation takes any of the seat's names."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from one_file import one_file
from seat_names import NAMES

from tutor.games import game as registered
from tutor.lessons import LessonError, bundled_lessons, check_lesson, load_lesson
from tutor.messages import LANGUAGES, TRANSLATED
from tutor.seats import SeatLookup, SeatName
from tutor.svg.seats import seat_colours
from widgets import app
from widgets.languages import LanguageChooser

DEALING = next(path for path in bundled_lessons("danger-13") if "dealing" in path.name)
COLOURED = [
    path
    for game in ("danger-13", "monster-trick")
    for path in bundled_lessons(game)
    if "Red" in load_lesson(path).seats
]


def fill_colours(svg: str) -> list[str]:
    return re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_lesson_names_its_players_in_the_learners_language(speaking, lang):
    speaking(lang)
    lesson = load_lesson(DEALING)
    red, blue = NAMES[lang][:2]
    assert lesson.start_state().seat_names == NAMES[lang]
    assert lesson.steps[0].say.startswith(f"{red} ")
    assert blue in lesson.steps[1].say and "Blue" not in lesson.steps[1].say
    state = lesson.states()[1]  # the step that asks who may still be dealt the two-plus 2
    right, why = lesson.judge(lesson.steps[1], state, lesson.entry.parse_move("two-plus 2 -> 2", 4))
    assert not right and blue in why and "Blue" not in why  # refused: Blue already has a card


def test_no_english_colour_is_left_in_the_french_and_dutch_texts(speaking):
    for lang in TRANSLATED:
        speaking(lang)
        for path in COLOURED:
            lesson = load_lesson(path)
            texts = (
                [lesson.title, lesson.summary]
                + [step.say for step in lesson.steps]
                + [step.try_.prompt for step in lesson.steps if step.try_]
            )
            left = [text for text in texts if re.search(r"\b(Red|Blue|Green|Yellow|Gray)\b", text)]
            assert left == [], (lang, path.name)


def test_the_notation_takes_any_of_a_seats_names(tmp_path):
    text = one_file(DEALING)
    for written in (
        'move: "Red: plain 3 -> 2"',
        "rows: {Blue: [plain 3]}",
        "receivers: [Red, Green, Yellow]",
        "  dealer: Red\n",
        "dealer: Blue",
        "start_player: Red",
    ):
        assert written in text
    text = (
        text.replace('move: "Red: plain 3 -> 2"', 'move: "rouge: plain 3 -> 2"')
        .replace("rows: {Blue: [plain 3]}", "rows: {Blauw: [plain 3]}")
        .replace("receivers: [Red, Green, Yellow]", "receivers: [Rood, Vert, Yellow]")
        .replace("  dealer: Red\n", "  dealer: Rouge\n")
        .replace("dealer: Blue", "dealer: BLEU")
        .replace("start_player: Red", "start_player: Rood")
    )
    path = tmp_path / "dealing.yaml"
    path.write_text(text + "    highlight: [Rood]\n")
    assert check_lesson(path) == []
    assert load_lesson(path).steps[-1].highlight == ["Red"]  # as the board names the seat


def test_a_failed_check_names_the_seat_as_the_learner_reads_it(speaking, tmp_path):
    speaking("fr")
    path = tmp_path / "dealing.yaml"
    path.write_text(one_file(DEALING).replace("dealer: Blue", "dealer: Yellow"))
    [failure] = check_lesson(path)
    assert "Jaune" in failure and "Bleu" in failure and "Yellow" not in failure


@pytest.mark.parametrize(
    "seat, problem",
    [
        ("{en: Red, fr: Rouge}", "the player 'Red, Rouge' has no name in Dutch"),
        ("{en: Red, fr: Rouge, nl: Rood, de: Rot}", "has a name for 'de', which is not one of the tutor's languages"),
        ("{en: Red, fr: Bleu, nl: Rood}", "the name 'Bleu' is given to two players"),
        ("{en: Red, fr: [Rouge], nl: Rood}", "'seats' should be a list of names, each on one line or one per language"),
        ("{en: 'Red: 1', fr: Rouge, nl: Rood}", "the name 'Red: 1' has a colon in it"),
    ],
)
def test_a_bad_seat_is_refused_naming_file_and_field(tmp_path, seat, problem):
    path = tmp_path / "dealing.yaml"
    path.write_text(one_file(DEALING).replace("  - {en: Red, fr: Rouge, nl: Rood}", f"  - {seat}"))
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    assert str(error.value).startswith(f"{path}: ") and problem in str(error.value)


@pytest.mark.parametrize("path", COLOURED, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_each_seat_keeps_its_colour_in_every_language(speaking, path):
    drawing = registered(load_lesson(path).game).part("drawing")
    drawn = {}
    for lang in LANGUAGES:
        speaking(lang)
        state = load_lesson(path).states()[-1]
        markup = drawing.players(state, 0) if hasattr(drawing, "players") else drawing.table(state)
        drawn[lang] = (seat_colours(state.seat_names), fill_colours(markup))
    assert drawn["fr"] == drawn["en"] == drawn["nl"]
    assert drawn["en"][0][:2] != ["#d0383f"] * 2  # colours per seat, not one for all


@pytest.mark.parametrize(
    "game, lang, names",
    [
        ("danger-13", "fr", NAMES["fr"]),
        ("danger-13", "nl", NAMES["nl"]),
        ("monster-trick", "fr", ["Orange", "Rouge", "Gris", "Bleu"]),
        ("monster-trick", "nl", ["Oranje", "Rood", "Grijs", "Blauw"]),
        ("thricewise", "fr", ["Ada", "Ben", "Cleo", "Dev"]),
    ],
)
def test_the_games_own_players_follow_the_page_language(speaking, game, lang, names):
    speaking(lang)
    assert registered(game).seat_names(4) == names


@given(
    st.lists(
        st.dictionaries(st.sampled_from(LANGUAGES), st.text("abcdefgh", min_size=1, max_size=5), min_size=1),
        min_size=1,
        max_size=5,
    )
)
def test_every_name_of_a_seat_finds_that_seat(seats):
    names = [SeatName(seat.get("fr") or next(iter(seat.values())), seat.values()) for seat in seats]
    taken = [name.lower() for seat in seats for name in set(seat.values())]
    lookup = SeatLookup(names)
    for number, seat in enumerate(seats):
        for name in seat.values():
            if taken.count(name.lower()) == 1:  # a name shared by two seats is refused before any lookup
                assert lookup.find(f" {name.upper()} ") == number
                assert lookup.shown(name) == names[number]
    assert lookup.find("zz") is None and lookup.shown("nobody") == "nobody"


def test_a_lesson_on_show_renames_its_players_when_the_language_changes(speaking):
    speaking("en")
    page = app.learn_page("danger-13")
    stepper = page.children[-1].stage.children[0]
    players = stepper.board.state.players  # the first lesson, the guided game: three players
    assert stepper.board.state.seat_names == ["Red", "Blue", "Green", "Yellow"][:players]
    (chooser,) = [
        part
        for row in page.children[0].children
        for part in getattr(row, "children", ())
        if isinstance(part, LanguageChooser)
    ]
    chooser.click("lang:nl")
    assert stepper.board.state.seat_names == NAMES["nl"][:players]
    assert all(state.seat_names == NAMES["nl"][:players] for state in stepper.states)
