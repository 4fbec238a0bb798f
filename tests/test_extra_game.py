"""A game defined only in tests/extra_game/ works with the CLI, lessons, records, the random
bot and the session, without any edit outside its own package; every page of the app is
built for it, and those it cannot have yet (it has only its rules and lesson positions)
say so in words."""

import json
import re
from html import escape
from pathlib import Path

import pytest
import yaml
from engine_contract import check_parts, play_checking
from extra_game import take_last

from tutor import bots, cli, messages, records
from tutor import games as registry
from tutor.core import IllegalMove
from tutor.messages import LANGUAGES, msg
from tutor.session import PERSON, NotYourTurn, Session
from widgets import LessonStepper, app
from widgets.boards import has_board
from widgets.pages import SECTIONS, sections

HERE = Path(__file__).parent / "extra_game"


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The extra game in the registry and its texts in the catalogs for one test only (the
    tutor's pages list the registry; texts/ holds the shipped games' texts)."""
    registry.games()  # the shipped games found first, into the registry that stays
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(messages, "_extra_folders", list(messages._extra_folders))
    registry.register(take_last.GAME)
    messages.add_folder(Path(take_last.__file__).parent / "locales")
    yield
    messages.catalog.cache_clear()  # read again when next asked for, once monkeypatch has put the folders back


def test_it_keeps_the_engine_contract():
    for players in (2, 3, 4):
        for seed in range(5):
            play_checking("take-last", players, seed, seed + 100)
    check_parts("take-last")


def test_simulate_and_check_from_the_command_line(capsys, tmp_path):
    assert cli.main(["simulate", "--game", "take-last", "--players", "3", "--games", "20"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 20 and sum(figures["wins_per_seat"]) == 20
    lesson = HERE / "lesson.yaml"
    assert cli.main(["check", str(lesson)]) == 0
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(lesson.read_text().replace("pile: 7", "pile: 8"))
    assert cli.main(["check", str(wrong)]) == 1
    assert "pile" in capsys.readouterr().out


def test_records_replay_and_refuse_in_its_own_words():
    state = registry.game("take-last").new_game(2, seed=3)
    bots.play_out(state, bots.make_bots(registry.game("take-last"), ["random", "coach"], 2, seed=1))
    assert records.load("game.yaml", text=records.dumps(state)).snapshot() == state.snapshot()
    record = records.record_of(state)
    record["moves"][1] = record["moves"][1].rsplit(" ", 1)[0] + " 9"  # "Name: take 9"
    broken = yaml.safe_dump(record, sort_keys=False)
    with pytest.raises(records.RecordError, match="Take between 1 and 3 cards"):
        records.load("broken.yaml", text=broken)


def test_a_session_with_a_person_and_a_computer_player():
    session = Session(registry.game("take-last"), [PERSON, "random"], seed=4)
    session.run()
    assert session.person_to_move() == 0 and session.passing_to is None
    with pytest.raises(IllegalMove, match="Take between 1 and 3"):
        session.play(take_last.rules.Take(4))
    pile = session.state.pile
    session.play(take_last.rules.Take(2))
    with pytest.raises(NotYourTurn):  # the computer player takes next
        session.play(take_last.rules.Take(1))
    session.run()
    assert session.state.pile < pile - 2 or session.state.is_terminal()
    assert session.undo() and session.state.pile == pile
    kinds = [entry.events[0].kind for entry in session.history()]
    assert kinds[0] == "dealt" and set(kinds[1:]) <= {"took"}


def test_the_registry_says_what_a_game_has():
    extra = registry.game("take-last")
    assert extra.has("rules") and extra.has("lessons")
    assert not any(extra.has(part) for part in ("quizzes", "drills", "words", "glossary", "lesson files"))
    assert not has_board(extra) and all(has_board(shipped) for shipped in registry.games().values() if shipped != extra)
    assert sections(registry.game("take-last")) == ()
    for shipped in registry.games():
        if shipped != "take-last":
            assert sections(registry.game(shipped)) == SECTIONS, "the tutor's own games have every page"
    with pytest.raises(ValueError):
        extra.has("chess clock")


def html_of(widget) -> str:
    own = getattr(widget, "value", None)
    return (own if isinstance(own, str) else "") + "".join(map(html_of, getattr(widget, "children", ())))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("section", SECTIONS)
def test_every_page_is_built_and_says_in_words_why_it_is_empty(monkeypatch, capfd, section, language):
    monkeypatch.setenv("QUERY_STRING", f"game=take-last&lang={language}")
    page = getattr(app, f"{section}_page")()
    html = html_of(page)
    assert page.name == f"{section} take-last (not there yet)"
    assert escape(msg(f"app.{section}.none", game=registry.game_name("take-last"))) in html
    assert "take-last" not in " ".join(re.findall(r'<nav aria-label="[^"]*">.*?</nav>', html)[1:]), (
        "the game's own bar links none of the pages it does not have"
    )
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_landing_page_lists_the_game_without_links_to_pages_it_lacks(monkeypatch, language):
    monkeypatch.setenv("QUERY_STRING", f"lang={language}")
    html = html_of(app.landing_page())
    cards = dict(re.findall(r'<section class="tutor-game" data-game="([^"]+)">(.*?)</section>', html, re.S))
    extra = cards.pop("take-last")
    assert escape(registry.game_name("take-last")) in extra and escape(msg("app.landing.no-pages")) in extra
    assert "<a " not in extra
    assert all(card.count("<a ") == len(SECTIONS) for card in cards.values()), "the tutor's own games: every page"


def test_a_lesson_for_a_game_without_a_board_says_so():
    stepper = LessonStepper(HERE / "lesson.yaml")
    assert stepper.error == msg("app.no-board", game="Take the Last") and stepper.board is None
