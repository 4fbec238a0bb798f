"""The classroom pages without a browser: a teacher's presenter page and learners' pages on one
real SQLite store, driven the way the browser side drives them (the page's opening message, keys,
moves on the board), and each game's moves in words for the tally."""

import asyncio
import csv
import io
import logging
import tempfile
from concurrent.futures import ThreadPoolExecutor
from html import escape, unescape
from pathlib import Path

import ipywidgets as w
import pytest
import yaml
from classroom_widgets import GAME, LESSON, hello, join, start_class
from hypothesis import given, settings
from hypothesis import strategies as st
from one_file import one_file
from widget_text import text_of

from tutor import messages
from tutor.bots import seat_moves
from tutor.classroom import ClassroomError, Classrooms, Learner, open_store
from tutor.games import games
from tutor.games.monster_trick import Play
from tutor.lessons import bundled_lessons, load_lesson, parse_move_for
from tutor.messages import LANGUAGES, msg
from widgets.classroom import join_page, teach_page
from widgets.classroom import lesson as class_lessons
from widgets.classroom.follower import Follower
from widgets.classroom.presenter import Presenter
from widgets.stepper import after


@pytest.fixture(autouse=True)
def english():
    yield
    messages.set_language("en")


@pytest.fixture
def classrooms(tmp_path):
    opened = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"))
    yield opened
    opened.store.close()


def lesson_and_try():
    lesson = load_lesson(next(path for path in bundled_lessons(GAME) if path.stem == LESSON))
    index = next(number for number, step in enumerate(lesson.steps) if step.try_)
    state = lesson.states()[index]
    right = lesson.steps[index].try_.accept[0]
    wrong = next(
        move for card in state.hands[state.to_move] for slot in range(4) if state.why_not(move := Play(card, slot))
    )
    return lesson, index, state, right, wrong


def test_pages_open_no_store_until_the_browser_says_hello(monkeypatch):
    monkeypatch.setattr("widgets.classroom.page.Classrooms", lambda: pytest.fail("a store was opened"))
    assert repr(teach_page()) == "<teach page>"
    assert repr(join_page()) == "<join page>"


def test_a_class_follows_the_teacher_answers_and_sees_the_reveal(classrooms):
    _lesson, index, state, right, wrong = lesson_and_try()
    presenter = start_class(classrooms)
    code = presenter.teacher.code
    assert code in text_of(presenter) and "join.ipynb?code=" + code in text_of(presenter)
    assert "<svg" in presenter.side.html, "the join card's QR code shows on step 1"
    ann, ben, cleo = (join(classrooms, code.lower(), name) for name in ("Ann", "Ben", "Cleo"))
    presenter.poll()
    assert msg("classroom.bar.learners", count=3) in text_of(presenter)
    for number in range(index):
        presenter.act("next")
        for learner in (ann, ben, cleo):
            learner.poll()
            assert learner.stepper.step == number + 1
    ann.stepper.play(right)
    ben.stepper.play(wrong)
    assert msg(
        "classroom.follow.answer-in", answer=msg("mt.move.play", card=right.card, slot=right.slot + 1)
    ) in text_of(ann), "the learner's answer is in, its verdict waits for the reveal"
    assert "tutor-right" not in ann.stepper.panel.html and "tutor-wrong" not in ben.stepper.panel.html
    presenter.poll()
    tally = text_of(presenter.side)
    assert msg("classroom.tally.answered", answered=2, learners=3) in tally
    assert msg("classroom.tally.allowed", allowed=1) in tally
    assert msg("classroom.verdict.refused") not in tally, "no verdicts on the projector before the reveal"
    presenter.act("reveal")
    for learner in (ann, ben, cleo):
        learner.poll()
    assert "tutor-right" in ann.stepper.panel.html
    assert "tutor-wrong" in ben.stepper.panel.html and str(state.why_not(wrong)) in text_of(ben)
    assert msg("classroom.follow.no-answer") in text_of(cleo)
    tally = text_of(presenter.side)
    assert msg("classroom.verdict.right") in tally and str(state.why_not(wrong)) in tally


