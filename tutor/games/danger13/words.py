"""What Danger 13 moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.games import danger13 as d13
from tutor.messages import either, listed, msg
from tutor.seats import ColourNames

if TYPE_CHECKING:  # the texts file reads this module's fillings
    from tutor.texts import Situation

# The parts of the engine's ranking key, in its order (the engine orders the seats; these
# only say what each part is called), and the rules that decide a win and a tie.
KEY_PARTS = ("plus-points", "printed")
WIN_RULE = "d13.game-end"
TIE_RULE = "d13.tie-break"
SHARED_RULE = "d13.shared-win"  # the rule sheets stop at the tie-break: sharing is the tutor's note

# The players as the lessons name them (colours, like the pawns beside their rows);
# quizzes and new games use the same names, in the page's language.
SEAT_NAMES = ColourNames("red", "blue", "green", "yellow", "orange")

# How catalog keys name this game ("app.log.d13.give", "glossary.danger-13.row"), and a card of
# each kind of name, to fill its texts with (python -m tutor texts, the text tests).
KEY_NAMES = ("d13", "danger-13")
SAMPLES = ("plain 3", "one-plus 2", "two-plus 5", "draw 0", "arrow", "13-18", "hand", "instant +1")
parsed = d13.rules.parse_card
LIMIT, RAISED = d13.rules.LIMIT, d13.rules.RAISED_LIMIT


def _in_row(s: Situation) -> d13.Card:
    """The card, or a plain 3 where the text puts it in a row (an arrow or an instant card never stays)."""
    return s.card if s.card.kind not in (d13.rules.ARROW, d13.rules.INSTANT) else parsed("plain 3")


def _line(s: Situation) -> int:
    return RAISED if s.card.kind == d13.rules.RAISE else LIMIT


def _safe(s: Situation) -> int:
    """A row total just below the line (11 or 12; a 13→18 card's line is then 18)."""
    return LIMIT - 3 + s.count


def _bust(s: Situation) -> int:
    """A row total at the line or past it (13 or 14)."""
    return LIMIT - 1 + s.count


def _row(s: Situation) -> list[d13.Card]:
    return [_in_row(s), _in_row(s.but(card=s.other))][: s.count]


# The texts file's fillings (tutor/texts.py): a row takes a card and stays below its line,
# or reaches it; the numbers add up with the card's value.
ROW = {"total": _safe, "before": lambda s: _safe(s) - s.card.value, "line": LIMIT, "limit": LIMIT}
SAFE = {**ROW, "card": _in_row, "line": _line, "limit": _line}
BUST = {
    "card": lambda s: s.card if s.card.value >= 2 else parsed("plain 3"),
    "total": _bust,
    "before": lambda s: _bust(s) - s.card.value,
    "line": LIMIT,
    "limit": LIMIT,
}
SAFE_KEYS = (
    *("d13.guided.decide", "drill.d13-bust.right", "drill.d13-bust.farther", "drill.d13-hand.right-accept"),
    *("drill.d13-hand.keep-hand", "bot.why.d13.safe", "bot.why.d13.take-safe", "bot.why.d13.beginner.take"),
    "quiz.d13-bust.adds",
)
BUST_KEYS = (
    *("d13.guided.bust*", "drill.d13-bust.busts", "drill.d13-hand.right-refuse", "drill.d13-hand.wrong-accept"),
    *("drill.d13-hand.hint", "drill.d13-hand.prompt", "bot.why.d13.refused", "bot.why.d13.bust*"),
    *("bot.why.d13.refuse-bust", "bot.why.d13.beginner.refuse", "d13.error.row-bust"),
)
KEPT = {"dealer": lambda s: s.player(1)}  # the dealer keeps the card: the player asked about
FILLINGS = {
    "said": lambda s: msg("d13.move.give", card=s.card, player=s.player(1)),
    "value": lambda s: s.card.value,
    "line": LIMIT,
    "move": "plain 3 -> 2",
    "text": "blue 3",
    "kind": "plain",
    "reason": lambda s: msg("d13.why.already-received", player=s.player(), card=s.card),
    "plan": lambda s: msg("bot.why.d13.safe", card=_in_row(s), player=s.player(), total=_safe(s), line=_line(s)),
}
KEY_FILLINGS = {
    "*d13*": ROW,
    "d13.card.*": {"value": lambda s: s.count},
    **dict.fromkeys(SAFE_KEYS, SAFE),
    **dict.fromkeys(BUST_KEYS, BUST),
    "bot.why.d13.refuse": {**BUST, "total": lambda s: _bust(s) - s.card.value},  # refused: the row stays as it was
    "quiz.d13-bust.prompt*": {**SAFE, "total": lambda s: _safe(s) - s.card.value, "line": LIMIT},  # before the card
    "*d13*danger*": {"total": _safe, "limit": LIMIT},
    "*d13*draw*": {**SAFE, "card": parsed("draw 2")},
    "quiz.d13-draw.prompt*": {"total": lambda s: _safe(s) - 2},
    "*d13*plus*": {
        **SAFE,
        "card": lambda s: s.card if s.card.plus and s.card.kind != "instant" else parsed("one-plus 2"),
    },
    "*d13*instant*": {"card": parsed("instant +1")},
    "*d13*arrow*": {"card": parsed("arrow"), "last": lambda s: _in_row(s.but(card=s.other)), "before": 9},
    "drill.d13-arrow.why": {"card": _in_row, "before": 9, "total": lambda s: 9 - s.card.value},
    "quiz.d13-bust.arrow": {"card": _in_row, "total": lambda s: 9 - s.card.value},
    "*d13*arrow-empty": {"total": 0},
    "*d13*.raised": {"total": 15, "line": RAISED},
    "*d13*.line-raised": {"line": RAISED},
    "drill.d13-bank.prompt*": {"card": _in_row},
    "quiz.d13-bank.banked": {  # as the quiz says them: each with its article
        "cards": lambda s: listed(
            [msg("quiz.d13-hand.card", card=parsed("one-plus 2" if s.count == 1 else "two-plus 5"))]
        )
    },
    "quiz.d13-hand.prompt": {
        "story": lambda s: msg("quiz.d13-hand.dealt", dealer=s.player(1), card=s.card, player=s.player()),
        "answer": lambda s: msg("quiz.d13-hand.refuse", player=s.player()),
    },
    "quiz.d13-hand.not": {  # a hand card and a card of the row, as the quiz's choice says them
        "cards": lambda s: listed(
            [
                msg("quiz.d13-hand.hand-card"),
                msg("quiz.d13-hand.card", card=parsed("one-plus 2" if s.card == parsed("plain 3") else "plain 3")),
            ]
        )
    },
    "quiz.d13-receive.prompt": {
        "players": lambda s: listed(s.names),
        "given": lambda s: msg("quiz.d13-receive.given", card=s.other, player=s.player(1)),
        "refused": "",
    },
    "bot.why.d13.forced-*": {"rule": lambda s: msg("rule.d13.one-each.title")},
    "quiz.d13-receive.one-each": {"answer": lambda s: s.player(2)},
    "lesson.unasked.d13-give": {"wanted": lambda s: either([s.player(1), s.player(2)][: s.count])},
    "d13.error.not-in-row": {
        "card": parsed("instant +1"),
        "why": lambda s: msg("bot.why.d13.instant", card=parsed("instant +1"), player=s.player()),
    },
    "d13.error.not-bankable": {"card": lambda s: s.card if not s.card.plus else parsed("plain 3")},
    "d13.error.card-value": {"text": "plain 9", "kind": "plain", "low": 1, "high": 4},
    "d13.error.move-format": {"text": "plain 3 to 2"},
    "d13.error.too-many": {"available": lambda s: s.count - 1},
    "d13.error.packet-size": {"expected": lambda s: s.count, "count": lambda s: s.count + 1},
    "d13.error.pile-size": {"low": 20, "high": 40, "size": 9},
    "d13.error.round": {"round": 0},
    "d13*.no-seat": {"seat": 5, "players": 4},
    "d13.why.not-*": {"revealed": lambda s: s.other, "pending": lambda s: s.other},
    "d13.why.wrong-chance": {"expected": lambda s: s.other},
    "widgets.d13.row-label": {
        "cards": _row,
        "total": lambda s: sum(item.value for item in _row(s)),
        "limit": lambda s: RAISED if parsed("13-18") in _row(s) else LIMIT,
    },
    "widgets.d13.left-safe": {"count": lambda s: s.count + 5},
    "quiz.d13-bust.prompt-kept": KEPT,
    "quiz.d13-draw.prompt-kept": KEPT,
    "d13.guided.got": {
        "cards": lambda s: [msg("d13.guided.the-card", card=card) for card in (s.card, s.other)][: s.count]
    },
}


def sample_cards() -> list[d13.Card]:
    return [d13.rules.parse_card(code) for code in SAMPLES]


def sentences(state: d13.State, index: int) -> list[str]:
    """The move at ``state.move_stack[index]`` in words for the move log, from its events."""
    said = []
    for event in state.events(index):
        player = state.name(event.seat) if event.seat is not None else ""
        if event.kind == "card-revealed":
            said.append(msg("app.log.d13.reveal", player=player, card=event["card"]))
        elif event.kind == "card-drawn":
            said.append(msg("app.log.d13.draw", player=player, card=event["card"]))
        elif event.kind == "card-given" and event["to"] == event.seat:
            said.append(msg("app.log.d13.keep", dealer=player, card=event["card"]))
        elif event.kind == "card-given":
            said.append(msg("app.log.d13.give", dealer=player, card=event["card"], player=state.name(event["to"])))
        elif event.kind == "card-accepted":
            said.append(msg("app.log.d13.accept", player=player, card=event["card"]))
        elif event.kind == "card-refused":
            said.append(msg("app.log.d13.refuse", player=player, card=event["card"]))
        elif event.kind == "bust":
            said.append(msg("app.log.d13.bust", player=player))
        elif event.kind == "round-over":
            said.append(msg("app.log.d13.no-bust"))
    return said


def score_sheet(state: d13.State, seat: int | None = None) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """Banked cards for all; plus points and their printed values only for the owner
    until the game ends (note d13.bank-view); rounds busted."""
    view = state.view(seat if seat is not None else 0)
    columns = [
        msg("widgets.scores.banked"),
        msg("widgets.scores.plus-points"),
        msg("widgets.scores.printed"),
        msg("widgets.scores.busts"),
    ]
    hidden = (msg("widgets.scores.hidden"), "tutor-provisional")
    rows = []
    for other in range(state.players):
        known = view["plus_points"] is not None or other == seat
        rows.append(
            [
                (str(view["bank_sizes"][other]), ""),
                (str(state.plus_points(other)), "tutor-total") if known else hidden,
                (str(state.banked_value(other)), "") if known else hidden,
                (str(view["busts"].count(other)), ""),
            ]
        )
    return columns, rows


def move_words(state: d13.State, move: d13.Give | d13.Choice) -> str:
    """A move as a learner reads it ("the plain 2 to Yellow"), allowed or not: the name of an
    answer in a classroom tally."""
    if isinstance(move, d13.Choice):
        return msg(f"d13.move.{move.answer}", card=move.card)
    return msg("d13.move.give", card=move.card, player=state.name(move.seat))
