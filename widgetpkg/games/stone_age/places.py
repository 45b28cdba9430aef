"""Drawing the places of the Stone Age board: each as what it is (hunting grounds, forest, clay pit,
quarry, river, tool maker, hut, field), the wild animal, the igloos, the card display and the
building stacks, with icons for what they give and cost.

Sizes are in board units (``scale`` pixels each), so the picture reads the same at every size; no
text is smaller than ``MIN_FONT`` board units (the board is 12 units wide: 1/44 of its width, which
is 11 CSS px on the 504 px a laptop's JupyterLab gives the board beside the panel). Numbers are large
and words few: an icon says what a number counts, and the hover text says the rest in words.
Painters have no text metrics, so sizes are estimated with an average glyph of 0.55 em; every
text is fitted (``fit``) into its tile at that estimate, which the tests check.
"""

from __future__ import annotations

import math
from typing import Any

from ...render.painter import Painter
from ...ui.palette import CLAY, FOREST, FRAME, HALO, INK, MEADOW, PAPER, ROCK, SNOW, TABLE, WATER, mix, tint
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
    multiplier_name,
)
from .rules import DIVISOR, GOOD_OF

#: the summer side: pale tints, so dark words and icons read on every place; where a place is land or
#: water the family knows (forest, clay, rock, water, meadow) it is a tint of that family colour
PLACE_COLOURS = {"hunt": "#e6d3a8", "forest": tint(FOREST), "clay_pit": tint(CLAY), "quarry": tint(ROCK, 0.45),
                 "river": tint(WATER), "tool_maker": "#ddd7ca", "hut": "#eed9c6", "field": tint(MEADOW, 0.5),
                 "animal": "#e4bcb4"}
#: the winter side: the same places colder and greyer, under snow
WINTER_COLOURS = {place: mix(colour, "#d3dbe2", 0.45) for place, colour in PLACE_COLOURS.items()}
PLACE_LABELS = {"hunt": "Hunting grounds", "forest": "Forest", "clay_pit": "Clay pit", "quarry": "Quarry",
                "river": "River", "tool_maker": "Tool maker", "hut": "Hut", "field": "Field",
                "animal": "Wild animal"}
#: what a village place gives, as (good, words)
VILLAGE_GIVES = {"tool_maker": ("tool", "+1 tool"), "hut": ("person", "+1 person"), "field": ("agriculture", "+1 field")}
CARD_PAPER = {"culture": "#eaf2dc", "multiplier": "#f5e8c8"}
#: a tool tile not used this round, and a one-use tool (round: shape tells them apart)
TOOL_PAPER, ONE_USE_PAPER = "#e9dfc7", "#f3e3b5"
#: the frame round the place being resolved (paid for, or its tools chosen)
RESOLVING = "#c0392b"


#: the smallest text on the board, in board units (see the module's docstring)
MIN_FONT = 0.27


def fit(text: str, width: float, size: float, least: float = 6.0) -> float:
    """A font size at most ``size`` at which ``text`` fits in ``width`` pixels (0.55 em a glyph);
    never below ``least`` (the board passes its smallest font: a text that does not fit there must
    be shortened, which the tests check).

    >>> fit("short", 100, 10), round(fit("1 clay, 1 stone, 1 gold", 120, 10), 2)
    (10, 9.01)
    """
    return max(least, min(size, (width - 6) / (0.55 * max(1, len(text)))))


