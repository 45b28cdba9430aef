"""The decisions of Sapiens, as readable frozen dataclasses.

A tile is named by its id; ``PlaceTile(tile, x, y, rotation)`` lays the tile's first scene on
``(x, y)`` and its second scene one step east (0), south (90), west (180) or north (270).
Caves and waterfalls are addressed by their coordinates outside the 8 x 5 valley.

>>> str(PlaceTile(17, 2, 3, 90))
'place tile 17: first scene on (2, 3), second to the south'
>>> str(Refill((3, 44), 9))
'take tiles 3 and 44 from the common pool; discard tile 9'
>>> str(ConvertSteaks(3))
'convert 3 steaks into food'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Action
from ...core.actions import SetPosition
from ...core.grammar import possessive

DIRECTION = {0: "east", 90: "south", 180: "west", 270: "north"}


def _ids(tiles: tuple[int, ...]) -> str:
    names = [str(t) for t in tiles]
    if not names:  # an empty arrangement is a (harmless) step too
        return "none"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Lay a tile of your pool: the starting tile, the turn's tile, or a Feast extra tile."""

    tile: int
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"place tile {self.tile}: first scene on ({self.x}, {self.y}), second to the {DIRECTION.get(self.rotation, '?')}"


@dataclass(frozen=True, slots=True)
class Abandon(Action):
    """Abandon the active tribe (no tile fits) and start a new one with this tile on a free cave."""

    tile: int
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return (f"abandon the tribe and restart with tile {self.tile}: first scene on ({self.x}, {self.y}), "
                f"second to the {DIRECTION.get(self.rotation, '?')}")


@dataclass(frozen=True, slots=True)
class UseMountainToken(Action):
    """Spend a claimed mountain token for its scene's bonus (once per turn)."""

    scene: str

    def __str__(self) -> str:
        return f"use the {self.scene} mountain token"


@dataclass(frozen=True, slots=True)
class ResolveBonus(Action):
    """Both halves connected: resolve this scene's bonus first."""

    scene: str

    def __str__(self) -> str:
        return f"resolve the {self.scene} bonus first"


@dataclass(frozen=True, slots=True)
class SkipBonus(Action):
    """Decline the bonus being resolved."""

    def __str__(self) -> str:
        return "skip this bonus"


@dataclass(frozen=True, slots=True)
class TakeMountainToken(Action):
    """Ritual: claim the mountain token lying on this cave or waterfall of your valley."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"take the mountain token at ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class RetakeMountainToken(Action):
    """Ritual with no token left on your valley: take back a token you used."""

    scene: str

    def __str__(self) -> str:
        return f"take back the used {self.scene} token"


@dataclass(frozen=True, slots=True)
class SwapTile(Action):
    """Water: swap a tile of your pool with a tile of another pool or the common pool."""

    mine: int
    other: int

    def __str__(self) -> str:
        return f"swap tile {self.mine} for tile {self.other}"


@dataclass(frozen=True, slots=True)
class ConvertSteaks(Action):
    """Hunt: convert this many steaks at once (0 keeps them all)."""

    count: int

    def __str__(self) -> str:
        return "keep the steaks" if self.count == 0 else f"convert {self.count} steak{'s' * (self.count != 1)} into food"


@dataclass(frozen=True, slots=True)
class PlaceFightToken(Action):
    """Fight: put one of your fight tokens on a tile of a personal pool or the common pool."""

    tile: int

    def __str__(self) -> str:
        return f"put a fight token on tile {self.tile}"


@dataclass(frozen=True, slots=True)
class RecallFightToken(Action):
    """Take one of your fight tokens back from a tile (allowed at any of your decisions)."""

    tile: int

    def __str__(self) -> str:
        return f"take back your fight token from tile {self.tile}"


@dataclass(frozen=True, slots=True)
class ResolveFightToken(Action):
    """Several owners' fight tokens on the tile you play and too little food for all: this one next."""

    owner: str

    def __str__(self) -> str:
        return f"resolve {possessive(self.owner)} fight token next"


@dataclass(frozen=True, slots=True)
class PlaceBear(Action):
    """Fire: put a bear on a free square of another player's valley next to a tile."""

    player: str
    x: int
    y: int

    def __str__(self) -> str:
        return f"put a bear on {possessive(self.player)} valley at ({self.x}, {self.y})"


@dataclass(frozen=True, slots=True)
class RemoveBear(Action):
    """Fire: send a bear on your own valley back to the supply."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"send the bear at ({self.x}, {self.y}) back to the supply"


@dataclass(frozen=True, slots=True)
class Refill(Action):
    """Take tiles from the common pool into your pool; with 2 players also discard one (-1: none)."""

    take: tuple[int, ...]
    discard: int

    def __str__(self) -> str:
        text = f"take tile{'s' * (len(self.take) != 1)} {_ids(self.take)} from the common pool" if self.take else "take no tile"
        return text + (f"; discard tile {self.discard}" if self.discard >= 0 else "")


# -- setup steps (lessons, tests, edits): recorded and saved, never offered ------------------------

@dataclass(frozen=True, slots=True)
class SetNextTiles(Action):
    """Arrange the next tiles revealed from the stack (taken from the stack or the unseen removed tiles)."""

    setup = True
    tiles: tuple[int, ...]

    def __str__(self) -> str:
        return f"arrange tile{'s' * (len(self.tiles) != 1)} {_ids(self.tiles)} to be revealed next"


@dataclass(frozen=True, slots=True)
class DealTiles(Action):
    """Make a pool ("common" or a player's) hold exactly these tiles, swapping with unseen tiles."""

    setup = True
    owner: str
    tiles: tuple[int, ...]

    def __str__(self) -> str:
        return f"deal tiles {_ids(self.tiles)} to the {self.owner} pool" if self.tiles else f"empty the {self.owner} pool"


@dataclass(frozen=True, slots=True)
class SetValley(Action):
    """Give a player these two half-board faces (before anything lies on that valley)."""

    setup = True
    player: str
    left: str
    right: str

    def __str__(self) -> str:
        return f"give {self.player} the valley {self.left} + {self.right}"


@dataclass(frozen=True, slots=True)
class SetMountainTokens(Action):
    """Deal a player's mountain tokens: one scene per special square, caves by (y, x) then waterfalls."""

    setup = True
    player: str
    scenes: tuple[str, ...]

    def __str__(self) -> str:
        return f"deal {self.player}'s mountain tokens: {', '.join(self.scenes)}"



ACTION_TYPES: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    PlaceTile, Abandon, UseMountainToken, ResolveBonus, SkipBonus, TakeMountainToken, RetakeMountainToken,
    SwapTile, ConvertSteaks, PlaceFightToken, RecallFightToken, ResolveFightToken, PlaceBear, RemoveBear,
    Refill, SetNextTiles, DealTiles, SetValley, SetMountainTokens, SetPosition)}
