"""Carcassonne: Hunters & Gatherers (2020 and classic 2002 rules).

Coordinates are ``(x, y)`` with x to the east and y to the south; the start tile sits at (0, 0).
Rotations are 0/90/180/270 degrees clockwise. A feature is named by its tile position and its id
in the tile data, e.g. ``(0, 0, "r3")``.
"""

from .actions import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple, SetNextTile
from .game import Figure, HuntersGatherers, Supply, TilePlaced
from .rules import RuleSet
from .tiles import Feature, Tile, TileSet, TileSetError, load_tileset, parse_tileset

__all__ = [
    "Feature", "Figure", "HuntersGatherers", "Pass", "PlaceHut", "PlaceMeeple", "PlaceTile", "RetakeMeeple",
    "RuleSet", "SetNextTile", "Supply", "Tile", "TilePlaced", "TileSet", "TileSetError", "load_tileset",
    "parse_tileset",
]
