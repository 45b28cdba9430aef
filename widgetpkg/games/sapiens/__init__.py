"""Sapiens (Cyrille Leroy; Catch Up Games / IELLO 2015): rules engine, components and positions.

The printed tiles and valley boards are not public: the default components are a reconstruction
(see ``data/reconstruction.yaml`` and docs/guides/sapiens.md); load exact ones with
``wp.new_game("sapiens", components="my-sapiens.yaml")``.
"""

from .actions import (
    Abandon,
    ConvertSteaks,
    DealTiles,
    PlaceBear,
    PlaceFightToken,
    PlaceTile,
    RecallFightToken,
    Refill,
    RemoveBear,
    ResolveBonus,
    ResolveFightToken,
    RetakeMountainToken,
    SetMountainTokens,
    SetNextTiles,
    SetPosition,
    SetValley,
    SkipBonus,
    SwapTile,
    TakeMountainToken,
    UseMountainToken,
)
from .components import (
    SCENES,
    ComponentDataError,
    ComponentDataWarning,
    Components,
    Valley,
    load_components,
    validate_components,
)
from .events import FoodScored, GameEnded, PlayerOut, ShelterScored, TileRevealed
from .game import INFO, Sapiens

__all__ = [
    "SCENES", "Abandon", "ComponentDataError", "ComponentDataWarning", "Components", "ConvertSteaks", "DealTiles",
    "FoodScored", "GameEnded", "PlaceBear", "PlaceFightToken", "PlaceTile", "PlayerOut", "RecallFightToken", "Refill",
    "RemoveBear", "ResolveBonus", "ResolveFightToken", "RetakeMountainToken", "Sapiens", "SetMountainTokens",
    "SetNextTiles", "SetPosition", "SetValley", "ShelterScored", "SkipBonus", "SwapTile", "TakeMountainToken",
    "TileRevealed", "UseMountainToken", "Valley", "load_components", "validate_components",
]

from .notation import Position, PositionError, format_position, parse_position  # noqa: E402

__all__ += ["Position", "PositionError", "format_position", "parse_position", "position"]


def position(text: str, *, seed: int | None = None) -> Sapiens:
    """A new game set up from position text (see ``Sapiens.to_position``).

    >>> import widgetpkg as wp
    >>> g = wp.new_game("sapiens", players=["Marceau", "Vianney"], seed=1)
    >>> twin = position(g.to_position(), seed=5)
    >>> twin.to_position() == g.to_position()
    True
    """
    parsed = parse_position(text)
    INFO.check_inline({"components": parsed.components}, PositionError)  # position text never names a file
    game = Sapiens(players=parsed.players, seed=seed, components=parsed.components, rules=parsed.rules or None)
    game.set_position(text)
    return game
