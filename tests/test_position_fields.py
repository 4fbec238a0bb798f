"""Lesson positions that cannot happen, or are written wrongly, are refused by name before
the engine reads them (issue: wrongly accepted positions)."""

import pytest
import yaml

from tutor.lessons import check_lesson

BASE = {
    "monster-trick": {
        "players": 4,
        "seats": ["Ann", "Ben", "Cat", "Dan"],
        "position": {
            "to_move": "Ann",
            "hands": {"Ann": ["green 1", "green 2"]},
            "won": {"Ann": 4, "Ben": 2, "Cat": 2, "Dan": 2},
        },
    },
    "danger-13": {"players": 3, "seats": ["Ann", "Ben", "Cat"], "position": {"dealer": "Ann"}},
    "thricewise": {
        "players": 2,
        "seats": ["Ann", "Ben"],
        "position": {"grid": {"1,1": ["Author", "Journey"], "1,2": ["Origin", "Painter"]}},
    },
}


def lesson(tmp_path, game: str, **position) -> list[str]:
    data = {"game": game, "title": "T", **BASE[game], "steps": [{"say": "Look."}]}
    data["position"] = {**data["position"], **position}
    path = tmp_path / "lesson.yaml"
    path.write_text(yaml.safe_dump(data))
    return check_lesson(path)


@pytest.mark.parametrize("game", BASE)
def test_the_base_positions_hold(tmp_path, game):
    assert lesson(tmp_path, game) == []


@pytest.mark.parametrize(
    "game, position, words",
    [
        ("danger-13", {"last_round": "no"}, "'last_round'"),
        ("danger-13", {"round": 1_000_000}, "'round'"),
        ("danger-13", {"colour": "red"}, "no field called 'colour'"),
        ("thricewise", {"turn": 0}, "'turn'"),
        ("thricewise", {"turn": -4}, "'turn'"),
        ("thricewise", {"turn": 5}, "this cannot be turn 5"),
        ("monster-trick", {"colour": "red"}, "no field called 'colour'"),
        ("monster-trick", {"won": {"Ann": True}}, "Ann cannot have won"),
        (
            "monster-trick",
            {"won": {"Ann": 12, "Ben": 12, "Cat": 12, "Dan": 12}},
            "the tricks won add up to 48, but 10 tricks are finished",
        ),
        ("monster-trick", {"round": 4}, "'round'"),
    ],
)
def test_impossible_or_misspelt_positions_are_refused_by_name(tmp_path, game, position, words):
    (problem,) = lesson(tmp_path, game, **position)
    assert "lesson.yaml" in problem and words in problem, problem
