"""A guided game's tips as a queue: every tip whose moment has come is said the first time it
matters, on that very step (several together when their moments come together), never dropped,
never late. Each guided game is played 200 seeded ways (the engine only, no page)."""

import random

import pytest

import tutor.lessons
from tutor.bots import make_bots, seat_moves
from tutor.core import SIMULTANEOUS
from tutor.games import games
from tutor.lessons import Moment, bundled_lessons, load_lesson

WAYS = 200
GUIDED = {game: next(path for path in bundled_lessons(game) if load_lesson(path).guided) for game in games()}


def shown(lesson, line):
    """Every position the learner is shown, in order: (step index, what happened on the way
    there, the tips said there); a play-on step shows one after each of the learner's moves."""
    for index in range(len(lesson.steps)):
        plays = line.plays.get(index)
        if plays:
            yield from ((index, decision.moment, decision.firsts) for decision in plays)
        else:
            yield index, line.moments[index], line.firsts[index]


def single_moves(moment):
    """The way to a position one move at a time (deals and draws too), replayed here."""
    probe = moment.before.clone()
    for move in moment.after.move_stack[len(moment.before.move_stack) :]:
        before = probe.clone()
        mover = move.seat if probe.to_move == SIMULTANEOUS else probe.to_move
        probe.push(move)
        yield Moment(before, probe.clone(), [(mover, move, before)], moment.learner)


def came(lesson, when, moment) -> bool:
    """The moment ``when`` came on the way to a position: over the whole way, or (for a moment
    that is not about the position shown) at any one move of it."""
    happened = lesson.entry_moments[when]
    if happened(moment):
        return True
    shown_only = getattr(lesson.entry.part("lessons"), "SHOWN_MOMENTS", ())
    return when not in shown_only and any(happened(single) for single in single_moves(moment))


def seeded_ways(lesson, ways: int):
    """``ways`` ways through the lesson: the learner's moves at random from a seed, and the
    others' too for Thricewise (whose coach is slow; its ways are in the checker's list)."""
    for way in range(ways):
        rng = random.Random(f"tips:{way}")
        yield way, lesson.line(lambda _index, state, rng=rng: rng.choice(seat_moves(state, lesson.learner)))


@pytest.fixture
def quick_others(monkeypatch):
    """The others play at random, each way from its own seed."""
    counter = iter(range(10**6))

    def random_bots(game, kinds, players, seed=0):
        return make_bots(game, ["random"] * players, players, seed=f"{seed}:{next(counter)}")

    monkeypatch.setattr(tutor.lessons, "make_bots", random_bots)


def ways_for(game, request):
    lesson = load_lesson(GUIDED[game])
    if game == "thricewise":
        request.getfixturevalue("quick_others")
    return lesson, seeded_ways(lesson, WAYS)


@pytest.mark.parametrize("game", sorted(GUIDED))
def test_every_moment_has_its_tip_on_the_step_it_comes(game, request):
    lesson, ways = ways_for(game, request)
    for way, line in ways:
        said: dict[str, int] = {}
        for position, (index, moment, firsts) in enumerate(shown(lesson, line)):
            order = [first.when for first in lesson.firsts]
            assert sorted(firsts, key=lambda first: order.index(first.when)) == firsts, "tips in the file's order"
            for first in firsts:
                assert first.when not in said, f"way {way}: the {first.when} tip said twice"
                said[first.when] = position
            for first in lesson.firsts:
                if came(lesson, first.when, moment):
                    assert said.get(first.when, position + 1) <= position, (
                        f"way {way}, step {index + 1}: the {first.when} moment came, its tip was not said"
                    )


def test_several_tips_come_together_on_one_step():
    lesson = load_lesson(GUIDED["monster-trick"])
    together = 0
    for _way, line in seeded_ways(lesson, 40):
        together += sum(len(firsts) > 1 for firsts in line.firsts)
    assert together > 0  # the table fills as a trick is won, or the off-colour rule comes with a full table


def test_no_danger_13_row_stands_at_13_or_more_before_the_13_to_18_tip():
    lesson = load_lesson(GUIDED["danger-13"])
    for way, line in seeded_ways(lesson, WAYS):
        told = False
        for index, moment, firsts in shown(lesson, line):
            told = told or any(first.when == "raise" for first in firsts)
            state = moment.after
            high = [seat for seat in range(state.players) if state.rows[seat] and state.row_sum(seat) >= 13]
            assert told or not high, f"way {way}, step {index + 1}: a row at 13 or more, never explained"


def test_the_take_or_refuse_prompt_counts_a_draw_cards_extra_card():
    lesson = load_lesson(GUIDED["danger-13"])
    facts = lesson.entry.part("lessons").FACTS
    asked = 0
    for _way, line in seeded_ways(lesson, WAYS):
        for _index, moment, _firsts in shown(lesson, line):
            state = moment.after
            if state.phase == "decide" and state.to_move == lesson.learner and state.pending.kind == "draw":
                total = state.row_sum(lesson.learner) + state.pending.value
                said = facts["your_move"](moment)
                assert f"make {total}" in said and ("then you draw" in said) == (total < state.limit(lesson.learner))
                asked += 1
    assert asked > 0


def placing_turns(line) -> set[int]:
    """The turns of the whole game in which set-aside cards may go down: all but the last."""
    probe, turns = line.states[0].clone(), set()
    for move in line.states[-1].move_stack[len(probe.move_stack) :]:
        if probe.phase == "pick" and not probe.last_turn:
            turns.add(probe.turn)
        probe.push(move)
    return turns


def test_thricewise_tie_tip_and_closing_text_are_true_to_the_position(quick_others):
    lesson = load_lesson(GUIDED["thricewise"])
    ties, last, shared = 0, 0, 0
    for way, line in seeded_ways(lesson, WAYS):
        placing = placing_turns(line)
        for index, moment, firsts in shown(lesson, line):
            for first in firsts:
                if first.when != "tie":
                    continue
                said = lesson.text(first.say, moment)
                probe, tied = moment.before.clone(), None
                for move in moment.after.move_stack[len(moment.before.move_stack) :]:
                    aside, turn = probe.deferred, probe.turn
                    probe.push(move)
                    if any(len(now) > len(then) for then, now in zip(aside, probe.deferred)):  # cards went aside
                        tied = (list(probe.tied), not any(later > turn for later in placing))
                assert tied is not None, f"way {way}, step {index + 1}: a tie tip without a tie"
                seats, never = tied
                names = ["you" if seat == lesson.learner else probe.name(seat) for seat in seats]
                assert all(name in said for name in names) and "both" not in said
                assert lesson.learner in seats or "you" not in said
                assert ("for good" in said) == never and ("later turn" in said) != never
                ties, last = ties + 1, last + never
        end = lesson.text(lesson.steps[-1].say, line.moments[-1])
        winners = line.states[-1].winners()
        if len(winners) > 1:
            shared += 1
            shares = (
                "You have the most points, level with"
                if lesson.learner in winners
                else "have the most points and share"
            )
            assert shares in end and "Note:" in end, end
        elif winners == [lesson.learner]:
            assert end.endswith("You have the most points: you win!"), end
        else:
            assert end.endswith("has the most points and wins."), end
    assert ties and last and shared  # each case met on the way
