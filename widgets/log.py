"""The move log: each move of a game as a sentence, read from the engine's states before
and after it (who moved, what it caused), so the log never judges a rule itself.

Sentences show only what everyone at the table saw: a Monster Trick prediction or a
Thricewise pick is told without its cards."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.games import danger13 as d13
from tutor.games import game_module
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw
from tutor.messages import msg


def listed(names: list[str]) -> str:
    """``Ann``, ``Ann and Ben``, ``Ann, Ben and Cleo``."""
    if len(names) == 1:
        return names[0]
    return msg("app.list.and", first=", ".join(names[:-1]), last=names[-1])


def _monster_trick(before, move, after) -> list[str]:
    if isinstance(move, mt.Deal):
        return [msg("app.log.mt.deal", round=after.round)]
    player = before.name(before.to_move)
    if isinstance(move, mt.Predict):
        return [msg("app.log.mt.predict", player=player)]
    said = [msg("app.log.mt.play", player=player, card=move.card, slot=move.slot + 1)]
    round_over = len(after.round_scores) > len(before.round_scores)
    won = after.round_tricks[-1] if round_over else after.won
    said += [msg("app.log.mt.trick", player=before.name(seat), slot=move.slot + 1)
             for seat in range(before.players) if won[seat] > before.won[seat]]
    if round_over:
        scores = ", ".join(msg("app.log.score", player=before.name(seat), score=score)
                           for seat, score in enumerate(after.round_scores[-1]))
        said.append(msg("app.log.mt.round-over", round=before.round, scores=scores))
    return said


def _danger13(before, move, after) -> list[str]:
    if isinstance(move, d13.Reveal):
        if move.source == d13.FROM_PACKET:
            said = [msg("app.log.d13.reveal", player=before.name(before.dealer), card=move.card)]
        else:
            said = [msg("app.log.d13.draw", player=before.name(before.actor), card=move.card)]
    elif isinstance(move, d13.Give):
        said = [msg("app.log.d13.give", dealer=before.name(before.dealer), card=move.card,
                    player=before.name(move.seat))]
    else:
        said = [msg(f"app.log.d13.{move.answer}", player=before.name(before.actor), card=move.card)]
    if len(after.busts) > len(before.busts):
        busted = after.busts[-1]
        said.append(msg("app.log.d13.no-bust") if busted is None
                    else msg("app.log.d13.bust", player=before.name(busted)))
    return said


def _thricewise(before, move, after) -> list[str]:
    if isinstance(move, tw.Deal):
        return [msg("app.log.tw.deal")]
    if isinstance(move, tw.Draw):
        return [msg("app.log.tw.draw")]
    if isinstance(move, tw.Pick):
        said = [msg("app.log.tw.pick", player=before.name(move.seat))]
        if after.phase != "pick":  # the last pick turns every chosen card up
            shown = ", ".join(msg("app.log.tw.shown", player=after.name(seat), card=card)
                              for seat, card in enumerate(after.revealed) if card is not None)
            said.append(msg("app.log.tw.reveal", cards=shown))
            if after.tied:
                said.append(msg("app.log.tw.tied", players=listed([after.name(seat) for seat in after.tied])))
        return said
    player = before.name(before.to_move)
    if isinstance(move, tw.Done):
        return [msg("app.log.tw.done", player=player)]
    said = [msg("app.log.tw.place", player=player, card=move.card,
                cell=msg("tw.cell", col=move.cell.col, row=move.cell.row))]
    triads = after.triads[len(before.triads):]
    if triads:
        said.append(msg("app.log.tw.scores", points=sum(triad.points for triad in triads),
                        triads="; ".join(triad.describe() for triad in triads)))
    return said


SENTENCES = {mt.GAME_ID: _monster_trick, d13.GAME_ID: _danger13, tw.GAME_ID: _thricewise}


def sentence(before, move, after) -> str:
    """``move`` in words; ``before`` is the position it was made in, ``after`` the result."""
    said = SENTENCES[before.game_id](before, move, after)
    if after.is_terminal():
        said.append(msg("app.log.over"))
    return " ".join(said)


def start_of(state):
    """The same game at its start: players, seed, options, first player and names."""
    return game_module(state.game_id).new_game(state.players, seed=state.seed, options=state.options,
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
