"""What Thricewise moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import takewhile
from typing import TYPE_CHECKING

from tutor.games import thricewise as tw
from tutor.games.decktet import Card, parse_card
from tutor.messages import in_order, listed, msg, scores_listed

if TYPE_CHECKING:  # the texts file reads this module's fillings
    from tutor.texts import Situation

# The parts of the engine's ranking key, in its order (the engine orders the seats; these
# only say what each part is called), and the rules that decide a win and a tie.
KEY_PARTS = ("points",)
WIN_RULE = "tw.winner"
TIE_RULE = "tw.shared-win"
SHARED_RULE = TIE_RULE


# An empty place is named by a card next to it: straight neighbours first, in this order.
SIDES = (((-1, 0), "right-of"), ((1, 0), "left-of"), ((0, -1), "below"), ((0, 1), "above"))
CORNERS = ((-1, -1), (1, -1), (-1, 1), (1, 1))

# The players as the lessons name them (first names);
# quizzes and new games use the same names.
SEAT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve")

# How catalog keys name this game ("app.log.tw.place", "decktet.card.sea"), and a few cards of
# each kind of name, to fill its texts with (python -m tutor texts, the text tests).
KEY_NAMES = ("tw", "thricewise", "decktet")


def _beside(s: Situation) -> str:
    return msg("tw.where.right-of", card=s.other)


# The texts file's fillings (tutor/texts.py): three players on a grid that grows to six by six;
# a flush of Moons worth 2 (its lowest number card), or 3; two Crowns that tie; a line that
# makes nothing; cards turned up with their ranks.
FLUSHES = {2: ("Author", "the Mountain", "the Journey"), 3: ("the Journey", "the Mountain", "the Huntress")}
TIED = ("Sea", "the Huntress")
NOTHING = ("Sea", "Ace of Moons", "the Savage")
TURNED_UP = ("Author", "the Journey", "the Mountain")


def _cards(names: Iterable[str]) -> list[Card]:
    return [parse_card(name) for name in names]


def _the(cards: Iterable[Card]) -> list[str]:
    """Cards as a quiz or a drill names them in a sentence: with their article ("la Mer")."""
    return [msg("tw.the-card", card=card) for card in cards]


def _rank(card: Card) -> str:
    return msg(f"quiz.tw-rank.{card.rank}") if not card.is_number else str(card.rank)


def _triad(s: Situation) -> str:
    points = s.count + 1
    return msg("tw.triad", kind=msg("tw.kind.flush"), cards=listed(_the(_cards(FLUSHES[points]))), points=points)


def _shown(s: Situation) -> str:
    turned = zip(s.names, _cards(TURNED_UP))
    return listed([msg("drill.tw-order.shown", player=name, card=card, rank=_rank(card)) for name, card in turned])


FILLINGS = {
    "said": lambda s: msg("tw.move.place-beside", card=s.card, where=_beside(s)),
    "where": _beside,
    "limit": tw.rules.MAX_SPAN,
    "points": lambda s: s.count + 1,
    "move": "place Sea 3,1",
    "text": "Sea 3",
    "kind": lambda s: msg("tw.kind.flush"),
    "suits": lambda s: msg("decktet.suit.moons"),
    "rank": lambda s: _rank(s.card),
    "cell": lambda s: msg("tw.cell", col=3, row=1),
    "there": lambda s: s.other,
    "order": lambda s: in_order(s.names),
    "shown": _shown,
    "scores": lambda s: scores_listed(zip(s.names, (5, 3, 0))),
    "triad": _triad,
    "triads": _triad,
    "aside": "",
    "turn": 3,
    "reason": lambda s: msg("tw.why.not-in-hand", player=s.player(), card=s.card),
    "plan": lambda s: msg("bot.why.tw.place", player=s.player(), card=s.card, where=_beside(s), points=3),
}
OWN_CARD = {"card": lambda s: _cards(TURNED_UP)[s.names.index(s.player())]}  # the last to choose takes their own
KEY_FILLINGS = {
    "*tw*.tie*": {"players": lambda s: [s.player(), s.player(1)]},
    "tw.guided.share": {"players": lambda s: [s.player(), s.player(1)]},
    "tw.guided.share-you": {"players": lambda s: [s.player(1)]},
    "tw.guided.tie*": {"also": ""},  # a second pair shows in the guided game's own texts
    "quiz.tw-order.prompt": OWN_CARD,
    "quiz.tw-last.prompt": OWN_CARD,
    "quiz.tw-tie.prompt": OWN_CARD,
    "*.tw-order.lowest": {"card": parse_card("Author"), "player": lambda s: s.names[0]},
    "*tw*.tied": {"cards": lambda s: listed(_the(_cards(TIED))), "rank": lambda s: _rank(_cards(TIED)[0])},
    "quiz.tw-last.placed": {"cards": lambda s: _the([s.card, s.other][: s.count])},  # a list: one card or several
    "quiz.tw-last.aside": {"cards": lambda s: listed(_the([s.card, s.other][: s.count]))},
    "*tw-kind.*": {
        "card": parse_card("the Journey"),
        "where": lambda s: msg("tw.where.right-of", card=parse_card("the Mountain")),
        "cards": lambda s: listed(_the(_cards(FLUSHES[2]))),
    },
    "drill.tw-kind.none": {"cards": lambda s: listed(_the(_cards(NOTHING)))},
    "tw.triad": {"cards": lambda s: listed(_the(_cards(FLUSHES[s.count + 1])))},
    "app.log.tw.reveal": {
        "cards": lambda s: [
            msg("app.log.tw.shown", player=name, card=card) for name, card in zip(s.names, (s.card, s.other))
        ][: s.count + 1]
    },
    "widgets.tw.points": {"points": lambda s: s.count},  # a total, in short
    "widgets.tw.grid-size": {"width": 3, "height": 2},
    "widgets.tw.more-triads": {"count": 2},
    "tw.error.grid-small": {"players": 3, "needed": 6},
    "tw.error.grid-too-big": {"width": lambda s: tw.rules.MAX_SPAN + s.count, "height": 3},
    "tw.why.too-wide": {"width": tw.rules.MAX_SPAN + 1},
    "tw.why.too-high": {"height": tw.rules.MAX_SPAN + 1},
    "tw.error.hand-sizes": {"most": 10, "sizes": "4, 4, 3"},
    "tw.error.deck-too-big": {"count": 3},
    "tw.error.deck-count": {"out": 14, "players": 3, "start": 6, "count": lambda s: s.count},
    "bot.why.tw.forced-pick": {"rule": lambda s: msg("rule.tw.pick.title")},
    "bot.why.tw.forced-place": {"rule": lambda s: msg("rule.tw.adjacency.title")},
    "tw.error.turn": {"turn": 3, "expected": 2},
    "tw.error.card-twice": {"first": lambda s: msg("tw.cell", col=1, row=1), "second": lambda s: s.player()},
    "tw*.no-seat": {"seat": 5, "players": 3},
    "tw.error.cell-format": {"text": "3;1"},
    "tw.error.move-format": {"text": "put Sea 3,1"},
    "decktet.error.unknown-card": {"text": "the Dragon"},
    "checks.tw-deck-short": {"players": 3, "cards": 36, "start": 6},
    "lesson.unasked.tw-points": {"wanted": lambda s: s.count + 3},
}


def sample_cards() -> list[Card]:
    return [parse_card(name) for name in ("Sea", "Ace of Moons", "the Huntress")]


def where(grid: dict, cell: tuple[int, int]) -> str:
    """Where ``cell`` is, in words a learner sees on the board: "right of the Sea"."""
    side, card = beside(grid, cell)
    return msg(f"tw.where.{side}", card=card) if card else ""


def beside(grid: dict, cell: tuple[int, int]) -> tuple[str, Card | None]:
    """The side of ``cell`` ("right-of", …, "diagonal") a card of ``grid`` lies on, and that card
    (the sides first; None when no card touches the cell)."""
    col, row = cell
    for (dc, dr), side in SIDES:
        if (col + dc, row + dr) in grid:
            return side, grid[(col + dc, row + dr)]
    for dc, dr in CORNERS:
        if (col + dc, row + dr) in grid:
            return "diagonal", grid[(col + dc, row + dr)]
    return "", None


def _grid_before(grid: dict, card: Card) -> dict:
    """The grid as it was when ``card`` was placed: the cards put down before it (a dict keeps their order)."""
    return dict(takewhile(lambda entry: entry[1] != card, grid.items()))


def sentences(state: tw.State, index: int) -> list[str]:
    """The move at ``state.move_stack[index]`` in words for the move log, from its events;
    a pick is told without its card (it is secret until the reveal)."""
    said, triads, tied = [], [], []
    for event in state.events(index):
        player = state.name(event.seat) if event.seat is not None else ""
        if event.kind == "dealt":
            said.append(msg("app.log.tw.deal"))
        elif event.kind == "drawn":
            said.append(msg("app.log.tw.draw"))
        elif event.kind == "picked":
            said.append(msg("app.log.tw.pick", player=player))
        elif event.kind == "revealed":
            shown = listed(
                [
                    msg("app.log.tw.shown", player=state.name(seat), card=card)
                    for seat, card in enumerate(event["cards"])
                    if card is not None
                ]
            )
            said.append(msg("app.log.tw.reveal", cards=shown))
        elif event.kind == "set-aside":
            tied.append(player)
        elif event.kind == "kept-aside":
            said.append(msg("app.log.tw.done", player=player))
        elif event.kind == "card-placed":
            grid = _grid_before(state.grid, event["card"])
            said.append(msg("app.log.tw.place", player=player, card=event["card"], where=where(grid, event["cell"])))
        elif event.kind == "triad":
            triads.append(event["triad"])
    if tied:
        said.append(msg("app.log.tw.tied", players=listed(tied)))
    if triads:
        said.append(
            msg(
                "app.log.tw.scores",
                points=sum(triad.points for triad in triads),
                triads=listed([triad.describe(state.grid) for triad in triads]),
            )
        )
    return said


def score_sheet(state: tw.State, seat: int | None = None) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """Points, triads scored and cards placed, all public."""
    columns = [msg("widgets.scores.triads"), msg("widgets.scores.placed"), msg("widgets.scores.points")]
    placed = list(state.placed_by.values())
    rows = [
        [
            (str(sum(triad.seat == other for triad in state.triads)), ""),
            (str(placed.count(other)), ""),
            (str(state.scores[other]), "tutor-total"),
        ]
        for other in range(state.players)
    ]
    return columns, rows


def move_words(state: tw.State, move: tw.Pick | tw.Place | tw.Done) -> str:
    """A move as a learner reads it ("the Mill on column 0, row 2"), allowed or not: the name
    of an answer in a classroom tally."""
    if isinstance(move, tw.Pick):
        return msg("tw.move.pick", card=move.card)
    if isinstance(move, tw.Place):
        beside = where(state.grid, move.cell)  # said by a card next to it: the grid shows no numbers
        if beside:
            return msg("tw.move.place-beside", card=move.card, where=beside)
        return msg("tw.move.place", card=move.card, cell=msg("tw.cell", col=move.cell.col, row=move.cell.row))
    return msg("tw.move.done")


def placement_said(state: tw.State, move: tw.Place) -> tuple[int, list[str], tuple[str, ...]]:
    """What placing ``move`` scores, the sentences that say why (one a triad: card names are
    long) and the rules behind them: a quiz's and a drill's explanation."""
    after = state.clone()
    after.push(move)
    triads = after.triads[len(state.triads) :]
    points = sum(triad.points for triad in triads)
    if not triads:
        return points, [msg("quiz.tw-score.none", card=move.card, where=where(state.grid, move.cell))], ("tw.triad",)
    if len(triads) > 1:
        said = [
            msg("quiz.tw-score.also" if index else "quiz.tw-score.completes", triad=triad.describe(after.grid))
            for index, triad in enumerate(triads)
        ]
        said.append(msg("quiz.tw-score.together", points=points))
    else:
        said = [msg("quiz.tw-score.triads", triads=triads[0].describe(after.grid), points=points)]
    return points, said, ("tw.triad", *dict.fromkeys(f"tw.{triad.kind}" for triad in triads), "tw.value")
