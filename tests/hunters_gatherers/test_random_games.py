"""Seeded random games of Hunters & Gatherers, checked against invariants after every action.

Each game picks a random legal action at every step (``random.Random(seed)`` over the legal
actions sorted by ``repr``, so a game depends only on its seed). After every action:

- tiles and figures are conserved;
- the engine's incremental forests, rivers, meadows and river systems equal an independent flood
  fill of the board (``areas_from_scratch``), record by record;
- the legal actions equal what the board and supply allow, computed independently;
- completed forests and rivers scored what the rulebook says and hold no meeple once a turn ends;
- scores are the sum of the Scored events, and projected scores never fall below them;
- undo restores the exact previous state and redo gives back the same events;
- illegal actions raise IllegalActionError and change nothing;
- now and then: save/load round trips and clones are independent.

Scale with ``pytest --games N`` (games per player count); ``-m slow`` runs the long suite.
A failure names the player count, seed and action index: ``replay(players, seed, upto=index)``
rebuilds the game just before the failing action.
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from operator import attrgetter
from typing import Any

import areas_from_scratch as scratch
import pytest

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import (
    Pass,
    PlaceHut,
    PlaceMeeple,
    PlaceTile,
    RetakeMeeple,
    SetNextTile,
)
from widgetpkg.games.hunters_gatherers.areas import Area as _Area
from widgetpkg.games.hunters_gatherers.areas import find
from widgetpkg.games.hunters_gatherers.tiles import Feature
from widgetpkg.games.hunters_gatherers.tiles import Orientation as _Orientation

PLAYER_NAMES = ("Red", "Blue", "Green", "Yellow", "Violet")
PLAYER_COUNTS = (2, 3, 4, 5)
TILE_COUNT = 95
TILE_COUNTS = {"2020": TILE_COUNT, "classic": 91}   # the bundled sets, by tile-set name
MEEPLES, HUTS = 5, 3
FOREST_TILE_POINTS, MUSHROOM_POINTS, RIVER_TILE_POINTS = 2, 3, 1
ROLE_OF = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}
QUICK_GAMES = 3      # per player count in the default suite (about a minute on one core)
SLOW_GAMES = 25      # per player count in the slow suite
SAVE_EVERY = 20      # actions between save/load round trips
CLONE_EVERY = 45     # actions between clone independence checks
PROBES_PER_STEP = 2  # illegal actions tried after each action in the main games


# ---------------------------------------------------------------------------------------------
# playing
# ---------------------------------------------------------------------------------------------
def new_game(players: int, seed: int):
    return wp.new_game("hunters-gatherers", players=list(PLAYER_NAMES[:players]), edition="2020", seed=seed)


def thrifty(seed: int) -> bool:
    """Odd seeds play without hunters: hunters never come home, so uniformly random players run out
    of meeples early and rarely complete a forest or river; thrifty ones score more of them."""
    return seed % 2 == 1


def choose(g, rng: random.Random, *, no_hunters: bool = False):
    """A random legal action; sorted first so the choice never depends on dictionary order."""
    actions = sorted(g.legal_actions(), key=repr)
    if no_hunters and g.phase == "place_figure":
        actions = [a for a in actions if not (isinstance(a, PlaceMeeple)
                                              and g.board[a.x, a.y].tile.feature(a.feature).type == "meadow")]
    return rng.choice(actions)


def replay(players: int, seed: int, upto: int | None = None):
    """Rebuild a random game as the suite plays it, stopping before action number ``upto``."""
    g = new_game(players, seed)
    rng = random.Random(seed)
    step = 0
    while not g.is_over and (upto is None or step < upto):
        g.apply(choose(g, rng, no_hunters=thrifty(seed)))
        step += 1
    return g


@contextmanager
def where(text: str) -> Iterator[None]:
    """Prefix an assertion message with where in which game it failed."""
    try:
        yield
    except AssertionError as error:
        raise AssertionError(f"{text}: {error}") from error


# ---------------------------------------------------------------------------------------------
# state snapshots (for "nothing changed" and "undo restored everything")
# ---------------------------------------------------------------------------------------------
_area_fields = attrgetter(*_Area.__slots__)  # every field of an Area holds immutable values
_IMMUTABLE = {int, str, bool, float, type(None), frozenset, Feature}
_NOT_STATE = {"_history", "_redo", "_journal", "tileset", "rules", "players", "options", "seed"}


def _plain(value: Any) -> Any:
    """A deep, comparable copy: containers are copied, Area records and orientations become tuples.

    Everything else the engine stores (ints, strings, tuples, frozensets, frozen Feature records)
    is immutable and kept as it is.
    """
    kind = type(value)
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _IMMUTABLE else _area_fields(v) if type(v) is _Area else _plain(v) for v in value]
    if kind is _Area:
        return _area_fields(value)
    if kind is _Orientation:  # compares by identity; its tile and rotation say everything
        return ("orientation", value.tile.id, value.rotation)
    if kind is tuple:
        return tuple(v if type(v) in _IMMUTABLE else _plain(v) for v in value)
    return value


def snapshot(g) -> dict[str, Any]:
    """Everything a step may change: the listed containers, every other state attribute, the RNG."""
    state = {name: _plain(getattr(g, name)) for name in type(g)._containers}
    for name, value in vars(g).items():
        if name not in state and name not in _NOT_STATE:
            state[name] = value.getstate() if name == "rng" else _plain(value)
    state["public"] = (g.phase, g.current_player, getattr(g.current_tile, "id", None), g.scores,
                       len(g.history), g.is_over)
    return state


def changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Names of the snapshot entries that differ, with a short hint for small values."""
    found = []
    for name in sorted(set(before) | set(after)):
        a, b = before.get(name), after.get(name)
        if a != b:
            hint = f" ({a!r} -> {b!r})" if len(repr(a)) + len(repr(b)) < 200 else ""
            if isinstance(a, dict) and isinstance(b, dict):
                keys = [k for k in set(a) | set(b) if a.get(k) != b.get(k)]
                hint = f" (keys {sorted(keys, key=repr)[:5]})"
            found.append(name + hint)
    return found


