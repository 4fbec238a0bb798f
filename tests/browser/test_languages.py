"""The tutor in French and in Dutch, in a real browser at 1280x800: a first visit in the
browser's language, one whole lesson per game with a wrong try-it move, a quiz question,
a game to its end screen, and the chooser switching a lesson in place. On every page no
visible text is an English catalog value and nothing overflows its box."""

import random
import re
import string

import pytest
from lesson_tries import wrong_try

from tutor.bots import seat_moves
from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson
from tutor.messages import TRANSLATED, Plural, catalog, language_name, msg, set_language
from widgets.app import HOME, page_file
from widgets.result import why_won

from .boards import play
from .conftest import ACTION_TIMEOUT_MS, PAGE_TIMEOUT_MS, assert_no_code_or_errors, screenshot, viewport, wait_for_page
from .pages import LAPTOP, NEXT
from .play_page import LOG_ENTRIES, small_table

GAMES = list(games())
LOCALES = {"fr": "fr-FR", "nl": "nl-BE"}  # what the browser asks for (Accept-Language)
PLAYED = {"fr": "monster-trick", "nl": "thricewise"}  # the game each language plays to the end

# Visible text of the page: each text node with the language of its nearest lang attribute,
# and the chosen option of every select.
VISIBLE_TEXTS = """() => {
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || ["SCRIPT", "STYLE", "OPTION"].includes(el.tagName) || !shown(el) || !node.data.trim()) continue;
    const tagged = el.closest("[lang]");
    found.push([node.data.trim(), tagged ? tagged.lang : ""]);
  }
  for (const select of document.querySelectorAll("select")) {
    if (shown(select) && select.selectedOptions.length) found.push([select.selectedOptions[0].text.trim(), ""]);
  }
  return found;
}"""

# Boxes that hide part of what they hold: a horizontal scroll bar anywhere, and buttons,
# labels and dropdowns whose text is cut (their text is wider or taller than the box).
OVERFLOWS = """() => {
  const found = [];
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.innerText || el.value || "").trim().slice(0, 60)}"`;
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth + 1) found.push(`page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
  for (const el of document.querySelectorAll("body *")) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      found.push(`scrolls sideways: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
  }
  for (const el of document.querySelectorAll("button, .widget-label, .widget-html-content a, .tutor-nav a")) {
    if (!shown(el) || !el.clientWidth) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 6)  // an icon may stand a little higher
      found.push(`text cut: ${name(el)} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`);
  }
  // Drawn words: inside their picture, and never on top of one another.
  for (const svg of document.querySelectorAll("svg")) {
    if (!shown(svg) || svg.parentElement.closest("svg")) continue;
    const frame = svg.getBoundingClientRect();
    const words = [...svg.querySelectorAll("text")].filter((t) => shown(t) && t.textContent.trim())
      .map((t) => [t.textContent.trim(), t.getBoundingClientRect(), t]);
    for (const [word, box] of words) {
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1)
        found.push(`drawn text outside its picture: "${word}"`);
    }
    // A word under a shape drawn later (a card fanned over the one before it) is not seen.
    const covered = (t, box) => {
      const stack = document.elementsFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      const above = stack.indexOf(t) < 0 ? [] : stack.slice(0, stack.indexOf(t));
      return above.some((shape) => svg.contains(shape) && !shape.closest("text") && !shape.contains(t));
    };
    const seen = words.filter(([, box, t]) => !covered(t, box));
    seen.forEach(([word, box], i) => seen.slice(i + 1).forEach(([other, next]) => {
      const across = Math.min(box.right, next.right) - Math.max(box.left, next.left);
      const down = Math.min(box.bottom, next.bottom) - Math.max(box.top, next.top);
      if (across > 2 && down > 4 && word !== other) found.push(`drawn texts overlap: "${word}" and "${other}"`);
    }));
  }
  const canvas = document.createElement("canvas").getContext("2d");
  for (const select of document.querySelectorAll("select")) {
    if (!shown(select) || !select.selectedOptions.length) continue;
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const text = canvas.measureText(select.selectedOptions[0].text).width;
    if (text > room + 1) found.push(`dropdown text cut: "${select.selectedOptions[0].text}" (${Math.round(text)} > ${Math.round(room)})`);
  }
  return found;
}"""


