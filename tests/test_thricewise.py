"""Thricewise and the basic Decktet: one group of tests per rule (the rule ids in
tutor/games/thricewise/locales/)."""

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from random_play import finished
from thricewise_table import TABLE

from tutor.core import CHANCE, SIMULTANEOUS, TERMINAL, IllegalMove, NotationError, PositionError, resolve_options
from tutor.games import thricewise as tw
from tutor.games.decktet import ACE, CARDS, CROWN, SUITS, parse_card
from tutor.games.thricewise import Cell, Done, Pick, Place
from tutor.games.thricewise import lessons as tw_lessons
from tutor.games.thricewise import stats as tw_stats

C = parse_card
SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
OPTIONS = resolve_options(None, tw.OPTIONS)


def position(players=2, options=None, seed=0, **spec):
    return tw_lessons.lesson_state(players, spec, options, seed, SEATS[:players])


def grid_of(rows: dict) -> dict:
    """{"col,row": [cards running right]} -> {Cell: Card}, "." for a hole."""
    grid = {}
    for start, names in rows.items():
        first = tw.parse_cell(start)
        for offset, name in enumerate(names):
            if name != ".":
                grid[Cell(first.col + offset, first.row)] = C(name)
    return grid


def scored(rows: dict, cell: str, **options):
    """(kind, points) of the triads a card already on ``cell`` of ``rows`` completes."""
    return sorted(
        (kind, points)
        for _, kind, points, _ in tw.triads_at(grid_of(rows), tw.parse_cell(cell), {**OPTIONS, **options})
    )


def late_position(players, hands, deferred=None, spare=0):
    """A late position: all cards but the hands, the set-aside ones and ``spare`` deck cards
    fill the grid row by row from 1,1, six to a row."""
    used = {C(name) for cards in [*hands.values(), *(deferred or {}).values()] for name in cards}
    rest = [card.key for card in CARDS if card not in used][spare:]
    grid = {f"1,{row}": rest[6 * (row - 1) : 6 * row] for row in range(1, 7) if rest[6 * (row - 1) : 6 * row]}
    return position(players, grid=grid, hands=hands, deferred=deferred or {})


def pick_all(state, *cards):
    for seat, card in enumerate(cards):
        state.push(Pick(seat, C(card)))


# tw.deck
def test_the_basic_decktet_has_36_cards_in_the_documented_suits():
    assert len(CARDS) == len(set(CARDS)) == 36
    for rank in range(2, 10):
        cards = [card for card in CARDS if card.rank == rank]
        assert len(cards) == 3 and all(len(card.suits) == 2 and card.is_number for card in cards)
    for rank in (ACE, CROWN):
        cards = [card for card in CARDS if card.rank == rank]
        assert sorted(suit for card in cards for suit in card.suits) == sorted(SUITS)
        assert not any(card.is_number for card in cards)
    assert Counter(suit for card in CARDS for suit in card.suits) == {suit: 2 + 8 for suit in SUITS}
    assert C("Chance Meeting").suits == ("moons", "leaves") and C("Chance Meeting").rank == 7
    assert C("the Windfall").suits == ("knots",) and C("Windfall").rank == CROWN


@pytest.mark.parametrize("text", ["the Sea", "Sea", "sea", "THE SEA", "  the   sea "])
def test_cards_are_read_by_name_in_any_case(text):
    assert C(text) == C("sea") and str(C(text)) == "Sea"


def test_aces_and_keys_parse_and_unknown_names_are_named():
    assert C("Ace of Moons") == C("ace-moons") == C("ace of moons")
    assert str(C("ace-moons")) == "Ace of Moons"
    with pytest.raises(NotationError, match="'the Moon' is not a card"):
        C("the Moon")


# tw.setup
@pytest.mark.parametrize("players, width, height", [(2, 2, 2), (3, 3, 2), (4, 2, 2), (5, 3, 2)])
def test_setup_grid_and_hands_by_player_count(players, width, height):
    state = tw.new_game(players, seed=7)
    assert state.to_move == CHANCE and state.legal_moves() == []
    state.push(state.chance_move())
    assert set(state.grid) == {Cell(col, row) for col in range(1, width + 1) for row in range(1, height + 1)}
    assert state.grid_size() == (width, height)
    assert [len(hand) for hand in state.hands] == [3] * players
    assert len(state.deck) == 36 - width * height - 3 * players
    assert state.to_move == SIMULTANEOUS and state.turn == 1


