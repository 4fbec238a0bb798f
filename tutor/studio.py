"""The lesson studio: a teacher makes a lesson by playing moves and writing what the tutor
says, and gets a lesson file (docs/lessons.md) that ``python -m tutor check`` passes.

A ``Draft`` holds the lesson as the file would hold it (its fields, and each step as the
file writes it), the step the teacher has selected and the moves played on the board since
that step. Every move is judged by the engine; every edit can be undone; after every edit
``problems()`` runs the checker's own checks, each problem attached to its step. No UI here:
the studio page (widgets/studio.py) draws a Draft and sends it the teacher's clicks.
"""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path
from typing import Any

import yaml

from tutor.bots import make_bots
from tutor.core import CHANCE, SIMULTANEOUS, State, TutorError, advance_chance
from tutor.games import Game, games
from tutor.games import game as registered
from tutor.lesson_texts import read_lesson
from tutor.lessons import Lesson, LessonError, lesson_problems, load_lesson, parse_move_for, told_tries
from tutor.lessons import _movers as movers
from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, capitalised, language, msg
from tutor.records import RecordError, check_upload_size
from tutor.records import load as load_record
from tutor.schema import DEFAULT_PLAYERS
from tutor.seats import SeatLookup, english_name, seat_name, written
from tutor.yamlfile import FileProblem

# The order a hand-written lesson gives its fields (docs/lessons.md), and its steps' fields.
HEAD = ("game", "title", "summary", "minutes", "rules", "players", "seats", "options", "seed", "position")
STEP = ("say", "move", "highlight", "try", "rules", "notes", "check")
TEXTS = ("title", "summary", "say", "prompt")  # what a learner reads: one text per language
WIDTH = 100  # the shipped lessons' lines
DEFAULT_NAME = "my-lesson.yaml"
MAX_UNDO = 200
COACH_LIMIT = 500  # the coach's moves for the other seats in one go: a whole game is far fewer
# A text the teacher has not written yet stands in for it while the checker looks further.
UNWRITTEN = "\u2026"


class StudioError(TutorError):
    """Something the studio cannot start from or open; the text says why, naming the file."""


# ----------------------------------------------------------------- texts per language


def text_in(value: Any, language: str) -> str:
    """The text ``value`` (one string for every language, or one per language) gives in
    ``language``: empty when it has none there; never another language's text."""
    if isinstance(value, dict):
        found = value.get(language)
        return found if isinstance(found, str) else ""
    return value if isinstance(value, str) else ""


def with_text(value: Any, language: str, words: str) -> Any:
    """``value`` with its ``language`` text set to ``words`` (emptied: removed); None when no
    text is left. A text written once for every language keeps that text in English."""
    texts = dict(value) if isinstance(value, dict) else ({DEFAULT_LANGUAGE: value} if isinstance(value, str) else {})
    words = words.strip()
    if words:
        texts[language] = words
    else:
        texts.pop(language, None)
    ordered = {code: texts[code] for code in (*LANGUAGES, *sorted(texts)) if code in texts}
    return ordered or None


def missing_languages(value: Any) -> list[str]:
    """The tutor's languages ``value`` has no text in (none for one text in every language)."""
    if isinstance(value, str) and value.strip():
        return []
    return [code for code in LANGUAGES if not text_in(value, code).strip()]


# ----------------------------------------------------------------- the draft


