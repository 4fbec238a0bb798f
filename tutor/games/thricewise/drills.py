"""Thricewise drills: in what order the turned-up cards are placed (lowest rank first,
tied ranks set aside), where a card may go (next to the grid, inside 6 x 6), and the triads
a placement makes and what they are worth."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast

from tutor.drills import Drill, Task, fits, number_choices, place_for
from tutor.games import thricewise as tw
from tutor.games.decktet import Card, rank_name
from tutor.games.thricewise.quizzes import scorable, shown_key
from tutor.games.thricewise.rules import NEIGHBOURS, Cell, Move, triads_at
from tutor.games.thricewise.words import placement_said, where
from tutor.messages import in_order, listed, msg


def _revealed(state: tw.State, move: Move) -> tw.State:
    after = state.clone()
    after.push(move)
    return after


def order_candidates(state: tw.State, seat: int) -> list[tuple[tw.Pick, int]]:
    """The turn's last choice: 1 two players, 2 more players, 3 a tie sets cards aside."""
    if state.phase != "pick" or len(state.pending()) != 1:
        return []
    found = []
    for move in state.legal_moves():
        if not isinstance(move, tw.Pick):
            continue
        after = _revealed(state, move)
        if after.order:
            found.append((move, 3 if after.tied else 1 if state.players == 2 else 2))
    return found


def _names(state: tw.State, seats: Iterable[int]) -> str:
    """Players in the order they place: "Ann, then Ben, then Cleo"."""
    return in_order([state.name(seat) for seat in seats])


def order_task(state: tw.State, seat: int, move: tw.Pick, level: int) -> Task:
    after = _revealed(state, move)
    revealed = cast(tuple[Card, ...], after.revealed)  # the last pick turned every seat's card up
    answer = tuple(after.order)
    by_rank = sorted(range(state.players), key=lambda other: revealed[other].rank)
    guesses = [
        tuple(by_rank),
        tuple(reversed(answer)),
        tuple(range(state.players)),
        tuple(reversed(by_rank)),
        tuple(sorted(answer)),
    ]
    if after.tied:  # orders as long as the answer, so that "the shortest order" says nothing
        untied_first = [other for other in by_rank if other in answer]
        guesses = [
            tuple(by_rank[: len(answer)]),  # the lowest cards, a tied one among them
            tuple(reversed(answer)),
            tuple(sorted(answer)),
            tuple(reversed(untied_first)),
            *(tuple(by_rank[index : index + len(answer)]) for index in range(1, len(by_rank))),
            *guesses,
        ]
        guesses = [guess for guess in guesses if len(guess) == len(answer)] + guesses
    orders = [answer, *[guess for guess in dict.fromkeys(guesses) if guess != answer][:3]]
    orders.sort()  # the same places for the same orders, whatever the answer
    shown = listed(
        [
            msg(shown_key("drill.tw-order", card), player=state.name(other), card=card, rank=rank_name(card.rank))
            for other, card in enumerate(revealed)
        ]
    )
    why = (
        [msg("drill.tw-order.tied", cards=listed([msg("tw.the-card", card=revealed[other]) for other in after.tied]))]
        if after.tied
        else []
    )
    if len(answer) == 1:  # the others tied: no order to speak of
        why.append(msg("drill.tw-order.why-one", player=state.name(answer[0])))
    else:
        why.append(msg("drill.tw-order.why", order=_names(state, answer)))
    prompt = msg("drill.tw-order.prompt", player=state.name(seat), shown=shown)
    rules = ("tw.order", "tw.tie") if after.tied else ("tw.order",)
    return Task(
        state,
        seat,
        prompt,
        level,
        rules,
        choices=tuple(_names(state, order) for order in orders),
        correct=orders.index(answer),
        explanation=" ".join(why),
        about=move,
        marks=(str(move.card),),
        hint=msg("drill.tw-order.hint"),  # the same words with or without a tie: a tie is for the learner to see
    )


def _beyond(state: tw.State) -> int:
    """Empty cells next to the grid where the 6 x 6 bound refuses a card."""
    near = {(col + dc, row + dr) for col, row in state.grid for dc, dr in NEIGHBOURS} - set(state.grid)
    return sum(state.cell_reason(next(iter(state.grid.values())), Cell(*cell)) is not None for cell in near)


