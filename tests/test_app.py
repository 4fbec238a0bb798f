"""The app's pages without a browser: what each builder makes, its links, its errors."""

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from html import escape
from pathlib import Path
from urllib.parse import parse_qs

import nbformat
import pytest
from widget_text import html_of

from tutor.core import TutorError, advance_chance
from tutor.games import Game, game_name, games
from tutor.games import game as registered
from tutor.lessons import bundled_lessons, load_lesson, turn_in_brief
from tutor.messages import language, msg
from tutor.quizzes import quiz
from widgets import app, classroom, languages, visitor
from widgets.learn import LessonShelf
from widgets.log import sentence
from widgets.page_tools import PageTools
from widgets.play import GameTable

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def links(widget) -> list[str]:
    """The links to pages (the play page's record download is a data: address)."""
    return re.findall(r'href="(?!data:)([^"]+)"', html_of(widget))


def test_landing_page_lists_the_games_with_their_lesson_time():
    page = app.landing_page()
    html = html_of(page)
    assert page.name == "landing"
    for game in games():
        minutes = [load_lesson(path).minutes for path in bundled_lessons(game)]
        assert game_name(game) in html
        assert escape(app.lesson_time(minutes)) in html


@pytest.mark.parametrize(
    "minutes, key",
    [
        ([], "app.landing.lessons-none"),
        ([4], "app.landing.lessons-one"),
        ([3, 3], "app.landing.lessons-same"),
        ([2, 5, 3], "app.landing.lessons-range"),
    ],
)
def test_lesson_time_in_words(minutes, key):
    assert app.lesson_time(minutes) == msg(
        key,
        count=len(minutes),
        minutes=minutes[0] if minutes else 0,
        low=min(minutes, default=0),
        high=max(minutes, default=0),
    )


@pytest.mark.parametrize("game", games())
@pytest.mark.parametrize("section", app.SECTIONS)
def test_every_game_page_is_built(game, section):
    page = getattr(app, f"{section}_page")(game)
    assert page.name.startswith(f"{section} {game}")
    assert msg(f"app.nav.{section}") in html_of(page)


def test_every_link_leads_to_a_notebook():
    pages = [(app.HOME, app.landing_page())] + [
        (app.page_file(section, game), getattr(app, f"{section}_page")(game))
        for game in games()
        for section in app.SECTIONS
    ]
    for here, page in pages:
        for link in links(page):
            notebook, _, query = link.partition("?")
            asked = parse_qs(query.replace("&amp;", "&"))
            assert not link.startswith("/"), "relative, so that it holds wherever the notebooks are served"
            assert asked.pop("lang") == ["en"], link
            if notebook == "learn.ipynb":  # the learn page's link to its turn in brief
                assert asked.pop("summary", ["1"]) == ["1"], link
            if notebook == "play.ipynb":  # the link that deals the same cards again names them
                assert all(seed.isdigit() for seed in asked.pop("seed", [])), link
            assert asked in ({}, {"game": [asked.get("game", [""])[0]]}) and set(*asked.values()) <= set(games()), link
            assert (NOTEBOOKS / here.partition("?")[0]).parent.joinpath(notebook).resolve().is_file(), link


def test_a_game_page_reads_its_game_from_the_address(monkeypatch):
    game = list(games())[-1]
    monkeypatch.setenv("QUERY_STRING", f"game={game}&lesson=2&step=1")
    page = app.learn_page()
    assert page.name == f"learn {game}" and game_name(game) in html_of(page)
    assert 'href="?game=' + game + '&amp;lang=nl"' in html_of_chooser(page), "the language links keep the game"


def test_the_learn_pages_summary_view_is_the_turn_in_brief_and_its_rules(monkeypatch):
    game = next(iter(games()))
    monkeypatch.setenv("QUERY_STRING", f"game={game}&summary=1")
    page = app.learn_page()
    assert page.name == f"turn in brief {game}"
    assert "tutor-turn-back" in html_of(page)
    turn, reference = page.children[-1].children
    assert msg("app.learn.turn-heading", game=game_name(game)) in turn.html
    assert {rule.id for rule in reference.rules} == {rule for rule, _line in turn_in_brief(game)}


