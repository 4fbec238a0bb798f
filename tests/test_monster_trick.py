"""Monster Trick: one group of tests per rule (the rule ids in
tutor/games/monster_trick/locales/)."""

import pytest

from tutor import messages
from tutor.core import CHANCE, TERMINAL, IllegalMove, NotationError, PositionError, Reason
from tutor.games import monster_trick as mt
from tutor.games.monster_trick import Play, Predict
from tutor.games.monster_trick import lessons as mt_lessons
from tutor.games.monster_trick import quizzes as mt_quizzes

C = lambda text: mt.parse_card(text)  # noqa: E731 - short card literal for tests


def position(**spec):
    players = spec.pop("players", 4)
    options = spec.pop("options", None)
    return mt_lessons.lesson_state(
        players, spec, options, seat_names=["Orange", "Red", "Gray", "Blue", "Green"][:players]
    )


def dealt(players=4, seed=0, options=None):
    state = mt.new_game(players, seed=seed, options=options)
    state.push(state.chance_move())
    for _ in range(players):
        state.push(Predict(mt.VP_SETS[state.round]))
    return state


# mt.deck / mt.deal
@pytest.mark.parametrize("players, top", [(2, 6), (3, 9), (4, 12), (5, 15)])
def test_deck_size_by_player_count_and_twelve_each(players, top):
    assert len(mt.deck(players)) == 12 * players
    assert max(card.value for card in mt.deck(players)) == top
    state = mt.new_game(players, seed=3)
    assert state.to_move == CHANCE
    state.push(state.chance_move())
    assert [len(hand) for hand in state.hands] == [12] * players
    assert sorted(c for hand in state.hands for c in hand) == sorted(mt.deck(players))


def test_deal_depends_on_seed_and_round_only():
    assert mt.new_game(4, seed=9).chance_move() == mt.new_game(4, seed=9).chance_move()
    assert mt.new_game(4, seed=9).chance_move() != mt.new_game(4, seed=10).chance_move()


def test_unknown_cards_are_refused_with_the_reason():
    with pytest.raises(NotationError, match=r"pink 3.*green, yellow, blue, purple"):
        mt.parse_card("pink 3")
    with pytest.raises(NotationError, match="1 to 15"):
        mt.parse_card("green 16")
    with pytest.raises(NotationError, match="3 players the cards go from 1 to 9"):
        mt.parse_card("green 13", players=3)


# mt.prediction
def test_prediction_must_use_the_rounds_vp_cards():
    state = mt.new_game(4)
    state.push(state.chance_move())
    reason = state.why_not(Predict((1, 2, 6)))
    assert reason.rule == "mt.prediction"
    assert state.why_not(Play(state.hands[0][0], 0)).rule == "mt.prediction"
    for order in [(3, 1, 2), (1, 2, 3), (2, 1, 3), (1, 3, 2)]:
        state.push(Predict(order))
    assert state.vp_order[0] == (3, 1, 2)
    assert state.phase == "play"


# mt.open / mt.follow / mt.off-colour: the manual's first example
MANUAL_TABLE = {
    "starter": "Gray",
    "to_move": "Blue",
    "tricks": {1: ["Orange: green 8", "Red: green 2"], 2: ["Red: green 7"], 3: ["Orange: yellow 1", "Gray: yellow 4"]},
    "won": {"Orange": 2, "Red": 2, "Gray": 2, "Blue": 1},
    "hands": {"Blue": ["green 5", "yellow 9", "purple 3", "blue 6"]},
}


def test_manual_example_green_yellow_purple_placements():
    state = position(**MANUAL_TABLE)
    assert state.slots_for(C("green 5")) == [0, 1, 3]
    assert state.slots_for(C("yellow 9")) == [2, 3]
    assert state.slots_for(C("purple 3")) == [3]
    assert state.slots_for(C("blue 6")) == [3]
    assert state.legal_moves_by_card()[C("purple 3")] == [3]


def test_refusals_name_the_rule_card_and_slot():
    state = position(**MANUAL_TABLE)
    follow = state.why_not(Play(C("green 5"), 2))
    assert follow.rule == "mt.follow"
    assert "green 5" in str(follow) and "slot 3" in str(follow) and "yellow" in str(follow)
    off = state.why_not(Play(C("purple 3"), 2))
    assert off.rule == "mt.off-colour"
    assert str(off) == "The purple 3 can still open the free slot 4, so it may not go on the yellow trick in slot 3."
    assert state.why_not(Play(C("green 9"), 3)).rule == "mt.turn"  # not in Blue's hand


