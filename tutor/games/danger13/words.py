"""What Danger 13 moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""

from __future__ import annotations

from tutor.games import danger13 as d13
from tutor.messages import msg
from tutor.seats import ColourNames

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
CARD_EXPECTED = ("d13.why.wrong-chance",)  # its {expected} is a card
EITHER_WANTED = ("lesson.unasked.d13-give",)  # its {wanted} may name several players
COUNTED_CARDS: tuple[str, ...] = ()
NUMBERED_WANTED: tuple[str, ...] = ()
SAMPLES = ("plain 3", "one-plus 2", "two-plus 5", "draw 0", "arrow", "13-18", "hand", "instant +1")


def sample_cards() -> list:
    return [d13.rules.parse_card(code) for code in SAMPLES]


def sentences(state, index: int) -> list[str]:
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


def score_sheet(state, seat=None) -> tuple[list[str], list[list[tuple[str, str]]]]:
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


def move_words(state, move) -> str:
    """A move as a learner reads it ("the plain 2 to Yellow"), allowed or not: the name of an
    answer in a classroom tally."""
    if isinstance(move, d13.Choice):
        return msg(f"d13.move.{move.answer}", card=move.card)
    return msg("d13.move.give", card=move.card, player=state.name(move.seat))
