"""The move log: each move of a game as a sentence, in the words of the game's package
(``words.sentences``), so the log never judges a rule itself.

Sentences show only what everyone at the table saw: a secret choice is told without its
cards."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.messages import msg


def sentence(state, index: int) -> str:
    """The move at ``state.move_stack[index]`` in words, from the events the engine gives."""
    said = state.game.words.sentences(state, index)
    if index % len(state.move_stack) == len(state.move_stack) - 1 and state.is_terminal():
        said.append(msg("app.log.over"))
    return " ".join(said)


def replayed(state) -> list[str]:
    """The sentences of every move in ``state.move_stack``."""
    return [sentence(state, index) for index in range(len(state.move_stack))]


class MoveLog(w.HTML):
    """The sentences of a game so far, newest on top, in a box that scrolls. A move given a
    reason (a computer player's) has a "Why?" beside it that unfolds the reason in the
    browser alone (a details element: no wait for a kernel busy with the computer players)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_class("tutor-log")
        self.show([])

    def show(self, sentences: list[str], reasons: list[str] | None = None) -> None:
        """``reasons[index]`` (if given) says why move ``index`` was made; empty for none."""
        reasons = reasons or [""] * len(sentences)
        items = "".join(
            f'<li><span class="tutor-move">{escape(text)}</span>{_why(reason)}</li>'
            for text, reason in reversed(list(zip(sentences, reasons)))
        )
        body = f"<ol reversed>{items}</ol>" if sentences else f"<p>{escape(msg('app.log.empty'))}</p>"
        heading = escape(msg("app.log.heading"))
        self.value = f'<section aria-label="{heading}"><h2>{heading}</h2>{body}</section>'


def _why(reason: str) -> str:
    if not reason:
        return ""
    return (
        f'<details class="tutor-move-why"><summary>{escape(msg("app.log.why"))}</summary>'
        f"<p>{escape(reason)}</p></details>"
    )
