"""What Monster Trick moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.games import monster_trick as mt
from tutor.messages import either, listed, msg, scores_listed
from tutor.seats import ColourNames

if TYPE_CHECKING:  # the texts file reads this module's fillings
    from tutor.texts import Situation

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


def _colour(s: Situation, card: mt.Card | None = None) -> str:
    return msg(f"mt.colour.{(card or s.card).colour}")


def _other_colour(s: Situation) -> str:
    """A colour the card is not."""
    return msg(f"mt.colour.{next(colour for colour in mt.rules.COLOURS if colour != s.card.colour)}")


def _title(rule: str) -> str:
    return msg(f"rule.{rule}.title")


def _place(s: Situation) -> str:
    return msg(f"quiz.mt-vp.place.{('left', 'middle', 'right')[s.count - 1]}")


VP = {"left": 2, "middle": 1, "right": 3}  # a round-one prediction: the VP cards 1, 2, 3
# The texts file's fillings (tutor/texts.py): a round-one table of four slots, where a card
# follows its colour or is played off it, and a prediction whose VP cards add up.
FILLINGS = {
    "said": lambda s: msg("mt.move.play", card=s.card, slot=s.count + 1),
    **VP,
    "colour": _colour,
    "trick_colour": _other_colour,
    "value": lambda s: s.card.value,
    "order": "2, 1, 3",
    "move": lambda s: f"{s.card.colour} {s.card.value} -> 2",  # the move the reason refuses
    "text": "green",
    "slot": lambda s: s.count + 1,
    "other": lambda s: s.count + 2,
    "free": 4,
    "place": _place,
    "high": 3,
    "first": lambda s: s.count,
    "second": lambda s: s.count + 3,
    "next": lambda s: s.player(1),
    "winner": lambda s: s.player(2),
    "reason": lambda s: msg("mt.why.off-colour-free", card=s.card, free=4, trick_colour=_other_colour(s), slot=2),
    "plan": lambda s: msg("bot.why.mt.win", player=s.player(), card=s.card, slot=s.count + 1),
    "scores": lambda s: scores_listed(zip(s.names, VP.values())),
}
KEY_FILLINGS = {
    "*mt-vp.*": {"place": _place, "value": lambda s: list(VP.values())[s.count - 1], "won": lambda s: s.count},
    "mt.card": {"colour": lambda s: msg(f"mt.card-colour.{s.card.colour}")},
    "*active-vp": {"value": lambda s: VP["left"]},
    "*mt.place-vp": {"value": lambda s: s.count},
    "*mt-score.scores": {"points": lambda s: s.count},
    "*mt-trick.off-colour": {
        "cards": lambda s: [
            msg("quiz.mt-trick.held", card=s.other, player=s.player(1)),
            msg("quiz.mt-trick.held", card=mt.rules.Card("blue", 11), player=s.player(2)),
        ][: s.count]
    },
    "quiz.mt-where.some": {"slots": lambda s: listed(["1", "2", "3"])},
    "quiz.mt-where.refused-many": {"slots": lambda s: listed(["1", "3"])},
    "quiz.mt-where.refused*": {"reason": lambda s: msg("quiz.mt-where.must-follow", card=s.card)},
    "bot.why.mt.forced-*": {"rule": lambda s: _title("mt.follow")},
    "bot.why.mt.forced-open": {"rule": lambda s: _title("mt.open")},
    "bot.why.mt.beginner.predict": {"order": "1, 2, 3"},
    "mt.why.predict-cards": {"cards": lambda s: listed(["1", "2", "3"]), "order": "1, 2, 4", "round": 1},
    "mt.error.won-total": {"won": lambda s: s.count + 1, "played": lambda s: 4 * s.count + 2, "table": 2},
    "mt.error.cards-gone": {"played": 9, "table": 2, "gone": 7, "size": 4},
    "mt.error.table-more-than-played": {"table": 3, "played": 2},
    "mt.error.card-twice": {"first": lambda s: msg("mt.slot", slot=2), "second": lambda s: s.player()},
    "mt.error.too-many-cards": {"count": lambda s: s.count + 4},
    "mt.error.hand-too-big": {"count": lambda s: s.count + 12},
    "mt.error.won-too-many": {"count": lambda s: s.count + 6},
    "mt.error.hand-sizes": {"sizes": "6, 6, 4"},
    "mt.error.round": {"round": 4},
    "mt.error.scores-length": {"rounds": 2},
    "mt.error.score-value": {"score": 4, "round": 1, "values": lambda s: listed(["0", "1", "2", "3"])},
    "mt.error.unknown-colour": {"text": "pink 3", "colours": ", ".join(mt.rules.COLOURS)},
    "mt.error.unknown-value": {"text": "green 16"},
    "mt.error.value-for-players": {"text": "green 12", "players": 3, "top": mt.rules.TOP_VALUE[3]},
    "mt.error.predict-format": {"text": "vp 2 1"},
    "mt.error.move-format": {"text": "blue 9 to 1"},
    "mt.error.trick-entry": {"text": "green 8"},
    "mt.*no-slot": {"slot": 5},
    "bot.why.mt.predict*": {
        "tricks": lambda s: s.count,
        "place": lambda s: msg(f"bot.why.mt.place.{s.count - 1}"),
    },
    "drill.wrong-choice": {
        "answer": lambda s: s.player(1),
        "why": lambda s: msg("drill.mt-next.why", winner=s.player(2), player=s.player(), next=s.player(1)),
    },
    "record.bad-move": {"move": "green 8 to 2", "problem": lambda s: msg("mt.error.move-format", text="green 8 to 2")},
    "lesson.unasked.mt-slot": {"wanted": lambda s: either(["1", "3"]) if s.count == 2 else 3},
}


def sample_cards() -> list[mt.Card]:
    return [mt.rules.Card("green", 8), mt.rules.Card("yellow", 1), mt.rules.Card("purple", 12)]


def sentences(state: mt.State, index: int) -> list[str]:
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
            scores = scores_listed((state.name(seat), score) for seat, score in enumerate(event["scores"]))
            said.append(msg("app.log.mt.round-over", round=event["round"], scores=scores))
    return said


def score_sheet(state: mt.State, viewer: int | None = None) -> tuple[list[str], list[list[tuple[str, str]]]]:
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


def move_words(state: mt.State, move: mt.Play | mt.Predict) -> str:
    """A move as a learner reads it ("the purple 3 on slot 4"), allowed or not: the name of an
    answer in a classroom tally."""
    if isinstance(move, mt.Predict):
        return msg("mt.move.predict", order=", ".join(map(str, move.order)))
    return msg("mt.move.play", card=move.card, slot=move.slot + 1)
