"""Widget costs over whole games played by clicks: Python time per click, comm messages and bytes.

    python benchmarks/widgets.py [--games 3] [--out benchmarks/results/widgets.json]

A human seat is played through the board's click handler (a legal cell, then a figure spot or
Skip, chosen at random) against a random agent, exactly as clicks from the browser arrive, but
without a browser: every message a widget would send is counted by wrapping ``Widget._send``.
"Per click" includes the redraw of every view and the panel update that the click causes.
"End of game" figures are the last ten clicks of each game, when the board is full.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

import widgetpkg as wp
from widgetpkg.widgets.metrics import CommCounter


def _stats(values: list[float], scale: float = 1.0, digits: int = 1) -> dict[str, float]:
    values = sorted(v * scale for v in values)
    return {"median": round(statistics.median(values), digits),
            "p90": round(values[int(0.9 * (len(values) - 1))], digits),
            "max": round(values[-1], digits)}


def _click(kind: str, seconds: float, sent: CommCounter, model: Any) -> dict[str, Any]:
    return {"kind": kind, "seconds": seconds, "messages": sent.messages, "bytes": sent.bytes,
            "canvas_messages": sent.canvas_messages(),
            "canvas_bytes": sum(s.bytes for s in sent.sent if s.widget == "canvas"),
            "kinds": sent.by_kind(), "tiles": len(model.game.board)}


def play_game(seed: int) -> dict[str, Any]:
    app = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=seed)], seed=seed)
    board, model = app.board, app.model
    rng = random.Random(seed)
    clicks: list[dict[str, Any]] = []
    with CommCounter() as sent:
        while not model.game.is_over:
            if not model.human_to_move():
                app.runner.step()
                continue
            targets = board.targets
            skip = model.game.phase == "place_figure" and (not targets or rng.random() < 0.75)
            if skip:      # Skip is a button of the prompt, not a spot on the board
                sent.reset()
                started = time.perf_counter()
                assert board.press("Skip"), model.message
                clicks.append(_click("skip", time.perf_counter() - started, sent, model))
                continue
            target = rng.choice(targets)
            wx, wy = target.centre
            px, py = board.view.to_pixel(wx, wy)
            if not (0 <= px < board.width and 0 <= py < board.height):
                cx, cy = board.view.to_world(board.width / 2, board.height / 2)
                board.pan(round(wx - cx), round(wy - cy))
                continue
            kind = "figure" if target.is_spot else "tile"
            sent.reset()
            started = time.perf_counter()
            played = board.click(px, py)
            if target.mode == "menu":      # a fisher or a hut: the click opened the menu, pick one
                played = board.choose(rng.randrange(len(target.choices)))
            took = time.perf_counter() - started
            board._last_move = None    # the benchmark clicks faster than a double click
            assert played, model.message
            clicks.append(_click(kind, took, sent, model))
        # the board is full: what the view operations cost now
        ops: dict[str, Any] = {}

        def measure(name: str, action: Any) -> None:
            sent.reset()
            started = time.perf_counter()
            action()
            ops[name] = {"ms": round((time.perf_counter() - started) * 1000, 1), "messages": sent.messages,
                         "canvas_messages": sent.canvas_messages(), "bytes": sent.bytes}

        tile = next(iter(model.game.board))
        measure("hover_area", lambda: board.hover(*board.cell_to_pixel(*tile)))
        measure("pan", lambda: board.pan(1, 0))
        measure("zoom", lambda: board.zoom(1))
        measure("fit", board.fit)
        reload = {"event": "client_ready"}
        measure("page_reload_redraw", lambda: board.canvas[-1]._handle_frontend_event(None, reload, []))
        measure("undo_last_step", model.undo)
        measure("history_to_start", lambda: model.goto(0))
        measure("history_to_end", lambda: model.goto(model.steps()))
    return {"seed": seed, "tiles": len(model.game.board), "clicks": clicks, "end_of_game_ops": ops,
            "errors": board.last_error}


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    clicks = [c for g in games for c in g["clicks"]]
    end = [c for g in games for c in g["clicks"][-10:]]
    kinds: dict[str, int] = {}
    for c in end:
        for k, n in c["kinds"].items():
            kinds[k] = kinds.get(k, 0) + n
    late = [c for c in clicks if c["tiles"] >= 55]       # the last third of the game
    by_kind = {kind: {"clicks": len(cs), "ms": _stats([c["seconds"] for c in cs], 1000),
                      "bytes": _stats([c["bytes"] for c in cs], digits=0)}
               for kind in ("tile", "figure", "skip") if (cs := [c for c in late if c["kind"] == kind])}
    return {
        "clicks": len(clicks),
        "last_third_by_click_kind": by_kind,
        "click_ms_all": _stats([c["seconds"] for c in clicks], 1000),
        "click_ms_end_of_game": _stats([c["seconds"] for c in end], 1000),
        "canvas_messages_per_click": sorted({c["canvas_messages"] for c in clicks}),
        "messages_per_click_end_of_game": _stats([c["messages"] for c in end]),
        "bytes_per_click_end_of_game": _stats([c["bytes"] for c in end], digits=0),
        "canvas_bytes_per_click_end_of_game": _stats([c["canvas_bytes"] for c in end], digits=0),
        "messages_by_widget_end_of_game_per_click": {k: round(n / len(end), 2) for k, n in sorted(kinds.items())},
        "end_of_game_ops": games[-1]["end_of_game_ops"],
        "errors": [g["errors"] for g in games if g["errors"]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "widgets.json")
    args = parser.parse_args()
    games = [play_game(seed) for seed in range(1, args.games + 1)]
    report = {"machine": {"python": platform.python_version(), "processor": platform.machine()},
              "games": args.games, "tiles_at_end": [g["tiles"] for g in games], **summarise(games)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
