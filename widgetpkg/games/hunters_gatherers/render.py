"""Drawing Hunters & Gatherers tiles, figures and boards onto a painter (no widget code here).

Tiles are drawn procedurally from the tile data, so any tile set (including one loaded from a
user's YAML) can be shown. Each tile is first *laid out* once in its own unit square (x east,
y south, unrotated): forest shapes, river courses, lakes, and the extra forest arms or hedges
that keep two different meadows apart where the data says they are apart. The layout also
yields, for every feature, an *anchor*: the spot where a figure on it stands and where a click
selects it. Drawing then maps the layout through the tile's rotation; glyphs (animals, fish,
specials, letters) are placed at rotated spots but always drawn upright.

>>> from widgetpkg.games.hunters_gatherers.tiles import load_tileset
>>> start = load_tileset("2020").by_id[56]
>>> fx, fy = feature_anchor(start, 0, "m2")   # the meadow touching only W-south
>>> fx < 0.5 < fy
True
>>> board_svg([(0, 0, start, 0)], [("Red", "gatherer", 0, 0, "f1")]).startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from ...render.painter import PathCommand, Point, Painter, Recorder
from ...render.svg import to_svg
from .tiles import Feature, Tile

__all__ = [
    "PALETTE", "TileLayout", "board_svg", "draw_animal", "draw_board", "draw_figure", "draw_fish", "draw_game", "game_svg",
    "draw_special", "draw_tile", "feature_anchor", "feature_at", "player_colour", "rotate_point", "tile_layout",
    "tile_svg", "tiles_svg",
]

# --------------------------------------------------------------------------------------------
# Facts of the drawing
# --------------------------------------------------------------------------------------------

PALETTE: dict[str, str] = {
    "meadow": "#b9d77e", "grass": "#98bd5a",
    "forest": "#3f7d3b", "forest_edge": "#24512a", "canopy": "#4c9146", "canopy_dark": "#336a31",
    "river": "#4b93cc", "river_bank": "#2d6797", "river_light": "#8cc3ea",
    "lake": "#3d86c4", "lake_light": "#79b5e3",
    "rock": "#a3a199", "rock_dark": "#6d6b64", "hedge": "#5b8a3a", "hedge_dark": "#2f5a26",
    "ink": "#1f2a1a", "paper": "#fbf6e8", "table": "#e6dcc3", "tile_line": "#3c4a2c",
}
# Animal glyphs: body colour, accent colour, letter. Colours and silhouettes differ, so the
# four animals tell apart even in grey scale or at a glance.
ANIMAL_STYLE: dict[str, tuple[str, str, str]] = {
    "mammoth": ("#7b5640", "#f3ead6", "M"),
    "aurochs": ("#2f2521", "#efe3c4", "A"),
    "deer": ("#c8904f", "#5a3b1e", "D"),
    "tiger": ("#ee8a24", "#1c1612", "T"),
}
PLAYER_COLOURS: dict[str, str] = {
    "red": "#d7392f", "blue": "#2f6fd6", "yellow": "#f4c430", "green": "#2aa35a", "black": "#2b2b2b",
    "white": "#f4f1ea", "purple": "#8a4fc0", "orange": "#f08a24", "pink": "#e86aa8", "grey": "#8c8c8c",
    "gray": "#8c8c8c",
}
_FALLBACK_COLOURS = ("#d7392f", "#2f6fd6", "#f4c430", "#2aa35a", "#8a4fc0", "#2b2b2b")

RIVER_HALF = 0.075      # half the river's width where it crosses an edge (tiles must agree on it)
_BANK = 0.012           # extra width of the darker river bank
_ARM_HALF = 0.075       # half width of a forest arm that closes a meadow off
_HEDGE_HALF = 0.028     # half width of a line of bushes between meadows with no feature between
_CANOPY = 0.042         # radius of the tree crowns that soften forest edges
_DETAIL_SIZE = 44       # below this many pixels a tile is drawn without texture
_GLYPH_SIZE = 100       # below this many pixels animals are lettered tokens
_SPECIAL_SIZE = 56      # below this many pixels specials are lettered tokens (their symbols are bolder)

_SIDE_NAMES = ("N", "E", "S", "W")
_INWARD = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))      # into the tile from each side
_HALF_PART = {"N": ("west", "east"), "E": ("north", "south"), "S": ("east", "west"), "W": ("south", "north")}
_CENTRE = (0.5, 0.5)


# --------------------------------------------------------------------------------------------
# Small geometry helpers (unit square, y down)
# --------------------------------------------------------------------------------------------

def _add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + b[0] * k, a[1] + b[1] * k)


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _unit(v: Point) -> Point:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n) if n > 1e-9 else (0.0, 0.0)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def rotate_point(p: Point, rotation: int) -> Point:
    """A tile-relative point after turning the tile ``rotation`` degrees clockwise."""
    x, y = p
    for _ in range((rotation // 90) % 4):
        x, y = 1.0 - y, x
    return (x, y)


def _perimeter(t: float) -> Point:
    """The border point at perimeter position ``t`` (0-4, clockwise from the north-west corner)."""
    t %= 4.0
    side, f = int(t), t - int(t)
    return ((f, 0.0), (1.0, f), (1.0 - f, 1.0), (0.0, 1.0 - f))[side]


def _side_mid(side: int) -> Point:
    return _perimeter(side + 0.5)


def _border_distance(p: Point) -> float:
    return min(p[0], p[1], 1.0 - p[0], 1.0 - p[1])


def _cubic(p0: Point, c1: Point, c2: Point, p3: Point, steps: int = 16) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * c1[0] + c * c2[0] + d * p3[0], a * p0[1] + b * c1[1] + c * c2[1] + d * p3[1]))
    return out


def _flatten(commands: Sequence[PathCommand], steps: int = 14) -> list[Point]:
    """The points of a path (curves sampled), for hit tests and distances."""
    pts: list[Point] = []
    for c in commands:
        op = c[0]
        v = [float(x) for x in c[1:]]
        if op in ("M", "L"):
            pts.append((v[0], v[1]))
        elif op == "Q":
            p0 = pts[-1]
            q = (v[0], v[1])
            c1, c2 = _lerp(p0, q, 2 / 3), _lerp((v[2], v[3]), q, 2 / 3)
            pts.extend(_cubic(p0, c1, c2, (v[2], v[3]), steps)[1:])
        elif op == "C":
            pts.extend(_cubic(pts[-1], (v[0], v[1]), (v[2], v[3]), (v[4], v[5]), steps)[1:])
    return pts


def _seg_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _ellipse_points(cx: float, cy: float, rx: float, ry: float, steps: int = 28) -> list[Point]:
    return [(cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
            for i in range(steps)]


def _densify(points: Sequence[Point], step: float, closed: bool) -> list[Point]:
    out: list[Point] = []
    n = len(points)
    for i in range(n if closed else n - 1):
        a, b = points[i], points[(i + 1) % n]
        k = max(1, int(_dist(a, b) / step))
        out.extend(_lerp(a, b, j / k) for j in range(k))
    if not closed and points:
        out.append(points[-1])
    return out


@dataclass(frozen=True)
class _Shape:
    """A barrier in the layout: a filled area, or a band (a thick line) of half width ``half``."""

    feature: str | None      # forest, river or lake id; None for hedges
    entity: str              # what it keeps connected (a forest, a river system, a hedge)
    points: tuple[Point, ...]
    half: float = 0.0        # 0 for an area
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    # per segment: start x, start y, dx, dy, 1 / squared length (precomputed: this is the hot loop)
    segments: tuple[tuple[float, float, float, float, float], ...] = ()

    @staticmethod
    def make(feature: str | None, entity: str, points: Sequence[Point], half: float = 0.0) -> _Shape:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        # a band is an open line; an area closes back to its first point
        starts = list(points) if not half else list(points[:-1])
        ends = list(points[1:]) + ([points[0]] if not half else [])
        segments = []
        for (ax, ay), (bx, by) in zip(starts, ends, strict=True):
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            segments.append((ax, ay, dx, dy, 1.0 / length2 if length2 > 1e-12 else 0.0))
        return _Shape(feature, entity, tuple(points), half,
                      (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half), tuple(segments))

    def distance(self, p: Point, limit: float = 9.0) -> float:
        """Signed distance from ``p`` (negative inside); anything beyond ``limit`` may be rounded."""
        px, py = p
        x0, y0, x1, y1 = self.bbox
        outside = max(x0 - px, px - x1, y0 - py, py - y1)
        if outside > limit:
            return outside
        best2, inside = 1e18, False
        for ax, ay, dx, dy, inv in self.segments:
            t = ((px - ax) * dx + (py - ay) * dy) * inv
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            ex, ey = px - ax - t * dx, py - ay - t * dy
            d2 = ex * ex + ey * ey
            if d2 < best2:
                best2 = d2
            if (ay > py) != (ay + dy > py) and px < ax + dx * (py - ay) / dy:
                inside = not inside
        if self.half:
            return math.sqrt(best2) - self.half
        return -math.sqrt(best2) if inside else math.sqrt(best2)


# --------------------------------------------------------------------------------------------
# Layout of one tile
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Run:
    """A stretch of the tile border held by one feature (or a hedge, zero length, at a corner)."""

    owner: str
    t0: float
    t1: float
    kind: str   # forest | meadow | river | hedge


@dataclass
class TileLayout:
    """Where everything on one tile goes, in unrotated unit coordinates.

    Built once per tile by :func:`tile_layout` and shared through its cache: read it, never
    change it. ``anchors`` are the figure spots, ``decor`` the glyph spots (animals and specials
    on meadows, menhirs and the like in forests, fish on rivers).
    """

    tile: Tile
    forest_paths: dict[str, list[tuple[PathCommand, ...]]] = field(default_factory=dict)
    arms: list[tuple[str | None, tuple[Point, ...], float]] = field(default_factory=list)
    rivers: dict[str, tuple[tuple[PathCommand, ...], tuple[Point, ...], Point | None]] = field(default_factory=dict)
    lakes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    shapes: list[_Shape] = field(default_factory=list)
    runs: list[_Run] = field(default_factory=list)
    anchors: dict[str, Point] = field(default_factory=dict)
    decor: dict[str, list[Point]] = field(default_factory=dict)

    def clearance(self, p: Point, *, ignore: str | None = None, limit: float = 0.3) -> float:
        """Distance from ``p`` to the nearest barrier (negative inside one), ignoring one feature."""
        best = limit
        for s in self.shapes:
            if ignore is not None and s.feature == ignore:
                continue
            best = min(best, s.distance(p, best))
        return best

    def barrier_at(self, p: Point, *, forest_margin: float = 0.0) -> str | None:
        """The lake, river or forest drawn at ``p`` ("" for a hedge), or None on open meadow.

        ``forest_margin`` grows forests by that much, as their tree crowns do in the picture.
        """
        best, best_rank = None, 9
        for s in self.shapes:
            kind = "hedge" if s.feature is None else self._kinds[s.feature]
            rank = _PAINT_RANK[kind]
            if rank < best_rank and s.distance(p, 0.0) <= (forest_margin if kind == "forest" else 0.0):
                best, best_rank = s.feature or "", rank
        return best

    @property
    def _kinds(self) -> dict[str, str]:
        return _feature_types(self.tile)


@lru_cache(maxsize=512)
def _feature_types(tile: Tile) -> dict[str, str]:
    return {f.id: f.type for f in tile.features}


# what is painted on top wins a hit test
_PAINT_RANK = {"lake": 0, "river": 1, "hedge": 2, "forest": 3}


def _slots(tile: Tile) -> list[tuple[float, float, str]]:
    """(t0, t1, feature id) for every piece of the border, clockwise from the north-west corner."""
    pieces: dict[tuple[int, int], str] = {}
    for f in tile.features:
        for touch in f.touches:
            name, _, half = touch.partition("-")
            side = _SIDE_NAMES.index(name)
            if half:
                pieces[(side, 0 if half == _HALF_PART[name][0] else 2)] = f.id
            elif tile.edges[side] == "river":
                pieces[(side, 1)] = f.id
            else:
                for part in range(3):
                    pieces[(side, part)] = f.id
    out = []
    for side in range(4):
        if tile.edges[side] == "river":
            cuts = (side, side + 0.5 - RIVER_HALF, side + 0.5 + RIVER_HALF, side + 1)
        else:
            cuts = (side, side + 1 / 3, side + 2 / 3, side + 1)
        for part in range(3):
            out.append((cuts[part], cuts[part + 1], pieces.get((side, part), "")))
    return out


def _runs(tile: Tile) -> list[_Run]:
    """The border as maximal runs of one owner, with zero-length hedges between two meadows."""
    runs: list[list[Any]] = []
    for t0, t1, owner in _slots(tile):
        if runs and runs[-1][0] == owner:
            runs[-1][2] = t1
        else:
            runs.append([owner, t0, t1])
    if len(runs) > 1 and runs[0][0] == runs[-1][0]:
        first = runs.pop(0)
        runs[-1][2] = first[2] + 4.0
    out: list[_Run] = []
    for owner, t0, t1 in runs:
        kind = tile.feature(owner).type if owner else "meadow"
        out.append(_Run(owner, t0, t1, kind))
    # two different meadows meeting at a corner need something between them: a hedge
    result: list[_Run] = []
    for i, run in enumerate(out):
        result.append(run)
        nxt = out[(i + 1) % len(out)]
        if len(out) > 1 and run.kind == "meadow" and nxt.kind == "meadow" and run.owner != nxt.owner:
            result.append(_Run(f"hedge{i}", run.t1 % 4.0, run.t1 % 4.0, "hedge"))
    return result


def _forest_run_path(t0: float, t1: float) -> tuple[PathCommand, ...]:
    """A forest covering whole sides t0..t1: the border, then a curved edge back into the tile."""
    sides = round(t1 - t0)
    if sides >= 4:
        return (("M", 0, 0), ("L", 1, 0), ("L", 1, 1), ("L", 0, 1), ("Z",))
    a, b = _perimeter(t0), _perimeter(t1)
    cmds: list[PathCommand] = [("M", *a)]
    for k in range(1, sides):
        cmds.append(("L", *_perimeter(t0 + k)))
    cmds.append(("L", *b))
    if sides == 1:
        n = _INWARD[int(t0) % 4]
        c1 = _add(_lerp(b, a, 0.18), n, 0.37)
        c2 = _add(_lerp(a, b, 0.18), n, 0.37)
    elif sides == 2:
        corner = _perimeter(t0 + 1)
        q = _lerp(_CENTRE, corner, 0.3)
        c1, c2 = _lerp(b, q, 2 / 3), _lerp(a, q, 2 / 3)
    else:   # three sides: the open side keeps a deep bay of meadow
        n = _INWARD[int(t1) % 4]
        c1 = _add(_lerp(b, a, 0.12), n, 0.62)
        c2 = _add(_lerp(a, b, 0.12), n, 0.62)
    cmds.append(("C", *c1, *c2, *a))
    cmds.append(("Z",))
    return tuple(cmds)


def _run_heart(t0: float, t1: float) -> Point:
    """A point well inside the forest drawn for the run t0..t1."""
    sides = round(t1 - t0)
    if sides >= 4:
        return _CENTRE
    if sides == 1:
        return _add(_side_mid(int(t0) % 4), _INWARD[int(t0) % 4], 0.12)
    if sides == 2:
        return _lerp(_perimeter(t0 + 1), _CENTRE, 0.36)
    return _add(_side_mid(int(t0 + 1) % 4), _INWARD[int(t0 + 1) % 4], 0.2)


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, a: str) -> str:
        self.parent.setdefault(a, a)
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)


def _river_systems(tile: Tile) -> dict[str, str]:
    """Entity name for every river and lake: rivers meeting in a lake form one system."""
    uf = _UnionFind()
    for f in tile.features:
        if f.type == "river":
            uf.find(f.id)
            for lake in f.ends_at:
                uf.union(f.id, lake)
        elif f.type == "lake":
            uf.find(f.id)
    return {f.id: "w:" + uf.find(f.id) for f in tile.features if f.type in ("river", "lake")}


def _entity(run: _Run, systems: Mapping[str, str]) -> str | None:
    """What keeps meadows apart along this run: a forest, a river system, a hedge (or nothing)."""
    if run.kind == "forest":
        return "f:" + run.owner
    if run.kind == "river":
        return systems[run.owner]
    if run.kind == "hedge":
        return "h:" + run.owner
    return None


@lru_cache(maxsize=512)
def tile_layout(tile: Tile) -> TileLayout:
    """The layout of ``tile`` (cached: tiles are immutable)."""
    lay = TileLayout(tile)
    lay.runs = runs = _runs(tile)
    systems = _river_systems(tile)

    # forests: one shape per border run, and a bridge between the runs of one forest
    hearts: dict[str, list[Point]] = {}
    for run in runs:
        if run.kind == "forest":
            path = _forest_run_path(run.t0, run.t1)
            lay.forest_paths.setdefault(run.owner, []).append(path)
            lay.shapes.append(_Shape.make(run.owner, "f:" + run.owner, _flatten(path)))
            hearts.setdefault(run.owner, []).append(_run_heart(run.t0, run.t1))
    # a forest on two opposite sides is one wood: join it through the middle, bending away
    # from any lake so the lake keeps room next to its river
    lake_pull = _unit(_sum_points(_lake_pull(tile, f)[0] for f in tile.features if f.type == "lake"))
    for fid, points in hearts.items():
        for a, b in zip(points, points[1:], strict=False):
            mid = _add(_lerp(a, b, 0.5), lake_pull, -0.08)
            _add_arm(lay, fid, "f:" + fid, (a, mid, b))
    forests_only = list(lay.shapes)

    _place_lakes(lay, forests_only, systems)
    _place_rivers(lay, systems)

    # hedges: a short line of bushes from the corner into the tile, extended later if needed
    for run in runs:
        if run.kind == "hedge":
            corner = _perimeter(run.t0)
            tip = _add(corner, _unit(_sub(_CENTRE, corner)), 0.24)
            lay.arms.append((None, (corner, tip), _HEDGE_HALF))
            lay.shapes.append(_Shape.make(None, "h:" + run.owner, (corner, tip), _HEDGE_HALF))

    _close_meadows(lay, systems)
    _place_anchors(lay)
    return lay


def _add_arm(lay: TileLayout, forest: str | None, entity: str, points: Sequence[Point]) -> None:
    half = _ARM_HALF if forest else _HEDGE_HALF
    lay.arms.append((forest, tuple(points), half))
    lay.shapes.append(_Shape.make(forest, entity, points, half))


def _sum_points(points: Iterable[Point]) -> Point:
    x = y = 0.0
    for p in points:
        x, y = x + p[0], y + p[1]
    return (x, y)


def _lake_pull(tile: Tile, lake: Feature) -> tuple[Point, float]:
    """The mean direction toward the edges a lake's rivers come from, and how one-sided it is."""
    dirs = []
    for rid in lake.rivers:
        for touch in tile.feature(rid).touches:
            n = _INWARD[_SIDE_NAMES.index(touch.partition("-")[0])]
            dirs.append((-n[0], -n[1]))
    if not dirs:
        return (0.0, 0.0), 0.0
    pull = (sum(d[0] for d in dirs) / len(dirs), sum(d[1] for d in dirs) / len(dirs))
    return _unit(pull), math.hypot(*pull)


