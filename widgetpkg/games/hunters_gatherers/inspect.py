"""The feature graph as readable objects: areas, what they hold and what they are worth now.

``AreaView`` is a snapshot for people (notebooks, the inspector widget, docs): tiles and
features by board position, animals after tigers, fire and traps, occupants by player, and the
scoring equation of the area right now. Forests and rivers are valued as if completed now (an
incomplete one scores nothing at the end, ``complete`` tells which); grasslands and river systems
as final scoring would value them now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import scoring, words
from .areas import Cell, find
from .tiles import ANIMALS, Tile

if TYPE_CHECKING:
    from .game import HuntersGatherers

FeatureRef = tuple[int, int, str]  # (x, y, feature id)
KINDS = ("forest", "river", "meadow", "lake", "system")


@dataclass(frozen=True)
class AreaView:
    """One connected forest, river, meadow (grassland), lake, or river system."""

    kind: str
    key: FeatureRef  # its first feature, north to south, west to east: a stable name
    features: tuple[FeatureRef, ...]
    cells: tuple[Cell, ...]
    open_ends: int | None  # forests and rivers: edges still open (0 = complete)
    fish: int
    lakes: int
    animals: dict[str, int]  # uncovered animals on it (before tigers eat deer)
    specials: tuple[str, ...]  # menhir, gold, mushrooms and special powers it holds
    occupants: dict[str, int]  # figures by player: gatherers, fishers, hunters or huts
    scorers: tuple[str, ...]
    points: int
    equation: str
    systems: tuple[FeatureRef, ...] = field(default=())  # rivers and lakes: the river system they belong to

    @property
    def complete(self) -> bool:
        return self.open_ends == 0

    @property
    def name(self) -> str:
        """The area in a player's words: "the grassland north of the start tile"."""
        return words.area_name(self.kind, self.cells)

    @property
    def state(self) -> str:
        """How big it is and, for a forest or river, how far from complete: "3 tiles, 2 open ends"."""
        size = words.count(len(self.cells), "tile")
        if self.open_ends is None:
            return size
        return f"{size}, complete" if self.complete else f"{size}, {words.count(self.open_ends, 'open end')}"

    def __str__(self) -> str:
        """The area in plain words, as the inspector and the hovers read it.

        >>> import widgetpkg as wp
        >>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
        >>> print(g.area_at(0, 0, "m2"))
        The grassland on the start tile (1 tile): worth nothing at the end: no animals to hunt; nobody holds it
        """
        worth = words.worth_sentence(self)
        return f"{words.sentence(self.name)} ({self.state}): {worth[:1].lower()}{worth[1:]}"


def _feature_ref(game: HuntersGatherers, node: int) -> FeatureRef:
    x, y = game._cell_of(node)
    return (x, y, game._node_feature[node].id)


def _placed_nodes(game: HuntersGatherers) -> list[int]:
    nodes: list[int] = []
    for cell in sorted(game._board, key=lambda c: (c[1], c[0])):
        tile = game._board[cell].tile
        nodes.extend(range(tile.node_base, tile.node_base + len(tile.features)))
    return nodes


def _groups(game: HuntersGatherers) -> dict[tuple[str, int], list[int]]:
    """Nodes of every area and system, keyed by (partition, root), in board order."""
    groups: dict[tuple[str, int], list[int]] = {}
    for node in _placed_nodes(game):
        groups.setdefault(("area", find(game._parent, node)), []).append(node)
        if game._system[node] is not None:
            groups.setdefault(("system", find(game._sys_parent, node)), []).append(node)
    return groups


def _system_keys(game: HuntersGatherers, groups: dict[tuple[str, int], list[int]]) -> dict[int, FeatureRef]:
    return {root: _feature_ref(game, nodes[0]) for (partition, root), nodes in groups.items() if partition == "system"}


