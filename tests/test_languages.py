"""A page's language: asked for on the address or by the browser, carried by every link,
switched in place by the chooser without losing the learner's place; the glossary pages;
the lessons speaking the catalog's words."""

import posixpath
import re
import shutil
import subprocess
import sys
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from catalog_words import NOT_THE_CATALOGS_WORDS
from lesson_tries import wrong_try

from tutor import languages, messages
from tutor.classroom import Classrooms, open_store
from tutor.cli import main
from tutor.games import game as registered
from tutor.games import games
from tutor.lesson_texts import read_lesson, text_file
from tutor.lessons import bundled_lessons, load_lesson, text_fields, told_tries
from tutor.messages import LANGUAGES, TRANSLATED, catalog, language, msg, set_language, spoken_language
from tutor.quizzes import quiz
from tutor.records import dumps
from widgets import app, classroom, studio
from widgets.classroom.presenter import Presenter
from widgets.languages import LanguageChooser, requested_language
from widgets.log import replayed
from widgets.play import PERSON

GAMES = list(games())


@pytest.fixture(autouse=True)
def plain_request(monkeypatch):
    """No request details unless a test gives them; English again afterwards."""
    for name in ("QUERY_STRING", "HTTP_ACCEPT_LANGUAGE", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)
    yield
    set_language("en")


OTHER_PAGES = {
    app.HOME: app.landing_page,
    "classroom/teach.ipynb": classroom.teach_page,
    "classroom/join.ipynb": classroom.join_page,
    app.STUDIO: studio.studio_page,
}


def visit(monkeypatch, here: str, link: str) -> app.Page:
    """Build the page a link on page ``here`` leads to, with the link's query string, as Voila would."""
    address = urlsplit(link)
    monkeypatch.setenv("QUERY_STRING", address.query)
    notebook = posixpath.normpath(posixpath.join(posixpath.dirname(here.partition("?")[0]), address.path))
    if notebook in OTHER_PAGES:
        return OTHER_PAGES[notebook]()
    return getattr(app, f"{notebook.removesuffix('.ipynb')}_page")()  # the game comes from the address


def text_of(widget) -> str:
    """Every piece of markup in a widget tree (HTML values and drawn components), joined."""
    own = [value for value in (getattr(widget, "value", None), getattr(widget, "html", None)) if isinstance(value, str)]
    labels = [getattr(widget, name, None) for name in ("description", "label")]
    return " ".join(
        own
        + [label for label in labels if isinstance(label, str)]
        + [text_of(child) for child in getattr(widget, "children", ())]
    )


def links(page) -> list[str]:
    return [unescape(link) for link in re.findall(r'href="([^"?#][^"]*\?[^"]*lang=[^"]*)"', text_of(page))]


def chooser(page) -> LanguageChooser:
    bar = page.children[0]  # the navigation bar, with the page tools beside it
    (found,) = [
        part for row in bar.children for part in getattr(row, "children", ()) if isinstance(part, LanguageChooser)
    ]
    return found


@pytest.mark.parametrize(
    "query, header, expected",
    [
        ("lang=fr", None, "fr"),
        ("lang=NL&lesson=3", "fr", "nl"),
        ("", "nl-BE,nl;q=0.9,en;q=0.5", "nl"),
        ("lang=de", "fr-CH, fr;q=0.9", "fr"),  # a language the tutor lacks: the browser's choice
        ("", "de-DE,es;q=0.8", "en"),
        ("", None, "en"),
    ],
)
def test_the_page_language_comes_from_the_address_then_the_browser(monkeypatch, query, header, expected):
    monkeypatch.setenv("QUERY_STRING", query)
    if header is not None:
        monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", header)
    assert requested_language() == expected


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_language_chosen_on_one_page_is_the_language_of_the_next(monkeypatch, lang):
    """Every link of the landing page and of a game's pages leads to a page in the same
    language, even when the browser prefers another one."""
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "en-GB,en;q=0.9")
    monkeypatch.setenv("QUERY_STRING", f"lang={lang}")
    first = app.landing_page()
    assert language() == lang and msg("app.title") in text_of(first)
    play = app.page_file("play", GAMES[0])
    followed = [(app.HOME, link) for link in links(first)] + [(play, link) for link in links(app.play_page(GAMES[0]))]
    pages = {
        (
            posixpath.normpath(posixpath.join(posixpath.dirname(here.partition("?")[0]), urlsplit(link).path)),
            *parse_qs(urlsplit(link).query).get("game", []),
        )
        for here, link in followed
    }
    assert len(pages) == len(OTHER_PAGES) + len(GAMES) * len(app.SECTIONS)
    for here, link in followed:
        assert parse_qs(urlsplit(link).query)["lang"] == [lang], link
        reached = visit(monkeypatch, here, link)
        assert language() == lang and reached.name != "problem", link
        if "classroom/" not in link:  # a classroom page draws itself once the browser has said hello
            assert catalog(lang)["app.nav.home"] in text_of(reached), link