def _place_lakes(lay: TileLayout, forests: list[_Shape], systems: Mapping[str, str]) -> None:
    """Put each lake toward the edges its rivers come from, clear of the forests.

    A lake never moves so far out that its river disappears: at least a fifth of a tile stays visible.
    """
    tile = lay.tile
    lakes = [f for f in tile.features if f.type == "lake"]
    for index, lake in enumerate(lakes):
        direction, strength = _lake_pull(tile, lake)
        if len(lakes) > 1:
            if strength < 0.2:   # no clear pull: spread the lakes along the diagonal
                direction = _unit((1.0, -1.0)) if index % 2 == 0 else _unit((-1.0, 1.0))
            push, base = 0.2, 0.11 + 0.008 * min(lake.fish, 3)
        else:
            push, base = 0.12 * strength, 0.135 + 0.01 * min(lake.fish, 3)
        # wide across the river that feeds it, so the river visibly flows in
        across = abs(direction[1]) >= abs(direction[0])
        if strength > 0.5:
            rx, ry = (base * 1.15, base * 0.88) if across else (base * 0.88, base * 1.15)
        else:
            rx, ry = base * 1.05, base * 0.95
        if direction == (0.0, 0.0):
            direction = (0.0, 1.0)
        reach = abs(direction[0]) * rx + abs(direction[1]) * ry     # radius toward the river
        best: tuple[float, Point] | None = None
        for step in range(14):
            s = push + 0.02 * step
            if step and s + reach > 0.3:
                break
            c = _add(_CENTRE, direction, s)
            ring = _ellipse_points(c[0], c[1], rx, ry, 20)
            room = min((sh.distance(p) for sh in forests for p in ring), default=1.0)
            for other in lay.lakes.values():
                room = min(room, _dist(c, other[:2]) - max(other[2:]) - max(rx, ry) - 0.03)
            if best is None or room > best[0] + 1e-9:
                best = (room, c)
            if room >= 0.04:
                break
        assert best is not None
        room, c = best
        shrink = 1.0 if room >= 0.04 else max(0.6, 1.0 + (room - 0.04) / max(rx, ry))
        rx, ry = rx * shrink, ry * shrink
        lay.lakes[lake.id] = (c[0], c[1], rx, ry)
        lay.shapes.append(_Shape.make(lake.id, systems[lake.id], _ellipse_points(c[0], c[1], rx, ry)))


