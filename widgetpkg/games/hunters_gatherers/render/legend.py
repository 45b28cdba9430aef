"""The key to the pictures: every glyph a board can show, drawn as on the board, with what it means.

Points come from the rules (mammoths are worth 3 under the 2020 rules, 2 under the classic ones)
and the entries from the tile set (the classic set has gold nuggets and a shrine, the 2020 set
menhirs), so the legend never shows a picture that the board cannot, nor a value it does not use.

>>> svg = legend_svg("2020")
>>> "mammoth: 3 points" in svg and "gold nugget" not in svg
True
>>> "mammoth: 2 points" in legend_svg("classic")
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ....render.painter import Painter, Recorder
from ....render.svg import to_svg
from ....ui.legend import LegendItem, legend_box
from ....ui.legend import draw_legend as family_legend
from ..rules import RuleSet, ruleset
from ..tiles import TileSet, load_tileset
from .board import draw_figure
from .glyphs import (
    draw_animal,
    draw_fish,
    draw_gold,
    draw_menhir,
    draw_mushrooms,
    draw_special,
)


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a glyph drawn at a point with a half size, and its meaning."""

    key: str
    text: str
    draw: Callable[[Painter, float, float, float], None]


_SPECIAL_TEXT = {
    "shaman": "shaman: take one of your meeples back",
    "logboat": "logboat: 2 points per lake of its river system, at once",
    "raft": "raft: huts on its river system score 1 more per lake",
    "hunting_trap": "hunting trap: its 3x3 block of grassland scores at once",
    "pit_trap": "pit trap: animals in its 3x3 block count twice",
    "wild_fire": "wild fire: chases the tigers off its grassland",
    "shrine": "sacred shrine: only its hunter scores the grassland",
}


def _figure(role: str) -> Callable[[Painter, float, float, float], None]:
    return lambda p, x, y, s: draw_figure(p, role, "#d7392f", x, y, 2.0 * s)


def _special(name: str) -> Callable[[Painter, float, float, float], None]:
    return lambda p, x, y, s: draw_special(p, name, x, y, s)


def _animal(name: str) -> Callable[[Painter, float, float, float], None]:
    return lambda p, x, y, s: draw_animal(p, name, x, y, s)


def legend_entries(edition: str = "2020", tileset: str | TileSet | None = None) -> list[LegendEntry]:
    """What the legend shows for a ruleset and a tile set (default: the edition's own set)."""
    rules: RuleSet = ruleset(edition)
    tiles = tileset if isinstance(tileset, TileSet) else load_tileset(tileset or edition)
    features = [f for t in tiles.tiles for f in t.features]
    present = {a for f in features for a in f.animals} | {f.kind for f in features if f.kind} | \
        {f.special for f in features if f.special}

    def points(n: int) -> str:
        return f"{n} point" + ("s" if n != 1 else "")

    entries = [LegendEntry(a, f"{a}: {points(rules.animal_points[a])}", _animal(a))
               for a in ("mammoth", "aurochs", "deer") if a in present]
    if "tiger" in present:
        entries.append(LegendEntry("tiger", "sabre-toothed tiger: eats 1 deer", _animal("tiger")))
    fish_where = "rivers, lakes" if rules.river_segment_fish else "lakes"
    entries.append(LegendEntry("fish", f"fish ({fish_where}): 1 point", lambda p, x, y, s: draw_fish(p, x, y, s)))
    if "menhir" in present:
        entries.append(LegendEntry("menhir", "menhir: a completed forest gives an extra turn",
                                   lambda p, x, y, s: draw_menhir(p, x, y, s)))
    if "gold" in present:
        entries.append(LegendEntry("gold", "gold nugget: a completed forest gives an extra turn",
                                   lambda p, x, y, s: draw_gold(p, x, y, s)))
    if "mushrooms" in present:
        entries.append(LegendEntry("mushrooms", f"mushrooms: {points(rules.mushroom_points)} more for the forest",
                                   lambda p, x, y, s: draw_mushrooms(p, x, y, s)))
    entries += [LegendEntry(name, text, _special(name)) for name, text in _SPECIAL_TEXT.items() if name in present]
    entries += [LegendEntry(role, text, _figure(role)) for role, text in (
        ("gatherer", "meeple: gatherer in a forest, fisher on a river"),
        ("hunter", "meeple lying down: hunter in a grassland"), ("hut", "hut: on a river or lake"))]
    return entries


@lru_cache(maxsize=8)
def legend_items(edition: str = "2020", tileset: str | TileSet | None = None) -> tuple[LegendItem, ...]:
    """The legend as the family draws it beside every board (:mod:`widgetpkg.ui.legend`): one item a
    glyph, under one heading; the same items for the same rules and tiles, so its drawing is reused."""
    return tuple(LegendItem(e.text, _full_size(e.draw), "Tiles") for e in legend_entries(edition, tileset))


def _full_size(draw: Callable[[Painter, float, float, float], None]) -> Callable[[Painter, float, float, float], None]:
    # the family's legend gives a picture its whole width, the glyphs take half of it
    return lambda p, x, y, s: draw(p, x, y, s / 2)


def _layout(edition: str, tileset: str | TileSet | None, glyph: float,
            columns: int) -> tuple[tuple[LegendItem, ...], float, float]:
    """The items, and the height and board unit that lay them out in ``columns`` columns with
    glyphs ``glyph`` pixels from their centre to their side."""
    items = legend_items(edition, tileset)
    unit = 2.2 * glyph / 0.36 / 0.9         # a row is 0.36 units high and a picture 0.9 rows wide
    row = min(24.0, max(14.0, unit * 0.36))
    lines = len({i.group for i in items}) + len(items) + 1      # headings, items, the title
    return items, (-(-lines // max(1, columns)) + 1) * row, unit


def draw_legend(painter: Painter, x: float, y: float, *, edition: str = "2020",
                tileset: str | TileSet | None = None, glyph: float = 11.0, columns: int = 2) -> tuple[float, float]:
    """Draw the legend with its top-left corner at ``(x, y)`` in ``columns`` columns, as the board's
    own legend is drawn; ``glyph`` is half a glyph's width (11: about the glyphs of a board of 80
    pixels per tile). Returns the legend's width and height."""
    items, height, unit = _layout(edition, tileset, glyph, columns)
    family_legend(painter, items, x, y, height=height, unit=unit)
    return legend_box(items, height=height, unit=unit)


def legend_svg(edition: str = "2020", tileset: str | TileSet | None = None, *, glyph: float = 11.0,
               columns: int = 2) -> str:
    """The legend as an SVG document (for notebooks and the docs)."""
    items, height, unit = _layout(edition, tileset, glyph, columns)
    width, box_height = legend_box(items, height=height, unit=unit)
    rec = Recorder()
    family_legend(rec, items, 0.5, 0.5, height=height, unit=unit)
    return to_svg(rec.ops, width + 1, box_height + 1,
                  title=f"Legend of the Hunters & Gatherers pictures ({edition} rules)")
