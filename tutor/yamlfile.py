"""Reading the project's YAML files (lessons, records) with errors a person can act on."""
from __future__ import annotations

from pathlib import Path

import yaml

from tutor.core import TutorError
from tutor.messages import msg


class FileProblem(TutorError):
    """A file that cannot be read, is not YAML, or has the wrong shape."""


class _DuplicateKey(yaml.constructor.ConstructorError):
    """A key written twice: our own words, worth passing on."""


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses a key written twice in one mapping: plain YAML keeps the
    last one silently, and a teacher would lose a check without noticing."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise _DuplicateKey(None, None, msg("error.duplicate-key", key=key), key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def read_yaml(name: str, text: str | None = None) -> dict:
    """The mapping in file ``name`` (or in ``text``, for uploads); FileProblem otherwise."""
    if text is None:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problem = msg("error.not-text" if isinstance(error, UnicodeDecodeError) else "error.cannot-open")
            raise FileProblem(msg("error.file-unreadable", file=name, problem=problem)) from None
    try:
        data = yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as error:
        raise FileProblem(msg("error.yaml", file=name, problem=_where(error))) from None
    if not isinstance(data, dict):
        raise FileProblem(msg("error.not-a-mapping", file=name, found=kind_in_words(data)))
    return data


def kind_in_words(value) -> str:
    """What a YAML value is, as a person would say it (never a Python type name)."""
    if value is None:
        return msg("type.empty")
    if isinstance(value, bool):
        return msg("type.yes-no")
    if isinstance(value, int | float):
        return msg("type.number")
    if isinstance(value, list):
        return msg("type.list")
    return msg("type.text")


def _where(error: yaml.YAMLError) -> str:
    """Where the parser stopped, in words; its own message ("expected <block end>") helps nobody."""
    mark = getattr(error, "problem_mark", None)
    where = msg("error.yaml-where", line=mark.line + 1, column=mark.column + 1) if mark else msg("error.yaml-layout")
    return f"{error.problem}, {where}" if isinstance(error, _DuplicateKey) else where
