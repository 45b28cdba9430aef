"""widgetpkg: rules engines and Jupyter widgets for prehistoric board games.

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], edition="2020", seed=1)
>>> g.current_player, g.scores
('Red', {'Red': 0, 'Blue': 0})

Importing the package imports no game and no widget library: a game's package loads when it is
first asked for (``wp.new_game(name)``, ``wp.game_info(name)`` or ``wp.<game_package>``).
"""

from __future__ import annotations

import importlib
from typing import Any

from . import agents
from .core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalActionError,
    InvalidOptionError,
    Option,
    SaveFileError,
    Scored,
    WidgetpkgError,
    game_info,
    game_names,
    load_game,
    new_game,
)

__version__ = "0.2.0"


def play(game: Any = None, **options: Any) -> Any:
    """Start a game in the Jupyter widgets and return the app (display it); with no game, the
    start screen; see :func:`widgetpkg.widgets.app.play`. The widget libraries load on first use only."""
    from .widgets.app import play as _play
    return _play(game, **options)


def __getattr__(name: str) -> Any:
    # wp.hunters_gatherers, wp.stone_age, ...: a game's package, imported when first used
    if f"{name.replace('_', '-')}" in game_names():
        return importlib.import_module(f".games.{name}", __name__)
    raise AttributeError(f"module 'widgetpkg' has no attribute {name!r}")


__all__ = [
    "Action", "Event", "Game", "GameInfo", "IllegalActionError", "InvalidOptionError", "Option", "SaveFileError",
    "Scored", "WidgetpkgError", "agents", "game_info", "game_names", "load_game", "new_game", "play",
]
