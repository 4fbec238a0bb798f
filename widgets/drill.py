"""The drills page's body: the game's drills with the stars earned (kept in the browser),
and the drill on show, one position at a time on the game's board. The engine judges
every answer (tutor.drills); a right one stays on show, the part of the table it changed
marked, until the learner goes on to the next position."""

from __future__ import annotations

from html import escape

import ipywidgets as w
import traitlets

from tutor.drills import MOST_STARS, Run, drills
from tutor.games import Game
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.assets import browser_side
from widgets.boards import board_for
from widgets.component import Component
from widgets.feedback import feedback

STAR, NO_STAR = "\u2605", "\u2606"


def star_row(stars: int) -> str:
    """Stars as marks (filled and hollow) with their number in words beside them for
    screen readers: the colour is never the only sign."""
    marks = el("span", STAR * stars + NO_STAR * (MOST_STARS - stars), class_="tutor-stars", aria_hidden="true")
    words = msg("app.drill.stars", stars=stars) if stars else msg("app.drill.not-yet")
    return marks + el("span", escape(words), class_="tutor-sr")


class DrillList(Component):
    """The game's drills as buttons, each with its stars. ``stars`` maps a drill's id to
    the most stars earned; static/parts/kept.js keeps it in the browser per game and gives it
    back when the page opens. ``on_choose(fn)`` hears the id of a drill clicked."""

    _esm, _css = browser_side("tutor.js", "drill.css")
    kind = traitlets.Unicode("drill-list").tag(sync=True)
    game = traitlets.Unicode().tag(sync=True)
    stars = traitlets.Dict().tag(sync=True)
    current = traitlets.Unicode()

    def __init__(self, game: Game, choose):
        self.choose, self.entry = choose, game
        super().__init__(game=game.id)  # the browser keeps stars per game id
        self.observe(lambda _change: self.refresh(), names=["stars", "current"])
        self.refresh()

    def earn(self, drill_id: str, stars: int) -> None:
        if stars > self.stars.get(drill_id, 0):
            self.stars = {**self.stars, drill_id: stars}

    def click(self, name: str) -> None:
        kind, _, drill_id = name.partition(":")
        if kind == "drill" and any(drill.id == drill_id for drill in drills(self.entry)):
            self.choose(drill_id)

    def render(self) -> str:
        buttons = [
            el(
                "button",
                el("span", escape(drill.title), class_="tutor-drill-title")
                + star_row(int(self.stars.get(drill.id, 0))),
                type="button",
                data_target=f"drill:{drill.id}",
                aria_pressed=str(drill.id == self.current).lower(),
            )
            for drill in drills(self.entry)
        ]
        return el("nav", *buttons, class_="tutor-drill-list", aria_label=msg("app.drill.list"))


