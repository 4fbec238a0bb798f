"""A game defined only in tests/extra_game/ works with the CLI, lessons, records, the random
bot and the session, without any edit outside its own package."""
import json
from pathlib import Path

import pytest
import yaml
from engine_contract import play_checking
from extra_game import take_last

from tutor import bots, cli, messages, records
from tutor import games as registry
from tutor.core import IllegalMove
from tutor.session import PERSON, NotYourTurn, Session

HERE = Path(__file__).parent / "extra_game"


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The extra game in the registry for one test only (the tutor's pages list the registry)."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.register(take_last.GAME)
    messages.add_folder(Path(take_last.__file__).parent / "locales")
    yield


def test_it_keeps_the_engine_contract():
    for players in (2, 3, 4):
        for seed in range(5):
            play_checking("take-last", players, seed, seed + 100)


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
    bots.play_out(state, bots.make_bots("take-last", ["random", "coach"], 2, seed=1))
    assert records.load("game.yaml", text=records.dumps(state)).snapshot() == state.snapshot()
    record = records.record_of(state)
    record["moves"][1] = record["moves"][1].rsplit(" ", 1)[0] + " 9"  # "Name: take 9"
    broken = yaml.safe_dump(record, sort_keys=False)
    with pytest.raises(records.RecordError, match="Take between 1 and 3 cards"):
        records.load("broken.yaml", text=broken)


def test_a_session_with_a_person_and_a_computer_player():
    session = Session("take-last", [PERSON, "random"], seed=4)
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
