"""Difficulty levels and hints: every game's levels come from its facts, play legal complete games
for every player count, are deterministic when seeded, and explain only legal actions, ranked as
the agent chooses."""

from __future__ import annotations

import random

import pytest

import widgetpkg as wp
from widgetpkg.agents import Choice, GreedyAgent, MCTSAgent, for_game
from widgetpkg.core import InvalidOptionError

GAMES = ("hunters-gatherers", "sapiens", "stone-age")
#: a quick hard player for tests: a simulation budget keeps it deterministic and fast
QUICK_HARD = {"seconds": None, "simulations": 8}


def quick(name: str, level: str, seed: int):
    return for_game(name, level, seed=seed, **(QUICK_HARD if level == "hard" else {}))


def advanced(name: str, seed: int, steps: int, players: int = 2):
    g, rng = wp.new_game(name, players=players, seed=seed), random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("name", GAMES)
def test_levels_come_from_the_declared_facts(name):
    info = wp.game_info(name)
    assert [lv.name for lv in info.levels] == ["easy", "normal", "hard"]
    for level in info.levels:
        agent = for_game(name, level.name, seed=1)
        kind = {"greedy": GreedyAgent, "mcts": MCTSAgent}[level.agent]
        assert isinstance(agent, kind)
        for key, value in level.settings:
            assert getattr(agent, key) == value


def test_unknown_level_or_game_names_the_choices():
    with pytest.raises(InvalidOptionError, match="'easy', 'normal', 'hard'"):
        for_game("stone-age", "impossible")
    with pytest.raises(InvalidOptionError, match="available: .*stone-age"):
        for_game("chess", "easy")
    with pytest.raises(ValueError, match="tolerance"):
        for_game("stone-age", "easy", tolerance=-1)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_seeded_level_is_deterministic(name, level):
    g = advanced(name, 4, 7)
    picks = [quick(name, level, 9).choose(g.clone()) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in g.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_hard_level_with_a_simulation_budget_is_deterministic(name):
    g = advanced(name, 5, 9)
    assert quick(name, "hard", 3).choose(g) == quick(name, "hard", 3).choose(g)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_explain_names_legal_actions_ranked_as_the_agent_chooses(name, level):
    g = advanced(name, 6, 11)
    before = g.to_json()
    agent = quick(name, level, 2)
    choices = agent.explain(g)
    assert g.to_json() == before  # hands off the game
    legal = g.legal_actions()
    assert 1 <= len(choices) <= 3 and all(isinstance(c, Choice) and c.action in legal for c in choices)
    assert all(isinstance(r, str) and r for c in choices for r in c.reasons)
    assert all(str(c).startswith(str(c.action)) for c in choices)
    if isinstance(agent, MCTSAgent):  # a search ranks by visits: its first choice is the move it plays
        assert choices[0].action == quick(name, level, 2).choose(g)
    else:
        values = [c.value for c in choices]
        assert values == sorted(values, reverse=True)
        if level == "normal":  # the normal player plays a move of the best value
            assert choices[0].value == max(quick(name, level, 2).action_values(g))


def _near_the_end(name: str, players: int, seed: int, left: int, **options):
    """A game played at random until about ``left`` decisions before a random game would end."""
    probe, rng = wp.new_game(name, players=players, seed=seed, **options), random.Random(seed)
    steps = 0
    while not probe.is_over:
        probe.apply(rng.choice(probe.legal_actions()))
        steps += 1
    g, rng = wp.new_game(name, players=players, seed=seed, **options), random.Random(seed)
    for _ in range(max(0, steps - left)):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _play_out(name: str, players: int, levels: list[str], seed: int, left: int | None = None, **options):
    g = wp.new_game(name, players=players, seed=seed, **options) if left is None else \
        _near_the_end(name, players, seed, left, **options)
    agents = {p: quick(name, levels[i % len(levels)], seed + i) for i, p in enumerate(g.players)}
    moves = 0
    while not g.is_over:
        action = agents[g.current_player].choose(g)
        assert action in g.legal_actions()
        g.apply(action)
        moves += 1
        assert moves < 20000
    assert g.winners()


@pytest.mark.parametrize("name", GAMES)
def test_each_level_finishes_games_for_every_player_count(name):
    """Bounded: the levels take over a game a few dozen decisions before its end (fewer where a
    decision costs more: Hunters & Gatherers' hard level plays greedy play-outs to the end)."""
    info = wp.game_info(name)
    left = {"sapiens": 12, "hunters-gatherers": 14}.get(name, 24)
    for players in range(info.min_players, info.max_players + 1):
        _play_out(name, players, ["easy", "normal", "hard"], seed=players, left=left)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_each_level_plays_complete_games_for_every_player_count(name):
    info = wp.game_info(name)
    for players in range(info.min_players, info.max_players + 1):
        # the two cheap levels at every count; the search once, in a 2-player game
        _play_out(name, players, ["easy", "normal"], seed=players)
    _play_out(name, 2, ["hard", "easy"], seed=1)


def test_stone_age_levels_play_with_every_variant():
    _play_out("stone-age", 2, ["easy", "normal", "hard"], seed=3, left=30,
              variants={"hard_winter": True, "wild_animals": True, "igloos": True})


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_normal_beats_random_in_17_of_20(name):
    """A small bounded strength sample (the ladder itself is benchmarks/agents.py --ladder)."""
    wins = 0.0
    for i in range(20):
        g = wp.new_game(name, players=2, seed=9000 + i)
        normal = g.players[i % 2]
        agents = {normal: for_game(name, "normal", seed=i), g.players[1 - i % 2]: wp.agents.Random(seed=i)}
        while not g.is_over:
            g.apply(agents[g.current_player].choose(g))
        wins += (1.0 if len(g.winners()) == 1 else 0.5) if normal in g.winners() else 0.0
    assert wins >= 17


@pytest.mark.parametrize("name", GAMES)
def test_the_terms_of_a_hint_add_up_to_the_estimate(name):
    for seed, steps in ((1, 0), (2, 9), (3, 31), (4, 77)):
        g = advanced(name, seed, steps)
        for player in g.players:
            terms = g.heuristic_terms(player)
            assert all(isinstance(words, str) and words for _, words in terms.values())
            assert sum(points for points, _ in terms.values()) == pytest.approx(g.heuristic_scores()[player])


def test_a_stone_age_hint_speaks_of_the_place_and_the_feeding():
    g = wp.new_game("stone-age", players=["Ann", "Bob"], seed=1)
    best = for_game("stone-age", "normal", seed=1).explain(g)
    said = " ".join(r for c in best for r in c.reasons)
    assert "people" in said or "field" in said or "expected from the" in said
    g.apply(wp.games.stone_age.PlacePeople("hunt", 5))
    terms = g.heuristic_terms("Ann")
    assert "hunt" in terms["place:hunt"][1] and terms["place:hunt"][0] > 0
