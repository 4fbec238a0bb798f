"""The app served for a benchmark, and what every benchmark measures of it the same way.

``VoilaServer``: Voila on a free port with a checkout's voila.json (changed as a benchmark
needs), its log at INFO level in a copy of the settings, so that it says when each pool of
pre-started kernels is full; its kernels, their memory, and waiting until the pools are full
and quiet, as a teacher does before a class. ``processor_seconds`` and ``PeakMemory``: what
the server and its kernels used during a round. ``CLICK_TO_CHANGE``: the one way a click is
timed, from the click to the change it makes to the page (a browser times it with this
script, a protocol-level client in capacity_bench.py as the same span on the kernel's messages)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from serving.kernels import CLASS_PAGE  # noqa: E402 - the checkout measured

FILLED = "is filled with"  # Voila's log line when a pool is full
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


class VoilaServer:
    """``VoilaServer(config, options)``: Voila with the settings ``config`` (see
    ``settings``), command-line ``options`` (``--Class.trait=value``) and ``environment``
    variables added to this process's (``TUTOR_CLASS_STORE``)."""

    def __init__(self, config: dict, options: Sequence[str] = (), environment: dict[str, str] | None = None):
        config = json.loads(json.dumps(config))
        config["Voila"].pop("logging_config", None)
        config["Voila"].pop("custom_display_url", None)
        config["Voila"]["log_level"] = "INFO"
        self.folder = tempfile.TemporaryDirectory()
        (Path(self.folder.name) / "voila.json").write_text(json.dumps(config))
        preheat = (
            config.get("VoilaConfiguration", {}).get("preheat_kernel", False)
            and "--VoilaConfiguration.preheat_kernel=False" not in options
        )
        pools = {
            name: pool.get("pool_size", 0)
            for name, pool in config.get("VoilaKernelManager", {}).get("kernel_pools_config", {}).items()
        }
        class_size = config.get("TutorKernelManager", {}).get("class_size")
        if class_size is not None:
            pools[CLASS_PAGE] = class_size
        self.pools = {name: size for name, size in pools.items() if name != "default" and size and preheat}
        self.fills_expected = len(self.pools)
        with socket.socket() as probe:
            probe.bind(("localhost", 0))
            self.port = probe.getsockname()[1]
        self.log = Path(self.folder.name) / "voila.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "voila", f"--port={self.port}", *options],
            cwd=self.folder.name,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            env={**os.environ, **(environment or {})},
        )
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://localhost:{self.port}/", timeout=5).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(self.log.read_text()) from None
                time.sleep(0.3)

    def url(self, address: str) -> str:
        """The address of a page (``app.page_file``) on this server."""
        return f"http://localhost:{self.port}/voila/render/{address}"

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
                pass
        return found

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

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.folder.cleanup()


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
