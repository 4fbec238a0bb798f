"""The studio page without a browser: the clicks and words a teacher gives it, and what it shows back."""

import json
from html import escape

import pytest
import yaml
from one_file import one_file

from tutor.core import notation_words
from tutor.games import game as registered
from tutor.games import games
from tutor.lessons import bundled_lessons, check_lesson
from tutor.messages import TRANSLATED, language, msg, set_language
from tutor.studio import movers
from widgets.app import STUDIO, landing_page
from widgets.classroom.presenter import Presenter
from widgets.studio import PREVIOUS_KEPT, StudioBody, studio_page


def first_move(body: StudioBody):
    return body.board.state.legal_moves()[0]


@pytest.mark.parametrize("game", list(games()))
def test_a_three_step_lesson_made_on_the_page(game):
    body = StudioBody(registered(game))
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
    body = StudioBody(registered("monster-trick"))
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
    body = StudioBody(registered("monster-trick"))
    body.files.uploaded(path.name, one_file(path).encode())
    assert body.draft.entry.id == "thricewise" and len(body.draft.steps) == len(yaml.safe_load(one_file(path))["steps"])
    assert msg("studio.page.opened", file=path.name) in body.message.value and not body.files.unsaved
    body.files.uploaded("bad.yaml", b"game: [")
    assert "bad.yaml" in body.message.value and "tutor-wrong" in body.message.value
    body.files.uploaded("pos.yaml", b"game: monster-trick\ntitle: x\nposition: {to_move: Nobody}\nsteps: [{say: hi}]\n")
    assert "pos.yaml: position:" in body.message.value and body.draft.entry.id == "thricewise"
    kept = body.files.kept
    fresh = StudioBody(registered("danger-13"))
    fresh.files.restored(kept)
    assert fresh.draft.yaml_text() == body.draft.yaml_text()
    fresh.files.restored("not json")  # a spoilt entry: the page goes on with what it has
    assert fresh.draft.yaml_text() == body.draft.yaml_text()
    other = StudioBody(registered("danger-13"))
    other.files._receive(other.files, {"restore": kept}, [])
    other.files._receive(other.files, {"restore": StudioBody(registered("monster-trick")).files.kept}, [])  # once only
    assert fresh.draft.yaml_text() == body.draft.yaml_text()
    assert other.draft.yaml_text() == body.draft.yaml_text()
    fresh.undo()  # back to the deal the page opened with
    assert fresh.draft.entry.id == "danger-13"


def test_preview_shows_the_lesson_as_a_learner_sees_it():
    body = StudioBody(registered("danger-13"))
    body.files.uploaded("l.yaml", one_file(bundled_lessons("danger-13")[0]).encode())
    body.preview(True)
    stepper = body.workspace.children[0].children[1]
    assert stepper.error == "" and stepper.total == len(body.draft.steps)
    body.preview(False)
    assert body.workspace.children == (body.stage, body.side)


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
    data = yaml.safe_load(one_file(path))
    index = next(index for index, step in enumerate(data["steps"]) if step.get("notes"))
    named = data["steps"][index].pop("notes")
    body = StudioBody(registered("danger-13"))
    body.files.uploaded(path.name, yaml.safe_dump(data, allow_unicode=True).encode())
    body.step_action("select", index)
    assert body.draft.problems().get(index) and body.name_notes.layout.display is None
    body.name_notes.click()
    assert body.draft.steps[index]["notes"] == named and body.name_notes.layout.display == "none"
    assert index not in body.draft.problems()


def test_what_a_step_lights_up_is_lit_on_the_board():
    body = StudioBody(registered("danger-13"))
    body.add_step()
    body.highlight.value = "Blue, Green"
    assert body.draft.steps[0]["highlight"] == ["Blue", "Green"]
    assert body.board.table.highlight == [1, 2]
    body.step_action("select", -1)
    assert body.board.table.highlight == []


@pytest.mark.parametrize("game", list(games()))
def test_the_engines_checks_are_offered_in_words_and_written_with_its_values(game, speaking):
    speaking("fr")
    body = StudioBody(registered(game))
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


