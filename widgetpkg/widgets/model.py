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

from typing import Any

from traitlets import Bool, HasTraits, Int, List, Unicode

from ..core import Action, Event, Game, IllegalActionError


class GameModel(HasTraits):
    """A game plus the notifications that keep its views in sync."""

    #: bumps by one after every change of the game (an action, undo, redo, jump, edit)
    version = Int(0, read_only=True)
    #: the last thing worth telling the user, in words: what happened or why a click did nothing
    message = Unicode("")
    #: events of the last change, for the log
    events = List()
    #: an agent is choosing a move
    thinking = Bool(False)

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
        events = self._game.apply(action)
        self._changed(events, "; ".join(str(e) for e in events) or str(action))
        return events

    def try_apply(self, action: Action) -> bool:
        """Play an action coming from a click: an illegal one only sets ``message``."""
        try:
            self.apply(action)
        except IllegalActionError as error:
            self.message = str(error)
            return False
        return True

    def undo(self) -> bool:
        if not self._game.history:
            self.message = "nothing to undo"
            return False
        action = self._game.undo()
        self._changed([], f"took back: {action}")
        return True

    def redo(self) -> bool:
        if not self._game.can_redo:
            self.message = "nothing to redo"
            return False
        events = self._game.redo()
        self._changed(events, "; ".join(str(e) for e in events))
        return True

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
        self.message = message
        self.set_trait("version", self.version + 1)
