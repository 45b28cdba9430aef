"""Small geometry helpers on the unit tile square (x east, y south)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ....render.painter import PathCommand, Point

# --------------------------------------------------------------------------------------------
# Small geometry helpers (unit square, y down)
# --------------------------------------------------------------------------------------------

def add(a: Point, b: Point, k: float = 1.0) -> Point:
    return (a[0] + b[0] * k, a[1] + b[1] * k)


def sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def unit(v: Point) -> Point:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n) if n > 1e-9 else (0.0, 0.0)


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def rotate_point(p: Point, rotation: int) -> Point:
    """A tile-relative point after turning the tile ``rotation`` degrees clockwise."""
    x, y = p
    for _ in range((rotation // 90) % 4):
        x, y = 1.0 - y, x
    return (x, y)


def perimeter(t: float) -> Point:
    """The border point at perimeter position ``t`` (0-4, clockwise from the north-west corner)."""
    t %= 4.0
    side, f = int(t), t - int(t)
    return ((f, 0.0), (1.0, f), (1.0 - f, 1.0), (0.0, 1.0 - f))[side]


def side_mid(side: int) -> Point:
    return perimeter(side + 0.5)


def border_distance(p: Point) -> float:
    return min(p[0], p[1], 1.0 - p[0], 1.0 - p[1])


def cubic(p0: Point, c1: Point, c2: Point, p3: Point, steps: int = 16) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * c1[0] + c * c2[0] + d * p3[0], a * p0[1] + b * c1[1] + c * c2[1] + d * p3[1]))
    return out


def flatten(commands: Sequence[PathCommand], steps: int = 14) -> list[Point]:
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
            c1, c2 = lerp(p0, q, 2 / 3), lerp((v[2], v[3]), q, 2 / 3)
            pts.extend(cubic(p0, c1, c2, (v[2], v[3]), steps)[1:])
        elif op == "C":
            pts.extend(cubic(pts[-1], (v[0], v[1]), (v[2], v[3]), (v[4], v[5]), steps)[1:])
    return pts


def _seg_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def ellipse_points(cx: float, cy: float, rx: float, ry: float, steps: int = 28) -> list[Point]:
    return [(cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
            for i in range(steps)]


def densify(points: Sequence[Point], step: float, closed: bool) -> list[Point]:
    out: list[Point] = []
    n = len(points)
    for i in range(n if closed else n - 1):
        a, b = points[i], points[(i + 1) % n]
        k = max(1, int(dist(a, b) / step))
        out.extend(lerp(a, b, j / k) for j in range(k))
    if not closed and points:
        out.append(points[-1])
    return out


@dataclass(frozen=True)
class Shape:
    """A barrier in the layout: a filled area, or a band (a thick line) of half width ``half``."""

    feature: str | None      # forest, river or lake id; None for hedges
    entity: str              # what it keeps connected (a forest, a river system, a hedge)
    points: tuple[Point, ...]
    half: float = 0.0        # 0 for an area
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    # per segment: start x, start y, dx, dy, 1 / squared length (precomputed: this is the hot loop)
    segments: tuple[tuple[float, float, float, float, float], ...] = ()

    @staticmethod
    def make(feature: str | None, entity: str, points: Sequence[Point], half: float = 0.0) -> Shape:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        # a band is an open line; an area closes back to its first point
        starts = list(points) if not half else list(points[:-1])
        ends = list(points[1:]) + ([points[0]] if not half else [])
        segments = []
        for (ax, ay), (bx, by) in zip(starts, ends, strict=True):
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            segments.append((ax, ay, dx, dy, 1.0 / length2 if length2 > 1e-12 else 0.0))
        return Shape(feature, entity, tuple(points), half,
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
