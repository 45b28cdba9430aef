"""The game's components read from the package data (cards, buildings, winter-variant numbers).

``load_data(None)`` gives the shipped data; ``load_data(path_or_mapping)`` replaces parts of the
variant numbers (animals, rewards, igloos, limits), the values the rulebook does not give. Files are
read by the package's one reader of user files and checked against ``data.schema.json`` (the
format's JSON Schema, published in the docs); the rulebook's own facts are checked here.

>>> d = load_data(None)
>>> len(d.cards), len(d.building_tiles), d.cards["G06"].top
(36, 28, ('resource_dice', 'gold', 0))
>>> d.animals["boar"].malus, d.rewards[1]
(2, ('points', 3))
>>> load_data({"wild_animals": {"animals": [{"id": "boar", "malus": 4}]}})
Traceback (most recent call last):
...
widgetpkg.games.stone_age.data.StoneAgeDataError: Stone Age data: wild_animals.animals[0].malus: expected one of 1, 2, 3, got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePath
from typing import Any

import yaml

from ...core import InvalidOptionError
from ...core.files import read_data
from ...core.schema import check, load_schema

DATA_DIR = Path(__file__).parent / "data"
MAX_DATA_BYTES = 256 * 1024
WHAT = "Stone Age data"
RESOURCES = ("wood", "clay", "stone", "gold")
VALUE = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}
CULTURE_SYMBOLS = ("pottery", "healing", "art", "music", "time", "transport", "weaving", "writing")
MULTIPLIERS = ("farmer", "hut_builder", "shaman", "tool_maker")
REWARD_KINDS = ("points", "food", "tool", "resource_choice")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StoneAgeDataError(InvalidOptionError):
    """A data file or mapping given as ``data=`` that cannot be used."""


@dataclass(frozen=True, slots=True)
class Card:
    """A civilization card: ``top`` (kind, parameter, amount) runs when bought; ``bottom`` scores at the end.

    ``bottom`` is ("culture", symbol, 0) or ("multiplier", category, persons).
    """

    id: str
    top: tuple[str, str, int]
    bottom: tuple[str, str, int]

    @property
    def green(self) -> bool:
        return self.bottom[0] == "culture"


@dataclass(frozen=True, slots=True)
class Building:
    """A building kind. ``kind`` is "fixed" (``cost``/``points``), "exact" (``count`` resources of
    exactly ``kinds`` kinds) or "any" (1 to ``count`` resources of any kinds)."""

    id: str
    kind: str
    cost: tuple[int, int, int, int] = (0, 0, 0, 0)
    points: int = 0
    count: int = 0
    kinds: int = 0

    def describe(self) -> str:
        if self.kind == "fixed":
            return ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, self.cost) if n) + f" -> {self.points}"
        if self.kind == "exact":
            return f"{self.count} resources of {self.kinds} kind{'s' * (self.kinds > 1)}"
        return f"1-{self.count} resources of any kinds"


@dataclass(frozen=True, slots=True)
class Animal:
    id: str
    name: str
    malus: int


@dataclass(frozen=True, slots=True)
class Igloo:
    id: int
    cost: tuple[int, int, int, int]
    points: int


@dataclass(frozen=True)
class GameData:
    """Everything the engine reads from data: components and the variant numbers."""

    cards: Mapping[str, Card]
    buildings: Mapping[str, Building]
    #: building ids with repeats, one per tile (28)
    building_tiles: tuple[str, ...]
    animals: Mapping[str, Animal]
    rewards: Mapping[int, tuple[str, int]]
    igloos: Mapping[int, Igloo]
    igloos_insulatable: bool
    insulation_points: int
    gold_trade_points: int
    agriculture_max: int
    people_max: int
    tools_max: int
    #: the merged anniversary mapping, for showing which numbers are assumptions
    raw: Mapping[str, Any]


def read_override(source: str | PurePath | Mapping[str, Any]) -> dict[str, Any]:
    """A ``data=`` override (YAML file path or mapping) as checked plain data: what a save holds.

    Read by the one reader of user files (regular files only, bounded, strict UTF-8, safe YAML
    with limits) and checked against ``data.schema.json``; the game's own checks follow in
    :func:`load_data`."""
    if isinstance(source, Mapping) and not isinstance(source, dict):
        source = dict(source)
    data = read_data(source, what=WHAT, limit=MAX_DATA_BYTES, error=StoneAgeDataError)
    check(schema(), data, what=WHAT, error=StoneAgeDataError)
    return data  # type: ignore[no-any-return]


def schema() -> Mapping[str, Any]:
    """The JSON Schema of ``data=`` (published in the docs: docs/validation.md)."""
    return load_schema(__package__, "data.schema.json")


def _read_shipped(name: str) -> Any:
    return yaml.load((DATA_DIR / name).read_text("utf-8"), Loader=_Loader)  # noqa: S506 -- the safe loader


@cache
def _shipped() -> tuple[Any, Any, Any]:
    # the package's own files: trusted, read by the fast loader (user files go through read_override)
    return _read_shipped("cards.yaml"), _read_shipped("buildings.yaml"), _read_shipped("anniversary.yaml")


def _cost(raw: Mapping[str, int]) -> tuple[int, int, int, int]:
    return tuple(int(raw.get(r, 0)) for r in RESOURCES)  # type: ignore[return-value]


def _merge(base: Any, override: Any) -> Any:
    """``override`` laid over ``base``: mappings merge key by key, anything else replaces."""
    if isinstance(base, Mapping) and isinstance(override, Mapping):
        merged = dict(base)
        for key, value in override.items():
            if isinstance(key, str) and key.isdigit() and int(key) in base:
                key = int(key)  # die faces: plain data writes them as strings
            merged[key] = _merge(base.get(key), value)  # the schema allows known keys only
        return merged
    return override


def _value(entry: Any) -> Any:
    return entry["value"] if isinstance(entry, Mapping) and "value" in entry else entry


def _animals(raw: list[Mapping[str, Any]]) -> dict[str, Animal]:
    animals = {entry["id"]: Animal(entry["id"], str(entry.get("name", entry["id"])), entry["malus"]) for entry in raw}
    if len(animals) != len(raw):
        raise StoneAgeDataError(f"{WHAT}: wild_animals.animals has repeated ids")
    return animals


def _rewards(raw: Mapping[Any, Mapping[str, Any]]) -> dict[int, tuple[str, int]]:
    rewards = {int(face): (entry["kind"], entry["amount"]) for face, entry in raw.items()}
    if rewards[1] != ("points", 3):
        raise StoneAgeDataError(f"{WHAT}: the reward of a 1 is 3 points by the rulebook")
    return dict(sorted(rewards.items()))


def _igloos(raw: list[Mapping[str, Any]]) -> dict[int, Igloo]:
    return {i: Igloo(i, _cost(entry["cost"]), entry["points"]) for i, entry in enumerate(raw, 1)}


def load_data(override: str | PurePath | Mapping[str, Any] | None) -> GameData:
    """The shipped components with ``override`` (a YAML path or a mapping) laid over the variant numbers."""
    if override is None:
        return _shipped_data()
    cards_raw, buildings_raw, anniversary = _shipped()
    anniversary = _merge(anniversary, read_override(override))
    return _build(cards_raw, buildings_raw, anniversary)


@cache
def _shipped_data() -> GameData:
    """The shipped data, built once: every game without ``data=`` shares it (nothing changes it)."""
    return _build(*_shipped())


def _build(cards_raw: Any, buildings_raw: Any, ann: Any) -> GameData:
    cards = {}
    for entry in cards_raw["cards"]:
        top = entry["top"]
        param = top.get("resource", "")
        amount = top.get("amount", top.get("value", 0))
        bottom = entry["bottom"]
        if bottom["type"] == "culture":
            low = ("culture", bottom["symbol"], 0)
        else:
            low = ("multiplier", bottom["category"], bottom["persons"])
        cards[entry["id"]] = Card(entry["id"], (top["type"], param, amount), low)
    buildings: dict[str, Building] = {}
    tiles: list[str] = []
    for entry in buildings_raw["fixed"]:
        cost = tuple(entry["cost"].get(r, 0) for r in RESOURCES)
        buildings[entry["id"]] = Building(entry["id"], "fixed", cost=cost, points=entry["points"])  # type: ignore[arg-type]
        tiles += [entry["id"]] * entry["count"]
    for entry in buildings_raw["variable_exact"]:
        buildings[entry["id"]] = Building(entry["id"], "exact", count=entry["resources"], kinds=entry["kinds"])
        tiles += [entry["id"]] * entry["count"]
    for entry in buildings_raw["variable_any"]:
        buildings[entry["id"]] = Building(entry["id"], "any", count=entry["max_resources"])
        tiles += [entry["id"]] * entry["count"]
    wild, hard, igloos, limits = ann["wild_animals"], ann["hard_winter"], ann["igloos"], ann["limits"]
    return GameData(
        cards=cards, buildings=buildings, building_tiles=tuple(tiles),
        animals=_animals(wild["animals"]), rewards=_rewards(wild["rewards"]), igloos=_igloos(igloos["tiles"]),
        igloos_insulatable=_value(igloos["insulatable"]),
        insulation_points=_value(hard["insulation_points"]), gold_trade_points=_value(hard["gold_trade_points"]),
        agriculture_max=_value(limits["agriculture_max"]), people_max=_value(limits["people_max"]),
        tools_max=_value(limits["tools_max"]),
        raw=ann,
    )


def assumptions(data: GameData) -> list[str]:
    """The dotted names of every value marked ``assumption: true`` (what the docs must flag)."""
    found: list[str] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, Mapping):
            if node.get("assumption") is True:
                found.append(where)
            for key, value in node.items():
                walk(value, f"{where}.{key}" if where else str(key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(data.raw, "")
    return found
