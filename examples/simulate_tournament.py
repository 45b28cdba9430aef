"""A small round-robin tournament between the built-in agents, with a table of results.

    python examples/simulate_tournament.py [--game stone-age] [--games 2] [--seconds 0.1]

Every pair of agents plays ``--games`` two-player games (of Hunters & Gatherers unless ``--game``
says otherwise) with alternating seats; a win is 1 point, a tie 1/2. (``benchmarks/agents.py``
runs the full matches.)
"""

from __future__ import annotations

import argparse
import itertools

from tqdm import tqdm

import widgetpkg as wp
from widgetpkg.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent


def play_one(game: str, first: Agent, second: Agent, seed: int) -> dict[str, int]:
    g = wp.new_game(game, players=["first", "second"], seed=seed)
    seats = {"first": first, "second": second}
    while not g.is_over:
        g.apply(seats[g.current_player].choose(g))
    return g.scores


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per pair of agents")
    parser.add_argument("--seconds", type=float, default=0.1, help="MCTS thinking time per move")
    parser.add_argument("--game", default="hunters-gatherers", choices=wp.game_names())
    args = parser.parse_args(argv)
    agents = {"Random": RandomAgent(seed=1), "Greedy": GreedyAgent(seed=2),
              f"MCTS {args.seconds:g}s": MCTSAgent(seconds=args.seconds, seed=3)}
    points = dict.fromkeys(agents, 0.0)
    margins = dict.fromkeys(agents, 0)
    pairs = list(itertools.combinations(agents, 2))
    with tqdm(total=len(pairs) * args.games, desc="games", leave=False) as bar:
        for a, b in pairs:
            for game in range(args.games):
                first, second = (a, b) if game % 2 == 0 else (b, a)
                scores = play_one(args.game, agents[first], agents[second], seed=100 + game)
                mine, theirs = scores["first"], scores["second"]
                points[first] += 1 if mine > theirs else 0.5 if mine == theirs else 0
                points[second] += 1 if theirs > mine else 0.5 if mine == theirs else 0
                margins[first] += mine - theirs
                margins[second] += theirs - mine
                bar.update()
    played = args.games * (len(agents) - 1)
    print(f"{'agent':12s} {'points':>7s} {'of':>4s} {'mean margin':>12s}")
    for name in sorted(agents, key=points.get, reverse=True):
        print(f"{name:12s} {points[name]:7.1f} {played:4d} {margins[name] / played:12.1f}")
    return points


if __name__ == "__main__":
    main()
