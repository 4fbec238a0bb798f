"""Teaching by doing: every shipped lesson asks the learner to act in at least half of its
steps, no step is over 40 words in any language, and each game teaches its rules in a
teacher's order (the goal, one turn, winning and scoring, then the special cases)."""

import re

import pytest

from tutor.games import games
from tutor.lesson_texts import read_lesson
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import LANGUAGES

MOST_WORDS = 40
GAMES = [game for game in games() if bundled_lessons(game)]

# Rules in the order a teacher meets them: each one is first taught (the lesson's `rules`)
# no later than the next. Special cases and variants come after winning and scoring.
TEACHING_ORDER = {
    "monster-trick": [
        "mt.deal",
        "mt.open",
        "mt.follow",
        "mt.complete",
        "mt.vp-cycle",
        "mt.round-end",
        "mt.off-colour",
        "mt.game-end",
        "mt.start-player-variant",
    ],
    "danger-13": [
        "d13.deal",
        "d13.plain",
        "d13.bust",
        "d13.scoring",
        "d13.draw",
        "d13.arrow",
        "d13.hand",
        "d13.game-end",
    ],
    "thricewise": ["tw.pick", "tw.order", "tw.adjacency", "tw.flush", "tw.set", "tw.run", "tw.tie", "tw.last-turn"],
}


def acts(step: dict) -> bool:
    """A step where the learner does something: a move to play (a guided game's ``free`` move, or
    its ``play`` on, move after move, too)."""
    return any(step.get(kind) is not None for kind in ("try", "free", "play"))


def step_texts(step: dict) -> dict[str, str]:
    """Language → everything the step says, the try prompt included."""
    parts = [step.get("say")]
    spec = step.get("try") or step.get("free") or step.get("play")
    parts.append(spec.get("prompt") if isinstance(spec, dict) else spec)
    return {
        lang: " ".join(part.get(lang, "") if isinstance(part, dict) else str(part or "") for part in parts)
        for lang in LANGUAGES
    }


def words(text: str) -> int:
    """Words a learner reads: a lone colon or dash (French sets one off with a space) is none."""
    return sum(any(char.isalnum() for char in token) for token in text.split())


def shares(game: str) -> list[tuple[str, int, int]]:
    """(lesson file, steps, steps where the learner acts) for every shipped lesson of ``game``."""
    rows = []
    for path in bundled_lessons(game):
        steps = read_lesson(str(path))["steps"]
        rows.append((path.name, len(steps), sum(acts(step) for step in steps)))
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_the_learner_acts_in_at_least_half_the_steps_of_every_lesson(game):
    rows = shares(game)
    print(f"\n{game}: {len(rows)} lessons, {sum(r[1] for r in rows)} steps, {sum(r[2] for r in rows)} to act")
    for name, steps, acting in rows:
        print(f"  {name:45} {steps:2} steps {acting:2} to act  {acting / steps:4.0%}")
    assert [name for name, steps, acting in rows if 2 * acting < steps] == []


@pytest.mark.parametrize("game", GAMES)
def test_no_step_is_over_forty_words_in_any_language(game):
    long = []
    for path in bundled_lessons(game):
        for number, step in enumerate(read_lesson(str(path))["steps"], start=1):
            for lang, text in step_texts(step).items():
                if words(text) > MOST_WORDS:
                    long.append(f"{path.name}: step {number} ({lang}): {words(text)} words")
    assert long == []


@pytest.mark.parametrize("game", GAMES)
def test_rules_are_taught_in_a_teachers_order(game):
    lessons = [load_lesson(path) for path in bundled_lessons(game)]
    first = {}
    for position, lesson in enumerate(lessons, start=1):
        for rule in [*lesson.rules, *(rule for step in lesson.steps for rule in step.rules)]:
            first.setdefault(rule, position)
    order = TEACHING_ORDER[game]
    assert set(order) <= set(first), sorted(set(order) - set(first))
    lessons_in_order = [first[rule] for rule in order]
    assert lessons_in_order == sorted(lessons_in_order), list(zip(order, lessons_in_order))