def test_the_deal_is_decided_by_the_seed_and_no_other_deal_is_accepted():
    assert tw.new_game(3, seed=4).chance_move() == tw.new_game(3, seed=4).chance_move()
    assert tw.new_game(3, seed=4).chance_move() != tw.new_game(3, seed=5).chance_move()
    state = tw.new_game(3, seed=4)
    assert state.why_not(tw.new_game(3, seed=5).chance_move()).rule == "tw.setup"
    assert state.why_not(Done()).rule == "tw.setup"


# tw.pick
def test_the_choice_is_simultaneous_and_hidden():
    state = position(**TABLE)
    assert state.to_move == SIMULTANEOUS
    assert {move.seat for move in state.legal_moves()} == {0, 1}
    state.push(Pick(0, C("mountain")))
    assert {move.seat for move in state.legal_moves()} == {1}
    view = state.view(1)
    assert view["pick"] is None and view["picked"] == [True, False] and view["revealed"] == [None, None]
    assert C("mountain") not in view["hand"] and "mountain" not in repr(view)
    assert state.view(0)["pick"] == C("mountain")


def test_a_seat_picks_once_and_only_from_its_hand():
    state = position(**TABLE)
    state.push(Pick(0, C("mountain")))
    assert state.why_not(Pick(0, C("sailor"))).rule == "tw.pick"
    assert str(state.why_not(Pick(0, C("sailor")))) == "Ann has already chosen a card this turn."
    assert str(state.why_not(Pick(1, C("sea")))) == "Bob does not hold the Sea."
    assert state.why_not(Pick(5, C("sea"))).rule == "tw.pick"


def test_the_reveal_comes_with_the_last_pick():
    state = position(**TABLE)
    pick_all(state, "mountain", "castle")
    assert state.phase == "place" and list(state.revealed) == [C("mountain"), C("castle")]
    assert state.view(1)["revealed"] == [C("mountain"), C("castle")]


# tw.tie
def test_tied_ranks_are_set_aside_and_the_rest_place():
    state = position(
        players=3,
        grid={"1,1": ["author", "journey", "origin"], "1,2": ["ace-knots", "ace-wyrms", "end"]},
        hands={
            "Ann": ["castle", "sailor", "sea"],
            "Bob": ["cave", "desert", "bard"],
            "Cat": ["huntress", "savage", "lunatic"],
        },
    )
    pick_all(state, "castle", "cave", "huntress")
    assert list(state.tied) == [0, 1] and list(state.order) == [2]
    assert list(state.deferred[0]) == [C("castle")] and list(state.deferred[1]) == [C("cave")]
    reason = state.why_not(Place(C("castle"), Cell(4, 1)))
    assert reason.rule == "tw.tie" and "shared its rank" in str(reason)


def test_when_every_card_ties_nobody_places():
    state = position(hands={"Ann": ["castle", "sailor", "sea"], "Bob": ["cave", "desert", "bard"]}, grid=TABLE["grid"])
    pick_all(state, "castle", "cave")
    assert state.phase == "draw" and list(state.tied) == [0, 1]
    assert [C("castle")] == list(state.deferred[0])


# tw.order
def test_cards_are_placed_from_the_lowest_rank_up():
    state = position(
        players=3,
        grid={"1,1": ["author", "journey", "origin"], "1,2": ["ace-knots", "ace-wyrms", "end"]},
        hands={
            "Ann": ["sea", "sailor", "castle"],
            "Bob": ["ace-moons", "desert", "bard"],
            "Cat": ["lunatic", "savage", "huntress"],
        },
    )
    pick_all(state, "sea", "ace-moons", "lunatic")
    assert list(state.order) == [1, 2, 0] and state.to_move == 1
    reason = state.why_not(Place(C("sea"), Cell(4, 1)))
    assert reason.rule == "tw.order"
    assert str(reason) == "It is Bob's turn to place; the Sea belongs to Ann."
    state.push(Place(C("ace-moons"), Cell(4, 1)))
    assert state.to_move == 2
    state.push(Place(C("lunatic"), Cell(0, 1)))
    assert state.to_move == 0
    state.push(Place(C("sea"), Cell(0, 2)))
    assert state.phase == "draw"


