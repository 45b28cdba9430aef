"""Where an environment move goes: machine instructions of each part the env adds to the engine.

    python benchmarks/rl_parts.py [--game stone-age] [--players 4] [--games 2]

Plays the same seeded random games straight on the engine several times under callgrind, each time
adding one part of what ``widgetpkg.rl`` does at every step, and prints what each part adds per
move (callgrind counts are steady under any load):

- ``legal``: the legal actions' indices (``Encoding.indexed_legal_actions``);
- ``changes``: ``Game.changes_since`` the step before (what a kept observation reads);
- ``observation``: a new float32 vector for the player to move, as the env makes it
  (``packed_vector`` wrapped by numpy);
- ``observation twice``: the same, made a second time at once (the second call finds its kept
  parts up to date: what the call costs besides bringing them up to date).

The rest of an env move (PettingZoo's loop, the mask's array, the agent reading it) is what
``benchmarks/rl_overhead.py``'s total has beyond these.
"""

from __future__ import annotations

import argparse
import random
import re

from callgrind import counted  # benchmarks/callgrind.py: a script's own folder is on sys.path

PARTS = ("legal", "changes", "observation", "observation twice")


def child(part: str, game_name: str, players: int, games: int) -> None:
    """Play ``games`` seeded games on the engine, adding ``part`` at each step (every run makes the
    same encodings, so their making is no part's)."""
    import numpy as np

    import widgetpkg as wp

    moves = 0
    for seed in range(games):
        game = wp.new_game(game_name, players=players, seed=seed)
        encoding = game.encoding()
        rng = random.Random(seed)
        before = None
        while not game.is_over:
            if part == "legal":
                encoding.indexed_legal_actions(game)
            elif part == "changes":
                game.changes_since(before)
            elif part.startswith("observation"):
                for _ in range(2 if part.endswith("twice") else 1):
                    np.frombuffer(encoding.packed_vector(game, game.current_player), np.float32)
            before = game.last_step
            game.apply(rng.choice(game.legal_actions()))
            moves += 1
    print(f"moves {moves}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stone-age")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--child", choices=("engine", *PARTS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.game, args.players, args.games)
        return
    counts = {}
    for part in ("engine", *PARTS):
        total, printed = counted([__file__, "--child", part, "--game", args.game, "--players", str(args.players),
                                  "--games", str(args.games)])
        found = re.search(r"moves (\d+)", printed)
        if found is None:
            raise RuntimeError(f"the child printed no moves:\n{printed[-2000:]}")
        counts[part] = (total, int(found.group(1)))
    engine, moves = counts["engine"]
    # every run plays the same games (one hash seed, the same seeds): the difference is the part
    print(f"{args.game}, {args.players} players, {args.games} games: instructions a move added to the engine's")
    for part in PARTS:
        total, _ = counts[part]
        print(f"  {part:18s} {(total - engine) / moves / 1e3:6.1f} k")


if __name__ == "__main__":
    main()
