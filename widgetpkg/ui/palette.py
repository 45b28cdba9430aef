"""The one palette of player colours, by seat, shared by the canvas, the SVG pictures and the panel."""

from __future__ import annotations

from collections.abc import Sequence

#: seat colours in the order of the default player names (Red, Blue, Yellow, Green, Black, White)
SEAT_COLOURS = ("#d7392f", "#2f6fd6", "#f4c430", "#2aa35a", "#2b2b2b", "#f2f2f2")
_BY_NAME = {"red": 0, "blue": 1, "yellow": 2, "green": 3, "black": 4, "white": 5}


def seat_colour(player: str, players: Sequence[str] = ()) -> str:
    """A player's colour: a colour name is taken at its word, anyone else gets their seat's colour.

    >>> seat_colour("Blue"), seat_colour("Ann", ["Bob", "Ann"])
    ('#2f6fd6', '#2f6fd6')
    """
    by_name = _BY_NAME.get(player.lower())
    if by_name is not None:
        return SEAT_COLOURS[by_name]
    index = list(players).index(player) if player in players else 0
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]
