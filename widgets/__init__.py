"""ipywidgets components that draw engine states and forward clicks.

Components are thin: they draw what the engine says and send clicks back; every "may I?"
is answered by the engine (``why_not``, ``slots_for``, legal moves). Each is an
ipywidgets DOMWidget (anywidget or a Box of them) to ``display()``; each takes
``scale`` (1.0; 1.5-2 for a projector) and works at 2-5 players. State-drawing ones
have a ``state`` property (set it to redraw from a new engine state) and ``refresh()``
(redraw after the state changed in place). Clicks arrive in Python through
``click(name)``, which tests call directly; the browser side sends the same names.

Lessons
    ``LessonStepper(lesson_or_path, scale=1.0, text=None)``: the lesson's board beside
    its annotation, step counter, rule links and back / next / restart. Try-it steps
    wait for a move and answer it with ``Lesson.judge`` (the engine's reason when
    refused). A lesson that does not load shows its LessonError sentence. Traits:
    ``step`` (index shown), ``message``/``verdict`` (last answer), ``solved``, ``rule``
    (rule opened), ``error``; methods ``next()``, ``back()``, ``restart()``,
    ``play(move)``.
    ``RulesReference(game_id, rules=None, scale=1.0)``: every rule's title and text;
    ``opened``, ``focus``, ``show(rule_id)``.

Any game
    ``Hand(state, seat=None, scale=1.0)``: ``seat``'s cards (None: whoever is to move);
    ``cards``, ``playable`` (from the legal moves), ``selected``, ``highlight``,
    ``on_select(fn)``.
    ``ScoreSheet(state, scale=1.0)``: scores per round and totals, winners starred.

Monster Trick
    ``MonsterTrickTable(state)``: four slots, fanned tricks, claim markers; set
    ``selected`` to a card to light its legal slots (``lit``); ``on_slot(fn)``.
    ``MonsterTrickPlayers(state, seat=None)``: VP cards (face down / active), tricks won,
    cards in hand, as ``seat`` may see them.
    ``MonsterTrickPrediction(state)``: lay out the VP cards; ``on_move(fn)`` gets ``Predict``.
    ``MonsterTrickBoard(state, seat=None)``: all of the above and a ``Hand``; a card then a
    slot gives ``on_move(fn)`` a ``Play``; ``set_highlight(["slot 4", "green 8", "Red"])``.

Danger 13
    ``Danger13Table(state, seat=None)``: the pile, the dealer's cards, the turned-up card,
    the discards, and per player the row with its sum against the limit, dealer and start
    marks and the bank (plus points only for ``seat``); rows that may get the card are
    ``lit``; ``on_seat(fn)``.
    ``Danger13Board(state, seat=None)``: the table and take / refuse buttons; a row click
    gives ``on_move(fn)`` a ``Give``, a button a ``Choice``.

Thricewise
    ``ThricewiseGrid(state)``: the grid with the 6 x 6 bound (walls, blocked cells), this
    turn's scored triads, and the cells the ``selected`` card may go on ``lit``; ``on_cell(fn)``.
    ``ThricewisePlayers(state, seat=None)``: points, hand sizes, who has chosen, revealed
    and deferred cards.
    ``ThricewiseBoard(state, seat=None)``: players, grid, a ``Hand`` (cards to place first)
    and the Choose / Keep-for-later buttons; ``on_move(fn)`` gets ``Pick``, ``Place``, ``Done``.

Every board (``widgets.board.Board``) offers ``state``, ``refresh()``, ``scale``, ``seat``,
``hints`` (light legal targets), ``set_highlight(items)``, ``on_move(fn)`` and
``on_message(fn)``; boards with a hand also ``select(card)``. ``LessonStepper`` picks the
board from the lesson's game.

Pages (``widgets/app.py`` builds them; the bodies live beside it)
    ``play.GameTable(game)``: seats for people (hot seat, with a pass screen between them)
    and computer players, speed, undo, move log (``log.MoveLog``), score sheet, end
    screen (``result``), record download and replay (``replay.GameReplay``).
    ``quiz.QuizRound(game, seed, count)``: quiz questions with the engine's reasons, a
    running score and "show me".
"""
from widgets.danger13 import Danger13Board, Danger13Table
from widgets.hand import Hand
from widgets.monster_trick import MonsterTrickBoard, MonsterTrickPlayers, MonsterTrickPrediction, MonsterTrickTable
from widgets.rules import RulesReference
from widgets.scores import ScoreSheet
from widgets.stepper import LessonStepper
from widgets.thricewise import ThricewiseBoard, ThricewiseGrid, ThricewisePlayers

__all__ = [
    "Danger13Board", "Danger13Table", "Hand", "LessonStepper", "MonsterTrickBoard", "MonsterTrickPlayers",
    "MonsterTrickPrediction", "MonsterTrickTable", "RulesReference", "ScoreSheet", "ThricewiseBoard",
    "ThricewiseGrid", "ThricewisePlayers",
]
