"""Whether a visitor waits for a pool: visitors arriving one by one, beside bare Voila.

    .venv/bin/python benchmarks/pool_wait_bench.py [--visitors 10] [--gaps 2 30] [--pages learn landing ...]

For each condition (a quiet machine, then another process keeping one core busy) it starts
two servers with the repository's voila.json, the app's and one serving benchmarks/bare.ipynb
with a pool as big as the learn page's, and waits until their pools are full. Then visitors
arrive one by one: the first right after the servers are ready, the others 2 to 30 s apart
(seeded). Each visitor opens every page kind asked for on the app, and bare.ipynb on the bare
server, each in a fresh browser context (a first visit), and leaves it. Printed per condition
and page kind: the first render (from the start of navigation to the page's widgets drawn,
measured in the browser), median and slowest, the first visitor's, and the ratio of the
median to bare Voila's (target: every visitor within 1.25 x bare Voila's median).

Printed only: this is not a test. With the defaults it takes about an hour.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from app_bench import BARE_BUTTON, BARE_PAGE, FIRST_SEEN, bare_config
from playwright.sync_api import sync_playwright
from voila_server import ROOT, VoilaServer, settings

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, LOOPBACK_ONLY  # the browser the tests drive

from tutor.games import games
from widgets.app import HOME, SECTIONS, page_file

SEED = 27
DRAWN = "[data-page-title]"  # a tutor page's navigation bar, drawn with the rest of its widgets
TARGET = 1.25
BUSY_CORE = "while True: pass"


def page_kinds() -> dict[str, str]:
    return {"landing": HOME, **{section: page_file(section, next(iter(games()))) for section in SECTIONS}}


def first_render_ms(browser, url: str, drawn: str) -> float:
    """A first visit: from navigation to ``drawn`` on screen; then the visitor leaves."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(f"({FIRST_SEEN})({json.dumps(drawn)})")
        page.goto(url)
        page.wait_for_selector(drawn, timeout=180_000)
        rendered = page.evaluate("window.__firstSeen")
        page.goto("about:blank")  # leaving the page shuts its kernel down
        return rendered
    finally:
        context.close()


def visitors(browser, pages: dict[str, str], count: int, gaps: tuple[float, float]) -> dict[str, list[float]]:
    app, bare = VoilaServer(settings()), VoilaServer(bare_config())
    try:
        app.wait_until_warm()
        bare.wait_until_warm()
        times: dict[str, list[float]] = {name: [] for name in [*pages, "bare Voila"]}
        pause = random.Random(SEED)
        for number in range(count):
            if number:
                time.sleep(pause.uniform(*gaps))
            for name, address in pages.items():
                times[name].append(first_render_ms(browser, app.url(address), DRAWN))
            times["bare Voila"].append(first_render_ms(browser, bare.url(BARE_PAGE), BARE_BUTTON))
        return times
    finally:
        app.stop()
        bare.stop()


def report(condition: str, times: dict[str, list[float]]) -> None:
    bare = statistics.median(times["bare Voila"])
    print(f"{condition}: first render ms, median [slowest] (first visitor), ratio of the slowest to bare's median")
    for name, values in times.items():
        slowest = max(values) / bare
        verdict = "" if name == "bare Voila" else f"  {slowest:.2f} ({'ok' if slowest <= TARGET else 'MISSED'})"
        print(f"  {name:12} {statistics.median(values):6.0f} [{max(values):6.0f}] ({values[0]:6.0f}){verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--gaps", type=float, nargs=2, default=(2, 30), help="seconds between visitors")
    parser.add_argument("--pages", nargs="+", default=list(page_kinds()), choices=list(page_kinds()))
    arguments = parser.parse_args()
    pages = {name: address for name, address in page_kinds().items() if name in arguments.pages}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=LOOPBACK_ONLY)
        report("quiet machine", visitors(browser, pages, arguments.visitors, tuple(arguments.gaps)))
        busy = subprocess.Popen([sys.executable, "-c", BUSY_CORE])
        try:
            report("one core busy", visitors(browser, pages, arguments.visitors, tuple(arguments.gaps)))
        finally:
            busy.kill()
            busy.wait()
        browser.close()


if __name__ == "__main__":
    main()
