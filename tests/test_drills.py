"""Drills: positions from seeds, easiest first, answers the engine agrees with, stars."""

from __future__ import annotations

from html import escape

import pytest
from two_languages import in_two_languages

from tutor.core import advance_chance
from tutor.drills import MOST_STARS, Run, drills, stars, tasks
from tutor.games import game as registered
from tutor.games import games
from tutor.messages import LANGUAGES, catalog, in_order, msg

DRILLED = [(game, drill.id) for game in games() for drill in drills(registered(game))]


SCORING = {"monster-trick": "mt-vp", "danger-13": "d13-bank", "thricewise": "tw-score"}


def test_every_game_has_four_drills_scoring_among_them():
    assert all(SCORING[game] in [drill.id for drill in drills(registered(game))] for game in games())
    assert {game: len(drills(registered(game))) for game in games()} == {game: 4 for game in games()}


@pytest.mark.parametrize("game, drill_id", DRILLED)
def test_a_drill_is_the_same_for_the_same_seed_and_rises(game, drill_id):
    first, again, other = (
        tasks(registered(game), drill_id, 0),
        tasks(registered(game), drill_id, 0),
        tasks(registered(game), drill_id, 1),
    )
    assert 5 <= len(first) <= 8
    assert [task.prompt for task in first] == [task.prompt for task in again]
    assert [task.prompt for task in first] != [task.prompt for task in other], "another seed, other positions"
    levels = [task.level for task in first]
    assert levels == sorted(levels) and levels[-1] > levels[0], "the positions get harder"


@pytest.mark.parametrize("game, drill_id", DRILLED)
def test_a_drill_asks_about_the_same_positions_whatever_the_language(game, drill_id):
    """A class whose learners read different languages does the same drill: the positions
    and answers never depend on the words a card or a move is shown with."""
    first, last = in_two_languages(
        lambda: [
            (repr(task.position.move_stack), task.about, task.solution) for task in tasks(registered(game), drill_id, 0)
        ]
    )
    assert first == last


@pytest.mark.parametrize("game, drill_id", DRILLED)
def test_the_expected_answers_are_the_engines(game, drill_id):
    for task in tasks(registered(game), drill_id, 2):
        position = task.position
        assert not position.is_terminal()
        if task.on_board:
            assert position.why_not(task.move) is None, "the answer is a move the engine allows"
            assert task.answer(task.move)[0] is True
            for move in position.legal_moves():  # every other move: right, or a mistake the engine explains
                right, text = task.answer(move)
                assert right in (True, False, None) and text
        else:
            assert len(task.choices) >= 2 and len(set(task.choices)) == len(task.choices)
            assert task.answer(task.correct)[0] is True
            wrong = next(index for index in range(len(task.choices)) if index != task.correct)
            right, text = task.answer(wrong)
            assert right is False and task.choices[task.correct] in text


def test_follow_colour_accepts_exactly_the_slots_the_engine_allows():
    from tutor.games import monster_trick as mt

    for task in tasks(mt.GAME, "mt-follow", 3):
        card = task.move.card
        right = {slot for slot in range(mt.SLOTS) if task.answer(mt.Play(card, slot))[0]}
        assert right == set(task.position.slots_for(card))
        assert len(right) == mt.SLOTS - task.level, "the level counts the slots refused"
        refused = next(slot for slot in range(mt.SLOTS) if slot not in right)
        assert task.answer(mt.Play(card, refused))[1].startswith(str(task.position.why_not(mt.Play(card, refused))))


def test_who_plays_after_a_trick_is_the_engines_next_player():
    from tutor.games import monster_trick as mt

    for task in tasks(mt.GAME, "mt-next", 3):
        after = task.position.clone()
        after.push(task.about)
        assert task.choices[task.correct] == task.position.name(after.to_move)
        assert after.to_move == (task.seat + 1) % task.position.players


