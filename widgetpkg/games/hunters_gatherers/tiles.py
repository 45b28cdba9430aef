"""Tiles of Carcassonne: Hunters & Gatherers: loading, validation and the four rotations.

A tile side is split into three *parts*, listed clockwise around the tile: the first half, the
middle and the second half. On a forest or meadow side one feature holds all three parts; on a
river side the river holds the middle and a meadow holds each half. Rotating a tile by 90 degrees
clockwise moves every part to the next side and keeps its index, and part ``k`` of one side meets
part ``2 - k`` of the neighbour's opposite side, which is all the geometry the engine needs.

>>> tiles = load_tileset("2020")
>>> start = tiles.by_id[56]
>>> start.edges
('meadow', 'forest', 'forest', 'river')
>>> start.rotations[90].edges
('river', 'meadow', 'forest', 'forest')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from pathlib import PurePath
from typing import Any

import yaml

from ...core.errors import InvalidOptionError, clip, shorten
from ...core.files import decode, parse_yaml, read_data
from ...core.schema import check, load_schema

_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

SIDES = ("N", "E", "S", "W")
ROTATIONS = (0, 90, 180, 270)
EDGE_TYPES = ("forest", "meadow", "river")
FEATURE_TYPES = ("forest", "meadow", "river", "lake")
ANIMALS = ("mammoth", "aurochs", "deer", "tiger")
FOREST_KINDS = ("plain", "menhir", "mushrooms", "gold")
SPECIALS = ("shaman", "logboat", "hunting_trap", "pit_trap", "wild_fire", "raft", "shrine")
TILE_KINDS = ("start", "normal", "menhir", "bonus")

# Half-edge names in clockwise order along each side: part 0, then part 2.
_HALVES = {"N": ("west", "east"), "E": ("north", "south"), "S": ("east", "west"), "W": ("south", "north")}
_EDGE_CODE = {"forest": 1, "meadow": 2, "river": 3}

BUILTIN_TILESETS = {"2020": "tiles-2020.yaml", "classic": "tiles-classic.yaml"}
#: a real tile set is some 60 kB of YAML: this bound leaves room to spare
MAX_TILESET_BYTES = 2 * 2**20


class TileSetError(InvalidOptionError):
    """A tile set file that does not describe valid tiles."""


@dataclass(frozen=True)
class Feature:
    """One forest, meadow, river or lake printed on a tile, as in the tile data."""

    id: str
    type: str
    touches: tuple[str, ...] = ()
    fish: int = 0
    animals: tuple[str, ...] = ()
    kind: str | None = None
    special: str | None = None
    ends_at: tuple[str, ...] = ()
    end_inside: bool = False
    rivers: tuple[str, ...] = ()

    @property
    def river_ends(self) -> int:
        """How many of a river's two ends stop inside the tile (at a lake or a spring)."""
        return len(self.ends_at) + self.end_inside


@dataclass(frozen=True, eq=False)
class Orientation:
    """A tile turned by ``rotation`` degrees clockwise.

    ``edges`` are the side types N, E, S, W after the turn; ``links[side]`` lists the
    ``(part, feature index)`` pairs that connect across that side, one per distinct feature;
    ``parts[side][part]`` is the feature index holding that part of the side.
    """

    tile: Tile
    rotation: int
    edges: tuple[str, str, str, str]
    links: tuple[tuple[tuple[int, int], ...], ...]
    parts: tuple[tuple[int, int, int], ...]
    code: int  # the edge types packed two bits per side, for frontier matching
    sides_touched: tuple[int, ...]  # per feature: how many sides it reaches (its open ends when placed)

    def sides_of(self, feature_index: int) -> list[int]:
        """Sides (0-3, N E S W) that the feature reaches in this orientation."""
        return [s for s in range(4) if any(f == feature_index for _, f in self.links[s])]