def _place_rivers(lay: TileLayout, systems: Mapping[str, str]) -> None:
    """Course of every river: edge to lake, edge to edge, or edge to a spring inside the tile."""
    tile = lay.tile
    for f in tile.features:
        if f.type != "river":
            continue
        sides = [_SIDE_NAMES.index(t.partition("-")[0]) for t in f.touches]
        ends = [lay.lakes[lake][:2] for lake in f.ends_at if lake in lay.lakes]
        spring: Point | None = None
        if len(sides) >= 2:
            a, b = sides[0], sides[1]
            p0, p3 = _side_mid(a), _side_mid(b)
            na, nb = _INWARD[a], _INWARD[b]
            if (a - b) % 2 == 0:   # straight across, with a gentle meander
                perp = (-na[1], na[0])
                c1 = _add(_add(p0, na, 0.38), perp, 0.09)
                c2 = _add(_add(p3, nb, 0.38), perp, -0.09)
            else:                  # round the corner between the two sides
                c1, c2 = _add(p0, na, 0.28), _add(p3, nb, 0.28)
            cmds: tuple[PathCommand, ...] = (("M", *_add(p0, na, -0.08)), ("L", *p0), ("C", *c1, *c2, *p3),
                                             ("L", *_add(p3, nb, -0.08)))
            line = _cubic(p0, c1, c2, p3, 20)
        elif len(sides) == 1 and ends:
            p0, n, end = _side_mid(sides[0]), _INWARD[sides[0]], ends[0]
            q = _add(p0, n, (end[0] - p0[0]) * n[0] + (end[1] - p0[1]) * n[1])
            cmds = (("M", *_add(p0, n, -0.08)), ("L", *p0), ("Q", *q, *end))
            line = [p0] + _flatten((("M", *p0), ("Q", *q, *end)), 16)[1:]
        elif len(sides) == 1:
            p0, n = _side_mid(sides[0]), _INWARD[sides[0]]
            perp = (-n[1], n[0])
            spring = _add(p0, n, 0.36)
            c1 = _add(_add(p0, n, 0.16), perp, 0.05)
            c2 = _add(_add(spring, n, -0.1), perp, -0.05)
            cmds = (("M", *_add(p0, n, -0.08)), ("L", *p0), ("C", *c1, *c2, *spring))
            line = _cubic(p0, c1, c2, spring, 16)
        elif len(ends) >= 2:
            cmds = (("M", *ends[0]), ("L", *ends[1]))
            line = [ends[0], ends[1]]
        else:
            continue
        lay.rivers[f.id] = (cmds, tuple(line), spring)
        lay.shapes.append(_Shape.make(f.id, systems[f.id], line, RIVER_HALF + _BANK))


def _link_points(lay: TileLayout, entity: str) -> list[tuple[Point, Point | None]]:
    """Points of an entity from which an arm or a hedge may start (never along the tile border).

    A spring's end comes with the direction the water flows, because a river that ends inside a
    tile looks right when it runs straight into the forest (or rocks) that stops it.
    """
    out: list[tuple[Point, Point | None]] = []
    for s in lay.shapes:
        if s.entity != entity:
            continue
        if s.half == 0:
            pts = _densify(s.points, 0.03, closed=True)
        else:
            pts = _densify(s.points, 0.03, closed=False)
            if s.feature is None:          # a hedge grows only from its tip
                pts = [s.points[-1]]
            elif s.feature in lay.rivers and lay.rivers[s.feature][2] is not None:
                # a link from the side of a spring river would leave its end dangling in a meadow
                # that then wraps round it; only the end itself may be joined (added below)
                pts = []
        out.extend((p, None) for p in pts if _border_distance(p) >= (0.1 if s.half else 0.04))
    for fid, (_, line, spring) in lay.rivers.items():
        if spring is not None and any(s.entity == entity and s.feature == fid for s in lay.shapes):
            out.append((spring, _unit(_sub(line[-1], line[-3]))))
    return out


def _link_cost(pa: tuple[Point, Point | None], pb: tuple[Point, Point | None]) -> float:
    """Length of a link, made dearer when it leaves a spring sideways instead of straight on."""
    d = _dist(pa[0], pb[0])
    for (p, flow), q in ((pa, pb[0]), (pb, pa[0])):
        if flow is not None and d > 1e-9:
            cos = ((q[0] - p[0]) * flow[0] + (q[1] - p[1]) * flow[1]) / d
            d *= 1.0 + 1.5 * (1.0 - cos)
    return d


def _close_meadows(lay: TileLayout, systems: Mapping[str, str]) -> None:
    """Add forest arms or hedges until the drawing keeps different meadows apart.

    Going round the border, between two consecutive stretches of one meadow (or all the way round
    for a meadow with one stretch) lies a pocket of other features; the meadow's edge inside the
    tile runs from the first barrier of that pocket to the last, so those two must be joined.
    """
    runs = lay.runs
    uf = _UnionFind()
    entities = [_entity(r, systems) for r in runs]
    for e in entities:
        if e:
            uf.find(e)
    # barriers meeting at a corner (two forests) already close the gap between them
    for i, run in enumerate(runs):
        nxt = runs[(i + 1) % len(runs)]
        e1, e2 = entities[i], entities[(i + 1) % len(runs)]
        if e1 and e2 and abs(run.t1 % 4.0 - nxt.t0 % 4.0) < 1e-9:
            uf.union(e1, e2)
    needs: list[tuple[int, str, str]] = []
    meadows = {r.owner for r in runs if r.kind == "meadow"}
    for meadow in sorted(meadows):
        idx = [i for i, r in enumerate(runs) if r.owner == meadow]
        for k, i in enumerate(idx):
            j = idx[(k + 1) % len(idx)]
            between: list[str] = []
            m = (i + 1) % len(runs)
            while m != j:
                entity = entities[m]
                if entity:
                    between.append(entity)
                m = (m + 1) % len(runs)
            if len(between) >= 2 and between[0] != between[-1]:
                forest_first = 0 if between[0].startswith("f:") or between[-1].startswith("f:") else 1
                needs.append((forest_first * 100 + len(between), between[0], between[-1]))
    for _, a, b in sorted(needs):
        if uf.find(a) == uf.find(b):
            continue
        group_a = [e for e in uf.parent if uf.find(e) == uf.find(a)]
        group_b = [e for e in uf.parent if uf.find(e) == uf.find(b)]
        best: tuple[float, str, Point, str, Point] | None = None
        for ea in group_a:
            from_a = _link_points(lay, ea)
            for eb in group_b:
                for qb in _link_points(lay, eb):
                    for qa in from_a:
                        d = _link_cost(qa, qb)
                        if best is None or d < best[0]:
                            best = (d, ea, qa[0], eb, qb[0])
        if best is None:
            continue
        _, ea, pa, eb, pb = best
        if not ea.startswith("f:") and eb.startswith("f:"):
            ea, pa, eb, pb = eb, pb, ea, pa
        direction = _unit(_sub(pb, pa))
        start = _add(pa, direction, -0.04)      # reach into the shape it grows from
        end = _add(pb, direction, 0.02 if eb.startswith(("w:", "h:")) else 0.04)
        if ea.startswith("f:") and not eb.startswith("h:"):
            _add_arm(lay, ea[2:], ea, (start, end))
        else:
            _add_arm(lay, None, "link", (start, end))
        uf.union(a, b)


