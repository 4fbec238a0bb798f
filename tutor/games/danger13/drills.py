"""Danger 13 drills: a row busts once it reaches its line (13 or more, 18 with a 13→18
card), a hand card refuses a card that would bust its owner, what each player banks when
a round ends, and what an arrow takes away."""

from __future__ import annotations

from tutor.drills import Drill, Task, fits, number_choices, place_for
from tutor.games import danger13 as d13
from tutor.games.danger13.quizzes import banked, busted, busts
from tutor.games.danger13.rules import Move
from tutor.messages import listed, msg


def _total_after(state: d13.State, seat: int, card: d13.Card) -> tuple[int, int]:
    """The row's total and line once ``card`` joins it, as the engine adds them up."""
    probe = state.clone()
    row = probe.rows[seat]
    probe.rows = tuple(
        row[:-1] if card.kind == d13.ARROW and other == seat else row + (card,) if other == seat else kept
        for other, kept in enumerate(probe.rows)
    )
    return probe.row_sum(seat), probe.limit(seat)


def _gives(state: d13.State) -> list[d13.Give]:
    """The dealer's gives now, to rows without a hand card (there the owner decides first)."""
    if state.phase != d13.GIVE:
        return []
    return [
        move
        for move in state.legal_moves()
        if isinstance(move, d13.Give) and d13.HAND_CARD not in state.rows[move.seat]
    ]


def _to_go(state: d13.State, move: d13.Give) -> int:
    """How far below its line the row ends once ``move`` gives it the card (0 or less: busted)."""
    total, line = _total_after(state, move.seat, move.card)
    return line - total


def _nearest_safe(state: d13.State) -> list[d13.Give]:
    """The gives that bring a row nearest its line without busting it (several on a tie)."""
    safe = [move for move in _gives(state) if not busts(state, move)]
    nearest = min((_to_go(state, move) for move in safe), default=None)
    return [move for move in safe if _to_go(state, move) == nearest]


def bust_candidates(state: d13.State, seat: int) -> list[tuple[d13.Card | None, int]]:
    """Positions where the card's value decides which row it brings nearest the line without
    busting, and so how far down the rows (nearest first) the answer lies: 1 a small card
    that busts no row (the answer is the nearest), 2 one that busts the nearest row only,
    3 one that busts two rows or more (reaching the line exactly busts too). Only cards with
    a printed value, which every row adds up alike; one row is the answer. Games rarely bring
    two rows near the line at once, so level 3 is also offered with a bigger card of the draw
    pile turned up instead (subject: that card), where one busts two rows."""
    level = _bust_level(state)
    if level is None:
        return []
    bigger = _card_busting_two(state) if level < 3 else None
    return [(None, level), *([(bigger, 3)] if bigger is not None else [])]


def _bust_level(state: d13.State) -> int | None:
    gives = _gives(state)
    card = state.revealed
    if len(gives) < 3 or len(gives) != len(state.legal_moves()) or card is None or card.kind not in d13.VALUED:
        return None  # three rows at least: the answer is the nearest, the second or a farther one as often
    busting = [move for move in gives if busts(state, move)]
    if len(busting) == len(gives) or len(_nearest_safe(state)) != 1:
        return None
    return min(len(busting), 2) + 1


def _card_busting_two(state: d13.State) -> d13.Card | None:
    """A card of the draw pile that, turned up here instead, busts two rows or more and
    leaves one row nearest its line (None if none does, or the card was not just turned up)."""
    last = state.move_stack[-1] if state.move_stack else None
    if not (isinstance(last, d13.Reveal) and last.source == d13.FROM_PACKET):
        return None
    distances = sorted(state.limit(move.seat) - state.row_sum(move.seat) for move in _gives(state))
    for card in dict.fromkeys(state.pile):  # each card once, in the pile's order
        if card.kind == d13.PLAIN and distances[1] <= card.value < distances[-1]:
            if _bust_level(_turned_up_instead(state, card)) == 3:
                return card
    return None


def _turned_up_instead(state: d13.State, card: d13.Card) -> d13.State:
    """The position with ``card`` turned up in place of the card that was: the two trade places
    before the reveal (one in the dealer's face-down packet, the other in the face-down draw
    pile, as another shuffle could have dealt them), and the reveal is made again."""
    other = state.clone()
    other.pop()
    at = other.pile.index(card)
    other.pile = (*other.pile[:at], other.packet[-1], *other.pile[at + 1 :])
    other.packet = (*other.packet[:-1], card)
    reveal = other.chance_move()
    assert reveal is not None  # the reveal just taken back is due again
    other.push(reveal)
    return other


