"""The feature graph: areas(), area_at(), feature_graph() and preview() agree with the engine."""

from __future__ import annotations

import random

import pytest

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile
from widgetpkg.games.hunters_gatherers.areas import find


def random_position(seed: int, steps: int):
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=["A", "B", "C"][: 2 + seed % 2], seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(60))
def test_areas_partition_the_board_like_the_engine(seed):
    g = random_position(seed, 3 * seed + 5)
    views = g.areas()
    placed = {(x, y, f.id) for (x, y), o in g.board.items() for f in o.tile.features}
    non_system = [v for v in views if v.kind != "system"]
    covered = [ref for v in non_system for ref in v.features]
    assert sorted(covered) == sorted(placed)  # every feature in exactly one area
    for v in views:
        partition = g._sys_parent if v.kind == "system" else g._parent
        roots = {find(partition, g.node(*ref)) for ref in v.features}
        assert len(roots) == 1
        assert g.area_at(*v.key, system=v.kind == "system") == v
        assert sum(v.occupants.values()) == len(
            [f for f in g.figures() if (f.x, f.y, f.feature) in set(v.features)
             and (f.role == "hut") == (v.kind == "system")])
    # the graph has one node per non-system area, and edges only between different kinds
    graph = g.feature_graph()
    assert set(graph.nodes) == {v.key for v in non_system}
    for a, b in graph.edges:
        assert graph.nodes[a]["kind"] != graph.nodes[b]["kind"]
    for v in non_system:
        assert graph.nodes[v.key]["points"] == v.points


def test_a_grown_river_reads_as_one_area_with_its_equation():
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    g.set_next_tile(48)
    g.apply(PlaceTile(-1, 0, 0))
    g.apply(PlaceMeeple(-1, 0, "r1"))
    river = g.area_at(0, 0, "r3")
    assert (river.kind, river.cells, river.open_ends, river.occupants) == ("river", ((-1, 0), (0, 0)), 1, {"Red": 1})
    assert (river.points, river.equation, river.scorers) == (3, "2 tiles x1 + 1 fish x1", ("Red",))
    assert not river.complete and "(2 tiles, 1 open end)" in str(river)
    system = g.area_at(0, 0, "l8", system=True)
    assert system.kind == "system" and river.systems == (system.key,)
    graph = g.feature_graph()
    assert graph.has_edge(river.key, g.area_at(0, 0, "l8").key)      # the river flows into the lake
    assert graph.has_edge(river.key, g.area_at(0, 0, "m0").key)      # the grassland along it


def test_area_at_refuses_what_is_not_there():
    g = wp.new_game("hunters-gatherers", seed=1)
    with pytest.raises(ValueError, match="no tile at"):
        g.area_at(3, 3, "m0")
    with pytest.raises(ValueError, match="no feature"):
        g.area_at(0, 0, "x9")
    with pytest.raises(ValueError, match="no river system"):
        g.area_at(0, 0, "f1", system=True)
    with pytest.raises(ValueError, match="kind must be one of"):
        g.areas("swamp")


def test_preview_shows_what_an_action_scores_without_touching_the_game():
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    g.set_next_tile(48)
    g.apply(PlaceTile(-1, 0, 0))
    g.apply(PlaceMeeple(-1, 0, "r1"))
    g.set_next_tile(4)
    g.apply(PlaceTile(-2, 0, 90))  # Blue closes Red's river with tile 4's lake
    before = g.to_json()
    events = g.preview(Pass())
    scored = [e for e in events if isinstance(e, wp.Scored)]
    assert [(e.player, e.points) for e in scored] == [("Red", 5)]  # 3 tiles + 2 lake fish
    assert g.to_json() == before
    with pytest.raises(wp.IllegalActionError):
        g.preview(PlaceTile(9, 9, 0))


def test_preview_hides_the_next_draws():
    for seed in range(30):
        g = random_position(seed, 40)
        if g.phase == "place_figure":
            assert not any(type(e).__name__ == "TileRemoved" for e in g.preview(Pass()))


def test_the_graph_agrees_with_the_engine_on_a_thousand_positions():
    """100 random games, a snapshot every 12 actions: the graph's nodes are exactly the engine's
    areas (one union-find root each), and no feature is missing or counted twice."""
    checked = 0
    for seed in range(100):
        rng = random.Random(seed)
        g = wp.new_game("hunters-gatherers", players=["A", "B"], edition=("2020", "classic")[seed % 2], seed=seed)
        step = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            step += 1
            if step % 12:
                continue
            graph = g.feature_graph()
            roots = {}
            for key, data in graph.nodes(data=True):
                found = {find(g._parent, g.node(*ref)) for ref in data["features"]}
                assert len(found) == 1, key
                roots[found.pop()] = key
            placed = sum(len(o.tile.features) for o in g.board.values())
            assert sum(len(d["features"]) for _, d in graph.nodes(data=True)) == placed
            assert len(roots) == graph.number_of_nodes()
            checked += 1
    assert checked >= 1000


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_bare_numbers_for_search_agree_with_the_explained_equations(seed):
    """heuristic.py counts forests and rivers with scoring's bare-number helpers: they must say
    what the explained valuations say, for every forest and river of a random position."""
    from widgetpkg.games.hunters_gatherers import scoring

    g = random_position(seed, 3 * seed + 5)
    seen = 0
    for root in {find(g._parent, g.node(*ref)) for v in g.areas() if v.kind in ("forest", "river")
                 for ref in v.features[:1]}:
        area = g._area[root]
        if area.kind == "forest":
            assert scoring.forest_points(g, area) == scoring.value_forest(g, area).points
        else:
            assert scoring.river_points(g, area) == scoring.value_river(g, area).points
        seen += 1
    assert seen > 0