def test_the_chooser_offers_each_language_in_its_own_name_and_marks_the_page_language(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=nl")
    html = chooser(app.landing_page()).html
    assert re.findall(r">([^<]+)</a>", html) == ["English", "Français", "Nederlands"]
    assert 'data-query="lang=fr"' in html and 'aria-current="true" data-target="lang:nl"' not in html
    assert re.search(r'<a [^>]*aria-current="true"[^>]*>Nederlands<', html)


@pytest.mark.parametrize("game", GAMES)
def test_switching_language_keeps_the_lesson_its_step_and_the_answer(game):
    page = app.learn_page(game)
    shelf = page.children[-1]
    number = next(number for number, lesson in enumerate(shelf.lessons) if number and wrong_try(lesson))
    shelf.chooser.value = number
    stepper = shelf.stage.children[0]
    index, wrong = wrong_try(stepper.lesson)
    while stepper.step < index:
        stepper.step += 1  # the steps before the try-it step, as Next would
    stepper._show()
    stepper.play(wrong)
    assert stepper.verdict == "wrong"
    chooser(page).click("lang:fr")
    assert language() == "fr" and page.children[-1] is shelf and shelf.stage.children[0] is stepper
    assert (shelf.chooser.value, stepper.step, stepper.verdict) == (number, index, "wrong")
    french = load_lesson(bundled_lessons(game)[number])
    assert stepper.message == french.judge(stepper.current, french.states()[index], wrong)[1]
    panel = unescape(stepper.panel.html)
    assert french.title in panel and french.steps[index].try_.prompt in panel
    assert catalog("fr")["widgets.stepper.next"] in panel and catalog("en")["widgets.stepper.next"] not in panel
    assert shelf.chooser.label.startswith(f"{number + 1}. {french.title}")
    assert catalog("fr")["app.nav.learn"] in text_of(page.children[0])


@pytest.mark.parametrize("game", GAMES)
def test_switching_language_keeps_the_quiz_where_it_was(game):
    page = app.practise_page(game)
    round_ = page.children[-1]
    first = round_.questions[0]
    round_.choose(next(index for index in range(len(first.choices)) if index != first.correct))
    round_.onward.click()
    round_.choose(round_.question.correct)
    round_.show_me.click()
    moves = list(round_.question.position.move_stack)
    chooser(page).click("lang:nl")
    assert page.children[-1] is round_
    assert (round_.number, round_.right, round_.answered, round_.chosen, round_.demonstrating) == (
        1,
        1,
        2,
        round_.question.correct,
        True,
    )
    set_language("nl")
    dutch = quiz(registered(game), round_.seed, round_.count)[1]
    assert round_.question.position.move_stack == moves and round_.question.prompt == dutch.prompt
    assert unescape(round_.prompt.value).count(dutch.prompt) == 1
    assert msg("app.practise.running", right=1, answered=2) in unescape(round_.counter.value)
    assert round_.show_me.description == msg("app.practise.show-again")
    shown = [button.description for button in round_.choices.children]
    assert [label.lstrip("✓✗ ") for label in shown] == list(dutch.choices)  # the answered marks stay


@pytest.mark.parametrize("game", GAMES)
def test_switching_language_keeps_a_finished_game_and_retells_it(game):
    page = app.play_page(game)
    table = page.children[-1]
    table.speed.value = "instant"  # no pacing, even where an event loop runs (the browser tests')
    table.seats[0].kind.value = "coach"  # computer players only: the game runs to its end at once
    state = table.state
    assert state.is_terminal() and PERSON not in table.kinds
    moves = list(state.move_stack)
    english_log = list(table.sentences)
    chooser(page).click("lang:fr")
    assert page.children[-1] is table and table.state is state and state.move_stack == moves
    assert table.kinds == ["coach"] * len(table.seats)
    assert state.seat_names == registered(game).seat_names(state.players)  # the game's own names, in every language
    assert table.sentences == replayed(state) and table.sentences != english_log
    screen = unescape(text_of(table.stage))
    assert catalog("fr")["app.play.end.heading"] in screen and catalog("fr")["app.play.again"] in screen
    assert catalog("fr")["widgets.scores.caption"] in unescape(table.scores.html)
    assert table.start.description == catalog("fr")["app.play.new"]
    assert [option for option, _ in table.speed.options] == [
        catalog("fr")[f"app.play.speeds.{name}"] for name in ("slow", "normal", "fast", "instant")
    ]


def test_a_typed_seat_name_stays_when_the_language_changes():
    page = app.play_page("monster-trick")
    table = page.children[-1]
    table.seats[1].name.value = "Zoë"
    chooser(page).click("lang:nl")
    assert table.state.seat_names[:2] == [registered("monster-trick").seat_names(2)[0], "Zoë"]


def test_switching_language_in_the_middle_of_a_game_keeps_the_person_to_move():
    page = app.play_page("thricewise")
    table = page.children[-1]
    table.speed.value = "instant"
    table.new_game(table.seed)  # the coaches choose at once: the person is to move
    moves, person = list(table.state.move_stack), table.person_to_move()
    chooser(page).click("lang:fr")
    assert table.state.move_stack == moves and table.person_to_move() == person
    assert msg("app.play.your-turn") in unescape(table.message.value)


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_shows_the_catalogs_words_side_by_side(game):
    part = registered(game).part("glossary")
    page = app.glossary_page(game)
    html = unescape(page.children[-1].value)
    rows = re.findall(r"<tr data-term=.*?</tr>", html)
    assert len(rows) == len(part.TERMS)
    for row, (term, named) in zip(rows, part.TERMS.items()):
        words = re.findall(r'<span lang="(\w+)" class="tutor-word">([^<]+)</span>', row)
        assert words == [(code, catalog(code)[f"glossary.{game}.{term}"]) for code in LANGUAGES]
        missing = [code for code in part.EDITIONS if code not in named]
        assert row.count('class="tutor-chosen-note"') == len(missing), term
    for code in LANGUAGES:
        note = msg("glossary.no-edition", language=spoken_language(code))
        assert (note in html) == (code not in part.EDITIONS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_words_are_the_words_the_boards_and_rules_use(game, lang):
    part = registered(game).part("glossary")
    prefixes = {"monster-trick": "mt", "danger-13": "d13", "thricewise": "tw"}
    own = prefixes[game]
    texts = " ".join(
        str(value)
        for key, value in catalog(lang).items()
        if not key.startswith("glossary.")
        and (
            key.startswith((f"{own}.", f"rule.{own}.", f"widgets.{own}.", f"app.log.{own}.", "decktet."))
            or f".{game}" in key
        )
    ).lower()
    unused = [
        catalog(lang)[f"glossary.{game}.{term}"]
        for term in part.TERMS
        if catalog(lang)[f"glossary.{game}.{term}"].lower() not in texts
    ]
    assert unused == []


@pytest.mark.parametrize("package, lang", NOT_THE_CATALOGS_WORDS)
def test_lessons_use_the_catalogs_words(package, lang):
    (game,) = [name for name, entry in games().items() if entry.package.endswith(f".{package}")]
    found = []
    for path in bundled_lessons(game):
        for step, field, value in text_fields(read_lesson(str(path))):
            text = value.get(lang, "") if isinstance(value, dict) else ""
            found += [
                (path.name, step, field, hit)
                for pattern in NOT_THE_CATALOGS_WORDS[package, lang]
                for hit in re.findall(pattern, text)
            ]
    assert found == []


def test_thricewise_lessons_call_every_card_and_suit_as_the_board_does():
    """In each lesson, every Decktet card and suit is named as often in French and Dutch as
    in English, under the catalog's name for it (the name the board shows, without the article
    a French name carries: "de la Mer", "sa Mer")."""
    keys = [key for key in catalog("en") if key.startswith(("decktet.card.", "decktet.suit."))]
    differ = []
    for path in bundled_lessons("thricewise"):
        fields = [value for _, _, value in text_fields(read_lesson(str(path))) if isinstance(value, dict)]
        for key in keys:
            counts = [
                len(
                    re.findall(
                        rf"(?<!\w){re.escape(languages.language(lang).bare(catalog(lang)[key]))}(?!\w)",
                        " ".join(field[lang] for field in fields),
                    )
                )
                for lang in LANGUAGES
            ]
            if len(set(counts)) > 1:
                differ.append((path.name, key, counts))
    assert differ == []


def check(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "check", *args], capture_output=True, text=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_lesson_passes_check_requiring_english_french_and_dutch(lang):
    """A teacher checking in any language gets the same verdict: lesson notation words
    ("nobody", "none", phases) are compared as written, not in the report's language."""
    shipped = [str(path) for game in GAMES for path in bundled_lessons(game)]
    done = check("--lang", lang, "--require-languages", "en,fr,nl", *shipped)
    # no problem; a line each for the few tries that still tell their answer (a warning only)
    told = sum(len(told_tries(path)) for path in shipped)
    assert (done.returncode, len(done.stdout.splitlines())) == (0, told), done.stdout


def test_check_names_every_file_step_and_field_missing_a_language_in_the_language_asked_for(tmp_path):
    lesson = tmp_path / "half-done.yaml"
    lesson.write_text(
        "game: monster-trick\n"
        "title: {en: Opening a trick, fr: Ouvrir un pli, nl: Opening a trick}\n"
        "summary: Any card opens a free slot.\n"
        "steps:\n"
        "  - say: {en: Slot 4 is free., fr: L'emplacement 4 est libre.}\n"
        "  - say: {en: Open it., fr: Ouvre-le., nl: Open hem.}\n"
        "    try: {prompt: {en: Open slot 4., nl: Open plek 4.}}\n",
        encoding="utf-8",
    )
    done = check("--lang", "fr", "--require-languages", "en,fr,nl", str(lesson))
    set_language("fr")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        msg(
            "checks.language-english",
            file=str(lesson),
            where=msg("checks.where-field", field="title"),
            language="néerlandais",
        ),
        msg(
            "checks.language-single",
            file=str(lesson),
            where=msg("checks.where-field", field="summary"),
            languages="en, fr, nl",
        ),
        msg(
            "checks.language-missing",
            file=str(lesson),
            where=msg("checks.where-step", step=1, field="say"),
            language="néerlandais",
        ),
        msg(
            "checks.language-missing",
            file=str(lesson),
            where=msg("checks.where-step", step=2, field="prompt"),
            language="français",
        ),
    ]
    assert "étape 2, «\u00a0prompt\u00a0»\u00a0: pas de texte en français." in done.stdout
    assert msg("lesson.summary-failed", failures=4, count=1) in done.stderr
    assert check(str(lesson)).returncode == 0, "without --require-languages the lesson holds"


def test_check_refuses_a_language_the_tutor_does_not_speak():
    done = check("--require-languages", "en,de", "missing.yaml")
    assert done.returncode == 2 and msg("checks.unknown-language", code="de", known="en, fr, nl") in done.stderr


def test_switching_language_keeps_a_record_being_replayed():
    page = app.play_page("danger-13")
    table = page.children[-1]
    table.speed.value = "instant"
    table.seats[0].kind.value = "coach"
    table.open_record({"name": "game.yaml", "content": dumps(table.state).encode("utf-8")})
    replay = table.body.children[0]
    replay.go(3)
    chooser(page).click("lang:nl")
    assert table.body.children[0] is replay and replay.position == 3
    assert replay.buttons["next"].description == catalog("nl")["app.replay.next"]
    assert msg("app.replay.heading", file="game.yaml") in unescape(replay.heading.value)
    assert replay.sentences == replayed(replay.record)


def test_the_presenter_forms_chooser_relabels_the_form_and_keeps_the_choices(tmp_path):
    store = Classrooms(open_store(f"sqlite://{tmp_path / 'class.db'}"))
    presenter = Presenter(store)
    presenter.opened(
        {
            "href": "http://localhost:8866/voila/render/classroom/teach.ipynb",
            "query": {},
            "stored": None,
            "languages": ["en"],
            "width": 1280,
        }
    )
    presenter.game.value = "thricewise"
    (row,) = [part for part in presenter.children if "tutor-bar" in part._dom_classes]  # nav bar and page tools
    (found,) = [
        part for bar in row.children for part in getattr(bar, "children", ()) if isinstance(part, LanguageChooser)
    ]
    found.click("lang:nl")
    assert language() == "nl" and presenter.game.value == "thricewise"
    assert catalog("nl")["classroom.setup.heading"] in unescape(text_of(presenter))
    store.store.close()


@pytest.fixture
def made_up_language(tmp_path, monkeypatch):
    """A language the tutor was not written for, added as docs/texts.md says: its record and a
    catalog folder holding the few texts it has (every other one falls back to English)."""
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "app.yaml").write_text('app:\n  title: "Kartoj lernejo"\n  nav:\n    home: "Hejmo"\n')
    spoken = languages.register(languages.Language("xx", locale="eo", order=9, name="Testish"))
    monkeypatch.setattr(messages, "_extra_folders", [*messages._extra_folders])
    messages.add_folder(tmp_path)
    yield spoken
    languages.unregister("xx")
    messages.catalog.cache_clear()