def test_illegal_push_raises_and_changes_nothing():
    state = position(**MANUAL_TABLE)
    before = state.snapshot()
    with pytest.raises(IllegalMove) as refused:
        state.push(Play(C("purple 3"), 0))
    assert refused.value.reason.rule == "mt.off-colour"
    assert state.snapshot() == before


def test_open_a_second_trick_of_a_colour_already_on_the_table():
    state = position(**MANUAL_TABLE)
    state.push(Play(C("green 5"), 3))
    assert state.colour == ("green", "green", "yellow", "green")
    assert state.claim[3] == 3


def test_off_colour_only_without_own_trick_and_free_slot_judged_per_card():
    full = dict(MANUAL_TABLE, starter="Red", tricks={**MANUAL_TABLE["tricks"], 4: ["Gray: purple 10"]})
    state = position(**full)
    assert state.slots_for(C("blue 6")) == [0, 1, 2, 3]  # nowhere of its own: anywhere
    assert state.slots_for(C("purple 3")) == [3]  # a purple trick exists: follow it
    assert state.slots_for(C("green 5")) == [0, 1]
    state.push(Play(C("blue 6"), 0))  # allowed although Blue holds cards that follow
    assert state.tricks[0][-1] == (3, C("blue 6"))


def test_four_open_tricks_always_leave_a_legal_move():
    state = position(**dict(MANUAL_TABLE, starter="Red", tricks={**MANUAL_TABLE["tricks"], 4: ["Gray: purple 10"]}))
    assert all(state.slots_for(card) for card in mt.deck(4))


# mt.claim
def test_claim_moves_only_to_a_higher_card_of_the_opening_colour():
    state = position(
        to_move="Red",
        starter="Red",
        tricks={1: ["Orange: green 4"], 2: ["Red: yellow 2"], 3: ["Gray: yellow 5"], 4: ["Blue: purple 6"]},
        hands={
            "Red": ["green 9", "purple 1"],
            "Gray": ["yellow 8", "green 1"],
            "Blue": ["blue 12", "green 3"],
            "Orange": ["green 2", "yellow 10"],
        },
        won={"Orange": 2, "Red": 2, "Gray": 3, "Blue": 2},
    )
    state.push(Play(C("green 9"), 0))
    assert state.claim[0] == 1
    state.push(Play(C("yellow 8"), 2))  # Gray beats his own card
    assert state.claim[2] == 2
    state.push(Play(C("blue 12"), 0))  # off colour, higher: no claim
    assert state.claim[0] == 1


# mt.complete / mt.turn / mt.vp-cycle
def test_fourth_card_completes_winner_takes_and_rotation_continues():
    state = position(
        to_move="Red",
        starter="Gray",
        tricks={
            1: ["Orange: green 8", "Gray: green 2", "Blue: green 5"],
            2: ["Red: green 7"],
            3: ["Orange: yellow 1", "Gray: yellow 4"],
            4: ["Blue: purple 10"],
        },
        hands={"Red": ["blue 9", "green 3"]},
        vp={"Orange": [2, 3, 1]},
        won={"Red": 3, "Gray": 3, "Blue": 3},
    )
    state.push(Play(C("blue 9"), 0))
    assert state.completed[-1].winner == 0 and state.won[0] == 1
    assert state.tricks[0] == () and state.colour[0] is None
    assert state.to_move == 2  # the player after Red, not the winner
    assert state.active_vp(0) == 2 and state.active_vp_position(0) == 0


@pytest.mark.parametrize(
    "won, position_, value",
    [(1, 0, 5), (2, 1, 1), (3, 2, 2), (4, 0, 5), (5, 1, 1), (6, 2, 2), (7, 0, 5), (0, None, None)],
)
def test_vp_card_cycles_left_middle_right(won, position_, value):
    state = position(to_move="Orange", round=2, vp={"Orange": [6, 2, 4]})
    state.won = (won, *state.won[1:])  # white-box: only the count matters here, not the tricks behind it
    state.vp_order = ((5, 1, 2), *state.vp_order[1:])  # any order; the values only name the positions
    assert state.active_vp_position(0) == position_
    assert state.active_vp(0) == value


# mt.round-end / mt.start-player
def last_turn(options=None):
    return position(
        options=options,
        to_move="Orange",
        starter="Orange",
        tricks={1: ["Red: green 10", "Gray: green 3", "Blue: green 1"], 2: ["Blue: yellow 7"]},
        vp={"Orange": [1, 3, 2], "Red": [3, 1, 2], "Gray": [1, 2, 3], "Blue": [1, 2, 3]},
        won={"Orange": 1, "Red": 1, "Gray": 2, "Blue": 6},
        hands={"Orange": ["green 4"], "Red": ["yellow 2"], "Gray": ["blue 5"], "Blue": ["purple 8"]},
    )


