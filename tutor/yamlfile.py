"""Reading the project's YAML files (lessons, records) with errors a person can act on."""
from __future__ import annotations

from pathlib import Path

import yaml

from tutor.core import TutorError
from tutor.messages import msg


class FileProblem(TutorError):
    """A file that cannot be read, is not YAML, or has the wrong shape."""


class _StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml's parser is ~10x faster
    """SafeLoader that refuses a key written twice in one mapping: plain YAML keeps the
    last one silently, and a teacher would lose a check without noticing."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, msg("error.duplicate-key", key=key), key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_yaml(name: str, text: str | None = None) -> dict:
    """The mapping in file ``name`` (or in ``text``, for uploads); FileProblem otherwise."""
    if text is None:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise FileProblem(msg("error.file-unreadable", file=name, problem=error.__class__.__name__)) from None
    try:
        data = yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as error:
        raise FileProblem(msg("error.yaml", file=name, problem=_where(error))) from None
    if not isinstance(data, dict):
        raise FileProblem(msg("error.not-a-mapping", file=name, found=type(data).__name__))
    return data


def _where(error: yaml.YAMLError) -> str:
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    if mark is not None:
        return msg("error.yaml-where", problem=problem, line=mark.line + 1, column=mark.column + 1)
    return problem