def _to_go(state, give):
    """How far below its line the give leaves the row, by the engine; None if it busts."""
    after = advance_chance(state.clone())
    after.push(give)
    busted = len(after.busts) > len(state.busts)
    return None if busted else state.limit(give.seat) - state.row_sum(give.seat) - give.card.value


def test_the_card_goes_nearest_the_line_without_busting():
    from tutor.games import danger13 as d13

    found = tasks(d13.GAME, "d13-bust", 0)
    for task in found:
        state = task.position

        gives = [move for move in state.legal_moves() if isinstance(move, d13.Give)]
        safe = [_to_go(state, give) for give in gives if _to_go(state, give) is not None]
        assert _to_go(state, task.move) == min(safe), (
            "the expected give is safe and nearest its line, as the engine says"
        )
        busting = [give for give in gives if _to_go(state, give) is None]
        assert task.level == min(len(busting), 2) + 1, "the level counts the rows the card busts"
        if busting:  # a busting give is a mistake that names the line
            right, text = task.answer(busting[0])
            assert right is False and str(state.limit(busting[0].seat)) in text


def test_a_hand_card_refuses_only_what_would_bust():
    from tutor.games import danger13 as d13

    for task in tasks(d13.GAME, "d13-hand", 0):
        accepted = task.position.clone()
        accepted.push(d13.Choice(task.position.pending, d13.ACCEPT))
        busts = len(accepted.busts) > len(task.position.busts)
        assert task.move.answer == (d13.REFUSE if busts else d13.ACCEPT)
        other = d13.Choice(task.move.card, d13.ACCEPT if busts else d13.REFUSE)
        # taking a card that busts misses the rule; refusing a safe one is allowed, only weaker:
        # a strategy remark that costs nothing, and the task waits for the card to be taken
        assert task.answer(other)[0] is (False if busts else None)


def test_refusing_a_safe_card_costs_no_star():
    from tutor.games import danger13 as d13

    run = Run(registered("danger-13"), "d13-hand", 0)
    while not run.finished:
        task = run.task
        if task.move.answer == d13.ACCEPT:
            right, text = run.answer(d13.Choice(task.move.card, d13.REFUSE))
            assert right is None and str(task.move.card) in text
        run.answer(task.solution)
    assert run.mistakes == 0 and run.stars == 3


def test_the_placing_order_is_the_engines():
    from tutor.games import thricewise as tw

    for task in tasks(tw.GAME, "tw-order", 0):
        after = task.position.clone()
        after.push(task.about)
        assert task.choices[task.correct] == in_order([after.name(seat) for seat in after.order])
        assert (task.level == 3) == bool(after.tied), "the hardest positions have a tie"


def test_a_place_beyond_the_bound_is_a_mistake_the_engine_names():
    from tutor.games import thricewise as tw
    from tutor.games.thricewise.rules import NEIGHBOURS, Cell

    hard = [task for task in tasks(tw.GAME, "tw-where", 0) if task.level > 1]
    assert hard
    for task in hard:
        state, card = task.position, task.move.card
        near = {Cell(col + dc, row + dr) for col, row in state.grid for dc, dr in NEIGHBOURS} - set(state.grid)
        beyond = [cell for cell in near if state.why_not(tw.Place(card, cell)) is not None]
        assert beyond and task.conceals == ("bounds",), "the board does not cross the refused places out"
        assert (
            task.answer(tw.Place(card, beyond[0]))[0] is False
            and state.why_not(tw.Place(card, beyond[0])).rule == "tw.bounds"
        )


def test_the_trick_winner_is_the_engines_and_neither_the_opener_nor_the_biggest_card_always():
    from tutor.games import monster_trick as mt

    found = tasks(mt.GAME, "mt-trick", 0)
    for task in found:
        after = task.position.clone()
        after.push(task.about)
        trick = after.completed[-1]
        assert task.choices[task.correct] == task.position.name(trick.winner) and task.conceals == ("claims",)
        biggest = max(card.value for _, card in trick.cards)
        has_biggest = trick.winner in {player for player, card in trick.cards if card.value == biggest}
        opened = trick.winner == trick.cards[0][0]
        assert (has_biggest, opened) == {1: (True, False), 2: (False, True), 3: (False, False)}[task.level]
    assert [task.level for task in found] == [1, 1, 2, 2, 3, 3, 3]