def assert_unchanged(g, json_before: str, state_before: dict[str, Any], what: str) -> None:
    assert g.to_json() == json_before, f"{what} changed to_json()"
    diff = changed(state_before, snapshot(g))
    assert not diff, f"{what} changed the state: {diff}"


# ---------------------------------------------------------------------------------------------
# invariants (each reads the game and raises AssertionError with a reason)
# ---------------------------------------------------------------------------------------------
def check_tiles_conserved(g) -> None:
    """Placed + piles + hand + removed = the tile set (95 tiles in 2020, 91 classic), each id once."""
    placed = [o.tile.id for o in g.board.values()]
    piles = [t for ids in g.remaining_tiles().values() for t in ids]
    hand = [g.current_tile.id] if g.current_tile is not None else []
    removed = list(g.removed_tiles)
    everything = placed + piles + hand + removed
    twice = sorted(t for t, n in Counter(everything).items() if n > 1)
    assert not twice, f"tiles held twice: {twice}"
    assert sorted(everything) == sorted(g.tileset.by_id), (
        f"tiles lost: {sorted(set(g.tileset.by_id) - set(everything))}")
    assert len(everything) == TILE_COUNTS.get(g.tileset.name, len(g.tileset.by_id))
    assert sum(g.tiles_left.values()) == len(piles)
    assert (g.current_tile is not None) == (g.phase == "place_tile")


def check_figures_conserved(g) -> None:
    """Per player: meeples on board + supply = 5, huts on board + supply = 3, each on a fitting feature."""
    on_board = Counter((f.player, f.role == "hut") for f in g.figures())
    for player, supply in g.supply.items():
        assert supply.meeples >= 0 and supply.huts >= 0, f"{player} supply {supply}"
        assert on_board[player, False] + supply.meeples == MEEPLES, (
            f"{player}: {on_board[player, False]} meeples on the board + {supply.meeples} in supply")
        assert on_board[player, True] + supply.huts == HUTS, (
            f"{player}: {on_board[player, True]} huts on the board + {supply.huts} in supply")
    spots = Counter((f.x, f.y, f.feature) for f in g.figures())
    assert all(n == 1 for n in spots.values()), f"two figures on one feature: {spots}"
    for f in g.figures():
        kind = g.board[f.x, f.y].tile.feature(f.feature).type
        assert (f.role == "hut" and kind in ("river", "lake")) or ROLE_OF.get(kind) == f.role, (
            f"{f.role} of {f.player} on a {kind} at {(f.x, f.y, f.feature)}")


def feature_graph(g) -> scratch.FeatureGraph:
    return scratch.build(g.board, covered=g.covered(), figures=g.figures())


def _engine_groups(parents: list[int], nodes: dict, name_of: dict[int, tuple]) -> dict[int, frozenset]:
    """The engine's partition of the placed features ``nodes`` (name -> node), by union-find root."""
    groups: dict[int, set] = defaultdict(set)
    for name, node in nodes.items():
        root = find(parents, node)
        assert root in name_of, f"{name} has the root node {root}, which is no feature on the board"
        groups[root].add(name)
    return {root: frozenset(names) for root, names in groups.items()}


def _compare_partitions(label: str, engine: dict[int, frozenset], mine: list[scratch.Component]) -> None:
    ours = {c.nodes for c in mine}
    theirs = set(engine.values())
    if ours != theirs:
        only_engine = sorted((sorted(s) for s in theirs - ours), key=len)[:3]
        only_mine = sorted((sorted(s) for s in ours - theirs), key=len)[:3]
        raise AssertionError(f"{label} partition differs; engine only: {only_engine}; flood fill only: {only_mine}")


def _record_cells(record, cell_of_tile: dict[int, tuple]) -> frozenset | None:
    """The cells an engine record spans: it keeps tile ids (``tiles``) or cells (``cells``, maybe empty)."""
    if hasattr(record, "tiles"):
        return frozenset(cell_of_tile[t] for t in record.tiles)
    return record.cells or None


def _record_specials(record, cell_of_tile: dict[int, tuple]) -> tuple:
    """The record's specials as sorted (name, cell), whether it names the place by tile id or cell."""
    return tuple(sorted((name, cell_of_tile[where] if isinstance(where, int) else where)
                        for name, where in record.specials))


