"""Danger 13: one group of tests per rule (the rule ids in tutor/games/danger13/locales/), then notation,
positions, checks, views and figures."""

import json
import random
from collections import Counter

import pytest
from random_play import finished

from tutor.core import CHANCE, TERMINAL, IllegalMove, NotationError, PositionError, advance_chance
from tutor.games import danger13 as d13
from tutor.games.danger13 import Choice, Give, Reveal
from tutor.games.danger13 import lessons as d13_lessons
from tutor.games.danger13 import stats as d13_stats
from tutor.lessons import bundled_lessons, check_lesson, load_lesson

C = d13.parse_card
NAMES = ["Anna", "Blue", "Cleo", "Dirk", "Emma"]
ANNA, BLUE, CLEO, DIRK = 0, 1, 2, 3


def position(players=3, **fields):
    """A lesson position: the first packet card is turned up."""
    return d13_lessons.lesson_state(players, fields, seat_names=NAMES[:players])


def give(state, card_text, seat):
    """Give the turned-up card (which must be ``card_text``), then apply chance events."""
    state.push(Give(C(card_text), seat))
    advance_chance(state)


def codes(cards):
    return [card.code for card in cards]


def refused(state, move):
    """Push an illegal move: it must raise, change nothing, and return the reason."""
    before = state.snapshot()
    with pytest.raises(IllegalMove) as error:
        state.push(move)
    assert state.snapshot() == before
    assert state.why_not(move) == error.value.reason
    return error.value.reason


# d13.deck / d13.deck-values
def test_deck_has_109_cards_of_eight_kinds():
    kinds = Counter(card.kind for card in d13.DECK)
    assert len(d13.DECK) == 109
    assert kinds == {
        "plain": 21,
        "one-plus": 21,
        "two-plus": 18,
        "draw": 21,
        "arrow": 6,
        "13-18": 5,
        "hand": 8,
        "instant": 9,
    }
    assert Counter(card.plus for card in d13.DECK if card.kind == "instant") == {1: 6, 2: 3}
    assert {card.plus for card in d13.DECK if card.kind == "one-plus"} == {1}
    assert {card.plus for card in d13.DECK if card.kind == "two-plus"} == {2}


@pytest.mark.parametrize("kind, low, high", [("plain", 1, 4), ("one-plus", 0, 4), ("two-plus", 1, 5), ("draw", 0, 4)])
def test_values_spread_evenly_over_each_range(kind, low, high):
    per_value = Counter(card.value for card in d13.DECK if card.kind == kind)
    assert sorted(per_value) == list(range(low, high + 1))
    assert max(per_value.values()) - min(per_value.values()) <= 1
    assert per_value[low] == max(per_value.values()), "spare cards go to the lowest values"


def test_value_spread_is_shown_as_a_note():
    rules = {rule.id: rule for rule in d13.RULES}
    for note in ("d13.deck-values", "d13.arrow-raise", "d13.zero-values", "d13.last-card"):
        assert rules[note].kind == "note"
    assert rules["d13.hand-counts"].kind == "rule", "settled by the sheet's closing clarification"
    assert "6, 5, 5, 5" in rules["d13.deck-values"].text


# d13.start / d13.deal
def test_first_dealer_takes_one_card_per_player():
    state = d13.new_game(4, seed=5, first_player=2)
    assert (state.dealer, state.start, state.to_move) == (2, 2, CHANCE)
    assert len(state.packet) == 4 and len(state.pile) == 105
    top = state.packet[-1]
    assert state.chance_move() == Reveal(top, "reveal")
    state.push(state.chance_move())
    assert state.revealed == top and state.to_move == 2
    assert state.legal_moves() == [Give(top, seat) for seat in range(4)]


def test_pile_order_comes_from_the_seed():
    assert d13.new_game(3, seed=8).snapshot() == d13.new_game(3, seed=8).snapshot()
    assert d13.new_game(3, seed=8).packet != d13.new_game(3, seed=9).packet


def test_packet_keeps_the_pile_order():
    state = position(pile=["plain 1", "plain 2", "plain 3"])
    assert state.revealed == C("plain 1")
    give(state, "plain 1", ANNA)
    assert state.revealed == C("plain 2")


