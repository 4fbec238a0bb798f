"""Voila serving this checkout, for the browser tests and the benchmarks alike, and what
every benchmark measures of it the same way.

``VoilaServer``: Voila on a free port, reading the checkout's voila.json as the README's
command does, or (``config``) a copy of those settings changed as a benchmark needs, its log
at INFO level so that it says when each pool of pre-started kernels is full; its kernels,
their memory, and waiting until the pools are full and quiet, as a teacher does before a
class. ``processor_seconds`` and ``PeakMemory``: what the server and its kernels used during
a round. ``CLICK_TO_CHANGE``: the one way a click is timed, from the click to the change it
makes to the page (a browser times it with this script, a protocol-level client in
capacity_bench.py as the same span on the kernel's messages)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from serving.kernels import CLASS_PAGE  # noqa: E402 - the checkout served
from tutor.messages import msg_in  # noqa: E402

FILLED = "is filled with"  # Voila's log line when a pool is full
# Where the server listens, as its console says it: in the tutor's words (serving.console.Friendly,
# in English: the server runs with LANGUAGE=en) or, with a benchmark's settings, in Voila's.
PRINTED_ADDRESS = re.compile(
    re.escape(msg_in("en", "publish.console.ready", url="ADDRESS")).replace("ADDRESS", r"(http\S+)")
)
VOILA_ADDRESS = re.compile(r"Voilà is running at:\s+(http\S+)")
# Clicks, then resolves with the milliseconds until the watched text changes (measured in the
# browser, so that the driver's own round trips do not count).
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


def settings(root: Path = ROOT) -> dict:
    """``root``'s voila.json, its notebook folder made absolute (the server runs elsewhere)."""
    config = json.loads((root / "voila.json").read_text())
    config["Voila"]["root_dir"] = str(root / config["Voila"].get("root_dir", "."))
    return config


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        return probe.getsockname()[1]


