"""The classroom model on both real stores: codes, expiry, joining and rejoining, following the
teacher, answering, the tally, the results as CSV, privacy; and the join QR code."""

import csv
import io
import random
import tempfile
from pathlib import Path

import pytest
import segno
from classroom_stores import names
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import messages
from tutor.classroom import REVEAL_AT_ONCE, Answer, ClassroomError, Classrooms, SQLiteStore, join_qr_svg, join_url
from tutor.classroom.classes import (
    ADDRESS_GUESS_LIMIT,
    CODE_ALPHABET,
    CODE_EXAMPLE,
    CODE_LENGTH,
    GUESS_LIMIT,
    GUESS_PAUSE_SECONDS,
)
from tutor.classroom.store import GUESS_WINDOW_SECONDS
from tutor.messages import msg, msg_in

HOUR = 3600.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def classrooms(store, clock):
    return Classrooms(store, clock=clock, rng=random.Random(15))


def start(classrooms, **choices):
    return classrooms.start(
        "thricewise", "thricewise/03-triads.yaml", "en", **{"steps": 6, "try_steps": (3, 5), **choices}
    )


def message_of(error_info) -> str:
    return str(error_info.value)


@pytest.fixture
def in_french():
    messages.set_language("fr")
    yield
    messages.set_language("en")


# Codes and expiry


