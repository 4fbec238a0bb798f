"""The practise page's body: quiz questions on positions from seeded games, answered by
the engine with its reasons, a running score, and "show me" on the board."""

from __future__ import annotations

import random
from html import escape

import ipywidgets as w

from tutor.games import Game
from tutor.messages import has, msg
from tutor.quizzes import quiz
from widgets.board import Actions
from widgets.boards import board_for
from widgets.feedback import feedback
from widgets.log import sentence
from widgets.rules import RulesReference

SEEDS = 10**9  # a fresh round's seed is drawn from this many


def question_marks(question) -> list[str]:
    """What to light on the board: the card asked about, and where it goes or to whom."""
    subject = question.subject
    if question.marks:
        return [*question.marks, *([str(subject.card)] if hasattr(subject, "card") else [])]
    if not hasattr(subject, "card"):
        return [str(subject)]
    marks = [str(subject.card)]
    if hasattr(subject, "seat"):
        marks.append(question.position.name(subject.seat))
    if hasattr(subject, "cell"):
        marks.append(str(subject.cell))
    return marks


class QuizRound(w.HBox):
    """Questions one at a time, each answered by the engine with its reasons; the rules it
    cites open beside. After an answer, "show me" steps from the position to the answer
    on the board: it plays the move asked about, lights where the card may go, or turns
    up the player's VP cards. The same ``seed`` gives the same questions (None: a seed
    drawn afresh, so every visit has its own questions in its own order); "new
    questions" takes the next seed."""

    def __init__(self, game: Game, seed: int | None = None, count: int = 10):
        self.game, self.count = game, count
        self.counter = w.HTML()
        self.prompt = w.HTML()
        self.choices = w.VBox([])
        self.choices.add_class("tutor-choices")
        self.answer = w.HTML()
        self.shown = w.HTML()
        self.show_me = w.Button(description=msg("app.practise.show-me"), icon="eye", layout=w.Layout(width="auto"))
        self.show_me.add_class("tutor-show-me")
        self.show_me.on_click(lambda _: self.demonstrate())
        self.onward = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.onward.add_class("tutor-onward")
        self.onward.on_click(
            lambda _: self.ask(self.number + 1) if self.number + 1 < len(self.questions) else self.new_round()
        )
        after = w.HBox([self.show_me, self.onward])
        after.add_class("tutor-after")
        # the buttons come straight after the choices, so "next" stays in view however long
        # the answer's explanation below them grows (a projector column, a phone)
        panel = w.VBox([self.counter, self.prompt, self.choices, after, self.answer, self.shown])
        panel.add_class("tutor-panel")
        self.reference = RulesReference(game)
        self.reference.add_class("tutor-reference")
        self._deal(random.SystemRandom().randrange(SEEDS) if seed is None else seed)
        self.board = board_for(self.questions[0].position, 1.0)
        for part in self.board.parts:  # a position to look at: its buttons (take, refuse, done) would play nothing
            if isinstance(part, Actions):
                part.accepting = False
        stage = w.VBox([self.board])
        super().__init__([stage, panel, self.reference])
        self.add_class("tutor-body")
        self.ask(0)

    @property
    def question(self):
        return self.questions[self.number]

    def _deal(self, seed: int) -> None:
        self.seed = seed
        self.questions = quiz(self.game, seed, self.count)
        self.right = self.answered = 0

    def new_round(self, seed: int | None = None) -> None:
        self._deal(self.seed + 1 if seed is None else seed)
        self.ask(0)

    def relabel(self, game: Game, seed: int | None = None) -> None:
        """The same round in the language now set: drawn again from its seed (the same
        positions and answers), at the same question, with the answer given and "show me"
        as they were. The round keeps its own seed whatever the address (``seed``) says."""
        chosen, demonstrating = self.chosen, self.demonstrating
        self.questions = quiz(self.game, self.seed, self.count)
        self.ask(self.number)
        if chosen is not None:
            self.right -= chosen == self.question.correct  # choose() counts the answer again
            self.answered -= 1
            self.choose(chosen)
            if demonstrating:
                self.demonstrate()
        self.reference.refresh()

    def ask(self, number: int) -> None:
        self.number = number
        self.chosen: int | None = None  # the choice made on this question
        question = self.question
        self._draw_position()
        self._count()
        self.prompt.value = f'<p class="tutor-prompt">{escape(question.prompt)}</p>'
        self.choices.children = [self._choice(index, text) for index, text in enumerate(question.choices)]
        self.answer.value = ""
        for button in (self.show_me, self.onward):
            button.layout.display = "none"
        self.reference.focus, self.reference.opened = list(question.rules), []

    def _draw_position(self) -> None:
        """The question's position as asked: nothing lit that would give the answer away."""
        self.demonstrating = False
        self.board.seat = None  # first: the old seat may not exist in the new position
        self.board.state = self.question.position
        self.board.hints = False
        self.board.set_highlight(question_marks(self.question))
        self.board.conceal(self.question.conceals)
        self.shown.value = ""
        self.show_me.description = msg("app.practise.show-me")

    def _count(self) -> None:
        running = msg("app.practise.running", right=self.right, answered=self.answered) if self.answered else ""
        count = msg("app.practise.count", number=self.number + 1, total=len(self.questions))
        self.counter.value = (
            f'<p class="tutor-count">{escape(count)} <span class="tutor-running">{escape(running)}</span></p>'
        )

    def _choice(self, index: int, text: str) -> w.Button:
        button = w.Button(description=text, layout=w.Layout(width="auto", align_self="stretch"))  # margins stay inside
        button.on_click(lambda _: self.choose(index))
        return button

    def choose(self, index: int) -> None:
        """The learner's answer to the question on show; one per question."""
        if self.chosen is not None:
            return
        question = self.question
        self.chosen = index
        right, text = question.answer(index)
        self.right += right
        self.answered += 1
        for number, button in enumerate(self.choices.children):  # a mark as well as a colour
            button.disabled = True
            button.button_style = "success" if number == question.correct else "danger" if number == index else ""
            mark = "\u2713 " if number == question.correct else "\u2717 " if number == index else ""
            button.description = mark + question.choices[number]
        last = self.number + 1 == len(self.questions)
        score = f" {msg('app.practise.score', right=self.right, total=len(self.questions))}" if last else ""
        self.answer.value = feedback(right, text + score)
        self._count()
        self.reference.opened = list(question.rules)
        self.onward.description = msg("app.practise.again" if last else "app.practise.next")
        for button in (self.show_me, self.onward):
            button.layout.display = None

    def demonstrate(self) -> None:
        """ "Show me": from the question's position one step to its answer; again: back.
        Only once the question is answered: before, it would give the answer away."""
        if self.chosen is None:
            return
        if self.demonstrating:
            self._draw_position()
            return
        question, board = self.question, self.board
        subject, position = question.subject, question.position
        board.conceal(())  # the answer is given: nothing left to hide
        if subject in position.legal_moves():  # a move: play it
            after = position.clone()
            after.push(subject)
            board.seat = position.mover(subject)  # still their cards on show, less the one played
            board.state = after
            board.set_highlight(question_marks(question))
            shown = sentence(after, -1)
        elif isinstance(subject, int):  # a player: their VP cards as they see them
            board.seat = subject
            shown = msg("app.practise.shown-seat", player=position.name(subject))
        else:  # a card (or a move not allowed): where the engine lets the card go (a board with a hand
            # lights it once the card is picked)
            card = getattr(subject, "card", subject)
            board.hints = True
            if hasattr(board, "hand"):
                board.select(card)
            shown = msg(
                f"quiz.{question.kind}.shown" if has(f"quiz.{question.kind}.shown") else "app.practise.shown-card",
                card=card,
            )
        self.demonstrating = True
        self.shown.value = feedback(None, shown)
        self.show_me.description = msg("app.practise.show-again")
