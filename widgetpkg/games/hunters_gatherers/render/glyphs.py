"""Glyphs drawn upright at a point: animals, fish, menhirs, mushrooms, gold, special powers."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ....render.painter import Painter, Point
from ....ui.palette import INK, PAPER, outline

# Animal glyphs: body colour and accent colour (tusk, horns, eye, stripes). Colours and
# silhouettes both differ, so the four animals tell apart at a glance and in grey scale.
ANIMAL_STYLE: dict[str, tuple[str, str]] = {
    "mammoth": ("#7b5640", "#f3ead6"),
    "aurochs": ("#2f2521", "#efe3c4"),
    "deer": ("#c8904f", "#5a3b1e"),
    "tiger": ("#ee8a24", "#1c1612"),
}

# --------------------------------------------------------------------------------------------
# Glyphs (always upright; ``s`` is the glyph's half size in pixels)
# --------------------------------------------------------------------------------------------

def rel(cx: float, cy: float, s: float, pts: Iterable[Point]) -> list[Point]:
    return [(cx + x * s, cy + y * s) for x, y in pts]


def draw_fish(painter: Painter, cx: float, cy: float, s: float, *, facing: int = 1) -> None:
    """A small golden fish, ``s`` pixels from nose to the middle of the tail."""
    f = facing
    body = rel(cx, cy, s, [(0.75 * f, 0), (0.35 * f, -0.32), (-0.25 * f, -0.3), (-0.55 * f, 0),
                            (-0.25 * f, 0.3), (0.35 * f, 0.32)])
    tail = rel(cx, cy, s, [(-0.45 * f, 0), (-0.95 * f, -0.35), (-0.85 * f, 0), (-0.95 * f, 0.35)])
    edge = outline(2 * s)
    painter.polygon(tail, fill="#f3c94f", stroke=INK, width=edge)
    painter.polygon(body, fill="#f7d865", stroke=INK, width=edge)
    painter.circle(cx + 0.38 * f * s, cy - 0.06 * s, max(0.5, s * 0.08), fill=INK)


def _legs(painter: Painter, cx: float, cy: float, s: float, xs: Sequence[float], y0: float, y1: float,
          width: float, colour: str) -> None:
    for x in xs:
        painter.line(cx + x * s, cy + y0 * s, cx + x * s, cy + y1 * s, stroke=colour, width=width * s)


# Each animal as a few bold parts, in units of the glyph's half size, facing right:
# ("ellipse", x, y, rx, ry) or ("line", points, width), painted "body", "accent" or "dark".
# The outlines differ (trunk, horns, antlers, striped long tail) as much as the colours do, so the
# animals tell apart at 40 pixels per tile, in grey scale and without letters.
_Part = tuple
_ANIMAL_PARTS: dict[str, tuple[_Part, ...]] = {
    "mammoth": (
        ("line", ((-0.5, 0.2), (-0.5, 0.7)), 0.24, "body"), ("line", ((0.12, 0.2), (0.12, 0.7)), 0.24, "body"),
        ("ellipse", -0.12, 0.05, 0.6, 0.42, "body"), ("ellipse", -0.28, -0.2, 0.38, 0.32, "body"),
        ("ellipse", 0.4, -0.18, 0.32, 0.32, "body"),
        ("line", ((0.62, -0.1), (0.74, 0.3), (0.6, 0.66)), 0.2, "body"),
        ("line", ((0.42, 0.12), (0.52, 0.4), (0.3, 0.48)), 0.11, "accent"),
    ),
    "aurochs": (
        ("line", ((-0.72, -0.02), (-0.86, 0.4)), 0.09, "body"),
        ("line", ((-0.48, 0.2), (-0.48, 0.66)), 0.16, "body"), ("line", ((0.18, 0.2), (0.18, 0.66)), 0.16, "body"),
        ("ellipse", -0.14, 0.08, 0.6, 0.32, "body"), ("ellipse", 0.5, 0.08, 0.25, 0.22, "body"),
        ("line", ((0.38, -0.06), (0.24, -0.36), (0.4, -0.62)), 0.13, "accent"),
        ("line", ((0.62, -0.06), (0.78, -0.34), (0.66, -0.62)), 0.13, "accent"),
    ),
    "deer": (
        ("line", ((-0.44, 0.2), (-0.44, 0.74)), 0.1, "body"), ("line", ((-0.28, 0.2), (-0.3, 0.74)), 0.1, "body"),
        ("line", ((0.08, 0.2), (0.08, 0.74)), 0.1, "body"), ("line", ((0.22, 0.2), (0.24, 0.74)), 0.1, "body"),
        ("ellipse", -0.14, 0.1, 0.46, 0.22, "body"),
        ("line", ((0.18, 0.02), (0.42, -0.36)), 0.2, "body"), ("ellipse", 0.54, -0.4, 0.2, 0.13, "body"),
        ("line", ((0.44, -0.48), (0.34, -0.76), (0.16, -0.92)), 0.1, "dark"),
        ("line", ((0.37, -0.68), (0.52, -0.9)), 0.09, "dark"),
        ("line", ((0.58, -0.5), (0.74, -0.74), (0.9, -0.8)), 0.1, "dark"),
    ),
    "tiger": (
        ("line", ((-0.58, 0.0), (-0.86, -0.18), (-0.82, -0.52)), 0.13, "body"),
        ("line", ((-0.44, 0.2), (-0.44, 0.64)), 0.16, "body"), ("line", ((0.24, 0.2), (0.24, 0.64)), 0.16, "body"),
        ("ellipse", -0.08, 0.05, 0.6, 0.27, "body"), ("ellipse", 0.56, -0.1, 0.27, 0.25, "body"),
        ("polygon", ((0.36, -0.24), (0.5, -0.26), (0.4, -0.46)), "body"),
        ("polygon", ((0.62, -0.26), (0.76, -0.24), (0.74, -0.46)), "body"),
        ("line", ((-0.44, -0.18), (-0.38, 0.16)), 0.1, "accent"), ("line", ((-0.2, -0.2), (-0.14, 0.2)), 0.1, "accent"),
        ("line", ((0.04, -0.2), (0.1, 0.18)), 0.1, "accent"), ("line", ((0.56, -0.3), (0.56, -0.16)), 0.07, "accent"),
    ),
}
ANIMALS_DRAWN = tuple(_ANIMAL_PARTS)


def draw_animal(painter: Painter, animal: str, cx: float, cy: float, s: float, *, detail: bool = True) -> None:
    """An animal as a bold silhouette in its own colour, ringed with a pale halo so that it stands
    out on grass: a trunked mammoth, a horned aurochs, an antlered deer, a striped tiger. ``s`` is
    half the glyph's width. ``detail`` adds an eye where there is room for one."""
    body, accent = ANIMAL_STYLE.get(animal, ("#777", "#fff"))
    parts = _ANIMAL_PARTS.get(animal)
    if parts is None:       # an animal from someone's own tile set: a plain token, still no letter
        painter.circle(cx, cy, 0.8 * s, fill=body, stroke=PAPER, width=max(0.8, 0.18 * s))
        return
    colours = {"body": body, "accent": accent, "dark": "#3a2614"}
    grow = max(0.7, 0.16 * s)
    for halo in (True, False):
        for part in parts:
            shape, paint = part[0], part[-1]
            if halo and paint == "accent":
                continue            # accents lie on the body: the body's halo is theirs
            colour = PAPER if halo else colours[paint]
            extra = grow if halo else 0.0
            if shape == "ellipse":
                _, x, y, rx, ry, _ = part
                painter.ellipse(cx + x * s, cy + y * s, rx * s + extra, ry * s + extra, fill=colour)
            elif shape == "line":
                _, pts, width, _ = part
                painter.polyline(rel(cx, cy, s, pts), stroke=colour, width=width * s + 2 * extra)
            else:
                _, pts, _ = part
                painter.polygon(rel(cx, cy, s, pts), fill=colour, stroke=colour if halo else None, width=2 * extra)
    if detail:
        eye = {"mammoth": (0.46, -0.24), "aurochs": (0.54, 0.02), "deer": (0.6, -0.43), "tiger": (0.64, -0.12)}
        ex, ey = eye[animal]
        painter.circle(cx + ex * s, cy + ey * s, max(0.4, 0.055 * s), fill="#fff" if animal == "aurochs" else "#1c1612")


