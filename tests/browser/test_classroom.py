"""A class in a real browser: one teacher's presenter page and three learners' pages (a phone and
two laptops), on the Voila server's throwaway SQLite store (conftest.py)."""

import csv
import io
import time
from pathlib import Path

import pytest

from tutor.bots import seat_moves
from tutor.games import game_name, games
from tutor.games.monster_trick import Play
from tutor.lesson_run import asked_steps
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import LANGUAGES, msg, set_language
from widgets.app import page_file
from widgets.languages import with_language
from widgets.pages import text

from .boards import play, play_as_seen
from .classroom import GAME, JOIN, TEACH, join, start_class, step_text, the_lesson, wait_for_step
from .conftest import PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot, viewport
from .pages import LAPTOP, PROJECTOR, assert_accessible, cut_off_sideways, hidden, settle, still, too_wide
from .phone import PHONE, hidden_without_a_sign

# The board as drawn (its drawings' outer box), and whether its corners and middle are in the window
# and show the board itself, not something laid over it.
BOARD_SEEN = """() => {
    const drawings = [...document.querySelectorAll('.tutor-board svg[viewBox]')]
        .filter(svg => svg.parentElement.closest('svg') === null && svg.getBoundingClientRect().height > 0);
    if (!drawings.length) return null;
    const boxes = drawings.map(svg => svg.getBoundingClientRect());
    const [left, top] = [Math.min(...boxes.map(b => b.left)), Math.min(...boxes.map(b => b.top))];
    const [right, bottom] = [Math.max(...boxes.map(b => b.right)), Math.max(...boxes.map(b => b.bottom))];
    const points = [[left + 3, top + 3], [right - 3, top + 3], [left + 3, bottom - 3], [right - 3, bottom - 3],
                    [(left + right) / 2, (top + bottom) / 2]];
    const hit = document.createElement('style');  // the projected board ignores the pointer: hit it all the same
    hit.textContent = '.tutor-board, .tutor-board * { pointer-events: auto !important; }';
    document.head.append(hit);
    const seen = points.filter(([x, y]) => x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight
        && document.elementFromPoint(x, y)?.closest('.tutor-board')).length;
    hit.remove();
    return {width: right - left, height: bottom - top, seen, points: points.length};
}"""


# What still shows through the blank screen: the corners and middle of the window and the results
# on show, each where the black box is not on top.
HIDDEN_BY_BLANK = """() => {
    const points = [[2, 2], [innerWidth - 2, 2], [2, innerHeight - 2], [innerWidth - 2, innerHeight - 2],
                    [innerWidth / 2, innerHeight / 2]];
    for (const part of document.querySelectorAll('.tutor-download, .tutor-results')) {
        const r = part.getBoundingClientRect();
        points.push([r.left + r.width / 2, r.top + r.height / 2]);
    }
    return points.filter(([x, y]) => !document.elementFromPoint(x, y)?.matches('.tutor-blank-screen'));
}"""


def board_seen(page) -> dict:
    settle(page)
    return page.evaluate(BOARD_SEEN)


SCREENS = [(LAPTOP, "normal"), (PROJECTOR, "projector")]  # each page opened at the first, then resized


def shown_at(device, size, text_size: str) -> dict:
    """The board as drawn once ``device`` is resized to ``size`` with ``text_size`` text."""
    device.set_viewport_size(viewport(size))
    zoom = device.locator(f"[data-zoom='{text_size}']")
    if zoom.get_attribute("aria-pressed") != "true":
        zoom.click()
    return board_seen(device)