def check_areas_match(g, graph: scratch.FeatureGraph) -> None:
    """The engine's union-find areas and systems equal the flood fill, record by record."""
    node_of = {}
    for name in graph.feature_type:
        node = g.node(*name)
        assert node not in node_of.values(), f"g.node{name} = {node} is also another feature's node"
        node_of[name] = node
    name_of = {node: name for name, node in node_of.items()}
    cell_of_tile = {o.tile.id: cell for cell, o in g.board.items()}
    assert len(cell_of_tile) == len(g.board), "a tile lies on two cells"

    _compare_partitions("area", _engine_groups(g._parent, node_of, name_of), graph.areas)
    for component in graph.areas:
        record = g._area[find(g._parent, node_of[min(component.nodes)])]
        what = f"{component.kind} {sorted(component.nodes)[:4]}{'...' if len(component.nodes) > 4 else ''}"
        assert record.kind == component.kind, f"{what}: engine kind {record.kind}"
        assert record.size == len(component.nodes), f"{what}: engine size {record.size}"
        if component.kind != "meadow":  # the engine does not track a meadow's open edges
            assert record.open_ends == component.open_ends, (
                f"{what}: engine has {record.open_ends} open ends, flood fill {component.open_ends}")
        if component.kind in ("forest", "river"):
            assert record.complete == component.complete
        cells = _record_cells(record, cell_of_tile)
        if cells is not None or component.kind in ("forest", "river"):
            assert cells == component.cells, f"{what}: engine tiles {sorted(cells or ())}, flood fill {sorted(component.cells)}"
        assert record.fish == component.fish, f"{what}: engine fish {record.fish}, flood fill {component.fish}"
        engine_lakes = frozenset(name_of[n] for n in record.lakes)
        assert engine_lakes == component.lakes, f"{what}: engine lakes {sorted(engine_lakes)}, flood fill {sorted(component.lakes)}"
        assert tuple(record.animals) == component.animals, (
            f"{what}: engine animals {record.animals}, flood fill (minus covered) {component.animals}")
        specials = _record_specials(record, cell_of_tile)
        assert specials == component.specials, f"{what}: engine specials {specials}, flood fill {component.specials}"
        for name in ("menhir", "mushrooms"):
            assert record.count(name) == component.count(name)
        engine_figures = tuple(sorted(name_of[n] for n in record.figures))
        assert engine_figures == component.figures, f"{what}: engine meeples {engine_figures}, board {component.figures}"

    water = {name: node for name, node in node_of.items() if graph.feature_type[name] in ("river", "lake")}
    _compare_partitions("river system", _engine_groups(g._sys_parent, water, name_of), graph.systems)
    for name, node in node_of.items():
        if name not in water:
            assert g._sys_parent[node] == node, f"{name} is not water but joins a river system"
    for component in graph.systems:
        record = g._system[find(g._sys_parent, node_of[min(component.nodes)])]
        what = f"river system {sorted(component.nodes)[:4]}"
        assert record.size == len(component.nodes), f"{what}: engine size {record.size}"
        cells = _record_cells(record, cell_of_tile)
        if cells is not None:
            assert cells == component.cells, f"{what}: engine tiles {sorted(cells)}, flood fill {sorted(component.cells)}"
        assert record.fish == component.fish, f"{what}: engine fish {record.fish}, flood fill {component.fish}"
        engine_lakes = frozenset(name_of[n] for n in record.lakes)
        assert engine_lakes == component.lakes, f"{what}: engine lakes {sorted(engine_lakes)}, flood fill {sorted(component.lakes)}"
        specials = _record_specials(record, cell_of_tile)
        assert specials == component.specials, f"{what}: engine specials {specials}, flood fill {component.specials}"
        engine_huts = tuple(sorted(name_of[n] for n in record.figures))
        assert engine_huts == component.figures, f"{what}: engine huts {engine_huts}, board {component.figures}"


def check_no_completed_area_occupied(g, graph: scratch.FeatureGraph) -> None:
    """Once a turn is over, no completed forest or river still holds a meeple."""
    if g.phase not in ("place_tile", "over"):
        return
    for component in graph.areas:
        if component.complete and component.figures:
            raise AssertionError(f"completed {component.kind} {sorted(component.cells)} still holds "
                                 f"{list(zip(component.players, component.figures))}")
    if g.is_over:
        left = [f for f in g.figures() if f.role in ("gatherer", "fisher")]
        assert not left, f"gatherers or fishers left on the board after the game: {left}"


def check_scores_are_events(g) -> None:
    totals = Counter()
    for event in g.events():
        if isinstance(event, wp.Scored):
            assert event.points == sum(t.count * t.factor for t in event.terms)
            totals[event.player] += event.points
    assert g.scores == {p: totals[p] for p in g.players}, f"scores {g.scores}, events add up to {dict(totals)}"


def check_projection(g) -> None:
    """projected >= scores always; equal once over or with no hut or hunter on the board."""
    projected, scores = g.projected_scores(), g.scores
    assert set(projected) == set(scores)
    low = {p: (projected[p], scores[p]) for p in scores if projected[p] < scores[p]}
    assert not low, f"projected below score (projected, score): {low}"
    if g.is_over or not any(f.role in ("hut", "hunter") for f in g.figures()):
        assert projected == scores, f"projected {projected} != scores {scores} with nothing left to score"


