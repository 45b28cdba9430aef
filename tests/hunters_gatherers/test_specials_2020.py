"""The menhir tiles of the 2020 rulebook ("MENHIR TILES", last page), replayed with real tiles.

Menhir tiles (ids 79-94) come only in an extra turn, so every scenario first completes a forest
with a menhir: the start tile's forest f1 (E, S; menhir) is closed by a tile with a single forest
edge on each side, usually 34 (f3: W only) at (1, 0) and 37 (f0: N only) at (0, 1). Coordinates:
x east, y south, start tile 56 at (0, 0) (N meadow m0 with an aurochs, W river r3 into a lake with
1 fish). Each test says which tiles and features give the expected numbers.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # conftest does this too; keep the module standalone

from scenario_helpers import figures_at, play, scored, small_game, snapshot  # noqa: E402

import widgetpkg as wp  # noqa: E402
from widgetpkg.core import Note  # noqa: E402
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile, RetakeMeeple  # noqa: E402


def new_game():
    return wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)


def terms(event):
    """A scoring equation as sorted (count, points each) pairs."""
    return sorted((t.count, t.factor) for t in event.terms if t.count)


def assert_extra_turn(g, player="Red"):
    assert g.current_player == player and g.in_extra_turn and g.phase == "place_tile"
    assert 79 <= g.current_tile.id <= 94


def test_mushrooms_add_3_points_to_a_completed_forest():
    """"Each group of mushrooms is worth 3 points when scoring a forest." """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's east end
    play(g, 35, 0, -1, 0)                      # Blue: 35 f1 (E only) at (0, -1)
    play(g, 37, 0, 1, 0)                       # Red: completes the start forest: extra turn
    assert_extra_turn(g)
    play(g, 79, 1, -1, 180, "f1")              # Red: 79 @180, forest f1 (W, E) with mushrooms joins 35 f1
    events = play(g, 36, 2, -1, 90)            # Blue: 36 @90 (f1 on W only) completes it
    # Forest 35 + 79 + 36 = 3 tiles x 2 + 1 mushroom group x 3 = 9, for Red's gatherer.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 9)
    assert terms(event) == [(1, 3), (3, 2)]
    assert g.supply["Red"].meeples == 5


def test_logboat_scores_2_per_lake_of_its_river_system_including_its_own():
    """"When you place the logboat, you immediately score 2 points per lake in this tile's river
    system, including this tile. This tile is not affected by huts present on the river system." —
    "You place the logboat and score 8 points for the 3 lakes in the river system. Then you place a
    fisher, and score 5 points from the completed river." (ruling, docs/rulings.md: 3 lakes besides
    the logboat's own, 4 x 2 = 8) """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red
    play(g, 4, -1, 0, 90, hut="l8")            # Blue: hut on tile 4's lake (rivers E and W)
    play(g, 35, -1, -1, 180)                   # Red: meadow, forest on W, to reach (-2, -1)
    play(g, 0, -2, -1, 180)                    # Blue: tile 0's lake (2 fish), its river runs south
    play(g, 37, 0, 1, 0)                       # Red: completes the start forest: extra turn
    assert_extra_turn(g)
    events = play(g, 93, -2, 0, 0, "r1")       # Red: the logboat 93 joins 4's W river and 0's river
    # Logboat: lakes of 56, 4, 0 and 93 itself = 4 x 2 = 8, to Red although only Blue has a hut there.
    # River r1 of 93: tiles 0 and 93 (2) + fish of 0's lake (2) and 93's lake (1) = 5, Red's fisher.
    assert [(e.player, e.what, e.points) for e in scored(events)] == [
        ("Red", "logboat", 8), ("Red", "river", 5)]
    assert terms(scored(events, "logboat")[0]) == [(4, 2)]
    assert g.scores == {"Red": 13, "Blue": 0}
    assert g.supply["Red"].meeples == 5


def hunting_trap_position():
    """Red places the hunting trap 94 @0 at (0, -2) in an extra turn, with a hunter on its grassland.

    3x3 block around (0, -2), in the trap's grassland: 61 at (0, -1) mammoth, 62 at (1, -1) deer,
    37 at (1, -2) deer (m1), 48 @270 at (-1, -1) tiger (m2, east of its river), 53 @90 at (-1, -2)
    m0 (no animal). In the block but in a separate grassland west of 53's river: 53's mammoth (m2).
    Outside the block, in the same grassland: the start tile's aurochs (via 61's south edge).
    """
    g = new_game()
    play(g, 61, 0, -1, 0)                      # Red
    play(g, 62, 1, -1, 0)                      # Blue
    play(g, 48, -1, -1, 270)                   # Red
    play(g, 53, -1, -2, 90)                    # Blue
    play(g, 37, 1, -2, 0)                      # Red
    play(g, 34, 1, 0, 0)                       # Blue: closes the start forest's east end
    play(g, 36, 0, 1, 180)                     # Red: 36 @180 (f1 N only) completes it: extra turn
    assert_extra_turn(g)
    events = play(g, 94, 0, -2, 0, "m1")
    return g, events


