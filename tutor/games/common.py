"""Pieces the games' lesson positions and checks share: the position's fields, seat names as
lessons write them (in any of their languages), the simplest checks and the ``illegal`` check."""
from __future__ import annotations

from tutor import schema
from tutor.core import PositionError, mismatch
from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, catalog, language, msg


def check_position(position, spec: dict) -> None:
    """A lesson's ``position`` holds only the fields ``spec`` knows, each of the right kind
    (``tutor.schema`` checkers), before a game reads it; refused by name otherwise."""
    if not isinstance(position, dict):
        raise PositionError(msg("input.wrong", field=msg("input.field", field="position"),
                                expected=msg("input.expect.fields")))
    try:
        schema.check_fields(position, spec, (), lambda problem: problem, parent="position")
    except schema.Invalid as error:
        raise PositionError(str(error)) from None


class SeatName(str):
    """A seat's name as the learner reads it ("Rouge" on a French page) that also answers
    to the seat's names in its other languages ("Red", "Rood"): lessons and records may
    write a seat by any of them. ``languages`` keeps {en: Red, fr: Rouge, nl: Rood} for a
    seat named per language (empty for one name in every language)."""

    names: tuple[str, ...]
    languages: dict[str, str]

    def __new__(cls, shown: str, names=(), languages: dict | None = None):
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

    def __iter__(self):
        return (seat_name({lang: catalog(lang)[f"widgets.seat-colour.{colour}"] for lang in LANGUAGES})
                for colour in self.colours)


class SeatLookup:
    """Seat names as lesson files write them, case-insensitively, in any of the lesson's languages."""

    def __init__(self, names: list[str]):
        self.names = names
        self.lower = [{other.strip().lower() for other in names_of(name)} for name in names]

    def find(self, name) -> int | None:
        text = str(name).strip().lower()
        return next((seat for seat, known in enumerate(self.lower) if text in known), None)

    def index(self, name) -> int:
        seat = self.find(name)
        if seat is None:
            raise PositionError(msg("error.unknown-seat", seat=name, known=", ".join(self.names)))
        return seat

    def shown(self, name) -> str:
        """The seat ``name`` written in any language, as the learner reads it; other words
        ("nobody", a phase) as written."""
        seat = self.find(name)
        return str(name) if seat is None else self.names[seat]


def check_seat(name: str, read):
    """A lesson check whose value is one seat, by any of its names, or a word such as
    "nobody" (``read(state)`` gives the seat's name or that word)."""
    def check(state, expected) -> str | None:
        found, wanted = read(state), SeatLookup(state.seat_names).shown(expected)
        return None if found.lower() == wanted.lower() else mismatch(name, wanted, found)
    return check


# Whose turn it is: a seat, or the phase when nobody's (dealing, the end).
check_to_move = check_seat("to_move", lambda state: state.name(state.to_move) if state.to_move >= 0 else state.phase)


def check_seat_list(name: str, read, ordered: bool = True):
    """A lesson check whose value is a list of seats, by any of their names, in order
    (or in any order); ``read(state)`` gives the seats."""
    def check(state, expected) -> str | None:
        seats = SeatLookup(state.seat_names)
        found = [state.name(seat) for seat in read(state)]
        wanted = [seats.shown(seat) for seat in expected or []]
        if not ordered:
            found, wanted = sorted(found, key=str.lower), sorted(wanted, key=str.lower)
        return None if [n.lower() for n in found] == [n.lower() for n in wanted] else mismatch(name, wanted, found)
    return check


def check_value(name: str, read):
    """A lesson check comparing ``read(state)`` with the lesson's value."""
    def check(state, expected) -> str | None:
        found = read(state)
        return None if found == expected else mismatch(name, expected, found)
    return check


def check_illegal(parse_move):
    """The lesson check ``illegal``: {move, rule}, or a list of them: each move is refused,
    for breaking that rule (any rule when none is named)."""
    def check(state, expected) -> str | None:
        for entry in expected if isinstance(expected, list) else [expected]:
            reason = state.why_not(parse_move(entry["move"], state.players))
            wanted = entry.get("rule")
            if reason is None:
                return mismatch("illegal", f"{entry['move']}: {wanted or msg('lesson.illegal')}", msg("lesson.legal"))
            if wanted and reason.rule != wanted:
                return mismatch("illegal", f"{entry['move']}: {wanted}", reason.rule)
        return None
    return check


def replayed(before, after):
    """The moves that lead from ``before`` to ``after`` (a later position of the same game),
    each with the position just before it: (state, move) pairs for a note's test "applies
    here". The state is a copy being replayed, valid until the next pair."""
    probe = before.clone()
    for move in after.move_stack[len(before.move_stack):]:
        yield probe, move
        probe.push(move)