def test_after_the_reveal_a_learner_still_sees_the_cards_of_the_seat_they_played(classrooms):
    _lesson, index, state, right, wrong = lesson_and_try()
    presenter = start_class(classrooms)
    ann, ben = (join(classrooms, presenter.teacher.code, name) for name in ("Ann", "Ben"))
    for _ in range(index):
        presenter.act("next")
    for learner, move in ((ann, right), (ben, wrong)):
        learner.poll()
        learner.stepper.play(move)
    presenter.act("reveal")
    seat = state.to_move
    for page in (ann, ben, presenter):
        page.poll()
        board = page.stepper.board
        assert board.state.to_move != seat, "the board shows the position after the answer"
        assert board.seat == seat and board.hand.seat == seat, "seen from the seat the step asked to move"


def test_learners_see_no_other_learners_names_or_answers(classrooms):
    _lesson, index, _state, right, _wrong = lesson_and_try()
    presenter = start_class(classrooms)
    ann, ben = (join(classrooms, presenter.teacher.code, name) for name in ("Annabel", "Benedict"))
    for _ in range(index):
        presenter.act("next")
    ann.poll()
    ann.stepper.play(right)
    presenter.act("reveal")
    ben.poll()
    assert "Annabel" not in text_of(ben) and "Benedict" in text_of(ben)
    assert msg("classroom.follow.no-answer") in text_of(ben)
    presenter.act("results")
    assert "Annabel" not in text_of(presenter), "the projector shows counts; names are in the download only"
    link = presenter.side.html.split('href="data:text/csv;base64,')[1].split('"')[0]
    data = __import__("base64").b64decode(link)
    assert data.startswith("\ufeff".encode()), "a byte-order mark tells Excel the file is UTF-8"
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[1] == [
        "Annabel",
        str(index + 1),
        msg("mt.move.play", card=right.card, slot=right.slot + 1),
        msg("classroom.csv.yes"),
        msg("classroom.csv.yes"),
        "",
    ]


def test_a_reloaded_learner_page_lands_on_the_current_step_with_its_answer(classrooms):
    _lesson, index, _state, _right, wrong = lesson_and_try()
    presenter = start_class(classrooms)
    ann = join(classrooms, presenter.teacher.code, "Ann")
    kept = ann.link.keep
    assert kept["query"]["learner"] == ann.learner.token and kept["stored"]["code"] == presenter.teacher.code
    for _ in range(index):
        presenter.act("next")
    ann.poll()
    ann.stepper.play(wrong)
    again = Follower(classrooms)
    again.opened(hello(query=kept["query"]))
    assert again.learner is not None and again.learner.name == "Ann"
    assert again.stepper.step == index
    assert msg("mt.move.play", card=wrong.card, slot=wrong.slot + 1) in text_of(again)
    scanned = Follower(classrooms)  # the scanned address again, in a browser that kept the token
    scanned.opened(hello(query={"code": presenter.teacher.code}, stored=kept["stored"]))
    assert scanned.learner is not None and scanned.learner.token == ann.learner.token


def test_a_reloaded_presenter_resumes_its_class(classrooms):
    presenter = start_class(classrooms)
    presenter.act("next")
    kept = presenter.link.keep["stored"]
    again = Presenter(classrooms)
    again.opened(hello(stored=kept))
    assert again.teacher is not None and again.position.step == 2
    assert again.link.presenting


def test_an_ended_class_sends_the_presenter_back_to_the_form_with_the_reason(classrooms):
    again = Presenter(classrooms)
    again.opened(hello(stored={"code": "K7PX2M", "token": "x"}))
    assert again.teacher is None
    assert msg("classroom.error.unknown-code", code="K7PX2M") in text_of(again)
    assert again.link.keep == {"stored": None}