def _view(game: HuntersGatherers, partition: str, root: int, nodes: list[int],
          system_keys: dict[int, FeatureRef] | None = None) -> AreaView:
    area = game._system[root] if partition == "system" else game._area[root]
    assert area is not None
    kind = area.kind
    if kind == "forest":
        valuation = scoring.value_forest(game, area)
    elif kind == "river":
        valuation = scoring.value_river(game, area)
    elif kind == "meadow":
        valuation = scoring.value_meadow(game, root, area)
    elif kind == "system":
        valuation = scoring.value_system(game, area)
    else:  # a lake alone: worth nothing by itself, its fish count in rivers and systems
        valuation = scoring.Valuation("lake", (), ())
    occupants: dict[str, int] = {}
    for n in area.figures:
        player = game._figures[n][0]
        occupants[player] = occupants.get(player, 0) + 1
    systems: tuple[FeatureRef, ...] = ()
    if kind in ("river", "lake"):
        sys_root = find(game._sys_parent, nodes[0])
        if system_keys is None:
            system_keys = {sys_root: _feature_ref(game, _system_nodes(game, sys_root)[0])}
        systems = (system_keys[sys_root],)
    lakes = len(area.lakes) if kind in ("river", "system") else int(kind == "lake")
    return AreaView(
        kind=kind, key=_feature_ref(game, nodes[0]), features=tuple(_feature_ref(game, n) for n in nodes),
        cells=tuple(sorted({game._cell_of(n) for n in nodes}, key=lambda c: (c[1], c[0]))),
        open_ends=area.open_ends if kind in ("forest", "river") else None,
        fish=area.fish + (sum(game._node_feature[lk].fish for lk in area.lakes) if kind == "river" else 0),
        lakes=lakes, animals=dict(zip(ANIMALS, area.animals)), specials=tuple(name for name, _ in area.specials),
        occupants={p: occupants[p] for p in game.players if p in occupants},
        scorers=valuation.scorers, points=valuation.points,
        equation=" + ".join(str(t) for t in valuation.terms if t.count) or "nothing", systems=systems,
    )


def _system_nodes(game: HuntersGatherers, root: int) -> list[int]:
    return [n for n in _placed_nodes(game) if game._system[n] is not None and find(game._sys_parent, n) == root]


def areas(game: HuntersGatherers, kind: str | None = None) -> list[AreaView]:
    """Every area on the board (or those of one kind), in board order of their first feature."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    groups = _groups(game)
    keys = _system_keys(game, groups)
    views = [_view(game, partition, root, nodes, keys) for (partition, root), nodes in groups.items()]
    return [v for v in views if kind is None or v.kind == kind]


def area_at(game: HuntersGatherers, x: int, y: int, feature: str, *, system: bool = False) -> AreaView:
    """The area holding feature ``feature`` of the tile at (x, y); its river system with ``system``."""
    try:
        node = game.node(x, y, feature)
    except KeyError as error:
        raise ValueError(str(error.args[0])) from None
    if system:
        if game._system[node] is None:
            raise ValueError(f"{feature} at ({x}, {y}) is not a river or lake, so it has no river system")
        root = find(game._sys_parent, node)
        return _view(game, "system", root, _system_nodes(game, root))
    root = find(game._parent, node)
    nodes = [n for n in _placed_nodes(game) if find(game._parent, n) == root]
    return _view(game, "area", root, nodes)


def _border_features(tile: Tile, rotation: int) -> list[int]:
    """Feature indices around the tile's border, clockwise from the north-west corner."""
    parts = tile.rotations[rotation].parts
    return [parts[side][part] for side in range(4) for part in range(3)]


def feature_graph(game: HuntersGatherers) -> Any:
    """A networkx Graph: a node per area (keyed like ``AreaView.key``) with its view's fields as
    attributes; an edge where two areas of different kinds touch (a grassland along a forest or a
    river, a river flowing into a lake). River systems are not nodes: each river and lake names
    its system in the ``systems`` attribute. Needs networkx
    (``pip install widgetpkg[graph]``)."""
    try:
        import networkx as nx
    except ImportError:  # an optional extra
        raise ImportError("feature_graph needs networkx: pip install 'widgetpkg[graph]'") from None
    graph = nx.Graph()
    key_of: dict[int, FeatureRef] = {}
    groups = _groups(game)
    system_keys = _system_keys(game, groups)
    for (partition, root), nodes in groups.items():
        if partition == "system":
            continue
        view = _view(game, partition, root, nodes, system_keys)
        graph.add_node(view.key, **{k: getattr(view, k) for k in view.__dataclass_fields__ if k != "key"})
        key_of.update(dict.fromkeys(nodes, view.key))
    for orientation in game._board.values():
        tile = orientation.tile
        base = tile.node_base
        ring = _border_features(tile, orientation.rotation)
        pairs = {(ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring))}
        pairs |= {(i, lake) for i, lakes in enumerate(tile.lake_indices) for lake in lakes}
        for a, b in pairs:
            ka, kb = key_of[base + a], key_of[base + b]
            if ka != kb and graph.nodes[ka]["kind"] != graph.nodes[kb]["kind"]:
                graph.add_edge(ka, kb)
    return graph
