"""The rulings of docs/rulings.md that are switches: both readings are played and tested."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from scenario_helpers import play, small_game  # noqa: E402


@pytest.mark.parametrize("switch, extra_turn", [(None, True), (True, True), (False, False)])
def test_extra_turn_earned_with_the_last_regular_tile(tmp_path, switch, extra_turn):
    """"When the last land tile (not menhir tile) is placed, the game ends at the end of that turn."
    The menhir rule names one exception, an empty menhir stack; by default the extra turn is played."""
    g = small_game(tmp_path, [34, 75, 37], [90])
    if switch is not None:
        g = type(g)(players=g.players, tileset=g.options["tileset"], seed=g.seed,
                    rules={"extra_turn_after_last_tile": switch})
    play(g, 34, 1, 0, 0)                 # Red
    play(g, 75, 1, 1, 0)                 # Blue
    play(g, 37, 0, 1, 0)                 # Red places the last regular tile and completes the start
    assert g.tiles_left["regular"] == 0  # forest, which holds a menhir
    if extra_turn:
        assert not g.is_over and g.in_extra_turn and g.current_player == "Red" and g.current_tile.id == 90
        play(g, 90, 1, 2, 180)
    assert g.is_over


# The rulebook's hunting-trap position (tests/test_specials_2020.py), written as a position, with
# the wild fire (85) already in the trap's grassland at (2, -1); Red places the trap 94 in an extra
# turn. Block: mammoth (61), deer (62), deer (37), tiger (48).
FIRE_AND_TRAP = """Hunters & Gatherers position
players: Red, Blue
to move: Red
extra turn: yes
tiles: 56 (0, 0) 0; 61 (0, -1) 0; 62 (1, -1) 0; 48 (-1, -1) 270; 53 (-1, -2) 90; 37 (1, -2) 0; 34 (1, 0) 0; 36 (0, 1) 180; 85 (2, -1) 0
figures: Red hunter (0, -1) m0
hand: 94
"""


@pytest.mark.parametrize("switch, points, equation", [
    (None, 5, "1 mammoth x3 + 2 deer x1"),        # the fire chased the tiger: both deer score
    (True, 5, "1 mammoth x3 + 2 deer x1"),
    (False, 4, "1 mammoth x3 + 1 deer x1"),       # the tiger still eats a deer
])
def test_wild_fire_and_the_hunting_trap(switch, points, equation):
    """"The wildfire chases away all tigers on the connected grassland." and the hunting trap:
    "All animals score points as they would during final scoring, including saber-toothed tigers
    canceling out deer." """
    import widgetpkg as wp
    from widgetpkg.games import hunters_gatherers as hg
    from widgetpkg.games.hunters_gatherers import PlaceTile

    text = FIRE_AND_TRAP if switch is None else FIRE_AND_TRAP.replace(
        "players:", f"rules: fire_stops_trap_tigers={'yes' if switch else 'no'}\nplayers:")
    g = hg.position(text, seed=1)
    assert "wild_fire" in g.area_at(0, -1, "m0").specials
    [event] = [e for e in g.apply(PlaceTile(0, -2, 0)) if isinstance(e, wp.Scored)]
    assert (event.player, event.what, event.points) == ("Red", "hunting trap", points)
    assert str(event).startswith(f"Red +{points}: hunting trap {equation}")
