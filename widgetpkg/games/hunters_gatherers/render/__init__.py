"""Drawing Hunters & Gatherers tiles, figures and boards onto a painter (no widget code here).

Tiles are drawn procedurally from the tile data, so any tile set (including one loaded from a
user's YAML) can be shown. Each tile is first *laid out* once in its own unit square (x east,
y south, unrotated): forest shapes, river courses, lakes, and the extra forest arms or hedges
that keep two different meadows apart where the data says they are apart. The layout also
yields, for every feature, an *anchor*: the spot where a figure on it stands and where a click
selects it. Drawing then maps the layout through the tile's rotation; glyphs (animals, fish,
specials) are placed at rotated spots but always drawn upright, as silhouettes without letters
that stay recognisable at 40 pixels per tile; :func:`legend_svg` is their key. :func:`board_svg`
draws a game for a lesson: ``board_svg(g, scale=80, coordinates=True, highlight=[...])``.

>>> from widgetpkg.games.hunters_gatherers.tiles import load_tileset
>>> start = load_tileset("2020").by_id[56]
>>> fx, fy = feature_anchor(start, 0, "m2")   # the meadow touching only W-south
>>> fx < 0.5 < fy
True
>>> board_svg([(0, 0, start, 0)], [("Red", "gatherer", 0, 0, "f1")]).startswith("<svg")
True
"""

from ....ui.palette import LAND as PALETTE
from .board import (
    HighlightError,
    board_svg,
    draw_board,
    draw_coordinates,
    draw_figure,
    draw_game,
    game_svg,
    player_colour,
)
from .geometry import rotate_point
from .glyphs import draw_animal, draw_fish, draw_special
from .layout import TileLayout, feature_anchor, feature_at, tile_layout
from .legend import LegendEntry, draw_legend, legend_entries, legend_items, legend_svg
from .tiles import draw_tile, tile_svg, tiles_svg

__all__ = [
    "PALETTE", "HighlightError", "LegendEntry", "TileLayout", "board_svg", "draw_animal", "draw_board",
    "draw_coordinates",
    "draw_figure", "draw_fish", "draw_game", "draw_legend", "draw_special", "draw_tile", "feature_anchor",
    "feature_at", "game_svg", "legend_entries", "legend_items", "legend_svg", "player_colour", "rotate_point", "tile_layout",
    "tile_svg", "tiles_svg",
]