class VoilaServer:
    """``VoilaServer(*options)``: ``voila`` run from the checkout, so that it reads voila.json as
    the README's command does, with command-line ``options`` (``--Class.trait=value``) added.
    ``config`` (see ``settings``): those settings instead, from a folder of their own, logged
    at INFO level. ``environment``: variables added to this process's (``TUTOR_CLASS_STORE``).
    It listens on ``port`` (a free one if not given), or on another one if that is taken:
    ``url`` is the address it printed. Its console goes to ``log`` (a file in its folder if not
    given)."""

    def __init__(
        self,
        *options: str,
        config: dict | None = None,
        port: int | None = None,
        environment: dict[str, str] | None = None,
        log: Path | None = None,
    ):
        self.folder = tempfile.TemporaryDirectory()
        self.pools: dict[str, int] = {}
        if config is not None:
            config = json.loads(json.dumps(config))
            config["Voila"].pop("logging_config", None)
            config["Voila"].pop("custom_display_url", None)
            config["Voila"]["log_level"] = "INFO"
            (Path(self.folder.name) / "voila.json").write_text(json.dumps(config))
            self.pools = pools(config, options)
        self.fills_expected = len(self.pools)
        self.log = log or Path(self.folder.name) / "voila.log"
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "voila", f"--port={port or free_port()}", *options],
            cwd=ROOT if config is None else self.folder.name,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            env={**os.environ, "LANGUAGE": "en", **(environment or {})},
        )
        self.url = self._wait_until_up()
        self.port = urlsplit(self.url).port

    def _wait_until_up(self, seconds: float = 120) -> str:
        """The address Voila printed, once it answers there."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"voila stopped at start:\n{self.log.read_text()}")
            said = self.log.read_text(errors="replace")
            printed = PRINTED_ADDRESS.search(said) or VOILA_ADDRESS.search(said)
            if printed:
                try:
                    urllib.request.urlopen(printed.group(1), timeout=5).close()
                    return printed.group(1)
                except OSError:
                    pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"voila did not answer within {seconds:.0f} s:\n{self.log.read_text()}")

    def page_url(self, notebook: str) -> str:
        """The address of a page (``app.page_file``) on this server."""
        return f"{self.url}voila/render/{notebook}"

    def used_a_pooled_kernel(self) -> None:
        """A page took a pool's kernel: its pool says it is full again once refilled."""
        if self.pools:
            self.fills_expected += 1

    def wait_until_warm(self, seconds: float = 600) -> None:
        """Every pool full, and its kernels done with the work they do before a visitor
        comes (quiet: other programs on the machine may not be)."""
        deadline = time.monotonic() + seconds
        while self.log.read_text().count(FILLED) < self.fills_expected or len(self.kernels()) < sum(
            self.pools.values()
        ):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"the kernel pools did not fill in {seconds:.0f} s")
            time.sleep(0.3)
        while self.cpu_percent() > 10 and time.monotonic() < deadline:
            pass

    def cpu_percent(self, interval: float = 1.0) -> float:
        """The processor share the server and its kernels used over ``interval`` seconds."""
        processes = self.processes()
        for process in processes:
            try:
                process.cpu_percent()
            except psutil.Error:
                pass
        time.sleep(interval)
        total = 0.0
        for process in processes:
            try:
                total += process.cpu_percent()
            except psutil.Error:
                pass
        return total

    def processes(self) -> list[psutil.Process]:
        server = psutil.Process(self.process.pid)
        return [server, *server.children(recursive=True)]

    def kernels(self) -> list[psutil.Process]:
        found = []
        for process in self.processes()[1:]:
            try:
                if "ipykernel" in " ".join(process.cmdline()):
                    found.append(process)
            except psutil.Error:
                pass  # a kernel that ended while the list was read (culled, or a page left)
        return found

    def kernel(self, kernel_id: str) -> psutil.Process | None:
        """The kernel process of that id (its connection file is named after it)."""
        for kernel in self.kernels():
            try:
                if any(kernel_id in part for part in kernel.cmdline()):
                    return kernel
            except psutil.Error:
                pass
        return None

    def kernels_rss_mb(self) -> list[float]:
        return sorted(kernel.memory_info().rss / 2**20 for kernel in self.kernels())

    def rss_mb(self) -> float:
        """Server and kernels together."""
        total = 0
        for process in self.processes():
            try:
                total += process.memory_info().rss
            except psutil.NoSuchProcess:
                pass
        return total / 2**20

    def loading_report(self, page) -> str:
        """How far a page that did not load got, and the server's last words."""
        from playwright.sync_api import Error as PageError

        try:
            state = page.evaluate(
                "() => ({ready: document.readyState, bytes: document.documentElement.outerHTML.length})"
            )
        except PageError as error:  # no document yet, or one navigating away
            state = {"document": error.message.splitlines()[0]}
        state["unanswered"] = sorted(getattr(page, "unanswered", ()))
        said = [line for line in self.log.read_text(errors="replace").splitlines() if "No such comm" not in line]
        return f"page: {state}\nkernels: {len(self.kernels())}\nserver log, last lines:\n" + "\n".join(said[-60:])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.folder.cleanup()


def pools(config: dict, options) -> dict[str, int]:
    """The pre-started kernels ``config`` asks for, by page (none without preheating)."""
    preheat = (
        config.get("VoilaConfiguration", {}).get("preheat_kernel", False)
        and "--VoilaConfiguration.preheat_kernel=False" not in options
    )
    sizes = {
        name: pool.get("pool_size", 0)
        for name, pool in config.get("VoilaKernelManager", {}).get("kernel_pools_config", {}).items()
    }
    class_size = config.get("TutorKernelManager", {}).get("class_size")
    if class_size is not None:
        sizes[CLASS_PAGE] = class_size
    return {name: size for name, size in sizes.items() if name != "default" and size and preheat}


def processor_seconds(server: VoilaServer) -> tuple[float, float]:
    """Processor seconds used so far by the server's own process (it renders every page and
    carries every message, so its share cannot be spread over more cores) and by its kernels,
    those that ended included."""
    served = server.processes()
    total = 0.0
    for process in served:
        try:
            times = process.cpu_times()  # with its children that ended (kernels shut down)
            total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            pass
    own = served[0].cpu_times()  # without children_*: those are the kernels that ended
    return own.user + own.system, total - own.user - own.system


class PeakMemory(threading.Thread):
    """``with PeakMemory(server) as memory:`` samples the summed RSS of the server and its
    kernels twice a second; ``memory.peak`` in MB."""

    def __init__(self, server: VoilaServer):
        super().__init__(daemon=True)
        self.server, self.peak, self.stopped = server, 0.0, threading.Event()

    def __enter__(self) -> PeakMemory:
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stopped.set()
        self.join()

    def run(self) -> None:
        while not self.stopped.wait(0.5):
            try:
                self.peak = max(self.peak, self.server.rss_mb())
            except psutil.Error:
                pass


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
