"""Difficulty levels: ``for_game(name, level)`` builds the computer player a game declares for a level.

Each game declares its levels next to its facts (``GameInfo.levels``: the generic agent and its
settings for "easy", "normal" and "hard"); this module only turns that declaration into an agent,
so it never names a game.

>>> import widgetpkg as wp
>>> agent = wp.agents.for_game("hunters-gatherers", "normal", seed=1)
>>> g = wp.new_game("hunters-gatherers", seed=2)
>>> agent.choose(g) in g.legal_actions()
True
>>> wp.agents.for_game("hunters-gatherers", "expert")
Traceback (most recent call last):
...
widgetpkg.core.errors.InvalidOptionError: Carcassonne: Hunters & Gatherers has no level 'expert'; its levels are: 'easy', 'normal', 'hard'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import InvalidOptionError, game_info
from ..core.info import LEVEL_NAMES
from .base import Agent
from .greedy import GreedyAgent
from .mcts import MCTSAgent

#: the generic agents a level may name
AGENT_KINDS: dict[str, Callable[..., Agent]] = {"greedy": GreedyAgent, "mcts": MCTSAgent}


def for_game(name: str, level: str, *, seed: int | None = None, **overrides: Any) -> Agent:
    """The computer player of game ``name`` at ``level`` ("easy", "normal" or "hard").

    ``overrides`` replace the declared settings (e.g. ``seconds=0.3`` for a quicker hard player in a
    benchmark); an unknown game or level raises ``InvalidOptionError`` naming the choices, a bad
    setting the agent's own ``ValueError``.
    """
    declared = game_info(name).level(level)
    make = AGENT_KINDS.get(declared.agent)
    if make is None:
        raise InvalidOptionError(f"level {declared.name!r} names an unknown agent {declared.agent!r}; "
                                 f"agents: {', '.join(AGENT_KINDS)}")
    return make(seed=seed, **{**declared.options(), **overrides})


def levels(name: str) -> tuple[str, ...]:
    """The names of the levels game ``name`` declares, weakest first."""
    return tuple(level.name for level in game_info(name).levels)


__all__ = ["AGENT_KINDS", "LEVEL_NAMES", "for_game", "levels"]
