"""g.areas(player) / g.feature_graph(player): every number checked against the engine's own scoring.

Openings (a pool tile laid as the next main tile) are predicted by areas.py from the geometry
alone and compared with what the engine scores when the placement is really played; the food and
shelter credited to each half must add up, with the rest, to both tracks; rulebook scenarios fix
the exact values.
"""

from __future__ import annotations

import random

import pytest
from sapiens_helpers import scenario
from test_rulebook import e3, e5

import widgetpkg as wp
from widgetpkg.games.sapiens import PlaceTile, ResolveFightToken
from widgetpkg.games.sapiens.events import FoodScored, ShelterScored

M, V = "Marceau", "Vianney"


def played(g, action):
    """Play a placement on a clone and return the food and shelter it earns from its squares
    (fight tokens resolved in the first order offered), and the squares that earned food."""
    twin = g.clone()
    events = list(twin.apply(action))
    while twin.phase == "fight_order":
        events += twin.apply(next(a for a in twin.legal_actions() if isinstance(a, ResolveFightToken)))
    food = sum(e.points for e in events if isinstance(e, FoodScored) and e.what in ("squares", "picking"))
    shelter = sum(e.points for e in events if isinstance(e, ShelterScored) and e.what in ("caves", "camp"))
    squares = {(e.refs[0][2], e.refs[0][3]) for e in events if isinstance(e, FoodScored) and e.what == "squares"}
    return food, shelter, squares