@pytest.mark.parametrize("game", games())
def test_the_projected_board_has_the_room_it_has_on_the_learn_page(browser, voila, game):
    """The teacher's page at the lesson's first question (its tally beside the board) shows the whole
    board, uncovered and at least 80% as wide and as tall as the learn page does in the same window:
    a laptop at normal text, then the same pages resized to a projector at projector text."""
    paths = bundled_lessons(game)  # the first lesson with a question that is not the guided game
    lesson = next(each for path in paths if (each := load_lesson(path)).steps and not each.guided and asked_steps(each))
    stem = next(path.stem for path in paths if load_lesson(path).title == lesson.title)
    number = [path.stem for path in paths].index(stem) + 1
    step = next((index for index, each in enumerate(lesson.steps, start=1) if each.try_), 1)
    learn = browser(*SCREENS[0])
    learn.goto(voila.page_url(page_file("learn", game, lesson=number, step=step)))
    learn.locator(".tutor-lesson-panel .tutor-count", has_text=step_text(step, len(lesson.steps))).wait_for(
        timeout=PAGE_TIMEOUT_MS
    )
    there = [shown_at(learn, size, text_size) for size, text_size in SCREENS]
    learn.goto("about:blank")
    teacher = browser(*SCREENS[0])
    teacher.goto(voila.page_url(TEACH))
    teacher.wait_for_selector(".tutor-start-class", timeout=PAGE_TIMEOUT_MS)
    teacher.locator(".tutor-game-field select").select_option(label=game_name(game))
    offered = msg(
        "classroom.setup.asks",
        lesson=msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes),
    )
    teacher.locator(".tutor-lesson-field select").select_option(label=offered)
    teacher.wait_for_function(
        """offered => document.querySelector('.tutor-lesson-field select option:checked')
        ?.textContent.replaceAll('\\u00a0', ' ') === offered""",
        arg=offered,
    )  # ipywidgets spaces with no-break spaces
    teacher.click(".tutor-start-class")
    teacher.wait_for_selector(".tutor-class-strip")
    for _ in range(step - 1):
        teacher.keyboard.press("ArrowRight")
    teacher.locator(".tutor-head .tutor-count", has_text=step_text(step, len(lesson.steps))).wait_for()
    if lesson.steps[step - 1].try_:
        teacher.locator(".tutor-tally").wait_for()
    for (size, text_size), learned in zip(SCREENS, there):
        here = shown_at(teacher, size, text_size)
        screenshot(teacher, f"classroom-board-{game}-{size[0]}-{text_size}")
        assert here is not None, "no board on the teacher's page"
        assert here["seen"] == here["points"], f"{size[0]}, {text_size}: the board is out of view or covered: {here}"
        assert here["width"] >= 0.8 * learned["width"] and here["height"] >= 0.8 * learned["height"], (
            f"{size[0]}, {text_size}: the board is smaller than on the learn page: {here} against {learned}"
        )
        assert teacher.locator("[data-zoom]").count() == 3, "the text size control is there"


