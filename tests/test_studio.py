"""The lesson studio's model: a lesson built by playing and writing, checked as the command checks it."""

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from one_file import one_file

from tutor.cli import main
from tutor.core import advance_chance
from tutor.games import game, games
from tutor.lessons import bundled_lessons, check_lesson, load_lesson
from tutor.messages import set_language
from tutor.records import dumps
from tutor.studio import Draft, StudioError, english_name, lesson_yaml, missing_languages, movers, text_in, with_text

GAMES = list(games())


def first_legal(draft):
    state, refused = draft.position()
    assert not refused
    return state.legal_moves()[0]


def refused_move(state):
    """A move of the game's notation that the engine refuses in ``state``."""
    probe = game(state.game_id).new_game(state.players, seed=state.seed + 1)
    while not probe.is_terminal():
        advance_chance(probe)
        for move in probe.legal_moves():
            if state.why_not(move) is not None:
                return move
        probe.push(probe.legal_moves()[0])
    raise AssertionError("no refused move found")


def three_steps(game_id: str) -> Draft:
    """Step 1 plays a move, step 2 asks for one (recorded by playing it), step 3 plays it."""
    draft = Draft.new_deal(game(game_id), 3, seed=4)
    draft.set_text(None, "title", "en", "My first lesson")
    assert draft.play(first_legal(draft)) is None
    draft.add_step({"en": "The first player moves."})
    draft.add_step({"en": "Now you.", "fr": "À toi."})
    draft.set_try(1, True)
    draft.set_text(1, "prompt", "en", "Make the move.")
    answer = first_legal(draft)
    assert draft.accept(1, answer) is None
    assert draft.play(answer) is None
    draft.add_step({"en": "That was the move."})
    return draft


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_made_by_playing_passes_the_command(game_id, tmp_path, capsys):
    draft = three_steps(game_id)
    assert draft.problems() == {}
    path = tmp_path / "made.yaml"
    path.write_text(draft.yaml_text(), encoding="utf-8")
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    lesson = load_lesson(path)
    assert [bool(step.try_) for step in lesson.steps] == [False, True, False]
    assert len(lesson.steps[1].try_.accept) == 1 and lesson.steps[2].moves == lesson.steps[1].try_.accept
    data = yaml.safe_load(draft.yaml_text())
    assert list(data) == ["game", "title", "players", "seats", "seed", "steps"]  # only the fields used
    assert list(data["steps"][1]) == ["say", "try"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_move_is_explained_and_not_kept(game_id):
    draft = Draft.new_deal(game(game_id), 3, seed=4)
    for _ in range(3):  # past the predictions, where any order is allowed
        draft.play(first_legal(draft))
    state, _ = draft.position()
    move = refused_move(state)
    said = draft.play(move)
    assert said == str(state.why_not(move)) and said
    assert len(draft.played) == 3


def test_several_accepted_moves_and_taking_one_back():
    draft = Draft.new_deal(game("danger-13"), 4, seed=2)
    draft.set_text(None, "title", "en", "Giving")
    draft.add_step({"en": "Give the card."})
    draft.set_try(0, True)
    draft.set_text(0, "prompt", "en", "Give it to someone.")
    state, _ = draft.try_position(0)
    moves = state.legal_moves()[:2]
    for move in [*moves, moves[0]]:
        assert draft.accept(0, move) is None
    accepted = draft.steps[0]["try"]["accept"]
    assert accepted == [str(move) for move in moves]  # each once, the mover's name left out
    assert check_lesson("x.yaml", draft.yaml_text()) == []
    draft.unaccept(0, accepted[0])
    assert draft.steps[0]["try"]["accept"] == accepted[1:]


def test_a_try_naming_its_only_answer_is_pointed_out_in_the_teachers_language():
    draft = Draft.new_deal(game("danger-13"), 4, seed=2)
    draft.set_text(None, "title", "en", "Giving")
    draft.add_step({"en": "The dealer turns up a card."})
    draft.set_try(0, True)
    state, _ = draft.try_position(0)
    move = state.legal_moves()[1]
    assert draft.accept(0, move) is None
    draft.set_text(0, "prompt", "en", f"Give it to {state.name(move.seat)}.")
    assert draft.problems() == {}, "a warning, not a problem: the lesson holds and may be shared"
    said = {}
    for lang in ("en", "fr", "nl"):
        set_language(lang)
        said[lang] = draft.warnings()
    set_language("en")
    assert list(said["en"]) == [0] and said["en"][0][0].startswith("Warning: the prompt names the only move")
    assert draft.accepted_words(0)[0] in said["en"][0][0], "the move in the page's words, not the notation"
    assert "Posez plutôt une question" in said["fr"][0][0]  # teachers are addressed as vous
    assert "Stel liever een vraag" in said["nl"][0][0]
    draft.set_text(0, "prompt", "en", "Who may get this card?")
    assert draft.warnings() == {}


def test_texts_per_language_missing_ones_shown_never_filled_in():
    assert missing_languages({"fr": "Bonjour"}) == ["en", "nl"]
    assert missing_languages("Hello") == []  # one text for every language
    assert text_in({"fr": "Bonjour"}, "en") == ""
    assert with_text({"fr": "Bonjour"}, "en", "Hello") == {"en": "Hello", "fr": "Bonjour"}
    assert with_text({"fr": "Bonjour"}, "fr", "  ") is None
    draft = Draft.new_deal(game("thricewise"), 2)
    draft.add_step()
    problems = draft.problems()
    assert problems == {None: ["Give your lesson a title."], 0: ["Write what the tutor says at this step."]}
    draft.set_text(0, "say", "nl", "Hallo")
    draft.set_text(None, "title", "fr", "Ma leçon")
    assert draft.problems() == {}
    assert yaml.safe_load(draft.yaml_text())["steps"][0]["say"] == {"nl": "Hallo"}


def test_reordering_deleting_and_undo_keep_the_checks_beside_the_steps():
    draft = three_steps("monster-trick")
    before = draft.yaml_text()
    draft.move_step(2, 0)  # "Red: ..." before Orange has moved: refused at the new step 1
    problems = draft.problems()
    assert list(problems) == [0] and "written for Red" in problems[0][0]
    assert "step 1" not in problems[0][0] and ".yaml" not in problems[0][0]  # said beside the step
    draft.undo()
    assert draft.yaml_text() == before and draft.problems() == {}
    draft.delete_step(0)
    assert list(draft.problems()) == [1]  # the old step 3's move no longer fits
    draft.undo()
    assert draft.yaml_text() == before


def test_a_step_added_in_the_middle_plays_from_the_selected_step():
    draft = three_steps("danger-13")
    draft.select(0)
    assert draft.played == []
    draft.add_step({"en": "A word in between."})
    assert draft.selected == 1 and "move" not in draft.steps[1] and len(draft.steps) == 4
    assert draft.problems() == {}


def test_notes_a_step_relies_on_are_offered():
    for game_id in GAMES:
        # a guided game's positions follow the learner's moves: the studio writes scripted lessons only
        for path in [path for path in bundled_lessons(game_id) if not load_lesson(path).guided]:
            draft = Draft.from_file(path.name, one_file(path))
            for index, step in enumerate(draft.steps):
                assert set(step.get("notes", [])) <= set(draft.notes_that_apply(index)), (path, index)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shipped_lesson_comes_back_as_it_went_in(game_id):
    """Imported and exported again: the same lesson (one move is written without a list) that
    checks the same, in the documented field order."""
    for path in bundled_lessons(game_id):
        text = one_file(path)
        written = Draft.from_file(path.name, text).yaml_text()
        assert check_lesson(path.name, written) == check_lesson(path.name, text) == []
        original = yaml.safe_load(text)
        for step in original["steps"]:
            if isinstance(step.get("move"), list) and len(step["move"]) == 1:
                step["move"] = step["move"][0]
        assert yaml.safe_load(written) == original, path
        assert max(map(len, written.splitlines())) <= 120


def test_a_broken_lesson_round_trips_with_the_same_problems(tmp_path):
    path = next(path for path in bundled_lessons("monster-trick") if "slots: [1, 2, 4]" in one_file(path))
    text = one_file(path).replace("slots: [1, 2, 4]", "slots: [1, 4]", 1)
    draft = Draft.from_file("broken.yaml", text)
    expected = check_lesson("broken.yaml", text)
    assert expected and check_lesson("broken.yaml", draft.yaml_text()) == expected
    found = [problem for problems in draft.problems().values() for problem in problems]
    assert len(found) == len(expected)
    assert all(checked.endswith(problem[1:]) and ".yaml" not in problem for checked, problem in zip(expected, found))


@pytest.mark.parametrize(
    "text, words",
    [
        ("game: [", "broken.yaml"),
        ("- a\n- b\n", "broken.yaml"),
        ("title: no steps\n", "the field 'game' is missing"),
        ("game: chess\ntitle: x\nsteps: [{say: hi}]\n", "chess"),
        ("game: danger-13\ntitle: x\nposition: {dealer: Nobody}\nsteps: [{say: hi}]\n", "broken.yaml: position:"),
    ],
)
def test_a_file_that_is_no_lesson_is_refused_in_words(text, words):
    with pytest.raises(StudioError) as refused:
        Draft.from_file("broken.yaml", text)
    assert words in str(refused.value)
    assert "Traceback" not in str(refused.value)


def test_a_lesson_with_a_bad_step_opens_with_the_problem_beside_it():
    text = "game: danger-13\ntitle: x\nsteps:\n  - say: one\n  - say: two\n    highlight: 4\n"
    draft = Draft.from_file("mine.yaml", text)
    assert list(draft.problems()) == [1] and "mine.yaml" not in draft.problems()[1][0]


@pytest.mark.parametrize("game_id", GAMES)
def test_starting_from_a_shipped_lessons_step(game_id):
    path = bundled_lessons(game_id)[-1]
    lesson = load_lesson(path)
    number = len(lesson.steps)
    draft = Draft.from_lesson_step(path, number)
    shown, refused = draft.position()
    assert not refused and shown.snapshot() == lesson.states()[-1].snapshot()
    draft.add_step({"en": "Where the lesson ended."})
    draft.set_text(None, "title", "en", "Going on")
    draft.set_field(0, "notes", draft.notes_that_apply(0))  # the notes the lesson's moves rely on
    assert draft.problems() == {}
    with pytest.raises(StudioError):
        Draft.from_lesson_step(path, number + 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_starting_from_a_game_record(game_id):
    entry = game(game_id)
    state = entry.new_game(3, seed=9, seat_names=entry.seat_names(3))
    for _ in range(12):
        advance_chance(state)
        if state.is_terminal():
            break
        state.push(state.legal_moves()[0])
    advance_chance(state)
    draft = Draft.from_record("game.yaml", dumps(state).encode())
    shown, refused = draft.position()
    assert not refused and shown.snapshot() == state.snapshot()
    with pytest.raises(StudioError) as refused_file:
        Draft.from_record("game.yaml", b"game: danger-13\nplayers: 3\nseed: 1\nmoves: [nonsense]\n")
    assert "game.yaml" in str(refused_file.value)


def test_the_draft_kept_in_the_browser_comes_back_whole():
    path = bundled_lessons("monster-trick")[1]  # a position with numbered slots
    draft = Draft.from_file(path.name, one_file(path))
    draft.select(0)
    draft.play(first_legal(draft))
    again = Draft.from_json(draft.to_json())
    assert (again.yaml_text(), again.played, again.selected, again.name) == (
        draft.yaml_text(),
        draft.played,
        draft.selected,
        draft.name,
    )
    assert again.position()[0].snapshot() == draft.position()[0].snapshot()


def test_problems_follow_the_language_of_the_page():
    draft = Draft.new_deal(game("danger-13"), 3)
    draft.add_step()
    try:
        set_language("fr")
        assert draft.problems()[0] == ["Écrivez ce que dit le tuteur à cette étape."]
    finally:
        set_language("en")


plain_text = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=300)


@given(st.lists(plain_text, min_size=1, max_size=3), st.lists(plain_text, max_size=3))
def test_the_writer_gives_back_what_it_was_given(says, moves):
    data = {
        "game": "danger-13",
        "title": {"en": says[0]},
        "steps": [{"say": {"fr": say}, "move": moves, "highlight": moves} for say in says],
    }
    assert yaml.safe_load(lesson_yaml(data)) == data


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), lengths=st.lists(st.integers(0, 12), min_size=1, max_size=3))
def test_every_check_offered_with_the_engines_values_holds_for_the_checker(game_id, seed, lengths):
    """Seeded random moves in a few steps, each step checking every fact the studio offers
    there in French: the file passes the command, and writes seats as lessons do (English)."""
    set_language("fr")
    draft = Draft.new_deal(game(game_id), 3, seed=seed)
    draft.set_text(None, "title", "en", "Facts")
    chooser = random.Random(seed)
    for length in lengths:
        for _ in range(length):
            state, _refused = draft.position()
            if state.is_terminal():
                break
            draft.play(chooser.choice(state.legal_moves()))
        index = draft.add_step({"en": "Look."})
        offered = draft.facts(index)
        assert offered, "every position offers some check"
        draft.set_checks(index, list(offered))
        notes = [note for note in draft.notes_that_apply(index) if note not in draft.entry.view_notes]
        draft.set_field(index, "notes", notes)
        assert set(draft.steps[index]["check"]) == set(offered)
    set_language("en")
    assert check_lesson("facts.yaml", draft.yaml_text()) == []
    assert not any("Rouge" in str(step["check"]) for step in draft.steps), "seats as lessons write them"


