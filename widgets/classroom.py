"""Classroom pages: the teacher's presenter page leads a lesson on the projector, and each
learner's join page follows it on their own device and answers its "try it" steps there.

The pages share a class only through ``tutor.classroom`` (its store); each page polls it from
its kernel's event loop, as the play page paces its computer players. ``PageLink`` is the
browser side: it tells the kernel the page's address, what localStorage kept and the keys the
presenter pressed, and writes back what to keep, so that a reload finds the class again.

Learners send their moves in lesson notation (language-free, so one tally counts the same move
from an English and a French page alike); every page puts a move into words in its own language
with the game's ``words.move_words``.
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Callable
from html import escape
from urllib.parse import urljoin, urlsplit

import anywidget
import ipywidgets as w
import traitlets

from tutor.classroom import (
    CAPACITY,
    CLASS_SIZE,
    POLL_SECONDS,
    REVEAL_AT_ONCE,
    REVEAL_BY_TEACHER,
    ClassroomError,
    Classrooms,
    Learner,
    LearnerView,
    StoreUnavailable,
    Tally,
    Teacher,
    join_qr_svg,
    join_url,
)
from tutor.classroom.classes import class_code
from tutor.core import TutorError
from tutor.games import game_name, games
from tutor.lessons import bundled_lessons, load_lesson, parse_move_for
from tutor.messages import LANGUAGES, language, msg, negotiate, set_language
from tutor.svg.draw import el
from widgets.app import STUDIO, Bodies, Page, friendly, heading, href, nav_bar
from widgets.assets import browser_side
from widgets.component import Component
from widgets.feedback import feedback
from widgets.guard import log
from widgets.languages import on_language
from widgets.own_lessons import OwnLessons, class_own_lesson, own_choices
from widgets.play import running_loop
from widgets.stepper import LessonStepper, after

PAGES = ("classroom/teach.ipynb", "classroom/join.ipynb")  # the presenter's page, the learners' page
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}


class PageLink(anywidget.AnyWidget):
    """The browser side of a classroom page (static/classroom.js); draws nothing.

    The page sets the functions that hear the browser: ``hello(info)``, once, with what the
    page was opened with (``{href, query, stored, languages}``); ``key(name)``, the presenter's
    keys ("next", "back", "blank", "reveal") while ``presenting``. Setting ``keep`` to
    ``{"query": {...}, "stored": {...} or None}`` rewrites the page's address and its
    localStorage entry ``storage_key``; ``blank`` blacks out the whole window (a box on the
    document's body, above everything and whatever the scroll), read out as ``blank_text``."""

    # The components' look too: the join form shows feedback before any component is on the page.
    _esm, _css = browser_side("classroom.js", "tutor.css", "classroom.css")
    storage_key = traitlets.Unicode("").tag(sync=True)
    presenting = traitlets.Bool(False).tag(sync=True)
    blank = traitlets.Bool(False).tag(sync=True)  # the presenter's whole window blacked out
    blank_text = traitlets.Unicode("").tag(sync=True)
    keep = traitlets.Dict().tag(sync=True)

    def __init__(self, storage_key: str, **kwargs):
        super().__init__(storage_key=storage_key, **kwargs)
        self.hello = self.key = lambda _value: None
        self.on_msg(self._receive)

    def _receive(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        for kind, listener, clean in (("hello", self.hello, clean_hello), ("key", self.key, clean_key)):
            if kind in content:
                value = clean(content[kind])
                if value is None:
                    log.warning("Ignored a classroom %s message of an unexpected shape: %.80r", kind, content[kind])
                    continue
                try:
                    listener(value)
                except Exception:  # a bug: its details go to the server's log, the page stays usable
                    log.exception("A classroom message could not be handled")


HELLO_TEXT_LIMIT = 2000  # an address, a token, a language code: far shorter


def clean_hello(hello) -> dict | None:
    """What classroom.js sends a page was opened with, in the shapes it sends: texts, texts by
    name, a list of texts, each within HELLO_TEXT_LIMIT. A part of another shape (a spoilt
    localStorage entry, or a visitor's own client) is left out, so that the page starts afresh;
    a hello that is not a dict is None."""

    def text(value) -> bool:
        return isinstance(value, str) and len(value) <= HELLO_TEXT_LIMIT

    def texts_by_name(value) -> bool:
        return isinstance(value, dict) and len(value) <= 20 and all(text(k) and text(v) for k, v in value.items())

    def texts(value) -> bool:
        return isinstance(value, list) and len(value) <= 20 and all(text(item) for item in value)

    if not isinstance(hello, dict):
        return None
    shapes = {"href": text, "query": texts_by_name, "stored": texts_by_name, "languages": texts}
    empty = {"href": "", "query": {}, "stored": {}, "languages": []}
    cleaned = {part: hello[part] if fits(hello.get(part)) else empty[part] for part, fits in shapes.items()}
    if any(hello.get(part) is not None and not fits(hello[part]) for part, fits in shapes.items()):
        log.warning("Left out parts of a classroom hello of an unexpected shape: %.120r", hello)
    return cleaned


def clean_key(key) -> str | None:
    return key if isinstance(key, str) and len(key) <= 20 else None


class FollowStepper(LessonStepper):
    """A lesson stepper that a class moves: ``go_to(index)`` shows a step; its own buttons are
    hidden and ignored. On a "try it" step a move goes to ``answer(move)`` when set (the learner
    page) instead of being judged here."""

    def __init__(self, lesson, scale: float = 1.0):
        self.answer: Callable[[object], None] | None = None
        super().__init__(lesson, scale=scale)
        self.add_class("tutor-follow")

    def go_to(self, index: int) -> None:
        """Show step ``index`` afresh: its position, no answer."""
        self.step = index
        self._show()

    def click(self, name: str) -> None:
        if name.startswith("rule:"):
            super().click(name)

    def play(self, move) -> None:
        if self.current.try_ is None:
            super().play(move)  # any other step: the engine says whether it is allowed, as on the learn page
        elif self.answer is not None:
            self.answer(move)
        else:
            self.loaded[1].refresh()

    def say(self, verdict: str, text: str) -> None:
        self.verdict, self.message = verdict, text

    def show_after(self, state, move) -> None:
        """The position after ``move`` on the step's ``state``, still seen from the seat that was
        asked to move: after the reveal a learner who played Blue keeps Blue's cards in view,
        not those of whoever moves next."""
        board = self.loaded[1]
        seat = board.seat if board.seat is not None else state.to_move
        board.state = after(state, move)
        board.seat = seat


# ----------------------------------------------------------------- shared parts


def class_lesson(game: str, stem: str):
    """A class's lesson (its file's name without ``.yaml``, or a teacher's own by its link),
    loaded in this page's language."""
    own = class_own_lesson(stem)
    if own is not None:
        return own
    for path in bundled_lessons(game):
        if path.stem == stem:
            return load_lesson(path)
    raise TutorError(msg("classroom.error.no-lesson"))


def lesson_choices(game: str) -> list[tuple[str, str]]:
    """The game's lessons for the form, those that ask the class to make a move marked as such."""
    choices = []
    for number, path in enumerate(bundled_lessons(game), start=1):
        lesson = load_lesson(path)
        label = msg("app.learn.lesson", number=number, title=lesson.title, minutes=lesson.minutes)
        choices.append((msg("classroom.setup.asks", lesson=label) if try_steps(lesson) else label, path.stem))
    return choices


def default_lesson(game: str) -> str | None:
    """The lesson the form offers first: the game's first that asks the class something and
    is not a guided game (each learner's game there goes its own way; the class sees one board)."""
    stems = [path.stem for path in bundled_lessons(game)]
    lessons = [(path.stem, load_lesson(path)) for path in bundled_lessons(game)]
    return next(
        (stem for stem, lesson in lessons if try_steps(lesson) and not lesson.guided), stems[0] if stems else None
    )


def try_steps(lesson) -> tuple[int, ...]:
    return tuple(number for number, step in enumerate(lesson.steps, start=1) if step.try_ is not None)


def read_move(lesson, state, notation: str):
    """A move the learners sent, back from lesson notation; None if it cannot be read."""
    try:
        return parse_move_for(lesson.entry, state, notation)
    except TutorError:
        return None


def move_words(lesson, state, move) -> str:
    return lesson.entry.needed("words").move_words(state, move)


def verdict(lesson, step, state, move) -> str:
    """What the lesson makes of ``move``: "right", "allowed" (by the rules, but not what the step
    asks) or "refused" (by the rules)."""
    if state.why_not(move) is not None:
        return "refused"
    return "right" if lesson.judge(step, state, move)[0] else "allowed"


def the_answer(lesson, step, state) -> str:
    """The step's answer in words: its accepted moves, or that any allowed move is right."""
    accepted = step.try_.accept
    if not accepted:
        return msg("classroom.answer.any")
    return msg("classroom.answer.is", answer=" / ".join(move_words(lesson, state, move) for move in accepted))


def frame(here: str, heading_key: str, relabel) -> w.HBox:
    """The tutor's navigation bar, with its language chooser (which calls ``relabel(code)``)
    and text size, on a classroom page titled in the page's language."""
    bar = nav_bar(here, title=msg("publish.title.section", section=msg(heading_key), app=msg("app.title")))
    on_language(bar, relabel)
    return bar


def first_language(hello: dict, *wanted) -> str:
    """The first of ``wanted`` that the tutor speaks, else the browser's languages' best fit."""
    for code in wanted:
        if code in LANGUAGES:
            return code
    return negotiate(", ".join(str(code) for code in hello.get("languages") or []))


# ----------------------------------------------------------------- the presenter


class ClassBar(Component):
    """The presenter's one strip of chrome: the class code, how to join, how many have joined,
    the step, and buttons for those without a keyboard."""

    def __init__(self, presenter: Presenter, **kwargs):
        self.presenter = presenter
        super().__init__(**kwargs)
        self.add_class("tutor-class-bar")

    def click(self, name: str) -> None:
        self.presenter.act(name)

    def render(self) -> str:
        shown = self.presenter
        teacher, position = shown.presented, shown.position
        code = el(
            "span",
            escape(msg("classroom.bar.code")),
            " ",
            el("strong", escape(teacher.code)),
            class_="tutor-class-code",
        )
        learners = el(
            "span",
            escape(msg("classroom.bar.learners", count=shown.learners)),
            class_="tutor-learners",
            aria_live="polite",
        )
        step = el(
            "span",
            escape(msg("classroom.bar.step", number=position.step, total=teacher.settings.steps)),
            class_="tutor-class-step",
        )
        can_reveal = shown.on_try_step and position.step not in position.revealed
        buttons = [
            el(
                "button",
                escape(msg(f"classroom.bar.{name}")),
                type="button",
                data_target=name,
                disabled=not enabled,
                class_="tutor-primary" if name == "next" else None,
            )
            for name, enabled in (
                ("back", position.step > 1),
                ("next", position.step < teacher.settings.steps),
                ("reveal", can_reveal),
                ("blank", True),
                ("results", True),
                ("roster", True),
                ("new", True),
            )
        ]
        keys = el("span", escape(msg("classroom.bar.keys")), class_="tutor-keys")
        address = shown.join_address.split("://", 1)[-1]  # shorter to read out and type; the QR code has it all
        join = el("span", escape(msg("classroom.bar.join", address=address)), class_="tutor-join-at")
        return el(
            "div",
            code,
            join,
            learners,
            step,
            el("span", *buttons, class_="tutor-class-buttons"),
            keys,
            self.roster_html() if shown.roster_open else "",
            class_="tutor-class-strip",
        )

    def roster_html(self) -> str:
        """The learners' names, each with a button that takes them out of the class."""
        rows = [
            el(
                "li",
                escape(name),
                " ",
                el(
                    "button",
                    escape(msg("classroom.roster.remove")),
                    type="button",
                    data_target=f"remove:{key}",
                    aria_label=msg("classroom.roster.remove-name", name=name),
                ),
            )
            for key, name in self.presenter.presented.roster()
        ]
        names = el("ul", *rows) if rows else el("p", escape(msg("classroom.roster.none")))
        return el("section", names, class_="tutor-roster", aria_label=msg("classroom.bar.roster"))


class Presenter(w.VBox):
    """The teacher's page: a form to start a class, then the presenter view of the class.
    The class's code and the teacher's token are kept in localStorage, so a reload resumes it."""

    def __init__(self, classrooms: Classrooms | None = None):
        self.classrooms = classrooms
        self.link = PageLink("tutor-class-teacher")
        self.link.hello = self.opened
        self.link.key = self.act
        self.teacher: Teacher | None = None
        self.previous: Teacher | None = None  # the class left for the form, to go back to
        self.own = OwnLessons()  # the teacher's own lessons, added to the form's list
        self.own.found.register(lambda _links: self._offer_own())
        self.join_page = ""
        self._task: asyncio.Task | None = None
        super().__init__([self.link, note(msg("classroom.opening"))])
        self.add_class("tutor-presenter")

    # ------------------------------------------------------------- opening and starting
    def opened(self, hello: dict) -> None:
        """The browser has told the page where it is and what it kept."""
        self.join_page = urljoin(hello.get("href") or "", "join.ipynb")
        query, stored = hello.get("query") or {}, hello.get("stored") or {}
        set_language(first_language(hello, query.get("lang"), stored.get("language")))
        problem = ""
        if stored.get("code") and stored.get("token"):
            try:
                self.present(self._classrooms().resume(stored["code"], stored["token"]))
                return
            except TutorError as error:  # expired, unknown, store down: say so above the form
                problem = str(error)
                self.link.keep = {"stored": None}
        self.setup(problem)

    def _classrooms(self) -> Classrooms:
        if self.classrooms is None:
            self.classrooms = Classrooms()
        return self.classrooms

    def setup(self, problem: str = "") -> None:
        """The form that starts a class, in the page's language."""
        self.stop()
        self.teacher = None
        self.link.presenting = False
        self.remove_class("tutor-presenting")
        self.game = w.Dropdown(
            options=[(game_name(game), game) for game in games()],
            description=msg("classroom.setup.game"),
            layout=w.Layout(width="24rem"),
        )
        self.lesson = w.Dropdown(
            options=self._choices(self.game.value),
            value=default_lesson(self.game.value),
            description=msg("classroom.setup.lesson"),
            layout=w.Layout(width="36rem"),
        )
        self.reveal = w.RadioButtons(
            options=[
                (msg("classroom.setup.reveal-teacher"), REVEAL_BY_TEACHER),
                (msg("classroom.setup.reveal-at-once"), REVEAL_AT_ONCE),
            ],
            description=msg("classroom.setup.reveal"),
            layout=w.Layout(width="auto"),
        )
        self.size = w.BoundedIntText(
            value=CLASS_SIZE,
            min=1,
            max=CAPACITY,
            description=msg("classroom.setup.size"),
            style={"description_width": "initial"},
            layout=w.Layout(width="16rem"),
        )
        self.game.add_class("tutor-game-field")
        self.lesson.add_class("tutor-lesson-field")
        self.size.add_class("tutor-size-field")
        start = w.Button(
            description=msg("classroom.setup.start"), button_style="primary", layout=w.Layout(width="auto")
        )
        start.add_class("tutor-start-class")
        start.on_click(lambda _: self.start())
        buttons = [start]
        if self.previous is not None:
            previous = self.previous
            back = w.Button(description=msg("classroom.setup.back", code=previous.code), layout=w.Layout(width="auto"))
            back.add_class("tutor-back-to-class")
            back.on_click(lambda _: self.present(previous))
            buttons.append(back)
        self.problem = w.HTML(feedback(False, problem))
        self.game.observe(self._game_chosen, names="value")
        row = w.HBox(buttons)
        row.add_class("tutor-class-buttons-row")
        form = w.VBox([self.game, self.lesson, self.size, self.reveal, row, self.problem])
        form.add_class("tutor-class-form")
        studio = w.HTML(
            f'<p class="tutor-studio-link">{escape(msg("studio.link-text"))} '
            f'<a href="{escape(href(STUDIO, PAGES[0]))}">{escape(msg("studio.link"))}</a></p>'
        )
        self.children = [
            self.link,
            frame(PAGES[0], "classroom.setup.heading", self._relabel),
            heading(msg("classroom.setup.heading"), msg("classroom.setup.text")),
            form,
            self.own,
            studio,
        ]

    def _game_chosen(self, change) -> None:
        self.lesson.options = self._choices(change.new)
        self.lesson.value = default_lesson(change.new)

    def _choices(self, game: str) -> list[tuple[str, str]]:
        return lesson_choices(game) + own_choices(game, self.own.links)

    def _offer_own(self) -> None:
        """The browser named the teacher's own lessons: add them to the list, keeping the choice."""
        chosen = self.lesson.value
        self.lesson.options = self._choices(self.game.value)
        kept = any(value == chosen for _label, value in self.lesson.options)
        self.lesson.value = chosen if kept else default_lesson(self.game.value)

    def _relabel(self, code: str) -> None:
        chosen = (self.game.value, self.lesson.value, self.size.value, self.reveal.value)
        set_language(code)
        self.setup()
        self.game.value, self.lesson.value, self.size.value, self.reveal.value = chosen

    def start(self) -> None:
        try:
            lesson = class_lesson(self.game.value, self.lesson.value)
            teacher = self._classrooms().start(
                self.game.value,
                self.lesson.value,
                language(),
                steps=len(lesson.steps),
                try_steps=try_steps(lesson),
                reveal=self.reveal.value,
                size=self.size.value,
            )
            if self.previous is not None:  # a new class replaces the one left for the form
                self.previous.end()
        except TutorError as error:
            self.problem.value = feedback(False, str(error))
            return
        self.previous = None
        self.present(teacher)

    # ------------------------------------------------------------- presenting
    def present(self, teacher: Teacher) -> None:
        """The presenter view of ``teacher``'s class, at the step where the class is, in the page's language:
        the board in a column of its own, the strip, the lesson's text and the join card or tally beside it."""
        self.stop()
        self.teacher = teacher
        self.link.keep = {"stored": {"code": teacher.code, "token": teacher.token, "language": language()}}
        self.lesson_shown = class_lesson(teacher.settings.game, teacher.settings.lesson)
        self.states = self.lesson_shown.states()
        self.position = teacher.position()
        self.learners = teacher.learner_count()
        self.tally: Tally | None = None
        self.results_open = False
        self.roster_open = False
        self.join_address = join_url(self.join_page, teacher.code)
        self.stepper = FollowStepper(self.lesson_shown)
        self.bar = ClassBar(self)
        self.side = w.HTML()
        self.side.add_class("tutor-class-side")
        stage = w.Box([self.bar, self.stepper, self.side])
        stage.add_class("tutor-class-stage")
        self.children = [self.link, frame(PAGES[0], "classroom.setup.heading", self._speak), stage]
        self.add_class("tutor-presenting")
        self.link.presenting = True
        self.link.blank_text = msg("classroom.blank")
        self.draw()
        loop = running_loop()
        if loop is not None:
            self._task = loop.create_task(self._watch(teacher))

    def _speak(self, code: str) -> None:
        """The class projected in another language, at the same step."""
        set_language(code)
        self.present(self.presented)

    @property
    def presented(self) -> Teacher:
        """The class on show, for what runs only while one is (a LookupError on the form)."""
        if self.teacher is None:
            raise LookupError("no class is presented")
        return self.teacher

    @property
    def on_try_step(self) -> bool:
        return self.position.step in self.presented.settings.try_steps

    def act(self, name: str) -> None:
        """A key or a button of the presenter: next, back, reveal, blank, results, roster, remove:<key>, new."""
        teacher = self.teacher
        if teacher is None:
            return
        if name == "blank":  # drawn by the browser over the whole window, whatever the scroll
            self.link.blank = not self.link.blank
            return
        if name == "new":  # the class stays kept (and a reload resumes it) until a new one starts
            self.previous = teacher
            self.link.blank = False
            self.setup()
            return
        if name == "results":
            self.results_open = not self.results_open
            self.draw()
            return
        if name == "roster":
            self.roster_open = not self.roster_open
            self.bar.refresh()
            return
        if name.startswith("remove:"):
            if teacher.remove(name.removeprefix("remove:")) is None:
                log.warning("Ignored a removal of no learner of class %s", teacher.code)
            self.poll()
            self.bar.refresh()
            return
        try:
            if name == "next":
                self.position = teacher.next()
            elif name == "back":
                self.position = teacher.back()
            elif name == "reveal" and self.on_try_step:
                self.position = teacher.reveal()
            else:
                return
        except TutorError as error:
            self.side.value = feedback(False, str(error))
            return
        self.tally = None
        self.draw()
        self.poll()

    def poll(self) -> None:
        """Read how many have joined and, on a "try it" step, their answers; redraw what changed."""
        try:
            learners = self.presented.learner_count()
            tally = self.presented.tally(self.position.step) if self.on_try_step else None
        except TutorError as error:
            self.side.value = feedback(False, str(error))
            return
        if learners != self.learners:
            self.learners = learners
            self.bar.refresh()
        if tally != self.tally:
            self.tally = tally
            self.side.value = self.side_html()

    async def _watch(self, teacher: Teacher) -> None:
        """Poll the class while this page presents it (a task only watches the class it was started for)."""
        try:
            while self.teacher is teacher:
                self.poll()
                await asyncio.sleep(POLL_SECONDS)
        except Exception:
            log.exception("The teacher's page stopped following its class")  # a bug: details to the server's log only
            self.side.value = feedback(False, msg("app.problem.unexpected"))

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    # ------------------------------------------------------------- drawing
    def draw(self) -> None:
        index = self.position.step - 1
        self.stepper.go_to(index)
        step, state = self.stepper.current, self.states[index]
        if self.on_try_step and self.position.step in self.position.revealed:
            if step.try_.accept:
                self.stepper.show_after(state, step.try_.accept[0])
            self.stepper.say("right", the_answer(self.lesson_shown, step, state))
        self.bar.refresh()
        self.side.value = self.side_html()

    def side_html(self) -> str:
        if self.results_open:
            return self.results_html()
        if self.on_try_step and self.tally is not None:
            return self.tally_html(self.tally)
        if self.position.step == 1:
            return self.join_html()
        return ""

    def join_html(self) -> str:
        parts = [
            el("h2", escape(msg("classroom.join-card.heading"))),
            join_qr_svg(self.join_page, self.presented.code),
            el("p", escape(msg("classroom.join-card.text")), class_="tutor-join-text"),
            el("p", escape(self.join_address), class_="tutor-join-address"),
            el("p", escape(self.presented.code), class_="tutor-big-code"),
        ]
        if urlsplit(self.join_page).hostname in LOCAL_HOSTS:
            parts.append(el("p", escape(msg("classroom.join-card.local")), class_="tutor-note"))
        return el("section", *parts, class_="tutor-join-card", aria_label=msg("classroom.join-card.heading"))

    def tally_html(self, tally: Tally) -> str:
        lesson = self.lesson_shown
        index = self.position.step - 1
        step, state = lesson.steps[index], self.states[index]
        revealed = self.position.step in self.position.revealed
        rows = []
        for notation, count in tally.moves.items():
            move = read_move(lesson, state, notation)
            words = move_words(lesson, state, move) if move is not None else msg("classroom.tally.other")
            kind = verdict(lesson, step, state, move) if revealed and move is not None else "open"
            why = state.why_not(move) if kind == "refused" else None
            rows.append(
                el(
                    "li",
                    el("span", escape(words), class_="tutor-bar-label"),
                    el(
                        "span",
                        el("span", "", class_="tutor-bar-fill", style=f"--share: {count / max(tally.learners, 1):.3f}"),
                        class_="tutor-bar-track",
                    ),
                    el("span", str(count), class_="tutor-bar-count"),
                    el("span", escape(msg(f"classroom.verdict.{kind}")), class_="tutor-bar-verdict")
                    if kind != "open"
                    else "",
                    el("p", escape(str(why)), class_="tutor-bar-why") if why else "",
                    class_=f"tutor-tally-row tutor-bar-{kind}",
                )
            )
        counts = el(
            "p",
            el("strong", escape(msg("classroom.tally.answered", answered=tally.answered, learners=tally.learners))),
            " · ",
            escape(msg("classroom.tally.allowed", allowed=tally.allowed)),
            class_="tutor-tally-count",
        )
        bars = el("ol", *rows, class_="tutor-bars") if rows else el("p", escape(msg("classroom.tally.none")))
        hint = "" if revealed else el("p", escape(msg("classroom.tally.hint")), class_="tutor-keys")
        return el(
            "section",
            el("h2", escape(msg("classroom.tally.heading"))),
            counts,
            bars,
            hint,
            class_="tutor-tally",
            aria_label=msg("classroom.tally.heading"),
            aria_live="polite",
        )

    def describe(self, step: int, notation: str) -> str:
        state = self.states[step - 1]
        move = read_move(self.lesson_shown, state, notation)
        return move_words(self.lesson_shown, state, move) if move is not None else notation

    def results_html(self) -> str:
        """The class's results without names (the projector shows them) and the file with names to download."""
        rows = []
        teacher = self.presented
        for number in teacher.settings.try_steps:
            if number > self.position.reached:
                continue
            tally = teacher.tally(number)
            rows.append(
                el(
                    "tr",
                    el("th", str(number), scope="row"),
                    el("td", str(tally.answered)),
                    el("td", str(tally.allowed)),
                    el("td", str(tally.right)),
                )
            )
        head = el(
            "tr",
            *(
                el("th", escape(msg(f"classroom.results.{column}")), scope="col")
                for column in ("step", "answered", "allowed", "right")
            ),
        )
        table = (
            el("table", el("thead", head), el("tbody", *rows), class_="tutor-results")
            if rows
            else el(
                "p",
                escape(
                    msg("classroom.results.none" if teacher.settings.try_steps else "classroom.results.no-questions")
                ),
            )
        )
        # With a byte-order mark, so that Excel reads the file as UTF-8 ("Zoë", not "ZoÃ«").
        data = base64.b64encode(teacher.results_csv(self.describe).encode("utf-8-sig")).decode("ascii")
        link = el(
            "a",
            escape(msg("classroom.results.download")),
            class_="tutor-download",
            download=msg("classroom.results.file", code=teacher.code),
            href=f"data:text/csv;base64,{data}",
        )
        return el(
            "section", el("h2", escape(msg("classroom.results.heading"))), table, link, class_="tutor-class-results"
        )


def note(text: str) -> w.HTML:
    return w.HTML(f'<p class="tutor-summary">{escape(text)}</p>')


# ----------------------------------------------------------------- the learner


class Follower(w.VBox):
    """A learner's page: the join form, then the teacher's lesson at the teacher's step. The
    class code, the learner's token and language stay in the page's address (and in
    localStorage for a page opened again from the scanned code), so a reload rejoins."""

    def __init__(self, classrooms: Classrooms | None = None):
        self.classrooms = classrooms
        self.link = PageLink("tutor-class-learner")
        self.link.hello = self.opened
        self.learner: Learner | None = None
        self.joined: dict[str, str] = {}  # class code -> this page's learner token: one learner per page and class
        self._task: asyncio.Task | None = None
        super().__init__([self.link, note(msg("classroom.opening"))])
        self.add_class("tutor-learner")

    def _classrooms(self) -> Classrooms:
        if self.classrooms is None:
            self.classrooms = Classrooms()
        return self.classrooms

    def opened(self, hello: dict) -> None:
        query, stored = hello.get("query") or {}, hello.get("stored") or {}
        scanned = query.get("code", "")
        token = query.get("learner") or (stored.get("token") if stored.get("code") == scanned or not scanned else None)
        code = scanned or stored.get("code", "")
        set_language(first_language(hello, query.get("lang"), stored.get("language")))
        if code and token:
            try:
                self.follow(self._classrooms().rejoin(code, token))
                return
            except TutorError as error:  # ended, replaced, unknown: forget it, and the form takes a new code
                self.leave(str(error), scanned if not query.get("learner") else "")
                return
        self.join_form(code)

    def leave(self, problem: str, code: str = "", name: str = "") -> None:
        """Back to the join form, saying why; the class is forgotten, so that the page, reloaded
        or opened again tomorrow, asks for a code instead of going back to it."""
        self.link.keep = {"query": {"lang": language()}, "stored": None}
        self.join_form(code, name, problem)

    def join_form(self, code: str = "", name: str = "", problem: str = "") -> None:
        self.stop()
        self.learner = None
        self.code = w.Text(
            value=code, description=msg("classroom.form.code"), placeholder="K7PX2M", layout=w.Layout(width="20rem")
        )
        self.name = w.Text(value=name, description=msg("classroom.form.name"), layout=w.Layout(width="20rem"))
        self.code.add_class("tutor-class-code-field")
        self.name.add_class("tutor-name-field")
        join = w.Button(description=msg("classroom.form.join"), button_style="primary", layout=w.Layout(width="auto"))
        join.add_class("tutor-join")
        join.on_click(lambda _: self.join())
        self.problem = w.HTML(feedback(False, problem))
        form = w.VBox([self.problem, self.code, self.name, join])
        form.add_class("tutor-class-form")
        self.children = [
            self.link,
            frame(PAGES[1], "classroom.form.heading", self._relabel),
            heading(msg("classroom.form.heading"), msg("classroom.form.text")),
            form,
        ]

    def _relabel(self, code: str) -> None:
        set_language(code)
        self.join_form(self.code.value, self.name.value)

    def join(self) -> None:
        try:
            learner = self._classrooms().join(
                self.code.value, self.name.value, self.joined.get(class_code(self.code.value))
            )
        except TutorError as error:
            self.problem.value = feedback(False, str(error))
            return
        self.follow(learner)

    @property
    def following(self) -> Learner:
        """The learner in a class, for what runs only while the page follows one (a LookupError on the form)."""
        if self.learner is None:
            raise LookupError("no class is followed")
        return self.learner

    def follow(self, learner: Learner) -> None:
        """Show the class's lesson in this page's language, from the step the class is at."""
        self.joined[learner.code] = learner.token
        self.lesson_shown = class_lesson(learner.settings.game, learner.settings.lesson)
        self.states = self.lesson_shown.states()
        self.learner = learner
        self.shown: LearnerView | None = None
        keep = {"code": learner.code, "token": learner.token, "language": language()}
        self.link.keep = {"query": {"code": learner.code, "learner": learner.token, "lang": language()}, "stored": keep}
        who = w.HTML(
            el("p", escape(msg("classroom.follow.who", code=learner.code, name=learner.name)), class_="tutor-who")
        )
        self.status = w.HTML()
        self.stepper = FollowStepper(self.lesson_shown)  # a board wider than a phone shrinks to fit (classroom.css)
        self.stepper.answer = self.answer
        self.results = w.HTML()
        self.children = [
            self.link,
            frame(PAGES[1], "classroom.form.heading", self._switch),
            who,
            self.status,
            self.stepper,
            self.results,
        ]
        self.poll()
        loop = running_loop()
        if loop is not None:
            self.stop()
            self._task = loop.create_task(self._follow(learner))

    def _switch(self, code: str) -> None:
        set_language(code)
        self.follow(self.following)

    async def _follow(self, learner: Learner) -> None:
        try:
            while self.learner is learner:
                self.poll()
                await asyncio.sleep(POLL_SECONDS)
        except Exception:
            log.exception("The learner's page stopped following its class")
            self.status.value = feedback(False, msg("app.problem.unexpected"))

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def poll(self) -> None:
        """Ask the class where the teacher is; redraw when anything changed."""
        learner = self.following
        try:
            view = learner.view()
        except ClassroomError as error:  # the class has ended meanwhile, or the teacher started a new one
            self.leave(str(error), name=learner.name)
            return
        except StoreUnavailable as error:  # try again at the next poll
            self.status.value = feedback(False, str(error))
            return
        self.status.value = ""
        if view != self.shown:
            self.show(view)

    def show(self, view: LearnerView) -> None:
        self.shown = view
        index = view.step - 1
        self.stepper.go_to(index)
        step, state = self.stepper.current, self.states[index]
        lesson = self.lesson_shown
        if view.is_try:
            move = read_move(lesson, state, view.answer.move) if view.answer else None
            right, text = lesson.judge(step, state, move) if move is not None else (False, "")
            if view.show_feedback and move is not None:
                self.stepper.say(
                    "right" if right else "wrong",
                    f"{text} {the_answer(lesson, step, state)}" if view.revealed and not right else text,
                )
            elif move is not None:
                self.stepper.say("", msg("classroom.follow.answer-in", answer=move_words(lesson, state, move)))
            elif view.revealed:
                self.stepper.say("", f"{msg('classroom.follow.no-answer')} {the_answer(lesson, step, state)}")
            if right and view.show_feedback:
                self.stepper.show_after(state, move)
            elif view.revealed and step.try_.accept:
                self.stepper.show_after(state, step.try_.accept[0])
        self.results.value = self.results_html() if view.step == self.following.settings.steps else ""

    def answer(self, move) -> None:
        """The learner's move on a "try it" step, judged by the lesson and sent to the class."""
        lesson = self.lesson_shown
        step, state = self.stepper.current, self.states[self.stepper.step]
        self.stepper.loaded[1].refresh()
        allowed = state.why_not(move) is None
        right = lesson.judge(step, state, move)[0]
        try:
            view = self.following.answer(self.stepper.step + 1, str(move), allowed, right)
        except TutorError as error:  # moved on, closed, already answered, store down
            self.stepper.say("", str(error))
            return
        self.show(view)

    def results_html(self) -> str:
        """This learner's own answers to the class's "try it" steps."""
        rows = []
        learner = self.following
        for result in learner.results():
            index = result.step - 1
            step, state = self.lesson_shown.steps[index], self.states[index]
            move = read_move(self.lesson_shown, state, result.answer.move) if result.answer else None
            kind = verdict(self.lesson_shown, step, state, move) if move is not None else "none"
            answer = (
                el("span", escape(move_words(self.lesson_shown, state, move)), class_="tutor-answer")
                if move is not None
                else ""
            )
            rows.append(
                el(
                    "li",
                    el("strong", escape(msg("classroom.bar.step", number=result.step, total=learner.settings.steps))),
                    " ",
                    escape(step.try_.prompt or msg("widgets.stepper.any-move")),
                    el(
                        "span",
                        answer,
                        " ",
                        el("span", escape(msg(f"classroom.follow.result.{kind}")), class_=f"tutor-result-{kind}"),
                        class_="tutor-result-line",
                    ),
                )
            )
        body = el("ol", *rows) if rows else el("p", escape(msg("classroom.results.none")))
        return el("section", el("h2", escape(msg("classroom.follow.results"))), body, class_="tutor-my-results")


# ----------------------------------------------------------------- pages


@friendly("teach")
def teach_page(_bodies: Bodies) -> Page:
    return Page("teach", [Presenter()])


@friendly("join")
def join_page(_bodies: Bodies) -> Page:
    return Page("join", [Follower()])
