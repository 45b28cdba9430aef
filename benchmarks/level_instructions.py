"""Machine instructions per decision of a difficulty level's agent, counted by valgrind's callgrind:
a think-time figure that does not move with the load of the machine.

    python benchmarks/level_instructions.py [--game sapiens] [--level normal] [--positions 12]

The positions come from seeded random play (position ``i``: seed ``i``, stopped after ``2 + 3 * i``
decisions with a choice, or earlier if the game ends), so they do not depend on the heuristic being
measured. The child builds them, then asks a seeded agent of the level for one decision on each;
the same child without the decisions is subtracted. Reports the mean over the positions. Needs
``valgrind`` on the PATH; runs about 50 times slower than Python alone.
"""

from __future__ import annotations

import argparse
import random
import shutil

from callgrind import counted  # benchmarks/callgrind.py: a script's own folder is on sys.path

import widgetpkg as wp


def positions(game: str, players: int, count: int) -> list[wp.Game]:
    """``count`` seeded positions of random play, each with a choice to make."""
    found = []
    for i in range(count):
        rng = random.Random(i)
        g = wp.new_game(game, players=players, seed=i)
        choices = 0
        while not g.is_over:
            actions = g.legal_actions()
            if len(actions) > 1:
                if choices == 2 + 3 * i:
                    break
                choices += 1
            g.apply(rng.choice(actions))
        if not g.is_over:
            found.append(g)
    return found


def think(game: str, level: str, players: int, count: int, decide: bool) -> None:
    """The child's work: build the positions, then (if ``decide``) one decision on each."""
    games = positions(game, players, count)
    agent = wp.agents.for_game(game, level, seed=0)
    agent.choose(positions(game, players, 1)[0])  # warm-up: lazy imports and caches are start-up
    if decide:
        for g in games:
            agent.choose(g)


def instructions(args: argparse.Namespace, decide: bool) -> int:
    return counted([__file__, "--child", "--game", args.game, "--level", args.level, "--players", str(args.players),
                    "--positions", str(args.positions), *(["--decide"] if decide else [])])[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sapiens", choices=wp.game_names())
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--decide", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        think(args.game, args.level, args.players, args.positions, args.decide)
        return
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind (apt-get install valgrind)")
    count = len(positions(args.game, args.players, args.positions))
    extra = instructions(args, True) - instructions(args, False)
    print(f"{args.game}, {args.level}, {args.players} players: {extra / count / 1e6:.1f} M instructions per decision "
          f"(mean of {count} positions)")


if __name__ == "__main__":
    main()