class DrillBody(w.HBox):
    """``DrillBody(game)``: the drill list above, the board of the position on show and
    the panel with the question, the answers (a drill answered by picking) and what the
    engine says. A drill done shows its stars and leads to the next one."""

    def __init__(self, game: Game, seed: int = 0):
        self.game, self.seed = game, seed
        self.run = Run(game, drills(game)[0].id, seed)
        self.list = DrillList(game, self.start)
        self.counter = w.HTML()
        self.prompt = w.HTML()
        self.choices = w.VBox([])
        self.choices.add_class("tutor-choices")
        self.said = w.HTML()
        self.hint = w.Button(description=msg("app.drill.hint"), icon="lightbulb-o", layout=w.Layout(width="auto"))
        self.hint.add_class("tutor-hint-button")
        self.hint.on_click(lambda _: self.give_hint())
        self.nudge = w.HTML()  # the hint taken, kept on show beside the answers until the next position
        self.again = w.Button(description=msg("app.drill.again"), icon="redo", layout=w.Layout(width="auto"))
        self.again.on_click(lambda _: self.start(self.run.drill_id))
        self.onward = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.onward.add_class("tutor-onward")
        self.onward.on_click(lambda _: self.go_on())
        self.held = False  # a right answer on show, the move drawn, until the learner goes on
        self.after = w.HBox([self.onward, self.again])
        self.after.add_class("tutor-after")
        self.board = board_for(self.run.task.position, 1.0)
        self.board.on_move(self.moved)
        self.board.on_message(lambda text: setattr(self.said, "value", feedback(None, text)))
        panel = w.VBox(
            [self.list, self.counter, self.prompt, self.choices, self.hint, self.nudge, self.after, self.said]
        )
        panel.add_class("tutor-panel")
        panel.add_class("tutor-drill-panel")
        super().__init__([w.VBox([self.board]), panel])
        self.add_class("tutor-body")
        self.list.current = self.run.drill_id
        self.show()

    def give_hint(self) -> None:
        """The rule to apply to this position, in words; the run notes it (two stars at most)."""
        if self.held or self.run.finished:
            return
        self.nudge.value = feedback(None, self.run.hint())
        self.hint.disabled = True

    def go_on(self) -> None:
        """After a right answer: the next position (or the stars); after the stars: the next drill."""
        if self.held:
            self.held = False
            self.said.value = ""
            self.show()
        else:
            self.start(self._following().id)

    def start(self, drill_id: str) -> None:
        self.held = False
        self.run = Run(self.game, drill_id, self.seed)
        self.list.current = drill_id
        self.said.value = ""
        self.show()

    def relabel(self, game: Game) -> None:
        """The same drill at the same position in the language now set."""
        self.held = False
        self.run = self.run.relabelled()
        self.again.description = msg("app.drill.again")
        self.hint.description = msg("app.drill.hint")
        self.list.refresh()
        self.said.value = ""
        self.show()

    def _following(self):
        known = drills(self.game)
        index = [drill.id for drill in known].index(self.run.drill_id)
        return known[(index + 1) % len(known)]

    def show(self) -> None:
        """The position on show, or the stars once the drill is done."""
        run = self.run
        self._count()
        self.after.layout.display = None if run.finished else "none"
        self.again.layout.display = None
        self.board.accepting = True
        self.nudge.value = ""
        self.hint.disabled = False
        self.hint.layout.display = "none" if run.finished or not run.task.hint else None
        if run.finished:
            hinted = f" {escape(msg('app.drill.hinted'))}" if run.hinted else ""
            self.prompt.value = (
                f'<p class="tutor-prompt tutor-drill-done">{star_row(run.stars)} '
                f"{escape(msg('app.drill.done', mistakes=run.mistakes))} "
                f"{escape(msg('app.drill.earned', stars=run.stars))}{hinted}</p>"
            )
            self.choices.children = []
            self.onward.description = msg("app.drill.next", title=self._following().title)
            return
        task = run.task
        self.board.seat = None  # first: the old seat may not exist in the new position
        self.board.state = task.position
        self.board.seat = task.seat
        self.board.hints = False  # lit places would give the answer away
        self.board.set_highlight(list(task.marks))
        self.board.conceal(task.conceals)
        how = "" if task.choices else f' <span class="tutor-hint">{escape(msg("app.drill.on-board"))}</span>'
        self.prompt.value = f'<p class="tutor-prompt">{escape(task.prompt)}{how}</p>'
        self.choices.children = [self._choice(index, text) for index, text in enumerate(task.choices)]

    def _count(self) -> None:
        run = self.run
        number = min(run.number + 1, len(run.tasks))
        count = msg("app.drill.count", number=number, total=len(run.tasks))
        mistakes = msg("app.drill.mistakes", mistakes=run.mistakes) if run.mistakes else ""
        title = el("strong", escape(msg(f"drill.{run.drill_id}.title")))
        self.counter.value = (
            f'<p class="tutor-count">{title} · {escape(count)} '
            f'<span class="tutor-mistakes">{escape(mistakes)}</span></p>'
        )

    def _choice(self, index: int, text: str) -> w.Button:
        button = w.Button(description=text, layout=w.Layout(width="auto", align_self="stretch"))
        button.on_click(lambda _: self.answer(index))
        return button

    def moved(self, move) -> None:
        if self.run.finished or not self.run.task.on_board:
            return  # nothing asked on the board now: the answers are the buttons
        self.answer(move)

    def answer(self, answer) -> None:
        """A move or a choice: what the engine says stays on show; a right answer brings
        the next position (or the stars), a wrong one keeps this one to try again."""
        run = self.run
        if run.finished:
            return
        right, text = run.answer(answer)
        self.said.value = feedback(right, text)
        if right is None:
            return
        if right:
            if run.finished:
                self.list.earn(run.drill_id, run.stars)
            self._hold(answer)
        else:
            self._count()
            if run.task.on_board:  # the card picked is put back: the next try starts afresh
                self.board.state = run.task.position
            else:  # a wrong pick is marked, the others can still be tried
                button = self.choices.children[answer]
                button.disabled, button.button_style = True, "danger"
                button.description = "\u2717 " + run.task.choices[answer]

    def _hold(self, answer) -> None:
        """A right answer stays on show with its verdict, the move drawn on the board (or the
        choice ticked), until the learner goes on with Next: the next position does not
        replace the board under their eyes."""
        task = self.run.tasks[self.run.number - 1]
        self.held = True
        if task.on_board:  # the part of the table the move changed marked, where the learner looks
            marks = self.board.move_marks(answer)
            after = task.position.clone()
            after.push(answer)
            self.board.state = after
            self.board.accepting = False
            self.board.set_highlight(marks)
        else:
            for index, button in enumerate(self.choices.children):
                button.disabled = True
                if index == answer:
                    button.button_style = "success"
                    button.description = "\u2713 " + task.choices[index]
        self.onward.description = msg("widgets.stepper.next")
        self.hint.layout.display = "none"
        self.nudge.value = ""  # the verdict says it all now: the hint would push it and Next out of view
        self.again.layout.display = "none"
        self.after.layout.display = None
