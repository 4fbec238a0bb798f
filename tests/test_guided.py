"""Guided first games: the learner plays one seat, the coach the others, and the lesson
goes on from the learner's own moves (docs/lessons.md, "Guided games")."""

import random
import textwrap
from contextlib import contextmanager
from functools import cache

import pytest
from one_file import one_file

from tutor.bots import seat_moves
from tutor.games import games
from tutor.lessons import Lesson, Moment, bundled_lessons, check_lesson, learner_choices, load_lesson
from tutor.messages import LANGUAGES, set_language
from widgets.stepper import LessonStepper

GUIDED = [path for game in games() for path in bundled_lessons(game) if load_lesson(path).guided]
MT_GUIDED = next(path for path in GUIDED if path.parent.name == "monster_trick")
D13_GUIDED = next(path for path in GUIDED if path.parent.name == "danger13")
TW_GUIDED = next(path for path in GUIDED if path.parent.name == "thricewise")
WORDS = 40


def write(tmp_path, text):
    path = tmp_path / "guided.yaml"
    path.write_text(textwrap.dedent(text))
    return str(path)


SMALL = """\
    game: monster-trick
    title: A short guided game
    players: 2
    seats: [Orange, Blue]
    seed: 3
    learner: Orange
    firsts:
      - {when: trick-won, say: "{trick_winner} won a trick."}
    steps:
      - say: Lay out your VP cards.
        free: {prompt: Any order.}
      - say: Blue is ready.
        coach: turn
        free: {prompt: Play a card.}
      - say: "Blue played {played}."
        coach: turn
        check: {hand_sizes: {Orange: 11, Blue: 11}}
"""


def test_a_guided_game_comes_first_in_the_monster_trick_list():
    assert bundled_lessons("monster-trick")[0] == MT_GUIDED


def test_a_guided_game_comes_first_in_the_danger_13_and_thricewise_lists():
    assert bundled_lessons("danger-13")[0] == D13_GUIDED and bundled_lessons("thricewise")[0] == TW_GUIDED


@pytest.mark.parametrize("path", GUIDED, ids=lambda path: path.parent.name)
def test_every_shipped_guided_game_holds_every_way_the_checker_plays_it(path):
    assert check_lesson(path) == []


@pytest.mark.parametrize("seed", range(12))
def test_monster_trick_reaches_the_scoring_whatever_the_learner_plays(seed):
    lesson = load_lesson(MT_GUIDED)
    rng = random.Random(seed)
    line = lesson.line(lambda _index, state: rng.choice(seat_moves(state, lesson.learner)))
    last = line.states[-1]
    assert len(last.round_scores) == 1  # the whole round is played and scored
    assert sum(last.round_tricks[0]) >= 1
    free = [index for index, step in enumerate(lesson.steps) if step.try_ and step.try_.free]
    assert len(free) == 13 and sorted(line.answers) == free  # the VP order and all 12 cards are the learner's
    text = lesson.text(lesson.steps[-1].say, line.moments[-1])
    assert "the last card" in text


def test_the_game_goes_on_from_the_learners_own_move(tmp_path):
    lesson = load_lesson(write(tmp_path, SMALL))
    first = lesson.line()
    for order in ((3, 2, 1), (1, 2, 3)):
        line = lesson.line(
            lambda index, state, order=order: seat_moves(state, 0)[0].__class__(order) if index == 0 else None
        )
        assert line.states[1].vp_order[0] == order
    card_moves = seat_moves(first.states[1], 0)
    for move in (card_moves[0], card_moves[-1]):
        line = lesson.line(lambda index, _state, move=move: move if index == 1 else None)
        table = [card for trick in line.states[2].tricks for _, card in trick]
        assert move.card in table and len(table) == 2  # the learner's card, then the coach's answer
        assert "Blue played the" in lesson.text(lesson.steps[2].say, line.moments[2])


def test_the_coach_is_the_same_every_time():
    lesson = load_lesson(MT_GUIDED)
    assert [state.tricks for state in lesson.line().states] == [state.tricks for state in lesson.line().states]