def draw_menhir(painter: Painter, cx: float, cy: float, s: float) -> None:
    stone = rel(cx, cy, s, [(-0.28, 0.62), (-0.34, 0.0), (-0.24, -0.5), (0.0, -0.72), (0.22, -0.52),
                             (0.32, 0.05), (0.26, 0.62)])
    painter.ellipse(cx, cy + 0.64 * s, 0.46 * s, 0.12 * s, fill="#1b2e17", alpha=0.45)
    painter.polygon(stone, fill="#b9b6ac", stroke=INK, width=outline(2 * s))
    painter.polyline(rel(cx, cy, s, [(-0.08, -0.3), (0.08, -0.2), (-0.06, -0.06), (0.08, 0.06)]),
                     stroke="#76736a", width=max(0.5, 0.06 * s))


def draw_mushrooms(painter: Painter, cx: float, cy: float, s: float) -> None:
    for dx, dy, k in ((-0.3, 0.12, 0.85), (0.3, -0.05, 1.0)):
        x, y = cx + dx * s, cy + dy * s
        painter.rect(x - 0.09 * s * k, y, 0.18 * s * k, 0.42 * s * k, fill="#f1e6cc", stroke=INK,
                     width=outline(s))
        painter.path([("M", x - 0.4 * s * k, y + 0.04 * s), ("Q", x, y - 0.55 * s * k, x + 0.4 * s * k, y + 0.04 * s),
                      ("Z",)], fill="#d23a2a", stroke=INK, width=outline(s))
        for ox, oy in ((-0.15, -0.1), (0.12, -0.16), (0.02, -0.02)):
            painter.circle(x + ox * s * k, y + oy * s * k, 0.05 * s * k, fill="#fff")


