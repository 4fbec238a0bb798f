"""The play page driven from Python: people and computer players at one table, the pass
screen, undo, the end screen, records downloaded and uploaded, the log."""

import asyncio
import base64
import random
import re
from concurrent.futures import ThreadPoolExecutor
from html import escape, unescape

import pytest
import yaml
from seat_names import NAMES

from tutor import records
from tutor.bots import seat_moves
from tutor.games import game as registered
from tutor.games import games
from tutor.games.monster_trick import Play
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import msg
from tutor.quizzes import quiz
from widgets import play
from widgets.log import replayed
from widgets.poller import PAGE
from widgets.replay import GameReplay
from widgets.result import result_html, why_won


def table_for(game: str, people: int = 1, players: int = 2) -> play.GameTable:
    """The smallest table: instant computer players, the first ``people`` seats people."""
    table = play.GameTable(registered(game), speed="instant")
    table.players.value = players
    for seat in range(people):
        table.seats[seat].kind.value = play.PERSON
    return table


def contains(widget, part) -> bool:
    """Whether ``part`` is in the widget tree shown on the page."""
    return widget is part or any(contains(child, part) for child in getattr(widget, "children", ()))


def texts(widget) -> str:
    own = [
        getattr(widget, name)
        for name in ("value", "html", "description")
        if isinstance(getattr(widget, name, None), str)
    ]
    return "".join(own + [texts(child) for child in getattr(widget, "children", ())])


def person_move(table, rng):
    return rng.choice(seat_moves(table.state, table.person_to_move()))


def finish(table, rng) -> list:
    """Play the people's moves at random to the end; the snapshots before each move."""
    before = []
    while not table.state.is_terminal():
        if table.person_to_move() != table.session.holder:
            table.ready()
        before.append(table.state.snapshot())
        table.play(person_move(table, rng))
    return before


@pytest.mark.parametrize("game", games())
def test_a_whole_game_against_computer_players_ends_on_the_ranking(game):
    table = table_for(game)
    finish(table, random.Random(1))
    state = table.state
    html = texts(table.stage)
    assert result_html(state) in html and escape(why_won(state)) in html
    assert all(escape(name) in html for name in state.seat_names)
    winners = [state.name(seat) for seat in state.winners()]
    assert escape(msg("app.play.over", winners=winners)) in table.message.value
    assert contains(table.stage, table.board), "the final position stays on show under the ranking"


@pytest.mark.parametrize("game", games())
def test_the_pass_screen_hides_the_next_persons_cards(game):
    table = table_for(game, people=2)
    rng, turns = random.Random(2), 0
    while not table.state.is_terminal():
        person = table.person_to_move()
        assert not contains(table, table.board), "nothing of the table behind the pass screen"
        assert msg("app.play.pass.ready", player=table.state.name(person)) in texts(table.stage)
        assert table.scores.seat is None
        table.ready()
        assert contains(table.stage, table.board) and table.board.seat == person
        while table.person_to_move() == person:  # a person may have several moves in a row
            table.play(person_move(table, rng))
        turns += 1
    assert turns > 10


def people_moves(table) -> list:
    session = table.session
    return [move for move, seat in zip(table.state.move_stack, session.movers) if seat in session.people]


@pytest.mark.parametrize("game", games())
def test_undo_restores_the_exact_position_back_to_the_start(game):
    """Through computer moves, deals and draws, back to each of the person's decisions
    (in the same game as a finished one, played up to the person's last move)."""
    finished = table_for(game)
    before = finish(finished, random.Random(3))[:-1]
    table = table_for(game)
    assert before[0] == table.state.snapshot()
    for move in people_moves(finished)[:-1]:
        table.play(move)
    assert not table.state.is_terminal()
    for snapshot in reversed(before):
        assert not table.undo_button.disabled
        table.undo()
        assert table.state.snapshot() == snapshot
        assert len(table.sentences) == len(table.session.movers) == len(table.state.move_stack)
    assert table.undo_button.disabled


