"""Agent strength: Random vs Greedy and Greedy vs MCTS, or the difficulty levels' ladder, in any game.

    python benchmarks/agents.py [--game hunters-gatherers] [--option edition=2020] [--games 50]
        [--seconds 0.25] [--jobs 2] [--out benchmarks/results/agents-<game>.json]
    nice python benchmarks/agents.py --game stone-age --ladder --players 2 --jobs 2 [--hard-seconds 1.0]

``--ladder`` plays the levels each game declares (``wp.agents.for_game``): easy vs random, normal
vs easy and hard vs normal (2 players), or normal vs easy and easy vs random (3 or more; the
challenger takes one seat, rotating, the defender's level all the others). Win rates come with a
95 % Wilson interval, think time as the median seconds per decision with a choice, per level.
Agent specs for ``--matches``: random, greedy, mcts, easy, normal, hard.

Each match plays ``--games`` games with fixed seeds (game ``i`` uses seed ``--seed + i``); the
challenger takes the first seat in even games and the second in odd ones. A tie counts as half
a win; who wins is the game's own ``winners()`` (tie-breaks included). The margin is the
challenger's score minus the other's (mean and standard error). MCTS
runs on a time budget, so its moves, unlike everything else here, depend on the machine's speed.
``--jobs`` plays games in parallel processes; use no more jobs than free cores, or MCTS gets
less thinking time than its budget says.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm  # type: ignore[import-untyped]

import widgetpkg as wp
from widgetpkg.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from widgetpkg.cli import parse_options

SEATS = ("Red", "Blue")
LEVELS = ("easy", "normal", "hard")
LADDER_2 = "random-easy,easy-normal,normal-hard"
LADDER_MORE = "random-easy,easy-normal"


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (ties counted as half a win)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


@dataclass(frozen=True)
class Match:
    name: str
    defender: str  # agent spec: "random", "greedy" or "mcts"
    challenger: str


def make_agent(spec: str, seed: int, seconds: float, game: str = "", hard_seconds: float | None = None,
               hard_settings: dict[str, Any] | None = None) -> Agent:
    if spec in LEVELS:
        overrides: dict[str, Any] = {}
        if spec == "hard":
            overrides = {"seconds": hard_seconds} if hard_seconds else {}
            overrides.update(hard_settings or {})
        return wp.agents.for_game(game, spec, seed=seed, **overrides)
    if spec == "random":
        return RandomAgent(seed=seed)
    if spec == "greedy":
        return GreedyAgent(seed=seed)
    if spec == "mcts":
        return MCTSAgent(seconds=seconds, seed=seed)
    raise ValueError(f"unknown agent {spec!r}")


def play_game(match: Match, number: int, seed: int, seconds: float, game: str,
              options: dict[str, Any], players: int = 2, hard_seconds: float | None = None,
              hard_settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """One seeded game; the challenger sits in seat ``number % players``, the defender's kind in
    all the others."""
    seats = list(wp.game_info(game).player_names(players))
    c = seats[number % players]
    agents = {seat: make_agent(match.challenger if seat == c else match.defender, seed * 8 + i, seconds, game,
                               hard_seconds, hard_settings) for i, seat in enumerate(seats)}
    g = wp.new_game(game, players=seats, seed=seed, **options)
    thinking = {seat: 0.0 for seat in seats}
    longest = {seat: 0.0 for seat in seats}
    moves = {seat: 0 for seat in seats}
    decisions: dict[str, list[float]] = {"challenger": [], "defender": []}  # seconds, moves with a choice
    iterations: dict[str, list[int]] = {seat: [] for seat in seats}  # MCTS: per move with a choice
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        choice = len(g.legal_actions()) > 1
        started = time.perf_counter()
        action = agents[seat].choose(g)
        took = time.perf_counter() - started
        thinking[seat] += took
        longest[seat] = max(longest[seat], took)
        moves[seat] += 1
        if choice:
            decisions["challenger" if seat == c else "defender"].append(took)
        stats = getattr(agents[seat], "last_stats", None)
        if stats and stats.get("share", 1.0) < 1.0:
            iterations[seat].append(stats["iterations"])
        g.apply(action)
    others = [seat for seat in seats if seat != c]
    d = max(others, key=lambda seat: g.scores[seat])  # the best defender
    won = c in g.winners()
    return {
        "game": number, "seed": seed, "challenger_seat": c, "players": players,
        "challenger_score": g.scores[c], "defender_score": g.scores[d],
        "margin": g.scores[c] - g.scores[d],
        "result": (1.0 if len(g.winners()) == 1 else 0.5) if won else 0.0,
        "decision_seconds": decisions,
        "challenger_sec_per_move": thinking[c] / max(1, moves[c]),
        "defender_sec_per_move": sum(thinking[s] for s in others) / max(1, sum(moves[s] for s in others)),
        "challenger_max_sec_per_move": longest[c],
        "challenger_mean_iterations": statistics.fmean(iterations[c]) if iterations[c] else None,
    }


def summarise(match: Match, games: list[dict[str, Any]]) -> dict[str, Any]:
    margins = [r["margin"] for r in games]
    wins = sum(r["result"] for r in games)
    popped = [r.pop("decision_seconds") for r in games]  # too long for the saved details
    times = {side: [t for d in popped for t in d[side]] for side in ("challenger", "defender")}
    summary = {
        "match": match.name, "defender": match.defender, "challenger": match.challenger, "games": len(games),
        "challenger_win_rate": round(wins / len(games), 3),
        "win_rate_95": wilson(wins, len(games)),
        "challenger_median_decision_sec": round(statistics.median(times["challenger"]), 4) if times["challenger"] else None,
        "defender_median_decision_sec": round(statistics.median(times["defender"]), 4) if times["defender"] else None,
        "challenger_wins": sum(r["result"] == 1.0 for r in games), "ties": sum(r["result"] == 0.5 for r in games),
        "mean_margin": round(statistics.fmean(margins), 2),
        "margin_se": round(statistics.stdev(margins) / math.sqrt(len(margins)), 2) if len(margins) > 1 else None,
        "challenger_mean_score": round(statistics.fmean(r["challenger_score"] for r in games), 1),
        "defender_mean_score": round(statistics.fmean(r["defender_score"] for r in games), 1),
        "challenger_sec_per_move": round(statistics.fmean(r["challenger_sec_per_move"] for r in games), 4),
        "defender_sec_per_move": round(statistics.fmean(r["defender_sec_per_move"] for r in games), 4),
        "challenger_max_sec_per_move": round(max(r["challenger_max_sec_per_move"] for r in games), 4),
    }
    searched = [r["challenger_mean_iterations"] for r in games if r["challenger_mean_iterations"] is not None]
    if searched:
        summary["challenger_mean_iterations"] = round(statistics.fmean(searched), 1)
    return summary


def run_match(match: Match, args: argparse.Namespace) -> list[dict[str, Any]]:
    jobs = [(match, i, args.seed + i, args.seconds, args.game, args.options, args.players, args.hard_seconds,
             args.hard_settings) for i in range(args.games)]
    bar = tqdm(total=len(jobs), desc=match.name, unit="game")
    results: list[dict[str, Any]] = []
    try:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                for result in pool.map(play_game, *zip(*jobs)):
                    results.append(result)
                    bar.update()
        else:
            for job in jobs:
                results.append(play_game(*job))
                bar.update()
    finally:
        bar.close()
    return results


def table(summaries: list[dict[str, Any]]) -> str:
    head = (f"{'match':<22} {'games':>5} {'win rate':>9} {'95% interval':>14} {'margin':>15} "
            f"{'median s/decision (chal./def.)':>31}")
    rows = [head, "-" * len(head)]
    for s in summaries:
        margin = f"{s['mean_margin']:+.1f}" + (f" ± {s['margin_se']:.1f}" if s["margin_se"] is not None else "")
        low, high = s["win_rate_95"]
        rows.append(f"{s['match']:<22} {s['games']:>5} {s['challenger_win_rate']:>9.1%} {low:>6.1%}-{high:<6.1%} "
                    f"{margin:>15} {s['challenger_median_decision_sec'] or 0:>17.4f} / "
                    f"{s['defender_median_decision_sec'] or 0:.4f}")
    return "\n".join(rows)


def setting(text: str, parser: argparse.ArgumentParser) -> tuple[str, Any]:
    """``KEY=VALUE`` of ``--hard``: an int, a float, ``none`` or else a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        parser.error(f"--hard takes KEY=VALUE, got {text!r}")
    value: Any = raw
    if raw.lower() == "none":
        value = None
    else:
        for kind in (int, float):
            try:
                value = kind(raw)
                break
            except ValueError:
                pass
    return key, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per match (default 50)")
    parser.add_argument("--seconds", type=float, default=0.25, help="MCTS thinking time per move (default 0.25)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game (default 1000)")
    parser.add_argument("--game", default="hunters-gatherers")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    parser.add_argument("--matches", default=None,
                        help="comma-separated DEFENDER-CHALLENGER pairs (default random-greedy,greedy-mcts)")
    parser.add_argument("--ladder", action="store_true", help="the difficulty levels' ladder (see above)")
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--hard-seconds", type=float, default=None,
                        help="the hard level's think time per move (default: as the game declares)")
    parser.add_argument("--hard", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting of the hard level's agent, e.g. simulations=96 (a fixed iteration budget, "
                             "with seconds=none: moves then do not depend on the load) or playout=random")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    args.options = parse_options(args.option, wp.game_info(args.game))
    args.hard_settings = dict(setting(text, parser) for text in args.hard)
    if not args.ladder:
        args.out = args.out or Path(__file__).parent / "results" / f"agents-{args.game}.json"
    if args.games < 1 or args.seconds <= 0 or args.jobs < 1:
        parser.error("--games and --jobs must be positive, --seconds greater than 0")
    if args.matches is None:
        args.matches = (LADDER_2 if args.players == 2 else LADDER_MORE) if args.ladder else "random-greedy,greedy-mcts"
    if args.ladder and args.out is None:
        args.out = Path(__file__).parent / "results" / f"ladder-{args.game}-{args.players}p.json"
    matches = []
    for pair in args.matches.split(","):
        defender, _, challenger = pair.strip().partition("-")
        matches.append(Match(f"{challenger} vs {defender}", defender, challenger))

    started = time.perf_counter()
    summaries, details = [], {}
    for match in matches:
        games = run_match(match, args)
        summaries.append(summarise(match, games))
        details[match.name] = games
    report = {
        "command": "python benchmarks/agents.py " + " ".join(
            f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items() if k not in ("out", "option", "options", "hard_settings")),
        "machine": {"python": platform.python_version(), "processor": platform.machine()},
        "game": args.game, "options": args.options, "players": args.players, "hard_seconds": args.hard_seconds,
        "hard_settings": args.hard_settings, "mcts_seconds": args.seconds, "jobs": args.jobs,
        "wall_seconds": round(time.perf_counter() - started, 1),
        "matches": summaries, "games": details,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(table(summaries))
    print("(challenger's win rate, ties half; margin = challenger minus defender, mean ± standard error)"
          f" -> {args.out}")


if __name__ == "__main__":
    main()
