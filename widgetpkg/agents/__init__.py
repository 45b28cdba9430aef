"""Computer players, written against the game protocol only, so they play any registered game.

``Random`` picks any legal action, ``Greedy`` the best score margin reachable by the end of its
own turn, ``MCTS`` searches (information-set Monte Carlo tree search) within a time or
simulation budget. All take a ``seed`` and never change or peek into the game they are given.

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", seed=1)
>>> opponent = wp.agents.MCTS(simulations=50, seed=7)
>>> opponent.choose(g) in g.legal_actions()
True

Difficulty levels come from each game's facts: ``for_game(name, "easy" | "normal" | "hard")``;
``agent.explain(game)`` gives the agent's top three choices with their reasons in words.
"""

from .base import Agent, RandomAgent
from .explain import Choice
from .greedy import GreedyAgent
from .levels import for_game, levels
from .mcts import MCTSAgent

# short names for notebooks: wp.agents.MCTS(seconds=1)
Random = RandomAgent
Greedy = GreedyAgent
MCTS = MCTSAgent

__all__ = ["MCTS", "Agent", "Choice", "Greedy", "GreedyAgent", "MCTSAgent", "Random", "RandomAgent", "for_game",
           "levels"]
