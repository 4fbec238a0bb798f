"""The project's own SVG drawings: well-formed, escaped, and telling cards apart."""

import re
import sys
import xml.etree.ElementTree as ET

import pytest

from tutor.games import game as registered
from tutor.games import games
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw
from tutor.games.monster_trick import drawing
from tutor.games.thricewise import drawing as tw_drawing
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from tutor.svg.draw import INK, contrast, el, ink_on, text
from tutor.svg.seats import PALETTE, seat_colours, seat_tags

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def test_every_monster_trick_card_is_well_formed_and_shows_its_value():
    for card in mt.deck(5):
        root = parse(card._repr_svg_())
        texts = [node.text for node in root.iter(f"{SVG}text")]
        assert texts.count(str(card.value)) == 2  # the corner and the middle
        assert root.get("aria-label") == str(card)


def test_each_colour_has_its_own_symbol_so_colour_is_not_the_only_clue():
    outlines = {re.sub(r'fill="[^"]*"', "", drawing.symbol(colour, 0, 0, 10)) for colour in mt.COLOURS}
    assert len(outlines) == 4
    for colour in mt.COLOURS:
        assert drawing.symbol(colour, 43, 21, 7.5) in drawing.card_svg(mt.Card(colour, 7))


def test_text_is_escaped():
    assert parse(el("g", text(0, 0, "<Bob & 'Al'>")))[0].text == "<Bob & 'Al'>"
    state = mt.new_game(3, seat_names=["<b>", "A&B", '"q"'])
    state.push(state.chance_move())
    parse(drawing.players(state, 0))
    parse(drawing.table(state, clickable=True))


def test_a_whole_position_draws_as_html_for_notebooks():
    state = load_lesson(next(p for p in bundled_lessons("monster-trick") if "where-may" in p.name)).states()[0]
    page = state._repr_html_()
    for trick in state.tricks:
        for _, card in trick:
            assert f"<title>{card}</title>" in page
    assert page.count("<svg") == 3  # players, table, the mover's hand
    parse(page)


def test_legal_slots_are_outlined_and_marked_and_only_those():
    state = load_lesson(next(p for p in bundled_lessons("monster-trick") if "where-may" in p.name)).states()[0]
    markup = drawing.table(state, lit=[1, 3], clickable=True)
    slots = re.split(r'data-target="slot:\d"', markup)[1:]
    assert len(slots) == 4
    for slot, body in enumerate(slots):
        assert (drawing.ACCENT in body) == (slot in (1, 3))


def test_seat_colours_follow_colour_names_and_tags_stay_distinct():
    assert seat_colours(["Orange", "Red", "Gray", "Blue"]) == ["#ee7d22", "#d0383f", "#6f747c", "#2b6cd1"]
    assert len(set(seat_colours(["Ann", "Bob", "Cleo", "Dan", "Eve"]))) == 5
    assert len(set(seat_colours(["Blue", "Ann", "Bob"]))) == 3
    assert seat_tags(["Ann", "Bob"]) == ["A", "B"]
    assert seat_tags(["Player 1", "Player 2"]) == ["1", "2"]


@pytest.mark.parametrize("game_id", games())
def test_ink_is_readable_on_every_fill(game_id, monkeypatch):
    """Every fill the game's drawings write on with ``ink_on`` (its cards, every seat colour),
    met while drawing its boards, wide and narrow, through a whole game (every third position),
    and every seat colour a seat may take: dark ink or white, at 4.5:1 at least (WCAG's bar for small text:
    the seat tags are 10 px)."""
    from tutor.session import Session
    from widgets.boards import board_for

    asked = set(PALETTE.values())
    chosen = ink_on

    def recorded(fill: str) -> str:
        asked.add(fill)
        return chosen(fill)

    for module in list(sys.modules.values()):
        if module.__name__.startswith(("tutor.", "widgets.")) and getattr(module, "ink_on", None) is ink_on:
            monkeypatch.setattr(module, "ink_on", recorded)
    players = max(registered(game_id).player_counts)
    session = Session(registered(game_id), ["coach"] * players, seed=1)
    while True:
        board = board_for(session.state, 1.0)
        for narrow in (False, True):
            for part in board.parts:
                part.narrow = narrow
                part.refresh()  # drawn in that layout, asking ink_on for each fill written on
        if session.state.is_terminal():
            break
        for _ in range(3):  # every third position: the same fills come back, in a third of the time
            session.step()
    unread = {fill: round(contrast(fill, chosen(fill)), 2) for fill in asked if contrast(fill, chosen(fill)) < 4.5}
    assert unread == {} and chosen("#f0c020") == INK and chosen("#2b6cd1") == "#ffffff"