def html_of_chooser(page) -> str:
    return "".join(
        part.html
        for row in page.children[0].children
        for part in getattr(row, "children", ())
        if hasattr(part, "chosen")
    )


@pytest.mark.parametrize("query", ["", "lang=fr", "game=chess"])
def test_a_game_page_without_a_known_game_lists_the_games_by_name(monkeypatch, query):
    monkeypatch.setenv("QUERY_STRING", query)
    page = app.practise_page()
    html = html_of(page)
    assert page.name == "problem"
    assert msg("app.problem.heading") in html and "Traceback" not in html
    for game in games():
        assert escape(game_name(game)) in html
        assert f'href="{escape(app.href(app.page_file("learn", game), app.HOME))}"' in html, "a way on to each game"
    assert ("chess" in html) == ("chess" in query)


def test_a_lesson_that_does_not_hold_is_explained_not_thrown(monkeypatch):
    def broken(path):
        raise TutorError("lesson.yaml: step 2: the move 'blue 9 -> 5' is refused.")

    monkeypatch.setattr(app, "load_lesson", broken)
    monkeypatch.setattr(Game, "lesson_files", lambda game: [Path("lesson.yaml")])
    page = app.learn_page("monster-trick")
    assert page.name == "problem"
    assert "step 2: the move" in html_of(page)
    assert msg("app.nav.learn") in html_of(page), "the navigation bar stays, so the learner can go elsewhere"


def test_a_bug_shows_a_plain_sentence_and_logs_the_traceback(monkeypatch, capfd):
    monkeypatch.setattr(app, "load_lesson", lambda path: 1 / 0)
    page = app.landing_page()
    assert page.name == "problem"
    assert escape(msg("app.problem.unexpected")) in html_of(page)
    assert "ZeroDivisionError" not in html_of(page)
    assert "ZeroDivisionError" in capfd.readouterr().err


def test_the_page_text_form_names_the_page():
    """nbval compares this text, so it must not depend on widget internals."""
    assert repr(app.practise_page("thricewise")) == "<practise thricewise page>"


def quiz_round(page):
    return next(child for child in page.children if isinstance(child, app.QuizRound))


def test_every_visit_to_practise_has_its_own_questions_unless_the_address_names_a_seed(monkeypatch):
    """Two visits, two orders (in any language); ``?seed=`` gives a chosen round again."""
    monkeypatch.setenv("QUERY_STRING", "game=danger-13")
    visits = [quiz_round(app.practise_page()) for _ in range(2)]
    assert visits[0].seed != visits[1].seed
    assert [q.prompt for q in visits[0].questions] != [q.prompt for q in visits[1].questions]
    monkeypatch.setenv("QUERY_STRING", "game=danger-13&lang=nl&seed=7")
    chosen = quiz_round(app.practise_page())
    assert chosen.seed == 7
    assert [(q.kind, q.values) for q in chosen.questions] == [
        (q.kind, q.values) for q in quiz(registered("danger-13"), 7, 10)
    ]


@pytest.mark.parametrize("seed", ["seven", "-3", "1e9"])
def test_a_seed_that_is_not_a_whole_number_gives_new_questions_and_says_why(monkeypatch, seed):
    monkeypatch.setenv("QUERY_STRING", f"game=thricewise&seed={seed}")
    page = app.practise_page()
    assert escape(msg("app.bad-seed", seed=seed)) in html_of(page) and "Traceback" not in html_of(page)
    assert quiz_round(page).questions


@pytest.mark.parametrize("game", games())
def test_a_quiz_round_answers_with_the_engines_reasons(game):
    round_ = app.QuizRound(registered(game), seed=3, count=2)
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


