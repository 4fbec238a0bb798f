"""How many learners one machine holds: N learners arrive at once on a learn page.

    .venv/bin/python benchmarks/load_bench.py [--learners 1,5,10,20,40] [--deadline 180] [--pool P]

For each N a fresh Voila server is started with the repository's voila.json and, as a
teacher does before a class, its learn page's pool sized for the class
(``--TutorKernelManager.class_size=N``, or P with ``--pool``); the round starts once the
pools are full and their kernels quiet. Then N Chromium browser contexts (one per learner,
loopback only: any other address fails) open the first game's learn page at the same moment
and step through its first lesson (Next to the end, Back to the start, twice). Printed per
N, with N = 1 as the baseline of the same run:

- first render: from the start of navigation to the first card drawn (p50, p95), and how
  many learners had no page within the deadline ("blank") or were told the tutor is busy;
- page sent: from the start of navigation until the browser had the page's HTML (p95): the
  server's and the kernel's part of the first render, the rest is the browser's (Voila's
  front end, about 5 MB of scripts, loaded and run by every learner's browser);
- click to updated step: from a click on Next/Back to the new step drawn, measured inside
  the browser (p50, p95);
- processor: the seconds of processor time used during the round by the server's one
  process (it renders every page and carries every message, so its share cannot be spread
  over more cores), by its kernels (pool refills included), and by the learners' browsers
  (on this machine too, unlike a class's);
- memory: the peak of the summed RSS of the server and all its kernels during the round;
- kernels left: kernels still running 30 s after every learner left, beyond the pools;
- per kernel: the memory of one pool kernel waiting for its learner, before the round.

Printed only: this is not a test. It takes a few minutes per N on two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

import psutil
from playwright.async_api import async_playwright
from voila_server import CLICK_TO_CHANGE, ROOT, PeakMemory, VoilaServer, percentile, processor_seconds, settings

from tutor.games import games
from tutor.lessons import bundled_lessons, load_lesson
from widgets.app import page_file

GAME = next(iter(games()))
PAGE = page_file("learn", GAME)
FIRST_CARD = "[data-target^='card:']"
COUNT = ".tutor-count"
STEPS = len(load_lesson(bundled_lessons(GAME)[0]).steps)  # Next to the last step, Back to the first
MAX_LEARNERS = 60
# Loopback only: every other address goes to a proxy that is not there, so it fails at once
# (route interception would do it too, but it drops the beacon a page sends as it is left).
LOOPBACK_ONLY = {
    "server": "http://127.0.0.1:9",
    "bypass": "localhost,127.0.0.1",
}  # bounded: each learner is a browser context on this machine
# Counts the "tutor is busy" pages a learner was shown (each one reloads itself).
COUNT_BUSY = """addEventListener('DOMContentLoaded', () => {
  if (document.querySelector('[data-tutor-busy]')) sessionStorage.tutorBusy = (+sessionStorage.tutorBusy || 0) + 1;
})"""


async def learner(browser, url: str, deadline: float, rounds: int) -> dict:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    await context.add_init_script(COUNT_BUSY)
    page = await context.new_page()
    figures = {"render": None, "sent": None, "clicks": [], "busy": 0}
    start = time.monotonic()
    try:
        await page.goto(url, wait_until="commit", timeout=max(1, deadline - start) * 1000)
        await page.locator(FIRST_CARD).first.wait_for(timeout=max(1, deadline - time.monotonic()) * 1000)
        figures["render"] = time.monotonic() - start
        figures["sent"] = await page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd / 1000")
        await page.locator(".tutor-stepnav [data-target='next']:not([disabled])").wait_for(timeout=30_000)
        for _ in range(rounds):
            for direction in ["next"] * (STEPS - 1) + ["back"] * (STEPS - 1):
                click = f".tutor-stepnav [data-target='{direction}']"
                figures["clicks"].append(await asyncio.wait_for(page.evaluate(CLICK_TO_CHANGE, [click, COUNT]), 30))
    except Exception as error:
        figures["error"] = type(error).__name__
    try:
        figures["busy"] = int(await page.evaluate("+sessionStorage.tutorBusy || 0"))
        await page.goto("about:blank")  # leaving: the page asks for its kernel to be shut down
        await asyncio.sleep(2)  # the request goes out after the page is gone
    except Exception:
        pass
    await context.close()
    return figures


def cpu_seconds(server: VoilaServer) -> tuple[float, float, float]:
    """Processor seconds used so far by the server's own process, by its kernels, and by
    everything else this benchmark started (Playwright's driver and the browser)."""
    served = {process.pid for process in server.processes()}
    others = 0.0
    for process in psutil.Process().children(recursive=True):
        if process.pid not in served:
            try:
                times = process.cpu_times()  # with its children that ended (closed tabs)
                others += times.user + times.system + times.children_user + times.children_system
            except psutil.Error:
                pass
    return (*processor_seconds(server), others)


async def round_of(browser, learners: int, args, overrides: list[str]) -> dict:
    config = settings(args.root.resolve())
    kernels = config.setdefault("TutorKernelManager", {})
    kernels["class_size"] = args.pool if args.pool is not None else learners
    if args.max_kernels is not None:
        kernels["max_kernels"] = args.max_kernels
    server = VoilaServer(*overrides, config=config)
    deadline_s, rounds = args.deadline, args.rounds
    try:
        started = time.monotonic()
        server.wait_until_warm(seconds=120 + 30 * sum(server.pools.values()))
        filled = time.monotonic() - started
        pool_kernels = len(server.kernels())
        per_kernel = statistics.median(server.kernels_rss_mb())
        deadline = time.monotonic() + deadline_s
        with PeakMemory(server) as memory:
            before = cpu_seconds(server)
            results = await asyncio.gather(
                *(learner(browser, server.page_url(PAGE), deadline, rounds) for _ in range(learners))
            )
            after = cpu_seconds(server)
        await asyncio.sleep(30)  # leaving pages shut their kernels; the pools refill
        renders = [result["render"] for result in results if result["render"] is not None]
        sent = [result["sent"] for result in results if result["sent"] is not None]
        clicks = [ms for result in results for ms in result["clicks"]]
        return {
            "learners": learners,
            "pool": sum(server.pools.values()),
            "filled": filled,
            "renders": renders,
            "sent": sent,
            "clicks": clicks,
            "blank": learners - len(renders),
            "busy": sum(1 for result in results if result["busy"]),
            "memory": memory.peak,
            "server cpu": after[0] - before[0],
            "kernel cpu": after[1] - before[1],
            "browser cpu": after[2] - before[2],
            "per kernel": per_kernel,
            "left": max(0, len(server.kernels()) - pool_kernels),
        }
    finally:
        server.stop()


def row(figures: dict) -> str:
    renders, clicks = figures["renders"], figures["clicks"]
    render = f"{statistics.median(renders):6.1f} {percentile(renders, 0.95):6.1f}" if renders else f"{'-':>6} {'-':>6}"
    render += f" {percentile(figures['sent'], 0.95):5.1f}" if figures["sent"] else f" {'-':>5}"
    click = f"{statistics.median(clicks):7.0f} {percentile(clicks, 0.95):7.0f}" if clicks else f"{'-':>7} {'-':>7}"
    return (
        f"{figures['learners']:>4} | {figures['pool']:>4} {figures['filled']:6.0f} | {render} |"
        f" {figures['blank']:>5} {figures['busy']:>4} | {click} |"
        f" {figures['server cpu']:6.0f} {figures['kernel cpu']:7.0f} {figures['browser cpu']:8.0f} |"
        f" {figures['memory']:8.0f}"
        f" {figures['per kernel']:6.0f} | {figures['left']:>4}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", default="1,5,10,20,40", help="comma-separated counts of learners")
    parser.add_argument("--deadline", type=float, default=180, help="seconds a round may last")
    parser.add_argument("--rounds", type=int, default=2, help="times each learner steps through the lesson")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve (its voila.json)")
    parser.add_argument("--pool", type=int, help="pre-started kernels for the learn page (default: the learners)")
    parser.add_argument("--max-kernels", type=int, help="TutorKernelManager.max_kernels (default: voila.json's)")
    args, voila_options = parser.parse_known_args()  # the rest goes to voila, e.g. --Class.trait=value
    counts = [int(count) for count in args.learners.split(",")]
    if max(counts) > MAX_LEARNERS:
        parser.error(f"at most {MAX_LEARNERS} learners on one machine")
    print(
        f"{psutil.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GB; page {PAGE}; learn pool"
        f" {args.pool if args.pool is not None else 'N (the class)'}; max kernels"
        f" {args.max_kernels or 'as voila.json, raised for the pools'}; deadline {args.deadline:.0f} s"
    )
    print(
        "pools: kernels started ahead, and the seconds until they were full and quiet; times: render and page"
        " sent (p95) in s,"
        " click in ms; processor s: the server's process, its kernels, the browsers; memory: peak RSS of server and kernels, and"
        " one waiting kernel's, in MB"
    )
    print(
        "   N | pool filled | render p50    p95  sent | blank busy |  click p50   p95 | server kernels browsers |"
        "   memory kernel | left"
    )
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            proxy=LOOPBACK_ONLY,
        )
        for learners in counts:
            print(row(await round_of(browser, learners, args, voila_options)), flush=True)
        await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