def clip(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels at ``size`` (a long player name).

    >>> clip("Bartholomew", 50, 10), clip("Ann", 50, 10)
    ('Bartholo…', 'Ann')
    """
    most = max(1, int(width / (0.55 * size)))
    return text if len(text) <= most else text[:most - 1] + "…"


def snow(painter: Painter, px: float, py: float, width: float, scale: float) -> None:
    """Snow along the top of a place on the winter side: a white band with a scalloped edge."""
    depth, wave = 0.2 * scale, 0.06 * scale
    bumps = max(2, round(width / (0.45 * scale)))
    steps = 8 * bumps
    edge = [(px + 1 + (width - 2) * i / steps, py + depth - wave * abs(math.sin(math.pi * i / 8)))
            for i in range(steps + 1)]
    painter.polygon([(px + 1, py + 1), (px + width - 1, py + 1), *reversed(edge)], fill=SNOW, alpha=0.9)


def cost_icons(painter: Painter, cx: float, cy: float, cost: tuple[int, ...], width: float, size: float) -> None:
    """A resource cost as one icon per resource, in a row centred on ``cx`` (shrunk to ``width``)."""
    units = [r for r, n in zip(RESOURCES, cost) for _ in range(n)]
    if not units:
        return
    side = min(size, width / len(units))
    x = cx - side * (len(units) - 1) / 2
    for r in units:
        good_icon(painter, r, x, cy, side * 0.95)
        x += side


def icon_number(painter: Painter, good: str, text: str, cx: float, cy: float, size: float, *,
                halo: bool = False) -> None:
    """An icon and a large number (or a short text) beside it, the pair centred on ``cx``."""
    width = size * (1.1 + 0.55 * len(text))
    left = cx - width / 2
    good_icon(painter, good, left + size * 0.5, cy, size)
    painter.text(left + size * 1.1, cy, text, size=size, bold=True, anchor="start", fill=INK,
                 halo=HALO if halo else None, halo_width=2.5 if halo else 0.0)


def title(painter: Painter, cx: float, py: float, text: str, width: float, size: float, least: float) -> None:
    painter.text(cx, py + size * 0.85, text, size=fit(text, width, size, least), bold=True, fill=INK, halo=HALO,
                 halo_width=2.5)


def draw_place(painter: Painter, name: str, value: Any, px: float, py: float, w: float, h: float, scale: float,
               *, winter: bool) -> None:
    """One place of the board in the pixel box ``(px, py, w, h)``; ``value`` is its background value;
    ``scale`` is the pixels of a board unit."""
    kind = value[0] if isinstance(value, tuple) else "place"
    fill = (WINTER_COLOURS if winter else PLACE_COLOURS).get(name, PAPER)
    if kind == "card":
        fill = CARD_PAPER[value[1].bottom[0]] if value[1] else TABLE
    elif kind in ("building", "igloo"):
        fill = PAPER
    painter.rect(px, py, w, h, fill=fill, stroke=FRAME, width=1.5)
    if winter:
        snow(painter, px, py, w, scale)
    if kind == "place":
        _village_or_resource(painter, name, value, px, py, w, h, scale)
    elif kind == "card":
        _card(painter, name, value, px, py, w, h, scale)
    elif kind == "building":
        _building(painter, value, px, py, w, h, scale)
    elif kind == "igloo":
        _igloo(painter, value, px, py, w, h, scale)
    elif kind == "animal":
        _animal(painter, value, px, py, w, h, scale)


def _village_or_resource(painter: Painter, name: str, label: str, px: float, py: float, w: float, h: float,
                         u: float) -> None:
    cx = px + w / 2
    # the place's picture, large and faint behind the people standing there
    icon(painter, PLACE_ICONS.get(name, "hut"), cx, py + h * 0.56, h * 0.62, fill=INK, alpha=0.16)
    title(painter, cx, py, label, w, 0.36 * u, MIN_FONT * u)
    row, size = py + h - 0.3 * u, 0.4 * u
    if name in DIVISOR:
        # the dice's pips divided by the place's number give its good: a die, "÷3 =", the good
        text = f"÷{DIVISOR[name]} ="
        width = size * (2.3 + 0.55 * len(text))
        left = cx - width / 2
        good_icon(painter, "dice", left + size * 0.5, row, size)
        painter.text(left + size * 1.15, row, text, size=size, bold=True, anchor="start", fill=INK, halo=HALO,
                     halo_width=2.5)
        good_icon(painter, GOOD_OF[name], left + width - size * 0.5, row, size)
    elif name in VILLAGE_GIVES:
        icon_number(painter, VILLAGE_GIVES[name][0], "+1", cx, row, size, halo=True)


def _animal(painter: Painter, value: Any, px: float, py: float, w: float, h: float, u: float) -> None:
    cx = px + w / 2
    _, animal, malus = value
    title(painter, cx, py, "Wild animal", w, 0.32 * u, MIN_FONT * u)
    small = MIN_FONT * u
    if not animal:
        painter.text(cx, py + h * 0.6, "no animal", size=small, fill=INK)
        return
    icon(painter, ANIMAL_ICONS[animal_key(animal)], cx, py + h * 0.58, h * 0.62, fill="#5b2a22", alpha=0.35)
    name = animal_name(animal)
    painter.text(cx, py + h - 0.72 * u, name, size=fit(name, w, 0.3 * u, small), bold=True, fill=INK, halo=HALO,
                 halo_width=2.5)
    icon_number(painter, "dice", f"−{malus}", cx, py + h - 0.3 * u, 0.38 * u, halo=True)


def _igloo(painter: Painter, value: Any, px: float, py: float, w: float, h: float, u: float) -> None:
    cx = px + w / 2
    _, cost, points, built = value
    icon(painter, "igloo", cx, py + h * 0.5, min(w, h) * 0.8, fill="#5a86a8", alpha=0.22)
    cost_icons(painter, cx, py + 0.9 * u, cost, w - 0.08 * u, 0.4 * u)
    icon_number(painter, "points", str(points), cx, py + h - 0.32 * u, 0.36 * u)
    if built:
        painter.rect(px, py, w, h, fill="#777", alpha=0.5)
        painter.text(cx, py + 0.35 * u, "built", size=fit("built", w, 0.3 * u, MIN_FONT * u), bold=True, fill=INK,
                     halo=HALO, halo_width=3)


def _card(painter: Painter, name: str, value: Any, px: float, py: float, w: float, h: float, u: float) -> None:
    cx = px + w / 2
    slot = name.partition(":")[2]
    # its price, top right: the slot's number of resources of any kinds (the person's ring is top left)
    size = 0.36 * u
    good_icon(painter, "any", px + w - 0.25 * u, py + 0.28 * u, size)
    painter.text(px + w - 0.47 * u, py + 0.28 * u, slot, size=size * 1.05, bold=True, anchor="end", fill=INK)
    card = value[1]
    if card is None:
        return
    label = draw_card_top(painter, card.top, cx, py + 0.78 * u, 0.5 * u)
    painter.text(cx, py + 1.2 * u, label, size=fit(label, w, 0.38 * u, MIN_FONT * u), bold=True, fill=INK)
    painter.line(px + 6, py + 1.43 * u, px + w - 6, py + 1.43 * u, stroke=FRAME, width=1)
    kind, what, persons = card.bottom
    badge = py + 1.7 * u
    if kind == "culture":
        draw_card_bottom(painter, card.bottom, cx, badge, 0.4 * u)
        words = what
    else:
        # the figures' count beside their badge, the figure's name below
        draw_card_bottom(painter, card.bottom, cx + 0.25 * u, badge, 0.4 * u)
        painter.text(cx - 0.08 * u, badge, f"{persons}×", size=0.36 * u, bold=True, anchor="end", fill=INK)
        words = multiplier_name(what, 0)
    painter.text(cx, py + h - 0.26 * u, words, size=fit(words, w, 0.3 * u, MIN_FONT * u), fill=INK)


def _building(painter: Painter, value: Any, px: float, py: float, w: float, h: float, u: float) -> None:
    cx = px + w / 2
    _, building, left = value
    small = MIN_FONT * u
    head = f"{left} left"
    painter.text(cx, py + h - 0.2 * u, head, size=fit(head, w, small, small), fill=FRAME)
    if building is None:
        return
    icon(painter, "block-house", px + w - 0.25 * u, py + 0.27 * u, 0.32 * u, fill=FRAME, alpha=0.8)
    if building.kind == "fixed":
        cost_icons(painter, cx, py + 0.9 * u, building.cost, w - 0.08 * u, 0.4 * u)
        icon_number(painter, "points", str(building.points), cx, py + 1.45 * u, 0.38 * u)
        return
    count = f"{building.count}" if building.kind == "exact" else f"1-{building.count}"
    icon_number(painter, "any", count, cx, py + 0.85 * u, 0.38 * u)
    kinds = (f"{building.kinds} kind{'s' if building.kinds > 1 else ''}" if building.kind == "exact"
             else "any kinds")
    painter.text(cx, py + 1.2 * u, kinds, size=fit(kinds, w, small, small), fill=INK)
    # worth the value of what is paid
    icon_number(painter, "points", "Σ", cx, py + 1.58 * u, 0.36 * u)
