"""widgetpkg.rl: every shipped game that declares an encoding is a PettingZoo AEC environment
that passes PettingZoo's own API and seed tests, plays whole games of masked random agents,
refuses illegal indices without a change, and shows each player only what that player may see."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import widgetpkg as wp  # noqa: E402
import widgetpkg.rl  # noqa: E402
from widgetpkg.core.registry import bundled_names  # noqa: E402


def encoded(name: str) -> bool:
    try:
        wp.new_game(name, seed=1).encoding()
    except NotImplementedError:
        return False
    return True


def setups() -> list:
    """(game, player count) for every shipped game, those without an encoding yet skipped."""
    found = []
    for name in bundled_names():
        info = wp.game_info(name)
        mark = () if encoded(name) else pytest.mark.skip(reason=f"{name} declares no encoding yet")
        found += [pytest.param(name, n, marks=mark, id=f"{name}-{n}")
                  for n in range(info.min_players, info.max_players + 1)]
    return found


SETUPS = setups()


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_pettingzoo_api_and_seed_tests(name, players):
    with warnings.catch_warnings():
        # advice, not failures: agents are the game's player names ("Red"), not "player_0"; the
        # observation is the usual dict of vector and mask; the mask is all zeros off turn
        warnings.simplefilter("ignore", UserWarning)
        api_test(widgetpkg.rl.env(name, players=players, seed=1), num_cycles=15)
        seed_test(lambda: widgetpkg.rl.env(name, players=players), num_cycles=15)


def play_out(env, seed: int) -> tuple[int, dict[str, float]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves, rewards = 0, dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        assert not truncated
        if terminated:
            assert info["scores"] == env.game.scores and not observation["action_mask"].any()
            env.step(None)
            continue
        assert agent == env.game.current_player
        assert observation["observation"].dtype == np.float32 and observation["observation"].shape == (
            env.encoding.observation_size,)
        allowed = np.flatnonzero(observation["action_mask"])
        assert sorted(allowed) == sorted(env.legal_actions())
        env.step(int(rng.choice(allowed)))
        moves += 1
    return moves, rewards


@pytest.mark.parametrize(("name", "players"), [p for p in SETUPS if p.values[1] in (2, 4)])
def test_random_agents_play_whole_games_through_the_mask(name, players):
    env = widgetpkg.rl.env(name, players=players)
    moves, rewards = play_out(env, seed=players)
    g = env.game
    assert g.is_over and moves == len(g.history) and env.agents == []
    assert rewards == widgetpkg.rl.final_rewards(g)
    winners = g.winners()
    assert all(rewards[p] == (1.0 if len(winners) == 1 else 0.0) for p in winners)
    assert all(rewards[p] == -1.0 for p in g.players if p not in winners)


def first_encoded() -> str:
    names = [name for name in bundled_names() if encoded(name)]
    if not names:
        pytest.skip("no game declares an encoding")
    return names[0]


@pytest.mark.parametrize("name", [n for n in bundled_names()])
def test_an_illegal_index_is_refused_and_changes_nothing(name):
    if not encoded(name):
        pytest.skip(f"{name} declares no encoding yet")
    env = widgetpkg.rl.env(name, players=2, seed=5)
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(7):
        env.step(rng.choice(sorted(env.legal_actions())))
    before, agent = env.game.to_json(), env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, env.encoding.action_count, 1.0, "3", True, None, np.float64(2)):
        with pytest.raises(wp.IllegalActionError):
            env.step(bad)
        assert env.game.to_json() == before and env.agent_selection == agent
    env.step(np.int64(np.flatnonzero(mask)[0]))  # a numpy integer is an index like any other
    assert env.game.to_json() != before


@pytest.mark.parametrize("name", [n for n in bundled_names()])
def test_the_observation_hides_hidden_information(name):
    """A copy with its hidden parts (pile order, future dice) drawn anew looks the same to everyone."""
    if not encoded(name):
        pytest.skip(f"{name} declares no encoding yet")
    g = wp.new_game(name, players=3, seed=11)
    rng = random.Random(11)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    enc = g.encoding()
    for seed in range(3):
        twin = g.clone(resample_hidden=random.Random(seed))
        for player in g.players:
            assert enc.vector(twin, player) == enc.vector(g, player)


def test_seeds_repeat_games_and_the_parts_match_the_vector():
    name = first_encoded()
    env = widgetpkg.rl.env(name, players=3)
    env.reset(seed=21)
    first = env.observe(env.agent_selection)["observation"]
    parts = env.observation_parts(env.agent_selection)
    assert list(parts) == list(env.encoding.parts)
    assert np.array_equal(np.concatenate([np.asarray(v, np.float32) for v in parts.values()]), first)
    env.step(sorted(env.legal_actions())[0])
    env.reset(seed=21)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)
    assert env.describe(sorted(env.legal_actions())[0]) == str(env.legal_actions()[sorted(env.legal_actions())[0]])


def test_svg_render_and_refused_options(monkeypatch):
    name = first_encoded()
    env = widgetpkg.rl.env(name, players=2, seed=3, render_mode="svg")
    env.reset()
    assert env.render().lstrip().startswith("<svg")
    with pytest.warns(UserWarning, match="render_mode"):
        assert widgetpkg.rl.env(name, players=2).render() is None
    with pytest.raises(wp.InvalidOptionError, match="render_mode"):
        widgetpkg.rl.env(name, render_mode="rgb_array")
    with pytest.raises(wp.InvalidOptionError, match="seed"):
        widgetpkg.rl.env(name, seed="1")
    with pytest.raises(wp.InvalidOptionError, match="unknown game"):
        widgetpkg.rl.env("chess")
    monkeypatch.setattr(type(wp.new_game(name, seed=1)), "encoding", wp.Game.encoding)
    with pytest.raises(wp.InvalidOptionError, match="no encoding"):
        widgetpkg.rl.env(name)