@pytest.mark.parametrize("game", games())
def test_nothing_is_taken_back_once_the_game_is_over(game):
    """The end screen tells the result and offers a new game; no take-back beside it."""
    table = table_for(game)
    assert table.undo_button.layout.display is None and table.undo_button.disabled
    finish(table, random.Random(6))
    end, said = table.state.snapshot(), table.message.value
    assert not table.session.can_undo and not table.session.undo()
    assert table.undo_button.layout.display == "none"
    table.undo()  # a click sent before the button went away
    assert table.state.snapshot() == end and table.message.value == said
    table.new_game(table.seed + 1)
    assert table.undo_button.layout.display is None and table.undo_button.disabled


def test_undo_between_two_people_asks_for_the_device_back():
    table = table_for("monster-trick", people=2)
    table.ready()
    table.play(person_move(table, random.Random(0)))  # Orange lays out the VP cards: Red is next
    assert table.person_to_move() == 1 and not contains(table, table.board)
    table.undo()
    assert table.person_to_move() == 0 and not contains(table, table.board), "Red may be holding the device"
    assert msg("app.play.pass.ready", player=table.state.name(0)) in texts(table.stage)
    table.ready()
    assert contains(table.stage, table.board) and table.board.seat == 0


def test_a_refused_move_is_explained_and_changes_nothing():
    table = table_for("monster-trick")
    before = table.state.snapshot()
    early = Play(table.state.hands[0][0], 0)  # before laying out the VP cards
    table.play(early)
    assert table.state.snapshot() == before
    assert escape(str(table.state.why_not(early))) in table.message.value and "tutor-wrong" in table.message.value


def test_a_click_after_the_end_gets_the_engines_answer():
    table = table_for("monster-trick")
    finish(table, random.Random(5))
    table.play(table.state.move_stack[-1])
    assert escape(msg("mt.why.game-over")) in table.message.value


def test_changing_the_players_or_a_seat_starts_a_new_game():
    table = play.GameTable(registered("danger-13"), speed="instant")
    table.players.value = 3
    assert table.state.players == 3 and len(table.seats) == 3
    table.seats[2].kind.value = play.PERSON
    assert table.state.players == 3 and table.session.holder is None, "two people: the first waits for the device"


@pytest.mark.parametrize("game", games())
def test_seats_take_the_names_the_lessons_use_until_named(game):
    """One way of naming the players on every page of a game: its lessons', its quizzes', its tables'."""
    lesson_names = {name for path in bundled_lessons(game) for name in load_lesson(path).seats or []}
    names = registered(game).seat_names(5)
    assert set(names[:4]) <= lesson_names  # a fifth seat, which no lesson has, gets a name of the same kind
    assert table_for(game).state.seat_names == names[:2]
    for question in quiz(registered(game), 0, 3):
        assert question.position.seat_names == names[: question.position.players]


def test_a_typed_name_replaces_the_seats_name_everywhere():
    table = table_for("thricewise")
    table.play(person_move(table, random.Random(0)))
    table.seats[0].name.value = "Annabelle-Marguerite"
    assert table.state.name(0) == "Annabelle-Marguerite"
    assert table.sentences == replayed(table.state) and any("Annabelle-Marguerite" in text for text in table.sentences)
    assert "Annabelle-Marguerite" in table.board.players.html, "the whole name, not cut short"


def downloaded(table) -> str:
    data = re.search(r'href="data:application/x-yaml;base64,([^"]+)"', table.download.value).group(1)
    return base64.b64decode(data).decode("utf-8")


