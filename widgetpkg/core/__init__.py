"""Game-agnostic machinery: the Game protocol, actions and events, errors, saving, the registry."""

from .actions import Action, Event, Note, Scored, Term
from .errors import IllegalActionError, InvalidOptionError, SaveFileError, WidgetpkgError
from .game import Game, Step
from .registry import game_names, load_game, new_game, register

__all__ = [
    "Action", "Event", "Game", "IllegalActionError", "InvalidOptionError", "Note", "SaveFileError",
    "Scored", "Step", "Term", "WidgetpkgError", "game_names", "load_game", "new_game", "register",
]