def test_only_the_turned_up_card_can_be_given_and_chance_cannot_be_forced():
    state = position(pile=["plain 1", "plain 2", "plain 3"])
    reason = refused(state, Give(C("plain 2"), ANNA))
    assert reason.rule == "d13.deal" and str(reason) == "The card turned up is the plain 1, not the plain 2."
    assert type(state.pop()) is Reveal and state.to_move == CHANCE
    assert refused(state, Reveal(C("plain 4"), "reveal")).rule == "d13.deal"
    assert refused(state, Give(C("plain 1"), ANNA)).key == "d13.why.reveal-first"


# d13.one-each / d13.hand-counts / d13.last-card
def test_nobody_receives_twice_in_a_deal():
    state = position(pile=["plain 1", "plain 3", "plain 2"])
    give(state, "plain 1", BLUE)
    reason = refused(state, Give(C("plain 3"), BLUE))
    assert reason.rule == "d13.one-each"
    assert str(reason) == "Blue already received a card in this deal, so the plain 3 must go to someone else."
    assert [move.seat for move in state.legal_moves()] == [ANNA, CLEO]


def test_last_card_of_a_deal_has_one_receiver_and_is_still_a_move():
    state = position(pile=["plain 1", "plain 3", "plain 2"])
    give(state, "plain 1", BLUE)
    give(state, "plain 3", ANNA)
    assert state.to_move == ANNA and state.legal_moves() == [Give(C("plain 2"), CLEO)]


def test_a_refused_card_counts_as_that_deal_card():
    state = position(rows={"Blue": ["hand"]}, pile=["plain 4", "plain 1", "plain 2"])
    state.push(Give(C("plain 4"), BLUE))
    state.push(Choice(C("plain 4"), "refuse"))
    advance_chance(state)
    assert refused(state, Give(C("plain 1"), BLUE)).rule == "d13.one-each"


# d13.next-dealer
def test_the_deal_passes_left_with_a_new_packet():
    state = position(dealer="Cleo", pile=["plain 1", "plain 1", "plain 1", "plain 2"])
    for seat in (ANNA, BLUE, CLEO):
        give(state, "plain 1", seat)
    assert state.dealer == ANNA and state.start == CLEO
    assert state.received == () and len(state.packet) == 2 and state.revealed == C("plain 2")


# d13.row / d13.plain / d13.zero-values
def test_cards_go_to_the_right_end_of_the_row():
    state = position(rows={"Anna": ["plain 4", "hand"]}, pile=["plain 2", "plain 3", "plain 1"])
    state.push(Give(C("plain 2"), ANNA))
    state.push(Choice(C("plain 2"), "accept"))
    assert codes(state.rows[ANNA]) == ["plain 4", "hand", "plain 2"]
    assert state.row_sum(ANNA) == 6


def test_cards_without_a_value_count_zero():
    state = position(rows={"Anna": ["hand", "13-18", "plain 2"]})
    assert state.row_sum(ANNA) == 2


# d13.one-plus / d13.two-plus / d13.scoring
def test_scoring_banks_plus_cards_of_everyone_but_the_buster():
    state = position(
        rows={
            "Anna": ["plain 4", "plain 4", "one-plus 3"],
            "Blue": ["two-plus 5", "plain 2"],
            "Cleo": ["one-plus 1", "draw 0", "two-plus 2"],
        },
        pile=["plain 2", "plain 1", "plain 3"],
    )
    discards_before = len(state.discards)
    give(state, "plain 2", ANNA)  # 4 + 4 + 3 + 2 = 13
    assert state.busts == (ANNA,)
    assert state.banks == ((), (C("two-plus 5"),), (C("one-plus 1"), C("two-plus 2")))
    assert [state.plus_points(seat) for seat in range(3)] == [0, 2, 3]
    assert state.rows == ((), (), ())
    assert len(state.discards) == discards_before + 4 + 1 + 1


# d13.draw / d13.bust-no-draw
def test_a_draw_card_makes_its_receiver_draw_and_chains():
    state = position(packet=["draw 1", "plain 1", "plain 2"], pile=["draw 2", "plain 3"])
    state.push(Give(C("draw 1"), BLUE))
    assert state.to_move == CHANCE and state.phase == "draw"
    assert state.chance_move() == Reveal(C("draw 2"), "draw")
    state.push(state.chance_move())
    assert state.phase == "draw"
    state.push(state.chance_move())
    assert codes(state.rows[BLUE]) == ["draw 1", "draw 2", "plain 3"]
    assert state.received == (BLUE,) and state.revealed is None
    advance_chance(state)
    assert state.revealed == C("plain 1") and state.to_move == ANNA