def test_a_question_s_position_shows_its_buttons_but_they_play_nothing():
    """A hand card's owner deciding: take and refuse are drawn, disabled (the question says
    what was chosen), and a click on them changes nothing."""
    round_ = app.QuizRound(registered("danger-13"), seed=0, count=5)
    round_.ask(next(index for index, question in enumerate(round_.questions) if question.kind == "d13-hand"))
    actions, before = round_.board.actions, round_.board.state.snapshot()
    assert actions.actions and "disabled" in actions.html and not actions.accepting
    heard = []
    round_.board.move_callbacks.register(heard.append)
    for name, _, _ in actions.actions:
        actions.click(name)
    assert heard == [] and round_.board.state.snapshot() == before


@pytest.mark.parametrize("game", games())
def test_the_score_runs_after_every_answer(game):
    round_ = app.QuizRound(registered(game), seed=5, count=4)
    answers = [0, 1, 1, 1]  # wrong first, then right: 0 of 1, 1 of 2, 2 of 3, 3 of 4
    for number, right in enumerate(answers):
        question = round_.questions[number]
        round_.choose(
            question.correct
            if right
            else next(index for index in range(len(question.choices)) if index != question.correct)
        )
        assert (
            msg("app.practise.running", right=sum(answers[: number + 1]), answered=number + 1) in round_.counter.value
        )
        round_.onward.click()


@pytest.mark.parametrize("game", games())
def test_show_me_steps_from_the_position_to_the_answer(game):
    """Every kind of question: a move is played on the board, a card lights its slots,
    a player's VP cards turn up; a second click shows the question's position again."""
    round_ = app.QuizRound(
        registered(game), seed=3, count=len(registered(game).part("quizzes").MAKERS)
    )  # one of each kind
    for number, question in enumerate(round_.questions):
        round_.ask(number)
        board = round_.board
        assert round_.show_me.layout.display == "none", "show me waits for an answer: it would give it away"
        round_.choose(question.correct)
        round_.show_me.click()
        subject, position = question.subject, question.position
        if subject in position.legal_moves():
            assert board.state.move_stack == [*position.move_stack, subject]
            assert escape(sentence(board.state, -1)) in round_.shown.value
        elif isinstance(subject, int):
            assert board.seat == subject
        elif hasattr(subject, "cell"):  # a place the card may not go: where it may go is lit instead
            assert (
                board.grid.lit
                == [
                    cell
                    for cell in position.open_cells()
                    if position.why_not(type(subject)(subject.card, cell)) is None
                ]
                and subject.cell not in board.grid.lit
            )
        else:  # a card: where it may go (slots, or the rows of who may receive it) is lit
            assert board.table.lit == list(question.values[question.correct])
        round_.show_me.click()
        assert board.state is position and board.seat is None and round_.shown.value == ""


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.rglob("*.ipynb")), ids=lambda path: str(path.relative_to(NOTEBOOKS)))
def test_notebooks_are_thin_and_executed(path):
    notebook = nbformat.read(path, as_version=4)
    (cell,) = notebook.cells
    source = cell.source.splitlines()
    assert source[0].startswith(
        ("from widgets.app import ", "from widgets.classroom import ", "from widgets.studio import ")
    )
    assert len([line for line in source if line]) == 2
    assert cell.outputs, "store outputs: jupyter nbconvert --execute --to notebook --inplace (see notebooks/README.md)"


def test_every_page_has_a_notebook():
    """One notebook per kind of page, for every game: the address names the game."""
    expected = {app.HOME, app.STUDIO, *classroom.PAGES} | {
        app.page_file(section, game).partition("?")[0] for game in games() for section in app.SECTIONS
    }
    assert {str(path.relative_to(NOTEBOOKS)) for path in NOTEBOOKS.rglob("*.ipynb")} == expected


