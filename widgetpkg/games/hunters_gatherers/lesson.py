"""What a lesson notebook needs from Hunters & Gatherers: position text that fixes the draws ahead,
and the check of a tile-set file for ``python -m widgetpkg validate``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import Action
from .notation import format_position, parse_position
from .tiles import load_tileset

if TYPE_CHECKING:
    from .game import HuntersGatherers


def draws_ahead(game: HuntersGatherers, steps: Sequence[Action]) -> list[int]:
    """Tiles drawn while ``steps`` are replayed on a copy, in draw order, the tile in hand first."""
    twin = game.clone()
    drawn: list[int] = []
    for action in steps:
        for event in twin.apply(action):
            tile = getattr(event, "tile", None)
            if type(event).__name__ in ("TilePlaced", "TileRemoved") and tile not in drawn:
                drawn.append(tile)
    return drawn


def lesson_position(game: HuntersGatherers, steps: Sequence[Action]) -> str | None:
    """The position with the tiles ``steps`` will draw as ``hand`` and ``next``, or None mid-turn or
    when a step arranges draws or edits the state itself."""
    if game.phase != "place_tile" or any(a.setup for a in steps):
        return None
    pos = parse_position(game.to_position())
    drawn = draws_ahead(game, steps)
    if drawn:
        pos.hand, pos.next_tiles = drawn[0], drawn[1:]
    return format_position(pos)


def validate_tileset(path: str) -> str:
    tiles = load_tileset(path)
    return (f"{path}: valid, {len(tiles)} tiles ({len(tiles.regular)} regular, "
            f"{len(tiles.extra)} {tiles.extra_kind}, start tile {tiles.start.id})")
