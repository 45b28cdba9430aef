"""Stone Age (anniversary edition, Hans im Glück 2018): the rules engine.

Places are named ``hunt``, ``forest``, ``clay_pit``, ``quarry``, ``river``, ``tool_maker``, ``hut``,
``field``, ``card:1``-``card:4`` (slot 1 is the rightmost, costing 1 resource), ``building:1``-``building:N``
(one per stack), ``igloo:1``-``igloo:4`` and ``animal`` (variants). Resources are ``wood``, ``clay``,
``stone``, ``gold``; food is not a resource.

>>> import widgetpkg as wp
>>> g = wp.new_game("stone-age", players=2, seed=1)
>>> g.phase, g.current_player
('placement', 'Red')
"""

from .actions import (
    ChooseDie,
    ChooseResources,
    Decline,
    Feed,
    PayBuilding,
    PayCard,
    PayIgloo,
    PlacePeople,
    Resolve,
    SetBuildingStack,
    SetNextCards,
    SetNextDice,
    SetPosition,
    Starve,
    TakeAnimalReward,
    UseResourceVoucher,
    UseTools,
)
from .data import GameData, StoneAgeDataError, assumptions, load_data
from .game import INFO, Rolled, StoneAge

__all__ = [
    "ChooseDie", "ChooseResources", "Decline", "Feed", "GameData", "PayBuilding", "PayCard", "PayIgloo", "PlacePeople",
    "Resolve", "Rolled", "SetBuildingStack", "SetNextCards", "SetNextDice", "SetPosition", "Starve", "StoneAge",
    "StoneAgeDataError", "TakeAnimalReward", "UseResourceVoucher", "UseTools", "assumptions", "load_data", "position",
]


def position(text: str, *, seed: int | None = None) -> StoneAge:
    """A new game set up from position text (see ``StoneAge.to_position``)."""
    from .notation import PositionError, parse_position
    parsed = parse_position(text)
    INFO.check_inline(parsed.options(), PositionError)  # position text never names a file
    game = StoneAge(players=list(parsed.player_names), seed=seed, **parsed.options())
    game.set_position(text)
    return game
