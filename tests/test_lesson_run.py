"""The lesson run (tutor/lesson_run.py): a learner's way through a lesson, pure Python, as
the learn page, the classroom's pages and the studio's preview show it."""

import textwrap

import pytest

from tutor.bots import seat_moves
from tutor.games import games
from tutor.games import monster_trick as mt
from tutor.lesson_run import LessonRun, after, asked_steps
from tutor.lessons import bundled_lessons, check_lesson, load_lesson
from tutor.schema import STEP
from tutor.step_kinds import ASKING, KINDS, kind_of

BLUE_NINE = textwrap.dedent("""
    game: monster-trick
    title: A blue 9 on a green trick
    players: 4
    seats: [Orange, Red, Gray, Blue]
    position:
      round: 1
      starter: Gray
      to_move: Red
      tricks:
        1: ["Orange: green 8", "Gray: green 2", "Blue: green 5"]
        2: ["Red: green 7"]
        3: ["Orange: yellow 1", "Gray: yellow 4"]
        4: ["Blue: purple 10"]
      won: {Orange: 2, Red: 2, Gray: 2, Blue: 2}
      hands:
        Red: [blue 9, green 3, yellow 6]
    steps:
      - say: All four slots are taken.
      - say: Red holds a blue 9.
        try:
          prompt: Where may the blue 9 go and lose?
          accept: ["blue 9 -> 1", "blue 9 -> 2"]
      - say: Red played the blue 9.
        move: "Red: blue 9 -> 1"
""")

GUIDED = textwrap.dedent("""
    game: monster-trick
    title: A short guided game
    players: 2
    seats: [Orange, Blue]
    seed: 3
    learner: Orange
    steps:
      - say: Lay out your VP cards.
        free: {prompt: Any order.}
      - say: Blue is ready.
        coach: turn
        free: {prompt: Play a card.}
      - say: "Blue played {played}."
        coach: turn
        play: {until: trick-won, prompt: "Play on."}
      - say: The end.
""")


@pytest.fixture
def blue_nine(tmp_path):
    path = tmp_path / "blue-nine.yaml"
    path.write_text(BLUE_NINE)
    return LessonRun(load_lesson(path))


@pytest.fixture
def guided(tmp_path):
    path = tmp_path / "guided.yaml"
    path.write_text(GUIDED)
    return LessonRun(load_lesson(path))


def test_every_kind_of_step_is_read_from_a_field_the_file_format_knows():
    assert set(ASKING) <= set(STEP) and ASKING == [kind.field for kind in KINDS.values() if kind.field]
    for game in games():
        for path in bundled_lessons(game):
            for step in load_lesson(path).steps:
                assert kind_of(step) is KINDS[step.try_.kind if step.try_ else "show"]


def test_a_step_that_asks_nothing_answers_any_move_with_the_rules(blue_nine):
    assert not blue_nine.waiting and blue_nine.prompt is None and blue_nine.hints
    refused = blue_nine.play(mt.parse_move("green 3 -> 3"))
    assert (refused.right, refused.allowed, refused.kind) == (False, False, "refused")
    assert refused.rule and "yellow" in refused.text  # the reason names the trick's colour
    allowed = blue_nine.play(mt.parse_move("green 3 -> 1"))
    assert allowed.right and allowed.kind == "right" and not blue_nine.solved
    assert blue_nine.position is blue_nine.states[0]  # nothing asked: the position stays
    assert check_lesson(blue_nine.lesson.path) == []


def test_a_try_waits_for_a_right_answer_and_then_shows_the_position_after_it(blue_nine):
    blue_nine.go(1)
    assert blue_nine.waiting and not blue_nine.hints  # the board does not give the answer away
    assert blue_nine.prompt == "Where may the blue 9 go and lose?"
    before = blue_nine.position
    wrong = blue_nine.play(mt.parse_move("green 3 -> 1"))  # allowed, but it is not what the step asks
    assert (wrong.right, wrong.allowed, wrong.kind) == (False, True, "allowed") and blue_nine.waiting
    assert blue_nine.position is before
    right = blue_nine.play(mt.parse_move("blue 9 -> 2"))
    assert right.right and right.text == "Well done." and blue_nine.solved and not blue_nine.waiting
    assert blue_nine.position.snapshot() == after(before, mt.parse_move("blue 9 -> 2")).snapshot()
    assert blue_nine.hints
    assert blue_nine.play(mt.parse_move("yellow 6 -> 1")).kind == "refused"  # answered: the rules still speak


def test_the_next_step_says_when_it_goes_on_from_another_move_than_the_learners(blue_nine):
    blue_nine.go(1)
    blue_nine.play(mt.parse_move("blue 9 -> 2"))
    blue_nine.go(2)
    saying = blue_nine.otherwise()
    assert saying is not None and "slot 2" in saying() and "slot 1" in saying()
    blue_nine.restart()
    blue_nine.go(1)
    blue_nine.play(mt.parse_move("blue 9 -> 1"))
    blue_nine.go(2)
    assert blue_nine.otherwise() is None and blue_nine.index == 2


