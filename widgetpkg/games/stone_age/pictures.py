"""What Stone Age's components look like: icons for goods, places, cards, animals and igloos, and the
words that name them (the board, the hover text, the legend and the panel all use these names).

Every icon comes from the game's subset of the game-icons.net set (``icons.json`` beside this
module). A thing is told apart by its shape and its name, never by its colour alone: colours only
echo the board's.

>>> good_name("clay"), animal_name("animal:bird_of_prey"), card_bottom_words(("multiplier", "hut_builder", 2))
('clay', 'bird of prey', '2 hut builders')
"""

from __future__ import annotations

from typing import Any

from ...render.icons import icons_of
from ...render.painter import Painter
from ...ui.palette import CLAY, GOLD, INK, ROCK_DARK, WOOD
from .data import RESOURCES

#: the icon of each good and counter, by its name in the rules
GOOD_ICONS = {"food": "meat", "wood": "wood-pile", "clay": "brick-pile", "stone": "stone-pile", "gold": "gold-bar",
              "tool": "stone-axe", "person": "person", "agriculture": "wheat", "points": "laurels",
              "card": "card-draw", "any": "swap-bag", "dice": "rolling-dices", "building": "block-house",
              "igloo": "igloo"}
#: the colour an icon of each good is filled with (the shape tells them apart; the colour echoes the board)
GOOD_COLOURS = {"food": "#a4452c", "wood": WOOD, "clay": CLAY, "stone": ROCK_DARK, "gold": GOLD,
                "tool": "#4d4236", "person": INK, "agriculture": "#7d8a2a", "points": "#5b6e1f", "card": INK,
                "any": "#6b5a2e", "dice": INK, "building": "#6b5a2e", "igloo": "#5a86a8"}
PLACE_ICONS = {"hunt": "deer", "forest": "pine-tree", "clay_pit": "brick-pile", "quarry": "mining",
               "river": "river", "tool_maker": "anvil", "hut": "hut", "field": "wheat"}
ANIMAL_ICONS = {"boar": "boar", "polar_bear": "polar-bear", "wolf": "wolf-head", "bird_of_prey": "eagle-head"}
CULTURE_ICONS = {"pottery": "painted-pottery", "healing": "medicines", "art": "paint-brush", "music": "flute",
                 "time": "sundial", "transport": "stone-wheel", "weaving": "spinning-wheel", "writing": "stone-tablet"}
MULTIPLIER_ICONS = {"farmer": "farmer", "tool_maker": "anvil", "hut_builder": "huts-village", "shaman": "tribal-mask"}
#: what each multiplier figure multiplies, in words
MULTIPLIES = {"farmer": "field level", "tool_maker": "tool value", "hut_builder": "buildings", "shaman": "people"}


def icon(painter: Painter, name: str, cx: float, cy: float, size: float, *, fill: str = INK,
         alpha: float = 1.0) -> None:
    """Draw the icon ``name`` (its name in the set) ``size`` pixels wide, centred on ``(cx, cy)``."""
    painter.icon(icons_of(__package__)[name], cx, cy, size, fill=fill, alpha=alpha)


def good_icon(painter: Painter, good: str, cx: float, cy: float, size: float) -> None:
    """A good (food, wood, ... tool, person, agriculture, points) as its icon in its colour."""
    icon(painter, GOOD_ICONS[good], cx, cy, size, fill=GOOD_COLOURS[good])


def good_name(good: str) -> str:
    return {"agriculture": "field", "any": "resource of your choice"}.get(good, good)


def animal_key(animal: str) -> str:
    """``"animal:polar_bear"`` -> ``"polar_bear"`` (the engine's id of the active animal)."""
    return animal.partition(":")[2] or animal


def animal_name(animal: str) -> str:
    """An animal as players say it: ``"animal:polar_bear"`` -> ``"polar bear"``."""
    return animal_key(animal).replace("_", " ")


def multiplier_name(category: str, persons: int = 1) -> str:
    """``("hut_builder", 2)`` -> ``"2 hut builders"``; with ``persons`` 0, just ``"hut builder"``."""
    name = category.replace("_", " ")
    if persons == 0:
        return name
    return f"{persons} {name}{'s' if persons > 1 else ''}"


def card_bottom_words(bottom: tuple[str, str, int]) -> str:
    """A card's bottom in words: a culture symbol ("music") or its figures ("2 farmers")."""
    kind, what, persons = bottom
    return what if kind == "culture" else multiplier_name(what, persons)


def card_top_words(top: tuple[str, str, int]) -> str:
    """A card's top (what buying it gives at once) in words."""
    kind, param, amount = top
    return {"food": f"{amount} food", "resource": f"{amount} {param}", "points": f"{amount} points",
            "tool": "+1 tool", "agriculture": "+1 field", "extra_card": "an extra card",
            "one_use_tool": f"one-use tool {amount}", "any_resources": f"{amount} resources of your choice",
            "dice_for_all": "dice for everyone", "resource_dice": f"2 dice for {param}"}[kind]


def building_words(building: Any) -> str:
    """A building's cost and worth in words ("2 wood, 1 clay: 10 points")."""
    if building.kind == "fixed":
        cost = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, building.cost) if n)
        return f"{cost}: {building.points} points"
    if building.kind == "exact":
        kinds = f"{building.kinds} kind{'s' if building.kinds > 1 else ''}"
        return f"{building.count} resources of {kinds}: points = their value"
    return f"1 to {building.count} resources of any kinds: points = their value"


def draw_card_top(painter: Painter, top: tuple[str, str, int], cx: float, cy: float, size: float) -> str:
    """A card's top as icons centred on ``(cx, cy)`` (``size`` is one icon); returns its label."""
    kind, param, amount = top
    label = {"food": f"{amount}", "resource": f"{amount}", "points": f"{amount}", "tool": "+1",
             "agriculture": "+1", "extra_card": "+1", "one_use_tool": f"{amount} once", "any_resources": f"{amount}",
             "dice_for_all": "all", "resource_dice": "2 dice"}[kind]
    good = {"food": "food", "resource": param, "points": "points", "tool": "tool", "agriculture": "agriculture",
            "extra_card": "card", "one_use_tool": "tool", "any_resources": "any", "dice_for_all": "dice",
            "resource_dice": param}[kind]
    if kind == "resource_dice":
        good_icon(painter, "dice", cx - size * 0.55, cy, size)
        good_icon(painter, good, cx + size * 0.55, cy, size)
    else:
        good_icon(painter, good, cx, cy, size)
    return label


def draw_card_bottom(painter: Painter, bottom: tuple[str, str, int], cx: float, cy: float, size: float) -> None:
    """A card's bottom: a culture symbol on a round green badge, or the multiplier figures on a square
    sand badge with their count (shape and label tell the two kinds apart, not only the colour)."""
    kind, what, persons = bottom
    if kind == "culture":
        painter.circle(cx, cy, size * 0.62, fill="#cfe3b0", stroke="#4f6b2a", width=1.2)
        icon(painter, CULTURE_ICONS[what], cx, cy, size * 0.9, fill="#2f4a18")
    else:
        half = size * 0.58
        painter.rect(cx - half, cy - half, 2 * half, 2 * half, fill="#ecd9a8", stroke="#7a6030", width=1.2)
        icon(painter, MULTIPLIER_ICONS[what], cx, cy, size * 0.9, fill="#4a3510")