def test_the_vp_card_that_counts_is_the_engines():
    from tutor.games import monster_trick as mt

    found = tasks(mt.GAME, "mt-vp", 0)
    for task in found:
        state = task.position
        seat = state.seat_names.index(task.marks[0])
        assert task.correct == state.active_vp_position(seat) and 4 <= state.won[seat] <= 6
        assert (task.level == 2) == (seat in state.claim) or task.level == 3, "level 2: a marker on an open trick"
        if task.level == 3:  # the round's last card: the card that counts is what the engine scores
            after = state.clone()
            after.push(task.about)
            assert after.round_scores[-1][seat] == state.vp_order[seat][task.correct]
    assert {task.level for task in found} == {1, 2, 3}


def test_what_a_player_banks_is_the_engines():
    from tutor.games import danger13 as d13

    for task in tasks(d13.GAME, "d13-bank", 0):
        state = task.position
        seat = state.seat_names.index(task.marks[0])
        after = state.clone()
        after.push(task.about)
        assert after.busts[-1] == task.about.seat, "the give ends the round with a bust"
        assert int(task.choices[task.correct]) == after.plus_points(seat) - state.plus_points(seat)
        assert [int(choice) for choice in task.choices] == sorted(int(choice) for choice in task.choices)
        if task.level == 3:
            assert state.row_sum(seat) >= d13.LIMIT and state.limit(seat) == d13.RAISED_LIMIT


def test_what_an_arrow_leaves_is_the_engines_and_the_last_card_goes():
    from tutor.games import danger13 as d13

    found = tasks(d13.GAME, "d13-arrow", 0)
    for task in found:
        state, move = task.position, task.about
        after = state.clone()
        after.push(move)
        row = state.rows[move.seat]
        assert (
            int(task.choices[task.correct])
            == after.row_sum(move.seat)
            == state.row_sum(move.seat) - (row[-1].value if row and row[-1].kind in d13.VALUED else 0)
        )
        assert (task.level == 2) == (not row or row[-1].kind not in d13.VALUED)
    assert [task.level for task in found] == [1, 1, 2, 3, 3, 3]


def test_what_a_line_of_three_makes_is_the_engines():
    from tutor.games import thricewise as tw

    found = tasks(tw.GAME, "tw-kind", 0)
    for task in found:
        after = task.position.clone()
        after.push(task.about)
        kinds = sorted({triad.kind for triad in after.triads[len(task.position.triads) :]})
        expected = {(): 4, ("flush",): 0, ("set",): 1, ("run",): 2, ("flush", "run"): 3}[tuple(kinds)]
        assert task.correct == expected and len(task.choices) == 5
        assert task.level == {0: 1, 4: 1, 1: 2, 2: 2, 3: 3}[task.correct]
    assert [task.level for task in found] == [1, 1, 2, 2, 3]


def test_what_a_placed_card_scores_is_the_engines():
    from tutor.games import thricewise as tw

    found = tasks(tw.GAME, "tw-score", 0)
    for task in found:
        after = task.position.clone()
        after.push(task.about)
        made = after.triads[len(task.position.triads) :]
        assert int(task.choices[task.correct]) == sum(triad.points for triad in made)
        assert "1" not in task.choices, "no placement scores 1"
        assert str(task.about.cell) in task.marks
    assert {task.level for task in found} == {1, 2, 3}


@pytest.mark.parametrize("mistakes, earned", [(0, 3), (1, 2), (2, 1), (7, 1)])
def test_stars(mistakes, earned):
    assert stars(mistakes) == earned <= MOST_STARS
    assert stars(mistakes, hinted=True) == min(earned, MOST_STARS - 1), "a hint: two stars at most"


