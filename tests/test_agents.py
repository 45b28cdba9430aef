"""The computer players: legal choices in every phase, hands off the game, no peeking, seeded
determinism, option checks, whole games, and a scripted position with an obvious best move."""

from __future__ import annotations

import random

import pytest
from scenario_helpers import play, small_game, snapshot

import widgetpkg as wp
from widgetpkg.agents import MCTS, Agent, Greedy, GreedyAgent, MCTSAgent, Random, RandomAgent
from widgetpkg.agents.greedy import margin
from widgetpkg.agents.mcts import _Search
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile, RetakeMeeple

SHAMAN_TILE = 88  # a menhir tile whose shaman makes its player first take back one of their meeples


def fast_agents(seed: int = 1) -> list[Agent]:
    return [RandomAgent(seed=seed), GreedyAgent(seed=seed), MCTSAgent(simulations=15, seed=seed),
            MCTSAgent(simulations=0, seed=seed)]


def new_game(seed: int = 3):
    return wp.new_game("hunters-gatherers", players=["Red", "Blue"], edition="2020", seed=seed)


def advanced(seed: int, actions: int):
    """A game some random actions in, ending in whatever phase that leaves."""
    g, rng = new_game(seed), random.Random(seed)
    for _ in range(actions):
        g.apply(rng.choice(g.legal_actions()))
    return g


def shaman_position():
    """Red has a hunter on the board, closes the menhir forest and places the shaman tile in the
    extra turn: ``retake_meeple``."""
    g = new_game(5)
    play(g, 35, 0, 1, 270, "m0")  # Red: a hunter on the mammoth meadow below the start tile
    play(g, 34, -1, 1, 90)        # Blue passes
    g.set_next_tile(SHAMAN_TILE)  # on top of the menhir pile
    play(g, 37, 1, 0, 270)        # Red closes the start tile's forest: an extra turn
    assert g.current_player == "Red" and g.current_tile.id == SHAMAN_TILE
    g.apply(g.legal_actions()[0])
    assert g.phase == "retake_meeple"
    return g


def positions():
    yield "place_tile", new_game()
    g = new_game()
    g.apply(g.legal_actions()[0])
    yield "place_figure", g
    yield "retake_meeple", shaman_position()
    yield "mid-game place_tile", advanced(11, 60)
    yield "mid-game place_figure", advanced(12, 61)


# -- every agent, every phase ------------------------------------------------------------------------
@pytest.mark.parametrize("agent", fast_agents(), ids=repr)
def test_agents_choose_legal_actions_in_every_phase_and_leave_the_game_alone(agent):
    for phase, g in positions():
        before = snapshot(g)
        twin = wp.load_game(g.to_json())
        action = agent.choose(g)
        assert action in g.legal_actions(), (phase, action)
        assert snapshot(g) == before, f"{agent!r} changed the game in {phase}"
        # the hidden piles are untouched too: the same actions draw the same tiles as in a copy
        for game in (g, twin):
            game.apply(action)
            if game.phase != "over":
                game.apply(game.legal_actions()[-1])
        assert snapshot(g) == snapshot(twin), phase


def test_retake_meeple_choices_are_own_meeples():
    g = shaman_position()
    for agent in fast_agents(2):
        action = agent.choose(g)
        assert isinstance(action, RetakeMeeple) and (action.x, action.y) == (0, 1)


@pytest.mark.parametrize("agent", fast_agents()[1:], ids=repr)
def test_no_choice_when_the_game_is_over(agent, tmp_path):
    g = small_game(tmp_path, [37])
    while not g.is_over:
        g.apply(g.legal_actions()[-1])
    with pytest.raises(ValueError, match="no legal action"):
        agent.choose(g)


