"""Jupyter widgets: the game model, the board canvas, the side panel and the app.

``widgetpkg.play(...)`` is the way in; these are the parts for those who compose their own.
"""

from ..ui.contract import (
           GameUI,
           Inspection,
           LogEntry,
           Style,
           Target,
           View,
           register_ui,
           ui_for,
)
from .app import App, play
from .board import BoardCanvas
from .end import EndScreen
from .inspector import Inspector
from .model import GameModel
from .panel import Panel
from .runner import AgentRunner
from .start import Start

__all__ = ["AgentRunner", "App", "BoardCanvas", "EndScreen", "GameModel", "GameUI", "Inspection", "Inspector",
           "LogEntry", "Panel", "Start", "Style", "Target", "View", "play", "register_ui", "ui_for"]