def test_no_draw_after_busting_with_a_draw_card():
    state = position(
        rows={"Blue": ["plain 4", "plain 4", "plain 4"]}, packet=["draw 1", "plain 1", "plain 2"], pile=["plain 3"]
    )
    state.push(Give(C("draw 1"), BLUE))
    assert state.busts == (BLUE,) and state.phase == "reveal"
    # nobody drew the plain 3: the new packet is the two undealt cards, then the plain 3
    assert codes(state.packet[::-1]) == ["plain 1", "plain 2", "plain 3"]


# d13.arrow
def test_an_arrow_discards_itself_and_the_last_row_card():
    state = position(rows={"Anna": ["plain 1", "two-plus 5"]}, pile=["arrow", "arrow", "plain 1"])
    give(state, "arrow", ANNA)
    assert codes(state.rows[ANNA]) == ["plain 1"]
    assert codes(state.discards[-2:]) == ["two-plus 5", "arrow"]
    give(state, "arrow", BLUE)  # empty row: only the arrow goes
    assert state.rows[BLUE] == () and state.discards[-1] == C("arrow")


# d13.raise / d13.arrow-raise
def test_a_13_18_card_raises_the_limit_once():
    state = position(rows={"Anna": ["13-18", "plain 4", "plain 4", "plain 4"]}, pile=["13-18", "plain 4", "plain 1"])
    assert state.limit(ANNA) == 18
    give(state, "13-18", ANNA)
    assert state.limit(ANNA) == 18 and state.busts == ()
    state = position(rows={"Anna": ["13-18", "plain 4", "plain 4", "plain 4"]}, pile=["plain 4", "plain 1", "plain 1"])
    give(state, "plain 4", ANNA)  # 16 < 18
    assert state.busts == () and state.row_sum(ANNA) == 16


def test_an_arrow_taking_the_13_18_card_brings_back_13_and_can_bust():
    state = position(
        rows={"Anna": ["plain 4", "plain 4", "plain 4", "plain 2", "13-18"]}, pile=["arrow", "plain 1", "plain 1"]
    )
    give(state, "arrow", ANNA)
    assert state.busts == (ANNA,)
    state = position(rows={"Anna": ["13-18", "plain 4", "13-18"]}, pile=["arrow", "plain 1", "plain 1"])
    give(state, "arrow", ANNA)
    assert state.limit(ANNA) == 18 and codes(state.rows[ANNA]) == ["13-18", "plain 4"]
    state = position(rows={"Anna": ["plain 3", "13-18"]}, pile=["arrow", "plain 1", "plain 1"])
    give(state, "arrow", ANNA)
    assert state.limit(ANNA) == 13 and state.busts == ()


# d13.hand / d13.hand-which
def test_the_owner_of_a_hand_card_decides_about_each_card():
    state = position(rows={"Blue": ["hand", "plain 2"]}, pile=["two-plus 5", "plain 1", "plain 1"])
    state.push(Give(C("two-plus 5"), BLUE))
    assert state.to_move == BLUE and state.pending == C("two-plus 5")
    assert state.legal_moves() == [Choice(C("two-plus 5"), "accept"), Choice(C("two-plus 5"), "refuse")]
    reason = refused(state, Give(C("plain 1"), ANNA))
    assert reason.rule == "d13.hand" and "Blue has to decide first" in str(reason)
    assert refused(state, Choice(C("plain 1"), "refuse")).rule == "d13.hand"
    state.push(Choice(C("two-plus 5"), "accept"))
    assert codes(state.rows[BLUE]) == ["hand", "plain 2", "two-plus 5"]


def test_refusing_discards_the_card_and_the_rightmost_hand():
    state = position(rows={"Blue": ["hand", "plain 2", "hand"]}, pile=["plain 4", "plain 1", "plain 1"])
    state.push(Give(C("plain 4"), BLUE))
    state.push(Choice(C("plain 4"), "refuse"))
    assert codes(state.rows[BLUE]) == ["hand", "plain 2"]
    assert codes(state.discards[-2:]) == ["hand", "plain 4"]
    assert state.phase == "reveal"