def test_a_class_follows_answers_and_sees_the_reveal(browser, voila):
    lesson, number, index = the_lesson()
    total = len(lesson.steps)
    state = lesson.states()[index]
    right = lesson.steps[index].try_.accept[0]
    wrong = next(
        move for card in state.hands[state.to_move] for slot in range(4) if state.why_not(move := Play(card, slot))
    )
    teacher = browser(PROJECTOR)
    code = start_class(teacher, voila, lesson, number)
    teacher.locator(".tutor-join-card svg").wait_for()
    assert f"code={code}" in teacher.inner_text(".tutor-join-card")
    assert_no_code_or_errors(teacher)
    screenshot(teacher, "classroom-presenter-1920")

    ann, ben, cleo = browser(PHONE), browser(LAPTOP), browser(LAPTOP)
    names = {ann: "Annabel", ben: "Bastian", cleo: "Cleopatra"}
    for learner, name in names.items():
        join(learner, voila, code, name)
        wait_for_step(learner, 1, total)
        assert_no_code_or_errors(learner)
    teacher.get_by_text(msg("classroom.bar.learners", count=3)).wait_for()

    seconds = []
    for step in range(2, index + 2):
        teacher.keyboard.press("ArrowRight" if step % 2 else " ")
        clicked = time.monotonic()
        for learner in (ann, ben, cleo):
            wait_for_step(learner, step, total)
        seconds.append(time.monotonic() - clicked)
        still(ann)
        assert hidden(ann, ".tutor-lesson-panel .tutor-head, .tutor-say") == [], f"step {step}: on the phone"
    print(f"teacher's step to all three learners: {', '.join(f'{s:.2f}' for s in seconds)} s")
    teacher.locator(".tutor-head .tutor-count", has_text=step_text(index + 1, total)).wait_for()

    play(ann, GAME, right)
    play(ben, GAME, wrong)
    for learner, move in ((ann, right), (ben, wrong)):
        learner.get_by_text(
            msg("classroom.follow.answer-in", answer=msg("mt.move.play", card=move.card, slot=move.slot + 1))
        ).wait_for()
    tally = teacher.locator(".tutor-tally")
    tally.get_by_text(msg("classroom.tally.answered", answered=2, learners=3)).wait_for()
    assert msg("classroom.tally.allowed", allowed=1) in tally.inner_text()
    assert tally.locator(".tutor-tally-row").count() == 2
    screenshot(teacher, "classroom-tally-1920")

    teacher.keyboard.press("r")
    ann.locator(".tutor-feedback.tutor-right").wait_for()
    ben.locator(".tutor-feedback.tutor-wrong", has_text=str(state.why_not(wrong))).wait_for()
    cleo.get_by_text(msg("classroom.follow.no-answer"), exact=False).wait_for()
    tally.locator(".tutor-bar-refused", has_text=str(state.why_not(wrong))).wait_for()
    still(ann)
    screenshot(ann, "classroom-learner-phone-revealed")
    assert hidden(ann, ".tutor-feedback") == [], "the verdict on the phone after the reveal"
    assert ann.locator(".tutor-board [data-target^='card:']").count() == 0, "after the reveal no card to choose"
    screenshot(teacher, "classroom-revealed-1920")
    walk_the_summary(teacher, rule=rule_title(lesson, state.why_not(wrong).rule), helped="Bastian")
    teacher.set_viewport_size({"width": 1280, "height": 600})  # a short window: the results are below the fold
    teacher.click("[data-target='results']")
    teacher.locator(".tutor-download").scroll_into_view_if_needed()  # the teacher scrolled down to them
    teacher.keyboard.press("b")
    teacher.locator(".tutor-blank-screen").wait_for()
    assert teacher.evaluate(HIDDEN_BY_BLANK) == [], "the blank screen covers the whole window"
    teacher.keyboard.press("b")
    teacher.locator(".tutor-blank-screen").wait_for(state="hidden")
    teacher.click("[data-target='results']")
    teacher.set_viewport_size(viewport(PROJECTOR))
    teacher.keyboard.press("f")
    teacher.wait_for_function("document.fullscreenElement !== null")
    teacher.keyboard.press("f")
    teacher.wait_for_function("document.fullscreenElement === null")
    screenshot(ann, "classroom-learner-phone")
    screenshot(ben, "classroom-learner-laptop")
    for learner, own in names.items():
        body = learner.inner_text("body")
        assert own in body and not [name for name in names.values() if name != own and name in body], (
            "a learner sees no other learner's name"
        )

    for learner in (cleo, ben):  # a reload lands on the current step, with the answers given so far
        learner.reload()
        learner.wait_for_selector(".tutor-who", timeout=PAGE_TIMEOUT_MS)
        wait_for_step(learner, index + 1, total)
    cleo.get_by_text(msg("classroom.follow.no-answer"), exact=False).wait_for()
    ben.locator(".tutor-feedback.tutor-wrong", has_text=str(state.why_not(wrong))).wait_for()

    teacher.set_viewport_size({"width": 1280, "height": 720})
    teacher.reload()  # the teacher's reload resumes the class where it was
    teacher.wait_for_selector(".tutor-class-strip", timeout=PAGE_TIMEOUT_MS)
    assert teacher.locator(".tutor-class-code strong").inner_text() == code
    teacher.locator(".tutor-head .tutor-count", has_text=step_text(index + 1, total)).wait_for()
    teacher.locator(".tutor-tally").get_by_text(msg("classroom.tally.answered", answered=2, learners=3)).wait_for()
    assert_no_code_or_errors(teacher)
    screenshot(teacher, "classroom-presenter-1280")


def rule_title(lesson, rule: str) -> str:
    return next(each.title for each in lesson.entry.rule_list if each.id == rule)


# The smallest text in a part, as drawn (its font size times the page's zoom), and whether any
# of its lines is cut off at the side.
LEGIBLE = """part => {
    const lines = [part, ...part.querySelectorAll('*')].filter(el => el.getClientRects().length
        && [...el.childNodes].some(node => node.nodeType === 3 && node.textContent.trim()));
    return {smallest: Math.min(...lines.map(el => parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1))),
            cut: lines.filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent.trim())};
}"""


