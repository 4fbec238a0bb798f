"""The shared components and the lesson stepper, driven from Python as the browser would
(``click(name)`` is what a click or Enter/Space sends), asserting what the models hold."""

import re
from html import escape

import pytest
from lesson_tries import walk
from one_file import one_file

import widgets
from tutor.games import game as registered
from tutor.games import games
from tutor.games import monster_trick as mt
from tutor.games.monster_trick import Card, Play, Predict
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import LANGUAGES, msg
from tutor.svg.hand import card_name
from widgets.boards import monster_trick as monster_trick_widgets
from widgets.component import Component

WHERE_MAY = next(path for path in bundled_lessons("monster-trick") if "where-may-a-card-go" in path.name)


def targets(component) -> list[str]:
    return re.findall(r'data-target="([^"]+)"', component.html)


def where_may_state():
    """Blue to move; slots 1 and 2 green, slot 3 yellow, slot 4 free."""
    return load_lesson(WHERE_MAY).states()[0]


def card_index(hand, card) -> int:
    return hand.cards.index(card)


# ----------------------------------------------------------------- hand
def test_hand_shows_the_movers_cards_and_the_engine_decides_what_is_playable():
    state = where_may_state()
    hand = widgets.Hand(state)
    assert hand.cards == list(state.hands[state.to_move])
    assert set(hand.playable) == set(state.legal_moves_by_card())
    other = (state.to_move + 1) % state.players
    waiting = widgets.Hand(state, seat=other)
    assert waiting.cards == list(state.hands[other]) and waiting.playable == []


def test_clicking_a_card_selects_it_and_clicking_again_lets_go():
    hand = widgets.Hand(where_may_state())
    heard = []
    hand.on_select(heard.append)
    hand.click("card:2")
    assert hand.selected == hand.cards[2]
    assert 'aria-pressed="true"' in hand.html
    hand._receive(hand, {"click": "card:2"}, [])  # the message the browser sends
    assert hand.selected is None
    assert heard == [hand.cards[2], None]


def test_a_new_state_clears_the_selection():
    state = where_may_state()
    hand = widgets.Hand(state)
    hand.click("card:0")
    hand.state = state.clone()
    assert hand.selected is None


# ----------------------------------------------------------------- table
@pytest.mark.parametrize("card", ["green 5", "yellow 9", "purple 3", "blue 11"])
def test_the_table_lights_exactly_the_slots_the_engine_allows(card):
    state = where_may_state()
    table = monster_trick_widgets.MonsterTrickTable(state)
    assert table.lit == []
    table.selected = mt.parse_card(card)
    assert table.lit == state.slots_for(mt.parse_card(card))
    for slot in range(4):
        label = re.search(rf'data-target="slot:{slot}"[^>]*aria-label="([^"]*)"', table.html).group(1)
        assert ("may go here" in label) == (slot in table.lit)


def test_the_table_draws_every_trick_card_and_the_claims():
    state = where_may_state()
    table = monster_trick_widgets.MonsterTrickTable(state)
    for trick in state.tricks:
        for _seat, card in trick:
            assert f"<title>{card}</title>" in table.html
    claimed = [state.name(seat) for seat in state.claim if seat is not None]
    for name in claimed:
        assert f"{name} holds the claim." in table.html


def test_slot_clicks_reach_the_listener():
    table = monster_trick_widgets.MonsterTrickTable(where_may_state())
    heard = []
    table.on_slot(heard.append)
    table.click("slot:3")
    table.click("slot:9")  # not a slot: ignored
    assert heard == [3]


# ----------------------------------------------------------------- board
def test_a_card_then_a_slot_makes_a_move_and_the_board_lights_the_cards_slots():
    state = where_may_state()
    board = monster_trick_widgets.MonsterTrickBoard(state)
    moves = []
    board.on_move(moves.append)
    board.hand.click(f"card:{card_index(board.hand, Card('purple', 3))}")
    assert board.table.lit == [3]
    board.table.click("slot:0")  # refused by the engine, but the board still forwards it
    assert moves == [Play(Card("purple", 3), 0)]


def test_a_slot_without_a_card_asks_for_a_card_first():
    board = monster_trick_widgets.MonsterTrickBoard(where_may_state())
    moves, said = [], []
    board.on_move(moves.append)
    board.on_message(said.append)
    board.table.click("slot:1")
    assert moves == [] and said == ["First choose a card from your hand, then the slot for it."]


