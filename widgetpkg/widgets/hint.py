"""The app's Hint button: what the game's normal computer player would do in the human's seat, its
top three choices with their estimated values and the reasons in words (``agent.explain``).

Pressing a choice of the hint lights where it is played on the board (the targets that offer its
action, or a prompt button's references). The agent thinks in a worker thread where there is an
event loop and threads (the page answers meanwhile), in a loop callback in the browser-only site,
and at once without a loop (tests, scripts). A hint that arrives after the game changed is dropped.

>>> import widgetpkg as wp
>>> app = wp.play("hunters-gatherers", players=["You", wp.agents.Random(seed=1)], seed=3)
>>> app.hint.show()
>>> len(app.hint.choices), "estimated margin" in app.hint.text.value
(3, True)
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..ui.contract import esc
from .pool import ButtonPool
from .runner import HAS_THREADS

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

#: the difficulty whose agent gives the hints: a sound player, quick enough to answer at once
HINT_LEVEL = "normal"
#: choices a hint shows
HINT_TOP = 3


class Hint:
    """The Hint button and the box where its answer shows, for ``app``'s panel."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.model = app.model
        self.board = app.board
        self._agent: Any = None
        self._agent_game = ""
        self._asked = -1                # the model's version a pending hint was asked at
        self._closed = False
        #: the last hint's choices (``widgetpkg.agents.explain.Choice``), best first
        self.choices: list[Any] = []
        self.button = W.Button(description="Hint", icon="lightbulb-o",
                               tooltip="what the computer would play here, and why",
                               layout=W.Layout(width="auto", min_width="0", padding="0 5px", margin="0 2px 4px 0"))
        self.button.on_click(lambda _: self._guarded(self.show))
        self.text = W.HTML(layout=W.Layout(width="100%"))
        self._picks = ButtonPool(self._pick)
        #: a "Show" button per choice (reused from hint to hint)
        self.picks = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([self.text, self.picks], layout=W.Layout(width="100%"))
        # presenter mode keeps the panel to what matters now: the hint stays out of it
        self.button.add_class("wp-detail")
        self.widget.add_class("wp-detail")
        self._observed = ["version", "agents", "autoplay"]
        self.model.observe(self._on_change, self._observed)
        self._on_change()

    # -- asking ----------------------------------------------------------------------------------------
    def available(self) -> bool:
        """A hint can be asked: a human is to move in a game that is not over."""
        return self.model.human_to_move()

    def agent(self) -> Any:
        """The game's normal-level agent, made once per kind of game."""
        name = self.model.game.name
        if self._agent is None or self._agent_game != name:
            from ..agents import for_game
            self._agent, self._agent_game = for_game(name, HINT_LEVEL, seed=0), name
        return self._agent

    def show(self) -> None:
        """Ask for a hint for the player to move: answered at once without an event loop, else
        when the agent has thought (the button says so meanwhile)."""
        if not self.available():
            self.model.refuse("a hint is for a human's turn in a game that is not over")
            return
        version = self.model.version
        self._asked = version
        game = self.model.game.clone()
        agent = self.agent()
        loop = _running_loop()
        if loop is None:
            self._deliver(version, *_explain(agent, game))
            return
        self.button.disabled = True
        self.text.value = "<div class='wp-small'>thinking about a hint…</div>"
        if not HAS_THREADS:
            loop.call_soon(lambda: self._deliver(version, *_explain(agent, game)))
            return
        future = loop.run_in_executor(None, _explain, agent, game)
        future.add_done_callback(lambda f: self._guarded(self._deliver, version, *f.result()))

    def _deliver(self, version: int, choices: list[Any], error: BaseException | None) -> None:
        if self._closed or version != self.model.version or version != self._asked:
            return      # the game moved on (a move, an undo, a new game): this hint is about another position
        self._asked = -1
        self.button.disabled = not self.available()
        if error is not None:
            self.clear()
            self.model.refuse(f"no hint here ({type(error).__name__}: {error})")
            return
        self.choices = list(choices)
        ui = self.board.ui
        game = self.model.game
        rows = []
        labels = []
        for rank, choice in enumerate(self.choices, 1):
            words = _words(ui, game, choice.action)
            why = "; ".join(choice.reasons) if choice.reasons else "changes little"
            rows.append(f"<li><b>{esc(words)}</b> <span class='wp-small'>(estimated margin "
                        f"{choice.value:+.1f})</span><br><span class='wp-small'>{esc(why)}</span></li>")
            labels.append((f"{rank}. Show", f"light up where “{words}” is played"))
        self.text.value = ("<div class='wp-section'>Hint: what the computer would play</div>"
                           f"<ol class='wp-since'>{''.join(rows)}</ol>")
        self.picks.children = tuple(self._picks.show(labels))

    def _pick(self, index: int) -> None:
        """Light up where hint ``index`` is played."""
        if index >= len(self.choices):
            return
        action = self.choices[index].action
        shapes = tuple(t.shape for t in self.board.targets if action in t.choices)
        refs = next((c.refs for c in self.board.prompt if c.action == action), ())
        self.board.light(refs, shapes)
        if not shapes and not refs:
            self.model.refuse("that choice is not a place on the board: it is one of the buttons above")

    # -- following the model -------------------------------------------------------------------------------
    def _on_change(self, change: Any = None) -> None:
        if self._closed:
            return
        self._asked = -1
        self.clear()
        self.button.disabled = not self.available()

    def clear(self) -> None:
        """Forget the shown hint."""
        self.choices = []
        self.text.value = ""
        if self.picks.children:
            self.picks.children = ()

    def close(self) -> None:
        self._closed = True
        self.model.unobserve(self._on_change, self._observed)
        self.clear()
        self._picks.close()
        for widget in (self.button, self.text, self.picks, self.widget):
            widget.layout.close()
            if hasattr(widget, "style"):
                widget.style.close()
            widget.close()

    def _guarded(self, action: Any, *args: Any) -> None:
        try:
            action(*args)
        except Exception as error:
            log.exception("the hint failed")
            self.model.refuse(f"no hint here ({type(error).__name__}: {error})")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _explain(agent: Any, game: Any) -> tuple[list[Any], BaseException | None]:
    try:
        return list(agent.explain(game, top=HINT_TOP)), None
    except Exception as error:  # noqa: BLE001 - shown in the panel, not raised in a thread
        return [], error


def _words(ui: Any, game: Any, action: Any) -> str:
    try:
        return str(ui.action_text(game, action))
    except Exception:  # noqa: BLE001 - words must never break a hint
        return str(action)


__all__ = ["HINT_LEVEL", "Hint"]
