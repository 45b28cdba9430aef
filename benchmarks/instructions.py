"""Machine instructions per random game, counted by valgrind's callgrind: a figure that, unlike
the timings, does not move with the load of the machine or its clock, so a change of 1 % shows.

    python benchmarks/instructions.py [--game stone-age] [--players 2] [--games 6]

Plays one untimed game (imports and caches are start-up), then ``--games`` seeded random games
through the public API, under callgrind; the same without the games is subtracted. Needs
``valgrind`` on the PATH; runs about 50 times slower than Python alone.
"""

from __future__ import annotations

import argparse
import random
import shutil

from callgrind import counted  # benchmarks/callgrind.py: a script's own folder is on sys.path

import widgetpkg as wp


def play(game: str, players: int, games: int) -> None:
    """One untimed game, then ``games`` seeded random ones (the child process's work)."""
    for seed in [0] if games == 0 else [0, *range(games)]:
        rng = random.Random(seed)
        g = wp.new_game(game, players=players, seed=seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))


def instructions(game: str, players: int, games: int) -> int:
    """Instructions callgrind counts for a child that plays ``games`` games after the untimed one."""
    return counted([__file__, "--child", "--game", game, "--players", str(players), "--games", str(games)])[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stone-age", choices=wp.game_names())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        play(args.game, args.players, args.games)
        return
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind (apt-get install valgrind)")
    base = instructions(args.game, args.players, 0)
    total = instructions(args.game, args.players, args.games)
    print(f"{args.game}, {args.players} players: {(total - base) / args.games / 1e6:.2f} M instructions per random game "
          f"({args.games} games)")


if __name__ == "__main__":
    main()