@pytest.mark.parametrize("game", games())
def test_a_downloaded_record_replays_to_the_same_result(game):
    table = table_for(game)
    finish(table, random.Random(4))
    text = downloaded(table)
    assert records.load("game.yaml", text=text).returns() == table.state.returns()
    table.open_record({"name": "game.yaml", "content": memoryview(text.encode("utf-8"))})
    (replay,) = table.body.children
    assert isinstance(replay, GameReplay) and replay.position == 0 and replay.result.value == ""
    replay.buttons["last"].click()
    assert replay.state.snapshot() == table.state.snapshot() and replay.result.value == result_html(table.state)
    replay.buttons["back"].click()
    replay.buttons["next"].click()
    assert replay.state.snapshot() == table.state.snapshot()
    replay.buttons["first"].click()
    assert replay.history.value == texts(replay.history) and not replay.state.move_stack[replay.stops[0] :]
    replay.leave.click()
    assert table.body.children == (table.table,)


def test_the_record_follows_every_move():
    table = table_for("monster-trick")
    table.play(person_move(table, random.Random(0)))
    assert records.load("game.yaml", text=downloaded(table)).snapshot() == table.state.snapshot()


def test_a_replayed_record_names_the_players_in_the_pages_language(speaking):
    """A game saved on an English page, replayed on a French one, then switched to Dutch."""
    speaking("en")
    table = table_for("danger-13")
    finish(table, random.Random(7))
    text = downloaded(table)
    speaking("fr")
    french = table_for("danger-13")
    french.open_record({"name": "game.yaml", "content": memoryview(text.encode("utf-8"))})
    (replay,) = french.body.children
    replay.buttons["last"].click()
    assert replay.state.seat_names == NAMES["fr"][:2]
    shown = texts(replay)
    assert "Rouge" in shown and not re.search(r"\bRed\b", shown)
    speaking("nl")
    french.relabel("danger-13")
    assert replay.record.seat_names == replay.state.seat_names == NAMES["nl"][:2]
    shown = texts(replay)
    assert "Rood" in shown and "Rouge" not in shown


def test_the_games_own_names_go_into_the_record_in_every_language(speaking):
    speaking("en")
    table = table_for("danger-13")
    table.play(person_move(table, random.Random(0)))
    speaking("fr")
    table.relabel("danger-13")
    table.seats[1].name.value = "Zoé"
    assert table.state.seat_names == ["Rouge", "Zoé"]
    assert yaml.safe_load(downloaded(table))["seats"] == [{"en": "Red", "fr": "Rouge", "nl": "Rood"}, "Zoé"]


def bad_uploads():
    other = records.dumps(play.GameTable(registered("danger-13"), speed="instant").state)
    good = records.dumps(play.GameTable(registered("monster-trick"), speed="instant").state)
    illegal = good.replace("moves: []", "moves:\n- vp 1 2 6")
    return {
        "wrong game": (other.encode(), "this record is for Danger 13, not Monster Trick"),
        "illegal move": (illegal.encode(), "move 1 ('vp 1 2 6') is not allowed"),
        "malformed YAML": (b"game: [unclosed", "not valid YAML"),
        "not UTF-8": ("game: monster-trick ÿ".encode("latin-1"), "not a text file"),
        "odd shape": (
            good.replace("options:\n  start_rule: left-of-starter", "options: 7").encode(),
            "'options' should be a set of named options",
        ),
        "names not text": (
            good.replace("- en: Orange", "- [1, 2]\n- en: Orange", 1).encode(),
            "'seats' should be a list of names",
        ),
    }


@pytest.mark.parametrize("case", list(bad_uploads()))
def test_a_bad_upload_is_refused_in_words(case, capfd):
    content, words = bad_uploads()[case]
    table = table_for("monster-trick")
    table.open_record({"name": "mine.yaml", "content": memoryview(content)})
    assert "tutor-wrong" in table.message.value and escape(words) in table.message.value
    assert "mine.yaml" in table.message.value and "Traceback" not in table.message.value
    assert table.body.children == (table.table,)


