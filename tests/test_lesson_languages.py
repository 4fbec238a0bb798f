"""Every shipped lesson speaks English, French and Dutch: each text a learner reads holds all three."""

import pytest

from tutor.games import games
from tutor.lesson_texts import read_lesson
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import LANGUAGES, language, set_language

SHIPPED = [path for game in games() for path in bundled_lessons(game)]


def text_fields(data: dict):
    """(where, value) for the title, the summary, and every step's say and try prompt."""
    yield "title", data.get("title")
    yield "summary", data.get("summary")
    for number, step in enumerate(data["steps"], 1):
        if "say" in step:
            yield f"step {number}: say", step["say"]
        if "try" in step:
            spec = step["try"]
            yield f"step {number}: prompt", spec.get("prompt") if isinstance(spec, dict) else spec


def translation_problems(data: dict) -> list[str]:
    """One line per text field that lacks a language or left a translation in English."""
    problems = []
    for where, value in text_fields(data):
        if not isinstance(value, dict):
            problems.append(f"{where}: one text for all languages instead of en, fr and nl")
            continue
        english = value.get("en")
        for lang in LANGUAGES:
            text = value.get(lang)
            if not isinstance(text, str) or not text.strip():
                problems.append(f"{where}: no {lang} text")
            elif lang != "en" and isinstance(english, str) and text.strip() == english.strip():
                problems.append(f"{where}: the {lang} text is the English one")
    return problems


def lesson(**changes) -> dict:
    data = {
        "title": {"en": "Opening a trick", "fr": "Ouvrir un pli", "nl": "Een slag openen"},
        "summary": {
            "en": "Any card opens a free slot.",
            "fr": "Toute carte ouvre un emplacement libre.",
            "nl": "Elke kaart opent een vrije plek.",
        },
        "steps": [
            {
                "say": {"en": "Slot 4 is free.", "fr": "L'emplacement 4 est libre.", "nl": "Plek 4 is vrij."},
                "try": {"prompt": {"en": "Open slot 4.", "fr": "Ouvre l'emplacement 4.", "nl": "Open plek 4."}},
            }
        ],
    }
    data.update(changes)
    return data


def test_a_complete_lesson_has_no_problem():
    assert translation_problems(lesson()) == []


@pytest.mark.parametrize(
    "changes, problem",
    [
        ({"title": "Opening a trick"}, "title: one text for all languages instead of en, fr and nl"),
        ({"summary": None}, "summary: one text for all languages instead of en, fr and nl"),
        ({"title": {"en": "Opening a trick", "fr": "Ouvrir un pli"}}, "title: no nl text"),
        ({"title": {"en": "Opening a trick", "fr": " ", "nl": "Een slag openen"}}, "title: no fr text"),
        ({"title": {"fr": "Ouvrir un pli", "nl": "Een slag openen"}}, "title: no en text"),
        (
            {"summary": {"en": "Any card.", "fr": "Toute carte.", "nl": "Any card."}},
            "summary: the nl text is the English one",
        ),
        (
            {"steps": [{"say": {"en": "Slot 4.", "fr": "Slot 4.", "nl": "Plek 4."}}]},
            "step 1: say: the fr text is the English one",
        ),
        (
            {"steps": [{"say": {"en": "a", "fr": "b", "nl": "c"}}, {"try": "Open slot 4."}]},
            "step 2: prompt: one text for all languages instead of en, fr and nl",
        ),
        (
            {"steps": [{"try": {"prompt": {"en": "Open slot 4.", "nl": "Open plek 4."}, "accept": []}}]},
            "step 1: prompt: no fr text",
        ),
    ],
)
def test_a_missing_or_untranslated_text_is_named(changes, problem):
    assert translation_problems(lesson(**changes)) == [problem]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_shipped_lesson_is_in_english_french_and_dutch(path):
    assert translation_problems(read_lesson(str(path))) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_loads_in_the_chosen_language(lang):
    before = language()
    set_language(lang)
    try:
        loaded = [load_lesson(path) for path in SHIPPED]
    finally:
        set_language(before)
    for lesson, path in zip(loaded, SHIPPED):
        data = read_lesson(str(path))
        assert (lesson.title, lesson.summary) == (data["title"][lang], data["summary"][lang]), path
        assert [step.say for step in lesson.steps] == [
            step["say"][lang] if "say" in step else "" for step in data["steps"]
        ], path
        prompts = [
            step[kind]["prompt"][lang] for step in data["steps"] for kind in ("try", "free", "play") if kind in step
        ]
        assert [step.try_.prompt for step in lesson.steps if step.try_] == prompts, path


def test_all_three_games_ship_lessons():
    assert {path.parent.name for path in SHIPPED} == {"monster_trick", "danger13", "thricewise"}