def bust_task(state: d13.State, seat: int, subject: d13.Card | None, level: int) -> Task:
    if subject is not None:  # a bigger card turned up instead (bust_candidates)
        state = _turned_up_instead(state, subject)
    card = state.revealed
    assert card is not None  # the dealer gives the card turned up
    nearest = _nearest_safe(state)

    def judge(move: Move) -> tuple[bool | None, str]:
        if not isinstance(move, d13.Give):
            return None, msg("drill.d13-bust.give", card=card)
        reason = state.why_not(move)
        if reason is not None:
            return False, str(reason)
        total, line = _total_after(state, move.seat, card)
        words = {"card": card, "player": state.name(move.seat), "total": total, "line": line}
        if move in nearest:
            return True, msg("drill.d13-bust.right", **words)
        if busts(state, move):
            return False, msg("drill.d13-bust.busts", **words)
        return False, msg("drill.d13-bust.farther", **words)

    raised = any(state.limit(move.seat) == d13.RAISED_LIMIT for move in _gives(state))
    rules = ("d13.bust", "d13.raise") if raised else ("d13.bust",)
    return Task(
        state,
        seat,
        msg("drill.d13-bust.prompt", dealer=state.name(seat), card=card),
        level,
        rules,
        judge=judge,
        move=nearest[0],
        hint=msg("drill.d13-bust.hint", card=card),
    )  # the card turned up stands out already: no mark


# A hand card's decisions in pairs at one distance from the line, one card busting and one
# not, so that how near the row is tells nothing: the card's value decides. Level by level:
# (distance below the line, the card busts).
HAND_LEVELS = {1: (4, False), 2: (4, True), 3: (2, False), 4: (2, True), 5: (3, False), 6: (3, True)}


def hand_candidates(state: d13.State, seat: int) -> list[tuple[int, int]]:
    """A hand card's owner deciding about a card with a value, at a distance and with an
    outcome of ``HAND_LEVELS``; at distance 3 the card lands one short of the line or
    exactly on it (13 busts too)."""
    if state.phase != d13.DECIDE or state.pending is None or state.pending.kind not in d13.VALUED:
        return []
    total, line = _total_after(state, seat, state.pending)
    distance, busting = line - state.row_sum(seat), total >= line
    if distance == 3 and total not in (line - 1, line):
        return []
    return [(level, level) for level, asked in HAND_LEVELS.items() if asked == (distance, busting)]


def hand_task(state: d13.State, seat: int, _subject: int, level: int) -> Task:
    card = state.pending
    assert card is not None  # the card its owner decides about
    total, line = _total_after(state, seat, card)
    accepted = state.clone()
    accepted.push(d13.Choice(card, d13.ACCEPT))
    wanted = d13.REFUSE if busted(accepted, seat, state) else d13.ACCEPT  # the engine's verdict on taking it
    words = {"card": card, "total": total, "line": line, "before": state.row_sum(seat)}

    def judge(move: Move) -> tuple[bool | None, str]:
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


def _plus_kinds(row: tuple[d13.Card, ...]) -> int:
    """How many kinds of plus card (one-plus, two-plus) lie in a row."""
    return len({card.plus for card in row if card.plus})


BANK_KEEP = (0.33, 0.53, 0.66, 1)  # of the rows at a bust, 3 in 10 bank 3 points or more, 6 in 10 one or more


def _key(state: d13.State, move: d13.Give, asked: int) -> str:
    return f"d13-bank:{move}:{asked}:{state.rows}"


def _past_13(state: d13.State, seat: int) -> bool:
    """A row at 13 or more that has not busted: its 13→18 card moved its line to 18."""
    return state.limit(seat) == d13.RAISED_LIMIT and state.row_sum(seat) >= d13.LIMIT


def bank_candidates(state: d13.State, seat: int) -> list[tuple[tuple[d13.Give, int], int]]:
    """A give that ends the round with a bust, and a player asked what they bank: 1 a row
    with one kind of plus card or none, 2 one-plus and two-plus cards together (points,
    not cards), or the player who busts (all of the row is lost), 3 a row whose line is 18
    standing at 13 or more (it has not busted: it banks). The answer stands at a place among the
    choices drawn from the position, each place as often."""
    found = []
    for move in _gives(state):
        if move.card.kind == d13.INSTANT or not busts(state, move):
            continue
        for asked in range(state.players):
            if not fits(banked(state, move, asked), _key(state, move, asked), BANK_KEEP):
                continue
            if asked != move.seat and _past_13(state, asked):
                level = 3
            else:
                level = 2 if asked == move.seat or _plus_kinds(state.rows[asked]) == 2 else 1
            found.append(((move, asked), level))
    return found