def test_computer_players_move_in_the_kernels_event_loop(monkeypatch):
    """At a readable pace the moves come one at a time, and the table answers in between."""
    monkeypatch.setitem(play.SPEEDS, "normal", 0.01)

    async def scenario():
        table = play.GameTable(registered("thricewise"))  # three coaches choose first
        assert table.bots.running and len(table.state.move_stack) == 1, "the deal at once, the coaches in the loop"
        await asyncio.sleep(0)  # the first coach thinks
        assert msg("app.play.thinking", player=table.state.name(1)) in table.message.value
        before = table.state.snapshot()
        table.play(seat_moves(table.state, 0)[0])  # the person clicks meanwhile: answered, but not yet
        assert table.state.snapshot() == before and msg("app.play.not-now") in table.message.value
        while table.bots.running:
            await asyncio.sleep(0.01)
        assert table.person_to_move() == 0 and len(table.state.move_stack) == 4  # the deal and three picks
        assert msg("app.play.your-turn") in table.message.value
        table.new_game(table.seed + 1)  # stops the moves under way, starts again
        table.new_game(table.seed + 1)
        while table.bots.running:
            await asyncio.sleep(0.01)
        assert len(table.state.move_stack) == 4

    # A thread of its own: in the same run Playwright may hold this thread's event loop.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()


def test_computer_players_wait_until_the_page_is_on_screen(monkeypatch):
    """The moves made while the browser builds the page's widgets would never reach it (the
    page then showed a coach thinking forever): they start once the board says it is drawn."""
    monkeypatch.setitem(play.SPEEDS, "normal", 0.01)
    monkeypatch.setattr(PAGE, "shown", False)

    async def scenario():
        table = play.GameTable(registered("thricewise"))  # three coaches choose first
        for _ in range(5):
            await asyncio.sleep(0.01)
        assert len(table.state.move_stack) == 1 and table.person_to_move() is None, "only the deal, made at once"
        part = table.board.parts[0]
        part._receive(part, {"shown": True}, [])  # what tutor.js sends once it drew a part of the board
        while table.bots.running:
            await asyncio.sleep(0.01)
        assert len(table.state.move_stack) == 4 and msg("app.play.your-turn") in table.message.value

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()


def test_new_games_during_pacing_never_mix_two_games(monkeypatch):
    """New games started at random moments while the computer players are moving: the old
    game stops where it was, and board, score sheet and log always show the newest one."""
    monkeypatch.setitem(play.SPEEDS, "normal", 0.002)

    async def scenario():
        rng = random.Random(5)
        table = play.GameTable(registered("thricewise"))  # three coaches choose first
        for _ in range(30):
            await asyncio.sleep(rng.random() * 0.01)
            old, made = table.session, len(table.state.move_stack)
            if rng.random() < 0.5:
                table.new_game(table.seed + 1)
            else:
                table.players.value = rng.choice([count for count in (2, 3, 4, 5) if count != table.players.value])
            await asyncio.sleep(rng.random() * 0.01)
            assert len(old.state.move_stack) == made, "the old game never moves again"
            assert table.board.state is table.state and table.scores.state is table.state
            assert table.sentences == replayed(table.state)
        while table.bots.running:
            await asyncio.sleep(0.01)
        assert table.person_to_move() == 0 and table.sentences == replayed(table.state)

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()


@pytest.mark.parametrize("game", games())
def test_every_variant_can_be_switched_and_starts_a_new_game(game):
    table = play.GameTable(registered(game), speed="instant")
    module = registered(game).rules
    assert set(table.variants) == set(module.OPTIONS)
    for option, values in module.OPTIONS.items():
        before = table.state
        table.variants[option].value = values[-1]
        assert table.state is not before, "a new game under the new rule"
        assert table.state.options[option] == values[-1]
        assert records.record_of(table.state)["options"][option] == values[-1]


