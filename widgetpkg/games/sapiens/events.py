"""What happens in Sapiens, as events that explain themselves.

Points go on two tracks: food and shelter. Each is the sum of its events, and the score is the
weaker of the two (RB 130).

>>> from widgetpkg.core import Term
>>> str(FoodScored("Red", "square", (Term(3, "food on forest (2, 1)", 1),)))
'Red +3 food: square 3 food on forest (2, 1) x1'
>>> str(ShelterScored("Red", "cave", (Term(1, "cave (0, -1) with a token", 7),)))
'Red +7 shelter: cave 1 cave (0, -1) with a token x7'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Note, Scored


@dataclass(frozen=True, slots=True)
class FoodScored(Scored):
    """Food points won or lost (a fight token takes one)."""

    track = "food"


@dataclass(frozen=True, slots=True)
class ShelterScored(Scored):
    """Shelter points won."""

    track = "shelter"


@dataclass(frozen=True, slots=True)
class TileRevealed(Note):
    """A tile turned up from the stack: hidden from ``preview`` (it would show the stack's order)."""


@dataclass(frozen=True, slots=True)
class PlayerOut(Note):
    """A player who can neither place a tile nor start a new tribe: their game ends early (RB 82)."""


@dataclass(frozen=True, slots=True)
class GameEnded(Note):
    """Final scoring: each player's weaker track is their score."""