class Draft:
    """A lesson being made. ``head`` holds the lesson's own fields (game, title, seats,
    position ...), ``steps`` each step as the file writes it (``move`` always a list);
    ``selected`` is the step whose position the board shows (-1: the start) and ``played``
    the moves made on the board since, in lesson notation ("Red: arrow -> 4"), which the
    next step added takes as its moves."""

    def __init__(
        self,
        head: dict,
        steps: list[dict] | None = None,
        played: list[str] | None = None,
        selected: int | None = None,
        name: str = DEFAULT_NAME,
    ):
        self.head = dict(head)
        self.steps = [_step_form(step) for step in steps or []]
        self.played = list(played or [])
        self.selected = len(self.steps) - 1 if selected is None else selected
        self.name = name
        self._history: list[tuple] = []
        self._problems: dict[int | None, list[tuple[str, str]]] | None = None
        self._problems_language = ""
        self._warned: tuple[tuple[str, str], dict[int, list[str]]] | None = None  # (language, file): warnings
        self._texts: list[str] | None = None
        self._texts_language = ""
        # the parts the teacher has written in (or cleared): what they left unwritten is said
        # only there, so that a page opened a moment ago shows no list of what is missing
        self.touched: set[tuple[int | None, str]] = set()
        self.entry = registered(self.head["game"])  # the lesson file's game: line

    # ------------------------------------------------------------- ways to start
    @classmethod
    def new_deal(cls, game: Game, players: int = DEFAULT_PLAYERS, seed: int = 0, options: dict | None = None) -> Draft:
        """A new game from ``seed``: the game's players (as its lessons name them), no moves yet."""
        if refusal := game.refuse_players(players):
            raise StudioError(refusal)
        head: dict[str, Any] = {
            "game": game.id,
            "players": players,
            "seats": [written(name) for name in game.seat_names(players)],
        }
        chosen = {name: value for name, value in (options or {}).items() if value != game.options[name][0]}
        if chosen:
            head["options"] = chosen
        head["seed"] = seed
        draft = cls(head)
        draft.start_state()  # a bad option or seed is said now, not at the first move
        return draft

    @classmethod
    def from_lesson_step(cls, path: str | Path, step: int) -> Draft:
        """The position of a lesson file at ``step`` (counted from 1; 0: before its first step):
        the lesson's start and players, the moves of its steps up to there played."""
        data = _read(str(path))
        raw_steps: list = data["steps"] if isinstance(data.get("steps"), list) else []
        if not 0 <= step <= len(raw_steps):
            raise StudioError(msg("studio.no-such-step", file=Path(path).name, step=step, count=len(raw_steps)))
        # the start of the game only: the new lesson gets its own title, summary and rules
        head = {field: data[field] for field in HEAD[:1] + HEAD[5:] if field in data}
        played = [move for raw in raw_steps[:step] for move in _step_form(raw).get("move", [])]
        return cls(head, played=played)

    @classmethod
    def from_record(cls, name: str, content: bytes | str) -> Draft:
        """An uploaded game record (the play page's download), every move of it played."""
        check_upload_size(name, len(content))
        text = _decoded(name, content)
        try:
            state = load_record(name, text=text)
        except RecordError as error:
            raise StudioError(str(error)) from None
        if state.first_player != 0:  # a lesson's new game always starts with its first player
            raise StudioError(msg("studio.record-first-player", file=name))
        head: dict[str, Any] = {
            "game": state.game_id,
            "players": state.players,
            "seats": [written(seat) for seat in state.seat_names],
        }
        options = {key: value for key, value in state.options.items() if value != state.OPTIONS[key][0]}
        if options:
            head["options"] = options
        head["seed"] = state.seed
        replay, played = state.restarted(), []
        for move in state.move_stack:
            if replay.to_move != CHANCE:  # deals and draws come again from the seed
                played.append(notation(replay, move))
            replay.push(move)
        return cls(head, played=played)

    @classmethod
    def from_file(cls, name: str, content: bytes | str) -> Draft:
        """A lesson file to edit. A file that is not a lesson at all, or whose start cannot be
        set, is refused in the checker's words; a lesson with problems in its steps opens, its
        problems shown beside them."""
        check_upload_size(name, len(content))
        text = _decoded(name, content)
        data = _read(name, text)
        steps = data.get("steps")
        if (
            not isinstance(steps, list)
            or not all(isinstance(step, dict) for step in steps)
            or data.get("game") not in games()
        ):
            raise StudioError(_first_problem(name, text) or msg("studio.not-a-lesson", file=name))
        head = {field: value for field, value in data.items() if field != "steps"}
        draft = cls(head, steps=data["steps"], name=Path(name).name or DEFAULT_NAME)
        draft.start_state()  # no position to play from: refused, in the checker's words
        return draft

    # ------------------------------------------------------------- kept in the browser
    def to_json(self) -> str:
        """The draft as text to keep (the browser's storage): the lesson as YAML, so that a
        position's numbered slots come back as numbers, and where the teacher is."""
        lesson = yaml.safe_dump(self.lesson_data(), sort_keys=False, allow_unicode=True)
        return json.dumps({"lesson": lesson, "played": self.played, "selected": self.selected, "name": self.name})

    @classmethod
    def from_json(cls, text: str) -> Draft:
        kept = json.loads(text)
        data = yaml.safe_load(kept["lesson"])
        head = {field: value for field, value in data.items() if field != "steps"}
        return cls(
            head,
            steps=data.get("steps"),
            played=kept.get("played"),
            selected=kept.get("selected"),
            name=kept.get("name") or DEFAULT_NAME,
        )

    # ------------------------------------------------------------- positions
    def start_state(self) -> State[Any]:
        """The position before step 1 (a StudioError says why the lesson's start cannot be set)."""
        head = self.head
        seats = [seat_name(seat) for seat in head["seats"]] if isinstance(head.get("seats"), list) else None
        lesson = Lesson(
            path=self.name,
            game=head["game"],
            title="",
            summary="",
            minutes=3,
            rules=[],
            players=head.get("players", DEFAULT_PLAYERS),
            seats=seats,
            options=head.get("options", {}),
            seed=head.get("seed", 0),
            position=head.get("position"),
            steps=[],
        )
        try:
            return lesson.start_state()
        except LessonError as error:
            raise StudioError(str(error)) from None

    def replay(self, moves: list, state: State[Any]) -> tuple[State[Any], str]:
        """``state`` after ``moves``, as far as they go, and why the first refused one is refused."""
        for text in moves:
            try:
                move = parse_move_for(self.entry, state, text)
                reason = state.why_not(move)
            except TutorError as error:
                return state, msg("lesson.move-refused", move=text, reason=error)
            if reason is not None:
                return state, msg("lesson.move-refused", move=text, reason=reason)
            state.push(move)
            advance_chance(state)
        return state, ""

    def state_after(self, index: int) -> tuple[Any, str]:
        """The position shown at step ``index`` (-1: the start) and, when an earlier move is
        refused, the position before it and why."""
        state = self.start_state()
        for step in self.steps[: index + 1]:
            state, refused = self.replay(step.get("move", []), state)
            if refused:
                return state, refused
        return state, ""

    def position(self) -> tuple[Any, str]:
        """What the board shows: the selected step's position and the moves played since."""
        state, refused = self.state_after(self.selected)
        if refused:
            return state, refused
        return self.replay(self.played, state)

    def play(self, move: Any) -> str | None:
        """Play ``move`` on the board: None when the engine allows it (it is then kept for the
        next step), else the engine's reason in words."""
        state, refused = self.position()
        if refused:
            return refused
        reason = state.why_not(move)
        if reason is not None:
            return str(reason)
        self._remember()
        self.played.append(notation(state, move))
        return None

    def take_back(self) -> None:
        """Take back the last move played since the selected step."""
        if self.played:
            self._remember()
            self.played.pop()

    def learner(self) -> int:
        """The seat the learner plays: a guided game's own, else the seat its first "try it"
        step asks to move, else the first seat."""
        seats = SeatLookup(self.start_state().seat_names)
        if self.head.get("learner") is not None:
            return seats.find(self.head["learner"]) or 0
        for index, step in enumerate(self.steps):
            if "try" in step:
                state, refused = self.state_after(index)
                if refused:
                    break
                if state.to_move >= 0:
                    return state.to_move
                accepted = (step["try"] or {}).get("accept") or []
                if state.to_move == SIMULTANEOUS and accepted:
                    found = seats.find(str(accepted[0]).partition(":")[0])
                    return 0 if found is None else found
                break
        return 0

    def play_others(self) -> int:
        """The coach plays the other seats' moves on the board until the learner may move
        (or the game ends). Returns how many moves it played."""
        state, refused = self.position()
        if refused:
            return 0
        learner = self.learner()
        bots = make_bots(self.entry, ["coach"] * state.players, state.players, seed=self.head.get("seed", 0))
        moves: list[str] = []
        while len(moves) < COACH_LIMIT:
            advance_chance(state)
            movers_now = movers(state)
            others = [seat for seat in movers_now if seat != learner]
            if learner in movers_now or not others:
                break
            move = bots[others[0]].choose(state, others[0])
            moves.append(notation(state, move))
            state.push(move)
        if moves:
            self._remember()
            self.played.extend(moves)
        return len(moves)

    def coach_has_moves(self) -> bool:
        """Whether other seats move before the learner from the board's position."""
        state, refused = self.position()
        advance_chance(state)
        return not refused and bool(movers(state)) and self.learner() not in movers(state)

    def played_words(self) -> list[str]:
        """The moves played since the selected step, each as the page says it ("Red gives the
        arrow to Blue")."""
        state, refused = self.state_after(self.selected)
        return [] if refused else self._words(self.played, state, named=True)

    def accepted_words(self, index: int) -> list[str]:
        """Step ``index``'s right answers as the page says them (each as written when the
        engine no longer reads it there)."""
        accepted = [str(move) for move in (self.steps[index].get("try") or {}).get("accept") or []]
        state, refused = self.try_position(index)
        return accepted if refused else [self._words([move], state.clone())[0] for move in accepted]

    def _words(self, moves: list[str], state: State[Any], named: bool = False) -> list[str]:
        """``moves`` (lesson notation) played from ``state``, each in the page's words."""
        words = self.entry.words
        said = []
        for text in moves:
            try:
                move = parse_move_for(self.entry, state, text)
            except TutorError:
                said.append(text)
                continue
            mover = move.seat if state.to_move == SIMULTANEOUS else state.to_move
            described = words.move_words(state, move)
            said.append(
                msg("studio.page.by", name=state.name(mover), move=described) if named and mover >= 0 else described
            )
            if state.why_not(move) is None:
                state.push(move)
                advance_chance(state)
        return said

    # ------------------------------------------------------------- steps
    def select(self, index: int) -> None:
        """Show step ``index`` (-1: the start); moves played and not yet in a step are dropped."""
        if -1 <= index < len(self.steps) and (index != self.selected or self.played):
            self._remember()
            self.selected, self.played = index, []

    def add_step(self, say: dict | None = None) -> int:
        """A new step after the selected one, playing the moves played since it; it becomes
        the selected step. Returns its index."""
        self._remember()
        step: dict[str, Any] = {}
        if say:
            step["say"] = say
        if self.played:
            step["move"] = list(self.played)
        index = self.selected + 1
        self.steps.insert(index, step)
        self.selected, self.played = index, []
        return index

    def delete_step(self, index: int) -> None:
        self._remember()
        del self.steps[index]
        self.selected = min(self.selected, len(self.steps) - 1)
        self.played = []

    def move_step(self, index: int, to: int) -> None:
        """Put step ``index`` at place ``to`` (the steps after it keep their moves: the checker
        says where a move no longer fits)."""
        if index == to or not 0 <= to < len(self.steps):
            return
        self._remember()
        self.steps.insert(to, self.steps.pop(index))
        self.selected, self.played = to, []

    def set_text(self, index: int | None, field: str, language: str, words: str) -> None:
        """Write one language's text of a step's ``say`` or try ``prompt`` (``index`` None: the
        lesson's ``title`` or ``summary``)."""
        self._remember()
        self.touched.add((index, field))
        if index is None:
            _put(self.head, field, with_text(self.head.get(field), language, words))
            return
        step = self.steps[index]
        if field == "prompt":
            spec = dict(step.get("try") or {})
            _put(spec, "prompt", with_text(spec.get("prompt"), language, words))
            step["try"] = spec
        else:
            _put(step, field, with_text(step.get(field), language, words))
        self.steps[index] = _ordered(step, STEP)

    def set_field(self, index: int | None, field: str, value: Any) -> None:
        """Set a field of a step (``highlight``, ``rules``, ``notes``, ``check``) or of the
        lesson (``minutes``, ``rules``, ``seed`` ...); an empty value removes it."""
        self._remember()
        if index is None:
            _put(self.head, field, value)
            self.head = _ordered(self.head, HEAD)
        else:
            _put(self.steps[index], field, value)
            self.steps[index] = _ordered(self.steps[index], STEP)

    def toggle_highlight(self, index: int, part: str) -> bool:
        """Mark ``part`` of the board (as a lesson's ``highlight`` writes it) in step ``index``,
        or unmark it when the step marks it already, however spaced or capitalised, and a seat
        by any of its names in any language. Returns whether it is marked now."""
        marks = [str(mark) for mark in self.steps[index].get("highlight") or []]
        seats = SeatLookup(self.start_state().seat_names)

        def key(mark: str) -> str:
            seat = seats.find(mark)
            return _part_key(mark) if seat is None else f"seat:{seat}"

        kept = [mark for mark in marks if key(mark) != key(part)]
        marked = len(kept) == len(marks)
        self.set_field(index, "highlight", [*kept, part] if marked else kept)
        return marked

    def set_try(self, index: int, on: bool) -> None:
        """Make step ``index`` ask the learner for a move (any allowed move, until moves are
        accepted), or no longer ask."""
        step = self.steps[index]
        if on == ("try" in step):
            return
        self._remember()
        if on:
            step["try"] = {}
        else:
            del step["try"]
        self.steps[index] = _ordered(step, STEP)

    def try_position(self, index: int) -> tuple[Any, str]:
        """Where step ``index``'s learner moves: the step's own position."""
        return self.state_after(index)

    def accept(self, index: int, move: Any) -> str | None:
        """Take ``move`` as a right answer to step ``index``'s try (played on the board at that
        step): None when the engine allows it there, else its reason."""
        state, refused = self.try_position(index)
        if refused:
            return refused
        reason = state.why_not(move)
        if reason is not None:
            return str(reason)
        written_move = notation(state, move).partition(": ")[2] if state.to_move >= 0 else str(move)
        spec = dict(self.steps[index].get("try") or {})
        accepted = list(spec.get("accept") or [])
        if written_move not in accepted:
            self._remember()
            spec["accept"] = [*accepted, written_move]
            self.steps[index]["try"] = _ordered(spec, ("prompt", "accept", "weaker"))
            self.steps[index] = _ordered(self.steps[index], STEP)
        return None

    def unaccept(self, index: int, written_move: str) -> None:
        """No longer take ``written_move`` as a right answer (none left: any allowed move is)."""
        spec = dict(self.steps[index].get("try") or {})
        accepted = [move for move in spec.get("accept") or [] if move != written_move]
        self._remember()
        _put(spec, "accept", accepted)
        self.steps[index]["try"] = spec

    def facts(self, index: int) -> dict[str, Any]:
        """The checks the game offers at step ``index``, each with the engine's value there
        (seats as the page names them); none while a move up to there is refused."""
        state, refused = self.state_after(index)
        if refused:
            return {}
        values = {name: read(state) for name, read in self.entry.studio_checks.items()}
        return {name: value for name, value in values.items() if value is not None}

    def set_checks(self, index: int, names: list[str]) -> None:
        """Make step ``index`` check the offered facts ``names``, each with the engine's value
        there (the others it checks, written by hand, stay)."""
        facts = self.facts(index)
        checks = {name: value for name, value in (self.steps[index].get("check") or {}).items() if name not in facts}
        checks.update({name: _written(facts[name]) for name in facts if name in names})
        self.set_field(index, "check", checks)

    def notes_that_apply(self, index: int) -> list[str]:
        """The notes and variants step ``index``'s moves rely on: the ones the checker wants named."""
        before, refused = self.state_after(index - 1)
        after, refused_here = self.state_after(index)
        if refused or refused_here:
            return []
        return [note for note, applies in self.entry.notes.items() if applies(before, after)]

    # ------------------------------------------------------------- undo
    def _remember(self) -> None:
        self._history.append(copy.deepcopy((self.head, self.steps, self.played, self.selected)))
        del self._history[:-MAX_UNDO]
        self._problems = self._texts = None

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def undo(self) -> None:
        if self._history:
            self.head, self.steps, self.played, self.selected = self._history.pop()
            self._problems = self._texts = None

    # ------------------------------------------------------------- out
    def lesson_data(self) -> dict:
        """The lesson as its file holds it: only the fields used, in the documented order."""
        data = _ordered(self.head, HEAD)
        data["steps"] = [_file_step(step) for step in self.steps]
        return data

    def yaml_text(self) -> str:
        """The lesson file, written as a person writes one (docs/lessons.md)."""
        return lesson_yaml(self.lesson_data())

    def problems(self) -> dict[int | None, list[str]]:
        """Every problem of the lesson by step index (None: the lesson's own fields), said as
        what to do: the texts not written yet, then what ``python -m tutor check`` finds."""
        return {index: [text for _part, text in found] for index, found in self._found().items() if found}

    def warnings(self) -> dict[int, list[str]]:
        """What ``python -m tutor check`` points out without refusing the lesson, by step
        index: a try whose question names the only move it accepts (the move in the page's
        words). Nothing while the checker finds problems: those come first."""
        if any(self.problems().values()):
            return {}
        key = (language(), self.yaml_text())
        if self._warned is None or self._warned[0] != key:
            try:
                told = told_tries(self.name, key[1])
            except (TutorError, FileProblem):
                told = []
            found: dict[int, list[str]] = {}
            for number, _move in told:
                words = self.accepted_words(number - 1)[0]
                said = msg("checks.try-names-answer", file=self.name, step=number, move=words)
                found.setdefault(number - 1, []).append(self._plain(said, number))
            self._warned = (key, found)
        return self._warned[1]

    def shown_problems(self) -> dict[int | None, list[str]]:
        """The problems to show now: an unwritten text only once the teacher has written in
        that part (or asked to share the lesson); everything the checker finds at once."""
        return {
            index: shown
            for index, found in self._found().items()
            if (shown := [text for part, text in found if not part or (index, part) in self.touched])
        }

    def touch_all(self) -> None:
        """Show every problem from now on: the teacher wants the lesson finished (to share it)."""
        self.touched |= {(None, "title"), (None, "steps")}
        self.touched |= {(index, part) for index in range(len(self.steps)) for part in ("say", "prompt")}

    def _found(self) -> dict[int | None, list[tuple[str, str]]]:
        """Each problem with the part whose text is missing ("" for the checker's findings)."""
        if self._problems is None or self._problems_language != language():
            self._problems_language = language()
            found: dict[int | None, list[tuple[str, str]]] = {}
            data, unwritten = self._stood_in()
            for index, part in unwritten:
                found.setdefault(index, []).append((part, msg(f"studio.need.{part}")))
            if not self.steps:
                found.setdefault(None, []).append(("steps", msg("studio.need.step")))
            else:  # the checker reads the file with every unwritten text standing in
                for number, problem in lesson_problems(self.name, lesson_yaml(data)):
                    index = None if number is None else number - 1
                    found.setdefault(index, []).append(("", self._plain(problem, number)))
            self._problems = found
        return self._problems

    def _stood_in(self) -> tuple[dict, list[tuple[int | None, str]]]:
        """The lesson's data with a stand-in for each text not written yet in any language
        (the title, a step's words, a try's question), and where those are."""
        data = copy.deepcopy(self.lesson_data())
        unwritten: list[tuple[int | None, str]] = []
        if not any(text_in(data.get("title"), code).strip() for code in LANGUAGES):
            unwritten.append((None, "title"))
            data["title"] = UNWRITTEN
        for index, step in enumerate(data["steps"]):
            if not any(text_in(step.get("say"), code).strip() for code in LANGUAGES):
                unwritten.append((index, "say"))
                step["say"] = UNWRITTEN
            asked = step.get("try")
            if isinstance(asked, dict) and not any(text_in(asked.get("prompt"), code).strip() for code in LANGUAGES):
                unwritten.append((index, "prompt"))
                asked["prompt"] = UNWRITTEN
        return data, unwritten

    def preview_text(self) -> str:
        """The lesson file as a learner would see it now: a text not written yet shows as "…"."""
        return lesson_yaml(self._stood_in()[0])

    def _plain(self, problem: str, number: int | None) -> str:
        """The checker's sentence without the file's name (the teacher never saw the file) or
        the step's number (it is shown beside its step)."""
        if number is not None:
            prefix = msg("lesson.step-failure", file=self.name, step=number, problem="")
            if problem.startswith(prefix):
                return capitalised(problem[len(prefix) :])
        for prefix in (f"{self.name}: ", f"{self.name} : "):
            if problem.startswith(prefix):
                return capitalised(problem[len(prefix) :])
        return problem

    def step_texts(self) -> list[str]:
        """What each step says in the page's language (else its first language with a text),
        a guided game's {facts} filled in as the coach's way through it gives them."""
        if self._texts is None or self._texts_language != language():
            shown = self._texts_language = language()
            said = []
            for step in self.steps:
                value = step.get("say")
                order = (shown, *LANGUAGES)
                said.append(next((text_in(value, code) for code in order if text_in(value, code).strip()), ""))
            if self.head.get("learner") is not None and not self.problems():
                try:
                    lesson = load_lesson(self.name, self.yaml_text())
                    line = lesson.line()
                    said = [
                        lesson.text(text, moment) if text else text
                        for text, moment in zip(said, line.moments, strict=False)
                    ]
                except TutorError:
                    pass  # the placeholders stay as written; the problems say why
            self._texts = said
        return self._texts