def test_a_record_over_the_size_limit_is_refused_before_it_is_read():
    table = table_for("monster-trick")
    before = table.state.snapshot()
    big = b"game: monster-trick\n" + b"#" * records.MAX_RECORD_BYTES
    table.open_record({"name": "huge.yaml", "content": memoryview(big)})
    assert "huge.yaml" in table.message.value and "too big" in table.message.value
    assert table.state.snapshot() == before and table.body.children == (table.table,)
    assert f'data-limit="{records.MAX_RECORD_BYTES}"' in table.upload.html


def test_the_settings_fold_away_once_the_person_moves():
    table = table_for("monster-trick")
    assert table.fold.box.layout.display == "none" and 'aria-expanded="false"' in table.fold.html
    table.fold.click("fold")
    assert table.fold.box.layout.display is None and 'aria-expanded="true"' in table.fold.html
    table.play(person_move(table, random.Random(0)))
    assert table.fold.box.layout.display == "none" and 'aria-expanded="false"' in table.fold.html


def test_a_file_the_browser_sends_is_replayed():
    """What static/parts/files.js sends for a file within the limit: its name, and its bytes as one buffer."""
    table = table_for("monster-trick")
    table.play(person_move(table, random.Random(0)))
    content = memoryview(downloaded(table).encode("utf-8"))
    table.upload._receive(table.upload, {"upload": {"name": "game.yaml"}}, [content])
    assert isinstance(table.body.children[0], GameReplay)
    assert msg("app.record.opened", file="game.yaml") in unescape(table.message.value)


@pytest.mark.parametrize("game", games())
def test_a_family_table_never_asks_to_pass_the_device(game):
    """Three people at one device who show each other their cards: the table shows the
    cards of whoever is to move, and never a pass screen."""
    table = table_for(game, people=3, players=3)
    table.family.value = True
    rng, moves = random.Random(4), 0
    while not table.state.is_terminal():
        person = table.person_to_move()
        assert table.session.passing_to is None
        assert msg("app.play.pass.ready", player=table.state.name(person)) not in texts(table.stage)
        assert contains(table.stage, table.board) and table.board.seat == person
        table.play(person_move(table, rng))
        moves += 1
    assert moves > 10
    table.undo()  # after the end: nothing changes, still no pass screen
    assert table.session.passing_to is None


def test_a_family_table_takes_effect_in_the_game_under_way():
    table = table_for("monster-trick", people=2)
    assert table.session.passing_to is not None
    table.family.value = True
    assert table.session.passing_to is None and contains(table.stage, table.board)
    table.family.value = False  # from now on the device is passed again: the cards on show stay the holder's
    table.play(person_move(table, random.Random(5)))
    assert table.session.passing_to is not None


def test_take_and_refuse_only_while_the_table_waits_for_the_person():
    """A computer player deciding on a card: the buttons are greyed and a click on them is
    ignored in the kernel too; the person deciding: they work."""
    from tutor.games.danger13 import ACCEPT, Choice
    from tutor.session import Session
    from widgets.boards.danger13 import Danger13Board

    seen = set()
    for seed in range(40):
        session = Session(registered("danger-13"), [play.PERSON, "coach", "coach"], seed=seed)
        rng = random.Random(seed)
        while not session.state.is_terminal() and len(session.state.move_stack) < 200:
            state = session.state
            if state.pending is not None:
                person = session.awaiting() is not None
                board = Danger13Board(state, seat=0)
                board.accepting = person
                moves = []
                board.on_move(moves.append)
                buttons = re.findall(r"<button[^>]*>", board.actions.html)
                assert buttons and all(("disabled" in button) != person for button in buttons)
                board.actions.click(ACCEPT)
                assert bool(moves) == (person and Choice(state.pending, ACCEPT) in state.legal_moves())
                seen.add(person)
            if session.person_to_move() is not None:
                session.play(rng.choice(seat_moves(state, session.person_to_move())))
            else:
                session.step()
        if seen == {True, False}:
            break
    assert seen == {True, False}, "both a computer player and the person decided on a card"


