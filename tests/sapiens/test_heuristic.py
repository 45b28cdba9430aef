"""The Sapiens position estimate (heuristic.py) makes sense: balance, caves, hidden tiles, the end."""

from __future__ import annotations

import random

import widgetpkg as wp
from widgetpkg.games.sapiens import load_components
from widgetpkg.games.sapiens.components import FOREST, PLAIN
from widgetpkg.games.sapiens.heuristic import CAVE_CHANCE, SOFTNESS, _entry_chance, estimate, projection, soft_min


def midgame(seed: int = 4, turns: int = 8):
    g = wp.new_game("sapiens", players=["Red", "Blue"], seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (g.turn < turns or g.phase != "main"):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_soft_min_prefers_balance_and_never_exceeds_the_minimum():
    assert soft_min(20, 20, 3.0) > soft_min(25, 15, 3.0) > soft_min(30, 10, 3.0)
    for a, b in ((20, 20), (25, 15), (3, 40)):
        assert soft_min(a, b, 3.0) <= min(a, b)
        assert soft_min(a, b, 0) == min(a, b)


def red_estimate(g, food: int, shelter: int) -> float:
    with g.edit() as s:
        s.food["Red"], s.shelter["Red"] = food, shelter
    return estimate(g)["Red"]


def test_balanced_tracks_beat_lopsided_ones_with_the_same_total():
    g = midgame()
    values = [red_estimate(g, food, 40 - food) for food in range(0, 41, 5)]
    best = values.index(max(values))
    assert 0 < best < len(values) - 1, values
    assert max(values) > values[0] + 5 and max(values) > values[-1] + 5, values


def test_more_of_the_weaker_track_is_worth_more_than_more_of_the_stronger():
    g = midgame()
    assert red_estimate(g, 60, 13) - red_estimate(g, 60, 10) > red_estimate(g, 63, 10) - red_estimate(g, 60, 10) >= 0
    assert red_estimate(g, 3, 60) - red_estimate(g, 0, 60) > red_estimate(g, 0, 63) - red_estimate(g, 0, 60) >= 0


def test_the_estimate_reads_nothing_hidden_and_is_the_score_at_the_end():
    g = midgame()
    assert g.heuristic_scores() == estimate(g)
    for seed in range(3):  # the stack's order and the tiles removed unseen do not matter
        assert g.clone(resample_hidden=random.Random(seed)).heuristic_scores() == g.heuristic_scores()
    rng = random.Random(0)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.heuristic_scores() == {p: float(v) for p, v in g.scores.items()}


def dead_end(restart: bool) -> float:
    """Red's estimate when no tile in sight shows a scene its tribe asks for (tile 34 laid)."""
    from sapiens_helpers import scenario
    laid = set(load_components().tiles[34].scenes)
    dead = [t.id for t in load_components().tiles.values() if laid.isdisjoint(t.scenes)]
    g = scenario(("Red", "Blue"), board={"Red": [(34, 1, 2, 270)]}, pools={"Red": dead[:4], "common": dead[4:9]},
                 food={"Red": 10}, shelter={"Red": 10})
    if not restart:
        v = g.valley("Red")
        with g.edit() as s:  # bears on every cave entrance: no new tribe is possible (AMB-31)
            s.bears["Red"] = {v.coord[v.entrance[c]]: "Blue" for c in v.caves}
    return estimate(g)["Red"]


def test_a_dead_end_without_a_cave_for_a_new_tribe_ends_the_projection():
    assert dead_end(restart=False) <= 10  # the player will be out: no turn left to gain anything
    assert dead_end(restart=True) > dead_end(restart=False) + 5  # a new tribe: a cave, turns left


def test_a_cave_entrance_asking_for_a_scene_nobody_has_lowers_the_cave_chance():
    sight = [("hunt", "fight"), ("camp", "water")]
    assert _entry_chance("hunt", "fight", FOREST, sight) == CAVE_CHANCE  # the very pair is in sight
    assert _entry_chance(None, "water", FOREST, sight) == CAVE_CHANCE  # no token: any scene on the cave
    assert _entry_chance("camp", "fight", FOREST, sight) < _entry_chance(None, "fight", FOREST, [("feast", "fire")])
    assert _entry_chance(None, "picking", PLAIN, [("picking", "camp")]) == 0  # never Picking on a Plain


def test_the_estimate_is_the_soft_minimum_of_the_projection_plus_mobility():
    g = midgame()
    for p in g.players:
        food, shelter, left, mobility, words, caves = projection(g, p)
        assert food >= g.food[p] and shelter >= g.shelter[p] and 0 < left <= 11 and words
        assert 0 <= caves <= shelter - g.shelter[p]  # the caves' part of the shelter projected
        assert estimate(g)[p] == soft_min(food, shelter, SOFTNESS[0] + SOFTNESS[1] * left) + mobility


def test_a_tile_fits_the_tribe_in_the_estimate_exactly_when_the_rules_let_it_be_laid():
    # the mobility term counts the pool tiles that have a legal regular placement (both halves, P1-P3b),
    # not merely a scene some open square asks for
    from widgetpkg.games.sapiens import heuristic
    checked = 0
    for seed in range(12):
        g, rng = wp.new_game("sapiens", players=2 + seed % 3, seed=seed), random.Random(seed)
        while not g.is_over:
            p = g.current_player
            if g.phase == "main" and g._tribe[p]:
                board, need, tokens, bears = g._view(p)
                pairs = heuristic._reach(g.valley(p), board, need, tokens, bears, 11, g._picking_plain)[0]
                laid = {t for t, *_ in g._regular(p, g._pools[p])}
                assert {t for t in g._pools[p] if g.components.tiles[t].scenes in pairs} == laid
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 150
