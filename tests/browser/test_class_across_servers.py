"""A class across two machines: two tutor servers (two ports here) share one redis-server as
the classroom store; the teacher's page is on one, the learner's on the other, as a school's
learners are spread over several servers behind one address (README, "Publish it")."""

from urllib.parse import urlsplit

import pytest
from classroom_stores import RedisServer, require_redis_server

from tutor.games.monster_trick import Play
from tutor.messages import msg

from .boards import play
from .classroom import join, start_class, the_lesson, wait_for_step
from .conftest import LOGS, PAGE_TIMEOUT_MS, VoilaServer, assert_no_code_or_errors, screenshot
from .pages import LAPTOP, PROJECTOR


@pytest.fixture(scope="module")
def two_servers(chromium):
    """Two servers on one throwaway redis-server. Without pools: these pages never come from
    one, and the machine has other tests to run."""
    require_redis_server()
    with RedisServer() as address, pytest.MonkeyPatch.context() as patch:
        patch.setenv("TUTOR_CLASS_STORE", address)
        servers = []
        try:
            for name in ("voila-first", "voila-second"):
                servers.append(VoilaServer("--VoilaConfiguration.preheat_kernel=False", log=LOGS / f"{name}.log"))
            yield servers
        finally:
            for server in servers:
                server.stop()


def test_a_learner_on_another_server_follows_answers_and_is_counted(browser, two_servers):
    first, second = two_servers
    assert urlsplit(first.url).port != urlsplit(second.url).port
    lesson, number, index = the_lesson()
    total = len(lesson.steps)
    state = lesson.states()[index]
    wrong = next(
        move for card in state.hands[state.to_move] for slot in range(4) if state.why_not(move := Play(card, slot))
    )
    teacher = browser(PROJECTOR)
    code = start_class(teacher, first, lesson, number)
    learner = browser(LAPTOP)
    join(learner, second, code, "Annabel")
    wait_for_step(learner, 1, total)
    teacher.get_by_text(msg("classroom.bar.learners", count=1)).wait_for()

    for step in range(2, index + 2):
        teacher.keyboard.press("ArrowRight")
        wait_for_step(learner, step, total)
    play(learner, "monster-trick", wrong)
    learner.get_by_text(
        msg("classroom.follow.answer-in", answer=msg("mt.move.play", card=wrong.card, slot=wrong.slot + 1))
    ).wait_for()
    tally = teacher.locator(".tutor-tally")
    tally.get_by_text(msg("classroom.tally.answered", answered=1, learners=1)).wait_for()
    teacher.keyboard.press("r")
    learner.locator(".tutor-feedback.tutor-wrong", has_text=str(state.why_not(wrong))).wait_for()
    tally.locator(".tutor-bar-refused", has_text=str(state.why_not(wrong))).wait_for()
    assert_no_code_or_errors(teacher)
    assert_no_code_or_errors(learner)
    screenshot(teacher, "classroom-two-servers-teacher")
    screenshot(learner, "classroom-two-servers-learner")

    # The learner's page, opened again on the teacher's server (their server went away): the same
    # class, at the teacher's step, with the answer given.
    address = urlsplit(learner.url)
    learner.goto(f"{first.page_url('classroom/join.ipynb')}?{address.query}")
    learner.wait_for_selector(".tutor-who", timeout=PAGE_TIMEOUT_MS)
    wait_for_step(learner, index + 1, total)
    learner.locator(".tutor-feedback.tutor-wrong", has_text=str(state.why_not(wrong))).wait_for()
    teacher.keyboard.press("ArrowRight")
    wait_for_step(learner, index + 2, total)
    teacher.get_by_text(msg("classroom.bar.learners", count=1)).wait_for()
    screenshot(learner, "classroom-two-servers-learner-moved")