def test_a_drawn_card_can_be_refused_too():
    state = position(rows={"Blue": ["hand"]}, packet=["draw 2", "plain 1", "plain 1"], pile=["plain 4"])
    state.push(Give(C("draw 2"), BLUE))
    state.push(Choice(C("draw 2"), "accept"))
    state.push(state.chance_move())  # Blue draws the plain 4
    assert state.to_move == BLUE and state.pending == C("plain 4")
    state.push(Choice(C("plain 4"), "refuse"))
    assert codes(state.rows[BLUE]) == ["draw 2"]


# d13.instant
def test_instant_plus_is_banked_at_once_and_never_lost():
    state = position(rows={"Anna": ["plain 4", "plain 4", "plain 4"]}, pile=["instant +2", "plain 1", "plain 1"])
    give(state, "instant +2", ANNA)
    assert state.banks[ANNA] == (C("instant +2"),) and codes(state.rows[ANNA]) == ["plain 4"] * 3
    assert state.busts == ()
    state = position(
        rows={"Anna": ["plain 4", "plain 4", "plain 4"]},
        banks={"Anna": ["instant +2"]},
        pile=["plain 1", "plain 1", "plain 1"],
    )
    give(state, "plain 1", ANNA)
    assert state.busts == (ANNA,) and state.banks[ANNA] == (C("instant +2"),)


# d13.bust
def test_reaching_the_limit_ends_the_round_and_returns_undealt_cards():
    state = position(
        players=4,
        rows={"Blue": ["plain 4", "plain 4", "plain 3"]},
        pile=["plain 2", "plain 1", "draw 3", "hand", "arrow"],
    )
    give(state, "plain 2", BLUE)
    assert state.busts == (BLUE,) and state.round == 2
    # the three cards never turned up went back on top, so the new dealer takes them again
    assert state.revealed == C("plain 1") and codes(state.packet[::-1]) == ["draw 3", "hand", "arrow"]


def test_staying_below_the_limit_does_not_end_the_round():
    state = position(rows={"Blue": ["plain 4", "plain 4", "plain 3"]}, pile=["plain 1", "plain 1", "plain 1"])
    give(state, "plain 1", BLUE)
    assert state.busts == () and state.row_sum(BLUE) == 12


# d13.new-round
def test_the_start_card_passes_left_after_scoring():
    state = position(
        dealer="Blue",
        start="Cleo",
        rows={"Anna": ["plain 4", "plain 4", "plain 4"]},
        pile=["plain 1", "plain 1", "plain 1"],
    )
    give(state, "plain 1", ANNA)
    assert state.start == ANNA and state.dealer == ANNA and state.round == 2
    assert state.rows == ((), (), ())


# d13.reshuffle / d13.reshuffle-timing / d13.game-end
def test_an_empty_pile_is_refilled_from_the_discards_and_the_round_is_the_last():
    state = position(pile=["plain 1", "draw 2"], pile_size=2, packet=["draw 1", "plain 2", "plain 3"])
    discards = Counter(state.discards)
    give(state, "draw 1", ANNA)  # Anna draws the plain 1; one card is left in the pile
    assert not state.last_round and codes(state.rows[ANNA]) == ["draw 1", "plain 1"]
    give(state, "plain 2", BLUE)
    state.push(Give(C("plain 3"), CLEO))  # the next packet takes the draw 2, and the pile is empty
    assert state.last_round and state.reshuffles == 1 and state.discards == ()
    assert Counter(state.pile) + Counter(state.packet) == discards + Counter([C("draw 2")])
    rng = random.Random(1)
    while not state.is_terminal():
        state.push(state.random_move(rng))
    assert len(state.busts) == 1 and state.to_move == TERMINAL


def test_reshuffle_is_seeded():
    first = position(pile=["plain 1"], pile_size=1, packet=["draw 1", "plain 2", "plain 3"])
    second = position(pile=["plain 1"], pile_size=1, packet=["draw 1", "plain 2", "plain 3"])
    give(first, "draw 1", ANNA)
    give(second, "draw 1", ANNA)
    assert first.pile == second.pile and first.last_round


def test_no_cards_left_anywhere_ends_the_game_without_a_bust():
    state = position(pile=["plain 1"], pile_size=1, packet=["plain 2", "plain 3", "plain 4"])
    state.discards = ()  # white-box: every other card is out of play
    for card, seat in (("plain 2", ANNA), ("plain 3", BLUE), ("plain 4", CLEO)):
        give(state, card, seat)
    assert state.dealer == BLUE and state.revealed == C("plain 1") and state.last_round
    give(state, "plain 1", ANNA)
    assert state.is_terminal() and state.busts == (None,)