# tw.adjacency
def test_a_card_must_touch_the_grid_and_never_covers_a_card():
    state = position(**TABLE)
    pick_all(state, "mountain", "castle")
    reason = state.why_not(Place(C("mountain"), Cell(4, 1)))
    assert reason.rule == "tw.adjacency"
    assert str(reason).startswith("That place touches no card of the grid")
    reason = state.why_not(Place(C("mountain"), Cell(2, 1)))
    assert reason.rule == "tw.adjacency" and "already holds the Journey" in str(reason)
    assert state.why_not(Place(C("mountain"), Cell(0, 0))) is None  # touching at a corner is enough
    assert state.why_not(Place(C("mountain"), Cell(3, 3))) is None
    assert len(state.open_cells()) == 12


# tw.bounds
def test_the_grid_is_never_more_than_six_high():
    names = ["author", "journey", "origin", "desert", "savage", "end"]
    column = {f"1,{row}": [name] for row, name in enumerate(names, 1)}
    state = position(grid=column, hands={"Ann": ["sea", "sailor", "castle"], "Bob": ["ace-moons", "mill", "bard"]})
    pick_all(state, "sea", "ace-moons")
    state.push(Place(C("ace-moons"), Cell(2, 1)))
    for cell in (Cell(1, 7), Cell(2, 7), Cell(1, 0)):
        reason = state.why_not(Place(C("sea"), cell))
        assert reason.rule == "tw.bounds"
    assert (
        str(state.why_not(Place(C("sea"), Cell(1, 7))))
        == "Placing the Sea there would make the grid 7 cards high; it may be at most 6."
    )
    assert all(1 <= cell.row <= 6 for cell in state.open_cells())


def test_the_grid_is_never_more_than_six_wide():
    row = {"-2,1": ["author", "journey", "origin", "desert", "savage", "end"]}
    state = position(grid=row, hands={"Ann": ["sea", "sailor", "castle"], "Bob": ["ace-moons", "mill", "bard"]})
    pick_all(state, "sea", "ace-moons")
    assert (
        str(state.why_not(Place(C("ace-moons"), Cell(-3, 2))))
        == "Placing the Ace of Moons there would make the grid 7 cards wide; it may be at most 6."
    )
    assert {cell.col for cell in state.open_cells()} == set(range(-2, 4))


# tw.deferred and tw.deferred-score
def test_deferred_cards_may_follow_the_current_card_then_done():
    state = position(
        deferred={"Ann": ["sailor"], "Bob": ["battle"]},
        grid=TABLE["grid"],
        hands={"Ann": ["mountain", "mill", "sea"], "Bob": ["castle", "desert", "bard"]},
    )
    pick_all(state, "mountain", "castle")
    state.push(Place(C("mountain"), Cell(3, 1)))
    assert state.to_move == 0 and Done() in state.legal_moves()
    assert state.placeable() == [C("sailor")]
    state.push(Done())
    assert state.to_move == 1 and list(state.deferred[0]) == [C("sailor")]


def test_deferred_cards_may_come_first_and_score_for_their_placer():
    state = position(
        deferred={"Ann": ["diplomat"], "Bob": ["betrayal"]},
        grid=TABLE["grid"],
        hands={"Ann": ["mountain", "mill", "sea"], "Bob": ["castle", "desert", "bard"]},
    )
    pick_all(state, "mountain", "castle")
    reason = state.why_not(Done())
    assert reason.rule == "tw.deferred" and str(reason) == "Ann must first place this turn's card, the Mountain."
    state.push(Place(C("diplomat"), Cell(3, 2)))  # the Diplomat (8, Moons/Suns) sets up nothing yet
    assert state.to_move == 0 and not state.current_placed
    state.push(Place(C("mountain"), Cell(3, 1)))
    # row 1: Author 2, Journey 3, Mountain 4 is a run and a Moons flush (2 + 2); column 3 has two cards
    assert list(state.scores) == [4, 0] and state.to_move == 1
    state.push(Place(C("castle"), Cell(0, 1)))
    assert state.to_move == 1  # Bob may still place his Betrayal
    state.push(Done())
    assert state.phase == "draw"


