"""The game's components read from the package data (cards, buildings, winter-variant numbers).

``load_data(None)`` gives the shipped data; ``load_data(path_or_mapping)`` replaces parts of the
variant numbers (animals, rewards, igloos, limits), the values the rulebook does not give. Files are
read with ``yaml.safe_load`` after a check that refuses anchors and aliases (no "billion laughs"),
oversized files and text that is not UTF-8.

>>> d = load_data(None)
>>> len(d.cards), len(d.building_tiles), d.cards["G06"].top
(36, 28, ('resource_dice', 'gold', 0))
>>> d.animals["boar"].malus, d.rewards[1]
(2, ('points', 3))
>>> load_data({"wild_animals": {"animals": [{"id": "boar", "malus": 4}]}})
Traceback (most recent call last):
...
widgetpkg.games.stone_age.data.StoneAgeDataError: data: wild_animals.animals[0].malus must be 1, 2 or 3, got 4
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePath
from typing import Any

import yaml

from ...core import InvalidOptionError

DATA_DIR = Path(__file__).parent / "data"
MAX_DATA_BYTES = 256 * 1024
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


def read_yaml(source: str | PurePath | bytes, what: str = "data") -> Any:
    """Parse YAML safely: bounded size, UTF-8 only, no anchors or aliases."""
    if isinstance(source, PurePath) or (isinstance(source, str) and "\n" not in source and source.endswith((".yaml", ".yml"))):
        path = Path(source)
        try:
            if path.stat().st_size > MAX_DATA_BYTES:
                raise StoneAgeDataError(f"{what}: {path} is larger than {MAX_DATA_BYTES} bytes")
            raw = path.read_bytes()
        except OSError as error:
            raise StoneAgeDataError(f"{what}: cannot read {path}: {error.strerror}") from None
    else:
        raw = source.encode() if isinstance(source, str) else source
    if len(raw) > MAX_DATA_BYTES:
        raise StoneAgeDataError(f"{what}: more than {MAX_DATA_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise StoneAgeDataError(f"{what}: not UTF-8 text (byte {error.start})") from None
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise StoneAgeDataError(f"{what}: YAML anchors and aliases are not allowed")
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as error:
        raise StoneAgeDataError(f"{what}: not valid YAML: {error}") from None


@cache
def _shipped() -> tuple[Any, Any, Any]:
    return (read_yaml(DATA_DIR / "cards.yaml"), read_yaml(DATA_DIR / "buildings.yaml"),
            read_yaml(DATA_DIR / "anniversary.yaml"))


def _cost(raw: Any, where: str) -> tuple[int, int, int, int]:
    if not isinstance(raw, Mapping) or not raw:
        raise StoneAgeDataError(f"data: {where} must be a mapping of resources to counts")
    for key, value in raw.items():
        if key not in VALUE:
            raise StoneAgeDataError(f"data: {where} names {key!r}; resources are {', '.join(RESOURCES)}")
        _int(value, f"{where}.{key}", 1, 7)
    return tuple(int(raw.get(r, 0)) for r in RESOURCES)  # type: ignore[return-value]


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StoneAgeDataError(f"data: {where} must be an integer from {low} to {high}, got {value!r}")
    return value


def _merge(base: Any, override: Any, where: str) -> Any:
    """``override`` laid over ``base``: mappings merge key by key, anything else replaces."""
    if isinstance(base, Mapping) and isinstance(override, Mapping):
        merged = dict(base)
        for key, value in override.items():
            if isinstance(key, str) and key.isdigit() and int(key) in base:
                key = int(key)  # die faces written as JSON strings
            if key not in base:
                known = ", ".join(str(k) for k in base)
                raise StoneAgeDataError(f"data: unknown key {where}{key!r}; known here: {known}")
            merged[key] = _merge(base[key], value, f"{where}{key}.")
        return merged
    return override


def _value(entry: Any) -> Any:
    return entry["value"] if isinstance(entry, Mapping) and "value" in entry else entry


def _animals(raw: Any) -> dict[str, Animal]:
    if not isinstance(raw, list) or not raw:
        raise StoneAgeDataError("data: wild_animals.animals must be a non-empty list")
    animals: dict[str, Animal] = {}
    for i, entry in enumerate(raw):
        where = f"wild_animals.animals[{i}]"
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
            raise StoneAgeDataError(f"data: {where} needs an id")
        malus = entry.get("malus")
        if malus not in (1, 2, 3) or isinstance(malus, bool):
            raise StoneAgeDataError(f"data: {where}.malus must be 1, 2 or 3, got {malus!r}")
        animals[entry["id"]] = Animal(entry["id"], str(entry.get("name", entry["id"])), malus)
    if len(animals) != len(raw):
        raise StoneAgeDataError("data: wild_animals.animals has repeated ids")
    return animals


def _rewards(raw: Any) -> dict[int, tuple[str, int]]:
    if isinstance(raw, Mapping):
        # JSON saves turn the faces into strings
        raw = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in raw.items()}
    if not isinstance(raw, Mapping) or set(raw) != {1, 2, 3, 4, 5, 6}:
        raise StoneAgeDataError("data: wild_animals.rewards must map each die face 1-6 to a reward")
    rewards = {}
    for face, entry in sorted(raw.items()):
        if not isinstance(entry, Mapping) or entry.get("kind") not in REWARD_KINDS:
            raise StoneAgeDataError(f"data: wild_animals.rewards[{face}].kind must be one of {', '.join(REWARD_KINDS)}")
        rewards[face] = (entry["kind"], _int(entry.get("amount"), f"wild_animals.rewards[{face}].amount", 1, 20))
    if rewards[1] != ("points", 3):
        raise StoneAgeDataError("data: the reward of a 1 is 3 points by the rulebook")
    return rewards


def _igloos(raw: Any) -> dict[int, Igloo]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        raise StoneAgeDataError("data: igloos.tiles must be a list of 1 to 4 igloos (the box has 4)")
    igloos = {}
    for i, entry in enumerate(raw, 1):
        where = f"igloos.tiles[{i - 1}]"
        if not isinstance(entry, Mapping):
            raise StoneAgeDataError(f"data: {where} must be a mapping")
        igloos[i] = Igloo(i, _cost(entry.get("cost"), f"{where}.cost"), _int(entry.get("points"), f"{where}.points", 0, 100))
    return igloos


def load_data(override: str | PurePath | Mapping[str, Any] | None) -> GameData:
    """The shipped components with ``override`` (a YAML path or a mapping) laid over the variant numbers."""
    if override is None:
        return _shipped_data()
    cards_raw, buildings_raw, anniversary = _shipped()
    if isinstance(override, (str, PurePath)):
        override = read_yaml(override if isinstance(override, PurePath) else Path(override), "data")
    if not isinstance(override, Mapping):
        raise StoneAgeDataError(f"data must be a YAML file path or a mapping, got {type(override).__name__}")
    anniversary = _merge(anniversary, copy.deepcopy(dict(override)), "")
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
    insulatable = _value(igloos["insulatable"])
    if not isinstance(insulatable, bool):
        raise StoneAgeDataError("data: igloos.insulatable must be true or false")
    return GameData(
        cards=cards, buildings=buildings, building_tiles=tuple(tiles),
        animals=_animals(wild["animals"]), rewards=_rewards(wild["rewards"]), igloos=_igloos(igloos["tiles"]),
        igloos_insulatable=insulatable,
        insulation_points=_int(_value(hard["insulation_points"]), "hard_winter.insulation_points", 0, 50),
        gold_trade_points=_int(_value(hard["gold_trade_points"]), "hard_winter.gold_trade_points", 0, 50),
        agriculture_max=_int(_value(limits["agriculture_max"]), "limits.agriculture_max", 1, 30),
        people_max=_int(_value(limits["people_max"]), "limits.people_max", 5, 20),
        tools_max=_int(_value(limits["tools_max"]), "limits.tools_max", 3, 12),
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
