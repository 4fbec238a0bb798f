"""A learner's page: the join form, then the teacher's lesson at the teacher's step, answered
on the learner's own device."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from tutor.classroom import ClassroomError, Classrooms, Learner, LearnerView, StoreUnavailable
from tutor.classroom.classes import class_code
from tutor.core import TutorError
from tutor.messages import language, msg, set_language
from tutor.svg.draw import el
from widgets.address import href, page_file
from widgets.app import Bodies, Page, friendly, heading
from widgets.classroom.lesson import FollowStepper, class_lesson, move_words
from widgets.classroom.page import JOIN_PAGE, PAGES, ClassPage, first_language, frame
from widgets.feedback import feedback


class Follower(ClassPage):
    """A learner's page: the join form, then the teacher's lesson at the teacher's step. The
    class code, the learner's token and language stay in the page's address (and in
    localStorage for a page opened again from the scanned code), so a reload rejoins."""

    def __init__(self, classrooms: Classrooms | None = None):
        self.learner: Learner | None = None
        self.joined: dict[str, str] = {}  # class code -> this page's learner token: one learner per page and class
        super().__init__("tutor-class-learner", classrooms, stopped="The learner's page stopped following its class")
        self.add_class("tutor-learner")

    def opened(self, hello: dict) -> None:
        query, stored = hello.get("query") or {}, hello.get("stored") or {}
        scanned = query.get("code", "")
        token = query.get("learner") or (stored.get("token") if stored.get("code") == scanned or not scanned else None)
        code = scanned or stored.get("code", "")
        set_language(first_language(hello, query.get("lang"), stored.get("language")))
        kept = stored.get("joined") if stored.get("code") == code else None
        joined = kept if isinstance(kept, int) else 1  # the step the learner joined at, kept by the browser
        if code and token:
            try:
                self.follow(self._classrooms().rejoin(code, token, joined))
                return
            except TutorError as error:  # ended, replaced, unknown: forget it, and the form takes a new code
                self.leave(str(error), scanned if not query.get("learner") else "")
                return
        self.join_form(code)

    def leave(self, problem: str, code: str = "", name: str = "", game: str = "") -> None:
        """Back to the join form, saying why; the class is forgotten, so that the page, reloaded
        or opened again tomorrow, asks for a code instead of going back to it. After a class of
        ``game``, the form offers that game's learn page."""
        self.link.keep = {"query": {"lang": language()}, "stored": None}
        self.join_form(code, name, problem, game)

    def join_form(self, code: str = "", name: str = "", problem: str = "", game: str = "") -> None:
        self.poller.stop()
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
        learn = (
            el(
                "a",
                escape(msg("classroom.end.learn")),
                href=href(page_file("learn", game), JOIN_PAGE),
                class_="tutor-learn-on",
            )
            if game
            else ""
        )
        form = w.VBox([self.problem, w.HTML(learn), self.code, self.name, join])
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
        self.learner = learner
        self.shown: LearnerView | None = None
        keep = {"code": learner.code, "token": learner.token, "language": language(), "joined": learner.joined}
        self.link.keep = {"query": {"code": learner.code, "learner": learner.token, "lang": language()}, "stored": keep}
        who = w.HTML(
            el("p", escape(msg("classroom.follow.who", code=learner.code, name=learner.name)), class_="tutor-who")
        )
        self.status = w.HTML()
        self.stepper = FollowStepper(self.lesson_shown)  # a board wider than a phone shrinks to fit (classroom.css)
        self.run = self.stepper.loaded[0]  # a guided game: the coach's way through it, one for the class
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
        self.poller.start()  # from the loop, from now on; and a first look now (it may find the class gone)
        self.poll()

    def _switch(self, code: str) -> None:
        set_language(code)
        self.follow(self.following)

    def broken(self) -> None:
        self.status.value = feedback(False, msg("app.problem.unexpected"))

    def poll(self) -> None:
        """Ask the class where the teacher is; redraw when anything changed."""
        learner = self.following
        try:
            view = learner.view()
        except ClassroomError as error:  # the class has ended meanwhile, or the teacher started a new one
            self.leave(str(error), name=learner.name, game=learner.settings.game)
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
        run, lesson = self.run, self.lesson_shown
        step, state = self.stepper.current, run.states[index]
        if view.is_try:
            move = run.read(index, view.answer.move) if view.answer else None
            judged = run.verdict(index, move) if move is not None else None
            right, text = (judged.right, judged.text) if judged is not None else (False, "")
            if right and step.try_.free:  # the class's game goes on from the coach's move, not this one
                text = msg("classroom.follow.free-right")
            goes_on = run.goes_on(index) if view.revealed else None
            on = f" {goes_on[1]}" if goes_on is not None else ""
            if view.show_feedback and move is not None:
                self.stepper.say(
                    "right" if right else "wrong",
                    f"{text} {run.answer_words(index)}{on}" if view.revealed and not right else f"{text}{on}",
                )
            elif move is not None:
                self.stepper.say("", msg("classroom.follow.answer-in", answer=move_words(lesson, state, move)))
            elif view.revealed:
                missed = "joined-later" if self.following.joined_later(view.step) else "no-answer"
                self.stepper.say("", f"{msg(f'classroom.follow.{missed}')} {run.answer_words(index)}{on}")
            if goes_on is not None:  # a guided game: everyone sees where the class's one game goes on
                self.stepper.show_position(goes_on[0], state.to_move)
            elif right and view.show_feedback:
                self.stepper.show_after(state, move)
            elif view.revealed and step.try_.accept:
                self.stepper.show_after(state, step.try_.accept[0])
        # once the answers are revealed the board takes no more: drawn so, not as a question
        self.stepper.loaded[1].accepting = not (view.is_try and view.revealed)
        self.results.value = self.results_html() if view.step == self.following.settings.steps else ""

    def answer(self, move) -> None:
        """The learner's move on a "try it" step, judged by the lesson and sent to the class."""
        index = self.stepper.step
        self.stepper.loaded[1].refresh()
        judged = self.run.verdict(index, move)
        try:
            view = self.following.answer(index + 1, str(move), judged.allowed, judged.right)
        except TutorError as error:  # moved on, closed, already answered, store down
            self.stepper.say("", str(error))
            return
        self.show(view)

    def _asked(self, index: int) -> str:
        """Step ``index``'s prompt as the class saw it: a guided game's {facts} filled in on the coach's way."""
        step = self.lesson_shown.steps[index]
        return self.lesson_shown.text(step.try_.prompt, self.run.line.moments[index]) if step.try_ else ""

    def results_html(self) -> str:
        """This learner's own answers to the class's "try it" steps."""
        rows = []
        learner = self.following
        for result in learner.results():
            index = result.step - 1
            state = self.run.states[index]
            move = self.run.read(index, result.answer.move) if result.answer else None
            kind = self.run.verdict(index, move).kind if move is not None else "none"
            kind = "later" if move is None and learner.joined_later(result.step) else kind
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
                    escape(self._asked(index) or msg("widgets.stepper.any-move")),
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


@friendly("join")
def join_page(_bodies: Bodies) -> Page:
    return Page("join", [Follower()])
