"""The legend beside a board: each picture a game draws, drawn the same way, with its name in words.

A game's adapter lists its :class:`LegendItem` s (``GameUI.legend``); this module lays them out in
columns under their group headings, for the SVG picture (beside the board) and for the app's
"Legend" view alike, so the two always agree.

>>> from widgetpkg.render.painter import Recorder
>>> items = [LegendItem("wood", lambda p, x, y, s: p.circle(x, y, s / 2, fill="#7a5230"), "Goods")]
>>> rec = Recorder()
>>> legend_box(items, height=200, unit=40)
(144.0, 200.0)
>>> draw_legend(rec, items, 0, 0, height=200, unit=40)
>>> [op.text for op in rec.ops if type(op).__name__ == "Text"]
['Legend', 'Goods', 'wood']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..render.painter import Op, Painter, Recorder
from .palette import FRAME, INK, PAPER

#: draws one picture: ``draw(painter, cx, cy, size)``, ``size`` pixels wide
Draw = Callable[[Painter, float, float, float], None]


@dataclass(frozen=True)
class LegendItem:
    """One line of a legend: a picture as the board draws it, and what it is in words."""

    label: str
    draw: Draw
    group: str = ""


def _rows(items: Sequence[LegendItem]) -> list[tuple[str, LegendItem | None]]:
    """The legend's lines in order: a heading before each new group, then its items."""
    rows: list[tuple[str, LegendItem | None]] = []
    group = None
    for item in items:
        if item.group != group:
            group = item.group
            if group:
                rows.append((group, None))
        rows.append((item.label, item))
    return rows


def _metrics(items: Sequence[LegendItem], unit: float) -> tuple[float, float, float]:
    """Row height, column width and font size for a board drawn ``unit`` pixels per cell: rows
    grow with the board up to a readable size, columns with the longest label up to a limit."""
    row = min(24.0, max(14.0, unit * 0.36))
    font = row * 0.62
    longest = max((len(i.label) for i in items), default=0)
    return row, min(360.0, max(130.0, unit * 3.6, 0.55 * font * longest + row + 16)), font


def legend_box(items: Sequence[LegendItem], *, height: float, unit: float) -> tuple[float, float]:
    """The size ``(width, height)`` of the legend of ``items`` laid out in columns no taller than
    ``height`` (or one row of them more, if a single line would not fit)."""
    if not items:
        return (0.0, 0.0)
    row, column, _ = _metrics(items, unit)
    lines = len(_rows(items)) + 1          # + the title
    per_column = max(1, int((height - row) // row))
    columns = math.ceil(lines / per_column)
    return (columns * column, float(max(height, min(lines, per_column) * row + row)))


def draw_legend(painter: Painter, items: Sequence[LegendItem], x: float, y: float, *, height: float,
                unit: float) -> None:
    """Draw the legend of ``items`` with its top-left corner at ``(x, y)``, in columns that fit ``height``."""
    if not items:
        return
    try:
        painter.extend(_legend_ops(tuple(items), x, y, height, unit))
    except TypeError:           # items that cannot be a key (a draw function that is not hashable)
        _draw(painter, items, x, y, height=height, unit=unit)


@lru_cache(maxsize=4)
def _legend_ops(items: tuple[LegendItem, ...], x: float, y: float, height: float, unit: float) -> tuple[Op, ...]:
    """The legend's drawing, remembered for an adapter that hands out the same items each time
    (its pictures then cannot have changed): a board is drawn again after every move, its key not."""
    rec = Recorder()
    _draw(rec, items, x, y, height=height, unit=unit)
    return tuple(rec.ops)


def _draw(painter: Painter, items: Sequence[LegendItem], x: float, y: float, *, height: float,
          unit: float) -> None:
    row, column, font = _metrics(items, unit)
    width, box_height = legend_box(items, height=height, unit=unit)
    painter.rect(x, y, width, box_height, fill=PAPER, stroke=FRAME, width=1)
    lines: list[tuple[str, LegendItem | None]] = [("Legend", None), *_rows(items)]
    per_column = max(1, int((box_height - row) // row))
    for i, (text, item) in enumerate(lines):
        cx = x + (i // per_column) * column
        cy = y + row * 0.5 + row * (i % per_column) + 2
        if item is None:
            size = font * (1.15 if i == 0 else 1.0)
            painter.text(cx + 6, cy, text, size=_fit(text, column - 10, size), bold=True, anchor="start", fill=INK)
            continue
        item.draw(painter, cx + 6 + row * 0.5, cy, row * 0.9)
        painter.text(cx + 10 + row, cy, text, size=_fit(text, column - row - 14, font), anchor="start", fill=INK)


def _fit(text: str, width: float, size: float) -> float:
    """At most ``size``, small enough for ``text`` to fit ``width`` (0.55 em a glyph), at least 6 px."""
    return max(6.0, min(size, width / (0.55 * max(1, len(text)))))


def legend_svg(items: Sequence[LegendItem], *, height: float = 400, unit: float = 48) -> str:
    """The legend alone as an SVG document (the app's "Legend" view), or "" when there is none."""
    from ..render.svg import to_svg
    if not items:
        return ""
    width, box_height = legend_box(items, height=height, unit=unit)
    rec = Recorder()
    draw_legend(rec, items, 0.5, 0.5, height=height, unit=unit)
    return to_svg(rec.ops, width + 1, box_height + 1, title="Legend")
