"""French and Dutch catalogs: the same keys and placeholders as English, the plural forms
Babel asks for, no English left behind; plural choice and language negotiation."""

import re
import string

import pytest

from tutor import messages
from tutor.core import Reason
from tutor.games.decktet import parse_card
from tutor.messages import LANGUAGES, Plural, catalog, msg, placeholders, plural_categories

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# Values that may read the same as in English: names and words the three languages share.
SAME_AS_ENGLISH = {
    "fr": {
        "game.monster-trick.name",
        "game.danger-13.name",
        "game.thricewise.name",  # edition titles
        "widgets.seat-colour.orange",  # Orange is French too
        "widgets.scores.round",
        "glossary.monster-trick.round",  # the French Monster Trick edition says "round"
        "widgets.scores.total",  # "Total" is French too
        "widgets.tw.points",  # "pts" is the French abbreviation too
        "app.play.end.score.monster-trick",
        "app.play.end.score.thricewise",  # "points" is French too
        "app.learn.lesson",  # "min" is the French abbreviation too
        "widgets.decktet.ace",  # A for As
        "bot.expert.name",
        "app.play.kind.expert",  # "Expert" is French too
    },
    "nl": {
        "game.monster-trick.name",
        "game.danger-13.name",
        "game.thricewise.name",
        "app.learn.lesson",  # "min" is the Dutch abbreviation too
        "bot.beginner.name",
        "app.play.kind.beginner",
        "bot.expert.name",
        "app.play.kind.expert",  # "Beginner" and "Expert" are Dutch too
        "decktet.card.bard",  # de Bard
        "rule.d13.bust.title",  # the Dutch edition's own heading: the game's name
        "widgets.decktet.ace",  # A for Aas
        "input.inside",  # "'prompt' in 'try'": 'in' is Dutch too
        "widgets.tw.points",  # "1 pt": the Dutch abbreviation too
    },
}


def forms(entry):
    return entry.forms if isinstance(entry, Plural) else {"": entry}