def random_positions(seed, players, steps=400):
    rng = random.Random(seed)
    g = wp.new_game("sapiens", players=players, seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        yield g
        g.apply(rng.choice(g.legal_actions()))
    yield g


def check_totals(g):
    for p in g.players:
        valley = g.areas(p)
        assert sum(h.food for h in valley.halves) + valley.other_food == g.food[p]
        assert sum(h.shelter for h in valley.halves) + valley.other_shelter == g.shelter[p]
        assert sum(t.food for t in valley.tribes) == sum(a.food for a in valley.areas) == sum(h.food for h in valley.halves)
        for h in valley.halves:
            # a half earns the food printed under it (and +1 for picking) only when it touches another tile
            assert h.food in (0, h.printed_food + (h.scene == "picking")), h
            assert not h.food or h.connected, h
            caves = {c.square: c for c in valley.caves}
            camp = 3 * (h.scene == "camp")
            if h.terrain == "cave":
                assert h.square not in caves or caves[h.square].state == "entered"
            else:
                assert h.shelter in (0, camp), h
        laid = {h.square for h in valley.halves}
        assert {c.square for c in valley.caves if c.state == "entered"} <= laid


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_openings_score_what_the_engine_scores(seed, players):
    checked = 0
    for g in random_positions(seed, players, steps=250):
        check_totals(g)
        p = g.current_player
        if g.phase != "main" or p is None:
            continue
        valley = g.areas(p)
        mine = [o for o in valley.openings if o.pool == p]
        legal = {a for a in g.legal_actions() if isinstance(a, PlaceTile)}
        assert {o.action for o in mine} == legal
        caves = {c.square: c for c in valley.caves}
        for o in mine[:6]:
            food, shelter, squares = played(g, o.action)
            assert (o.food, o.shelter) == (food, shelter), o
            assert len(squares) == len(o.connected)
            if o.cave is not None:
                assert caves[o.cave].squares_between == 0 and caves[o.cave].value == shelter - 3 * o.connected.count("camp")
            checked += 1
    assert checked > 10


def test_rulebook_e3_feast_on_the_three_food_plain():
    g = e3()
    before = {o.action: o for o in g.areas(V).openings if o.pool == V}
    o = before[PlaceTile(4, 2, 2, 0)]
    assert (o.food, o.shelter, o.connected, o.bonuses) == (3, 0, ("feast",), ("feast",))
    g.apply(PlaceTile(4, 2, 2, 0))
    valley = g.areas(V)
    feast = valley.half_at((2, 2))
    assert (feast.scene, feast.terrain, feast.printed_food, feast.food, feast.connected) == ("feast", "plain", 3, 3, True)
    ritual = valley.half_at((3, 2))
    assert (ritual.food, ritual.connected) == (0, False)
    # the feast half on (1, 2) and the new one on (2, 2) are one feast area of tribe 1
    area = valley.area_at((2, 2))
    assert area.scene == "feast" and set(area.squares) == {(1, 2), (2, 2)} and area.food == 3
    # the Feast extra tile earns nothing, even where it touches
    g.apply(PlaceTile(12, 2, 3, 90))
    extra = g.areas(V).half_at((2, 3))
    assert extra.connected and extra.food == 0
    check_totals(g)


def test_rulebook_e3_both_halves_connected():
    g = e3(extra_board=[(16, 3, 0, 90)])
    o = next(o for o in g.areas(V).openings if o.action == PlaceTile(4, 2, 2, 0))
    assert (o.food, sorted(o.bonuses)) == (6, ["feast", "ritual"])
    g.apply(PlaceTile(4, 2, 2, 0))
    assert g.food[V] == 6 and g.areas(V).tribes[0].food == 6


def test_rulebook_e5_cave_within_reach_and_its_value():
    g = e5(tokens={M: {(-1, 2): "fire"}})
    valley = g.areas(M)
    cave = valley.cave_at((-1, 2))
    assert (cave.values, cave.token, cave.state, cave.squares_between, cave.value) == ((7, 5), "fire", "open", 0, 7)
    o = next(o for o in valley.openings if o.action == PlaceTile(42, 0, 2, 180))
    assert (o.cave, o.food, o.shelter) == ((-1, 2), 2, 7)
    g.apply(PlaceTile(42, 0, 2, 180))
    valley = g.areas(M)
    assert valley.cave_at((-1, 2)).state == "entered"
    assert valley.half_at((-1, 2)).shelter == 7 and valley.half_at((0, 2)).food == 2
    check_totals(g)


def test_rulebook_e5_without_token_pays_the_lower_value():
    g = e5(tokens={M: {(-1, 2): None}})
    assert g.areas(M).cave_at((-1, 2)).value == 5


def test_cut_off_and_closed_caves():
    # Marceau's tribe at the west; a bear on the entrance of cave (-1, 2) closes it
    g = scenario((M, V), board={M: [(34, 1, 2, 270)]}, bears={M: {(0, 2): V}})
    cave = g.areas(M).cave_at((-1, 2))
    assert cave.state == "closed" and cave.squares_between is None
    assert "closed" in str(cave)


def test_feature_graph_matches_the_areas():
    nx = pytest.importorskip("networkx")
    *_, g = random_positions(7, 3, steps=120)
    for p in g.players:
        graph = g.feature_graph(p)
        valley = g.areas(p)
        halves = [n for n, d in graph.nodes(data=True) if d["kind"] == "half"]
        assert len(halves) == len(valley.halves)
        tiles = [e for e in graph.edges(data=True) if e[2]["kind"] == "tile"]
        assert len(tiles) == len({h.tile for h in valley.halves})
        for a, b, data in graph.edges(data=True):
            if data["kind"] == "contact":
                assert graph.nodes[a]["tile"] != graph.nodes[b]["tile"]
        # the scene areas are the components of same-scene contacts
        same = nx.Graph([(a, b) for a, b, d in graph.edges(data=True)
                         if d["kind"] != "entrance" and graph.nodes[a]["scene"] == graph.nodes[b]["scene"]])
        same.add_nodes_from(halves)
        assert nx.number_connected_components(same) == len(valley.areas)


def test_unknown_player_is_refused():
    g = wp.new_game("sapiens", players=2, seed=1)
    with pytest.raises(wp.WidgetpkgError, match="no player"):
        g.areas("Nobody")
    assert g.areas().player == g.current_player
