"""environment.yml (conda, Binder) must list exactly what pyproject.toml declares, and\nrequirements.lock must pin what it declares, and be what is installed."""

import tomllib
from importlib import metadata
from pathlib import Path

import yaml
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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
    listed = [
        dep
        for dep in environment["dependencies"]
        if isinstance(dep, str) and dep not in ("pip",) and not dep.startswith("python=")
    ]
    assert sorted(map(_normalise, listed)) == sorted(map(_normalise, declared))
    pip_section = next(dep["pip"] for dep in environment["dependencies"] if isinstance(dep, dict))
    assert pip_section == ["-e ."], "the project itself is installed with pip"


LOCK = ROOT / "requirements.lock"


def _locked() -> dict[str, tuple[str, Marker | None]]:
    """Package name -> (pinned version, the marker saying where it applies) from requirements.lock."""
    pins = {}
    for line in LOCK.read_text().splitlines():
        if line and not line.startswith((" ", "#")):
            requirement = Requirement(line)
            (pin,) = requirement.specifier
            pins[canonicalize_name(requirement.name)] = (pin.version, requirement.marker)
    return pins


def test_lock_pins_a_version_that_pyproject_allows_for_every_declared_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["test"]
    locked = _locked()
    for requirement in map(Requirement, declared):
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is declared in pyproject.toml but not locked: refresh requirements.lock"
        assert requirement.specifier.contains(locked[name][0], prereleases=True), (
            f"requirements.lock pins {name}=={locked[name][0]}, outside pyproject.toml's '{requirement.specifier}'"
        )


def test_the_installed_packages_are_the_locked_ones():
    """What the README's commands installed is what the lock says, so every machine runs the same."""
    wrong = {
        name: (metadata.version(name), version)
        for name, (version, marker) in _locked().items()
        if (marker is None or marker.evaluate()) and metadata.version(name) != version
    }
    assert not wrong, f"installed (left) differ from requirements.lock (right): {wrong}"
