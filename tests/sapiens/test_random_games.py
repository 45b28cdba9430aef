"""Seeded random Sapiens games, checking the invariants after every action.

Default run: a bounded sample per player count; ``-m slow`` plays thousands (invariants checked
more cheaply, every action still applied and undone).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from sapiens_helpers import snapshot

import widgetpkg as wp
from widgetpkg import IllegalActionError
from widgetpkg.games.sapiens import (
    SCENES,
    Abandon,
    ConvertSteaks,
    PlaceBear,
    PlaceTile,
    Refill,
    SwapTile,
    UseMountainToken,
    position,
)
from widgetpkg.games.sapiens.events import FoodScored, ShelterScored
from widgetpkg.games.sapiens.fairness import GreedyPlayer
from widgetpkg.games.sapiens.placement import requirements

QUICK_GAMES = 20  # per player count: the first half with every check after every action, the rest lighter


def check_invariants(g, sums: dict | None = None, *, breakdown: bool = True) -> None:
    """Every invariant of the state; ``sums`` are the food and shelter events added up as they
    came (recounted from the whole history when not given)."""
    ps = g.players
    # tiles: every id in exactly one place
    places = Counter(g._stack + g._removed + g._discards + list(g._laid))
    for tiles in g._pools.values():
        places.update(tiles)
    assert sorted(places) == sorted(g.components.tiles) and set(places.values()) == {1}, places
    assert len(g._pools["common"]) <= 5 and all(len(g._pools[p]) <= 4 for p in ps)
    # steaks, bears, fight tokens, mountain tokens
    assert g.steak_supply + sum(g.steaks.values()) == 18 and g.steak_supply >= 0
    assert g.bear_supply + len(g._bears) == 18 and g.bear_supply >= 0
    on_tiles = Counter(o for owners in g._fight.values() for o in owners)
    for p in ps:
        assert g._fight_hand[p] + on_tiles[p] == 3 and g._fight_hand[p] >= 0
        every = [s for (q, _), s in g._tokens.items() if q == p] + [*g._hand[p], *g._used[p], *g._gone[p]]
        assert sorted(every) == sorted(SCENES)
    for t in g._fight:
        assert any(t in tiles for tiles in g._pools.values())
    # tracks are the sums of their events; the score is the weaker track
    food, shelter = sums if sums is not None else add_up(g.events(), Counter(), Counter())
    table = g.score_breakdown() if breakdown else None
    for p in ps:
        assert g.food[p] == food[p] >= 0 and g.shelter[p] == shelter[p] >= 0
        assert g.scores[p] == min(g.food[p], g.shelter[p])
        if table is not None:
            assert sum(table[p].values()) == g.scores[p]
    # the valleys: equal scenes on every contact inside a tribe, no contact between tribes, bears on free squares
    for (p, s), (tile, scene, tribe) in g._board.items():
        v = g.valley(p)
        for n in v.neighbours[s]:
            other = g._board.get((p, n))
            if other is None or other[0] == tile:
                continue
            assert other[2] == tribe, f"tribes {tribe} and {other[2]} touch in {p}'s valley"
            assert other[1] == scene, f"{scene} touches {other[1]} in {p}'s valley"
    for key in g._bears:
        assert key not in g._board
    # containers hold immutable values only: copying a container copies the state (exact undo, clone)
    for name in g._containers:
        values = getattr(g, name)
        for v in (values.values() if isinstance(values, dict) else values):
            assert isinstance(v, (int, str, tuple, bool)), name
    # the frontier kept tile by tile equals the one computed from the board
    for p in ps:
        board = {s: x for (q, s), x in g._board.items() if q == p}
        assert {s: sc for (q, s), sc in g._need.items() if q == p} == requirements(g.valley(p), board, g._tribe[p])


def add_up(events, food: Counter, shelter: Counter, sign: int = 1) -> tuple[Counter, Counter]:
    for e in events:
        if isinstance(e, FoodScored):
            food[e.player] += sign * e.points
        elif isinstance(e, ShelterScored):
            shelter[e.player] += sign * e.points
    return food, shelter


def check_cheap(g) -> None:
    """The conservation laws only (no event sums, no board scan)."""
    places = len(g._stack) + len(g._removed) + len(g._discards) + len(g._laid) + sum(map(len, g._pools.values()))
    assert places == 63
    assert g.steak_supply + sum(g.steaks.values()) == 18 and g.bear_supply + len(g._bears) == 18
    for p in g.players:
        assert g.scores[p] == min(g.food[p], g.shelter[p])


def bogus_actions(g, rng):
    p = g.current_player
    pool = g.pools[p] if p else ()
    yield PlaceTile(rng.choice(pool) if pool else 1, rng.randint(-2, 9), rng.randint(-2, 6), rng.choice((0, 90, 180, 270)))
    yield Abandon(rng.randint(1, 63), rng.randint(-1, 8), rng.randint(-1, 5), 0)
    yield Refill((rng.randint(1, 63),), -1)
    yield ConvertSteaks(99)
    yield UseMountainToken(rng.choice(SCENES))
    yield SwapTile(rng.randint(1, 63), rng.randint(1, 63))
    yield PlaceBear(p or "Red", rng.randint(0, 7), rng.randint(0, 4))


def play(players: int, seed: int, *, thorough: bool) -> wp.Game:
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    legal_check = thorough
    sums = add_up(g.events(), Counter(), Counter())
    for step in range(3000):
        if g.is_over:
            break
        actions = g.legal_actions()
        assert actions, f"no legal action in phase {g.phase}"
        if legal_check:
            for a in actions:
                assert g._illegal(a) is None, (a, g._illegal(a))
        legal = set(actions)
        before = snapshot(g) if thorough else None
        for bogus in bogus_actions(g, rng):
            if bogus in legal:
                continue
            text = g.to_position() if not thorough else None
            with pytest.raises(IllegalActionError):
                g.apply(bogus)
            if thorough:
                assert snapshot(g) == before
            else:
                assert g.to_position() == text
        action = rng.choice(actions)
        position_before = g.to_position()
        events = g.apply(action)
        add_up(events, *sums)
        if thorough:
            check_invariants(g, sums, breakdown=step % 10 == 0)
            after = snapshot(g)
            text = g.to_position()
            assert position(text, seed=seed).to_position() == text
            g.undo()
            assert snapshot(g) == before
            g.redo()
            assert snapshot(g) == after
        else:
            check_cheap(g)
            g.undo()
            assert g.to_position() == position_before
            g.redo()
    assert g.is_over
    check_invariants(g)
    saved = g.to_json()
    again = wp.load_game(saved)
    assert again.to_json() == saved and again.to_position() == g.to_position()
    assert json.loads(saved)["game"] == "sapiens"
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players, request):
    games = request.config.getoption("--games") or QUICK_GAMES
    turns = Counter()
    for seed in range(games):
        g = play(players, 1000 * players + seed, thorough=seed < max(1, games // 2))
        turns[max(g.turns_played.values())] += 1
        finished = [g.turns_played[p] for p in g.players if p not in g.out]
        assert len(set(finished)) <= 1, g.turns_played  # E2: everyone still in plays the same number of turns
    assert sum(turns.values()) == games


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_games(players):
    for seed in range(1000):
        play(players, 50_000 + 1000 * players + seed, thorough=seed % 50 == 0)


def test_same_seed_same_game():
    a = play(3, 7, thorough=False)
    b = play(3, 7, thorough=False)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_x10_x11_eleven_turns_without_feast(players):
    """X10/X11 (M6): with no Feast extra tile and nobody out, every player gets 11 turns."""
    counted = 0
    for seed in range(6):
        g = wp.new_game("sapiens", players=players, seed=seed)
        agents = {p: GreedyPlayer(seed * 10 + i, feast=False) for i, p in enumerate(g.players)}
        while not g.is_over:
            g.apply(agents[g.current_player].choose(g))
        if g.out:
            continue
        counted += 1
        assert set(g.turns_played.values()) == {11}
        if players == 4:  # the trigger falls in the first player's 11th turn; the others finish the round
            trigger = next(i for i, s in enumerate(g.history) if any("last" in str(e) for e in s.events))
            assert g.history[trigger].action.__class__ is Refill
            seat_turns = sum(1 for s in g.history[:trigger + 1] if isinstance(s.action, Refill))
            assert seat_turns == 4 * 10 + 1
    assert counted >= 3


def test_resampled_clone_keeps_the_public_state_and_hides_the_stack():
    g = wp.new_game("sapiens", players=3, seed=4)
    twin = g.clone(resample_hidden=random.Random(1))
    assert twin.to_position() == g.to_position()
    assert sorted(twin._stack + twin._removed) == sorted(g._stack + g._removed)
    assert twin._stack != g._stack
