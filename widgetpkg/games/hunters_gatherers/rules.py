"""Editions as data: every rule that differs between the 2002 and 2020 rulebooks is a field here.

The engine reads a RuleSet and never asks which edition it plays, so a teacher can combine any
rules with any tile set (``edition="classic", tileset="2020"``). The powers printed on tiles
(fire, shrine, logboat, traps, ...) act under either rules: the tile carries its own rule.
Figure counts follow the rules (5 meeples; 3 huts in 2020, 2 in the classic game).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...core import InvalidOptionError
from ...core.errors import shorten


@dataclass(frozen=True)
class RuleSet:
    """The numbers and switches of one edition's rules."""

    edition: str
    meeples: int
    huts: int
    forest_tile_points: int
    mushroom_points: int
    river_tile_points: int
    #: 2020 scores fish printed in river segments; the classic rules only fish in the closing lakes.
    river_segment_fish: bool
    animal_points: dict[str, int]
    #: ruling (docs/rulings.md): an extra turn earned in the game's last turn is still played
    extra_turn_after_last_tile: bool = True
    #: ruling: the wild fire also keeps tigers out of a hunting-trap scoring in its grassland
    fire_stops_trap_tigers: bool = True


EDITION_2020 = RuleSet(
    edition="2020", meeples=5, huts=3, forest_tile_points=2, mushroom_points=3, river_tile_points=1,
    river_segment_fish=True, animal_points={"mammoth": 3, "aurochs": 2, "deer": 1},
)

EDITION_CLASSIC = RuleSet(
    edition="classic", meeples=5, huts=2, forest_tile_points=2, mushroom_points=2, river_tile_points=1,
    river_segment_fish=False, animal_points={"mammoth": 2, "aurochs": 2, "deer": 2},
)

EDITIONS: dict[str, RuleSet] = {"2020": EDITION_2020, "classic": EDITION_CLASSIC}

#: Forest tokens that earn an extra turn: the 2020 menhir and the classic gold nugget play the same
#: part, so either triggers it under either rules (which lets any rules score any tile set).
EXTRA_TURN_TOKENS = ("menhir", "gold")

#: Rulings that users may switch (``rules={"extra_turn_after_last_tile": False}``).
SWITCHES = ("extra_turn_after_last_tile", "fire_stops_trap_tigers")


def ruleset(edition: str, switches: dict[str, Any] | None = None) -> RuleSet:
    """The RuleSet of ``edition`` with optional ruling switches applied."""
    if edition not in EDITIONS:
        raise InvalidOptionError(f"unknown edition {shorten(edition)}; choose one of {', '.join(EDITIONS)}")
    switches = dict(switches or {})
    unknown = set(switches) - set(SWITCHES)
    if unknown:
        raise InvalidOptionError(f"unknown rule switches {shorten(sorted(unknown))}; known: {', '.join(SWITCHES)}")
    for name, value in switches.items():
        if not isinstance(value, bool):
            raise InvalidOptionError(f"rule switch {name} must be true or false, got {value!r}")
    return replace(EDITIONS[edition], **switches)
