"""The feature graph as incremental union-find.

Every feature of every placed tile is a *node* (an int). Two partitions of the nodes are kept:

- ``areas``: forests, rivers and meadows (lakes stay alone), joined across matching edges;
- ``systems``: rivers and lakes, joined inside a tile where a river flows into a lake and across
  edges where rivers meet. A river system is what huts, the logboat and the raft count.

Each root carries an immutable ``Area`` record with everything the rules ask about, so a
question such as "is this forest complete" costs one ``find``. Records are replaced, never
changed, which makes them safe to share between a game and its clones. No path compression:
union by size keeps ``find`` short and lets undo restore a parent pointer with one write.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tiles import ANIMALS, Feature, Orientation

if TYPE_CHECKING:
    from .game import HuntersGatherers

Cell = tuple[int, int]
OFFSETS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W neighbours
NO_ANIMALS = (0, 0, 0, 0)


class Area:
    """What one connected forest, river, meadow, lake or river system holds (read-only).

    ``specials`` lists ``(name, cell)`` for menhirs, mushrooms, gold and the special tiles;
    ``figures`` lists the nodes that carry a figure of the kind this partition cares about.
    """

    __slots__ = ("kind", "size", "open_ends", "cells", "fish", "lakes", "animals", "specials", "figures")

    def __init__(self, kind: str, size: int, open_ends: int, cells: frozenset[Cell], fish: int,
                 lakes: frozenset[int], animals: tuple[int, int, int, int],
                 specials: tuple[tuple[str, Cell], ...], figures: tuple[int, ...]) -> None:
        self.kind = kind
        self.size = size
        self.open_ends = open_ends
        self.cells = cells
        self.fish = fish
        self.lakes = lakes
        self.animals = animals
        self.specials = specials
        self.figures = figures

    def merged(self, other: Area, closed_ends: int) -> Area:
        a, b = self.animals, other.animals
        return Area(self.kind, self.size + other.size, self.open_ends + other.open_ends - closed_ends,
                    self.cells | other.cells, self.fish + other.fish, self.lakes | other.lakes,
                    (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]),
                    self.specials + other.specials, self.figures + other.figures)

    def changed(self, *, open_ends: int | None = None, animals: tuple[int, int, int, int] | None = None,
                figures: tuple[int, ...] | None = None) -> Area:
        return Area(self.kind, self.size, self.open_ends if open_ends is None else open_ends, self.cells,
                    self.fish, self.lakes, self.animals if animals is None else animals,
                    self.specials, self.figures if figures is None else figures)

    def count(self, special: str) -> int:
        return sum(1 for name, _ in self.specials if name == special)

    @property
    def complete(self) -> bool:
        return self.open_ends == 0


def animal_counts(animals: tuple[str, ...]) -> tuple[int, int, int, int]:
    return tuple(animals.count(a) for a in ANIMALS)  # type: ignore[return-value]


def _specials(feature: Feature, cell: Cell) -> tuple[tuple[str, Cell], ...]:
    names = [n for n in (feature.special, feature.kind) if n not in (None, "plain")]
    return tuple((n, cell) for n in names)


def find(parent: list[int], node: int) -> int:
    while True:
        up = parent[node]
        if up == node:
            return node
        node = up


def _union(game: HuntersGatherers, parents: str, records: str, a: int, b: int, closed_ends: int) -> None:
    parent = getattr(game, parents)
    ra, rb = find(parent, a), find(parent, b)
    table = getattr(game, records)
    if ra == rb:  # a loop: the connection still closes two open ends
        if closed_ends:
            game._put(records, ra, table[ra].changed(open_ends=table[ra].open_ends - closed_ends))
        return
    big, small = table[ra], table[rb]
    if big.size < small.size:
        ra, rb, big, small = rb, ra, small, big
    game._put(parents, rb, ra)
    game._put(records, ra, big.merged(small, closed_ends))


def add_tile(game: HuntersGatherers, cell: Cell, orientation: Orientation) -> int:
    """Create the nodes of a newly placed tile and join them to its neighbours; return the first node."""
    base = len(game._node_feature)
    x, y = cell
    cells = frozenset((cell,))
    empty: frozenset[int] = frozenset()
    features = orientation.tile.features
    for index, f in enumerate(features):
        node = base + index
        game._append("_node_feature", f)
        game._append("_node_cell", cell)
        game._append("_parent", node)
        game._append("_sys_parent", node)
        kind = f.type
        open_ends = len(orientation.side_of(index)) if kind in ("forest", "river") else 0
        fish = f.fish if kind == "lake" or game.rules.river_segment_fish else 0
        lakes = frozenset(base + orientation.tile.feature_index(l) for l in f.ends_at) if f.ends_at else empty
        specials = _specials(f, cell)
        animals = animal_counts(f.animals) if f.animals else NO_ANIMALS
        game._put("_area", node, Area(kind, 1, open_ends, cells, fish, lakes, animals, specials, ()))
        if kind in ("river", "lake"):
            system_lakes = frozenset((node,)) if kind == "lake" else empty
            game._put("_system", node, Area("system", 1, 0, cells, fish, system_lakes, NO_ANIMALS, specials, ()))
    for index, f in enumerate(features):
        for lake in f.ends_at:
            _union(game, "_sys_parent", "_system", base + index, base + orientation.tile.feature_index(lake), 0)
    board = game._board
    for side, (dx, dy) in enumerate(OFFSETS):
        neighbour_cell = (x + dx, y + dy)
        neighbour = board.get(neighbour_cell)
        if neighbour is None:
            continue
        neighbour_base = game._tile_base[neighbour_cell]
        facing = neighbour.parts[(side + 2) % 4]
        for part, index in orientation.links[side]:
            a, b = base + index, neighbour_base + facing[2 - part]
            kind = features[index].type
            _union(game, "_parent", "_area", a, b, 2 if kind != "meadow" else 0)
            if kind == "river":
                _union(game, "_sys_parent", "_system", a, b, 0)
    return base