def test_a_part_marked_twice_is_unmarked_however_it_is_written():
    draft = Draft.new_deal(game("thricewise"), 3)
    draft.set_text(None, "title", "en", "Marks")
    draft.add_step({"en": "Look here."})
    assert draft.toggle_highlight(0, "3,1") is True
    assert draft.toggle_highlight(0, "Sea") is True
    assert draft.steps[0]["highlight"] == ["3,1", "Sea"]
    assert draft.toggle_highlight(0, "(3, 1)") is False, "the same cell, written another way"
    assert draft.steps[0]["highlight"] == ["Sea"]
    assert "highlight: [Sea]" in draft.yaml_text() and draft.problems() == {}
    draft.toggle_highlight(0, "sea")
    assert "highlight" not in draft.steps[0], "a file holds only the fields used"
    draft.undo()
    assert draft.steps[0]["highlight"] == ["Sea"]


def test_a_seat_marked_in_one_language_is_unmarked_in_another():
    draft = Draft.new_deal(game("danger-13"), 4)
    draft.add_step({"en": "Look at this row."})
    red = draft.start_state().seat_names[0]
    draft.set_field(0, "highlight", ["Rouge"])  # typed on a French page
    assert draft.toggle_highlight(0, english_name(red)) is False  # clicked on an English one
    assert "highlight" not in draft.steps[0]