def english_catalog(lang: str) -> tuple[set[str], list[re.Pattern]]:
    """English texts a page in ``lang`` must not show: every English catalog value that is
    not also a value of ``lang``'s catalog (names and shared words are), as exact texts
    and, for values with placeholders, as patterns with enough English words in them."""
    own = {text for entry in catalog(lang).values() for text in forms(entry)}
    exact, patterns = set(), []
    for key, entry in catalog("en").items():
        if key.startswith(("glossary.", "widgets.seat-colour.")):  # the glossary shows English on purpose; seat names
            continue
        for text in forms(entry):
            if text in own or not any(char.isalpha() for char in text):
                continue
            parts = list(string.Formatter().parse(text))
            if all(field is None for _, field, _, _ in parts):
                exact.add(text)
                continue
            literal = "".join(part for part, *_ in parts)
            if sum(char.isalpha() for char in literal) >= 6:
                patterns.append(
                    re.compile(
                        "".join(re.escape(part) + (".+?" if field is not None else "") for part, field, _, _ in parts)
                        + "$"
                    )
                )
    return exact, patterns


def forms(entry) -> list[str]:
    return list(entry.forms.values()) if isinstance(entry, Plural) else [entry]


def check_page(page, lang: str, name: str) -> None:
    """No English catalog text and nothing cut or scrolling sideways; a screenshot to look at."""
    whole(page, f"{lang}-{name}")  # first, so that a failing page can be looked at
    exact, patterns = english_catalog(lang)
    english = sorted(
        {
            text
            for text, tagged in page.evaluate(VISIBLE_TEXTS)
            if tagged in ("", lang) and (text in exact or any(pattern.match(text) for pattern in patterns))
        }
    )
    assert english == [], f"{name}: English on a {lang} page"
    assert page.evaluate(OVERFLOWS) == [], f"{name}: something overflows at 1280x800"
    assert_no_code_or_errors(page)


def whole(page, name: str) -> None:
    """A screenshot of the whole page: Voila scrolls inside the window, so the window grows
    to the page's height for the picture (the width, and so the layout, stays)."""
    height = page.evaluate("() => Math.max(...[...document.querySelectorAll('*')].map((el) => el.scrollHeight))")
    page.set_viewport_size({"width": 1280, "height": max(800, min(height, 4000))})
    screenshot(page, name)
    page.set_viewport_size(viewport(LAPTOP))


def follow(page, link, notebook: str, lang: str) -> None:
    """Click a link to another page: it opens in the same language."""
    link.click()
    wait_for_page(page, notebook)
    assert f"lang={lang}" in page.url
    page.locator(".tutor-languages a[aria-current='true']", has_text=language_name(lang)).wait_for()


@pytest.fixture
def speaking(chromium, request):
    """A laptop window (1280x800) of a browser whose preferred language is the test's."""
    lang = request.param
    context = chromium.new_context(viewport=viewport(LAPTOP), locale=LOCALES[lang])
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    set_language(lang)  # the texts the test expects, in the page's language
    yield page, lang
    set_language("en")
    page.goto("about:blank")
    context.close()


def lesson_with_a_wrong_try(game: str):
    """The first lesson of the game with a try-it step that a legal move answers wrongly:
    (lessons, lesson, step index, the wrong move)."""
    lessons = [load_lesson(path) for path in bundled_lessons(game)]
    for lesson in lessons:
        if tried := wrong_try(lesson):
            return lessons, lesson, *tried
    raise AssertionError(f"no {game} lesson has a try-it step with a wrong move")


def walk_lesson(page, lang: str, game: str) -> None:
    lessons, lesson, tried, wrong = lesson_with_a_wrong_try(game)
    label = msg("app.learn.lesson", number=lessons.index(lesson) + 1, title=lesson.title, minutes=lesson.minutes)
    page.locator(".tutor-chooser select").select_option(label=label)
    page.locator(".tutor-title", has_text=lesson.title).wait_for()
    states = lesson.states()
    total = len(lesson.steps)
    for index, step in enumerate(lesson.steps):
        page.locator(".tutor-count", has_text=msg("widgets.stepper.count", number=index + 1, total=total)).wait_for()
        if index == tried:
            play(page, game, wrong)
            said = lesson.judge(step, states[index], wrong)[1]  # in the page's language
            page.locator(".tutor-feedback.tutor-wrong", has_text=said).wait_for()
            check_page(page, lang, f"{game}-learn-wrong-try")
        if step.try_:
            play(page, game, step.try_.accept[0] if step.try_.accept else states[index].legal_moves()[0])
            page.locator(".tutor-feedback.tutor-right").wait_for()
        if index + 1 < total:
            page.click(NEXT)
    page.get_by_text(msg("widgets.stepper.done")).wait_for()
    check_page(page, lang, f"{game}-learn-end")


HAND_LABELS = """() => JSON.stringify([...document.querySelectorAll(".tutor-board [data-target^='card:']")]
  .map((card) => card.getAttribute("aria-label").split(", ")[0]))"""