def expected_completion_scores(graph: scratch.FeatureGraph, cell) -> Counter:
    """The rulebook's scores for the forests and rivers that the tile on ``cell`` completed."""
    expected: Counter = Counter()
    for component in {id(graph.area_of[n]): graph.area_of[n] for n in graph.area_of if n[:2] == cell}.values():
        if not (component.complete and component.figures):
            continue
        if component.kind == "forest":
            points = FOREST_TILE_POINTS * len(component.cells) + MUSHROOM_POINTS * component.count("mushrooms")
        else:
            points = RIVER_TILE_POINTS * len(component.cells) + component.fish + component.lake_fish
        counts = Counter(component.players)
        best = max(counts.values())
        for player in counts:
            if counts[player] == best:
                expected[player, component.kind, points, tuple(sorted(component.cells))] += 1
    return expected


def check_completion_scoring(g, action, events, actor: str, figures_before, cell) -> None:
    """A turn-ending action scores exactly the completed, occupied forests and rivers of the tile."""
    figures = list(figures_before)
    if isinstance(action, (PlaceMeeple, PlaceHut)):
        role = "hut" if isinstance(action, PlaceHut) else ROLE_OF[g.board[action.x, action.y].tile.feature(action.feature).type]
        figures.append(wp.hunters_gatherers.Figure(actor, role, action.x, action.y, action.feature))
    graph = scratch.build(g.board, covered=g.covered(), figures=figures)
    expected = expected_completion_scores(graph, cell)
    got = Counter((e.player, e.what, e.points, tuple(sorted(e.refs))) for e in events
                  if isinstance(e, wp.Scored) and e.what in ("forest", "river"))
    assert got == expected, f"completion scores {dict(got)}, rulebook says {dict(expected)}"


# ---------------------------------------------------------------------------------------------
# independent legality
# ---------------------------------------------------------------------------------------------
_edge_cache: dict[tuple[int, int], dict[str, str]] = {}


def _edges(tile, rotation: int) -> dict[str, str]:
    key = (tile.id, rotation)
    if key not in _edge_cache:
        _edge_cache[key] = scratch.edges_after_turn(tile, rotation)
    return _edge_cache[key]


def expected_placements(g) -> set:
    """Every (cell, rotation) where the tile in hand matches all its neighbours, from the board alone."""
    board, tile = g.board, g.current_tile
    empty_neighbours = {(x + dx, y + dy) for (x, y) in board for dx, dy in scratch.STEP.values()} - set(board)
    found = set()
    for cell in empty_neighbours:
        for rotation in (0, 90, 180, 270):
            mine = _edges(tile, rotation)
            if all(_edges(board[n].tile, board[n].rotation)[scratch.OPPOSITE[side]] == mine[side]
                   for side, (dx, dy) in scratch.STEP.items()
                   if (n := (cell[0] + dx, cell[1] + dy)) in board):
                found.add(PlaceTile(cell[0], cell[1], rotation))
    return found


def expected_figure_actions(g, graph: scratch.FeatureGraph) -> set:
    x, y = g.last_placed[-1]
    supply = g.supply[g.current_player]
    found: set = {Pass()}
    for f in g.board[x, y].tile.features:
        node = (x, y, f.id)
        if f.type != "lake" and supply.meeples and not graph.area_of[node].figures:
            found.add(PlaceMeeple(x, y, f.id))
        if f.type in ("river", "lake") and supply.huts and not graph.system_of[node].figures:
            found.add(PlaceHut(x, y, f.id))
    return found


def check_legal_actions(g, graph: scratch.FeatureGraph) -> None:
    """legal_actions() is exactly what the board, the phase and the supply allow."""
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal), f"duplicate legal actions: {[a for a, n in Counter(legal).items() if n > 1]}"
    legal = set(legal)
    if g.phase == "place_tile":
        expected = expected_placements(g)
    elif g.phase == "place_figure":
        expected = expected_figure_actions(g, graph)
    elif g.phase == "retake_meeple":
        expected = {RetakeMeeple(f.x, f.y, f.feature) for f in g.figures()
                    if f.player == g.current_player and f.role != "hut"}
        assert expected, "retake_meeple with no meeple of the current player on the board"
    else:
        assert g.phase == "over", f"unknown phase {g.phase!r}"
        expected = set()
    assert legal == expected, (f"{g.phase}: engine offers {sorted(legal - expected, key=repr)[:5]} that should not be legal "
                               f"and misses {sorted(expected - legal, key=repr)[:5]}")
    if g.phase == "place_tile":
        assert legal, "a tile in hand with nowhere to go"


