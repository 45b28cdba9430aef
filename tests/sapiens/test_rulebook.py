"""The rulebook's worked examples E1-E7 and the derived scenarios X1-X13, as exact scenarios.

The rulebook's pictures are lost, so each scenario fixes only what its numbers need (see
sapiens_helpers.py for the squares used). Scenarios that rest on a ruling name its AMB id.
"""

from __future__ import annotations

import pytest
from sapiens_helpers import scenario, snapshot, texts

from widgetpkg import IllegalActionError
from widgetpkg.games.sapiens import (
    Abandon,
    ConvertSteaks,
    PlaceBear,
    PlaceTile,
    Refill,
    RemoveBear,
    ResolveBonus,
    ResolveFightToken,
    RetakeMountainToken,
    SkipBonus,
    SwapTile,
    TakeMountainToken,
    UseMountainToken,
)
from widgetpkg.games.sapiens.events import FoodScored, ShelterScored

M, V, Z = "Marceau", "Vianney", "Zoe"


def refuse(g, action, *words):
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    for w in words:
        assert w in str(info.value), str(info.value)
    assert snapshot(g) == before
    return str(info.value)


# -- E1-E7 ---------------------------------------------------------------------------------------------

def start_e1(players=(M, V, Z)):
    # cave (-1, 2) is worth 7/5 and holds Marceau's Hunt token; its entrance (0, 2) is a Plain
    return scenario(players, phase="start_cave", started=False, tokens={M: {(-1, 2): "hunt"}},
                    pools={M: [52, 25, 1, 4], "common": [58, 5, 6, 7, 8]})


def test_e1_starting_cave():
    g = start_e1()
    refuse(g, PlaceTile(52, -1, 2, 0), "must show hunt", "RB 33")          # camp on the Hunt cave
    refuse(g, PlaceTile(25, 0, 2, 180), "picking", "plain")                # picking on the Plain entrance
    events = g.apply(PlaceTile(52, 0, 2, 180))                             # camp on (0, 2), hunt on the cave
    assert g.shelter[M] == 7 and g.food[M] == 0
    assert g.tokens_in_hand[M] == ("hunt",)
    assert g.valley_contents(M)["tokens"].get((-1, 2)) is None
    assert g.phase == "refill"
    assert not any(isinstance(a, UseMountainToken) for a in g.legal_actions())
    refuse(g, UseMountainToken("hunt"), "RB 46")
    assert not any("bonus" in t for t in texts(events))


def test_e2_first_refill_three_players():
    g = start_e1()
    g.apply(PlaceTile(52, 0, 2, 180))
    stack = g.stack_size
    nxt = next(t for t in range(1, 64) if g.where_is(t) == "unseen" and t in g._stack)
    g.set_next_tiles([nxt])
    g.apply(Refill((58,), -1))
    assert sorted(g.pools[M]) == sorted([25, 1, 4, 58])
    assert len(g.pools["common"]) == 5 and nxt in g.pools["common"]
    assert g.stack_size == stack - 1
    assert g.current_player == V and g.phase == "start_cave"


def test_e2_two_players_discard():
    g = start_e1((M, V))
    g.apply(PlaceTile(52, 0, 2, 180))
    stack = g.stack_size
    refuse(g, Refill((58,), -1), "discard", "RB 133")
    g.apply(Refill((58,), 5))
    assert 58 in g.pools[M] and 5 in g.discarded
    assert len(g.pools["common"]) == 5 and g.stack_size == stack - 2


def e3(extra_board=()):
    # Vianney's tribe shows a feast half on (1, 2), next to the Plain (2, 2) worth 3 food
    return scenario((M, V, Z), to_move=V, board={V: [(8, 1, 2, 180), *extra_board]}, pools={V: [4, 12, 60, 61]})


def test_e3_feast_connection_and_feast_extra_tile_then_e4_refill_of_two():
    g = e3()
    events = g.apply(PlaceTile(4, 2, 2, 0))  # feast on (2, 2), ritual on (3, 2) touching nothing
    assert g.food[V] == 3
    assert [e.points for e in events if isinstance(e, FoodScored)] == [3]
    assert g.phase == "feast" and SkipBonus() in g.legal_actions()
    # the extra tile: no food, no bonus of its own
    g.apply(PlaceTile(12, 2, 3, 90))  # feast on (2, 3) against the feast on (2, 2), fight on (2, 4)
    assert g.food[V] == 3 and g.phase == "after_tile"
    # E4: two tiles left in the pool; take two, two revealed, common back to five
    assert len(g.pools[V]) == 2
    stack = g.stack_size
    take = g.pools["common"][:2]
    g.apply(Refill(tuple(take), -1))
    assert len(g.pools[V]) == 4 and len(g.pools["common"]) == 5 and g.stack_size == stack - 2


