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
