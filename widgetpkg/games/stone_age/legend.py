"""The key to the Stone Age board: every picture it draws, drawn the same way, with its name.

>>> import widgetpkg as wp
>>> labels = [i.label for i in legend_items(wp.new_game("stone-age", players=["Ann", "Bob"], seed=1))]
>>> "wood" in labels and "Forest: wood" in labels and "Ann's people" in labels
True
>>> any("polar bear" in label for label in labels)   # no wild animals without the variant
False
"""

from __future__ import annotations

from ...ui.legend import Draw, LegendItem
from ...ui.palette import FRAME, INK, TARGET, ink_on, seat_colour, seat_marks
from .game import StoneAge
from .pictures import (
    ANIMAL_ICONS,
    CULTURE_ICONS,
    MULTIPLIER_ICONS,
    MULTIPLIES,
    PLACE_ICONS,
    draw_card_bottom,
    good_icon,
    good_name,
    icon,
    multiplier_name,
)
from .places import ONE_USE_PAPER, PLACE_LABELS, RESOLVING, TOOL_PAPER, VILLAGE_GIVES
from .rules import DIVISOR, GOOD_OF

GOODS = ("food", "wood", "clay", "stone", "gold", "tool", "person", "agriculture", "points", "card", "any", "dice",
         "building")
GOOD_LABELS = {"tool": "tool (adds to a roll)", "person": "person", "agriculture": "field (food each round)",
               "points": "points", "card": "extra civilization card", "any": "resources of your choice",
               "dice": "dice", "building": "building"}


def _good(good: str) -> Draw:
    return lambda p, x, y, s: good_icon(p, good, x, y, s)


def _icon(name: str) -> Draw:
    return lambda p, x, y, s: icon(p, name, x, y, s)


def _bottom(bottom: tuple[str, str, int]) -> Draw:
    return lambda p, x, y, s: draw_card_bottom(p, bottom, x, y, s * 0.8)


def _person(colour: str, mark: str) -> Draw:
    def draw(p, x, y, s):  # type: ignore[no-untyped-def]
        p.circle(x, y, s * 0.4, fill=colour, stroke=INK)
        p.text(x, y, mark, size=max(6.0, s * 0.5), bold=True, fill=ink_on(colour))
    return draw


def _free_spot(p, x, y, s):  # type: ignore[no-untyped-def]
    p.circle(x, y, s * 0.4, stroke=FRAME, width=1.5, alpha=0.55)


def _target(p, x, y, s):  # type: ignore[no-untyped-def]
    p.rect(x - s * 0.45, y - s * 0.4, s * 0.9, s * 0.8, stroke=TARGET, width=2, dash=(3, 2))


def _resolving(p, x, y, s):  # type: ignore[no-untyped-def]
    p.rect(x - s * 0.45, y - s * 0.4, s * 0.9, s * 0.8, stroke=RESOLVING, width=3)


def _tile(fresh: bool) -> Draw:
    def draw(p, x, y, s):  # type: ignore[no-untyped-def]
        p.rect(x - s * 0.35, y - s * 0.35, s * 0.7, s * 0.7, fill=TOOL_PAPER if fresh else None, stroke=INK,
               width=1.5, dash=() if fresh else (3, 2), alpha=1.0 if fresh else 0.55)
        p.text(x, y, "2", size=max(6.0, s * 0.5), bold=True, fill=INK, alpha=1.0 if fresh else 0.55)
    return draw


def _one_use(p, x, y, s):  # type: ignore[no-untyped-def]
    p.circle(x, y, s * 0.35, fill=ONE_USE_PAPER, stroke=INK, width=1.5)
    p.text(x, y, "3", size=max(6.0, s * 0.5), bold=True, fill=INK)


def legend_items(game: StoneAge, colours: dict[str, str] | None = None) -> list[LegendItem]:
    """What the board of ``game`` can show: only the variants it plays."""
    colours = colours or {}
    marks = seat_marks(game.players)
    items = [LegendItem(f"{p}'s people", _person(colours.get(p) or seat_colour(p, game.players), marks[p]), "People")
             for p in game.players]
    items += [LegendItem("free spot", _free_spot, "People"), LegendItem("you may click here", _target, "People"),
              LegendItem("being resolved", _resolving, "People")]
    items += [LegendItem(GOOD_LABELS.get(g, good_name(g)), _good(g), "Goods") for g in GOODS]
    items += [LegendItem("tool tile, not used this round", _tile(True), "Tools"),
              LegendItem("tool tile, used this round", _tile(False), "Tools"),
              LegendItem("one-use tool (from a card)", _one_use, "Tools")]
    winter_field = "Livestock" if game.season == "winter" else "Field"
    for place, name in PLACE_ICONS.items():
        title = winter_field if place == "field" else PLACE_LABELS[place]
        gives = f"{GOOD_OF[place]}" if place in DIVISOR else VILLAGE_GIVES[place][1]
        items.append(LegendItem(f"{title}: {gives}", _icon(name), "Places"))
    if "igloos" in game.variants:
        items.append(LegendItem("igloo (a building of snow)", _good("igloo"), "Places"))
    if "wild_animals" in game.variants:
        for animal, name in ANIMAL_ICONS.items():
            malus = game.data.animals[animal].malus
            items.append(LegendItem(f"{animal.replace('_', ' ')}: dice −{malus}", _icon(name), "Wild animals"))
    items += [LegendItem(f"culture: {symbol}", _bottom(("culture", symbol, 1)), "Card bottoms (end of game)")
              for symbol in CULTURE_ICONS]
    items += [LegendItem(f"{multiplier_name(what, 0)}: × {MULTIPLIES[what]}", _bottom(("multiplier", what, 1)),
                         "Card bottoms (end of game)") for what in MULTIPLIER_ICONS]
    return items


__all__ = ["legend_items"]
