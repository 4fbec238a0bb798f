"""Reading the project's YAML files (lessons, records) safely, with errors a person can act on.

Every file goes through ``read_yaml``: its size is bounded before parsing, it may hold plain
data only (no anchors, aliases or tags: alias bombs and object tags are made of them), and its
depth, number of entries and number lengths are bounded, so a broken or hostile file ends in
one FileProblem sentence instead of a hang, a traceback or a machine out of memory.

Scalars are read as YAML 1.2 reads them: only ``true``/``false`` are booleans (``no`` and
``yes`` stay text), and dates stay text, so a seed written as a date is refused by the schema.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.error import Mark
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from tutor.core import TutorError
from tutor.messages import file_size, msg

MAX_BYTES = 256 * 1024  # the longest shipped lesson is 4 KB
MAX_DEPTH = 24  # lessons nest about 6 levels deep
MAX_NODES = 50_000  # a long record holds a few hundred moves
MAX_DIGITS = 18  # seeds and counts; Python itself refuses to read numbers past 4300 digits

# Characters a terminal or a page would act on rather than show: control codes (tab and line
# breaks aside), lone surrogates, line separators and the marks that reverse the text direction.
HIDDEN = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufeff\ufffe\uffff"
_HIDDEN_IN_FILE = re.compile(f"[{HIDDEN}]")
_HIDDEN_IN_VALUE = re.compile(f"[{HIDDEN}\r]")


class FileProblem(TutorError):
    """A file that cannot be read, is not YAML, or has the wrong shape."""


class _Refused(yaml.MarkedYAMLError):
    """A part of the file this reader will not take; ``sentence`` is its catalog key."""

    def __init__(self, sentence: str, mark: Mark | None, **params: object):
        super().__init__(problem=sentence, problem_mark=mark)
        self.sentence, self.params = sentence, params


class _PlainComposer(Composer):
    """Builds the node tree, refusing anchors, aliases and tags, and bounding depth and size."""

    if TYPE_CHECKING:  # the parser it is combined with (_PlainLoader) gives the events; PyYAML's stub does not say so

        def peek_event(self) -> Any: ...

        def get_event(self) -> Any: ...

        def check_event(self, *choices: type) -> bool: ...

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        event = self.peek_event()
        if isinstance(event, AliasEvent) or event.anchor is not None:
            raise _Refused("input.alias", event.start_mark)
        if getattr(event, "tag", None) is not None:
            raise _Refused("input.tag", event.start_mark)
        self.nodes = getattr(self, "nodes", 0) + 1
        if self.nodes > MAX_NODES:
            raise _Refused("input.too-many", event.start_mark, limit=MAX_NODES)
        self.depth = getattr(self, "depth", 0) + 1
        if self.depth > MAX_DEPTH:
            raise _Refused("input.too-deep", event.start_mark, limit=MAX_DEPTH)
        node = super().compose_node(parent, index)
        self.depth -= 1
        return node

    def get_single_node(self) -> Node | None:
        self.get_event()  # stream start
        node = None if self.check_event(yaml.StreamEndEvent) else self.compose_document()
        if not self.check_event(yaml.StreamEndEvent):
            raise _Refused("input.several-documents", self.peek_event().start_mark)
        return node


class _PlainResolver(BaseResolver):
    """YAML 1.2's core types, read the way YAML 1.1 writers (``yaml.safe_dump``) write them."""

    # PyYAML keeps this registry per class (add_implicit_resolver is a classmethod); the
    # stub declares it per instance.
    yaml_implicit_resolvers: ClassVar[dict] = {}  # type: ignore[misc]


for _tag, _pattern, _first in (
    ("bool", r"true|True|TRUE|false|False|FALSE", "tTfF"),
    ("null", r"~|null|Null|NULL|", "~nN"),
    ("int", r"[-+]?(?:0|[1-9][0-9]*)", "-+0123456789"),
    (
        "float",
        r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
        "-+.0123456789",
    ),
):
    _PlainResolver.add_implicit_resolver(
        f"tag:yaml.org,2002:{_tag}", re.compile(f"^(?:{_pattern})$"), list(_first) + ([""] if _tag == "null" else [])
    )