def test_a_tip_is_said_once_on_the_first_step_its_moment_happens():
    lesson = load_lesson(MT_GUIDED)
    for choose in learner_choices(lesson):
        line = lesson.line(choose)
        said = [first.when for firsts in line.firsts for first in firsts]
        assert len(said) == len(set(said))
        assert "trick-won" in said  # a trick is always won in a whole round
        first_trick = next(
            index
            for index, moment in enumerate(line.moments)
            if sum(moment.after.won) + sum(map(sum, moment.after.round_tricks)) > 0
        )
        assert "trick-won" in [first.when for first in line.firsts[first_trick]]  # with any other tip due there


@pytest.mark.parametrize(
    "broken, words",
    [
        (
            "      - say: Your move.\n        free: {prompt: Play.}\n      - say: Again.\n        free: {prompt: Play.}\n",
            "it is Blue's turn",
        ),
        ('      - say: "{nothing} here."\n', "'{nothing}'"),
        ("      - say: Too many.\n        coach: 3\n", "the coach should play 3 moves here"),
    ],
)
def test_the_checker_names_what_cannot_hold(tmp_path, broken, words):
    failures = check_lesson(write(tmp_path, SMALL + broken))
    assert failures and words in " ".join(failures), failures


def test_a_free_step_without_a_learner_is_refused(tmp_path):
    failures = check_lesson(write(tmp_path, SMALL.replace("    learner: Orange\n", "")))
    assert "name the learner's seat under 'learner'" in failures[0]


def test_a_check_that_holds_only_for_the_coachs_moves_fails(tmp_path):
    lesson = load_lesson(MT_GUIDED)
    tricks = lesson.line().states[-1].round_tricks[0][0]
    text = one_file(MT_GUIDED).replace(
        "      round: 2\n", f"      round: 2\n      round_tricks: {{Orange: [{tricks}]}}\n"
    )
    assert text != one_file(MT_GUIDED)
    failures = check_lesson(write(tmp_path, text))
    assert failures and "round_tricks" in failures[0]


def words(text: str) -> int:
    """Words as a reader counts them: not a French colon standing on its own."""
    return sum(1 for word in text.split() if any(letter.isalnum() for letter in word))


def shown_texts(lesson, line):
    """Everything a step says on a way through the lesson, with each of its tips and {facts}:
    once per step, and on a play-on step once for each move the learner makes there. (When
    several tips come together, each is told beside the step's text: every one of them fits.)"""
    for index, step in enumerate(lesson.steps):
        say = lesson.text(step.say, line.moments[index])
        shown = [(decision.moment, decision.firsts) for decision in line.plays.get(index, [])]
        for moment, firsts in shown or [(line.moments[index], line.firsts[index])]:
            prompt = lesson.text(step.try_.prompt if step.try_ else "", moment)
            for tip in [first.say for first in firsts] or [""]:
                yield " ".join([say, prompt, lesson.text(tip, moment)])


@cache
def ways(path, lang: str):
    """The guided game in ``lang`` and each way the checker plays it (shared by the tests of its texts)."""
    set_language(lang)
    try:
        lesson = load_lesson(path)
        return lesson, [lesson.line(choose) for choose in learner_choices(lesson)]
    finally:
        set_language("en")


@contextmanager
def walked(path, lang: str):
    """The guided game's ways (lesson, line), with ``lang`` set while the test reads them."""
    lesson, lines = ways(path, lang)
    set_language(lang)
    try:
        yield [(lesson, line) for line in lines]
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", GUIDED, ids=lambda path: path.parent.name)
def test_every_step_says_at_most_forty_words_with_its_tip_whatever_the_learner_plays(lang, path):
    with walked(path, lang) as walks:
        for lesson, line in walks:
            for text in shown_texts(lesson, line):
                assert words(text) <= WORDS, text


def shown_prompts(lesson, line):
    """Each step's prompt as filled in on a way through the lesson: on a play-on step, at each of
    its positions (where the learner moves, and where the play stops)."""
    for index, step in enumerate(lesson.steps):
        if step.try_ is not None:
            moments = [decision.moment for decision in line.plays.get(index, [])] or [line.moments[index]]
            yield from ((step.number, lesson.text(step.try_.prompt, moment)) for moment in moments)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", GUIDED, ids=lambda path: path.parent.name)