def _outside(state: tw.State, cell: tuple[int, int]) -> bool:
    """Whether ``cell`` lies outside the grid's span: a card there makes the grid grow."""
    low_col, high_col, low_row, high_row = state.span
    return not (low_col <= cell[0] <= high_col and low_row <= cell[1] <= high_row)


def where_candidates(state: tw.State, seat: int) -> list[tuple[Card, int]]:
    """The placer's turned-up card before anything else, while the grid can still grow:
    1 the grid is free to grow, 2 six columns wide (it may grow up or down only), 3 six
    rows high (sideways only): as many of each, so no place on the board pays. The task
    asks for a place outside the cards (a hole among them is always allowed)."""
    card = state.revealed[seat]
    if state.phase != "place" or state.current_placed or card is None:
        return []
    width, height = state.grid_size()
    if width == height == tw.MAX_SPAN:
        return []
    level = 2 if width == tw.MAX_SPAN else 3 if height == tw.MAX_SPAN else 1
    return [(card, level)] if level == 1 or _beyond(state) else []


def where_task(state: tw.State, seat: int, card: Card, level: int) -> Task:
    def judge(move: Move) -> tuple[bool | None, str]:
        if isinstance(move, tw.Place) and move.card != card:
            return None, msg("drill.tw-where.this-card", card=card)
        if not isinstance(move, tw.Place):
            return None, msg("drill.tw-where.place", card=card)
        if not _outside(state, move.cell) and move.cell not in state.grid:
            return None, msg("drill.tw-where.inside", card=card)
        reason = state.why_not(move)
        if reason is not None:
            return False, str(reason)
        width, height = state.grid_size()
        return True, msg("drill.tw-where.right", card=card, width=width, height=height, limit=tw.MAX_SPAN)

    return Task(
        state,
        seat,
        msg("drill.tw-where.prompt", player=state.name(seat), card=card),
        level,
        ("tw.adjacency", "tw.bounds"),
        marks=(str(card),),
        conceals=("bounds",),  # the size and the crossed-out places would show where it may go
        judge=judge,
        move=tw.Place(card, next(cell for cell in state.open_cells() if _outside(state, cell))),
        hint=msg("drill.tw-where.hint", limit=tw.MAX_SPAN),
    )


LINES = ((1, 0), (0, 1), (1, 1), (1, -1))  # across, down and the two diagonals
RANK_KEEP = 0.4  # placements that score exactly the placed card's rank, kept
SCORE_KEEP = (0.1, 0.55, 0.74, 1)  # on bot games 4 in 5 places finishing a line score 0, 1 in 10 score 4 or more


def _lines_finished(grid: dict[Cell, Card], cell: Cell) -> list[tuple[Cell, ...]]:
    """The lines of three cells, through ``cell``, whose other two cells hold cards."""
    return [
        tuple(Cell(cell[0] + dc * step, cell[1] + dr * step) for step in range(start, start + 3))
        for dc, dr in LINES
        for start in (-2, -1, 0)
        if all((cell[0] + dc * step, cell[1] + dr * step) in grid or step == 0 for step in range(start, start + 3))
    ]


def _made(state: tw.State, move: tw.Place) -> list[tuple[tuple[Cell, Cell, Cell], str, int, tuple]]:
    """The triads ``move`` makes, by the engine: (cells, kind, points, suits)."""
    return triads_at({**state.grid, move.cell: move.card}, move.cell, state.options)


def score_candidates(state: tw.State, seat: int) -> list[tuple[tw.Place, int]]:
    """A placement that finishes a line of three: 1 one triad, or a line that makes
    nothing; 2 two triads, or an Ace or a Crown in a triad (it is worth its lowest number
    card); 3 one line counted twice (a flush and a run), three triads or more, or a set
    of Aces or Crowns (worth 0). The answer stands at each place among the choices about
    as often."""
    if state.phase != "place":
        return []
    found = []
    for move in state.legal_moves():
        if not isinstance(move, tw.Place) or not _lines_finished(state.grid, move.cell):
            continue
        points = state.points_for(move)
        if not fits(points, _key(move), SCORE_KEEP, scorable):
            continue
        if points == move.card.rank and random.Random(_key(move)).random() >= RANK_KEEP:
            continue  # else "the card's own number" would be right too often
        made = _made(state, move)
        cards = [[state.grid.get(cell, move.card) for cell in cells] for cells, *_ in made]
        twice = len({cells for cells, *_ in made}) < len(made)
        no_number = any(not any(card.is_number for card in line) for line in cards)
        mixed = any(any(not card.is_number for card in line) for line in cards)
        level = 3 if twice or no_number or len(made) > 2 else 2 if len(made) == 2 or mixed else 1
        found.append((move, level))
    return found