@dataclass(frozen=True, eq=False)
class Tile:
    """A physical tile: its id, pile, side types (unrotated) and features."""

    id: int
    kind: str
    edges: tuple[str, str, str, str]
    features: tuple[Feature, ...]
    #: per feature: indices of the lakes a river ends at, and (mammoth, aurochs, deer, tiger) counts
    lake_indices: tuple[tuple[int, ...], ...] = ()
    animal_counts: tuple[tuple[int, int, int, int], ...] = ()
    rotations: dict[int, Orientation] = field(default_factory=dict, repr=False)
    node_base: int = -1  # the graph node of feature 0, numbered by the tile set

    def __repr__(self) -> str:
        return f"Tile({self.id}, {self.kind}, {'/'.join(self.edges)})"

    def feature(self, feature_id: str) -> Feature:
        return self.features[self.feature_index(feature_id)]

    def feature_index(self, feature_id: str) -> int:
        for i, f in enumerate(self.features):
            if f.id == feature_id:
                return i
        raise KeyError(f"tile {self.id} has no feature {feature_id!r}")

    @cached_property
    def fit_table(self) -> tuple[tuple[int, ...], ...]:
        """Per side constraint (0-255), the rotations that meet it: built when the tile is first
        placed, so a new game does not pay for the tiles it has not drawn yet."""
        return _fit_table(self)

    def fits(self, need: int) -> tuple[int, ...]:
        """Rotations whose sides match ``need`` (two bits a side, 0 = no constraint)."""
        return self.fit_table[need]


def _fit_table(tile: Tile) -> tuple[tuple[int, ...], ...]:
    """For each of the 256 side constraints, the rotations of ``tile`` that meet it."""
    return _fit_table_for(tuple((r, o.code) for r, o in tile.rotations.items()))


