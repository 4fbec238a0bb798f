"""A game is one package: no shared code, style, page or catalog names a registered game
(its id, its package, its name in any language, or the prefix of its rule ids). And each layer
in its place: the engines (tutor/) import no widgets and no server, the widgets no server; and
what tests share in helper modules, never in a test module."""

import ast
import re
from importlib import import_module
from pathlib import Path

import pytest

from tutor.games import games
from tutor.messages import LANGUAGES, catalog
from widgets.boards import board_module

ROOT = Path(__file__).resolve().parent.parent
SHARED = [
    path
    for pattern in ("tutor/**/*", "widgets/**/*", "serving/**/*", "share/**/*", "notebooks/**/*.ipynb", "voila.json")
    for path in ROOT.glob(pattern)
    if path.is_file() and path.suffix in {".py", ".yaml", ".js", ".css", ".ipynb", ".json", ".html"}
]


def own_places(game) -> tuple[str, ...]:
    """Where a game may be named: its own package, its board and its shipped lessons (data in
    a folder per game), each where the game declares it; and the tests."""
    package = Path(import_module(game.package).__file__).parent
    board = board_module(game.id).__file__
    return (
        f"{package.relative_to(ROOT)}/",
        str(Path(board).relative_to(ROOT)),
        f"{game.lesson_folder.relative_to(ROOT)}/",
    )


def names_of(game) -> re.Pattern:
    words = {game.id, game.package.rsplit(".", 1)[1], *(catalog(lang)[f"game.{game.id}.name"] for lang in LANGUAGES)}
    prefixes = {rule.id.split(".")[0] for rule in game.rule_list}
    spelled = [re.escape(word).replace(r"\-", "[-_ ]?").replace(r"\ ", "[-_ ]?") for word in words]
    return re.compile(
        "|".join([rf"\b(?:{'|'.join(spelled)})\b", *(rf"\b{re.escape(p)}[.-]\w" for p in prefixes)]), re.IGNORECASE
    )


@pytest.mark.parametrize("game", games().values(), ids=str)
def test_nothing_shared_names_a_game(game):
    own = own_places(game)
    pattern = names_of(game)
    named = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in SHARED
        if not str(path.relative_to(ROOT)).startswith(own)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert not named, "\n".join(named)


# Modules a layer must not import (a name, or its start followed by a dot).
FORBIDDEN = {
    "tutor": ("serving", "widgets", "ipywidgets", "anywidget", "IPython"),
    "widgets": ("serving",),
}


def imported(path: Path) -> set[str]:
    """The modules a file imports, by statement or by ``import_module("...")`` with a written name;
    a relative import with its leading dots (``.rules``; ``from . import x``: ``.x``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom):
            dots = "." * node.level
            names |= {dots + node.module} if node.module else {dots + alias.name for alias in node.names}
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            names.add(str(node.args[0].value))
    return names


@pytest.mark.parametrize("layer", FORBIDDEN)
def test_each_layer_imports_only_the_layers_below_it(layer):
    wrong = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / layer).rglob("*.py"))
        for name in sorted(imported(path))
        if name.split(".")[0] in FORBIDDEN[layer]
    ]
    assert not wrong, "\n".join(wrong)


def test_no_test_module_imports_another():
    """What two test files share lives in a helper module (tests/lesson_tries.py,
    tests/browser/pages.py ...): a test module importing another ties the two files together
    and can have pytest collect its tests twice."""
    wrong = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for name in sorted(imported(path))
        if name.rpartition(".")[2].startswith("test_")
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", games().values(), ids=str)
def test_each_board_says_what_a_learner_acts_on_for_the_screens_test(game):
    assert set(board_module(game.id).ACTED_ON) == {"learn", "drill", "play"}