def has_words(text: str) -> bool:
    """Whether a text says anything in words once its placeholders are left out."""
    return any(
        literal and any(c.isalpha() for c in literal) for literal, *_ in __import__("string").Formatter().parse(text)
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_english_key_is_translated_and_nothing_else(lang):
    english, translated = set(catalog("en")), set(catalog(lang))
    assert sorted(english - translated) == [], f"missing in {lang}"
    assert sorted(translated - english) == [], f"in {lang} but not in English"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_form_of_every_entry_has_the_placeholders_of_english(lang):
    """One check for every catalog (the shared one, with the classroom's and the lesson
    checker's texts, and each game's): each form of an entry (a plural entry has several) names
    the placeholders of the English entry, and a plural entry counts one of them."""
    english = catalog("en")
    wrong = []
    for key, entry in catalog(lang).items():
        if key not in english:
            continue  # test_every_english_key_is_translated_and_nothing_else says so
        expected = placeholders(english[key])
        if isinstance(entry, Plural) and entry.count not in placeholders(entry):
            wrong.append((key, "count", entry.count))
        wrong += [
            (key, form, sorted(placeholders(text)), sorted(expected))
            for form, text in forms(entry).items()
            if placeholders(text) != expected
        ]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_give_exactly_the_forms_babel_uses(lang):
    needed = plural_categories(lang)
    wrong = [
        (key, sorted(entry.forms))
        for key, entry in catalog(lang).items()
        if isinstance(entry, Plural) and set(entry.forms) != needed
    ]
    assert wrong == [], f"{lang} needs {sorted(needed)}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_text_is_left_in_a_translation(lang):
    english = catalog("en")
    left = []
    for key, entry in catalog(lang).items():
        english_texts = set(forms(english.get(key, "")).values())
        if key not in SAME_AS_ENGLISH[lang]:
            left += [(key, text) for text in forms(entry).values() if text in english_texts and has_words(text)]
    assert left == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_allow_list_only_names_values_that_really_match_english(lang):
    english, translated = catalog("en"), catalog(lang)
    stale = [
        key
        for key in SAME_AS_ENGLISH[lang]
        if not set(forms(translated[key]).values()) & set(forms(english[key]).values())
    ]
    assert stale == []


@pytest.fixture
def tiny_catalogs(tmp_path, monkeypatch):
    """A catalog of a few plural entries in every language, in place of the real one."""
    entries = {
        "en": 'cards: {plural: count, one: "{count} card", other: "{count} cards"}\nplain: "{count} left"\n',
        "fr": 'cards: {plural: count, one: "{count} pli", many: "{count} de plis", other: "{count} plis"}\n',
        "nl": 'cards: {plural: count, one: "{count} slag", other: "{count} slagen"}\n',
    }
    for lang, text in entries.items():
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "tiny.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(messages, "LOCALES", tmp_path)
    catalog.cache_clear()
    yield
    messages.set_language("en")
    catalog.cache_clear()


@pytest.mark.parametrize(
    "lang, count, text",
    [
        ("en", 1, "1 card"),
        ("en", 2, "2 cards"),
        ("en", 0, "0 cards"),
        ("en", "1", "1 card"),
        ("en", 1.5, "1.5 cards"),
        ("en", 1000, "1,000 cards"),
        ("fr", 1, "1 pli"),
        ("fr", 2, "2 plis"),
        ("fr", 0, "0 pli"),
        ("fr", 1.5, "1,5 pli"),
        ("fr", "7.5", "7,5 plis"),
        ("fr", 1_000_000, "1\u202f000\u202f000 de plis"),
        ("nl", 1, "1 slag"),
        ("nl", 2, "2 slagen"),
        ("nl", 0, "0 slagen"),
        ("nl", 2.5, "2,5 slagen"),
    ],
)
def test_msg_picks_the_plural_form_of_the_language(tiny_catalogs, lang, count, text):
    messages.set_language(lang)
    assert msg("cards", count=count) == text


def test_a_key_missing_from_a_language_falls_back_to_english_with_english_plural_rules(tiny_catalogs):
    messages.set_language("fr")
    assert msg("plain", count=3) == "3 left"
    messages.set_language("de")
    assert msg("cards", count=0) == "0 cards"


def test_real_catalog_plurals_for_tricks():
    key = "mt.error.won-too-many"
    said = {}
    try:
        for lang in LANGUAGES:
            messages.set_language(lang)
            said[lang] = [msg(key, player="Ann", count=count) for count in (0, 1, 2)]
    finally:
        messages.set_language("en")
    assert [" 0 tricks " in said["en"][0], " 1 trick " in said["en"][1], " 2 tricks " in said["en"][2]] == [True] * 3
    assert [" 0 pli " in said["fr"][0], " 1 pli " in said["fr"][1], " 2 plis " in said["fr"][2]] == [True] * 3
    assert [" 0 slagen " in said["nl"][0], " 1 slag " in said["nl"][1], " 2 slagen " in said["nl"][2]] == [True] * 3


@pytest.mark.parametrize(
    "header, lang",
    [
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
        ("nl-BE,nl;q=0.9,en-US;q=0.8,en;q=0.7", "nl"),
        ("en-GB,en;q=0.9", "en"),
        ("de-DE,de;q=0.9", "en"),
        ("de;q=1, nl;q=0.5, fr;q=0.6", "fr"),
        ("fr;q=0, nl", "nl"),
        ("NL", "nl"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        ("fr;q=oops, nl;q=0.5", "nl"),
    ],
)
def test_negotiate_reads_the_accept_language_header(header, lang):
    assert messages.negotiate(header) == lang


def test_each_language_is_offered_in_its_own_name():
    assert [messages.language_name(lang) for lang in LANGUAGES] == ["English", "Français", "Nederlands"]


@pytest.mark.parametrize(
    "lang, text", [("en", "Ann, Ben, and Cleo"), ("fr", "Ann, Ben et Cleo"), ("nl", "Ann, Ben en Cleo")]
)
def test_lists_are_joined_the_way_each_language_does(lang, text):
    messages.set_language(lang)
    try:
        assert messages.listed(["Ann", "Ben", "Cleo"]) == text
        assert messages.listed(["Ann"]) == "Ann"
    finally:
        messages.set_language("en")


def test_french_elides_before_a_name_or_a_card_that_starts_with_a_vowel():
    """ "de Ada", "le As", "que Orange" are not French: the short word loses its vowel."""
    assert messages.msg_in("fr", "widgets.hand-of", player="Ada") == "Les cartes d'Ada"
    assert messages.msg_in("fr", "widgets.hand-of", player="Ben") == "Les cartes de Ben"
    assert messages.msg_in("en", "widgets.hand-of", player="Ada") == "Ada's cards"
    unelided = re.compile(r"(?<![^\s(«])(de|que|le|la|ne|je) Ada\b", re.IGNORECASE)
    for key, entry in catalog("fr").items():
        for text in forms(entry).values():
            if any(spec for *_, spec, _ in string.Formatter().parse(text)):
                continue  # braces that show the lesson format, never filled in
            fields = {name: "Ada" for name in placeholders(text) if name != "count"}
            assert not unelided.search(messages.msg_in("fr", key, **fields, count=2)), key


def test_french_gives_a_decktet_card_the_article_its_name_carries():
    """ "à droite de la carte Mer", "Pose ta carte : As de Lunes" read as translated: a French card
    name carries its article, and the word a text puts before it takes it ("du {card}": "de la Mer")."""
    sea, ace, market, darkness = (parse_card(name) for name in ("Sea", "Ace of Moons", "Market", "Darkness"))
    assert messages.msg_in("fr", "tw.where.right-of", card=sea) == "à droite de la Mer"
    assert messages.msg_in("fr", "tw.where.right-of", card=ace) == "à droite de l'As de Lunes"
    assert messages.msg_in("fr", "tw.where.right-of", card=market) == "à droite du Marché"
    assert messages.msg_in("fr", "tw.guided.place", card=sea) == "Pose ta Mer."
    assert messages.msg_in("fr", "tw.guided.place", card=ace) == "Pose ton As de Lunes."
    assert messages.msg_in("fr", "tw.guided.place", card=darkness) == "Pose ton Obscurité."
    assert messages.msg_in("en", "tw.guided.place", card=sea) == "Place the Sea."
    assert (sea.label("fr"), ace.label("fr")) == ("Mer", "As de Lunes")  # a card's face, a button, a list
    messages.set_language("fr")
    try:
        assert parse_card("Mer") == parse_card("la Mer") == sea
        assert str(Reason("tw.adjacency", "tw.why.placed-already", card=sea)) == "La Mer est déjà sur la grille."
    finally:
        messages.set_language("en")