def _key(move: tw.Place) -> str:
    return f"tw-score:{move}"  # the move's notation: the same words in every language


def score_task(state: tw.State, seat: int, move: tw.Place, level: int) -> Task:
    answer, why, rules = placement_said(state, move)
    place = where(state.grid, move.cell)
    slips = [0, answer + 2, answer - 2, answer * 2, answer + move.card.rank]
    choices, correct = number_choices(answer, slips, place_for(_key(move)), scorable)
    return Task(
        state,
        seat,
        msg("drill.tw-score.prompt", player=state.name(seat), card=move.card, where=place),
        level,
        rules,
        marks=(str(move.card), str(move.cell)),
        choices=choices,
        correct=correct,
        explanation=" ".join(why),
        about=move,
        hint=msg("drill.tw-score.hint"),
    )


KINDS = ("flush", "set", "run", "flush-run", "nothing")  # the choices, always in this order
KIND_LEVEL = {"flush": 1, "nothing": 1, "set": 2, "run": 2, "flush-run": 3}
# Bot games finish lines that make nothing far more often than anything else, and a flush
# and a run together least: each kind kept with its share, so that each comes about as often.
KIND_KEEP = {"nothing": 0.025, "flush": 0.14, "run": 0.45, "set": 0.7, "flush-run": 1.0}


def _kind(state: tw.State, move: tw.Place) -> str:
    """What the one line ``move`` finishes makes, by the engine's triads."""
    kinds = sorted({kind for _, kind, _, _ in _made(state, move)})
    return "-".join(kinds) if kinds else "nothing"


def kind_candidates(state: tw.State, seat: int) -> list[tuple[tw.Place, int]]:
    """A placement that finishes exactly one line of three: 1 a flush or nothing (the
    suits decide), 2 a set or a run (the ranks decide), 3 a flush that is a run too."""
    if state.phase != "place":
        return []
    found = []
    for move in state.legal_moves():
        if not isinstance(move, tw.Place) or len(_lines_finished(state.grid, move.cell)) != 1:
            continue
        kind = _kind(state, move)
        if kind in KIND_LEVEL and random.Random(f"tw-kind:{move}").random() < KIND_KEEP[kind]:
            found.append((move, KIND_LEVEL[kind]))
    return found


def kind_task(state: tw.State, seat: int, move: tw.Place, level: int) -> Task:
    line = _lines_finished(state.grid, move.cell)[0]
    cards = listed([msg("tw.the-card", card=state.grid.get(cell, move.card)) for cell in line])
    kind = _kind(state, move)
    after = _revealed(state, move)
    triads = after.triads[len(state.triads) :]
    why = (
        msg("drill.tw-kind.made", triads=listed([triad.describe(after.grid) for triad in triads]))
        if triads
        else msg("drill.tw-kind.none", cards=cards)
    )
    return Task(
        state,
        seat,
        msg(
            "drill.tw-kind.prompt",
            player=state.name(seat),
            card=move.card,
            where=where(state.grid, move.cell),
            cards=cards,
        ),
        level,
        ("tw.triad", "tw.flush", "tw.set", "tw.run"),
        marks=(str(move.card), str(move.cell)),
        choices=tuple(msg(f"drill.tw-kind.is-{choice}") for choice in KINDS),
        correct=KINDS.index(kind),
        explanation=why,
        about=move,
        hint=msg("drill.tw-kind.hint"),
    )


DRILLS = (
    Drill("tw-order", order_candidates, order_task, levels=(1, 1, 2, 2, 3, 3)),
    Drill("tw-where", where_candidates, where_task, levels=(1, 1, 2, 2, 3, 3)),
    Drill("tw-kind", kind_candidates, kind_task, levels=(1, 1, 2, 2, 3)),
    Drill("tw-score", score_candidates, score_task, levels=(1, 1, 2, 2, 3, 3)),
)
