"""Players' names: a seat's name as a learner reads it, answering to its names in the other
languages, as lessons and records write seats, as files keep them, and found again by any of
them (``SeatLookup``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tutor.core import PositionError
from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, catalog, language, msg


class SeatName(str):
    """A seat's name as the learner reads it ("Rouge" on a French page) that also answers
    to the seat's names in its other languages ("Red", "Rood"): lessons and records may
    write a seat by any of them. ``languages`` keeps {en: Red, fr: Rouge, nl: Rood} for a
    seat named per language (empty for one name in every language)."""

    names: tuple[str, ...]
    languages: dict[str, str]

    def __new__(cls, shown: str, names: Iterable[str] = (), languages: dict | None = None) -> SeatName:
        name = super().__new__(cls, shown)
        name.names = tuple(dict.fromkeys((shown, *names)))
        name.languages = dict(languages or {})
        return name


def seat_name(value: str | dict) -> SeatName:
    """A seat as a lesson or record writes it, a plain name or one per language: the name
    in the page's language, answering to the others too."""
    if not isinstance(value, dict):
        return SeatName(str(value))
    shown = value.get(language()) or value.get(DEFAULT_LANGUAGE) or next(iter(value.values()), "")
    return SeatName(shown, value.values(), value)


def renamed(name: str) -> str:
    """The same seat named in the language now set (a plain name stays as it is)."""
    languages = getattr(name, "languages", None)
    return seat_name(languages) if languages else name


def written(name: str) -> str | dict:
    """A seat as a file writes it: one name per language for a seat named so, else plain
    text (YAML's safe writer takes no subclass of str)."""
    languages = getattr(name, "languages", None)
    return dict(languages) if languages else str(name)


def names_of(name: str) -> tuple[str, ...]:
    """Every name a seat answers to: a plain name only to itself."""
    return getattr(name, "names", (name,))


class ColourNames:
    """Players named after colours (a game's ``SEAT_NAMES``) in the language of the page:
    "Red", "Rouge" or "Rood" (the names of ``widgets.seat-colour``, which give the seats their
    colours), each answering to its other languages' names and renamed with the page."""

    def __init__(self, *colours: str):
        self.colours = colours

    def __iter__(self) -> Iterator[SeatName]:
        return (
            seat_name({lang: catalog(lang)[f"widgets.seat-colour.{colour}"] for lang in LANGUAGES})
            for colour in self.colours
        )


class SeatLookup:
    """Seat names as lesson files write them, case-insensitively, in any of the lesson's languages."""

    def __init__(self, names: list[str]):
        self.names = names
        self.lower = [{other.strip().lower() for other in names_of(name)} for name in names]

    def find(self, name: object) -> int | None:
        text = str(name).strip().lower()
        return next((seat for seat, known in enumerate(self.lower) if text in known), None)

    def index(self, name: object) -> int:
        seat = self.find(name)
        if seat is None:
            raise PositionError(msg("error.unknown-seat", seat=name, known=", ".join(self.names)))
        return seat

    def shown(self, name: object) -> str:
        """The seat ``name`` written in any language, as the learner reads it; other words
        ("nobody", a phase) as written."""
        seat = self.find(name)
        return str(name) if seat is None else self.names[seat]


def english_name(name: str) -> str:
    """A seat as the shipped lessons write it in moves: its English name."""
    return (getattr(name, "languages", None) or {}).get(DEFAULT_LANGUAGE) or str(name)