def test_problems_are_said_as_what_to_do_and_only_where_the_teacher_wrote():
    draft = Draft.new_deal(game("thricewise"), 3)
    assert draft.shown_problems() == {}, "a page just opened lists nothing missing"
    assert draft.problems() == {None: ["Give your lesson a title."] + draft.problems()[None][1:]}
    draft.add_step()
    draft.set_try(0, True)
    assert draft.shown_problems() == {}
    draft.set_text(0, "say", "en", "Hello")
    draft.set_text(0, "say", "en", "")  # written, then cleared
    assert draft.shown_problems() == {0: ["Write what the tutor says at this step."]}
    draft.touch_all()  # the teacher asked to share the lesson: everything is said
    shown = draft.shown_problems()
    assert shown[None] == ["Give your lesson a title."]
    assert shown[0] == ["Write what the tutor says at this step.", "Write what this step asks the learner to do."]
    every = [problem for problems in shown.values() for problem in problems]
    assert not any(".yaml" in problem or "field" in problem or "'" in problem for problem in every)


def test_moves_and_answers_are_said_in_the_pages_words():
    draft = Draft.new_deal(game("thricewise"), 3, seed=2)
    draft.play_others()  # the first seat is the learner: nothing to play before its turn
    assert draft.played == []
    draft.play(first_legal(draft))
    draft.add_step({"en": "You chose."})
    for _ in range(3):
        draft.play(first_legal(draft))
    said = draft.played_words()
    assert len(said) == 3 and all(":" in words for words in said)
    assert not any(any(char.isdigit() for char in words) for words in said), said  # no grid coordinates
    assert not any(words.split(": ", 1)[1].startswith(("pick", "place")) for words in said)
    draft.add_step({"en": "Your turn."})
    draft.set_try(1, True)
    assert draft.accept(1, first_legal(draft)) is None
    (answer,) = draft.accepted_words(1)
    assert answer != draft.steps[1]["try"]["accept"][0] and not answer.startswith(("pick", "place"))
    set_language("fr")
    try:
        assert draft.accepted_words(1) != [answer]
    finally:
        set_language("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_coach_plays_the_others_up_to_the_learners_turn(game_id):
    draft = Draft.new_deal(game(game_id), 3, seed=5)
    draft.add_step({"en": "Start."})
    draft.set_try(0, True)  # asks the seat to move here: the learner
    learner = draft.learner()
    assert draft.accept(0, first_legal(draft)) is None
    draft.play(first_legal(draft))
    count = draft.play_others()
    state, refused = draft.position()
    assert not refused and count == len(draft.played) - 1
    assert state.is_terminal() or learner in movers(state)
    assert draft.play_others() == 0
    if count:  # one undo takes the coach's moves back together
        draft.undo()
        assert len(draft.played) == 1
    assert count or game_id == "danger-13"  # the dealer gives card after card


def test_a_guided_games_steps_show_their_facts_filled_in():
    path = bundled_lessons("danger-13")[0]
    draft = Draft.from_file(path.name, one_file(path))
    raw = [text_in(step.get("say"), "en") for step in draft.steps]
    shown = draft.step_texts()
    assert any("{" in text for text in raw)
    assert not any("{" in text for text in shown) and len(shown) == len(raw)
