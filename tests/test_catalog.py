"""The message catalog: every key the code uses exists, and every rule is explained."""
import re
import string
from pathlib import Path

import pytest

from tutor import messages
from tutor.games import game as registered, games

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


def test_placeholders_are_plain_names():
    for key, text in messages.catalog("en").items():
        for _, field, _, _ in string.Formatter().parse(text):
            assert field is None or field.isidentifier(), (key, field)


def test_missing_language_falls_back_to_english():
    messages.set_language("fr")
    try:
        assert messages.msg("game.thricewise.name") == "Thricewise"
    finally:
        messages.set_language("en")
