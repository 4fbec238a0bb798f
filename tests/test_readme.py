"""The README's test command is the one CI runs."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command():
    blocks = re.findall(r"```\n(.*?)\n```", (ROOT / "README.md").read_text(), flags=re.S)
    test_command = next(block for block in blocks if "pytest" in block)
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_command in ci_lines
