"""Carcassonne: Hunters & Gatherers (2020 and classic 2002 rules).

Coordinates are ``(x, y)`` with x to the east and y to the south; the start tile sits at (0, 0).
Rotations are 0/90/180/270 degrees clockwise. A feature is named by its tile position and its id
in the tile data, e.g. ``(0, 0, "r3")``.
"""

from .actions import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple, SetNextTile, SetPosition
from .game import INFO, Figure, HuntersGatherers, Supply, TilePlaced, TileRemoved
from .inspect import AreaView
from .notation import PlayerSupply, Position, PositionError, parse_position
from .rules import RuleSet
from .tiles import Feature, Tile, TileSet, TileSetError, load_tileset, parse_tileset

__all__ = [
    "AreaView", "Feature", "Figure", "HuntersGatherers", "Pass", "PlaceHut", "PlaceMeeple", "PlaceTile", "RetakeMeeple",
    "PlayerSupply", "Position", "PositionError", "RuleSet", "SetNextTile", "SetPosition", "Supply", "Tile", "TilePlaced", "TileRemoved", "TileSet", "TileSetError", "load_tileset",
    "parse_position", "parse_tileset", "position",
]


def position(text: str, *, seed: int | None = None) -> HuntersGatherers:
    """A new game set up from position text (see ``HuntersGatherers.to_position``).

    >>> g = position('''Hunters & Gatherers position
    ... players: Red, Blue
    ... to move: Blue
    ... scores: Red 7, Blue 3
    ... tiles: 56 (0, 0) 0; 48 (-1, 0) 0
    ... figures: Red fisher (-1, 0) r1
    ... hand: 30''', seed=1)
    >>> g.current_player, g.scores, g.current_tile.id
    ('Blue', {'Red': 7, 'Blue': 3}, 30)
    """
    parsed = parse_position(text)
    INFO.check_inline({"tileset": parsed.tileset}, PositionError)  # position text never names a file
    options: dict = {"edition": parsed.edition}
    if parsed.tileset:
        options["tileset"] = parsed.tileset
    if parsed.rules:
        options["rules"] = parsed.rules
    game = HuntersGatherers(players=parsed.players, seed=seed, **options)
    game.set_position(text)
    return game