def test_lesson_highlights_reach_slots_cards_and_players():
    board = monster_trick_widgets.MonsterTrickBoard(where_may_state())
    board.set_highlight(["slot 4", "green 8", "blue 11", "Gray", "no such thing"])
    assert board.table.highlight == [3, Card("green", 8), Card("blue", 11)]
    assert board.hand.highlight == [Card("green", 8), Card("blue", 11)]
    assert board.players.highlight == [2]


def test_the_prediction_is_laid_by_three_clicks_and_the_engine_accepts_it():
    state = mt.new_game(3, seed=4)
    state.push(state.chance_move())
    board = monster_trick_widgets.MonsterTrickBoard(state)
    assert board.prediction.layout.display is None
    moves = []
    board.on_move(moves.append)
    for value in (2, 3, 1):
        board.prediction.click(f"vp:{value}")
    assert moves == [Predict((2, 3, 1))]
    assert state.why_not(moves[0]) is None
    board.prediction.click("vp:3")
    board.prediction.click("clear")
    assert board.prediction.order == []
    state.push(moves[0])
    board.state = state
    assert board.prediction.order == []


def test_the_prediction_is_hidden_once_cards_are_played():
    board = monster_trick_widgets.MonsterTrickBoard(where_may_state())
    assert board.prediction.layout.display == "none" and board.prediction.html == ""


def test_players_show_only_what_the_viewer_may_see():
    state = where_may_state()
    viewer, other = state.to_move, (state.to_move + 1) % state.players
    state.vp_order = tuple((3, 1, 2) if seat == other else order for seat, order in enumerate(state.vp_order))
    panel = monster_trick_widgets.MonsterTrickPlayers(state, seat=viewer)
    assert f"your VP cards from left to right: {', '.join(map(str, state.vp_order[viewer]))}" in panel.html
    assert "3 1 2" not in panel.html


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_component_works_at_every_player_count(players):
    state = mt.new_game(players, seed=players)
    state.push(state.chance_move())
    for _ in range(players):
        state.push(state.legal_moves()[0])
    board = monster_trick_widgets.MonsterTrickBoard(state)
    assert board.hand.cards == list(state.hands[state.to_move]) and len(board.hand.cards) == 12
    assert len(re.findall(r"<title>[^<]*Tricks: 0", board.players.html)) == players
    sheet = widgets.ScoreSheet(state)
    assert sheet.html.count('scope="row"') == players


def test_scale_reaches_every_part():
    board = monster_trick_widgets.MonsterTrickBoard(where_may_state(), scale=1.5)
    assert {part.scale for part in board.parts} == {1.5}
    board.scale = 2
    assert {part.scale for part in board.parts} == {2}


def test_every_drawn_target_can_be_reached_by_keyboard():
    """SVG targets carry tabindex, role and a spoken label; HTML ones are buttons or summaries."""
    board = monster_trick_widgets.MonsterTrickBoard(where_may_state())
    board.hand.click("card:0")
    stepper = widgets.LessonStepper(WHERE_MAY)
    for component in [*board.parts, stepper.panel, widgets.RulesReference(registered("monster-trick"))]:
        for match in re.finditer(r"<(\w+)([^>]*data-target=[^>]*)>", component.html):
            tag, attributes = match.groups()
            if tag == "g":
                assert 'tabindex="0"' in attributes and 'role="button"' in attributes
                assert re.search(r'aria-label="[^"]+"', attributes)
            else:
                assert tag in ("button", "summary")


# ----------------------------------------------------------------- score sheet and rules
def test_the_score_sheet_holds_the_engines_totals_and_stars_the_winners():
    import random

    state = mt.new_game(2, seed=8)
    rng = random.Random(8)
    while not state.is_terminal():
        state.push(state.random_move(rng))
    sheet = widgets.ScoreSheet(state)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", sheet.html)[1:]
    for seat, row in enumerate(rows):
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        won = [msg("widgets.mt.tricks", won=tricks[seat]) for tricks in state.round_tricks]  # each round's tricks
        assert cells == [*(f"{r[seat]} ({w})" for r, w in zip(state.round_scores, won)), str(state.totals()[seat])]
        assert ('aria-label="winner"' in row) == (seat in state.winners())


def test_the_rules_reference_opens_a_rule_with_its_catalog_text():
    reference = widgets.RulesReference(registered("monster-trick"))
    follow = next(rule for rule in mt.RULES if rule.id == "mt.follow")
    assert reference.html.count("<details") == len(mt.RULES)
    reference.click("rule:mt.follow")
    assert reference.opened == ["mt.follow"]
    assert re.search(r'<details open="open"><summary[^>]*>.*?' + re.escape(follow.title), reference.html)
    assert follow.text in reference.html
    reference.click("rule:mt.follow")
    assert reference.opened == []


