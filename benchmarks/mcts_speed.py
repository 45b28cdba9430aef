"""MCTS search speed per game: machine instructions per iteration, and iterations per CPU second.

    python benchmarks/mcts_speed.py [--game stone-age] [--players 2] [--tree PATH ...] [--timed 3]
        [--playout own-greedy]

The searches start from five positions of a seeded random game (at 10, 30, 50, 70 and 90 % of its
moves, each with a choice to make). An iteration's cost is the difference between a search of
``--high`` and one of ``--low`` iterations, divided by the iterations between them, so the root's
expansion and start-up drop out. Instructions are counted by valgrind's callgrind, a figure the
machine's load does not move. ``--timed N`` also times both searches N times (CPU seconds) and prints
the median iterations per second.

Each ``--tree`` is a checkout of widgetpkg (e.g. a git worktree of an older commit) measured by the
same children, interleaved, so that a "before and after" is measured side by side in one run; the
default is the tree this script lives in. Only long-standing API is used (``new_game``,
``legal_actions``, ``apply``, ``MCTSAgent(simulations=..., seed=...)``), so old commits run it too;
``--playout`` (how play-outs pick their moves, ``MCTSAgent``'s option) needs a tree that has it.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from callgrind import counted  # benchmarks/callgrind.py: a script's own folder is on sys.path

HERE = Path(__file__).resolve().parent.parent
SHARES = (0.1, 0.3, 0.5, 0.7, 0.9)


def positions(game: str, players: int, seed: int) -> list:  # type: ignore[type-arg]
    """Copies of a seeded random game at each share of its moves (moved on to the next choice)."""
    import widgetpkg as wp

    rng = random.Random(seed)
    g = wp.new_game(game, players=players, seed=seed)
    moves = []
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        moves.append(action)
        g.apply(action)
    found = []
    for share in SHARES:
        g = wp.new_game(game, players=players, seed=seed)
        for action in moves[:int(len(moves) * share)]:
            g.apply(action)
        while not g.is_over and len(g.legal_actions()) < 2:
            g.apply(g.legal_actions()[0])
        if not g.is_over:
            found.append(g)
    return found


def child(game: str, players: int, simulations: int, seed: int, playout: str) -> None:
    """Search each position with ``simulations`` iterations; print the CPU seconds and iterations."""
    from widgetpkg.agents import MCTSAgent

    options = {} if playout == "random" else {"playout": playout}  # the default, also before the option
    starts = positions(game, players, seed)
    MCTSAgent(simulations=2, seed=0, **options).choose(starts[0])   # imports and caches are start-up
    started = time.process_time()
    for i, g in enumerate(starts):
        MCTSAgent(simulations=simulations, seed=i, **options).choose(g)
    print(f"seconds {time.process_time() - started} searches {len(starts)}")


def run(tree: Path, args: argparse.Namespace, simulations: int, callgrind: bool) -> tuple[float, int]:
    """(instructions or CPU seconds, searches) of one child on ``tree``."""
    arguments = [__file__, "--child", "--game", args.game, "--players", str(args.players),
                 "--simulations", str(simulations), "--seed", str(args.seed), "--playout", args.playout]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if callgrind:
        instructions, output = counted(arguments, env)
    else:
        output = subprocess.run([sys.executable, *arguments], capture_output=True, text=True, check=True,
                                env=env).stdout
    printed = re.search(r"seconds (\S+) searches (\d+)", output)
    if printed is None:
        raise RuntimeError(f"the child printed no result:\n{output[-2000:]}")
    return float(instructions if callgrind else printed.group(1)), int(printed.group(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stone-age")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--low", type=int, default=20)
    parser.add_argument("--high", type=int, default=120)
    parser.add_argument("--timed", type=int, default=0, help="also time the searches this many times")
    parser.add_argument("--playout", default="random", help="how play-outs pick their moves (MCTSAgent's option)")
    parser.add_argument("--tree", type=Path, action="append", help="a widgetpkg checkout (default: this one)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--simulations", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.game, args.players, args.simulations, args.seed, args.playout)
        return
    if not 0 < args.low < args.high:
        parser.error("--low must be positive and below --high")
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind (apt-get install valgrind)")
    trees = args.tree or [HERE]
    extra = args.high - args.low
    for tree in trees:
        low, searches = run(tree, args, args.low, callgrind=True)
        high, _ = run(tree, args, args.high, callgrind=True)
        print(f"{tree}: {args.game}, {args.players} players, {args.playout} play-outs: "
              f"{(high - low) / searches / extra / 1e3:,.0f} k instructions per iteration "
              f"({searches} searches of {args.low} and {args.high} iterations)")
    timings: dict[Path, list[float]] = {tree: [] for tree in trees}
    for _ in range(args.timed):
        for tree in trees:                       # interleaved: the load falls on every tree alike
            low, searches = run(tree, args, args.low, callgrind=False)
            high, _ = run(tree, args, args.high, callgrind=False)
            if high > low:                       # else the searches were too short to time
                timings[tree].append(searches * extra / (high - low))
    for tree, rates in timings.items():
        if args.timed and not rates:
            print(f"{tree}: too few iterations to time; raise --high")
        elif rates:
            print(f"{tree}: {statistics.median(rates):,.0f} iterations per CPU second (median of {len(rates)}, "
                  f"load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