def bank_task(state: d13.State, seat: int, subject: tuple[d13.Give, int], level: int) -> Task:
    move, asked = subject
    answer = banked(state, move, asked)
    row, player = state.rows[asked], state.name(asked)
    plus_cards = [card for card in row if card.plus]
    if asked == move.seat:
        why = msg("quiz.d13-bank.busted", player=player)
    elif _past_13(state, asked):  # the 13→18 card: no bust below 18
        cards = listed([msg("quiz.d13-hand.card", card=card) for card in plus_cards])
        why = " ".join(
            [
                msg("drill.d13-bank.raised", player=player, total=state.row_sum(asked)),
                msg("quiz.d13-bank.banked", player=player, cards=cards, points=answer)
                if plus_cards
                else msg("quiz.d13-bank.none", player=player),
            ]
        )
    elif plus_cards:
        cards = listed([msg("quiz.d13-hand.card", card=card) for card in plus_cards])
        why = msg("quiz.d13-bank.banked", player=player, cards=cards, points=answer)
    else:
        why = msg("quiz.d13-bank.none", player=player)
    slips = [0, len(plus_cards), sum(card.plus for card in row), answer + 1, answer - 1, state.row_sum(asked)]
    choices, correct = number_choices(answer, slips, place_for(_key(state, move, asked)))
    words = {"dealer": state.name(seat), "card": move.card, "buster": state.name(move.seat), "player": player}
    return Task(
        state,
        seat,
        msg("drill.d13-bank.prompt-kept" if move.seat == seat else "drill.d13-bank.prompt", **words),
        level,
        (
            "d13.scoring",
            "d13.bust",
            "d13.one-plus",
            "d13.two-plus",
            *(("d13.raise",) if _past_13(state, asked) else ()),
        ),
        marks=(player,),
        choices=choices,
        correct=correct,
        explanation=why,
        about=move,
        hint=msg("drill.d13-bank.hint", player=player),
    )


ARROW_KEEP = (0.6, 1, 0.85, 0.9)  # measured on bot games, so that each place comes about as often


def arrow_candidates(state: d13.State, seat: int) -> list[tuple[d13.Give, int]]:
    """The dealer gives an arrow to a row: 1 a row of two cards, the last one with a value
    and not the biggest; 2 a last card with no value (a hand or 13→18 card: the total
    stays) or an empty row, one position in six, else "the total as it is" would pay; 3 a
    row of three cards or more whose last card is neither its first nor its biggest."""
    found = []
    for move in _gives(state):
        if move.card.kind != d13.ARROW:
            continue
        row = state.rows[move.seat]
        after = state.clone()
        after.push(move)
        if not fits(after.row_sum(move.seat), f"d13-arrow:{move}:{state.rows}", ARROW_KEEP):
            continue
        if not row or row[-1].kind not in d13.VALUED:
            found.append((move, 2))
            continue
        values = [card.value for card in row if card.kind in d13.VALUED]
        last = row[-1].value
        if last and last < max(values) and last != values[0]:  # "the first" or "the biggest" would be wrong
            found.append((move, 1 if len(row) == 2 else 3))
    return found


def arrow_task(state: d13.State, seat: int, move: d13.Give, level: int) -> Task:
    after = state.clone()
    after.push(move)
    row, player = state.rows[move.seat], state.name(move.seat)
    answer, before = after.row_sum(move.seat), state.row_sum(move.seat)
    if row:
        why = msg("drill.d13-arrow.why", player=player, card=row[-1], before=before, total=answer)
    else:
        why = msg("drill.d13-arrow.empty", player=player)
    values = [card.value for card in row if card.kind in d13.VALUED]
    slips = [before, before - max(values, default=0), before - (values[0] if values else 0), answer + 1, answer - 1]
    choices, correct = number_choices(answer, slips, place_for(f"d13-arrow:{move}:{state.rows}"))
    return Task(
        state,
        seat,
        msg(
            f"drill.d13-arrow.{'prompt-kept' if move.seat == seat else 'prompt'}",
            dealer=state.name(seat),
            player=player,
            before=before,
        ),
        level,
        ("d13.arrow", "d13.zero-values") if level == 2 else ("d13.arrow",),
        marks=(player,),
        choices=choices,
        correct=correct,
        explanation=why,
        about=move,
        hint=msg("drill.d13-arrow.hint"),
    )


DRILLS = (
    Drill("d13-bust", bust_candidates, bust_task, levels=(1, 1, 2, 2, 3, 3)),
    Drill("d13-hand", hand_candidates, hand_task, levels=tuple(HAND_LEVELS)),
    Drill("d13-bank", bank_candidates, bank_task, levels=(1, 1, 2, 2, 3, 3)),
    Drill("d13-arrow", arrow_candidates, arrow_task, levels=(1, 1, 2, 3, 3, 3)),
)
