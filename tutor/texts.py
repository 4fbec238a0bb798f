"""``python -m tutor texts``: every text the tutor can show, filled with real values, one file
per language (``texts/<lang>.txt``), so that a change of wording shows in a review as a diff.

The files hold, in this order: each catalog entry filled with real cards, players and numbers
of each game it speaks of, as a situation of that game could fill it (as the text tests fill
them: every count once as 1, once as 2); every lesson's texts, a guided first game's as shown
on three ways through it; the refusals of moves tried in seeded bot games; quizzes; drills;
and the move log of a seeded game. Everything is seeded: the same code gives the same files.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Any

from tutor import messages, yamlfile
from tutor.bots import make_bots
from tutor.core import CHANCE, SIMULTANEOUS, State, TutorError
from tutor.drills import drills, tasks
from tutor.games import Game, games
from tutor.games import game as registered
from tutor.lesson_links import MAX_STORED_BYTES
from tutor.lessons import Lesson, Step, learner_choices, load_lesson
from tutor.messages import LANGUAGES, Plural, catalog, either, level_also, listed, msg, scores_listed, spoken_language
from tutor.quizzes import quiz
from tutor.records import MAX_RECORD_BYTES
from tutor.yamlfile import file_size

OUT = Path(__file__).parent.parent / "texts"  # kept in the repository beside tutor/
REFRESH = "python -m tutor texts"


@dataclass(frozen=True)
class Situation:
    """What one filling of a text speaks of: a game, three of its players, one of its sample
    cards and the card before it, and a count (1 or 2: each form of a plural entry)."""

    game: str
    names: list[str]
    card: Any
    other: Any
    index: int
    count: int

    def player(self, offset: int = 0) -> str:
        """A player's name: another offset, another player (two players of a text differ)."""
        return self.names[(self.index + self.count + offset) % 3]

    def but(self, **changes: Any) -> Situation:
        """The same situation with other values: ``s.but(card=other)``."""
        return replace(self, **changes)


# A filling: the value itself, or how to make it from the situation (a function of it). The
# shared ones by a placeholder's name, then by key (a glob); a game adds its own, which come
# first (its words' FILLINGS and KEY_FILLINGS). Numbers are counts (1 or 2) unless said.
Filling = Any
CARD_FIELDS = {"card", "revealed", "pending"}
NAMES = {"player", "dealer", "buster", "mover", "winner", "owner", "answer", "wanted", "written", "actual"}
NAMES |= {"receiver", "learner", "seat"}


def _count(s: Situation) -> int:
    return s.count


def _more(s: Situation) -> int:
    """A count that is never one where it stands: 3 or 4."""
    return s.count + 2


def _names(s: Situation) -> list[str]:
    """Players, as many as the count says."""
    return [s.player(), s.player(1)][: s.count]


def _game_name(s: Situation) -> str:
    return msg(f"game.{s.game}.name")


def _another_game(s: Situation) -> str:
    return msg(f"game.{next(other for other in games() if other != s.game)}.name")


def _rule(s: Situation) -> str:
    return registered(s.game).rule_list[s.count].title


def _rules(s: Situation) -> list[str]:
    return [_rule(s), _rule(s.but(count=s.count + 1))][: s.count]


@cache
def _lesson_title(game: str, lang: str) -> str:
    """The title of the game's first lesson after its guided game (``lang``: the cache's)."""
    files = registered(game).lesson_files()
    return load_lesson(files[min(1, len(files) - 1)]).title if files else msg(f"game.{game}.name")


def _tie_break(s: Situation) -> str:
    """What breaks a tie in the game: the last part of its ranking."""
    return msg(f"app.play.end.part.{registered(s.game).words.KEY_PARTS[-1]}")


def _tie_values(s: Situation) -> str:
    """The tied players' figures on the part that decides, the winner's higher: "Red 5 and Gray 3"."""
    return scores_listed([(s.player(), s.count + 3), (s.player(1), s.count + 1)])


def _tied_also(s: Situation) -> str:
    """The parts between the score and the one that decides, on which the players were level too."""
    return level_also(registered(s.game).words.KEY_PARTS[1:-1])


def _options(s: Situation) -> list[str]:
    return list(registered(s.game).rules.OPTIONS) or ["speed"]


def _option_values(s: Situation) -> str:
    return ", ".join(registered(s.game).rules.OPTIONS.get(_options(s)[0], ("slow", "normal", "fast")))


def _record(s: Situation) -> str:
    return f"{s.game}-game-4821.yaml"


def _parts(s: Situation, table: str, count: int = 4) -> str:
    """Names from one of the game's tables (its checks, its moments), as a lesson writer types them."""
    return ", ".join(list(getattr(registered(s.game).lessons, table))[:count])


