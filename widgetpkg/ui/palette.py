"""The one palette of every game: seat colours and marks, ink, paper, frames, highlights, land and
water; the canvas, the SVG pictures and the panel of all three games read their colours here."""

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
#: the table under every board and between its parts
TABLE = "#efe6d2"
#: the wash over a hovered area or place, and its frame
HIGHLIGHT = "#fff36b"
HIGHLIGHT_EDGE = "#f2b705"
#: the frame round what the last move changed
LAST_MOVE = "#ffd23f"
#: the disc under what is selected in an inspector's picture, and its row in the inspector's table
SELECTED = "#ffb703"
SELECTED_ROW = "#fff3c4"

# Land and water, as the pictures of every game paint them: light grassland, darker forest with
# lighter crowns, blue water with a darker bank and light ripples, grey rock, hedges.
MEADOW = "#b9d77e"
GRASS = "#98bd5a"
FOREST = "#3f7d3b"
FOREST_EDGE = "#24512a"
CANOPY = "#4c9146"
CANOPY_DARK = "#336a31"
WATER = "#4b93cc"
WATER_EDGE = "#2d6797"
WATER_LIGHT = "#8cc3ea"
LAKE = "#3d86c4"
LAKE_LIGHT = "#79b5e3"
ROCK = "#a3a199"
ROCK_DARK = "#6d6b64"
HEDGE = "#5b8a3a"
HEDGE_DARK = "#2f5a26"
# What the ground gives, for the games that dig it out (their goods' icons and their places)
CLAY = "#b8612f"
GOLD = "#c8960c"
WOOD = "#7a5230"
#: the snow over a place on a winter side
SNOW = "#fbfdff"

#: every colour above by the name a tile drawing asks for it
LAND: dict[str, str] = {
    "meadow": MEADOW, "grass": GRASS, "forest": FOREST, "forest_edge": FOREST_EDGE, "canopy": CANOPY,
    "canopy_dark": CANOPY_DARK, "river": WATER, "river_bank": WATER_EDGE, "river_light": WATER_LIGHT,
    "lake": LAKE, "lake_light": LAKE_LIGHT, "rock": ROCK, "rock_dark": ROCK_DARK, "hedge": HEDGE,
    "hedge_dark": HEDGE_DARK, "clay": CLAY, "gold": GOLD, "wood": WOOD, "snow": SNOW, "ink": INK, "paper": PAPER, "table": TABLE, "tile_line": FRAME,
}


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` (0 to 1) of ``other`` mixed in, channel by channel (``#rrggbb``).

    >>> mix("#000000", "#ffffff", 0.5), mix("#3f7d3b", PAPER, 1.0)
    ('#808080', '#faf6ec')
    """
    a, b = (tuple(int(c.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)) for c in (colour, other))
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def tint(colour: str, strength: float = 0.3) -> str:
    """A pale tint of a family colour on :data:`PAPER` (``strength`` of the colour): the ground of a
    place or square that carries dark words and icons, still the colour of what it shows.

    >>> tint(FOREST)
    '#c2d2b7'
    """
    return mix(PAPER, colour, strength)


def outline(size: float) -> float:
    """The width of a picture's outline, ``size`` pixels across: every drawn glyph is a filled
    shape edged in :data:`INK` this wide (icons are filled silhouettes and carry no outline).

    >>> outline(10), outline(40)
    (0.6, 1.8)
    """
    return round(max(0.6, 0.045 * size), 2)


def seat_marks(players: Sequence[str]) -> dict[str, str]:
    """The letters drawn on each player's pieces, so that seats differ by more than colour: the
    name's first letter, or as many as it takes where two names start alike.

    >>> seat_marks(["Red", "Blue", "Bob"])
    {'Red': 'R', 'Blue': 'Bl', 'Bob': 'Bo'}
    """
    marks = {}
    for p in players:
        n = 1
        while n < len(p) and any(q != p and q[:n].lower() == p[:n].lower() for q in players):
            n += 1
        marks[p] = p[:n].capitalize()
    return marks


def _luminance(colour: str) -> float | None:
    """The relative luminance (WCAG 2) of a ``#rgb`` or ``#rrggbb`` colour, or None for anything else."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    if len(digits) != 6 or any(c not in "0123456789abcdefABCDEF" for c in digits):
        return None
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str, other: str) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21; 1 if either is not a colour).

    >>> round(contrast(INK, PAPER), 1), contrast("#ffffff", "#ffffff")
    (14.2, 1.0)
    """
    a, b = _luminance(colour), _luminance(other)
    if a is None or b is None:
        return 1.0
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def ink_on(colour: str) -> str:
    """:data:`INK` or white, whichever contrasts more with ``colour`` (letters on a seat's pieces).

    >>> ink_on("#f4c430"), ink_on("#2f6fd6"), ink_on("not a colour")
    ('#2b2418', '#ffffff', '#2b2418')
    """
    light = _luminance(colour)
    dark = _luminance(INK)
    if light is None or dark is None:
        return INK
    # contrast ratios against white (luminance 1) and against the ink
    return INK if (light + 0.05) / (dark + 0.05) >= 1.05 / (light + 0.05) else "#ffffff"
