"""What the PettingZoo environment costs over the bare engine, in machine instructions per move.

    python benchmarks/rl_overhead.py [--game hunters-gatherers] [--players 2] [--games 3]

Counts, with valgrind's callgrind (a figure the machine's load does not move), the instructions
of ``--games`` seeded games of random agents played through ``widgetpkg.rl.env`` (observation
and mask built at every move, as a learner gets them) and of the same number of seeded random
games played straight on the engine; an untimed game of each kind first, and a run with no games
subtracted. Prints instructions per move of each and their ratio. The games and loops are those
of ``examples/rl_random_agents.py``, whose timed ratio is the quick look.
"""

from __future__ import annotations

import argparse
import re
import runpy
import shutil
from pathlib import Path

from callgrind import counted  # benchmarks/callgrind.py: a script's own folder is on sys.path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rl_random_agents.py"


def child(kind: str, game: str, players: int, games: int) -> None:
    """Play an untimed game, then ``games`` seeded ones of ``kind``; print the moves of the latter."""
    loops = runpy.run_path(str(EXAMPLE), run_name="benchmark")
    import widgetpkg.rl

    env = widgetpkg.rl.env(game, players=players)
    moves = 0
    for seed in [1000] if games == 0 else [1000, *range(games)]:
        played = loops["env_game"](env, seed)[0] if kind == "env" else loops["engine_game"](game, players, seed, {})
        moves += played if seed < 1000 else 0
    print(f"moves {moves}")


def count(kind: str, game: str, players: int, games: int) -> tuple[int, int]:
    """Instructions and moves of a child process playing ``games`` games of ``kind``."""
    instructions, printed = counted([__file__, "--child", kind, "--game", game, "--players", str(players),
                                     "--games", str(games)])
    moves = re.search(r"moves (\d+)", printed)
    if moves is None:
        raise RuntimeError(f"the child printed no moves:\n{printed[-2000:]}")
    return instructions, int(moves.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hunters-gatherers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--child", choices=("env", "engine"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.game, args.players, args.games)
        return
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind (apt-get install valgrind)")
    per_move = {}
    for kind in ("engine", "env"):
        base, _ = count(kind, args.game, args.players, 0)
        total, moves = count(kind, args.game, args.players, args.games)
        per_move[kind] = (total - base) / moves
    print(f"{args.game}, {args.players} players, {args.games} games of each: engine {per_move['engine'] / 1e3:.0f} k, "
          f"env {per_move['env'] / 1e3:.0f} k instructions per move; the env costs "
          f"{per_move['env'] / per_move['engine']:.2f}x the engine")


if __name__ == "__main__":
    main()
