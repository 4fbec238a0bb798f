"""The linters CI runs through this suite: ruff's checks and format, and mypy's types on tutor/,
widgets/ and serving/ (settings in pyproject.toml); oxlint on the browser side's scripts
(widgets/static, settings in .oxlintrc.json)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    result = run("ruff", "check", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_formatted():
    """``ruff format .`` writes what this checks."""
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    """The cache in .mypy_cache keeps a run after a small change to a few seconds."""
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_oxlint_finds_nothing_in_the_browser_side():
    result = run("oxlint", "--deny-warnings", "widgets/static")
    assert result.returncode == 0, result.stdout + result.stderr