def test_every_danger13_card_shows_value_icon_and_plus_marks():
    from tutor.games import danger13 as d13
    from tutor.games.danger13 import drawing as d13_drawing

    signed = [kind for kind in d13_drawing.LOOKS if kind not in ("one-plus", "two-plus")]  # these: plus marks
    icons = {re.sub(r'(fill|stroke)="[^"]*"', "", d13_drawing.icon(kind, 0, 0, 10, "#000000")) for kind in signed}
    assert len(icons) == len(signed)
    for card in d13.COUNTS:
        markup = d13_drawing.card_svg(card)
        root = parse(markup)
        texts = [node.text for node in root.iter(f"{SVG}text")]
        if card.kind in d13_drawing.VALUED:
            assert texts.count(str(card.value)) == 2
        assert markup.count('r="5.5"') == card.plus  # in the strip that stays visible in a row
        assert root.get("aria-label") == str(card)


def test_every_decktet_card_shows_rank_suits_and_name():
    from tutor.games import decktet
    from tutor.svg import decktet as deck_drawing

    shapes = {re.sub(r'(fill|stroke)="[^"]*"', "", deck_drawing.suit_symbol(suit, 0, 0, 10)) for suit in decktet.SUITS}
    assert len(shapes) == len(decktet.SUITS)
    for card in decktet.CARDS:
        markup = deck_drawing.card_svg(card)
        root = parse(markup)
        words = " ".join(node.text or "" for node in root.iter(f"{SVG}text"))
        assert words.replace(" ", "").endswith(str(card).replace(" ", ""))
        if card.is_number:
            assert str(card.rank) in words.split()
        for suit in card.suits:
            assert deck_drawing.suit_symbol(suit, 11, 32 + card.suits.index(suit) * 15, 5.5) in markup


def test_danger13_and_thricewise_positions_draw_as_html():
    import random

    from tutor.core import advance_chance
    from tutor.games import danger13, thricewise
    from tutor.games.danger13 import drawing as d13_drawing
    from tutor.games.thricewise import drawing as tw_drawing

    for module, game_drawing in ((danger13, d13_drawing), (thricewise, tw_drawing)):
        state = module.new_game(3, seed=1)
        rng = random.Random(1)
        for _ in range(40):
            state.push(state.random_move(rng))
        advance_chance(state)
        page = game_drawing.state_html(state)
        parse(page)
        assert "<svg" in page


def test_thricewise_panels_keep_a_players_whole_name():
    """The name has the panel's top line to itself, in smaller type before it is cut short."""
    names = ["Player 1 (you)", "Annabelle", "Cleo", "Dan"]
    state = tw.new_game(4, seed=1, seat_names=names)
    state.push(state.chance_move())
    shown = [node.text for node in parse(tw_drawing.players(state, 0)).iter(f"{SVG}text")]
    assert all(name in shown for name in names)
    assert tw_drawing.fitted("Annabelle-Marguerite Johnson", 100) == ("Annabelle-Ma…", 12)


# ---------------------------------------------------------------- colour is never the only cue
def lit_marks(markup: str) -> int:
    return markup.count('class="lit-mark"')


def test_every_legal_target_carries_a_mark_besides_its_amber_colour():
    import random

    from tutor.core import advance_chance
    from tutor.games import danger13
    from tutor.games.danger13 import drawing as d13_drawing

    state = load_lesson(next(p for p in bundled_lessons("monster-trick") if "where-may" in p.name)).states()[0]
    assert lit_marks(drawing.table(state, lit=[1, 3])) == 2 and lit_marks(drawing.table(state)) == 0
    d13_state = danger13.new_game(4, seed=2)
    advance_chance(d13_state)
    receivers = [move.seat for move in d13_state.legal_moves()]
    assert lit_marks(d13_drawing.table(d13_state, lit=receivers)) == len(receivers) > 0
    tw_state = tw.new_game(2, seed=3)
    rng = random.Random(3)
    while tw_state.phase != "place":
        tw_state.push(tw_state.random_move(rng))
    open_cells = tw_state.open_cells()[:5]
    assert lit_marks(tw_drawing.grid(tw_state, lit=open_cells)) == len(open_cells)


