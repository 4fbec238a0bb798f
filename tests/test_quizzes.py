"""Quizzes: every answer is the engine's, the same seed gives the same quiz."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from two_languages import in_two_languages

from tutor.games import danger13 as d13
from tutor.games import game as registered
from tutor.games import games
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw
from tutor.games.danger13.quizzes import d13_hand, d13_receive
from tutor.games.thricewise.quizzes import tw_last
from tutor.messages import LANGUAGES, language, msg, set_language
from tutor.quizzes import Question, likeness, quiz


def engine_answer(question: Question):
    """The answer worked out again from the question's position with the engine API."""
    state = question.position.clone()
    if question.kind == "mt-where":
        return tuple(state.slots_for(question.subject))
    if question.kind == "mt-vp":
        return state.active_vp_position(question.subject)
    if question.kind == "d13-receive":
        return tuple(sorted(move.seat for move in state.legal_moves() if isinstance(move, d13.Give)))
    move = question.subject
    if question.kind == "d13-draw":
        state.push(move)
        return state.phase == d13.DRAWING and state.actor == move.seat
    if question.kind == "tw-cell":
        return move in state.legal_moves()
    if question.kind == "d13-hand":
        before = len(state.discards)
        state.push(move)
        return tuple(sorted(state.discards[before:]))
    if question.kind == "tw-last":  # the rest of the game played at random: the cards that reach the grid
        before = set(state.grid.values())
        state.push(move)
        rng = random.Random(0)
        while not state.is_terminal():
            state.push(state.random_move(rng))
        return tuple(sorted(set(state.grid.values()) - before))
    assert state.why_not(move) is None
    if question.kind == "tw-score":
        seat, before = state.placer, state.scores[state.placer]
        state.push(move)
        return state.scores[seat] - before
    if question.kind == "mt-score":
        seat = state.seat_names.index(question.marks[0])
        state.push(move)
        return state.round_scores[-1][seat]
    if question.kind == "mt-lead":
        state.push(move)
        return state.to_move
    if question.kind == "mt-trick":
        state.push(move)
        return state.completed[-1].winner
    if question.kind == "d13-bank":
        seat = state.seat_names.index(question.marks[0])
        before = state.plus_points(seat)
        state.push(move)
        return state.plus_points(seat) - before
    if question.kind == "tw-tie":
        state.push(move)
        return tuple(sorted(state.revealed[seat] for seat in state.tied))
    if question.kind == "tw-order":
        state.push(move)
        return state.order[0]
    rounds_busted = len(state.busts)
    state.push(move)
    busted = len(state.busts) > rounds_busted and state.busts[-1] == move.seat
    if not busted:
        assert state.row_sum(move.seat) < state.limit(move.seat)
    return busted


@pytest.mark.parametrize("game", sorted(games()))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_quiz_answers_agree_with_the_engine(game, seed):
    rule_ids = {rule.id for rule in registered(game).rules.RULES}
    for question in quiz(registered(game), seed, 6):
        assert question.values[question.correct] == engine_answer(question), question.prompt
        assert len(set(question.choices)) == len(question.choices) == len(question.values) >= 2
        assert len(set(map(repr, question.values))) == len(question.values)
        assert set(question.rules) <= rule_ids and question.rules
        assert "{" not in question.prompt + question.explanation + "".join(question.choices)


@pytest.mark.parametrize("game", sorted(games()))
def test_the_same_seed_gives_the_same_quiz(game):
    def fingerprint(questions):
        return [
            (q.kind, q.prompt, q.choices, q.values, q.correct, q.explanation, q.rules, q.subject, q.position.snapshot())
            for q in questions
        ]

    first = fingerprint(quiz(registered(game), 3, 4))
    assert first == fingerprint(quiz(registered(game), 3, 4))
    assert first != fingerprint(quiz(registered(game), 4, 4))


def test_answering_says_right_or_wrong_and_explains():
    question = quiz(mt.GAME, 1, 1)[0]
    wrong = (question.correct + 1) % len(question.choices)
    right, text = question.answer(question.correct)
    assert right and text.startswith("Right!") and question.explanation in text
    right, text = question.answer(question.choices[wrong])
    assert not right and question.choices[question.correct] in text and question.explanation in text


def test_monster_trick_asks_every_kind_in_turn():
    assert [q.kind for q in quiz(mt.GAME, 0, 10)] == ["mt-where", "mt-trick", "mt-vp", "mt-score", "mt-lead"] * 2


def test_where_questions_explain_every_slot_with_the_engine_reasons():
    def refuses_a_slot(question):
        return any(question.position.why_not(mt.Play(question.subject, slot)) for slot in range(mt.SLOTS))

    questions = [q for seed in range(20) for q in quiz(mt.GAME, seed, 1) if refuses_a_slot(q)]
    for question in questions:
        state, card = question.position, question.subject
        said = question.explanation
        for slot in range(mt.SLOTS):
            reason = state.why_not(mt.Play(card, slot))
            if reason is None:
                assert f"Slot {slot + 1}" in said
            elif str(reason) not in said:  # refused like other slots: said once for all of them
                alike = {
                    "mt.why.follow": "quiz.mt-where.must-follow",
                    "mt.why.off-colour-free": "quiz.mt-where.must-open",
                }
                assert msg(alike[reason.key], **{k: str(v) for k, v in reason.params.items()}) in said
                assert re.search(rf"Slots [\d, and]*\b{slot + 1}\b[\d, and]*: no\.", said)
        sentences = re.split(r"(?<=\.) ", said)
        assert len(sentences) == len(set(sentences)), said


