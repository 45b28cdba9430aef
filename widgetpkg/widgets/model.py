"""GameModel: the one place a game is changed from the notebook; every view observes it.

Views never touch the game directly: they call ``apply``/``undo``/``redo``/``goto`` on the model
and redraw when its ``version`` trait changes, so two displays of one model, or a cell that
changes the game, keep every board in step.

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

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from traitlets import Bool, Dict, HasTraits, Int, List, Unicode

from ..core import Action, Event, Game, IllegalActionError


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
    #: board cells to stress in every view (e.g. the tiles of a selected log entry)
    highlight: List[Any] = List()

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._game = game

    @property
    def game(self) -> Game:
        """The game, for reading. Change it through the model so that views follow."""
        return self._game

    def replace(self, game: Game) -> None:
        """Show another game (a loaded save, a new game) in every view."""
        self._game = game
        self._changed([], "new game")

    def apply(self, action: Action) -> list[Event]:
        """Play an action; IllegalActionError (game unchanged) if the rules forbid it."""
        player = self._game.current_player
        events = self._game.apply(action)
        self._changed(events, "; ".join(str(e) for e in events) or f"{player}: {action}")
        return events

    def try_apply(self, action: Action) -> bool:
        """Play an action coming from a click: an illegal one only sets ``message``."""
        try:
            self.apply(action)
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
        self._changed([], f"took back: {action}")
        return True

    def redo(self) -> bool:
        if not self._game.can_redo:
            self.refuse("nothing to redo")
            return False
        events = self._game.redo()
        self._changed(events, "; ".join(str(e) for e in events))
        return True

    def undo_to_human(self) -> bool:
        """Undo one step, then the agents' steps before it: back to a human's last decision.

        With no human at the table (or in autoplay) this is a plain ``undo``. One notification.
        """
        game = self._game
        if not game.history:
            self.refuse("nothing to undo")
            return False
        taken = [game.undo()]
        humans = any(self.agent_for(p) is None for p in game.players)
        if humans and not self.autoplay:
            while game.history and self.agent_for(game.current_player) is not None:
                taken.append(game.undo())
        extra = f" (and {len(taken) - 1} agent step{'s' * (len(taken) > 2)} before it)" if len(taken) > 1 else ""
        self._changed([], f"took back: {taken[0]}{extra}")
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
        """Undo or redo until ``step`` steps of the history are applied; one notification."""
        total = self.steps()
        if not 0 <= step <= total:
            raise ValueError(f"step must be between 0 and {total}, got {step}")
        while len(self._game.history) > step:
            self._game.undo()
        while len(self._game.history) < step:
            self._game.redo()
        self._changed([], f"step {step} of {total}")

    def steps(self) -> int:
        """Steps reachable with undo and redo: the length of the history slider."""
        return len(self._game.history) + self._game.redo_steps

    def _changed(self, events: list[Event], message: str) -> None:
        self.events = list(events)
        self.message_kind = "info"
        self.message = message
        self.set_trait("version", self.version + 1)
