"""What a page's kernel costs before its page can be sent: start, imports, page build.

    .venv/bin/python benchmarks/kernel_bench.py [--runs 3]

For every page notebook (a game's pages for the first registered game, named on the
address as Voila does: QUERY_STRING) it starts a fresh kernel the way Voila does (same
kernel spec, the notebook's folder as working directory) and times, medians over the runs:

- ready: from launch until the kernel answers (the baseline: a kernel that runs nothing);
- import: ``from widgets.app import ...`` (the page's first line);
- build: the page builder's call (the page's second line) in a kernel started for the visitor;
- ahead: the work a kernel started ahead (a pool's) does before its visitor's request
  (``widgets.app.ready_ahead``), and build after it: what is left once the request comes;
- RSS: the kernel's memory once the page is built (started ahead), and where it went: after
  the page's imports, after the work ahead, after the build; and how many modules the page
  imported.

Beside them, timed in the same run: a bare ipykernel running benchmarks/bare.ipynb (ipywidgets,
one button), and the pools of two Voila servers with the repository's voila.json, the app's and
one serving bare.ipynb: the memory of each kernel waiting in a pool for its visitor, its pages
built ahead (target: at most 80 MB for the learn page's).

Printed only: this is not a test. For where import time goes, see also
``python -X importtime -c "import widgets.app"``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import psutil
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tutor.games import games  # noqa: E402
from widgets.app import HOME, SECTIONS, page_file  # noqa: E402 - the checkout measured

NOTEBOOKS = ROOT / "notebooks"
TIMED = """import time as _t, sys as _sys, psutil as _ps
_rss = lambda: _ps.Process().memory_info().rss / 2**20
_n = len(_sys.modules)
_s = _t.perf_counter()
{imports}
_i, _ri = _t.perf_counter(), _rss()
if {ahead}:
    from widgets.app import ready_ahead as _ready
    _ready({section!r}, {builder}.__wrapped__)
_a, _ra = _t.perf_counter(), _rss()
_page = {call}
_b, _rb = _t.perf_counter(), _rss()
print((_i - _s) * 1000, (_a - _i) * 1000, (_b - _a) * 1000, _ri, _ra, _rb, len(_sys.modules) - _n)"""
TARGET_POOL_MB = 80
BARE = ROOT / "benchmarks" / "bare.ipynb"


def pages() -> list[str]:
    game = next(iter(games()))
    return [
        HOME,
        *(page_file(section, game) for section in SECTIONS),
        *(str(path.relative_to(NOTEBOOKS)) for path in sorted((NOTEBOOKS / "classroom").glob("*.ipynb"))),
    ]


def run(address: str, ahead: bool) -> tuple[float, ...]:
    path, _, query = address.partition("?")
    notebook = NOTEBOOKS / path
    imports, call = [line for line in nbformat.read(notebook, as_version=4).cells[0].source.splitlines() if line]
    builder = call.partition("(")[0]
    section = "landing" if path == HOME else builder.removesuffix("_page")
    start = time.perf_counter()
    manager, client = start_new_kernel(
        kernel_name="python3",
        cwd=str(notebook.parent),
        env={**os.environ, "QUERY_STRING": query},
        stderr=subprocess.DEVNULL,
    )
    ready = time.perf_counter() - start
    printed = []
    client.execute_interactive(
        TIMED.format(imports=imports, call=call, ahead=ahead, section=section, builder=builder),
        timeout=120,
        output_hook=lambda message: printed.append(message["content"].get("text", "")),
    )
    client.stop_channels()
    manager.shutdown_kernel(now=True)
    return ready * 1000, *map(float, "".join(printed).split())


def bare_kernel_mb() -> float:
    """A bare ipykernel that ran bare.ipynb (ipywidgets, one button and one label)."""
    manager, client = start_new_kernel(kernel_name="python3", stderr=subprocess.DEVNULL)
    client.execute_interactive(
        nbformat.read(BARE, as_version=4).cells[0].source, timeout=120, output_hook=lambda _: None
    )
    rss = psutil.Process(manager.provisioner.process.pid).memory_info().rss / 2**20
    client.stop_channels()
    manager.shutdown_kernel(now=True)
    return rss


def settled_rss_mb(server, seconds: float = 180) -> list[float]:
    """The pool kernels' memory once it stopped changing: on a busy machine a kernel still
    building its pages ahead may get too little processor time to look busy."""
    deadline, last = time.monotonic() + seconds, None
    while time.monotonic() < deadline:
        sizes = [round(size) for size in server.kernels_rss_mb()]
        if sizes == last:
            break
        last = sizes
        time.sleep(5)
    return server.kernels_rss_mb()


def pool_kernels_mb() -> dict[str, list[float]]:
    """Each kernel waiting in a pool, pages built ahead, on the app's server and on a bare one."""
    from app_bench import bare_config  # the bare notebook with the app's settings and pool sizes
    from voila_server import VoilaServer, settings

    found = {}
    for name, config in (("app (landing and learn pools)", settings()), ("bare.ipynb", bare_config())):
        server = VoilaServer(config=config)
        try:
            server.wait_until_warm()
            found[name] = settled_rss_mb(server)
        finally:
            server.stop()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'':40} {'':>49}  RSS MB after")
    print(
        f"{'page':40} {'ready ms':>9} {'import ms':>9} {'build ms':>9} {'ahead ms':>9} {'then build':>10} "
        f"{'import':>7} {'ahead':>7} {'build':>7} {'modules':>8}"
    )
    for address in pages():
        cold = [statistics.median(values) for values in zip(*(run(address, False) for _ in range(args.runs)))]
        warm = [statistics.median(values) for values in zip(*(run(address, True) for _ in range(args.runs)))]
        print(
            f"{address:40} {cold[0]:9.0f} {cold[1]:9.0f} {cold[3]:9.0f} {warm[2]:9.0f} {warm[3]:10.0f} "
            f"{warm[4]:7.0f} {warm[5]:7.0f} {warm[6]:7.0f} {warm[7]:8.0f}",
            flush=True,
        )
    print(
        f"{'bare ipykernel with ipywidgets':40} {'':>49} {'':>16}{statistics.median(bare_kernel_mb() for _ in range(args.runs)):7.0f}"
    )
    print("A kernel waiting in its pool, its page built ahead (RSS MB, each kernel):")
    for name, sizes in pool_kernels_mb().items():
        print(f"  {name:38} {' '.join(f'{size:.0f}' for size in sizes)}")
    print(f"  target: the learn page's at most {TARGET_POOL_MB} MB")


if __name__ == "__main__":
    main()
