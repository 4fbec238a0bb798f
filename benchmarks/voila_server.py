"""The app served for a benchmark: Voila on a free port with a checkout's voila.json
(changed as a benchmark needs), its log at INFO level in a copy of the settings, so that
it says when each pool of pre-started kernels is full; its kernels, their memory, and
waiting until the pools are full and quiet, as a teacher does before a class."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from serving.kernels import CLASS_PAGE  # noqa: E402 - the checkout measured

FILLED = "is filled with"  # Voila's log line when a pool is full


def settings(root: Path = ROOT) -> dict:
    """``root``'s voila.json, its notebook folder made absolute (the server runs elsewhere)."""
    config = json.loads((root / "voila.json").read_text())
    config["Voila"]["root_dir"] = str(root / config["Voila"].get("root_dir", "."))
    return config


class VoilaServer:
    """``VoilaServer(config, options)``: Voila with the settings ``config`` (see
    ``settings``) and command-line ``options`` (``--Class.trait=value``)."""

    def __init__(self, config: dict, options: list[str] = ()):
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
