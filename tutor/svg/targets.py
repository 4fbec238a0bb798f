"""What a person clicks on a drawing, named once for the drawing that marks it, the board that
hears the click and the browser tests that click it: ``Target("slot", 2)`` is drawn as
``data-target="slot:2"``, read back from the click with ``Target.read`` and found by its
``selector``."""

from __future__ import annotations

from typing import NamedTuple


class Target(NamedTuple):
    kind: str  # "slot", "seat", "cell", "card", "vp", "pile" ...
    which: object = None  # which one of its kind (a number, a cell); None for the only one

    def __str__(self) -> str:
        return self.kind if self.which is None else f"{self.kind}:{self.which}"

    @classmethod
    def read(cls, name: str) -> Target:
        """The target a click names, ``which`` as the text it came in (the browser may send anything)."""
        kind, colon, which = name.partition(":")
        return cls(kind, which if colon else None)

    def number(self, below: int) -> int | None:
        """``which`` as a whole number from 0 to ``below`` - 1, else None."""
        text = str(self.which)
        if text.isascii() and text.isdigit() and len(text) <= len(str(below)) and int(text) < below:
            return int(text)
        return None

    @property
    def selector(self) -> str:
        """The CSS selector of this part on a page."""
        return f"[data-target='{self}']"

    @staticmethod
    def any(kind: str) -> str:
        """The CSS selector of every part of ``kind``."""
        return f"[data-target^='{kind}:']"
