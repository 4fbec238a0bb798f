"""A phone's first view as Lighthouse's mobile profile measures it: the learn page against a
one-button Voila notebook served with the same settings, in the same run.

    .venv/bin/python benchmarks/lighthouse_bench.py [--runs 3] [--game monster-trick] [--lighthouse COMMAND]

Lighthouse comes from npm (``npm install lighthouse``; ``--lighthouse`` names its command, found
on the PATH or in ./node_modules/.bin otherwise) and drives Debian's Chromium headless. Two
servers with the repository's voila.json, warm (their kernel pools full and quiet), take turns:
the learn page of ``--game`` and benchmarks/bare.ipynb. Printed per run and as medians: largest
contentful paint (LCP), first contentful paint (FCP) and total blocking time under Lighthouse's
simulated phone network and processor, and which element the largest paint was (the first
view's text, or the live page's drawn seconds later). benchmarks/transfer_bench.py gives the
bytes behind these figures. Target: the learn page's LCP at most 2.5 s. Printed only: not a test.
"""

from __future__ import annotations

import argparse
import statistics

from app_bench import BARE_PAGE, bare_config
from transfer_bench import lighthouse_command, lighthouse_report
from voila_server import VoilaServer, settings

from widgets.app import page_file

METRICS = {"LCP": "largest-contentful-paint", "FCP": "first-contentful-paint", "TBT": "total-blocking-time"}
TARGET_LCP_MS = 2500


def measured(command: str, url: str) -> dict:
    """The metrics (ms) of one Lighthouse run and the largest paint's element."""
    audits = lighthouse_report(command, url)["audits"]
    found = {name: audits[audit]["numericValue"] for name, audit in METRICS.items()}
    groups = audits.get("largest-contentful-paint-element", {}).get("details", {}).get("items", [])
    nodes = [item["node"] for group in groups for item in group.get("items", []) if "node" in item]
    node = nodes[0] if nodes else {}
    found["element"] = f"{node.get('selector', '?')} {node.get('nodeLabel', '')[:40]!r}"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (medians printed)")
    parser.add_argument("--game", default="monster-trick", help="the game whose learn page is measured")
    parser.add_argument("--lighthouse", help="Lighthouse's command (default: found on the PATH or in node_modules)")
    arguments = parser.parse_args()
    command = lighthouse_command(arguments.lighthouse)
    if not command:
        raise SystemExit("Lighthouse not found: npm install lighthouse, or --lighthouse COMMAND")
    pages = {
        "learn page": (VoilaServer(config=settings()), page_file("learn", arguments.game)),
        "bare Voila": (VoilaServer(config=bare_config()), BARE_PAGE),
    }
    results: dict[str, list[dict]] = {name: [] for name in pages}
    try:
        for run in range(arguments.runs):  # taking turns, so that the machine's load falls on both
            for name, (server, address) in pages.items():
                server.wait_until_warm()
                found = measured(command, server.page_url(address))
                server.used_a_pooled_kernel()
                results[name].append(found)
                print(
                    f"run {run + 1}  {name:10}  LCP {found['LCP'] / 1000:5.2f} s  FCP {found['FCP'] / 1000:5.2f} s"
                    f"  TBT {found['TBT']:5.0f} ms  largest: {found['element']}",
                    flush=True,
                )
    finally:
        for server, _ in pages.values():
            server.stop()
    print("Lighthouse, mobile, simulated throttling (medians):")
    for name, runs in results.items():
        median = {metric: statistics.median(run[metric] for run in runs) for metric in METRICS}
        print(
            f"  {name:10}  LCP {median['LCP'] / 1000:5.2f} s  FCP {median['FCP'] / 1000:5.2f} s"
            f"  TBT {median['TBT']:5.0f} ms"
        )
    learn = statistics.median(run["LCP"] for run in results["learn page"])
    verdict = "ok" if learn <= TARGET_LCP_MS else "MISSED"
    print(f"learn page LCP {learn / 1000:.2f} s (target <= {TARGET_LCP_MS / 1000} s: {verdict})")


if __name__ == "__main__":
    main()
