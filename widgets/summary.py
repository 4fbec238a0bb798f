"""A turn in brief: the summary that ends a game's last lesson, one line per rule, each
line's rule a link the rules reference opens. It also has a page of its own (the learn
page's address with ``summary=1``) that prints on one sheet (widgets/static/page.css)."""

from __future__ import annotations

from html import escape

import traitlets

from tutor.games import Game
from tutor.lessons import turn_in_brief
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.component import Component


class TurnInBrief(Component):
    """``TurnInBrief(game)``: the game's turn in brief; ``rule`` is the rule whose link
    was clicked last (the page opens it in the rules reference)."""

    rule = traitlets.Unicode(None, allow_none=True)

    def __init__(self, game: Game, **kwargs):
        self.game = game
        super().__init__(**kwargs)
        self.refresh()

    def click(self, name: str) -> None:
        kind, _, rule_id = name.partition(":")
        if kind == "rule" and rule_id in dict(turn_in_brief(self.game.id)):
            self.rule = None  # a second click on the same link opens it again
            self.rule = rule_id

    def render(self) -> str:
        titles = {rule.id: rule.title for rule in self.game.rule_list}
        lines = [
            el(
                "li",
                el("span", escape(text)),
                " ",
                el(
                    "button",
                    escape(titles[rule_id]),
                    type="button",
                    class_="tutor-link",
                    data_target=f"rule:{rule_id}",
                    aria_label=msg("widgets.stepper.rule-link", title=titles[rule_id]),
                ),
            )
            for rule_id, text in turn_in_brief(self.game.id)
        ]
        heading = msg("app.learn.turn-heading", game=self.game.name)
        return el(
            "section",
            el("h2", escape(heading)),
            el("p", escape(msg("app.learn.turn-intro")), class_="tutor-turn-intro"),
            el("ol", *lines),
            class_="tutor-turn",
            aria_label=heading,
        )
