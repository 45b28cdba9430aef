"""AgentRunner: lets the model's agents play their seats, at a pace a person can follow.

In a kernel, an agent thinks in a worker thread (on a copy of the game, so the board stays live)
and its move is played on the kernel's event loop no sooner than ``pace`` seconds after the
previous change. Where Python has no threads (Pyodide, in the browser), the agent thinks in a
callback of the event loop instead: the same move, and the page answers between moves. The model's ``thinking`` trait is on meanwhile, for the panel. A move that
arrives after the game changed (an undo, a click, a new game) is dropped.

A step that brings several events (an agent's move and the steps the rules then take by
themselves: "resolves the river, the only place left", dice rolled) is told one event at a time:
``shown`` counts the events of the last change the views show, one more every ``pace`` seconds,
and the next agent move waits until all are shown and ``pace`` more has passed. A human seat with
exactly one legal action has it played for them the same way when ``model.one_choice`` is
``"auto"`` (the default).

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

from traitlets import Bool, Float, HasTraits, Int

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
    #: how many events of the model's last change the views show now (all of them, except while
    #: a step of several is told one at a time at the pace)
    shown = Int(0)

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
        self._reveal_timer: asyncio.TimerHandle | None = None
        self._held: tuple[int, Action | None, bool] | None = None   # a move waiting for the telling to end
        self.shown = len(model.events)
        model.observe(self._on_version, "version")
        model.observe(self._on_change, ["agents", "autoplay", "one_choice"])
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

    def revealing(self) -> bool:
        """Events of the last change are still being told one at a time."""
        return self.shown < len(self.model.events)

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
    def _on_version(self, change: dict[str, Any] | None = None) -> None:
        """A new step: tell its events one at a time (with an event loop and a pace), then play on."""
        self._stop_telling()
        count = len(self.model.events)
        loop = _running_loop()
        if count > 1 and self.pace > 0 and loop is not None and self.model.last_mover is not None:
            self.shown = 1
            self._reveal_timer = loop.call_later(self.pace, self._tell_next)
        else:
            self.shown = count
        self._on_change()

    def _tell_next(self) -> None:
        self._reveal_timer = None
        self.shown = min(self.shown + 1, len(self.model.events))
        self._changed_at = time.monotonic()
        loop = _running_loop()
        if self.revealing() and loop is not None:
            self._reveal_timer = loop.call_later(self.pace, self._tell_next)
            return
        held, self._held = self._held, None
        if held is not None and loop is not None:       # the move already chosen waits its pace
            self._timer = loop.call_later(self.pace, self._play, *held)

    def _stop_telling(self) -> None:
        self._held = None
        if self._reveal_timer is not None:
            self._reveal_timer.cancel()
            self._reveal_timer = None

    def _on_change(self, change: dict[str, Any] | None = None) -> None:
        self._changed_at = time.monotonic()
        self.schedule()

    def schedule(self) -> None:
        """Start the agent to move thinking, if one should (needs the kernel's event loop); or
        play a human's only choice for them (``model.one_choice``)."""
        agent = self.agent_to_move()
        forced = agent is None and self.model.only_choice() and not self.paused
        if forced:
            agent = _ONLY_CHOICE
        loop = _running_loop()
        go = agent is not None and not self.waiting_reason() and loop is not None
        self._cancel(keep_thinking=go and not forced)
        if not go:
            return
        assert loop is not None and agent is not None
        job = self._job
        snapshot: Game = self.model.game.clone()
        if not forced:
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
            loop.call_soon_threadsafe(self._deliver, job, action, error, started, took, forced)

        if forced:
            think()     # nothing to think about: the one legal action
            return
        if not self.threaded:
            loop.call_soon(think)       # the loop delivers it after this callback: no thread needed
            return
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="widgetpkg-agent")
        self._pool.submit(think)

    def _deliver(self, job: int, action: Action | None, error: BaseException | None, started: float,
                 took: float, forced: bool = False) -> None:
        if job != self._job:
            return
        if not forced:
            self.think_times.append(took)
        if error is not None:
            self.model.thinking = False
            self.paused = True
            self.model.refuse(f"the agent failed ({type(error).__name__}: {error}); agents paused")
            return
        if self.revealing():
            self._held = (job, action, forced)    # played ``pace`` after the last event is told
            return
        wait = self.pace - (time.monotonic() - max(started, self._changed_at))
        loop = _running_loop()
        if wait > 0 and loop is not None:
            self._timer = loop.call_later(wait, self._play, job, action, forced)
        else:
            self._play(job, action, forced)

    def _play(self, job: int, action: Action | None, forced: bool = False) -> None:
        if job != self._job or action is None:
            return
        self._timer = None
        try:
            # ``thinking`` stays on if this move hands over to another agent (no flicker)
            self.model.try_apply(action, forced=forced)
        except Exception as error:
            log.exception("agent move failed")
            self.model.refuse(f"internal error after the agent's move: {error}")
        finally:
            if job == self._job and self.model.thinking:
                self.model.thinking = False

    def _cancel(self, *, keep_thinking: bool = False) -> None:
        self._job += 1
        self._held = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.model.thinking and not keep_thinking:
            self.model.thinking = False

    def close(self) -> None:
        self._cancel()
        self._stop_telling()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


class _OnlyChoice:
    """Plays a human's one legal action for them (``GameModel.one_choice``)."""

    name = "only choice"

    @staticmethod
    def choose(game: Game) -> Action:
        return game.legal_actions()[0]


_ONLY_CHOICE = _OnlyChoice()


def _default_stand_in() -> Any:
    from .. import agents
    cls = getattr(agents, "Greedy", None) or agents.Random
    return cls(seed=0)


__all__ = ["AgentRunner"]
