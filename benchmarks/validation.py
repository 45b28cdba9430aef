"""How long and how much memory refusing the worst input of each kind takes (issue 18: under 1 s
and under 100 MB extra, whatever the input).

    python benchmarks/validation.py

Each case runs in a fresh process: the figures are the CPU time of the refusal (``process_time``,
which the load of a shared machine moves far less than the wall clock; the wall clock is shown too)
and the growth of the peak resident memory over the same process just before it. The validator of
the case's schema is compiled first, untimed (a one-time cost per process, reported separately).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r"""
import json, resource, sys, time, warnings
import widgetpkg as wp
from widgetpkg.core.schema import _validator
from widgetpkg.games.hunters_gatherers import tiles
from widgetpkg.games.sapiens import components
from widgetpkg.games.stone_age import data
game, option, spec = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
t = time.process_time()
for module in (tiles, components, data):
    _validator(module.schema())
compile_cpu = time.process_time() - t
value = spec["value"]
if spec.get("build") == "deep_map":
    value = 1
    for _ in range(spec["depth"]):
        value = {"a": value}
elif spec.get("build") == "deep_list":
    value = 1
    for _ in range(spec["depth"]):
        value = [value]
elif spec.get("build") == "text":  # a save: read untimed, as text
    value = open(spec["path"], encoding="utf-8").read()
elif spec.get("build") == "animals":
    value = {"wild_animals": {"animals": [{"id": "a", "malus": 1}] * spec["count"]}}
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
cpu, wall = time.process_time(), time.perf_counter()
try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if option == "save":
            wp.load_game(value)
        else:
            wp.new_game(game, players=2, seed=1, **{option: value})
    outcome = "accepted"
except wp.WidgetpkgError as error:
    outcome = str(error)[:90]
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps({"cpu_s": round(cpu, 3), "wall_s": round(wall, 3), "extra_peak_mb": round(grown / 1024, 1),
                  "compile_cpu_s": round(compile_cpu, 3), "outcome": outcome}))
"""


def cases(folder: Path) -> list[tuple[str, str, str, dict]]:
    def write(name: str, content: str | bytes) -> str:
        path = folder / name
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return str(path)

    os.mkfifo(folder / "fifo")
    many = write("many.yaml", "[" + "1," * 1_000_000 + "1]")  # 2 MB: the tile-set cap
    return [
        ("device", "stone-age", "data", {"value": "/dev/zero"}),
        ("FIFO", "sapiens", "components", {"value": str(folder / "fifo")}),
        ("directory", "hunters-gatherers", "tileset", {"value": str(folder)}),
        ("file over the cap (3 MB)", "hunters-gatherers", "tileset", {"value": write("big.yaml", "#" * 3_000_000)}),
        ("1,000,001 YAML values (2 MB)", "hunters-gatherers", "tileset", {"value": many}),
        ("YAML 5,000 deep (mappings)", "stone-age", "data", {"value": write("deep.yaml", "{a: " * 5000 + "1" + "}" * 5000)}),
        ("YAML 20,000 deep (lists)", "sapiens", "components", {"value": write("deepl.yaml", "[" * 20000 + "]" * 20000)}),
        ("YAML alias bomb", "stone-age", "data", {"value": write("bomb.yaml", "a: &a [1]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(20)))}),
        ("NUL byte", "sapiens", "components", {"value": write("nul.yaml", b"format: \0")}),
        ("mapping 5,000 deep", "stone-age", "data", {"value": None, "build": "deep_map", "depth": 5000}),
        ("list 20,000 deep", "sapiens", "components", {"value": None, "build": "deep_list", "depth": 20000}),
        ("200,000 animals", "stone-age", "data", {"value": None, "build": "animals", "count": 200_000}),
        ("save: 7 MB of actions", "stone-age", "save", {"value": None, "build": "text", "path": write(
            "long.json", json.dumps({"format": "widgetpkg-game", "version": 1, "game": "stone-age",
                                     "players": ["A", "B"], "seed": 1, "options": {},
                                     "actions": [{"type": "Pass"}] * 400_000}))}),
        ("save naming /dev/zero", "stone-age", "save", {"value": None, "build": "text", "path": write(
            "dev.json", json.dumps({"format": "widgetpkg-game", "version": 1, "game": "stone-age",
                                    "players": ["A", "B"], "seed": 1, "options": {"data": "/dev/zero"},
                                    "actions": []}))}),
    ]


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        for label, game, option, spec in cases(Path(tmp)):
            run = subprocess.run([sys.executable, "-c", CHILD, game, option, json.dumps(spec)],
                                 capture_output=True, text=True, check=True)
            result = json.loads(run.stdout)
            print(f"{label:30} cpu {result['cpu_s']:6.3f} s  wall {result['wall_s']:6.3f} s  "
                  f"+{result['extra_peak_mb']:6.1f} MB  {result['outcome']}")
        print(f"(compiling the three data schemas, once per process: cpu {result['compile_cpu_s']} s)")


if __name__ == "__main__":
    main()
