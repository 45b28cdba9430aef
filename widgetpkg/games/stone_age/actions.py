"""What a Stone Age player does: frozen, readable actions.

Resource payments are multisets written as sorted tuples of resource names, so equal payments are
equal actions: ``PayCard(("clay", "wood"))`` pays one clay and one wood.

>>> str(PlacePeople("forest", 3)), str(UseTools((2, 1))), str(PayCard(("wood", "wood"), gold_bonus=True))
('place 3 people at forest', 'use tools 2+1', 'pay 2 wood (+1 gold for points)')
>>> str(Feed(("stone", "wood")))
'feed with 1 wood, 1 stone'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Action
from ...core.actions import SetPosition

RESOURCE_ORDER = {"wood": 0, "clay": 1, "stone": 2, "gold": 3}


def multiset_text(items: tuple[str, ...]) -> str:
    """'2 wood, 1 stone' for ('wood', 'stone', 'wood'); 'nothing' for ()."""
    counts: dict[str, int] = {}
    for item in sorted(items, key=lambda r: RESOURCE_ORDER.get(r, 9)):
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(f"{n} {r}" for r, n in counts.items()) or "nothing"


@dataclass(frozen=True, slots=True)
class PlacePeople(Action):
    """Placement: put ``count`` people on one place ("forest", "card:2", "building:1", "animal"...)."""

    place: str
    count: int

    def __str__(self) -> str:
        return f"place {self.count} {'person' if self.count == 1 else 'people'} at {self.place}"


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolution: carry out the action of one of your occupied places."""

    place: str

    def __str__(self) -> str:
        return f"resolve {self.place}"


@dataclass(frozen=True, slots=True)
class UseTools(Action):
    """After a roll: add these unused tool tiles (values) and one-use tools (values); () = none."""

    tiles: tuple[int, ...] = ()
    one_use: tuple[int, ...] = ()

    def __str__(self) -> str:
        if not self.tiles and not self.one_use:
            return "use no tools"
        parts = "+".join(map(str, self.tiles))
        if self.one_use:
            parts += (" and " if parts else "") + "one-use " + "+".join(map(str, self.one_use))
        return f"use tools {parts}"


@dataclass(frozen=True, slots=True)
class PayCard(Action):
    """Pay for the civilization card being resolved; ``gold_bonus`` (hard winter) gives 1 more gold for points."""

    payment: tuple[str, ...]
    gold_bonus: bool = False

    def __str__(self) -> str:
        return f"pay {multiset_text(self.payment)}" + (" (+1 gold for points)" if self.gold_bonus else "")


@dataclass(frozen=True, slots=True)
class PayBuilding(Action):
    """Pay for the building being resolved; ``insulate`` (hard winter, fixed cost) gives 1 more stone for points."""

    payment: tuple[str, ...]
    insulate: bool = False

    def __str__(self) -> str:
        return f"build with {multiset_text(self.payment)}" + (" (+1 stone to insulate)" if self.insulate else "")


@dataclass(frozen=True, slots=True)
class PayIgloo(Action):
    """Pay for the igloo being resolved (variant "Die Iglus")."""

    payment: tuple[str, ...]
    insulate: bool = False

    def __str__(self) -> str:
        return f"build the igloo with {multiset_text(self.payment)}" + (" (+1 stone to insulate)" if self.insulate else "")


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not pay: the person goes home, the card, building or igloo stays."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class ChooseDie(Action):
    """Dice for everyone: take the die showing ``face`` (1 wood ... 4 gold, 5 tool, 6 agriculture)."""

    face: int

    def __str__(self) -> str:
        return f"take the die {self.face}"


@dataclass(frozen=True, slots=True)
class ChooseResources(Action):
    """Take resources of your choice (a card's "2 resources", an animal's "1 resource")."""

    resources: tuple[str, ...]

    def __str__(self) -> str:
        return f"take {multiset_text(self.resources)}"


@dataclass(frozen=True, slots=True)
class UseResourceVoucher(Action):
    """Take the resources of a card's "resources of your choice" that you kept for later (ruling Q12)."""

    resources: tuple[str, ...]

    def __str__(self) -> str:
        return f"use the card's resources of choice: take {multiset_text(self.resources)}"


@dataclass(frozen=True, slots=True)
class TakeAnimalReward(Action):
    """Chased animal: for your rolled ``die``, take the reward of ``face`` (the die itself or 1)."""

    die: int
    face: int

    def __str__(self) -> str:
        return f"take the reward of a {self.face}" + (f" (rolled {self.die})" if self.die != self.face else "")


@dataclass(frozen=True, slots=True)
class Feed(Action):
    """Feeding: pay the missing food with these resources (one each)."""

    payment: tuple[str, ...]

    def __str__(self) -> str:
        return f"feed with {multiset_text(self.payment)}"


@dataclass(frozen=True, slots=True)
class Starve(Action):
    """Feeding: do not pay the missing food; lose 10 points."""

    def __str__(self) -> str:
        return "go hungry (-10 points)"


@dataclass(frozen=True, slots=True)
class SetNextDice(Action):
    """Lesson/test setup: the next dice rolled show these faces (see ``StoneAge.set_next_dice``)."""

    setup = True
    faces: tuple[int, ...]

    def __str__(self) -> str:
        return f"arrange the next dice: {', '.join(map(str, self.faces))}"


@dataclass(frozen=True, slots=True)
class SetNextCards(Action):
    """Lesson/test setup: these cards go on top of the deck, in order."""

    setup = True
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"arrange the next cards: {', '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class SetBuildingStack(Action):
    """Lesson/test setup: these buildings go on top of stack ``stack``, the first one face up."""

    setup = True
    stack: int
    buildings: tuple[str, ...]

    def __str__(self) -> str:
        return f"arrange building stack {self.stack}: {', '.join(self.buildings)}"



ACTION_TYPES: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    PlacePeople, Resolve, UseTools, PayCard, PayBuilding, PayIgloo, Decline, ChooseDie, ChooseResources,
    TakeAnimalReward, Feed, Starve, UseResourceVoucher, SetNextDice, SetNextCards, SetBuildingStack, SetPosition)}
