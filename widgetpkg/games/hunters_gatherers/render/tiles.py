"""Drawing one tile: the layout mapped to pixels through its rotation, then its glyphs."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ....render.painter import Painter, PathCommand, Point, Recorder
from ....render.svg import to_svg
from ....ui.palette import LAND
from ..tiles import Tile
from .geometry import add, border_distance, densify, dist, rotate_point, sub, unit
from .glyphs import draw_animal, draw_fish, draw_gold, draw_menhir, draw_mushrooms, draw_special
from .layout import TileLayout, glyph_room, tile_layout
from .sizes import BANK, CANOPY, DETAIL_SIZE, GLYPH_SIZE, RIVER_HALF, SPECIAL_SIZE

# --------------------------------------------------------------------------------------------
# From the unit tile to pixels
# --------------------------------------------------------------------------------------------

class _Mapper:
    """Maps unrotated unit-tile points to pixels for one tile at one rotation."""

    def __init__(self, x: float, y: float, size: float, rotation: int) -> None:
        self.x, self.y, self.size, self.rotation = x, y, size, rotation

    def __call__(self, p: Point) -> Point:
        u, v = rotate_point(p, self.rotation)
        return (self.x + u * self.size, self.y + v * self.size)

    def points(self, pts: Iterable[Point]) -> list[Point]:
        return [self(p) for p in pts]

    def path(self, commands: Iterable[PathCommand]) -> list[PathCommand]:
        out: list[PathCommand] = []
        for c in commands:
            coords = [float(v) for v in c[1:]]
            mapped: list[float] = []
            for i in range(0, len(coords), 2):
                mapped.extend(self((coords[i], coords[i + 1])))
            out.append((c[0], *mapped))
        return out


def _jitter(seed: int, k: int) -> float:
    """A repeatable pseudo-random number in [0, 1): the same tile always looks the same."""
    h = (seed * 2654435761 + k * 40503 + 12345) & 0xFFFFFFFF
    h ^= h >> 15
    h = (h * 2246822519) & 0xFFFFFFFF
    h ^= h >> 13
    return (h & 0xFFFF) / 65536.0


@lru_cache(maxsize=512)
def _crowns(tile: Tile) -> dict[str, tuple[tuple[Point, float, bool], ...]]:
    """Tree crowns per forest as (centre, radius, on the edge): edge crowns soften the outline."""
    lay = tile_layout(tile)
    water = [o for o in lay.shapes if o.feature is not None and tile.feature(o.feature).type in ("river", "lake")]
    out: dict[str, list[tuple[Point, float, bool]]] = {}
    for s in lay.shapes:
        if s.feature is None or tile.feature(s.feature).type != "forest":
            continue
        crowns = out.setdefault(s.feature, [])
        for k, p in enumerate(densify(s.points, 0.07, closed=not s.half)):
            if border_distance(p) < (0.09 if not s.half else 0.05):
                continue
            if any(dist(p, q) < 0.055 for q, _, _ in crowns) or any(o.distance(p, 0.1) < -0.01 for o in water):
                continue
            r = (s.half * 0.95 if s.half else CANOPY) * (0.85 + 0.3 * _jitter(tile.id, k))
            crowns.append((p, r, True))
    for fid in out:
        own = [s for s in lay.shapes if s.feature == fid]
        k = 0
        for i in range(1, 8):
            for j in range(1, 8):
                k += 1
                p = ((i + 0.5 * (j % 2) - 0.25) / 8 + 0.02 * _jitter(tile.id, k),
                     j / 8 + 0.02 * _jitter(tile.id, k + 99))
                if border_distance(p) < 0.05 or -min(s.distance(p, 0.0) for s in own) < 0.05:
                    continue
                if any(dist(p, q) < 0.1 for q, _, _ in out[fid]):
                    continue
                out[fid].append((p, CANOPY * (0.75 + 0.3 * _jitter(tile.id, k + 7)), False))
    return {fid: tuple(c) for fid, c in out.items()}


@lru_cache(maxsize=512)
def _grass(tile: Tile) -> tuple[Point, ...]:
    """A few grass tufts on open meadow, away from figure spots and glyphs."""
    lay = tile_layout(tile)
    spots = list(lay.anchors.values()) + [p for ps in lay.decor.values() for p in ps]
    out: list[Point] = []
    for k in range(40):
        p = (0.06 + 0.88 * _jitter(tile.id, 2 * k), 0.06 + 0.88 * _jitter(tile.id, 2 * k + 1))
        if lay.clearance(p, limit=0.06) < 0.05 or any(dist(p, q) < 0.13 for q in spots + out):
            continue
        out.append(p)
        if len(out) >= 6:
            break
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------------

def draw_tile(painter: Painter, tile: Tile, rotation: int, x: float, y: float, size: float, *,
              detail: bool | None = None) -> None:
    """Draw ``tile`` turned ``rotation`` degrees clockwise with its top-left corner at ``(x, y)``.

    ``detail`` (default: when ``size`` is at least 44 pixels) adds textures and small touches;
    without it the glyphs are drawn with fewer, fatter lines that stay legible when tiny.
    """
    lay = tile_layout(tile)
    m = _Mapper(x, y, size, rotation)
    rich = size >= DETAIL_SIZE if detail is None else detail
    pictures = size >= GLYPH_SIZE if detail is None else detail
    symbols = size >= SPECIAL_SIZE if detail is None else detail
    px = size   # one tile unit in pixels

    painter.save()
    painter.clip_rect(x, y, size, size)
    painter.rect(x, y, size, size, fill=LAND["meadow"])
    if rich:
        _draw_grass(painter, lay, m)
    crowns = _crowns(tile) if rich else {}
    for f in tile.features:
        if f.type == "forest":
            _draw_forest(painter, lay, m, f.id, crowns.get(f.id, ()))
    for forest, pts, half in lay.arms:
        if forest is None:
            _draw_hedge(painter, m.points(pts), half * px, rich)
    for cmds, line, spring in lay.rivers.values():
        path = m.path(cmds)
        painter.path(path, stroke=LAND["river_bank"], width=2 * (RIVER_HALF + BANK) * px, cap="butt")
        painter.path(path, stroke=LAND["river"], width=2 * RIVER_HALF * px, cap="butt")
        if rich:
            painter.path(path, stroke=LAND["river_light"], width=0.022 * px, alpha=0.8, cap="butt")
        if spring is not None:
            _draw_spring(painter, m, line, px)
    for cx, cy, rx, ry in lay.lakes.values():
        c = m((cx, cy))
        swap = rotation in (90, 270)
        rxp, ryp = (ry, rx) if swap else (rx, ry)
        painter.ellipse(*c, (rxp + BANK) * px, (ryp + BANK) * px, fill=LAND["river_bank"])
        painter.ellipse(*c, rxp * px, ryp * px, fill=LAND["lake"])
        if rich:
            painter.ellipse(c[0] - 0.25 * rxp * px, c[1] - 0.3 * ryp * px, 0.5 * rxp * px, 0.32 * ryp * px,
                            fill=LAND["lake_light"], alpha=0.55)
    _draw_decor(painter, lay, m, rotation, pictures, symbols)
    painter.restore()
    painter.rect(x, y, size, size, stroke=LAND["tile_line"], width=max(0.5, size / 90), alpha=0.55)


def _draw_grass(painter: Painter, lay: TileLayout, m: _Mapper) -> None:
    s = m.size
    for p in _grass(lay.tile):
        gx, gy = m(p)
        # one zig-zag stroke draws a tuft of three blades
        blades = [(gx - 0.025 * s, gy - 0.03 * s), (gx - 0.007 * s, gy), (gx, gy - 0.042 * s),
                  (gx + 0.007 * s, gy), (gx + 0.025 * s, gy - 0.03 * s)]
        painter.polyline(blades, stroke=LAND["grass"], width=max(0.5, 0.009 * s))


def _draw_forest(painter: Painter, lay: TileLayout, m: _Mapper, fid: str,
                 crowns: Sequence[tuple[Point, float, bool]]) -> None:
    px = m.size
    edge = 0.014 * px
    paths = [m.path(p) for p in lay.forest_paths.get(fid, [])]
    arms = [(m.points(pts), half) for forest, pts, half in lay.arms if forest == fid]
    # outline first, then the fill on top: the union of the shapes gets one clean edge
    for path in paths:
        painter.path(path, stroke=LAND["forest_edge"], width=2 * edge)
    for pts, half in arms:
        painter.polyline(pts, stroke=LAND["forest_edge"], width=2 * (half * px + edge))
    for p, r, on_edge in crowns:
        if on_edge:     # crowns inside the wood need no outline: the fill would cover it anyway
            painter.circle(*m(p), r * px + edge, fill=LAND["forest_edge"])
    for path in paths:
        painter.path(path, fill=LAND["forest"])
    for pts, half in arms:
        painter.polyline(pts, stroke=LAND["forest"], width=2 * half * px)
    for k, (p, r, on_edge) in enumerate(crowns):
        c = m(p)
        painter.circle(*c, r * px, fill=LAND["canopy"] if k % 3 else LAND["canopy_dark"])
        if on_edge or px >= 120:
            painter.circle(c[0] - 0.3 * r * px, c[1] - 0.3 * r * px, 0.4 * r * px, fill="#6aa85e", alpha=0.5)


def _draw_hedge(painter: Painter, pts: Sequence[Point], half: float, rich: bool) -> None:
    painter.polyline(pts, stroke=LAND["hedge_dark"], width=2 * half + 1.0)
    painter.polyline(pts, stroke=LAND["hedge"], width=2 * half - 0.5)
    if rich:
        for p in densify(list(pts), half * 2.2, closed=False):
            painter.circle(*p, half * 0.85, fill="#6f9e48", stroke=LAND["hedge_dark"], width=0.6)


def _draw_spring(painter: Painter, m: _Mapper, line: Sequence[Point], px: float) -> None:
    end, before = line[-1], line[-3]
    d = unit(sub(end, before))
    perp = (-d[1], d[0])
    painter.circle(*m(end), RIVER_HALF * px, fill=LAND["river"])
    for along, side, r in ((0.07, 0.0, 0.05), (0.035, 0.075, 0.04), (0.035, -0.075, 0.04),
                           (0.0, 0.11, 0.028), (0.0, -0.11, 0.03)):
        c = m(add(add(end, d, along), perp, side))
        painter.circle(*c, r * px, fill=LAND["rock"], stroke=LAND["rock_dark"], width=max(0.5, 0.01 * px))


def _draw_decor(painter: Painter, lay: TileLayout, m: _Mapper, rotation: int, rich: bool, symbols: bool) -> None:
    tile, px = lay.tile, m.size
    g = max(0.1 * px, min(0.14 * px, 6.0))     # glyph half size, never too small to see
    for f in tile.features:
        if f.type == "lake" and f.id in lay.lakes:
            cx, cy, rx, ry = lay.lakes[f.id]
            c = m((cx, cy))
            rxp, ryp = ((ry, rx) if rotation in (90, 270) else (rx, ry))
            n = min(f.fish, 3)
            if f.special:     # the boat or raft on the left, the fish on the right
                draw_special(painter, f.special, c[0] - 0.3 * rxp * px, c[1] + 0.1 * ryp * px, 0.9 * g,
                             detail=symbols)
                fish_centre = (c[0] + 0.5 * rxp * px, c[1])
                fish_spots = [(fish_centre[0], c[1] + (k - (n - 1) / 2) * 0.5 * ryp * px) for k in range(n)]
            else:
                fish_centre = c
                fish_spots = [(c[0] + math.cos(a) * 0.52 * rxp * px, c[1] + math.sin(a) * 0.5 * ryp * px)
                              for a in (math.pi * (0.15 + 2 * k / max(n, 1)) for k in range(n))]
            _draw_fish_group(painter, f.fish, fish_spots, fish_centre, g, rich)
        elif f.type == "river" and f.fish and f.id in lay.decor:
            c = m(lay.decor[f.id][0])
            spots = [(c[0] - 0.45 * g, c[1] - 0.2 * g), (c[0] + 0.45 * g, c[1] + 0.25 * g)] if f.fish > 1 else [c]
            _draw_fish_group(painter, f.fish, spots, c, g, rich)
        elif f.type == "forest" and f.id in lay.decor:
            c = m(lay.decor[f.id][0])
            if f.kind == "menhir":
                draw_menhir(painter, *c, g)
            elif f.kind == "mushrooms":
                draw_mushrooms(painter, *c, g)
            elif f.kind == "gold":
                draw_gold(painter, *c, g)
            if f.special:
                draw_special(painter, f.special, c[0] + g, c[1], 0.7 * g, detail=symbols)
        elif f.type == "meadow" and f.id in lay.decor:
            # a glyph shrinks a little where its meadow is narrow, rather than cover the water
            rooms = [glyph_room(tile, p) / 0.105 for p in lay.decor[f.id]]
            for animal, p, room in zip(f.animals, lay.decor[f.id], rooms, strict=False):
                draw_animal(painter, animal, *m(p), 0.95 * g * max(0.7, min(1.0, room)), detail=rich)
            if f.special:   # specials are rare and matter: as big as their meadow allows
                p, room = lay.decor[f.id][len(f.animals)], rooms[len(f.animals)]
                draw_special(painter, f.special, *m(p), 1.1 * g * max(0.7, min(1.3, room)), detail=symbols)


def _draw_fish_group(painter: Painter, count: int, spots: Sequence[Point], centre: Point, g: float,
                     rich: bool) -> None:
    if count <= 0:
        return
    if not rich or count > 3:
        # small tiles: one bigger fish and the count, which reads better than three specks
        lone = count == 1
        draw_fish(painter, centre[0] - (0 if lone else 0.4 * g), centre[1], 0.6 * g)
        if not lone:
            painter.circle(centre[0] + 0.55 * g, centre[1], 0.5 * g, fill=LAND["river_bank"])
            painter.text(centre[0] + 0.55 * g, centre[1] + 0.04 * g, str(count), size=0.8 * g, fill="#fff",
                         bold=True)
        return
    for k, (fx, fy) in enumerate(spots):
        draw_fish(painter, fx, fy, 0.42 * g, facing=1 if k % 2 == 0 else -1)


def tile_svg(tile: Tile, rotation: int = 0, size: int = 160) -> str:
    """One tile as an SVG document (handy in a notebook or in docs)."""
    rec = Recorder()
    draw_tile(rec, tile, rotation, 0, 0, size)
    return to_svg(rec.ops, size, size, title=f"tile {tile.id} at {rotation} degrees")


def tiles_svg(tiles: Iterable[Tile], *, size: int = 96, columns: int = 10, rotation: int = 0,
              labels: bool = True) -> str:
    """Many tiles in a grid, each with its id above it: a picture of a whole tile set."""
    tiles = list(tiles)
    gap, head = max(4, size // 16), (size // 6 if labels else 0)
    rows = max(1, -(-len(tiles) // columns))
    rec = Recorder()
    for k, tile in enumerate(tiles):
        x = gap + (k % columns) * (size + gap)
        y = gap + (k // columns) * (size + gap + head) + head
        draw_tile(rec, tile, rotation, x, y, size)
        if labels:
            rec.text(x + size / 2, y - head / 2 - 1, str(tile.id), size=head * 0.8, fill=LAND["ink"], bold=True)
    width = gap + min(columns, max(1, len(tiles))) * (size + gap)
    height = gap + rows * (size + gap + head)
    return to_svg(rec.ops, width, height, background=LAND["table"], title="Hunters & Gatherers tiles")