def test_e3_variant_both_halves_connected():
    g = e3(extra_board=[(16, 3, 0, 90)])  # a ritual half on (3, 1), above (3, 2)
    g.apply(PlaceTile(4, 2, 2, 0))
    assert g.food[V] == 3 + 3  # (2, 2) Plain 3 and (3, 2) Forest 3
    assert g.phase == "choose_bonus"
    assert set(g.legal_actions()) == {ResolveBonus("feast"), ResolveBonus("ritual")}
    g.apply(ResolveBonus("ritual"))
    assert g.phase == "ritual" and g.pending_bonuses == ("feast",)


def e5(**kw):
    # Marceau's ritual half on (1, 2) is next to (0, 2), the 2-food entrance of the 7/5 cave (-1, 2)
    return scenario((M, V), board={M: [(34, 1, 2, 270)]}, pools={M: [42, 38, 43, 1]}, **kw)


def test_e5_reaching_a_cave_with_its_token():
    g = e5(tokens={M: {(-1, 2): "fire"}})
    refuse(g, PlaceTile(38, 0, 2, 180), "must show fire")  # counterfactual B: hunt on the fire cave
    events = g.apply(PlaceTile(42, 0, 2, 180))  # ritual on (0, 2), fire on the cave
    food = [e for e in events if isinstance(e, FoodScored)]
    shelter = [e for e in events if isinstance(e, ShelterScored)]
    assert [e.points for e in food] == [2] and [e.points for e in shelter] == [7]
    assert events.index(food[0]) < events.index(shelter[0])
    assert "fire" in g.tokens_in_hand[M]
    assert g.phase == "ritual"
    assert TakeMountainToken(-1, 2) not in g.legal_actions()  # correction 2: already claimed
    g.apply(SkipBonus())
    assert g.phase == "after_tile"
    assert UseMountainToken("fire") in g.legal_actions()  # X13: claimed this turn, usable now


def test_e5_counterfactual_cave_without_token():
    g = e5(used={M: ["fire"]}, tokens={M: {(-1, 2): None}})
    assert (-1, 2) not in g.valley_contents(M)["tokens"]
    g.apply(PlaceTile(38, 0, 2, 180))  # ritual on (0, 2), hunt on the token-less cave
    assert g.shelter[M] == 5 and g.food[M] == 2


def e6(board=None, **kw):
    # Vianney's tribe: water on (3, 2), camp on (3, 3); no pool tile shows water or camp
    return scenario((M, V), to_move=V, board=board or {V: [(44, 3, 2, 90)]}, pools={V: [1, 4, 10, 12]}, **kw)


def test_e6_abandoning_on_a_token_cave():
    g = e6(tokens={V: {(-1, 2): "picking"}})
    actions = g.legal_actions()
    assert actions and all(isinstance(a, Abandon) for a in actions)
    refuse(g, PlaceTile(4, 3, 1, 90), "RB")
    events = g.apply(Abandon(4, -1, 2, 0))  # feast on the cave, ritual on (0, 2)
    assert g.removed_tokens[V] == ("picking",)
    assert "picking" not in g.tokens_in_hand[V] and "picking" not in g.used_tokens[V]
    assert g.shelter[V] == 5 and g.food[V] == 0
    tiles = g.valley_contents(V)["tiles"]
    assert tiles[(3, 2)]["face_up"] is False and tiles[(0, 2)]["face_up"] is True
    assert g.phase == "refill"
    refuse(g, UseMountainToken("camp"), "AMB-10")
    assert any("abandons" in t for t in texts(events))


def test_e6_switch_token_after_abandon():
    g = e6(hand={V: ["camp"]})
    g2 = type(g)(players=[M, V], seed=1, rules={"token_after_abandon": True})
    g2.set_position(g.to_position())
    g2.apply(Abandon(4, 0, -1, 90))
    assert g2.phase == "after_tile" and UseMountainToken("camp") in g2.legal_actions()


