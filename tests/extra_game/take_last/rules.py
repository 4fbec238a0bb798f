"""Take the Last: the rules. The pile's size is dealt by chance (10 to 20 cards)."""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from tutor import core
from tutor.core import CHANCE, TERMINAL, Event, NotationError, Reason, Rule
from tutor.messages import msg

GAME_ID = "take-last"
PLAYER_COUNTS = range(2, 5)
OPTIONS: dict[str, tuple] = {}
MOST = 3  # cards one turn may take
RULES = (Rule("tl.take"), Rule("tl.win"))


class Take(NamedTuple):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class Deal(NamedTuple):
    size: int

    def __str__(self) -> str:
        return "deal"


def parse_move(text: str, players: int | None = None) -> Take:
    match = re.fullmatch(r"take\s+(\d+)", str(text).strip(), re.IGNORECASE)
    if not match:
        raise NotationError(msg("tl.error.move-format", text=text))
    return Take(int(match[1]))


Move = Take | Deal  # what a player or chance does


class State(core.State[Move]):
    game_id = GAME_ID
    OPTIONS = OPTIONS
    PLAYER_COUNTS = PLAYER_COUNTS
    FIELDS = ("pile", "current", "dealt")

    def __init__(
        self,
        players: int,
        seed: int = 0,
        options: dict | None = None,
        first_player: int = 0,
        seat_names: list[str] | None = None,
    ):
        super().__init__(players, seed, options, first_player, seat_names)
        self.pile, self.current, self.dealt = 0, first_player, False

    @property
    def to_move(self) -> int:
        if not self.dealt:
            return CHANCE
        return TERMINAL if self.is_terminal() else self.current

    def is_terminal(self) -> bool:
        return self.dealt and self.pile == 0

    def legal_moves(self) -> list[Move]:
        if self.to_move < 0:
            return []
        return [Take(count) for count in range(1, min(MOST, self.pile) + 1)]

    def why_not(self, move) -> Reason | None:
        if self.is_terminal():
            return Reason("tl.win", "tl.why.over")
        if type(move) is Deal:
            return None if move == self.chance_move() else Reason("tl.take", "tl.why.not-seeded")
        if not self.dealt:
            return Reason("tl.take", "tl.why.deal-first")
        if type(move) is not Take or not 1 <= move.count <= MOST:
            return Reason("tl.take", "tl.why.how-many", most=MOST)
        if move.count > self.pile:
            return Reason("tl.take", "tl.why.too-many", count=move.count, pile=self.pile)
        return None

    def chance_move(self):
        return Deal(random.Random(f"{GAME_ID}:{self.seed}").randint(10, 20)) if not self.dealt else None

    def _apply(self, move) -> None:
        if type(move) is Deal:
            self.pile, self.dealt = move.size, True
            return
        self.pile -= move.count
        if self.pile:
            self.current = (self.current + 1) % self.players

    def returns(self) -> list[float]:
        return [float(self.is_terminal() and seat == self.current) for seat in range(self.players)]

    def view(self, seat: int) -> dict:
        return {"seat": seat, "pile": self.pile, "to_move": self.to_move}

    def describe(self, before, move, after) -> list[Event]:
        if type(move) is Deal:
            return [Event("dealt", None, {"size": move.size})]
        events = [Event("took", before.current, {"count": move.count})]
        if after.pile == 0:
            events.append(Event("game-over"))
        return events


new_game = State
