"""Each game's last lesson ends with a turn in brief: a handful of short lines, each naming a
real rule of the game, in every language, the same rules in the same order."""

import re
from html import escape

import pytest

from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson, turn_in_brief
from tutor.messages import LANGUAGES, set_language
from widgets.learn import LessonShelf
from widgets.summary import TurnInBrief

GAMES = list(games().values())


@pytest.mark.parametrize("game", GAMES, ids=str)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_a_short_turn_in_brief_in_every_language(game, lang):
    lines = turn_in_brief(game.id, lang)
    assert 5 <= len(lines) <= 8, lines
    rule_ids = {rule.id for rule in game.rule_list}
    assert [rule for rule, _ in lines] == [rule for rule, _ in turn_in_brief(game.id, "en")]
    for rule, text in lines:
        assert rule in rule_ids, rule
        words = re.findall(r"\w+(?:['’-]\w+)*", text)
        assert 0 < len(words) <= 20, text


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_turn_in_brief_links_open_their_rule(game):
    set_language("en")
    turn = TurnInBrief(game)
    rule, text = turn_in_brief(game.id)[2]
    assert text in turn.html and f'data-target="rule:{rule}"' in turn.html
    turn.click(f"rule:{rule}")
    assert turn.rule == rule
    turn.click("rule:no-such-rule")
    assert turn.rule == rule


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_the_last_lesson_ends_with_the_turn_in_brief(game):
    set_language("en")
    lessons = [load_lesson(path) for path in bundled_lessons(game.id)]
    shelf = LessonShelf(game, lessons)
    assert "summary=1" in shelf.turn_link.value and "A turn in brief" in shelf.turn_link.value
    assert shelf.turn not in shelf.stage.children
    shelf.show(len(lessons) - 1)
    stepper = shelf.stage.children[0]
    assert shelf.turn not in shelf.stage.children
    stepper.step = stepper.total - 1
    assert list(shelf.stage.children) == [stepper, shelf.turn]
    shelf.reference.opened = []
    shelf.turn.click(f"rule:{turn_in_brief(game.id)[0][0]}")
    assert shelf.reference.opened == [turn_in_brief(game.id)[0][0]]


def test_the_turn_in_brief_follows_the_pages_language():
    game = GAMES[0]
    set_language("en")
    shelf = LessonShelf(game, [load_lesson(path) for path in bundled_lessons(game.id)])
    set_language("fr")
    try:
        shelf.relabel(game, [load_lesson(path) for path in bundled_lessons(game.id)])
        assert escape(turn_in_brief(game.id, "fr")[0][1]) in shelf.turn.html
        assert "Un tour en bref" in shelf.turn_link.value and "lang=fr" in shelf.turn_link.value
    finally:
        set_language("en")
