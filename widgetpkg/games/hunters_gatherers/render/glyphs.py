"""Glyphs drawn upright at a point: animals, fish, menhirs, mushrooms, gold, special powers."""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from ....render.painter import Point, Painter
from .palette import ANIMAL_STYLE, PALETTE

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
            painter.polygon(rel(cx, cy, r, [(0, -1.12), (1.12, 0), (0, 1.12), (-1.12, 0)]), fill=body,
                            stroke=PALETTE["paper"], width=outline)
        elif animal == "deer":
            painter.polygon(rel(cx, cy, r, [(math.cos(a) * 0.98, math.sin(a) * 0.98)
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
        painter.polyline(rel(cx, cy, s, [(0.62, -0.08), (0.74, 0.25), (0.64, 0.52)]), stroke=body,
                         width=0.17 * s)
        painter.polyline(rel(cx, cy, s, [(0.5, 0.08), (0.58, 0.36), (0.38, 0.42)]), stroke=accent,
                         width=0.09 * s)
        painter.circle(cx + 0.5 * s, cy - 0.27 * s, 0.05 * s, fill=accent)
    elif animal == "aurochs":
        _legs(painter, cx, cy, s, (-0.48, -0.28, 0.14, 0.32), 0.15, 0.6, 0.13, body)
        painter.ellipse(cx - 0.08 * s, cy + 0.02 * s, 0.58 * s, 0.3 * s, fill=body)
        painter.circle(cx + 0.22 * s, cy - 0.08 * s, 0.3 * s, fill=body)
        painter.ellipse(cx + 0.58 * s, cy + 0.06 * s, 0.2 * s, 0.16 * s, fill=body)
        painter.polyline(rel(cx, cy, s, [(-0.64, -0.05), (-0.78, 0.3)]), stroke=body, width=0.08 * s)
        for side in (1, -1):
            painter.polyline(rel(cx, cy, s, [(0.52, -0.06), (0.5 + 0.14 * side, -0.38),
                                              (0.66 + 0.16 * side, -0.5)]),
                             stroke=accent, width=0.09 * s)
    elif animal == "deer":
        _legs(painter, cx, cy, s, (-0.38, -0.22, 0.12, 0.26), 0.1, 0.66, 0.08, body)
        painter.ellipse(cx - 0.08 * s, cy + 0.04 * s, 0.45 * s, 0.2 * s, fill=body)
        painter.polyline(rel(cx, cy, s, [(0.22, -0.02), (0.42, -0.32)]), stroke=body, width=0.18 * s)
        painter.ellipse(cx + 0.52 * s, cy - 0.38 * s, 0.17 * s, 0.11 * s, fill=body)
        painter.circle(cx - 0.48 * s, cy - 0.06 * s, 0.08 * s, fill="#fff")
        for side in (-1, 1):
            base = (0.44 + 0.06 * side, -0.45)
            painter.polyline(rel(cx, cy, s, [base, (0.36 + 0.16 * side, -0.8), (0.3 + 0.26 * side, -0.95)]),
                             stroke=accent, width=0.07 * s)
            painter.polyline(rel(cx, cy, s, [(0.4 + 0.12 * side, -0.66), (0.52 + 0.2 * side, -0.74)]),
                             stroke=accent, width=0.06 * s)
    elif animal == "tiger":
        _legs(painter, cx, cy, s, (-0.44, -0.26, 0.16, 0.34), 0.1, 0.58, 0.14, body)
        painter.polyline(rel(cx, cy, s, [(-0.62, -0.02), (-0.86, -0.2), (-0.8, -0.5)]), stroke=body,
                         width=0.1 * s)
        painter.ellipse(cx - 0.06 * s, cy + 0.02 * s, 0.6 * s, 0.24 * s, fill=body)
        painter.circle(cx + 0.56 * s, cy - 0.1 * s, 0.23 * s, fill=body)
        for ex in (0.44, 0.68):
            painter.polygon(rel(cx, cy, s, [(ex - 0.09, -0.24), (ex + 0.09, -0.24), (ex, -0.4)]), fill=body)
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
    stone = rel(cx, cy, s, [(-0.28, 0.62), (-0.34, 0.0), (-0.24, -0.5), (0.0, -0.72), (0.22, -0.52),
                             (0.32, 0.05), (0.26, 0.62)])
    painter.ellipse(cx, cy + 0.64 * s, 0.46 * s, 0.12 * s, fill="#1b2e17", alpha=0.45)
    painter.polygon(stone, fill="#b9b6ac", stroke="#55534c", width=max(0.7, 0.09 * s))
    painter.polyline(rel(cx, cy, s, [(-0.08, -0.3), (0.08, -0.2), (-0.06, -0.06), (0.08, 0.06)]),
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
        painter.polygon(rel(cx, cy, s, [(0.85, -0.75), (0.62, -0.72), (0.82, -0.52)]), fill="#555")
    elif special == "pit_trap":
        painter.ellipse(cx, cy + 0.2 * s, 0.75 * s, 0.42 * s, fill="#3b2a1c", stroke="#1a120b", width=w)
        for x in (-0.45, -0.15, 0.15, 0.45):
            painter.polygon(rel(cx, cy, s, [(x - 0.09, 0.42), (x + 0.09, 0.42), (x, -0.25)]), fill="#d9c7a0",
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
