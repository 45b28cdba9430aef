"""The one palette: no game defines the family's colours or its seat helpers again, and the grounds
the games put text on read with the ink ``ink_on`` picks for them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import widgetpkg
from widgetpkg.ui import palette

GAMES = Path(widgetpkg.__file__).parent / "games"
#: white is everyone's (halo, icons on dark grounds); the seat colours are only ever read by name
_NOT_FAMILY_ONLY = {palette.HALO.lower()}


def _family_colours() -> dict[str, str]:
    """Every named colour of ui/palette.py (hex -> name), the seat colours and white aside."""
    found = {}
    for name, value in vars(palette).items():
        if name.isupper() and isinstance(value, str) and value.startswith("#") \
                and value.lower() not in _NOT_FAMILY_ONLY:
            found[value.lower()] = name
    return found


def _game_sources() -> list[Path]:
    return sorted(GAMES.rglob("*.py"))


def test_the_family_colours_are_many_and_distinct() -> None:
    colours = _family_colours()
    assert {"INK", "PAPER", "FRAME", "TARGET", "TABLE", "HIGHLIGHT", "LAST_MOVE", "EMPHASIS", "CLAY",
            "GOLD"} <= set(colours.values())


@pytest.mark.parametrize("path", _game_sources(), ids=lambda p: str(p.relative_to(GAMES)))
def test_no_game_spells_a_family_colour_again(path: Path) -> None:
    """A game reads the family's colours by name: a hex value of ui/palette.py spelled in a game's
    module is a second definition that drifts (as Stone Age's and Sapiens' own table and ink did)."""
    colours = _family_colours()
    text = path.read_text(encoding="utf-8")
    spelled = {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", text)}
    again = {colours[c] for c in spelled if c in colours}
    assert not again, f"{path.name} spells {sorted(again)} instead of importing them from ui.palette"


@pytest.mark.parametrize("path", _game_sources(), ids=lambda p: str(p.relative_to(GAMES)))
def test_no_game_defines_the_seat_helpers_or_its_own_table(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"^\s*def (ink_on|seat_marks|player_marks|_luminance)\(", text, re.M), path.name
    assert not re.search(r"^\s*table_colour\s*=", text, re.M), f"{path.name} paints its own table"


def test_ink_on_reads_on_every_game_ground() -> None:
    """Dark or white, whichever ink_on picks, reads at WCAG's 3:1 for large bold text (board
    letters and numbers are bold and large) on the seats, Sapiens' scenes and valley squares, and
    at 4.5:1 on Stone Age's places, summer and winter (their titles are body text)."""
    from widgetpkg.games.sapiens.ui import SCENE_COLOUR, TERRAIN
    from widgetpkg.games.stone_age.places import PLACE_COLOURS, WINTER_COLOURS

    for colour in (*palette.SEAT_COLOURS, *SCENE_COLOUR.values(), *TERRAIN.values()):
        assert palette.contrast(colour, palette.ink_on(colour)) >= 3.0, colour
    for colour in (*PLACE_COLOURS.values(), *WINTER_COLOURS.values()):
        assert palette.ink_on(colour) == palette.INK
        assert palette.contrast(colour, palette.INK) >= 4.5, colour


def test_tint_and_mix() -> None:
    assert palette.tint(palette.WATER, 0.0) == palette.PAPER
    assert palette.mix(palette.CLAY, palette.GOLD, 0.0) == palette.CLAY
    assert palette.contrast(palette.INK, palette.PAPER) > 12