def walk_the_summary(teacher, rule: str, helped: str) -> None:
    """The class's results beside the board on a projector (projector text) and a laptop: whole and
    legible in the window with the board, who needs help counted without names until the teacher
    asks, and the download a real file with each answer's rule."""
    teacher.get_by_role("button", name=msg("classroom.bar.results")).click()
    summary = teacher.locator(".tutor-class-results")
    summary.get_by_text(msg("classroom.results.help", count=1)).wait_for()
    for size, text_size, smallest in ((PROJECTOR, "projector", 18), (LAPTOP, "normal", 14)):
        teacher.set_viewport_size(viewport(size))
        teacher.locator(f"[data-zoom='{text_size}']").click()
        teacher.wait_for_function("size => document.documentElement.dataset.tutorZoom === size", arg=text_size)
        seen = board_seen(teacher)
        screenshot(teacher, f"classroom-summary-{size[0]}-{text_size}")
        assert box_in_window(teacher, summary), f"{size}: the summary is whole in the window"
        assert seen and seen["seen"] == seen["points"], f"{size}: the board is in view beside it"
        legible = summary.evaluate(LEGIBLE)
        assert legible["smallest"] >= smallest and legible["cut"] == [], f"{size}: {legible}"
        assert msg("classroom.results.broke", rule=rule, count=1) in summary.inner_text()
        assert helped not in summary.inner_text(), "no names on the projector"
    teacher.get_by_role("button", name=msg("classroom.results.show-names")).click()
    summary.get_by_text(msg("classroom.results.help-names", names=helped)).wait_for()
    assert_accessible(teacher)
    with teacher.expect_download() as download:
        summary.get_by_role("link", name=msg("classroom.results.download")).click()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0][-1] == msg("classroom.csv.rules") and [helped, rule] in [[row[0], row[-1]] for row in rows]
    teacher.get_by_role("button", name=msg("classroom.results.hide-names")).click()
    teacher.locator("[data-zoom='normal']").click()
    teacher.get_by_role("button", name=msg("classroom.bar.results")).click()
    summary.wait_for(state="detached")


def test_a_wrong_code_is_explained_on_the_join_page(browser, voila):
    learner = browser(PHONE)
    learner.goto(f"{voila.page_url(JOIN)}?code=K7PX2M")
    learner.wait_for_selector(".tutor-join", timeout=PAGE_TIMEOUT_MS)
    learner.fill(".tutor-name-field input", "Ann")
    learner.click(".tutor-join")
    learner.locator(
        ".tutor-feedback.tutor-wrong", has_text=msg("classroom.error.unknown-code", code="K7PX2M")
    ).wait_for()
    assert learner.locator(".tutor-name-field input").input_value() == "Ann"
    assert_no_code_or_errors(learner)
    screenshot(learner, "classroom-join-wrong-code")


def title_of(language: str, heading: str) -> str:
    return text(language, "publish.title.section", section=text(language, heading), app=text(language, "app.title"))