# d13.game-end / d13.tie-break
def test_most_plus_points_wins_then_banked_value_then_shared():
    state = position(banks={"Anna": ["two-plus 5"], "Blue": ["one-plus 4", "instant +1"], "Cleo": ["one-plus 0"]})
    assert state.winners() == [ANNA] and state.ranking() == [ANNA, BLUE, CLEO]
    state = position(banks={"Anna": ["two-plus 1"], "Blue": ["one-plus 4", "instant +1"]})
    assert state.winners() == [BLUE]
    state = position(banks={"Anna": ["two-plus 4"], "Blue": ["one-plus 4", "instant +1"]})
    assert state.winners() == [ANNA, BLUE]
    assert state.returns() == [2.0, 2.0, 0.0]


def test_the_game_ends_at_the_scoring_of_the_last_round():
    state = position(
        rows={"Anna": ["plain 4", "plain 4", "plain 4"], "Blue": ["one-plus 2"]},
        pile=["plain 1", "plain 2", "plain 3"],
        last_round=True,
    )
    give(state, "plain 1", ANNA)
    assert state.is_terminal() and state.to_move == TERMINAL
    assert state.plus_points(BLUE) == 1 and state.winners() == [BLUE]
    assert state.legal_moves() == [] and state.random_move(random.Random(0)) is None
    assert refused(state, Give(C("plain 2"), BLUE)).rule == "d13.game-end"


# d13.bank-view: hidden information
def test_view_shows_face_down_cards_as_sizes_only():
    state = position(banks={"Anna": ["two-plus 5"], "Blue": ["instant +1"]}, rows={"Cleo": ["plain 2"]})
    view = state.view(ANNA)
    assert view["bank"] == [C("two-plus 5")] and view["bank_sizes"] == [1, 1, 0]
    assert view["plus_points"] is None
    assert view["rows"][CLEO] == [C("plain 2")] and view["revealed"] == state.revealed
    assert (view["pile_size"], view["packet_size"]) == (len(state.pile), 2)
    assert not {"pile", "packet", "banks", "discards"} & set(view), "face-down cards only as sizes"
    state = position(
        rows={"Anna": ["plain 4", "plain 4", "plain 4"]},
        banks={"Blue": ["instant +1"]},
        pile=["plain 1"],
        last_round=True,
    )
    give(state, "plain 1", ANNA)
    assert state.view(CLEO)["plus_points"] == [0, 1, 0], "banks are counted openly at the end"


# notation
def test_moves_print_and_parse_back():
    for text in ("plain 3 -> 2", "13-18 -> 1", "instant +2 -> 3", "refuse two-plus 5", "accept arrow"):
        assert str(d13.parse_move(text, 3)) == text
    assert d13.parse_move("13->18 -> 2") == Give(C("13-18"), 1)
    assert d13.parse_move("13→18 -> 2") == Give(C("13-18"), 1)
    assert str(C("13-18")) == "13→18" and str(C("instant +1")) == "instant +1"


@pytest.mark.parametrize(
    "text, message",
    [
        ("purple 3", "'purple 3' is not a card"),
        ("plain 5", "plain cards go from 1 to 4"),
        ("two-plus 0", "two-plus cards go from 1 to 5"),
        ("instant +3", "is not a card"),
    ],
)
def test_unknown_cards_are_refused(text, message):
    with pytest.raises(NotationError, match=message):
        d13.parse_card(text)


def test_bad_moves_are_refused():
    with pytest.raises(NotationError, match="is not a move"):
        d13.parse_move("plain 3 to 2")
    with pytest.raises(NotationError, match="no player 4"):
        d13.parse_move("plain 3 -> 4", 3)
    state = position()
    assert refused(state, "plain 3 -> 1").key == "d13.why.not-a-move"
    assert refused(state, Give(state.revealed, 7)).key == "d13.why.no-seat"