def test_voila_configuration():
    config = json.loads((ROOT / "voila.json").read_text())
    assert config["Voila"]["root_dir"] == "notebooks"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    for notebook in config["VoilaKernelManager"]["kernel_pools_config"]:
        assert notebook == "default" or (NOTEBOOKS / notebook).is_file()


def test_a_vp_question_hides_the_active_card_until_show_me():
    round_ = app.QuizRound(registered("monster-trick"), seed=0, count=9)
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
    assert players.reveal_active == ("active-vp" not in round_.question.conceals)


@pytest.mark.parametrize(
    "game, kind, part, hides, shown",
    [
        (
            "monster-trick",
            "mt-trick",
            "table",
            "claims",
            lambda state: msg(
                "widgets.mt.claimed-by",
                player=state.name(state.claim[next(slot for slot, trick in enumerate(state.tricks) if trick)]),
            ),
        ),
        ("danger-13", "d13-receive", "table", "has_card", lambda state: msg("widgets.d13.has-card")),
        (
            "thricewise",
            "tw-cell",
            "grid",
            "bounds",
            lambda state: msg("widgets.tw.grid-size", width=state.grid_size()[0], height=state.grid_size()[1], limit=6),
        ),
    ],
)
def test_the_board_hides_what_would_name_the_answer_until_show_me(game, kind, part, hides, shown):
    """Who holds a trick's claim (its marker), who has had a card this deal (a tag) and
    how far the grid may grow (its size, walls and crossed-out places) give these kinds'
    answers away: hidden while asked, shown after "show me"."""
    round_ = app.QuizRound(registered(game), seed=1, count=12)
    round_.ask(next(index for index, question in enumerate(round_.questions) if question.kind == kind))
    drawn, position = getattr(round_.board, part), round_.question.position
    assert escape(shown(position)) not in drawn.html and not getattr(drawn, hides)
    round_.choose(round_.question.correct)
    round_.show_me.click()
    assert getattr(drawn, hides)
    round_.show_me.click()  # back to the position as asked
    assert escape(shown(position)) not in drawn.html


def test_an_opened_rule_shows_beside_the_step_and_opens_in_the_reference():
    shelf = LessonShelf(registered("monster-trick"), [load_lesson(path) for path in bundled_lessons("monster-trick")])
    stepper = shelf.stage.children[0]
    rule_id = stepper.rule_ids()[0]
    stepper.panel.click(f"rule:{rule_id}")
    text = escape(next(rule for rule in stepper.lesson.entry.rule_list if rule.id == rule_id).text)
    assert rule_id in shelf.reference.opened and text in shelf.reference.html
    assert text in stepper.panel.html, "beside the step, where the learner is looking (the reference may be off screen)"


def test_the_address_names_the_lesson_and_step_and_moves_the_shelf():
    shelf = LessonShelf(registered("monster-trick"), [load_lesson(path) for path in bundled_lessons("monster-trick")])
    address = shelf.address
    assert address.place == [0, 0]
    address.place = [2, 1]  # an address opened, or Back/Forward in the browser
    assert shelf.chooser.value == 2 and shelf.stage.children[0].step == 1
    shelf.stage.children[0].back()
    assert address.place == [2, 0], "every step the learner takes is named in the address"
    address.place = [99, 99]
    assert address.place == [len(shelf.lessons) - 1, shelf.stage.children[0].total - 1], "out of range: the end"


def test_an_address_out_of_range_opens_the_nearest_place_says_so_and_finishes_nothing():
    lessons = [load_lesson(path) for path in bundled_lessons("thricewise")]
    shelf = LessonShelf(registered("thricewise"), lessons)
    address = shelf.address
    address.place = [98, 98]  # ?lesson=99&step=99
    last = len(lessons) - 1
    assert address.place == [last, len(lessons[last].steps) - 1] and address.corrected
    assert escape(msg("app.learn.no-lesson", asked=99, number=last + 1)) in address.html
    assert address.done == [] and not any(label.startswith("\u2713") for label, _ in shelf.chooser.options), (
        "a lesson opened at its end by a wrong address was not finished"
    )
    address.place = [3, 50]
    assert address.place == [3, len(lessons[3].steps) - 1]
    assert escape(msg("app.learn.no-step", lesson=4, asked=51, number=len(lessons[3].steps))) in address.html
    shelf.stage.children[0].back()
    assert not address.corrected and "tutor-address-notice" not in address.html, "the notice goes with the next move"


