"""The greedy agent: the best score margin reachable by the end of its own turn.

Written against the game protocol only. A *turn* is read generically as the run of actions by the
same player until a phase of the turn comes back (in Hunters & Gatherers: place a tile, maybe
take back a meeple, place a figure or pass; the turn's scoring happens when that last action is
applied).
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from ..core import Action, Game
from .base import Agent


def margin(scores: Mapping[str, float], player: str) -> float:
    """``player``'s score minus the best other score (the lead when positive)."""
    others = [v for p, v in scores.items() if p != player]
    return scores[player] - (max(others) if others else 0.0)


def check_seed(seed: object) -> int | None:
    """Agents take an int seed (or None for a fresh one); anything else is a clear error."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"seed must be an integer or None, got {seed!r}")
    return seed


def turn_phases(game: Game) -> tuple[str, ...]:
    """The phases the player to move has been through in this turn, the current one last.

    Read from the history of a copy (undo is cheap and exact): step back while the same player
    was acting. Looking ahead stops where one of these phases comes back, so an agent asked in
    the middle of a turn stops at the turn's end just as one asked at its start does (in Hunters
    & Gatherers: a menhir's extra turn begins with ``place_tile`` and is not part of this turn).
    """
    player, phases = game.current_player, [game.phase]
    if game.history:
        past = game.clone()
        while past.history:
            past.undo()
            if past.current_player != player:
                break
            if past.phase not in phases:
                phases.append(past.phase)
    return tuple(reversed(phases))


class GreedyAgent(Agent):
    """Plays the action whose best continuation within its own turn gives the best projected margin.

    The margin is the agent's ``projected_scores()`` minus the best opponent's, so points that
    final scoring would award now (hunters, huts) count as well as points already scored. Ties
    are broken by the agent's seeded RNG. The look-ahead runs on a copy whose hidden piles are
    reshuffled, so it can never learn the real next draw. ``max_depth`` caps how many actions
    one look-ahead chains (a safety net for games whose turns are long).

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", seed=3)
    >>> GreedyAgent(seed=0).choose(g) in g.legal_actions()
    True
    """

    name = "greedy"

    def __init__(self, *, seed: int | None = None, max_depth: int = 4) -> None:
        if not isinstance(max_depth, int) or isinstance(max_depth, bool) or max_depth < 1:
            raise ValueError(f"max_depth must be a positive integer, got {max_depth!r}")
        self.seed = check_seed(seed)
        self.max_depth = max_depth
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError(f"no legal action to choose from (phase {game.phase!r})")
        if len(actions) == 1:
            return actions[0]
        values = self.action_values(game, actions)
        best = max(values)
        return self.rng.choice([a for a, v in zip(actions, values) if v == best])

    def action_values(self, game: Game, actions: Sequence[Action] | None = None) -> list[float]:
        """The margin each action leads to with the best rest of the turn (same order as ``actions``)."""
        player = game.current_player
        assert player is not None
        sim = game.clone(resample_hidden=self.rng)  # never look at the real draw
        if actions is None:
            actions = game.legal_actions()
        phases = turn_phases(game)
        return [self._value(sim, action, player, phases, self.max_depth) for action in actions]

    def _value(self, sim: Game, action: Action, player: str, phases: tuple[str, ...], depth: int) -> float:
        sim.apply(action)
        try:
            # the turn goes on while the same player acts in a phase not seen yet this turn
            if depth > 1 and not sim.is_over and sim.current_player == player and sim.phase not in phases:
                follow = sim.legal_actions()
                if follow:
                    seen = phases + (sim.phase,)
                    return max(self._value(sim, a, player, seen, depth - 1) for a in follow)
            return margin(sim.projected_scores(), player)
        finally:
            sim.undo()

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed!r})"
