"""Every game with an encoding as a PettingZoo environment, for training and testing learning agents.

Needs the ``rl`` extra (``pip install "widgetpkg[rl]"``: pettingzoo, gymnasium, numpy).

>>> import widgetpkg.rl
>>> env = widgetpkg.rl.env("hunters-gatherers", players=2, seed=7)
>>> env.reset(seed=7)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, observation["action_mask"].sum() > 0, reward
('Red', np.True_, 0.0)

- **Agents** are the game's player names, in seat order; turns follow the game (a player may act
  several times in a row, e.g. place a tile and then a figure).
- **Actions**: ``Discrete(encoding.action_count)``, a fixed integer space the game declares
  (``games/<game>/encoding.py``). ``env.describe(i)`` says what a legal index does.
- **Observations**: ``{"observation": Box(float32, encoding.observation_size), "action_mask":
  Box(int8, action_count)}``, from that player's seat: only what the player may see (no pile
  order, no other player's hidden hand, no future dice). The mask is all zeros when it is not the
  agent's turn; ``mask.view(bool).nonzero()[0]`` lists its legal indices (as booleans numpy
  finds them some ten times faster than in int8). The same observation as named parts: ``env.observation_parts(agent)``.
- **Rewards** come once, when the game ends, from the final scores: +1 to the only winner, -1 to
  every player who did not win, 0 to players who share the win (after the game's own
  tie-breaks). The final scores and winners are in ``infos[agent]`` then, for other rewards.
- **Chance** (dice, draws) is resolved inside each move by the game's seeded RNG: every step
  waits for a player. A player with a single legal move still makes it (the mask shows one index).
- **Seeds**: ``reset(seed=s)`` gives the same game and the same observations for the same actions;
  a reset without a seed starts the next game of the stream the last seed (or ``env(seed=...)``) began.
- **Illegal actions**: an index outside the mask raises :class:`widgetpkg.IllegalActionError`
  and changes nothing (wrap the env in PettingZoo's ``TerminateIllegalWrapper`` to end the game
  with a penalty instead).
- **Pictures**: ``render_mode="svg"`` makes ``render()`` return the board as SVG text, drawn by
  the same code as the widgets. There is no ``"rgb_array"``: it would need an SVG rasteriser.
"""

from __future__ import annotations

from typing import Any

from .env import GameEnv, final_rewards

__all__ = ["GameEnv", "env", "final_rewards"]


def env(name: str, *, players: Any = 2, seed: int | None = None, render_mode: str | None = None,
        **options: Any) -> GameEnv:
    """The game called ``name`` as a PettingZoo AEC environment.

    ``players`` is a count or a list of names (the agents); ``options`` are the game's own
    (``wp.game_info(name).options``); ``seed`` fixes the games the resets start. A game with no
    encoding yet is refused with :class:`widgetpkg.InvalidOptionError`.
    """
    return GameEnv(name, players=players, seed=seed, render_mode=render_mode, **options)
