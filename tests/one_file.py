"""A shipped lesson as one file, as a teacher writes one: its texts in it
(``say: {en: ..., fr: ..., nl: ...}``) and no step ids. For tests that open a shipped lesson
as a teacher's (the studio, a shared link) or change it and check it under another name,
away from its language files."""

from pathlib import Path

from tutor.lesson_texts import read_lesson
from tutor.studio import lesson_yaml


def one_file(path: str | Path) -> str:
    data = read_lesson(str(path))
    data.pop("texts", None)
    data["steps"] = [{field: value for field, value in step.items() if field != "id"} for step in data["steps"]]
    return lesson_yaml(data)
