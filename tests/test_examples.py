"""Every example script runs (in a scratch folder, with small arguments) and does what it says."""

from __future__ import annotations

import runpy
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

EXAMPLES = Path(__file__).parent.parent / "examples"
SMALL = {"engine_speed.py": ["--games", "3"], "simulate_tournament.py": ["--games", "2", "--seconds", "0.02"]}


def load(name: str):
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


def test_every_example_is_tested():
    tested = {"replay_to_svg.py", "build_lesson.py", "engine_speed.py", "simulate_tournament.py", "rl_random_agents.py"}
    assert {p.name for p in EXAMPLES.glob("*.py")} <= tested


def test_replay_to_svg(tmp_path):
    written = load("replay_to_svg.py")["main"](["--out", str(tmp_path), "--every", "50"])
    assert written and all(ET.parse(p).getroot().tag.endswith("svg") for p in written)


def test_replay_to_svg_refuses_a_bad_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    import widgetpkg as wp
    with pytest.raises(wp.SaveFileError):
        load("replay_to_svg.py")["main"]([str(bad), "--out", str(tmp_path)])


def test_build_lesson(tmp_path):
    path = load("build_lesson.py")["main"](["--out", str(tmp_path / "lesson.ipynb")])
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[0].source.startswith("# Completing a river") and len(nb.cells) == 7


def test_engine_speed():
    speeds = load("engine_speed.py")["main"](SMALL["engine_speed.py"])
    assert set(speeds) == {"hunters-gatherers 2020", "hunters-gatherers classic", "sapiens", "stone-age"}
    assert all(v > 0 for v in speeds.values())


def test_simulate_tournament():
    points = load("simulate_tournament.py")["main"](SMALL["simulate_tournament.py"])
    assert len(points) == 3 and sum(points.values()) == 2 * 3  # 3 pairs x 2 games, a point each


def test_replay_to_svg_draws_any_game(tmp_path):
    written = load("replay_to_svg.py")["main"](["--game", "stone-age", "--out", str(tmp_path), "--every", "300"])
    assert len(written) >= 2 and "Places (winter)" in written[0].read_text()


def test_rl_random_agents():
    pytest.importorskip("pettingzoo")
    speeds = load("rl_random_agents.py")["main"](["--games", "1"])
    assert speeds["env"] > 0 and speeds["engine"] > 0 and speeds["ratio"] == speeds["engine"] / speeds["env"]
