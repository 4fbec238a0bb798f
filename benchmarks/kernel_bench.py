"""What a page's kernel costs before its page can be sent: start, imports, page build.

    .venv/bin/python benchmarks/kernel_bench.py [--runs 5]

For every page notebook it starts a fresh kernel the way Voila does (same kernel spec,
the notebook's folder as working directory) and times, medians over the runs:

- ready: from launch until the kernel answers (the baseline: a kernel that runs nothing);
- import: ``from widgets.app import ...`` (the page's first line);
- build: the page builder's call (the page's second line);
- RSS: the kernel's memory once the page is built.

Printed only: this is not a test. For where import time goes, see also
``python -X importtime -c "import widgets.app"``.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import nbformat
import psutil
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TIMED = """import time as _t
_s = _t.perf_counter()
{imports}
_i = _t.perf_counter()
_page = {call}
_b = _t.perf_counter()
print((_i - _s) * 1000, (_b - _i) * 1000)"""


def run(notebook: Path) -> tuple[float, float, float, float]:
    imports, call = [line for line in nbformat.read(notebook, as_version=4).cells[0].source.splitlines() if line]
    start = time.perf_counter()
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(notebook.parent))
    ready = time.perf_counter() - start
    printed = []
    client.execute_interactive(TIMED.format(imports=imports, call=call), timeout=120,
                               output_hook=lambda message: printed.append(message["content"].get("text", "")))
    imported, built = map(float, "".join(printed).split())
    rss = psutil.Process(manager.provisioner.process.pid).memory_info().rss / 2**20
    client.stop_channels()
    manager.shutdown_kernel(now=True)
    return ready * 1000, imported, built, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'page':32} {'ready ms':>9} {'import ms':>9} {'build ms':>9} {'RSS MB':>7}")
    for notebook in sorted(NOTEBOOKS.rglob("*.ipynb")):
        figures = list(zip(*(run(notebook) for _ in range(args.runs))))
        medians = [statistics.median(values) for values in figures]
        print(f"{str(notebook.relative_to(NOTEBOOKS)):32} {medians[0]:9.0f} {medians[1]:9.0f} {medians[2]:9.0f}"
              f" {medians[3]:7.0f}")


if __name__ == "__main__":
    main()