# -- no peeking, determinism ---------------------------------------------------------------------------
def test_choices_do_not_depend_on_the_hidden_draw_order():
    """Greedy and budget-0 MCTS look no further than their own turn, and they determinize on
    copies: reshuffling the real piles must not change what they pick."""
    for seed in range(4):
        g = advanced(seed, 40 + seed)
        reshuffled = g.clone(resample_hidden=random.Random(99))
        for make in (lambda: GreedyAgent(seed=5), lambda: MCTSAgent(simulations=0, seed=5)):
            assert make().choose(g) == make().choose(reshuffled)


def test_mcts_with_a_simulation_budget_is_deterministic():
    g = advanced(7, 50)
    first, second = MCTSAgent(simulations=60, seed=4), MCTSAgent(simulations=60, seed=4)
    assert first.choose(g) == second.choose(g)
    assert first.last_stats == second.last_stats | {"seconds": first.last_stats["seconds"]}
    assert first.last_stats["iterations"] == 60


def test_mcts_greedy_playout_is_deterministic_and_plays_the_best_next_action():
    g = advanced(7, 52)  # a tile to place: 25 ways, 7 different values
    first, second = (MCTSAgent(simulations=12, seed=4, playout="greedy") for _ in range(2))
    assert first.choose(g) == second.choose(g)
    sim = g.clone()
    before, legal, mover = sim.to_json(), sim.legal_actions(), sim.current_player

    def value(action):
        sim.apply(action)
        try:
            return margin(sim.heuristic_scores(), mover)
        finally:
            sim.undo()

    values = [value(a) for a in legal]
    assert len(set(values)) > 1  # a position where the pick matters
    pick = _Search(MCTSAgent(simulations=0, seed=1, playout="greedy"), g)._greedy_pick(sim, legal)
    assert value(pick) == max(values) and sim.to_json() == before


def test_mcts_own_greedy_playout_picks_greedily_for_the_searching_player_only(monkeypatch):
    # its play-outs end just after one of our moves: that move is picked as the tree would pick
    # it, so that a fresh leaf is not a random move of ours behind the deeper ones
    g = advanced(7, 52)
    first, second = (MCTSAgent(simulations=30, seed=4, playout="own-greedy") for _ in range(2))
    assert first.choose(g) == second.choose(g)
    movers = []
    pick = _Search._greedy_pick

    def recording(search, sim, legal):
        movers.append((search.player, sim.current_player))
        return pick(search, sim, legal)

    monkeypatch.setattr(_Search, "_greedy_pick", recording)
    MCTSAgent(simulations=30, seed=4, playout="own-greedy").choose(g)
    assert movers and all(searcher == mover for searcher, mover in movers)
    movers.clear()
    MCTSAgent(simulations=30, seed=4, playout="greedy").choose(g)
    assert any(searcher != mover for searcher, mover in movers)  # "greedy" is greedy for everyone


def test_greedy_is_deterministic_per_seed():
    g = advanced(8, 30)
    assert GreedyAgent(seed=3).choose(g) == GreedyAgent(seed=3).choose(g)


def test_mcts_time_budget_and_progress_reports():
    reports = []
    agent = MCTSAgent(seconds=0.2, seed=1, on_progress=reports.append)
    g = advanced(9, 20)
    action = agent.choose(g)
    assert action in g.legal_actions()
    stats = agent.last_stats
    assert stats["iterations"] > 0 and 0.15 < stats["seconds"] < 1.0
    assert 0 < stats["share"] <= 1 and stats["action"] == action
    assert reports and reports[-1] == stats


# -- options -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options, message", [
    ({"seconds": 0}, "seconds"), ({"seconds": -1}, "seconds"), ({"seconds": "1"}, "seconds"),
    ({"seconds": float("nan")}, "seconds"), ({"simulations": -1}, "simulations"),
    ({"simulations": 2.5}, "simulations"), ({"simulations": True}, "simulations"),
    ({"exploration": -0.1}, "exploration"), ({"prior_weight": 0}, "prior_weight"), ({"scale": 0}, "scale"),
    ({"widening": -1}, "widening"), ({"seed": "x"}, "seed"), ({"seed": 1.5}, "seed"),
    ({"playout": "smart"}, "playout"), ({"evaluate": 3}, "evaluate"), ({"on_progress": "print"}, "on_progress"),
])
def test_mcts_rejects_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        MCTSAgent(**options)