@pytest.mark.parametrize("game, drill_id", DRILLED)
def test_every_position_has_a_hint_naming_a_rule_not_the_answer(game, drill_id):
    for task in tasks(registered(game), drill_id, 0):
        assert task.hint and task.hint != task.prompt
        if not task.on_board:
            assert task.choices[task.correct] not in task.hint, "the hint does not give the answer"


def test_a_hint_is_no_mistake_but_keeps_the_stars_at_two():
    run = Run(registered("monster-trick"), "mt-next", 0)
    assert run.hint() == run.task.hint and run.mistakes == 0 and run.number == 0
    while not run.finished:
        run.answer(run.task.solution)
    assert run.stars == MOST_STARS - 1 and run.hint() == ""
    again = Run(registered("monster-trick"), "mt-next", 0)
    again.hint()
    assert again.relabelled().hinted == {0}, "a language change keeps the hint taken"


def test_a_run_counts_mistakes_and_moves_on_only_when_right():
    run = Run(registered("monster-trick"), "mt-next", 0)
    task = run.task
    wrong = next(index for index in range(len(task.choices)) if index != task.correct)
    assert run.answer(wrong)[0] is False and run.task is task and run.mistakes == 1
    assert run.answer(wrong)[0] is False and run.mistakes == 2
    while not run.finished:
        assert run.answer(run.task.solution)[0] is True
    assert run.stars == 1 and run.number == len(run.tasks)


def test_a_run_without_a_mistake_earns_three_stars_and_a_move_off_the_task_is_none():
    from tutor.games import monster_trick as mt

    run = Run(mt.GAME, "mt-follow", 0)
    task = run.task
    other = next((card for card in task.position.hands[task.seat] if card != task.move.card), None)
    if other is not None:
        assert run.answer(mt.Play(other, 0))[0] is None and run.mistakes == 0 and run.task is task
    while not run.finished:
        run.answer(run.task.solution)
    assert run.stars == 3


def test_a_relabelled_run_keeps_its_place_in_another_language():
    from tutor.messages import set_language

    run = Run(registered("danger-13"), "d13-hand", 0)
    run.answer(run.task.solution)
    while run.task.solution.answer != "refuse":  # a task where the other answer, taking the card, is a mistake
        run.answer(run.task.solution)
    run.answer(next(move for move in run.task.position.legal_moves() if move != run.task.solution))
    set_language("fr")
    again = run.relabelled()
    assert (again.number, again.mistakes) == (run.number, 1) and run.number >= 1
    assert again.task.prompt != run.task.prompt and again.task.solution == run.task.solution


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_drill_has_a_title_and_goal(lang):
    for _, drill_id in DRILLED:
        assert catalog(lang)[f"drill.{drill_id}.title"] and catalog(lang)[f"drill.{drill_id}.goal"]


@pytest.mark.parametrize("game", games())
def test_the_drill_page_plays_a_drill_to_its_stars(game):
    from widgets.drill import DrillBody

    body = DrillBody(registered(game))
    first = drills(registered(game))[0]
    mistakes = 0
    while not body.run.finished:
        task = body.run.task
        if task.on_board:
            assert body.board.state is task.position and not body.board.hints, "the position, nothing lit"
            if mistakes == 0:
                wrong = next((move for move in task.position.legal_moves() if task.answer(move)[0] is False), None)
                if wrong is not None:
                    body.board.move_callbacks(wrong)
                    mistakes += 1
                    assert "tutor-wrong" in body.said.value and body.run.task is task
            body.board.move_callbacks(task.solution)
        else:
            assert [button.description for button in body.choices.children] == list(task.choices)
            if mistakes == 0:
                wrong = next(index for index in range(len(task.choices)) if index != task.correct)
                body.choices.children[wrong].click()
                mistakes += 1
                assert body.choices.children[wrong].disabled and "tutor-wrong" in body.said.value
            body.choices.children[task.correct].click()
        assert "tutor-right" in body.said.value
        # the right answer stays on show, the move drawn, until Next
        assert body.held and body.onward.description == msg("widgets.stepper.next")
        if task.on_board:
            assert body.board.state.snapshot() != task.position.snapshot() and not body.board.accepting
            marked = [part for part in body.board.parts if "lesson-mark" in getattr(part, "html", "")]
            assert marked or not body.board.move_marks(task.solution), "the part the move changed, marked"
        else:
            assert body.choices.children[task.correct].description.startswith("\u2713")
        body.onward.click()
    assert body.list.stars == {first.id: stars(mistakes)}
    assert "\u2605" * stars(mistakes) in body.prompt.value and body.after.layout.display is None
    assert f'data-target="drill:{first.id}"' in body.list.html
    body.onward.click()
    assert body.run.drill_id == drills(registered(game))[1].id and body.run.number == 0


