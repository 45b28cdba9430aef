"""Stone Age self-play: identical agents of one level in seeded games, and how close they finish.

    nice python benchmarks/stone_age_selfplay.py --level normal --games 200 --players 2 --jobs 2
        [--option variants=...] [--seed 5000] [--seconds 0.3] [--hard simulations=100] [--log 0]
        [--resume results/stone-age-selfplay-hard.jsonl]

Game ``i`` uses seed ``--seed + i``; the agents' seeds swap seats in odd games. Reported per
level and player count: median loser's score / winner's score (the weakest seat against the
winner), median rounds, median winner's score, and the streaks of 5 or more rounds in which a
seat bought no card and no building (the issue's "collapsing seat"). ``--log N`` prints game
N round by round (food, resources, people, fields, tools, cards, buildings, score per seat):
what the diagnosis of a collapsing seat reads. ``--seconds`` overrides the hard level's budget,
``--hard KEY=VALUE`` any of its settings (``seconds=none --hard simulations=100``: a fixed
iteration budget, so the games do not depend on the load). A long campaign takes ``--resume FILE``:
each game is appended to FILE (JSON lines) as it ends, and games already there are not played again.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from agents import setting  # benchmarks/agents.py: a script's own folder is on sys.path
from tqdm import tqdm

import widgetpkg as wp
from widgetpkg.cli import parse_options
from widgetpkg.games.stone_age import heuristic

STREAK = 5


def snapshot(g: Any, p: str) -> str:
    goods = "/".join(str(n) for n in g.resources(p).values())
    return (f"{p[:1]} {g.scores[p]:>3}pt food {g.food(p):>2} wcsg {goods:<9} ppl {g.people(p):>2} "
            f"agr {g.agriculture(p):>2} tools {g.tools(p):>2} cards {len(g.cards(p)):>2} bld {len(g.buildings(p)):>2}")


def play(level: str, players: int, seed: int, number: int, options: dict[str, Any],
         overrides: dict[str, Any], weights: dict[str, float], log: bool = False) -> dict[str, Any]:
    for name, value in weights.items():  # tuning: try other rates of the estimate
        setattr(heuristic, name, value)
    g = wp.new_game("stone-age", players=players, seed=seed, **options)
    order = list(g.players) if number % 2 == 0 else list(reversed(g.players))
    agents = {p: wp.agents.for_game("stone-age", level, seed=seed * 10 + i, **overrides) for i, p in enumerate(order)}
    bought = {p: len(g.cards(p)) + len(g.buildings(p)) for p in g.players}
    dry = dict.fromkeys(g.players, 0)
    streaks = dict.fromkeys(g.players, 0)
    rounds_seen = g.round
    thinking: list[float] = []
    while not g.is_over:
        p = g.current_player
        started = time.perf_counter()
        action = agents[p].choose(g)
        if len(g.legal_actions()) > 1:
            thinking.append(time.perf_counter() - started)
        g.apply(action)
        if g.round != rounds_seen or g.is_over:
            rounds_seen = g.round
            if log:
                print(f"-- after round {g.round - 1 if not g.is_over else g.round}")
                for q in g.players:
                    print("  ", snapshot(g, q))
            for q in g.players:
                now = len(g.cards(q)) + len(g.buildings(q))
                dry[q] = 0 if now > bought[q] else dry[q] + 1
                bought[q] = now
                if dry[q] == STREAK:
                    streaks[q] += 1
    scores = sorted(g.scores.values())
    return {"seed": seed, "number": number, "rounds": g.round, "winner": scores[-1], "loser": scores[0],
            "ratio": scores[0] / scores[-1] if scores[-1] > 0 else 1.0, "streaks": sum(streaks.values()),
            "think_median": statistics.median(thinking) if thinking else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=None, help="the hard level's think time per move")
    parser.add_argument("--hard", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting of the hard level's agent, e.g. simulations=100")
    parser.add_argument("--resume", type=Path, default=None, metavar="FILE",
                        help="append each game to FILE as it ends; skip the games already in it")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--set", action="append", default=[], metavar="RATE=NUMBER",
                        help="tuning: replace a rate of stone_age/heuristic.py, e.g. BUILD_RATE=0.6")
    parser.add_argument("--log", type=int, default=None, metavar="N", help="print game N round by round")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    options = parse_options(args.option, wp.game_info("stone-age"))
    overrides: dict[str, Any] = {"seconds": args.seconds} if args.seconds is not None else {}
    overrides.update(setting(text, parser) for text in args.hard)
    weights = {}
    for pair in args.set:
        name, _, number = pair.partition("=")
        if not name.isupper() or not hasattr(heuristic, name):
            parser.error(f"--set: stone_age/heuristic.py has no rate {name!r}")
        weights[name] = float(number)
    if args.log is not None:
        result = play(args.level, args.players, args.seed + args.log, args.log, options, overrides, weights, log=True)
        print(json.dumps(result))
        return
    started = time.perf_counter()
    setup = {"level": args.level, "players": args.players, "options": options, "agent": overrides, "rates": weights}
    results = earlier_games(args.resume, setup) if args.resume else []
    done = {r["seed"] for r in results}
    jobs = [(args.level, args.players, args.seed + i, i, options, overrides, weights)
            for i in range(args.games) if args.seed + i not in done]
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in tqdm(pool.map(play, *zip(*jobs)) if jobs else (), total=len(jobs), unit="game"):
            results.append(result)
            if args.resume:
                with args.resume.open("a") as file:
                    file.write(json.dumps({**setup, **result}) + "\n")
    results = [r for r in results if args.seed <= r["seed"] < args.seed + args.games]
    summary = {
        **setup, "games": len(results),
        "median_loser_over_winner": round(statistics.median(r["ratio"] for r in results), 3),
        "lowest_loser_over_winner": round(min(r["ratio"] for r in results), 3),
        "median_rounds": statistics.median(r["rounds"] for r in results),
        "median_winner_score": statistics.median(r["winner"] for r in results),
        "streaks_of_5_rounds_without_buying": sum(r["streaks"] for r in results),
        "median_think_seconds": round(statistics.median(r["think_median"] for r in results), 4),
        "wall_seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary, indent=1))
    out = args.out or Path(__file__).parent / "results" / f"stone-age-selfplay-{args.level}-{args.players}p.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "games": results}, indent=1) + "\n")


def earlier_games(path: Path, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The games of ``path`` (JSON lines) played with ``setup``; a line of another setup stops the run."""
    if not path.exists():
        return []
    games = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        game = json.loads(line)
        if {k: game.get(k) for k in setup} != json.loads(json.dumps(setup)):
            raise SystemExit(f"error: {path}:{number} is a game of another setup; give a new --resume file")
        games.append({k: v for k, v in game.items() if k not in setup})
    return games


if __name__ == "__main__":
    main()
