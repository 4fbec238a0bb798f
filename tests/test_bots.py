"""Bots: legal moves only, blind to hidden cards, reproducible, and the coaches beat chance."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import bots, cli, duel, messages
from tutor.core import CHANCE, SIMULTANEOUS, TutorError, advance_chance
from tutor.games import danger13 as d13
from tutor.games import game as registered
from tutor.games import games
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw
from tutor.games.danger13 import bot as d13_bot
from tutor.games.danger13 import lessons as d13_lessons
from tutor.games.monster_trick import bot as mt_bot
from tutor.games.thricewise import words as tw_words

tables = st.tuples(
    st.integers(2, 5), st.integers(0, 10**6), st.lists(st.sampled_from(bots.QUICK_KINDS), min_size=5, max_size=5)
)


def bot_game(game, players, seed, kinds, on_choice=lambda state, seat, move: None):
    """Play one game with the given bot kinds, reporting every bot choice before it is pushed."""
    state = registered(game).rules.new_game(players, seed=seed)
    players_bots = bots.make_bots(registered(game), kinds[:players], players, seed)
    while not state.is_terminal():
        if state.to_move == CHANCE:
            state.push(state.chance_move())
            continue
        seat = state.legal_moves()[0].seat if state.to_move == SIMULTANEOUS else state.to_move
        move = players_bots[seat].choose(state, seat)
        on_choice(state, seat, move)
        state.push(move)
    return state


@pytest.mark.parametrize("game", sorted(games()))
@settings(max_examples=10, deadline=None)
@given(table=tables)
def test_bots_only_play_legal_moves(game, table):
    players, seed, kinds = table

    def legal(state, seat, move):
        assert move in bots.seat_moves(state, seat)
        assert state.why_not(move) is None

    assert bot_game(game, players, seed, kinds, legal).is_terminal()


@pytest.mark.parametrize("game", sorted(games()))
@pytest.mark.parametrize("kind", bots.KINDS)
def test_bots_choose_the_same_whatever_the_hidden_cards(game, kind):
    rng = random.Random(f"scramble:{game}")
    checked = 0

    def compare(state, seat, move):
        nonlocal checked
        if rng.random() > 0.2:
            return
        # the expert remembers the cards its seat saw face up before (the view may hide them since)
        deal_again = state.resample_from_memory if kind == "expert" else state.resample_from_view
        scrambled = deal_again(seat, rng)
        scrambled.seed = state.seed + 1  # the seed deals the cards to come: a bot may not read it either
        assert scrambled.view(seat) == state.view(seat)
        first, second = bots.make_bot(registered(game), kind, 7), bots.make_bot(registered(game), kind, 7)
        assert first.advise(state, seat) == second.advise(scrambled, seat)  # the move and its reason
        checked += 1

    for players in (2, 3, 5):
        bot_game(game, players, players, ["coach", "beginner", "random"] * 2, compare)
    assert checked > 30


def hidden_parts_differ(game):
    """The scramblers really change hidden cards (else the test above proves nothing)."""
    state = advance_chance(registered(game).rules.new_game(3, seed=1))
    return state.resample_from_view(0, random.Random(1)).snapshot() != state.snapshot()


@pytest.mark.parametrize("game", sorted(games()))
def test_the_scramblers_change_the_hidden_cards(game):
    assert hidden_parts_differ(game)


@pytest.mark.parametrize("game", sorted(games()))
def test_the_same_seed_plays_the_same_game(game):
    kinds = ["coach", "random", "coach"]
    assert bot_game(game, 3, 11, kinds).snapshot() == bot_game(game, 3, 11, kinds).snapshot()


@pytest.mark.parametrize(
    "game, players, count, share",
    [
        (mt.GAME_ID, 2, 60, 0.55),
        (mt.GAME_ID, 5, 60, 0.3),
        (d13.GAME_ID, 2, 100, 0.7),
        (d13.GAME_ID, 5, 100, 0.28),
        (tw.GAME_ID, 2, 20, 0.9),
        (tw.GAME_ID, 5, 20, 0.7),
    ],
)
def test_the_coach_beats_random_players(game, players, count, share):
    figures = cli.simulate_games(registered(game), players, count, 0, ["coach"] + ["random"] * (players - 1))
    assert figures["bots"][0] == "coach"
    assert figures["wins_per_seat"][0] / count >= share


def test_simulate_with_bots_is_reproducible_and_keeps_its_figures():
    kinds = ["coach", "random", "random"]
    with_bots = cli.simulate_games(tw.GAME, 3, 4, 5, kinds)
    assert with_bots == cli.simulate_games(tw.GAME, 3, 4, 5, kinds)
    assert set(cli.simulate_games(tw.GAME, 3, 4, 5)) | {"bots"} == set(with_bots)


@pytest.mark.parametrize("game", sorted(games()))
def test_the_expert_plays_legal_moves_the_same_for_a_seed(game):
    def legal(state, seat, move):
        assert move in bots.seat_moves(state, seat)

    kinds = ["expert", "beginner", "coach"]
    played = bot_game(game, 3, 5, kinds, legal)
    assert played.is_terminal() and played.snapshot() == bot_game(game, 3, 5, kinds).snapshot()


@pytest.mark.parametrize("game", sorted(games()))
def test_the_strengths_are_the_games_own_beginner_and_coach_and_the_shared_expert(game):
    part = registered(game).part("bot")
    assert type(bots.make_bot(registered(game), "beginner")) is part.Beginner
    assert type(bots.make_bot(registered(game), "coach")) is part.Coach
    assert isinstance(bots.make_bot(registered(game), "expert"), bots.Expert)


def test_the_wilson_interval_holds_the_share_and_narrows_with_more_games():
    low, high = duel.wilson(60, 100)
    assert low < 0.6 < high and 0.49 < low < 0.51 and 0.69 < high < 0.70
    assert duel.wilson(600, 1000)[1] - duel.wilson(600, 1000)[0] < high - low
    assert duel.wilson(0, 10)[0] == 0.0 and duel.wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_duel_is_the_same_for_a_seed_and_moves_the_stronger_seat_round(capsys):
    args = [
        "duel",
        "--game",
        d13.GAME_ID,
        "--players",
        "2",
        "--games",
        "6",
        "--seed",
        "3",
        "--pairing",
        "coach-beginner",
    ]
    assert cli.main(args) == 0
    first = capsys.readouterr().out
    assert cli.main(args) == 0
    assert capsys.readouterr().out == first
    row = first.splitlines()[-1]
    assert row.startswith("| danger-13 | 2 | one coach against beginner | 6 |") and "%" in row
    played = duel.duel(d13.GAME, 2, "coach", "beginner", 6, 3)
    assert 0 <= played.wins <= 6 and played.row() == row


def test_a_duel_played_in_parts_is_the_whole_duel():
    whole = duel.duel(d13.GAME, 2, "coach", "beginner", 6, 3)
    parts = [duel.duel(d13.GAME, 2, "coach", "beginner", games, 3, first) for first, games in ((0, 2), (2, 4))]
    assert duel.merged(parts) == whole


def test_unknown_bots_and_wrong_counts_are_explained():
    with pytest.raises(TutorError, match="Known kinds: random, beginner, coach, expert"):
        bots.make_bot(mt.GAME, "genius")
    with pytest.raises(TutorError, match="2 given for 3 players"):
        bots.make_bots(mt.GAME, ["coach", "random"], 3)


@pytest.mark.parametrize("game", sorted(games()))
@pytest.mark.parametrize("kind", bots.KINDS)
def test_every_bot_has_a_name_and_a_description(game, kind):
    bot = bots.make_bot(registered(game), kind)
    assert bot.name and len(bot.description) > 30
    assert messages.has(f"bot.{kind}.{game}")


def test_the_monster_trick_coach_lays_its_best_vp_card_where_its_tricks_land():
    assert mt_bot._vp_order((3, 6, 9), 1.2) == (9, 6, 3)
    assert mt_bot._vp_order((3, 6, 9), 2.0) == (3, 9, 6)
    assert mt_bot._vp_order((1, 2, 3), 3.4) == (2, 1, 3)
    assert mt_bot._vp_order((1, 2, 3), 0.1) == (3, 2, 1)


def danger13_deal(rows, packet):
    return d13_lessons.lesson_state(3, {"rows": rows, "packet": packet})


def test_the_danger13_coach_keeps_a_safe_plus_card():
    state = danger13_deal(
        {"Player 1": ["plain 2"], "Player 2": ["plain 1"], "Player 3": ["plain 1"]},
        ["two-plus 3", "plain 1", "plain 1"],
    )
    assert bots.make_bot(d13.GAME, "coach").choose(state, 0) == d13.Give(d13.parse_card("two-plus 3"), 0)


def test_the_danger13_coach_busts_the_row_with_most_to_lose_but_never_its_own():
    rows = {
        "Player 1": ["plain 4", "plain 4", "one-plus 1"],
        "Player 2": ["one-plus 4", "two-plus 5"],
        "Player 3": ["plain 1"],
    }
    state = danger13_deal(rows, ["plain 4", "plain 1", "plain 1"])
    assert bots.make_bot(d13.GAME, "coach").choose(state, 0) == d13.Give(d13.parse_card("plain 4"), 1)


def test_the_danger13_expert_weighs_its_chance_to_win_sure_at_the_end():
    banks = {"Player 1": ["two-plus 3", "two-plus 4"], "Player 2": ["one-plus 1"]}  # 4, 1 and 0 plus points
    near_end, early = (d13_lessons.lesson_state(3, {"rows": {}, "banks": banks, "pile_size": size}) for size in (5, 80))
    for state in (near_end, early):
        chances = [d13_bot._win_chance(state, seat) for seat in range(3)]
        assert chances[0] > chances[1] > chances[2] and sum(chances) == pytest.approx(1, abs=0.02)
    # more rounds to come leave more to chance
    assert d13_bot._win_chance(early, 0) < d13_bot._win_chance(near_end, 0)
    assert d13_bot._win_chance(early, 2) > d13_bot._win_chance(near_end, 2)
    over = bot_game("danger-13", 3, 7, ["coach"] * 3)
    winners = over.winners()
    assert [d13_bot._win_chance(over, seat) for seat in range(3)] == [
        1 / len(winners) if seat in winners else 0 for seat in range(3)
    ]


def named_parts(why: bots.Why) -> dict:
    """Every field of a reason and of the reasons nested in it."""
    fields = dict(why.fields)
    for outer, value in why.fields.items():
        if isinstance(value, bots.Why):
            fields |= {f"{outer} in {name}": part for name, part in named_parts(value).items()}
    return fields


def matches(state, seat, move, why) -> None:
    """The reason names the move's own card, receiver and slot, as the move's words do."""
    if why.key == "bot.why.only":
        assert seat_moves_count(state, seat) == 1
        return
    fields = named_parts(why)
    assert fields.get("player", seat) == seat or fields.get("player") == getattr(move, "seat", None)
    if why.key == "bot.why.random":
        return
    card = getattr(move, "card", None)
    if card is not None:
        assert card in (fields.get("card"), fields.get("plan in card")), (why, move)
    if isinstance(move, d13.Give):  # whose row the card reaches
        receiver = fields.get("receiver", fields.get("player", fields.get("plan in player")))
        assert receiver == move.seat or why.key.startswith("bot.why.d13.beginner."), (why, move)
    if isinstance(move, mt.Play):
        assert move.slot + 1 == fields.get("slot", fields.get("plan in slot")), (why, move)
    if isinstance(move, mt.Predict):
        assert max(move.order) == fields.get("high", fields.get("plan in high", max(move.order)))
    if isinstance(move, tw.Place):
        where = fields.get("where", fields.get("plan in where"))
        assert where is not None and tw_words.where(state.grid, move.cell) == where.told(state.seat_names)
    told = why.told(state.seat_names)
    if card is not None:
        assert str(card) in told


def seat_moves_count(state, seat) -> int:
    return len(bots.seat_moves(state, seat))


@pytest.mark.parametrize("game", sorted(games()))
def test_a_forced_move_names_the_rule_that_forces_it(game):
    rng = random.Random(f"forced:{game}")
    forced = []
    while len(forced) < 6:
        forced += [
            (state.clone(), seat)
            for state, seat in bots.decisions(registered(game), rng)
            if seat_moves_count(state, seat) == 1
        ][:2]
    for state, seat in forced:
        for kind in bots.KINDS:
            move, why = bots.make_bot(registered(game), kind).advise(state, seat)
            assert why.key != "bot.why.only" and move == bots.seat_moves(state, seat)[0]
            matches(state, seat, move, why)
            for language in messages.LANGUAGES:
                messages.set_language(language)
                assert why.fields["rule"].told(state.seat_names) in why.told(state.seat_names)
            messages.set_language(messages.DEFAULT_LANGUAGE)


@pytest.mark.parametrize("game", sorted(games()))
@pytest.mark.parametrize("kind", bots.KINDS)
def test_every_reason_names_the_move_it_explains(game, kind):
    rng = random.Random(f"reasons:{game}:{kind}")
    most = 4 if kind == "expert" else 200  # the expert searches: a few positions say enough
    keys, checked = set(), []

    def check(state, seat, move):
        if rng.random() > 0.3 or len(checked) >= most or len(bots.seat_moves(state, seat)) < 2:
            return
        checked.append(move)
        advised, why = bots.make_bot(registered(game), kind, 3).advise(state, seat)
        assert advised == bots.make_bot(registered(game), kind, 3).choose(state, seat)  # the move the bot plays
        matches(state, seat, advised, why)
        keys.update([why.key, *(part.key for part in why.fields.values() if isinstance(part, bots.Why))])
        for language in messages.LANGUAGES:
            messages.set_language(language)
            assert why.told(state.seat_names)
        messages.set_language(messages.DEFAULT_LANGUAGE)

    for players in (2, 4):
        bot_game(game, players, players + 20, ["coach", "beginner", "random", "coach"], check)
    assert len(keys) >= {"random": 1, "beginner": 2, "coach": 3, "expert": 2}[kind]  # the sentences vary
