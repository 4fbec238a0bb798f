"""``python -m tutor check|simulate|bench``: lesson checking and engine figures."""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from tutor.bots import make_bots, play_out
from tutor.core import CHANCE, TutorError
from tutor.games import game as registered, games as registered_games
from tutor.record_checks import check_file
from tutor.messages import msg


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description="Card-game rules tutor tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="verify lesson, record-check and record files against the engines")
    check.add_argument("files", nargs="+")
    simulate = commands.add_parser("simulate", help="play random games and print figures as JSON")
    simulate.add_argument("--game", choices=registered_games(), required=True)
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bots", help="one bot kind per seat, comma-separated, e.g. coach,random,random,random "
                                         "(default: every seat plays random legal moves)")
    bench = commands.add_parser("bench", help="random-legal actions per second, one JSON line per player count")
    bench.add_argument("--game", choices=registered_games(), required=True)
    bench.add_argument("--players", type=int, nargs="*")
    bench.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            return run_check(args.files)
        if args.command == "simulate":
            bot_kinds = args.bots.split(",") if args.bots else None
            print(json.dumps(simulate_games(args.game, args.players, args.games, args.seed, bot_kinds)))
            return 0
        for line in run_bench(args.game, args.players, args.seconds):
            print(json.dumps(line), flush=True)
        return 0
    except TutorError as error:
        print(error, file=sys.stderr)
        return 2


def run_check(files: list[str]) -> int:
    """One line per problem, every file checked whatever happens in another; the summary
    goes to stderr after the problems are out."""
    if hasattr(sys.stdout, "reconfigure"):  # a name the terminal cannot show is escaped, not fatal
        sys.stdout.reconfigure(errors="backslashreplace")
    problems = 0
    for file in files:
        for problem in _problems_of(file):
            print(one_line(problem))
            problems += 1
    sys.stdout.flush()
    if problems:
        print(msg("lesson.summary-failed", failures=problems, count=len(files)), file=sys.stderr, flush=True)
        return 1
    print(msg("lesson.summary-ok", count=len(files)), file=sys.stderr, flush=True)
    return 0


def _problems_of(file: str) -> list[str]:
    try:
        return check_file(file)
    except (MemoryError, RecursionError):
        return [msg("input.too-complex", file=file)]
    except Exception:  # a fault in the tutor: report it with the file and go on with the batch
        return [msg("input.internal", file=file)]


def one_line(text: str) -> str:
    """``text`` with line breaks, terminal escapes and other unseen characters written out
    (as \\n, \\x1b, ...), so that a problem is one line and a file cannot drive the terminal."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def play_random_game(entry, players: int, seed: int, rng: random.Random):
    """One game to the end with random legal moves; returns (state, player actions)."""
    state = entry.new_game(players, seed=seed)
    actions = 0
    while not state.is_terminal():
        if state.to_move != CHANCE:
            actions += 1
        state.push(state.random_move(rng))
    return state, actions


def simulate_games(game: str, players: int, games: int, seed: int, bot_kinds: list[str] | None = None) -> dict:
    """Figures over ``games`` games: random legal moves, or the bot kinds given per seat."""
    entry = registered(game)
    rng = random.Random(f"simulate:{game}:{seed}")
    states, actions = [], 0
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        if bot_kinds:
            state = entry.new_game(players, seed=game_seed)
            made = play_out(state, make_bots(game, bot_kinds, players, game_seed))
        else:
            state, made = play_random_game(entry, players, game_seed, rng)
        states.append(state)
        actions += made
    wins = Counter(seat for state in states for seat in state.winners())
    figures = {"game": game, "players": players, "games": games, "seed": seed, "player_actions": actions,
               "wins_per_seat": [wins[seat] for seat in range(players)]}
    if bot_kinds:
        figures["bots"] = bot_kinds
    stats = entry.part("stats")
    if stats is not None:
        figures.update(stats.summarize(states))
    return figures


def baseline_ops_per_second(seconds: float) -> float:
    """A fixed pure-Python workload (pick, append, pop), timed in the same run, so figures
    from a busy or slower machine can be compared by their ratio to it."""
    rng, items, done = random.Random(0), list(range(12)), 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(1000):
            stack = [items[int(rng.random() * 12)]]
            stack.append(stack.pop() + 1)
        done += 1000
    return done / (time.perf_counter() - started)


def run_bench(game: str, player_counts: list[int] | None, seconds: float):
    """Random-legal player actions per second (chance events are applied but not counted),
    each line with the same-run baseline and the ratio to it."""
    entry = registered(game)
    play_random_game(entry, 2, 0, random.Random(0))  # load catalogs and data before timing
    for players in player_counts or list(entry.player_counts):
        baseline = baseline_ops_per_second(seconds / 4)
        rng = random.Random(f"bench:{game}:{players}")
        actions, games, started = 0, 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            _, made = play_random_game(entry, players, games, rng)
            actions += made
            games += 1
        elapsed = time.perf_counter() - started
        yield {"game": game, "players": players, "games": games, "player_actions": actions,
               "seconds": round(elapsed, 3), "actions_per_second": round(actions / elapsed),
               "baseline_ops_per_second": round(baseline), "ratio_to_baseline": round(actions / elapsed / baseline, 4)}