# ---------------------------------------------------------------------------------------------
# illegal actions
# ---------------------------------------------------------------------------------------------
def illegal_probes(g, graph: scratch.FeatureGraph) -> list[tuple[str, Any]]:
    """Labelled actions that the rules forbid right now (none of them is in legal_actions)."""
    board = g.board
    xs, ys = [c[0] for c in board], [c[1] for c in board]
    far = (max(xs) + 2, min(ys) - 2)
    any_cell = min(board)
    legal = set(g.legal_actions())
    # a cell where a tile could go (legal now in place_tile, in another phase the wrong moment)
    free = min(legal, key=repr) if g.phase == "place_tile" else PlaceTile(*min(g.frontier), 0)
    some_tile = PlaceTile(free.x, free.y, free.rotation)
    probes: list[tuple[str, Any]] = [
        ("not an action", ("PlaceTile", 0, 1, 0)),
        ("not an action", None),
        ("setup action that cannot apply", SetNextTile(-1)),
    ]
    figures_elsewhere = [("figure on a tile other than the last placed", cls(x, y, f.id))
                         for (x, y), o in sorted(board.items())[:3] for f in o.tile.features[:2]
                         for cls in (PlaceMeeple, PlaceHut)]
    if g.phase == "over":
        probes += [("game over", a) for a in (some_tile, Pass(), PlaceMeeple(0, 0, "m0"), PlaceHut(0, 0, "r3"),
                                               RetakeMeeple(0, 0, "f1"), PlaceTile(*far, 0))]
        return probes
    if g.phase == "place_tile":
        probes += [
            ("tile on an occupied cell", PlaceTile(*any_cell, 0)),
            ("tile on an occupied cell", PlaceTile(0, 0, 90)),
            ("tile not next to the landscape", PlaceTile(*far, 0)),
            ("rotation 45", PlaceTile(some_tile.x, some_tile.y, 45)),
            ("rotation -90", PlaceTile(some_tile.x, some_tile.y, -90)),
            ("rotation 360", PlaceTile(some_tile.x, some_tile.y, 360)),
            ("figure during place_tile", PlaceMeeple(*any_cell, board[any_cell].tile.features[0].id)),
            ("figure during place_tile", PlaceHut(0, 0, "r3")),
            ("pass during place_tile", Pass()),
            ("retake during place_tile", RetakeMeeple(0, 0, "f1")),
        ]
        probes += [("non-matching rotation", PlaceTile(x, y, r)) for (x, y) in g.frontier for r in (0, 90, 180, 270)
                   if PlaceTile(x, y, r) not in legal][:6]
        return probes
    if g.phase == "retake_meeple":
        mine = {(f.x, f.y, f.feature) for f in g.figures() if f.player == g.current_player and f.role != "hut"}
        probes += [("pass before retaking", Pass()), ("tile during retake", some_tile)]
        probes += [("retake a figure not one's own meeple", RetakeMeeple(f.x, f.y, f.feature))
                   for f in g.figures() if (f.x, f.y, f.feature) not in mine]
        probes += [("retake from an empty feature", RetakeMeeple(0, 0, f.id))
                   for f in board[0, 0].tile.features if (0, 0, f.id) not in mine and (0, 0, f.id) not in
                   {(f2.x, f2.y, f2.feature) for f2 in g.figures()}][:2]
        probes += [("figure before retaking", a) for a in sorted(expected_figure_actions(g, graph) - {Pass()}, key=repr)[:2]]
        return probes
    # place_figure
    x, y = g.last_placed[-1]
    player = g.current_player
    supply = g.supply[player]
    probes += [("tile during place_figure", some_tile), ("retake outside the shaman", RetakeMeeple(x, y, "m0"))]
    probes += [(label, action) for label, action in figures_elsewhere if (action.x, action.y) != (x, y)]
    probes += [("feature that does not exist", PlaceMeeple(x, y, "zz")), ("feature that does not exist", PlaceHut(x, y, "f9"))]
    for f in board[x, y].tile.features:
        node = (x, y, f.id)
        meeple, hut = PlaceMeeple(x, y, f.id), PlaceHut(x, y, f.id)
        if f.type == "lake":
            probes.append(("meeple on a lake", meeple))
        elif not supply.meeples:
            probes.append(("meeple with none left", meeple))
        elif graph.area_of[node].figures:
            probes.append((f"meeple on an occupied {f.type}", meeple))
        if f.type not in ("river", "lake"):
            probes.append((f"hut on a {f.type}", hut))
        elif not supply.huts:
            probes.append(("hut with none left", hut))
        elif graph.system_of[node].figures:
            probes.append(("hut on a river system with a hut", hut))
    return probes


def check_illegal(g, action, label: str, json_before: str, state_before: dict) -> None:
    if isinstance(action, wp.Action) and not isinstance(action, SetNextTile):
        assert action not in set(g.legal_actions()), f"{label}: {action} is offered by legal_actions()"
    with pytest.raises(wp.IllegalActionError):
        g.apply(action)
    assert_unchanged(g, json_before, state_before, f"illegal {label} {action}")


# ---------------------------------------------------------------------------------------------
# undo/redo, save/load, clone
# ---------------------------------------------------------------------------------------------
def apply_with_undo_check(g, action, json_before: str, state_before: dict):
    """Apply, undo (must restore everything), redo (must give the same events).

    Returns the events and the JSON and snapshot after the action.
    """
    legal_before = set(g.legal_actions())
    events = g.apply(action)
    json_after, state_after = g.to_json(), snapshot(g)
    assert g.can_redo is False
    assert g.undo() == action, "undo returned another action"
    assert_unchanged(g, json_before, state_before, f"apply+undo of {action}")
    assert set(g.legal_actions()) == legal_before, "undo changed the legal actions"
    assert g.can_redo
    redone = g.redo()
    # the order is checked on its own in test_redo_gives_the_same_events_in_the_same_order
    assert Counter(map(repr, redone)) == Counter(map(repr, events)), f"redo gave other events: {redone} vs {events}"
    assert_unchanged(g, json_after, state_after, f"redo of {action}")
    return events, json_after, state_after