@pytest.mark.parametrize("options, message", [({"seed": "1"}, "seed"), ({"max_depth": 0}, "max_depth")])
def test_greedy_rejects_bad_options(options, message):
    with pytest.raises(ValueError, match=message):
        GreedyAgent(**options)


def test_options_are_keyword_only_and_have_defaults():
    with pytest.raises(TypeError):
        MCTSAgent(1.0)  # type: ignore[misc]
    assert MCTSAgent().seconds == 1.0 and MCTSAgent(simulations=5).seconds is None
    assert (Random, Greedy, MCTS) == (RandomAgent, GreedyAgent, MCTSAgent)
    assert wp.agents.MCTS is MCTSAgent


def test_custom_evaluation():
    """``evaluate`` replaces the built-in estimate, and it is only ever called on copies."""
    g = advanced(4, 30)
    seen = []

    def evaluate(game):
        seen.append(game)
        return game.projected_scores()

    assert MCTSAgent(simulations=10, seed=1, evaluate=evaluate).choose(g) in g.legal_actions()
    assert seen and all(game is not g for game in seen)


# -- whole games -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pair", [("random", "greedy"), ("greedy", "mcts"), ("mcts", "random")])
def test_short_games_finish(pair, tmp_path):
    makers = {"random": lambda s: RandomAgent(seed=s), "greedy": lambda s: GreedyAgent(seed=s),
              "mcts": lambda s: MCTSAgent(simulations=8, seed=s)}
    regular = [1, 5, 12, 20, 34, 35, 37, 40, 47, 51, 60, 66]
    g = small_game(tmp_path, regular, [80, 81])
    agents = {"Red": makers[pair[0]](1), "Blue": makers[pair[1]](2)}
    steps = 0
    while not g.is_over:
        g.apply(agents[g.current_player].choose(g))
        steps += 1
        assert steps < 200
    assert g.is_over and sum(g.scores.values()) >= 0


def test_greedy_beats_random_in_a_full_game():
    g = new_game(21)
    agents = {"Red": GreedyAgent(seed=1), "Blue": RandomAgent(seed=1)}
    while not g.is_over:
        g.apply(agents[g.current_player].choose(g))
    assert g.scores["Red"] > g.scores["Blue"]


# -- an obvious move -----------------------------------------------------------------------------------
def closing_position():
    """Red has closed the start tile's south forest end; Blue holds a forest end tile (37) that
    closes the forest at (1, 0): 3 tiles, 6 points for a gatherer put on it, and a menhir."""
    g = new_game(3)
    play(g, 35, 0, 1, 270)
    g.set_next_tile(37)
    assert g.current_player == "Blue"
    return g


@pytest.mark.parametrize("agent", [GreedyAgent(seed=0), MCTSAgent(simulations=30, seed=0)], ids=repr)
def test_agents_close_the_forest_and_take_the_points(agent):
    g = closing_position()
    placement = agent.choose(g)
    assert placement == PlaceTile(1, 0, 270)
    g.apply(placement)
    figure = agent.choose(g)
    assert figure == PlaceMeeple(1, 0, "f0")
    g.apply(figure)
    assert g.scores["Blue"] == 6 and g.current_player == "Blue"  # the menhir: an extra turn


def test_greedy_values_explain_its_choice():
    g = closing_position()
    agent = GreedyAgent(seed=0)
    actions = g.legal_actions()
    values = dict(zip(actions, agent.action_values(g, actions)))
    assert values[PlaceTile(1, 0, 270)] == max(values.values()) == 6
    g.apply(PlaceTile(1, 0, 270))
    figure_values = dict(zip(g.legal_actions(), agent.action_values(g)))
    assert figure_values[PlaceMeeple(1, 0, "f0")] == 6 and figure_values[Pass()] == 0
