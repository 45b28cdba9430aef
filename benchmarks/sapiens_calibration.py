"""How far the Sapiens estimate's projected tracks land from the tracks that games end with.

    python benchmarks/sapiens_calibration.py [--games 16] [--seed 2000] [--levels normal,easy] [--players 2]

Plays seeded games between two difficulty levels (the first level in one seat, rotating from game
to game, the second in all the others) and, at the start of
each turn of a player still in the game, takes the estimate's projection of their food and shelter
(``heuristic.projection``). At the end it prints, by turns left, the mean error of each projection
(final track minus projected: positive = the estimate expected too little) and the mean gain of
each track from there to the end. The per-turn rates of ``heuristic.py`` (``FOOD_PER_TURN``,
``SHELTER_PER_TURN``) were set from this table: an error that grows with the turns left means a
rate that is off by its slope.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

import widgetpkg as wp
from widgetpkg.games.sapiens import heuristic


def play(seed: int, levels: tuple[str, str], players: int = 2) -> list[tuple[int, float, float, float, float]]:
    """One seeded game: (turns left, food error, shelter error, food gain, shelter gain) per snapshot."""
    seats = list(wp.game_info("sapiens").player_names(players))
    first = seed % players
    agents = {s: wp.agents.for_game("sapiens", levels[0] if i == first else levels[1], seed=seed * 8 + i)
              for i, s in enumerate(seats)}
    g = wp.new_game("sapiens", players=seats, seed=seed)
    snaps = []
    seen = set()
    while not g.is_over:
        p = g.current_player
        assert p is not None
        key = (p, g.turns_played[p])
        if key not in seen and g.phase != "start_cave" and p not in g.out:
            seen.add(key)
            food, shelter, *_ = heuristic.projection(g, p)
            snaps.append((p, heuristic.TURNS - g.turns_played[p], food, shelter, g.food[p], g.shelter[p]))
        g.apply(agents[p].choose(g))
    return [(left, g.food[p] - food, g.shelter[p] - shelter, g.food[p] - f0, g.shelter[p] - s0)
            for p, left, food, shelter, f0, s0 in snaps]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--levels", default="normal,easy", help="two levels, comma-separated")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    first, second = args.levels.split(",")
    by_left: dict[int, list[tuple[int, float, float, float, float]]] = defaultdict(list)
    for seed in range(args.seed, args.seed + args.games):
        for row in play(seed, (first, second), args.players):
            by_left[row[0]].append(row)
    print(f"{'turns left':>10} {'snapshots':>9} {'food error':>10} {'shelter error':>13} {'food gain':>9} "
          f"{'shelter gain':>12}")
    for left in sorted(by_left):
        rows = by_left[left]
        means = [statistics.fmean(r[i] for r in rows) for i in range(1, 5)]
        print(f"{left:>10} {len(rows):>9} {means[0]:>10.2f} {means[1]:>13.2f} {means[2]:>9.2f} {means[3]:>12.2f}")


if __name__ == "__main__":
    main()