def test_no_prompt_of_a_guided_game_is_empty_or_has_an_empty_line(lang, path):
    with walked(path, lang) as walks:
        for lesson, line in walks:
            for number, prompt in shown_prompts(lesson, line):
                assert prompt.strip() and all(part.strip() for part in prompt.split("\n")), (number, prompt)


def test_the_stepper_plays_the_game_from_the_learners_moves():
    stepper = LessonStepper(MT_GUIDED)
    rng = random.Random(7)
    played = []
    while True:
        if stepper.free:
            move = rng.choice(seat_moves(stepper.board.state, stepper.lesson.learner))
            stepper.play(move)
            assert stepper.solved and stepper.verdict == "right"
            played.append(move)
        if stepper.step == stepper.total - 1:
            break
        stepper.next()
    assert stepper.states[-1].round_scores and stepper.board.seat == 0
    assert [stepper._answers[index] for index in sorted(stepper._answers)] == played
    panel = stepper.panel_html()
    assert "Blue played" in panel and "last card" in panel and "tutor-scores" in panel  # the score sheet at the end


def test_going_back_and_playing_another_move_plays_the_rest_again():
    stepper = LessonStepper(MT_GUIDED)
    stepper.next()
    orders = seat_moves(stepper.board.state, 0)
    stepper.play(orders[0])
    stepper.next()
    stepper.play(seat_moves(stepper.board.state, 0)[0])
    stepper.back()
    stepper.play(orders[-1])
    assert 2 not in stepper._answers and stepper.states[2].vp_order[0] == orders[-1].order


def test_a_new_language_keeps_the_learners_game():
    stepper = LessonStepper(MT_GUIDED)
    stepper.next()
    stepper.play(seat_moves(stepper.board.state, 0)[-1])
    stepper.next()
    stepper.play(seat_moves(stepper.board.state, 0)[-1])
    stepper.next()
    tricks = [state.tricks for state in stepper.states]
    set_language("fr")
    try:
        stepper.relabel(load_lesson(MT_GUIDED))
        assert [state.tricks for state in stepper.states] == tricks
        assert "Bleu a joué" in stepper.panel_html()
    finally:
        set_language("en")


# ---------------------------------------------------------------- play on until a moment
PLAY_ON = """\
    game: danger-13
    title: Play on
    players: 3
    seats: [Red, Blue, Green]
    seed: 72
    learner: Red
    firsts:
      - {when: your-choice, say: "Refuse or take."}
    steps:
      - say: Deal.
        free: {prompt: "{your_move}"}
      - say: Play on.
        play: {until: round-over, prompt: "{dealt} {bust} {your_move}"}
        notes: [d13.zero-values, d13.hand-which, d13.arrow-raise]
        check: {round: 2}
      - say: "{busted} busted."
"""


@pytest.mark.parametrize("seed", range(12))
def test_danger_13_plays_from_the_first_deal_to_the_rounds_scoring_whatever_the_learner_plays(seed):
    lesson = load_lesson(D13_GUIDED)
    rng = random.Random(seed)
    line = lesson.line(lambda _index, state: rng.choice(seat_moves(state, lesson.learner)))
    first, last = line.states[0], line.states[-1]
    # from the game's first card turned up, the learner dealing, to the first round scored
    assert first.round == 1 and not first.move_stack[:-1] and first.dealer == lesson.learner
    assert last.round == 2 and len(last.busts) == 1
    [play] = [index for index, step in enumerate(lesson.steps) if lesson.plays_on(step)]
    assert len(line.plays[play]) == len(line.answers[play]) + 1 >= 2  # the learner moved there, and it stopped
    stop = line.plays[play][-1]
    assert len(stop.state.busts) == 1 and not stop.state.revealed  # stopped at the scoring, not at the next deal
    busted = last.name(last.busts[-1])
    lost = "You lost your row" if last.busts[-1] == lesson.learner else busted
    assert lesson.text(lesson.steps[-1].say, line.moments[-1]).startswith(lost)
    whose = "Your row" if last.busts[-1] == lesson.learner else f"{busted}'s row"  # the learner is told "you"
    assert f"{whose} makes" in lesson.text(lesson.steps[play].try_.prompt, stop.moment)