# --------------------------------------------------------------------------------------------
# Anchors: where figures stand and glyphs go
# --------------------------------------------------------------------------------------------

def _place_anchors(lay: TileLayout) -> None:
    """Choose figure spots (anchors) and glyph spots (decor), keeping them apart.

    Water and forest spots are fixed by the shapes; on meadows the glyphs (animals, specials)
    choose first because they are always on show, then the figure spot takes the best place left.
    """
    tile = lay.tile
    taken: list[Point] = []

    def crowd(p: Point) -> float:
        return min((_dist(p, q) for q in taken), default=1.0)

    def pick(spots: list[tuple[Point, float]], room: float, space: float, weight: float,
             home: Point | None = None, pull: float = 0.0) -> tuple[Point, float]:
        # enough room first, then away from what is already placed, then near the feature's own
        # edges (a meadow at N-west shows its figure in the north-west), then inward
        def score(s: tuple[Point, float]) -> float:
            value = min(s[1], room) + weight * min(crowd(s[0]), space) + 0.1 * min(_border_distance(s[0]), 0.35)
            if home is not None:
                value -= pull * max(0.0, _dist(s[0], home) - 0.2)
            return value
        return max(spots, key=score)

    for f in tile.features:            # lakes: the middle of the water
        if f.type == "lake" and f.id in lay.lakes:
            cx, cy, _, _ = lay.lakes[f.id]
            lay.anchors[f.id] = (cx, cy)
            taken.append((cx, cy))
    for f in tile.features:            # rivers: about half way along the water that shows
        if f.type == "river" and f.id in lay.rivers:
            line = lay.rivers[f.id][1]
            visible = [p for p in line if _border_distance(p) > 0.07 and
                       all(_dist(p, lake[:2]) > max(lake[2:]) + 0.04 for lake in lay.lakes.values())] or list(line)
            middle = visible[len(visible) // 4: 3 * len(visible) // 4 + 1] or visible
            best = max(middle, key=lambda p: min(crowd(p), 0.22) + 0.3 * min(lay.clearance(p, ignore=f.id), 0.1))
            lay.anchors[f.id] = best
            taken.append(best)
            if f.fish:
                fish = [p for p in visible if _dist(p, best) >= 0.1 and _border_distance(p) > 0.1] or visible
                spot = max(fish, key=lambda p: min(crowd(p), 0.2) + 0.5 * min(_border_distance(p), 0.2))
                lay.decor[f.id] = [spot]
                taken.append(spot)
    for f in tile.features:            # forests: the deepest spot of the wood, then its menhir & co
        if f.type != "forest":
            continue
        spots = _forest_spots(lay, f.id)
        anchor = pick(spots, 0.13, 0.25, 0.5)[0] if spots else _CENTRE
        lay.anchors[f.id] = anchor
        taken.append(anchor)
        if spots and (f.kind not in (None, "plain") or f.special):
            lay.decor[f.id] = [pick(spots, 0.09, 0.24, 0.8)[0]]
            taken.append(lay.decor[f.id][0])
    meadows = [f for f in tile.features if f.type == "meadow"]
    meadow_spots = {f.id: _meadow_spots(lay, f.id) for f in meadows}
    homes = {f.id: _meadow_home(lay, f.id) for f in meadows}
    for f in meadows:                  # animals and specials on the meadows
        spots = meadow_spots[f.id]
        chosen: list[Point] = []
        for _ in range(len(f.animals) + (1 if f.special else 0)):
            p = pick(spots, 0.105, 0.24, 0.8, homes[f.id], 0.15)[0] if spots else _CENTRE
            chosen.append(p)
            taken.append(p)
        if chosen:
            lay.decor[f.id] = chosen
    for f in meadows:                  # where a hunter lies down
        spots = meadow_spots[f.id]
        anchor = pick(spots, 0.12, 0.24, 0.7, homes[f.id], 0.4)[0] if spots else _CENTRE
        lay.anchors[f.id] = anchor
        taken.append(anchor)


def _meadow_home(lay: TileLayout, fid: str) -> Point:
    """A little inside the middle of the meadow's longest stretch of border."""
    run = max((r for r in lay.runs if r.owner == fid), key=lambda r: r.t1 - r.t0)
    t = (run.t0 + run.t1) / 2
    start = _perimeter(t)
    return _add(start, _unit(_lerp(_INWARD[int(t % 4.0)], _unit(_sub(_CENTRE, start)), 0.5)), 0.22)


def _glyph_room(tile: Tile, point: Point) -> float:
    """How much room (tile units) a glyph at an unrotated point has before it meets water or the edge."""
    lay = tile_layout(tile)
    forests = {f.id for f in tile.features if f.type == "forest"}
    room = _border_distance(point)
    for s in lay.shapes:
        # a glyph may overlap a forest's edge a little, but never water
        slack = 0.035 if s.feature in forests else 0.0
        room = min(room, s.distance(point, room) + slack)
    return room


def _forest_spots(lay: TileLayout, fid: str) -> list[tuple[Point, float]]:
    """Sample points inside a forest with how deep inside they are (and clear of other things)."""
    own = [s for s in lay.shapes if s.feature == fid]
    out = []
    steps = 20
    for i in range(1, steps):
        for j in range(1, steps):
            p = (i / steps, j / steps)
            if _border_distance(p) < 0.07:
                continue
            depth = -min(s.distance(p, 0.0) for s in own)
            if depth < 0.03:
                continue
            others = min((s.distance(p, 0.3) for s in lay.shapes if s.feature != fid), default=0.3)
            out.append((p, min(depth, others, _border_distance(p) - 0.02)))
    return out


def _meadow_spots(lay: TileLayout, fid: str) -> list[tuple[Point, float]]:
    """Points reachable from the meadow's own border without crossing anything, with clearance.

    Walking inward from the meadow's stretches of border guarantees every point found lies on
    this meadow, as long as the barriers keep meadows apart (which the tests check).
    """
    out = []
    for run in lay.runs:
        if run.owner != fid:
            continue
        length = run.t1 - run.t0
        for frac in (0.15, 0.3, 0.5, 0.7, 0.85):
            t = run.t0 + length * frac
            start = _perimeter(t)
            side = int(t % 4.0)
            n = _INWARD[side]
            # near a corner, head for the middle of the tile instead of along the edge
            into = _unit(_sub(_CENTRE, start))
            direction = _unit(_lerp(n, into, 0.45))
            for k in range(1, 30):
                p = _add(start, direction, 0.02 * k)
                if _border_distance(p) < 0.0:
                    break
                room = lay.clearance(p)
                if room < 0.005 and k > 2:
                    break
                if room > 0.02 and _border_distance(p) > 0.06:
                    out.append((p, min(room, _border_distance(p) - 0.03)))
    return out


def feature_anchor(tile: Tile, rotation: int, feature_id: str) -> Point:
    """Where a figure on ``feature_id`` is drawn: a point in the unit tile square after rotation.

    >>> from widgetpkg.games.hunters_gatherers.tiles import load_tileset
    >>> t = load_tileset("2020").by_id[14]
    >>> x, y = feature_anchor(t, 0, "m0")   # the meadow at N-west only
    >>> x < 0.5 and y < 0.5
    True
    """
    lay = tile_layout(tile)
    if feature_id not in lay.anchors:
        tile.feature(feature_id)   # raises KeyError naming the tile
        return rotate_point(_CENTRE, rotation)
    return rotate_point(lay.anchors[feature_id], rotation)


@lru_cache(maxsize=256)
def _meadow_grid(tile: Tile, n: int = 40) -> tuple[tuple[str | None, ...], ...]:
    """Which meadow each cell of an n x n grid shows (None under barriers), by flooding from the border."""
    lay = tile_layout(tile)
    free = [[lay.barrier_at(((i + 0.5) / n, (j + 0.5) / n)) is None for i in range(n)] for j in range(n)]
    label: list[list[str | None]] = [[None] * n for _ in range(n)]
    queue: deque[tuple[int, int, str]] = deque()
    for t0, t1, owner in _slots(tile):
        if tile.feature(owner).type != "meadow":
            continue
        steps = max(2, int((t1 - t0) * n))
        for k in range(steps):
            x, y = _perimeter(t0 + (t1 - t0) * (k + 0.5) / steps)
            i, j = min(n - 1, int(x * n)), min(n - 1, int(y * n))
            if free[j][i] and label[j][i] is None:
                label[j][i] = owner
                queue.append((i, j, owner))
    while queue:
        i, j, owner = queue.popleft()
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a, b = i + di, j + dj
            if 0 <= a < n and 0 <= b < n and free[b][a] and label[b][a] is None:
                label[b][a] = owner
                queue.append((a, b, owner))
    return tuple(tuple(row) for row in label)


def feature_at(tile: Tile, rotation: int, fx: float, fy: float) -> str | None:
    """The feature shown at tile-relative point ``(fx, fy)`` (after rotation), or None.

    >>> from widgetpkg.games.hunters_gatherers.tiles import load_tileset
    >>> t = load_tileset("2020").by_id[56]
    >>> feature_at(t, 0, 0.9, 0.9), feature_at(t, 90, 0.1, 0.9)
    ('f1', 'f1')
    """
    p = rotate_point((fx, fy), (360 - rotation) % 360)
    lay = tile_layout(tile)
    hit = lay.barrier_at(p)
    if hit is not None:
        return hit or None
    grid = _meadow_grid(tile)
    n = len(grid)
    i, j = min(n - 1, max(0, int(p[0] * n))), min(n - 1, max(0, int(p[1] * n)))
    if grid[j][i] is not None:
        return grid[j][i]
    near = [(abs(a - i) + abs(b - j), grid[b][a]) for b in range(max(0, j - 3), min(n, j + 4))
            for a in range(max(0, i - 3), min(n, i + 4)) if grid[b][a] is not None]
    return min(near)[1] if near else None


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
        for k, p in enumerate(_densify(s.points, 0.07, closed=not s.half)):
            if _border_distance(p) < (0.09 if not s.half else 0.05):
                continue
            if any(_dist(p, q) < 0.055 for q, _, _ in crowns) or any(o.distance(p, 0.1) < -0.01 for o in water):
                continue
            r = (s.half * 0.95 if s.half else _CANOPY) * (0.85 + 0.3 * _jitter(tile.id, k))
            crowns.append((p, r, True))
    for fid in out:
        own = [s for s in lay.shapes if s.feature == fid]
        k = 0
        for i in range(1, 8):
            for j in range(1, 8):
                k += 1
                p = ((i + 0.5 * (j % 2) - 0.25) / 8 + 0.02 * _jitter(tile.id, k),
                     j / 8 + 0.02 * _jitter(tile.id, k + 99))
                if _border_distance(p) < 0.05 or -min(s.distance(p, 0.0) for s in own) < 0.05:
                    continue
                if any(_dist(p, q) < 0.1 for q, _, _ in out[fid]):
                    continue
                out[fid].append((p, _CANOPY * (0.75 + 0.3 * _jitter(tile.id, k + 7)), False))
    return {fid: tuple(c) for fid, c in out.items()}


@lru_cache(maxsize=512)
def _grass(tile: Tile) -> tuple[Point, ...]:
    """A few grass tufts on open meadow, away from figure spots and glyphs."""
    lay = tile_layout(tile)
    spots = list(lay.anchors.values()) + [p for ps in lay.decor.values() for p in ps]
    out: list[Point] = []
    for k in range(40):
        p = (0.06 + 0.88 * _jitter(tile.id, 2 * k), 0.06 + 0.88 * _jitter(tile.id, 2 * k + 1))
        if lay.clearance(p, limit=0.06) < 0.05 or any(_dist(p, q) < 0.13 for q in spots + out):
            continue
        out.append(p)
        if len(out) >= 6:
            break
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Glyphs (always upright; ``s`` is the glyph's half size in pixels)
# --------------------------------------------------------------------------------------------

def _rel(cx: float, cy: float, s: float, pts: Iterable[Point]) -> list[Point]:
    return [(cx + x * s, cy + y * s) for x, y in pts]


def draw_fish(painter: Painter, cx: float, cy: float, s: float, *, facing: int = 1) -> None:
    """A small golden fish, ``s`` pixels from nose to the middle of the tail."""
    f = facing
    body = _rel(cx, cy, s, [(0.75 * f, 0), (0.35 * f, -0.32), (-0.25 * f, -0.3), (-0.55 * f, 0),
                            (-0.25 * f, 0.3), (0.35 * f, 0.32)])
    tail = _rel(cx, cy, s, [(-0.45 * f, 0), (-0.95 * f, -0.35), (-0.85 * f, 0), (-0.95 * f, 0.35)])
    edge = max(0.6, s * 0.14)
    painter.polygon(tail, fill="#f3c94f", stroke="#20364d", width=edge)
    painter.polygon(body, fill="#f7d865", stroke="#20364d", width=edge)
    painter.circle(cx + 0.38 * f * s, cy - 0.06 * s, max(0.5, s * 0.08), fill="#20364d")


def _legs(painter: Painter, cx: float, cy: float, s: float, xs: Sequence[float], y0: float, y1: float,
          width: float, colour: str) -> None:
    for x in xs:
        painter.line(cx + x * s, cy + y0 * s, cx + x * s, cy + y1 * s, stroke=colour, width=width * s)


def draw_animal(painter: Painter, animal: str, cx: float, cy: float, s: float, *, detail: bool = True) -> None:
    """An animal token: a pale disc with the animal's silhouette and its initial."""
    body, accent, letter = ANIMAL_STYLE.get(animal, ("#777", "#fff", animal[:1].upper() or "?"))
    if not detail:
        # a token whose outline also differs per animal, for players who do not see the colours
        outline = max(0.8, s * 0.14)
        r = s * 0.95
        if animal == "aurochs":
            painter.rect(cx - 0.82 * r, cy - 0.82 * r, 1.64 * r, 1.64 * r, fill=body, stroke=PALETTE["paper"],
                         width=outline)
        elif animal == "tiger":
            painter.polygon(_rel(cx, cy, r, [(0, -1.12), (1.12, 0), (0, 1.12), (-1.12, 0)]), fill=body,
                            stroke=PALETTE["paper"], width=outline)
        elif animal == "deer":
            painter.polygon(_rel(cx, cy, r, [(math.cos(a) * 0.98, math.sin(a) * 0.98)
                                             for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))]),
                            fill=body, stroke=PALETTE["paper"], width=outline)
        else:
            painter.circle(cx, cy, r, fill=body, stroke=PALETTE["paper"], width=outline)
        painter.text(cx, cy + s * 0.05, letter, size=s * 1.2, fill="#fff" if animal != "tiger" else "#1c1612",
                     bold=True)
        return
    painter.ellipse(cx, cy + 0.05 * s, 1.12 * s, 0.95 * s, fill=PALETTE["paper"], alpha=0.72,
                    stroke=body, width=max(0.6, 0.06 * s))
    if animal == "mammoth":
        _legs(painter, cx, cy, s, (-0.45, -0.2, 0.12, 0.36), 0.2, 0.62, 0.2, body)
        painter.circle(cx - 0.22 * s, cy - 0.18 * s, 0.4 * s, fill=body)
        painter.ellipse(cx - 0.08 * s, cy + 0.02 * s, 0.58 * s, 0.4 * s, fill=body)
        painter.circle(cx + 0.42 * s, cy - 0.18 * s, 0.3 * s, fill=body)
        painter.polyline(_rel(cx, cy, s, [(0.62, -0.08), (0.74, 0.25), (0.64, 0.52)]), stroke=body,
                         width=0.17 * s)
        painter.polyline(_rel(cx, cy, s, [(0.5, 0.08), (0.58, 0.36), (0.38, 0.42)]), stroke=accent,
                         width=0.09 * s)
        painter.circle(cx + 0.5 * s, cy - 0.27 * s, 0.05 * s, fill=accent)
    elif animal == "aurochs":
        _legs(painter, cx, cy, s, (-0.48, -0.28, 0.14, 0.32), 0.15, 0.6, 0.13, body)
        painter.ellipse(cx - 0.08 * s, cy + 0.02 * s, 0.58 * s, 0.3 * s, fill=body)
        painter.circle(cx + 0.22 * s, cy - 0.08 * s, 0.3 * s, fill=body)
        painter.ellipse(cx + 0.58 * s, cy + 0.06 * s, 0.2 * s, 0.16 * s, fill=body)
        painter.polyline(_rel(cx, cy, s, [(-0.64, -0.05), (-0.78, 0.3)]), stroke=body, width=0.08 * s)
        for side in (1, -1):
            painter.polyline(_rel(cx, cy, s, [(0.52, -0.06), (0.5 + 0.14 * side, -0.38),
                                              (0.66 + 0.16 * side, -0.5)]),
                             stroke=accent, width=0.09 * s)
    elif animal == "deer":
        _legs(painter, cx, cy, s, (-0.38, -0.22, 0.12, 0.26), 0.1, 0.66, 0.08, body)
        painter.ellipse(cx - 0.08 * s, cy + 0.04 * s, 0.45 * s, 0.2 * s, fill=body)
        painter.polyline(_rel(cx, cy, s, [(0.22, -0.02), (0.42, -0.32)]), stroke=body, width=0.18 * s)
        painter.ellipse(cx + 0.52 * s, cy - 0.38 * s, 0.17 * s, 0.11 * s, fill=body)
        painter.circle(cx - 0.48 * s, cy - 0.06 * s, 0.08 * s, fill="#fff")
        for side in (-1, 1):
            base = (0.44 + 0.06 * side, -0.45)
            painter.polyline(_rel(cx, cy, s, [base, (0.36 + 0.16 * side, -0.8), (0.3 + 0.26 * side, -0.95)]),
                             stroke=accent, width=0.07 * s)
            painter.polyline(_rel(cx, cy, s, [(0.4 + 0.12 * side, -0.66), (0.52 + 0.2 * side, -0.74)]),
                             stroke=accent, width=0.06 * s)
    elif animal == "tiger":
        _legs(painter, cx, cy, s, (-0.44, -0.26, 0.16, 0.34), 0.1, 0.58, 0.14, body)
        painter.polyline(_rel(cx, cy, s, [(-0.62, -0.02), (-0.86, -0.2), (-0.8, -0.5)]), stroke=body,
                         width=0.1 * s)
        painter.ellipse(cx - 0.06 * s, cy + 0.02 * s, 0.6 * s, 0.24 * s, fill=body)
        painter.circle(cx + 0.56 * s, cy - 0.1 * s, 0.23 * s, fill=body)
        for ex in (0.44, 0.68):
            painter.polygon(_rel(cx, cy, s, [(ex - 0.09, -0.24), (ex + 0.09, -0.24), (ex, -0.4)]), fill=body)
        for x in (-0.42, -0.2, 0.02, 0.24):
            painter.line(cx + x * s, cy - 0.2 * s, cx + (x + 0.06) * s, cy + 0.1 * s, stroke=accent,
                         width=0.07 * s)
        painter.circle(cx + 0.62 * s, cy - 0.14 * s, 0.045 * s, fill=accent)
    # the initial, in a small badge, so the animal is named even where the shape is tiny
    bx, by = cx - 0.62 * s, cy + 0.55 * s
    painter.circle(bx, by, 0.33 * s, fill=body, stroke=PALETTE["paper"], width=max(0.5, 0.07 * s))
    painter.text(bx, by + 0.02 * s, letter, size=0.46 * s, fill="#fff" if animal != "tiger" else "#1c1612",
                 bold=True)