def test_codes_are_short_and_have_no_look_alike_characters(classrooms):
    codes = {start(classrooms).code for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("0O1I")


def test_a_taken_code_is_never_given_twice(store, clock):
    first = Classrooms(store, clock=clock, rng=random.Random(7)).start("g", "l", "en", steps=2)
    second = Classrooms(store, clock=clock, rng=random.Random(7)).start("g", "l", "en", steps=2)
    assert first.code != second.code


def test_a_code_as_typed_by_a_learner_is_understood(classrooms):
    teacher = start(classrooms)
    typed = f"  {teacher.code[:3].lower()} -{teacher.code[3:]} "
    assert classrooms.join(typed, "Ann").code == teacher.code


@pytest.mark.parametrize("typed", ["", "ABC", "ABCDEFG", "ABC0EF", "OOOOOO", "AB1IEF", "ABC!EF"])
def test_a_code_of_the_wrong_shape_says_what_a_code_looks_like(classrooms, typed):
    with pytest.raises(ClassroomError) as error:
        classrooms.join(typed, "Ann")
    assert message_of(error) == msg("classroom.error.code-format", code=typed, length=CODE_LENGTH, example=CODE_EXAMPLE)


def test_an_unknown_code_gets_a_clear_message(classrooms):
    with pytest.raises(ClassroomError) as error:
        classrooms.join("ABC234", "Ann")
    assert message_of(error) == msg("classroom.error.unknown-code", code="ABC234")


def test_the_message_is_in_the_page_language(classrooms, in_french):
    with pytest.raises(ClassroomError) as error:
        classrooms.join("ABC234", "Ann")
    said = message_of(error)
    assert said == msg_in("fr", "classroom.error.unknown-code", code="ABC234")
    assert said != msg_in("en", "classroom.error.unknown-code", code="ABC234")


def test_codes_expire_after_the_set_time(store, clock):
    classrooms = Classrooms(store, clock=clock, lifetime_hours=4)
    teacher = start(classrooms)
    learner = classrooms.join(teacher.code, "Ann")
    clock.now += 4 * HOUR - 1
    assert learner.view().step == 1
    clock.now += 1
    expired = msg("classroom.error.expired-code", code=teacher.code)
    for attempt in (
        lambda: classrooms.join(teacher.code, "Bob"),
        learner.view,
        teacher.next,
        lambda: classrooms.resume(teacher.code, teacher.token),
    ):
        with pytest.raises(ClassroomError) as error:
            attempt()
        assert message_of(error) == expired


def test_a_class_lives_a_day_after_the_teachers_last_step_and_ends_when_the_teacher_ends_it(store, clock):
    classrooms = Classrooms(store, clock=clock)
    teacher = start(classrooms)
    learner = classrooms.join(teacher.code, "Ann")
    for _ in range(3):  # a class used every day goes on
        clock.now += 24 * HOUR - 1
        teacher.next()
    clock.now += 24 * HOUR - 1
    assert learner.view().step == 4
    clock.now += 1  # a day without a step
    with pytest.raises(ClassroomError):
        learner.view()
    other = start(classrooms)
    ben = classrooms.join(other.code, "Ben")
    other.end()
    with pytest.raises(ClassroomError) as error:
        ben.view()
    assert message_of(error) == msg("classroom.error.ended", code=other.code)


def test_a_class_replaced_by_a_new_one_tells_its_learners_to_type_the_new_code(classrooms):
    old = start(classrooms)
    ann = classrooms.join(old.code, "Ann")
    old.end(replaced=True)
    with pytest.raises(ClassroomError) as error:
        ann.view()
    assert message_of(error) == msg("classroom.error.expired-code", code=old.code)


def test_a_new_class_clears_expired_ones_whose_codes_then_are_unknown(store, clock):
    classrooms = Classrooms(store, clock=clock, lifetime_hours=1.5)
    old = start(classrooms)
    classrooms.join(old.code, "Ann")
    clock.now += 1.5 * HOUR
    start(classrooms)
    assert store.get_class(old.code) is None
    with pytest.raises(ClassroomError) as error:
        classrooms.join(old.code, "Ann")
    assert message_of(error) == msg("classroom.error.unknown-code", code=old.code)


# Joining


def test_a_name_is_needed_and_kept_short(classrooms):
    code = start(classrooms).code
    for name, key in (("   ", "classroom.error.name-empty"), ("x" * 31, "classroom.error.name-long")):
        with pytest.raises(ClassroomError) as error:
            classrooms.join(code, name)
        assert message_of(error) == msg(key, limit=30)
    assert classrooms.join(code, "  Mary   Ann ").name == "Mary Ann"


def test_a_class_holds_forty_learners_and_a_full_class_says_so(store, clock):
    classrooms = Classrooms(store, clock=clock, capacity=40)
    teacher = start(classrooms)
    learners = [classrooms.join(teacher.code, f"Learner {number}") for number in range(40)]
    assert teacher.learner_count() == 40 and len({learner.token for learner in learners}) == 40
    with pytest.raises(ClassroomError) as error:
        classrooms.join(teacher.code, "One too many")
    assert message_of(error) == msg("classroom.error.full", limit=40)
    assert classrooms.rejoin(teacher.code, learners[0].token).name == "Learner 0"


def test_rejoining_after_a_reload_keeps_the_place_and_the_answers(classrooms):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    teacher.go_to(3)
    ann.answer(3, "Knot 5 beside Moon 2", allowed=True, right=True)
    teacher.next()
    reloaded = classrooms.rejoin(teacher.code, ann.token)
    assert (reloaded.name, reloaded.view().step) == ("Ann", 4)
    assert reloaded.results()[0].answer == Answer("Knot 5 beside Moon 2", True, True)
    again = classrooms.join(teacher.code, "Annie", token=ann.token)
    assert again.name == "Ann" and again.results() == reloaded.results()
    assert teacher.learner_count() == 1


def test_a_token_from_another_class_is_not_a_learner_here(classrooms):
    first, second = start(classrooms), start(classrooms)
    ann = classrooms.join(first.code, "Ann")
    with pytest.raises(ClassroomError) as error:
        classrooms.rejoin(second.code, ann.token)
    assert message_of(error) == msg("classroom.error.unknown-code", code=second.code)


def test_a_wrong_code_and_a_wrong_learner_in_a_real_class_read_the_same(classrooms):
    """A real code with a made-up learner token read "not in class K7PX2M yet": codes could be
    told apart without joining. Every failed join now says one sentence, whatever was wrong."""
    real = start(classrooms).code
    made_up = next(code for code in ("ZZZZZZ", "YYYYYY") if code != real)
    sentences = set()
    for tried in (
        lambda: classrooms.join(made_up, "Ann"),
        lambda: classrooms.rejoin(made_up, "token"),
        lambda: classrooms.rejoin(real, "made-up token"),
    ):
        with pytest.raises(ClassroomError) as error:
            tried()
        sentences.add(message_of(error).replace(real, "CODE").replace(made_up, "CODE"))
    assert len(sentences) == 1


def test_wrong_codes_are_counted_per_address_across_pages_and_forgotten_after_a_while(store, clock):
    """Seven pages from one address each guessed its own five codes: now every page of that
    address waits once the address has tried ADDRESS_GUESS_LIMIT wrong ones, right ones between
    or not; another address, and the same one after the window, is not slowed."""
    teacher = start(Classrooms(store, clock=clock))
    guessed = 0
    while guessed < ADDRESS_GUESS_LIMIT:  # each page stops before its own limit
        page = Classrooms(store, clock=clock, address="203.0.113.7")
        page.join(teacher.code, "Bot")  # right ones between do not reset the address's count
        for _ in range(GUESS_LIMIT - 1):
            with pytest.raises(ClassroomError):
                page.join("ZZZZZZ", "Bot")
            guessed += 1
    fresh_page = Classrooms(store, clock=clock, address="203.0.113.7")
    with pytest.raises(ClassroomError) as waiting:
        fresh_page.join(teacher.code, "Ann")
    assert message_of(waiting) == msg("classroom.error.too-many-codes", seconds=int(GUESS_PAUSE_SECONDS))
    assert Classrooms(store, clock=clock, address="198.51.100.2").join(teacher.code, "Bea").name == "Bea"
    clock.now += GUESS_PAUSE_SECONDS
    fresh_page.join(teacher.code, "Ann")  # one try after each pause
    clock.now += GUESS_WINDOW_SECONDS
    assert store.wrong_guesses("203.0.113.7", clock.now) == (0, float("-inf"))


def test_the_store_keeps_wrong_guesses_for_a_bounded_number_of_addresses(tmp_path, monkeypatch):
    monkeypatch.setattr("tutor.classroom.store.MAX_GUESSERS", 3)
    sqlite = SQLiteStore(tmp_path / "class.db")
    for number in range(10):
        sqlite.note_wrong_guess(f"192.0.2.{number}", 1000.0 + number)
    kept = sqlite._db.execute("SELECT address FROM guessers ORDER BY last").fetchall()
    assert [address for (address,) in kept] == ["192.0.2.7", "192.0.2.8", "192.0.2.9"]
    sqlite.close()


def test_a_late_learner_lands_on_the_current_step(classrooms):
    teacher = start(classrooms)
    teacher.next()
    teacher.next()
    assert classrooms.join(teacher.code, "Late").view().step == 3


# Leading


def test_the_teacher_steps_within_the_lesson_and_every_change_is_seen(classrooms):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    assert teacher.back().step == 1
    versions = [ann.view().version]
    for expected in (2, 3, 4, 5, 6, 6):
        assert teacher.next().step == expected
        view = ann.view()
        assert view.step == expected
        versions.append(view.version)
    assert versions == sorted(set(versions))
    assert teacher.go_to(2).step == 2 and teacher.position().reached == 6


def test_a_reloaded_teacher_page_resumes_where_the_class_was(classrooms):
    teacher = start(classrooms)
    teacher.go_to(3)
    teacher.reveal()
    resumed = classrooms.resume(teacher.code.lower(), teacher.token)
    assert resumed.position().step == 3 and 3 in resumed.position().revealed
    assert resumed.settings == teacher.settings


@pytest.mark.parametrize("token", ["learner", "", "é-from-a-mangled-address"])
def test_only_the_teacher_token_leads_the_class(classrooms, token):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    with pytest.raises(ClassroomError) as error:
        classrooms.resume(teacher.code, ann.token if token == "learner" else token)
    assert message_of(error) == msg("classroom.error.not-teacher", code=teacher.code)


# Answering


def test_feedback_waits_for_the_teacher_and_answers_close_at_the_reveal(classrooms):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    assert not ann.view().can_answer  # step 1 is not a "try it" step
    teacher.go_to(3)
    view = ann.answer(3, "Sun 7", allowed=True, right=False)
    assert view.answer == Answer("Sun 7", True, False) and not view.show_feedback and view.can_answer
    view = ann.answer(3, "Sun 9", allowed=True, right=True)
    assert view.answer == Answer("Sun 9", True, True)
    teacher.reveal()
    view = ann.view()
    assert view.revealed and view.show_feedback and not view.can_answer
    with pytest.raises(ClassroomError) as error:
        ann.answer(3, "Sun 2", allowed=True, right=False)
    assert message_of(error) == msg("classroom.error.answer-closed")
    teacher.next()
    teacher.back()
    assert ann.view().revealed, "going back to a revealed step keeps it revealed"


def test_at_once_shows_feedback_on_the_first_answer_which_counts(classrooms):
    teacher = start(classrooms, reveal=REVEAL_AT_ONCE)
    ann = classrooms.join(teacher.code, "Ann")
    teacher.go_to(3)
    view = ann.answer(3, "Sun 7", allowed=False, right=False)
    assert view.show_feedback and not view.can_answer
    with pytest.raises(ClassroomError) as error:
        ann.answer(3, "Sun 9", allowed=True, right=True)
    assert message_of(error) == msg("classroom.error.answered")
    assert ann.view().answer == Answer("Sun 7", False, False)


def test_an_answer_to_a_step_the_teacher_has_left_is_not_counted(classrooms):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    teacher.go_to(3)
    teacher.next()
    with pytest.raises(ClassroomError) as error:
        ann.answer(3, "Sun 7", allowed=True, right=True)
    assert message_of(error) == msg("classroom.error.moved-on")
    assert ann.results()[0].answer is None


def test_answers_only_go_to_try_steps_and_right_means_allowed(classrooms):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    with pytest.raises(ValueError):
        ann.answer(1, "Sun 7", allowed=True, right=True)
    teacher.go_to(3)
    with pytest.raises(ValueError):
        ann.answer(3, "Sun 7", allowed=False, right=True)


# Tally, results, privacy


@pytest.fixture
def lesson_with_three_learners(classrooms):
    """Ann answers right, Bob answers a refused move, Cy does not answer."""
    teacher = start(classrooms)
    ann, bob, cy = (classrooms.join(teacher.code, name) for name in ("Ann", "Bob", "Cy"))
    teacher.go_to(3)
    ann.answer(3, "Moon 4 on the left", allowed=True, right=True)
    bob.answer(3, "Wave 9 on top", allowed=False, right=False)
    return teacher, ann, bob, cy


def test_the_tally_counts_answers_allowed_right_and_each_move(lesson_with_three_learners, classrooms):
    teacher, _ann, _bob, _cy = lesson_with_three_learners
    tally = teacher.tally()
    assert (tally.step, tally.learners, tally.answered, tally.allowed, tally.right) == (3, 3, 2, 1, 1)
    assert tally.moves == {"Moon 4 on the left": 1, "Wave 9 on top": 1}
    dee = classrooms.join(teacher.code, "Dee")
    dee.answer(3, "Wave 9 on top", allowed=False, right=False)
    assert next(iter(teacher.tally().moves.items())) == ("Wave 9 on top", 2)
    assert teacher.tally(5).answered == 0


def test_the_results_csv_has_a_row_per_learner_and_try_step_shown(lesson_with_three_learners):
    teacher, *_ = lesson_with_three_learners
    rows = list(csv.reader(io.StringIO(teacher.results_csv(missed=lambda step, move: f"{move} at {step}: the rule"))))
    assert rows == [
        ["name", "step", "answer", "allowed", "right", "rules missed"],
        ["Ann", "3", "Moon 4 on the left", "yes", "yes", ""],
        ["Bob", "3", "Wave 9 on top", "no", "no", "Wave 9 on top at 3: the rule"],
        ["Cy", "3", "", "", "", ""],
    ]
    teacher.go_to(5)
    assert len(list(csv.reader(io.StringIO(teacher.results_csv())))) == 1 + 3 * 2


def test_the_summary_counts_each_step_and_names_the_rules_behind_wrong_answers_and_who_to_help(
    lesson_with_three_learners, classrooms
):
    teacher, _ann, _bob, _cy = lesson_with_three_learners
    dee = classrooms.join(teacher.code, "Dee")
    dee.answer(3, "Moon 2 on top", allowed=True, right=False)
    teacher.go_to(5)
    dee.answer(5, "Wave 9 on top", allowed=False, right=False)
    behind = {"Wave 9 on top": ("tw.triad",), "Moon 2 on top": ("tw.set", "tw.triad")}  # Ann's right one: not asked
    summary = teacher.summary(lambda _step, move: behind[move])
    assert summary.learners == 4
    assert [(step.step, step.answered, step.right) for step in summary.steps] == [(3, 3, 1), (5, 1, 0)]
    assert summary.steps[0].rules == (("tw.triad", 2), ("tw.set", 1))
    assert summary.rules == (("tw.triad", 3), ("tw.set", 1)), "the whole class, most missed first"
    assert summary.to_help == {"tw.triad": ("Bob", "Dee"), "tw.set": ("Dee",)}, "each learner once, as they joined"


def test_the_results_csv_speaks_the_teachers_language_and_quotes_commas(classrooms, in_french):
    teacher = start(classrooms)
    zoe = classrooms.join(teacher.code, "Zoé")
    teacher.go_to(3)
    zoe.answer(3, "Lune 4, à gauche", allowed=True, right=False)
    rows = list(csv.reader(io.StringIO(teacher.results_csv(missed=lambda *_: "Triade, Suite"))))
    assert rows == [
        ["prénom", "étape", "réponse", "permis", "juste", "règles manquées"],
        ["Zoé", "3", "Lune 4, à gauche", "oui", "non", "Triade, Suite"],
    ]


def test_no_cell_of_the_results_csv_starts_a_spreadsheet_formula(classrooms):
    teacher = start(classrooms)
    names = ['=HYPERLINK("x","Zoë")', "+1", "-2", "@SUM(A1)"]
    learners = [classrooms.join(teacher.code, name) for name in names]
    teacher.go_to(3)
    moves = ["=1+2", "\tgo", "\rgo", "plain"]
    for learner, move in zip(learners, moves):
        learner.answer(3, move, allowed=True, right=False)
    rows = list(csv.reader(io.StringIO(teacher.results_csv(), newline="")))[1:]
    found = {row[0]: row[2] for row in rows if row[1] == "3"}
    assert found == {"'" + name: "'" + move if move != "plain" else move for name, move in zip(names, moves)}


def test_two_learners_with_one_name_are_told_apart_on_the_teachers_side(classrooms):
    teacher = start(classrooms)
    for name in ("Sam", "sam", "Ann"):
        classrooms.join(teacher.code, name)
    assert names(teacher) == ["Sam", "sam 2", "Ann"]


def test_a_learner_sees_only_their_own_answers_and_no_names(lesson_with_three_learners):
    teacher, ann, bob, cy = lesson_with_three_learners
    teacher.reveal()
    for learner, own in ((ann, "Moon 4 on the left"), (bob, "Wave 9 on top")):
        seen = repr((learner.view(), learner.results(), learner.settings))
        assert own in seen
        others = {"Ann", "Bob", "Cy", "Moon 4 on the left", "Wave 9 on top"} - {learner.name, own}
        assert not [text for text in others if text in seen]
    assert [result.answer for result in cy.results()] == [None]
    assert not any(hasattr(ann, name) for name in ("tally", "roster", "results_csv"))


# Property: whatever the teacher clicks, the position stays sound


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["next", "back", "reveal", "go"]), max_size=25), st.integers(-3, 12))
def test_any_click_sequence_keeps_the_position_sound(clicks, target):
    with tempfile.TemporaryDirectory() as folder:
        sqlite = SQLiteStore(Path(folder) / "class.db")
        teacher = Classrooms(sqlite, rng=random.Random(1)).start("g", "l", "en", steps=6)
        furthest, version = 1, 0
        for click in clicks:
            position = teacher.go_to(target) if click == "go" else getattr(teacher, click)()
            furthest = max(furthest, position.step)
            assert 1 <= position.step <= 6 and position.reached == furthest
            assert position.version == version + 1
            version = position.version
        sqlite.close()


