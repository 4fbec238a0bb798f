"""The one message catalog: every sentence a learner reads comes from here.

Catalogs live in ``tutor/locales/<language>/*.yaml`` and, for each game, in its package
(``tutor/games/<package>/locales/<language>/*.yaml``): all files of one language form one
catalog; each file maps dotted keys to text with ``{name}`` placeholders. A game defined
elsewhere adds its own folder with ``add_folder``.

An entry that counts something is a plural entry: a mapping that names the counting
placeholder and gives one text per CLDR plural category the language uses::

    cards: {plural: count, one: "{count} card", other: "{count} cards"}

Given a list, the counting placeholder counts its items and shows them listed, so a verb
agrees with the names before it: ``{plural: got, one: "{got} a joué", other: "{got} ont joué"}``.

Babel picks the category with the language's plural rules and writes the number the
way that language does (``7,5`` in French and Dutch). A key missing from the chosen
language falls back to English.

The languages are registered records (``tutor.languages``): each says its Babel locale and
its typography, which its texts get here as they are read (French's unbreakable spaces, so a
writer types ordinary spaces, and its elisions).
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path

import yaml
from babel import Locale, negotiate_locale
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.units import format_unit

from tutor.languages import Codes, as_written
from tutor.languages import language as spoken

LOCALES = Path(__file__).parent / "locales"
GAME_LOCALES = Path(__file__).parent / "games"  # each game package's own locales/ folder
_extra_folders: list[Path] = []
DEFAULT_LANGUAGE = "en"
LANGUAGES = Codes()  # every registered language's code, English first
TRANSLATED = Codes(lambda code: code != DEFAULT_LANGUAGE)  # texts written from English
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
_language = DEFAULT_LANGUAGE


class MissingMessage(KeyError):
    """A key that no catalog knows: a programming error, caught by the catalog tests."""


@dataclass(frozen=True)
class Plural:
    """A plural entry: ``forms`` maps CLDR categories to text; ``count`` names the number."""

    count: str
    forms: dict[str, str]


def folders() -> list[Path]:
    """Every folder holding ``<language>/*.yaml`` catalog files."""
    return [LOCALES, *sorted(GAME_LOCALES.glob("*/locales")), *_extra_folders]


def add_folder(folder: Path) -> None:
    """Catalog files of a game that lives outside ``tutor/games`` (``<folder>/<language>/*.yaml``)."""
    if folder not in _extra_folders:
        _extra_folders.append(folder)
        catalog.cache_clear()


@cache
def catalog(language: str) -> dict[str, str | Plural]:
    """All keys of one language, flattened to ``a.b.c`` form."""
    entries: dict[str, str | Plural] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser: every page's kernel reads it all
    for folder in folders():
        for file in sorted((folder / language).glob("*.yaml")):
            _flatten(yaml.load(file.read_text(encoding="utf-8"), Loader=loader) or {}, "", entries, str(file))
    typeset = spoken(language).typeset
    if typeset is not as_written:
        for key, entry in entries.items():
            if isinstance(entry, Plural):
                entries[key] = Plural(entry.count, {form: typeset(text) for form, text in entry.forms.items()})
            else:
                entries[key] = typeset(entry)
    return entries


def _flatten(tree: dict, prefix: str, into: dict[str, str | Plural], source: str) -> None:
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict) and "plural" not in value:
            _flatten(value, full + ".", into, source)
        elif full in into:
            raise ValueError(f"message key {full!r} defined twice (second time in {source})")
        elif isinstance(value, dict):
            into[full] = _plural(full, value, source)
        else:
            into[full] = str(value).strip()


def _plural(key: str, entry: dict, source: str) -> Plural:
    forms = {str(category): str(text).strip() for category, text in entry.items() if category != "plural"}
    unknown = set(forms) - PLURAL_CATEGORIES
    if unknown or "other" not in forms:
        raise ValueError(
            f"plural entry {key!r} in {source} needs an 'other' form and only CLDR categories "
            f"({', '.join(sorted(PLURAL_CATEGORIES))}), not {sorted(unknown)}"
        )
    return Plural(str(entry["plural"]), forms)


def placeholders(entry: str | Plural) -> set[str]:
    """The ``{name}`` placeholders of an entry (of every form of a plural entry)."""
    texts = entry.forms.values() if isinstance(entry, Plural) else [entry]
    return {field for text in texts for _, field, _, _ in string.Formatter().parse(text) if field}


def plural_categories(language: str) -> set[str]:
    """The CLDR plural categories ``language`` uses, which its plural entries must all give."""
    return set(Locale.parse(spoken(language).locale).plural_form.tags) | {"other"}


def set_language(language: str) -> None:
    global _language
    _language = language


def language() -> str:
    return _language


def language_name(code: str) -> str:
    """A language's name in that language, as a chooser shows it: English, Français, Nederlands."""
    locale = spoken(code).locale
    name = spoken(code).name or Locale.parse(locale).get_display_name(locale) or code
    return capitalised(name)


