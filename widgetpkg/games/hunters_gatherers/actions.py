"""The moves of Hunters & Gatherers, as readable frozen dataclasses.

>>> str(PlaceTile(1, 0, 90))
'place the tile at (1, 0) turned 90°'
>>> str(PlaceMeeple(1, 0, "r1"))
'place a meeple on r1 of (1, 0)'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Action
from ...core.actions import SetPosition


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Put the tile in hand on cell (x, y), turned ``rotation`` degrees clockwise."""

    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"place the tile at ({self.x}, {self.y}) turned {self.rotation}°"


@dataclass(frozen=True, slots=True)
class PlaceMeeple(Action):
    """Put a meeple on a feature of the tile just placed: gatherer, fisher or hunter by feature."""

    x: int
    y: int
    feature: str

    def __str__(self) -> str:
        return f"place a meeple on {self.feature} of ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class PlaceHut(Action):
    """Put a hut on a river or lake of the tile just placed."""

    x: int
    y: int
    feature: str

    def __str__(self) -> str:
        return f"place a hut on {self.feature} of ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class RetakeMeeple(Action):
    """Shaman: take one of your meeples back from the board, scoring nothing."""

    x: int
    y: int
    feature: str

    def __str__(self) -> str:
        return f"take back the meeple on {self.feature} of ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Place no figure this turn."""

    def __str__(self) -> str:
        return "place no figure"


@dataclass(frozen=True, slots=True)
class SetNextTile(Action):
    """Lesson/test setup: arrange the draw (see ``HuntersGatherers.set_next_tile``)."""

    setup = True
    tile: int

    def __str__(self) -> str:
        return f"arrange tile {self.tile} to be drawn next"



ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls for cls in (PlaceTile, PlaceMeeple, PlaceHut, RetakeMeeple, Pass, SetNextTile, SetPosition)
}