def test_stars_kept_in_the_browser_are_shown_and_never_lowered():
    from widgets.drill import DrillBody

    body = DrillBody(registered("monster-trick"))
    body.list.stars = {"mt-follow": 3}  # as static/parts/kept.js gives them back when the page opens
    assert "3 stars of 3" in body.list.html and "not done yet" in body.list.html
    body.list.earn("mt-follow", 1)
    assert body.list.stars == {"mt-follow": 3}
    body.list.click("drill:mt-next")
    assert body.run.drill_id == "mt-next"
    body.list.click("drill:nothing")
    assert body.run.drill_id == "mt-next"


def test_the_hint_button_shows_the_hint_and_the_end_says_why_two_stars():
    from widgets.drill import DrillBody

    body = DrillBody(registered("thricewise"))
    task = body.run.task
    assert body.hint.layout.display is None and not body.nudge.value
    body.hint.click()
    assert escape(task.hint) in body.nudge.value and body.hint.disabled and body.run.mistakes == 0
    body.answer(task.solution)
    assert body.hint.layout.display == "none" and not body.nudge.value, "no hint while the answer is on show"
    body.onward.click()
    assert not body.nudge.value and not body.hint.disabled, "the next position starts without a hint"
    while not body.run.finished:
        body.answer(body.run.task.solution)
        body.onward.click()
    assert "\u2605" * 2 in body.prompt.value and escape(msg("app.drill.hinted")) in body.prompt.value
    assert body.list.stars == {body.run.drill_id: 2} and body.hint.layout.display == "none"


def test_the_language_chooser_keeps_the_drill_and_its_place():
    from tutor.messages import msg, set_language
    from widgets.app import drill_page

    page = drill_page("danger-13")
    body = page.children[-1]
    body.answer(body.run.task.solution)
    body.onward.click()
    page.speak("fr")
    assert page.children[-1] is body and body.run.number == 1
    assert msg("app.drill.count", number=2, total=len(body.run.tasks)) in body.counter.value
    assert escape(body.run.task.prompt) in body.prompt.value and "Exercices" in body.list.html
    set_language("en")


def test_a_bust_drill_turns_up_a_bigger_card_only_as_another_shuffle_could_deal_it():
    from collections import Counter

    from tutor.games.danger13 import drills as d13_drills

    swapped = [
        task for seed in range(6) for task in tasks(registered("danger-13"), "d13-bust", seed) if task.level == 3
    ]
    assert swapped, "level 3 is found"
    for task in swapped:
        state = task.position
        reveal = state.move_stack[-1]
        assert reveal.card == state.revealed, "the record says the card on the table was turned up"
        before = state.clone()
        before.pop()  # undone as the engine undoes it: the card goes back on top of the dealer's packet
        assert before.packet[-1] == state.revealed
        assert Counter(before.pile + before.packet) == Counter(state.pile + state.packet + (state.revealed,))
        assert d13_drills._bust_level(state) == 3