def capitalised(text: str) -> str:
    """``text`` with a capital first letter, the rest as it is (a filled text that opens a sentence)."""
    return text[:1].upper() + text[1:]


def spoken_language(code: str) -> str:
    """A language's name as the current language says it in a sentence: French, français, Frans."""
    return Locale.parse(spoken(code).locale).get_display_name(spoken(_language).locale) or spoken(code).name or code


def negotiate(accept_language: str | None) -> str:
    """The tutor's language that best fits an HTTP Accept-Language header; English if none does."""
    chosen = negotiate_locale(_preferred(accept_language or ""), list(LANGUAGES), sep="-")
    return chosen.split("-")[0].lower() if chosen else DEFAULT_LANGUAGE


def _preferred(header: str) -> list[str]:
    """The header's language tags, most wanted first ("fr-CH, fr;q=0.9, en;q=0.8")."""
    ranked = []
    for position, part in enumerate(header.split(",")):
        tag, *options = (piece.strip() for piece in part.split(";"))
        weight = 1.0
        for option in options:
            name, _, value = option.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag and tag != "*" and weight > 0:
            ranked.append((-weight, position, tag))
    return [tag for _, _, tag in sorted(ranked)]


def has(key: str) -> bool:
    return key in catalog(_language) or key in catalog(DEFAULT_LANGUAGE)


def msg(key: str, /, **params: object) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in."""
    return msg_in(_language, key, **params)


def msg_in(language: str, key: str, /, **params: object) -> str:
    """The text for ``key`` in ``language`` (English where that language has no such key),
    with ``params`` filled in: for a server, which speaks every language at once."""
    lang = language if key in catalog(language) else DEFAULT_LANGUAGE
    entry = catalog(lang).get(key)
    if entry is None:
        raise MissingMessage(key)
    if isinstance(entry, Plural):
        entry, params = _choose(entry, params, lang)
    if not params:
        return entry
    formatter = spoken(lang).formatter
    return formatter.vformat(entry, (), params) if formatter is not None else entry.format(**params)


def said(value: object) -> object:
    """A stored sentence's field as ``msg`` gets it: text, or a card as it is (French gives a card
    the article its name carries, "la Mer", "ton As de Lunes": a card's text alone has none)."""
    return value if hasattr(value, "named") else str(value)


def _choose(entry: Plural, params: dict, lang: str) -> tuple[str, dict]:
    """The form of a plural entry for its count, and the count written for ``lang``; a list
    counts its items and is written as a list ("Red and Blue have", "Red has")."""
    if isinstance(params[entry.count], list | tuple):
        names = [str(name) for name in params[entry.count]]
        category = Locale.parse(spoken(lang).locale).plural_form(len(names))
        return entry.forms.get(category, entry.forms["other"]), {**params, entry.count: listed(names)}
    count = _number(params[entry.count])
    if count is None:  # not a number: say it as given, in the general form
        return entry.forms["other"], params
    locale = spoken(lang).locale
    category = Locale.parse(locale).plural_form(count)
    return entry.forms.get(category, entry.forms["other"]), {
        **params,
        entry.count: format_decimal(count, locale=locale),
    }


def _number(value: object) -> int | Decimal | None:
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return value
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def listed(names: list[str]) -> str:
    """Names joined the way the current language lists them, each of them meant: "Ann, Ben, and Cleo",
    "Ann, Ben et Cleo"."""
    return format_list([str(name) for name in names], locale=_locale())


def either(names: list[str]) -> str:
    """Names of which any one will do: "Ann, Ben, or Cleo", "Ann, Ben ou Cleo", "Ann, Ben of Cleo"."""
    return format_list([str(name) for name in names], style="or", locale=_locale())


def scores_listed(scores: Iterable[tuple[str, object]]) -> str:
    """Players' figures, (player, score) pairs, listed in a sentence: "Red 4, Gray 2, and Blue 0"."""
    return listed([msg("app.log.score", player=player, score=score) for player, score in scores])


def level_also(parts: Iterable[str]) -> str:
    """The tie-break's clause naming the key's ``parts`` (ids, as "tricks") on which the players
    were level too, between the score and the part that decided; "" for none."""
    return msg("app.play.end.also", parts=listed([msg(f"app.play.end.part.{part}") for part in parts])) if parts else ""


def in_order(names: list[str]) -> str:
    """Names one after the other, first first: "Ann, then Ben, then Cleo", "Ann, puis Ben, puis Cleo"."""
    said = [str(name) for name in names]
    return f", {msg('list.then')} ".join(said)


def _locale() -> str:
    return spoken(_language).locale


def file_size(size: int) -> str:
    """A size limit in the current language's words: "1 megabyte", "512 kilooctets"."""
    unit, amount = ("digital-megabyte", size / 2**20) if size >= 2**20 else ("digital-kilobyte", size / 2**10)
    return format_unit(round(amount, 1), unit, locale=_locale())
