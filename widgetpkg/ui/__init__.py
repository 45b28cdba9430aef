"""The widget-free UI contract between a game and the generic views (canvas board, panel, SVG).

Importing this package (or drawing a game as SVG) never imports ipywidgets or ipycanvas.
"""

from .contract import (
    Choice, Column, GameUI, Inspection, LogEntry, Rect, Ref, Region, Section, Style, Target, View, esc,
    register_ui, scored_entry, ui_for,
)
from .palette import SEAT_COLOURS, seat_colour

__all__ = [
    "SEAT_COLOURS", "Choice", "Column", "GameUI", "Inspection", "LogEntry", "Rect", "Ref", "Region", "Section",
    "Style", "Target", "View", "esc", "register_ui", "scored_entry", "seat_colour", "ui_for",
]
