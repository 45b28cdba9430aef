"""An independent recomputation of the Hunters & Gatherers feature graph, for the random-game tests.

The engine keeps its forests, rivers, meadows and river systems incrementally (union-find in
``widgetpkg/games/hunters_gatherers/areas.py``, with precomputed rotations in ``tiles.py``). This
module knows none of that: it reads only the placed tiles (``cell -> orientation`` with ``.tile``
and ``.rotation``) and the raw tile data (``feature.touches`` as written in the YAML for the
unrotated tile, ``.ends_at``, ``.end_inside``, ``.fish``, ``.animals``, ``.kind``, ``.special``),
turns the touches itself, matches edges itself and finds the connected features by flood fill.

A feature is named ``(x, y, feature_id)``, as in the public API.

>>> rotate_touch("N-west", 90), rotate_touch("W-north", 90), rotate_touch("E", 270)
('E-north', 'N-east', 'N')
>>> facing("S-west"), facing("E-north"), facing("W")
('N-west', 'W-north', 'E')
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

Cell = tuple[int, int]
Node = tuple[int, int, str]

ANIMALS = ("mammoth", "aurochs", "deer", "tiger")
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}

# One quarter turn clockwise, written out by hand (not derived from the engine's part numbering).
QUARTER_TURN = {
    "N": "E", "E": "S", "S": "W", "W": "N",
    "N-west": "E-north", "N-east": "E-south",
    "E-north": "S-east", "E-south": "S-west",
    "S-east": "W-south", "S-west": "W-north",
    "W-south": "N-west", "W-north": "N-east",
}


def rotate_touch(touch: str, rotation: int) -> str:
    """Where an edge part of the unrotated tile lies after turning the tile ``rotation``° clockwise."""
    if rotation % 90:
        raise ValueError(f"rotation {rotation} is not a multiple of 90")
    for _ in range((rotation // 90) % 4):
        touch = QUARTER_TURN[touch]
    return touch


def facing(touch: str) -> str:
    """The edge part of the neighbouring tile that meets ``touch``.

    The side flips, the half keeps its compass name: N-west of a tile meets S-west of the tile
    above it, E-north meets W-north of the tile to the east.
    """
    side, dash, half = touch.partition("-")
    return OPPOSITE[side] + dash + half


@dataclass
class Component:
    """One connected forest, river, meadow, lake or river system, recomputed from the board."""

    kind: str  # forest | river | meadow | lake | system
    nodes: frozenset[Node]
    cells: frozenset[Cell]
    #: edge parts of the component whose neighbouring cell is empty (forests, rivers, meadows)
    open_ends: int
    #: fish printed on the component's own features (river segments and/or lakes)
    fish: int
    #: lakes a river's segments flow into (rivers); the lakes of a river system (systems)
    lakes: frozenset[Node]
    #: uncovered (mammoth, aurochs, deer, tiger) on the component's meadow features
    animals: tuple[int, int, int, int]
    #: sorted (name, cell) of every special and non-plain forest kind on the component's features
    specials: tuple[tuple[str, Cell], ...]
    #: the figures on the component that this partition cares about (meeples, or huts for systems)
    figures: tuple[Node, ...] = ()
    players: tuple[str, ...] = ()
    #: fish in the lakes that a river's segments flow into (rivers only)
    lake_fish: int = 0

    @property
    def complete(self) -> bool:
        return self.kind in ("forest", "river") and self.open_ends == 0

    def count(self, name: str) -> int:
        return sum(1 for n, _ in self.specials if n == name)


@dataclass
class FeatureGraph:
    """Every area (forests, rivers, meadows, lakes) and every river system of a board."""

    areas: list[Component]
    systems: list[Component]
    area_of: dict[Node, Component]
    system_of: dict[Node, Component]
    feature_type: dict[Node, str]
    edges: dict[Cell, dict[str, str]]  # cell -> side -> edge type after rotation


class BoardError(AssertionError):
    """The board itself is inconsistent (edges that do not match, malformed tile data)."""


def _turned_touches(orientation) -> list[tuple[object, list[str]]]:
    rotation = orientation.rotation
    return [(f, [rotate_touch(t, rotation) for t in f.touches]) for f in orientation.tile.features]


def _edge_types(cell: Cell, turned) -> dict[str, str]:
    """Side -> forest/meadow/river, read from the features that hold the bare side letter."""
    edges: dict[str, str] = {}
    for f, touches in turned:
        for t in touches:
            if "-" in t:
                continue
            if t in edges:
                raise BoardError(f"{cell}: two features hold the whole side {t}")
            edges[t] = f.type
    if set(edges) != set(STEP):
        raise BoardError(f"{cell}: sides {sorted(set(STEP) - set(edges))} are held by no feature")
    for _f, touches in turned:
        for t in touches:
            if "-" in t and edges[t[0]] != "river":
                raise BoardError(f"{cell}: half edge {t} on a {edges[t[0]]} side")
    return edges


def build(board: Mapping[Cell, object], *, covered: Iterable[Node] = (), figures: Iterable[object] = ()) -> FeatureGraph:
    """Flood-fill the feature graph of ``board``.

    ``covered`` lists meadow features whose animals a hunting trap took; ``figures`` are objects with
    ``.x .y .feature .role .player`` (meeples count on areas, huts on river systems).
    """
    covered = set(covered)
    feature_of: dict[Node, object] = {}
    contact: dict[tuple[Cell, str], Node] = {}  # (cell, rotated edge part) -> feature there
    ends_at: dict[Node, list[Node]] = {}
    edges: dict[Cell, dict[str, str]] = {}
    for cell, orientation in board.items():
        x, y = cell
        turned = _turned_touches(orientation)
        edges[cell] = _edge_types(cell, turned)
        for f, touches in turned:
            node = (x, y, f.id)
            if node in feature_of:
                raise BoardError(f"{cell}: duplicate feature id {f.id}")
            feature_of[node] = f
            for t in touches:
                if (cell, t) in contact:
                    raise BoardError(f"{cell}: {contact[cell, t]} and {node} both touch {t}")
                contact[cell, t] = node
            if f.type == "river":
                ends_at[node] = [(x, y, lake) for lake in f.ends_at]

    # links across edges; the same links feed areas and (river to river) systems
    area_links: dict[Node, set[Node]] = defaultdict(set)
    open_parts: Counter[Node] = Counter()
    for (cell, part), node in contact.items():
        dx, dy = STEP[part[0]]
        neighbour = (cell[0] + dx, cell[1] + dy)
        if neighbour not in board:
            open_parts[node] += 1
            continue
        if edges[neighbour][OPPOSITE[part[0]]] != edges[cell][part[0]]:
            raise BoardError(f"{cell} side {part[0]} is {edges[cell][part[0]]} but {neighbour} side "
                             f"{OPPOSITE[part[0]]} is {edges[neighbour][OPPOSITE[part[0]]]}")
        other = contact.get((neighbour, facing(part)))
        if other is None:
            raise BoardError(f"{cell} {part} meets nothing at {neighbour} {facing(part)}")
        if feature_of[other].type != feature_of[node].type:
            raise BoardError(f"{node} ({feature_of[node].type}) meets {other} ({feature_of[other].type})")
        area_links[node].add(other)

    system_links: dict[Node, set[Node]] = defaultdict(set)
    for node, f in feature_of.items():
        if f.type == "river":
            system_links[node] |= area_links[node]
            for lake in ends_at[node]:
                if lake not in feature_of or feature_of[lake].type != "lake":
                    raise BoardError(f"{node} ends at {lake}, which is not a lake")
                system_links[node].add(lake)
                system_links[lake].add(node)

    meeples: dict[Node, str] = {}
    huts: dict[Node, str] = {}
    for fig in figures:
        node = (fig.x, fig.y, fig.feature)
        (huts if fig.role == "hut" else meeples)[node] = fig.player

    def flood(start: Node, links: Mapping[Node, set[Node]], seen: set[Node]) -> list[Node]:
        found = [start]
        seen.add(start)
        queue = deque([start])
        while queue:
            for near in links.get(queue.popleft(), ()):
                if near not in seen:
                    seen.add(near)
                    found.append(near)
                    queue.append(near)
        return found

    def summarise(kind: str, nodes: list[Node], holders: dict[Node, str]) -> Component:
        animals = [0, 0, 0, 0]
        specials = []
        fish = 0
        lakes: set[Node] = set()
        for node in nodes:
            f = feature_of[node]
            cell = node[:2]
            fish += f.fish
            if f.type == "meadow" and node not in covered:
                for a in f.animals:
                    animals[ANIMALS.index(a)] += 1
            for name in (f.special, f.kind):
                if name not in (None, "plain"):
                    specials.append((name, cell))
            if kind == "system" and f.type == "lake":
                lakes.add(node)
            if kind == "river":
                lakes.update(ends_at[node])
        on = tuple(sorted(n for n in nodes if n in holders))
        component = Component(
            kind=kind, nodes=frozenset(nodes), cells=frozenset(n[:2] for n in nodes),
            open_ends=sum(open_parts[n] for n in nodes), fish=fish, lakes=frozenset(lakes),
            animals=tuple(animals), specials=tuple(sorted(specials)), figures=on,
            players=tuple(holders[n] for n in on),
            lake_fish=sum(feature_of[lake].fish for lake in lakes) if kind == "river" else 0,
        )
        return component

    areas: list[Component] = []
    area_of: dict[Node, Component] = {}
    seen: set[Node] = set()
    for node in sorted(feature_of):
        if node not in seen:
            component = summarise(feature_of[node].type, flood(node, area_links, seen), meeples)
            areas.append(component)
            for n in component.nodes:
                area_of[n] = component

    systems: list[Component] = []
    system_of: dict[Node, Component] = {}
    seen = set()
    for node in sorted(feature_of):
        if node not in seen and feature_of[node].type in ("river", "lake"):
            component = summarise("system", flood(node, system_links, seen), huts)
            systems.append(component)
            for n in component.nodes:
                system_of[n] = component

    return FeatureGraph(areas, systems, area_of, system_of,
                        {n: f.type for n, f in feature_of.items()}, edges)


def edges_after_turn(tile, rotation: int) -> dict[str, str]:
    """Side -> edge type of ``tile`` turned ``rotation``° clockwise, from its touches alone."""
    return _edge_types(("?", "?"), [(f, [rotate_touch(t, rotation) for t in f.touches]) for f in tile.features])

