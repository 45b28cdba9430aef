"""Checks every game's encoding (``Game.encoding()``) must pass at every step of a played game.

Shared by the per-game encoding tests: the action space is fixed, every legal action has its own
index and comes back from it, the mask is the set of legal indices, the observation keeps its
length, an illegal index is refused without changing the game, and a copy of the game with its
hidden information drawn anew looks the same to every player.
"""

from __future__ import annotations

import random
from array import array

import numpy as np
import pytest

from widgetpkg.core import Game, IllegalActionError
from widgetpkg.core.encoding import Encoding


def check_step(game: Game, enc: Encoding, rng: random.Random, *, deep: bool) -> dict[int, object]:
    """The checks of one position; ``deep`` adds the costly ones (every player's view, hidden
    information resampled, illegal indices). Returns the legal actions by index."""
    legal = list(dict.fromkeys(game.legal_actions()))
    by_index: dict[int, object] = {}
    for action in legal:
        index = enc.action_index(game, action)
        assert isinstance(index, int) and 0 <= index < enc.action_count, (action, index)
        assert index not in by_index, f"{action} and {by_index[index]} share index {index}"
        by_index[index] = action
        assert enc.action(game, index) == action
    mask = enc.mask(game)
    assert len(mask) == enc.action_count
    assert {i for i, m in enumerate(mask) if m} == set(by_index)
    assert set(enc.legal_indices(game)) == set(by_index)
    indices, actions = enc.indexed_legal_actions(game)  # what widgetpkg.rl reads: the same, in one order
    assert list(actions) == game.legal_actions() and len(indices) == len(actions)
    assert all(by_index[i] == a for i, a in zip(indices, actions))
    current = game.current_player
    viewers = game.players if deep else [current or game.players[0]]
    for player in viewers:
        seen = enc.observation(game, player)
        assert list(seen) == list(enc.parts), "the parts in their declared order"
        flat = enc.vector(game, player)
        assert len(flat) == enc.observation_size
        filled = np.zeros(enc.observation_size, np.float32)
        enc.fill_vector(game, player, filled)
        assert filled.tolist() == np.array(flat, np.float32).tolist()
        packed = enc.packed_vector(game, player)  # what widgetpkg.rl reads: the same numbers, a new array
        assert packed.typecode == "f" and packed.tolist() == filled.tolist()
        packed[:] = array("f", [-1.0]) * len(packed)  # the caller's to change: nothing kept goes with it
        assert enc.packed_vector(game, player).tolist() == filled.tolist()
    if deep:
        # whatever the encoding keeps between steps must never go stale: a fresh one agrees
        fresh = type(enc)(game)  # type: ignore[call-arg]  # built anew: game.encoding() may share one per set-up
        assert fresh.legal_indices(game) == enc.legal_indices(game)
        for player in game.players:
            assert fresh.observation(game, player) == enc.observation(game, player)
        twin = game.clone(resample_hidden=random.Random(rng.getrandbits(32)))
        for player in game.players:
            assert enc.observation(twin, player) == enc.observation(game, player), (
                f"{player} sees hidden information at turn {game.turn}")
        before = (game.to_position(), len(game.history), legal)
        illegal = [i for i in rng.sample(range(enc.action_count), min(20, enc.action_count)) if i not in by_index]
        for bad in (*illegal[:3], -1, enc.action_count, True, 1.5, "3"):
            with pytest.raises(IllegalActionError):
                enc.action(game, bad)  # type: ignore[arg-type]
        assert (game.to_position(), len(game.history), list(dict.fromkeys(game.legal_actions()))) == before
    return by_index


def play_checked(game: Game, seed: int, *, deep_every: int = 7, max_steps: int = 5000) -> tuple[Encoding, int]:
    """Play ``game`` to its end by random indices, checking every step; returns the encoding and
    the steps played. The action count and observation size must never change."""
    rng = random.Random(seed)
    enc = game.encoding()
    count, size, parts = enc.action_count, enc.observation_size, dict(enc.parts)
    steps = 0
    while not game.is_over and steps < max_steps:
        by_index = check_step(game, enc, rng, deep=steps % deep_every == 0)
        assert by_index, f"no legal action at turn {game.turn} (phase {game.phase})"
        index = rng.choice(sorted(by_index))
        game.apply(enc.action(game, index))
        steps += 1
        if steps % deep_every == 0:  # a new encoding of the same set-up is the same space
            assert (game.encoding().action_count, game.encoding().parts) == (count, parts)
    assert game.is_over, f"the game did not end in {max_steps} steps"
    check_step(game, enc, rng, deep=True)  # the end: nothing legal, the observation still whole
    assert (enc.action_count, enc.observation_size, enc.parts) == (count, size, parts)
    return enc, steps