def test_a_class_judges_each_step_at_its_own_position(blue_nine):
    assert asked_steps(blue_nine.lesson) == (2,)
    kinds = [blue_nine.verdict(1, mt.parse_move(move)).kind for move in ("blue 9 -> 1", "green 3 -> 1", "green 3 -> 3")]
    assert kinds == ["right", "allowed", "refused"]
    assert "slot 1" in blue_nine.answer_words(1) and "slot 2" in blue_nine.answer_words(1)
    assert blue_nine.read(1, "blue 9 -> 1") == mt.parse_move("blue 9 -> 1") and blue_nine.read(1, "nonsense") is None
    assert blue_nine.goes_on(1) is None  # not a guided game: the lesson keeps its own moves


def test_a_guided_game_goes_on_from_the_learners_free_move(guided):
    coach_way = [state.snapshot() for state in guided.states]
    moves = seat_moves(guided.position, 0)
    chosen = next(move for move in moves if move != guided.line.answers[0])
    assert guided.play(chosen).right and guided.solved and guided.answers == {0: chosen}
    assert guided.states[1].vp_order[0] == chosen.order
    assert [state.snapshot() for state in guided.states] != coach_way
    assert guided.seat == 0 and guided.free


def test_a_play_on_step_takes_move_after_move_until_its_moment(guided):
    guided.go(2)
    assert guided.plays_on and guided.waiting and guided.prompt == "Play on."
    said = []
    while guided.waiting:
        verdict = guided.play(seat_moves(guided.position, 0)[0])
        assert verdict.right
        said.append(verdict.text)
    assert said[-1] != said[0] or len(said) == 1
    assert guided.played_out and len(guided.answers[2]) == len(said)
    stopped = guided.position
    guided.go(3)
    guided.go(2)  # back on it: where the learner left it
    assert guided.solved and guided.position is stopped


def test_the_class_sees_where_the_coachs_game_goes_on(guided):
    position, words = guided.goes_on(1)
    coach = guided.line.answers[1]
    assert position.snapshot() == after(guided.states[1], coach).snapshot() and "Orange" in words
    stopped, _words = guided.goes_on(2)
    assert stopped is guided.line.plays[2][-1].state
    assert guided.goes_on(3) is None


def test_a_guided_game_is_played_again_on_a_new_deal_that_holds():
    from tutor.lessons import lesson_holds

    run = LessonRun(load_lesson(next(path for path in bundled_lessons("monster-trick") if load_lesson(path).guided)))
    first_hand = run.states[0].hands[0]
    run.go(1)
    run.play(seat_moves(run.position, 0)[-1])
    run.new_deal()
    assert run.lesson.seed != 3 and lesson_holds(run.lesson)
    assert run.index == 0 and not run.answers and run.states[0].hands[0] != first_hand
    seed = run.lesson.seed
    run.relabel(load_lesson(run.lesson.path))  # the page's language changed: the deal stays
    assert run.lesson.seed == seed and run.states[0].hands[0] != first_hand


ACCEPTED = """      accept: ["blue 9 -> 1", "blue 9 -> 2"]"""
REMARK = "{move: [yellow 6 -> 3], say: {en: The 6 takes the yellow trick., fr: Le 6 prend le pli jaune., nl: De 6 pakt de gele slag.}}"


def with_weaker(remarks: str) -> str:
    """The blue-nine lesson whose try names ``remarks`` (YAML) as its weaker moves."""
    assert ACCEPTED in BLUE_NINE
    return BLUE_NINE.replace(ACCEPTED, f"{ACCEPTED}\n      weaker: {remarks}")


def test_a_weaker_move_gets_its_remark_and_no_mistake(tmp_path):
    path = tmp_path / "weaker.yaml"
    path.write_text(with_weaker(f"[{REMARK}]"))
    assert check_lesson(str(path)) == []
    run = LessonRun(load_lesson(path))
    run.go(1)
    weaker = run.play(mt.parse_move("yellow 6 -> 3"))
    assert (weaker.right, weaker.allowed, weaker.weaker) == (False, True, True) and run.waiting
    assert weaker.text.startswith("The 6 takes the yellow trick.") and "stronger move" in weaker.text
    other = run.play(mt.parse_move("green 3 -> 1"))  # allowed, neither asked nor named weaker
    assert not other.weaker and other.kind == "allowed"
    assert run.play(mt.parse_move("blue 9 -> 1")).right


@pytest.mark.parametrize(
    "weaker, problem",
    [
        ('[{move: "blue 9 -> 1", say: Weaker.}]', "both accepts 'blue 9 -> 1'"),
        ('[{move: "green 3 -> 3", say: Weaker.}]', "the engine refuses it"),
        ("[{move: green 3 -> 1}]", "a list of remarks"),
    ],
)
def test_tutor_check_refuses_a_weaker_move_it_cannot_play_or_that_is_also_accepted(tmp_path, weaker, problem):
    path = tmp_path / "weaker.yaml"
    path.write_text(with_weaker(weaker))
    failures = check_lesson(str(path))
    assert len(failures) == 1 and problem in failures[0], failures