def draw_menhir(painter: Painter, cx: float, cy: float, s: float) -> None:
    stone = _rel(cx, cy, s, [(-0.28, 0.62), (-0.34, 0.0), (-0.24, -0.5), (0.0, -0.72), (0.22, -0.52),
                             (0.32, 0.05), (0.26, 0.62)])
    painter.ellipse(cx, cy + 0.64 * s, 0.46 * s, 0.12 * s, fill="#1b2e17", alpha=0.45)
    painter.polygon(stone, fill="#b9b6ac", stroke="#55534c", width=max(0.7, 0.09 * s))
    painter.polyline(_rel(cx, cy, s, [(-0.08, -0.3), (0.08, -0.2), (-0.06, -0.06), (0.08, 0.06)]),
                     stroke="#76736a", width=max(0.5, 0.06 * s))


def draw_mushrooms(painter: Painter, cx: float, cy: float, s: float) -> None:
    for dx, dy, k in ((-0.3, 0.12, 0.85), (0.3, -0.05, 1.0)):
        x, y = cx + dx * s, cy + dy * s
        painter.rect(x - 0.09 * s * k, y, 0.18 * s * k, 0.42 * s * k, fill="#f1e6cc", stroke="#6b5a44",
                     width=max(0.4, 0.05 * s))
        painter.path([("M", x - 0.4 * s * k, y + 0.04 * s), ("Q", x, y - 0.55 * s * k, x + 0.4 * s * k, y + 0.04 * s),
                      ("Z",)], fill="#d23a2a", stroke="#6b1d14", width=max(0.4, 0.05 * s))
        for ox, oy in ((-0.15, -0.1), (0.12, -0.16), (0.02, -0.02)):
            painter.circle(x + ox * s * k, y + oy * s * k, 0.05 * s * k, fill="#fff")


