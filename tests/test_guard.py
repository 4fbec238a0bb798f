"""What a visitor's own client can send that the page's browser side never does: clicks on
disabled or hidden controls, a second answer, "show me" before answering, rows and cells
clicked while the table waits for someone else. The kernel ignores each of them."""

import html

import ipywidgets as w
import pytest
from random_play import played_until
from test_app import html_of

from tutor.games import danger13 as d13
from tutor.games import thricewise as tw
from widgets import app, guard
from widgets.boards.danger13 import Danger13Board
from widgets.boards.thricewise import ThricewiseBoard
from widgets.play import SEAT_NAME_LIMIT, GameTable
from widgets.quiz import QuizRound

CLICK = {"event": "click"}


def sent_click(button: w.Button) -> None:
    """A click as the browser sends it (Button.click() is Python's own call, never refused)."""
    button._handle_button_msg(button, CLICK, [])


def test_a_disabled_or_hidden_button_ignores_clicks_from_the_browser():
    guard.guard_buttons()
    clicks = []
    buttons = [
        w.Button(disabled=True),
        w.Button(layout=w.Layout(display="none")),
        w.Button(layout=w.Layout(visibility="hidden")),
        w.Button(),
    ]
    for button in buttons:
        button.on_click(clicks.append)
        sent_click(button)
    assert clicks == [buttons[-1]]


def test_a_question_takes_one_answer():
    """30 clicks on a practice choice after answering gave "0 of 31 right"."""
    guard.guard_buttons()
    quiz = QuizRound("danger-13", seed=3)
    wrong = next(index for index in range(len(quiz.question.choices)) if index != quiz.question.correct)
    for _ in range(30):
        sent_click(quiz.choices.children[wrong])
        quiz.choose(quiz.question.correct)  # and the model itself, whatever its buttons say
    assert (quiz.right, quiz.answered) == (0, 1)


def test_show_me_waits_for_the_answer():
    """The hidden "Show me" lit the answer before the learner answered."""
    guard.guard_buttons()
    quiz = QuizRound("thricewise", seed=5)
    html = [part.html for part in quiz.board.parts]
    sent_click(quiz.show_me)
    quiz.demonstrate()
    assert not quiz.demonstrating and quiz.shown.value == ""
    assert [part.html for part in quiz.board.parts] == html
    quiz.choose(0)
    quiz.demonstrate()
    assert quiz.demonstrating


def test_rows_and_cells_cannot_be_clicked_while_the_table_waits_for_someone_else():
    danger = Danger13Board(played_until(d13, 3, 2, lambda s: s.phase == d13.GIVE))
    grid = ThricewiseBoard(played_until(tw, 3, 1, lambda s: s.phase == "place"))
    for board, click in ((danger, lambda: danger.table.click("seat:1")), (grid, lambda: grid.grid.click("cell:0,1"))):
        moves = []
        board.on_move(moves.append)
        board.accepting = False
        click()
        assert moves == [], "a click while a computer player thinks reached the table"
        assert "data-target" not in (danger.table.html if board is danger else grid.grid.html)
        board.accepting = True
        if board is grid:
            grid.select(grid.hand.cards[0])
        click()
        assert len(moves) == 1


@pytest.mark.parametrize(
    "query", ["game=" + "x" * 6000, "game=dan\u202eger", "game=thricewise&seed=" + "9\u202e" * 3000]
)
def test_text_from_the_address_is_shown_short_and_clean(monkeypatch, query):
    """?game= of 6000 characters, or with U+202E, was quoted whole and reversed the page's own sentence."""
    monkeypatch.setenv("QUERY_STRING", query)
    page = app.play_page()
    shown = html.unescape(html_of(page))
    assert "\u202e" not in shown and "x" * 100 not in shown and "9" * 100 not in shown
    assert "\u2026" in shown or "danger" in shown


def test_seat_names_are_cut_and_cleaned():
    table = GameTable("thricewise", speed="instant")
    table.seats[0].name.value = "\u202eAnn\u0007" + "a" * 200
    name = table.state.name(0)
    assert name.startswith("Ann") and len(name) <= SEAT_NAME_LIMIT and name.isprintable()
