"""Sizes and directions of the Hunters & Gatherers drawings (their colours are the family's:
:mod:`widgetpkg.ui.palette`)."""

from __future__ import annotations

# --------------------------------------------------------------------------------------------
# Facts of the drawing
# --------------------------------------------------------------------------------------------

RIVER_HALF = 0.075      # half the river's width where it crosses an edge (tiles must agree on it)
BANK = 0.012           # extra width of the darker river bank
ARM_HALF = 0.075       # half width of a forest arm that closes a meadow off
HEDGE_HALF = 0.028     # half width of a line of bushes between meadows with no feature between
CANOPY = 0.042         # radius of the tree crowns that soften forest edges
DETAIL_SIZE = 44       # below this many pixels a tile is drawn without texture
GLYPH_SIZE = 100       # below this many pixels fish groups become one fish and a count, animals lose their eye
SPECIAL_SIZE = 56      # below this many pixels specials are drawn with fewer, fatter lines

SIDE_NAMES = ("N", "E", "S", "W")
INWARD = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))      # into the tile from each side
HALF_PART = {"N": ("west", "east"), "E": ("north", "south"), "S": ("east", "west"), "W": ("south", "north")}
CENTRE = (0.5, 0.5)
