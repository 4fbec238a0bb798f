"""Naive guessers for drills (see quiz_guessers.py): a drill position is a question whose
choices are, for a choice task, its texts and, for a move task, the moves the board
offers about the asked card (the slots, the players' rows, take or refuse, the places
drawn next to the grid). A guesser gives the index of the choice it picks, several
(a blind pick among them) or None (its clue is not there)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from quiz_guessers import biggest_number, card_rank, claim_marker, last_card, opener, plus_cards_counted, row_length

from tutor.games import danger13 as d13
from tutor.games import monster_trick as mt
from tutor.games import thricewise as tw


@dataclass(frozen=True)
class Asked:
    """A quiz question or a drill position as the guessers see it."""

    kind: str
    prompt: str
    choices: tuple
    values: tuple
    right: frozenset
    position: Any
    subject: Any
    marks: tuple = ()
    conceals: tuple = ()


def from_question(question) -> Asked:
    q = question
    return Asked(
        q.kind, q.prompt, q.choices, q.values, frozenset({q.correct}), q.position, q.subject, q.marks, q.conceals
    )


def offered(drill_id: str, task) -> list:
    """The moves the board offers about a move task's card."""
    state = task.position
    if drill_id == "mt-follow":
        return [mt.Play(task.move.card, slot) for slot in range(mt.SLOTS)]
    if drill_id == "d13-bust":
        return [move for move in state.legal_moves() if isinstance(move, d13.Give)]
    if drill_id == "d13-hand":
        return [d13.Choice(state.pending, answer) for answer in (d13.ACCEPT, d13.REFUSE)]
    if drill_id == "tw-where":
        near = {(col + dc, row + dr) for col, row in state.grid for dc, dr in tw.NEIGHBOURS} - set(state.grid)
        low_col, high_col, low_row, high_row = state.span
        outside = [(col, row) for col, row in near if not (low_col <= col <= high_col and low_row <= row <= high_row)]
        return [tw.Place(task.move.card, tw.Cell(*cell)) for cell in sorted(outside)]  # the task asks outside
    raise KeyError(drill_id)


def from_task(drill_id: str, task) -> Asked:
    if not task.on_board:
        return Asked(
            drill_id,
            task.prompt,
            task.choices,
            tuple(int(choice) if choice.isdigit() else choice for choice in task.choices),  # numbers as numbers
            frozenset({task.correct}),
            task.position,
            task.about,
            task.marks,
            task.conceals,
        )
    moves = offered(drill_id, task)
    right = frozenset(index for index, move in enumerate(moves) if task.answer(move)[0] is True)
    return Asked(
        drill_id,
        task.prompt,
        tuple(map(str, moves)),
        tuple(moves),
        right,
        task.position,
        task.move,
        task.marks,
        task.conceals,
    )


def _where(asked, test) -> list[int] | None:
    found = [index for index, move in enumerate(asked.values) if test(move)]
    return found or None


# ------------------------------------------------------------------ Monster Trick
def free_slot(asked):
    """A slot with no trick: a new trick looks always welcome."""
    return _where(asked, lambda move: asked.position.colour[move.slot] is None)


def fullest_trick(asked):
    """The trick with most cards: finishing it looks useful."""
    tricks = asked.position.tricks
    most = max(len(tricks[move.slot]) for move in asked.values)
    return _where(asked, lambda move: len(tricks[move.slot]) == most)


def emptiest_open_trick(asked):
    """The open trick with fewest cards."""
    tricks = asked.position.tricks
    sizes = [len(tricks[move.slot]) for move in asked.values if tricks[move.slot]]
    return _where(asked, lambda move: sizes and len(tricks[move.slot]) == min(sizes))


def _by_name(guesser):
    """A quiz guesser that picks a seat, for a drill whose choices are the players' names."""

    def guess(asked):
        seats = tuple(sorted(range(asked.position.players), key=asked.position.name))
        return guesser(replace(asked, values=seats))

    guess.__name__ = guesser.__name__
    return guess


def _vp_asked(asked) -> int:
    return asked.position.seat_names.index(asked.marks[0])


def first_vp(asked):
    """The left VP card: the first one laid."""
    return [0]


def biggest_vp_card(asked):
    """The asked player's biggest VP card."""
    order = asked.position.vp_order[_vp_asked(asked)]
    return [order.index(max(order))]


def vp_as_tricks(asked):
    """The VP card whose value is the number of tricks won (the prompt gives both)."""
    state = asked.position
    order = state.vp_order[_vp_asked(asked)]
    won = state.won[_vp_asked(asked)]
    return [order.index(won)] if won in order else None


