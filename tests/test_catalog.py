"""The message catalog: every key the code uses exists, and every rule is explained."""

import ast
import re
import string
from pathlib import Path

import pytest

from tutor import messages
from tutor.games import game as registered
from tutor.games import games

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "tutor").rglob("*.py")) + sorted((ROOT / "widgets").rglob("*.py"))
# msg("key" ...) and Reason("rule", "key" ...): literal catalog keys in the code.
KEY_USES = re.compile(r'''(?:\bmsg\(\s*|Reason\(\s*"[^"]+",\s*)"([a-z0-9][\w.-]*)"''')


def literal_keys():
    for path in SOURCES:
        for key in KEY_USES.findall(path.read_text()):
            yield path.relative_to(ROOT), key


def test_every_literal_key_is_in_the_english_catalog():
    missing = [(str(path), key) for path, key in literal_keys() if not messages.has(key)]
    assert missing == []


@pytest.mark.parametrize("game", games())
def test_every_rule_has_a_title_and_an_explanation(game):
    module = registered(game).rules
    for rule in module.RULES:
        assert rule.title and len(rule.text) > 40, rule.id
        if rule.kind == "variant":
            assert rule.option in module.OPTIONS, rule.id


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_placeholders_are_plain_names(lang):
    for key, entry in messages.catalog(lang).items():
        texts = entry.forms.values() if isinstance(entry, messages.Plural) else [entry]
        for text in texts:
            for _, field, _, _ in string.Formatter().parse(text):
                assert field is None or field.isidentifier(), (key, field)


def literal_calls():
    """(path, key, keyword names) of every msg("literal key", name=...) call in the code."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "msg"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield path.relative_to(ROOT), node.args[0].value, {word.arg for word in node.keywords}


def test_every_plural_entry_gets_its_count_from_the_code():
    plural = {
        key: entry.count
        for lang in messages.LANGUAGES
        for key, entry in messages.catalog(lang).items()
        if isinstance(entry, messages.Plural)
    }
    missing = [
        (str(path), key, plural[key])
        for path, key, words in literal_calls()
        if key in plural and plural[key] not in words
    ]
    assert missing == []


def test_plural_entries_are_read_from_yaml_mappings():
    entry = messages.catalog("en")["widgets.d13.plus-points"]
    assert entry == messages.Plural("points", {"one": "{points} plus point", "other": "{points} plus points"})
    assert messages.msg("widgets.d13.plus-points", points=1) == "1 plus point"
    assert messages.msg("widgets.d13.plus-points", points=4) == "4 plus points"


def test_a_plural_entry_without_an_other_form_is_refused(tmp_path, monkeypatch):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "bad.yaml").write_text('cards: {plural: count, one: "{count} card", few: "x"}\n')
    monkeypatch.setattr(messages, "LOCALES", tmp_path)
    messages.catalog.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"cards.*'other'"):
            messages.catalog("en")
    finally:
        monkeypatch.undo()
        messages.catalog.cache_clear()


def test_an_unknown_language_falls_back_to_english():
    messages.set_language("de")
    try:
        assert messages.msg("app.nav.home") == "Home"
        assert messages.msg("app.play.end.score.thricewise", score="1") == "1 point"
    finally:
        messages.set_language("en")
