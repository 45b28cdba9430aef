"""``python -m widgetpkg tournament``: seeded games on local processes or a Dask cluster, results kept
as they finish and resumed, a summary with intervals and ratings, and bad input refused in one line.

Random agents on the quickest game keep this short: the machinery, not the agents, is under test.
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from typing import Any

import pytest

import widgetpkg as wp
from widgetpkg.cli import main
from widgetpkg.tournament import Spec, check, elo, make_agent, play_game, run, seating, summarise, wilson

GAME = "stone-age"
SPEC = Spec(game=GAME, agents=("random",), games=4, players=2, seed=11)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _without_times(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]


@pytest.fixture(scope="module")
def reference() -> list[dict[str, Any]]:
    """The tournament played here, one game after the other."""
    return _without_times(run(SPEC, jobs=1))


def test_a_game_replays_from_its_number(reference: list[dict[str, Any]]) -> None:
    assert [r["index"] for r in reference] == [0, 1, 2, 3]
    assert _without_times([play_game(SPEC, 2)]) == [reference[2]]
    # the seed says which game it was: the same seed, the same agents, the same end
    g = wp.new_game(GAME, players=2, seed=reference[2]["seed"])
    assert g.players == tuple(reference[2]["seats"])


def test_seating_meets_every_order() -> None:
    spec = Spec(game=GAME, agents=("random", "greedy", "mcts"), games=6, players=2)
    orders = {seating(spec, i) for i in range(6)}
    assert len(orders) == 6 and all(len(set(o)) == 2 for o in orders)
    assert seating(Spec(game=GAME, agents=("random", "greedy"), games=1, players=4), 1) == (
        "greedy", "random", "greedy", "random")


def test_two_processes_play_the_same_games(reference: list[dict[str, Any]]) -> None:
    assert _without_times(run(SPEC, jobs=2)) == reference


def test_a_dask_cluster_plays_the_same_games(reference: list[dict[str, Any]], tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="needs Dask (pip install -e '.[cluster]')")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp://",
                                  dashboard_address=None) as cluster:
        out = tmp_path / "results.jsonl"
        code = main(["tournament", "--game", GAME, "--agents", "random", "--games", "4", "--seed", "11",
                     "--scheduler", cluster.scheduler_address, "--out", str(out), "--json"])
        assert code == 0
    assert sorted(_without_times(_lines(out)[1:]), key=lambda r: r["index"]) == reference


def test_results_are_kept_and_a_run_resumes(reference: list[dict[str, Any]], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.jsonl"
    command = ["tournament", "--game", GAME, "--agents", "random", "--seed", "11", "--out", str(out), "--json"]
    assert main([*command, "--games", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    first = out.read_text()
    assert len(first.splitlines()) == 3
    # a run stopped in the middle of writing a line: the cut line is played again, nothing else
    out.write_text(first + '{"index":2,"se')
    assert main([*command, "--games", "4"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4
    text = out.read_text()
    assert text.startswith(first) and len(text.splitlines()) == 5
    assert _without_times(_lines(out)[1:]) == reference
    # all games there: nothing is played, the summary comes from the file
    started = time.perf_counter()
    assert main([*command, "--games", "4"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert time.perf_counter() - started < 5 and out.read_text() == text
    assert summary["games"] == 4 and summary["agents"]["random"]["games"] == 8


def test_the_summary_and_the_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "chart.png"
    assert main(["tournament", "--game", GAME, "--agents", "random", "--games", "2", "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"2 games of {GAME} with 2 players") and "random" in out and "1500" in out
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_ratings_and_intervals() -> None:
    low, high = wilson(8, 10)
    assert 0.44 < low < 0.8 < high < 0.97
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == pytest.approx(1)
    # A beats B three times in four, B beats C likewise: A > B > C, order of games irrelevant
    games = []
    for a, b in (("A", "B"), ("B", "C")):
        for i in range(4):
            winner = a if i < 3 else b
            games.append({"seats": {"P": a, "Q": b}, "scores": {"P": 1, "Q": 1}, "winners": ["P" if winner == a else "Q"]})
    ratings = elo(games, ("A", "B", "C"))
    assert ratings["A"] > ratings["B"] > ratings["C"]
    assert abs(sum(ratings.values()) / 3 - 1500) < 1
    assert elo(list(reversed(games)), ("A", "B", "C")) == pytest.approx(ratings)
    table = summarise(games, ("A", "B", "C"))
    assert table["A"]["games"] == 4 and table["A"]["wins"] == 3 and table["B"]["games"] == 8
    # a shared win is half a win each
    shared = [{"seats": {"P": "A", "Q": "B"}, "scores": {"P": 3, "Q": 3}, "winners": ["P", "Q"]}]
    assert summarise(shared, ("A", "B"))["A"]["wins"] == 0.5


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _other_file(tmp_path: Path) -> Path:
    path = tmp_path / "other.jsonl"
    path.write_text('{"format":"widgetpkg-tournament","tournament":{"game":"sapiens","agents":["random"],'
                    '"players":2,"seed":1,"options":{}}}\n')
    return path


@pytest.mark.parametrize("arguments, message", [
    (["--agents", "random,wizard"], "unknown agent 'wizard'"),
    (["--agents", "random,random"], "twice"),
    (["--agents", "random", "--game", "chess"], "chess"),
    (["--agents", "random", "--players", "9"], "players"),
    (["--agents", "random", "--option", "season=monsoon"], "monsoon"),
    (["--agents", "random", "--option", "nonsense=1"], "nonsense"),
    (["--agents", "random", "--chart", "chart.gif"], ".png"),
    (["--agents", "random", "--out", "missing/results.jsonl"], "no folder missing"),
    (["--agents", "random", "--jobs", "0"], "--jobs"),
    (["--agents", "random", "--out", "OTHER"], "another tournament (another game)"),
    (["--agents", "random", "--out", "NOTRESULTS"], "not a tournament results file"),
    (["--agents", "random", "--scheduler", "SCHEDULER"], "cannot reach the Dask scheduler"),
])
def test_bad_input_is_one_line_and_changes_nothing(arguments: list[str], message: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    other = _other_file(tmp_path)
    (tmp_path / "notes.txt").write_text("my notes\n")
    swap = {"OTHER": str(other), "NOTRESULTS": str(tmp_path / "notes.txt"),
            "SCHEDULER": f"tcp://127.0.0.1:{_free_port()}"}
    arguments = [swap.get(a, a) for a in arguments]
    if "--scheduler" in arguments:
        pytest.importorskip("distributed", reason="needs Dask (pip install -e '.[cluster]')")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    started = time.perf_counter()
    try:
        code = main(["tournament", "--game", GAME, "--games", "2", *arguments])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    assert code == 2 and time.perf_counter() - started < 10
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_levels_are_the_games_own_agents() -> None:
    spec = Spec(game=GAME, agents=("random", "easy", "normal", "hard"), games=1, players=2)
    check(spec)  # every level builds
    for level in ("easy", "normal", "hard"):
        declared = wp.agents.for_game(GAME, level, seed=5)
        built = make_agent(GAME, level, 5)
        assert type(built) is type(declared) and vars(built).keys() == vars(declared).keys()
