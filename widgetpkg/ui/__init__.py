"""The widget-free UI contract between a game and the generic views (canvas board, panel, SVG).

Importing this package (or drawing a game as SVG) never imports ipywidgets or ipycanvas.
"""

from .contract import (
    COMMANDS,
    Choice,
    Column,
    GameUI,
    Inspection,
    LogEntry,
    Rect,
    Ref,
    Region,
    Section,
    Style,
    Target,
    View,
    esc,
    register_ui,
    scored_entry,
    ui_for,
)
from .inspector import InspectorView, Item
from .palette import SEAT_COLOURS, named_colour, seat_colour

__all__ = [
    "COMMANDS", "SEAT_COLOURS", "Choice", "Column", "GameUI", "Inspection", "InspectorView", "Item", "LogEntry",
    "Rect", "Ref", "Region", "Section", "Style", "Target", "View", "esc", "named_colour", "register_ui",
    "scored_entry", "seat_colour", "ui_for",
]