def test_a_rows_danger_is_told_in_words_and_a_sign_not_only_in_colour():
    from tutor.games.danger13 import drawing as d13_drawing

    totals = {"safe": 4, "close": 9, "danger": 12}
    gauges = {level: d13_drawing._gauge(0, 0, total, 13) for level, total in totals.items()}
    words = {level: [node.text for node in parse(f"<g>{markup}</g>").iter("text")] for level, markup in gauges.items()}
    assert len({tuple(texts) for texts in words.values()}) == 3
    for level, markup in gauges.items():
        assert (f'class="level-{level}"' in markup) == (level != "safe")
        assert any(
            text and text.startswith(msg(f"widgets.d13.left-{level}", count=0).split("0")[0]) for text in words[level]
        )
    assert d13_drawing.LEVELS["close"] != d13_drawing.LEVELS["danger"]
    assert gauges["close"].count("polygon") == gauges["danger"].count("polygon") == 1
    assert 'fill="none"' in gauges["close"] and 'fill="none"' not in gauges["danger"].split("polygon")[1]


def test_every_seat_colour_comes_with_the_seats_name_or_initial():
    """Pawns, claim markers and the dots on played cards are in seat colours: each stands
    beside the seat's name, or carries its initial."""
    from tutor.games import danger13
    from tutor.games.danger13 import drawing as d13_drawing

    state = load_lesson(next(p for p in bundled_lessons("monster-trick") if "where-may" in p.name)).states()[0]
    d13_state = danger13.new_game(4, seed=2, seat_names=["Red", "Blue", "Green", "Yellow"])
    tw_state = tw.new_game(4, seed=1, seat_names=["Ada", "Ben", "Cleo", "Dev"])
    tw_state.push(tw_state.chance_move())
    for markup, names in (
        (drawing.players(state, 0), state.seat_names),
        (d13_drawing.table(d13_state), d13_state.seat_names),
        (tw_drawing.players(tw_state, 0), tw_state.seat_names),
    ):
        shown = [node.text for node in parse(markup).iter(f"{SVG}text")]
        assert all(name in shown for name in names)
    table = parse(drawing.table(state))
    dots = [
        group
        for group in table.iter(f"{SVG}g")
        if [child.tag for child in group] == [f"{SVG}title", f"{SVG}circle", f"{SVG}text"]
    ]  # the seat dot under each played card
    assert len(dots) == sum(map(len, state.tricks)) > 0
    assert {dot.find(f"{SVG}text").text for dot in dots} <= set(seat_tags(state.seat_names))
    claims = [
        node.text
        for node in table.iter(f"{SVG}text")
        if node.text in {msg("widgets.mt.claim", player=name) for name in state.seat_names}
    ]
    assert len(claims) == sum(1 for trick in state.tricks if trick), "each claim marker names its player"


PHONE_ROOM = 360  # a board's width on a 390-px phone, in CSS px


def drawn_sizes(svg: str) -> tuple[float, list[tuple[float, str]]]:
    """A drawing's natural width and each word's size as drawn (font size times the
    groups' scales), leaving out cards drawn small as reminders (class small-card)."""
    root = ET.fromstring(svg)
    found = []

    def walk(node, scale):
        if "small-card" in node.get("class", ""):
            return
        scaled = re.search(r"scale\(([\d.]+)\)", node.get("transform", ""))
        scale *= float(scaled.group(1)) if scaled else 1
        if node.tag.endswith("text") and (node.text or "").strip():
            found.append((float(node.get("font-size")) * scale, node.text.strip()))
        for child in node:
            walk(child, scale)

    walk(root, 1.0)
    return float(root.get("viewBox").split()[2]), found


@pytest.mark.parametrize("game_id", games())
def test_narrow_layouts_read_at_11_px_on_a_phone(game_id):
    """Every drawing of a board in its narrow layout, filled to a phone's width (a growing
    grid at the scale of the rest), has no word under 11 px, in a game's middle and end."""
    from tutor.session import Session
    from widgets.boards import board_for

    session = Session(
        registered(game_id), ["coach"] * 4 if 4 in registered(game_id).player_counts else ["coach"] * 3, seed=3
    )
    for stop in (40, 10_000):
        while not session.state.is_terminal() and len(session.state.move_stack) < stop:
            session.step()
        board = board_for(session.state, 1.0)
        for part in board.parts:
            part.narrow = True
        drawings = [svg for part in board.parts for svg in re.findall(r"<svg.*?</svg>", part.html, re.S)]
        widths = [drawn_sizes(svg)[0] for svg in drawings if 'data-fit="scroll"' not in svg]
        fit = PHONE_ROOM / max(widths)
        for svg in drawings:
            _, sizes = drawn_sizes(svg)
            small = [(round(size * fit, 1), words) for size, words in sizes if size * fit < 11]
            assert not small, f"{game_id}: words under 11 px on a phone: {small[:5]}"
