"""Lesson positions and the checks a lesson may state (docs/lessons.md)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from tutor import schema
from tutor.core import SIMULTANEOUS, PositionError, TutorError, mismatch
from tutor.games.common import (
    Check,
    check_illegal,
    check_position,
    check_seat_list,
    check_to_move,
    check_value,
    fact_per_seat,
    fact_turn,
    replayed,
)
from tutor.games.decktet import CARDS, ORDER, Card, parse_card
from tutor.games.thricewise.rules import (
    GAME_ID,
    HAND_SIZE,
    MAX_SPAN,
    NEIGHBOURS,
    OPTIONS,
    START_GRID,
    Cell,
    Draw,
    Move,
    Pick,
    Place,
    State,
    Triad,
    parse_cell,
    parse_move,
    triads_at,
)
from tutor.messages import capitalised, listed, msg
from tutor.seats import SeatLookup

if TYPE_CHECKING:  # tutor.lessons reads this module through the registry
    from tutor.lessons import Moment

POSITION = {
    "grid": schema.fields,
    "hands": schema.fields,
    "deferred": schema.fields,
    "scores": schema.fields,
    "deck": schema.words,
    "turn": schema.whole(1, len(CARDS)),
}


def lesson_state(
    players: int, position: dict, options: dict | None = None, seed: int = 0, seat_names: list[str] | None = None
) -> State:
    """A position at the start of a turn, as a lesson describes it (docs/lessons.md).

    ``grid`` maps a cell (``"col,row"``) to a card, or to a list of cards running to
    the right from that cell, ``"."`` marking an empty cell. Hands not listed get the
    same number of cards as the listed ones, drawn from the unseen cards; unseen cards
    form the deck, ``deck`` (top first) followed by the rest shuffled by ``seed``."""
    check_position(position, POSITION)
    state = State(players, seed, options, seat_names=seat_names)
    seats = SeatLookup(state.seat_names)
    where: dict[Card, str] = {}

    def take(text: str, place: str) -> Card:
        card = parse_card(text)
        if card in where:
            raise PositionError(msg("tw.error.card-twice", card=card, first=where[card], second=place))
        where[card] = place
        return card

    for cell, text in _grid_entries(position.get("grid") or {}):
        state.grid[cell] = take(text, msg("tw.cell", col=cell.col, row=cell.row))
    _check_grid(state)
    listed = {}
    for seat_text, cards in (position.get("hands") or {}).items():
        seat = seats.index(seat_text)
        listed[seat] = [take(text, state.name(seat)) for text in cards or []]
    deferred: dict[int, tuple[Card, ...]] = {}
    for seat_text, cards in (position.get("deferred") or {}).items():
        seat = seats.index(seat_text)
        deferred[seat] = tuple(take(text, msg("tw.deferred-of", player=state.name(seat))) for text in cards or [])
    state.deferred = tuple(deferred.get(seat, ()) for seat in range(players))
    top = [take(text, msg("tw.the-deck")) for text in position.get("deck") or []]
    unseen = [card for card in CARDS if card not in where]
    random.Random(f"{GAME_ID}:lesson:{seed}").shuffle(unseen)
    state.hands = _hands(state, listed, unseen)
    state.deck = tuple(top + unseen)
    _check_deck(state)
    scores = {seats.index(seat_text): int(points) for seat_text, points in (position.get("scores") or {}).items()}
    state.scores = tuple(scores.get(seat, 0) for seat in range(players))
    state.turn = position.get("turn", _turn_of(state))
    if state.turn != _turn_of(state):
        raise PositionError(msg("tw.error.turn", turn=state.turn, expected=_turn_of(state)))
    state.phase, state.to_move = "pick", SIMULTANEOUS
    state.open = state.find_open()
    return state


def _grid_entries(grid: dict) -> Iterator[tuple[Cell, Any]]:
    if not isinstance(grid, dict):
        raise PositionError(msg("tw.error.grid-format"))
    for cell_text, value in grid.items():
        start = parse_cell(cell_text)
        for offset, text in enumerate(value if isinstance(value, list) else [value]):
            if str(text).strip() != ".":
                yield Cell(start.col + offset, start.row), text


def _check_grid(state: State) -> None:
    """A lesson grid must be one that play can produce: big enough, within the 6 x 6
    bound and all in one piece (rules tw.setup, tw.bounds, tw.adjacency)."""
    cells = list(state.grid)
    width, height = START_GRID[state.players]
    if len(cells) < width * height:
        raise PositionError(msg("tw.error.grid-small", count=len(cells), players=state.players, needed=width * height))
    state.span = (
        min(c.col for c in cells),
        max(c.col for c in cells),
        min(c.row for c in cells),
        max(c.row for c in cells),
    )
    wide, high = state.grid_size()
    if wide > MAX_SPAN or high > MAX_SPAN:
        raise PositionError(msg("tw.error.grid-too-big", width=wide, height=high, limit=MAX_SPAN))
    reached, todo = {cells[0]}, [cells[0]]
    while todo:
        col, row = todo.pop()
        for dc, dr in NEIGHBOURS:
            cell = Cell(col + dc, row + dr)
            if cell in state.grid and cell not in reached:
                reached.add(cell)
                todo.append(cell)
    for cell in cells:
        if cell not in reached:
            raise PositionError(msg("tw.error.grid-apart", col=cell.col, row=cell.row, card=state.grid[cell]))


def _check_deck(state: State) -> None:
    """Every turn takes one card from each hand and every draw one from the deck per
    player, so only some deck sizes can happen (rules tw.setup and tw.draw)."""
    players, count, size = state.players, len(state.deck), len(state.hands[0])
    width, height = START_GRID[players]
    initial = len(CARDS) - width * height - HAND_SIZE * players
    if 0 < count < players:  # the deck always shares out evenly: it never holds a few cards
        raise PositionError(
            msg("checks.tw-deck-short", count=count, players=players, cards=len(CARDS), start=width * height)
        )
    if count > initial or (initial - count) % players:
        raise PositionError(
            msg(
                "tw.error.deck-count",
                out=initial - count + width * height,
                players=players,
                start=width * height,
                count=count,
            )
        )
    if size < HAND_SIZE and count >= players:
        raise PositionError(msg("tw.error.deck-too-big", size=size, count=count))


def _turn_of(state: State) -> int:
    """Rule tw.draw: every turn before this one took one card from each hand and every draw
    put one back, so the turn number follows from the deck and the hand sizes."""
    players = state.players
    width, height = START_GRID[players]
    draws = (len(CARDS) - width * height - HAND_SIZE * players - len(state.deck)) // players
    return 1 + draws + HAND_SIZE - len(state.hands[0])


def _hands(state: State, listed: dict[int, list[Card]], unseen: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """The hands listed, and the others drawn from ``unseen``: every hand has the same size
    (everyone draws or nobody does)."""
    sizes = {len(cards) for cards in listed.values()}
    if len(sizes) > 1 or not sizes <= set(range(1, HAND_SIZE + 1)):
        raise PositionError(
            msg(
                "tw.error.hand-sizes",
                most=HAND_SIZE,
                sizes=", ".join(f"{state.name(seat)} {len(cards)}" for seat, cards in listed.items()),
            )
        )
    size = sizes.pop() if sizes else HAND_SIZE
    for seat in range(state.players):
        if seat not in listed:
            if len(unseen) < size:
                raise PositionError(msg("tw.error.not-enough-cards"))
            listed[seat] = [unseen.pop() for _ in range(size)]
    return tuple(tuple(sorted(listed[seat], key=ORDER.__getitem__)) for seat in range(state.players))


# ---------------------------------------------------------------------- checks
def _per_seat(name: str, read: Callable[[State, int, Any], tuple[object, object]]) -> Check:
    """A check of the form {seat: value, ...} against ``read(state, seat, value)``."""

    def check(state: State, expected: dict) -> str | None:
        seats = SeatLookup(state.seat_names)
        for seat_text, wanted in expected.items():
            found, wanted = read(state, seats.index(seat_text), wanted)
            if found != wanted:
                return mismatch(name, f"{seat_text}: {wanted}", f"{seat_text}: {found}")
        return None

    return check


def _card_names(cards: Iterable[Card]) -> list[str]:
    return sorted(map(str, cards), key=str.lower)


def _check_cells(state: State, expected: dict) -> str | None:
    """{"col,row": card or "empty"}."""
    for cell_text, wanted in expected.items():
        cell = parse_cell(cell_text)
        found = str(state.grid[cell]) if cell in state.grid else msg("tw.check.empty")
        wanted = msg("tw.check.empty") if str(wanted).lower() == "empty" else str(parse_card(wanted))
        if found != wanted:
            return mismatch("cells", f"{cell}: {wanted}", f"{cell}: {found}")
    return None


def _check_grid_size(state: State, expected: object) -> str | None:
    found = "{}x{}".format(*state.grid_size())
    return None if found == str(expected).replace(" ", "").lower() else mismatch("grid_size", expected, found)


def _last_triads(state: State) -> list[str]:
    """What the last placed card scored, as ["flush 3", "run 3"], sorted."""
    placed = next((move for move in reversed(state.move_stack) if isinstance(move, Place)), None)
    return sorted(f"{t.kind} {t.points}" for t in state.triads if placed and t.cell == placed.cell)


def _triad_list(entries: Iterable[object] | None) -> list[str]:
    return sorted(" ".join(str(entry).lower().split()) for entry in entries or [])


def _check_triads(state: State, expected: list) -> str | None:
    found, wanted = _last_triads(state), _triad_list(expected)
    return None if found == wanted else mismatch("triads", wanted, found)


def _check_would_score(state: State, expected: dict | list) -> str | None:
    """{move, triads}, or a list of them: what that placement would score now."""
    for entry in expected if isinstance(expected, list) else [expected]:
        trial = state.clone()
        trial.push(parse_move(entry["move"], state.players))
        found, wanted = _last_triads(trial), _triad_list(entry.get("triads"))
        if found != wanted:
            return mismatch("would_score", f"{entry['move']}: {wanted}", found)
    return None


def _check_legal(state: State, expected: str | list[str]) -> str | None:
    """A move (or a list of moves) the engine accepts now."""
    for text in expected if isinstance(expected, list) else [expected]:
        reason = state.why_not(parse_move(text, state.players))
        if reason is not None:
            return msg("checks.legal-refused", move=text, reason=reason)
    return None


def _parsed_cards(cards: Iterable[str] | None) -> list[str]:
    try:
        return _card_names(parse_card(text) for text in cards or [])
    except TutorError as error:
        raise TutorError(msg("lesson.check-malformed", check="deferred", problem=error)) from None


# ---------------------------------------------------------------------- notes
def _placements(before: State, after: State) -> Iterator[tuple[State, Place, dict[Cell, Card]]]:
    """(state, move, grid) for every card placed in this step: the position before the
    placement and the grid with the card on it."""
    for state, move in replayed(before, after):
        if type(move) is Place:
            yield state, move, {**state.grid, move.cell: move.card}


def _readings_differ(option: str) -> Callable[[State, State], bool]:
    """A note's test for a variant: in this step a placed card scores differently under
    the two readings of ``option``, the rest of the options as chosen."""

    def applies(before: State, after: State) -> bool:
        for state, move, grid in _placements(before, after):
            scored = [triads_at(grid, move.cell, {**state.options, option: value}) for value in OPTIONS[option]]
            if any(found != scored[0] for found in scored):
                return True
        return False

    return applies


def _new_triads(before: State, after: State) -> tuple[Triad, ...]:
    return after.triads[len(before.triads) :]


def _mixed_triad(before: State, after: State) -> bool:
    """Note tw.mixed-value: a triad scored in this step mixes an Ace or a Crown with number cards."""
    for triad in _new_triads(before, after):
        numbers = [after.grid[cell].is_number for cell in triad.cells]
        if any(numbers) and not all(numbers):
            return True
    return False


def _line_scored_twice(before: State, after: State) -> bool:
    """A line scored in this step is both a flush and a run."""
    lines = [triad.cells for triad in _new_triads(before, after)]
    return len(lines) != len(set(lines))


def _every_line_matters(before: State, after: State) -> bool:
    """Variant tw.every-line: the two readings score a placement differently, or a line
    scores both as a flush and as a run."""
    return _readings_differ("triads")(before, after) or _line_scored_twice(before, after)


def _set_aside_card_scored(before: State, after: State) -> bool:
    """Note tw.deferred-score: a card placed from the set-aside ones scored in this step."""
    return any(
        state.placer is not None  # (the placer: never None while a card is placed)
        and move.card in state.deferred[state.placer]
        and triads_at(grid, move.cell, state.options)
        for state, move, grid in _placements(before, after)
    )


def unasked(state: State, move: Move, accepted: list) -> str | None:
    """Why an allowed ``move`` is not the answer a try-it step asks for (``accepted``):
    another card, or a place worth other points than the one asked for."""
    if not isinstance(move, Pick | Place):  # the moves that name a card
        return None
    wanted = [other for other in accepted if type(other) is type(move)]
    if not wanted:
        return None
    if move.card not in {other.card for other in wanted}:
        return msg("lesson.unasked.tw-card", card=wanted[0].card)
    if not isinstance(move, Place):
        return None
    points = state.points_for(move)
    asked = {state.points_for(other) for other in wanted if isinstance(other, Place)}  # (all are: move is)
    if len(asked) == 1 and points not in asked:
        return msg("lesson.unasked.tw-points", card=move.card, points=points, wanted=asked.pop())
    return msg("lesson.unasked.tw-place", card=move.card)


def answer_names(_state: State, move: Move, lang: str) -> list[str]:
    """What a try's prompt names when it tells the learner what to click: the card to choose, in
    ``lang`` (a placing's question is the cell, which a prompt cannot name but by describing it)."""
    return [move.card.label(lang)] if isinstance(move, Pick) else []


VIEW_NOTES: tuple[str, ...] = ()  # every note of this game decides an outcome

NOTES = {
    "tw.run-rule": _readings_differ("run_rule"),
    "tw.every-line": _every_line_matters,
    "tw.mixed-value": _mixed_triad,
    "tw.deferred-score": _set_aside_card_scored,
    "tw.double-suit": lambda before, after: any(len(triad.suits) > 1 for triad in _new_triads(before, after)),
    "tw.shared-win": lambda before, after: after.is_terminal() and len(after.winners()) > 1,
    # the tutor's reading: a set-aside card is not in the hand, so it cannot be chosen again
    "tw.deferred-pick": lambda before, after: after.phase == "pick" and any(after.deferred),
}


CHECKS = {
    "to_move": check_to_move,
    "phase": check_value("phase", lambda state: state.phase),
    "turn": check_value("turn", lambda state: state.turn),
    "scores": _per_seat("scores", lambda state, seat, wanted: (state.scores[seat], wanted)),
    "hand_sizes": _per_seat("hand_sizes", lambda state, seat, wanted: (len(state.hands[seat]), wanted)),
    "deferred": _per_seat(
        "deferred", lambda state, seat, wanted: (_card_names(state.deferred[seat]), _parsed_cards(wanted))
    ),
    "cells": _check_cells,
    "grid_size": _check_grid_size,
    "order": check_seat_list("order", lambda state: state.order),
    "tied": check_seat_list("tied", lambda state: state.tied),
    "triads": _check_triads,
    "would_score": _check_would_score,
    "illegal": check_illegal(parse_move),
    "legal": _check_legal,
    "deck_size": check_value("deck_size", lambda state: len(state.deck)),
    "last_turn": check_value("last_turn", lambda state: state.last_turn),
    "winners": check_seat_list("winners", State.winners, ordered=False),
    "game_over": check_value("game_over", lambda state: state.is_terminal()),
}


# ---------------------------------------------------------------------- guided games
def _learner_placed(moment: Moment) -> bool:
    """The learner put a card on the grid since the step or move before."""
    return any(mover == moment.learner and type(move) is Place for mover, move, _ in moment.moves)


def _your_move(moment: Moment) -> str:
    """What the learner is asked now: choose a card, place the revealed one, or a set-aside one;
    where a play stops right after the learner's card went down, that it did (nothing is asked)."""
    state, learner = moment.after, moment.learner
    if state.phase == "pick" and state.picks[learner] is None and state.hands[learner]:
        return msg("tw.guided.pick")
    if state.phase != "place" or state.to_move != learner:
        return msg("tw.guided.placed") if _learner_placed(moment) and not state.is_terminal() else ""
    if not state.current_placed:
        return msg("tw.guided.place", card=state.revealed[learner])
    return msg("tw.guided.set-aside")


def _scores(moment: Moment) -> str:
    state = moment.after
    return msg(
        "tw.guided.scores",
        scores=listed([f"{state.name(seat)} {state.scores[seat]}" for seat in range(state.players)]),
    )


def _winner(moment: Moment) -> str:
    state = moment.after
    return listed([state.name(seat) for seat in state.winners()]) if state.is_terminal() else ""


def _scored(moment: Moment, kind: str | None = None, seat: int | None = None) -> bool:
    """A triad (of ``kind``, by ``seat``) scored since the step or move before."""
    return any(
        (kind is None or triad.kind == kind) and (seat is None or triad.seat == seat)
        for triad in _new_triads(moment.before, moment.after)
    )


def _result(moment: Moment) -> str:
    """How the game ended: who wins, or who share the win (the tutor's default, said as such)."""
    state = moment.after
    if not state.is_terminal():
        return ""
    winners = state.winners()
    if winners == [moment.learner]:
        return msg("tw.guided.wins-you")
    if len(winners) == 1:
        return msg("tw.guided.wins", player=state.name(winners[0]))
    if moment.learner in winners:
        others = [state.name(seat) for seat in winners if seat != moment.learner]
        return msg("tw.guided.share-you", players=listed(others))
    return msg("tw.guided.share", players=listed([state.name(seat) for seat in winners]))


def _tie(moment: Moment) -> str:
    """The last tie on the way: whose cards of one rank were set aside, and, when no turn is
    left in which to place them, that they never will be."""
    said = ""
    probe = moment.before.clone()
    for move in moment.after.move_stack[len(moment.before.move_stack) :]:
        aside = probe.deferred
        probe.push(move)
        if _set_aside(aside, probe.deferred):
            first, *more = _tied_by_rank(probe, moment.learner)
            also = "".join(msg("tw.guided.tie-also", players=players) for players in more)
            key = "tw.guided.tie" if probe.aside_placeable_later else "tw.guided.tie-last"
            said = msg(key, players=first, also=also)
    return capitalised(said)  # the learner, "you", may open the sentence


def _tied_by_rank(state: State, learner: int) -> list[str]:
    """The players whose turned-up cards were set aside, listed rank by rank, the learner as
    "you": two pairs of ranks are two lists ("you and Ben", "Cleo and Dev")."""
    rank = {seat: card.rank for seat in state.tied if (card := state.revealed[seat]) is not None}
    name = {seat: msg("tw.guided.you") if seat == learner else state.name(seat) for seat in rank}
    return [listed([name[seat] for seat in rank if rank[seat] == shared]) for shared in sorted(set(rank.values()))]


def _set_aside(before: tuple, after: tuple) -> bool:
    """Cards went aside (rule tw.tie): a player's set-aside cards grew, whoever else placed
    (when every turned-up card is tied, nobody places and the turn ends at once)."""
    return any(len(now) > len(then) for then, now in zip(before, after))


def _span_full(state: State) -> bool:
    """Rule tw.bounds starts to matter: the grid is as wide or as high as it may ever be."""
    low_col, high_col, low_row, high_row = state.span
    return MAX_SPAN in (high_col - low_col + 1, high_row - low_row + 1)


def _set_aside_choice(moment: Moment) -> bool:
    """The learner, having placed their card, may place cards set aside or keep them."""
    state = moment.after
    return (
        state.phase == "place"
        and state.to_move == moment.learner
        and bool(state.current_placed)
        and bool(state.deferred[moment.learner])
    )


FACTS = {
    "your_move": _your_move,
    "scores": _scores,
    "winner": _winner,
    "result": _result,
    "tie": _tie,
}

MOMENTS = {
    "game-over": lambda moment: moment.after.is_terminal(),
    "you-placed": _learner_placed,
    "your-triad": lambda moment: _scored(moment, seat=moment.learner),
    "flush": lambda moment: _scored(moment, "flush"),
    "set": lambda moment: _scored(moment, "set"),
    "run": lambda moment: _scored(moment, "run"),
    "tie": lambda moment: _set_aside(moment.before.deferred, moment.after.deferred),
    "last-turn": lambda moment: moment.after.last_turn and not moment.after.is_terminal(),
    "drawn": lambda moment: any(type(move) is Draw for _state, move in replayed(moment.before, moment.after)),
    "grid-limit": lambda moment: _span_full(moment.after),
    "your-set-aside": _set_aside_choice,
}
# moments judged on the position a step shows only (the others also at each move on the way to it)
SHOWN_MOMENTS = {"last-turn", "your-set-aside"}


STUDIO_CHECKS = {
    "to_move": fact_turn,
    "turn": lambda state: state.turn,
    "scores": fact_per_seat(lambda state, seat: state.scores[seat]),
    "hand_sizes": fact_per_seat(lambda state, seat: len(state.hands[seat])),
    "deck_size": lambda state: len(state.deck),
    "last_turn": lambda state: state.last_turn,
    "game_over": lambda state: state.is_terminal(),
}
