"""The teacher's page: a form to start a class, then the presenter view of the class on the
projector (the strip, the board and the lesson's text, the join card, the tally, the results)."""

from __future__ import annotations

import base64
from html import escape
from urllib.parse import urljoin, urlsplit

import ipywidgets as w

from tutor.classroom import (
    CAPACITY,
    CLASS_SIZE,
    REVEAL_AT_ONCE,
    REVEAL_BY_TEACHER,
    Classrooms,
    ClassSummary,
    Tally,
    Teacher,
    join_qr_svg,
    join_url,
)
from tutor.core import TutorError
from tutor.games import game_name, games
from tutor.lesson_run import asked_steps
from tutor.messages import language, listed, msg, set_language
from tutor.svg.draw import el
from widgets.app import STUDIO, Bodies, Page, friendly, heading, href
from widgets.classroom.lesson import (
    FollowStepper,
    class_lesson,
    default_lesson,
    guided_stems,
    lesson_choices,
    lesson_purpose,
    move_words,
)
from widgets.classroom.page import PAGES, ClassPage, first_language, frame
from widgets.component import Component
from widgets.feedback import feedback
from widgets.guard import log
from widgets.own_lessons import OwnLessons, own_choices

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}


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
                ("end", True),
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
            self.confirm_html() if shown.confirming else "",
            class_="tutor-class-strip",
        )

    @staticmethod
    def confirm_html() -> str:
        """Ending the class asks first: every learner's page leaves it."""
        buttons = [
            el("button", escape(msg(f"classroom.end.{name}")), type="button", data_target=f"end-{name}", class_=style)
            for name, style in (("yes", "tutor-primary"), ("no", None))
        ]
        return el(
            "section",
            el("p", escape(msg("classroom.end.confirm"))),
            el("span", *buttons, class_="tutor-class-buttons"),
            class_="tutor-end-confirm",
            role="alertdialog",
            aria_label=msg("classroom.bar.end"),
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


class ClassSide(Component):
    """Beside the board: the join card, the tally or the class's results, as the presenter draws
    them; its buttons (show or hide the names) act on the presenter."""

    def __init__(self, presenter: Presenter, **kwargs):
        self.presenter = presenter
        super().__init__(**kwargs)
        self.add_class("tutor-class-side")

    def click(self, name: str) -> None:
        self.presenter.act(name)

    def render(self) -> str:
        return self.presenter.side_html()

    def say(self, html: str) -> None:
        """Show ``html`` (a problem in words) instead of what the presenter draws."""
        self.html = html


class Presenter(ClassPage):
    """The teacher's page: a form to start a class, then the presenter view of the class.
    The class's code and the teacher's token are kept in localStorage, so a reload resumes it."""

    def __init__(self, classrooms: Classrooms | None = None):
        self.teacher: Teacher | None = None
        self.previous: Teacher | None = None  # the class left for the form, to go back to
        self.own = OwnLessons()  # the teacher's own lessons, added to the form's list
        self.own.found.register(lambda _links: self._offer_own())
        self.join_page = ""
        super().__init__("tutor-class-teacher", classrooms, stopped="The teacher's page stopped following its class")
        self.link.key = self.act
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

    def setup(self, problem: str = "") -> None:
        """The form that starts a class, in the page's language."""
        self.poller.stop()
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
        self.guided_note = w.HTML()  # how a class plays a guided game, when one is chosen
        self.guided_note.add_class("tutor-guided-note")
        self.lesson.observe(lambda _change: self._note_guided(), names="value")
        self._note_guided()
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
        form = w.VBox([self.game, self.lesson, self.guided_note, self.size, self.reveal, row, self.problem])
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

    def _note_guided(self) -> None:
        """What the chosen lesson is for and, for a guided game, how a class plays it."""
        chosen = self.lesson.value
        purpose = lesson_purpose(self.game.value, chosen) if chosen else ""
        guided = chosen in guided_stems(self.game.value)
        self.guided_note.value = (el("p", escape(purpose), class_="tutor-lesson-purpose") if purpose else "") + (
            el("p", escape(msg("classroom.setup.guided-note"))) if guided else ""
        )

    def _game_chosen(self, change) -> None:
        self.lesson.options = self._choices(change.new)
        self.lesson.value = default_lesson(change.new)
        self._note_guided()  # every game's first lesson has the same file name: no change of value to hear

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
                try_steps=asked_steps(lesson),
                reveal=self.reveal.value,
                size=self.size.value,
            )
            if self.previous is not None:  # a new class replaces the one left for the form
                self.previous.end(replaced=True)
        except TutorError as error:
            self.problem.value = feedback(False, str(error))
            return
        self.previous = None
        self.present(teacher)

    # ------------------------------------------------------------- presenting
    def present(self, teacher: Teacher) -> None:
        """The presenter view of ``teacher``'s class, at the step where the class is, in the page's language:
        the board in a column of its own, the strip, the lesson's text and the join card or tally beside it."""
        self.poller.stop()
        self.teacher = teacher
        self.link.keep = {"stored": {"code": teacher.code, "token": teacher.token, "language": language()}}
        self.lesson_shown = class_lesson(teacher.settings.game, teacher.settings.lesson)
        self.position = teacher.position()
        self.learners = teacher.learner_count()
        self.tally: Tally | None = None
        self.results_open = False
        self.names_shown = False  # the projector shows who needs help only when the teacher asks
        self.roster_open = False
        self.confirming = False  # "End the class" asks first
        self.join_address = join_url(self.join_page, teacher.code)
        self.stepper = FollowStepper(self.lesson_shown)
        self.run = self.stepper.loaded[0]  # a guided game: the coach's way through it, one for the class
        self.bar = ClassBar(self)
        self.side = ClassSide(self)
        self.stage = w.Box([self.bar, self.stepper, self.side])
        self.stage.add_class("tutor-class-stage")
        self.children = [self.link, frame(PAGES[0], "classroom.setup.heading", self._speak), self.stage]
        self.add_class("tutor-presenting")
        self.link.presenting = True
        self.link.blank_text = msg("classroom.blank")
        if self.position.ended:  # reloaded after the end: the results, until the class expires
            self.finished()
            return
        self.draw()
        self.poller.start()

    def finished(self) -> None:
        """The class has ended: what the class got, the file to download, and a new class."""
        self.poller.stop()
        self.link.blank = False
        self.link.presenting = False
        self.remove_class("tutor-presenting")
        again = w.Button(description=msg("classroom.bar.new"), button_style="primary", layout=w.Layout(width="auto"))
        again.add_class("tutor-new-class")
        again.on_click(lambda _: self._new_after_end())
        self.results_open = True
        self.side.refresh()
        said = el(
            "section",
            el("h2", escape(msg("classroom.end.heading", code=self.presented.code))),
            el("p", escape(msg("classroom.end.text", count=self.learners))),
            class_="tutor-class-ended",
            role="status",
        )
        self.children = [
            self.link,
            frame(PAGES[0], "classroom.setup.heading", self._speak),
            w.HTML(said),
            self.side,
            w.HBox([again]),  # a button as wide as its words, not the page
        ]

    def _new_after_end(self) -> None:
        self.link.keep = {"stored": None}  # the ended class is not resumed any more
        self.previous = None
        self.setup()

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
        """A key or a button of the presenter: next, back, reveal, blank, results, names, roster,
        remove:<key>, new, end (then end-yes or end-no)."""
        teacher = self.teacher
        if teacher is not None and name == "names":  # also once ended: the results stay
            self.names_shown = not self.names_shown
            self.side.refresh()
            return
        if teacher is None or self.position.ended:  # ended: only the results and a new class
            return
        if name == "blank":  # drawn by the browser over the whole window, whatever the scroll
            self.link.blank = not self.link.blank
            return
        if name == "new":  # the class stays kept (and a reload resumes it) until a new one starts
            self.previous = teacher
            self.link.blank = False
            self.setup()
            return
        if name == "results":  # in the step's text's place, beside the board
            self.results_open = not self.results_open
            (self.stage.add_class if self.results_open else self.stage.remove_class)("tutor-results-open")
            self.draw()
            return
        if name == "roster":
            self.roster_open = not self.roster_open
            self.bar.refresh()
            return
        if name in ("end", "end-no"):
            self.confirming = name == "end"
            self.bar.refresh()
            return
        if name == "end-yes":
            try:
                self.position = teacher.end()
            except TutorError as error:
                self.side.say(feedback(False, str(error)))
                return
            self.finished()
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
            self.side.say(feedback(False, str(error)))
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
            self.side.say(feedback(False, str(error)))
            return
        if learners != self.learners:
            self.learners = learners
            self.bar.refresh()
        if tally != self.tally:
            self.tally = tally
            self.side.refresh()

    def broken(self) -> None:
        self.side.say(feedback(False, msg("app.problem.unexpected")))

    # ------------------------------------------------------------- drawing
    def draw(self) -> None:
        index = self.position.step - 1
        self.stepper.go_to(index)
        step, state = self.stepper.current, self.run.states[index]
        if self.on_try_step and self.position.step in self.position.revealed:
            answer = self.run.answer_words(index)
            goes_on = self.run.goes_on(index)
            if goes_on is not None:  # a guided game: the class's one game goes on with the coach's choice
                self.stepper.show_position(goes_on[0], state.to_move)
                answer = f"{answer} {goes_on[1]}"
            elif step.try_.accept:
                self.stepper.show_after(state, step.try_.accept[0])
            self.stepper.say("right", answer)
        self.bar.refresh()
        self.side.refresh()

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
        lesson, run = self.lesson_shown, self.run
        index = self.position.step - 1
        state = run.states[index]
        revealed = self.position.step in self.position.revealed
        rows = []
        for notation, count in tally.moves.items():
            move = run.read(index, notation)
            words = move_words(lesson, state, move) if move is not None else msg("classroom.tally.other")
            judged = run.verdict(index, move) if revealed and move is not None else None
            kind = judged.kind if judged is not None else "open"
            why = judged.text if judged is not None and not judged.right else None
            if judged is not None and judged.allowed and not judged.right:  # the rules the step asks about
                about = listed([self.rule_title(rule) for rule in run.asked_rules(index)])
                why = f"{why} {msg('classroom.tally.about', rules=about)}"
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
        state = self.run.states[step - 1]
        move = self.run.read(step - 1, notation)
        return move_words(self.lesson_shown, state, move) if move is not None else notation

    def rules_behind(self, step: int, notation: str) -> tuple[str, ...]:
        """The rules behind a wrong answer sent to ``step`` (none for a move the tutor cannot read)."""
        move = self.run.read(step - 1, notation)
        return self.run.rules_behind(step - 1, move) if move is not None else ()

    def missed(self, step: int, notation: str) -> str:
        """The rules behind a wrong answer, as the download names them."""
        return listed([self.rule_title(rule) for rule in self.rules_behind(step, notation)])

    def rule_title(self, rule: str) -> str:
        """A rule as the rules reference titles it."""
        titles = {each.id: each.title for each in self.lesson_shown.entry.rule_list}
        return titles.get(rule, rule)

    def results_html(self) -> str:
        """The class's results: per asked step how many answered and were right and the rules behind
        the wrong answers; for the whole class the rules to go over again, most missed first, with
        how many learners need help on each (their names only when the teacher asks: the projector
        shows it); the file with every answer and name to download."""
        teacher = self.presented
        summary = teacher.summary(self.rules_behind)
        if not summary.steps:
            said = "classroom.results.none" if teacher.settings.try_steps else "classroom.results.no-questions"
            body = el("p", escape(msg(said)))
        else:
            body = self.steps_table(summary) + self.rules_to_go_over(summary)
        # With a byte-order mark, so that Excel reads the file as UTF-8 ("Zoë", not "ZoÃ«").
        data = base64.b64encode(teacher.results_csv(self.describe, self.missed).encode("utf-8-sig")).decode("ascii")
        link = el(
            "a",
            escape(msg("classroom.results.download")),
            class_="tutor-download",
            download=msg("classroom.results.file", code=teacher.code),
            href=f"data:text/csv;base64,{data}",
        )
        names = el(
            "button",
            escape(msg("classroom.results.hide-names" if self.names_shown else "classroom.results.show-names")),
            type="button",
            data_target="names",
            aria_pressed="true" if self.names_shown else "false",
        )
        return el(
            "section",
            el("h2", escape(msg("classroom.results.heading"))),
            body,
            el("p", names if summary.rules else "", link, class_="tutor-results-actions"),
            class_="tutor-class-results",
            aria_label=msg("classroom.results.heading"),
        )

    def steps_table(self, summary: ClassSummary) -> str:
        """Per asked step: answered (of how many learners), right, and the rules behind the wrong answers."""
        rows = [
            el(
                "tr",
                el("th", str(step.step), scope="row"),
                el("td", escape(msg("classroom.results.of", count=step.answered, learners=summary.learners))),
                el("td", str(step.right)),
                el(
                    "td",
                    escape(
                        listed(
                            [
                                msg("classroom.results.broke", rule=self.rule_title(rule), count=n)
                                for rule, n in step.rules
                            ]
                        )
                    ),
                    class_="tutor-results-rules",
                ),
            )
            for step in summary.steps
        ]
        head = el(
            "tr",
            *(
                el("th", escape(msg(f"classroom.results.{column}")), scope="col")
                for column in ("step", "answered", "right", "rules")
            ),
        )
        table = el("table", el("thead", head), el("tbody", *rows), class_="tutor-results")
        # a long lesson's rows scroll in their own box, so that the rules to go over stay in the window
        return el(
            "div",
            table,
            class_="tutor-results-steps",
            tabindex="0",
            role="region",
            aria_label=msg("classroom.results.heading"),
        )

    def rules_to_go_over(self, summary: ClassSummary) -> str:
        """The whole class's rules behind its wrong answers, most first, with the learners to help."""
        if not summary.rules:
            return el("p", escape(msg("classroom.results.all-right")), class_="tutor-class-rules")
        items = []
        for rule, count in summary.rules:
            names = summary.to_help[rule]
            helped = (
                msg("classroom.results.help-names", names=listed(list(names)))
                if self.names_shown
                else msg("classroom.results.help", count=len(names))
            )
            items.append(
                el(
                    "li",
                    el("strong", escape(self.rule_title(rule))),
                    " · ",
                    escape(msg("classroom.results.wrong", count=count)),
                    el("span", escape(helped), class_="tutor-to-help"),
                )
            )
        return el("h3", escape(msg("classroom.results.go-over"))) + el("ol", *items, class_="tutor-class-rules")


@friendly("teach")
def teach_page(_bodies: Bodies) -> Page:
    return Page("teach", [Presenter()])
