"""Thricewise components driven from Python as the browser would."""

import re
from html import escape
from xml.etree import ElementTree

import pytest
from lesson_tries import walk
from random_play import finished, played_until
from thricewise_table import TABLE

import widgets
from tutor.core import advance_chance
from tutor.games import thricewise as tw
from tutor.games.decktet import parse_card
from tutor.games.thricewise import drawing as tw_drawing
from tutor.games.thricewise import lessons as tw_lessons
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from widgets.boards import thricewise as thricewise_widgets


def test_choosing_a_card_takes_a_click_on_it_then_on_choose():
    state = advance_chance(tw.new_game(3, seed=1))
    board = thricewise_widgets.ThricewiseBoard(state)
    seat = board.hand.shown_seat
    assert board.hand.cards == list(state.hands[seat]) and board.hand.playable == list(state.hands[seat])
    assert board.actions.actions[0][0] == "pick" and not board.actions.actions[0][2]
    moves = []
    board.on_move(moves.append)
    board.hand.click("card:1")
    assert board.actions.actions[0] == ["pick", f"Choose the {state.hands[seat][1]}", True]
    board.actions.click("pick")
    assert moves == [tw.Pick(seat, state.hands[seat][1])] and state.why_not(moves[0]) is None


def test_the_next_seat_to_choose_is_shown_after_a_pick():
    state = advance_chance(tw.new_game(3, seed=1))
    state.push(tw.Pick(0, state.hands[0][0]))
    board = thricewise_widgets.ThricewiseBoard(state)
    assert board.hand.shown_seat == 1
    assert "has chosen" in board.players.html


def test_the_grid_lights_exactly_the_cells_the_engine_allows():
    state = played_until(tw, 2, 3, lambda s: s.phase == "place")
    board = thricewise_widgets.ThricewiseBoard(state)
    placer = state.placer
    assert board.hand.cards[: len(state.placeable())] == state.placeable()
    board.hand.click("card:0")
    card = board.hand.selected
    assert sorted(board.grid.lit) == sorted(
        cell for cell in state.open_cells() if state.why_not(tw.Place(card, cell)) is None
    )
    moves = []
    board.on_move(moves.append)
    cell = board.grid.lit[0]
    board.grid.click(f"cell:{cell}")
    assert moves == [tw.Place(card, cell)] and placer == state.placer


def test_a_cell_without_a_card_asks_for_a_card_first():
    state = played_until(tw, 2, 3, lambda s: s.phase == "place")
    board = thricewise_widgets.ThricewiseBoard(state)
    said = []
    board.on_message(said.append)
    board.grid.click(f"cell:{state.open_cells()[0]}")
    assert said == ["Choose one of your cards first, then an empty cell."]


def test_the_six_by_six_bound_shows_walls_and_blocked_cells_the_engine_refuses():
    state = played_until(tw, 4, 2, lambda s: s.phase == "place" and s.grid_size()[0] == tw.MAX_SPAN)
    grid = thricewise_widgets.ThricewiseGrid(state)
    assert "(at most 6 × 6)" in grid.html and 'stroke-width="4" stroke-linecap="round"' in grid.html
    _low_col, high_col, _low_row, _high_row = state.span
    outside = tw.Cell(high_col + 1, next(row for col, row in state.grid if col == high_col))  # beside a card
    assert f'data-target="cell:{outside}"' in grid.html
    card = state.placeable()[0]
    assert state.why_not(tw.Place(card, outside)).rule == "tw.bounds"


def test_the_ring_beyond_the_bound_is_drawn_narrow_to_leave_the_cards_room():
    """Where the grid spans six, the line of cells beyond it holds only refusals: it is drawn
    narrow (still clickable); a quiz without the bound draws every cell next to the grid alike."""
    state = played_until(tw, 4, 2, lambda s: s.phase == "place" and s.grid_size()[0] == tw.MAX_SPAN)
    narrow, whole = (tw.drawing.grid(state, clickable=True, bounds=bounds) for bounds in (True, False))
    width = re.search(r'viewBox="0 0 ([\d.]+)', narrow).group(1)
    assert float(width) == 2 * tw.drawing.PAD + tw.MAX_SPAN * tw.drawing.CELL_W + 2 * tw.drawing.RING
    assert float(re.search(r'viewBox="0 0 ([\d.]+)', whole).group(1)) > float(width)
    _low_col, high_col, _low_row, _high_row = state.span
    outside = tw.Cell(high_col + 1, next(row for col, row in state.grid if col == high_col))
    assert f'data-target="cell:{outside}"' in narrow


def test_scored_triads_are_outlined_with_their_points():
    state = played_until(tw, 3, 5, lambda s: s.phase == "place" and s.triads and s.triads[-1].turn == s.turn)
    grid = thricewise_widgets.ThricewiseGrid(state)
    for triad in state.triads:
        shown = f"<title>{triad.describe(state.grid)}</title>" in grid.html
        assert shown == (triad.turn == state.turn)


