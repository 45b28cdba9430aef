"""How far the Sapiens estimate's projected tracks land from the tracks that games end with.

    python benchmarks/sapiens_calibration.py [--games 16] [--seed 2000] [--levels normal,easy] [--players 2] [--first-only]

Plays seeded games between two difficulty levels (the first level in one seat, rotating from game
to game, the second in all the others) and, at the start of
each turn of a player still in the game, takes the estimate's projection of their food and shelter
(``heuristic.projection``). At the end it prints, by turns left, the mean error of each projection
(final track minus projected: positive = the estimate expected too little) and the mean gain of
each track from there to the end, with the part of the shelter projection that the caves still in
reach make (``caves``: the estimate's expected cave shelter). ``--first-only`` keeps
the snapshots of the first level's seat: a level's estimate should be right about the games that
level itself plays. The per-turn rates of ``heuristic.py`` (``FOOD_PER_TURN``,
``SHELTER_PER_TURN``) were set from this table: an error that grows with the turns left means a
rate that is off by its slope.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

import widgetpkg as wp
from widgetpkg.games.sapiens import heuristic


def play(seed: int, levels: tuple[str, str], players: int = 2, first_only: bool = False,
         ) -> list[tuple[int, float, float, float, float, float]]:
    """One seeded game: (turns left, food error, shelter error, food gain, shelter gain, caves) per snapshot."""
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
        if key not in seen and g.phase != "start_cave" and p not in g.out and (not first_only or p == seats[first]):
            seen.add(key)
            mine = heuristic.projection(g, p)
            snaps.append((p, heuristic.TURNS - g.turns_played[p], mine.food, mine.shelter, g.food[p], g.shelter[p],
                          mine.caves))
        g.apply(agents[p].choose(g))
    return [(left, g.food[p] - food, g.shelter[p] - shelter, g.food[p] - f0, g.shelter[p] - s0, caves)
            for p, left, food, shelter, f0, s0, caves in snaps]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--levels", default="normal,easy", help="two levels, comma-separated")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first-only", action="store_true", help="only the first level's snapshots")
    args = parser.parse_args()
    first, second = args.levels.split(",")
    by_left: dict[int, list[tuple[int, float, float, float, float, float]]] = defaultdict(list)
    for seed in range(args.seed, args.seed + args.games):
        for row in play(seed, (first, second), args.players, args.first_only):
            by_left[row[0]].append(row)
    print(f"{'turns left':>10} {'snapshots':>9} {'food error':>10} {'shelter error':>13} {'food gain':>9} "
          f"{'shelter gain':>12} {'caves':>6}")
    for left in sorted(by_left):
        rows = by_left[left]
        means = [statistics.fmean(r[i] for r in rows) for i in range(1, 6)]
        print(f"{left:>10} {len(rows):>9} {means[0]:>10.2f} {means[1]:>13.2f} {means[2]:>9.2f} {means[3]:>12.2f} "
              f"{means[4]:>6.2f}")


if __name__ == "__main__":
    main()