def test_the_board_waits_while_a_computer_player_thinks():
    table = play.GameTable(registered("danger-13"), speed="instant")
    table._show(thinking=1)
    assert not table.board.accepting
    table._show()
    assert table.board.accepting == (table.session.awaiting() is not None)


def test_the_record_keeps_the_strength_of_each_computer_player():
    table = table_for("danger-13", players=3)
    table.seats[1].kind.value = "expert"
    table.seats[2].kind.value = "beginner"
    assert yaml.safe_load(downloaded(table))["played_by"] == ["person", "expert", "beginner"]
    assert [bot.kind for bot in table.session.bots[1:]] == ["expert", "beginner"]


def test_a_fixed_strength_seats_only_people_and_that_strength():
    table = play.GameTable(registered("monster-trick"), speed="instant", strength="expert")
    table.players.value = 3
    assert table.kinds == ["person", "expert", "expert"]
    assert all(choice.kind.options == (("A person", "person"), ("Expert", "expert")) for choice in table.seats)
    table.relabel("monster-trick", None, "beginner")  # another address's strength: reseated, dealt again
    assert table.kinds == ["person", "beginner", "beginner"] and table.session.kinds == table.kinds


def log_reasons(table) -> list[str]:
    """The reasons the log unfolds under "Why?", oldest move first."""
    return [unescape(text) for text in re.findall(r"<summary>[^<]*</summary><p>([^<]*)</p>", table.history.value)][::-1]


@pytest.mark.parametrize("game", sorted(games()))
def test_each_computer_move_in_the_log_says_why(game):
    table = table_for(game, people=1, players=3)
    session, rng = table.session, random.Random(3)
    while sum(1 for why in session.reasons if why) < 3:
        table.play(person_move(table, rng))
    told = [session.reason(index) for index in range(len(table.sentences))]
    assert log_reasons(table) == [why.told(table.state.seat_names) for why in told if why]
    people_and_chance = [index for index, mover in enumerate(session.movers) if mover < 0 or mover == 0]
    assert all(session.reasons[index] is None for index in people_and_chance)


def test_a_secret_choice_says_why_only_once_the_choices_are_shown():
    table = table_for("thricewise", people=1, players=3)
    assert table.session.reasons[-1] is not None and table.session.reason(len(table.sentences) - 1) is None
    assert "Ben" not in "".join(log_reasons(table))  # Ben's pick names its card
    rng = random.Random(2)
    table.play(person_move(table, rng))  # the person's pick: the cards are shown, the placing starts
    while table.session.secret[-1] and not table.state.is_terminal():
        table.play(person_move(table, rng))
    assert any(log_reasons(table)) and table.session.reason(1) is not None


@pytest.mark.parametrize("game", sorted(games()))
def test_the_coach_tells_the_person_its_move_and_why(game):
    table = table_for(game, people=1, players=2)
    assert table.coach_button.layout.display is None
    advice = table.session.coach_advice()
    table.ask_coach()
    words = registered(game).words.move_words(table.state, advice.move)
    assert (
        escape(words) in table.message.value and escape(advice.why.told(table.state.seat_names)) in table.message.value
    )
    assert advice.move in seat_moves(table.state, table.person_to_move())
    finish(table, random.Random(1))
    assert table.coach_button.layout.display == "none" and table.session.coach_advice() is None


def closed(widget) -> bool:
    """Whether the widget and every widget inside it are closed (gone from the kernel and the page)."""
    return widget.comm is None and all(closed(child) for child in getattr(widget, "children", ()))


def test_a_new_game_closes_the_old_board_and_end_screen():
    table = table_for("danger-13")
    finish(table, random.Random(3))
    board, end_screen = table.board, table.stage.children[0]
    assert table.state.is_terminal() and not closed(board)
    table.new_game(table.next_seed())
    assert closed(board) and closed(end_screen)
    assert not closed(table.board) and contains(table, table.board)
    table.close()
    assert closed(table.board) and table.comm is None