# What a click on each markable part of each game's board sends, what the step's highlight then
# holds (the lesson format's words, seats by their English names) and how the page names it.
MARKABLE = {
    "monster-trick": lambda board: [
        (board.table, "slot:3", "slot 4", msg("widgets.mt.slot", slot=4)),
        (board.hand, "card:0", notation_words(board.hand.cards[0]), str(board.hand.cards[0])),
        (board.players, "seat:1", "Red", msg("widgets.seat-colour.red")),
    ],
    "danger-13": lambda board: [
        (board.table, "pile", "pile", msg("widgets.d13.pile", count=board.state.view(0)["pile_size"])),
        (board.table, "seat:2", "Green", msg("widgets.seat-colour.green")),
    ],
    "thricewise": lambda board: [
        (board.grid, f"cell:{next(iter(board.state.grid))}", *card_words(next(iter(board.state.grid.values())))),
        (board.grid, f"cell:{board.state.open_cells()[0]}", *[str(board.state.open_cells()[0])] * 2),
        (board.players, "seat:0", "Ada", "Ada"),
        (board.hand, "card:0", *card_words(board.hand.cards[0])),
    ],
}


def card_words(card) -> tuple[str, str]:
    return notation_words(card), str(card)


@pytest.mark.parametrize("game", list(games()))
def test_a_click_in_mark_mode_marks_the_part_and_plays_nothing(game, speaking):
    speaking("fr")  # cards and seats are written in English whatever the page's language
    body = StudioBody(registered(game))
    body.draft.set_text(None, "title", "en", "Marks")
    body.board.move_callbacks(first_move(body))
    body.add_step()
    body.say.boxes["en"].value = "Look."
    drawn = body.board.state
    body.mark.value = True
    assert body.board.picking and escape(msg("studio.page.marking")) in body.message.value
    assert body.mark.description == msg("studio.page.mark-end")
    before = [part.html for part in body.board.parts]
    clicks = MARKABLE[game](body.board)
    words = [word for _part, _target, word, _shown in clicks]
    for part, target, _word, _shown in clicks:
        assert f'data-target="{target}' in part.html, "every markable part is a target while marking"
    for part, target, _word, shown in clicks:
        part.click(target)
        assert escape(msg("studio.page.marked", part=shown)) in body.message.value
    assert body.draft.steps[0]["highlight"] == words
    assert body.draft.played == [] and body.board.state.move_stack == drawn.move_stack, "a mark plays no move"
    assert [part.html for part in body.board.parts] != before and "tutor-picking" in body.board._dom_classes
    assert body.highlight.value == ", ".join(words)
    assert check_lesson("x.yaml", body.files.lesson_text) == []
    assert yaml.safe_load(body.files.lesson_text)["steps"][0]["highlight"] == words
    part, target, _word, shown = clicks[0]
    part.click(target)  # again: no longer marked
    assert body.draft.steps[0]["highlight"] == words[1:]
    assert escape(msg("studio.page.unmarked", part=shown)) in body.message.value
    body.mark.value = False  # the way out: clicks play moves again
    assert not body.board.picking and "tutor-picking" not in body.board._dom_classes
    body.board.move_callbacks(first_move(body))
    assert len(body.draft.played) == 1


def test_marking_and_recording_answers_take_turns():
    body = StudioBody(registered("danger-13"))
    body.add_step()
    body.asks.value = True
    body.record.value = True
    body.mark.value = True
    assert body.marking and not body.recording and not body.record.value
    body.record.value = True
    assert body.recording and not body.marking and not body.board.picking
    body.mark.value = True
    body.step_action("select", -1)  # at the start there is no step to mark
    assert not body.board.picking and not body.marking


def test_a_phone_views_the_lesson_and_its_board_plays_no_move():
    body = StudioBody(registered("danger-13"))
    assert msg("studio.page.phone") in body.children[0].value
    body.board.parts[0].narrow = True  # as the browser says on a phone-wide window
    assert not body.board.accepting and not body.board.hints
    body.board.parts[0].narrow = False
    assert body.board.accepting and body.board.hints


