"""Replay pages: a whole game as one self-contained HTML file (no network, no Jupyter).

The board at every step is drawn by the game's own UI adapter (the painter that draws the widgets'
canvas), into SVG. Steps share their drawing: every background piece, the regions, the marks and
the figures become separate SVG fragments, each stored once; a step is a list of fragment numbers,
and the page's script joins them. Each scoring log entry carries a fragment from the adapter's
``highlight`` (drawn at the step it was scored): the board lights up what the step scored, or the
log line under the mouse. One fixed view (the union of every step's extent) keeps a piece
at the same pixels all game long, so a tile placed at step 3 is one fragment used by every later step.

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", seed=1)
>>> for _ in range(4):
...     _ = g.apply(g.legal_actions()[0])
>>> data = replay_data(g)
>>> len(data["frames"]), len(data["steps"])
(5, 5)
>>> page = replay_page(g)
>>> page.startswith("<!DOCTYPE html>") and "http:" not in page.replace("http://www.w3.org/2000/svg", "")
True
"""

from __future__ import annotations

import base64
import html
import json
import os
import tempfile
import zlib
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from .core import Game
from .render.painter import Recorder
from .render.svg import svg_body
from .ui.contract import GameUI, PromptOnlyUI, Style, View, ui_for

#: pixels per board cell in the page (the page scales the picture to fit the window anyway)
SCALE = 40
_PAGE = Path(__file__).with_name("replay_page.html")


class _Fragments:
    """SVG fragments stored once each, numbered in order of first use."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self._number: dict[Hashable, int] = {}

    def add(self, key: Hashable, draw: Any) -> int:
        """The number of the fragment named ``key``; ``draw(painter)`` makes it the first time."""
        number = self._number.get(key)
        if number is None:
            rec = Recorder()
            draw(rec)
            text = "".join(svg_body(rec.ops))
            # two keys may draw the same thing (an unchanged figures layer): store the text once
            number = self._number.get(("text", text))
            if number is None:
                number = len(self.texts)
                self.texts.append(text)
                self._number[("text", text)] = number
            self._number[key] = number
        return number


def _fresh_copy(game: Game) -> Game:
    """The game at its start, with the same players, seed and options (its played steps are
    replayed onto it; undone steps waiting for redo are not part of a replay, as of a save)."""
    options = {k: v.copy() if isinstance(v, (dict, list)) else v for k, v in game.options.items()}
    return type(game)(players=list(game.players), seed=game.seed, **options)  # type: ignore[call-arg,arg-type]


def _view(ui: GameUI[Any], game: Game, actions: list[Any]) -> View:
    """One view for the whole game: the union of the extents of every step (played on a copy of
    its own, so the copy that is drawn replays its draws exactly as the game did)."""
    x0, y0, x1, y1 = ui.extent(game)
    for action in actions:
        game.apply(action)
        a, b, c, d = ui.extent(game)
        x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, d)
    x0, y0 = int(x0 // 1), int(y0 // 1)
    x1, y1 = -int(-x1 // 1), -int(-y1 // 1)
    return View(SCALE, -x0 * SCALE, -y0 * SCALE, max(1, x1 - x0) * SCALE, max(1, y1 - y0) * SCALE)


def _frame(ui: GameUI[Any], game: Game, view: View, style: Style, fragments: _Fragments, step: int) -> list[int]:
    """The fragment numbers that draw the board of ``game`` now, bottom first."""
    parts = [fragments.add(("table",), lambda p: p.rect(0, 0, view.width, view.height, fill=ui.table_colour))]
    for key, value in ui.background(game).items():
        parts.append(fragments.add(("piece", repr(key), repr(value)),
                                   lambda p, k=key, v=value: ui.draw_piece(p, k, v, view)))
    # regions, marks and figures depend on the whole position: drawn at every step, stored once per text
    parts.append(fragments.add(("regions", step), lambda p: ui.draw_regions(p, game, view)))
    parts.append(fragments.add(("marks", step), lambda p: ui.draw_marks(p, game, view, targets=(), style=style)))
    parts.append(fragments.add(("figures", step), lambda p: ui.draw_figures(p, game, view, style=style)))
    return parts


def _end_table(game: Game) -> dict[str, Any]:
    breakdown = game.score_breakdown()
    categories: list[str] = []
    for player in game.players:
        categories += [c for c in breakdown.get(player, {}) if c not in categories]
    return {
        "players": list(game.players),
        "categories": categories,
        "points": {p: [breakdown.get(p, {}).get(c, 0) for c in categories] for p in game.players},
        "totals": game.scores,
        "winners": game.winners() if game.is_over else [],
        "over": game.is_over,
    }


def replay_data(game: Game) -> dict[str, Any]:
    """Everything a replay page shows, as JSON-ready data (the game itself is left untouched)."""
    actions = [step.action for step in game.history]
    copy = _fresh_copy(game)
    ui = ui_for(copy)
    style = Style()
    drawn = not isinstance(ui, PromptOnlyUI)
    view = _view(ui, _fresh_copy(game), actions) if drawn else View(SCALE, 0, 0, SCALE, SCALE)
    fragments = _Fragments()
    frames: list[list[int]] = []
    steps: list[dict[str, Any]] = []
    log_counts: list[int] = []

    marks: list[int | None] = []  # per log entry: the fragment that lights up what it is about

    def record(label: str, player: str | None) -> None:
        frames.append(_frame(ui, copy, view, style, fragments, len(frames)) if drawn else [])
        status, _ = ui.status(copy)
        steps.append({"label": label, "player": player, "status": status, "scores": copy.scores})
        entries = ui.log(copy)
        for number in range(len(marks), len(entries)):
            # drawn now, on the position where the entry was scored (what it names may move later)
            refs = entries[number].refs
            marks.append(fragments.add(("mark", number), lambda p, r=refs: ui.highlight(p, copy, r, view))
                         if drawn and refs else None)
        log_counts.append(len(entries))

    record("Start", None)
    for number, action in enumerate(actions, 1):
        player = copy.current_player
        label = f"{number}. {player}: {ui.action_text(copy, action)}" if player else f"{number}. {action}"
        copy.apply(action)
        record(label, player)
    log = [{"text": e.text, "detail": e.detail, "player": e.player, "mark": mark}
           for e, mark in zip(ui.log(copy), marks)]
    return {
        "title": f"{copy.info.title}: {', '.join(copy.players)}",
        "width": view.width, "height": view.height, "background": ui.table_colour,
        "colours": {p: style.colour(p, copy.players) for p in copy.players},
        "parts": fragments.texts, "frames": frames, "steps": steps, "log": log, "log_counts": log_counts,
        "end": _end_table(copy),
    }


def _packed(data: Any) -> str:
    """The data as zlib-compressed JSON in base64: a long game repeats most of its picture from one
    step to the next (a hundredfold compression), and the browser's own ``DecompressionStream``
    unpacks it. Base64 holds no character that could end the ``<script>`` element it sits in."""
    text = json.dumps(data, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def replay_page(game: Game) -> str:
    """The replay page of ``game`` as HTML text."""
    data = replay_data(game)
    template = _PAGE.read_text(encoding="utf-8")
    # the data goes in last, after the title: nothing in the title or the data is read as a marker
    before, after = template.split("{{DATA}}", 1)
    return before.replace("{{TITLE}}", html.escape(data["title"])) + _packed(data) + after


def write_replay(game: Game, path: str | os.PathLike[str]) -> Path:
    """Write the replay page of ``game`` to ``path`` (all at once: a failure leaves no partial file)."""
    page = replay_page(game)
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent if str(target.parent) else ".", suffix=".html.tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(page)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target
