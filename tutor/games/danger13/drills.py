"""Danger 13 drills: a row busts once it reaches its line (13 or more, 18 with a 13→18
card), and a hand card refuses a card that would bust its owner."""

from __future__ import annotations

from tutor.drills import Drill, Task
from tutor.games import danger13 as d13
from tutor.messages import msg


def _total_after(state, seat: int, card) -> tuple[int, int]:
    """The row's total and line once ``card`` joins it, as the engine adds them up."""
    probe = state.clone()
    row = probe.rows[seat]
    probe.rows = tuple(
        row[:-1] if card.kind == d13.ARROW and other == seat else row + (card,) if other == seat else kept
        for other, kept in enumerate(probe.rows)
    )
    return probe.row_sum(seat), probe.limit(seat)


def _busted(after, seat: int, before) -> bool:
    """The engine's verdict: the round ended on ``seat`` busting."""
    return len(after.busts) > len(before.busts) and after.busts[-1] == seat


def _gives(state) -> list:
    """The dealer's gives now, to rows without a hand card (there the owner decides first)."""
    if state.phase != d13.GIVE:
        return []
    return [move for move in state.legal_moves() if d13.HAND_CARD not in state.rows[move.seat]]


def bust_candidates(state, seat: int) -> list:
    """Positions where some gives bust and some do not: 1 a bust well past the line,
    2 one that just reaches 13 (13 busts too), 3 a line raised to 18 on the table."""
    gives = _gives(state)
    if len(gives) != len(state.legal_moves()) or len(gives) < 2:
        return []
    busting = [move for move in gives if _busts(state, move)]
    if not busting or len(busting) == len(gives):
        return []
    totals = [_total_after(state, move.seat, move.card) for move in gives]
    raised = any(line == d13.RAISED_LIMIT and total >= d13.LIMIT for total, line in totals)
    exact = any(total == line for total, line in totals)
    return [(None, 3 if raised else 2 if exact else 1)]


def _busts(state, move) -> bool:
    after = state.clone()
    after.push(move)
    return _busted(after, move.seat, state)


def bust_task(state, seat: int, _subject, level: int) -> Task:
    card = state.revealed

    def judge(move) -> tuple[bool | None, str]:
        if not isinstance(move, d13.Give):
            return None, msg("drill.d13-bust.give", card=card)
        reason = state.why_not(move)
        if reason is not None:
            return False, str(reason)
        total, line = _total_after(state, move.seat, card)
        player = state.name(move.seat)
        if _busts(state, move):
            return True, msg("drill.d13-bust.right", card=card, player=player, total=total, line=line)
        return False, msg("drill.d13-bust.safe", card=card, player=player, total=total, line=line)

    solution = next(move for move in _gives(state) if _busts(state, move))
    rules = ("d13.bust", "d13.raise") if level == 3 else ("d13.bust",)
    return Task(
        state,
        seat,
        msg("drill.d13-bust.prompt", dealer=state.name(seat), card=card),
        level,
        rules,
        judge=judge,
        move=solution,
        hint=msg("drill.d13-bust.hint", card=card),
    )  # the card turned up stands out already: no mark


def hand_candidates(state, seat: int) -> list:
    """A hand card's owner deciding: 1 the total lands well away from the line, 2 one
    off it, 3 exactly on it (13 busts too)."""
    if state.phase != d13.DECIDE or state.pending.kind not in d13.VALUED:
        return []
    total, line = _total_after(state, seat, state.pending)
    distance = abs(total - line)
    return [(None, 3 if distance == 0 else 2 if distance == 1 else 1)]


def hand_task(state, seat: int, _subject, level: int) -> Task:
    card = state.pending
    total, line = _total_after(state, seat, card)
    accepted = state.clone()
    accepted.push(d13.Choice(card, d13.ACCEPT))
    busts = _busted(accepted, seat, state)  # the engine's verdict on taking it
    wanted = d13.REFUSE if busts else d13.ACCEPT
    words = {"card": card, "total": total, "line": line, "before": state.row_sum(seat)}

    def judge(move) -> tuple[bool | None, str]:
        if not isinstance(move, d13.Choice):
            return None, msg("drill.d13-hand.decide", card=card)
        reason = state.why_not(move)
        if reason is not None:
            return False, str(reason)
        if move.answer == wanted:
            return True, msg(f"drill.d13-hand.right-{wanted}", **words)
        if move.answer == d13.REFUSE:  # allowed, only weaker: a remark, never a mistake or a lost star
            return None, msg("drill.d13-hand.keep-hand", **words)
        return False, msg("drill.d13-hand.wrong-accept", **words)

    prompt = msg("drill.d13-hand.prompt", player=state.name(seat), card=card, before=state.row_sum(seat), line=line)
    return Task(
        state,
        seat,
        prompt,
        level,
        ("d13.hand", "d13.bust"),
        judge=judge,
        move=d13.Choice(card, wanted),
        hint=msg("drill.d13-hand.hint", card=card, before=state.row_sum(seat), line=line),
    )


DRILLS = (
    Drill("d13-bust", bust_candidates, bust_task, levels=(1, 1, 2, 2, 3, 3)),
    Drill("d13-hand", hand_candidates, hand_task, levels=(1, 1, 2, 2, 3, 3)),
)
