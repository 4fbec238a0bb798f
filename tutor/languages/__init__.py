"""The languages the tutor speaks, each one registered record (``Language``): its code (the
``?lang=`` of an address and the name of its catalog folders), the Babel locale that says its
plurals, numbers, lists and language names, the hunspell dictionary the text tests spell it
with, and its typography (the spaces it keeps beside punctuation, how it fills a sentence's
fields). Each shipped language is a module here that registers itself; a language added
elsewhere (a test's made-up one) registers the same way, with its catalog folder added to
``tutor.messages``. docs/texts.md says how to add one."""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload


def as_written(text: str) -> str:
    return text


@dataclass(frozen=True)
class Language:
    code: str
    locale: str  # Babel's locale
    order: int = 100  # place in the language chooser, lowest first
    dictionary: str = ""  # hunspell's dictionary for the text tests ("": none, English is the source)
    name: str = ""  # its name in itself where Babel has none ("": Babel's)
    typeset: Callable[[str], str] = as_written  # the catalog's texts as read (unbreakable spaces ...)
    formatter: string.Formatter | None = None  # fills {fields} its own way (None: str.format)
    bare: Callable[[str], str] = as_written  # a name without the article its catalog may write it with


_REGISTRY: dict[str, Language] = {}


def register(language: Language) -> Language:
    """Add ``language`` (once per code); returns it, for its module to keep."""
    known = _REGISTRY.get(language.code)
    if known is not None and known != language:
        raise ValueError(f"language {language.code!r} registered twice")
    _REGISTRY[language.code] = language
    return language


def unregister(code: str) -> None:
    """Remove a language registered elsewhere (a test's)."""
    _REGISTRY.pop(code, None)


def languages() -> dict[str, Language]:
    """Every registered language by code, in the chooser's order (English first)."""
    return {found.code: found for found in sorted(_REGISTRY.values(), key=lambda found: (found.order, found.code))}


def language(code: str) -> Language:
    """The record of ``code``; English's for a code no language has."""
    return _REGISTRY.get(code) or _REGISTRY["en"]


class Codes(Sequence[str]):
    """The codes of the registered languages, read when used (so a language registered later
    is in them): ``LANGUAGES`` and ``TRANSLATED`` in ``tutor.messages``."""

    def __init__(self, keep: Callable[[str], bool] = lambda _code: True):
        self._keep = keep

    def _codes(self) -> tuple[str, ...]:
        return tuple(code for code in languages() if self._keep(code))

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return self._codes()[index]

    def __len__(self) -> int:
        return len(self._codes())

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes())

    def __repr__(self) -> str:
        return repr(self._codes())


from tutor.languages import dutch, english, french  # noqa: E402, F401 - each registers itself
