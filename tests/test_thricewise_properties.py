"""Thricewise invariants over random seeded games (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import finished

from tutor.games import thricewise as tw
from tutor.games.decktet import CARDS

games = st.tuples(
    st.integers(2, 5),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.sampled_from(tw.OPTIONS["run_rule"]),
    st.sampled_from(tw.OPTIONS["triads"]),
)


def played(players, seed, moves_seed, run_rule, triads, before_move):
    return finished(tw, players, seed, moves_seed, before_move, options={"run_rule": run_rule, "triads": triads})


def check_invariants(state):
    if state.phase != "deal":
        everywhere = (
            list(state.grid.values())
            + list(state.deck)
            + [c for hand in state.hands for c in hand]
            + [c for aside in state.deferred for c in aside]
            + [c for c in state.picks if c]
            + [
                state.revealed[seat]
                for seat in state.order[state.placing :]
                if state.phase == "place" and state.revealed[seat] not in state.grid.values()
            ]
        )
        assert sorted(everywhere, key=CARDS.index) == list(CARDS), "all 36 cards accounted for"
    width, height = state.grid_size()
    assert width <= 6 and height <= 6
    assert list(state.scores) == [
        sum(t.points for t in state.triads if t.seat == seat) for seat in range(state.players)
    ]


def check_placement(state, move):
    if isinstance(move, tw.Place):
        col, row = move.cell
        assert move.cell not in state.grid
        assert any((col + dc, row + dr) in state.grid for dc, dr in tw.NEIGHBOURS), "touches the grid"


@settings(max_examples=30, deadline=None)
@given(games)
def test_invariants_hold_throughout(game):
    def observe(state, move):
        check_invariants(state)
        check_placement(state, move)

    state = played(*game, before_move=observe)
    check_invariants(state)
    assert not any(state.hands) and state.winners()
    for triad in state.triads:
        assert all(cell in state.grid for cell in triad.cells) and triad.cell in triad.cells


@settings(max_examples=40, deadline=None)
@given(games)
def test_set_aside_cards_are_refused_only_on_the_turn_that_empties_every_hand(game):
    """Rule tw.last-turn: record, whenever the seat placing holds set-aside cards, whether
    they may go down; once the game is over, compare with the turn that ended it."""
    seen = []

    def observe(state, move):
        if state.phase == "place" and state.deferred[state.placer]:
            aside = state.deferred[state.placer][0]
            reason = state.why_not(tw.Place(aside, state.open_cells()[0]))
            seen.append((state.turn, reason is not None and reason.rule == "tw.last-turn"))

    final = played(*game, before_move=observe)
    assert all(refused == (turn == final.turn) for turn, refused in seen), (final.turn, seen)


def fresh_triads(grid, cell, options):
    """The triads a card on ``cell`` completes, worked out line by line from the rules
    (tw.triad and its variant), without the engine's tables."""
    col, row = cell
    found = []
    for dc, dr in tw.DIRECTIONS:
        lines = []
        for start in (-2, -1, 0):
            cells = tuple(tw.Cell(col + (start + k) * dc, row + (start + k) * dr) for k in range(3))
            if all(each in grid for each in cells):
                cards = tuple(grid[each] for each in cells)
                kinds = tw.line_kinds(cards, options["run_rule"])
                if kinds:
                    lines.append([(cells, kind, tw.triad_value(cards), suits) for kind, suits in kinds])
        if lines and options["triads"] == "one-per-direction":
            lines = [max(lines, key=lambda line: (sum(t[2] for t in line), len(line)))]
        found += [triad for line in lines for triad in line]
    return found


@settings(max_examples=20, deadline=None)
@given(games)
def test_kept_open_cells_and_looked_up_triads_match_a_fresh_computation(game):
    """The engine keeps the open cells up to date move by move and looks triads up in a
    table; both agree with working them out afresh, after pushes and after pops."""

    def observe(state, move):
        assert state.open == state.find_open()
        if isinstance(move, tw.Place):
            grid = {**state.grid, move.cell: move.card}
            assert tw.triads_at(grid, move.cell, state.options) == fresh_triads(grid, move.cell, state.options)

    state = played(*game, before_move=observe)
    while state.move_stack:
        state.pop()
        assert state.open == state.find_open()
