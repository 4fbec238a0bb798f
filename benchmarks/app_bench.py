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
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
APP_PAGE = "monster-trick/learn.ipynb"
BARE_PAGE = "bare.ipynb"
FIRST_CARD = "[data-target^='card:']"
BARE_BUTTON = ".widget-button"
SETTINGS = {
    "plain kernels": ["--VoilaConfiguration.preheat_kernel=False"],
    "progressive rendering": ["--VoilaConfiguration.preheat_kernel=False",
                              "--VoilaConfiguration.progressive_rendering=True"],
    "voila.json (preheated kernels)": [],
}
# Records when a selector first matches, from the moment the navigation started.
FIRST_SEEN = """selector => {
  const look = () => { if (!window.__firstSeen && document.querySelector(selector)) window.__firstSeen = performance.now(); };
  new MutationObserver(look).observe(document, {subtree: true, childList: true});
}"""
# Clicks, then resolves with the milliseconds until the watched text changes.
CLICK_TO_CHANGE = """([click, watch]) => new Promise(resolve => {
  const before = document.querySelector(watch).textContent;
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const now = document.querySelector(watch);
    if (now && now.textContent !== before) { observer.disconnect(); resolve(performance.now() - start); }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true});
  document.querySelector(click).click();
})"""


class Server:
    """A Voila server reading voila.json from ``config_dir``. With preheated kernels its log
    says each time a pool is full again, so that every page load starts warm."""

    def __init__(self, config_dir: Path, extra: list[str]):
        config = json.loads((config_dir / "voila.json").read_text())
        pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
        preheat = config["VoilaConfiguration"].get("preheat_kernel") and "--VoilaConfiguration.preheat_kernel=False" not in extra
        self.fills_expected = sum(1 for name, pool in pools.items() if name != "default" and pool.get("pool_size")) \
            if preheat else 0
        with socket.socket() as probe:
            probe.bind(("localhost", 0))
            self.port = probe.getsockname()[1]
        self.log = tempfile.NamedTemporaryFile("w+", suffix=".log")
        self.process = subprocess.Popen([sys.executable, "-m", "voila", f"--port={self.port}", *extra],
                                        cwd=config_dir, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://localhost:{self.port}/", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(Path(self.log.name).read_text())
                time.sleep(0.2)

    def url(self, notebook: str) -> str:
        return f"http://localhost:{self.port}/voila/render/{notebook}"

    def wait_until_warm(self) -> None:
        deadline = time.monotonic() + 120
        while Path(self.log.name).read_text().count("is filled with") < self.fills_expected:
            if time.monotonic() > deadline:
                raise RuntimeError("the kernel pools did not fill within 2 minutes")
            time.sleep(0.2)

    def used_a_pooled_kernel(self) -> None:
        if self.fills_expected:
            self.fills_expected += 1

    def kernels(self) -> list[psutil.Process]:
        return [child for child in psutil.Process(self.process.pid).children(recursive=True)
                if "ipykernel_launcher" in " ".join(child.cmdline())]

    def kernels_rss_mb(self) -> list[float]:
        return sorted(kernel.memory_info().rss / 2**20 for kernel in self.kernels())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def bare_config(folder: Path) -> None:
    """voila.json for the bare notebook: the app's settings, its folder, and a kernel pool
    as big as the measured page's."""
    config = json.loads((ROOT / "voila.json").read_text())
    config["Voila"] = {key: value for key, value in config["Voila"].items() if key != "custom_display_url"}
    config["Voila"]["root_dir"] = str(ROOT / "benchmarks")
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config")
    if pools:
        config["VoilaKernelManager"]["kernel_pools_config"] = {
            "default": pools.get("default", {}), BARE_PAGE: pools.get(APP_PAGE, pools.get("default", {}))}
    (folder / "voila.json").write_text(json.dumps(config))


def load(context, server: Server, notebook: str, selector: str):
    """Open a page on a warm server: the page and the milliseconds until ``selector`` showed."""
    server.wait_until_warm()
    page = context.new_page()
    page.add_init_script(f"({FIRST_SEEN})({json.dumps(selector)})")
    page.goto(server.url(notebook))
    page.wait_for_selector(selector, timeout=120_000)
    server.used_a_pooled_kernel()
    server.wait_until_warm()  # clicks are measured without a kernel starting beside them
    return page, page.evaluate("window.__firstSeen")


def leave(page, server: Server) -> None:
    """Navigate away, as a learner does, and wait until Voila has shut the page's kernel
    down, so that the next measurement does not share the processor with it."""
    kernel_id = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    kernels = [kernel for kernel in server.kernels() if any(kernel_id in part for part in kernel.cmdline())]
    page.goto("about:blank")
    page.close()
    psutil.wait_procs(kernels, timeout=30)


def app_clicks_ms(page, clicks: int) -> list[float]:
    """Next, then Back, and so on: each click draws a new step (board and text)."""
    page.wait_for_selector(".tutor-stepnav [data-target='next']:not([disabled])")
    return [page.evaluate(CLICK_TO_CHANGE, [f".tutor-stepnav [data-target='{'next' if number % 2 == 0 else 'back'}']",
                                            ".tutor-count"]) for number in range(clicks)]


def bare_clicks_ms(page, clicks: int) -> list[float]:
    return [page.evaluate(CLICK_TO_CHANGE, [BARE_BUTTON, ".widget-label"]) for _ in range(clicks)]


def measure(browser, extra: list[str], runs: int, clicks: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        bare_config(Path(folder))
        servers = {"app": (Server(ROOT, extra), APP_PAGE, FIRST_CARD, app_clicks_ms),
                   "bare": (Server(Path(folder), extra), BARE_PAGE, BARE_BUTTON, bare_clicks_ms)}
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
    print(f"  first render ms   app {spread(figures['app render'])}  bare {spread(figures['bare render'])}"
          f"  ratio {render:.2f} (target <= 1.25: {'ok' if render <= 1.25 else 'MISSED'})")
    print(f"  click->update ms  app {spread(figures['app click'], 1)}  bare {spread(figures['bare click'], 1)}"
          f"  ratio {click:.2f} (target <= 1.5: {'ok' if click <= 1.5 else 'MISSED'})")
    print(f"  kernel RSS MB     app {median['app kernel']:.0f}  bare {median['bare kernel']:.0f}"
          f"  (kernels kept waiting in the app's pools: {median['app pool kernels']:.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="page loads per page and setting")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per page load")
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        for setting, extra in SETTINGS.items():
            report(setting, measure(browser, extra, args.runs, args.clicks))
        browser.close()


if __name__ == "__main__":
    main()
