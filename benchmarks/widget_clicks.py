"""Python time per click in the play widget, for any game: a human seat against a random agent,
every decision made as a person makes it (a place or spot on the board, the first entry of the
menu it opens, or a prompt button), without a browser.

    python benchmarks/widget_clicks.py --game stone-age [--games 3] [--option season=summer]

"Per click" is the board's whole answer: the move, the redraw of every layer it touches and the
panel's update, with every message the widgets send serialised as the kernel would (CommCounter). A menu's two clicks (open it, pick an entry) count as two. The browser adds the
round trip to the kernel and the page's own drawing: tests/test_browser.py measures that.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import widgetpkg as wp
from widgetpkg.widgets.metrics import CommCounter


def _stats_ms(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    return {"clicks": len(ms), "median": round(statistics.median(ms), 1),
            "p90": round(ms[int(0.9 * (len(ms) - 1))], 1), "max": round(ms[-1], 1)}


def _timed(board: Any, kind: str, times: dict[str, list[float]], click: Any, *args: Any) -> None:
    board._last_move = None          # the benchmark clicks faster than a double click
    started = time.perf_counter()
    assert click(*args), board.model.message
    times.setdefault(kind, []).append(time.perf_counter() - started)


def _opens_menu(board: Any, px: float, py: float) -> bool:
    board.click(px, py)
    return board.menu is not None


def play_game(name: str, seed: int, options: dict[str, Any]) -> dict[str, list[float]]:
    """Seconds per click of one game, by kind of click."""
    app = wp.play(name, players=["You", wp.agents.Random(seed=seed)], seed=seed, **options)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {}
    with CommCounter():
        _play_by_clicks(app, rng, times)
    app.close()
    return times


def _play_by_clicks(app: Any, rng: random.Random, times: dict[str, list[float]]) -> None:
    board, model = app.board, app.model
    while not model.game.is_over:
        if not model.human_to_move():
            app.runner.step()
            continue
        shown = [(t, px, py) for t in board.targets for px, py in [board.view.to_pixel(*t.centre)]
                 if 0 <= px < board.width and 0 <= py < board.height]
        options_now = [("board", target) for target in shown] + [("prompt", c) for c in board.prompt]
        kind, item = options_now[rng.randrange(len(options_now))]
        if kind == "prompt":
            _timed(board, "prompt button", times, board.press, item)
            continue
        item, px, py = item
        if item.mode == "menu":
            _timed(board, "board (opens a menu)", times, _opens_menu, board, px, py)
            _timed(board, "menu entry", times, board.choose, rng.randrange(len(item.choices)))
        else:      # one action, or the first of several a person cycles through (a tile's rotations)
            _timed(board, "board", times, board.click, px, py)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="stone-age", choices=wp.game_names())
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (JSON values allowed)")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for text in args.option:
        key, _, value = text.partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    play_game(args.game, 0, options)          # untimed: modules load, caches fill
    merged: dict[str, list[float]] = {}
    for seed in range(1, args.games + 1):
        for kind, seconds in play_game(args.game, seed, options).items():
            merged.setdefault(kind, []).extend(seconds)
    report = {"game": args.game, "games": args.games, "options": options,
              "all_clicks_ms": _stats_ms([s for seconds in merged.values() for s in seconds]),
              "by_kind_ms": {kind: _stats_ms(seconds) for kind, seconds in sorted(merged.items())}}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
