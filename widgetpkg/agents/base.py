"""The agent protocol and the random agent."""

from __future__ import annotations

import random

from ..core import Action, Game


class Agent:
    """A computer player: ``choose(game)`` returns one of ``game.legal_actions()``."""

    name = "agent"

    def choose(self, game: Game) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded RNG.

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", seed=2)
    >>> RandomAgent(seed=0).choose(g) in g.legal_actions()
    True
    """

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("there is nothing to choose: the game is over")
        return self.rng.choice(actions)