def test_a_deferred_card_placed_scores_for_whoever_places_it():
    state = position(
        deferred={"Ann": ["mountain"], "Bob": ["battle"]},
        grid=TABLE["grid"],
        hands={"Ann": ["mill", "sailor", "sea"], "Bob": ["castle", "desert", "bard"]},
    )
    pick_all(state, "sailor", "castle")
    state.push(Place(C("mountain"), Cell(3, 1)))
    assert list(state.scores) == [4, 0]
    assert {(t.kind, t.points, t.seat, t.card) for t in state.triads} == {
        ("flush", 2, 0, C("mountain")),
        ("run", 2, 0, C("mountain")),
    }


def test_a_set_aside_card_cannot_be_chosen_as_the_turns_card():
    state = position(
        deferred={"Ann": ["mountain"], "Bob": ["battle"]}, **TABLE | {"hands": {"Ann": ["mill", "sailor", "sea"]}}
    )
    reason = state.why_not(Pick(0, C("mountain")))
    assert reason.rule == "tw.deferred-pick"  # the tutor's reading, shown as a note


# tw.draw
def test_everyone_draws_when_the_deck_suffices():
    state = position(**TABLE)
    deck = list(state.deck)
    pick_all(state, "mountain", "castle")
    state.push(Place(C("mountain"), Cell(3, 1)))
    state.push(Place(C("castle"), Cell(0, 1)))
    assert state.to_move == CHANCE and state.chance_move() == tw.Draw(tuple(deck[:2]))
    assert state.why_not(Pick(0, C("sailor"))).rule == "tw.draw"
    state.push(state.chance_move())
    assert [len(hand) for hand in state.hands] == [3, 3] and list(state.deck) == deck[2:]
    assert C(deck[0].key) in state.hands[0] and state.turn == 2 and state.to_move == SIMULTANEOUS


def test_nobody_draws_when_the_deck_cannot_serve_everyone():
    names = [card.key for card in CARDS]
    state = late_position(3, {"Ann": names[0:3], "Bob": names[3:6], "Cat": names[6:9]})
    assert len(state.deck) == 0 and state.turn == 8  # 7 draws emptied the deck of 21
    pick_all(state, names[0], names[3], names[6])  # two Aces tie, the Author is placed
    state.push(Place(C(names[6]), Cell(4, 5)))
    assert state.phase == "pick" and state.turn == 9 and [len(h) for h in state.hands] == [2, 2, 2]


# tw.last-turn
def last_turn_position(ann, bob, aside):
    """Two players holding one card each and an empty deck: 33 cards fill a 6 x 6 grid but for 3 holes."""
    return late_position(2, {"Ann": [ann], "Bob": [bob]}, {"Ann": [aside]})


def test_on_the_last_turn_set_aside_cards_stay_aside():
    state = last_turn_position("castle", "sea", "mill")
    assert state.last_turn and not state.deck
    pick_all(state, "castle", "sea")
    assert state.placeable() == [C("castle")]
    reason = state.why_not(Place(C("mill"), Cell(6, 6)))
    assert reason.rule == "tw.last-turn" and "cannot place the Mill" in str(reason)
    state.push(Place(C("castle"), Cell(6, 6)))
    assert state.to_move == 1  # no "done": nothing more may be placed
    state.push(Place(C("sea"), Cell(5, 6)))
    assert state.is_terminal() and state.to_move == TERMINAL and list(state.deferred[0]) == [C("mill")]
    assert str(state.why_not(Done())) == "The game is over: no more moves."


def test_the_turn_before_the_last_still_lets_set_aside_cards_out():
    state = late_position(2, {"Ann": ["castle", "desert"], "Bob": ["sea", "bard"]}, {"Ann": ["mill"]})
    assert not state.last_turn and not state.deck
    pick_all(state, "castle", "sea")
    assert not state.last_turn and state.placer == 0 and C("mill") in state.placeable()
    assert state.why_not(Place(C("mill"), Cell(2, 6))) is None
    state.push(Place(C("mill"), Cell(2, 6)))
    assert list(state.deferred[0]) == [] and state.grid[Cell(2, 6)] == C("mill")