def test_the_learner_makes_most_of_the_decisions_of_the_danger_13_round():
    lesson = load_lesson(D13_GUIDED)
    for choose in learner_choices(lesson):
        line = lesson.line(choose)
        learner = sum(len(moves) if isinstance(moves, list) else 1 for moves in line.answers.values())
        last = line.states[-1]
        decisions = sum(1 for move in last.move_stack if not str(move).startswith(("reveal:", "draw:")))
        assert learner >= 4 and 2 * learner >= decisions - learner - 3, (learner, decisions)


def test_every_rule_of_a_round_is_said_when_it_first_matters_in_danger_13():
    lesson = load_lesson(D13_GUIDED)
    line = lesson.line()  # the coach's way
    said = " ".join(
        lesson.text(part, moment)
        for step, moment in zip(lesson.steps, line.moments)
        for part in (step.say, step.try_.prompt if step.try_ else "")
    )
    tips = [first.when for firsts in line.firsts for first in firsts]
    tips += [first.when for plays in line.plays.values() for decision in plays[1:] for first in decision.firsts]
    for words_said in ("deal first", "gives each player one card", "13 or more", "bank their plus cards"):
        assert words_said in said
    assert {"your-choice", "draw", "refused"} <= set(tips), tips
    assert len(tips) == len(set(tips))


def test_a_play_on_step_goes_on_from_each_of_the_learners_moves(tmp_path):
    lesson = load_lesson(write(tmp_path, PLAY_ON))
    first = lesson.line()
    moves = first.answers[1]
    assert len(moves) >= 2 and len(first.plays[1]) == len(moves) + 1
    other = seat_moves(first.plays[1][0].state, 0)[-1]
    assert other != moves[0]
    asked = []

    def choose(index, state):
        asked.append(index)
        return other if asked.count(1) == 1 and index == 1 else None

    line = lesson.line(choose)
    assert line.answers[1][0] == other and line.plays[1][1].moment.moves[0][1] == other
    assert asked.count(1) == len(line.answers[1])  # asked once for each of the learner's moves there
    for decision in line.plays[1][1:-1]:
        assert decision.state.to_move == 0  # between the learner's moves, the coach played the others
    assert check_lesson(write(tmp_path, PLAY_ON)) == []


def test_a_play_on_step_waits_for_a_moment_the_game_knows(tmp_path):
    failures = check_lesson(write(tmp_path, PLAY_ON.replace("until: round-over", "until: nothing")))
    assert failures and "'nothing'" in failures[0] and "round-over" in failures[0]


def test_a_play_on_step_whose_moment_does_not_come_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(Lesson, "PLAY_LIMIT", 1)  # as if the round went on for ever
    failures = check_lesson(write(tmp_path, PLAY_ON))
    assert failures and "waits for the moment 'round-over'" in failures[0]


def test_a_play_on_steps_check_holds_where_it_stops_and_its_notes_are_named(tmp_path):
    assert "the lesson expects 3" in " ".join(check_lesson(write(tmp_path, PLAY_ON.replace("round: 2", "round: 3"))))
    unnamed = check_lesson(write(tmp_path, PLAY_ON.replace("d13.zero-values, ", "")))
    assert unnamed and "d13.zero-values" in unnamed[0]


