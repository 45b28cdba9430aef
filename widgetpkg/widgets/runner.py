"""AgentRunner: lets the model's agents play their seats, at a pace a person can follow.

In a kernel, an agent thinks in a worker thread (on a copy of the game, so the board stays live)
and its move is played on the kernel's event loop no sooner than ``pace`` seconds after the
previous change. Where Python has no threads (Pyodide, in the browser), the agent thinks in a
callback of the event loop instead: the same move, and the page answers between moves. The model's ``thinking`` trait is on meanwhile, for the panel. A move that
arrives after the game changed (an undo, a click, a new game) is dropped.

Agents wait while the user looks back in history (``redo`` possible) unless autoplay is on;
``step()`` makes the player to move play now, whoever it is (also a human, with the stand-in).

Without an event loop (tests, scripts) nothing runs by itself: call ``step()`` or
``run()`` to play agent moves synchronously.

>>> import widgetpkg as wp
>>> from widgetpkg.widgets.model import GameModel
>>> game = wp.new_game("hunters-gatherers", players=["A", "B"], seed=2)
>>> model = GameModel(game, agents={"A": wp.agents.Random(seed=1), "B": wp.agents.Random(seed=2)})
>>> runner = AgentRunner(model)
>>> runner.run() > 100, model.game.is_over
(True, True)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import sys
import time
from typing import Any

from traitlets import Bool, Float, HasTraits

from ..core import Action, Game
from .model import GameModel

log = logging.getLogger(__name__)


#: Pyodide (WebAssembly in the browser) cannot start threads
HAS_THREADS = sys.platform != "emscripten"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class AgentRunner(HasTraits):
    """Plays the agents' moves of ``model``'s game by themselves (in a kernel)."""

    #: seconds between an agent's moves, at least (0: as fast as they think)
    pace = Float(0.6, min=0.0)
    #: agents wait while True
    paused = Bool(False)

    def __init__(self, model: GameModel, *, pace: float = 0.6, stand_in: Any = None) -> None:
        super().__init__(pace=pace)
        self.model = model
        #: plays the humans' seats in autoplay and for ``step()`` on a human's turn
        self.stand_in = stand_in if stand_in is not None else _default_stand_in()
        #: the agent's worker thread, started on first use; None where there are no threads
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self.threaded = HAS_THREADS
        self._job: int = 0                  # bumps per scheduled move; stale results are dropped
        self._timer: asyncio.TimerHandle | None = None
        self._changed_at = time.monotonic()
        #: Python seconds each agent took to choose, last first
        self.think_times: list[float] = []
        model.observe(self._on_change, ["version", "agents", "autoplay"])
        self.observe(self._on_change, ["paused"])

    # -- who plays now ------------------------------------------------------------------------------
    def agent_to_move(self, *, anyone: bool = False) -> Any:
        """The agent that plays the current player's move (the stand-in for a human in autoplay,
        or with ``anyone``), or None."""
        game = self.model.game
        if game.is_over:
            return None
        agent = self.model.agent_for(game.current_player)
        if agent is None and (self.model.autoplay or anyone):
            agent = self.stand_in
        return agent

    def waiting_reason(self) -> str:
        """Why the agent to move does not move by itself now, or ''."""
        if self.agent_to_move() is None:
            return ""
        if self.paused:
            return "agents are paused"
        if self.model.game.can_redo and not self.model.autoplay:
            return "agents wait while you look back in the history (Redo, or Step to let them play here)"
        return ""

    # -- synchronous play -------------------------------------------------------------------------------
    def step(self) -> bool:
        """The player to move plays one action now (an agent, or the stand-in for a human)."""
        agent = self.agent_to_move(anyone=True)
        if agent is None:
            self.model.refuse("the game is over" if self.model.game.is_over else "no agent to move")
            return False
        self._cancel()
        started = time.perf_counter()
        action = agent.choose(self.model.game.clone())
        self.think_times.append(time.perf_counter() - started)
        return self.model.try_apply(action)

    def run(self, max_actions: int | None = None) -> int:
        """Play agents' actions synchronously until a human is to move or the game ends; the count."""
        played = 0
        while (max_actions is None or played < max_actions) and self.agent_to_move() is not None:
            if not self.step():
                break
            played += 1
        return played

    # -- by themselves, in a kernel ---------------------------------------------------------------------
    def _on_change(self, change: dict[str, Any] | None = None) -> None:
        self._changed_at = time.monotonic()
        self.schedule()

    def schedule(self) -> None:
        """Start the agent to move thinking, if one should (needs the kernel's event loop)."""
        agent = self.agent_to_move()
        loop = _running_loop()
        go = agent is not None and not self.waiting_reason() and loop is not None
        self._cancel(keep_thinking=go)
        if not go:
            return
        assert loop is not None and agent is not None
        job = self._job
        snapshot: Game = self.model.game.clone()
        self.model.thinking = True
        started = time.monotonic()

        def think() -> None:
            t0 = time.perf_counter()
            try:
                action = agent.choose(snapshot)
                error = None
            except Exception as exc:  # noqa: BLE001 - reported in the panel, not raised in a thread
                action, error = None, exc
            took = time.perf_counter() - t0
            loop.call_soon_threadsafe(self._deliver, job, action, error, started, took)

        if not self.threaded:
            loop.call_soon(think)       # the loop delivers it after this callback: no thread needed
            return
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="widgetpkg-agent")
        self._pool.submit(think)

    def _deliver(self, job: int, action: Action | None, error: BaseException | None, started: float,
                 took: float) -> None:
        if job != self._job:
            return
        self.think_times.append(took)
        if error is not None:
            self.model.thinking = False
            self.paused = True
            self.model.refuse(f"the agent failed ({type(error).__name__}: {error}); agents paused")
            return
        wait = self.pace - (time.monotonic() - max(started, self._changed_at))
        loop = _running_loop()
        if wait > 0 and loop is not None:
            self._timer = loop.call_later(wait, self._play, job, action)
        else:
            self._play(job, action)

    def _play(self, job: int, action: Action | None) -> None:
        if job != self._job or action is None:
            return
        self._timer = None
        try:
            # ``thinking`` stays on if this move hands over to another agent (no flicker)
            self.model.try_apply(action)
        except Exception as error:
            log.exception("agent move failed")
            self.model.refuse(f"internal error after the agent's move: {error}")
        finally:
            if job == self._job and self.model.thinking:
                self.model.thinking = False

    def _cancel(self, *, keep_thinking: bool = False) -> None:
        self._job += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.model.thinking and not keep_thinking:
            self.model.thinking = False

    def close(self) -> None:
        self._cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _default_stand_in() -> Any:
    from .. import agents
    cls = getattr(agents, "Greedy", None) or agents.Random
    return cls(seed=0)


__all__ = ["AgentRunner"]