def test_on_the_last_turn_tied_cards_are_not_placed():
    state = last_turn_position("castle", "cave", "mill")
    pick_all(state, "castle", "cave")
    assert state.is_terminal() and state.legal_moves() == []
    assert sorted(state.deferred[0]) == sorted([C("mill"), C("castle")]) and list(state.deferred[1]) == [C("cave")]


# tw.triad, tw.flush, tw.set, tw.run, tw.value, tw.mixed-value, tw.double-suit
def test_a_run_that_is_also_a_flush_scores_twice():
    assert scored({"1,1": ["author", "journey", "mountain"]}, "3,1") == [("flush", 2), ("run", 2)]


def test_runs_read_both_ways_and_in_every_direction():
    falling = {"1,1": ["pact"], "1,2": [".", "diplomat"], "1,3": [".", ".", "cave"]}  # 9-8-7 down a diagonal
    assert scored(falling, "1,1") == [("run", 7)]
    rising = {"1,3": ["author"], "1,2": [".", "journey"], "1,1": [".", ".", "sailor"]}  # 2-3-4 up a diagonal
    assert scored(rising, "2,2") == [("run", 2)]
    column = {"1,1": ["castle"], "1,2": ["mill"], "1,3": ["darkness"]}
    assert scored(column, "1,2") == [("run", 7)]


def test_a_set_is_worth_its_rank_and_sets_of_aces_or_crowns_nothing():
    assert scored({"1,1": ["chance-meeting", "castle", "cave"]}, "2,1") == [("set", 7)]
    assert scored({"1,1": ["ace-moons", "ace-suns", "ace-waves"]}, "1,1") == [("set", 0)]
    assert scored({"1,1": ["sea", "end", "bard"]}, "1,1") == [("set", 0)]


def test_aces_and_crowns_leave_the_value_to_the_number_card():
    assert scored({"1,1": ["ace-moons", "huntress", "journey"]}, "1,1") == [("flush", 3)]
    assert scored({"1,1": ["ace-moons", "author", "journey"]}, "1,1") == [("flush", 2), ("run", 2)]
    assert scored({"1,1": ["diplomat", "pact", "huntress"]}, "3,1") == [("flush", 8), ("run", 8)]


def test_a_flush_sharing_two_suits_is_one_flush():
    triads = tw.triads_at(grid_of({"1,1": ["mountain", "diplomat", "pact"]}), Cell(1, 1), OPTIONS)
    assert [(kind, points, suits) for _, kind, points, suits in triads] == [("flush", 4, ("moons", "suns"))]


def test_lines_that_are_nothing_score_nothing():
    assert scored({"1,1": ["author", "sea", "journey"]}, "2,1") == []
    assert scored({"1,1": ["author", "discovery", "merchant"]}, "2,1") == []  # rising, but not consecutive


# tw.every-line and its variant
FIVE = {"1,1": ["author", "journey", "mountain", "forest", "lunatic"]}  # 2 3 4 5 6, all Moons


def test_the_middle_of_five_scores_three_lines():
    triads = tw.triads_at(grid_of(FIVE), Cell(3, 1), OPTIONS)
    assert [cells for cells, *_ in triads][::2] == [
        (Cell(1, 1), Cell(2, 1), Cell(3, 1)),
        (Cell(2, 1), Cell(3, 1), Cell(4, 1)),
        (Cell(3, 1), Cell(4, 1), Cell(5, 1)),
    ]
    assert sum(points for _, _, points, _ in triads) == 2 * (2 + 3 + 4)


def test_variant_one_triad_per_direction_keeps_the_best_line():
    assert scored(FIVE, "3,1", triads="one-per-direction") == [("flush", 4), ("run", 4)]


def test_variant_monotonic_runs():
    assert scored({"1,1": ["author", "discovery", "merchant"]}, "2,1", run_rule="monotonic") == [("run", 2)]
    assert scored({"1,1": ["merchant", "discovery", "author"]}, "2,1", run_rule="monotonic") == [("run", 2)]
    assert scored({"1,1": ["author", "merchant", "discovery"]}, "2,1", run_rule="monotonic") == []


