"""``python -m tutor texts``: every text the tutor can show, filled with real values, one file
per language (``texts/<lang>.txt``), so that a change of wording shows in a review as a diff.

The files hold, in this order: each catalog entry filled with real cards, players and numbers
of each game it speaks of (as the text tests fill them: every count once as 1, once as 2);
every lesson's texts, a guided first game's as shown on three ways through it; the refusals
of moves tried in seeded bot games; quizzes; drills; and the move log of a seeded game.
Everything is seeded: the same code gives the same files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tutor import messages
from tutor.bots import make_bots
from tutor.core import CHANCE, SIMULTANEOUS, TutorError
from tutor.drills import drills, tasks
from tutor.games import Game, games
from tutor.games import game as registered
from tutor.lessons import learner_choices, load_lesson
from tutor.messages import LANGUAGES, Plural, catalog, either, listed, msg
from tutor.quizzes import quiz

OUT = Path(__file__).parent.parent / "texts"  # kept in the repository beside tutor/
REFRESH = "python -m tutor texts"

# What a placeholder holds, by its name: a card, a player's name, a number; anything else "xyz".
CARD_FIELDS = {"card", "revealed", "pending"}
NAMES = {
    "player",
    "dealer",
    "buster",
    "mover",
    "winner",
    "owner",
    "got",
    "answer",
    "wanted",
    "written",
    "actual",
    "receiver",
}
NUMBERS = {
    *("count", "slot", "total", "line", "number", "players", "limit", "value", "points", "score", "round"),
    *("high", "low", "won", "finished", "played", "table", "before", "answered", "learners", "allowed"),
    *("failures", "left", "middle", "right", "other", "free", "needed", "width", "height", "step", "lesson"),
    *("minutes", "seconds", "available", "mistakes", "stars", "length", "col", "row", "top", "rounds"),
    *("start", "plus", "moves", "triads", "first", "second", "asked"),
}
# Counts that are never one in any message, and per message ("1 lesson" has an entry of its own).
NEVER_ONE = {"players", "high", "limit", "length", "size", "width", "height", "top", "rounds", "seconds"}
NEVER_ONE |= {"minutes", "needed"}
NEVER_ONE_IN = {
    "app.landing.lessons-same": {"count"},
    "app.landing.lessons-range": {"count"},
    "input.expect.names": {"count"},
    "input.expect.numbers": {"count"},
}


def key_games() -> dict[str, str]:
    """Which game a key speaks of, from the short names its parts use (each game's KEY_NAMES)."""
    return {name: game for game in games() for name in registered(game).words.KEY_NAMES}


def games_of(key: str) -> list[str]:
    """The games whose values a key takes: its own, or every game for a shared key."""
    named = key_games()
    own = {named[part] for piece in key.split(".") for part in (piece, piece.split("-")[0]) if part in named}
    return sorted(own) or list(games())


@cache
def filled_apart(name: str) -> set[str]:
    """Keys whose placeholder is not what its name says, as each game lists them:
    COUNTED_CARDS ({cards} holds numbers), NUMBERED_WANTED ({wanted} holds a number),
    CARD_EXPECTED ({expected} holds a card), EITHER_WANTED ({wanted} may name alternatives,
    any one of them asked for: filled with two once)."""
    return {key for game in games() for key in getattr(registered(game).words, name)}


def cards_of(game: str) -> list:
    """A few real cards of ``game``: each kind of name it gives a card."""
    return registered(game).words.sample_cards()


def rendered(lang: str) -> Iterator[tuple[str, str]]:
    """(key, text) for every entry of ``lang`` filled with real values of each game it speaks of,
    each count once as 1 and once as 2 (both forms of a plural entry)."""
    messages.set_language(lang)
    try:
        for key, entry in catalog(lang).items():
            fields = messages.placeholders(entry)
            for game in games_of(key):
                names = registered(game).seat_names(3)
                cards = cards_of(game)
                for index in range(len(cards)):
                    for count in (1, 2):
                        values = {field: _value(key, field, game, names, cards, index, count) for field in fields}
                        for offset, field in enumerate(sorted(fields & NAMES)):  # two players of a message differ
                            if values[field] in names:
                                values[field] = names[(index + count + offset) % 3]
                        if (
                            isinstance(entry, Plural)
                            and entry.count == "cards"
                            and key not in filled_apart("COUNTED_CARDS")
                        ):
                            values["cards"] = [str(cards[index]), str(cards[index - 1])][:count]  # counted as a list
                        try:
                            yield key, msg(key, **values)
                        except ValueError:  # braces that are no placeholders: a text shown as it is
                            yield key, msg(key)
                if "card" not in fields and "cards" not in fields:
                    break  # the same text for every game
    finally:
        messages.set_language("en")


def _value(key: str, field: str, game: str, names: list[str], cards: list, index: int, count: int):
    if field in CARD_FIELDS or (field == "expected" and key in filled_apart("CARD_EXPECTED")):
        return cards[index]
    if field == "cards" and key in filled_apart("COUNTED_CARDS"):
        return listed(["1", "2", "3"][: count + 1])
    if field == "cards":
        return listed([str(cards[index]), str(cards[index - 1])][:count])
    if field == "wanted" and key in filled_apart("EITHER_WANTED") and count == 2:
        return either(["1", "3"] if key in filled_apart("NUMBERED_WANTED") else names[:2])
    if field in NAMES and key not in filled_apart("NUMBERED_WANTED"):
        return names[(index + count) % 3]
    if field in NUMBERS:
        return count + 2 if field in NEVER_ONE | NEVER_ONE_IN.get(key, set()) else count
    return "xyz"


def catalog_lines(lang: str) -> Iterator[str]:
    seen: set[tuple[str, str]] = set()
    for key, text in rendered(lang):
        if (key, text) not in seen:
            seen.add((key, text))
            yield f"{key}: {text}"


GUIDED_WAYS = 3  # the coach's moves for the learner, always the first legal move, always the last


def lesson_lines(game: Game) -> Iterator[str]:
    """Every lesson's texts as shown; a guided game's on each of a few ways through it, with
    its facts filled in and each tip where it is said."""
    for path in game.lesson_files():
        lesson = load_lesson(path)
        yield f"## {game.id} {path.name}: {lesson.title}"
        yield f"summary: {lesson.summary}"
        if not lesson.guided:
            states = lesson.states()
            for index, step in enumerate(lesson.steps):
                yield f"{step.number} say: {step.say}"
                if step.try_:
                    yield f"{step.number} prompt: {step.try_.prompt}"
                    yield from (f"{step.number} answer: {said}" for said in _answers(lesson, step, states[index]))
            continue
        for way, choose in enumerate(learner_choices(lesson)[:GUIDED_WAYS]):
            line = lesson.line(choose)
            yield f"# way {way + 1}"
            for index, (step, moment) in enumerate(zip(lesson.steps, line.moments)):
                yield f"{step.number} say: {lesson.text(step.say, moment)}"
                yield from (f"{step.number} tip: {lesson.text(first.say, moment)}" for first in line.firsts[index])
                for decision in line.plays.get(index, [])[1:]:
                    said = lesson.text(step.try_.prompt, decision.moment) if step.try_ else ""
                    yield f"{step.number} play: {said}"
                    yield from (
                        f"{step.number} tip: {lesson.text(first.say, decision.moment)}" for first in decision.firsts
                    )
                if step.try_ and not lesson.plays_on(step):
                    yield f"{step.number} prompt: {lesson.text(step.try_.prompt, moment)}"


def _answers(lesson, step, state) -> list[str]:
    """What a try-it step says to a right move, to a legal move it does not ask for and to a
    refused move by the same player."""
    if not step.try_ or not step.try_.accept:
        return []
    asked = step.try_.accept[0]
    mover = state.mover(asked)
    said = [lesson.judge(step, state, asked)[1]]
    other = [move for move in state.legal_moves() if move not in step.try_.accept and state.mover(move) == mover]
    if other:
        said.append(lesson.judge(step, state, other[0])[1])
    refused = next(iter(_refused(state, _variants(asked, state.legal_moves()))), None)
    if refused is not None:
        said.append(lesson.judge(step, state, refused)[1])
    return said


def _variants(move, known: list) -> Iterator:
    """Moves like ``move`` with one field taken from another move seen: most are refused."""
    if not hasattr(move, "_replace"):
        return
    for other in known:
        if type(other) is type(move):
            for name in move._fields:
                yield move._replace(**{name: getattr(other, name)})


def _refused(state, moves) -> Iterator:
    for move in moves:
        try:
            if state.why_not(move) is not None:
                yield move
        except (TutorError, AttributeError, IndexError, KeyError, TypeError, ValueError):
            continue  # a move of a shape the position cannot read: not a refusal a learner sees


def bot_game(game: Game, seed: int, players: int = 3):
    """A seeded game of coaches to the end: its positions before each player's move, and the end."""
    state = game.new_game(players, seed=seed, seat_names=game.seat_names(players))
    bots = make_bots(game, ["coach"] * players, players, seed)
    positions = []
    while not state.is_terminal():
        if state.to_move == CHANCE:
            state.push(state.chance_move())
            continue
        seat = state.legal_moves()[0].seat if state.to_move == SIMULTANEOUS else state.to_move
        positions.append(state.clone())
        state.push(bots[seat].choose(state, seat))
    return positions, state


REFUSALS_PER_KIND = 2  # examples of each kind of refusal


def refusal_lines(game: Game) -> Iterator[str]:
    """The refusals of moves tried in a seeded game: every move of a position with one of its
    fields taken from a move seen elsewhere in the game; a few of each kind."""
    positions, _ = bot_game(game, seed=1)
    seen_moves = list(dict.fromkeys(move for state in positions for move in state.legal_moves()))
    rng = random.Random(f"texts:{game.id}")
    kinds: dict[str, list[str]] = {}
    for state in positions:
        tried = [variant for move in state.legal_moves() for variant in _variants(move, rng.sample(seen_moves, 8))]
        for move in _refused(state, tried):
            reason = state.why_not(move)
            said = kinds.setdefault(f"{reason.rule} {reason.key}", [])
            if len(said) < REFUSALS_PER_KIND and str(reason) not in said:
                said.append(str(reason))
    for kind, said in sorted(kinds.items()):
        yield from (f"{kind}: {text}" for text in said)


QUIZ_SEEDS = (1, 2)


def quiz_lines(game: Game) -> Iterator[str]:
    for seed in QUIZ_SEEDS:
        for question in quiz(game, seed, len(game.quizzes.MAKERS)):
            yield f"{question.kind} prompt: {question.prompt}"
            yield f"{question.kind} choices: {' | '.join(question.choices)}"
            yield f"{question.kind} right: {question.answer(question.correct)[1]}"
            wrong = (question.correct + 1) % len(question.choices)
            yield f"{question.kind} wrong: {question.answer(wrong)[1]}"


def drill_lines(game: Game) -> Iterator[str]:
    for found in drills(game):
        yield f"{found.id} title: {found.title}"
        yield f"{found.id} goal: {found.goal}"
        for task in tasks(game, found.id, seed=1):
            yield f"{found.id} prompt: {task.prompt}"
            if task.on_board:
                yield f"{found.id} right: {task.answer(task.move)[1]}"
                refused = next(iter(_refused(task.position, _variants(task.move, task.position.legal_moves()))), None)
                others = [move for move in task.position.legal_moves() if move != task.move]
                for move in [refused, *others[:1]]:
                    if move is not None:
                        yield f"{found.id} other: {task.answer(move)[1]}"
            else:
                yield f"{found.id} choices: {' | '.join(task.choices)}"
                yield f"{found.id} right: {task.answer(task.correct)[1]}"
                yield f"{found.id} wrong: {task.answer((task.correct + 1) % len(task.choices))[1]}"


def log_lines(game: Game) -> Iterator[str]:
    """The move log of a seeded game of coaches, as the play page shows it."""
    _, state = bot_game(game, seed=2)
    sentences = game.words.sentences
    for index in range(len(state.move_stack)):
        said = sentences(state, index)
        if said:
            yield " ".join(said)
    yield msg("app.log.over")


def texts(lang: str) -> str:
    """The whole file for ``lang``."""
    parts = ["# Every text the tutor shows, filled with real values. Made by: " + REFRESH, "", "# catalog"]
    parts += catalog_lines(lang)
    messages.set_language(lang)
    try:
        for game in games().values():
            for title, lines in (
                ("lessons", lesson_lines),
                ("refusals", refusal_lines),
                ("quizzes", quiz_lines),
                ("drills", drill_lines),
                ("log", log_lines),
            ):
                parts += ["", f"# {game.id} {title}", *lines(game)]
    finally:
        messages.set_language("en")
    return "\n".join(" ⏎ ".join(line.splitlines()) for line in parts) + "\n"


def stale(out: Path = OUT) -> list[str]:
    """The languages whose file in ``out`` differs from what the tutor shows now."""
    return [lang for lang in LANGUAGES if not _same(out / f"{lang}.txt", texts(lang))]


def _same(path: Path, text: str) -> bool:
    return path.exists() and path.read_text(encoding="utf-8") == text


def write(out: Path = OUT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        path = out / f"{lang}.txt"
        path.write_text(texts(lang), encoding="utf-8")
        written.append(path)
    return written
