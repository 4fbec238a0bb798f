"""The app's pages without a browser: what each builder makes, its links, its errors."""
import json
import re
from html import escape
from pathlib import Path

import nbformat
import pytest

from tutor.core import TutorError
from tutor.games import MODULES, game_name
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets import app
from widgets.log import sentence

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def html_of(widget) -> str:
    """Every HTML string inside a widget tree, joined (what the browser would be sent)."""
    own = getattr(widget, "value", None)
    parts = [own] if isinstance(own, str) else []
    return "".join(parts + [html_of(child) for child in getattr(widget, "children", ())])


def links(widget) -> list[str]:
    """The links to pages (the play page's record download is a data: address)."""
    return re.findall(r'href="(?!data:)([^"]+)"', html_of(widget))


def test_landing_page_lists_the_games_with_their_lesson_time():
    page = app.landing_page()
    html = html_of(page)
    assert page.name == "landing"
    for game in MODULES:
        minutes = [load_lesson(path).minutes for path in bundled_lessons(game)]
        assert game_name(game) in html
        assert escape(app.lesson_time(minutes)) in html


@pytest.mark.parametrize("minutes, key", [([], "app.landing.lessons-none"), ([4], "app.landing.lessons-one"),
                                          ([3, 3], "app.landing.lessons-same"), ([2, 5, 3], "app.landing.lessons-range")])
def test_lesson_time_in_words(minutes, key):
    assert app.lesson_time(minutes) == msg(key, count=len(minutes), minutes=minutes[0] if minutes else 0,
                                           low=min(minutes, default=0), high=max(minutes, default=0))


@pytest.mark.parametrize("game", MODULES)
@pytest.mark.parametrize("section", app.SECTIONS)
def test_every_game_page_is_built(game, section):
    page = getattr(app, f"{section}_page")(game)
    assert page.name.startswith(f"{section} {game}")
    assert msg(f"app.nav.{section}") in html_of(page)


def test_every_link_leads_to_a_notebook():
    pages = [(app.HOME, app.landing_page())] + [(app.page_file(section, game), getattr(app, f"{section}_page")(game))
                                                for game in MODULES for section in app.SECTIONS]
    for here, page in pages:
        for link in links(page):
            assert not link.startswith("/"), "relative, so that it holds wherever the notebooks are served"
            assert (NOTEBOOKS / here).parent.joinpath(link).resolve().is_file(), link


def test_an_unknown_game_gets_a_friendly_page():
    page = app.learn_page("chess")
    html = html_of(page)
    assert page.name == "problem"
    assert msg("app.problem.heading") in html
    assert "chess" in html and "Traceback" not in html


def test_a_lesson_that_does_not_hold_is_explained_not_thrown(monkeypatch):
    def broken(path):
        raise TutorError("lesson.yaml: step 2: the move 'blue 9 -> 5' is refused.")
    monkeypatch.setattr(app, "load_lesson", broken)
    monkeypatch.setattr(app, "bundled_lessons", lambda game: [Path("lesson.yaml")])
    page = app.learn_page("monster-trick")
    assert page.name == "problem"
    assert "step 2: the move" in html_of(page)
    assert msg("app.nav.learn") in html_of(page), "the navigation bar stays, so the learner can go elsewhere"


def test_a_bug_shows_a_plain_sentence_and_logs_the_traceback(monkeypatch, capfd):
    monkeypatch.setattr(app, "bundled_lessons", lambda game: 1 / 0)
    page = app.landing_page()
    assert page.name == "problem"
    assert escape(msg("app.problem.unexpected")) in html_of(page)
    assert "ZeroDivisionError" not in html_of(page)
    assert "ZeroDivisionError" in capfd.readouterr().err


def test_the_page_text_form_names_the_page():
    """nbval compares this text, so it must not depend on widget internals."""
    assert repr(app.practise_page("thricewise")) == "<practise thricewise page>"


@pytest.mark.parametrize("game", MODULES)
def test_a_quiz_round_answers_with_the_engines_reasons(game):
    round_ = app.QuizRound(game, seed=3, count=2)
    first = round_.questions[0]
    wrong = next(index for index in range(len(first.choices)) if index != first.correct)
    round_.choose(wrong)
    assert escape(first.explanation) in round_.answer.value
    assert "tutor-wrong" in round_.answer.value and all(button.disabled for button in round_.choices.children)
    assert set(round_.reference.opened) == set(first.rules)
    round_.onward.click()
    second = round_.questions[1]
    round_.choose(second.correct)
    assert msg("app.practise.score", right=1, total=2) in round_.answer.value
    assert round_.onward.description == msg("app.practise.again")
    round_.onward.click()
    assert round_.seed == 4 and round_.number == 0


