"""GameModel: the one place a game is changed from the notebook; every view observes it.

Views never touch the game directly: they call ``apply``/``undo``/``redo``/``goto`` on the model
and redraw when its ``version`` trait changes, so two displays of one model, or a cell that
changes the game, keep every board in step.

A game changed behind the model's back (``g.apply(...)`` in a later cell, on the game itself) is
noticed by :meth:`GameModel.sync`: the views call it before acting on any click, key or button,
and in IPython it also runs after every cell, so the boards follow at once.

>>> import widgetpkg as wp
>>> model = GameModel(wp.new_game("hunters-gatherers", seed=1))
>>> seen = []
>>> model.observe(lambda change: seen.append(change["new"]), "version")
>>> _ = model.apply(model.game.legal_actions()[0])
>>> seen, model.game.phase
([1], 'place_figure')
>>> model.try_apply(model.game.legal_actions()[0].__class__(999, 999, "x"))
False
>>> model.message.startswith("place a meeple on x of (999, 999): figures go only on the tile just placed")
True
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from traitlets import Bool, Dict, Enum, HasTraits, Int, List, Unicode

from ..core import Action, Event, Game, IllegalActionError
from ..core.errors import PositionError, shorten
from ..ui.contract import ui_for

log = logging.getLogger(__name__)

#: every live model, for the after-each-cell check (weak: a model no view holds goes away)
_LIVE: weakref.WeakSet[GameModel] = weakref.WeakSet()
_HOOKED = False


def _sync_all(*_: Any) -> None:
    for model in list(_LIVE):
        try:
            model.sync()
        except Exception:       # a broken view must not break the user's next cell
            log.exception("could not bring a game's views up to date")


def _hook_ipython() -> None:
    """In IPython, check every model's game after each cell (once per kernel)."""
    global _HOOKED
    if _HOOKED:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is not None:
        shell.events.register("post_run_cell", _sync_all)
        _HOOKED = True


