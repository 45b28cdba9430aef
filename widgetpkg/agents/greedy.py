"""The greedy agent: the best estimated score margin reachable by the end of its own turn.

Written against the game protocol only: a turn is what ``game.turn`` counts (in Hunters &
Gatherers: place a tile, maybe take back a meeple, place a figure or pass; in a worker-placement
game one placement, or one resolution with its payments and tool choices).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from ..core import Action, Game
from .base import Agent
from .explain import Choice, explain_ranked


def margin(scores: Mapping[str, float], player: str) -> float:
    """``player``'s score minus the best other score (the lead when positive)."""
    others = [v for p, v in scores.items() if p != player]
    return scores[player] - (max(others) if others else 0.0)


def check_seed(seed: object) -> int | None:
    """Agents take an int seed (or None for a fresh one); anything else is a clear error."""
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ValueError(f"seed must be an integer or None, got {seed!r}")
    return seed


class GreedyAgent(Agent):
    """Plays the action whose best continuation within its own turn gives the best projected margin.

    The margin is the agent's ``heuristic_scores()`` minus the best opponent's: the game's own
    estimate of the final scores, which by default is ``projected_scores()`` (points that final
    scoring would award now count as well as points already scored) and which a game refines
    where points come late (a worker-placement game values resources and placed people). Ties
    are broken by the agent's seeded RNG. The look-ahead runs on a copy whose hidden piles are
    reshuffled, so it can never learn the real next draw. ``max_depth`` caps how many actions
    one look-ahead chains and ``max_nodes`` how many positions one decision may look at (past it,
    the rest of a turn is judged where it stands): safety nets for games whose turns are long.

    ``tolerance`` and ``temperature`` make a human-like player (the easy level): it picks among
    the actions within ``tolerance`` points of the best, the better ones more often (weights
    ``exp(-loss / temperature)``), so it slips now and then but never gives away more than
    ``tolerance`` points in one decision. ``tolerance=0`` (the default) always plays the best.

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", seed=3)
    >>> GreedyAgent(seed=0).choose(g) in g.legal_actions()
    True
    """

    name = "greedy"

    def __init__(self, *, seed: int | None = None, max_depth: int = 4, max_nodes: int = 4000,
                 tolerance: float = 0.0, temperature: float = 1.0) -> None:
        for name, value in (("max_depth", max_depth), ("max_nodes", max_nodes)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive integer, got {value!r}")
        for name, number in (("tolerance", tolerance), ("temperature", temperature)):
            if isinstance(number, bool) or not isinstance(number, (int, float)) or not math.isfinite(number) \
                    or number < 0 or (name == "temperature" and number == 0):
                raise ValueError(f"{name} must be a number {'>' if name == 'temperature' else '>='} 0, got {number!r}")
        self.tolerance = float(tolerance)
        self.temperature = float(temperature)
        self.seed = check_seed(seed)
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.rng = random.Random(seed)
        self._budget = 0

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError(f"no legal action to choose from (phase {game.phase!r})")
        if len(actions) == 1:
            return actions[0]
        values = self.action_values(game, actions)
        best = max(values)
        if self.tolerance > 0:
            near = [(a, v) for a, v in zip(actions, values) if v >= best - self.tolerance]
            weights = [math.exp((v - best) / self.temperature) for _, v in near]
            return self.rng.choices([a for a, _ in near], weights)[0]
        return self.rng.choice([a for a, v in zip(actions, values) if v == best])

    def explain(self, game: Game, top: int = 3) -> list[Choice]:
        """The ``top`` actions by this agent's estimate, best first, each with its estimated margin
        and the game's reasons (what its own turn changes in the estimate, in words)."""
        actions = game.legal_actions()
        if not actions:
            raise ValueError(f"no legal action to explain (phase {game.phase!r})")
        player = game.current_player
        assert player is not None
        values = self.action_values(game, actions)
        sim = game.clone(resample_hidden=self.rng)
        ranked = sorted(zip(actions, values), key=lambda pair: -pair[1])[:top]
        return explain_ranked(game, ranked, player, sim, self._follow_values, self.max_depth)

    def _follow_values(self, sim: Game, actions: Sequence[Action]) -> list[float]:
        player = sim.current_player
        assert player is not None
        self._budget = self.max_nodes - len(actions)
        return [self._value(sim, a, player, sim.turn, self.max_depth - 1) for a in actions]

    def action_values(self, game: Game, actions: Sequence[Action] | None = None) -> list[float]:
        """The estimated margin each action leads to with the best rest of the turn (same order as ``actions``)."""
        player = game.current_player
        assert player is not None
        sim = game.clone(resample_hidden=self.rng)  # never look at the real draw
        if actions is None:
            actions = game.legal_actions()
        self._budget = self.max_nodes - len(actions)
        return [self._value(sim, action, player, game.turn, self.max_depth) for action in actions]

    def _value(self, sim: Game, action: Action, player: str, turn: int, depth: int) -> float:
        sim.apply(action)
        try:
            if depth > 1 and not sim.is_over and sim.turn == turn and sim.current_player == player:
                follow = sim.legal_actions()
                if follow and self._budget >= len(follow):
                    self._budget -= len(follow)
                    return max(self._value(sim, a, player, turn, depth - 1) for a in follow)
            return margin(sim.heuristic_scores(), player)
        finally:
            sim.undo()

    def __repr__(self) -> str:
        noise = f", tolerance={self.tolerance!r}, temperature={self.temperature!r}" if self.tolerance else ""
        return f"GreedyAgent(seed={self.seed!r}{noise})"