# positions
@pytest.mark.parametrize(
    "fields, message",
    [
        ({"rows": {"Anna": ["arrow"]}}, "an arrow is discarded as soon as it is received"),
        ({"rows": {"Anna": ["instant +1"]}}, "goes straight to its receiver's bank"),
        (
            {"rows": {"Anna": ["plain 4", "plain 4", "plain 4", "plain 1"]}},
            "adds up to 13, which reaches Anna's limit of 13",
        ),
        ({"banks": {"Anna": ["plain 2"]}}, "only plus cards"),
        ({"rows": {"Anna": ["13-18"] * 3, "Blue": ["13-18"] * 3}}, "uses 6 '13→18' cards, but the deck has only 5"),
        ({"rows": {"Zoe": ["plain 1"]}}, "no player called 'Zoe'"),
        ({"received": ["Anna", "Anna"]}, "listed twice"),
        ({"received": ["Anna", "Blue", "Cleo"]}, "every player has already received"),
        ({"received": ["Anna"], "packet": ["plain 1"]}, "should hold 2 cards"),
        ({"pile_size": 0}, "between 1 and"),
        ({"round": 0}, "'round' in 'position' should be a whole number from 1"),
        ({"hands": {}}, "no field called 'hands'"),
    ],
)
def test_impossible_positions_are_refused(fields, message):
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        d13_lessons.lesson_state(3, fields, seat_names=NAMES[:3])


def test_positions_account_for_all_109_cards():
    state = d13_lessons.lesson_state(
        4, {"rows": {"Anna": ["hand"]}, "banks": {"Blue": ["instant +2"]}, "pile_size": 40}, seat_names=NAMES[:4]
    )
    everything = [
        *state.pile,
        *state.packet,
        state.revealed,
        *state.discards,
        *sum(state.rows, ()),
        *sum(state.banks, ()),
    ]
    assert Counter(everything) == d13.COUNTS and len(state.pile) == 40 and len(state.packet) == 3


# lesson checks
def test_checks_hold_or_say_what_differs():
    state = position(rows={"Anna": ["13-18", "plain 2"]}, received=["Blue"], pile=["plain 3", "plain 1"])
    assert d13_lessons.CHECKS["rows"](state, {"Anna": ["13-18", "plain 2"]}) is None
    assert d13_lessons.CHECKS["limit"](state, {"Anna": 18, "Blue": 13}) is None
    assert d13_lessons.CHECKS["receivers"](state, ["Cleo", "Anna"]) is None
    assert d13_lessons.CHECKS["revealed"](state, "plain 3") is None
    assert d13_lessons.CHECKS["to_move"](state, "anna") is None
    assert d13_lessons.CHECKS["illegal"](state, [{"move": "plain 3 -> 2", "rule": "d13.one-each"}]) is None
    assert d13_lessons.CHECKS["busted"](state, "nobody") is None
    problem = d13_lessons.CHECKS["row_sum"](state, {"Anna": 3})
    assert problem == "check 'row_sum': the lesson expects Anna: 3, but the engine says Anna: 2."
    assert "plain 3 -> 1" in d13_lessons.CHECKS["illegal"](state, {"move": "plain 3 -> 1"})


# clone and undo
def test_clone_is_independent_and_can_undo():
    state = position(rows={"Blue": ["hand"]}, pile=["plain 4", "plain 1", "plain 1"])
    before = state.snapshot()
    state.push(Give(C("plain 4"), BLUE))
    copy = state.clone()
    copy.push(Choice(C("plain 4"), "refuse"))
    copy.pop()
    copy.pop()
    assert copy.snapshot() == before
    assert state.pending == C("plain 4") and len(state.move_stack) == len(copy.move_stack) + 1
    state.pop()
    assert state.snapshot() == before


# figures
def test_summarize_gives_json_figures():
    states = [finished(d13, 3, seed) for seed in range(5)]
    tally = d13_stats.Figures(3)
    for state in states:
        tally.add(state)
    figures = tally.result()
    json.dumps(figures)
    assert sum(figures["busts_per_seat"]) + figures["rounds_without_bust"] == sum(len(s.busts) for s in states)
    assert figures["rounds_per_game"]["min"] >= 1
    assert sum(figures["plus_points"]["distribution"].values()) == 15


# lessons
def test_the_bundled_lessons_hold_and_teach_every_rule():
    paths = bundled_lessons("danger-13")
    assert len(paths) >= 13
    for path in paths:
        assert check_lesson(path) == [], path
    taught = {rule for path in paths for rule in load_lesson(path).rules}
    assert {rule.id for rule in d13.RULES} <= taught