def open_tricks_counted(asked):
    """Counting the tricks the player's markers lie beside as won too (no clue without one)."""
    state, seat = asked.position, _vp_asked(asked)
    if seat not in state.claim:
        return None
    won = state.won[seat] + sum(claim == seat for claim in state.claim)
    return [(won - 1) % 3]


# ------------------------------------------------------------------ Danger 13
def _to_go(asked, seat: int) -> int:
    state = asked.position
    return state.limit(seat) - state.row_sum(seat)


def closest_to_its_line(asked):
    """The row with the fewest points to go."""
    least = min(_to_go(asked, move.seat) for move in asked.values)
    return _where(asked, lambda move: _to_go(asked, move.seat) == least)


def second_nearest_its_line(asked):
    """The row with the second fewest points to go: the nearest is often the one that busts."""
    distances = sorted({_to_go(asked, move.seat) for move in asked.values})
    if len(distances) < 2:
        return None
    return _where(asked, lambda move: _to_go(asked, move.seat) == distances[1])


def farthest_from_its_line(asked):
    least = max(_to_go(asked, move.seat) for move in asked.values)
    return _where(asked, lambda move: _to_go(asked, move.seat) == least)


def refuse_within(distance: int):
    """Refuse when the row is at most ``distance`` below its line, else take."""

    def guess(asked):
        refuse = _to_go(asked, asked.position.actor) <= distance
        return _where(asked, lambda move: (move.answer == d13.REFUSE) == refuse)

    guess.__name__ = f"refuse within {distance}"
    return guess


def row_total(asked):
    """The asked player's row total, as the board writes it beside the row."""
    state = asked.position
    total = state.row_sum(state.seat_names.index(asked.marks[0]))
    return [asked.values.index(total)] if total in asked.values else None


def _arrowed_row(asked):
    state = asked.position
    row = state.rows[asked.subject.seat]
    return state.row_sum(asked.subject.seat), [card.value for card in row if card.kind in d13.VALUED]


def _number(asked, number: int):
    return [asked.values.index(number)] if number in asked.values else None


def row_as_it_is(asked):
    """The row's total as the board shows it: an arrow takes nothing that counts."""
    return _number(asked, _arrowed_row(asked)[0])


def less_the_biggest(asked):
    """The total less the row's biggest card."""
    total, values = _arrowed_row(asked)
    return _number(asked, total - max(values, default=0))


def less_the_first(asked):
    """The total less the row's first card."""
    total, values = _arrowed_row(asked)
    return _number(asked, total - (values[0] if values else 0))


# ------------------------------------------------------------------ Thricewise
def not_crossed_out(asked):
    """A place the board does not cross out (it draws the bound unless concealed)."""
    if "bounds" in asked.conceals:
        return None
    allowed = set(asked.position.open_cells())
    return _where(asked, lambda move: move.cell in allowed)


def hole(asked):
    """A place among the cards, inside the grid's span."""
    low_col, high_col, low_row, high_row = asked.position.span
    return _where(asked, lambda move: low_col <= move.cell.col <= high_col and low_row <= move.cell.row <= high_row)


def side_by_side(asked):
    """A place touching a card by a side."""
    grid = asked.position.grid
    return _where(
        asked,
        lambda move: any(
            (move.cell.col + dc, move.cell.row + dr) in grid for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ),
    )


# ------------------------------------------------------------------ choice drills
def mover(asked):
    """The player the prompt names."""
    return [index for index, name in enumerate(asked.choices) if name in asked.prompt] or None


def _named(asked, seat: int):
    name = asked.position.name(seat)
    return [asked.choices.index(name)] if name in asked.choices else None


def _winner(asked) -> int:
    after = asked.position.clone()
    after.push(asked.subject)
    return after.completed[-1].winner


def winner(asked):
    """The trick's winner (winners lead in many card games)."""
    return _named(asked, _winner(asked))


def after_the_winner(asked):
    return _named(asked, (_winner(asked) + 1) % asked.position.players)


LOOKS_AT = {
    "mt-follow": (free_slot, fullest_trick, emptiest_open_trick),
    "mt-next": (mover, winner, after_the_winner),
    "d13-bust": (closest_to_its_line, second_nearest_its_line, farthest_from_its_line),
    "d13-hand": tuple(refuse_within(distance) for distance in range(0, 8)),
    "tw-order": (),
    "tw-where": (not_crossed_out, hole, side_by_side),
    "mt-trick": (_by_name(claim_marker), _by_name(opener), _by_name(last_card), _by_name(biggest_number)),
    "mt-vp": (first_vp, biggest_vp_card, vp_as_tricks, open_tricks_counted),
    "tw-score": (card_rank,),
    "tw-kind": (),
    "d13-bank": (plus_cards_counted, row_length, row_total),
    "d13-arrow": (row_as_it_is, less_the_biggest, less_the_first),
}
