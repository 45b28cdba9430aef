"""A game as a PettingZoo AEC environment, over the game's own encoding (``Game.encoding()``).

Nothing here names a game: the action space, the observation and the mask all come from the
:class:`~widgetpkg.core.encoding.Encoding` the game declares.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv

from ..core import Game, IllegalActionError, InvalidOptionError, new_game
from ..core.encoding import Encoding
from ..core.errors import shorten

RENDER_MODES = ("svg",)

#: numpy's dtypes made once: a dtype given as a type is looked up at every call (a sixth of
#: ``frombuffer``'s cost, and the env calls it twice a step)
_FLOAT32, _INT8 = np.dtype(np.float32), np.dtype(np.int8)


def final_rewards(game: Game) -> dict[str, float]:
    """+1 to the only winner, -1 to every player who did not win, 0 to players who share the win
    (the game's own tie-breaks decide first: ``game.winners()``)."""
    winners = set(game.winners())
    alone = len(winners) == 1
    return {p: (1.0 if alone else 0.0) if p in winners else -1.0 for p in game.players}


class GameEnv(AECEnv):
    """One game as a turn-based multi-agent environment (see :func:`widgetpkg.rl.env`)."""

    agent_selection: str  # the player the game waits for (once it is over, each agent in turn)

    def __init__(self, name: str, *, players: Any = 2, seed: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOptionError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, "
                                     f"got {shorten(render_mode)}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidOptionError(f"seed must be an integer or None, got {shorten(seed)}")
        self.name = name
        self.render_mode = render_mode
        self._setup = {"players": players, **options}
        # a first game fixes the agents and the spaces (the player count and options never change)
        self._seeds = random.Random(seed)
        self.game: Game = new_game(name, seed=self._seeds.getrandbits(32), **self._setup)
        try:
            self.encoding: Encoding = self.game.encoding()
        except NotImplementedError:
            raise InvalidOptionError(f"{name} declares no encoding for learning agents yet") from None
        count, size = self.encoding.action_count, self.encoding.observation_size
        self.possible_agents = list(self.game.players)
        self.metadata = {"name": f"widgetpkg_{name.replace('-', '_')}_v0", "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.action_spaces = {p: spaces.Discrete(count) for p in self.possible_agents}
        self.observation_spaces = {p: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (count,), np.int8),
        }) for p in self.possible_agents}
        self._started = False

    def __str__(self) -> str:
        return str(self.metadata["name"])

    # -- spaces -----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC loop -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game. ``seed`` fixes it and every later reset without one; ``options`` are
        accepted for the PettingZoo API and not used (a game's options are set in ``env(...)``)."""
        if seed is not None:
            if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
                raise InvalidOptionError(f"seed must be an integer or None, got {shorten(seed)}")
            self._seeds = random.Random(int(seed))
        if self._started or seed is not None:  # the first reset plays the game made by the constructor
            self.game = new_game(self.name, seed=self._seeds.getrandbits(32), **self._setup)
            encoding = self.game.encoding()
            if (encoding.action_count, encoding.parts) != (self.encoding.action_count, self.encoding.parts):
                raise RuntimeError(f"{self.name}'s encoding changed between games of one set-up")
            self.encoding = encoding
        self._started = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {p: {} for p in self.agents}
        self._legal: tuple[Sequence[int], Sequence[Any]] | None = None
        self._select()

    def step(self, action: Any) -> None:
        """Play the action at index ``action`` for ``agent_selection``. An index the mask does not
        allow raises ``IllegalActionError`` and changes nothing (no step, no reward)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int:  # a numpy integer, or a 0-d array of one
            if isinstance(action, np.ndarray) and action.shape == ():
                action = action.item()
            if isinstance(action, np.integer):
                action = int(action)
        indices, actions = self._legal if self._legal is not None else self._legal_now()
        try:
            move = actions[indices.index(action)] if type(action) is int else None
        except ValueError:  # not among the legal indices
            move = None
        if move is None:
            self.encoding.action(self.game, action)  # raises the reason (not an integer, not legal now)
            raise IllegalActionError(f"action {shorten(action)} is not legal now (see the action mask)")
        game = self.game
        game.apply(move)
        self._legal = None
        self._cumulative_rewards[agent] = 0.0
        # rewards come at the end only: until then they are all zero, nothing to clear or add;
        # the next agent is the player the game waits for (``_select``, inlined: every step)
        player = game.current_player
        if player is not None:
            self.agent_selection = player
            return
        if not game.is_over:
            raise RuntimeError(f"{self.name} waits for nobody and is not over")
        self._clear_rewards()
        self.rewards = final_rewards(game)
        self.terminations = dict.fromkeys(self.agents, True)
        end = {"scores": game.scores, "winners": game.winners()}
        self.infos = {p: dict(end) for p in self.agents}
        self._select(after=agent)
        self._accumulate_rewards()

    def _select(self, after: str | None = None) -> None:
        """Hand the turn to whoever the game waits for; once it is over, to each agent in turn
        (from the seat after the last mover) so that each sees its end and steps None."""
        player = self.game.current_player
        if player is None and not self.game.is_over:
            raise RuntimeError(f"{self.name} waits for nobody and is not over")
        if player is None:
            seat = self.possible_agents.index(after) + 1 if after is not None else 0
            player = self.possible_agents[seat % len(self.possible_agents)]
        self.agent_selection = player

    # -- what an agent sees --------------------------------------------------------------------------
    def legal_actions(self) -> dict[int, Any]:
        """The legal moves now by index (the game's readable actions), for the agent to move."""
        return dict(zip(*self._legal_now()))

    def _legal_now(self) -> tuple[Sequence[int], Sequence[Any]]:
        """The legal indices and actions, in one order, found once per step."""
        if self._legal is None:
            self._legal = ([], ()) if self.game.is_over else self.encoding.indexed_legal_actions(self.game)
        return self._legal

    def action_mask(self, agent: str) -> np.ndarray:
        """1 at every index ``agent`` may play now (all zeros when it is not that agent's turn)."""
        # set byte by byte in a bytearray, then wrapped: for a few dozen legal moves this costs
        # half what numpy's fancy indexing does, and half what ``map`` over the bytearray's setter
        # does (timed), and a mask is made at every step
        mask = bytearray(self.encoding.action_count)
        if agent == self.agent_selection:  # the agent the game waits for (none once it is over)
            for index in self._legal_now()[0]:
                mask[index] = 1
        return np.frombuffer(mask, _INT8)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": float32 vector, "action_mask": int8 vector}`` from ``agent``'s seat.

        Built afresh at every call, the caller's to keep and change: the AEC loop asks once per
        step (``last()``), so keeping a copy to share would cost more than it saves."""
        # the encoding's new packed array, wrapped with no copy (writable: the array is)
        vector = np.frombuffer(self.encoding.packed_vector(self.game, agent), _FLOAT32)
        return {"observation": vector, "action_mask": self.action_mask(agent)}

    def observation_parts(self, agent: str) -> dict[str, list[float]]:
        """The same observation as named parts (``encoding.parts``), for reading rather than learning."""
        return self.encoding.observation(self.game, agent)

    def describe(self, index: int) -> str:
        """The legal move at ``index`` in words (it must be legal now)."""
        return str(self.encoding.action(self.game, int(index)))

    # -- pictures --------------------------------------------------------------------------------------
    def render(self) -> str | None:
        """With ``render_mode="svg"``: the board as SVG text, drawn like the widgets' board."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass render_mode='svg' to env()")
            return None
        return self.game._repr_svg_()

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