def hand_drawn(page, replica) -> None:
    """The browser shows the hand the table has now: a card is clicked by its place in the
    hand, so a click on a hand drawn a moment earlier could name another card."""
    hand = getattr(replica.board, "hand", None)
    if hand is not None:
        page.wait_for_function(
            f"expected => ({HAND_LABELS})() === JSON.stringify(expected)", arg=[str(card) for card in hand.cards]
        )


def play_to_the_end(page, lang: str, game: str) -> None:
    """Two players at instant speed, the person's moves chosen at random; the same table
    in Python gives the legal moves and the expected end screen."""
    page.get_by_text(msg("app.play.your-turn")).wait_for(timeout=PAGE_TIMEOUT_MS)
    # the page came from the navigation bar, so it dealt a fresh game: the replica deals the same
    replica = small_table(page, game, fold=False)
    rng = random.Random(0)
    while not replica.state.is_terminal():
        move = rng.choice(seat_moves(replica.state, replica.person_to_move()))
        hand_drawn(page, replica)
        play(page, game, move)
        replica.play(move)
        page.wait_for_function(f"count => {LOG_ENTRIES} === count", arg=len(replica.sentences))
    result = page.locator(".tutor-result")
    result.wait_for()
    assert why_won(replica.state) in result.inner_text()
    assert page.locator(".tutor-log .tutor-move").first.inner_text() == replica.sentences[-1]
    check_page(page, lang, f"{game}-play-end")


@pytest.mark.parametrize("speaking", TRANSLATED, indirect=True)
def test_the_tutor_speaks_the_browsers_language_everywhere(speaking, voila):
    page, lang = speaking
    page.goto(voila.page_url(HOME))  # no ?lang=: the browser's Accept-Language decides
    wait_for_page(page, HOME)
    page.get_by_role("heading", name=msg("app.title")).wait_for()
    check_page(page, lang, "landing")
    game = PLAYED[lang]
    for number, learnt in enumerate([other for other in GAMES if other != game] + [game]):  # the played game last
        link = (
            page.locator(f".tutor-game[data-game='{learnt}'] nav a").first
            if number == 0
            else page.locator(".tutor-nav nav a", has_text=msg(f"game.{learnt}.name")).first
        )
        follow(page, link, page_file("learn", learnt), lang)
        walk_lesson(page, lang, learnt)
    follow(page, page.locator(".tutor-nav nav a", has_text=msg("app.nav.practise")), page_file("practise", game), lang)
    page.locator(".tutor-choices button").first.click()
    page.locator(".tutor-panel .tutor-feedback").wait_for()
    check_page(page, lang, f"{game}-practise-answered")
    follow(page, page.locator(".tutor-nav nav a", has_text=msg("app.nav.glossary")), page_file("glossary", game), lang)
    check_page(page, lang, f"{game}-glossary")
    follow(page, page.locator(".tutor-nav nav a", has_text=msg("app.nav.play")), page_file("play", game), lang)
    play_to_the_end(page, lang, game)


@pytest.mark.parametrize("speaking", ["nl"], indirect=True)
def test_the_chooser_redraws_a_lesson_in_place(speaking, voila):
    """Dutch first (the browser's language), then French from the chooser: the same step
    with the same answer, now in French, and the address says so."""
    page, _lang = speaking
    game = "danger-13"
    lessons, lesson, tried, wrong = lesson_with_a_wrong_try(game)
    page.goto(voila.page_url(page_file("learn", game)))
    wait_for_page(page, page_file("learn", game))
    label = msg("app.learn.lesson", number=lessons.index(lesson) + 1, title=lesson.title, minutes=lesson.minutes)
    page.locator(".tutor-chooser select").select_option(label=label)
    for index in range(tried + 1):  # to the try, each step drawn before the next click
        page.locator(
            ".tutor-count", has_text=msg("widgets.stepper.count", number=index + 1, total=len(lesson.steps))
        ).wait_for()
        if index < tried:
            page.click(NEXT)
    play(page, game, wrong)
    page.locator(".tutor-feedback.tutor-wrong").wait_for()
    page.locator(".tutor-languages a", has_text="Français").click()
    set_language("fr")
    french = load_lesson(lesson.path)
    page.locator(".tutor-title", has_text=french.title).wait_for()
    assert page.locator(".tutor-count").first.inner_text() == msg(
        "widgets.stepper.count", number=tried + 1, total=len(lesson.steps)
    )
    judged = french.judge(french.steps[tried], french.states()[tried], wrong)[1]
    page.locator(".tutor-feedback.tutor-wrong", has_text=judged).wait_for()
    assert "lang=fr" in page.url
    page.locator(".tutor-nav nav a", has_text=msg("app.nav.home")).wait_for()
    check_page(page, "fr", f"{game}-learn-switched-to-fr")
