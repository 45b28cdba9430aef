"""The layout of one tile in its unit square: forest shapes, river courses, lakes, the lines
that keep separate meadows apart, and the anchors where figures stand and glyphs go. Computed
once per tile and cached; drawing maps it through the rotation."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ....render.painter import PathCommand, Point
from ..tiles import Feature, Tile
from .geometry import (
    Shape,
    add,
    border_distance,
    cubic,
    densify,
    dist,
    ellipse_points,
    flatten,
    lerp,
    perimeter,
    rotate_point,
    side_mid,
    sub,
    unit,
)
from .sizes import ARM_HALF, BANK, CENTRE, HALF_PART, HEDGE_HALF, INWARD, RIVER_HALF, SIDE_NAMES

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
    shapes: list[Shape] = field(default_factory=list)
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
            side = SIDE_NAMES.index(name)
            if half:
                pieces[(side, 0 if half == HALF_PART[name][0] else 2)] = f.id
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
    a, b = perimeter(t0), perimeter(t1)
    cmds: list[PathCommand] = [("M", *a)]
    for k in range(1, sides):
        cmds.append(("L", *perimeter(t0 + k)))
    cmds.append(("L", *b))
    if sides == 1:
        n = INWARD[int(t0) % 4]
        c1 = add(lerp(b, a, 0.18), n, 0.37)
        c2 = add(lerp(a, b, 0.18), n, 0.37)
    elif sides == 2:
        corner = perimeter(t0 + 1)
        q = lerp(CENTRE, corner, 0.3)
        c1, c2 = lerp(b, q, 2 / 3), lerp(a, q, 2 / 3)
    else:   # three sides: the open side keeps a deep bay of meadow
        n = INWARD[int(t1) % 4]
        c1 = add(lerp(b, a, 0.12), n, 0.62)
        c2 = add(lerp(a, b, 0.12), n, 0.62)
    cmds.append(("C", *c1, *c2, *a))
    cmds.append(("Z",))
    return tuple(cmds)


def _run_heart(t0: float, t1: float) -> Point:
    """A point well inside the forest drawn for the run t0..t1."""
    sides = round(t1 - t0)
    if sides >= 4:
        return CENTRE
    if sides == 1:
        return add(side_mid(int(t0) % 4), INWARD[int(t0) % 4], 0.12)
    if sides == 2:
        return lerp(perimeter(t0 + 1), CENTRE, 0.36)
    return add(side_mid(int(t0 + 1) % 4), INWARD[int(t0 + 1) % 4], 0.2)


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
            lay.shapes.append(Shape.make(run.owner, "f:" + run.owner, flatten(path)))
            hearts.setdefault(run.owner, []).append(_run_heart(run.t0, run.t1))
    # a forest on two opposite sides is one wood: join it through the middle, bending away
    # from any lake so the lake keeps room next to its river
    lake_pull = unit(_sum_points(_lake_pull(tile, f)[0] for f in tile.features if f.type == "lake"))
    for fid, points in hearts.items():
        for a, b in zip(points, points[1:], strict=False):
            mid = add(lerp(a, b, 0.5), lake_pull, -0.08)
            _add_arm(lay, fid, "f:" + fid, (a, mid, b))
    forests_only = list(lay.shapes)

    _place_lakes(lay, forests_only, systems)
    _place_rivers(lay, systems)

    # hedges: a short line of bushes from the corner into the tile, extended later if needed
    for run in runs:
        if run.kind == "hedge":
            corner = perimeter(run.t0)
            tip = add(corner, unit(sub(CENTRE, corner)), 0.24)
            lay.arms.append((None, (corner, tip), HEDGE_HALF))
            lay.shapes.append(Shape.make(None, "h:" + run.owner, (corner, tip), HEDGE_HALF))

    _close_meadows(lay, systems)
    _place_anchors(lay)
    return lay


def _add_arm(lay: TileLayout, forest: str | None, entity: str, points: Sequence[Point]) -> None:
    half = ARM_HALF if forest else HEDGE_HALF
    lay.arms.append((forest, tuple(points), half))
    lay.shapes.append(Shape.make(forest, entity, points, half))


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
            n = INWARD[SIDE_NAMES.index(touch.partition("-")[0])]
            dirs.append((-n[0], -n[1]))
    if not dirs:
        return (0.0, 0.0), 0.0
    pull = (sum(d[0] for d in dirs) / len(dirs), sum(d[1] for d in dirs) / len(dirs))
    return unit(pull), math.hypot(*pull)


def _place_lakes(lay: TileLayout, forests: list[Shape], systems: Mapping[str, str]) -> None:
    """Put each lake toward the edges its rivers come from, clear of the forests.

    A lake never moves so far out that its river disappears: at least a fifth of a tile stays visible.
    """
    tile = lay.tile
    lakes = [f for f in tile.features if f.type == "lake"]
    for index, lake in enumerate(lakes):
        direction, strength = _lake_pull(tile, lake)
        if len(lakes) > 1:
            if strength < 0.2:   # no clear pull: spread the lakes along the diagonal
                direction = unit((1.0, -1.0)) if index % 2 == 0 else unit((-1.0, 1.0))
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
            c = add(CENTRE, direction, s)
            ring = ellipse_points(c[0], c[1], rx, ry, 20)
            room = min((sh.distance(p) for sh in forests for p in ring), default=1.0)
            for other in lay.lakes.values():
                room = min(room, dist(c, other[:2]) - max(other[2:]) - max(rx, ry) - 0.03)
            if best is None or room > best[0] + 1e-9:
                best = (room, c)
            if room >= 0.04:
                break
        assert best is not None
        room, c = best
        shrink = 1.0 if room >= 0.04 else max(0.6, 1.0 + (room - 0.04) / max(rx, ry))
        rx, ry = rx * shrink, ry * shrink
        lay.lakes[lake.id] = (c[0], c[1], rx, ry)
        lay.shapes.append(Shape.make(lake.id, systems[lake.id], ellipse_points(c[0], c[1], rx, ry)))


def _place_rivers(lay: TileLayout, systems: Mapping[str, str]) -> None:
    """Course of every river: edge to lake, edge to edge, or edge to a spring inside the tile."""
    tile = lay.tile
    for f in tile.features:
        if f.type != "river":
            continue
        sides = [SIDE_NAMES.index(t.partition("-")[0]) for t in f.touches]
        ends = [lay.lakes[lake][:2] for lake in f.ends_at if lake in lay.lakes]
        spring: Point | None = None
        if len(sides) >= 2:
            a, b = sides[0], sides[1]
            p0, p3 = side_mid(a), side_mid(b)
            na, nb = INWARD[a], INWARD[b]
            if (a - b) % 2 == 0:   # straight across, with a gentle meander
                perp = (-na[1], na[0])
                c1 = add(add(p0, na, 0.38), perp, 0.09)
                c2 = add(add(p3, nb, 0.38), perp, -0.09)
            else:                  # round the corner between the two sides
                c1, c2 = add(p0, na, 0.28), add(p3, nb, 0.28)
            cmds: tuple[PathCommand, ...] = (("M", *add(p0, na, -0.08)), ("L", *p0), ("C", *c1, *c2, *p3),
                                             ("L", *add(p3, nb, -0.08)))
            line = cubic(p0, c1, c2, p3, 20)
        elif len(sides) == 1 and ends:
            p0, n, end = side_mid(sides[0]), INWARD[sides[0]], ends[0]
            q = add(p0, n, (end[0] - p0[0]) * n[0] + (end[1] - p0[1]) * n[1])
            cmds = (("M", *add(p0, n, -0.08)), ("L", *p0), ("Q", *q, *end))
            line = [p0] + flatten((("M", *p0), ("Q", *q, *end)), 16)[1:]
        elif len(sides) == 1:
            p0, n = side_mid(sides[0]), INWARD[sides[0]]
            perp = (-n[1], n[0])
            spring = add(p0, n, 0.36)
            c1 = add(add(p0, n, 0.16), perp, 0.05)
            c2 = add(add(spring, n, -0.1), perp, -0.05)
            cmds = (("M", *add(p0, n, -0.08)), ("L", *p0), ("C", *c1, *c2, *spring))
            line = cubic(p0, c1, c2, spring, 16)
        elif len(ends) >= 2:
            cmds = (("M", *ends[0]), ("L", *ends[1]))
            line = [ends[0], ends[1]]
        else:
            continue
        lay.rivers[f.id] = (cmds, tuple(line), spring)
        lay.shapes.append(Shape.make(f.id, systems[f.id], line, RIVER_HALF + BANK))


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
            pts = densify(s.points, 0.03, closed=True)
        else:
            pts = densify(s.points, 0.03, closed=False)
            if s.feature is None:          # a hedge grows only from its tip
                pts = [s.points[-1]]
            elif s.feature in lay.rivers and lay.rivers[s.feature][2] is not None:
                # a link from the side of a spring river would leave its end dangling in a meadow
                # that then wraps round it; only the end itself may be joined (added below)
                pts = []
        out.extend((p, None) for p in pts if border_distance(p) >= (0.1 if s.half else 0.04))
    for fid, (_, line, spring) in lay.rivers.items():
        if spring is not None and any(s.entity == entity and s.feature == fid for s in lay.shapes):
            out.append((spring, unit(sub(line[-1], line[-3]))))
    return out


def _link_cost(pa: tuple[Point, Point | None], pb: tuple[Point, Point | None]) -> float:
    """Length of a link, made dearer when it leaves a spring sideways instead of straight on."""
    d = dist(pa[0], pb[0])
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
        direction = unit(sub(pb, pa))
        start = add(pa, direction, -0.04)      # reach into the shape it grows from
        end = add(pb, direction, 0.02 if eb.startswith(("w:", "h:")) else 0.04)
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
        return min((dist(p, q) for q in taken), default=1.0)

    def pick(spots: list[tuple[Point, float]], room: float, space: float, weight: float,
             home: Point | None = None, pull: float = 0.0) -> tuple[Point, float]:
        # enough room first, then away from what is already placed, then near the feature's own
        # edges (a meadow at N-west shows its figure in the north-west), then inward
        def score(s: tuple[Point, float]) -> float:
            value = min(s[1], room) + weight * min(crowd(s[0]), space) + 0.1 * min(border_distance(s[0]), 0.35)
            if home is not None:
                value -= pull * max(0.0, dist(s[0], home) - 0.2)
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
            visible = [p for p in line if border_distance(p) > 0.07 and
                       all(dist(p, lake[:2]) > max(lake[2:]) + 0.04 for lake in lay.lakes.values())] or list(line)
            middle = visible[len(visible) // 4: 3 * len(visible) // 4 + 1] or visible
            best = max(middle, key=lambda p: min(crowd(p), 0.22) + 0.3 * min(lay.clearance(p, ignore=f.id), 0.1))
            lay.anchors[f.id] = best
            taken.append(best)
            if f.fish:
                fish = [p for p in visible if dist(p, best) >= 0.1 and border_distance(p) > 0.1] or visible
                spot = max(fish, key=lambda p: min(crowd(p), 0.2) + 0.5 * min(border_distance(p), 0.2))
                lay.decor[f.id] = [spot]
                taken.append(spot)
    for f in tile.features:            # forests: the deepest spot of the wood, then its menhir & co
        if f.type != "forest":
            continue
        spots = _forest_spots(lay, f.id)
        anchor = pick(spots, 0.13, 0.25, 0.5)[0] if spots else CENTRE
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
            p = pick(spots, 0.105, 0.24, 0.8, homes[f.id], 0.15)[0] if spots else CENTRE
            chosen.append(p)
            taken.append(p)
        if chosen:
            lay.decor[f.id] = chosen
    for f in meadows:                  # where a hunter lies down
        spots = meadow_spots[f.id]
        anchor = pick(spots, 0.12, 0.24, 0.7, homes[f.id], 0.4)[0] if spots else CENTRE
        lay.anchors[f.id] = anchor
        taken.append(anchor)


def _meadow_home(lay: TileLayout, fid: str) -> Point:
    """A little inside the middle of the meadow's longest stretch of border."""
    run = max((r for r in lay.runs if r.owner == fid), key=lambda r: r.t1 - r.t0)
    t = (run.t0 + run.t1) / 2
    start = perimeter(t)
    return add(start, unit(lerp(INWARD[int(t % 4.0)], unit(sub(CENTRE, start)), 0.5)), 0.22)


