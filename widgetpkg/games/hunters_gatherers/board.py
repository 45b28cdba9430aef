"""The frontier: empty cells next to the landscape, each with the edge types it needs.

A cell's need is packed two bits a side (0 = free, else forest/meadow/river), the same packing
as ``Orientation.code``; ``Tile.fits(need)`` answers from a per-tile cache, so the legal
placements of a tile cost one dictionary walk over the frontier, not a scan of the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PlaceTile
from .areas import OFFSETS, Cell
from .tiles import ROTATIONS, SIDES, Orientation, Tile

if TYPE_CHECKING:
    from .game import HuntersGatherers

_TYPE_NAMES = ("any", "forest", "meadow", "river")


def need_at(board: dict[Cell, Orientation], cell: Cell) -> int:
    x, y = cell
    need = 0
    for side, (dx, dy) in enumerate(OFFSETS):
        neighbour = board.get((x + dx, y + dy))
        if neighbour is not None:
            need |= ((neighbour.code >> 2 * ((side + 2) % 4)) & 3) << 2 * side
    return need


def describe_need(need: int) -> str:
    """'N forest, E river' for the sides a cell constrains."""
    return ", ".join(f"{SIDES[s]} {_TYPE_NAMES[(need >> 2 * s) & 3]}" for s in range(4) if (need >> 2 * s) & 3)


def update_frontier(game: HuntersGatherers, cell: Cell) -> None:
    """Cell was just filled: drop it from the frontier and refresh its empty neighbours."""
    game._delete("_frontier", cell)
    x, y = cell
    for dx, dy in OFFSETS:
        near = (x + dx, y + dy)
        if near not in game._board:
            game._put("_frontier", near, need_at(game._board, near))


_actions: dict[Cell, dict[int, PlaceTile]] = {}


def legal_placements(frontier: dict[Cell, int], tile: Tile) -> list[PlaceTile]:
    found: list[PlaceTile] = []
    table = tile.fit_table
    for cell, need in frontier.items():
        rotations = table[need]
        if rotations:
            # PlaceTile objects are immutable: share one per cell and rotation
            actions = _actions.get(cell)
            if actions is None:
                actions = _actions[cell] = {r: PlaceTile(cell[0], cell[1], r) for r in ROTATIONS}
            found.extend(actions[r] for r in rotations)
    return found


def fits_somewhere(frontier: dict[Cell, int], tile: Tile) -> bool:
    table = tile.fit_table
    return any(table[need] for need in frontier.values())