@pytest.mark.parametrize(
    "code, key", [("hello", "classroom.error.code-format"), ("K7PX2M", "classroom.error.unknown-code")]
)
def test_a_wrong_code_gets_a_clear_message_and_keeps_the_form(classrooms, code, key):
    follower = Follower(classrooms)
    follower.opened(hello(query={"code": code}))
    follower.name.value = "Ann"
    follower.join()
    assert follower.learner is None
    text = text_of(follower)
    assert msg(key, code=code.upper() if key.endswith("unknown-code") else code, length=6, example="K7PX2M") in text
    assert "Traceback" not in text and follower.name.value == "Ann"


def test_each_learner_reads_the_lesson_in_their_language_and_answers_count_together(classrooms):
    _lesson, index, _state, right, _wrong = lesson_and_try()
    presenter = start_class(classrooms)
    code = presenter.teacher.code
    english = join(classrooms, code, "Ann")
    french = Follower(classrooms)
    french.opened(hello(languages=["fr-BE", "fr"]))
    french.code.value, french.name.value = code, "Zoé"
    french.join()
    assert french.link.keep["query"]["lang"] == "fr"
    for _ in range(index):
        presenter.act("next")
    messages.set_language("fr")
    french_title = load_lesson(next(path for path in bundled_lessons(GAME) if path.stem == LESSON)).title
    for learner in (english, french):
        learner.poll()
    assert french_title in text_of(french)
    english.stepper.play(right)
    french.stepper.play(right)
    messages.set_language("en")
    presenter.poll()
    assert presenter.tally.moves == {str(right): 2}


def test_at_once_feedback_and_a_second_answer_is_refused_in_words(classrooms):
    _lesson, index, _state, right, wrong = lesson_and_try()
    presenter = start_class(classrooms, reveal="at-once")
    ann = join(classrooms, presenter.teacher.code, "Ann")
    for _ in range(index):
        presenter.act("next")
    ann.poll()
    ann.stepper.play(wrong)
    assert "tutor-wrong" in ann.stepper.panel.html
    ann.stepper.play(right)
    assert msg("classroom.error.answered") in text_of(ann)
    assert presenter.teacher.tally().moves == {str(wrong): 1}


def test_the_last_step_shows_a_learner_their_own_results(classrooms):
    lesson, index, _state, right, _wrong = lesson_and_try()
    presenter = start_class(classrooms)
    ann = join(classrooms, presenter.teacher.code, "Ann")
    for _ in range(index):
        presenter.act("next")
    ann.poll()
    ann.stepper.play(right)
    for _ in range(len(lesson.steps)):
        presenter.act("next")
    ann.poll()
    assert msg("classroom.follow.results") in ann.results.value
    assert msg("classroom.follow.result.right") in ann.results.value


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_try_step_move_reads_as_words_and_its_notation_reads_back(language):
    messages.set_language(language)
    for game, entry in games().items():
        for path in bundled_lessons(game):
            lesson = load_lesson(path)
            for step, state in zip(lesson.steps, lesson.states()):
                if step.try_ is None:
                    continue
                for move in state.legal_moves():
                    words = entry.part("words").move_words(state, move)
                    assert words and "->" not in words and str(move) not in words, (path.name, words)
                    assert parse_move_for(entry, state, str(move)) == move


def test_new_class_keeps_the_old_one_until_a_new_one_starts(classrooms):
    presenter = start_class(classrooms)
    old = presenter.teacher.code
    presenter.act("next")
    presenter.act("new")
    assert presenter.teacher is None and presenter.link.keep["stored"]["code"] == old
    presenter.present(presenter.previous)
    assert presenter.teacher.code == old and presenter.position.step == 2


