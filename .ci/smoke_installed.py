"""Smoke test of widgetpkg as a user installs it: run by `make wheel-check` with the python of a fresh
virtual environment that holds the built wheel, from a folder outside the source tree.

    python smoke_installed.py SOURCE_TREE

Checks that the installed package is the wheel (not the source tree), that every version agrees,
that every data file of the source package was shipped, and that every registered game can be
created, played, drawn, saved and loaded; then the command line and the play app. Exits non-zero
with the first failure.
"""

from __future__ import annotations

import importlib.metadata
import random
import subprocess
import sys
from pathlib import Path


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"smoke test failed: {what}")


def shipped_data(source: Path, installed: Path) -> int:
    """Every non-Python file of the source package is in the installed one; returns how many."""
    wanted = sorted(p.relative_to(source) for p in source.rglob("*")
                    if p.is_file() and p.suffix not in {".py", ".pyc"} and "__pycache__" not in p.parts)
    missing = [str(p) for p in wanted if not (installed / p).is_file()]
    check(not missing, f"data files missing from the wheel: {missing}")
    return len(wanted)


def play_every_game() -> list[str]:
    import widgetpkg as wp

    names = wp.game_names()
    check(len(names) >= 1, "no game registered")
    for name in names:
        g = wp.new_game(name, seed=7)
        rng = random.Random(7)
        for _ in range(12):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        svg = g._repr_svg_()
        check(svg is not None and svg.lstrip().startswith("<svg"), f"{name}: no SVG picture")
        text = g.to_json()
        check(wp.load_game(text).to_json() == text, f"{name}: save and load differ")
        app = wp.play(name, players=["You", wp.agents.RandomAgent(seed=1)])
        check(app.model.game.name == name, f"{name}: the play app shows another game")
        app.close()
    return names


def command_line(version: str) -> None:
    exe = Path(sys.executable).with_name("widgetpkg")

    def run(*args: str) -> str:
        done = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300)
        check(done.returncode == 0, f"`widgetpkg {' '.join(args)}` failed: {done.stderr[-500:]}")
        return done.stdout

    check(run("--version").strip() == f"widgetpkg {version}", "widgetpkg --version disagrees with the metadata")
    check("stone-age" in run("games"), "`widgetpkg games` does not list the games")
    check("games of" in run("simulate", "--game", "hunters-gatherers", "--games", "2"), "`simulate` printed no summary")


def main() -> None:
    source = Path(sys.argv[1]).resolve() / "widgetpkg"
    import widgetpkg

    installed = Path(widgetpkg.__file__).resolve().parent
    check(not installed.is_relative_to(source.parent), f"imported the source tree ({installed}), not the wheel")
    version = importlib.metadata.version("widgetpkg")
    check(version == widgetpkg.__version__, f"metadata says {version}, widgetpkg.__version__ {widgetpkg.__version__}")
    dist = importlib.metadata.distribution("widgetpkg")
    licences = {Path(str(f)).name for f in dist.files or () if "licenses" in str(f)}
    check({"LICENSE", "NOTICE"} <= licences, f"LICENSE and NOTICE not in the wheel: {sorted(licences)}")
    files = shipped_data(source, installed)
    names = play_every_game()
    command_line(version)
    print(f"smoke test passed: widgetpkg {version} from {installed}; {files} data files; "
          f"games played, drawn, saved and loaded: {', '.join(names)}; command line and play app")


if __name__ == "__main__":
    main()
