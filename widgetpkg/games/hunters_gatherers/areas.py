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

from .tiles import Feature, Orientation

if TYPE_CHECKING:
    from .game import HuntersGatherers

Cell = tuple[int, int]
OFFSETS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W neighbours
NO_ANIMALS = (0, 0, 0, 0)
_NO_NODES: frozenset[int] = frozenset()


class Area:
    """What one connected forest, river, meadow, lake or river system holds (read-only).

    ``cells`` are the tiles of a forest or river (what they score by); meadows and river
    systems leave it empty because copying their large sets on every merge would dominate the
    engine's cost (``cells_of`` finds them when asked). ``specials`` lists ``(name, cell)`` for
    menhirs, mushrooms, gold and the special tiles; ``figures`` lists the nodes that carry a
    figure of the kind this partition cares about.
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
                    self.cells | other.cells if self.cells else self.cells,
                    self.fish + other.fish, self.lakes | other.lakes if other.lakes else self.lakes,
                    (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]) if b is not NO_ANIMALS else a,
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


def _specials(feature: Feature, cell: Cell) -> tuple[tuple[str, Cell], ...]:
    if feature.special is None and feature.kind in (None, "plain"):
        return ()
    return tuple((n, cell) for n in (feature.special, feature.kind) if n not in (None, "plain"))


def cells_by_root(game: HuntersGatherers, parents: list[int]) -> dict[int, set[Cell]]:
    """The tiles of every area or system, by one scan of the nodes (for scoring details and display)."""
    groups: dict[int, set[Cell]] = {}
    for node, cell in enumerate(game._node_cell):
        groups.setdefault(find(parents, node), set()).add(cell)
    return groups


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
    tile = orientation.tile
    features = tile.features
    base = len(game._node_feature)
    count = len(features)
    nodes = range(base, base + count)
    game._extend("_node_feature", features)
    game._extend("_node_cell", (cell,) * count)
    game._extend("_parent", nodes)
    game._extend("_sys_parent", nodes)
    cells = frozenset((cell,))
    no_cells: frozenset[Cell] = frozenset()
    segment_fish = game.rules.river_segment_fish
    areas: list[Area] = []
    systems: list[Area | None] = []
    for index, f in enumerate(features):
        kind = f.type
        fish = f.fish if kind == "lake" or segment_fish else 0
        lake_indices = tile.lake_indices[index]
        lakes = frozenset([base + i for i in lake_indices]) if lake_indices else _NO_NODES
        specials = _specials(f, cell)
        tracked = cells if kind == "forest" or kind == "river" else no_cells
        areas.append(Area(kind, 1, orientation.sides_touched[index], tracked, fish, lakes,
                          tile.animal_counts[index], specials, ()))
        if kind == "river" or kind == "lake":
            system_lakes = frozenset((base + index,)) if kind == "lake" else _NO_NODES
            systems.append(Area("system", 1, 0, no_cells, fish, system_lakes, NO_ANIMALS, specials, ()))
        else:
            systems.append(None)
    game._extend("_area", areas)
    game._extend("_system", systems)
    for index, lake_indices in enumerate(tile.lake_indices):
        for lake in lake_indices:
            _union(game, "_sys_parent", "_system", base + index, base + lake, 0)
    board = game._board
    x, y = cell
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
            _union(game, "_parent", "_area", a, b, 0 if kind == "meadow" else 2)
            if kind == "river":
                _union(game, "_sys_parent", "_system", a, b, 0)
    return base