def check_save_load(g) -> None:
    text = g.to_json()
    json.loads(text)
    loaded = wp.load_game(text)
    assert loaded.to_json() == text, "load_game(to_json()).to_json() differs"
    assert loaded.scores == g.scores, f"loaded scores {loaded.scores} vs {g.scores}"
    assert (loaded.phase, loaded.current_player) == (g.phase, g.current_player)
    assert getattr(loaded.current_tile, "id", None) == getattr(g.current_tile, "id", None)
    assert {c: (o.tile.id, o.rotation) for c, o in loaded.board.items()} == {c: (o.tile.id, o.rotation) for c, o in g.board.items()}
    assert sorted(loaded.figures(), key=repr) == sorted(g.figures(), key=repr)
    assert loaded.remaining_tiles() == g.remaining_tiles()
    assert loaded.projected_scores() == g.projected_scores()
    assert set(loaded.legal_actions()) == set(g.legal_actions())
    # same events; their order is checked on its own in test_redo_gives_the_same_events_in_the_same_order
    assert Counter(map(repr, loaded.events())) == Counter(map(repr, g.events())), "the loaded game's events differ"


def check_clone_independent(g, rng: random.Random, steps: int = 12) -> None:
    """Playing and undoing on a clone leaves the original exactly as it was."""
    json_before, state_before = g.to_json(), snapshot(g)
    twin = g.clone()
    assert twin.to_json() == json_before
    assert not changed(state_before, snapshot(twin)), "the clone's state differs from the original's"
    for _ in range(steps):
        if twin.is_over:
            break
        twin.apply(choose(twin, rng))
    if twin.history:
        twin.undo()
    assert_unchanged(g, json_before, state_before, "playing on a clone")


# ---------------------------------------------------------------------------------------------
# the game loop
# ---------------------------------------------------------------------------------------------
def check_all(g, graph) -> None:
    check_tiles_conserved(g)
    check_figures_conserved(g)
    check_areas_match(g, graph)
    check_no_completed_area_occupied(g, graph)
    check_scores_are_events(g)
    check_projection(g)
    check_legal_actions(g, graph)


def check_finished(g) -> None:
    assert g.phase == "over" and g.is_over
    assert g.current_player is None
    assert g.current_tile is None
    assert g.legal_actions() == []
    assert g.projected_scores() == g.scores
    # the game ends when the regular pile runs out; unused menhir tiles stay in their pile
    assert g.remaining_tiles()["regular"] == [], f"regular tiles left at the end: {g.remaining_tiles()}"


def play_checked_game(players: int, seed: int, *, probes: int = PROBES_PER_STEP, labels: Counter | None = None):
    """Play one seeded random game, checking every invariant after every action.

    After each action ``probes`` illegal actions, drawn from ``illegal_probes``, must raise and
    change nothing; ``labels`` (if given) counts the kinds of mistake tried.
    """
    g = new_game(players, seed)
    rng = random.Random(seed)
    probe_rng = random.Random(seed + 7919)
    with where(f"players={players} seed={seed} before the first action"):
        check_all(g, feature_graph(g))
    step = 0
    while not g.is_over:
        action = choose(g, rng, no_hunters=thrifty(seed))
        context = f"players={players} seed={seed} action #{step} {action!r} (replay({players}, {seed}, upto={step}))"
        with where(context):
            json_before, state_before = g.to_json(), snapshot(g)
            figures_before, placed_before, actor = g.figures(), g.last_placed, g.current_player
            events, json_now, state_now = apply_with_undo_check(g, action, json_before, state_before)
            graph = feature_graph(g)
            check_all(g, graph)
            if isinstance(action, (Pass, PlaceMeeple, PlaceHut)):
                check_completion_scoring(g, action, events, actor, figures_before, placed_before[-1])
            candidates = illegal_probes(g, graph)
            probe_rng.shuffle(candidates)
            if labels is not None:  # rarest kinds of mistake first, so that every kind gets tried
                candidates.sort(key=lambda probe: labels[probe[0]])
            for label, bad in candidates[:probes]:
                check_illegal(g, bad, label, json_now, state_now)
                if labels is not None:
                    labels[label] += 1
            if step % SAVE_EVERY == 0:
                check_save_load(g)
            if step % CLONE_EVERY == 0:
                check_clone_independent(g, random.Random(seed * 31 + step))
        step += 1
    with where(f"players={players} seed={seed} at the end ({step} actions)"):
        check_finished(g)
        check_save_load(g)
    return g


def _game_count(config, default: int) -> int:
    option = config.getoption("--games")
    return default if option is None else option


def pytest_generate_tests(metafunc):
    if "quick_game" in metafunc.fixturenames:
        n = _game_count(metafunc.config, QUICK_GAMES)
        cases = [(p, s) for p in PLAYER_COUNTS for s in range(n)]
        metafunc.parametrize("quick_game", cases, ids=[f"{p}p-seed{s}" for p, s in cases])
    if "slow_game" in metafunc.fixturenames:
        n = _game_count(metafunc.config, SLOW_GAMES)
        cases = [(p, s) for p in PLAYER_COUNTS for s in range(1000, 1000 + n)]
        metafunc.parametrize("slow_game", cases, ids=[f"{p}p-seed{s}" for p, s in cases])


