"""Sapiens' encoding for learning agents (encoding.py): random games of every player count and
ruling set, checked at every step (tests/encoding_checks.py), and the bounds the action space
rests on (pool sizes, the valley's grid)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from encoding_checks import check_step, play_checked

import widgetpkg as wp
from widgetpkg.core import IllegalActionError
from widgetpkg.games.sapiens.actions import ConvertSteaks, PlaceTile, Refill
from widgetpkg.games.sapiens.components import COMMON_SIZE, POOL_SIZE, STEAKS
from widgetpkg.games.sapiens.encoding import CELL

SET_UPS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "components": "examples", "rules": {"start_round_discard": False, "bears_on_caves": True}},
    {"players": 3, "rules": {"abandoned_contact": "ignored", "token_after_abandon": True,
                             "picking_token_food": True}},
]


def _id(options):
    return "-".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("options", SET_UPS, ids=_id)
def test_random_games_keep_the_contract(options):
    game = wp.new_game("sapiens", seed=3, **options)
    _, steps = play_checked(game, seed=9)
    assert steps > 20


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("options", SET_UPS, ids=_id)
def test_many_random_games_keep_the_contract(options, seed):
    play_checked(wp.new_game("sapiens", seed=200 + seed, **options), seed=seed, deep_every=2)


def test_action_count_is_fixed_by_the_player_count():
    counts = {}
    for options in SET_UPS:
        a = wp.new_game("sapiens", seed=1, **options).encoding()
        b = wp.new_game("sapiens", seed=2, **options).encoding()
        assert (a.action_count, a.parts) == (b.action_count, b.parts)
        counts.setdefault(options["players"], set()).add(a.action_count)
    assert all(len(c) == 1 for c in counts.values()), "rulings change no index"
    assert min(counts[2]) < min(counts[3]) < min(counts[4])


def test_every_valley_fits_the_grid():
    g = wp.new_game("sapiens", players=4, seed=1)
    comps = g.components
    for left in comps.left_pieces:
        for right in comps.right_pieces:
            for lf in comps.pieces[left]:
                for rf in comps.pieces[right]:
                    assert all(at in CELL for at in comps.valley(lf, rf).coord)


def test_the_bounds_hold_at_their_edges():
    g = wp.new_game("sapiens", players=2, seed=1)
    enc = g.encoding()
    p = g.current_player
    pools = g.pools
    assert len(pools[p]) == POOL_SIZE and len(pools["common"]) == COMMON_SIZE
    last = pools[p][-1]
    index = enc.action_index(g, PlaceTile(last, 8, 5, 270))  # the grid's last cell
    assert index == enc.blocks["place"][0] + enc.blocks["place"][1] - 1
    assert enc.action_index(g, ConvertSteaks(STEAKS)) == sum(enc.blocks["steaks"]) - 1
    everything = Refill(tuple(pools["common"]), pools["common"][0])  # not legal, but within the space
    assert 0 <= enc.action_index(g, everything) < enc.action_count
    for beyond in (ConvertSteaks(STEAKS + 1), PlaceTile(last, 9, 0, 0), PlaceTile(10_000, 0, 0, 0),
                   PlaceTile(last, 0, 0, 45)):
        with pytest.raises(IllegalActionError):
            enc.action_index(g, beyond)


def test_observation_refuses_a_stranger():
    g = wp.new_game("sapiens", players=2, seed=1)
    with pytest.raises(IllegalActionError):
        g.encoding().observation(g, "Zed")


def _play_until(game, rng, wanted):
    """Random moves until ``wanted(game)`` holds (a fresh game and seed if this one ends first)."""
    for _ in range(2000):
        if wanted(game):
            return game
        if game.is_over:
            game = wp.new_game("sapiens", players=len(game.players), seed=rng.randrange(10**6))
            continue
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("never reached")  # pragma: no cover


def test_the_fight_token_order_has_indices():
    # rare in random play: two other players' fight tokens on the tile laid, too little food for both (F3)
    rng = random.Random(4)

    def ready(g):
        return g.phase == "main" and any(isinstance(a, PlaceTile) for a in g.legal_actions())

    g = _play_until(wp.new_game("sapiens", players=3, seed=8), rng, ready)
    p = g.current_player
    lay = next(a for a in g.legal_actions() if isinstance(a, PlaceTile))
    others = [o for o in g.players if o != p]
    g._fight[lay.tile] = tuple(others)
    for o in others:
        g._fight_hand[o] -= 1
    g._food[p] = 1
    g._cache = None
    enc = g.encoding()
    check_step(g, enc, rng, deep=True)
    g.apply(enc.action(g, enc.action_index(g, lay)))
    assert g.phase == "fight_order"
    by_index = check_step(g, enc, rng, deep=True)
    assert sorted(a.owner for a in by_index.values()) == sorted(others)


def test_taking_back_a_used_token_has_indices():
    # rare in random play: a Ritual with no token left on the valley takes back a used one (RB 94)
    rng = random.Random(5)
    g = _play_until(wp.new_game("sapiens", players=2, seed=5), rng, lambda g: g.phase == "ritual")
    p = g.current_player
    lying = [k for k in g._tokens if k[0] == p]
    g._gone[p] += tuple(g._tokens.pop(k) for k in lying)
    g._used[p] += ("hunt", "fire")
    g._cache = None
    enc = g.encoding()
    by_index = check_step(g, enc, rng, deep=True)
    assert {type(a).__name__ for a in by_index.values()} == {"RetakeMountainToken", "SkipBonus"}


def test_kept_arrays_follow_whatever_game_they_are_given():
    # fill_vector keeps float32 arrays between calls (valleys in step with the board, player rows,
    # pools): steps taken back, a clone that goes its own way and the original again must all come
    # out as a fresh encoding's vector, as must every kind of valley change
    rng = random.Random(7)
    g = wp.new_game("sapiens", players=3, seed=11)
    enc = g.encoding()
    out = np.zeros(enc.observation_size, np.float32)

    def agrees(game):
        fresh = game.encoding()
        for p in game.players:
            out[:] = 0.0
            enc.fill_vector(game, p, out)
            assert out.tolist() == np.array(fresh.vector(game, p), np.float32).tolist(), (game.turn, p)

    changed = set()
    for step in range(400):
        if g.is_over:
            break
        before = {name: dict(getattr(g, name)) for name in ("_tribe", "_tokens", "_bears")}
        g.apply(rng.choice(g.legal_actions()))
        changed |= {name for name, old in before.items() if getattr(g, name) != old}
        agrees(g)
        if step % 9 == 8:
            for _ in range(rng.randrange(1, 4)):
                g.undo()
                agrees(g)
        if step % 13 == 0:
            # two clones lay tiles their own way, the second more than the first: its board is
            # longer but does not extend the first one's
            first, second = g.clone(), g.clone(resample_hidden=random.Random(step))
            for twin, squares in ((first, 2), (second, 4)):
                grown = len(g._board) + squares
                for _ in range(40):
                    if twin.is_over or len(twin._board) >= grown:
                        break
                    twin.apply(rng.choice(twin.legal_actions()))
                agrees(twin)
            agrees(g)
    assert changed == {"_tribe", "_tokens", "_bears"}, "a new tribe, tokens and bears were all followed"