def assert_in_the_frame(device, name: str) -> None:
    """On a phone, a laptop and a projector: the tutor's navigation, languages and text size in
    view, nothing wider than the window, no label cut short, no accessibility fault."""
    for size in (PHONE, LAPTOP, PROJECTOR):
        device.set_viewport_size(viewport(size))
        settle(device)
        assert too_wide(device) == [], f"{name} at {size}: wider than the window"
        if size == PHONE:  # the bar folds into one row that scrolls sideways, fading where more is hidden
            assert hidden_without_a_sign(device) == [], f"{name} at {size}: the bar hides links without a sign"
        else:
            assert cut_off_sideways(device, ".tutor-nav a, [data-zoom]") == [], f"{name} at {size}: the bar is cut off"
        cut = device.evaluate("""() => [...document.querySelectorAll('.tutor-page label, .tutor-page button')]
            .filter(el => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1)
            .map(el => el.textContent.trim())""")
        assert cut == [], f"{name} at {size}: cut short: {cut}"
        assert_accessible(device)
        screenshot(device, f"classroom-frame-{name}-{size[0]}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_classroom_pages_are_in_the_tutors_frame_in_every_language(browser, voila, language):
    teacher = browser(LAPTOP)
    teacher.goto(voila.page_url(with_language(TEACH, language)))
    teacher.wait_for_selector(".tutor-start-class", timeout=PAGE_TIMEOUT_MS)
    teacher.wait_for_function("title => document.title === title", arg=title_of(language, "classroom.setup.heading"))
    assert teacher.evaluate("document.documentElement.lang") == language
    assert_in_the_frame(teacher, f"teach-form-{language}")
    teacher.click(".tutor-start-class")
    teacher.wait_for_selector(".tutor-class-strip")
    code = teacher.locator(".tutor-class-code strong").inner_text()
    assert text(language, "classroom.bar.code") in teacher.inner_text(".tutor-class-strip")
    assert_in_the_frame(teacher, f"teach-{language}")

    learner = browser(PHONE)
    learner.goto(voila.page_url(with_language(JOIN, language)))
    learner.wait_for_selector(".tutor-join", timeout=PAGE_TIMEOUT_MS)
    learner.wait_for_function("title => document.title === title", arg=title_of(language, "classroom.form.heading"))
    assert learner.locator(f".tutor-nav a[href$='index.ipynb?lang={language}']").count() == 1, "a way home"
    assert_in_the_frame(learner, f"join-form-{language}")
    learner.fill(".tutor-class-code-field input", code)
    learner.fill(".tutor-name-field input", "Zoë")
    learner.click(".tutor-join")
    learner.wait_for_selector(".tutor-who")
    assert_in_the_frame(learner, f"join-{language}")


def test_a_learner_in_a_replaced_class_is_told_and_joins_the_new_one(browser, voila):
    lesson, number, _ = the_lesson()
    teacher = browser(LAPTOP)
    old = start_class(teacher, voila, lesson, number)
    learner = browser(PHONE)
    join(learner, voila, old, "Zoë")
    teacher.click("[data-target='new']")
    teacher.click(".tutor-start-class")
    teacher.wait_for_selector(".tutor-class-strip")
    new = teacher.locator(".tutor-class-code strong").inner_text()
    assert new != old
    ended = msg("classroom.error.expired-code", code=old)
    learner.locator(".tutor-feedback.tutor-wrong", has_text=ended).wait_for()
    assert learner.locator(".tutor-class-code-field input").input_value() == ""
    screenshot(learner, "classroom-learner-class-ended")
    for reopen in (learner.reload, lambda: learner.goto(voila.page_url(JOIN))):  # the next day, from the bookmark
        reopen()
        learner.wait_for_selector(".tutor-join", timeout=PAGE_TIMEOUT_MS)
        assert learner.locator(".tutor-who").count() == 0, "not sent back into the old class"
    learner.fill(".tutor-class-code-field input", new.lower())
    learner.fill(".tutor-name-field input", "Zoë")
    learner.click(".tutor-join")
    learner.locator(".tutor-who", has_text=new).wait_for()
    assert_no_code_or_errors(learner)


def test_the_teacher_sets_the_class_size_and_removes_a_learner(browser, voila):
    """A class of one: a second learner is told it is full; the teacher removes the first with the
    button named for them, whose page says so and shows the join form; then the second gets in."""
    lesson, number, _index = the_lesson()
    teacher = browser(LAPTOP)
    code = start_class(teacher, voila, lesson, number, size=1)
    ann, ben = browser(PHONE), browser(LAPTOP)
    join(ann, voila, code, "Annabel")
    ben.goto(f"{voila.page_url(JOIN)}?code={code}")
    ben.wait_for_selector(".tutor-join", timeout=PAGE_TIMEOUT_MS)
    ben.fill(".tutor-name-field input", "Bastian")
    ben.click(".tutor-join")
    ben.locator(".tutor-feedback").wait_for()
    assert msg("classroom.error.full", limit=1) in ben.inner_text(".tutor-feedback")

    teacher.click("[data-target='roster']")
    remove = teacher.get_by_role("button", name=msg("classroom.roster.remove-name", name="Annabel"))
    remove.wait_for()
    assert_accessible(teacher)
    screenshot(teacher, "classroom-roster-1280")
    remove.click()
    teacher.get_by_text(msg("classroom.roster.none")).wait_for()
    ann.get_by_text(msg("classroom.error.removed", code=code)).wait_for()
    assert ann.locator(".tutor-join").is_visible()
    assert_no_code_or_errors(ann)
    screenshot(ann, "classroom-removed-phone")
    ben.click(".tutor-join")
    ben.wait_for_selector(".tutor-who")
    teacher.get_by_text(msg("classroom.bar.learners", count=1)).wait_for()


def test_a_class_plays_the_guided_first_game_along_the_coachs_way(browser, voila):
    """Two asked steps of Monster Trick's guided game with a teacher and one learner on a phone:
    the learner plays another move than the coach's, the tally counts it, and after the reveal
    both pages go on with the coach's move, said in words, the board in view on the projector."""
    game = "monster-trick"
    paths = bundled_lessons(game)
    number, path = next((number, path) for number, path in enumerate(paths, start=1) if load_lesson(path).guided)
    lesson = load_lesson(path)
    line, total = lesson.line(), len(lesson.steps)
    teacher = browser(LAPTOP)
    teacher.goto(voila.page_url(TEACH))
    teacher.wait_for_selector(".tutor-start-class", timeout=PAGE_TIMEOUT_MS)
    teacher.locator(".tutor-game-field select").select_option(label=game_name(game))
    title = msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes)
    label = msg("classroom.setup.guided", lesson=msg("classroom.setup.asks", lesson=title))
    teacher.locator(".tutor-lesson-field select").select_option(label=label)
    teacher.locator(".tutor-guided-note", has_text=msg("classroom.setup.guided-note")).wait_for()
    assert_accessible(teacher)
    screenshot(teacher, "classroom-guided-form-1280")
    teacher.click(".tutor-start-class")
    teacher.wait_for_selector(".tutor-class-strip")
    code = teacher.locator(".tutor-class-code strong").inner_text()
    ann = browser(PHONE)
    join(ann, voila, code, "Ann")
    wait_for_step(ann, 1, total)
    teacher.get_by_text(msg("classroom.bar.learners", count=1)).wait_for()
    asked = [index for index, step in enumerate(lesson.steps) if step.try_ is not None][:2]
    words = lesson.entry.needed("words")
    reached = 1
    for index in asked:
        while reached < index + 1:
            reached += 1
            teacher.keyboard.press("ArrowRight")
            teacher.locator(".tutor-head .tutor-count", has_text=step_text(reached, total)).wait_for()
        wait_for_step(ann, index + 1, total)
        state, coach = line.states[index], line.answers[index]
        other = next(move for move in seat_moves(state, lesson.learner) if move != coach)
        play_as_seen(ann, game, other)
        ann.get_by_text(msg("classroom.follow.answer-in", answer=words.move_words(state, other))).wait_for()
        tally = teacher.locator(".tutor-tally")
        tally.get_by_text(msg("classroom.tally.answered", answered=1, learners=1)).wait_for()
        teacher.keyboard.press("r")
        goes_on = msg("classroom.answer.coach", seat=state.name(lesson.learner), move=words.move_words(state, coach))
        for page in (teacher, ann):
            page.locator(".tutor-lesson-panel", has_text=goes_on).wait_for()
        tally.locator(".tutor-bar-right").wait_for()
        ann.locator(".tutor-feedback.tutor-right", has_text=msg("classroom.follow.free-right")).wait_for()
        seen = board_seen(teacher)
        assert seen and seen["seen"] == seen["points"], f"step {index + 1}: the projected board is in view"
        assert too_wide(ann) == [], f"step {index + 1}: nothing cut off on the phone"
        screenshot(teacher, f"classroom-guided-step-{index + 1}-1280")
        screenshot(ann, f"classroom-guided-step-{index + 1}-phone")
        assert_no_code_or_errors(teacher)
        assert_no_code_or_errors(ann)


