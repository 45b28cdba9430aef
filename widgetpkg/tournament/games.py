"""What a tournament is, who sits where in each game, and playing one game (in any process).

Everything a worker needs travels as plain data (a :class:`Spec` and a game number), so a game
plays the same in this process, in a process pool or on a Dask worker, and any result can be
replayed: game ``i`` always has the same seats, the same game seed and the same agent seeds.

>>> spec = Spec(game="hunters-gatherers", agents=("random", "greedy"), games=4, players=2, seed=7)
>>> [seating(spec, i) for i in range(3)]
[('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy')]
>>> result = play_game(Spec(game="stone-age", agents=("random",), games=4, seed=7), 3)
>>> result["index"], result["seed"], result["seats"]
(3, 10, {'Red': 'random', 'Blue': 'random'})
"""

from __future__ import annotations

import itertools
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import agents as builtin
from ..core import WidgetpkgError, game_info, new_game
from ..core.info import LEVEL_NAMES

#: the agents every game has (written against the protocol); MCTS on a simulation budget, not a
#: time budget, so that its moves do not depend on how busy the machine is
BUILTIN_AGENTS = ("random", "greedy", "mcts")
#: difficulty levels, the agents each game declares for them (``wp.agents.for_game(game, level)``)
LEVELS = LEVEL_NAMES
MCTS_SIMULATIONS = 200


class TournamentError(WidgetpkgError):
    """A tournament that cannot be run as asked (unknown agent, another tournament's results file)."""


@dataclass(frozen=True)
class Spec:
    """A tournament: which game (with which options), which agents, how many games of how many seats."""

    game: str
    agents: tuple[str, ...]
    games: int
    players: int = 2
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def identity(self) -> dict[str, Any]:
        """What makes two runs the same tournament (the number of games may grow on resume)."""
        data = asdict(self)
        data["agents"] = list(self.agents)
        del data["games"]
        return data


def make_agent(game: str, name: str, seed: int) -> builtin.Agent:
    """The agent called ``name`` for ``game``: a built-in agent, or the agent the game declares for a
    difficulty level (``wp.agents.for_game``; a level with a time budget plays by the clock)."""
    if name == "random":
        return builtin.Random(seed=seed)
    if name == "greedy":
        return builtin.Greedy(seed=seed)
    if name == "mcts":
        return builtin.MCTS(simulations=MCTS_SIMULATIONS, seed=seed)
    if name in LEVELS:
        return builtin.for_game(game, name, seed=seed)
    raise TournamentError(f"unknown agent {name[:40]!r}: choose from {', '.join(BUILTIN_AGENTS + LEVELS)}")


def check(spec: Spec) -> None:
    """Refuse a tournament that cannot run, before anything is played or written."""
    info = game_info(spec.game)
    info.player_names(spec.players)
    info.check_options(spec.options)
    if not spec.agents:
        raise TournamentError("--agents names at least one agent")
    if len(set(spec.agents)) != len(spec.agents):
        raise TournamentError(f"--agents names an agent twice: {','.join(spec.agents)[:80]}")
    for name in spec.agents:
        make_agent(spec.game, name, 0)


def seating(spec: Spec, index: int) -> tuple[str, ...]:
    """The agents of game ``index``, seat by seat: every ordering of the agents in turn (so each
    meets each from every seat); with more seats than agents, the list rotated and repeated."""
    if spec.players <= len(spec.agents):
        orders = list(itertools.permutations(spec.agents, spec.players))
        return orders[index % len(orders)]
    count = len(spec.agents)
    return tuple(spec.agents[(index + seat) % count] for seat in range(spec.players))


def play_game(spec: Spec, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``spec`` to the end; its result as plain data."""
    started = time.perf_counter()
    seed = spec.seed + index
    g = new_game(spec.game, players=spec.players, seed=seed, **spec.options)
    seats = dict(zip(g.players, seating(spec, index)))
    # agent seeds from the game seed and the seat: reproducible, different for every agent
    players = {p: make_agent(spec.game, seats[p], seed * 1000 + n) for n, p in enumerate(g.players)}
    actions = 0
    while not g.is_over:
        g.apply(players[g.current_player].choose(g))  # type: ignore[index]
        actions += 1
    return {"index": index, "seed": seed, "seats": seats, "scores": g.scores, "winners": g.winners(),
            "actions": actions, "seconds": round(time.perf_counter() - started, 3)}