# ---------------------------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------------------------
def test_random_game_invariants(quick_game):
    players, seed = quick_game
    g = play_checked_game(players, seed)
    assert len(g.board) + len(g.removed_tiles) + len(g.remaining_tiles()["menhir"]) == TILE_COUNT


@pytest.mark.slow
def test_random_game_invariants_many(slow_game):
    players, seed = slow_game
    play_checked_game(players, seed, probes=1)


def test_every_kind_of_illegal_action_raises_and_changes_nothing():
    """All illegal probes on a few games, and every kind of mistake turns up at least once."""
    labels: Counter = Counter()
    for players, seed in ((2, 10), (5, 13)):  # one uniform game, one thrifty
        play_checked_game(players, seed, probes=5, labels=labels)
    wanted = {
        "tile on an occupied cell", "tile not next to the landscape", "non-matching rotation", "rotation 45",
        "figure during place_tile", "tile during place_figure", "figure on a tile other than the last placed",
        "meeple on an occupied forest", "meeple on an occupied river", "meeple on an occupied meadow",
        "meeple on a lake", "meeple with none left", "hut on a forest", "hut on a meadow",
        "hut on a river system with a hut", "game over", "not an action",
    }
    missing = wanted - set(labels)
    assert not missing, f"these mistakes never came up in the probe games: {sorted(missing)}"


def test_made_up_actions_are_legal_iff_offered():
    """Fuzz: random coordinates, rotations and feature ids; legal exactly when in legal_actions()."""
    feature_ids = ["m0", "f0", "r1", "m2", "f3", "r3", "m4", "r5", "f1", "l8", "l9", "zz", ""]
    for players, seed in ((3, 21),):
        g = new_game(players, seed)
        rng = random.Random(seed)
        fuzz = random.Random(-seed)
        step = 0
        while not g.is_over:
            with where(f"players={players} seed={seed} action #{step}"):
                legal = set(g.legal_actions())
                xs = [c[0] for c in g.board]
                ys = [c[1] for c in g.board]
                for _ in range(8):
                    x, y = fuzz.randint(min(xs) - 2, max(xs) + 2), fuzz.randint(min(ys) - 2, max(ys) + 2)
                    kind = fuzz.choice((PlaceTile, PlaceMeeple, PlaceHut, RetakeMeeple, Pass))
                    if kind is PlaceTile:
                        made_up = PlaceTile(x, y, fuzz.choice((0, 90, 180, 270, 0, 90, 180, 270, 45, -90, 360)))
                    elif kind is Pass:
                        made_up = Pass()
                    else:
                        if g.last_placed and fuzz.random() < 0.5:
                            x, y = g.last_placed[-1]
                        made_up = kind(x, y, fuzz.choice(feature_ids))
                    json_before, state_before = g.to_json(), snapshot(g)
                    if made_up in legal:
                        g.apply(made_up)
                        g.undo()
                        assert_unchanged(g, json_before, state_before, f"apply+undo of fuzzed {made_up}")
                    else:
                        with pytest.raises(wp.IllegalActionError):
                            g.apply(made_up)
                        assert_unchanged(g, json_before, state_before, f"illegal fuzzed {made_up}")
                g.apply(choose(g, rng))
            step += 1


def test_same_seed_and_actions_give_the_same_game():
    for players, seed in ((2, 31), (5, 32)):
        first, second = replay(players, seed), replay(players, seed)
        assert first.to_json() == second.to_json()
        assert first.events() == second.events()
        again = new_game(players, seed)
        for step in first.history:
            assert again.apply(step.action) == list(step.events)
        assert again.to_json() == first.to_json()
        assert again.scores == first.scores


def test_different_seeds_shuffle_differently():
    def unplayed(g):  # the piles are listed sorted, so that the draw order stays hidden
        return sorted([g.current_tile.id] + [t for ids in g.remaining_tiles().values() for t in ids])

    assert unplayed(new_game(2, 1)) == unplayed(new_game(2, 2))
    assert replay(2, 1, upto=20).to_json() != replay(2, 2, upto=20).to_json()


def test_finished_game_is_over_for_good():
    g = replay(3, 41)
    check_finished(g)
    json_before, state_before = g.to_json(), snapshot(g)
    for action in (PlaceTile(0, 1, 0), Pass(), PlaceMeeple(0, 0, "m0"), PlaceHut(0, 0, "r3"), RetakeMeeple(0, 0, "f1")):
        with pytest.raises(wp.IllegalActionError):
            g.apply(action)
        assert_unchanged(g, json_before, state_before, f"{action} after the game")
    # the whole game can be taken back and replayed
    actions = [step.action for step in g.history]
    while g.history:
        g.undo()
    assert g.to_json() == new_game(3, 41).to_json()
    with pytest.raises(wp.IllegalActionError):
        new_game(3, 41).undo()
    with pytest.raises(wp.IllegalActionError):
        new_game(3, 41).redo()
    for _ in actions:
        g.redo()
    assert g.to_json() == json_before
    assert not changed(state_before, snapshot(g))