def test_e6_token_less_cave_pays_its_own_lower_value():
    # correction 9: the lower value of the 8/6 cave (0, -1) is 6, not 5
    tokens = {(6, -1): "feast", (-1, 2): "picking", (8, 3): "ritual", (1, 5): "water", (5, 5): "camp",
              (-1, -1): "fight", (8, -1): "fire"}
    g = e6(tokens={V: tokens}, used={V: ["hunt"]})
    assert (0, -1) not in g.valley_contents(V)["tokens"]
    g.apply(Abandon(4, 0, -1, 90))  # feast on the cave (0, -1), ritual on (0, 0)
    assert g.shelter[V] == 6


def test_e6_new_tribe_may_not_touch_the_abandoned_one():
    g = e6(board={V: [(44, 1, 1, 90)]})  # water on (1, 1), camp on (1, 2): next to (0, 2)
    refuse(g, Abandon(4, -1, 2, 0), "abandoned", "AMB-7")


def end_position(food_m, shelter_m, food_v, shelter_v):
    return scenario((M, V), to_move=V, phase="after_tile", board={M: [(34, 1, 2, 270)], V: [(35, 1, 2, 270)]},
                    pools={"common": []}, food={M: food_m, V: food_v}, shelter={M: shelter_m, V: shelter_v},
                    stack=0, flags=["end triggered"])


def test_e7_final_scoring():
    g = end_position(30, 31, 38, 28)
    events = g.apply(Refill((), -1))
    assert g.is_over
    assert g.scores == {M: 30, V: 28}
    assert g.winners() == [M]
    final = texts(events)[-1]
    assert "Vianney 28 (38 food, 28 shelter: food removed)" in final
    assert "Marceau 30 (30 food, 31 shelter: shelter removed)" in final


def test_e7_tie_shares_the_win():
    g = end_position(30, 31, 38, 30)
    g.apply(Refill((), -1))
    assert g.winners() == [M, V]


# -- X1-X13 --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("held,food", [(1, 1), (2, 3), (3, 5), (4, 7), (5, 10), (6, 10)])
def test_x1_steak_table(held, food):
    g = scenario((M, V), phase="hunt", board={M: [(34, 1, 2, 270)]}, steaks={M: held})
    assert set(g.legal_actions()) == {ConvertSteaks(k) for k in range(held + 1)}
    g.apply(ConvertSteaks(held))
    assert g.food[M] == food and g.steaks[M] == 0 and g.steak_supply == 18


def test_x1_convert_five_of_six():
    g = scenario((M, V), phase="hunt", board={M: [(34, 1, 2, 270)]}, steaks={M: 6})
    g.apply(ConvertSteaks(5))
    assert g.food[M] == 10 and g.steaks[M] == 1


def test_x2_hunt_token_gives_a_steak_and_no_conversion():
    g = scenario((M, V), phase="after_tile", board={M: [(34, 1, 2, 270)]}, hand={M: ["hunt"]})
    g.apply(UseMountainToken("hunt"))
    assert g.steaks[M] == 1 and g.phase == "after_tile" and g.food[M] == 0
    empty = scenario((M, V), phase="after_tile", board={M: [(34, 1, 2, 270)]}, hand={M: ["hunt"]}, steaks={V: 18})
    empty.apply(UseMountainToken("hunt"))
    assert empty.steaks[M] == 0 and empty.steak_supply == 0


def x3(**kw):
    # picking on (2, 0), a Forest worth 2; ritual on (2, 1) above the Plain (2, 2)
    return scenario((M, V), board={M: [(16, 2, 0, 90)]}, pools={M: [19, 18, 1, 4]}, **kw)


def test_x3_picking_connected_on_a_forest():
    g = x3()
    g.apply(PlaceTile(19, 3, 0, 0))  # picking on (3, 0) Forest 2, water on (4, 0)
    assert g.food[M] == 2 + 1


def test_x3_picking_never_on_a_plain_unless_the_token_was_used():
    g = x3(hand={M: ["picking"]})
    refuse(g, PlaceTile(18, 1, 2, 0), "picking", "plain", "RB 52")  # unconnected picking on the Plain (1, 2)
    g.apply(UseMountainToken("picking"))
    assert g.food[M] == 0 and g.picking_on_plain  # correction 5: the token gives no food by default
    g.apply(PlaceTile(18, 1, 2, 0))  # ritual on (2, 2) against the ritual on (2, 1)
    assert g.food[M] == 3
    g.apply(SkipBonus())
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Refill)))
    assert not g.picking_on_plain  # the flag lasts for the rest of that turn only


