"""Computer players for every game: one interface, three strengths and a random player.

A bot plays one seat. ``Bot.choose(state, seat)`` hands the bot's ``decide`` only what
that seat may know: ``state.view(seat)``, the seat's legal moves and the game's options
(public rules). Bots therefore cannot read hidden cards, and the same view always gives
the same choice for the same bot seed. ``Bot.advise`` gives the move with its reason: a
``Why``, which ``explain`` builds from the same view and the same weighing that chose the
move, told in the learner's language only when shown.

The strengths: a game's ``bot.py`` gives its ``Beginner`` (a new player's habits) and its
``Coach`` (a readable plan); the ``Expert`` is the same for every game: it deals again the
cards its seat has not seen (``resample_from_memory``, a function of the view, of the cards
the seat saw face up before and remembers, and of the bot's random numbers), plays each of
the coach's best candidates out in each of those deals with the coach's policy for every
seat, and keeps the one that leaves it furthest ahead (or best placed by the game's own
measure). The game says only where a playout stops, how many candidates and deals to weigh
and, if it likes, how to measure where a playout ends (``SEARCH``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from tutor.core import CHANCE, SIMULTANEOUS, State, TutorError
from tutor.games import Game
from tutor.messages import msg, said

STRENGTHS = ("beginner", "coach", "expert")
KINDS = ("random", *STRENGTHS)
# Bots that answer in milliseconds: the expert searches, far too slowly to play the games
# quizzes and drills are drawn from while a page loads.
QUICK_KINDS = ("random", "beginner", "coach")

# The moves a bot chooses among: its game's moves a seat makes (chance's deals are not among them).
SeatMoveT = TypeVar("SeatMoveT")
# What a seat may see (``State.view``) and the game's options (public rules), as a bot is handed them.
View = dict[str, Any]
Options = dict[str, str]


class Seat(int):
    """A seat number among a reason's fields: told as the seat's name."""


class Why:
    """Why a bot makes a move, as data: the catalog key of its sentence and the fields that
    fill it (cards, numbers, ``Seat`` numbers, and other ``Why`` values for the sentence's
    parts). It is told (``told``) only when shown, so it follows the page's language."""

    __slots__ = ("fields", "key")

    def __init__(self, key: str, **fields: Any) -> None:
        self.key, self.fields = key, fields

    def told(self, names: list[str]) -> str:
        """The sentence, the seats called by ``names``."""
        return msg(self.key, **{name: _told(value, names) for name, value in self.fields.items()})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Why) and (self.key, self.fields) == (other.key, other.fields)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Why({self.key!r}, {self.fields!r})"


def _told(value: object, names: list[str]) -> object:
    if isinstance(value, Seat):
        return names[value]
    if isinstance(value, Why):
        return value.told(names)
    return said(value)


class Advice(NamedTuple, Generic[SeatMoveT]):
    """A move a bot makes or recommends, and why."""

    move: SeatMoveT
    why: Why


class Bot(Generic[SeatMoveT]):
    """A player for one seat; subclasses implement ``decide`` and ``explain``."""

    kind = ""

    def __init__(self, game: Game, seed: int | str = 0) -> None:
        self.game = game
        self.rng = random.Random(f"bot:{game.id}:{self.kind}:{seed}")

    @property
    def name(self) -> str:
        return msg(f"bot.{self.kind}.name")

    @property
    def description(self) -> str:
        return msg(f"bot.{self.kind}.{self.game.id}")

    def choose(self, state: State[Any], seat: int) -> SeatMoveT:
        """The move this bot makes for ``seat`` now (``seat`` must be able to move)."""
        moves = seat_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        return self.decide(state.view(seat), moves, state.options)

    def advise(self, state: State[Any], seat: int) -> Advice[SeatMoveT]:
        """The move ``choose`` makes, and why."""
        moves = seat_moves(state, seat)
        view = state.view(seat)
        if len(moves) == 1:
            return Advice(moves[0], self.forced(view, moves[0]))
        move = self.decide(view, moves, state.options)
        return Advice(move, self.explain(view, move, moves, state.options))

    def forced(self, view: View, move: SeatMoveT) -> Why:
        """Why ``move``, the only legal one, is made: the rule that leaves nothing else, as the
        game's bot module tells it from the view, or else just that it is the only move."""
        part = self.game.part("bot")
        why: Why | None = part.forced(view, move) if part is not None else None
        return why or Why("bot.why.only", player=Seat(view["seat"]))

    def decide(self, view: View, moves: list[SeatMoveT], options: Options) -> SeatMoveT:
        raise NotImplementedError

    def explain(self, view: View, move: SeatMoveT, moves: list[SeatMoveT], options: Options) -> Why:
        """Why this bot, weighing ``moves`` as ``decide`` does, chose ``move``."""
        raise NotImplementedError

    def ranked(self, view: View, moves: list[SeatMoveT], options: Options) -> Sequence[SeatMoveT]:
        """``moves`` best first as this bot weighs them (here: its choice, then the rest)."""
        best = self.decide(view, moves, options)
        return [best, *(move for move in moves if move != best)]