# ----------------------------------------------------------------- notation


def notation(state: State[Any], move: Any) -> str:
    """``move`` made in ``state``, as a lesson writes it: the mover's name first, to be checked
    ("Red: arrow -> 4"); a choice made at the same time as others names its seat itself."""
    if state.to_move >= 0:
        return f"{english_name(state.name(state.to_move))}: {move}"
    return str(move)


def _written(value: Any) -> Any:
    """An engine's value as a lesson file writes it: seats by their English names."""
    if isinstance(value, dict):
        return {_written(key): _written(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_written(item) for item in value]
    return english_name(value) if isinstance(value, str) else value


# ----------------------------------------------------------------- the file as a person writes it


def lesson_yaml(data: dict) -> str:
    """``data`` as YAML in the shipped lessons' style: texts folded under ``>-``, one language a
    line; lists and mappings of plain values on one line (``[slot 4]``, ``{en: Red, fr: Rouge}``),
    and in a check also a mapping of those (``{card: green 5, slots: [1, 2]}``); everything else
    in blocks, two spaces a level."""
    lines: list[str] = []
    _mapping(data, 0, lines, 1)
    return "\n".join(lines) + "\n"


def _mapping(data: dict, indent: int, lines: list[str], flat: int, texts: bool = False) -> None:
    """``flat``: how deep a list or mapping may nest and still go on one line (2 in a check)."""
    for key, value in data.items():
        head = f"{' ' * indent}{_flow(key)}:"
        if key == "check" and isinstance(value, dict) and value:  # one fact a line
            lines.append(head)
            _mapping(value, indent + 2, lines, 2)
        else:
            _value(head, value, indent, lines, flat, texts or key in TEXTS)


def _value(head: str, value: Any, indent: int, lines: list[str], flat: int, text: bool = False) -> None:
    """Write ``value`` after ``head`` ("  key:" or "  -"); ``text`` for a text a learner reads."""
    if text and isinstance(value, str) and _foldable(value):
        lines.append(f"{head} >-")
        lines.extend(
            " " * (indent + 2) + line
            for line in textwrap.wrap(value, WIDTH - indent - 2, break_long_words=False, break_on_hyphens=False)
        )
    elif text and isinstance(value, dict):
        lines.append(head)
        _mapping(value, indent + 2, lines, flat, texts=True)
    elif (
        not isinstance(value, (dict, list))
        or not value
        or (_depth(value) <= (flat if isinstance(value, dict) else 1) and len(head) + 1 + len(_flow(value)) <= WIDTH)
    ):
        lines.append(f"{head} {_flow(value)}")
    elif isinstance(value, dict):
        lines.append(head)
        _mapping(value, indent + 2, lines, flat)
    else:
        lines.append(head)
        for item in value:
            if isinstance(item, dict) and item and _depth(item) > flat:
                block: list[str] = []
                _mapping(item, indent + 4, block, flat)
                lines.append(f"{' ' * (indent + 2)}- {block[0][indent + 4 :]}")
                lines.extend(block[1:])
            else:
                _value(f"{' ' * (indent + 2)}-", item, indent + 4, lines, flat)


def _depth(value: Any) -> int:
    """How deep lists and mappings nest in ``value`` (0: a plain value)."""
    if isinstance(value, (dict, list)):
        items = value.values() if isinstance(value, dict) else value
        return 1 + max((_depth(item) for item in items), default=0)
    return 0


def _flow(value: Any) -> str:
    """``value`` on one line; a text that needs quotes in double quotes, as people write them."""
    if isinstance(value, (dict, list)):
        items = (
            [f"{_flow(key)}: {_flow(item)}" for key, item in value.items()]
            if isinstance(value, dict)
            else [_flow(item) for item in value]
        )
        return ("{%s}" if isinstance(value, dict) else "[%s]") % ", ".join(items)
    # written as a list's item, so that a comma or a bracket in it is quoted wherever it stands
    written = yaml.safe_dump([value], default_flow_style=True, width=float("inf"), allow_unicode=True).strip()[1:-1]
    if isinstance(value, str) and written[:1] in "'\"":
        return json.dumps(value, ensure_ascii=False)
    return written


def _foldable(text: str) -> bool:
    """Text that a folded block gives back as it is: one line, single spaces, no space at either end."""
    return bool(text) and text == text.strip() and "  " not in text and not any(char in text for char in "\n\r\t")


# ----------------------------------------------------------------- helpers


def _step_form(raw: dict) -> dict:
    """A step as the draft keeps it: ``move`` always a list."""
    step = dict(raw)
    if isinstance(step.get("move"), str):
        step["move"] = [step["move"]]
    return step


def _file_step(step: dict) -> dict:
    """A step as the file writes it: one move on its own, not in a list."""
    data = _ordered(step, STEP)
    if isinstance(data.get("move"), list) and len(data["move"]) == 1:
        data["move"] = data["move"][0]
    if isinstance(data.get("try"), dict):
        data["try"] = _ordered(data["try"], ("prompt", "accept"))
    return data


def _part_key(words: str) -> str:
    """A highlighted part compared as the boards read it: ``"(3, 1)"`` is ``"3,1"``, ``red`` is ``Red``."""
    return "".join(char for char in words.casefold() if not char.isspace() and char not in "()")


def _ordered(data: dict, order: tuple[str, ...]) -> dict:
    """``data`` with its fields in the documented order, any other after them as they came."""
    return {
        **{field: data[field] for field in order if field in data},
        **{field: value for field, value in data.items() if field not in order},
    }


def _put(data: dict, field: str, value: Any) -> None:
    """Set ``field``, or remove it when ``value`` is empty: a file holds only the fields used."""
    if value is None or value == [] or value == {} or value == "":
        data.pop(field, None)
    else:
        data[field] = value


def _decoded(name: str, content: bytes | str) -> str:
    if isinstance(content, str):
        return content
    try:
        return bytes(content).decode("utf-8")
    except UnicodeDecodeError:
        raise StudioError(msg("app.record.not-text", file=name)) from None


def _read(name: str, text: str | None = None) -> dict:
    """A lesson file's fields, a shipped lesson's texts read from its language files."""
    try:
        return read_lesson(name, text)
    except FileProblem as error:
        raise StudioError(str(error)) from None


def _first_problem(name: str, text: str) -> str:
    """The checker's first sentence about a file the studio cannot open."""
    problems = lesson_problems(name, text)
    return problems[0][1] if problems else ""