def test_finished_lessons_are_marked_in_the_list_without_leaving_the_step():
    lessons = [load_lesson(path) for path in bundled_lessons("monster-trick")]
    shelf = LessonShelf(registered("monster-trick"), lessons)
    address = shelf.address
    address.place = [1, 0]
    stepper = shelf.stage.children[0]
    while stepper.step < stepper.total - 1:  # walk to the end, answering try-it steps with the first accepted move
        if stepper.waiting:  # the first accepted move, or any allowed one when the step accepts every move
            accepted = stepper.current.try_.accept
            stepper.play(accepted[0] if accepted else stepper.states[stepper.step].legal_moves()[0])
        stepper.next()
    assert Path(lessons[1].path).stem in address.done
    assert shelf.chooser.options[1][0].startswith("\u2713") and shelf.chooser.value == 1
    assert shelf.stage.children[0] is stepper and stepper.step == stepper.total - 1, "the learner stays where they are"
    address.done = [Path(lessons[0].path).stem]  # as the browser remembered it
    assert shelf.chooser.options[0][0].startswith("\u2713") and not shelf.chooser.options[1][0].startswith("\u2713")


def test_the_last_step_of_the_last_lesson_leads_to_the_practise_page():
    lessons = [load_lesson(path) for path in bundled_lessons("danger-13")]
    shelf = LessonShelf(registered("danger-13"), lessons)
    shelf.address.place = [len(lessons) - 1, 99]
    assert (
        escape(app.href(app.page_file("practise", "danger-13"), app.page_file("learn", "danger-13")))
        in shelf.address.html
    )
    shelf.address.place = [0, 0]
    assert "practise.ipynb" not in shelf.address.html


def test_every_page_carries_the_text_size_control_and_answers_the_heartbeat():
    for page in (app.landing_page(), app.learn_page("danger-13"), app.play_page("thricewise")):
        bar = page.children[0]
        tools = [child for child in bar.children if isinstance(child, PageTools)]
        assert len(tools) == 1
        for size in ("normal", "large", "projector"):
            assert f'data-zoom="{size}"' in tools[0].html and escape(msg(f"app.zoom.{size}")) in tools[0].html
    sent = []
    tools[0].send = sent.append
    tools[0]._receive(tools[0], {"ping": 12}, [])
    assert sent == [{"pong": 12}], "the browser's ping is answered, so it knows the server is there"
    assert tools[0].lost_text == msg("app.lost.text")


def test_a_kernel_started_ahead_builds_its_pages_then_keeps_none_of_them():
    """A pool's kernel builds the page for each game before its visitor's request (so that
    what is left after it is quick), and sends none of those pages to the visitor."""
    # ipywidgets keeps its registry of live widgets private; it is what this test is about
    from ipywidgets.widgets.widget import _instances  # noqa: PLC2701

    app.ready_ahead.cache_clear()
    built = []
    app.ready_ahead("learn", lambda game, bodies: built.append(app.learn_page.__wrapped__(game, bodies)))
    assert [page.name for page in built] == [f"learn {game}" for game in games()]
    assert not _instances, "every widget of the pages built ahead is closed"
    assert app.learn_page(list(games())[-1]).name == f"learn {list(games())[-1]}"


