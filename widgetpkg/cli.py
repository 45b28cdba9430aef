"""Command line: ``python -m widgetpkg simulate|validate``.

``simulate`` plays seeded random games and summarises them; ``validate`` checks a tile-set file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any, Sequence

from tqdm import tqdm

from . import new_game
from .agents import RandomAgent
from .core import WidgetpkgError


def simulate(game: str, players: int, games: int, seed: int, options: dict[str, Any], progress: bool) -> dict[str, Any]:
    """Play ``games`` random games; return per-game results and a summary."""
    names = [f"P{i + 1}" for i in range(players)]
    agent = RandomAgent(seed=seed)
    results = []
    started = time.perf_counter()
    for number in tqdm(range(games), desc="games", unit="game", disable=not progress, leave=False):
        g = new_game(game, players=names, seed=seed + number, **options)
        actions = 0
        while not g.is_over:
            g.apply(agent.choose(g))
            actions += 1
        results.append({"seed": seed + number, "scores": g.scores, "actions": actions,
                        "tiles": len(getattr(g, "board", ()))})
    elapsed = time.perf_counter() - started
    summary = {
        "game": game, "options": options, "players": players, "games": games, "seed": seed,
        "seconds": round(elapsed, 3), "games_per_second": round(games / elapsed, 1),
        "mean_scores": {p: round(statistics.fmean(r["scores"][p] for r in results), 2) for p in names},
        "mean_actions": round(statistics.fmean(r["actions"] for r in results), 1),
        "mean_tiles": round(statistics.fmean(r["tiles"] for r in results), 1),
    }
    return {"summary": summary, "results": results}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m widgetpkg", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play random games and summarise them")
    sim.add_argument("--game", default="hunters-gatherers")
    sim.add_argument("--edition", help="rules edition (Hunters & Gatherers: 2020 or classic)")
    sim.add_argument("--tileset", help="tile set name or YAML file")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print machine-readable results")
    val = commands.add_parser("validate", help="check a Hunters & Gatherers tile-set YAML file")
    val.add_argument("path")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "validate":
            from .games.hunters_gatherers.tiles import load_tileset
            tiles = load_tileset(args.path)
            print(f"{args.path}: valid, {len(tiles)} tiles ({len(tiles.regular)} regular, "
                  f"{len(tiles.extra)} {tiles.extra_kind}, start tile {tiles.start.id})")
            return 0
        if args.games < 1:
            raise WidgetpkgError("--games must be at least 1")
        options = {k: v for k, v in (("edition", args.edition), ("tileset", args.tileset)) if v is not None}
        report = simulate(args.game, args.players, args.games, args.seed, options,
                          progress=sys.stderr.isatty() and not args.json)
    except WidgetpkgError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    s = report["summary"]
    options = "".join(f" {k}={v}" for k, v in s["options"].items())
    print(f"{s['games']} random games of {s['game']}{options} with {s['players']} players "
          f"in {s['seconds']} s ({s['games_per_second']} games/s)")
    print(f"mean actions {s['mean_actions']}, mean tiles on the board {s['mean_tiles']}")
    print("mean scores by seat: " + ", ".join(f"{p} {v}" for p, v in s["mean_scores"].items()))
    return 0
