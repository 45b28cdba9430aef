"""The command line: games listed from their declared facts, bounded arguments, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import widgetpkg as wp
from widgetpkg.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_every_game_with_its_options(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    for name in wp.game_names():
        info = wp.game_info(name)
        assert f"{name}: {info.title}" in out
        for option in info.options:
            assert f"--option {option.name}=" in out


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"widgetpkg {wp.__version__}"


@pytest.mark.parametrize("name", wp.game_names())
def test_simulate_any_game_as_json(capsys, name):
    code, out, _ = run(capsys, "simulate", "--game", name, "--games", "2", "--seed", "3", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["summary"]["games"] == 2 and len(report["results"]) == 2
    for result in report["results"]:
        assert result["winners"] and set(result["winners"]) <= set(result["scores"])


def test_options_are_read_through_the_declared_facts(capsys):
    code, out, _ = run(capsys, "simulate", "--game", "hunters-gatherers", "--option", "edition=classic",
                       "--games", "1", "--json")
    assert code == 0 and json.loads(out)["summary"]["options"] == {"edition": "classic"}


@pytest.mark.parametrize("args, message", [
    (["simulate", "--game", "hunters-gatherers", "--players", "3000000"], "must be from 1 to 99"),
    (["simulate", "--game", "hunters-gatherers", "--players", "10**20"], "expected a whole number"),
    (["simulate", "--game", "hunters-gatherers", "--players", "9" * 5000], "expected a whole number"),
    (["simulate", "--game", "hunters-gatherers", "--players", "6"], "2 to 5 players"),
    (["simulate", "--game", "hunters-gatherers", "--games", "0"], "must be from 1"),
    (["simulate", "--game", "hunters-gatherers", "--seed", "-1"], "must be from 0"),
    (["simulate", "--game", "no-such-game"], "unknown game 'no-such-game'"),
    (["simulate", "--game", "hunters-gatherers", "--option", "editon=classic"], "no option 'editon'"),
    (["simulate", "--game", "hunters-gatherers", "--option", "edition=2021"], "must be one of"),
    (["simulate", "--game", "hunters-gatherers", "--option", "edition"], "key=value"),
    (["simulate", "--game", "hunters-gatherers", "--option", "rules=[1, 2"], "--option rules: not valid YAML"),
    (["simulate", "--game", "hunters-gatherers", "--agent", "genius"], "invalid choice"),
    (["validate", "--game", "hunters-gatherers", "/no/such/dir/tiles.yaml"], "error:"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_command_lines_end_with_one_line_and_exit_code_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    assert message in err and "Traceback" not in err
    assert len(err) < 700


@pytest.mark.parametrize("content", [
    b"tiles: \xe9\xff\n",                                                      # Latin-1, not UTF-8
    b"a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    b"c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n",                              # aliases
    b"[" * 5000 + b"]" * 5000,                                                 # deeply nested
    b"tiles: [{id: 1, touches: [1]}]\n",
])
def test_validate_refuses_hostile_files_without_a_traceback(tmp_path, content):
    path = tmp_path / "tiles.yaml"
    path.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "widgetpkg", "validate", "--game", "hunters-gatherers", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.startswith("error:") and "Traceback" not in done.stderr and len(done.stderr) < 700


def test_validate_a_good_file(capsys):
    from importlib.resources import files
    path = str(files("widgetpkg.games.hunters_gatherers") / "data" / "tiles-2020.yaml")
    code, out, _ = run(capsys, "validate", "--game", "hunters-gatherers", path)
    assert code == 0 and "valid, 95 tiles" in out


def test_validate_sapiens_components_with_the_fairness_checks(capsys):
    from importlib.resources import files
    path = str(files("widgetpkg.games.sapiens") / "data" / "reconstruction.yaml")
    code, out, _ = run(capsys, "validate", "--game", "sapiens", "--simulate", path)
    assert code == 0 and "valid" in out
    assert [line.split()[:2] for line in out.splitlines() if line[:1] == "M"] == [
        [f"M{i}", "pass"] for i in range(1, 7)]


def test_a_game_without_data_files_says_so(capsys, tmp_path):
    from widgetpkg.core import game_class
    names = [n for n in wp.game_names() if game_class(n).validate_file.__func__ is wp.Game.validate_file.__func__]
    for name in names:
        code, _, err = run(capsys, "validate", "--game", name, str(tmp_path / "x.yaml"))
        assert code == 2 and "reads no data files" in err