class GameModel(HasTraits):
    """A game plus the notifications that keep its views in sync."""

    #: bumps by one after every change of the game (an action, undo, redo, jump, edit)
    version = Int(0, read_only=True)
    #: the last thing worth telling the user, in words: what happened or why a click did nothing
    message = Unicode("")
    #: "info" when ``message`` says what happened, "error" when it says why nothing happened
    message_kind = Unicode("info")
    #: events of the last change, for the log
    events: List[Event] = List()
    #: an agent is choosing a move
    thinking = Bool(False)
    #: who plays for whom: player name -> agent (an object with ``choose(game)``); others are humans
    agents = Dict()
    #: figure colours by player name (CSS colours); views fall back to seat colours
    colours = Dict()
    #: agents also play the humans' seats (watch a whole game)
    autoplay = Bool(False)
    #: game-defined references to stress in every view (e.g. the tiles of a selected log entry)
    highlight: List[Any] = List()
    #: a human seat with exactly one legal action: ``"auto"`` has it played for them at the agents'
    #: pace and named in "since your last turn" (as Board Game Arena plays truly forced steps, and
    #: shows them); ``"click"`` waits for the player to click it. Undo and redo pass over the
    #: steps played for them.
    one_choice = Enum(("auto", "click"), default_value="auto")

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._game = game
        self._seen = self._fingerprint()
        self.last_mover: str | None = None
        self.last_shapes: tuple[Any, ...] = ()
        self.last_words = ""
        #: the last step was a human's only choice, played for them (``one_choice``)
        self.last_forced = False
        _LIVE.add(self)
        _hook_ipython()

    @property
    def game(self) -> Game:
        """The game, for reading. Change it through the model so that views follow."""
        return self._game

    def _fingerprint(self) -> tuple[Hashable, ...]:
        """What changes whenever the game does: its identity, the steps played and undone, and the
        last step itself (an undo followed by another move keeps the length, not the step)."""
        game = self._game
        history = game.history
        last = history[-1] if history else None
        return (id(game), len(history), id(last), last.action if last else None, game.redo_steps)

    def sync(self) -> bool:
        """Bring the views up to date if the game changed without the model (True if it had)."""
        if self._fingerprint() == self._seen:
            return False
        self._changed([], "the game changed outside the widgets: the views follow")
        return True

    def close(self) -> None:
        """Stop checking the game after each cell (the app is closed)."""
        _LIVE.discard(self)

    def replace(self, game: Game) -> None:
        """Show another game (a loaded save, a new game) in every view."""
        self._game = game
        self._changed([], "new game")

    def apply(self, action: Action, *, where: tuple[Any, ...] | None = None, forced: bool = False) -> list[Event]:
        """Play an action; IllegalActionError (game unchanged) if the rules forbid it. ``where``:
        the shapes of the targets it is played on, when the caller knows them (a click);
        ``forced``: a human's only choice, played for them."""
        player = self._game.current_player
        where = self._where(action) if where is None else where
        events = self._game.apply(action)
        #: where the last step was played (its targets' shapes), for the board to stress it
        self.last_shapes = where
        self.last_forced = forced
        self._changed(events, "; ".join(str(e) for e in events) or f"{player}: {self._words(action)}", mover=player)
        return events

    def _adapter(self) -> Any:
        """The game's UI adapter, made once per kind of game."""
        cached = getattr(self, "_ui", None)
        if cached is None or cached[0] != self._game.name:
            cached = self._ui = (self._game.name, ui_for(self._game))
        return cached[1]

    def _where(self, action: Action) -> tuple[Any, ...]:
        """The shapes of the targets ``action`` is played on, asked before it is (afterwards its
        spot may be gone)."""
        try:
            return tuple(self._adapter().action_shapes(self._game, action))
        except Exception:  # noqa: BLE001 - a highlight must never break a move
            log.debug("no place for %r", action, exc_info=True)
            return ()

    def _words(self, action: Action) -> str:
        """An action as the game's adapter words it for players (its ``str`` if that fails)."""
        try:
            return self._adapter().action_text(self._game, action)
        except Exception:  # noqa: BLE001 - a message must never break a move
            log.debug("no words for %r", action, exc_info=True)
            return str(action)

    def try_apply(self, action: Action, *, where: tuple[Any, ...] | None = None, forced: bool = False) -> bool:
        """Play an action coming from a click: an illegal one only sets ``message``."""
        try:
            self.apply(action, where=where, forced=forced)
        except IllegalActionError as error:
            self.refuse(str(error))
            return False
        return True

    def refuse(self, reason: str) -> None:
        """Tell the views why a click or a command did nothing."""
        self.message_kind = "error"
        self.message = reason

    def undo(self) -> bool:
        if not self._game.history:
            self.refuse("nothing to undo")
            return False
        action = self._game.undo()
        self._changed([], f"took back: {self._words(action)}")
        return True

    def redo(self) -> bool:
        if not self._game.can_redo:
            self.refuse("nothing to redo")
            return False
        events = self._game.redo()
        self._changed(events, "; ".join(str(e) for e in events))
        return True

    def _by_decision(self) -> bool:
        # undo and redo move by a human's decision when humans play without autoplay
        return not self.autoplay and any(self.agent_for(p) is None for p in self._game.players)

    def only_choice(self) -> bool:
        """A human is to move and has exactly one legal action, which ``one_choice`` plays for them."""
        game = self._game
        return (self.one_choice == "auto" and self.human_to_move() and not game.can_redo
                and len(game.legal_actions()) == 1)

    def _passed_over(self) -> bool:
        """Undo and redo go on over this position: an agent's move, or a human's only choice."""
        game = self._game
        if self.agent_for(game.current_player) is not None:
            return True
        return self.one_choice == "auto" and not game.is_over and len(game.legal_actions()) == 1

    def undo_to_human(self) -> bool:
        """Take back the last human decision and the agents' steps after it.

        With no human at the table (or in autoplay) this is a plain ``undo``. One notification.
        """
        game = self._game
        if not game.history:
            self.refuse("nothing to undo")
            return False
        taken = [game.undo()]
        if self._by_decision():
            while game.history and self._passed_over():
                taken.append(game.undo())
        agents = len(taken) - 1
        extra = f" (and {agents} agent step{'s' * (agents != 1)} after it)" if agents else ""
        self._changed([], f"took back: {self._words(taken[-1])}{extra}")
        return True

    def redo_to_human(self) -> bool:
        """Replay what ``undo_to_human`` took back: the next decision and the agents' steps after it,
        up to the next human decision. One notification."""
        game = self._game
        if not game.can_redo:
            self.refuse("nothing to redo")
            return False
        events = list(game.redo())
        first = game.history[-1].action
        replayed = 0
        if self._by_decision():
            while game.can_redo and not game.is_over and self._passed_over():
                events += game.redo()
                replayed += 1
        extra = f" (and {replayed} agent step{'s' * (replayed != 1)} after it)" if replayed else ""
        self._changed(events, f"replayed: {first}{extra}")
        return True

    @contextmanager
    def edit(self) -> Iterator[Any]:
        """Change the state in a cell, as plain data: ``with model.edit() as s: s.scores["Red"] = 40``.

        Delegates to the game's ``edit()`` (checked, one undoable step); when the block ends every
        view follows, with one ``version`` bump. A rejected edit leaves the game as it was, sets
        ``message`` to the reason and raises.
        """
        edit = getattr(self._game, "edit", None)
        if edit is None:
            raise TypeError(f"{self._game.name} has no edit(): its state cannot be changed as data")
        try:
            with edit() as state:
                yield state
        except ValueError as error:   # IllegalActionError, PositionError
            self.refuse(str(error))
            raise
        self._changed([], "edited the position")

    def agent_for(self, player: str | None) -> Any:
        """The agent playing ``player``, or None for a human (or nobody, when the game is over)."""
        if player is None:
            return None
        return self.agents.get(player)

    def human_to_move(self) -> bool:
        """True when the player to move clicks for themselves (not over, not an agent, no autoplay)."""
        game = self._game
        return not game.is_over and not self.autoplay and self.agent_for(game.current_player) is None

    def goto(self, step: int) -> None:
        """Undo or redo until ``step`` steps of the history are applied; one notification.

        A step outside ``0..steps()`` (or not a whole number) raises ``PositionError`` and changes
        nothing.
        """
        total = self.steps()
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= total:
            raise PositionError(f"step must be a whole number between 0 and {total}, got {shorten(step)}")
        while len(self._game.history) > step:
            self._game.undo()
        while len(self._game.history) < step:
            self._game.redo()
        self._changed([], f"step {step} of {total}")

    def steps(self) -> int:
        """Steps reachable with undo and redo: the length of the history slider."""
        return len(self._game.history) + self._game.redo_steps

    def _changed(self, events: list[Event], message: str, mover: str | None = None) -> None:
        self._seen = self._fingerprint()
        if mover is None:
            self.last_forced = False
        #: who played the step that caused this change (None for undo, redo, jumps and edits)
        self.last_mover = mover
        #: the words of the last change (``message`` follows after the views repainted)
        self.last_words = message
        self.events = list(events)
        # the version first: the board repaints before the panel's text changes, so a click's
        # answer reaches the screen first (each widget update is a message of its own)
        self.set_trait("version", self.version + 1)
        self.message_kind = "info"
        self.message = message