def box_in_window(device, locator) -> bool:
    """Whether the part is drawn whole inside the window (not only present in the page)."""
    box = locator.bounding_box()
    size = device.viewport_size
    return (
        box is not None
        and box["width"] > 0
        and box["height"] > 0
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


def test_the_teacher_ends_the_class_and_every_phone_says_so(browser, voila):
    lesson, number, _ = the_lesson()
    teacher = browser(PROJECTOR)
    code = start_class(teacher, voila, lesson, number)
    phones = [browser(PHONE), browser(PHONE)]
    for phone, name in zip(phones, ("Ann", "Ben"), strict=True):
        join(phone, voila, code, name)
    teacher.get_by_text(msg("classroom.bar.learners", count=2)).wait_for()
    teacher.get_by_role("button", name=msg("classroom.bar.end")).click()
    confirm = teacher.locator(".tutor-end-confirm")
    confirm.wait_for()
    assert box_in_window(teacher, confirm) and msg("classroom.end.confirm") in confirm.inner_text()
    teacher.get_by_role("button", name=msg("classroom.end.no")).click()
    confirm.wait_for(state="detached")
    assert phones[0].locator(".tutor-who").is_visible(), "not ended: the class goes on"
    teacher.get_by_role("button", name=msg("classroom.bar.end")).click()
    teacher.get_by_role("button", name=msg("classroom.end.yes")).click()
    ended_at = time.monotonic()
    heading = teacher.get_by_role("heading", name=msg("classroom.end.heading", code=code))
    heading.wait_for()
    download = teacher.locator(".tutor-download")
    assert box_in_window(teacher, heading) and box_in_window(teacher, download)
    assert msg("classroom.end.text", count=2) in teacher.inner_text(".tutor-class-ended")
    assert_accessible(teacher)
    screenshot(teacher, "classroom-ended-1920")
    told = msg("classroom.error.ended", code=code)
    for phone in phones:
        phone.locator(".tutor-feedback.tutor-wrong", has_text=told).wait_for()
        learn = phone.get_by_role("link", name=msg("classroom.end.learn"))
        assert box_in_window(phone, phone.locator(".tutor-feedback.tutor-wrong")) and box_in_window(phone, learn)
        assert f"game={GAME}" in learn.get_attribute("href")
        assert_no_code_or_errors(phone)
    print(f"every phone told the class ended {time.monotonic() - ended_at:.2f} s after the teacher's click")
    screenshot(phones[0], "classroom-ended-phone")
    assert_accessible(phones[0])
    teacher.reload()  # the results stay for the teacher
    teacher.get_by_role("heading", name=msg("classroom.end.heading", code=code)).wait_for(timeout=PAGE_TIMEOUT_MS)
    phones[0].get_by_role("link", name=msg("classroom.end.learn")).click()
    phones[0].locator(".tutor-board").first.wait_for(timeout=PAGE_TIMEOUT_MS)


@pytest.mark.parametrize("language", ["fr"])
def test_the_form_offers_the_guided_first_game_and_says_what_it_is_for(browser, voila, language):
    teacher = browser(LAPTOP)
    teacher.goto(with_language(voila.page_url(TEACH), language))
    teacher.wait_for_selector(".tutor-start-class", timeout=PAGE_TIMEOUT_MS)
    for game in games():
        teacher.locator(".tutor-game-field select").select_option(label=game_name(game))
        set_language(language)  # the lesson's summary and the note as the French page says them
        try:
            purpose, note = load_lesson(bundled_lessons(game)[0]).summary, msg("classroom.setup.guided-note")
        finally:
            set_language("en")
        said = teacher.locator(".tutor-lesson-purpose", has_text=purpose)
        said.wait_for()
        assert box_in_window(teacher, said) and box_in_window(teacher, teacher.locator(".tutor-start-class"))
        assert teacher.locator(".tutor-guided-note", has_text=note).is_visible()
    screenshot(teacher, "classroom-form-guided-first")
    assert_accessible(teacher)


def test_a_late_joiner_reads_that_they_joined_after_a_step(browser, voila):
    lesson, number, index = the_lesson()
    total = len(lesson.steps)
    teacher = browser(LAPTOP)
    code = start_class(teacher, voila, lesson, number)
    for _ in range(index):
        teacher.click("[data-target='next']")
    teacher.locator(".tutor-head .tutor-count", has_text=step_text(index + 1, total)).wait_for()
    teacher.click("[data-target='reveal']")
    teacher.click("[data-target='next']")
    teacher.locator(".tutor-head .tutor-count", has_text=step_text(index + 2, total)).wait_for()
    late = browser(PHONE)
    join(late, voila, code, "Dara")
    wait_for_step(late, index + 2, total)
    teacher.click("[data-target='back']")  # back to the question the class answered before Dara came
    wait_for_step(late, index + 1, total)
    said = late.get_by_text(msg("classroom.follow.joined-later"))
    said.wait_for()
    assert box_in_window(late, said.first)
    assert late.get_by_text(msg("classroom.follow.no-answer")).count() == 0
    screenshot(late, "classroom-late-joiner-phone")
    assert_no_code_or_errors(late)