def test_deferred_cards_are_shown_and_done_waits_for_the_revealed_card():
    lesson = load_lesson(next(p for p in bundled_lessons("thricewise") if "placing-set-aside" in p.name))
    state = next(s for s in lesson.states() if s.phase == "place" and s.deferred[s.placer])
    board = thricewise_widgets.ThricewiseBoard(state)
    for card in state.deferred[state.placer]:
        assert f"<title>{card}</title>" in board.players.html
    done = board.actions.actions[0]
    assert done[0] == "done" and done[2] == (tw.Done() in state.legal_moves())


def test_lesson_highlights_reach_cells_cards_and_players():
    state = advance_chance(tw.new_game(2, seed=1, seat_names=["Ada", "Ben"]))
    board = thricewise_widgets.ThricewiseBoard(state)
    card = state.hands[0][0]
    board.set_highlight(["1,1", str(card), "Ben", "nonsense"])
    assert board.grid.highlight == [tw.Cell(1, 1), card]
    assert board.hand.highlight == [card] and board.players.highlight == [1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_component_works_at_every_player_count(players):
    state = played_until(tw, players, players, lambda s: s.phase == "place")
    board = thricewise_widgets.ThricewiseBoard(state, scale=1.5)
    assert board.players.html.count("<title>") >= players and board.hand.shown_seat == state.placer
    assert widgets.ScoreSheet(state).html.count('scope="row"') == players
    assert {part.scale for part in board.parts} == {1.5}


def test_a_choosing_try_shows_the_seat_it_expects():
    lesson = load_lesson(next(p for p in bundled_lessons("thricewise") if "setting-up" in p.name))
    stepper = widgets.LessonStepper(lesson)
    while stepper.current.try_ is None:
        stepper.next()
    expected = stepper.current.try_.accept[0]
    assert stepper.board.hand.shown_seat == expected.seat
    stepper.board.hand.click(f"card:{stepper.board.hand.cards.index(expected.card)}")
    stepper.board.actions.click("pick")
    assert stepper.verdict == "right" and stepper.solved


@pytest.mark.parametrize("path", bundled_lessons("thricewise"), ids=lambda path: path.stem)
def test_every_bundled_lesson_runs_to_its_end(path):
    stepper = widgets.LessonStepper(path)
    assert not stepper.error
    assert walk(stepper) == list(range(stepper.total))


def test_cells_are_reachable_by_keyboard_with_a_spoken_label():
    state = played_until(tw, 2, 3, lambda s: s.phase == "place")
    grid = thricewise_widgets.ThricewiseGrid(state)
    grid.selected = state.placeable()[0]
    cells = re.findall(r'<g([^>]*data-target="cell:[^"]+"[^>]*)>', grid.html)
    assert len(cells) >= len(state.open_cells())
    for attributes in cells:
        assert 'tabindex="0"' in attributes and 'role="button"' in attributes
        assert re.search(
            r'aria-label="Empty place (right of|left of|above|below|diagonally next to) the [^."]+\. '
            r'The .+ may (not )?go here\."',
            attributes,
        )


def lesson_file(stem: str):
    """A shipped lesson by its file name: numbers shift when a lesson is added before it."""
    return next(path for path in bundled_lessons("thricewise") if path.stem == stem)


def test_after_a_try_the_lesson_says_when_it_goes_on_from_another_move():
    # any empty spot is right for Cleo's Ace, and the next step plays the lesson's own one
    stepper = widgets.LessonStepper(lesson_file("02-choose-and-reveal"))
    stepper.go(next(index for index, step in enumerate(stepper.lesson.steps) if step.try_ and not step.try_.accept))
    written = stepper.lesson.steps[stepper.step + 1].moves[0]
    other = next(move for move in stepper.board.state.legal_moves() if move != written)
    stepper.play(other)
    assert stepper.verdict == "right"
    stepper.next()
    words = stepper.lesson.entry.part("words")
    before = stepper.states[stepper.step - 1]
    assert stepper.message == msg(
        "widgets.stepper.other-move", yours=words.move_words(before, other), shown=words.move_words(before, written)
    )
    assert "Author" in stepper.message or "End" in stepper.message, "the places are said by the cards beside them"
    stepper.back()
    stepper.play(written)
    stepper.next()
    assert stepper.message == "", "the lesson goes on from the learner's own move: nothing to explain"


def test_every_panel_drawn_pairs_the_verdict_mark_with_its_own_words():
    # the browser draws each panel it is sent: a wrong mark beside the note about an earlier move misleads
    stepper = widgets.LessonStepper(lesson_file("02-choose-and-reveal"))
    stepper.go(next(index for index, step in enumerate(stepper.lesson.steps) if step.try_ and not step.try_.accept))
    written = stepper.lesson.steps[stepper.step + 1].moves[0]
    stepper.play(next(move for move in stepper.board.state.legal_moves() if move != written))
    stepper.next()
    note = stepper.message
    drawn = []
    stepper.panel.observe(lambda change: drawn.append(change["new"]), names="html")
    stepper.play(
        next(move for move in stepper.states[stepper.step - 1].legal_moves() if move != written)
    )  # a move of the step before: not this step's
    assert stepper.verdict == "wrong" and stepper.message != note
    assert drawn and not [html for html in drawn if "tutor-wrong" in html and escape(note) in html]


def test_a_card_that_cannot_be_played_now_says_why():
    stepper = widgets.LessonStepper(lesson_file("03-who-places-first"))
    hand = stepper.board.hand
    blocked = next(place for place, card in enumerate(hand.cards) if card not in hand.playable)
    hand.click(f"card:{blocked}")
    state = stepper.board.state
    placed = next(move for move in state.legal_moves() if isinstance(move, tw.Place))
    assert stepper.message == str(state.why_not(placed._replace(card=hand.cards[blocked])))
    assert "only this turn's revealed card" in stepper.message


def _drawn_words_and_badges(svg: str) -> tuple[list, list]:
    """The words of a drawing as (text, box) and its triad badges as boxes, in the
    drawing's own units (translations and scales of the groups applied; a word's box is
    estimated from its size and length)."""
    words, badges = [], []

    def walk_svg(node, dx=0.0, dy=0.0, scale=1.0):
        for move in re.finditer(r"(translate|scale)\(([^)]*)\)", node.get("transform", "")):
            numbers = [float(n) for n in move.group(2).replace(",", " ").split()]
            if move.group(1) == "translate":
                dx, dy = dx + numbers[0] * scale, dy + numbers[1] * scale
            else:
                scale *= numbers[0]
        tag = node.tag.split("}")[-1]
        if tag == "text" and "".join(node.itertext()).strip():
            content, size = "".join(node.itertext()).strip(), float(node.get("font-size")) * scale
            width = len(content) * 0.6 * size
            left = dx + float(node.get("x")) * scale - (width / 2 if node.get("text-anchor") == "middle" else 0)
            baseline = dy + float(node.get("y")) * scale
            words.append((content, (left, baseline - 0.75 * size, left + width, baseline + 0.2 * size)))
        if tag == "rect" and node.get("rx") == "10":
            x, y = dx + float(node.get("x")) * scale, dy + float(node.get("y")) * scale
            badges.append((x, y, x + float(node.get("width")) * scale, y + float(node.get("height")) * scale))
        for child in node:
            walk_svg(child, dx, dy, scale)

    walk_svg(ElementTree.fromstring(re.search(r"<svg.*</svg>", svg, re.S).group(0)))
    return words, badges


def _inside(word_box, badge) -> bool:
    return badge[0] <= word_box[0] and word_box[2] <= badge[2] and badge[1] <= word_box[1] and word_box[3] <= badge[3]


def _overlap(one, other) -> bool:
    return min(one[2], other[2]) - max(one[0], other[0]) > 1 and min(one[3], other[3]) - max(one[1], other[1]) > 1


def assert_badges_hide_no_words(state) -> None:
    """No triad badge lies over a word of the grid (a card's rank or name, its owner's
    letter, another badge) other than its own."""
    words, badges = _drawn_words_and_badges(tw_drawing.grid(state))
    for badge in badges:
        own = [word for word, box in words if _inside(box, badge)]
        assert len(own) == 1, f"a badge holds {own}"
        hidden = [word for word, box in words if not _inside(box, badge) and _overlap(box, badge)]
        assert not hidden, f"a triad badge covers {hidden}"


TWO_TRIADS = TABLE  # the Mountain on 3,1 makes a flush of Moons and a run with the Author and the Journey
SIX_TRIADS = {  # the Mountain between 2 3 . 5 6 of Moons: three lines, each a flush and a run
    **TABLE,
    "grid": {
        "1,1": ["author", "journey", ".", "forest", "lunatic"],
        "1,2": ["ace-knots", "ace-wyrms", "ace-suns", "ace-leaves"],
    },
}


@pytest.mark.parametrize("spec, count", [(TWO_TRIADS, 2), (SIX_TRIADS, 6)])
def test_a_card_scoring_several_triads_keeps_its_owner_and_name_readable(spec, count):
    state = tw_lessons.lesson_state(2, spec, None, 0, ["Ann", "Bob"])
    state.push(tw.Pick(0, parse_card("mountain")))
    state.push(tw.Pick(1, parse_card("castle")))
    state.push(tw.Place(parse_card("mountain"), tw.Cell(3, 1)))
    assert len(state.triads) == count
    assert_badges_hide_no_words(state)
    words, badges = _drawn_words_and_badges(tw_drawing.grid(state))
    shown = [word for word, box in words if any(_inside(box, badge) for badge in badges)]
    if count == 2:
        assert sorted(shown) == sorted(
            msg("widgets.tw.triad", kind=msg(f"tw.kind.{t.kind}"), points=t.points) for t in state.triads
        )
    else:  # the first triad, then the rest counted
        rest = state.triads[1:]
        assert shown[1] == msg("widgets.tw.more-triads", count=count - 1, points=sum(t.points for t in rest))


@pytest.mark.parametrize("players, seed", [(players, seed) for players in (2, 3, 4, 5) for seed in range(6)])
def test_triad_badges_hide_no_words_through_random_games(players, seed):
    finished(tw, players, seed, before_move=lambda state, move: assert_badges_hide_no_words(state))