def draw_gold(painter: Painter, cx: float, cy: float, s: float) -> None:
    for dx, dy, k in ((-0.28, 0.15, 0.8), (0.25, 0.2, 0.7), (0.0, -0.18, 1.0)):
        pts = [(cx + dx * s + math.cos(a) * 0.3 * s * k * (0.8 + 0.2 * math.sin(3 * a)),
                cy + dy * s + math.sin(a) * 0.24 * s * k) for a in [i * math.pi / 4 for i in range(8)]]
        painter.polygon(pts, fill="#f2c230", stroke="#8a6510", width=max(0.4, 0.06 * s))
        painter.circle(cx + (dx - 0.08) * s, cy + (dy - 0.06) * s, 0.06 * s * k, fill="#fff3b0")


def draw_special(painter: Painter, special: str, cx: float, cy: float, s: float, *, detail: bool = True) -> None:
    """The symbol of a special tile: shaman, logboat, raft, traps, wild fire or shrine."""
    ink = PALETTE["ink"]
    w = max(0.5, 0.08 * s)
    if not detail:
        letter = {"shaman": "Sh", "logboat": "B", "raft": "R", "hunting_trap": "H", "pit_trap": "P",
                  "wild_fire": "F", "shrine": "S"}.get(special, "?")
        painter.circle(cx, cy, 0.9 * s, fill=PALETTE["paper"], stroke=ink, width=w)
        painter.text(cx, cy, letter, size=s * 0.95, fill=ink, bold=True)
        return
    if special in ("shaman", "hunting_trap", "pit_trap", "wild_fire", "shrine"):
        painter.circle(cx, cy, 1.0 * s, fill=PALETTE["paper"], alpha=0.8, stroke=ink, width=w)
    if special == "shaman":
        painter.polygon(_rel(cx, cy, s, [(0, -0.28), (0.42, 0.7), (-0.42, 0.7)]), fill="#7b3fa8", stroke=ink, width=w)
        painter.circle(cx, cy - 0.38 * s, 0.2 * s, fill="#e0b48a", stroke=ink, width=w)
        for ang in (-50, -20, 10, 40):
            a = math.radians(ang - 90)
            painter.line(cx, cy - 0.5 * s, cx + math.cos(a) * 0.42 * s, cy - 0.5 * s + math.sin(a) * 0.42 * s,
                         stroke="#d33c2c" if ang % 20 else "#f0c030", width=0.1 * s)
        painter.line(cx + 0.55 * s, cy - 0.55 * s, cx + 0.55 * s, cy + 0.72 * s, stroke="#6b4a2a", width=0.1 * s)
        painter.circle(cx + 0.55 * s, cy - 0.6 * s, 0.1 * s, fill="#f0c030")
    elif special == "logboat":
        painter.path([("M", cx - 0.95 * s, cy - 0.05 * s), ("Q", cx, cy + 0.65 * s, cx + 0.95 * s, cy - 0.05 * s),
                      ("Q", cx, cy + 0.15 * s, cx - 0.95 * s, cy - 0.05 * s), ("Z",)],
                     fill="#8a5a2b", stroke="#3e2610", width=w)
        painter.line(cx + 0.1 * s, cy - 0.75 * s, cx - 0.35 * s, cy + 0.45 * s, stroke="#c89a5a", width=0.1 * s)
        painter.ellipse(cx - 0.42 * s, cy + 0.52 * s, 0.12 * s, 0.2 * s, angle=20, fill="#c89a5a")
    elif special == "raft":
        for k in range(4):
            y = cy + (k - 1.5) * 0.26 * s
            painter.line(cx - 0.7 * s, y, cx + 0.7 * s, y, stroke="#3e2610", width=0.3 * s)
            painter.line(cx - 0.7 * s, y, cx + 0.7 * s, y, stroke="#a8743c", width=0.2 * s)
        for x in (-0.4, 0.4):
            painter.line(cx + x * s, cy - 0.55 * s, cx + x * s, cy + 0.55 * s, stroke="#e8d6a8", width=0.07 * s)
    elif special == "hunting_trap":
        painter.circle(cx, cy, 0.62 * s, fill="#d9c7a0", stroke="#5a4326", width=w)
        for k in (-2, -1, 0, 1, 2):
            o = k * 0.22 * s
            h = math.sqrt(max(0.0, (0.6 * s) ** 2 - o * o))
            painter.line(cx + o, cy - h, cx + o, cy + h, stroke="#5a4326", width=0.05 * s)
            painter.line(cx - h, cy + o, cx + h, cy + o, stroke="#5a4326", width=0.05 * s)
        painter.line(cx - 0.85 * s, cy + 0.75 * s, cx + 0.85 * s, cy - 0.75 * s, stroke="#6b4a2a", width=0.1 * s)
        painter.polygon(_rel(cx, cy, s, [(0.85, -0.75), (0.62, -0.72), (0.82, -0.52)]), fill="#555")
    elif special == "pit_trap":
        painter.ellipse(cx, cy + 0.2 * s, 0.75 * s, 0.42 * s, fill="#3b2a1c", stroke="#1a120b", width=w)
        for x in (-0.45, -0.15, 0.15, 0.45):
            painter.polygon(_rel(cx, cy, s, [(x - 0.09, 0.42), (x + 0.09, 0.42), (x, -0.25)]), fill="#d9c7a0",
                            stroke="#5a4326", width=max(0.4, 0.04 * s))
    elif special == "wild_fire":
        painter.path([("M", cx, cy + 0.75 * s), ("Q", cx - 0.75 * s, cy + 0.55 * s, cx - 0.45 * s, cy - 0.1 * s),
                      ("Q", cx - 0.3 * s, cy + 0.15 * s, cx - 0.1 * s, cy + 0.1 * s),
                      ("Q", cx - 0.2 * s, cy - 0.45 * s, cx + 0.05 * s, cy - 0.85 * s),
                      ("Q", cx + 0.2 * s, cy - 0.35 * s, cx + 0.4 * s, cy - 0.3 * s),
                      ("Q", cx + 0.75 * s, cy + 0.55 * s, cx, cy + 0.75 * s), ("Z",)],
                     fill="#e4461f", stroke="#7a1c0c", width=w)
        painter.path([("M", cx, cy + 0.7 * s), ("Q", cx - 0.35 * s, cy + 0.55 * s, cx - 0.15 * s, cy + 0.15 * s),
                      ("Q", cx, cy - 0.2 * s, cx + 0.05 * s, cy - 0.3 * s),
                      ("Q", cx + 0.4 * s, cy + 0.5 * s, cx, cy + 0.7 * s), ("Z",)], fill="#f8c43a")
    elif special == "shrine":
        for x in (-0.45, 0.45):
            painter.rect(cx + (x - 0.14) * s, cy - 0.3 * s, 0.28 * s, 0.9 * s, fill="#b9b6ac", stroke="#55534c",
                         width=w)
        painter.rect(cx - 0.75 * s, cy - 0.55 * s, 1.5 * s, 0.3 * s, fill="#a7a49a", stroke="#55534c", width=w)
    else:
        painter.circle(cx, cy, 0.8 * s, fill=PALETTE["paper"], stroke=ink, width=w)
        painter.text(cx, cy, special[:2], size=0.8 * s, fill=ink, bold=True)