def test_a_new_class_ends_the_old_one_and_its_learners_can_join_the_new_one(classrooms):
    presenter = start_class(classrooms)
    old = presenter.teacher.code
    ann = join(classrooms, old, "Ann")
    kept = ann.link.keep["stored"]
    presenter.act("new")
    ann.poll()
    assert ann.learner is not None, "the old class lives on until a new one starts"
    presenter.start()
    new = presenter.teacher.code
    ann.poll()
    ended = msg("classroom.error.expired-code", code=old)
    assert ann.learner is None and ended in text_of(ann) and ann.code.value == "" and ann.name.value == "Ann"
    assert ann.link.keep == {"query": {"lang": "en"}, "stored": None}, "the page forgets the ended class"
    for opened in ({"stored": kept}, {"query": {"code": old, "learner": kept["token"]}}):  # reopened, reloaded
        again = Follower(classrooms)
        again.opened(hello(**opened))
        assert again.learner is None and ended in text_of(again) and again.code.value == ""
    again.code.value, again.name.value = new, "Ann"
    again.join()
    assert again.learner is not None and again.learner.code == new


def test_the_results_of_a_lesson_that_asks_nothing_say_so(classrooms, tmp_path, monkeypatch):
    # every shipped lesson asks the learner to act: offer a teacher's lesson that only shows
    shipped = bundled_lessons(GAME)
    data = yaml.safe_load(one_file(shipped[-1]))
    data["steps"] = [{key: value for key, value in step.items() if key != "try"} for step in data["steps"]]
    (tmp_path / "99-only-shows.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    monkeypatch.setattr(class_lessons, "bundled_lessons", lambda game: [*shipped, tmp_path / "99-only-shows.yaml"])
    presenter = Presenter(classrooms)
    presenter.opened(hello())
    presenter.game.value = GAME
    quiet = next(
        stem for label, stem in presenter.lesson.options if msg("classroom.setup.asks", lesson="") not in label
    )
    presenter.lesson.value = quiet
    presenter.start()
    presenter.act("results")
    assert msg("classroom.results.no-questions") in text_of(presenter)


def test_the_lesson_list_marks_the_lessons_that_ask_the_class_and_starts_on_one():
    presenter = Presenter()
    presenter.opened(hello())
    for game in games():
        presenter.game.value = game
        lessons = [load_lesson(path) for path in bundled_lessons(game)]
        marked = [msg("classroom.setup.asks", lesson="") in label for label, _ in presenter.lesson.options]
        assert marked == [any(step.try_ for step in lesson.steps) for lesson in lessons]
        if any(marked):
            assert marked[[stem for _, stem in presenter.lesson.options].index(presenter.lesson.value)], game


ACTIONS = st.lists(st.sampled_from(["next", "back", "reveal", "right", "wrong", "reload"]), max_size=16)


@settings(max_examples=20, deadline=None)
@given(ACTIONS)
def test_a_learner_page_is_always_on_the_teachers_step_and_sees_only_its_own(actions):
    _lesson, _index, _state, right, wrong = lesson_and_try()
    with tempfile.TemporaryDirectory() as folder:
        classrooms = Classrooms(open_store(f"sqlite://{Path(folder) / 'class.db'}"))
        presenter = start_class(classrooms)
        ann, ben = (join(classrooms, presenter.teacher.code, name) for name in ("Annabel", "Bastian"))
        for action in actions:
            if action in ("next", "back", "reveal"):
                presenter.act(action)
            elif action == "reload":
                query = ann.link.keep["query"]
                ann = Follower(classrooms)
                ann.opened(hello(query=query))
            else:
                ann.stepper.play(right if action == "right" else wrong)
            for learner in (ann, ben):
                learner.poll()
                assert learner.stepper.step == presenter.position.step - 1
            assert "Annabel" not in text_of(ben) and "Bastian" not in text_of(ann)
            if ann.shown.is_try and not ann.shown.revealed:
                html = ann.stepper.panel.html
                assert "tutor-right" not in html and "tutor-wrong" not in html, "no verdict before the reveal"
            presenter.poll()
            if presenter.on_try_step:
                assert (
                    presenter.tally.answered
                    == len(
                        {
                            answer.token
                            for answer in classrooms.store.answers(presenter.teacher.code)
                            if answer.step == presenter.position.step
                        }
                    )
                    <= 2
                )
        classrooms.store.close()


def test_a_late_learner_lands_on_the_current_step(classrooms):
    presenter = start_class(classrooms)
    presenter.act("next")
    presenter.act("next")
    late = join(classrooms, presenter.teacher.code, "Dara")
    assert late.stepper.step == 2


def test_a_class_that_ends_under_a_learner_says_so_in_words(tmp_path):
    now = [1_700_000_000.0]
    classrooms = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"), clock=lambda: now[0])
    presenter = start_class(classrooms)
    ann = join(classrooms, presenter.teacher.code, "Ann")
    now[0] += 24 * 3600  # a day without a step
    ann.poll()
    assert ann.learner is None
    assert msg("classroom.error.expired-code", code=presenter.teacher.code) in text_of(ann)
    classrooms.store.close()


def test_in_a_kernels_event_loop_each_page_polls_the_class_by_itself(classrooms, caplog):
    """No poll by hand: the presenter sees who joined, the learner follows the teacher's step,
    and a bug in a poll is said in words on the page (the traceback goes to the server's log)."""

    async def until(seen) -> bool:
        for _ in range(500):  # the pages poll every POLL_SECONDS; this waits for a change, timing nothing
            if seen():
                return True
            await asyncio.sleep(0.01)
        return False

    async def scenario():
        presenter = start_class(classrooms)
        ann = join(classrooms, presenter.teacher.code, "Ann")
        assert presenter.poller.running and ann.poller.running
        assert await until(lambda: presenter.learners == 1), text_of(presenter.bar)
        presenter.act("next")
        assert await until(lambda: ann.stepper.step == 1), "the learner's page follows the class"
        presenter.position = None  # a bug: the next poll reads its step
        assert await until(lambda: escape(msg("app.problem.unexpected")) in presenter.side.html)
        assert not presenter.poller.running
        ann.leave("gone")
        assert not ann.poller.running, "the join form polls nothing"

    with caplog.at_level(logging.ERROR, logger="tutor"), ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()  # a thread of its own: Playwright may hold this one's loop
    (record,) = [record for record in caplog.records if record.exc_info]
    assert record.getMessage() == "The teacher's page stopped following its class"


def test_a_class_gone_at_the_first_poll_leaves_the_learner_on_the_form_polling_nothing(classrooms, monkeypatch):
    """The class ends between joining and the page's first look at it: the form says why, and
    no poll runs on after it (one would find no class and say something went wrong)."""
    presenter = start_class(classrooms)

    def ended(_learner):
        raise ClassroomError(msg("classroom.error.expired-code", code=presenter.teacher.code))

    async def scenario():
        monkeypatch.setattr(Learner, "view", ended)
        follower = Follower(classrooms)
        follower.opened(hello(width=390))
        follower.code.value, follower.name.value = presenter.teacher.code, "Ann"
        follower.join()
        assert follower.learner is None and not follower.poller.running
        for _ in range(3):
            await asyncio.sleep(0)
        assert msg("app.problem.unexpected") not in text_of(follower)
        assert msg("classroom.error.expired-code", code=presenter.teacher.code) in text_of(follower)

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()


GUIDED = [(game, path.stem) for game in games() for path in bundled_lessons(game) if load_lesson(path).guided]


@pytest.mark.parametrize("game, stem", GUIDED)
def test_a_class_plays_a_guided_game_along_the_coachs_way(classrooms, game, stem):
    """One game for the whole class: each step that asks the learner's seat to move is asked of
    everyone in the same position and tallied; once the answer is shown, both pages go on with
    the coach's choice (a learner's other move does not change the class's game)."""
    presenter = Presenter(classrooms)
    presenter.opened(hello())
    presenter.game.value = game
    presenter.lesson.value = stem
    label = dict((value, label) for label, value in presenter.lesson.options)[stem]
    assert msg("classroom.setup.guided", lesson="") in label
    assert unescape(presenter.guided_note.value).endswith(f"<p>{msg('classroom.setup.guided-note')}</p>")
    presenter.start()
    ann = join(classrooms, presenter.teacher.code, "Ann")
    lesson = load_lesson(next(path for path in bundled_lessons(game) if path.stem == stem))
    line = lesson.line()  # the coach's way
    asked = 0
    for index, step in enumerate(lesson.steps):
        ann.poll()
        for page in (presenter, ann):
            assert page.stepper.step == index
            if not lesson.plays_on(step):
                assert page.stepper.board.state.snapshot() == line.states[index].snapshot(), f"step {index + 1}"
        if step.try_ is not None and step.try_.free:
            asked += 1
            state = line.states[index]
            coach = line.answers[index][0] if lesson.plays_on(step) else line.answers[index]
            other = next((move for move in seat_moves(state, lesson.learner) if move != coach), coach)
            ann.stepper.play(other)
            presenter.poll()
            assert msg("classroom.tally.answered", answered=1, learners=1) in text_of(presenter.side)
            presenter.act("reveal")
            ann.poll()
            if lesson.plays_on(step):
                shown = line.plays[index][-1].state
                said = msg("classroom.answer.played-on", seat=state.name(lesson.learner))
            else:
                words = lesson.entry.needed("words").move_words(state, coach)
                said = msg("classroom.answer.coach", seat=state.name(lesson.learner), move=words)
                shown = after(state, coach)
            for page in (presenter, ann):
                assert said in text_of(page), f"step {index + 1}: where the class's game goes on, in words"
                assert page.stepper.board.state.snapshot() == shown.snapshot(), f"step {index + 1}: the coach's way"
                assert page.stepper.board.seat == lesson.learner
            assert msg("classroom.verdict.right") in text_of(presenter.side), "any allowed move is right"
            assert msg("classroom.follow.free-right") in text_of(ann)
            assert msg("lesson.free-right") not in text_of(ann), "the class's game does not go on from Ann's move"
        if index + 1 < len(lesson.steps):
            presenter.act("next")
    assert asked >= 2
    ann.poll()
    results = text_of(ann.results)
    assert msg("classroom.follow.results") in results and "{" not in results, "each step's prompt, filled in"


def test_the_teacher_ends_the_class_after_a_confirmation_and_every_phone_is_told(classrooms):
    presenter = start_class(classrooms)
    code = presenter.teacher.code
    ann, ben = join(classrooms, code, "Ann"), join(classrooms, code, "Ben")
    presenter.poll()
    presenter.act("end")
    assert msg("classroom.end.confirm") in text_of(presenter.bar)
    presenter.act("end-no")  # changed their mind: the class goes on
    assert msg("classroom.end.confirm") not in text_of(presenter.bar)
    ann.poll()
    assert ann.learner is not None
    presenter.act("end")
    presenter.act("end-yes")
    shown = text_of(presenter)
    assert msg("classroom.end.heading", code=code) in shown and msg("classroom.end.text", count=2) in shown
    assert msg("classroom.results.download") in shown and not presenter.poller.running
    for phone in (ann, ben):
        phone.poll()
        assert phone.learner is None and msg("classroom.error.ended", code=code) in text_of(phone)
        assert msg("classroom.end.learn") in text_of(phone) and f"learn.ipynb?game={GAME}" in text_of(phone)
    presenter.act("next")  # a key pressed after the end changes nothing
    reloaded = Presenter(classrooms)
    reloaded.opened(hello(stored=presenter.link.keep["stored"]))
    assert msg("classroom.end.heading", code=code) in text_of(reloaded), "a reload shows the results again"
    (new,) = [
        box.children[0]
        for box in reloaded.children
        if isinstance(box, w.HBox) and box.children and isinstance(box.children[0], w.Button)
    ]
    new.click()
    assert reloaded.teacher is None and reloaded.link.keep == {"stored": None}


def test_a_late_joiners_earlier_steps_say_they_joined_later(classrooms):
    lesson, index, _state, _right, _wrong = lesson_and_try()
    presenter = start_class(classrooms)
    ann = join(classrooms, presenter.teacher.code, "Ann")
    for _ in range(index):
        presenter.act("next")
    presenter.act("reveal")  # Ann did not answer: she was there
    ann.poll()
    assert msg("classroom.follow.no-answer") in text_of(ann.stepper)
    presenter.act("next")
    dara = join(classrooms, presenter.teacher.code, "Dara")
    presenter.act("back")  # back to the question, before Dara came
    dara.poll()
    ann.poll()
    assert msg("classroom.follow.joined-later") in text_of(dara.stepper)
    assert msg("classroom.follow.no-answer") not in text_of(dara.stepper)
    assert msg("classroom.follow.no-answer") in text_of(ann.stepper)
    reloaded = Follower(classrooms)  # the page opened again from the scanned code: still a late joiner
    reloaded.opened(hello(width=390, stored=dara.link.keep["stored"]))
    assert msg("classroom.follow.joined-later") in text_of(reloaded.stepper)
    while presenter.position.step < len(lesson.steps):
        presenter.act("next")
    dara.poll()
    asked = msg("classroom.bar.step", number=index + 1, total=len(lesson.steps))
    (line,) = [line for line in text_of(dara.results).split("<li>") if asked in line]
    assert msg("classroom.follow.result.later") in line and msg("classroom.follow.result.none") not in line


def test_the_form_offers_each_games_guided_first_game_and_says_what_each_lesson_is_for(classrooms):
    presenter = Presenter(classrooms)
    presenter.opened(hello())
    for game in [*games(), *games()]:  # each game after another: the same first file name
        presenter.game.value = game
        first = load_lesson(bundled_lessons(game)[0])
        assert first.guided and presenter.lesson.value == bundled_lessons(game)[0].stem
        assert first.summary in unescape(presenter.guided_note.value)
        for _label, stem in presenter.lesson.options:
            presenter.lesson.value = stem
            lesson = load_lesson(next(path for path in bundled_lessons(game) if path.stem == stem))
            assert lesson.summary and lesson.summary in unescape(presenter.guided_note.value)


def test_the_results_name_the_rules_behind_wrong_answers_and_who_to_help_names_only_on_demand(classrooms):
    lesson, index, state, right, wrong = lesson_and_try()
    unasked = next(move for move in state.legal_moves() if move not in lesson.steps[index].try_.accept)
    presenter = start_class(classrooms)
    code = presenter.teacher.code
    ann, ben, cleo = (join(classrooms, code, name) for name in ("Ann", "Ben", "Cleo"))
    for _ in range(index):
        presenter.act("next")
    for learner, move in ((ann, right), (ben, wrong), (cleo, unasked)):
        learner.poll()
        learner.stepper.play(move)
    presenter.act("reveal")
    titles = {rule.id: rule.title for rule in lesson.entry.rule_list}
    (rule,) = lesson.steps[index].rules  # following colour: Ben's move breaks it, Cleo's is not the one asked
    assert state.why_not(wrong).rule == rule
    said = msg("classroom.tally.about", rules=titles[rule])
    assert said in text_of(presenter.side), "an allowed answer the step did not ask for: the rule the step is about"
    presenter.act("results")
    shown = text_of(presenter.side)
    assert msg("classroom.results.of", count=3, learners=3) in shown
    assert msg("classroom.results.broke", rule=titles[rule], count=2) in shown
    assert msg("classroom.results.help", count=2) in shown
    assert not any(name in shown.split("data:text/csv")[0] for name in ("Ann", "Ben", "Cleo")), "no names"
    presenter.act("names")
    named = text_of(presenter.side)
    assert msg("classroom.results.help-names", names=messages.listed(["Ben", "Cleo"])) in named
    presenter.act("names")
    assert "Ben" not in text_of(presenter.side).split("data:text/csv")[0], "hidden again"
    link = presenter.side.html.split('href="data:text/csv;base64,')[1].split('"')[0]
    rows = list(csv.reader(io.StringIO(__import__("base64").b64decode(link).decode("utf-8-sig"))))
    assert [row[-1] for row in rows[1:]] == ["", titles[rule], titles[rule]]
