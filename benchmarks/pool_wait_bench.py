"""Whether a visitor waits for a pool: visitors arriving one by one, beside bare Voila.

    .venv/bin/python benchmarks/pool_wait_bench.py [--visitors 10] [--gaps 2 30] [--pages learn landing ...]

For each condition (a quiet machine, then another process keeping one core busy) it starts
two servers with the repository's voila.json, the app's and one serving benchmarks/bare.ipynb
with a pool as big as the learn page's, and waits until their pools are full. Then visitors
arrive one by one: the first right after the servers are ready, the others 2 to 30 s apart
(seeded). Each visitor opens every page kind asked for on the app, and bare.ipynb on the bare
server, each in a fresh browser context (a first visit), and leaves it. Printed per condition
and page kind, from the start of navigation (measured in the browser): the first render (the
page's first view, widgets/first_view.py; bare Voila's button) and the page live (its widgets
drawn and the first view gone), each as median and slowest, the first visitor's, and the ratio
of the slowest to bare Voila's median (target: every visitor within 1.25 x bare Voila's median).

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

from app_bench import BARE_BUTTON, BARE_PAGE, bare_config
from playwright.sync_api import sync_playwright
from voila_server import ROOT, VoilaServer, settings

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, LOOPBACK_ONLY  # the browser the tests drive
from tutor.games import games
from widgets.app import HOME, SECTIONS, page_file
from widgets.classroom.page import PAGES as CLASS_PAGES

SEED = 27
DRAWN = "[data-page-title]"  # a tutor page's navigation bar, drawn with the rest of its widgets
TARGET = 1.25
BUSY_CORE = "while True: pass"


def page_kinds() -> dict[str, str]:
    teach, join = CLASS_PAGES  # the teacher's page and a learner's, each with its own small pool
    return {
        "landing": HOME,
        **{section: page_file(section, next(iter(games()))) for section in SECTIONS},
        "teach": teach,
        "join": join,
    }


# When the first render and the live page appeared (the first view's element, then the live
# page's with the first view gone; a page without a first view renders first when live).
SEEN = """([live, first]) => {
  const look = () => {
    const now = performance.now(), drawn = document.querySelector(live), shown = document.querySelector(first);
    if (!window.__firstRender && (drawn || shown)) window.__firstRender = now;
    if (!window.__live && drawn && !shown) window.__live = now;
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true});
}"""
FIRST_VIEW = ".tutor-first-view"


def render_ms(browser, url: str, drawn: str) -> tuple[float, float]:
    """A first visit: from navigation to its first render and to the page live; then the visitor leaves."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(f"({SEEN})({json.dumps([drawn, FIRST_VIEW])})")
        page.goto(url)
        page.wait_for_function("window.__live", timeout=180_000)
        first, live = page.evaluate("[window.__firstRender, window.__live]")
        page.goto("about:blank")  # leaving the page shuts its kernel down
        return first, live
    finally:
        context.close()


def visitors(browser, pages: dict[str, str], count: int, gaps: tuple[float, float]) -> dict[str, list[float]]:
    app, bare = VoilaServer(config=settings()), VoilaServer(config=bare_config())
    try:
        app.wait_until_warm()
        bare.wait_until_warm()
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in [*pages, "bare Voila"]}
        pause = random.Random(SEED)
        for number in range(count):
            if number:
                time.sleep(pause.uniform(*gaps))
            for name, address in pages.items():
                times[name].append(render_ms(browser, app.page_url(address), DRAWN))
            times["bare Voila"].append(render_ms(browser, bare.page_url(BARE_PAGE), BARE_BUTTON))
        return times
    finally:
        app.stop()
        bare.stop()


def report(condition: str, times: dict[str, list[tuple[float, float]]]) -> None:
    bare = statistics.median(first for first, _ in times["bare Voila"])
    print(f"{condition}: ms, median [slowest] (first visitor), ratio of the slowest to bare Voila's median")
    for name, pairs in times.items():
        line = f"  {name:12}"
        for label, values in (("first render", [first for first, _ in pairs]), ("live", [live for _, live in pairs])):
            slowest = max(values) / bare
            verdict = "" if name == "bare Voila" else f" {slowest:.2f} ({'ok' if slowest <= TARGET else 'MISSED'})"
            line += f"  {label} {statistics.median(values):5.0f} [{max(values):5.0f}] ({values[0]:5.0f}){verdict}"
        print(line)


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
