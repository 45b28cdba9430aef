"""The rulebook's worked examples E1-E30 and the derived scenarios (spec section 4), on the real data.

Players A, B, C, D sit in this order (A is the rulebook's "Du", B Blau, C Grün, D Gelb); winter
season, no variants unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from stone_age_helpers import arrange, end_round, holdings, new, resolving

import widgetpkg as wp
from widgetpkg.games.stone_age import (
    ChooseDie,
    ChooseResources,
    Decline,
    Feed,
    PayBuilding,
    PayCard,
    PlacePeople,
    Resolve,
    Starve,
    TakeAnimalReward,
    UseResourceVoucher,
    UseTools,
)
from widgetpkg.games.stone_age.rules import tool_tiles


def illegal(g, action, match=None):
    before = g.to_position()
    with pytest.raises(wp.IllegalActionError, match=match):
        g.apply(action)
    assert g.to_position() == before


# -- placement: E1-E8 ----------------------------------------------------------------------------------
def test_e1_tool_maker_takes_exactly_one_and_is_then_full():
    g = new()
    illegal(g, PlacePeople("tool_maker", 2), "exactly 1")
    g.apply(PlacePeople("tool_maker", 1))
    illegal(g, PlacePeople("tool_maker", 1), "full")
    assert PlacePeople("tool_maker", 1) not in g.legal_actions()


def test_e2_hut_takes_exactly_two_people_at_once():
    g = new()
    illegal(g, PlacePeople("hut", 1), "exactly 2")
    illegal(g, PlacePeople("hut", 3), "exactly 2")
    g.apply(PlacePeople("hut", 2))
    illegal(g, PlacePeople("hut", 2), "full")


def test_e3_field_takes_one():
    g = new()
    g.apply(PlacePeople("field", 1))
    illegal(g, PlacePeople("field", 1), "full")


def test_e4_hunting_is_never_full_but_once_per_player():
    g = new()
    g.apply(PlacePeople("hunt", 4))           # A
    g.apply(PlacePeople("forest", 1))         # B
    g.apply(PlacePeople("hunt", 2))           # C: hunting is shared
    g.apply(PlacePeople("hunt", 5))           # D
    illegal(g, PlacePeople("hunt", 1), "already placed at hunt")  # A again
    assert not any(a.place == "hunt" for a in g.legal_actions())


def test_e5_forest_holds_seven_in_all():
    g = new()
    g.apply(PlacePeople("forest", 2))          # A
    g.apply(PlacePeople("forest", 5))          # B
    illegal(g, PlacePeople("forest", 1))       # C: full
    assert not any(a.place == "forest" for a in g.legal_actions())
    g = new()
    g.apply(PlacePeople("forest", 5))
    illegal(g, PlacePeople("forest", 3), "room for 2")


def test_e6_e7_card_and_building_take_one_person_each():
    g = new()
    illegal(g, PlacePeople("card:3", 2), "exactly 1")
    g.apply(PlacePeople("card:3", 1))
    g.apply(PlacePeople("building:2", 1))
    illegal(g, PlacePeople("card:3", 1), "full")
    illegal(g, PlacePeople("building:2", 1), "full")


def test_e8_a_placement_round_in_seat_order():
    g = new()
    for player, action in [("A", PlacePeople("card:2", 1)), ("B", PlacePeople("hunt", 5)),
                           ("C", PlacePeople("hut", 2)), ("D", PlacePeople("building:1", 1))]:
        assert g.current_player == player
        g.apply(action)
    assert g.current_player == "A"
    # B has nobody left and is skipped ("wirst du in der Runde übersprungen")
    g.apply(PlacePeople("hunt", 4))
    assert g.current_player == "C"


# -- resolution: E9-E20 ----------------------------------------------------------------------------------
def test_e9_first_tool():
    g = new()
    resolving(g, "A", {"tool_maker": 1})
    g.apply(Resolve("tool_maker"))
    assert g.tools("A") == 1 and g.tool_tiles("A") == (1,)


def test_e10_tool_progression_and_cap():
    table = {1: (1,), 3: (1, 1, 1), 4: (2, 1, 1), 6: (2, 2, 2), 7: (3, 2, 2), 9: (3, 3, 3), 10: (4, 3, 3), 12: (4, 4, 4)}
    g = new()
    for gained in range(1, 14):
        resolving(g, "A", {"tool_maker": 1})
        g.apply(Resolve("tool_maker"))
        level = min(gained, 12)
        assert g.tools("A") == level and sum(g.tool_tiles("A")) == level
        if level in table:
            assert g.tool_tiles("A") == table[level]


def test_e11_hut_adds_a_person_and_both_come_home():
    g = new()
    resolving(g, "A", {"hut": 2, "hunt": 3})
    g.apply(Resolve("hut"))
    assert g.people("A") == 6 and ("hut", "A") not in g.placed()


def test_e12_field():
    g = new()
    resolving(g, "A", {"field": 1})
    g.apply(Resolve("field"))
    assert g.agriculture("A") == 1


def _roll(g, player, place, people, dice, use=None, **holding):
    holding.setdefault("people", max(5, people + 1))
    holdings(g, player, **holding)
    resolving(g, player, {place: people, "card:1": 1})
    g.set_next_dice(dice)
    g.apply(Resolve(place))
    if use is not None:
        g.apply(use)


def test_e13_hunting_five_people_sum_14_gives_7_food():
    g = new()
    _roll(g, "A", "hunt", 5, [6, 2, 3, 1, 2])
    assert g.food("A") == 12 + 7
    assert any("6+2+3+1+2 = 14" in str(e) for e in g.events())


def test_e14_forest_three_people_sum_10_gives_3_wood():
    g = new()
    _roll(g, "A", "forest", 3, [4, 3, 3])
    assert g.resources("A")["wood"] == 3


def test_e15_river_two_people_sum_5_gives_no_gold():
    g = new()
    _roll(g, "A", "river", 2, [2, 3])
    assert g.resources("A")["gold"] == 0


def test_e16_tools_on_a_hunt():
    g = new()
    _roll(g, "A", "hunt", 2, [2, 3], UseTools((2, 1)), tools=4)
    assert g.food("A") == 12 + 4
    assert g.unused_tools("A") == (1,)
    assert any("used tools 2+1" in str(e) for e in g.events())


def test_e17_tools_in_the_clay_pit():
    g = new()
    _roll(g, "A", "clay_pit", 2, [4, 4], UseTools((2, 2)), tools=6)
    assert g.resources("A")["clay"] == 3 and g.unused_tools("A") == (2,)


def test_tools_once_per_round_and_back_next_round():
    g = new()
    _roll(g, "A", "hunt", 2, [1, 1], UseTools((1,)), tools=1)
    assert g.phase == "pay"  # card:1, A's only place left, was resolved by the engine
    g.apply(Decline())
    assert g.phase == "placement" and g.unused_tools("A") == (1,)  # turned back at the new round


def test_tools_cannot_be_used_twice_in_a_round():
    g = new()
    holdings(g, "A", tools=1)
    resolving(g, "A", {"hunt": 1, "forest": 1})
    g.set_next_dice([1, 1])
    g.apply(Resolve("hunt"))
    g.apply(UseTools((1,)))  # the forest, A's only place left, is resolved by the engine
    assert any("resolves the Forest, the only place left" in str(e) for e in g.events())
    assert g.phase != "tools" and g.resources("A")["wood"] == 0  # no unused tools: applied without asking


def test_e18_card_purchase_in_slot_2():
    g = new()
    holdings(g, "A", wood=3)
    arrange(g, display=["G14", "G07", "G01", "G03"])
    resolving(g, "A", {"card:2": 1, "card:1": 1})
    g.apply(Resolve("card:2"))
    illegal(g, PayCard(("wood",)), "costs 2")
    illegal(g, PayCard(("wood", "wood"), gold_bonus=True), "Der Winter ist hart")
    g.apply(PayCard(("wood", "wood")))
    assert g.resources("A")["wood"] == 1 and g.cards("A") == ("G07",) and g.scores["A"] == 3
    assert g.display[1] is None


def test_food_is_not_a_resource():
    g = new()
    resolving(g, "A", {"card:1": 1})
    g.apply(Resolve("card:1"))
    assert g.legal_actions() == [Decline()]
    illegal(g, PayCard(("food",)), "food is not a resource")


def test_e19_building_one_clay_two_stone_scores_14():
    g = new()
    holdings(g, "A", clay=1, stone=2)
    arrange(g, stacks={1: ["B08", "B01"]})
    resolving(g, "A", {"building:1": 1})
    g.apply(Resolve("building:1"))
    assert g.legal_actions() == [PayBuilding(("clay", "stone", "stone")), Decline()]
    events = g.apply(PayBuilding(("clay", "stone", "stone")))
    assert g.scores["A"] == 14 and g.buildings("A") == ("B08",) and g.stack(1)[0] == "B01"
    assert "A +14: buildings 1 building x14 (1 clay, 2 stone)" in map(str, events)


def test_declining_keeps_the_card_for_the_next_round():
    g = new()
    holdings(g, "A", wood=5)
    resolving(g, "A", {"card:4": 1})
    card = g.display[3]
    g.apply(Resolve("card:4"))
    g.apply(Decline())
    assert card in g.display and g.resources("A")["wood"] == 5


def test_e20_the_display_slides_right_and_refills_from_slot_3():
    g = new()
    holdings(g, "A", wood=10)
    c1, c2, c3, c4 = "G14", "G07", "G08", "G13"
    arrange(g, display=[c1, c2, c3, c4])
    resolving(g, "A", {"card:2": 1, "card:3": 1})
    g.set_next_cards(["G01", "G03"])
    g.apply(Resolve("card:2"))
    g.apply(PayCard(("wood", "wood")))  # card:3, the only place left, is resolved by the engine
    g.apply(PayCard(("wood", "wood", "wood")))
    assert g.phase == "placement" and g.display == (c1, c4, "G01", "G03")


def test_building_variable_payments():
    g = new()
    holdings(g, "A", wood=3, clay=2, gold=1)
    arrange(g, stacks={1: ["V4_2"]})
    resolving(g, "A", {"building:1": 1})
    g.apply(Resolve("building:1"))
    illegal(g, PayBuilding(("wood", "wood", "clay", "gold")), "exactly 4 resources of 2 kinds")
    g.apply(PayBuilding(("wood", "wood", "clay", "clay")))
    assert g.scores["A"] == 3 + 3 + 4 + 4


# -- card tops ---------------------------------------------------------------------------------------------
def _buy(g, card, payment=("wood",), **holding):
    holdings(g, "A", wood=4, **holding)
    arrange(g, display=[card, "G14", "G13", "G12"])
    resolving(g, "A", {"card:1": 1})
    g.apply(Resolve("card:1"))
    g.apply(PayCard(payment))


def test_card_dice_for_everyone_buyer_first_then_clockwise():
    g = new()
    g.set_next_dice([1, 5, 6, 3])
    _buy(g, "G02")
    assert g.phase == "dice_for_all" and g.current_player == "A"
    illegal(g, ChooseDie(2), "remaining dice")
    g.apply(ChooseDie(6))
    assert g.current_player == "B"
    g.apply(ChooseDie(5))
    g.apply(ChooseDie(1))
    # D takes the last die without a choice; back to A's resolution, then the round ends
    assert g.agriculture("A") == 1 and g.tools("B") == 1 and g.resources("C")["wood"] == 1
    assert g.resources("D")["stone"] == 1


def test_card_two_dice_for_a_resource_with_tools():
    g = new()
    g.set_next_dice([5, 6])
    _buy(g, "G06", tools=1)
    assert g.phase == "tools"
    g.apply(UseTools((1,)))
    assert g.resources("A")["gold"] == 2


def test_card_one_use_tool_can_be_used_this_round():
    g = new()
    holdings(g, "A", wood=1)
    arrange(g, display=["T1a", "G14", "G13", "G12"])
    resolving(g, "A", {"card:1": 1, "quarry": 2})
    g.set_next_dice([3, 3])
    g.apply(Resolve("card:1"))
    g.apply(PayCard(("wood",)))  # the quarry, the only place left, is resolved by the engine
    assert g.one_use_tools("A") == (4,) and g.phase == "tools"
    assert UseTools((), (4,)) in g.legal_actions()
    g.apply(UseTools((), (4,)))
    assert g.resources("A")["stone"] == 2 and g.one_use_tools("A") == () and "T1a" in g.cards("A")


def test_card_two_resources_of_choice_now_or_later():
    g = new(voucher_timing="immediate")
    _buy(g, "G04")
    assert g.phase == "choose_resources"
    g.apply(ChooseResources(("gold", "gold")))
    assert g.resources("A")["gold"] == 2
    # the default (ruling Q12): kept for later, taken whenever A decides, e.g. when short of food
    g = new()
    _buy(g, "G04")
    assert g.vouchers("A") == (2,) and g.resources("A")["wood"] == 3
    illegal(g, UseResourceVoucher(("gold", "gold")), "B has no resources of choice")
    holdings(g, "A", food=0, wood=3)
    end_round(g, "B", hungry=("A",))
    assert g.phase == "feeding" and g.current_player == "A"    # 3 wood + 2 kept can feed 5 people
    illegal(g, UseResourceVoucher(("gold",)), "take 2 resources")
    assert [a for a in g.legal_actions() if isinstance(a, Feed)] == [] and Starve() in g.legal_actions()
    g.apply(UseResourceVoucher(("wood", "clay")))
    g.apply(Feed(("wood",) * 4 + ("clay",)))
    assert g.scores["A"] == 0 and g.resources("A") == {"wood": 0, "clay": 0, "stone": 0, "gold": 0}
    g = new()
    _buy(g, "G04")
    end_round(g, "B", last_round=True)
    assert g.score_breakdown()["A"]["resources"] == 3 + 2   # kept resources score at the end


def test_extra_card_draws_the_bottom_only():
    g2 = new()
    arrange(g2, display=["G15", "G14", "G13", "G12"], deck_top=["H3"])
    _buy(g2, "G15")
    assert g2.cards("A") == ("G15", "H3") and g2.scores["A"] == 0  # the extra card's top is not executed


def test_card_tool_agriculture_food_points():
    for card, check in [("G05", lambda g: g.tools("A") == 1), ("G09", lambda g: g.agriculture("A") == 1),
                        ("G01", lambda g: g.food("A") >= 12 + 7 - 5), ("H3", lambda g: g.scores["A"] == 3),
                        ("S1b", lambda g: g.resources("A")["gold"] == 1)]:
        g = new()
        _buy(g, card)
        assert check(g), card


# -- final scoring E21-E25 and the tie-break ----------------------------------------------------------------
def _final(g, player="A", **holding):
    holdings(g, player, **holding)
    end_round(g, last_round=True)
    assert g.is_over


def test_e21_culture_five_different_and_one_double():
    g = new()
    _final(g, cards=["G01", "G03", "G05", "G07", "G09", "G02"], food=20)
    assert g.score_breakdown()["A"]["culture"] == 26
    assert any(str(e).startswith("A +26: culture") for e in g.events())


def test_e22_farmers_five_times_agriculture_seven():
    g = new()
    _final(g, cards=["F2a", "F2b", "F1a"], agriculture=7)
    assert g.score_breakdown()["A"]["farmers"] == 35


def test_e23_hut_builders_six_times_six_buildings():
    g = new()
    _final(g, cards=["H3", "H2a", "H1a"], buildings=["B01", "B02", "B03", "B04", "B05", "B06"], food=20)
    assert g.score_breakdown()["A"]["hut builders"] == 36


def test_e24_tool_makers_three_times_three_tools():
    g = new()
    _final(g, cards=["T2b", "T1a"], tools=3, one_use_tools=[4], food=20)
    assert g.score_breakdown()["A"]["tool makers"] == 9  # the one-use tool is not a tool tile (Q9)


def test_e25_shamans_three_times_six_people():
    g = new()
    _final(g, cards=["S2a", "S1a"], people=6, food=20)
    assert g.score_breakdown()["A"]["shamans"] == 18


def test_resources_score_one_each_and_food_nothing():
    g = new()
    _final(g, wood=2, gold=3, food=40)
    assert g.score_breakdown()["A"] == {"resources": 5}


def test_tie_break_and_shared_wins():
    g = new()
    for p, (agri, tools, people) in zip("ABCD", [(5, 6, 7), (4, 8, 5), (0, 0, 5), (0, 0, 5)]):
        holdings(g, p, score=80 if p in "AB" else 10, agriculture=agri, tools=tools, people=people, food=30)
    end_round(g, last_round=True)
    assert g.scores["A"] == g.scores["B"] and g.winners() == ["A"]
    g = new()
    for p in "AB":
        holdings(g, p, score=80, agriculture=2, tools=3, food=30)
    end_round(g, last_round=True)
    assert g.winners() == ["A", "B"]


# -- hard winter E26-E27 ----------------------------------------------------------------------------------
def test_e26_insulation_adds_five_points():
    g = new(variants={"hard_winter": True})
    holdings(g, "A", wood=1, clay=1, gold=1, stone=1)
    arrange(g, stacks={1: ["B11"]})
    resolving(g, "A", {"building:1": 1})
    g.apply(Resolve("building:1"))
    g.apply(PayBuilding(("wood", "clay", "gold"), insulate=True))
    assert g.scores["A"] == 18 and g.resources("A") == {"wood": 0, "clay": 0, "stone": 0, "gold": 0}


def test_insulation_only_on_fixed_buildings_and_with_a_stone():
    g = new(variants={"hard_winter": True})
    holdings(g, "A", wood=5)
    arrange(g, stacks={1: ["V1_7", "B01"]})
    resolving(g, "A", {"building:1": 1})
    g.apply(Resolve("building:1"))
    assert not any(getattr(a, "insulate", False) for a in g.legal_actions())
    illegal(g, PayBuilding(("wood",), insulate=True), "fixed-cost")


def test_e27_gold_trade_on_a_card():
    g = new(variants={"hard_winter": True})
    holdings(g, "A", wood=2, gold=1)
    arrange(g, display=["G14", "G13", "G01", "G03"])
    resolving(g, "A", {"card:2": 1})
    g.apply(Resolve("card:2"))
    g.apply(PayCard(("wood", "wood"), gold_bonus=True))
    assert g.scores["A"] == 6 and g.resources("A")["gold"] == 0 and g.food("A") >= 3


# -- wild animals E28-E30 -----------------------------------------------------------------------------------
def test_e28_an_animal_revealed_at_a_refill_is_set_aside():
    g = new(variants={"wild_animals": True})
    holdings(g, "A", wood=5)
    arrange(g, display=["G14", "G07", "G08", "G13"], deck_top=["animal:boar", "G01", "G03"])
    resolving(g, "A", {"card:2": 1, "card:3": 1})
    g.apply(Resolve("card:2"))
    g.apply(PayCard(("wood", "wood")))  # card:3, the only place left, is resolved by the engine
    g.apply(PayCard(("wood", "wood", "wood")))
    assert g.phase == "placement" and g.active_animal == "animal:boar"
    assert g.display == ("G14", "G13", "G01", "G03")


def test_no_animal_in_the_first_display():
    for seed in range(20):
        g = new(seed=seed, variants={"wild_animals": True})
        assert not any(c.startswith("animal") for c in g.display)


def test_e29_boar_takes_two_from_the_sum():
    g = new(variants={"wild_animals": True})
    resolving(g, "A", {"hunt": 3, "card:1": 1}, animal="animal:boar")
    g.set_next_dice([3, 3, 3])
    g.apply(Resolve("hunt"))
    assert g.food("A") == 12 + 3


def _chase(b_roll, b_face):
    g = new(variants={"wild_animals": True})
    with g.edit() as s:
        s.animal = "animal:wolf"
        for p, n in (("A", 2), ("B", 1), ("C", 1)):
            s.players[p].at_animal = n
            s.players[p].home -= n
    resolving(g, "A", {"card:1": 1})
    g.set_next_dice([2, 6, b_roll, 4])
    g.apply(Resolve("card:1"))
    g.apply(Decline())
    assert g.phase == "animal_rewards" and g.current_player == "A"
    g.apply(TakeAnimalReward(2, 2))
    g.apply(TakeAnimalReward(6, 6))
    if b_roll != 1:
        g.apply(TakeAnimalReward(b_roll, b_face))
    assert g.current_player == "C"
    g.apply(TakeAnimalReward(4, 4))
    g.apply(ChooseResources(("clay",)))
    return g


def test_e30_chasing_the_animal_rewards_everyone_there():
    g = _chase(1, 1)
    assert g.is_over is False and g.phase == "placement"
    assert g.food("A") == 12 + 3 - 5 and g.tools("A") == 1          # 3 food and a tool, then fed 5
    assert g.scores["B"] == 3 and g.resources("C")["clay"] == 1 and g.scores["D"] == 0
    assert g.active_animal is None and all(g.at_animal(p) == 0 for p in "ABCD")
    assert g.food("B") == 12 - 5                                      # all 5 home and fed


def test_e30_variant_a_six_may_be_taken_as_a_one():
    g = _chase(6, 1)
    assert g.scores["B"] == 3 and g.tools("B") == 0


def test_people_at_an_animal_that_stays_are_not_fed_or_placed():
    g = new(variants={"wild_animals": True})
    with g.edit() as s:
        s.animal = "animal:boar"
        s.players["A"].at_animal = 2
        s.players["A"].home = 3
    end_round(g)
    assert g.food("A") == 12 - 3 and g.at_animal("A") == 2 and g.at_home("A") == 3
    assert g.current_player == "B"
    g.apply(PlacePeople("animal", 1))
    g.apply(PlacePeople("hunt", 1))        # C
    g.apply(PlacePeople("hunt", 1))        # D
    g.apply(PlacePeople("animal", 1))      # A: one more person in a later turn
    assert g.at_animal("A") == 3 and g.at_animal("B") == 1


def test_animal_counts_as_a_place_and_allows_returning():
    g = new(players=["A", "B"], variants={"wild_animals": True})
    with g.edit() as s:
        s.animal = "animal:bird_of_prey"
    g.apply(PlacePeople("animal", 1))
    g.apply(PlacePeople("animal", 1))
    assert not any(a.place == "animal" for a in g.legal_actions())   # 2 rings in a 2-player game


# -- feeding and other derived scenarios -------------------------------------------------------------------
def test_hunger_costs_ten_and_all_food():
    g = new()
    holdings(g, "A", people=6, food=2, agriculture=1, score=4)
    end_round(g, "B", hungry=("A",))
    assert g.food("A") == 0 and g.scores["A"] == -6


def test_feeding_with_resources_or_choosing_hunger():
    g = new()
    holdings(g, "A", people=6, food=2, agriculture=1, wood=3)
    end_round(g, "B", hungry=("A",))
    assert g.phase == "feeding" and g.current_player == "A"
    illegal(g, Feed(("wood", "wood")), "exactly 3")
    g.apply(Feed(("wood", "wood", "wood")))
    assert g.scores["A"] == 0 and g.resources("A")["wood"] == 0 and g.phase == "placement"
    g = new()
    holdings(g, "A", people=6, food=2, agriculture=1, wood=3)
    end_round(g, "B", hungry=("A",))
    g.apply(Starve())
    assert g.scores["A"] == -10 and g.resources("A")["wood"] == 3 and g.food("A") == 0


def test_two_players_one_per_resource_place_and_two_village_places():
    g = new(players=["A", "B"])
    g.apply(PlacePeople("forest", 1))
    illegal(g, PlacePeople("forest", 1), "only 1 player")
    g.apply(PlacePeople("tool_maker", 1))
    g.apply(PlacePeople("hut", 2))
    illegal(g, PlacePeople("field", 1), "only 2 of the 3 village places")


def test_three_players_two_per_resource_place():
    g = new(players=["A", "B", "C"])
    g.apply(PlacePeople("quarry", 1))
    g.apply(PlacePeople("quarry", 1))
    illegal(g, PlacePeople("quarry", 1), "only 2 players")


def test_no_replacement_and_no_passing():
    g = new()
    g.apply(PlacePeople("forest", 1))
    for _ in range(3):
        g.apply(PlacePeople("hunt", 1))
    illegal(g, PlacePeople("forest", 1), "already placed")
    assert all(isinstance(a, PlacePeople) for a in g.legal_actions()) and g.legal_actions()


def test_game_ends_after_the_round_that_empties_a_stack():
    g = new(players=["A", "B"])
    holdings(g, "A", wood=2, clay=1)
    arrange(g, stacks={1: ["B01"]})
    with g.edit() as s:
        s.stacks[1] = ["B01"]
    resolving(g, "A", {"building:1": 1, "hunt": 1, "forest": 1})
    g.apply(Resolve("building:1"))
    g.apply(PayBuilding(("wood", "wood", "clay")))
    assert g.ends_after_round and not g.is_over
    g.set_next_dice([6, 1])
    g.apply(Resolve("hunt"))  # the forest, the only place left, is resolved by the engine
    assert g.is_over and g.food("A") == 12 + 3 - 5   # the round, feeding included, was played


def test_game_ends_when_the_deck_cannot_refill():
    g = new(players=["A", "B"])
    holdings(g, "A", wood=1)
    arrange(g, display=["G14", "G13", "G12", "G11"])
    with g.edit() as s:
        s.deck = []
    resolving(g, "A", {"card:1": 1})
    g.apply(Resolve("card:1"))
    g.apply(PayCard(("wood",)))
    assert g.is_over and g.round == 1


def test_a_full_display_and_an_empty_deck_play_on():
    g = new(players=["A", "B"])
    with g.edit() as s:
        s.deck = []
    end_round(g)
    assert g.phase == "placement" and g.round == 2   # ruling Q15


def test_futile_village_places_give_nothing():
    g = new()
    holdings(g, "A", people=10, agriculture=10, tools=12, food=30)
    resolving(g, "A", {"hut": 2, "field": 1, "tool_maker": 1})
    for place in ("hut", "field"):  # the tool maker, the only place left, is resolved by the engine
        g.apply(Resolve(place))
    assert (g.people("A"), g.agriculture("A"), g.tools("A")) == (10, 10, 12)


def test_tool_upgrade_prefers_an_unused_tile():
    g = new()
    holdings(g, "A", tools=3, used_tools=[1])
    resolving(g, "A", {"tool_maker": 1, "card:1": 1})
    g.apply(Resolve("tool_maker"))
    assert g.tool_tiles("A") == tool_tiles(4) and g.unused_tools("A") == (2, 1)


# -- forced steps ----------------------------------------------------------------------------------------
def test_the_only_place_left_is_resolved_by_the_engine_and_replays_exactly():
    g = new(players=["A", "B"])
    resolving(g, "A", {"hut": 2, "field": 1})
    events = g.apply(Resolve("hut"))
    assert any(str(e) == "A resolves the Field, the only place left" for e in events)
    assert g.agriculture("A") == 1 and g.placed() == {} and g.phase == "placement"
    again = wp.load_game(g.to_json())
    assert again.to_position() == g.to_position()
    g.undo()
    assert g.placed() == {("hut", "A"): 2, ("field", "A"): 1} and g.agriculture("A") == 0


def test_kept_resources_of_choice_leave_the_last_resolve_to_the_player():
    g = new(players=["A", "B"])
    with g.edit() as s:
        s.players["A"].vouchers = [2]
    resolving(g, "A", {"hut": 2, "field": 1})
    g.apply(Resolve("hut"))
    assert g.phase == "resolution" and Resolve("field") in g.legal_actions()
    assert any(isinstance(a, UseResourceVoucher) for a in g.legal_actions())
