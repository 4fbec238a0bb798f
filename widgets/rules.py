"""The rules reference of one game: every rule, note and variant, titles and text from
the message catalog."""

from __future__ import annotations

from html import escape

import traitlets

from tutor.games import Game
from tutor.messages import msg
from tutor.svg.draw import el
from widgets.component import Component


class RulesReference(Component):
    """``RulesReference(game, rules=None, scale=1.0)``: the game's rules as a list that
    opens one entry per click. ``rules`` limits the list to those ids; ``focus`` marks
    rules (a lesson's); ``opened`` lists the entries shown open."""

    opened = traitlets.List[str]()
    focus = traitlets.List[str]()

    def __init__(self, game: Game, rules=None, scale: float = 1.0, **kwargs):
        self.game = game
        self.rules = [rule for rule in game.rule_list if rules is None or rule.id in rules]
        super().__init__(scale=scale, **kwargs)
        self.observe(lambda _change: self.refresh(), names=["opened", "focus"])
        self.refresh()

    def show(self, rule_id: str) -> None:
        """Open one rule (a link from a lesson or a refused move)."""
        if rule_id not in self.opened:
            self.opened = [*self.opened, rule_id]

    def click(self, name: str) -> None:
        kind, _, rule_id = name.partition(":")
        if kind == "rule" and any(rule.id == rule_id for rule in self.rules):
            self.opened = (
                [other for other in self.opened if other != rule_id]
                if rule_id in self.opened
                else [*self.opened, rule_id]
            )

    def render(self) -> str:
        entries = []
        for rule in self.rules:
            kind = el("span", escape(msg(f"rulekind.{rule.kind}")), class_=f"tutor-kind tutor-kind-{rule.kind}")
            summary = el("summary", kind, escape(rule.heading), data_target=f"rule:{rule.id}")
            entries.append(
                el(
                    "details",
                    summary,
                    el("p", escape(rule.text)),
                    open=rule.id in self.opened,
                    class_="tutor-focus" if rule.id in self.focus else None,
                )
            )
        heading = el("h2", escape(msg("widgets.rules.heading", game=self.game.name)))
        return el(
            "section",
            heading,
            *entries,
            class_="tutor-reference",
            aria_label=msg("widgets.rules.heading", game=self.game.name),
        )