# Join address and QR code


def test_the_join_address_carries_the_code():
    assert (
        join_url("http://school:8866/voila/render/classroom/join.ipynb", "K7PX2M")
        == "http://school:8866/voila/render/classroom/join.ipynb?code=K7PX2M"
    )
    assert join_url("https://hub/join?lang=fr&code=OLD", "K7PX2M") == "https://hub/join?lang=fr&code=K7PX2M"


def test_the_qr_code_is_a_scalable_svg_of_the_join_address_with_a_title():
    svg = join_qr_svg("https://hub/join", "K7PX2M")
    assert svg.startswith("<svg") and "viewBox" in svg and "width=" not in svg.split(">")[0]
    assert f"<title>{msg('classroom.qr.title', code='K7PX2M')}</title>" in svg
    assert 'fill="#fff"' in svg and 'stroke="#000"' in svg  # its own white ground, for dark pages
    expected = segno.make("https://hub/join?code=K7PX2M", error="m")
    assert f'viewBox="0 0 {expected.symbol_size()[0]} {expected.symbol_size()[1]}"' in svg


def test_an_ended_class_is_closed_to_learners_and_keeps_its_results_for_the_teacher(classrooms, clock):
    teacher = start(classrooms)
    ann = classrooms.join(teacher.code, "Ann")
    teacher.go_to(3)
    ann.answer(3, "place Sea 3,1", True, True)
    position = teacher.end()
    assert position.ended and teacher.position().ended
    ended = msg("classroom.error.ended", code=teacher.code)
    for attempt in (
        ann.view,
        lambda: classrooms.join(teacher.code, "Bob"),
        lambda: classrooms.rejoin(teacher.code, ann.token),
    ):
        with pytest.raises(ClassroomError) as error:
            attempt()
        assert message_of(error) == ended
    with pytest.raises(ClassroomError) as error:
        teacher.next()
    assert message_of(error) == msg("classroom.error.ended-teacher", code=teacher.code)
    again = classrooms.resume(teacher.code, teacher.token)  # a reload of the teacher's page
    assert again.position().ended and [row.answer.move for row in again.results() if row.answer] == ["place Sea 3,1"]
    assert "Ann" in again.results_csv()
    start(classrooms)  # another class starts: the ended one is kept until it expires
    assert classrooms.resume(teacher.code, teacher.token).results()
    clock.now += 24 * HOUR
    start(classrooms)
    with pytest.raises(ClassroomError):
        classrooms.resume(teacher.code, teacher.token)
