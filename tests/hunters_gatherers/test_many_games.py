"""Thousands of seeded random games, both editions, 2-5 players: cheap invariants after every
action, the full feature-graph comparison at the end of each game.

(test_random_games.py beside it checks far more after every action, on fewer games.)
"""

from __future__ import annotations

import random

import areas_from_scratch as scratch
import pytest
from scenario_helpers import random_game_checks

import widgetpkg as wp

check_areas_match = random_game_checks().check_areas_match
GAMES_PER_CASE = 150  # x 2 editions x 4 player counts = 1,200 games


def _check_conservation(g) -> None:
    placed = [o.tile.id for o in g.board.values()]
    piles = [t for pile in g.remaining_tiles().values() for t in pile]
    hand = [g.current_tile.id] if g.current_tile else []
    everything = sorted(placed + piles + hand + list(g.removed_tiles))
    assert everything == sorted(g.tileset.by_id)
    on_board = {(f.player, f.role == "hut"): 0 for f in g.figures()}
    for f in g.figures():
        on_board[f.player, f.role == "hut"] += 1
    for player, supply in g.supply.items():
        assert supply.meeples + on_board.get((player, False), 0) == g.rules.meeples
        assert supply.huts + on_board.get((player, True), 0) == g.rules.huts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["2020", "classic"])
def test_many_random_games(edition, players):
    names = ["Red", "Blue", "Green", "Yellow", "Violet"][:players]
    for seed in range(GAMES_PER_CASE):
        rng = random.Random(seed)
        g = wp.new_game("hunters-gatherers", players=names, edition=edition, seed=seed)
        while not g.is_over:
            actions = g.legal_actions()
            assert actions, f"{edition} {players}p seed {seed}: no legal action in phase {g.phase}"
            g.apply(rng.choice(actions))
            _check_conservation(g)
        totals = dict.fromkeys(names, 0)
        for event in g.events():
            if isinstance(event, wp.Scored):
                totals[event.player] += event.points
        assert totals == g.scores == g.projected_scores()
        assert len(g.board) + len(g.removed_tiles) >= len(g.tileset.regular) + 1
        check_areas_match(g, scratch.build(g.board, covered=g.covered(), figures=g.figures()))
        if seed % 10 == 0:
            assert wp.load_game(g.to_json()).to_json() == g.to_json()