# ----------------------------------------------------------------- stepper
def test_back_next_restart_and_the_step_counter():
    stepper = widgets.LessonStepper(WHERE_MAY)
    total = len(stepper.lesson.steps)
    assert stepper.step == 0 and f"Step 1 of {total}" in stepper.panel.html
    assert re.search(r'data-target="back" disabled', stepper.panel.html)
    stepper.click("next")
    assert stepper.step == 1 and f"Step 2 of {total}" in stepper.panel.html
    stepper.click("back")
    assert stepper.step == 0
    stepper.click("next")
    stepper.click("restart")
    assert stepper.step == 0
    stepper.back()
    assert stepper.step == 0


def test_each_step_shows_its_position_annotation_and_highlights():
    lesson = load_lesson(WHERE_MAY)
    stepper = widgets.LessonStepper(lesson)
    for number, (step, state) in enumerate(zip(lesson.steps, lesson.states())):
        assert stepper.step == number
        assert stepper.board.state.snapshot() == state.snapshot()
        assert step.say.replace("'", "&#x27;") in stepper.panel.html
        slots = [int(item.split()[1]) - 1 for item in step.highlight if item.startswith("slot")]
        assert [item for item in stepper.board.table.highlight if isinstance(item, int)] == slots
        if step.try_ is None:
            stepper.next()
        else:
            break


OPEN_SLOT_4 = Play(Card("purple", 3), 3)


def go_to_try(stepper):
    """Show the try-it step that asks for the purple 3 opening slot 4."""
    stepper.go(
        next(index for index, step in enumerate(stepper.lesson.steps) if step.try_ and OPEN_SLOT_4 in step.try_.accept)
    )


def test_a_try_step_waits_for_the_learner_and_hides_the_legal_slots():
    stepper = widgets.LessonStepper(WHERE_MAY)
    go_to_try(stepper)
    shown = stepper.step
    assert stepper.current.try_.prompt in stepper.panel.html
    stepper.next()
    assert stepper.step == shown and stepper.waiting
    assert re.search(r'data-target="next" class="tutor-primary" disabled', stepper.panel.html)
    stepper.board.hand.click(f"card:{card_index(stepper.board.hand, Card('purple', 3))}")
    assert stepper.board.table.lit == []


def test_a_wrong_try_is_answered_with_the_engines_reason_and_its_rule():
    stepper = widgets.LessonStepper(WHERE_MAY)
    go_to_try(stepper)
    state = stepper.board.state
    hand = stepper.board.hand
    hand.click(f"card:{card_index(hand, Card('purple', 3))}")
    stepper.board.table.click("slot:0")
    reason = state.why_not(Play(Card("purple", 3), 0))
    assert stepper.verdict == "wrong" and stepper.message == str(reason) and not stepper.solved
    assert f'data-target="rule:{reason.rule}"' in stepper.panel.html
    assert stepper.board.state.snapshot() == state.snapshot() and hand.selected is None
    stepper.click(f"rule:{reason.rule}")
    rule = next(rule for rule in mt.RULES if rule.id == reason.rule)
    assert rule.title in stepper.panel.html and rule.text in stepper.panel.html


def test_a_right_try_is_praised_shown_and_lets_the_lesson_go_on():
    stepper = widgets.LessonStepper(WHERE_MAY)
    go_to_try(stepper)
    shown = stepper.step
    hand = stepper.board.hand
    hand.click(f"card:{card_index(hand, Card('purple', 3))}")
    stepper.board.table.click("slot:3")
    assert stepper.verdict == "right" and stepper.message == "Well done." and stepper.solved
    assert stepper.board.state.tricks[3] and stepper.board.state.tricks[3][-1][1] == Card("purple", 3)
    stepper.next()
    assert stepper.step == shown + 1 and stepper.message == ""


def test_outside_try_steps_a_move_is_explained_but_not_played():
    stepper = widgets.LessonStepper(WHERE_MAY)
    state = stepper.board.state
    hand = stepper.board.hand
    hand.click(f"card:{card_index(hand, Card('green', 5))}")
    stepper.board.table.click("slot:2")
    assert stepper.message == str(state.why_not(Play(Card("green", 5), 2)))
    hand.click(f"card:{card_index(hand, Card('green', 5))}")
    stepper.board.table.click("slot:0")
    assert stepper.verdict == "right" and stepper.message == "That move is allowed here."
    assert stepper.board.state.snapshot() == state.snapshot()