def test_hunting_trap_scores_its_block_at_once_and_covers_those_animals():
    """"you score points for the animals shown on the 8 surrounding tiles (orthogonally and
    diagonally adjacent to this tile) in the same grassland as the hunting trap. All animals score
    points as they would during final scoring, including saber-toothed tigers canceling out deer.
    Cover all animals scored this way with covering markers. These animals are ignored during final
    scoring." — "First, cover the tiger and 1 deer. You score 4 points (3 for the mammoth and 1 for
    the remaining deer). The mammoth on the far right does not score, because it is on a separate
    grassland." """
    g, events = hunting_trap_position()
    # Block: mammoth (61) + 2 deer (62, 37) + tiger (48) -> 3 + 2 - 1 eaten = 4; 53's mammoth is
    # beyond 53's river, in another grassland.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "hunting trap", 4)
    assert terms(event) == [(1, 1), (1, 3)]
    assert g.scores == {"Red": 4, "Blue": 0}
    assert {(-1, -2, "m2")}.isdisjoint(g.covered())
    assert {(0, -1, "m0"), (1, -1, "m0"), (1, -2, "m1"), (-1, -1, "m2")} <= g.covered()
    # Final scoring of Red's hunter on the trap's grassland: only the start tile's aurochs is left.
    assert g.projected_scores() == {"Red": 4 + 2, "Blue": 0}


def shaman_opening(red_meeples: bool):
    """Red has a hut on the start lake's river system (20 @0 at (-1, 0), river r1 N-E); Blue a hunter
    at (0, -1); with ``red_meeples`` Red also has a hunter on 34's south meadow m2 at (1, 0).
    Red then completes the start forest with 37 and draws the shaman 88, placed @180 at (-1, -1):
    its river r1 (S, W) continues 20's river."""
    g = new_game()
    play(g, 20, -1, 0, 0, hut="r1")            # Red: hut
    play(g, 62, 0, -1, 0, "m0")                # Blue: hunter
    play(g, 34, 1, 0, 0, "m2" if red_meeples else None)
    play(g, 61, 2, 0, 0)                       # Blue
    play(g, 37, 0, 1, 0)                       # Red: completes the start forest: extra turn
    assert_extra_turn(g)
    g.set_next_tile(88)
    events = g.apply(PlaceTile(-1, -1, 180))
    return g, events


def test_shaman_returns_one_of_your_meeples_without_points():
    """"When you place the shaman, you must immediately return 1 of your meeples to your supply
    without scoring points. It does not matter which tile this meeple is returned from." """
    g, _ = shaman_opening(red_meeples=True)
    assert g.phase == "retake_meeple" and g.current_player == "Red"
    assert g.legal_actions() == [RetakeMeeple(1, 0, "m2")]      # not Red's hut, not Blue's hunter
    before = snapshot(g)
    for action in (Pass(), PlaceMeeple(-1, -1, "r1"), RetakeMeeple(0, -1, "m0"),
                   RetakeMeeple(-1, 0, "r1"), PlaceTile(-2, -1, 0)):
        with pytest.raises(wp.IllegalActionError):
            g.apply(action)
        assert snapshot(g) == before, action
    events = g.apply(RetakeMeeple(1, 0, "m2"))
    assert scored(events) == [] and g.scores == {"Red": 0, "Blue": 0}
    assert g.supply["Red"].meeples == 5
    assert figures_at(g) == {(-1, 0, "r1"): ("Red", "hut"), (0, -1, "m0"): ("Blue", "hunter")}
    # "You can place a meeple or hut on the tile": the meeple taken back may go on the shaman tile.
    assert g.phase == "place_figure"
    g.apply(PlaceMeeple(-1, -1, "r1"))
    assert figures_at(g)[-1, -1, "r1"] == ("Red", "fisher")


def test_shaman_without_a_meeple_of_yours_on_the_board_skips_the_return():
    """"you must immediately return 1 of your meeples" — Red has only a hut on the board (huts are
    not meeples), so there is nothing to return and Red goes on to place a figure. """
    g, events = shaman_opening(red_meeples=False)
    assert g.phase == "place_figure"
    assert any(isinstance(e, Note) and "shaman" in str(e) for e in events)
    assert not any(isinstance(a, RetakeMeeple) for a in g.legal_actions())
    assert figures_at(g) == {(-1, 0, "r1"): ("Red", "hut"), (0, -1, "m0"): ("Blue", "hunter")}


