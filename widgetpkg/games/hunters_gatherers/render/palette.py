"""Colours and sizes of the Hunters & Gatherers drawings."""

from __future__ import annotations



# --------------------------------------------------------------------------------------------
# Facts of the drawing
# --------------------------------------------------------------------------------------------

PALETTE: dict[str, str] = {
    "meadow": "#b9d77e", "grass": "#98bd5a",
    "forest": "#3f7d3b", "forest_edge": "#24512a", "canopy": "#4c9146", "canopy_dark": "#336a31",
    "river": "#4b93cc", "river_bank": "#2d6797", "river_light": "#8cc3ea",
    "lake": "#3d86c4", "lake_light": "#79b5e3",
    "rock": "#a3a199", "rock_dark": "#6d6b64", "hedge": "#5b8a3a", "hedge_dark": "#2f5a26",
    "ink": "#1f2a1a", "paper": "#fbf6e8", "table": "#e6dcc3", "tile_line": "#3c4a2c",
}
# Animal glyphs: body colour and accent colour (tusk, horns, eye, stripes). Colours and
# silhouettes both differ, so the four animals tell apart at a glance and in grey scale.
ANIMAL_STYLE: dict[str, tuple[str, str]] = {
    "mammoth": ("#7b5640", "#f3ead6"),
    "aurochs": ("#2f2521", "#efe3c4"),
    "deer": ("#c8904f", "#5a3b1e"),
    "tiger": ("#ee8a24", "#1c1612"),
}
PLAYER_COLOURS: dict[str, str] = {
    "red": "#d7392f", "blue": "#2f6fd6", "yellow": "#f4c430", "green": "#2aa35a", "black": "#2b2b2b",
    "white": "#f4f1ea", "purple": "#8a4fc0", "orange": "#f08a24", "pink": "#e86aa8", "grey": "#8c8c8c",
    "gray": "#8c8c8c",
}
FALLBACK_COLOURS = ("#d7392f", "#2f6fd6", "#f4c430", "#2aa35a", "#8a4fc0", "#2b2b2b")

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
