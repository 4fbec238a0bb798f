"""What Monster Trick moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""

from __future__ import annotations

from tutor.games import monster_trick as mt
from tutor.messages import msg
from tutor.seats import ColourNames

# The parts of the engine's ranking key, in its order (the engine orders the seats; these
# only say what each part is called), and the rules that decide a win and a tie.
KEY_PARTS = ("points", "round-three", "round-two")
WIN_RULE = "mt.game-end"
TIE_RULE = "mt.game-end"
SHARED_RULE = TIE_RULE  # a shared win cites the end-of-game rule, as a tie does

# The players as the lessons name them (colours, like the pawns that mark their claims);
# quizzes and new games use the same names, in the page's language.
SEAT_NAMES = ColourNames("orange", "red", "gray", "blue", "black")

# How catalog keys name this game ("app.log.mt.play", "glossary.monster-trick.trick"), and a few
# cards of each kind of name, to fill its texts with (python -m tutor texts, the text tests).
KEY_NAMES = ("mt", "monster-trick")
COUNTED_CARDS = ("mt.why.predict-cards",)  # its {cards} are VP values
NUMBERED_WANTED = ("lesson.unasked.mt-slot",)  # its {wanted} is a slot
EITHER_WANTED = ("lesson.unasked.mt-slot",)  # its {wanted} may name several slots
CARD_EXPECTED: tuple[str, ...] = ()


def sample_cards() -> list:
    return [mt.rules.Card("green", 8), mt.rules.Card("yellow", 1), mt.rules.Card("purple", 12)]


def sentences(state, index: int) -> list[str]:
    """The move at ``state.move_stack[index]`` in words for the move log, from its events;
    a prediction is told without its order (it is secret)."""
    said = []
    for event in state.events(index):
        player = state.name(event.seat) if event.seat is not None else ""
        if event.kind == "dealt":
            said.append(msg("app.log.mt.deal", round=event["round"]))
        elif event.kind == "predicted":
            said.append(msg("app.log.mt.predict", player=player))
        elif event.kind == "card-played":
            said.append(msg("app.log.mt.play", player=player, card=event["card"], slot=event["slot"] + 1))
        elif event.kind == "trick-won":
            said.append(msg("app.log.mt.trick", player=player, slot=event["slot"] + 1))
        elif event.kind == "round-scored":
            scores = ", ".join(
                msg("app.log.score", player=state.name(seat), score=score) for seat, score in enumerate(event["scores"])
            )
            said.append(msg("app.log.mt.round-over", round=event["round"], scores=scores))
    return said


def score_sheet(state, viewer=None) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """Each round's score and the total; the round in play shows the active VP card so far
    (face up, so every ``viewer`` sees the same sheet)."""
    columns = [msg("widgets.scores.round", number=number) for number in range(1, mt.ROUNDS + 1)]
    columns.append(msg("widgets.scores.total"))
    rows = []
    for player in range(state.players):
        cells = []
        for number in range(1, mt.ROUNDS + 1):
            if number <= len(state.round_scores):  # the points, and the tricks that made them
                points, won = state.round_scores[number - 1][player], state.round_tricks[number - 1][player]
                tricks = "" if won is None else f" ({msg('widgets.mt.tricks', won=won)})"
                cells.append((f"{points}{tricks}", ""))
            elif number == state.round and not state.is_terminal() and state.phase != "deal":  # a round begun
                cells.append((msg("widgets.scores.so-far", value=state.active_vp(player) or 0), "tutor-provisional"))
            else:
                cells.append(("\u2013", ""))
        cells.append((str(state.totals()[player]), "tutor-total"))
        rows.append(cells)
    return columns, rows


def move_words(state, move) -> str:
    """A move as a learner reads it ("the purple 3 on slot 4"), allowed or not: the name of an
    answer in a classroom tally."""
    if isinstance(move, mt.Predict):
        return msg("mt.move.predict", order=", ".join(map(str, move.order)))
    return msg("mt.move.play", card=move.card, slot=move.slot + 1)