def test_pages_built_ahead_do_not_wait_for_the_visitors_request(monkeypatch):
    """Building ahead reads an address with nothing on it; only the visitor's own page waits
    for the request. (The learn page once waited in the middle of building ahead: most of that
    work came after the visitor asked, 0.6 s of every pooled learn page.)"""
    waited = []

    def request_arrives() -> None:
        waited.append(len(built))
        monkeypatch.setenv("QUERY_STRING", "game=thricewise&lang=nl")

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(visitor, "wait_for_request", request_arrives)
    languages._request_details.cache_clear()
    app.ready_ahead.cache_clear()
    built: list = []
    app.ready_ahead("learn", lambda game, bodies: built.append(app.learn_page.__wrapped__(game, bodies)))
    assert len(built) == len(games()) and waited == []
    page = app.learn_page()
    assert waited == [len(games())] and page.name == "learn thricewise" and language() == "nl"
    languages._request_details.cache_clear()


def test_play_pages_built_ahead_leave_no_computer_players_moving(monkeypatch):
    """Pages built ahead are thrown away: their computer players stop with them, and only
    the visitor's table plays on in the kernel's loop."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(visitor, "wait_for_request", lambda: monkeypatch.setenv("QUERY_STRING", "game=thricewise"))
    languages._request_details.cache_clear()
    app.ready_ahead.cache_clear()

    async def visit() -> tuple[GameTable, set]:
        table = table_of(app.play_page())
        await asyncio.sleep(0)  # the started tasks run up to their first beat
        return table, {task for task in asyncio.all_tasks() if task is not asyncio.current_task()}

    try:  # in a thread of its own: the browser tests' Playwright keeps an event loop running in this one
        with ThreadPoolExecutor(1) as thread:
            table, running = thread.submit(asyncio.run, visit()).result()
    finally:
        languages._request_details.cache_clear()
        app.ready_ahead.cache_clear()
    assert running == {table.bots._task}, "the visitor's own coaches are the only ones playing"


def table_of(page):
    return next(child for child in page.children if isinstance(child, GameTable))


def test_every_fresh_play_page_and_new_game_is_a_new_deal(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=thricewise")
    tables = [table_of(app.play_page()) for _ in range(3)]
    seeds = {table.seed for table in tables}
    assert len(seeds) == 3, "three visits, three deals (seed 1 every time was the old page)"
    # the deal itself (a chance step the table may not have taken yet when the page is built)
    hands = {tuple(map(str, advance_chance(table.state.clone()).hands[0])) for table in tables}
    assert len(hands) > 1, "the learner sees other cards, not lesson 1's hand again"
    first = tables[0].seed
    tables[0].start.click()
    assert tables[0].seed != first
    assert f'data-seed="{tables[0].seed}"' in tables[0].deal.value


def test_a_seed_on_the_address_deals_that_game_for_everyone(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=danger-13&seed=42")
    tables = [table_of(app.play_page()) for _ in range(2)]
    assert [table.seed for table in tables] == [42, 42]
    assert tables[0].state.snapshot() == tables[1].state.snapshot(), "the teacher's class sees one deal"
    assert "seed=42" in tables[0].deal.value and escape(msg("app.play.deal-link")) in tables[0].deal.value
    tables[0].start.click()
    tables[1].start.click()
    assert tables[0].seed == tables[1].seed == 43, "and the next deals follow in the same order"


@pytest.mark.parametrize("seed", ["abc", "-3", "1.5", ""])
def test_a_seed_that_is_not_a_whole_number_deals_afresh(monkeypatch, seed):
    monkeypatch.setenv("QUERY_STRING", f"game=danger-13&seed={seed}")
    assert table_of(app.play_page()).fresh


def test_a_strength_on_the_address_fixes_the_computer_players(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=thricewise&strength=beginner")
    table = table_of(app.play_page())
    assert set(table.kinds) == {"person", "beginner"} and "beginner" in table.kinds
    monkeypatch.setenv("QUERY_STRING", "game=thricewise&strength=genius")
    page = app.play_page()
    assert table_of(page).strength is None
    assert any("genius" in getattr(child, "value", "") for child in page.children), "the note names the address's word"
