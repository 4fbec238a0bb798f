"""How long each strength takes to decide a move, beside a baseline timed in the same run.

    .venv/bin/python benchmarks/bot_bench.py [--games 3] [--players 2 4]

For each game and player count it plays seeded games (the seats take the strengths in
turn) and, at every decision with more than one legal move, times each strength's choice
for the seat to move. The baseline is the engine's own step at the same positions: one
``legal_moves`` and one ``apply`` of a move on a clone (what a random player costs). It prints,
per strength, the median and slowest time per move on the clock and in processor time (on a
shared machine the clock also counts the other processes' turns), the ratio of the median to
the baseline, and the peak memory a decision allocates (tracemalloc). The expert's target:
every move within 1 s of one core of the 2-core machine the tutor is served from. Printed
only: this is not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from tutor.bots import STRENGTHS, make_bot, make_bots, seat_moves
from tutor.core import CHANCE, SIMULTANEOUS
from tutor.games import game as registered
from tutor.games import games

EXPERT_LIMIT = 1.0  # seconds a move


def positions(game: str, players: int, count: int):
    """(state, seat) at decisions with a choice, from ``count`` seeded coach-and-beginner games."""
    entry = registered(game)
    for number in range(count):
        state = entry.new_game(players, seed=number)
        seat_bots = make_bots(entry, (["coach", "beginner"] * players)[:players], players, number)
        while not state.is_terminal():
            if state.to_move == CHANCE:
                state.push(state.chance_move())
                continue
            seat = state.legal_moves()[0].seat if state.to_move == SIMULTANEOUS else state.to_move
            if len(seat_moves(state, seat)) > 1:
                yield state.clone(), seat
            state.push(seat_bots[seat].choose(state, seat))


def engine_step(state, seat) -> None:
    """The baseline: what one random move costs the engine."""
    moves = state.legal_moves()
    state.clone().push(moves[len(moves) // 2])


def timed(decide, spots) -> tuple[list[float], int]:
    """Seconds per call of ``decide(state, seat)`` over ``spots``, and the peak bytes one call allocated."""
    times, peak = [], 0
    for state, seat in spots:
        tracemalloc.start()
        start = time.perf_counter()
        decide(state, seat)
        times.append(time.perf_counter() - start)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return times, peak


def untraced(decide, spots) -> tuple[list[float], list[float]]:
    """Seconds per call without tracemalloc (which slows Python code several times): on the
    clock, and of this process's processor time (the clock counts other processes' turns on a
    shared machine too)."""
    clock, processor = [], []
    for state, seat in spots:
        start, start_cpu = time.perf_counter(), time.process_time()
        decide(state, seat)
        clock.append(time.perf_counter() - start)
        processor.append(time.process_time() - start_cpu)
    return clock, processor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games whose decisions are timed")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--every", type=int, default=3, help="time the expert at one decision in this many")
    args = parser.parse_args()
    print(
        "| game | players | who | moves timed | median µs | slowest ms | median processor µs "
        "| slowest processor ms | median / baseline | peak memory KiB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    over_limit = []
    for game in sorted(games()):
        for players in args.players:
            if players not in registered(game).player_counts:
                continue
            spots = list(positions(game, players, args.games))
            rng = random.Random(f"bench:{game}:{players}")
            expert_spots = [spot for spot in spots if rng.randrange(args.every) == 0]
            base, base_cpu = untraced(engine_step, spots)
            _, base_peak = timed(engine_step, spots)
            baseline = statistics.median(base)
            print(row(game, players, "engine step (baseline)", base, base_cpu, baseline, base_peak))
            for strength in ("random", *STRENGTHS):
                bot = make_bot(registered(game), strength, 0)
                chosen = expert_spots if strength == "expert" else spots
                times, cpu = untraced(bot.choose, chosen)
                _, peak = timed(bot.choose, chosen[:20])
                print(row(game, players, strength, times, cpu, baseline, peak))
                if strength == "expert" and max(cpu) > EXPERT_LIMIT:
                    over_limit.append(f"{game} at {players}: {max(cpu):.2f} s")
    print("expert over 1 s of processor time a move:", ", ".join(over_limit) if over_limit else "never")


def row(game, players, who, times, cpu, baseline, peak) -> str:
    median = statistics.median(times)
    return (
        f"| {game} | {players} | {who} | {len(times)} | {median * 1e6:.0f} | {max(times) * 1000:.1f} "
        f"| {statistics.median(cpu) * 1e6:.0f} | {max(cpu) * 1000:.1f} | {median / baseline:.0f} | {peak / 1024:.0f} |"
    )


if __name__ == "__main__":
    main()
