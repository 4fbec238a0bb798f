"""``python -m tutor check|simulate|duel|bench|texts``: lesson checking, engine figures, bot strengths and
the texts' files."""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tutor.bots import make_bots, play_out
from tutor.core import CHANCE, TERMINAL, State, TutorError
from tutor.duel import HEADER, PAIRINGS, duel
from tutor.games import Game
from tutor.games import game as registered
from tutor.games import games as registered_games
from tutor.lessons import language_problems, lesson_warnings
from tutor.messages import DEFAULT_LANGUAGE, LANGUAGES, msg, set_language
from tutor.record_checks import check_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description="Card-game rules tutor tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="verify lesson, record-check and record files against the engines")
    check.add_argument("files", nargs="+")
    check.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="the language of the report")
    check.add_argument(
        "--require-languages",
        type=language_list,
        default=[],
        metavar="en,fr,nl",
        help="name every text of a lesson that lacks one of these languages",
    )
    simulate = commands.add_parser("simulate", help="play random games and print figures as JSON")
    simulate.add_argument("--game", choices=registered_games(), required=True)
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument(
        "--bots",
        help="one bot kind per seat, comma-separated, e.g. coach,random,random,random "
        "(default: every seat plays random legal moves)",
    )
    duels = commands.add_parser("duel", help="seeded games between the strengths: win shares with 95 % intervals")
    duels.add_argument("--game", choices=registered_games(), required=True)
    duels.add_argument("--players", type=int, default=2)
    duels.add_argument("--games", type=int, default=2000)
    duels.add_argument("--seed", type=int, default=0)
    duels.add_argument("--first", type=int, default=0, help="the number of the first game (a duel in parts)")
    duels.add_argument(
        "--pairing",
        choices=[f"{stronger}-{weaker}" for stronger, weaker in PAIRINGS],
        action="append",
        help="one strength against the other (default: each in turn)",
    )
    bench = commands.add_parser("bench", help="random-legal actions per second, one JSON line per player count")
    bench.add_argument("--game", choices=registered_games(), required=True)
    bench.add_argument("--players", type=int, nargs="*")
    bench.add_argument("--seconds", type=float, default=2.0)
    texts = commands.add_parser("texts", help="write every text the tutor shows, one file per language")
    texts.add_argument("--out", default=None, help="the folder (default: texts/ beside tutor/)")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            set_language(args.lang)
            return run_check(args.files, args.require_languages)
        if args.command == "texts":
            from tutor import texts as all_texts  # plays seeded games: only for this command

            for path in all_texts.write(Path(args.out) if args.out else all_texts.OUT):
                print(path)
            return 0
        if args.command == "simulate":
            bot_kinds = args.bots.split(",") if args.bots else None
            print(json.dumps(simulate_games(registered(args.game), args.players, args.games, args.seed, bot_kinds)))
            return 0
        if args.command == "duel":
            print(HEADER)
            for pairing in args.pairing or [f"{stronger}-{weaker}" for stronger, weaker in PAIRINGS]:
                stronger, weaker = pairing.split("-")
                played = duel(registered(args.game), args.players, stronger, weaker, args.games, args.seed, args.first)
                print(played.row(), flush=True)
            return 0
        for line in run_bench(registered(args.game), args.players, args.seconds):
            print(json.dumps(line), flush=True)
        return 0
    except TutorError as error:
        print(error, file=sys.stderr)
        return 2


def language_list(text: str) -> list[str]:
    codes = [code.strip().lower() for code in text.split(",") if code.strip()]
    for code in codes:
        if code not in LANGUAGES:
            raise argparse.ArgumentTypeError(msg("checks.unknown-language", code=code, known=", ".join(LANGUAGES)))
    return codes


def run_check(files: list[str], languages: list[str] | None = None) -> int:
    """One line per problem, every file checked whatever happens in another; the summary
    goes to stderr after the problems are out."""
    if hasattr(sys.stdout, "reconfigure"):  # a name the terminal cannot show is escaped, not fatal
        sys.stdout.reconfigure(errors="backslashreplace")
    problems = 0
    for file in files:
        for problem in _problems_of(file, languages):
            print(one_line(problem))
            problems += 1
        for warning in _warnings_of(file):  # said, but the lesson holds
            print(one_line(warning))
    sys.stdout.flush()
    if problems:
        print(msg("lesson.summary-failed", failures=problems, count=len(files)), file=sys.stderr, flush=True)
        return 1
    print(msg("lesson.summary-ok", count=len(files)), file=sys.stderr, flush=True)
    return 0


def _problems_of(file: str, languages: list[str] | None = None) -> list[str]:
    try:
        return check_file(file) + language_problems(file, languages or [])
    except (MemoryError, RecursionError):
        return [msg("input.too-complex", file=file)]
    except Exception:  # a fault in the tutor: report it with the file and go on with the batch
        return [msg("input.internal", file=file)]