FILLINGS: dict[str, Filling] = {
    **dict.fromkeys(("count", "number", "value", "points", "score", "round", "won", "finished", "table"), _count),
    **dict.fromkeys(("before", "free", "played", "answered", "allowed", "failures", "left", "middle"), _count),
    **dict.fromkeys(("right", "other", "step", "lesson", "available", "mistakes", "stars", "col", "row"), _count),
    **dict.fromkeys(("start", "plus", "moves", "triads", "first", "asked", "total", "line", "slot"), _count),
    **dict.fromkeys(("players", "high", "length", "size", "width", "height", "top", "rounds"), _more),
    **dict.fromkeys(("seconds", "minutes", "needed", "learners", "limit"), _more),
    "second": lambda s: s.count + 1,
    "low": 2,
    "cards": lambda s: [s.card, s.other][: s.count],  # a list: said as one, or counted by a plural entry
    "file": "my-lesson.yaml",
    "game": _game_name,
    "title": lambda s: _lesson_title(s.game, messages.language()),
    "known": lambda s: listed([msg(f"game.{game}.name") for game in games()]),
    "seed": 4821,
    "strength": "grandmaster",
    "code": "K7PX2M",
    "example": "K7PX2M",
    "address": "sqlite:///class.db",
    "variable": "TUTOR_CLASS_STORE",
    "url": "http://localhost:8866/",
    "problem": lambda s: msg("input.missing", field=msg("input.field", field="steps")),
    "reason": lambda s: msg("app.play.not-now"),
    "why": lambda s: msg("bot.why.only", player=s.player()),
    "rule": _rule,
    "rules": _rules,
    "field": lambda s: msg("input.field", field="say"),
    "parent": "steps",
    "key": "prompt",
    "id": "first-card",
    "check": "to_move",
    "fact": "to_move",
    "note": lambda s: next(rule.id for rule in registered(s.game).rule_list if rule.kind == "note"),
    "expected": lambda s: msg("input.kind.number"),
    "found": lambda s: msg("input.kind.list"),
    "language": lambda s: spoken_language("fr"),
    "languages": lambda s: listed([spoken_language(code) for code in LANGUAGES[1:]]),
    "en": "Red",
    "option": "speed",
    "name": "Sam",
    "section": lambda s: msg("app.nav.learn"),
    "app": lambda s: msg("app.title"),
    "part": _tie_break,
    "parts": _tie_break,
    "also": "",
    "winners": _names,
    "names": _names,
    "got": _names,
    "until": "round-over",
    "when": "round-over",
    "deals": 20,
    "others": _count,
    "state": lambda s: msg("widgets.card-playable"),
}


def _said(s: Situation) -> str:
    """A move in words: each game's FILLINGS["said"] (no placeholder has that name)."""
    return registered(s.game).words.FILLINGS["said"](s)


def _either_move(s: Situation) -> str:
    """Two moves a step accepts, either one will do."""
    return either([_said(s), _said(s.but(card=s.other))])


