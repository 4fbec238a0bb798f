"""environment.yml (conda, Binder) must list exactly what pyproject.toml declares."""
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
# Where conda-forge's name differs from PyPI's (conda-forge's "redis" is an old copy of the client).
CONDA_NAMES = {"redis-py": "redis"}


def _normalise(requirement: str) -> str:
    name_end = len(requirement)
    for mark in "<>=!~ [":
        if mark in requirement:
            name_end = min(name_end, requirement.index(mark))
    name = requirement[:name_end].strip().lower().replace("_", "-")
    name = CONDA_NAMES.get(name, name)
    return name + requirement[name_end:].replace(" ", "")


def test_environment_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    # "bench" (OpenSpiel, PyPI only) is for developers' benchmarks, not for conda or Binder users.
    extras = [reqs for name, reqs in project["optional-dependencies"].items() if name != "bench"]
    declared = project["dependencies"] + [req for extra in extras for req in extra]
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed = [dep for dep in environment["dependencies"] if isinstance(dep, str) and dep not in ("pip",)
              and not dep.startswith("python=")]
    assert sorted(map(_normalise, listed)) == sorted(map(_normalise, declared))
    pip_section = next(dep["pip"] for dep in environment["dependencies"] if isinstance(dep, dict))
    assert pip_section == ["-e ."], "the project itself is installed with pip"
