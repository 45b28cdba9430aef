"""The frontier: empty cells next to the landscape, each with the edge types it needs.

A cell's need is packed two bits a side (0 = free, else forest/meadow/river), the same packing
as ``Orientation.code``; ``Tile.fits(need)`` answers from a per-tile cache, so the legal
placements of a tile cost one dictionary walk over the frontier, not a scan of the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PlaceTile
from .areas import OFFSETS, Cell
from .tiles import SIDES, Orientation, Tile

if TYPE_CHECKING:
    from .game import HuntersGatherers

_TYPE_NAMES = ("any", "forest", "meadow", "river")


def describe_need(need: int) -> str:
    """'N forest, E river' for the sides a cell constrains."""
    return ", ".join(f"{SIDES[s]} {_TYPE_NAMES[(need >> 2 * s) & 3]}" for s in range(4) if (need >> 2 * s) & 3)


def update_frontier(game: HuntersGatherers, cell: Cell, orientation: Orientation) -> None:
    """A tile was just placed on ``cell``: drop it from the frontier and add the constraint its
    edges put on each empty neighbour."""
    game._delete("_frontier", cell)
    frontier, board = game._frontier, game._board
    x, y = cell
    code = orientation.code
    for side, (dx, dy) in enumerate(OFFSETS):
        near = (x + dx, y + dy)
        if near not in board:
            facing = (side + 2) % 4  # the neighbour's side that touches this tile
            game._put("_frontier", near, frontier.get(near, 0) | ((code >> 2 * side) & 3) << 2 * facing)


# PlaceTile objects are immutable: each (cell, set of rotations) gets one shared tuple of them,
# shared by every game in the process. Only cells of exact ints are cached: 1.0 == 1 and True == 1
# hash alike, so a float cell would otherwise plant float actions for every later game.
# Bounded: each game wanders to other cells, so an app that plays game after game would otherwise
# keep every cell any game ever reached (about 90 kB more per Hunters & Gatherers game).
_actions: dict[tuple[Cell, tuple[int, ...]], tuple[PlaceTile, ...]] = {}
_ACTIONS_KEPT = 1024


def legal_placements(frontier: dict[Cell, int], tile: Tile) -> list[PlaceTile]:
    found: list[PlaceTile] = []
    table = tile.fit_table
    for cell, need in frontier.items():
        rotations = table[need]
        if rotations:
            actions = _actions.get((cell, rotations))
            if actions is None:
                actions = tuple(PlaceTile(cell[0], cell[1], r) for r in rotations)
                if type(cell[0]) is int and type(cell[1]) is int:
                    if len(_actions) >= _ACTIONS_KEPT:
                        _actions.clear()
                    _actions[cell, rotations] = actions
            found += actions
    return found


def fits_somewhere(frontier: dict[Cell, int], tile: Tile) -> bool:
    table = tile.fit_table
    return any(table[need] for need in frontier.values())
