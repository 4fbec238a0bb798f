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
    ``RulesReference(game, rules=None, scale=1.0)``: every rule's title and text;
    ``opened``, ``focus``, ``show(rule_id)``.

Any game
    ``Hand(state, seat=None, scale=1.0)``: ``seat``'s cards (None: whoever is to move);
    ``cards``, ``playable`` (from the legal moves), ``selected``, ``highlight``,
    ``on_select(fn)``.
    ``ScoreSheet(state, scale=1.0)``: scores per round and totals, winners starred.

Game boards
    ``widgets/boards/<package>.py`` (named as the game's package in ``tutor/games/``) holds
    the board of one game and names it ``BOARD``, and says with ``clicks(move)`` what a
    person clicks to make a move; ``board_for(state, scale)`` finds it.
    Each joins the game's drawn parts with a ``Hand`` where the game has one and turns
    clicks into the game's moves (a card then a slot, a row, a cell, a button).

Every board (``widgets.board.Board``) offers ``state``, ``refresh()``, ``scale``, ``seat``,
``hints`` (light legal targets), ``set_highlight(items)``, ``on_move(fn)`` and
``on_message(fn)``; boards with a hand also ``select(card)``. ``LessonStepper`` and the play
page pick the board with ``board_for``.

Pages (``widgets/app.py`` builds them; the bodies live beside it, links in ``address``)
    ``learn.LessonShelf(game, lessons)``: the lessons in order, the one chosen in a
    ``LessonStepper`` and the rules reference beside it; its address (``address.LessonAddress``)
    names the lesson and step.
    ``drill.DrillBody(game)``: the game's drills, one position at a time.
    ``play.GameTable(game)``: seats for people (hot seat, with a pass screen between them)
    and computer players, speed, undo, move log (``log.MoveLog``), score sheet, end
    screen (``result``), record download and replay (``replay.GameReplay``).
    ``quiz.QuizRound(game, seed, count)``: quiz questions with the engine's reasons, a
    running score and "show me".
    ``studio.StudioBody(game)``: the lesson studio (``notebooks/studio.ipynb``): a
    ``tutor.studio.Draft`` drawn on the game's board, its steps and their editor, files in
    and out, the draft kept in the browser (``StudioFiles``).
    ``classroom``: the teacher's and the learners' classroom pages, one module per role
    (``presenter``, ``follower``, ``link``; ``lesson`` the lessons a class can take).
    ``pages``: which pages a game has and their titles (the server uses them too).
    ``poller.Poller``: the pages' one background loop on the kernel's event loop (the play
    page's computer players, the classroom pages' polls).
"""

from widgets.boards import board_for
from widgets.hand import Hand
from widgets.rules import RulesReference
from widgets.scores import ScoreSheet
from widgets.stepper import LessonStepper

__all__ = ["Hand", "LessonStepper", "RulesReference", "ScoreSheet", "board_for"]