def draw_gold(painter: Painter, cx: float, cy: float, s: float) -> None:
    for dx, dy, k in ((-0.28, 0.15, 0.8), (0.25, 0.2, 0.7), (0.0, -0.18, 1.0)):
        pts = [(cx + dx * s + math.cos(a) * 0.3 * s * k * (0.8 + 0.2 * math.sin(3 * a)),
                cy + dy * s + math.sin(a) * 0.24 * s * k) for a in [i * math.pi / 4 for i in range(8)]]
        painter.polygon(pts, fill="#f2c230", stroke=INK, width=outline(s))
        painter.circle(cx + (dx - 0.08) * s, cy + (dy - 0.06) * s, 0.06 * s * k, fill="#fff3b0")


def draw_special(painter: Painter, special: str, cx: float, cy: float, s: float, *, detail: bool = True) -> None:
    """The symbol of a special tile: shaman, logboat, raft, traps, wild fire or shrine."""
    ink = INK      # every symbol is edged in the family's ink, as the other games' pictures are
    w = outline(2 * s)
    if not detail:
        w = max(0.8, 0.12 * s)      # small: fewer, fatter lines
    if special in ("shaman", "hunting_trap", "pit_trap", "wild_fire", "shrine"):
        painter.circle(cx, cy, 1.0 * s, fill=PAPER, alpha=0.8, stroke=ink, width=w)
    if special == "shaman":
        painter.polygon(rel(cx, cy, s, [(0, -0.28), (0.42, 0.7), (-0.42, 0.7)]), fill="#7b3fa8", stroke=ink, width=w)
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
                     fill="#8a5a2b", stroke=ink, width=w)
        painter.line(cx + 0.1 * s, cy - 0.75 * s, cx - 0.35 * s, cy + 0.45 * s, stroke="#c89a5a", width=0.1 * s)
        painter.ellipse(cx - 0.42 * s, cy + 0.52 * s, 0.12 * s, 0.2 * s, angle=20, fill="#c89a5a")
    elif special == "raft":
        for k in range(4):
            y = cy + (k - 1.5) * 0.26 * s
            painter.line(cx - 0.7 * s, y, cx + 0.7 * s, y, stroke=ink, width=0.3 * s)
            painter.line(cx - 0.7 * s, y, cx + 0.7 * s, y, stroke="#a8743c", width=0.2 * s)
        for x in (-0.4, 0.4):
            painter.line(cx + x * s, cy - 0.55 * s, cx + x * s, cy + 0.55 * s, stroke="#e8d6a8", width=0.07 * s)
    elif special == "hunting_trap":
        painter.circle(cx, cy, 0.62 * s, fill="#d9c7a0", stroke=ink, width=w)
        for k in (-2, -1, 0, 1, 2):
            o = k * 0.22 * s
            h = math.sqrt(max(0.0, (0.6 * s) ** 2 - o * o))
            painter.line(cx + o, cy - h, cx + o, cy + h, stroke="#5a4326", width=0.05 * s)
            painter.line(cx - h, cy + o, cx + h, cy + o, stroke="#5a4326", width=0.05 * s)
        painter.line(cx - 0.85 * s, cy + 0.75 * s, cx + 0.85 * s, cy - 0.75 * s, stroke="#6b4a2a", width=0.1 * s)
        painter.polygon(rel(cx, cy, s, [(0.85, -0.75), (0.62, -0.72), (0.82, -0.52)]), fill="#555")
    elif special == "pit_trap":
        painter.ellipse(cx, cy + 0.2 * s, 0.75 * s, 0.42 * s, fill="#3b2a1c", stroke=ink, width=w)
        for x in (-0.45, -0.15, 0.15, 0.45):
            painter.polygon(rel(cx, cy, s, [(x - 0.09, 0.42), (x + 0.09, 0.42), (x, -0.25)]), fill="#d9c7a0",
                            stroke=ink, width=outline(s))
    elif special == "wild_fire":
        painter.path([("M", cx, cy + 0.75 * s), ("Q", cx - 0.75 * s, cy + 0.55 * s, cx - 0.45 * s, cy - 0.1 * s),
                      ("Q", cx - 0.3 * s, cy + 0.15 * s, cx - 0.1 * s, cy + 0.1 * s),
                      ("Q", cx - 0.2 * s, cy - 0.45 * s, cx + 0.05 * s, cy - 0.85 * s),
                      ("Q", cx + 0.2 * s, cy - 0.35 * s, cx + 0.4 * s, cy - 0.3 * s),
                      ("Q", cx + 0.75 * s, cy + 0.55 * s, cx, cy + 0.75 * s), ("Z",)],
                     fill="#e4461f", stroke=ink, width=w)
        painter.path([("M", cx, cy + 0.7 * s), ("Q", cx - 0.35 * s, cy + 0.55 * s, cx - 0.15 * s, cy + 0.15 * s),
                      ("Q", cx, cy - 0.2 * s, cx + 0.05 * s, cy - 0.3 * s),
                      ("Q", cx + 0.4 * s, cy + 0.5 * s, cx, cy + 0.7 * s), ("Z",)], fill="#f8c43a")
    elif special == "shrine":
        for x in (-0.45, 0.45):
            painter.rect(cx + (x - 0.14) * s, cy - 0.3 * s, 0.28 * s, 0.9 * s, fill="#b9b6ac", stroke=ink,
                         width=w)
        painter.rect(cx - 0.75 * s, cy - 0.55 * s, 1.5 * s, 0.3 * s, fill="#a7a49a", stroke=ink, width=w)
    else:   # a power from someone's own tile set: a plain marked disc
        painter.circle(cx, cy, 0.8 * s, fill=PAPER, stroke=ink, width=w)
        painter.circle(cx, cy, 0.3 * s, fill=ink)
