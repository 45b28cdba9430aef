"""The feature graph as incremental union-find.

Every feature of every tile in the set is a *node* (an int, ``tile.node_base + feature index``),
numbered once per tile set: a physical tile is placed at most once, so its nodes and their
starting records never depend on where it goes. Two partitions of the nodes are kept:

- ``areas``: forests, rivers and meadows (lakes stay alone), joined across matching edges;
- ``systems``: rivers and lakes, joined inside a tile where a river flows into a lake (done once,
  in the starting tables) and across edges where rivers meet. A river system is what huts, the
  logboat and the raft count.

Each root carries an immutable ``Area`` record with everything the rules ask about, so a
question such as "is this forest complete" costs one ``find``. Records are replaced, never
changed, which makes them safe to share between a game, its clones and the starting tables.
No path compression: union by size keeps ``find`` short and lets undo restore a parent pointer
with one write. Placing a tile costs only the unions across its edges.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .tiles import Orientation, TileSet

if TYPE_CHECKING:
    from .game import HuntersGatherers

Cell = tuple[int, int]
OFFSETS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W neighbours
NO_ANIMALS = (0, 0, 0, 0)
_NONE: frozenset[int] = frozenset()


class Area:
    """What one connected forest, river, meadow, lake or river system holds (read-only).

    ``tiles`` are the ids of the tiles it spans. ``lakes`` are lake nodes: those
    closing a river, or all of a system's. ``specials`` lists ``(name, tile id)`` for menhirs,
    gold, mushrooms and the special powers; ``figures`` lists the nodes that carry a figure of
    the kind this partition cares about.
    """

    __slots__ = ("kind", "size", "open_ends", "tiles", "fish", "lakes", "animals", "specials", "figures")

    def __init__(self, kind: str, size: int, open_ends: int, tiles: frozenset[int], fish: int,
                 lakes: frozenset[int], animals: tuple[int, int, int, int],
                 specials: tuple[tuple[str, int], ...], figures: tuple[int, ...]) -> None:
        self.kind = kind
        self.size = size
        self.open_ends = open_ends
        self.tiles = tiles
        self.fish = fish
        self.lakes = lakes
        self.animals = animals
        self.specials = specials
        self.figures = figures

    def merged(self, other: Area, closed_ends: int) -> Area:
        a, b = self.animals, other.animals
        return Area(self.kind, self.size + other.size, self.open_ends + other.open_ends - closed_ends,
                    self.tiles | other.tiles,
                    self.fish + other.fish, self.lakes | other.lakes if other.lakes else self.lakes,
                    (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]) if b is not NO_ANIMALS else a,
                    self.specials + other.specials, self.figures + other.figures)

    def changed(self, *, open_ends: int | None = None, animals: tuple[int, int, int, int] | None = None,
                figures: tuple[int, ...] | None = None) -> Area:
        return Area(self.kind, self.size, self.open_ends if open_ends is None else open_ends, self.tiles,
                    self.fish, self.lakes, self.animals if animals is None else animals,
                    self.specials, self.figures if figures is None else figures)

    def count(self, special: str) -> int:
        return sum(1 for name, _ in self.specials if name == special)

    @property
    def complete(self) -> bool:
        return self.open_ends == 0


def find(parent: list[int], node: int) -> int:
    while True:
        up = parent[node]
        if up == node:
            return node
        node = up


@cache
def starting_tables(tileset: TileSet, segment_fish: bool) -> tuple[tuple, tuple, tuple, tuple]:
    """Parents and records of every node before any union across edges (rivers already joined
    to their lakes inside each tile). Cached per tile set: a game starts from copies."""
    parent: list[int] = []
    areas: list[Area] = []
    systems: list[Area | None] = []
    for tile in tileset.tiles:
        base = tile.node_base
        rotation = tile.rotations[0]  # how many sides a feature reaches does not depend on rotation
        one = frozenset((tile.id,))
        for index, f in enumerate(tile.features):
            node = base + index
            kind = f.type
            fish = f.fish if kind == "lake" or segment_fish else 0
            lakes = frozenset(base + i for i in tile.lake_indices[index]) if kind == "river" else _NONE
            specials = tuple((name, tile.id) for name in (f.special, f.kind) if name not in (None, "plain"))
            parent.append(node)
            areas.append(Area(kind, 1, rotation.sides_touched[index], one, fish, lakes, tile.animal_counts[index],
                              specials, ()))
            systems.append(Area("system", 1, 0, one, fish, frozenset((node,)) if kind == "lake" else _NONE,
                                NO_ANIMALS, specials, ()) if kind in ("river", "lake") else None)
    sys_parent = list(parent)
    for tile in tileset.tiles:
        for index, lake_indices in enumerate(tile.lake_indices):
            for lake in lake_indices:
                river_root = find(sys_parent, tile.node_base + index)
                lake_root = find(sys_parent, tile.node_base + lake)
                if river_root != lake_root:
                    sys_parent[lake_root] = river_root
                    river, lake_area = systems[river_root], systems[lake_root]
                    assert river is not None and lake_area is not None  # rivers and lakes have systems
                    systems[river_root] = river.merged(lake_area, 0)
    return tuple(parent), tuple(sys_parent), tuple(areas), tuple(systems)


def _union(game: HuntersGatherers, parents: str, records: str, a: int, b: int, closed_ends: int) -> None:
    parent = getattr(game, parents)
    ra, rb = find(parent, a), find(parent, b)
    table = getattr(game, records)
    journal = game._journal  # written directly: this is the engine's hottest loop
    assert journal is not None, "areas change only while an action is applied"
    if ra == rb:  # a loop: the connection still closes two open ends
        if closed_ends:
            journal.append(("put", records, ra, table[ra]))
            table[ra] = table[ra].changed(open_ends=table[ra].open_ends - closed_ends)
        return
    big, small = table[ra], table[rb]
    if big.size < small.size:
        ra, rb, big, small = rb, ra, small, big
    journal.append(("put", parents, rb, rb))
    parent[rb] = ra
    journal.append(("put", records, ra, big))
    table[ra] = big.merged(small, closed_ends)


def join_tile(game: HuntersGatherers, cell: Cell, orientation: Orientation) -> None:
    """Join the features of a tile placed on ``cell`` to those of its neighbours."""
    features = orientation.tile.features
    base = orientation.tile.node_base
    board = game._board
    x, y = cell
    for side, (dx, dy) in enumerate(OFFSETS):
        neighbour = board.get((x + dx, y + dy))
        if neighbour is None:
            continue
        neighbour_base = neighbour.tile.node_base
        facing = neighbour.parts[(side + 2) % 4]
        for part, index in orientation.links[side]:
            a, b = base + index, neighbour_base + facing[2 - part]
            kind = features[index].type
            _union(game, "_parent", "_area", a, b, 0 if kind == "meadow" else 2)
            if kind == "river":
                _union(game, "_sys_parent", "_system", a, b, 0)
