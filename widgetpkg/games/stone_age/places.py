"""Drawing the places of the Stone Age board: each as what it is (hunting grounds, forest, clay pit,
quarry, river, tool maker, hut, field), the wild animal, the igloos, the card display and the
building stacks, with icons for what they give and cost.

Painters have no text metrics, so sizes are estimated with an average glyph of 0.55 em; every
text is fitted (``fit``) or wrapped (``wrap``) into its tile at that estimate, which the tests check.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ...render.painter import Painter
from ...ui.palette import FRAME, HALO, INK
from .data import RESOURCES
from .pictures import (
    ANIMAL_ICONS,
    PLACE_ICONS,
    animal_key,
    animal_name,
    draw_card_bottom,
    draw_card_top,
    good_icon,
    icon,
)
from .rules import DIVISOR, GOOD_OF

#: the summer side: pale tints of the board's colours, so dark words and icons read on every place
PLACE_COLOURS = {"hunt": "#e6d3a8", "forest": "#c4dbab", "clay_pit": "#ecc3a2", "quarry": "#d7d8d6",
                 "river": "#efe09a", "tool_maker": "#ddd7ca", "hut": "#eed9c6", "field": "#dde6ae",
                 "animal": "#e4bcb4"}
#: the winter side: the same places colder and greyer, under snow
WINTER_COLOURS = {"hunt": "#ddd3c0", "forest": "#bcd2c2", "clay_pit": "#e0c6b6", "quarry": "#d6dbe0",
                  "river": "#e6dcae", "tool_maker": "#dcdad4", "hut": "#e4d9d0", "field": "#d6dccb",
                  "animal": "#dcc0c0"}
PLACE_LABELS = {"hunt": "Hunting grounds", "forest": "Forest", "clay_pit": "Clay pit", "quarry": "Quarry",
                "river": "River", "tool_maker": "Tool maker", "hut": "Hut", "field": "Field",
                "animal": "Wild animal"}
#: what a village place gives, as (good, words)
VILLAGE_GIVES = {"tool_maker": ("tool", "+1 tool"), "hut": ("person", "+1 person"), "field": ("agriculture", "+1 field")}
CARD_PAPER = {"culture": "#eaf2dc", "multiplier": "#f5e8c8"}


def fit(text: str, width: float, size: float) -> float:
    """A font size at most ``size`` at which ``text`` fits in ``width`` pixels (0.55 em a glyph);
    never below 6 px, to stay legible.

    >>> fit("short", 100, 10), round(fit("1 clay, 1 stone, 1 gold", 120, 10), 2)
    (10, 9.01)
    """
    return max(6.0, min(size, (width - 6) / (0.55 * max(1, len(text)))))


def wrap(text: str, width: float, size: float, lines: int) -> tuple[list[str], float]:
    """``text`` broken into lines that fit in ``width`` pixels, and the font size for them: the
    largest up to ``size`` at which at most ``lines`` lines do (at the 6 px floor it takes the lines
    it needs, hiding nothing). Lines break after a comma or before "of".

    >>> wrap("1 wood, 1 clay, 1 stone", 60, 10, 3)
    (['1 wood,', '1 clay,', '1 stone'], 10.0)
    >>> wrap("5 res. of 2 kinds", 50, 10, 2)
    (['5 res.', 'of 2 kinds'], 8.0)
    """
    phrases = re.split(r"(?<=,) | (?=of )", text)
    font = float(size)
    while True:
        per_line = max(1, int((width - 6) / (0.55 * font)))
        out: list[str] = []
        for phrase in phrases:
            if out and len(out[-1]) + 1 + len(phrase) <= per_line:
                out[-1] += " " + phrase
            else:
                out.append(phrase)
        if font <= 6.0 or (len(out) <= lines and all(len(line) <= per_line for line in out)):
            return out, font
        font = max(6.0, font - 0.5)


def wrapped(painter: Painter, cx: float, top: float, text: str, width: float, size: float, *, lines: int) -> None:
    """``text`` wrapped and centred on ``cx``, its first line at ``top``."""
    rows, font = wrap(text, width, size, lines)
    for i, row in enumerate(rows):
        painter.text(cx, top + i * font * 1.15, row, size=font, fill=INK)


def snow(painter: Painter, px: float, py: float, width: float, scale: float) -> None:
    """Snow along the top of a place on the winter side: a white band with a scalloped edge."""
    depth, wave = 0.2 * scale, 0.06 * scale
    bumps = max(2, round(width / (0.45 * scale)))
    steps = 8 * bumps
    edge = [(px + 1 + (width - 2) * i / steps, py + depth - wave * abs(math.sin(math.pi * i / 8)))
            for i in range(steps + 1)]
    painter.polygon([(px + 1, py + 1), (px + width - 1, py + 1), *reversed(edge)], fill="#fbfdff", alpha=0.9)


def cost_icons(painter: Painter, cx: float, cy: float, cost: tuple[int, ...], width: float, size: float) -> None:
    """A resource cost as one icon per resource, in a row centred on ``cx`` (shrunk to ``width``)."""
    units = [r for r, n in zip(RESOURCES, cost) for _ in range(n)]
    if not units:
        return
    side = min(size, (width - 4) / len(units))
    x = cx - side * (len(units) - 1) / 2
    for r in units:
        good_icon(painter, r, x, cy, side * 0.95)
        x += side


def title(painter: Painter, cx: float, py: float, text: str, width: float, size: float) -> None:
    painter.text(cx, py + size, text, size=fit(text, width, size), bold=True, fill=INK, halo=HALO, halo_width=2.5)


def draw_place(painter: Painter, name: str, value: Any, px: float, py: float, w: float, h: float, scale: float,
               *, winter: bool) -> None:
    """One place of the board in the pixel box ``(px, py, w, h)``; ``value`` is its background value."""
    size = max(8.0, scale * 0.24)
    kind = value[0] if isinstance(value, tuple) else "place"
    fill = (WINTER_COLOURS if winter else PLACE_COLOURS).get(name, "#f7f1e3")
    if kind == "card":
        fill = CARD_PAPER[value[1].bottom[0]] if value[1] else "#efe6d2"
    elif kind in ("building", "igloo"):
        fill = "#f4eee0"
    painter.rect(px, py, w, h, fill=fill, stroke=FRAME, width=1.5)
    if winter:
        snow(painter, px, py, w, scale)
    cx = px + w / 2
    if kind == "place":
        _village_or_resource(painter, name, value, px, py, w, h, size)
    elif kind == "card":
        _card(painter, name, value, px, py, w, h, size)
    elif kind == "building":
        _building(painter, name, value, px, py, w, h, size)
    elif kind == "igloo":
        _, cost, points, built = value
        title(painter, cx, py, f"Igloo {name[6:]}", w, size * 0.85)
        icon(painter, "igloo", px + w - h * 0.17, py + h * 0.4, h * 0.24, fill="#5a86a8", alpha=0.8)
        cost_icons(painter, cx, py + h * 0.64, cost, w, h * 0.17)
        text = f"{points} points"
        painter.text(cx, py + h * 0.88, text, size=fit(text, w, size * 0.8), fill=INK)
        if built:
            painter.rect(px, py, w, h, fill="#777", alpha=0.5)
            painter.text(cx, py + h * 0.4, "built", size=fit("built", w, size), bold=True, fill=INK, halo=HALO,
                         halo_width=3)
    elif kind == "animal":
        _, animal, malus = value
        title(painter, cx, py, "Wild animal", w, size)
        if animal:
            icon(painter, ANIMAL_ICONS[animal_key(animal)], cx, py + h * 0.55, h * 0.42, fill="#5b2a22", alpha=0.9)
            text = f"{animal_name(animal)}: dice −{malus}"
            painter.text(cx, py + h * 0.88, text, size=fit(text, w, size * 0.85), fill=INK, halo=HALO, halo_width=2)
        else:
            painter.text(cx, py + h * 0.6, "no animal out", size=fit("no animal out", w, size * 0.85), fill=INK)


def _village_or_resource(painter: Painter, name: str, label: str, px: float, py: float, w: float, h: float,
                         size: float) -> None:
    cx = px + w / 2
    # the place's picture, large and faint behind the people standing there
    icon(painter, PLACE_ICONS.get(name, "hut"), cx, py + h * 0.56, h * 0.62, fill=INK, alpha=0.16)
    title(painter, cx, py, label, w, size)
    row = py + h - size * 0.95
    if name in DIVISOR:
        good = GOOD_OF[name]
        text = f"1 {good} per {DIVISOR[name]} pips"
        font = fit(text, w - size * 1.6, size * 0.8)
        good_icon(painter, good, px + size * 0.9, row, size * 1.3)
        painter.text(px + size * 1.7, row, text, size=font, anchor="start", fill=INK, halo=HALO, halo_width=2)
    elif name in VILLAGE_GIVES:
        good, words = VILLAGE_GIVES[name]
        if name == "field" and label.startswith("Livestock"):
            words = "+1 field (livestock)"
        good_icon(painter, good, px + size * 0.9, row, size * 1.3)
        painter.text(px + size * 1.7, row, words, size=fit(words, w - size * 1.6, size * 0.85), anchor="start",
                     fill=INK, halo=HALO, halo_width=2)


def _card(painter: Painter, name: str, value: Any, px: float, py: float, w: float, h: float, size: float) -> None:
    cx = px + w / 2
    slot = name.partition(":")[2]
    head = f"pay {slot} resource{'s' if slot != '1' else ''}"
    painter.text(cx, py + size, head, size=fit(head, w, size * 0.8), fill=FRAME)
    card = value[1]
    if card is None:
        return
    unit = h * 0.2
    label = draw_card_top(painter, card.top, cx + w * 0.08, py + h * 0.34, unit)
    painter.text(cx + w * 0.08, py + h * 0.52, label, size=fit(label, w * 0.8, size * 0.85), bold=True, fill=INK)
    painter.line(px + 6, py + h * 0.6, px + w - 6, py + h * 0.6, stroke=FRAME, width=1)
    draw_card_bottom(painter, card.bottom, cx, py + h * 0.73, unit * 0.95)
    words = value[3]
    painter.text(cx, py + h * 0.91, words, size=fit(words, w, size * 0.8), fill=INK)


def _building(painter: Painter, name: str, value: Any, px: float, py: float, w: float, h: float,
              size: float) -> None:
    cx = px + w / 2
    _, building, left = value
    head = f"{left} left"
    painter.text(cx, py + size, head, size=fit(head, w, size * 0.8), fill=FRAME)
    if building is None:
        return
    icon(painter, "block-house", px + w - h * 0.14, py + h * 0.3, h * 0.2, fill=FRAME, alpha=0.8)
    if building.kind == "fixed":
        cost_icons(painter, cx, py + h * 0.55, building.cost, w, h * 0.2)
        points = f"{building.points} points"
    else:
        what = (f"{building.count} res. of {building.kinds} kind{'s' if building.kinds > 1 else ''}"
                if building.kind == "exact" else f"1-{building.count} res. of any kinds")
        wrapped(painter, cx, py + h * 0.5, what, w, size * 0.75, lines=2)
        points = "points = value"
    painter.text(cx, py + h * 0.86, points, size=fit(points, w, size * 0.8), bold=True, fill=INK)