# --------------------------------------------------------------------------------------------
# Tiles
# --------------------------------------------------------------------------------------------

def draw_tile(painter: Painter, tile: Tile, rotation: int, x: float, y: float, size: float, *,
              detail: bool | None = None) -> None:
    """Draw ``tile`` turned ``rotation`` degrees clockwise with its top-left corner at ``(x, y)``.

    ``detail`` (default: when ``size`` is at least 44 pixels) adds textures and silhouettes;
    without it animals and specials become lettered discs that stay legible when tiny.
    """
    lay = tile_layout(tile)
    m = _Mapper(x, y, size, rotation)
    rich = size >= _DETAIL_SIZE if detail is None else detail
    pictures = size >= _GLYPH_SIZE if detail is None else detail
    symbols = size >= _SPECIAL_SIZE if detail is None else detail
    px = size   # one tile unit in pixels

    painter.save()
    painter.clip_rect(x, y, size, size)
    painter.rect(x, y, size, size, fill=PALETTE["meadow"])
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
        painter.path(path, stroke=PALETTE["river_bank"], width=2 * (RIVER_HALF + _BANK) * px, cap="butt")
        painter.path(path, stroke=PALETTE["river"], width=2 * RIVER_HALF * px, cap="butt")
        if rich:
            painter.path(path, stroke=PALETTE["river_light"], width=0.022 * px, alpha=0.8, cap="butt")
        if spring is not None:
            _draw_spring(painter, m, line, px)
    for cx, cy, rx, ry in lay.lakes.values():
        c = m((cx, cy))
        swap = rotation in (90, 270)
        rxp, ryp = (ry, rx) if swap else (rx, ry)
        painter.ellipse(*c, (rxp + _BANK) * px, (ryp + _BANK) * px, fill=PALETTE["river_bank"])
        painter.ellipse(*c, rxp * px, ryp * px, fill=PALETTE["lake"])
        if rich:
            painter.ellipse(c[0] - 0.25 * rxp * px, c[1] - 0.3 * ryp * px, 0.5 * rxp * px, 0.32 * ryp * px,
                            fill=PALETTE["lake_light"], alpha=0.55)
    _draw_decor(painter, lay, m, rotation, pictures, symbols)
    painter.restore()
    painter.rect(x, y, size, size, stroke=PALETTE["tile_line"], width=max(0.5, size / 90), alpha=0.55)


def _draw_grass(painter: Painter, lay: TileLayout, m: _Mapper) -> None:
    s = m.size
    for p in _grass(lay.tile):
        gx, gy = m(p)
        # one zig-zag stroke draws a tuft of three blades
        blades = [(gx - 0.025 * s, gy - 0.03 * s), (gx - 0.007 * s, gy), (gx, gy - 0.042 * s),
                  (gx + 0.007 * s, gy), (gx + 0.025 * s, gy - 0.03 * s)]
        painter.polyline(blades, stroke=PALETTE["grass"], width=max(0.5, 0.009 * s))


def _draw_forest(painter: Painter, lay: TileLayout, m: _Mapper, fid: str,
                 crowns: Sequence[tuple[Point, float, bool]]) -> None:
    px = m.size
    edge = 0.014 * px
    paths = [m.path(p) for p in lay.forest_paths.get(fid, [])]
    arms = [(m.points(pts), half) for forest, pts, half in lay.arms if forest == fid]
    # outline first, then the fill on top: the union of the shapes gets one clean edge
    for path in paths:
        painter.path(path, stroke=PALETTE["forest_edge"], width=2 * edge)
    for pts, half in arms:
        painter.polyline(pts, stroke=PALETTE["forest_edge"], width=2 * (half * px + edge))
    for p, r, on_edge in crowns:
        if on_edge:     # crowns inside the wood need no outline: the fill would cover it anyway
            painter.circle(*m(p), r * px + edge, fill=PALETTE["forest_edge"])
    for path in paths:
        painter.path(path, fill=PALETTE["forest"])
    for pts, half in arms:
        painter.polyline(pts, stroke=PALETTE["forest"], width=2 * half * px)
    for k, (p, r, on_edge) in enumerate(crowns):
        c = m(p)
        painter.circle(*c, r * px, fill=PALETTE["canopy"] if k % 3 else PALETTE["canopy_dark"])
        if on_edge or px >= 120:
            painter.circle(c[0] - 0.3 * r * px, c[1] - 0.3 * r * px, 0.4 * r * px, fill="#6aa85e", alpha=0.5)


def _draw_hedge(painter: Painter, pts: Sequence[Point], half: float, rich: bool) -> None:
    painter.polyline(pts, stroke=PALETTE["hedge_dark"], width=2 * half + 1.0)
    painter.polyline(pts, stroke=PALETTE["hedge"], width=2 * half - 0.5)
    if rich:
        for p in _densify(list(pts), half * 2.2, closed=False):
            painter.circle(*p, half * 0.85, fill="#6f9e48", stroke=PALETTE["hedge_dark"], width=0.6)


def _draw_spring(painter: Painter, m: _Mapper, line: Sequence[Point], px: float) -> None:
    end, before = line[-1], line[-3]
    d = _unit(_sub(end, before))
    perp = (-d[1], d[0])
    painter.circle(*m(end), RIVER_HALF * px, fill=PALETTE["river"])
    for along, side, r in ((0.07, 0.0, 0.05), (0.035, 0.075, 0.04), (0.035, -0.075, 0.04),
                           (0.0, 0.11, 0.028), (0.0, -0.11, 0.03)):
        c = m(_add(_add(end, d, along), perp, side))
        painter.circle(*c, r * px, fill=PALETTE["rock"], stroke=PALETTE["rock_dark"], width=max(0.5, 0.01 * px))


def _draw_decor(painter: Painter, lay: TileLayout, m: _Mapper, rotation: int, rich: bool, symbols: bool) -> None:
    tile, px = lay.tile, m.size
    g = max(0.1 * px, min(0.14 * px, 5.0))     # glyph half size, never too small to see
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
            rooms = [_glyph_room(tile, p) / 0.105 for p in lay.decor[f.id]]
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
            painter.circle(centre[0] + 0.55 * g, centre[1], 0.5 * g, fill=PALETTE["river_bank"])
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
            rec.text(x + size / 2, y - head / 2 - 1, str(tile.id), size=head * 0.8, fill=PALETTE["ink"], bold=True)
    width = gap + min(columns, max(1, len(tiles))) * (size + gap)
    height = gap + rows * (size + gap + head)
    return to_svg(rec.ops, width, height, background=PALETTE["table"], title="Hunters & Gatherers tiles")


# --------------------------------------------------------------------------------------------
# Figures and boards
# --------------------------------------------------------------------------------------------

_MEEPLE = ((-0.1, -0.2), (0.1, -0.2), (0.44, -0.08), (0.46, 0.05), (0.2, 0.1), (0.33, 0.46), (0.08, 0.46),
           (0.0, 0.28), (-0.08, 0.46), (-0.33, 0.46), (-0.2, 0.1), (-0.46, 0.05), (-0.44, -0.08))


def player_colour(player: str, players_colours: Mapping[str, str] | None = None, index: int = 0) -> str:
    """The colour of a player's figures: given, or named by the player ("Red"), or from a palette."""
    if players_colours and player in players_colours:
        return players_colours[player]
    return PLAYER_COLOURS.get(str(player).lower(), _FALLBACK_COLOURS[index % len(_FALLBACK_COLOURS)])


