"""Monte Carlo tree search for any game of the protocol: information-set MCTS over determinizations.

The agent never sees what its player cannot: every iteration plays on a copy of the game whose
hidden parts (the order of the piles) are reshuffled from the agent's own RNG, and the tree is
keyed by actions, so statistics are shared between all the hidden states the player cannot tell
apart (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Two things make it useful at a fraction of a second per move in pure Python:

- **the own turn is searched exhaustively first**: every way to finish the current player's turn
  (tile placement, then figure or pass) is evaluated once, and each node starts with that value
  as a few virtual visits. With no iterations at all the agent is a greedy player on a better
  evaluation; iterations then refine the choice against the opponents' replies;
- **leaves are evaluated, not played out to the end**: from a new node the game goes on (at
  random, or greedily one action ahead where a game's level asks for it) only until one of the
  searching player's turns has ended, then ``evaluate`` estimates the final scores. Judging
  every leaf at that same point of the round keeps leaves of different depths comparable
  (nobody is a turn ahead of where they were in the first-turn evaluations), and the played-out
  turns of both sides roughly cancel out.

The evaluation is ``game.heuristic_scores()`` (by default the projected scores; Hunters &
Gatherers adds the likely value of unfinished forests and rivers and of figures still in the
supply). Turns are what ``game.turn`` counts. The agent itself knows no game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import Action, Game
from .base import Agent
from .explain import Choice, explain_ranked
from .greedy import check_seed, margin

Evaluator = Callable[[Game], Mapping[str, float]]
Progress = Callable[[dict[str, Any]], None]

DEFAULT_SECONDS = 1.0
PLAYOUTS = ("random", "greedy", "own-greedy")  # how a play-out picks its moves (see MCTSAgent)
_MAX_PLAYOUT = 256  # a safety net: a play-out never runs longer than this
_FIRST_TURN_NODES = 4000  # past this many positions, the rest of the first turn is judged where it stands


def _heuristic(game: Game) -> Mapping[str, float]:
    return game.heuristic_scores()


# -- the tree --------------------------------------------------------------------------------------
class _Node:
    """Statistics of one action in one information set; ``total`` holds a reward per seat."""

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0.0
        self.avail = 1  # how often this action was legal when its parent was visited
        self.total = [0.0] * seats


def _positive(name: str, value: object, *, allow_zero: bool = False, integer: bool = False) -> None:
    kinds = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not math.isfinite(value) \
            or value < 0 or (value == 0 and not allow_zero):
        need = "an integer" if integer else "a number"
        raise ValueError(f"{name} must be {need} {'>= 0' if allow_zero else '> 0'}, got {value!r}")


class MCTSAgent(Agent):
    """Information-set MCTS with an exhaustive first turn and evaluated leaves.

    Budget (keyword-only): ``seconds`` of thinking per move and/or ``simulations`` (iterations);
    it stops at whichever comes first, and thinks for 1 second if neither is given. With a
    simulation budget the choice depends only on ``seed`` and the game: a fresh agent with the
    same seed chooses the same action. With a time budget it depends on how many iterations the
    machine manages, so it may vary between runs. ``simulations=0`` plays the best own turn by
    the evaluation, without search.

    Every action available now is always evaluated; the rest of the first turn (a turn of many
    decisions) is expanded for at most half of ``seconds``, so a move keeps close to its time
    even in games whose turns branch widely.

    ``playout`` is how the game goes on from a new node until one of our turns has ended:
    ``"random"`` (uniformly random actions, the cheapest) or ``"greedy"`` (every mover takes the
    action with the best evaluation one action ahead, ties broken at random: dearer, but in a game
    where a random move throws away much more than a sensible one, such as a tile laid anywhere,
    leaves then measure the replies rather than the noise of the play-out) or ``"own-greedy"``
    (the searching player's moves greedy, the others' at random: about two thirds of the price of
    ``"greedy"``). A play-out ends just after one of our own moves, so with random play-outs every
    fresh leaf carries one random move of ours while the deeper leaves of a well-visited branch
    carry moves the tree chose; where a random move costs much, that gap favours whichever branch
    was searched deepest, and the search locks onto it.

    ``exploration`` is the UCB constant (rewards are score margins divided by ``scale`` points);
    ``prior_weight`` is how many visits the first evaluation of a move counts for (high: noisy
    random play-outs must agree for a while before they overrule it); ``widening`` lets a node
    below the first turn try ``widening * sqrt(visits)`` actions; ``evaluate`` replaces the
    evaluation (``game -> {player: estimated final score}``); ``on_progress`` is called with
    ``last_stats`` about ten times a second while thinking (and once at the end).

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", seed=3)
    >>> agent = MCTSAgent(simulations=20, seed=1)
    >>> agent.choose(g) in g.legal_actions(), agent.last_stats["iterations"]
    (True, 20)
    """

    name = "mcts"

    def __init__(self, *, seconds: float | None = None, simulations: int | None = None, seed: int | None = None,
                 exploration: float = 0.7, prior_weight: float = 10.0, scale: float = 10.0,
                 widening: float = 1.0, playout: str = "random", evaluate: Evaluator | None = None,
                 on_progress: Progress | None = None) -> None:
        if seconds is not None:
            _positive("seconds", seconds)
        if simulations is not None:
            _positive("simulations", simulations, allow_zero=True, integer=True)
        if seconds is None and simulations is None:
            seconds = DEFAULT_SECONDS
        _positive("exploration", exploration, allow_zero=True)
        _positive("prior_weight", prior_weight)
        _positive("scale", scale)
        _positive("widening", widening)
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(map(repr, PLAYOUTS))}, got {playout!r}")
        for name, value in (("evaluate", evaluate), ("on_progress", on_progress)):
            if value is not None and not callable(value):
                raise ValueError(f"{name} must be callable or None, got {value!r}")
        self.seconds = seconds
        self.simulations = simulations
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.prior_weight = prior_weight
        self.scale = scale
        self.widening = widening
        self.playout = playout
        self.evaluate = evaluate
        self.on_progress = on_progress
        #: after each ``choose``: iterations done, seconds, the chosen action and its share of visits
        self.last_stats: dict[str, Any] = {}

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds!r}" if self.simulations is None else f"simulations={self.simulations!r}"
        return f"MCTSAgent({budget}, seed={self.seed!r})"

    # -- choosing ----------------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError(f"no legal action to choose from (phase {game.phase!r})")
        if len(actions) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0, "action": actions[0], "share": 1.0}
            return actions[0]
        self._think(game, actions)
        return self.last_stats["action"]

    def explain(self, game: Game, top: int = 3) -> list[Choice]:
        """Search as ``choose`` does, then the ``top`` actions in the order the agent ranks them
        (most visited first), each with its mean estimated margin and the game's reasons."""
        actions = game.legal_actions()
        if not actions:
            raise ValueError(f"no legal action to explain (phase {game.phase!r})")
        player = game.current_player
        assert player is not None
        if len(actions) == 1:
            search = None
        else:
            search = self._think(game, actions)
        if search is None:
            ranked = [(actions[0], margin((self.evaluate or _heuristic)(game), player))]
        else:
            root, me, base = search.root, search.me, search.base[search.me]

            def rank(a: Action) -> tuple[float, float, float]:  # the order _stats picks by
                child = root.children[a]
                return (child.visits, child.total[me] / child.visits, search.tie_break[a])

            order = sorted(actions, key=rank, reverse=True)[:top]
            ranked = [(a, base + self.scale * rank(a)[1]) for a in order]
        sim = game.clone(resample_hidden=self.rng)
        return explain_ranked(game, ranked, player, sim, self._follow_values, 8)

    def _follow_values(self, sim: Game, actions: Sequence[Action]) -> list[float]:
        player = sim.current_player
        evaluate = self.evaluate or _heuristic
        values = []
        for a in actions:
            sim.apply(a)
            values.append(margin(evaluate(sim), player))  # type: ignore[arg-type]
            sim.undo()
        return values

    def _think(self, game: Game, actions: list[Action]) -> _Search:
        started = time.perf_counter()
        deadline = None if self.seconds is None else started + self.seconds
        search = _Search(self, game, None if self.seconds is None else started + self.seconds / 2)
        report_at = started + 0.1
        done = 0
        while (self.simulations is None or done < self.simulations) and \
                (deadline is None or time.perf_counter() < deadline):
            search.iterate()
            done += 1
            if self.on_progress is not None and time.perf_counter() >= report_at:
                report_at += 0.1
                self.on_progress(self._stats(search, actions, done, started))
        self.last_stats = self._stats(search, actions, done, started)
        if self.on_progress is not None:
            self.on_progress(self.last_stats)
        return search

    def _stats(self, search: _Search, actions: list[Action], done: int, started: float) -> dict[str, Any]:
        """The most visited action (ties: the better mean, then a seeded coin) and how the search went."""
        root, me = search.root, search.me
        best = max(actions, key=lambda a: (root.children[a].visits,
                                           root.children[a].total[me] / root.children[a].visits,
                                           search.tie_break[a]))
        visits = sum(child.visits for child in root.children.values())
        return {"iterations": done, "seconds": round(time.perf_counter() - started, 4), "action": best,
                "share": round(root.children[best].visits / visits, 3)}


