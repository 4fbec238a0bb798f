"""What a first visit downloads: bytes on the wire and requests, per page kind, beside bare Voila.

    .venv/bin/python benchmarks/transfer_bench.py [--visits 1]

It starts the app with the repository's voila.json and, as the baseline of the same run,
Voila with its own defaults serving benchmarks/bare.ipynb (one button and one label). Each
page kind of the first game (and the landing and classroom pages) is opened in a fresh
browser context, as a learner's first visit with an empty cache; the page counts as loaded
once its widgets are drawn and the network is quiet. Printed per page kind:

- bytes on the wire over HTTP (headers and bodies as received, compressed or not: Chromium's
  ``encodedDataLength``), and the share of them that is scripts;
- HTTP requests that reached the server (not answered from the browser's cache), and how many of them were served uncompressed although bigger than 1 KB
  of text (scripts, styles, JSON, HTML);
- the widget messages the kernel sent over its websocket (payload bytes);
- and, for the learn page, a next visit: the same browser opening another game's learn
  page (its cache warm).

Then, with Lighthouse (``npm install lighthouse``; ``--lighthouse`` names its command, found on
the PATH or in ./node_modules/.bin otherwise), its mobile performance score and largest
contentful paint for the learn page and for bare Voila, in the same run (Lighthouse drives
Debian's Chromium: CHROME_PATH).

Targets: a first visit to a learn page at most 1.6 MB on the wire; its largest paint at most
half of bare Voila's. Printed only: this is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import sync_playwright
from voila_server import ROOT, VoilaServer, settings

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, LOOPBACK_ONLY  # the browser the tests drive
from tutor.games import games
from widgets.app import HOME, SECTIONS, page_file

TARGET_LEARN_MB = 1.6
DRAWN = "[data-page-title]"  # every tutor page's navigation bar, drawn by its widgets
BARE_DRAWN = ".widget-button"
TEXT_TYPES = ("script", "stylesheet", "document", "xhr", "fetch")


@dataclass
class Visit:
    bytes: int = 0
    script_bytes: int = 0
    requests: int = 0
    uncompressed: list[str] = field(default_factory=list)
    websocket_bytes: int = 0


def record(page) -> Visit:
    """Counts what the page receives from now on, through Chromium's own network log."""
    visit, responses, from_cache = Visit(), {}, set()
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")

    def received(event: dict) -> None:
        responses[event["requestId"]] = (event["type"].lower(), event["response"])

    def cached(event: dict) -> None:
        from_cache.add(event["requestId"])

    def finished(event: dict) -> None:
        kind, response = responses.get(event["requestId"], ("other", {}))
        size = int(event["encodedDataLength"])
        visit.bytes += size
        if event["requestId"] in from_cache or response.get("fromDiskCache"):
            return
        visit.requests += 1
        if kind == "script":
            visit.script_bytes += size
        headers = {name.lower(): value for name, value in response.get("headers", {}).items()}
        if kind in TEXT_TYPES and size > 1500 and "content-encoding" not in headers and response.get("status") == 200:
            visit.uncompressed.append(response["url"].rsplit("/", 1)[-1].partition("?")[0])

    def frame(event: dict) -> None:
        visit.websocket_bytes += len(event["response"]["payloadData"])

    session.on("Network.responseReceived", received)
    session.on("Network.requestServedFromCache", cached)
    session.on("Network.loadingFinished", finished)
    session.on("Network.webSocketFrameReceived", frame)
    return visit


def open_page(context, url: str, drawn: str) -> Visit:
    page = context.new_page()
    visit = record(page)
    page.goto(url)
    page.wait_for_selector(drawn, timeout=180_000)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)  # widget messages still coming after the last request
    page.goto("about:blank")  # leaving the page shuts its kernel down
    page.close()
    return visit


def first_visit(browser, url: str, drawn: str) -> Visit:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        return open_page(context, url, drawn)
    finally:
        context.close()


def next_visit(browser, first: str, then: str) -> Visit:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        open_page(context, first, DRAWN)
        return open_page(context, then, DRAWN)
    finally:
        context.close()


def bare_config() -> dict:
    """Voila with its own defaults (lab template, no pools), serving the bare notebook."""
    return {"Voila": {"root_dir": str(ROOT / "benchmarks"), "open_browser": False}}


def lighthouse(command: str, url: str) -> tuple[float, float]:
    """Lighthouse's mobile performance score (0-1) and largest contentful paint (s) of a first visit."""
    found = lighthouse_report(command, url)
    return (
        found["categories"]["performance"]["score"],
        found["audits"]["largest-contentful-paint"]["numericValue"] / 1000,
    )


