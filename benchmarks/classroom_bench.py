"""How fast a teacher's step reaches every learner of a class, for both classroom stores.

    .venv/bin/python benchmarks/classroom_bench.py [--rounds 30] [--learners 5 20 40]

For each store (SQLite in a temporary folder, and a throwaway Debian redis-server on a free
loopback port) and each class size, it starts one process per learner. Each joins the class
and polls ``Learner.view()`` every ``POLL_SECONDS``, as a learner page does, and reports the
moment it first sees a new version. The teacher (this process) clicks Next ``--rounds`` times
at uneven intervals; for each click it takes the time from the click to the last learner having
the new step. Printed: p50 and p95 of that time (target: p95 <= 1 s at 40 learners), the cost of
one learner poll under that load, and, as the baseline timed in the same run, one bare store
round trip (``get_class``) with no learners running. Printed only: this is not a test.

Times are ``time.monotonic()``, one clock for every process on Linux.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' throwaway redis-server

from classroom_stores import RedisServer, require_redis_server  # noqa: E402

from tutor.classroom import POLL_SECONDS, Classrooms, open_store  # noqa: E402

SEED = 15


def learner_page(address: str, code: str, number: int, ready, stop, seen, poll_costs) -> None:
    """One learner's kernel: join, then poll the teacher's step like the learner page."""
    learner = Classrooms(open_store(address)).join(code, f"Learner {number}")
    ready.put(number)
    time.sleep(random.Random(SEED + number).uniform(0, POLL_SECONDS))  # pages do not poll in step
    version, costs = -1, []
    while not stop.is_set():
        began = time.monotonic()
        view = learner.view()
        now = time.monotonic()
        costs.append(now - began)
        if view.version != version:
            version = view.version
            seen.put((number, version, now))
        time.sleep(POLL_SECONDS)
    poll_costs.put(costs)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bare_round_trip(address: str, samples: int = 300) -> list[float]:
    store = open_store(address)
    store.create_class("BASE23", {}, {}, expires_at=time.time() + 60)
    times = []
    for _ in range(samples):
        began = time.monotonic()
        store.get_class("BASE23")
        times.append(time.monotonic() - began)
    store.close()
    return times


def run_class(address: str, learners: int, rounds: int) -> tuple[list[float], list[float]]:
    """Step-to-everyone latencies of ``rounds`` clicks, and every learner poll's cost."""
    context = multiprocessing.get_context("spawn")
    teacher = Classrooms(open_store(address)).start("thricewise", "bench", "en", steps=rounds + 1)
    ready, seen, poll_costs, stop = context.Queue(), context.Queue(), context.Queue(), context.Event()
    pages = [
        context.Process(target=learner_page, args=(address, teacher.code, number, ready, stop, seen, poll_costs))
        for number in range(learners)
    ]
    for page in pages:
        page.start()
    for _ in pages:
        ready.get(timeout=120)
    time.sleep(2 * POLL_SECONDS)
    while not seen.empty():  # the first version every page sees on joining
        seen.get()
    pace = random.Random(SEED)
    latencies = []
    for _ in range(rounds):
        time.sleep(pace.uniform(0.3, 0.7))
        clicked = time.monotonic()
        version = teacher.next().version
        last = {}
        while len(last) < learners:
            number, seen_version, at = seen.get(timeout=30)
            if seen_version >= version:
                last.setdefault(number, at)
        latencies.append(max(last.values()) - clicked)
    stop.set()
    costs = [cost for _ in pages for cost in poll_costs.get(timeout=60)]
    for page in pages:
        page.join()
    teacher.store.close()
    return latencies, costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30, help="teacher clicks per class size")
    parser.add_argument("--learners", type=int, nargs="+", default=[5, 20, 40])
    options = parser.parse_args()
    require_redis_server()
    milliseconds = 1000
    print(
        f"learner pages poll every {POLL_SECONDS * milliseconds:.0f} ms; {options.rounds} teacher clicks per row;"
        f" {multiprocessing.cpu_count()} cores\n"
    )
    header = (
        f"{'store':<8}{'learners':>9}{'step->all p50':>15}{'p95':>8}{'max':>8}"
        f"{'poll p50':>10}{'poll p95':>10}{'p95 <= 1 s':>12}"
    )
    with tempfile.TemporaryDirectory() as folder, RedisServer() as redis_address:
        stores = {"sqlite": f"sqlite://{Path(folder) / 'classroom.db'}", "redis": redis_address}
        print("baseline: one bare store round trip (get_class), no learners running")
        for name, address in stores.items():
            trips = bare_round_trip(address)
            print(
                f"  {name:<8} p50 {percentile(trips, 0.5) * milliseconds:.3f} ms"
                f"  p95 {percentile(trips, 0.95) * milliseconds:.3f} ms"
            )
        print("\n" + header)
        for name, address in stores.items():
            for learners in options.learners:
                latencies, costs = run_class(address, learners, options.rounds)
                p95 = percentile(latencies, 0.95)
                print(
                    f"{name:<8}{learners:>9}"
                    f"{statistics.median(latencies) * milliseconds:>12.0f} ms{p95 * milliseconds:>5.0f} ms"
                    f"{max(latencies) * milliseconds:>5.0f} ms"
                    f"{percentile(costs, 0.5) * milliseconds:>7.2f} ms{percentile(costs, 0.95) * milliseconds:>7.2f} ms"
                    f"{'yes' if p95 <= 1 else 'NO':>12}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