def test_x3_picking_token_food_switch():
    g = scenario((M, V), board={M: [(16, 2, 0, 90)]}, pools={M: [19, 18, 1, 4]}, hand={M: ["picking"]})
    g2 = type(g)(players=[M, V], seed=1, rules={"picking_token_food": True})
    g2.set_position(g.to_position())
    g2.apply(UseMountainToken("picking"))
    assert g2.food[M] == 1


def test_x4_camp_scene_and_camp_token():
    g = scenario((M, V), board={M: [(44, 3, 2, 90)]}, pools={M: [52, 1, 4, 10]}, hand={M: ["camp"]})
    g.apply(PlaceTile(52, 3, 4, 0))  # camp on (3, 4) under the camp on (3, 3); hunt on (4, 4)
    assert g.shelter[M] == 3 and g.food[M] == 2
    assert g.phase == "after_tile"
    g.apply(UseMountainToken("camp"))
    assert g.shelter[M] == 6


def x5(players=(M, V), **kw):
    # tile 35 (ritual, water) goes ritual on (2, 2) (Plain 3) against the ritual on (1, 2)
    return scenario(players, board={M: [(34, 1, 2, 270)]}, pools={M: [35, 1, 4, 10]}, **kw)


def test_x5_fight_token_before_the_tiles_food():
    g = x5(food={M: 5}, fight={35: [V]})
    events = g.apply(PlaceTile(35, 2, 2, 0))
    scored = [(e.player, e.points) for e in events if isinstance(e, FoodScored)]
    assert scored == [(M, -1), (V, 1), (M, 3)]
    assert g.food == {M: 7, V: 1} and g.fight_tokens_in_hand[V] == 3 and 35 not in g.fight_tokens


def test_x5_fight_token_without_food_has_no_effect():
    g = x5(fight={35: [V]})
    g.apply(PlaceTile(35, 2, 2, 0))
    assert g.food == {M: 3, V: 0} and g.fight_tokens_in_hand[V] == 3


def test_x5_fight_order_asked_when_it_matters():
    g = x5((M, V, Z), food={M: 1}, fight={35: [V, Z]})
    g.apply(PlaceTile(35, 2, 2, 0))
    assert g.phase == "fight_order"
    assert set(g.legal_actions()) == {ResolveFightToken(V), ResolveFightToken(Z)}
    g.apply(ResolveFightToken(Z))
    assert g.food == {M: 3, V: 0, Z: 1}  # 1 - 1 (Zoe) + 3 (the tile); Vianney's token found no food
    assert g.fight_tokens_in_hand == {M: 3, V: 3, Z: 3}


def test_x6_water_swap_keeps_fight_tokens_on_their_tiles():
    g = scenario((M, V), phase="water", board={M: [(34, 1, 2, 270)]}, pools={M: [35, 1, 4, 10], "common": [48, 5, 6, 7, 8]},
                 fight={48: [V]})
    g.apply(SwapTile(35, 48))
    assert 48 in g.pools[M] and 35 in g.pools["common"] and g.fight_tokens[48] == (V,)


def test_x7_fire_bear_on_another_valley():
    board = {V: [(34, 1, 2, 180, 1), (35, 2, 1, 270, 2), (36, 3, 2, 0, 2)], M: [(37, 1, 2, 270)]}
    g = scenario((M, V), phase="fire", board=board, tribe={V: 2, M: 1})
    offered = [a for a in g.legal_actions() if isinstance(a, PlaceBear)]
    assert offered and all(a.player == V for a in offered)  # AMB-4: never your own valley
    assert PlaceBear(V, 6, 4) not in offered  # touches no tile
    g.apply(PlaceBear(V, 2, 2))
    assert g.shelter[M] == 3  # AMB-3: the face-down tile counts too
    assert g.bear_supply == 17
    with g.edit() as s:
        s.to_move, s.phase = V, "fire"
    g.apply(RemoveBear(2, 2))
    assert g.bear_supply == 18 and g.shelter[M] == 3


def test_x7_no_tile_on_a_bear():
    board = {V: [(35, 2, 1, 270)], M: [(37, 1, 2, 270)]}
    g = scenario((M, V), to_move=V, board=board, pools={V: [34, 1, 4, 10]}, bears={V: {(2, 2): M}})
    refuse(g, PlaceTile(34, 2, 2, 180), "bear", "RB 118")


