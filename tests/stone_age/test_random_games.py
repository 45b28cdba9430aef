"""Seeded random games through the public API, with the invariants checked after every action.

A bounded sample runs by default; ``-m slow`` runs thousands per configuration.
"""

from __future__ import annotations

import random

import pytest

import widgetpkg as wp
from widgetpkg.core import Scored
from widgetpkg.games.stone_age import (
    Decline,
    PlacePeople,
    Resolve,
    Starve,
    UseTools,
    position,
)

CONFIGS = [
    (2, "winter", {}), (3, "summer", {}), (4, "winter", {}),
    (2, "winter", {"hard_winter": True, "wild_animals": True, "igloos": True}),
    (4, "winter", {"hard_winter": True, "wild_animals": True, "igloos": True}),
    (3, "winter", {"wild_animals": True}),
]
_SKIP = {"_history", "_redo", "_journal", "rng", "data", "_legal_cache"}  # the cache is derived state


def snapshot(g) -> tuple:
    """The whole state (containers in their order included) and the RNG, as comparable values."""
    return repr({k: v for k, v in g.__dict__.items() if k not in _SKIP}), g.rng.getstate()


def check_invariants(g, initial_buildings: int, totals: dict[str, int]) -> None:
    """Conservation of cards, animals, buildings, igloos and people; bounds; scores = sum of events.

    Reads the engine's containers directly: this runs after every action of every game."""
    everything = [*g._deck, *(c for c in g._display if c), *(c for p in g.players for c in g._cards[p])]
    animals = [c for c in everything if c.startswith("animal:")] + list(g._waiting) + ([g._animal] if g._animal else [])
    assert len(everything) - len(animals) + len(g._waiting) + bool(g._animal) == len(g.data.cards)
    assert set(everything) - set(animals) == g.data.cards.keys(), "every card is in exactly one place"
    assert len(animals) == len(set(animals))
    held = sum(len(b) for b in g._buildings.values())
    assert held + sum(len(st) for st in g._stacks.values()) == initial_buildings
    igloos = [i for p in g.players for i in g._igloos_of[p]] + list(g._igloos_open)
    assert sorted(igloos) == (sorted(g.data.igloos) if "igloos" in g.variants else [])
    placed: dict[str, int] = {}
    for (_, who), n in g._at.items():
        placed[who] = placed.get(who, 0) + n
    for p in g.players:
        assert g._food[p] >= 0 and min(g._goods[p]) >= 0
        assert 0 <= g._tools[p] <= 12 and 0 <= g._agri[p] <= 10 and 5 <= g._people[p] <= 10
        at_animal = g._animal_at.get(p, 0)
        if g.phase == "placement":
            assert g._avail[p] + placed.get(p, 0) + at_animal == g._people[p]
        else:
            assert placed.get(p, 0) + at_animal <= g._people[p]
    assert sum(g._animal_at.values()) <= g.n
    assert totals == g.scores, "the scores are the sum of the Scored events"


ILLEGAL = [PlacePeople("nowhere", 1), PlacePeople("hunt", 0), PlacePeople("hut", 1), Resolve("animal"),
           UseTools((9,)), Decline(), Starve()]


def play(players: int, season: str, variants: dict, seed: int, *, deep: bool) -> wp.Game:
    g = wp.new_game("stone-age", players=players, season=season, variants=variants, seed=seed)
    initial = sum(len(g.stack(s)) for s in range(1, g.n + 1))
    rng = random.Random(seed)
    totals = {p: 0 for p in g.players}
    steps = 0
    while not g.is_over:
        actions = g.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        assert g.current_player in g.players
        action = rng.choice(actions)
        if deep:
            before = snapshot(g)
            for bad in ILLEGAL:
                if bad not in actions:
                    with pytest.raises(wp.IllegalActionError):
                        g.apply(bad)
            assert snapshot(g) == before
            turn = g.turn
            events = g.apply(action)
            assert g.turn >= turn
            after = snapshot(g)
            g.undo()
            assert snapshot(g) == before, f"undo of {action} is not exact"
            g.redo()
            assert snapshot(g) == after, f"redo of {action} is not exact"
        else:
            events = g.apply(action)
        for e in events:
            if isinstance(e, Scored):
                totals[e.player] += e.points
        check_invariants(g, initial, totals)
        if deep and steps % 25 == 0:
            text = g.to_position()
            assert position(text).to_position() == text
        steps += 1
        assert steps < 20000, "a random game does not end"
    assert g.winners() and set(g.winners()) <= set(g.players)
    assert {p: sum(row.values()) for p, row in g.score_breakdown().items()} == g.scores
    text = g.to_json()
    again = wp.load_game(text)
    assert again.to_json() == text and again.to_position() == g.to_position() and again.scores == g.scores
    assert g.projected_scores() == g.scores
    return g


@pytest.mark.parametrize("players, season, variants", CONFIGS)
def test_random_games_keep_the_invariants(players, season, variants):
    play(players, season, variants, 0, deep=True)
    for seed in range(1, 20):
        play(players, season, variants, seed, deep=False)


@pytest.mark.slow
@pytest.mark.parametrize("players, season, variants", CONFIGS)
def test_many_random_games(players, season, variants):
    for seed in range(1000, 3000):
        play(players, season, variants, seed, deep=seed % 50 == 0)


def test_clone_resampling_hides_the_deck_and_the_dice():
    g = wp.new_game("stone-age", players=3, seed=5)
    twin = g.clone(resample_hidden=random.Random(1))
    assert twin.display == g.display and sorted(twin._deck) == sorted(g._deck) and twin._deck != g._deck
    assert [twin.stack(s)[0] for s in (1, 2, 3)] == [g.stack(s)[0] for s in (1, 2, 3)]
    assert twin.rng.getstate() != g.rng.getstate()
    twin.apply(twin.legal_actions()[0])
    assert g.turn == 0


def test_projected_and_heuristic_scores_are_cheap_estimates():
    g = wp.new_game("stone-age", players=2, seed=9)
    assert g.projected_scores() == {"Red": 0, "Blue": 0}
    assert set(g.heuristic_scores()) == {"Red", "Blue"}


def test_clone_resampling_reshuffles_every_hidden_order():
    """The deck (animals and the card an "extra card" top would draw included) and the buildings
    under each stack's top are redrawn; the public tops and the display stay."""
    g = wp.new_game("stone-age", players=4, seed=5, variants={"wild_animals": True})
    assert any(c.startswith("animal:") for c in g._deck)
    twins = [g.clone(resample_hidden=random.Random(k)) for k in range(5)]
    for twin in twins:
        assert twin.display == g.display and sorted(twin._deck) == sorted(g._deck)
        for s in range(1, 5):
            assert twin.stack(s)[0] == g.stack(s)[0] and sorted(twin.stack(s)) == sorted(g.stack(s))
    assert any(twin._deck[-1] != g._deck[-1] for twin in twins), "the next card drawn is redrawn"
    assert any(twin.stack(s)[1:] != g.stack(s)[1:] for twin in twins for s in range(1, 5))