def test_a_page_just_opened_names_no_problem_and_the_coach_plays_the_others():
    body = StudioBody(registered("thricewise"))
    assert body.problems.value == "" and "\u26a0" not in body.steps.html
    body.board.move_callbacks(first_move(body))  # the first seat chooses: it is the learner
    body.add_step()
    assert body.problems.value == "", "nothing written at the step yet: nothing said missing"
    body.share_lesson()  # asking to share says everything still missing
    assert escape(msg("studio.need.title")) not in body.problems.value  # the title is the start's
    assert escape(msg("studio.need.say")) in body.problems.value
    name = str(body.board.state.name(0))
    assert body.coach.description == msg("studio.page.play-others", name=name) and not body.coach.disabled
    body.coach.click()
    state = body.board.state
    assert 0 in movers(state) and body.coach.disabled
    assert "place" not in body.played.value and "pick" not in body.played.value  # the page's words
    assert body.played.value.count("<li>") == len(body.draft.played)


def test_the_preview_lights_the_learners_hand_and_says_your_turn_once():
    body = StudioBody(registered("thricewise"))
    body.board.move_callbacks(first_move(body))
    body.add_step()
    body.say.boxes["en"].value = "Ann chose a card."
    body.coach.click()  # the others choose: the first seat's turn to place
    body.add_step()
    body.say.boxes["en"].value = "Now you."
    body.asks.value = True
    body.prompt.boxes["en"].value = "Your turn: place a card next to the grid."
    body.preview(True)
    stepper = body.workspace.children[0].children[1]
    assert stepper.error == ""
    assert stepper.board.seat == 0, "step 1 shows the learner's own hand, not whoever moves next"
    stepper.go(1)
    assert stepper.panel.html.count(escape(msg("widgets.stepper.your-turn"))) == 1
    assert "place a card next to the grid" in stepper.panel.html


def test_a_prompt_that_says_your_turn_itself_is_not_prefixed_twice():
    from widgets.stepper import without_prefix

    assert without_prefix("Your turn: place the Mountain", "Your turn:") == "place the Mountain"
    assert without_prefix("À toi : pose la carte", "À toi :") == "pose la carte"
    assert without_prefix("Place the Mountain", "Your turn:") == "Place the Mountain"


def test_undo_keeps_a_few_replaced_drafts():
    """480 new starts on one page grew its kernel from 91 to 213 MB: undo keeps the last few."""
    body = StudioBody(next(iter(games().values())))
    for _ in range(3 * PREVIOUS_KEPT):
        body.start_new()
    assert len(body.previous) == PREVIOUS_KEPT
    body.undo()
    assert len(body.previous) == PREVIOUS_KEPT - 1


def test_a_card_is_written_in_english_while_the_page_speaks_another_language(speaking):
    speaking("fr")
    for entry in games().values():
        for card in entry.words.sample_cards():
            assert notation_words(card) == card.label("en") and str(card) == card.label("fr")
    assert language() == "fr", "writing a card leaves the page's language alone"


def test_a_try_naming_its_only_answer_is_pointed_out_beside_the_step():
    body = StudioBody(registered("danger-13"))
    body.step_action("select", -1)
    body.title.boxes["en"].value = "Giving"
    body.add_step()
    body.say.boxes["en"].value = "The dealer turns up a card."
    body.asks.value = True
    body.record.value = True
    answer = first_move(body)
    body.board.move_callbacks(answer)
    body.record.value = False
    body.prompt.boxes["en"].value = f"Give it to {body.board.state.name(answer.seat)}."
    assert body.draft.problems() == {}
    warning = body.draft.warnings()[0][0]
    assert escape(warning) in body.problems.value and "tutor-info" in body.problems.value
    assert msg("studio.page.holds") not in body.problems.value
    body.prompt.boxes["en"].value = "Who may get this card?"
    assert escape(warning) not in body.problems.value and msg("studio.page.holds") in body.problems.value