def test_x8_ritual_takes_tokens_from_the_board_then_used_ones():
    g = scenario((M, V), phase="ritual", board={M: [(34, 1, 2, 270)]})
    takes = [a for a in g.legal_actions() if isinstance(a, TakeMountainToken)]
    assert TakeMountainToken(-1, -1) in takes and TakeMountainToken(8, -1) in takes  # waterfalls too
    assert len(takes) == 8
    g.apply(TakeMountainToken(-1, 2))
    with g.edit() as s:  # a later turn: the token-less cave takes any scene, for its lower value
        s.phase = "main"
        s.pools[M] = [38, 1, 4, 10]
    g.apply(PlaceTile(38, 0, 2, 180))
    assert g.shelter[M] == 5
    bare = scenario((M, V), phase="ritual", board={M: [(34, 1, 2, 270)]},
                    hand={M: ["feast", "picking", "ritual", "water"]}, used={M: ["camp", "hunt", "fight", "fire"]})
    assert set(bare.legal_actions()) == {RetakeMountainToken(s) for s in ("camp", "hunt", "fight", "fire")} | {SkipBonus()}
    bare.apply(RetakeMountainToken("camp"))
    assert "camp" in bare.tokens_in_hand[M] and "camp" not in bare.used_tokens[M]


def test_x9_feast_extra_tile_into_a_token_cave():
    g = scenario((M, V), phase="feast", board={M: [(34, 1, 2, 270)]}, pools={M: [42, 1, 4, 10]},
                 tokens={M: {(-1, 2): "fire"}})
    events = g.apply(PlaceTile(42, 0, 2, 180))
    assert g.food[M] == 0 and g.shelter[M] == 7 and "fire" in g.tokens_in_hand[M]
    assert g.phase == "after_tile"  # no ritual bonus for the extra tile
    assert not any(isinstance(e, FoodScored) for e in events)


def test_x12_player_out_is_skipped_and_still_scored():
    g = scenario((M, V), phase="after_tile", board={M: [(34, 1, 2, 270)], V: [(44, 3, 2, 90)]},
                 pools={V: [1, 4, 10, 12]}, shelter={V: 9}, food={V: 4})
    v = g.valley(V)
    with g.edit() as s:  # bears on every cave entrance: no new tribe is possible (AMB-31)
        s.bears[V] = {v.coord[v.entrance[c]]: M for c in v.caves}
    events = g.apply(next(a for a in g.legal_actions() if isinstance(a, Refill)))
    assert g.out == (V,)
    assert any("game ends here" in t for t in texts(events))
    assert g.current_player == M and g.phase == "main" and g.scores[V] == 4
    while g.phase not in ("after_tile", "refill"):
        g.apply(g.legal_actions()[-1])
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Refill)))
    assert g.current_player == M  # Vianney is skipped from now on


def test_x13_token_timing():
    g = scenario((M, V), phase="after_tile", board={M: [(34, 1, 2, 270)]}, hand={M: ["camp", "hunt"]})
    g.apply(UseMountainToken("camp"))
    refuse(g, UseMountainToken("hunt"), "one mountain token per turn", "RB 73")
    r = scenario((M, V), phase="ritual", board={M: [(34, 1, 2, 270)]}, hand={M: ["camp"]})
    refuse(r, UseMountainToken("camp"), "not during a tile's resolution")


def test_feast_token_before_the_main_tile_can_force_an_abandonment():
    g = scenario((M, V), board={M: [(34, 1, 2, 270)]}, pools={M: [35, 1, 10, 12]}, hand={M: ["feast"]})
    assert any(isinstance(a, PlaceTile) for a in g.legal_actions())
    g.apply(UseMountainToken("feast"))
    assert g.phase == "feast"
    g.apply(PlaceTile(35, 2, 2, 0))  # the only tile that fitted goes out as the extra tile
    assert g.phase == "main" and g.food[M] == 0
    assert g.legal_actions() and all(isinstance(a, Abandon) for a in g.legal_actions())


def test_amb6_no_contact_with_an_abandoned_tile():
    board = {M: [(34, 1, 2, 270, 1), (37, 4, 2, 0, 2)]}  # tribe 1 face down; tribe 2 ritual on (4, 2)
    g = scenario((M, V), board=board, pools={M: [38, 1, 4, 10]}, tribe={M: 2})
    g.apply(PlaceTile(38, 3, 2, 90))  # ritual on (3, 2) against the active ritual; hunt on (3, 3): fine
    g.undo()
    refuse(g, PlaceTile(38, 3, 2, 180), "abandoned", "RB 78")  # hunt on (2, 2) would touch the face-down (1, 2)