def test_stepper_scale_reaches_board_and_panel():
    stepper = widgets.LessonStepper(WHERE_MAY, scale=1.75)
    assert stepper.panel.scale == 1.75 and {part.scale for part in stepper.board.parts} == {1.75}


BROKEN = {
    "bad card": "game: monster-trick\ntitle: x\nsteps:\n  - move: 'green 99 -> 1'\n",
    "bad yaml": "game: monster-trick\ntitle: [x\n",
    "no steps": "game: monster-trick\ntitle: x\nsteps: []\n",
    "unknown game": "game: chess\ntitle: x\nsteps:\n  - say: hi\n",
    "odd position": "game: monster-trick\ntitle: x\nposition: {tricks: 5}\nsteps:\n  - say: hi\n",
}


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_lesson_shows_a_sentence_never_a_traceback(text):
    stepper = widgets.LessonStepper("teacher.yaml", text=text)
    assert stepper.error and stepper.board is None
    assert "Traceback" not in stepper.panel.html and 'role="alert"' in stepper.panel.html
    assert "teacher.yaml" in stepper.error
    stepper.next()  # nothing to step through, and nothing breaks
    assert stepper.step == 0


def test_the_loaders_sentence_is_what_the_teacher_reads(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(BROKEN["bad card"])
    from tutor.lessons import LessonError

    with pytest.raises(LessonError) as raised:
        load_lesson(path)
    assert widgets.LessonStepper(path).error == str(raised.value)


def test_a_teachers_own_lesson_file_runs(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(one_file(WHERE_MAY).replace("Where may a card go?", "My own lesson"))
    stepper = widgets.LessonStepper(str(path))
    assert not stepper.error and "My own lesson" in stepper.panel.html


@pytest.mark.parametrize("path", bundled_lessons("monster-trick"), ids=lambda path: path.stem)
def test_every_bundled_lesson_runs_to_its_end(path):
    stepper = widgets.LessonStepper(path)
    assert not stepper.error
    assert walk(stepper) == list(range(stepper.total))


def test_components_redraw_from_a_new_state():
    state = where_may_state()
    after = state.clone()
    after.push(Play(Card("purple", 3), 3))
    table, hand = monster_trick_widgets.MonsterTrickTable(state), widgets.Hand(state, seat=state.to_move)
    for component in (table, hand):
        assert isinstance(component, Component)
        component.state = after
    assert "<title>purple 3</title>" in table.html and "<title>purple 3</title>" not in hand.html
    in_place = monster_trick_widgets.MonsterTrickTable(where_may_state())
    in_place.state.push(Play(Card("purple", 3), 3))
    in_place.refresh()
    assert "<title>purple 3</title>" in in_place.html


def test_a_click_on_a_hand_drawn_before_the_last_move_still_picks_that_card():
    """The browser names the card it showed: if the hand has changed since (a card
    played), the click picks that same card, not whatever now sits at its place."""
    state = where_may_state()
    hand = widgets.Hand(state)
    second = hand.cards[1]
    hand.click(f"card:5:{card_name(second)}")  # its place in an older drawing of the hand
    assert hand.selected == second
    hand.click("card:0:purple-99")  # a card no longer in the hand: nothing happens
    assert hand.selected == second


def test_a_step_shows_the_notes_it_relies_on_beside_its_rules():
    """Where the rule sheets are silent the tutor's choice is a note; a step relying on one
    links it beside its rules, and it opens with its kind and text."""
    for path in bundled_lessons("danger-13"):
        lesson = load_lesson(path)
        found = next((number for number, step in enumerate(lesson.steps) if step.notes), None)
        if found is not None:
            break
    stepper = widgets.LessonStepper(lesson)
    stepper.go(found)
    note = next(rule for rule in lesson.entry.rule_list if rule.id == lesson.steps[found].notes[0])
    assert f'data-target="rule:{note.id}"' in stepper.panel.html
    stepper.click(f"rule:{note.id}")
    assert escape(note.text) in stepper.panel.html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_reference_says_a_notes_kind_once(speaking, lang):
    speaking(lang)
    for game in games():
        html = widgets.RulesReference(registered(game)).render()
        for kind in ("note", "variant"):
            word = msg(f"rulekind.{kind}")
            assert not re.search(rf"{re.escape(word)}</span>{re.escape(word)}\s*:", html), (game, lang, word)
            assert html.count(f">{word}</span>") == sum(rule.kind == kind for rule in registered(game).rule_list)