def test_a_language_added_as_data_is_offered_and_spoken_with_no_other_edit(monkeypatch, made_up_language):
    assert "xx" in LANGUAGES and "xx" in TRANSLATED
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "xx, en;q=0.5")
    assert requested_language() == "xx", "a browser asking for it gets it"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    page = app.landing_page()
    assert language() == "xx" and "Kartoj lernejo" in text_of(page)
    assert msg("app.nav.home") == "Hejmo" and msg("error.player-count", game="X", players=9, low=2, high=4)
    assert re.findall(r">([^<]+)</a>", chooser(page).html) == ["English", "Français", "Nederlands", "Testish"]
    assert all(parse_qs(urlsplit(link).query)["lang"] == ["xx"] for link in links(page))
    assert msg("app.landing.lessons-same", count=3, minutes=5), "its plurals follow its locale's rules"


def test_a_language_added_as_data_speaks_a_lesson_from_a_dropped_file(made_up_language, tmp_path, capsys):
    """A shipped lesson in the made-up language: one file dropped beside it (here beside a copy
    of it, to leave the tutor's folder alone). What the file leaves out, and every lesson
    without one, reads in English; the check names both."""
    shipped = next(path for path in bundled_lessons("monster-trick") if path.name.startswith("03-"))
    path = tmp_path / "lessons" / shipped.name
    for source, copy in [
        (shipped, path),
        *((text_file(shipped, code), text_file(path, code)) for code in "en fr nl".split()),
    ]:
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, copy)
    dropped = text_file(path, "xx")
    dropped.parent.mkdir()
    dropped.write_text("title: Kien karto iras?\nsteps:\n  slot-1-oranges:\n    say: Fako 4 estas libera.\n")
    english = load_lesson(path)
    set_language("xx")
    try:
        lesson, other = load_lesson(path), load_lesson(shipped)
    finally:
        set_language("en")
    assert (lesson.title, lesson.steps[0].say) == ("Kien karto iras?", "Fako 4 estas libera.")
    assert lesson.summary == english.summary and lesson.steps[1].say == english.steps[1].say
    assert lesson.seats == english.seats and other.title == english.title
    assert main(["check", "--require-languages", "xx", str(path), str(shipped)]) == 1
    said = capsys.readouterr().out
    assert f"{dropped}: 'summary'" in said and f"{text_file(shipped, 'xx')}: " in said
