"""The catalogs read as a teacher would put them in front of a class: every message is filled
with real cards, players and numbers of each game in each language, then checked for doubled
nouns, each language's card form, French typography, register, plurals, sentence length and
each game's own words."""

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from catalog_words import NOT_THE_CATALOGS_WORDS

from tutor import messages
from tutor.games import decktet, games
from tutor.games import game as registered
from tutor.games.danger13.rules import parse_card as d13_card
from tutor.languages import languages
from tutor.lesson_texts import read_lesson
from tutor.lessons import bundled_lessons, text_fields
from tutor.messages import LANGUAGES, Plural, catalog, msg
from tutor.texts import cards_of, rendered

GAMES = list(games())


@pytest.fixture(scope="module")
def texts() -> dict[str, list[tuple[str, str]]]:
    return {lang: list(rendered(lang)) for lang in LANGUAGES}


def forms(entry) -> list[str]:
    return list(entry.forms.values()) if isinstance(entry, Plural) else [entry]


def by_key(found) -> dict[str, str]:
    """One example text per key found wrong: a short report that names every key."""
    return {key: text for key, text in sorted(found, reverse=True)}


CARD_NOUN = {"en": "card", "fr": "carte", "nl": "kaart"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_card_is_named_with_its_noun_twice(texts, lang):
    """ "la carte carte simple 3", "de kaart gewone kaart 2": the card's name already says it is a card."""
    noun = CARD_NOUN[lang]
    messages.set_language(lang)
    named = [str(card).lower() for game in GAMES for card in cards_of(game) if noun in str(card).lower()]
    messages.set_language("en")
    found = by_key((key, text) for key, text in texts[lang] if any(f"{noun} {name}" in text.lower() for name in named))
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


# How each language names a Monster Trick card in a sentence: "the green 8", "le 8 vert", "de groene 8".
MT_CARD_FORM = {
    "en": (r"\b(green|yellow|blue|purple) \d+\b", r"\b(the|with|and)$|^$|[(:,']$"),
    "fr": (r"\b\d+ (vert|jaune|bleu|violet)\b", r"\b(le|du|au|avec|et)$|^$|[(:,']$"),
    "nl": (r"\b(groene|gele|blauwe|paarse) \d+\b", r"\b(de|met|en)$|^$|[(:,']$"),
}
MT_WRONG_FORM = {
    "en": r"\b\d+ (green|yellow|blue|purple)\b",
    "fr": r"\bcartes? \d+ (vert|jaune|bleu|violet)",
    "nl": r"\b(groen|geel|blauw|paars) \d+\b",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_monster_trick_cards_take_the_languages_card_form(texts, lang):
    form, before = MT_CARD_FORM[lang]
    wrong = set()
    for key, text in texts[lang]:
        if re.search(MT_WRONG_FORM[lang], text):
            wrong.add((key, text))
        for found in re.finditer(form, text):
            if not re.search(before, text[: found.start()].rstrip(), re.IGNORECASE):
                wrong.add((key, text))
    found = by_key(wrong)
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def lesson_texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of every shipped lesson in ``lang``."""
    for game in GAMES:
        for path in bundled_lessons(game):
            for step, field, value in text_fields(read_lesson(str(path))):
                if isinstance(value, dict) and isinstance(value.get(lang), str):
                    yield f"{path.name} {step} {field}", value[lang]


def test_french_keeps_its_spaces_unbroken_beside_punctuation(texts):
    """Before : ; ! ? » and after «, a non-breaking space: never a line starting with a colon."""
    found = by_key(
        (where, text)
        for where, text in [*texts["fr"], *lesson_texts("fr")]
        if re.search(r"[ \t\n][:;!?»]|«[ \t\n]|«[^\s]|[^\s]»", text)
    )
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


# The words that never stand before a Decktet card name with this article: "le Mer", "du As".
NOT_BEFORE = {"le ": "la|ta|de la|à la", "la ": "le|du|au|ton", "l'": "le|la|du|au|ta"}


def test_french_decktet_cards_keep_the_article_their_name_carries(texts):
    """A card turned into its bare name too early loses its article: "le Mer", "ton Découverte"."""
    wrong = set()
    for card in decktet.CARDS:
        name = card.label("fr")
        article = card.named("fr")[: -len(name)]
        pattern = re.compile(rf"(?<![\w'])(?:{NOT_BEFORE[article]})[ \u00a0]{re.escape(name)}(?!\w)", re.IGNORECASE)
        wrong |= {(key, text) for key, text in texts["fr"] if pattern.search(text)}
    found = by_key(wrong)
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_french_quotes_words_in_guillemets(texts):
    found = by_key(
        (key, text)
        for key, text in [*texts["fr"], *lesson_texts("fr")]
        if re.search(r"(?<![\w’])'[^'\n]+?'(?!\w)", text)
    )
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_french_asks_no_question_by_putting_a_pronoun_after_a_name():
    """ "{player} met-il" reads "Ada met-il": a question about a player is asked another way."""
    found = {
        key: text
        for key, entry in catalog("fr").items()
        for text in forms(entry)
        if re.search(r"\}[^{}.?!]*?\b\w+-(t-)?(il|elle)s?\b", text)
    }
    assert found == {}


# Nouns that a count of one must not take in their plural form ("1 plis", "1 kaarten").
PLURAL_NOUNS = {
    "en": r"tricks|cards|points|players|moves|learners|lessons|pages|names|numbers|letters",
    "fr": r"plis|cartes|points|joueurs|coups|élèves|leçons|pages|noms|nombres|lettres|signes",
    "nl": r"slagen|kaarten|punten|pluspunten|spelers|zetten|leerlingen|lessen|namen|getallen|letters",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_take_the_languages_plural_rules(texts, lang):
    """No "card(s)" or "kaart(en)": a number beside a noun goes through Babel's plural rules."""
    found = by_key(
        (key, text)
        for key, text in texts[lang]
        if re.search(r"\w\((s|en|e|es|x)\)", text)
        or re.search(rf"(?<![\d,.])1[ \u00a0\u202f]({PLURAL_NOUNS[lang]})\b", text)
    )
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize(
    "lang, one, two",
    [
        ("en", "Red already had theirs", "Red and Blue already had theirs"),
        ("fr", "Rouge a déjà eu la sienne", "Rouge et Bleu ont déjà eu la leur"),
        ("nl", "Rood heeft er al een gekregen", "Rood en Blauw hebben er al een gekregen"),
    ],
)
def test_a_verb_after_a_list_of_names_agrees_with_how_many_there_are(lang, one, two):
    messages.set_language(lang)
    try:
        names = registered("danger-13").seat_names(2)
        card = d13_card("plain 3")
        said = [msg("quiz.d13-receive.one-each", got=names[:count], card=card, answer="x") for count in (1, 2)]
    finally:
        messages.set_language("en")
    assert one in said[0] and two in said[1]


# One word per thing: the variants of a game's words (its glossary and its edition) that its texts
# must not use, per language; None: every game's texts and the shared catalog.
OTHER_WORDS = {
    (None, "nl"): [
        r"\bpartij",
        r"\b[Vv]ariant\b",
        r"\bonvol",
        r"\bOP\b",
        r"\btrekstapel",
        r"\brooster",
        r"\b(groen|geel|blauw|paars) \d+\b",
        r"(?<!['\w])[Cc]oach\b",  # the computer player who plays well is the "trainer" on every page
        r"\b[Kk]lik",  # a phone taps: "kies", "druk op"
    ],
    ("thricewise", "nl"): [r"\brij(en)? van drie", r"\bplek(ken)?\b"],  # a cell: the glossary's "vak"
    ("danger13", "nl"): [
        *(r"\b[Pp]ijl\b", r"\btrek(ken|t|)\b", r"\btrok", r"bij deze gever", r"(?<![-\w])stapel\b"),
        r"deelbeurt",  # one deal: a "beurt", as the edition says
        r"ontplof",  # a row "bereikt de grens" (the sheet), it does not explode
        r"startkaart",  # the edition's "kaart voor de startspeler"
        r"\bgooi(t|en)?\b[^.]*\bweg\b|\bweggegooid",  # a card is "afgelegd", it goes to the aflegstapel
        r"\b(pluskaart|gewone kaart|pakkaart) \d",  # "pluskaart 2" reads as +2: "pluskaart van 2"
    ],
    ("danger13", "fr"): [
        r"\bcartes? (simples?|plus|double plus|pioche) \d",  # "carte plus 2" reads as +2: "valant 2"
        r"\b([Uu]ne|[Ll]a|[Ll]es|des|\d) flèches?\b",  # the sheet's carte « flèche », as the board names it
        r"\bbout droit\b",  # a row's last card is « tout à droite »
    ],
    # A trick is "complet" / "vol" once its fourth card is down, and the VP cards "prédire" it.
    ("monster_trick", "fr"): [
        r"\bplis? (pas |non )?(finis?|terminés?)\b",
        r"\b(finir|finit|finissent|termine|terminer|achève|achever) (un|le|ce|son|chaque) pli",
        r"\b[Pp]ari(er|s|e)?\b",
        r"\bcartes? PV actives?\b",  # the edition's « activée »
    ],
    ("monster_trick", "nl"): [r"\bklaar is\b|\bslag klaar\b", r"afgemaakt|afmaken|maakt de slag af", r"\bgok\b"],
    # A grid's cell: the sheet's "case", the glossary's "vak".
    ("thricewise", "fr"): [r"\b(la|une|cette|autre|sa|ta|meilleure) places?\b|\b(les|des) places\b"],
    (None, "fr"): [r"\bcartes? \d+ (vert|jaune|bleu|violet)", r"\b(le|du|au|un) coach\b"],  # the bots' « entraîneur »
}
NOTATION = re.compile(r"\.error\.[\w-]*format$")  # how to write a move: "an arrow" is the "->" typed


def catalog_texts(package: str | None, lang: str) -> Iterator[tuple[str, str]]:
    """(key, text) of one game's catalog files (every catalog file for None), each form of a plural."""
    files = (
        sorted(Path(messages.GAME_LOCALES, package, "locales", lang).glob("*.yaml"))
        if package
        else [file for folder in messages.folders() for file in sorted((folder / lang).glob("*.yaml"))]
    )
    for file in files:
        entries: dict = {}
        messages._flatten(yaml.safe_load(file.read_text(encoding="utf-8")) or {}, "", entries, str(file))
        yield from ((key, text) for key, entry in entries.items() for text in forms(entry))


def game_lesson_texts(package: str | None, lang: str) -> Iterator[tuple[str, str]]:
    for game, entry in games().items():
        if package in (None, entry.package.rpartition(".")[2]):
            for path in bundled_lessons(game):
                for step, field, value in text_fields(read_lesson(str(path))):
                    if isinstance(value, dict) and isinstance(value.get(lang), str):
                        yield f"{path.name} {step} {field}", value[lang]


@pytest.mark.parametrize("package, lang", sorted({*OTHER_WORDS, *NOT_THE_CATALOGS_WORDS}, key=str))
def test_catalogs_and_lessons_say_each_thing_with_one_word(package, lang):
    patterns = OTHER_WORDS.get((package, lang), []) + NOT_THE_CATALOGS_WORDS.get((package, lang), [])
    found = by_key(
        (where, text)
        for where, text in [*catalog_texts(package, lang), *game_lesson_texts(package, lang)]
        if not NOTATION.search(where) and any(re.search(pattern, text) for pattern in patterns)
    )
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


# Texts for teachers and lesson writers (French: vous); every other text speaks to a learner (tu).
TEACHER_KEYS = re.compile(
    r"^(checks|cli|bench|publish\.console|error)\.|^(mt|d13|tw|decktet|bot)\.error\."
    r"|^lesson\.(?!try-|free-right$|legal$|illegal$|unasked)|^classroom\.(setup|bar|blank|tally|results|answer)\."
    r"|^studio\."
    r"|^classroom\.error\.(not-teacher|store-address|ended-teacher)$|^classroom\.join-card\.local$"
    r"|^classroom\.end\.(?!learn$)"
)
EITHER = re.compile(r"^input\.")  # a lesson file's writer or a learner opening a saved game
# "tu" and its forms, or a "tu" imperative opening a sentence or a clause ("écris la carte", "Choisis parmi").
FRENCH_TU = (
    r"(?i:\b(tu|te|t'|ton|ta|tes|toi)\b|\b\w+-toi\b)|(^|[.:;]\s)(?i:écris|choisis|enlève|lance|utilise|vérifie|"
    r"ajoute|retire|donne|mets)\b"
)
FRENCH_VOUS = r"\b(vous|votre|vos)\b"


def test_french_speaks_to_teachers_with_vous_and_to_learners_with_tu():
    found = {}
    for key, entry in catalog("fr").items():
        for text in forms(entry):
            if TEACHER_KEYS.search(key) and re.search(FRENCH_TU, text):
                found[key] = f"teacher, tu: {text}"
            elif not TEACHER_KEYS.search(key) and not EITHER.search(key) and re.search(FRENCH_VOUS, text, re.I):
                found[key] = f"learner, vous: {text}"
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_dutch_says_je_never_u():
    found = {
        key: text
        for key, entry in catalog("nl").items()
        for text in forms(entry)
        if re.search(r"\b(u|uw)\b", text.replace("'u'", ""))
    }
    found |= {where: text for where, text in game_lesson_texts(None, "nl") if re.search(r"\b(u|uw)\b", text)}
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def sentences(text: str) -> list[str]:
    """A text's sentences: each ends with . ! or ? before the capital, quote or bracket opening the next."""
    return [part for part in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«\"'{(„])", text) if part]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_learners_read_sentences_of_at_most_thirty_words(lang):
    texts = [
        (key, text)
        for key, entry in catalog(lang).items()
        if not TEACHER_KEYS.search(key) and not EITHER.search(key)
        for text in forms(entry)
    ]
    found = by_key(
        (where, sentence)
        for where, text in [*texts, *game_lesson_texts(None, lang)]
        for sentence in sentences(text)
        if len(re.findall(r"[\w{}'’+→-]+", sentence)) > 30
    )
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


DICTIONARIES = {code: spoken.dictionary for code, spoken in languages().items() if spoken.dictionary}
WORDS = Path(__file__).parent / "words"  # the game words, names and notation the dictionaries lack


def unknown_words(lang: str) -> set[str]:
    """The words of every catalog and lesson text in ``lang`` that hunspell's dictionary and the
    project's word list do not know (placeholders, quoted notation and words with digits left out)."""
    texts = [text for _, entry in catalog(lang).items() for text in forms(entry)]
    texts += [text for _, text in game_lesson_texts(None, lang)]
    plain = "\n".join(re.sub(r"\{[^}]*\}|«[^»]*»|'[^'\n]*'|[‘’“”„]", " ", text) for text in texts)
    listed_words = subprocess.run(
        ["hunspell", "-d", DICTIONARIES[lang], "-l"], input=plain, capture_output=True, text=True, check=True
    ).stdout.split()
    known = {
        line.strip()
        for line in (WORDS / f"{lang}.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    words = {word.strip(".-’") for word in listed_words}
    return {word for word in words if len(word) > 1 and not re.search(r"[\d/_+.]", word) and word not in known}


@pytest.mark.parametrize("lang", DICTIONARIES)
def test_every_translation_is_spelled_right(lang):
    if not shutil.which("hunspell") or not Path(f"/usr/share/hunspell/{DICTIONARIES[lang]}.dic").exists():
        if os.environ.get("CI"):
            pytest.fail("hunspell and its dictionaries are missing: .ci/run installs them")
        pytest.skip("apt-get install hunspell hunspell-fr hunspell-nl")
    assert sorted(unknown_words(lang)) == []