def glyph_room(tile: Tile, point: Point) -> float:
    """How much room (tile units) a glyph at an unrotated point has before it meets water or the edge."""
    lay = tile_layout(tile)
    forests = {f.id for f in tile.features if f.type == "forest"}
    room = border_distance(point)
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
            if border_distance(p) < 0.07:
                continue
            depth = -min(s.distance(p, 0.0) for s in own)
            if depth < 0.03:
                continue
            others = min((s.distance(p, 0.3) for s in lay.shapes if s.feature != fid), default=0.3)
            out.append((p, min(depth, others, border_distance(p) - 0.02)))
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
            start = perimeter(t)
            side = int(t % 4.0)
            n = INWARD[side]
            # near a corner, head for the middle of the tile instead of along the edge
            into = unit(sub(CENTRE, start))
            direction = unit(lerp(n, into, 0.45))
            for k in range(1, 30):
                p = add(start, direction, 0.02 * k)
                if border_distance(p) < 0.0:
                    break
                room = lay.clearance(p)
                if room < 0.005 and k > 2:
                    break
                if room > 0.02 and border_distance(p) > 0.06:
                    out.append((p, min(room, border_distance(p) - 0.03)))
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
        return rotate_point(CENTRE, rotation)
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
            x, y = perimeter(t0 + (t1 - t0) * (k + 0.5) / steps)
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