# Where a placeholder holds something else in some keys (shared keys; a game's own are its).
MOVE_WORDS = {"move": _said, "yours": _said, "shown": lambda s: _said(s.but(card=s.other))}
KEY_FILLINGS: dict[str, dict[str, Filling]] = {
    **dict.fromkeys(
        ("studio.page.*", "app.play.coach-says", "classroom.answer.coach", "widgets.stepper.*"), MOVE_WORDS
    ),
    "app.play.end.rule": {"rule": lambda s: msg(f"rule.{registered(s.game).words.WIN_RULE}.title")},
    "app.play.end.*": {"players": lambda s: [s.player(), s.player(1)], "score": lambda s: s.count + 6},
    "app.play.end.score.*": {"score": _count},
    "app.play.end.tie-break": {"values": _tie_values, "also": _tied_also},
    "app.practise.*": {"right": lambda s: s.count - 1},
    "*.count": {"number": _count, "total": 8},
    "*.step": {"number": _count, "total": 8},
    "app.replay.position": {"total": 40},
    "app.landing.lessons-*": {"count": _more},  # one lesson has a text of its own
    "app.landing.lessons-range": {"low": 2, "high": 5},
    "input.expect.n*": {"count": _more},
    "app.learn.no-lesson": {"asked": 12, "number": 9},
    "app.learn.no-step": {"asked": 12, "number": 9, "lesson": 3},
    "classroom.*": {"learners": 24},
    "classroom.answer.is": {"answer": lambda s: _said(s) if s.count == 1 else _either_move(s)},
    "classroom.follow.answer-in": {"answer": _said},
    "classroom.error.name-long": {"limit": 30},
    "classroom.error.too-many-codes": {"seconds": 30},
    "publish.busy.text": {"seconds": 10},
    "error.player-count": {"low": 2, "high": 4, "players": 6},
    "input.expect.whole-range": {"low": 2, "high": 4},
    "error.seat-names": {"players": 3},
    "error.unknown-seat": {"seat": "Zoe", "known": lambda s: listed(s.names)},
    "*option*": {"known": lambda s: ", ".join(_options(s))},
    "input.no-options": {"game": lambda s: next((g.name for g in games().values() if not g.rules.OPTIONS), "")},
    "*.option-value": {"option": lambda s: _options(s)[0], "value": "quick", "known": _option_values},
    "*.unknown-game": {"game": "Go Fish"},
    "bot.error.unknown": {"kind": "grandmaster", "known": "beginner, coach, expert, random"},
    "bot.error.count": {"count": 2, "players": 3},
    "input.too-big": {"limit": file_size(yamlfile.MAX_BYTES)},
    "input.upload-too-big": {"limit": file_size(MAX_RECORD_BYTES)},
    "links.too-big": {"limit": file_size(MAX_STORED_BYTES)},
    "input.too-deep": {"limit": yamlfile.MAX_DEPTH},
    "input.too-many": {"limit": yamlfile.MAX_NODES},
    "input.long-number": {"limit": yamlfile.MAX_DIGITS},
    "input.hidden-character": {"code": "U+200B", "line": 12},
    "input.field": {"field": "say"},
    "input.inside": {"field": "say"},
    "checks.where-*": {"field": "say"},
    "input.unknown": {"field": "sya", "known": "say, try, rules, notes"},
    "input.wrong": {
        "field": lambda s: msg("input.field", field="players"),
        "expected": lambda s: msg("input.expect.whole-range", low=2, high=4),
    },
    "input.text-in-lesson": {"field": "say", "file": "locales/fr.yaml"},
    "input.text-for-nothing": {"key": "first-card", "known": "deal, first-trick"},
    "input.format": {"found": 3, "known": 1},
    "input.result-*": {"points": "7, 4, 2", "expected": "7, 4, 2", "found": "5, 6, 2"},
    "input.seat-language-unknown": {"language": "de", "known": "en, fr, nl"},
    "input.seat-language-missing": {"language": lambda s: spoken_language("nl")},
    "input.seat-*": {"name": "Ada"},
    "input.seat-long": {"name": "Alexandrina-Maximiliana", "limit": 20},
    "input.winner-unknown": {"name": "Zoe"},
    "*record*": {"file": _record, "number": 12},
    "*replay*": {"file": _record},
    "record.other-game": {"found": _another_game, "expected": _game_name},
    "lesson.check-failed": {"expected": lambda s: s.player(), "found": lambda s: s.player(1)},
    "checks.record-differs": {"check": "scores", "expected": "7, 4, 2", "found": "5, 6, 2"},
    "checks.record-not-refused": {"number": 1},
    "lesson.coach-stuck": {"played": 0},
    "lesson.summary-ok": {"count": _count},
    "lesson.summary-failed": {"count": 12},
    "lesson.unknown-check": {"check": "turned_up", "known": lambda s: _parts(s, "CHECKS")},
    "lesson.unknown-moment": {"when": "your-turn", "known": lambda s: _parts(s, "MOMENTS")},
    "lesson.unknown-until": {"until": "your-turn", "known": lambda s: _parts(s, "MOMENTS")},
    "lesson.play-never": {"until": lambda s: next(iter(registered(s.game).lessons.MOMENTS))},
    "lesson.unknown-fact": {"fact": "row_total"},
    "lesson.unknown-rule*": {"rule": "open.trick"},
    "lesson.missing-key": {"key": "accept"},
    "input.duplicate-key": {"key": "say"},
    "lesson.check-malformed": {"check": "scores", "problem": lambda s: msg("input.expect.numbers", count=3)},
    "checks.language-*": {"where": lambda s: msg("checks.where-step", step=2, field="say")},
    "checks.language-english": {"language": lambda s: spoken_language("nl")},
    "checks.language-file-missing": {"file": "locales/nl.yaml", "language": lambda s: spoken_language("nl")},
    "checks.unknown-language": {"code": "de", "known": "en, fr, nl"},
    "checks.where-seat": {"seat": "Rouge"},
    "cli.unknown-command": {"known": "check, simulate, duel, bench, texts"},
    "app.play.bot-name": {"name": lambda s: msg("app.play.kind.coach")},
    "studio.no-such-step": {"step": 9},
    "studio.page.share-stored-limit": {"limit": 20},
    "studio.page.fact-value": {"fact": lambda s: msg("studio.fact.to_move"), "value": lambda s: s.player()},
    "studio.page.missing": {"languages": lambda s: spoken_language("nl")},
    "studio.page.*": {"name": lambda s: s.player(), **MOVE_WORDS},
    "links.not-a-link": {"value": "z1.eJx"},
    "links.unknown-code": {"code": "k3v7pq2mza"},
    "links.other-game": {"game": _another_game},
    "app.bad-seed": {"seed": "48x1"},
    "app.record.file": {"game": lambda s: s.game},
    "*unreadable": {"problem": "Permission denied"},
    "lesson.malformed": {"problem": lambda s: msg("input.expect.steps")},
    "classroom.error.code-format": {"code": "K7PX2", "length": 6},
    "classroom.setup.*": {"lesson": lambda s: _lesson_title(s.game, messages.language())},
    "checks.note-is-a-rule": {"note": lambda s: registered(s.game).rule_list[1].id},
    "checks.refused-at": {"number": 12},
    "widgets.scores.so-far": {"value": lambda s: s.count + 5},
}


