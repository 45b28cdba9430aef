"""What a game's encoding (``Game.encoding()``) costs per step, beside the engine's own steps.

    python benchmarks/encoding_cost.py [--games 10] [--game stone-age --game sapiens]
        [--out benchmarks/results/encoding_cost.json]

For each game and player count, the same seeded random games are played twice, one after the
other in this process: raw (``legal_actions`` and ``apply`` of a random legal action) and encoded
(the same plus what an environment adds at each step: the action mask, the observation vector of
the player to move, and the action found back from its index). Both pick the same actions, so
they play the same games. The ratio is encoded CPU time over raw CPU time (time.process_time);
the environment's overhead budget (issue 22) is 2x.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from pathlib import Path
from typing import Any

import widgetpkg as wp

SET_UPS: dict[str, list[dict[str, Any]]] = {
    "stone-age": [{"players": n} for n in (2, 3, 4)]
    + [{"players": 4, "variants": {"hard_winter": True, "wild_animals": True, "igloos": True}}],
    "sapiens": [{"players": n} for n in (2, 3, 4)],
}


def play(name: str, options: dict[str, Any], seed: int, *, encoded: bool) -> tuple[float, int]:
    """CPU seconds and steps of one random game (set-up not timed)."""
    g = wp.new_game(name, seed=seed, **options)
    enc = g.encoding() if encoded else None
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while not g.is_over:
        legal = g.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if enc is not None:
            enc.mask(g)
            enc.vector(g, g.current_player)  # type: ignore[arg-type]
            action = enc.action(g, enc.action_index(g, action))
        g.apply(action)
        steps += 1
    return time.process_time() - start, steps


def measure(name: str, options: dict[str, Any], games: int) -> dict[str, Any]:
    raw = encoded = 0.0
    steps = 0
    for seed in range(games):
        seconds, n = play(name, options, seed, encoded=False)
        raw += seconds
        seconds, m = play(name, options, seed, encoded=True)
        encoded += seconds
        assert n == m, "both loops play the same game"
        steps += n
    enc = wp.new_game(name, seed=0, **options).encoding()
    return {"game": name, "options": options, "games": games, "steps": steps,
            "action_count": enc.action_count, "observation_size": enc.observation_size,
            "raw_us_per_step": raw / steps * 1e6, "encoded_us_per_step": encoded / steps * 1e6,
            "ratio": encoded / raw}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--game", action="append", choices=sorted(SET_UPS))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    results = []
    for name in args.game or sorted(SET_UPS):
        for options in SET_UPS[name]:
            row = measure(name, options, args.games)
            results.append(row)
            print(f"{name:10} {json.dumps(options):78} actions {row['action_count']:5}  obs {row['observation_size']:5}  "
                  f"raw {row['raw_us_per_step']:7.1f} us/step  encoded {row['encoded_us_per_step']:7.1f} us/step  "
                  f"ratio {row['ratio']:.2f}", flush=True)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"python": platform.python_version(), "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