def _darker(colour: str, k: float = 0.45) -> str:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return PALETTE["ink"]
    return "#{:02x}{:02x}{:02x}".format(*(int(v * k) for v in (r, g, b)))


def draw_figure(painter: Painter, role: str, colour: str, cx: float, cy: float, size: float) -> None:
    """A figure of ``size`` pixels centred on ``(cx, cy)``.

    Gatherers and fishers stand, hunters lie on their side, huts are little huts.
    """
    edge = _darker(colour)
    w = max(0.8, size * 0.07)
    painter.ellipse(cx + 0.05 * size, cy + 0.42 * size, 0.42 * size, 0.11 * size, fill="#000", alpha=0.28)
    if role == "hut":
        body = _rel(cx, cy, size, [(-0.4, 0.42), (0.4, 0.42), (0.42, 0.02), (0.0, -0.45), (-0.42, 0.02)])
        painter.polygon(body, fill=colour, stroke=edge, width=w)
        painter.polyline(_rel(cx, cy, size, [(-0.42, 0.02), (0.0, -0.45), (0.42, 0.02)]), stroke=edge, width=w * 1.2)
        for k in (-0.2, 0.0, 0.2):
            painter.line(cx + k * 0.5 * size, cy - 0.3 * size, cx + k * size, cy + 0.0 * size, stroke=edge,
                         width=w * 0.5, alpha=0.6)
        painter.path([("M", cx - 0.12 * size, cy + 0.42 * size), ("L", cx - 0.12 * size, cy + 0.18 * size),
                      ("Q", cx, cy + 0.05 * size, cx + 0.12 * size, cy + 0.18 * size),
                      ("L", cx + 0.12 * size, cy + 0.42 * size), ("Z",)], fill=edge)
        return
    pts: Sequence[Point] = _MEEPLE
    head = (0.0, -0.33)
    if role == "hunter":       # lying on its side
        pts = [(y, -x) for x, y in _MEEPLE]
        head = (-0.33, 0.0)
        cy += 0.12 * size
    body = _rel(cx, cy, size, pts)
    hx, hy = cx + head[0] * size, cy + head[1] * size
    painter.polygon(body, stroke=edge, width=2 * w)
    painter.circle(hx, hy, 0.15 * size + w, fill=edge)
    painter.polygon(body, fill=colour)
    painter.circle(hx, hy, 0.15 * size, fill=colour)
    painter.circle(hx - 0.05 * size, hy - 0.05 * size, 0.05 * size, fill="#fff", alpha=0.45)


def draw_board(painter: Painter, placed: Iterable[tuple[int, int, Tile, int]],
               figures: Iterable[tuple[str, str, int, int, str]], *, cell: int = 64,
               highlight_cells: Iterable[tuple[int, int]] = (), last_placed: Iterable[tuple[int, int]] = (),
               players_colours: Mapping[str, str] | None = None,
               spots: Iterable[tuple[int, int, str]] = (), covered: Iterable[tuple[int, int, str]] = (),
               margin: int = 0) -> tuple[int, int, int, int]:
    """Draw placed tiles, then figures, highlights and clickable spots.

    ``placed`` holds ``(x, y, tile, rotation)`` in board coordinates (x east, y south);
    ``figures`` holds ``(player, role, x, y, feature_id)``; ``highlight_cells`` are cells to mark
    (say, legal placements), ``last_placed`` cells get a bright frame, ``spots`` are
    ``(x, y, feature_id)`` places to offer for a click, ``covered`` names meadows whose animals
    are crossed out (a hunting trap took them). Returns ``(min_x, min_y, width, height)``:
    the board cell drawn at the top-left pixel and the drawing's size in pixels, so pixel
    ``(px, py)`` lies on cell ``(min_x + px // cell, min_y + py // cell)``.
    """
    tiles = list(placed)
    highlights = list(highlight_cells)
    cells = [(t[0], t[1]) for t in tiles] + highlights
    if not cells:
        cells = [(0, 0)]
    min_x = min(c[0] for c in cells) - margin
    min_y = min(c[1] for c in cells) - margin
    max_x = max(c[0] for c in cells) + margin
    max_y = max(c[1] for c in cells) + margin
    width, height = (max_x - min_x + 1) * cell, (max_y - min_y + 1) * cell

    def at(x: int, y: int) -> tuple[float, float]:
        return ((x - min_x) * cell, (y - min_y) * cell)

    by_cell = {(x, y): (tile, rotation) for x, y, tile, rotation in tiles}
    painter.rect(0, 0, width, height, fill=PALETTE["table"])
    for (x, y), (tile, rotation) in by_cell.items():
        draw_tile(painter, tile, rotation, *at(x, y), cell)
    for x, y in highlights:
        px_, py_ = at(x, y)
        inset = cell * 0.06
        painter.rect(px_ + inset, py_ + inset, cell - 2 * inset, cell - 2 * inset, fill="#ffffff", alpha=0.35,
                     stroke="#6b5a2e", width=max(1.0, cell / 40), dash=(cell / 10, cell / 16))
    for x, y, fid in covered:
        if (x, y) not in by_cell:
            continue
        tile, rotation = by_cell[(x, y)]
        px_, py_ = at(x, y)
        g = max(0.1 * cell, min(0.14 * cell, 5.0))
        for fx, fy in _animal_spots(tile, rotation, fid):
            cx, cy = px_ + fx * cell, py_ + fy * cell
            painter.circle(cx, cy, g * 1.05, fill="#1f2a1a", alpha=0.45)
            painter.line(cx - 0.8 * g, cy + 0.8 * g, cx + 0.8 * g, cy - 0.8 * g, stroke=PALETTE["paper"],
                         width=max(1.0, 0.22 * g))
    for x, y in last_placed:
        px_, py_ = at(x, y)
        w = max(1.5, cell / 22)
        painter.rect(px_ + w / 2, py_ + w / 2, cell - w, cell - w, stroke="#ffd23f", width=w)
    for x, y, fid in spots:
        if (x, y) not in by_cell:
            continue
        tile, rotation = by_cell[(x, y)]
        fx, fy = feature_anchor(tile, rotation, fid)
        px_, py_ = at(x, y)
        r = cell * 0.13
        painter.circle(px_ + fx * cell, py_ + fy * cell, r, fill="#ffffff", alpha=0.55, stroke="#1f2a1a",
                       width=max(1.0, cell / 40))
    order: dict[str, int] = {}
    for player, role, x, y, fid in figures:
        if (x, y) not in by_cell:
            continue
        tile, rotation = by_cell[(x, y)]
        fx, fy = feature_anchor(tile, rotation, fid)
        px_, py_ = at(x, y)
        colour = player_colour(player, players_colours, order.setdefault(player, len(order)))
        draw_figure(painter, role, colour, px_ + fx * cell, py_ + fy * cell, cell * 0.3)
    return (min_x, min_y, width, height)


def _animal_spots(tile: Tile, rotation: int, feature_id: str) -> list[Point]:
    """Where the animals of a meadow are drawn (tile-relative, after rotation)."""
    feature = tile.feature(feature_id)
    spots = tile_layout(tile).decor.get(feature_id, [])[:len(feature.animals)]
    return [rotate_point(p, rotation) for p in spots]


def _feature_name(feature: Any) -> str:
    """A feature id from ``"r1"`` or from a full name ``(x, y, "r1")``."""
    return feature[-1] if isinstance(feature, tuple) else str(feature)


def draw_game(painter: Painter, game: Any, **options: Any) -> tuple[int, int, int, int]:
    """Draw a game's board: ``game.board`` maps ``(x, y)`` to placements with ``.tile`` and
    ``.rotation``; ``game.figures()`` yields figures with ``player``, ``role``, ``x``, ``y`` and
    ``feature``; ``game.covered()``, if there, names meadows whose animals a trap took.
    Options as for :func:`draw_board`."""
    placed = [(x, y, p.tile, p.rotation) for (x, y), p in game.board.items()]
    figures = [(f.player, f.role, f.x, f.y, _feature_name(f.feature)) for f in game.figures()]
    if "covered" not in options and callable(getattr(game, "covered", None)):
        options["covered"] = sorted(game.covered())
    # colours by seat, so a player's figures keep their colour whatever is on the board
    seats = getattr(game, "players", ())
    options["players_colours"] = {**{p: player_colour(p, None, i) for i, p in enumerate(seats)},
                                  **(options.get("players_colours") or {})}
    return draw_board(painter, placed, figures, **options)


def game_svg(game: Any, *, cell: int = 64, **options: Any) -> str:
    """A game's board as an SVG document, the last placed tiles framed; options as for
    :func:`draw_board`."""
    rec = Recorder()
    options.setdefault("last_placed", getattr(game, "last_placed", ()))
    _, _, width, height = draw_game(rec, game, cell=cell, **options)
    return to_svg(rec.ops, width, height, title="Hunters & Gatherers board")


def board_svg(placed: Iterable[tuple[int, int, Tile, int]], figures: Iterable[tuple[str, str, int, int, str]] = (),
              **options: Any) -> str:
    """The board as an SVG document; options as for :func:`draw_board`."""
    rec = Recorder()
    _, _, width, height = draw_board(rec, placed, figures, **options)
    return to_svg(rec.ops, width, height, title="Hunters & Gatherers board")
