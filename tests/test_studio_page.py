"""The studio page without a browser: the clicks and words a teacher gives it, and what it shows back."""

import json

import pytest
import yaml

from tutor.games import games
from tutor.lessons import bundled_lessons, check_lesson
from tutor.messages import TRANSLATED, msg, set_language
from widgets.app import STUDIO, landing_page
from widgets.classroom.presenter import Presenter
from widgets.studio import StudioBody, studio_page


def first_move(body: StudioBody):
    return body.board.state.legal_moves()[0]


@pytest.mark.parametrize("game", list(games()))
def test_a_three_step_lesson_made_on_the_page(game):
    body = StudioBody(game)
    body.step_action("select", -1)
    body.title.boxes["en"].value = "My lesson"
    body.minutes.value = 5
    body.lesson_rules.value = body.lesson_rules.options[0][1:]
    body.board.move_callbacks(first_move(body))  # as a click on the board sends it
    assert body.draft.played and msg("studio.page.add-step-moves") == body.add.description
    body.add_step()
    body.say.boxes["en"].value = "First move."
    body.add_step()
    body.say.boxes["fr"].value = "À toi."
    assert "English" in body.say.missing.value and "Dutch" in body.say.missing.value
    body.asks.value = True
    body.prompt.boxes["en"].value = "Make a move."
    body.record.value = True
    answer = first_move(body)
    body.board.move_callbacks(answer)
    assert msg("studio.page.answer-kept") in body.message.value and len(body.accepted.moves) == 1
    body.record.value = False
    body.board.move_callbacks(answer)
    body.add_step()
    body.say.boxes["nl"].value = "Klaar."
    assert body.draft.problems() == {} and msg("studio.page.holds") in body.problems.value
    assert 'class="tutor-step-pick"' in body.steps.html and body.steps.html.count("tutor-step-item") == 4
    assert check_lesson("x.yaml", body.files.lesson_text) == []
    head = yaml.safe_load(body.files.lesson_text)
    assert head["minutes"] == 5 and head["rules"] == [body.lesson_rules.options[0][1]]
    assert body.files.unsaved
    body.files.downloaded()
    assert not body.files.unsaved
    assert json.loads(body.files.kept)["saved"] == body.files.lesson_text


def test_a_refused_move_is_said_in_words_and_undo_brings_moves_back():
    body = StudioBody("monster-trick")
    for _ in range(4):  # the predictions, where any order is allowed
        body.board.move_callbacks(first_move(body))
    state = body.board.state
    other = state.clone()
    other.to_move = (state.to_move + 1) % state.players  # a card from another player's hand
    wrong = next(move for move in other.legal_moves() if state.why_not(move) is not None)
    body.board.move_callbacks(wrong)
    assert str(state.why_not(wrong)) in body.message.value and "tutor-wrong" in body.message.value
    assert len(body.draft.played) == 4
    body.step_action("select", -1)  # moves not in a step are dropped with the selection
    assert body.draft.played == []
    body.undo()
    assert len(body.draft.played) == 4


def test_files_open_and_the_kept_draft_comes_back():
    path = bundled_lessons("thricewise")[2]
    body = StudioBody("monster-trick")
    body.files.uploaded(path.name, path.read_bytes())
    assert body.draft.entry.id == "thricewise" and len(body.draft.steps) == len(
        yaml.safe_load(path.read_text())["steps"]
    )
    assert msg("studio.page.opened", file=path.name) in body.message.value and not body.files.unsaved
    body.files.uploaded("bad.yaml", b"game: [")
    assert "bad.yaml" in body.message.value and "tutor-wrong" in body.message.value
    body.files.uploaded("pos.yaml", b"game: monster-trick\ntitle: x\nposition: {to_move: Nobody}\nsteps: [{say: hi}]\n")
    assert "pos.yaml: position:" in body.message.value and body.draft.entry.id == "thricewise"
    kept = body.files.kept
    fresh = StudioBody("danger-13")
    fresh.files.restored(kept)
    assert fresh.draft.yaml_text() == body.draft.yaml_text()
    fresh.files.restored("not json")  # a spoilt entry: the page goes on with what it has
    assert fresh.draft.yaml_text() == body.draft.yaml_text()
    other = StudioBody("danger-13")
    other.files._receive(other.files, {"restore": kept}, [])
    other.files._receive(other.files, {"restore": StudioBody("monster-trick").files.kept}, [])  # once only
    assert fresh.draft.yaml_text() == body.draft.yaml_text()
    assert other.draft.yaml_text() == body.draft.yaml_text()
    fresh.undo()  # back to the deal the page opened with
    assert fresh.draft.entry.id == "danger-13"


