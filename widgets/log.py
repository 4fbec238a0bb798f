"""The move log: each move of a game as a sentence, in the words of the game's package
(``words.sentences``), so the log never judges a rule itself.

Sentences show only what everyone at the table saw: a Monster Trick prediction or a
Thricewise pick is told without its cards."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.games import game
from tutor.messages import msg


def sentence(before, move, after) -> str:
    """``move`` in words; ``before`` is the position it was made in, ``after`` the result."""
    said = game(before.game_id).part("words").sentences(before, move, after)
    if after.is_terminal():
        said.append(msg("app.log.over"))
    return " ".join(said)


def start_of(state):
    """The same game at its start: players, seed, options, first player and names."""
    return game(state.game_id).new_game(state.players, seed=state.seed, options=state.options,
                                               first_player=state.first_player, seat_names=state.seat_names)


def replayed(state) -> list[str]:
    """The sentences of every move in ``state.move_stack``, from the game's start."""
    game, said = start_of(state), []
    for move in state.move_stack:
        before = game.clone()
        game.push(move)
        said.append(sentence(before, move, game))
    return said


class MoveLog(w.HTML):
    """The sentences of a game so far, newest on top, in a box that scrolls."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_class("tutor-log")
        self.show([])

    def show(self, sentences: list[str]) -> None:
        items = "".join(f"<li>{escape(text)}</li>" for text in reversed(sentences))
        body = f'<ol reversed>{items}</ol>' if sentences else f'<p>{escape(msg("app.log.empty"))}</p>'
        heading = escape(msg("app.log.heading"))
        self.value = f'<section aria-label="{heading}"><h2>{heading}</h2>{body}</section>'