def play_pit_trap_game(box, last_tile):
    """Red places the pit trap 92 @0 at (1, -1) (meadow m1 on S and W) with a hunter on it; then Blue
    places ``last_tile`` = (id, x, y, rotation), the last tile of the box, and the game ends.

    Block around (1, -1), all in the trap's grassland: start 56 m0 aurochs (0, 0), 61 mammoth
    (0, -1), 35 @180 mammoth (1, 0), 36 aurochs (2, 0), 31 m1 tiger (0, -2), 30 @270 m0 deer (1, -2).
    In the block but beyond a forest: 37 @270 at (2, -2) with its deer (another grassland).
    Returns the events of the last turn (final scoring).
    """
    g = small_game(box, [35, 61, 36, 31, 30, 37, 34, last_tile[0]], [92])
    play(g, 35, 1, 0, 180)                     # Red: also closes the start forest's east end
    play(g, 61, 0, -1, 0)                      # Blue
    play(g, 36, 2, 0, 0)                       # Red
    play(g, 31, 0, -2, 0)                      # Blue
    play(g, 30, 1, -2, 270)                    # Red
    play(g, 37, 2, -2, 270)                    # Blue
    play(g, 34, 0, 1, 90)                      # Red: 34 @90 (f3 N only) completes it: extra turn
    assert_extra_turn(g)
    play(g, 92, 1, -1, 0, "m1")
    events = play(g, *last_tile)               # Blue, the last tile
    assert g.is_over
    return events


def test_pit_trap_doubles_the_animals_of_its_block(tmp_path):
    """"Each animal (mammoth, aurochs, deer) on the 8 surrounding tiles (orthogonally and diagonally
    adjacent to this tile) in this grassland scores double points." — "You score the grassland with
    the pit trap. First, the tiger eats the deer, then you score 20 points (12 for the 2 mammoths and
    8 for the 2 aurochs). The deer on the right does not score with this grassland, because it is on
    a separate grassland." """
    events = play_pit_trap_game(tmp_path, (48, -1, 0, 0))    # 48 m0 joins, no animal
    # 2 mammoths x 6 + 2 aurochs x 4 = 20; 31's tiger eats 30's deer; 37's deer is not in it.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "grassland", 20)
    assert terms(event) == [(2, 4), (2, 6)]


def test_pit_trap_tigers_eat_the_deer_outside_the_block_first(tmp_path):
    """"Tiger still cancel our deer as normal, although the scoring player can choose to cover deer
    further away from the trap." — with a deer outside the block, the tiger eats that one and the
    deer in the block scores double. """
    events = play_pit_trap_game(tmp_path, (62, 3, 0, 0))     # 62's deer joins at (3, 0), outside
    # 20 as above + 30's deer at the pit trap x 2 = 22 (the tiger eats 62's deer).
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "grassland", 22)
    assert terms(event) == [(1, 2), (2, 4), (2, 6)]


def test_wild_fire_chases_the_tigers_of_its_grassland():
    """"The wildfire chases away all tigers on the connected grassland. When resolving final
    scoring, cover all tigers on that grassland, but do not cover any deer." """
    g = new_game()
    play(g, 62, 0, -1, 0, "m0")                # Red: hunter; grassland start aurochs + 62 deer
    play(g, 31, 1, -1, 90)                     # Blue: 31 m1 (S, W) tiger joins
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's east end
    play(g, 32, -1, -1, 270)                   # Blue: 32 m1 (N, E) tiger joins
    # Aurochs 2 + deer 1 - 1 eaten by the two tigers = 2.
    assert g.projected_scores() == {"Red": 2, "Blue": 0}
    play(g, 37, 0, 1, 0)                       # Red: completes the start forest: extra turn
    assert_extra_turn(g)
    play(g, 85, 0, -2, 0)                      # Red: wild fire 85 (all meadow) joins the grassland
    # The tigers are chased away: aurochs 2 + deer 1 = 3.
    assert g.projected_scores() == {"Red": 3, "Blue": 0}


def test_raft_adds_1_point_per_lake_to_the_hut_scoring(tmp_path):
    """"The raft makes its river system more valuable. In addition to scoring 1 point for each fish
    in this river system, the scoring player also scores 1 point for each lake in the system." """
    g = small_game(tmp_path, [4, 34, 37, 62], [91])
    play(g, 4, -1, 0, 90, hut="l8")            # Red: hut; system = start lake + tile 4's lake
    play(g, 34, 1, 0, 0)                       # Blue
    play(g, 37, 0, 1, 0)                       # Red: completes the start forest: extra turn
    assert_extra_turn(g)
    play(g, 91, -2, 0, 0)                      # Red: raft 91, its lake joins 4's west river
    events = play(g, 62, 0, -1, 0)             # Blue, last tile
    # Fish: lakes of 56, 4 and 91 (1 each) = 3; lakes: 3. 3 + 3 = 6 for Red's hut.
    assert g.is_over
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "river system", 6)
    assert terms(event) == [(3, 1), (3, 1)]
    assert g.scores == {"Red": 6, "Blue": 0}