def test_a_step_counts_its_prompt_and_acts_only_with_a_try():
    step = {
        "say": {"en": "one two", "fr": "un deux", "nl": "een twee"},
        "try": {"prompt": {"en": "three", "fr": "trois", "nl": "drie"}},
    }
    assert step_texts(step)["fr"].split() == ["un", "deux", "trois"]
    assert words("Le but\u00a0: gagner — vite\u00a0!") == 4
    assert acts(step) and not acts({"say": step["say"]})
    free = {"say": step["say"], "free": step["try"]}
    assert acts(free) and step_texts(free)["fr"].split() == ["un", "deux", "trois"]
    play = {"say": step["say"], "play": {"until": "round-over", **step["try"]}}
    assert acts(play) and step_texts(play)["fr"].split() == ["un", "deux", "trois"]


@pytest.mark.parametrize("game", GAMES)
def test_french_lesson_texts_keep_a_non_breaking_space_before_double_punctuation(game):
    loose = []
    for path in bundled_lessons(game):
        for number, step in enumerate(read_lesson(str(path))["steps"], start=1):
            text = step_texts(step)["fr"]
            if re.search(r" [:;?!»]|« ", text):
                loose.append(f"{path.name}: step {number}")
    assert loose == []


def click(board, selector: str) -> None:
    """Click the part of ``board`` drawn with ``selector`` ("[data-target='...']"), as the
    browser does; fails when no part draws it (the learner could not make the move)."""
    name = re.fullmatch(r"\[data-target='([^']+)'\]", selector).group(1)
    part = next((part for part in board.parts if f'data-target="{name}"' in part.html), None)
    assert part is not None, f"nothing on the board to click for {name}"
    part.click(name)


@pytest.mark.parametrize("game", GAMES)
def test_every_try_step_can_be_answered_right_on_the_board(game):
    import widgets
    from widgets.boards import board_module

    clicks = board_module(game).clicks
    for path in bundled_lessons(game):
        stepper = widgets.LessonStepper(str(path))
        lesson = stepper.lesson
        for index, step in enumerate(lesson.steps):
            assert stepper.step == index
            while step.try_:  # a play-on step asks again until its moment comes
                state = stepper.board.state  # the position on show: a guided game's follows the learner's moves
                move = step.try_.accept[0] if step.try_.accept else state.legal_moves()[0]
                for selector in clicks(move):
                    if selector.startswith("[data-target^='card:']"):  # a card of the hand, by its name
                        assert move.card in stepper.board.hand.cards, (path.name, index + 1, move)
                        stepper.board.select(move.card)
                    else:
                        click(stepper.board, selector)
                assert stepper.verdict == "right", (path.name, index + 1, stepper.message)
                if not stepper.waiting:
                    break
            stepper.next()


@pytest.mark.parametrize("game", GAMES)
def test_a_weaker_move_gets_its_remark_without_a_cross(game):
    """Each "Playing well" try: a move it names weaker is said why, marked as information (not
    wrong), and the step still waits for a good move."""
    import widgets

    weaker = [
        (path, index, step) for path in bundled_lessons(game) for index, step in enumerate(load_lesson(path).steps)
    ]
    weaker = [(path, index, step) for path, index, step in weaker if step.try_ and step.try_.weaker]
    assert weaker, "every game has a lesson on playing well"
    for path, index, step in weaker:
        stepper = widgets.LessonStepper(str(path))
        stepper.go(index)
        move, remark = step.try_.weaker[0]
        stepper.play(move)
        assert stepper.verdict == "" and remark in stepper.message and stepper.waiting, (path.name, index + 1)
        stepper.play(step.try_.accept[0])
        assert stepper.verdict == "right"