def test_round_end_scores_active_card_ignores_unfinished_tricks():
    state = last_turn()
    for move in ["green 4 -> 1", "yellow 2 -> 2", "blue 5 -> 1", "purple 8 -> 3"]:
        state.push(mt.parse_move(move))
    assert state.round_scores == ((1, 1, 2, 3),)
    assert state.round == 2 and state.to_move == CHANCE
    assert state.starter == 1  # left of Orange, who started round 1


def test_variant_left_of_round_winner_with_turn_order_tie_break():
    state = last_turn({"start_rule": "left-of-winner"})
    assert state.round_winner([1, 3, 3, 0]) == 1  # Red and Gray tie: Red comes first from Orange
    state.starter = 2
    assert state.round_winner([1, 3, 3, 3]) == 2  # counting from Gray now
    assert state.next_starter([1, 3, 3, 3]) == 3
    state.starter = 0
    assert state.next_starter([0, 0, 0, 6]) == 0  # Blue won: Orange on Blue's left starts


def test_zero_score_without_a_trick():
    state = last_turn()
    state.won = (0, 0, 0, 0)
    for move in ["green 4 -> 3", "yellow 2 -> 2", "blue 5 -> 4", "purple 8 -> 3"]:
        state.push(mt.parse_move(move))
    assert state.round_scores == ((0, 0, 0, 0),)


# mt.game-end
def test_tie_break_round_three_then_round_two_then_shared():
    state = mt.new_game(3)
    state.round_scores = [[3, 1, 3], [4, 6, 4], [6, 6, 6]]
    assert state.winners() == [1]
    state.round_scores = [[3, 1, 2], [4, 4, 2], [6, 6, 9]]
    assert state.winners() == [2]  # 13 each; Gray has the better round 3
    state.round_scores = [[1, 1, 0], [4, 4, 0], [6, 6, 0]]
    assert state.winners() == [0, 1]  # equal everywhere: shared


def test_whole_game_has_three_rounds_of_twelve_plays_each():
    import random

    state = mt.new_game(5, seed=4)
    rng = random.Random(1)
    plays = 0
    while not state.is_terminal():
        move = state.random_move(rng)
        plays += isinstance(move, Play)
        state.push(move)
    assert plays == 3 * 12 * 5
    assert state.to_move == TERMINAL
    assert len(state.round_scores) == 3
    assert state.why_not(Play(C("green 1"), 0)).rule == "mt.game-end"


# lesson positions that cannot exist
@pytest.mark.parametrize(
    "spec, fragment",
    [
        ({"tricks": {5: ["Orange: green 1"]}}, "no slot 5"),
        ({"tricks": {1: ["Orange: green 1", "Red: green 2", "Gray: green 3", "Blue: green 4"]}}, "4th card"),
        ({"tricks": {1: ["Orange: green 1"]}, "hands": {"Red": ["green 1"]}}, "two places"),
        ({"hands": {"Mallory": ["green 1"]}}, "no player called 'Mallory'"),
        ({"hands": {"Orange": ["green 1"], "Red": ["green 2", "green 3", "green 4"]}}, "cannot come from real play"),
        ({"round": 4}, "whole number from 1 to 3"),
    ],
)
def test_impossible_positions_are_refused(spec, fragment):
    with pytest.raises(PositionError, match=fragment):
        position(**spec)


@pytest.mark.parametrize(
    "lang, scores, slots",
    [
        ("en", "0, 1, 2, and 3", "Slots 1 and 3"),
        ("fr", "0, 1, 2 et 3", "Emplacements 1 et 3"),
        ("nl", "0, 1, 2 en 3", "Plekken 1 en 3"),
    ],
)
def test_values_listed_in_a_refusal_read_with_the_languages_and(lang, scores, slots):
    messages.set_language(lang)
    try:
        with pytest.raises(PositionError) as refused:
            position(round=2, scores={"Orange": [5]})
        refusal = mt_quizzes._refusal(Reason("mt.follow", "mt.why.follow", card=C("green 8")), [0, 2])
    finally:
        messages.set_language("en")
    assert scores in str(refused.value)
    assert refusal.startswith(slots)


def test_thirteen_in_a_three_player_game_is_refused():
    with pytest.raises(NotationError, match="from 1 to 9"):
        position(players=3, hands={"Orange": ["green 13"]})


def test_view_shows_own_hand_and_public_table_only():
    state = dealt(4, seed=2)
    view = state.view(1)
    assert view["hand"] == list(state.hands[1])
    assert view["hand_sizes"] == [12, 12, 12, 12]
    assert view["vp_order"] == state.vp_order[1]
    assert state.hands[0][0] not in view["hand"]
    assert "hands" not in view and view["discards"] == []