class _PlainConstructor(SafeConstructor):
    """SafeConstructor with plain keys written once, short numbers and visible characters."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Hashable, Any]:
        seen = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, ScalarNode):
                raise _Refused("input.complex-key", key_node.start_mark)
            key = self.construct_object(key_node)
            if key in seen:
                raise _Refused("input.duplicate-key", key_node.start_mark, key=key)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_plain_int(self, node: ScalarNode) -> int:
        digits = node.value.lstrip("+-")
        if len(digits) > MAX_DIGITS:
            raise _Refused("input.long-number", node.start_mark, limit=MAX_DIGITS)
        return int(node.value)

    def construct_plain_str(self, node: ScalarNode) -> str:
        hidden = _HIDDEN_IN_VALUE.search(node.value)
        if hidden:
            raise _Refused("input.hidden-character", node.start_mark, code=f"U+{ord(hidden.group()):04X}")
        return node.value


# The stub takes only PyYAML's own loaders as the owner of a constructor; PyYAML calls it with
# whatever object constructs, here a _PlainConstructor.
_PlainConstructor.add_constructor("tag:yaml.org,2002:int", _PlainConstructor.construct_plain_int)  # type: ignore[type-var]
_PlainConstructor.add_constructor("tag:yaml.org,2002:str", _PlainConstructor.construct_plain_str)  # type: ignore[type-var]


class _PythonEventSource(Reader, Scanner, Parser):
    """Events from PyYAML's own Python code, for a PyYAML built without libyaml."""

    def __init__(self, text: str):  # pragma: no cover
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)


try:  # libyaml turns text into events about ten times faster; the checks below stay in Python
    from yaml._yaml import CParser as _EventSource
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _EventSource = _PythonEventSource  # type: ignore[misc, assignment]  # deliberately either class


class _PlainLoader(_PlainComposer, _EventSource, _PlainConstructor, _PlainResolver):
    def __init__(self, text: str):
        _EventSource.__init__(self, text)
        _PlainComposer.__init__(self)
        _PlainConstructor.__init__(self)
        _PlainResolver.__init__(self)


def read_yaml(name: str, text: str | bytes | None = None, limit: int = MAX_BYTES) -> dict:
    """The mapping in file ``name``, or in ``text`` (an upload's content) when given;
    FileProblem, naming the file and where possible the line, for anything else."""
    if text is None:
        text = _read_bytes(name, limit)
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError:
            raise FileProblem(msg("input.not-text", file=name)) from None
    if len(text) > limit:
        raise FileProblem(msg("input.too-big", file=name, limit=file_size(limit)))
    try:
        text = text.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise FileProblem(msg("input.not-text", file=name)) from None
    hidden = _HIDDEN_IN_FILE.search(text)
    if hidden:
        raise FileProblem(
            msg(
                "input.hidden-character",
                file=name,
                line=text.count("\n", 0, hidden.start()) + 1,
                code=f"U+{ord(hidden.group()):04X}",
            )
        )
    loader = _PlainLoader(text)
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as error:
        raise FileProblem(_explain(name, error)) from None
    finally:
        loader.dispose()
    if data is None:
        raise FileProblem(msg("input.empty-file", file=name))
    if not isinstance(data, dict):
        raise FileProblem(msg("input.not-a-mapping", file=name, found=kind_of(data)))
    return data


def kind_of(value: object) -> str:
    """What a value is, in words: "a list", "a number", ... (never a Python type name)."""
    for kind, test in (
        ("flag", lambda v: isinstance(v, bool)),
        ("number", lambda v: isinstance(v, (int, float))),
        ("text", lambda v: isinstance(v, str)),
        ("list", lambda v: isinstance(v, list)),
        ("fields", lambda v: isinstance(v, dict)),
    ):
        if test(value):
            return msg(f"input.kind.{kind}")
    return msg("input.kind.other")


_WHY_UNREADABLE: dict[type[Exception], str] = {FileNotFoundError: "no-such-file", PermissionError: "not-allowed"}


def _read_bytes(name: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of a regular file. Opening never waits (a pipe with no
    writer or a device would block a plain open or read), and anything but a regular file
    is refused before reading."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(Path(name), flags)
    except IsADirectoryError:
        raise FileProblem(msg("input.not-a-file", file=name)) from None
    except (OSError, ValueError) as error:
        reason = _WHY_UNREADABLE.get(type(error), "refused")
        raise FileProblem(msg("input.unreadable", file=name, problem=msg(f"input.why.{reason}"))) from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise FileProblem(msg("input.not-a-file", file=name))
    with open(descriptor, "rb") as file:
        try:
            return file.read(limit + 1)
        except OSError:
            raise FileProblem(msg("input.unreadable", file=name, problem=msg("input.why.refused"))) from None


def _explain(name: str, error: yaml.YAMLError) -> str:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    if mark is None:
        return msg("input.yaml-somewhere", file=name)
    if isinstance(error, _Refused):
        return msg(error.sentence, file=name, line=mark.line + 1, **error.params)
    if "nesting depth" in (getattr(error, "problem", None) or ""):
        # libyaml (PyYAML 6.0.4 on) has its own nesting limit, above ours, which the scanner
        # reaches before the composer counts: it is the same fault, so the same sentence.
        return msg("input.too-deep", file=name, line=mark.line + 1, limit=MAX_DEPTH)
    return msg("input.yaml", file=name, line=mark.line + 1)