def test_bust_and_score_questions_come_out_both_ways():
    busts = {q.values[q.correct] for seed in range(3) for q in quiz(d13.GAME, seed, 12) if q.kind == "d13-bust"}
    assert busts == {True, False}
    points = [q.values[q.correct] for seed in range(3) for q in quiz(tw.GAME, seed, 12) if q.kind == "tw-score"]
    assert 0 in points and max(points) > 0


@pytest.mark.parametrize("game", sorted(games()))
def test_every_round_mixes_every_kind_without_near_duplicates(game):
    kinds = {maker.__name__.replace("_", "-") for maker in registered(game).part("quizzes").MAKERS}
    for seed in range(3):
        questions = quiz(registered(game), seed, 10)
        assert {q.kind for q in questions} == kinds
        assert len({likeness(q) for q in questions}) == len(questions), "the same question twice in one round"
        assert len({q.prompt for q in questions}) == len(questions)


def test_score_questions_name_the_triads_the_engine_counts():
    for question in [q for q in quiz(tw.GAME, 5, 8) if q.kind == "tw-score"]:
        after = question.position.clone()
        after.push(question.subject)
        for triad in after.triads[len(question.position.triads) :]:
            assert triad.describe(after.grid) in question.explanation


def test_score_questions_offer_only_scores_a_card_can_make():
    """Triads are worth 0 or 2 to 9: a choice of 1 point would be a giveaway."""
    for seed in range(3):
        for question in quiz(tw.GAME, seed, 9):
            if question.kind == "tw-score":
                assert all(points >= 0 and points != 1 for points in question.values), question.choices


def test_the_refused_card_sentence_comes_only_after_a_refusal_in_this_deal():
    rng = random.Random(4)
    said_times = 0
    for _ in range(12):
        question = d13_receive(rng)
        state, deal = question.position.clone(), []
        while state.received:  # undo back to the deal's first card
            deal.append(state.pop())
        refused = any(isinstance(move, d13.Choice) and move.answer == d13.REFUSE for move in deal)
        said = "d13.hand-counts" in question.rules
        assert said == refused, question.prompt
        assert said == ("refused" in question.prompt), question.prompt
        said_times += said
    assert 0 < said_times < 12


SENTENCE_END = re.compile(r"(?<=[.?!])\s+")
MOST_WORDS = 30  # a sentence a 12-year-old reads in one go


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(games()))
def test_question_sentences_are_short_in_every_language(game, lang):
    before = language()
    set_language(lang)
    try:
        questions = [
            q
            for seed in range(2)
            for q in quiz(registered(game), seed, 2 * len(registered(game).part("quizzes").MAKERS))
        ]
    finally:
        set_language(before)
    for question in questions:
        for text in (question.prompt, question.explanation, *question.choices):
            for sentence in SENTENCE_END.split(text):
                words = [word for word in sentence.split() if re.search(r"\w", word)]
                assert len(words) <= MOST_WORDS, (question.kind, sentence)


def test_last_turn_questions_come_only_where_the_last_turn_rule_changes_the_answer():
    """A tie among the turned-up cards or cards set aside before: without either, every
    card turned up goes down as on any turn. The explanation cites the rule behind each."""
    rng = random.Random(2)
    for _ in range(6):
        question = tw_last(rng)
        state = question.position
        after = state.clone()
        after.push(question.subject)
        earlier = any(state.deferred)
        assert state.last_turn and (after.tied or earlier)
        assert ("tw.tie" in question.rules) == bool(after.tied)
        assert ("tw.deferred" in question.rules) == earlier
        assert question.values[question.correct] == tuple(sorted(after.revealed[seat] for seat in after.order))


def test_hand_card_questions_refuse_or_keep_an_arrow_and_name_the_hand_card_spent():
    rng = random.Random(3)
    answers = set()
    for _ in range(10):
        question = d13_hand(rng)
        state, move = question.position, question.subject
        assert state.phase == d13.DECIDE and d13.HAND_CARD in state.rows[state.actor]
        thrown = question.values[question.correct]
        if move.answer == d13.REFUSE:
            assert sorted(thrown) == sorted((move.card, d13.HAND_CARD)) and question.rules == ("d13.hand",)
        else:
            assert move.card.kind == d13.ARROW and state.rows[state.actor][-1] in thrown
        assert msg("quiz.d13-hand.hand-card") in question.choices[question.correct] or move.answer == d13.ACCEPT
        answers.add(move.answer)
    assert answers == {d13.REFUSE, d13.ACCEPT}


@pytest.mark.parametrize("game", list(games()))
def test_a_quiz_asks_the_same_questions_whatever_the_language(game):
    """Learners of one class who read different languages answer the same questions: what a
    quiz asks never depends on the words its cards and moves are shown with."""
    first, last = in_two_languages(
        lambda: [
            (question.kind, repr(question.position.move_stack), question.subject, question.values, question.correct)
            for question in quiz(registered(game), seed=3, count=12)
        ]
    )
    assert first == last
