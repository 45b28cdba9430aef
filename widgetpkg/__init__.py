"""widgetpkg: rules engines and Jupyter widgets for prehistoric board games.

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], edition="2020", seed=1)
>>> g.current_player, g.scores
('Red', {'Red': 0, 'Blue': 0})
"""

from .core import (
    Action, Event, Game, IllegalActionError, InvalidOptionError, SaveFileError, Scored, WidgetpkgError,
    game_names, load_game, new_game,
)
from . import agents
from .games import hunters_gatherers

__version__ = "0.1.0"


def play(game="hunters-gatherers", **options):  # type: ignore[no-untyped-def]
    """Start a game in the Jupyter widgets and return the app (display it); see
    :func:`widgetpkg.widgets.app.play`. The widget libraries load on first use only."""
    from .widgets.app import play as _play
    return _play(game, **options)


__all__ = [
    "Action", "Event", "Game", "IllegalActionError", "InvalidOptionError", "SaveFileError", "Scored",
    "WidgetpkgError", "agents", "game_names", "hunters_gatherers", "load_game", "new_game", "play",
]