def test_scoring_events_record_cells_kind_points_and_scorer():
    state = position(**TABLE)
    pick_all(state, "mountain", "castle")
    state.push(Place(C("mountain"), Cell(3, 1)))
    line = (Cell(1, 1), Cell(2, 1), Cell(3, 1))
    assert list(state.triads) == [
        tw.Triad(1, 0, C("mountain"), Cell(3, 1), line, "flush", 2, ("moons",)),
        tw.Triad(1, 0, C("mountain"), Cell(3, 1), line, "run", 2, ()),
    ]
    assert (
        state.triads[0].describe(state.grid) == "flush of Moons with the Author, the Journey, and the Mountain, worth 2"
    )
    assert state.view(1)["triads"] == list(state.triads) and state.placed_by == {Cell(3, 1): 0}


# tw.winner and tw.shared-win
def test_most_points_wins_and_ties_share():
    state = position(scores={"Ann": 9, "Bob": 9}, **TABLE)
    assert state.winners() == [0, 1] and state.returns() == [9.0, 9.0]
    state = position(scores={"Ann": 3, "Bob": 9}, **TABLE)
    assert state.winners() == [1] and state.ranking() == [1, 0]


# Moves, notation, refusals, undo
def test_notation_round_trips():
    for move in (Pick(1, C("chance meeting")), Place(C("ace-moons"), Cell(-1, 2)), Done()):
        assert tw.parse_move(str(move), 2) == move
    assert str(Pick(1, C("chance meeting"))) == "pick 2 chance-meeting"
    assert tw.parse_move("Place the Sea at (3, -1)") == Place(C("sea"), Cell(3, -1))
    assert tw.parse_move("pick 1 Ace of Moons") == Pick(0, C("ace-moons"))
    refused = (("place sea", "not a move"), ("pick 4 sea", "no player 4"), ("place moon 1,1", "basic Decktet"))
    for text, problem in refused:
        with pytest.raises(NotationError, match=problem):
            tw.parse_move(text, 3)


def test_illegal_moves_raise_and_change_nothing():
    state = position(**TABLE)
    pick_all(state, "mountain", "castle")
    before = state.snapshot()
    for move in (
        Place(C("mountain"), Cell(4, 1)),
        Place(C("castle"), Cell(3, 1)),
        Done(),
        Pick(0, C("sea")),
        Place(C("sea"), Cell(3, 1)),
        "nonsense",
    ):
        with pytest.raises(IllegalMove) as refused:
            state.push(move)
        assert refused.value.reason.rule.startswith("tw.")
        assert state.snapshot() == before


def test_undo_restores_the_exact_position():
    state = position(deferred={"Ann": ["diplomat"], "Bob": ["betrayal"]}, **TABLE)
    snapshots, moves = (
        [],
        [
            Pick(0, C("mountain")),
            Pick(1, C("castle")),
            Place(C("mountain"), Cell(3, 1)),
            Place(C("diplomat"), Cell(3, 2)),
            Place(C("castle"), Cell(0, 1)),
            Done(),
        ],
    )
    for move in moves:
        snapshots.append(state.snapshot())
        state.push(move)
    state.push(state.chance_move())
    state.pop()
    for move, snapshot in zip(reversed(moves), reversed(snapshots)):
        assert state.pop() == move and state.snapshot() == snapshot
    assert list(state.triads) == [] and list(state.scores) == [0, 0]


def test_clone_is_independent():
    state = position(**TABLE)
    other = state.clone()
    pick_all(other, "mountain", "castle")
    assert state.phase == "pick" and other.phase == "place" and state.hands[0] != other.hands[0]


def test_random_moves_are_legal():
    rng = random.Random(3)
    for players in tw.PLAYER_COUNTS:
        state = tw.new_game(players, seed=players)
        while not state.is_terminal():
            move = state.random_move(rng)
            assert state.why_not(move) is None
            if state.to_move not in (CHANCE, SIMULTANEOUS):
                assert move in state.legal_moves()
            state.push(move)