def key_games() -> dict[str, str]:
    """Which game a key speaks of, from the short names its parts use (each game's KEY_NAMES)."""
    return {name: game for game in games() for name in registered(game).words.KEY_NAMES}


def games_of(key: str) -> list[str]:
    """The games whose values a key takes: its own, or every game for a shared key."""
    named = key_games()
    own = {named[part] for piece in key.split(".") for part in (piece, piece.split("-")[0]) if part in named}
    return sorted(own) or list(games())


def cards_of(game: str) -> list:
    """A few real cards of ``game``: each kind of name it gives a card."""
    return registered(game).words.sample_cards()


def _matching(table: Mapping[str, Mapping[str, Filling]], key: str) -> list[Mapping[str, Filling]]:
    return [fillings for pattern, fillings in table.items() if fnmatchcase(key, pattern)][::-1]


def filled(key: str, entry: str | Plural, s: Situation) -> dict[str, Any]:
    """The values of ``entry``'s placeholders in ``s``: a key's own fillings before those by name
    (a game's before the shared ones, a later glob before an earlier one); the card first, as
    the other values may follow from it. A list is said as one, unless a plural entry counts it."""
    words = registered(s.game).words
    tables = [*_matching(words.KEY_FILLINGS, key), *_matching(KEY_FILLINGS, key), words.FILLINGS, FILLINGS]
    fields = sorted(messages.placeholders(entry), key=lambda field: (field not in CARD_FIELDS, field))
    players = sorted(set(fields) & NAMES)
    values: dict[str, Any] = {}
    for field in fields:
        filling = next((table[field] for table in tables if field in table), None)
        if callable(filling):
            values[field] = filling(s)
        elif filling is not None:
            values[field] = filling
        elif field in CARD_FIELDS | NAMES:
            values[field] = s.card if field in CARD_FIELDS else s.player(players.index(field))
        else:
            raise KeyError(f"{{{field}}} of {key} has no filling: give it one in tutor/texts.py FILLINGS")
        if field == "card":
            s = s.but(card=values[field])
    counted = entry.count if isinstance(entry, Plural) else None
    return {
        field: listed(value) if isinstance(value, list) and field != counted else value
        for field, value in values.items()
    }


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
                        values = filled(
                            key, entry, Situation(game, names, cards[index], cards[index - 1], index, count)
                        )
                        try:
                            yield key, msg(key, **values)
                        except ValueError:  # braces that are no placeholders: a text shown as it is
                            yield key, msg(key)
                if "card" not in fields and "cards" not in fields:
                    break  # the same text for every game
    finally:
        messages.set_language("en")


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
                if step.try_:  # a play-on step's too: the step asks it before the learner's first move
                    yield f"{step.number} prompt: {lesson.text(step.try_.prompt, moment)}"
                for decision in line.plays.get(index, [])[1:]:
                    said = lesson.text(step.try_.prompt, decision.moment) if step.try_ else ""
                    yield f"{step.number} play: {said}"
                    yield from (
                        f"{step.number} tip: {lesson.text(first.say, decision.moment)}" for first in decision.firsts
                    )


def _answers(lesson: Lesson, step: Step, state: State[Any]) -> list[str]:
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


def _variants(move: Any, known: list) -> Iterator[Any]:
    """Moves like ``move`` with one field taken from another move seen: most are refused."""
    if not hasattr(move, "_replace"):
        return
    for other in known:
        if type(other) is type(move):
            for name in move._fields:
                yield move._replace(**{name: getattr(other, name)})


def _refused(state: State[Any], moves: Iterable[Any]) -> Iterator[Any]:
    for move in moves:
        try:
            if state.why_not(move) is not None:
                yield move
        except (TutorError, AttributeError, IndexError, KeyError, TypeError, ValueError):
            continue  # a move of a shape the position cannot read: not a refusal a learner sees


def bot_game(game: Game, seed: int, players: int = 3) -> tuple[list[State[Any]], State[Any]]:
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
            assert reason is not None  # _refused gives refused moves only
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