def _warnings_of(file: str) -> list[str]:
    try:
        return lesson_warnings(file)
    except Exception:  # a file the check above already reported on
        return []


KEPT_SPACES = "\u00a0\u202f"  # French spaces beside punctuation: seen, and harmless on a terminal


def one_line(text: str) -> str:
    """``text`` with line breaks, terminal escapes and other unseen characters written out
    (as \\n, \\x1b, ...), so that a problem is one line and a file cannot drive the terminal."""
    return "".join(char if char.isprintable() or char in KEPT_SPACES else ascii(char)[1:-1] for char in text)


def play_random_game(entry: Game, players: int, seed: int, rng: random.Random) -> tuple[State[Any], int]:
    """One game to the end with random legal moves; returns (state, player actions)."""
    state = entry.new_game(players, seed=seed)
    actions = 0
    # one question per step, as OpenSpiel's current_player(): who moves says if it is over
    while (mover := state.to_move) != TERMINAL:
        if mover != CHANCE:
            actions += 1
        state.push(state.random_move(rng))
    return state, actions


def simulate_games(game: Game, players: int, games: int, seed: int, bot_kinds: list[str] | None = None) -> dict:
    """Figures over ``games`` games: random legal moves, or the bot kinds given per seat.
    Each game adds to the figures and is dropped, so memory does not grow with ``games``."""
    rng = random.Random(f"simulate:{game.id}:{seed}")
    tally = game.stats.Figures(players) if game.has("stats") else None
    wins: Counter[int] = Counter()  # games won (shared wins too) by seat
    actions = 0
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        if bot_kinds:
            state = game.new_game(players, seed=game_seed)
            made = play_out(state, make_bots(game, bot_kinds, players, game_seed))
        else:
            state, made = play_random_game(game, players, game_seed, rng)
        actions += made
        wins.update(state.winners())
        if tally is not None:
            tally.add(state)
    figures = {
        "game": game.id,
        "players": players,
        "games": games,
        "seed": seed,
        "player_actions": actions,
        "wins_per_seat": [wins[seat] for seat in range(players)],
    }
    if bot_kinds:
        figures["bots"] = bot_kinds
    if tally is not None:
        figures.update(tally.result())
    return figures


BASELINE = "open_spiel oh_hell, 4 players, 4 suits of 12"
# The baseline and the game take turns in slices this long (CPU seconds), so a change in
# the load of a shared machine slows both alike instead of skewing their ratio.
SLICE = 0.2


def openspiel_games() -> Iterator[int] | None:
    """OpenSpiel's Oh Hell played with random legal moves through its Python API, one game
    after another: yields each game's player actions (chance outcomes are applied but not
    counted, as for the tutor's games). None without the ``bench`` extra."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 12})
    rng = random.Random(0)

    def games() -> Iterator[int]:
        while True:
            state, actions = game.new_initial_state(), 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    actions += 1
            yield actions

    return games()


def tutor_games(entry: Game, players: int, rng: random.Random) -> Iterator[int]:
    """The tutor's game played with random legal moves, one seed after another: yields each
    game's player actions."""
    for seed in itertools.count():
        yield play_random_game(entry, players, seed, rng)[1]


def take_turns(runs: list, seconds: float) -> list[tuple[int, int, float]]:
    """Play the games of each run in turn, SLICE by SLICE, until each has had ``seconds`` of
    this process's CPU time; returns (games, player actions, CPU seconds) per run."""
    games, actions, spent = [0] * len(runs), [0] * len(runs), [0.0] * len(runs)
    turn = min(SLICE, seconds)
    while min(spent) < seconds:
        for index, run in enumerate(runs):
            started = time.process_time()
            while (used := time.process_time() - started) < turn:
                games[index] += 1
                actions[index] += next(run)
            spent[index] += used
    return list(zip(games, actions, spent))


def run_bench(game: Game, player_counts: list[int] | None, seconds: float) -> Iterator[dict[str, object]]:
    """Random-legal player actions per second (chance events are applied but not counted),
    each line beside OpenSpiel's Oh Hell timed in turns with it in the same run, and the ratio."""
    play_random_game(game, 2, 0, random.Random(0))  # load catalogs and data before timing
    for players in player_counts or list(game.player_counts):
        runs = [tutor_games(game, players, random.Random(f"bench:{game.id}:{players}"))]
        baseline_run = openspiel_games()
        if baseline_run is None:
            print(msg("bench.no-baseline"), file=sys.stderr)
        else:
            runs.append(baseline_run)
        (games, actions, spent), *baseline = take_turns(runs, seconds)
        speed = actions / spent
        base_speed = baseline[0][1] / baseline[0][2] if baseline else None
        yield {
            "game": game.id,
            "players": players,
            "games": games,
            "player_actions": actions,
            "actions_per_second": round(speed),
            "baseline": BASELINE,
            "baseline_actions_per_second": round(base_speed) if base_speed else None,
            "ratio_to_baseline": round(speed / base_speed, 3) if base_speed else None,
        }