@cache
def _fit_table_for(codes: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    # many tiles share their edges: one table per distinct set of rotation codes
    table = []
    for need in range(256):
        mask = ((need | need >> 1) & 0x55) * 3  # a side is constrained where either of its bits is set
        rotations = tuple(r for r, code in codes if code & mask == need)
        table.append(_SHARED_ROTATIONS.setdefault(rotations, rotations))
    return tuple(table)


_SHARED_ROTATIONS: dict[tuple[int, ...], tuple[int, ...]] = {}


@dataclass(frozen=True, eq=False)
class TileSet:
    """All tiles of one set: the start tile, the regular pile and the extra (menhir or bonus) pile.

    ``tiles`` lists every tile in file order; their features are numbered one after another
    (``tile.node_base``), and ``node_features``/``node_tiles`` map such a number back.
    """

    name: str
    tiles: tuple[Tile, ...]
    start: Tile
    regular: tuple[Tile, ...]
    extra: tuple[Tile, ...]
    extra_kind: str
    by_id: dict[int, Tile]
    source: str
    node_features: tuple[Feature, ...]
    node_tiles: tuple[Tile, ...]

    def __len__(self) -> int:
        return len(self.by_id)


def _parts_of(touch: str, edges: tuple[str, ...]) -> list[tuple[int, int]]:
    """The (side, part) slots that one ``touches`` entry names."""
    side_name, _, half = touch.partition("-")
    if side_name not in SIDES:
        raise TileSetError(f"unknown side {touch!r}")
    side = SIDES.index(side_name)
    if not half:
        return [(side, 1)] if edges[side] == "river" else [(side, 0), (side, 1), (side, 2)]
    if half not in _HALVES[side_name]:
        raise TileSetError(f"unknown half edge {touch!r}")
    if edges[side] != "river":
        raise TileSetError(f"{touch} is half of an edge, but only river edges have halves "
                           f"(the {side_name} edge is {edges[side]})")
    return [(side, 0 if half == _HALVES[side_name][0] else 2)]


def _orient(tile: Tile, slots: list[list[tuple[int, int]]], rotation: int) -> Orientation:
    turn = rotation // 90
    edges = tuple(tile.edges[(s - turn) % 4] for s in range(4))
    links: list[list[tuple[int, int]]] = [[] for _ in range(4)]
    parts = [[0, 0, 0] for _ in range(4)]
    for index, feature_slots in enumerate(slots):
        for side, part in feature_slots:
            new_side = (side + turn) % 4
            parts[new_side][part] = index
            # on a whole forest/meadow side the middle part stands for the whole side
            link = (1 if tile.edges[side] != "river" else part, index)
            if link not in links[new_side]:
                links[new_side].append(link)
    code = sum(_EDGE_CODE[e] << 2 * s for s, e in enumerate(edges))
    sides_touched = tuple(len({side for side, _ in feature_slots}) for feature_slots in slots)
    sorted_links = tuple(tuple(sorted(side_links)) for side_links in links)
    return Orientation(tile, rotation, edges, sorted_links,  # type: ignore[arg-type]
                       tuple(tuple(p) for p in parts), code, sides_touched)  # type: ignore[misc]


def _check_tile(tile_id: int, edges: tuple[str, ...], features: list[Feature]) -> list[list[tuple[int, int]]]:
    """Validate one tile; return each feature's slots. Raises TileSetError naming the tile."""
    def fail(message: str) -> TileSetError:
        return TileSetError(f"tile {tile_id}: {message}")

    ids = [f.id for f in features]
    if len(set(ids)) != len(ids):
        raise fail("duplicate feature ids")
    owner: dict[tuple[int, int], str] = {}
    slots: list[list[tuple[int, int]]] = []
    for f in features:
        if f.type == "lake" and f.touches:
            raise fail(f"lake {f.id} touches an edge; lakes lie inside a tile")
        feature_slots: list[tuple[int, int]] = []
        for touch in f.touches:
            try:
                parts = _parts_of(touch, edges)
            except TileSetError as error:
                raise fail(f"feature {f.id}: {error}") from None
            side = parts[0][0]
            expected = "meadow" if "-" in touch else edges[side]
            if expected != f.type:
                raise fail(f"feature {f.id} ({f.type}) touches {touch}, which is {expected} "
                           f"(the {SIDES[side]} edge is {edges[side]})")
            for slot in parts:
                if slot in owner:
                    raise fail(f"features {owner[slot]} and {f.id} both touch {touch}")
                owner[slot] = f.id
            feature_slots.extend(parts)
        slots.append(feature_slots)
        if f.type == "river":
            for lake in f.ends_at:
                if lake not in ids or features[ids.index(lake)].type != "lake":
                    raise fail(f"river {f.id} ends at {lake!r}, which is not a lake of this tile")
                if f.id not in features[ids.index(lake)].rivers:
                    raise fail(f"river {f.id} ends at lake {lake} but the lake does not list it")
            if len(f.touches) + f.river_ends != 2:
                raise fail(f"river {f.id} must have exactly two ends (edges touched, lakes, end_inside)")
        if f.type == "lake":
            for river in f.rivers:
                if river not in ids or f.id not in features[ids.index(river)].ends_at:
                    raise fail(f"lake {f.id} lists river {river!r}, which does not end at it")
    for side, e in enumerate(edges):
        for part in range(3):
            if (side, part) not in owner:
                name = SIDES[side] if e != "river" or part == 1 else f"{SIDES[side]}-{_HALVES[SIDES[side]][part // 2]}"
                raise fail(f"no feature touches {name} (the {SIDES[side]} edge is {e})")
    return slots


def _feature_from(raw: Mapping[str, Any]) -> Feature:
    return Feature(
        id=str(raw["id"]), type=raw["type"], touches=tuple(raw.get("touches") or ()), fish=raw.get("fish") or 0,
        animals=tuple(raw.get("animals") or ()), kind=raw.get("kind"), special=raw.get("special"),
        ends_at=tuple(raw.get("ends_at") or ()), end_inside=raw.get("end_inside", False),
        rivers=tuple(raw.get("rivers") or ()),
    )


def _tile_from(raw: Mapping[str, Any]) -> Tile:
    tile_id = raw["id"]
    edges = tuple(raw["edges"][s] for s in SIDES)
    features = [_feature_from(f) for f in raw["features"]]
    slots = _check_tile(tile_id, edges, features)
    ids = [f.id for f in features]
    tile = Tile(tile_id, raw["kind"], edges, tuple(features),  # type: ignore[arg-type]
                tuple(tuple(ids.index(lake) for lake in f.ends_at) for f in features),
                tuple(tuple(f.animals.count(a) for a in ANIMALS) for f in features))  # type: ignore[misc]
    for r in ROTATIONS:
        tile.rotations[r] = _orient(tile, slots, r)
    return tile


def schema() -> Mapping[str, Any]:
    """The JSON Schema of a tile set (published in the docs: docs/validation.md)."""
    return load_schema(__package__, "tileset.schema.json")


def read_tileset(source: str | PurePath | Mapping[str, Any], what: str = "tile set") -> dict[str, Any]:
    """A tile set file (path) or mapping as plain data checked against the schema: what a save
    holds. Read by the package's one reader of user files."""
    if isinstance(source, Mapping) and not isinstance(source, dict):
        source = dict(source)
    try:
        data = read_data(source, what=what, limit=MAX_TILESET_BYTES, error=TileSetError)
    except TileSetError as error:
        if isinstance(source, str) and str(error).endswith("no such file"):  # a misspelt name, most likely
            raise TileSetError(f"no tile set named {shorten(source)}: built-in sets are "
                               f"{', '.join(BUILTIN_TILESETS)}, and no such file can be read") from None
        raise
    check(schema(), data, what=what, error=TileSetError)
    return data  # type: ignore[no-any-return]


def parse_tileset(text: str | bytes, *, name: str = "custom", source: str = "<text>",
                  bundled: bool = False) -> TileSet:
    """Build a TileSet from YAML text in the tile data format (see docs/tileset-format.md).

    Any text, however broken or hostile (alias bombs, deep nesting, wrong types), gives a
    TileSetError with a short message. ``bundled`` marks the package's own files, which skip the
    checks on hostile YAML and the schema (they double the start-up time of a first game)."""
    source = clip(source, 120)  # echoed in every message
    if bundled:
        return tileset_from_data(yaml.load(text, Loader=_SafeLoader), name=name, source=source)  # noqa: S506
    if isinstance(text, bytes):
        text = decode(text, what=source, error=TileSetError)
    data = parse_yaml(text, what=source, error=TileSetError)
    check(schema(), data, what=source, error=TileSetError)
    return tileset_from_data(data, name=name, source=source)


def tileset_from_data(data: Mapping[str, Any], *, name: str = "custom", source: str = "tile set") -> TileSet:
    """Build a TileSet from data that passed the schema: the checks of each tile and of the set."""
    tiles = [_tile_from(raw) for raw in data["tiles"]]
    by_id: dict[int, Tile] = {}
    for t in tiles:
        if t.id in by_id:
            raise TileSetError(f"{source}: tile id {t.id} appears twice")
        by_id[t.id] = t
    starts = [t for t in tiles if t.kind == "start"]
    if len(starts) != 1:
        raise TileSetError(f"{source}: expected exactly one start tile, found {len(starts)}")
    regular = tuple(t for t in tiles if t.kind == "normal")
    extra_kinds = {t.kind for t in tiles} - {"start", "normal"}
    if len(extra_kinds) > 1:
        raise TileSetError(f"{source}: mixes menhir and bonus tiles; a set has one extra pile")
    extra_kind = extra_kinds.pop() if extra_kinds else "menhir"
    extra = tuple(t for t in tiles if t.kind == extra_kind)
    totals = data.get("totals")
    if isinstance(totals, dict):
        counts = {"tiles": len(tiles), "start": 1, "normal": len(regular), extra_kind: len(extra)}
        for key, expected in totals.items():
            if key in counts and counts[key] != expected:
                raise TileSetError(f"{source}: totals say {expected} {key} tiles, the file has {counts[key]}")
    if not regular:
        raise TileSetError(f"{source}: no regular (kind: normal) tiles")
    node_features: list[Feature] = []
    node_tiles: list[Tile] = []
    for t in tiles:
        object.__setattr__(t, "node_base", len(node_features))
        node_features.extend(t.features)
        node_tiles.extend([t] * len(t.features))
    return TileSet(name, tuple(tiles), starts[0], regular, extra, extra_kind, by_id, source,
                   tuple(node_features), tuple(node_tiles))


#: the bundled tile sets, built once
_cache: dict[str, TileSet] = {}


def load_tileset(name_or_path: str | PurePath | Mapping[str, Any]) -> TileSet:
    """A built-in tile set by edition name (``"2020"``, ``"classic"``), or one from a YAML file or
    a mapping (as :func:`read_tileset` gives)."""
    if isinstance(name_or_path, str) and name_or_path in BUILTIN_TILESETS:
        key = name_or_path
        if key not in _cache:
            text = (resources.files(__package__) / "data" / BUILTIN_TILESETS[key]).read_text("utf-8")
            _cache[key] = parse_tileset(text, name=key, source=BUILTIN_TILESETS[key], bundled=True)
        return _cache[key]
    if isinstance(name_or_path, (str, PurePath)):
        label = clip(str(name_or_path), 120)
        name = PurePath(label).stem[:60] or "custom"
    else:
        label, name = "tile set", "custom"
    return tileset_from_data(read_tileset(name_or_path), name=name, source=label)