def lighthouse_report(command: str, url: str) -> dict:
    """Lighthouse's report (its mobile profile, performance only) of a first visit to ``url``.
    On a busy machine Lighthouse may give up on one of its other audits (it then exits with an
    error) and still have scored the performance: its report is read either way."""
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(
            [
                command,
                url,
                "--only-categories=performance",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
                f"--chrome-flags={flags}",
            ],
            env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
            capture_output=True,
            timeout=600,
        )
        return json.loads(report.read_text())


def lighthouse_command(asked: str | None) -> str | None:
    return asked or shutil.which("lighthouse") or shutil.which("lighthouse", path=str(ROOT / "node_modules" / ".bin"))


def megabytes(value: float) -> str:
    return f"{value / 1e6:6.2f} MB"


def line(name: str, visits: list[Visit]) -> str:
    median = {
        key: statistics.median(getattr(visit, key) for visit in visits)
        for key in ("bytes", "script_bytes", "requests", "websocket_bytes")
    }
    uncompressed = sorted({name for visit in visits for name in visit.uncompressed})
    return (
        f"  {name:<22} {megabytes(median['bytes'])}  scripts {megabytes(median['script_bytes'])}"
        f"  {median['requests']:4.0f} requests  websocket {median['websocket_bytes'] / 1e3:6.0f} kB"
        f"  uncompressed text: {len(uncompressed)}{' (' + ', '.join(uncompressed[:4]) + ')' if uncompressed else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=1, help="first visits per page kind (medians printed)")
    parser.add_argument("--lighthouse", help="Lighthouse's command (default: found on the PATH or in node_modules)")
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs per page (medians printed)")
    arguments = parser.parse_args()
    first_game, other_game = list(games())[:2]
    pages = {
        "landing": HOME,
        **{section: page_file(section, first_game) for section in SECTIONS},
        **{
            f"classroom {path.stem}": f"classroom/{path.name}"
            for path in sorted((ROOT / "notebooks" / "classroom").glob("*.ipynb"))
        },
    }
    app, bare = VoilaServer(config=settings()), VoilaServer(config=bare_config())
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=LOOPBACK_ONLY)
            figures = {
                "bare Voila (bare.ipynb)": [
                    first_visit(browser, bare.page_url("bare.ipynb"), BARE_DRAWN) for _ in range(arguments.visits)
                ]
            }
            for name, address in pages.items():
                figures[name] = [first_visit(browser, app.page_url(address), DRAWN) for _ in range(arguments.visits)]
            figures["learn, next visit"] = [
                next_visit(browser, app.page_url(pages["learn"]), app.page_url(page_file("learn", other_game)))
            ]
            browser.close()
        print("First visit, empty cache (medians):")
        for name, visits in figures.items():
            print(line(name, visits))
        learn = statistics.median(visit.bytes for visit in figures["learn"]) / 1e6
        verdict = "ok" if learn <= TARGET_LEARN_MB else "MISSED"
        print(f"learn page first visit {learn:.2f} MB (target <= {TARGET_LEARN_MB}: {verdict})", flush=True)
        command = lighthouse_command(arguments.lighthouse)
        if not command:
            print("Lighthouse not found: npm install lighthouse, or --lighthouse COMMAND")
            return
        targets = {"learn": app.page_url(pages["learn"]), "bare Voila": bare.page_url("bare.ipynb")}
        scores: dict[str, list[tuple[float, float]]] = {name: [] for name in targets}
        for _ in range(arguments.lighthouse_runs):  # taking turns, so that the machine's load falls on both
            for name, url in targets.items():
                scores[name].append(lighthouse(command, url))
    finally:
        app.stop()
        bare.stop()
    print("Lighthouse, mobile (medians):")
    for name, runs in scores.items():
        print(
            f"  {name:<22} performance {statistics.median(score for score, _ in runs):.2f}"
            f"  largest paint {statistics.median(paint for _, paint in runs):5.1f} s"
        )
    paints = {name: statistics.median(paint for _, paint in runs) for name, runs in scores.items()}
    ratio = paints["learn"] / paints["bare Voila"]
    print(
        f"learn page's largest paint / bare Voila's: {ratio:.2f} (target <= 0.5: {'ok' if ratio <= 0.5 else 'MISSED'})"
    )


if __name__ == "__main__":
    main()
