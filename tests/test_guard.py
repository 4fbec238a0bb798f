"""What a visitor's own client can send that the page's browser side never does: clicks on
disabled or hidden controls, a second answer, "show me" before answering, rows and cells
clicked while the table waits for someone else. The kernel ignores each of them."""

import html
import io
import logging

import ipywidgets as w
import pytest
from random_play import played_until
from widget_text import html_of

from tutor.classroom import Classrooms, open_store
from tutor.games import danger13 as d13
from tutor.games import game as registered
from tutor.games import thricewise as tw
from tutor.messages import msg
from widgets import app, guard
from widgets.boards.danger13 import Danger13Board
from widgets.boards.thricewise import ThricewiseBoard
from widgets.classroom.presenter import Presenter
from widgets.learn import LessonShelf
from widgets.page_tools import PageTools
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
    quiz = QuizRound(registered("danger-13"), seed=3)
    wrong = next(index for index in range(len(quiz.question.choices)) if index != quiz.question.correct)
    for _ in range(30):
        sent_click(quiz.choices.children[wrong])
        quiz.choose(quiz.question.correct)  # and the model itself, whatever its buttons say
    assert (quiz.right, quiz.answered) == (0, 1)


def test_show_me_waits_for_the_answer():
    """The hidden "Show me" lit the answer before the learner answered."""
    guard.guard_buttons()
    quiz = QuizRound(registered("thricewise"), seed=5)
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
    table = GameTable(registered("thricewise"), speed="instant")
    table.seats[0].name.value = "\u202eAnn\u0007" + "a" * 200
    name = table.state.name(0)
    assert name.startswith("Ann") and len(name) <= SEAT_NAME_LIMIT and name.isprintable()


# ------------------------------------------------------------- values the browser sends
# Each of these logged a traceback on the server (issue 37: widgets/learn.py:140,
# widgets/address.py:146, widgets/play.py:255 and :272, widgets/classroom/presenter.py:253).


def browser_sets(widget: w.Widget, **state) -> None:
    """An update as a visitor's own client may send it, through the kernel's guard."""
    guard.guard_updates()
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def found(widget: w.Widget, kind: type) -> w.Widget:
    if isinstance(widget, kind):
        return widget
    for child in getattr(widget, "children", ()):
        if (inside := found(child, kind)) is not None:
            return inside
    return None


@pytest.fixture
def no_traceback(caplog):
    """ipywidgets logs an exception in a widget's handler with its traceback (in a kernel:
    showtraceback, which widgets.guard sends to the server's log)."""
    yield
    assert [record.getMessage() for record in caplog.get_records("call") if record.exc_info] == []


def says_refused(page: w.Widget) -> bool:
    return "tutor-refused" in found(page, PageTools).html and msg("app.refused") in html.unescape(
        found(page, PageTools).html
    )


@pytest.mark.parametrize("index", [None, 99, -1])
def test_a_lesson_choice_that_names_no_lesson_is_refused_in_words(no_traceback, index):
    """index None reached LessonShelf.show(None): 'list indices must be integers'."""
    page = app.learn_page("monster-trick")
    shelf = found(page, LessonShelf)
    shelf.show(2)
    browser_sets(shelf.chooser, index=index)
    assert shelf.chooser.value == 2 and shelf.address.place[0] == 2
    assert says_refused(page)
    browser_sets(shelf.chooser, index=3)  # a lesson in the list is still taken
    assert shelf.address.place[0] == 3


def test_finished_lessons_that_are_not_names_are_refused(no_traceback):
    """done = [[1]] made set(done) raise in LessonAddress.mark_done."""
    page = app.learn_page("monster-trick")
    address = found(page, LessonShelf).address
    for done in ([[1]], [{"a": 1}], [None], ["01-first-game", 3]):
        browser_sets(address, done=done)
    assert address.done == [] and says_refused(page)
    browser_sets(address, done=[address.names[1]])
    assert address.done == [address.names[1]]


def test_a_number_of_players_that_names_none_is_refused(no_traceback):
    """players index None: '[...] * None' in GameTable._set_seats."""
    page = app.play_page("danger-13")
    table = found(page, GameTable)
    players = table.players.value
    for index in (None, len(table.players.options)):
        browser_sets(table.players, index=index)
    assert table.players.value == players and len(table.seats) == players
    assert says_refused(page)


def test_a_seat_left_off_the_table_changes_nothing(no_traceback):
    """Four players, then three: the fourth seat's name box, still in the browser for a moment,
    renamed seat 3 of a three-seat list (IndexError in GameTable.name_of)."""
    table = GameTable(registered("monster-trick"), speed="instant")
    table.players.value = max(table.players.options)
    gone = table.seats[-1]
    table.players.value = min(table.players.options)
    names = [table.state.name(seat) for seat in range(len(table.seats))]
    seed = table.seed
    browser_sets(gone.name, value="Zed")
    browser_sets(gone.kind, index=0)
    assert [table.state.name(seat) for seat in range(len(table.seats))] == names and table.seed == seed
    browser_sets(table.seats[0].name, value="Ann")
    assert table.state.name(0) == "Ann"


def test_a_class_form_game_that_names_none_is_refused(no_traceback, tmp_path):
    """The form's game index None: lesson_choices(None), 'There is no game called None'."""
    rooms = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"))
    teacher = Presenter(rooms)
    teacher.opened({"href": "http://example.org/voila/render/classroom/teach.ipynb", "query": {}, "stored": None})
    game, lesson = teacher.game.value, teacher.lesson.value
    for field in (teacher.game, teacher.lesson):
        browser_sets(field, index=None)
    assert (teacher.game.value, teacher.lesson.value) == (game, lesson)
    assert says_refused(teacher)
    rooms.store.close()


def test_an_interrupted_kernel_logs_no_traceback_but_a_fault_does(caplog):
    """The server interrupts a page's kernel still at work when its visitor leaves: not a fault."""
    for fault in (KeyboardInterrupt(), ValueError("a bug")):
        try:
            raise fault
        except BaseException:
            guard._log_traceback()
    errors = [record for record in caplog.records if record.levelname == "ERROR"]
    assert [record.exc_info[0] for record in errors] == [ValueError]


def test_the_server_log_counts_the_lines_it_left_out_without_changing_the_record():
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(guard.Counting("%(message)s"))
    sparing = guard.Sparing()
    handler.addFilter(sparing)
    records = []
    logger = logging.getLogger("tutor.test-sparing")
    logger.addHandler(handler)
    logger.addFilter(lambda record: records.append(record) or True)
    logger.propagate = False
    for number in range(guard.Sparing.LINES + 5):
        logger.warning("line %d", number)
    sparing.since -= guard.Sparing.SECONDS + 1  # the next window
    logger.warning("after")
    assert out.getvalue().splitlines()[-2:] == [
        f"line {guard.Sparing.LINES - 1}",
        "after (5 lines left out before this one)",
    ]
    assert records[-1].getMessage() == "after"  # what other handlers (a test's caplog) read