# Lesson positions and checks
@pytest.mark.parametrize(
    "spec, problem",
    [
        ({"grid": {"1,1": ["sea", "sea"]}}, "two places"),
        ({"grid": {"1,1": ["author", "journey"]}}, "starts with 4"),
        ({"grid": {"1,1": ["author", "journey", ".", "sea"], "1,2": ["ace-moons"]}}, "cut off"),
        ({"grid": {"1,1": ["author", "journey", "origin", "desert", "savage", "end", "sea"]}}, "7 cards wide"),
        ({"grid": TABLE["grid"], "hands": {"Ann": ["sea"], "Bob": ["bard", "end"]}}, "same number"),
        (
            {"grid": TABLE["grid"], "deferred": {"Ann": ["sea"]}},
            "5 cards on the grid and set aside cannot come from play",
        ),
        ({"grid": TABLE["grid"], "table": {}}, "no field called 'table'"),
        ({"grid": TABLE["grid"], "hands": {"Zed": ["sea"]}}, "no player called 'Zed'"),
    ],
)
def test_impossible_lesson_positions_are_refused(spec, problem):
    with pytest.raises(PositionError, match=problem):
        position(**spec)


def test_hands_smaller_than_three_need_an_empty_deck():
    with pytest.raises(PositionError, match="the deck has run out, but it still holds cards: 2"):
        late_position(2, {"Ann": ["sea"], "Bob": ["bard"]}, spare=2)


def test_unknown_cards_in_positions_are_named():
    with pytest.raises(NotationError, match="'Sun' is not a card"):
        position(grid={"1,1": ["Sun", "sea"], "1,2": ["end", "bard"]})


def test_lesson_checks_hold_and_explain_mismatches():
    state = position(**TABLE)
    pick_all(state, "mountain", "castle")
    state.push(Place(C("mountain"), Cell(3, 1)))
    holds = {
        "to_move": "Bob",
        "phase": "place",
        "scores": {"Ann": 4},
        "triads": ["run 2", "flush 2"],
        "cells": {"3,1": "the Mountain", "4,4": "empty"},
        "grid_size": "3x2",
        "order": ["Ann", "Bob"],
        "tied": [],
        "hand_sizes": {"Ann": 2},
        "deferred": {"Bob": []},
        "deck_size": 26,
        "turn": 1,
        "last_turn": False,
        "illegal": {"move": "place castle 5,1", "rule": "tw.adjacency"},
        "legal": "place castle 4,1",
        "winners": ["Ann"],
        "game_over": False,
        "would_score": [{"move": "place castle 4,1", "triads": []}, {"move": "place castle 4,2"}],
    }
    assert set(holds) == set(tw_lessons.CHECKS)
    for check, value in holds.items():
        assert tw_lessons.CHECKS[check](state, value) is None, check
    assert "the engine says Ann: 4" in tw_lessons.CHECKS["scores"](state, {"Ann": 5})
    assert "['flush 2', 'run 2']" in tw_lessons.CHECKS["triads"](state, ["set 2"])
    assert tw_lessons.CHECKS["illegal"](state, {"move": "place castle 4,1"}) is not None


def test_summarize_gives_figures_for_simulate():
    states = [finished(tw, 3, seed) for seed in range(3)]
    tally = tw_stats.Figures(3)
    for state in states:
        tally.add(state)
    figures = tally.result()
    assert sum(figures["points_by_kind"].values()) == sum(sum(state.scores) for state in states)
    assert sum(figures["score_distribution"].values()) == 9
    assert set(figures["triads_by_kind"]) == {"flush", "set", "run"}


def test_every_rule_has_a_title_and_text():
    for rule in tw.RULES:
        assert rule.title and rule.text and rule.id.startswith("tw.")
        assert (rule.kind == "variant") == (rule.option in tw.OPTIONS)


def test_every_refusal_names_a_rule_of_the_reference():
    source = Path(tw.rules.__file__).read_text()
    used = set(re.findall(r'Reason\("([^"]+)"', source))
    assert used and used <= {rule.id for rule in tw.RULES}


def test_the_view_offers_what_widgets_read():
    state = position(**TABLE)
    assert set(state.view(0)) == {
        "seat",
        "turn",
        "phase",
        "to_move",
        "last_turn",
        "grid",
        "placed_by",
        "span",
        "open_cells",
        "hand",
        "hand_sizes",
        "pick",
        "picked",
        "revealed",
        "tied",
        "order",
        "placer",
        "placeable",
        "deferred",
        "deck_size",
        "scores",
        "triads",
    }