@pytest.mark.parametrize("game", MODULES)
def test_the_score_runs_after_every_answer(game):
    round_ = app.QuizRound(game, seed=5, count=4)
    answers = [0, 1, 1, 1]  # wrong first, then right: 0 of 1, 1 of 2, 2 of 3, 3 of 4
    for number, right in enumerate(answers):
        question = round_.questions[number]
        round_.choose(question.correct if right else next(index for index in range(len(question.choices))
                                                          if index != question.correct))
        assert msg("app.practise.running", right=sum(answers[:number + 1]), answered=number + 1) in round_.counter.value
        round_.onward.click()


@pytest.mark.parametrize("game", MODULES)
def test_show_me_steps_from_the_position_to_the_answer(game):
    """Every kind of question: a move is played on the board, a card lights its slots,
    a player's VP cards turn up; a second click shows the question's position again."""
    round_ = app.QuizRound(game, seed=3, count=3)
    for number, question in enumerate(round_.questions):
        round_.ask(number)
        board = round_.board
        assert round_.show_me.layout.display == "none", "show me waits for an answer: it would give it away"
        round_.choose(question.correct)
        round_.show_me.click()
        subject, position = question.subject, question.position
        if subject in position.legal_moves():
            assert board.state.move_stack == [*position.move_stack, subject]
            assert escape(sentence(position, subject, board.state)) in round_.shown.value
        elif isinstance(subject, int):
            assert board.seat == subject
        else:
            assert board.table.lit == sorted(position.slots_for(subject))
        round_.show_me.click()
        assert board.state is position and board.seat is None and round_.shown.value == ""


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.rglob("*.ipynb")), ids=lambda path: str(path.relative_to(NOTEBOOKS)))
def test_notebooks_are_thin_and_executed(path):
    notebook = nbformat.read(path, as_version=4)
    (cell,) = notebook.cells
    source = cell.source.splitlines()
    assert source[0].startswith("from widgets.app import ") and len([line for line in source if line]) == 2
    assert cell.outputs, "store outputs: jupyter nbconvert --execute --to notebook --inplace (see notebooks/README.md)"


def test_every_page_has_a_notebook():
    expected = {app.HOME} | {app.page_file(section, game) for game in MODULES for section in app.SECTIONS}
    assert {str(path.relative_to(NOTEBOOKS)) for path in NOTEBOOKS.rglob("*.ipynb")} == expected


def test_voila_configuration():
    config = json.loads((ROOT / "voila.json").read_text())
    assert config["Voila"]["root_dir"] == "notebooks"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    for notebook in config["VoilaKernelManager"]["kernel_pools_config"]:
        assert notebook == "default" or (NOTEBOOKS / notebook).is_file()


def test_a_vp_question_hides_the_active_card_until_show_me():
    round_ = app.QuizRound("monster-trick", seed=0, count=9)
    number = next(index for index, question in enumerate(round_.questions) if question.kind == "mt-vp")
    round_.ask(number)
    question, players = round_.question, round_.board.players
    active = question.position.active_vp(question.subject)
    assert not players.reveal_active
    assert msg("widgets.mt.active-vp", value=active) not in players.html, "the tooltip would give it away"
    round_.choose(question.correct)
    round_.show_me.click()
    assert players.reveal_active and msg("widgets.mt.active-vp", value=active) in players.html
    round_.ask((number + 1) % len(round_.questions))
    assert players.reveal_active == (round_.question.kind != "mt-vp")


def test_an_opened_rule_shows_once_in_the_reference_beside_the_lesson():
    shelf = app.LessonShelf("monster-trick", [load_lesson(path) for path in bundled_lessons("monster-trick")])
    stepper = shelf.stage.children[0]
    rule_id = stepper.rule_ids()[0]
    stepper.panel.click(f"rule:{rule_id}")
    text = escape(next(rule for rule in stepper.lesson.engine.RULES if rule.id == rule_id).text)
    assert rule_id in shelf.reference.opened and text in shelf.reference.html
    assert text not in stepper.panel.html, "the panel links to the rule; the reference shows it"
