"""The lesson studio page: a teacher plays moves on the game's board and writes beside each
step what the tutor says, and downloads the lesson file. The lesson itself is a
``tutor.studio.Draft``; this page draws it and sends it the teacher's clicks and words.

The draft is kept in the browser as it changes (static/parts/files.js, "studio-files"), so a
reload or a lost server finds it again; leaving with changes not yet downloaded asks first.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import traceback
from collections import deque
from html import escape

import ipywidgets as w
import traitlets

from tutor.classroom.classes import CLIENT_VARIABLE
from tutor.core import TutorError
from tutor.games import Game, games
from tutor.games import game as registered
from tutor.lesson_links import CARRIED, MAX_CARRIED, PARAMETER, SHARED_NAME, carried, lesson_code, share, shared_text
from tutor.lessons import load_lesson
from tutor.messages import LANGUAGES, file_size, has, language_name, listed, msg, spoken_language
from tutor.records import MAX_RECORD_BYTES
from tutor.seats import SeatLookup, english_name
from tutor.studio import Draft, StudioError, missing_languages, text_in
from tutor.svg.draw import el
from tutor.yamlfile import FileProblem, read_yaml
from widgets.address import href
from widgets.app import Bodies, Page, friendly, heading, nav_bar, requested_game
from widgets.boards import board_for
from widgets.component import Callbacks, Component
from widgets.feedback import feedback
from widgets.languages import requested
from widgets.own_lessons import ShareLink, shared_page
from widgets.stepper import LessonStepper

PREVIOUS_KEPT = 10  # drafts undo can go back to
# Long lessons one studio page may keep in the server's store, which keeps store.MAX_LESSONS of
# everyone's: one page shared 480 and pushed every other lesson out.
STORED_PER_PAGE = 20

HERE = "studio.ipynb"
STORAGE_KEY = "tutor-studio-draft"


class StudioFiles(Component):
    """Open a file (a lesson to edit, or a game record to start from) and download the lesson.
    The browser keeps ``kept`` in its storage and gives it back once when the page opens
    (``on_restore``); while ``unsaved``, leaving the page asks first."""

    kind = traitlets.Unicode("studio-files").tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    kept = traitlets.Unicode("").tag(sync=True)
    unsaved = traitlets.Bool(False).tag(sync=True)

    def __init__(self):
        self.uploaded, self.restored, self.downloaded = Callbacks(), Callbacks(), Callbacks()
        self.file_name, self.lesson_text = "", ""
        self.restored_once = False
        super().__init__()
        self.add_class("tutor-studio-files")

    def _receive(self, widget, content, buffers) -> None:
        if not isinstance(content, dict):
            return
        upload = content.get("upload")
        if isinstance(upload, dict) and isinstance(upload.get("name"), str) and len(buffers) == 1:
            self.uploaded(upload["name"], bytes(buffers[0]))
        elif "restore" in content:
            # Once: a view drawn again later (a window turned into a phone's) asks again, but by
            # then the draft on the page is newer than the one kept.
            if isinstance(content["restore"], str) and not self.restored_once:
                self.restored(content["restore"])
            self.restored_once = True
        elif content.get("downloaded"):
            self.downloaded()

    def offer(self, file_name: str, lesson_text: str) -> None:
        self.file_name, self.lesson_text = file_name, lesson_text
        self.refresh()

    def render(self) -> str:
        data = base64.b64encode(self.lesson_text.encode("utf-8")).decode("ascii")
        too_big = msg("input.upload-too-big", file="{file}", limit=file_size(MAX_RECORD_BYTES))
        return el(
            "div",
            el("button", escape(msg("studio.page.open")), type="button"),
            el("input", type="file", accept=".yaml,.yml", hidden=True, aria_label=msg("studio.page.open")),
            el(
                "a",
                escape(msg("studio.page.download")),
                class_="tutor-download tutor-studio-download",
                download=self.file_name,
                href=f"data:application/x-yaml;base64,{data}",
            ),
            el("p", class_="tutor-upload-limit", role="status", data_limit=MAX_RECORD_BYTES, data_message=too_big),
            class_="tutor-studio-filebar",
            data_unsaved="true" if self.unsaved else "false",  # leaving the page now asks first (tests read it)
        )


class StepList(Component):
    """The lesson's steps in order, each with its first words, whether it asks for a move and
    how many problems it has; buttons to show, move up, move down or delete it."""

    def __init__(self, studio: StudioBody):
        self.studio = studio
        super().__init__()
        self.add_class("tutor-studio-steps")

    def click(self, name: str) -> None:
        action, _, index = name.partition(":")
        if index.lstrip("-").isdigit():
            self.studio.step_action(action, int(index))

    def render(self) -> str:
        draft = self.studio.draft
        problems = draft.shown_problems()
        items = [self._item(-1, msg("studio.page.start"), draft.selected == -1, len(problems.get(None, [])), False)]
        for index, (step, words) in enumerate(zip(draft.steps, draft.step_texts(), strict=True)):
            label = msg("studio.page.step", number=index + 1) + (f": {_short(words)}" if words else "")
            items.append(
                self._item(
                    index, label, draft.selected == index, len(problems.get(index, [])), "try" in step, len(draft.steps)
                )
            )
        return el("ol", *items, class_="tutor-step-list", aria_label=msg("studio.page.steps"))

    @staticmethod
    def _item(index: int, label: str, current: bool, problems: int, asks: bool, count: int = 0) -> str:
        marks = []
        if asks:
            marks.append(el("span", escape(msg("studio.page.asks")), class_="tutor-tag"))
        if problems:
            marks.append(
                el(
                    "span",
                    "\u26a0 " + escape(msg("studio.page.problem-count", count=problems)),
                    class_="tutor-tag tutor-tag-problem",
                )
            )
        parts = [
            el(
                "button",
                escape(label),
                *marks,
                type="button",
                data_target=f"select:{index}",
                class_="tutor-step-pick",
                aria_current="step" if current else None,
            )
        ]
        if index >= 0:
            number = index + 1
            for action, sign, disabled in (
                ("up", "\u2191", index == 0),
                ("down", "\u2193", index == count - 1),
                ("delete", "\u2715", False),
            ):
                parts.append(
                    el(
                        "button",
                        sign,
                        type="button",
                        data_target=f"{action}:{index}",
                        disabled=disabled,
                        class_=f"tutor-step-{action}",
                        aria_label=msg(f"studio.page.{action}", number=number),
                        title=msg(f"studio.page.{action}", number=number),
                    )
                )
        return el("li", *parts, class_="tutor-step-item" + (" tutor-current" if current else ""))


class Accepted(Component):
    """The right answers of the selected step's try, each with a button that removes it."""

    def __init__(self, studio: StudioBody):
        self.studio = studio
        self.moves: list[str] = []  # as the file writes them
        self.words: list[str] = []  # as the page says them
        super().__init__()

    def click(self, name: str) -> None:
        action, _, index = name.partition(":")
        if action == "remove" and index.isdigit() and int(index) < len(self.moves):
            self.studio.unaccept(self.moves[int(index)])

    def show(self, moves: list[str], words: list[str]) -> None:
        self.moves, self.words = list(moves), list(words)
        self.refresh()

    def render(self) -> str:
        if not self.moves:
            return el("p", escape(msg("studio.page.any-move")), class_="tutor-studio-accepted")
        items = [
            el(
                "li",
                escape(words),
                " ",
                el(
                    "button",
                    "\u2715",
                    type="button",
                    data_target=f"remove:{index}",
                    aria_label=msg("studio.page.remove", move=words),
                    title=msg("studio.page.remove", move=words),
                ),
            )
            for index, words in enumerate(self.words)
        ]
        return el("div", el("p", escape(msg("studio.page.accepted"))), el("ul", *items), class_="tutor-studio-accepted")


