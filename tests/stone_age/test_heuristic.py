"""The Stone Age position estimate that Greedy and MCTS judge by (heuristic.py)."""

from __future__ import annotations

from stone_age_helpers import holdings, new, resolving

from widgetpkg.agents import RandomAgent
from widgetpkg.games.stone_age import PlacePeople


def test_a_finished_game_is_judged_by_its_scores():
    g = new(players=["A", "B"])
    agent = RandomAgent(seed=4)
    while not g.is_over:
        g.apply(agent.choose(g))
    assert g.heuristic_scores() == {p: float(v) for p, v in g.scores.items()}


def test_resources_are_worth_more_than_their_final_point_while_rounds_remain():
    g = new(players=["A", "B"])
    before = g.heuristic_scores()["A"]
    holdings(g, "A", gold=2)
    gain = g.heuristic_scores()["A"] - before
    assert gain > 2 * 1  # more than the 1 point each that final scoring gives


def test_people_placed_count_before_their_dice_are_rolled():
    g = new(players=["A", "B"])
    start = g.heuristic_scores()["A"]
    g.apply(PlacePeople("forest", 3))
    assert g.heuristic_scores()["A"] > start


def test_a_coming_hunger_costs_the_estimate():
    fed = new(players=["A", "B"])
    resolving(fed, "A", {"field": 1})
    holdings(fed, "A", food=5)
    hungry = new(players=["A", "B"])
    resolving(hungry, "A", {"field": 1})
    holdings(hungry, "A", food=0)
    assert fed.heuristic_scores()["A"] - hungry.heuristic_scores()["A"] >= 10
