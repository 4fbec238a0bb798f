"""How fast the app feels, measured against a one-button Voila notebook served in the same run.

    .venv/bin/python benchmarks/app_bench.py [--runs 5] [--clicks 20]

For each Voila setting it starts two servers with the repository's voila.json (the bare one
serves benchmarks/bare.ipynb with the same settings), drives Debian's Chromium and prints:

- first render: from navigation to the first card drawn on a learn page (to the button on
  the bare notebook); target at most 1.25 x the bare notebook;
- click to update: from a click on the lesson's Next to the new step drawn (to the new
  count on the bare notebook); target at most 1.5 x the bare notebook;
- the memory (RSS) of the kernel behind each page.

Times are medians, measured inside the browser (performance.now) so that Playwright's own
round trips do not count. Printed only: this is not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics

import psutil
from playwright.sync_api import sync_playwright
from voila_server import CLICK_TO_CHANGE, ROOT, VoilaServer, settings

from tutor.games import games
from widgets.app import page_file

APP_PAGE = page_file("learn", next(iter(games())))
APP_NOTEBOOK = APP_PAGE.partition("?")[0]
BARE_PAGE = "bare.ipynb"
FIRST_CARD = "[data-target^='card:']"
BARE_BUTTON = ".widget-button"
SETTINGS = {
    "plain kernels": ["--VoilaConfiguration.preheat_kernel=False"],
    "progressive rendering": [
        "--VoilaConfiguration.preheat_kernel=False",
        "--VoilaConfiguration.progressive_rendering=True",
    ],
    "voila.json (preheated kernels)": [],
}
# Records when a selector first matches, from the moment the navigation started.
FIRST_SEEN = """selector => {
  const look = () => { if (!window.__firstSeen && document.querySelector(selector)) window.__firstSeen = performance.now(); };
  new MutationObserver(look).observe(document, {subtree: true, childList: true});
}"""


def bare_config() -> dict:
    """The app's settings for the bare notebook: its folder, and a kernel pool as big as
    the measured page's."""
    config = settings()
    config["Voila"]["root_dir"] = str(ROOT / "benchmarks")
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config")
    if pools:
        config["VoilaKernelManager"]["kernel_pools_config"] = {
            "default": pools.get("default", {}),
            BARE_PAGE: pools.get(APP_NOTEBOOK, pools.get("default", {})),
        }
    return config


def load(context, server: VoilaServer, notebook: str, selector: str):
    """Open a page on a warm server: the page and the milliseconds until ``selector`` showed."""
    server.wait_until_warm()
    page = context.new_page()
    page.add_init_script(f"({FIRST_SEEN})({json.dumps(selector)})")
    page.goto(server.page_url(notebook))
    page.wait_for_selector(selector, timeout=120_000)
    server.used_a_pooled_kernel()
    server.wait_until_warm()  # clicks are measured without a kernel starting beside them
    return page, page.evaluate("window.__firstSeen")


def leave(page, server: VoilaServer) -> None:
    """Navigate away, as a learner does, and wait until Voila has shut the page's kernel
    down, so that the next measurement does not share the processor with it."""
    kernel_id = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    kernel = server.kernel(kernel_id)
    page.goto("about:blank")
    page.close()
    psutil.wait_procs([kernel] if kernel else [], timeout=30)


def app_clicks_ms(page, clicks: int) -> list[float]:
    """Next, then Back, and so on: each click draws a new step (board and text)."""
    page.wait_for_selector(".tutor-stepnav [data-target='next']:not([disabled])")
    return [
        page.evaluate(
            CLICK_TO_CHANGE, [f".tutor-stepnav [data-target='{'next' if number % 2 == 0 else 'back'}']", ".tutor-count"]
        )
        for number in range(clicks)
    ]


def bare_clicks_ms(page, clicks: int) -> list[float]:
    return [page.evaluate(CLICK_TO_CHANGE, [BARE_BUTTON, ".widget-label"]) for _ in range(clicks)]


def measure(browser, extra: list[str], runs: int, clicks: int) -> dict[str, list[float]]:
    servers = {
        "app": (VoilaServer(*extra, config=settings()), APP_PAGE, FIRST_CARD, app_clicks_ms),
        "bare": (VoilaServer(*extra, config=bare_config()), BARE_PAGE, BARE_BUTTON, bare_clicks_ms),
    }
    try:
        figures = {f"{name} {kind}": [] for name in servers for kind in ("render", "click", "kernel")}
        # One browser context per server, as a learner going from page to page: the
        # first load fills the browser's cache and is not counted.
        contexts = {name: browser.new_context(viewport={"width": 1536, "height": 1000}) for name in servers}
        for name, (server, notebook, selector, _) in servers.items():
            leave(load(contexts[name], server, notebook, selector)[0], server)
        for _ in range(runs):
            for name, (server, notebook, selector, click) in servers.items():
                page, rendered = load(contexts[name], server, notebook, selector)
                figures[f"{name} render"].append(rendered)
                figures[f"{name} click"] += click(page, clicks)
                figures[f"{name} kernel"].append(max(server.kernels_rss_mb()))  # the page's, or a pool's twin
                leave(page, server)
        figures["app pool kernels"] = [sum(servers["app"][0].kernels_rss_mb())]  # all pages left: the pools
        return figures
    finally:
        for server, *_ in servers.values():
            server.stop()


def spread(values: list[float], digits: int = 0) -> str:
    """The median, and in brackets the fastest and slowest: page loads vary a lot."""
    return f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"


def report(setting: str, figures: dict) -> None:
    median = {key: statistics.median(values) for key, values in figures.items()}
    render = median["app render"] / median["bare render"]
    click = median["app click"] / median["bare click"]
    print(f"{setting}:")
    print(
        f"  first render ms   app {spread(figures['app render'])}  bare {spread(figures['bare render'])}"
        f"  ratio {render:.2f} (target <= 1.25: {'ok' if render <= 1.25 else 'MISSED'})"
    )
    print(
        f"  click->update ms  app {spread(figures['app click'], 1)}  bare {spread(figures['bare click'], 1)}"
        f"  ratio {click:.2f} (target <= 1.5: {'ok' if click <= 1.5 else 'MISSED'})"
    )
    print(
        f"  kernel RSS MB     app {median['app kernel']:.0f}  bare {median['bare kernel']:.0f}"
        f"  (kernels kept waiting in the app's pools: {median['app pool kernels']:.0f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="page loads per page and setting")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per page load")
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for setting, extra in SETTINGS.items():
            report(setting, measure(browser, extra, args.runs, args.clicks))
        browser.close()


if __name__ == "__main__":
    main()