class RandomBot(Bot[Any]):
    """Any legal move, uniformly: the baseline the coaches are measured against."""

    kind = "random"

    def decide(self, view: View, moves: list[Any], options: Options) -> Any:
        return moves[int(self.rng.random() * len(moves))]

    def explain(self, view: View, move: Any, moves: list[Any], options: Options) -> Why:
        return Why("bot.why.random", player=Seat(view["seat"]), count=len(moves))


class Search(NamedTuple):
    """What a game's expert weighs: the coach's ``shortlist`` best candidates (None: every
    move) in ``deals`` deals of the unseen cards, each played out until ``over(start, now)``
    and measured by ``worth(now, seat)`` (the default: ``lead``)."""

    deals: int
    over: Callable[[Any, Any], bool]  # over(start, now): two states of the game
    shortlist: int | None = None
    worth: Callable[[Any, int], float] | None = None


class Expert(Bot[Any]):
    """Flat Monte Carlo over determinized deals, with the coach as the playout policy; a
    candidate that clearly trails after a few deals gets no more of them (``_still_open``)."""

    kind = "expert"

    def __init__(self, game: Game, seed: int | str = 0) -> None:
        super().__init__(game, seed)
        # (make_bot gives a game without a bot module random players only)
        self.coach = game.bot.Coach(game, seed)
        self.search = game.bot.SEARCH

    def choose(self, state: State[Any], seat: int) -> Any:
        moves = seat_moves(state, seat)
        return moves[0] if len(moves) == 1 else self.advise(state, seat).move

    def advise(self, state: State[Any], seat: int) -> Advice[Any]:
        moves = seat_moves(state, seat)
        view = state.view(seat)
        if len(moves) == 1:
            return Advice(moves[0], self.coach.forced(view, moves[0]))
        candidates = self.coach.ranked(view, moves, state.options)[: self.search.shortlist]
        worth = self.search.worth or lead
        worths: list[list[float]] = [[] for _ in candidates]  # per candidate: its measure in each deal
        alive = list(range(len(candidates)))
        for _ in range(self.search.deals):
            deal = state.resample_from_memory(seat, self.rng)
            deal.seed = self.rng.randrange(2**31)  # later deals and reshuffles are unknown too
            for index in alive:
                line = deal.clone()
                line.push(candidates[index])
                self._play_out(deal, line)
                worths[index].append(worth(line, seat))
            alive = self._still_open(alive, worths)
            if len(alive) == 1:
                break
        # The best total over the deals every survivor played (ties: the coach's order).
        move = candidates[max(alive, key=lambda index: sum(worths[index]))]
        # The coach's words for what the move does, and what the search added to them.
        plan = self.coach.explain(view, move, moves, state.options)
        deals = max(map(len, worths))
        return Advice(move, Why("bot.why.expert", plan=plan, deals=deals, others=len(candidates) - 1))

    def _still_open(self, alive: list[int], worths: list[list[float]]) -> list[int]:
        """The candidates still worth playing out: once a few deals are in, a candidate that
        trails the best one in clearly more than chance explains (paired over the same deals,
        by ``CLEAR`` standard errors) is dropped, and its deals go to the others."""
        played = len(worths[alive[0]])
        if played < max(FIRST_LOOK, self.search.deals // 4):
            return alive
        best = max(alive, key=lambda index: sum(worths[index]))
        return [index for index in alive if index == best or not _clearly_behind(worths[best], worths[index])]

    def _play_out(self, start: State[Any], line: State[Any]) -> None:
        over, coach = self.search.over, self.coach
        while not line.is_terminal() and not over(start, line):
            mover = line.to_move
            if mover == CHANCE:
                line.push(line.chance_move())
                continue
            if mover == SIMULTANEOUS:
                mover = line.legal_moves()[0].seat
            line.push(coach.choose(line, mover))


# The expert's early stop: it looks after this many deals (or a quarter of them), and drops a candidate whose
# paired shortfall exceeds this many standard errors.
FIRST_LOOK = 4
CLEAR = 3.0


def _clearly_behind(best: list[float], other: list[float]) -> bool:
    """Whether ``other`` trails ``best`` by more than ``CLEAR`` standard errors of the paired gaps."""
    gaps = [mine - theirs for mine, theirs in zip(best, other, strict=True)]
    count = len(gaps)
    mean = sum(gaps) / count
    if mean <= 0:
        return False
    spread = sum((gap - mean) ** 2 for gap in gaps) / (count - 1)
    return mean * mean * count > CLEAR * CLEAR * spread


def lead(state: State[Any], seat: int) -> float:
    """How far ``seat`` is ahead of the best other seat (behind: negative)."""
    returns = state.returns()
    return returns[seat] - max(value for other, value in enumerate(returns) if other != seat)


def seat_moves(state: State[Any], seat: int) -> list[Any]:
    """The legal moves of ``seat``: in a simultaneous step each move names its seat."""
    if state.to_move == SIMULTANEOUS:
        return [move for move in state.legal_moves() if move.seat == seat]
    return state.legal_moves() if state.to_move == seat else []


def play_out(state: State[Any], bots: Sequence[Bot[Any]]) -> int:
    """Play ``state`` to its end, chance from the seed and every seat from its bot.
    Returns the number of player moves made."""
    moves = 0
    while not state.is_terminal():
        mover = state.to_move
        if mover == CHANCE:
            state.push(state.chance_move())
            continue
        if mover == SIMULTANEOUS:
            mover = state.legal_moves()[0].seat
        state.push(bots[mover].choose(state, mover))
        moves += 1
    return moves


def make_bot(game: Game, kind: str, seed: int | str = 0) -> Bot[Any]:
    """A new bot of ``kind`` (one of ``KINDS``) for ``game``, seeded. A game without a
    bot module of its own gets the random player in every seat."""
    if kind not in KINDS:
        raise TutorError(msg("bot.error.unknown", game=game.id, kind=kind, known=", ".join(KINDS)))
    part = game.part("bot")
    if part is None or kind == "random":
        return RandomBot(game, seed)
    bot: type[Bot[Any]] = Expert if kind == "expert" else getattr(part, kind.capitalize())
    return bot(game, seed)


def make_bots(game: Game, kinds: list[str], players: int, seed: int | str = 0) -> list[Bot[Any]]:
    """One bot per seat, ``kinds[seat]`` each, seeded from ``seed`` and the seat."""
    if len(kinds) != players:
        raise TutorError(msg("bot.error.count", count=len(kinds), players=players))
    return [make_bot(game, kind, f"{seed}:{seat}") for seat, kind in enumerate(kinds)]


def decisions(game: Game, rng: random.Random) -> Iterator[tuple[State[Any], int]]:
    """(state, seat to move) at every decision of one game played by seeded quick bots
    (QUICK_KINDS, a random mix): the positions quizzes and drills ask about. Clone a state
    before keeping it."""
    players = rng.choice(list(game.player_counts))
    state = game.new_game(players, seed=rng.randrange(10**6), seat_names=game.seat_names(players))
    seat_bots = make_bots(game, [rng.choice(QUICK_KINDS) for _ in range(players)], players, rng.randrange(10**6))
    while not state.is_terminal():
        if state.to_move == CHANCE:
            state.push(state.chance_move())
            continue
        seat = state.legal_moves()[0].seat if state.to_move == SIMULTANEOUS else state.to_move
        yield state, seat
        state.push(seat_bots[seat].choose(state, seat))
