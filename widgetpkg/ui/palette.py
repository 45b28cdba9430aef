"""The one palette of player colours, by seat, shared by the canvas, the SVG pictures and the panel."""

from __future__ import annotations

from collections.abc import Sequence

#: seat colours in the order of the default player names (Red, Blue, Yellow, Green, Black, White)
SEAT_COLOURS = ("#d7392f", "#2f6fd6", "#f4c430", "#2aa35a", "#2b2b2b", "#f2f2f2")
_BY_NAME = {"red": 0, "blue": 1, "yellow": 2, "green": 3, "black": 4, "white": 5}
#: players named after a colour outside the seat colours still get it
NAMED_COLOURS = {"purple": "#8a4fc0", "orange": "#f08a24", "pink": "#e86aa8", "grey": "#8c8c8c", "gray": "#8c8c8c"}
#: what a selected log line or an inspected thing is stressed with, in every game
EMPHASIS = "#ff7a1a"


def named_colour(player: str) -> str | None:
    """The colour a player is named after ("Red", "purple"), or None.

    >>> named_colour("Purple"), named_colour("Ann")
    ('#8a4fc0', None)
    """
    name = player.lower()
    if name in _BY_NAME:
        return SEAT_COLOURS[_BY_NAME[name]]
    return NAMED_COLOURS.get(name)


def seat_colour(player: str, players: Sequence[str] = ()) -> str:
    """A player's colour: a colour name is taken at its word, anyone else gets their seat's colour.

    >>> seat_colour("Blue"), seat_colour("Ann", ["Bob", "Ann"])
    ('#2f6fd6', '#2f6fd6')
    """
    named = named_colour(player)
    if named is not None:
        return named
    index = list(players).index(player) if player in players else 0
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]

# The family look every game draws with: dark ink on warm paper, one frame colour, one colour for
# what may be clicked now (always drawn dashed as well, so it does not rest on colour alone).
#: text and icons
INK = "#2b2418"
#: the paper of boards, cards and the legend
PAPER = "#faf6ec"
#: frames of places, tiles and regions
FRAME = "#5a4a35"
#: the halo under text drawn over pictures
HALO = "#ffffff"
#: the dashed frame of a legal target
TARGET = "#1a7f2a"
