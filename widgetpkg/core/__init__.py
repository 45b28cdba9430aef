"""Game-agnostic machinery: the Game protocol, actions and events, errors, saving, the registry."""

from .actions import Action, Event, Note, Scored, SetPosition, Term
from .errors import IllegalActionError, InvalidOptionError, SaveFileError, WidgetpkgError
from .game import Game, Step
from .info import GameInfo, Level, Option
from .registry import game_class, game_info, game_names, load_game, new_game, register

__all__ = [
    "Action", "Event", "Game", "GameInfo", "IllegalActionError", "InvalidOptionError", "Level", "Note", "Option",
    "SaveFileError", "Scored", "SetPosition", "Step", "Term", "WidgetpkgError", "game_class", "game_info", "game_names",
    "load_game", "new_game", "register",
]
