"""The one message catalog: every sentence a learner reads comes from here.

Catalogs live in ``tutor/locales/<language>/*.yaml``; each file maps dotted keys to
text with ``{name}`` placeholders. All files of one language form one catalog, split
per game only so that teams can work on them side by side. A key missing from the
chosen language falls back to English, so French and Dutch can be filled in bit by bit.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

LOCALES = Path(__file__).parent / "locales"
DEFAULT_LANGUAGE = "en"
_language = DEFAULT_LANGUAGE


class MissingMessage(KeyError):
    """A key that no catalog knows: a programming error, caught by the catalog tests."""


@cache
def catalog(language: str) -> dict[str, str]:
    """All keys of one language, flattened to ``a.b.c`` form."""
    entries: dict[str, str] = {}
    for file in sorted((LOCALES / language).glob("*.yaml")):
        # libyaml's parser when PyYAML has it: every page's kernel reads the whole catalog.
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        _flatten(yaml.load(file.read_text(encoding="utf-8"), Loader=loader) or {}, "", entries, file.name)
    return entries


def _flatten(tree: dict, prefix: str, into: dict[str, str], source: str) -> None:
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, full + ".", into, source)
        elif full in into:
            raise ValueError(f"message key {full!r} defined twice (second time in {source})")
        else:
            into[full] = str(value).strip()


def set_language(language: str) -> None:
    global _language
    _language = language


def language() -> str:
    return _language


def has(key: str) -> bool:
    return key in catalog(_language) or key in catalog(DEFAULT_LANGUAGE)


def msg(key: str, /, **params) -> str:
    """The text for ``key`` in the current language, with ``params`` filled in."""
    text = catalog(_language).get(key)
    if text is None:
        text = catalog(DEFAULT_LANGUAGE).get(key)
    if text is None:
        raise MissingMessage(key)
    return text.format(**params) if params else text
