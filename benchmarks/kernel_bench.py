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
- RSS: the kernel's memory once the page is built (started ahead).

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
TIMED = """import time as _t
_s = _t.perf_counter()
{imports}
_i = _t.perf_counter()
if {ahead}:
    from widgets.app import ready_ahead as _ready
    _ready({section!r}, {builder}.__wrapped__)
_a = _t.perf_counter()
_page = {call}
_b = _t.perf_counter()
print((_i - _s) * 1000, (_a - _i) * 1000, (_b - _a) * 1000)"""


def pages() -> list[str]:
    game = next(iter(games()))
    return [HOME, *(page_file(section, game) for section in SECTIONS),
            *(str(path.relative_to(NOTEBOOKS)) for path in sorted((NOTEBOOKS / "classroom").glob("*.ipynb")))]


def run(address: str, ahead: bool) -> tuple[float, ...]:
    path, _, query = address.partition("?")
    notebook = NOTEBOOKS / path
    imports, call = [line for line in nbformat.read(notebook, as_version=4).cells[0].source.splitlines() if line]
    builder = call.partition("(")[0]
    section = "landing" if path == HOME else builder.removesuffix("_page")
    start = time.perf_counter()
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(notebook.parent),
                                       env={**os.environ, "QUERY_STRING": query}, stderr=subprocess.DEVNULL)
    ready = time.perf_counter() - start
    printed = []
    client.execute_interactive(TIMED.format(imports=imports, call=call, ahead=ahead, section=section, builder=builder),
                               timeout=120, output_hook=lambda message: printed.append(message["content"].get("text", "")))
    imported, warmed, built = map(float, "".join(printed).split())
    rss = psutil.Process(manager.provisioner.process.pid).memory_info().rss / 2**20
    client.stop_channels()
    manager.shutdown_kernel(now=True)
    return ready * 1000, imported, built, warmed, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'page':40} {'ready ms':>9} {'import ms':>9} {'build ms':>9} {'ahead ms':>9} {'then build':>10} {'RSS MB':>7}")
    for address in pages():
        cold = [statistics.median(values) for values in zip(*(run(address, False) for _ in range(args.runs)))]
        warm = [statistics.median(values) for values in zip(*(run(address, True) for _ in range(args.runs)))]
        print(f"{address:40} {cold[0]:9.0f} {cold[1]:9.0f} {cold[2]:9.0f} {warm[3]:9.0f} {warm[2]:10.0f} {warm[4]:7.0f}",
              flush=True)


if __name__ == "__main__":
    main()