def test_undo_all_the_way_and_redo_all_the_way():
    g = replay(4, 51, upto=120)
    trail = []
    while g.history:
        trail.append((g.to_json(), snapshot(g)))
        g.undo()
    start = new_game(4, 51)
    assert g.to_json() == start.to_json()
    assert not changed(snapshot(start), snapshot(g)), "undoing everything does not give the fresh game"
    for json_text, state in reversed(trail):
        g.redo()
        assert g.to_json() == json_text
        assert not changed(state, snapshot(g))


def test_clone_is_independent_both_ways():
    g = replay(3, 61, upto=70)
    twin = g.clone()
    json_before, state_before = g.to_json(), snapshot(g)
    rng = random.Random(5)
    while not twin.is_over:
        twin.apply(choose(twin, rng))
    assert_unchanged(g, json_before, state_before, "finishing the clone")
    # and the other way round: the original moving on leaves a fresh clone alone
    twin = g.clone()
    twin_json, twin_state = twin.to_json(), snapshot(twin)
    for _ in range(30):
        g.apply(choose(g, rng))
    g.undo()
    assert_unchanged(twin, twin_json, twin_state, "playing on the original")


def test_undo_restores_legal_action_order():
    """Undo should restore the state exactly, including the order legal_actions() lists things in.

    An agent that picks ``rng.choice(g.legal_actions())`` (as a random playout does) must get
    the same game whether or not a search applied and undid moves in between.
    """
    g = new_game(2, 3)
    order = [repr(a) for a in g.legal_actions()]
    g.apply(g.legal_actions()[0])
    g.undo()
    assert [repr(a) for a in g.legal_actions()] == order
    # the same after a whole turn (tile, figure) is taken back
    g = replay(2, 3, upto=10)
    order = [repr(a) for a in g.legal_actions()]
    frontier = list(g.frontier)
    rng = random.Random(0)
    g.apply(choose(g, rng))
    g.apply(choose(g, rng))
    g.undo()
    g.undo()
    assert list(g.frontier) == frontier, "undo reorders the frontier"
    assert [repr(a) for a in g.legal_actions()] == order, "undo reorders legal_actions()"


def test_flood_fill_agrees_with_tile_data_on_every_tile():
    """Self-check of areas_from_scratch: each tile alone at every rotation."""
    tiles = wp.hunters_gatherers.load_tileset("2020")
    for tile in tiles.by_id.values():
        for rotation in (0, 90, 180, 270):
            orientation = tile.rotations[rotation]
            assert scratch.edges_after_turn(tile, rotation) == dict(zip("NESW", orientation.edges)), (tile.id, rotation)
            graph = scratch.build({(0, 0): orientation})
            for component in graph.areas:
                (feature,) = [tile.feature(fid) for (_, _, fid) in component.nodes]
                sides = {t.partition("-")[0] for t in feature.touches}
                assert component.open_ends == len(feature.touches), (tile.id, feature.id)
                assert len(sides) <= component.open_ends
            lakes = [f for f in tile.features if f.type == "lake"]
            rivers = [f for f in tile.features if f.type == "river"]
            loose_rivers = [r for r in rivers if not r.ends_at]
            assert len(graph.systems) == len(lakes) + len(loose_rivers), tile.id


def test_rotation_tables():
    for touch in scratch.QUARTER_TURN:
        assert scratch.rotate_touch(touch, 360) == touch
        assert scratch.rotate_touch(scratch.rotate_touch(touch, 90), 270) == touch
        assert scratch.facing(scratch.facing(touch)) == touch
    with pytest.raises(ValueError):
        scratch.rotate_touch("N", 45)


def test_redo_gives_the_same_events_in_the_same_order():
    """Redo replays the step that was undone: same events, same order (and so the same log as a reload).

    The game's last action sends every gatherer and fisher home, one Note each; taking it back
    and playing it again must tell the same story in the same order.
    """
    g = replay(2, 0)
    last = g.history[-1]
    g.undo()
    assert g.redo() == list(last.events)
    # one step back and forth earlier must not change how a later step reads either
    g = replay(2, 0)
    while g.history:
        g.undo()
    while g.can_redo:
        g.redo()
    assert g.events() == replay(2, 0).events()


def test_the_quick_games_reach_the_interesting_situations():
    """The default games are not all alike: the checks above ran through every kind of turn."""
    seen: Counter = Counter()
    for players in PLAYER_COUNTS:
        for seed in range(QUICK_GAMES):
            g = new_game(players, seed)
            rng = random.Random(seed)
            while not g.is_over:
                seen[g.phase] += 1
                seen["in an extra turn"] += g.in_extra_turn
                seen["a player without meeples"] += any(not s.meeples for s in g.supply.values())
                seen["a player without huts"] += any(not s.huts for s in g.supply.values())
                for event in g.apply(choose(g, rng, no_hunters=thrifty(seed))):
                    if isinstance(event, wp.Scored):
                        seen[f"scored {event.what}"] += 1
            seen["animals covered by a trap"] += bool(g.covered())
            seen["a tile removed"] += bool(g.removed_tiles)
    wanted = {"place_tile", "place_figure", "retake_meeple", "in an extra turn", "a player without meeples",
              "a player without huts", "scored forest", "scored river", "scored river system", "scored grassland",
              "animals covered by a trap"}
    missing = sorted(w for w in wanted if not seen[w])
    assert not missing, f"the quick random games never reach {missing}; pick other seeds ({dict(seen)})"
