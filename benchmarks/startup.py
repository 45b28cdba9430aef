"""Start-up cost: ``import widgetpkg`` and a first ``new_game`` in a fresh interpreter, per game.

    python benchmarks/startup.py [--runs 7]

Each run is a new process; the figure is the median time from before ``import widgetpkg`` to a
created game (the interpreter's own start is not counted). It also reports whether a widget
library (ipywidgets, ipycanvas) was imported on the way: it must not be.

The package is measured as installed: pip compiles a package's modules to bytecode when it
installs it, so the benchmark does the same first (``compileall``, into the usual
``__pycache__`` folders). Without that step, on a machine that sets PYTHONDONTWRITEBYTECODE,
every run would also compile the package's source, about 70 ms more.
"""

from __future__ import annotations

import argparse
import compileall
import json
import statistics
import subprocess
import sys
from pathlib import Path

import widgetpkg as wp

PROBE = """
import sys, time, json
t = time.perf_counter()
import widgetpkg as wp
imported = time.perf_counter() - t
g = wp.new_game({name!r})
total = time.perf_counter() - t
print(json.dumps({{"import": imported, "total": total,
                  "widgets": sorted(m for m in ("ipywidgets", "ipycanvas") if m in sys.modules),
                  "validator": "fastjsonschema" in sys.modules}}))
"""


def measure(name: str, runs: int) -> dict[str, object]:
    samples = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PROBE.format(name=name)], capture_output=True, text=True,
                             check=True).stdout
        samples.append(json.loads(out))
    return {
        "game": name,
        "import_ms": round(1000 * statistics.median(s["import"] for s in samples), 1),
        "import_and_new_game_ms": round(1000 * statistics.median(s["total"] for s in samples), 1),
        "widget_libraries_imported": sorted({m for s in samples for m in s["widgets"]}),
        # the validation layer imports it on first use (a user's file or a save), never at start-up
        "validator_imported": any(s["validator"] for s in samples),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    compileall.compile_dir(Path(wp.__file__).parent, quiet=1, force=False)
    for name in wp.game_names():
        print(json.dumps(measure(name, args.runs)))


if __name__ == "__main__":
    main()