def fact_label(game: Game, name: str) -> str:
    """What an offered check is called: the game's own name for it, else the shared one."""
    own = f"studio.fact.{game.id}.{name}"
    return msg(own) if has(own) else msg(f"studio.fact.{name}")


def fact_words(value) -> str:
    """An engine's value as the studio shows it beside its check ("Red 3, Blue 2", "yes")."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {fact_words(item)}" for key, item in value.items())
    if isinstance(value, bool):
        return msg("studio.page.fact-yes" if value else "studio.page.fact-no")
    return str(value)


def _short(text: str, size: int = 40) -> str:
    return text if len(text) <= size else text[: size - 1].rstrip() + "\u2026"


class Texts(w.VBox):
    """One text a learner reads, one box per language, the missing ones named in words."""

    def __init__(self, label: str, field: str, changed):
        self.quiet = False  # while the boxes are filled from the draft: no edit
        self.boxes = {
            code: w.Textarea(
                description=language_name(code),
                rows=2,
                continuous_update=False,
                layout=w.Layout(width="auto"),
                style={"description_width": "6.5rem"},
            )
            for code in LANGUAGES
        }
        for code, box in self.boxes.items():
            box.add_class(f"tutor-text-{code}")
            box.observe(lambda change, code=code: self.quiet or changed(code, change.new), names="value")
        self.missing = w.HTML()
        super().__init__([w.HTML(f"<strong>{escape(label)}</strong>"), *self.boxes.values(), self.missing])
        self.add_class("tutor-studio-texts")
        self.add_class(f"tutor-studio-{field}")

    def show(self, value) -> None:
        self.quiet = True
        for code, box in self.boxes.items():
            box.value = text_in(value, code)
        self.quiet = False
        self.mark(value)

    def mark(self, value) -> None:
        """Name the languages with no text yet (none while the text is empty everywhere)."""
        missing = missing_languages(value)
        if value and missing:
            said = msg("studio.page.missing", languages=listed([spoken_language(code) for code in missing]))
            self.missing.value = f'<p class="tutor-missing">{escape(said)}</p>'
        else:
            self.missing.value = ""


class StudioBody(w.VBox):
    """The studio: where to start from and the files above; the board, the moves played and
    the buttons to add a step and undo on the left; the steps and the selected one's editor
    on the right."""

    def __init__(self, game: Game, shared: str = ""):
        counts = list(game.player_counts)
        self.draft = Draft.new_deal(game, 4 if 4 in counts else counts[0])
        self.from_link = False  # opened from a lesson's link: the draft the browser kept is set aside
        self.stored: set[str] = set()  # the codes of the long lessons this page kept in the store
        # Drafts replaced by a new start: undo brings them back, the last few (each keeps its own
        # undo list: 480 new starts took a page's kernel from 91 to 213 MB).
        self.previous: deque[Draft] = deque(maxlen=PREVIOUS_KEPT)
        self.saved = ""  # the lesson file as last downloaded or opened
        self.quiet = False  # while the editor is filled from the draft: no edit
        self.recording = False  # board clicks are right answers of the selected step's try
        self.marking = False  # board clicks mark parts of the board in the selected step's highlight
        self.previewing = False
        # One for the page's life: the browser gives back the kept draft once, to this one.
        self.files = StudioFiles()
        self.files.uploaded.register(self.open_file)
        self.files.restored.register(self.restore)
        self.files.downloaded.register(self._downloaded)
        super().__init__([])
        self.add_class("tutor-studio")
        self.build()
        if shared:
            self.open_link(shared)

    # ------------------------------------------------------------- building
    def build(self) -> None:
        """Every part, in the language now set, for the draft on hand."""
        entry = self.draft.entry
        self.game_choice = w.Dropdown(
            options=[(known.name, known.id) for known in games().values()],
            value=entry.id,
            description=msg("studio.page.game"),
            layout=w.Layout(width="18rem"),
        )
        self.players = w.Dropdown(
            options=list(self.draft.entry.player_counts),
            value=self.draft.head.get("players", 4),
            description=msg("app.play.players"),
            layout=w.Layout(width="11rem"),
        )
        self.seed = w.BoundedIntText(
            value=self.draft.head.get("seed", 0) if isinstance(self.draft.head.get("seed"), int) else 0,
            min=0,
            max=10**9,
            description=msg("studio.page.seed"),
            layout=w.Layout(width="16rem"),
            style={"description_width": "initial"},
        )
        self.variants = self._variants(entry)
        new = w.Button(description=msg("studio.page.new-deal"), layout=w.Layout(width="auto"))
        new.add_class("tutor-studio-new")
        new.on_click(lambda _: self.start_new())
        self.game_choice.observe(lambda _: self._game_chosen(), names="value")
        deal = w.HBox([self.game_choice, self.players, self.seed, self.variants, new])
        deal.add_class("tutor-studio-row")
        self.lesson_choice = w.Dropdown(
            description=msg("studio.page.from-lesson"),
            layout=w.Layout(width="26rem"),
            style={"description_width": "initial"},
        )
        self.step_choice = w.BoundedIntText(
            value=1,
            min=0,
            max=99,
            description=msg("studio.page.after-step"),
            layout=w.Layout(width="11rem"),
            style={"description_width": "initial"},
        )
        here = w.Button(description=msg("studio.page.start-here"), layout=w.Layout(width="auto"))
        here.add_class("tutor-studio-from-lesson")
        here.on_click(lambda _: self.start_from_lesson())
        self._offer_lessons(entry)
        from_lesson = w.HBox([self.lesson_choice, self.step_choice, here])
        from_lesson.add_class("tutor-studio-row")
        self.share_link = ShareLink(self.share_lesson)
        files = w.HBox([self.files, self.share_link])
        files.add_class("tutor-studio-files-row")
        start = w.VBox([deal, from_lesson, files])
        start.add_class("tutor-studio-begin")

        self.message = w.HTML()
        self.message.add_class("tutor-message")
        self.played = w.HTML()
        self.take_back = w.Button(description=msg("studio.page.take-back"), layout=w.Layout(width="auto"))
        self.take_back.on_click(lambda _: self.edit(self.draft.take_back))
        self.add = w.Button(
            description=msg("studio.page.add-step"), button_style="primary", layout=w.Layout(width="auto")
        )
        self.add.add_class("tutor-studio-add")
        self.add.on_click(lambda _: self.add_step())
        self.undo_button = w.Button(description=msg("studio.page.undo"), icon="undo", layout=w.Layout(width="auto"))
        self.undo_button.add_class("tutor-studio-undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.preview_button = w.Button(description=msg("studio.page.preview"), layout=w.Layout(width="auto"))
        self.preview_button.add_class("tutor-studio-preview")
        self.preview_button.on_click(lambda _: self.preview(not self.previewing))
        self.coach = w.Button(layout=w.Layout(width="auto"))
        self.coach.add_class("tutor-studio-coach")
        self.coach.on_click(lambda _: self.play_others())
        actions = w.HBox([self.add, self.take_back, self.coach, self.undo_button, self.preview_button])
        actions.add_class("tutor-studio-actions")
        self.board = board_for(self.draft.position()[0], 1.0)
        self.board.on_move(self.moved)
        self.board.on_message(lambda text: setattr(self.message, "value", feedback(None, text)))
        self.board.on_pick(self.picked)
        # A phone may look through the lesson, not change it: its board plays no moves.
        self.board.parts[0].observe(lambda change: self._viewing_only(change.new), names="narrow")
        self.stage = w.VBox([actions, self.message, self.board, self.played])
        self.stage.add_class("tutor-studio-stage")

        self.steps = StepList(self)
        self.title = Texts(
            msg("studio.page.title-field"), "title", lambda code, text: self.write(None, "title", code, text)
        )
        self.summary = Texts(
            msg("studio.page.summary-field"), "summary", lambda code, text: self.write(None, "summary", code, text)
        )
        self.say = Texts(
            msg("studio.page.say"), "say", lambda code, text: self.write(self.draft.selected, "say", code, text)
        )
        self.asks = w.Checkbox(description=msg("studio.page.asks-field"), indent=False, layout=w.Layout(width="auto"))
        self.asks.observe(self.heard(lambda on: self.edit(self.draft.set_try, self.draft.selected, on)), names="value")
        self.prompt = Texts(
            msg("studio.page.prompt"),
            "prompt",
            lambda code, text: self.write(self.draft.selected, "prompt", code, text),
        )
        self.record = w.ToggleButton(description=msg("studio.page.record"), layout=w.Layout(width="auto"))
        self.record.add_class("tutor-studio-record")
        self.record.observe(self.heard(self._record), names="value")
        self.accepted = Accepted(self)
        self.try_box = w.VBox([self.prompt, self.record, self.accepted])
        self.highlight = w.Text(
            description=msg("studio.page.highlight"),
            continuous_update=False,
            placeholder=", ".join(english_name(name) for name in self.board.state.seat_names[:2]),  # as files write it
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.highlight.observe(
            self.heard(
                lambda text: self.set_field("highlight", [item.strip() for item in text.split(",") if item.strip()])
            ),
            names="value",
        )
        self.mark = w.ToggleButton(description=msg("studio.page.mark"), layout=w.Layout(width="auto"))
        self.mark.add_class("tutor-studio-mark")
        self.mark.observe(self.heard(self._mark), names="value")
        rules = self.draft.entry.rule_list
        self.rules = w.SelectMultiple(
            options=[(rule.title, rule.id) for rule in rules if rule.kind == "rule"],
            description=msg("studio.page.rules"),
            rows=4,
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.rules.observe(self.heard(lambda chosen: self.set_field("rules", list(chosen))), names="value")
        self.notes = w.SelectMultiple(
            options=[(rule.title, rule.id) for rule in rules if rule.kind != "rule"],
            description=msg("studio.page.notes"),
            rows=3,
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.notes.observe(self.heard(lambda chosen: self.set_field("notes", list(chosen))), names="value")
        self.checks = w.SelectMultiple(
            description=msg("studio.page.checks"),
            rows=5,
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.checks.add_class("tutor-studio-checks")
        self.checks.observe(self.heard(lambda chosen: self.set_checks(list(chosen))), names="value")
        self.problems = w.HTML()
        self.name_notes = w.Button(description=msg("studio.page.name-notes"), layout=w.Layout(width="auto"))
        self.name_notes.add_class("tutor-studio-name-notes")
        self.name_notes.on_click(
            lambda _: self.edit(self.draft.set_field, self.draft.selected, "notes", self._notes_wanted(True))
        )
        self.step_editor = w.VBox(
            [
                self.say,
                self.asks,
                self.try_box,
                self.highlight,
                self.mark,
                self.checks,
                self.rules,
                self.notes,
                self.name_notes,
            ]
        )
        self.minutes = w.BoundedIntText(
            min=1,
            max=120,
            description=msg("studio.page.minutes"),
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.minutes.observe(  # the default (3) is left out of the file, as a person would
            self.heard(lambda minutes: self.set_lesson_field("minutes", None if minutes == 3 else minutes)),
            names="value",
        )
        self.lesson_rules = w.SelectMultiple(
            options=self.rules.options,
            description=msg("studio.page.lesson-rules"),
            rows=4,
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.lesson_rules.observe(
            self.heard(lambda chosen: self.set_lesson_field("rules", list(chosen))), names="value"
        )
        self.lesson_editor = w.VBox([self.title, self.summary, self.minutes, self.lesson_rules])
        self.editor = w.VBox([self.problems, self.lesson_editor, self.step_editor])
        self.editor.add_class("tutor-studio-editor")
        self.side = w.VBox([self.steps, self.editor])
        self.side.add_class("tutor-studio-side")
        self.workspace = w.HBox([self.stage, self.side])
        self.workspace.add_class("tutor-body")
        phone = w.HTML(f'<p class="tutor-studio-phone">{escape(msg("studio.page.phone"))}</p>')
        self.quiet = False
        self.children = [phone, start, self.workspace]
        self.show()

    def _viewing_only(self, phone: bool) -> None:
        """On a phone the board only shows the step's position: no move, nothing lit to play."""
        self.board.accepting = self.board.hints = not phone

    def heard(self, action):
        """An observer that gives ``action`` the new value the teacher set (not while the
        editor is being filled from the draft)."""
        return lambda change: None if self.quiet else action(change.new)

    def _variants(self, game: Game) -> w.HBox:
        chosen = self.draft.head.get("options") or {}
        boxes = [
            w.Dropdown(
                options=[(msg(f"app.play.variant.{option}.{value}"), value) for value in values],
                value=chosen.get(option, values[0]),
                description=msg(f"app.play.variant.{option}.label"),
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            for option, values in game.options.items()
        ]
        for box, option in zip(boxes, game.options):
            box.option = option
        return w.HBox(boxes)

    def _offer_lessons(self, game: Game) -> None:
        paths = game.lesson_files()
        self.lesson_choice.options = [(load_lesson(path).title, str(path)) for path in paths]
        self.lesson_choice.value = str(paths[0]) if paths else None

    def _game_chosen(self) -> None:
        game = registered(self.game_choice.value)  # the list of games holds their ids
        self.players.options = list(game.player_counts)
        self.variants.children = self._variants(game).children
        self._offer_lessons(game)

    def relabel(self, _game: Game, _shared: str = "") -> None:
        """The same draft, step and answers in the language now set."""
        self.build()

    # ------------------------------------------------------------- starting
    def replace(self, draft: Draft, saved: bool = False) -> None:
        """Work on ``draft`` from now on; undo goes back to the one before."""
        self.previous.append(self.draft)
        game_changed = draft.entry is not self.draft.entry
        self.draft, self.recording, self.marking = draft, False, False
        self.saved = draft.yaml_text() if saved else ""
        if game_changed:
            self.build()
        else:
            self.show()

    def start_new(self) -> None:
        options = {box.option: box.value for box in self.variants.children}
        self.attempt(
            lambda: self.replace(
                Draft.new_deal(registered(self.game_choice.value), self.players.value, self.seed.value, options)
            )
        )

    def start_from_lesson(self) -> None:
        if self.lesson_choice.value:
            self.attempt(lambda: self.replace(Draft.from_lesson_step(self.lesson_choice.value, self.step_choice.value)))

    def open_file(self, name: str, content: bytes) -> None:
        """An uploaded lesson to edit, or a game record to start from."""

        def opened() -> None:
            try:
                data = read_yaml(name, content.decode("utf-8", errors="replace"))
            except FileProblem as error:
                raise StudioError(str(error)) from None
            if "moves" in data and "steps" not in data:
                self.replace(Draft.from_record(name, content))
            else:
                self.replace(Draft.from_file(name, content), saved=True)
            self.message.value = feedback(True, msg("studio.page.opened", file=name))

        self.attempt(opened)

    def open_link(self, value: str) -> None:
        """A lesson's link (tutor/lesson_links.py): a copy of its lesson to edit."""

        def opened() -> None:
            text = shared_text(value[: MAX_CARRIED + 1])
            self.replace(Draft.from_file(SHARED_NAME.format(key=lesson_code(text)), text), saved=True)
            self.from_link = True
            self.message.value = feedback(True, msg("studio.page.opened-link"))

        self.attempt(opened)

    def share_lesson(self) -> None:
        """A link to the lesson, once the checker finds nothing wrong with it."""
        draft = self.draft
        if not draft.steps or any(draft.problems().values()):
            draft.touch_all()  # the teacher wants it finished: every problem is said now
            self.changed()
            self.message.value = feedback(False, msg("studio.page.share-fix"))
            return
        text = draft.yaml_text()
        stored = len(carried(text)) > MAX_CARRIED and lesson_code(text) not in self.stored
        if stored and len(self.stored) >= STORED_PER_PAGE:
            self.message.value = feedback(False, msg("studio.page.share-stored-limit", limit=STORED_PER_PAGE))
            return
        try:
            value = share(text, owner=os.environ.get(CLIENT_VARIABLE, ""))  # the store keeps a few per address
        except TutorError as error:
            self.message.value = feedback(False, str(error))
            return
        if stored:
            self.stored.add(value)
        game = draft.entry.id
        title = next(
            (text_in(draft.head.get("title"), code) for code in LANGUAGES if text_in(draft.head.get("title"), code)), ""
        )
        self.share_link.shared(
            text,
            href(shared_page("learn.ipynb", game, value), HERE),
            href(shared_page(HERE, game, value), HERE),
            {"game": game, "shared": value, "key": f"{game}:{title}"},
        )
        kept = "" if value.startswith(CARRIED) else " " + msg("studio.page.share-kept", code=value)
        self.message.value = feedback(True, msg("studio.page.share-ready") + kept)

    def restore(self, text: str) -> None:
        """The draft the browser kept (the page was reloaded, or the server lost). After a
        lesson's link, the link's lesson stays and the kept one waits behind Undo."""
        try:
            kept = json.loads(text)
            draft = Draft.from_json(kept["draft"])
            draft.position()
        except Exception:  # a draft kept by another version, or spoilt: the page starts afresh
            return
        if self.from_link:
            if draft.steps:
                self.previous.append(draft)
                self.message.value = feedback(True, msg("studio.page.opened-link") + " " + msg("studio.page.set-aside"))
                self.show()
            return
        self.previous.append(self.draft)
        self.draft, self.saved = draft, kept.get("saved", "")
        self.build()
        self.message.value = feedback(None, msg("studio.page.restored"))

    def attempt(self, action) -> None:
        """Do ``action``; what goes wrong is said in words beside the board, never as a traceback."""
        try:
            action()
        except TutorError as error:
            self.message.value = feedback(False, str(error))
        except Exception:
            traceback.print_exc(file=sys.__stderr__)
            self.message.value = feedback(False, msg("app.problem.unexpected"))

    # ------------------------------------------------------------- editing
    def edit(self, change, *args) -> None:
        """Make one change to the draft, then draw what it changed."""
        self.attempt(lambda: change(*args))
        self.show()

    def write(self, index: int | None, field: str, code: str, text: str) -> None:
        self.draft.set_text(index, field, code, text)
        self.changed()

    def set_field(self, field: str, value) -> None:
        self.draft.set_field(self.draft.selected, field, value)
        self.changed()

    def set_checks(self, names: list[str]) -> None:
        self.draft.set_checks(self.draft.selected, names)
        self.show()

    def set_lesson_field(self, field: str, value) -> None:
        self.draft.set_field(None, field, value)
        self.changed()

    def add_step(self) -> None:
        self.recording = self.marking = False
        self.draft.add_step()
        self.message.value = ""
        self.show()

    def step_action(self, action: str, index: int) -> None:
        self.recording = self.marking = False
        if action == "select":
            self.draft.select(index)
        elif action in ("up", "down") and 0 <= index < len(self.draft.steps):
            self.draft.move_step(index, index + (1 if action == "down" else -1))
        elif action == "delete" and 0 <= index < len(self.draft.steps):
            self.draft.delete_step(index)
        self.message.value = ""
        self.show()

    def unaccept(self, move: str) -> None:
        self.draft.unaccept(self.draft.selected, move)
        self.show()

    def undo(self) -> None:
        if self.draft.can_undo:
            self.draft.undo()
            self.show()
        elif self.previous:
            game = self.draft.entry
            self.draft = self.previous.pop()
            self.build() if self.draft.entry is not game else self.show()

    def _record(self, on: bool) -> None:
        self.recording, self.marking = on, self.marking and not on
        self.message.value = feedback(None, msg("studio.page.recording")) if on else ""
        self.show()

    def _mark(self, on: bool) -> None:
        """Clicks on the board mark parts of it for the selected step (on), or play moves again."""
        self.marking, self.recording = on, self.recording and not on
        self.message.value = feedback(None, msg("studio.page.marking")) if on else ""
        self.show()

    def picked(self, part: str, shown: str) -> None:
        """A part of the board clicked while marking: in the step's highlight, or out of it again."""
        if not self.marking or self.draft.selected < 0:
            return
        marked = self.draft.toggle_highlight(self.draft.selected, part)
        said = msg("studio.page.marked" if marked else "studio.page.unmarked", part=shown)
        self.message.value = feedback(True, said) + feedback(None, msg("studio.page.marking"))
        self.show()

    def play_others(self) -> None:
        """The coach plays the other seats on the board until the learner's turn."""
        count = self.draft.play_others()
        name = str(self.board.state.name(self.draft.learner()))
        said = (
            msg("studio.page.coach-played", count=count, name=name)
            if count
            else msg("studio.page.coach-nothing", name=name)
        )
        self.show()
        self.message.value = feedback(None, said)

    def moved(self, move) -> None:
        """A move made on the board: a right answer while recording, else played for the next step."""
        if self.recording and self.draft.selected >= 0:
            said = self.draft.accept(self.draft.selected, move)
            self.message.value = feedback(False, said) if said else feedback(True, msg("studio.page.answer-kept"))
        else:
            said = self.draft.play(move)
            self.message.value = feedback(False, said) if said else ""
        self.show()

    def _downloaded(self) -> None:
        self.saved = self.draft.yaml_text()
        self.keep()

    def preview(self, on: bool) -> None:
        """The lesson as a learner sees it, in place of the editor."""
        self.previewing, self.marking = on, False
        self.preview_button.description = msg("studio.page.preview-end" if on else "studio.page.preview")
        if on:
            stepper = LessonStepper(self.draft.name, text=self.draft.preview_text(), own_seat=self.draft.learner())
            stepper.add_class("tutor-studio-preview-lesson")
            self.workspace.children = [w.VBox([self.preview_button, stepper])]
        else:
            self.workspace.children = [self.stage, self.side]
            self.show()

    # ------------------------------------------------------------- drawing
    def show(self) -> None:
        """Draw the whole draft: board, moves, steps and the selected step's editor."""
        draft = self.draft
        index = draft.selected
        self.quiet = True
        recording = self.recording and index >= 0 and "try" in draft.steps[index]
        marking = self.marking and index >= 0
        # Answers are recorded, and parts marked, on the step's own position.
        state, refused = draft.try_position(index) if recording or marking else draft.position()
        self.board.state = state
        self.board.picking = marking
        if refused:
            self.message.value = feedback(False, refused)
        where = msg("studio.page.at-start") if index < 0 else msg("studio.page.at-step", number=index + 1)
        played = draft.played_words()
        moves = el("ol", *(el("li", escape(move)) for move in played)) if played else ""
        self.played.value = el(
            "div",
            el("p", escape(where), " ", escape(msg("studio.page.played" if played else "studio.page.play-hint"))),
            moves,
            class_="tutor-studio-played",
        )
        self.take_back.disabled = not draft.played
        self.coach.description = msg("studio.page.play-others", name=str(state.name(draft.learner())))
        self.coach.disabled = not draft.coach_has_moves()
        self.undo_button.disabled = not (draft.can_undo or self.previous)
        self.add.description = msg("studio.page.add-step-moves" if draft.played else "studio.page.add-step")
        self.lesson_editor.layout.display = None if index < 0 else "none"
        self.step_editor.layout.display = "none" if index < 0 else None
        self.title.show(draft.head.get("title"))
        self.summary.show(draft.head.get("summary"))
        minutes = draft.head.get("minutes")
        self.minutes.value = minutes if isinstance(minutes, int) and 1 <= minutes <= 120 else 3
        known = {value for _label, value in self.lesson_rules.options}
        self.lesson_rules.value = tuple(rule for rule in draft.head.get("rules") or [] if rule in known)
        if index >= 0:
            step = draft.steps[index]
            self.say.show(step.get("say"))
            self.asks.value = "try" in step
            self.try_box.layout.display = None if "try" in step else "none"
            spec: dict = step["try"] if isinstance(step.get("try"), dict) else {}
            self.prompt.show(spec.get("prompt"))
            self.record.value = recording
            self.mark.value = marking
            self.mark.description = msg("studio.page.mark-end" if marking else "studio.page.mark")
            self.accepted.show([str(move) for move in spec.get("accept") or []], draft.accepted_words(index))
            self.highlight.value = ", ".join(map(str, step.get("highlight") or []))
            facts, checked = draft.facts(index), step.get("check") or {}
            game = draft.entry
            self.checks.options = [  # a mark beside the chosen ones, not only the list's colour
                (
                    ("\u2713 " if name in checked else "")
                    + msg("studio.page.fact-value", fact=fact_label(game, name), value=fact_words(value)),
                    name,
                )
                for name, value in facts.items()
            ]
            self.checks.value = tuple(name for name in checked if name in facts)
            self.rules.value = tuple(
                rule
                for rule in step.get("rules") or []
                if rule in dict((value, label) for label, value in self.rules.options)
            )
            self.notes.value = tuple(
                note
                for note in step.get("notes") or []
                if note in dict((value, label) for label, value in self.notes.options)
            )
            self.name_notes.layout.display = None if self._notes_wanted(False) else "none"
        self.quiet = False
        self.changed()

    def _notes_wanted(self, named_too: bool) -> list[str]:
        """The notes the selected step's moves rely on that it does not name yet (with
        ``named_too``, every note it should name: those and the ones it names)."""
        draft = self.draft
        named = list(draft.steps[draft.selected].get("notes") or [])
        missing = [
            note
            for note in draft.notes_that_apply(draft.selected)
            if note not in named and note not in draft.entry.view_notes
        ]
        return named + missing if named_too else missing

    def changed(self) -> None:
        """After any edit: the steps list, the problems beside the step, the file and what is kept."""
        draft = self.draft
        index = draft.selected
        self.steps.refresh()
        highlight = draft.steps[index].get("highlight") if index >= 0 and (self.marking or not draft.played) else None
        seats = SeatLookup(self.board.state.seat_names)  # a seat marked by any of its names, as the board names it
        self.board.set_highlight([seats.shown(item) for item in highlight] if isinstance(highlight, list) else [])
        if index >= 0:
            self.say.mark(draft.steps[index].get("say"))
            spec = draft.steps[index].get("try")
            self.prompt.mark(spec.get("prompt") if isinstance(spec, dict) else None)
        else:
            self.title.mark(draft.head.get("title"))
            self.summary.mark(draft.head.get("summary"))
        problems = draft.shown_problems().get(None if index < 0 else index, [])
        warnings = draft.warnings().get(index, [])  # the lesson holds, but a try tells its answer
        self.problems.value = "".join(feedback(False, problem) for problem in problems) or (
            "".join(feedback(None, warning) for warning in warnings)
            or (feedback(True, msg("studio.page.holds")) if draft.steps and not any(draft.problems().values()) else "")
        )
        self.keep()

    def keep(self) -> None:
        text = self.draft.yaml_text()
        self.share_link.follow(text)
        self.files.unsaved = bool(self.draft.steps) and text != self.saved
        self.files.offer(self.draft.name, text)
        self.files.kept = json.dumps({"draft": self.draft.to_json(), "saved": self.saved})


@friendly("studio")
def studio_page(bodies: Bodies) -> Page:
    known = games()
    game = known.get(requested_game() or "") or next(iter(known.values()))  # the address names the game
    shared = next(iter(requested(PARAMETER)), "")
    return Page(
        "studio",
        [
            nav_bar(HERE, title=msg("studio.page.title")),
            heading(msg("studio.page.title"), msg("studio.page.intro")),
            bodies.kept(StudioBody, game, shared),
        ],
    )