def test_preview_shows_the_lesson_as_a_learner_sees_it():
    body = StudioBody("danger-13")
    body.files.uploaded("l.yaml", bundled_lessons("danger-13")[0].read_bytes())
    body.preview(True)
    stepper = body.children[1].children[0].children[1]
    assert stepper.error == "" and stepper.total == len(body.draft.steps)
    body.preview(False)
    assert body.children[1].children == (body.stage, body.side)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_speaks_the_teachers_language_and_is_linked(monkeypatch, language):
    monkeypatch.setenv("QUERY_STRING", f"lang={language}")
    try:
        page = studio_page()
        assert msg("studio.page.title") in page.children[1].value and msg("studio.page.title") != "Lesson studio"
        assert STUDIO in landing_page().children[-1].value
        presenter = Presenter()
        presenter.setup()
        assert STUDIO in presenter.children[-1].value and msg("studio.link") in presenter.children[-1].value
    finally:
        set_language("en")


def test_a_step_that_relies_on_a_note_offers_to_name_it():
    path = next(path for game in games() for path in bundled_lessons(game) if "notes:" in path.read_text())
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    index = next(index for index, step in enumerate(data["steps"]) if step.get("notes"))
    named = data["steps"][index].pop("notes")
    body = StudioBody("danger-13")
    body.files.uploaded(path.name, yaml.safe_dump(data, allow_unicode=True).encode())
    body.step_action("select", index)
    assert body.draft.problems().get(index) and body.name_notes.layout.display is None
    body.name_notes.click()
    assert body.draft.steps[index]["notes"] == named and body.name_notes.layout.display == "none"
    assert index not in body.draft.problems()


def test_what_a_step_lights_up_is_lit_on_the_board():
    body = StudioBody("danger-13")
    body.add_step()
    body.highlight.value = "Blue, Green"
    assert body.draft.steps[0]["highlight"] == ["Blue", "Green"]
    assert body.board.table.highlight == [1, 2]
    body.step_action("select", -1)
    assert body.board.table.highlight == []


@pytest.mark.parametrize("game", list(games()))
def test_the_engines_checks_are_offered_in_words_and_written_with_its_values(game, speaking):
    speaking("fr")
    body = StudioBody(game)
    body.step_action("select", -1)
    body.title.boxes["fr"].value = "Vérifier"
    body.board.move_callbacks(first_move(body))
    body.add_step()
    body.say.boxes["fr"].value = "Regarde."
    labels = [label for label, _name in body.checks.options]
    assert not any(label.startswith("\u2713") for label in labels)
    assert labels and all("_" not in label for label in labels), "no internal names on screen"
    assert msg("studio.fact.game_over") + "\u00a0: " + msg("studio.page.fact-no") in labels
    body.checks.value = tuple(name for _label, name in body.checks.options)
    assert set(body.draft.steps[0]["check"]) == {name for _label, name in body.checks.options}
    assert all(label.startswith("\u2713 ") for label, _name in body.checks.options), "marked in words, not colour only"
    assert check_lesson("x.yaml", body.files.lesson_text) == []
    body.checks.value = ()
    assert "check" not in body.draft.steps[0]