def test_the_stepper_plays_the_danger_13_round_move_by_move():
    stepper = LessonStepper(D13_GUIDED)
    rng = random.Random(3)
    play = next(index for index, step in enumerate(stepper.lesson.steps) if stepper.lesson.plays_on(step))
    moves = 0
    while stepper.step < stepper.total - 1:
        while stepper.waiting:
            state = stepper.board.state
            assert state.to_move == stepper.lesson.learner  # the board shows the learner's next decision
            stepper.play(rng.choice(seat_moves(state, stepper.lesson.learner)))
            assert stepper.verdict == "right"
            assert stepper.panel.html == stepper.panel_html()  # the page shows the new prompt and tip
            moves += stepper.step == play
        if stepper.step == play:
            assert stepper.board.state.busts and " bust" in stepper.panel_html()  # the play stopped at the bust
        stepper.next()
    assert moves == len(stepper._answers[play]) >= 2
    panel = stepper.panel_html()
    assert "tutor-scores" in panel and "bank their plus cards" in panel
    stepper.back()  # back on the play-on step: where the learner left it, the round played out
    assert not stepper.waiting and stepper.board.state.busts


@pytest.mark.parametrize("seed", range(6))
def test_thricewise_plays_from_the_deal_to_the_final_score_whatever_the_learner_plays(seed):
    lesson = load_lesson(TW_GUIDED)
    rng = random.Random(seed)
    line = lesson.line(lambda _index, state: rng.choice(seat_moves(state, lesson.learner)))
    first, last = line.states[0], line.states[-1]
    assert first.turn == 1 and first.phase == "pick" and not first.placements  # the deal, before any choice
    assert last.is_terminal() and not any(last.hands)  # played to the final score
    placed = [move for moves in line.answers.values() for move in (moves if isinstance(moves, list) else [moves])]
    own = sum(1 for _cell, seat in last.placements if seat == lesson.learner)
    assert own == sum(1 for move in placed if type(move).__name__ == "Place") >= 3  # every card of Ada's was hers
    winners = " and ".join(last.name(seat) for seat in last.winners())
    assert winners in lesson.text(lesson.steps[-1].say, line.moments[-1])


def test_thricewise_says_the_kinds_of_triad_when_they_first_score():
    lesson = load_lesson(TW_GUIDED)
    line = lesson.line()  # the coach's way
    tips = [first.when for firsts in line.firsts for first in firsts]
    tips += [first.when for plays in line.plays.values() for decision in plays[1:] for first in decision.firsts]
    assert {"flush", "run", "your-triad", "tie", "last-turn"} <= set(tips) and len(tips) == len(set(tips)), tips
    [placing] = [index for index, step in enumerate(lesson.steps) if step.try_ and step.try_.until == "you-placed"]
    assert line.plays[placing][-1].moment.moves[-1][0] == lesson.learner  # stopped right after Ada's own card


def test_the_end_of_a_guided_game_offers_it_again_on_a_new_deal():
    stepper = LessonStepper(MT_GUIDED)
    assert 'data-target="new-deal"' not in stepper.panel_html()
    stepper.go(stepper.total - 1)
    assert 'data-target="new-deal"' in stepper.panel_html() and "Play it again with a new deal" in stepper.panel_html()
    first = stepper.states[1].snapshot()
    stepper.click("new-deal")
    assert stepper.step == 0 and stepper.lesson.seed != load_lesson(MT_GUIDED).seed
    assert stepper.states[1].snapshot() != first and stepper.board.state is stepper.run.position


def test_thricewise_tells_of_two_pairs_set_aside_when_nobody_places():
    """Two pairs of ranks turned up: every card goes aside and the turn ends with nobody
    placing. The tie is still told, pair by pair, the learner as "you" ("Same rank for Cleo and Dev,
    and for you and Ben")."""
    lesson, lines = ways(TW_GUIDED, "en")
    for line in lines:
        whole = Moment(line.states[0], line.states[-1], [], lesson.learner)
        for single in whole.each_move():
            after = single.after
            if len(after.tied) == after.players and after.phase != "place":
                said = lesson.entry.lessons.FACTS["tie"](single)
                pairs = said.split(":")[0].removeprefix("Same rank for ").split(", and for ")
                assert lesson.entry_moments["tie"](single) and len(pairs) == 2, said
                names = ["you" if seat == lesson.learner else after.name(seat) for seat in range(after.players)]
                assert sorted(" and ".join(pairs).split(" and ")) == sorted(names)
                return
    pytest.fail("no way through the game turns up two pairs")