class _Search:
    """One move's search: the tree and what it needs to evaluate leaves."""

    def __init__(self, agent: MCTSAgent, game: Game, expand_until: float | None = None) -> None:
        self.agent = agent
        self.game = game
        self.rng = agent.rng
        self.evaluate = agent.evaluate or _heuristic
        self.players = game.players
        self.seat = {p: i for i, p in enumerate(self.players)}
        self.player: str = game.current_player  # type: ignore[assignment]
        self.me = self.seat[self.player]
        sim = game.clone(resample_hidden=self.rng)  # never look at the real draw
        now = self.evaluate(sim)  # an evaluation only ever sees copies
        self.base = [margin(now, p) for p in self.players]  # rewards are changes from now
        self.root = _Node(len(self.players))
        self.tie_break = {a: self.rng.random() for a in game.legal_actions()}
        self.turn = game.turn
        self._greedy = agent.playout == "greedy"
        self._own_greedy = agent.playout == "own-greedy"
        self._budget = _FIRST_TURN_NODES
        self._expand_until = expand_until   # the clock's share of the first turn (None: nodes only)
        self._first_turn(sim, self.root)

    def _rewards(self, sim: Game) -> list[float]:
        scores = self.evaluate(sim)
        scale = self.agent.scale
        return [(margin(scores, p) - b) / scale for p, b in zip(self.players, self.base)]

    def _first_turn(self, sim: Game, node: _Node) -> list[float]:
        """Expand every way to finish our turn under ``node`` and seed each node with the best
        evaluation reachable from it; return that reward vector (the rule GreedyAgent uses too)."""
        weight = self.agent.prior_weight
        best: list[float] | None = None
        legal = sim.legal_actions()
        self._budget -= len(legal)
        for action in legal:
            child = node.children[action] = _Node(len(self.players))
            sim.apply(action)
            if not sim.is_over and sim.turn == self.turn and sim.current_player == self.player \
                    and self._budget > 0 and self._on_time() and sim.legal_actions():
                rewards = self._first_turn(sim, child)
            else:
                rewards = self._rewards(sim)
            sim.undo()
            child.visits = weight
            child.total = [weight * r for r in rewards]
            if best is None or rewards[self.me] > best[self.me]:
                best = rewards
        assert best is not None
        return best

    def _on_time(self) -> bool:
        return self._expand_until is None or time.perf_counter() < self._expand_until

    def iterate(self) -> None:
        """One iteration: a fresh determinization, UCB down the tree, expand one node, play on
        to the end of one of our turns, evaluate, back up."""
        sim = self.game.clone(resample_hidden=self.rng)
        node, path = self.root, [self.root]
        c, widening = self.agent.exploration, self.agent.widening
        while not sim.is_over:
            legal = sim.legal_actions()
            player = sim.current_player
            mover = self.seat[player]  # type: ignore[index]
            children = node.children
            known = [a for a in legal if a in children]
            if len(known) < len(legal) and len(known) < widening * math.sqrt(node.visits + 1):
                fresh = [a for a in legal if a not in children]
                action = fresh[self.rng.randrange(len(fresh))]
                node = children[action] = _Node(len(self.players))
                before = sim.turn
                sim.apply(action)
                path.append(node)
                self._play_out(sim, player, before)  # type: ignore[arg-type]
                break
            best, best_score = known[0], -math.inf
            for a in known:
                child = children[a]
                child.avail += 1
                score = child.total[mover] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = a, score
            sim.apply(best)
            node = children[best]
            path.append(node)
        rewards = self._rewards(sim)
        for n in path:
            n.visits += 1
            total = n.total
            for i, r in enumerate(rewards):
                total[i] += r

    def _play_out(self, sim: Game, last: str, turn: int) -> None:
        """Play on (at random or greedily, as ``playout`` says) until one of our turns has just
        ended (or the game has), so that every leaf is judged at the same point of the round as
        the first-turn evaluations: whoever is to move next has not yet had the turn that a leaf
        one turn later would include.
        ``last`` acted before ``sim`` reached turn count ``turn``."""
        for _ in range(_MAX_PLAYOUT):
            if sim.is_over or (last == self.player and sim.turn > turn):
                return
            turn = sim.turn
            last = sim.current_player  # type: ignore[assignment]
            legal = sim.legal_actions()
            greedy = self._greedy or (self._own_greedy and last == self.player)
            sim.apply(self._greedy_pick(sim, legal) if greedy and len(legal) > 1
                      else legal[self.rng.randrange(len(legal))])

    def _greedy_pick(self, sim: Game, legal: list[Action]) -> Action:
        """The action after which the mover's evaluated margin is best (ties: the seeded RNG)."""
        mover: str = sim.current_player  # type: ignore[assignment]
        best: list[Action] = []
        best_value = -math.inf
        for action in legal:
            sim.apply(action)
            value = margin(self.evaluate(sim), mover)
            sim.undo()
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
