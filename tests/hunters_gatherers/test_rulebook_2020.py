"""The examples of the Hunters & Gatherers 2020 rulebook (shared/rules/), replayed with real tiles.

Every scenario is built with real tile ids from the 2020 tile data, placed at real coordinates
through the public API (``scenario_helpers.play`` = set_next_tile + PlaceTile + figure or Pass).
The expected numbers are the rulebook's where the real tiles reproduce its picture; each test says
which tiles and features produce them. Coordinates: x east, y south, start tile 56 at (0, 0)
(N meadow m0 with an aurochs, E+S menhir forest f1, W river r3 into lake l8 with 1 fish).

Where a pile has to run out (end of the game, empty menhir stack) the game is played with a box
holding only the tiles the scenario uses (``small_game``: the real tile data, fewer tiles).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # conftest does this too; keep the module standalone

from scenario_helpers import figures_at, play, points, scored, small_game, snapshot  # noqa: E402

import widgetpkg as wp  # noqa: E402
from widgetpkg.core import Note  # noqa: E402
from widgetpkg.games.hunters_gatherers import (  # noqa: E402
    Pass,
    PlaceHut,
    PlaceMeeple,
    PlaceTile,
    RetakeMeeple,
    TileRemoved,
)

MENHIR_TILES = range(79, 95)


def new_game(**kw):
    return wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=kw.pop("seed", 1), **kw)


def terms(event):
    """A scoring equation as sorted (count, points each) pairs, e.g. 3 tiles x1 + 2 fish x1."""
    return sorted((t.count, t.factor) for t in event.terms if t.count)


# -- rivers, fishers and huts -----------------------------------------------------------------------
def river_lake_position():
    """Red's fisher on a river from the start lake; Blue closes it with the lake of tile 4.

    (-1, 0) tile 48 @0: river r1 E-W (0 fish). Red puts a fisher on it: the river runs from the start
    tile's lake (1 fish) westwards and is open at (-2, 0).
    (-2, 0) tile 4 @90: lake l8 (1 fish) with river r1 to the east and river r5 to the west.
    Returns the game in Blue's place_figure phase, right after tile 4 is placed.
    """
    g = new_game()
    play(g, 48, -1, 0, 0, "r1")                 # Red: fisher on the river
    g.set_next_tile(4)
    g.apply(PlaceTile(-2, 0, 90))               # Blue continues and completes that river
    return g


def test_fisher_may_not_join_an_occupied_river_but_may_take_the_river_beyond_the_lake():
    """"They cannot place a meeple on the river on the left side of the lake, because your meeple is
    already on that river. The 2 rivers are divided by the lake, so your opponent places a meeple on
    the other river to the right of the lake." """
    g = river_lake_position()
    assert g.current_player == "Blue"
    legal = g.legal_actions()
    assert PlaceMeeple(-2, 0, "r1") not in legal      # r1 joins Red's river
    assert PlaceMeeple(-2, 0, "r5") in legal          # r5 is a different river: the lake divides them
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceMeeple(-2, 0, "r1"))
    assert snapshot(g) == before
    g.apply(PlaceMeeple(-2, 0, "r5"))
    assert figures_at(g)[-2, 0, "r5"] == ("Blue", "fisher")


def test_completed_river_scores_tiles_plus_fish_and_only_its_fisher_returns():
    """"Blue places a tile that completes a river. You have a meeple on the river, so you score
    5 points: 3 points for the 3 tiles forming the river. 2 for the 2 fish in the lakes." ...
    "You return your fisher to your supply. Blue's meeple on the other river stays on that river,
    because that river has not scored yet." """
    g = river_lake_position()
    events = g.apply(PlaceMeeple(-2, 0, "r5"))        # Blue's fisher on the river west of the lake
    # Red's river: tiles 56, 48 and 4 (3 tiles, no fish in the segments), closed by the start lake
    # (1 fish) and tile 4's lake (1 fish): 3 + 2 = 5, scored by Red although Blue placed the tile.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "river", 5)
    assert terms(event) == [(2, 1), (3, 1)]
    assert g.scores == {"Red": 5, "Blue": 0}
    assert figures_at(g) == {(-2, 0, "r5"): ("Blue", "fisher")}
    assert g.supply["Red"].meeples == 5 and g.supply["Blue"].meeples == 4


def test_hut_goes_on_a_river_system_without_a_hut_and_a_fisher_does_not_block_it():
    """"You place a tile that continues 2 separate river systems. The left system has one of Blue's
    huts on it, so you place your hut on the right river system. Blue's fisher does not prevent
    placing this hut." — and "You may place a meeple on a river with a hut." """
    g = new_game()
    play(g, 62, 0, -1, 0)                      # Red: meadow north of the start tile
    play(g, 48, -1, 0, 0, hut="r1")            # Blue: hut on the start lake's river system
    play(g, 61, -1, -1, 0)                     # Red: meadow, to reach (-2, -1)
    play(g, 50, -2, -1, 0, "r1")               # Blue: fisher on a second, separate river system
    # Tile 17 @90 at (-2, 0): river r1 (E, S) continues Blue's hut system through 48's W end,
    # river r3 (W, N) continues the system of Blue's fisher through 50's S end.
    g.set_next_tile(17)
    g.apply(PlaceTile(-2, 0, 90))
    legal = g.legal_actions()
    assert PlaceHut(-2, 0, "r1") not in legal          # Blue's hut is on that system
    assert PlaceHut(-2, 0, "r3") in legal              # Blue's fisher does not block a hut
    assert PlaceMeeple(-2, 0, "r3") not in legal       # ... but does block a second fisher
    assert PlaceMeeple(-2, 0, "r1") in legal           # a hut does not block a fisher
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceHut(-2, 0, "r1"))
    assert snapshot(g) == before
    g.apply(PlaceHut(-2, 0, "r3"))
    assert figures_at(g) == {
        (-1, 0, "r1"): ("Blue", "hut"),
        (-2, -1, "r1"): ("Blue", "fisher"),
        (-2, 0, "r3"): ("Red", "hut"),
    }
    assert g.supply["Red"].huts == 2


def test_river_closed_by_a_forest_end_is_complete():
    """"A river is completed when both ends are closed by lakes or forests" — tile 68's river ends
    at its forest (end_inside in the tile data). """
    g = new_game()
    events = play(g, 68, -1, 0, 270, "r2")     # 68 @270: river r2 on its E edge, ending at the forest
    # River: start 56 r3 + 68 r2 = 2 tiles, fish: the start lake's 1 = 3; the fisher returns.
    assert [(e.player, e.what, e.points) for e in scored(events)] == [("Red", "river", 3)]
    assert figures_at(g) == {} and g.supply["Red"].meeples == 5


def test_river_that_loops_back_onto_itself_is_complete():
    """"A river is completed ... when it loops back onto itself by connecting to the other end." """
    g = new_game()
    play(g, 16, 0, -1, 270, "r1")              # Red: bend N-E north of the start tile, fisher on it
    play(g, 19, 1, -1, 180)                    # Blue: bend N-W (1 fish)
    play(g, 15, 0, -2, 0)                      # Red: bend E-S
    events = play(g, 18, 1, -2, 90)            # Blue: bend S-W closes the ring
    # Ring of 16, 19, 15, 18: 4 tiles + 19's fish = 5, for Red's fisher.
    assert [(e.player, e.what, e.points) for e in scored(events)] == [("Red", "river", 5)]
    assert figures_at(g) == {}


def test_two_fishers_joined_on_one_river_both_score_the_full_points():
    """"You could place your tile to extend the river with Blue's fisher, but you would not be able
    to place your fisher on this tile. So, you decide to place your tile like so, and place your
    fisher on the empty river." ... "Now there are 2 fishers on the same river. Because this river
    is now complete, it is scored. The river scores for 9 points (4 tiles and 5 fish), and you and
    Blue both score the full 9 points." """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: elsewhere
    play(g, 20, -1, 0, 0, "r1")                # Blue: fisher on river r1 (N-E, 2 fish) from the start lake
    # Red could extend Blue's river at (-1, -1) but not fish there:
    trial = g.clone()
    trial.set_next_tile(59)
    trial.apply(PlaceTile(-1, -1, 180))        # 59 @180: its river r1 runs south into Blue's river
    assert PlaceMeeple(-1, -1, "r1") not in trial.legal_actions()
    play(g, 59, 0, -1, 270, "r1")              # Red: lake tile 59 (1 fish), fisher on its river (W end)
    play(g, 62, 2, 0, 0)                       # Blue: elsewhere
    events = play(g, 19, -1, -1, 0)            # Red: bend 19 (1 fish) joins both rivers
    # One river: tiles 56, 20, 19, 59 = 4 tiles; fish: start lake 1 + 20's segment 2 + 19's segment 1
    # + 59's lake 1 = 5. 4 + 5 = 9 for each of the tied fishers.
    assert sorted((e.player, e.what, e.points) for e in scored(events)) == [
        ("Blue", "river", 9), ("Red", "river", 9)]
    assert all(terms(e) == [(4, 1), (5, 1)] for e in scored(events))
    assert g.scores == {"Red": 9, "Blue": 9}
    assert figures_at(g) == {}


def test_a_player_has_3_huts():
    """"Give each player 5 meeples and 3 huts" — with all 3 huts on the board, Red cannot place a
    fourth one, even on a river system without a hut. """
    g = new_game()
    play(g, 48, -1, 0, 0, hut="r1")            # Red: hut 1, the start lake's system
    play(g, 62, 0, -1, 0)                      # Blue
    play(g, 59, 1, 0, 90, hut="l8")            # Red: hut 2, 59's lake (its river opens east)
    play(g, 61, -1, -1, 0)                     # Blue
    play(g, 49, 0, -2, 0, hut="r1")            # Red: hut 3, 49's river
    play(g, 50, -2, 0, 90)                     # Blue
    assert g.supply["Red"].huts == 0
    g.set_next_tile(16)
    g.apply(PlaceTile(1, -1, 270))             # 16 @270: a new river r1 (N-E), touching no system
    assert not any(isinstance(a, PlaceHut) for a in g.legal_actions())
    assert PlaceMeeple(1, -1, "r1") in g.legal_actions()
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceHut(1, -1, "r1"))
    assert snapshot(g) == before


# -- forests and menhirs ------------------------------------------------------------------------------
def test_completed_forest_scores_2_per_tile_and_a_meeple_placed_the_same_turn_returns():
    """"If your gatherer is the only gatherer on the completed forest, you score 2 points for each
    tile comprising the completed forest. After scoring, return your meeple to your supply." —
    a gatherer placed on the completing tile scores at once and comes straight back. """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's east end (34 f3: W only)
    play(g, 48, -1, 0, 0)                      # Blue: elsewhere
    events = play(g, 37, 0, 1, 0, "f0")        # Red: 37 f0 (N only) closes the south end, gatherer on it
    # Forest: start 56 f1 + 34 f3 + 37 f0 = 3 tiles x 2 = 6.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 6)
    assert terms(event) == [(3, 2)]
    assert g.scores == {"Red": 6, "Blue": 0}
    assert figures_at(g) == {}
    assert g.supply["Red"].meeples == 5


def test_menhir_forest_gives_an_extra_turn_but_not_again_during_the_extra_turn():
    """"Because you completed a forest with a menhir, you begin an extra turn, drawing and placing a
    menhir tile. You place the tile and place a gatherer on the forest. The forest is now complete,
    and you score 6 points for the 3 tiles that comprise the forest. The completed forest also
    contains a menhir, but you cannot begin an extra turn during an extra turn, so your turn ends
    as normal." """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red
    play(g, 75, 1, 1, 0)                       # Blue: 75 f1 (E, S) is a menhir forest
    play(g, 35, 2, 1, 180)                     # Red: 35 f1 closes its east end
    play(g, 48, -1, 0, 0)                      # Blue: elsewhere
    events = play(g, 37, 0, 1, 0)              # Red completes the start forest (menhir): extra turn
    assert any(isinstance(e, Note) and "extra turn" in str(e) for e in events)
    assert g.current_player == "Red" and g.phase == "place_tile" and g.in_extra_turn
    assert g.current_tile.id in MENHIR_TILES
    # Extra turn: menhir tile 90 @180 (forest f1 on N only) closes 75's forest at (1, 2); gatherer on it.
    events = play(g, 90, 1, 2, 180, "f1")
    # Forest 75 + 35 + 90 = 3 tiles x 2 = 6; it holds 75's menhir, but no second extra turn.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 6)
    assert figures_at(g) == {} and g.supply["Red"].meeples == 5
    assert g.current_player == "Blue" and not g.in_extra_turn
    assert g.current_tile.id not in MENHIR_TILES


def test_forest_majority_scores_alone_all_gatherers_return_and_the_menhir_gives_an_extra_turn():
    """"During a future turn, you draw this tile and place it to connect the 3 previously separate
    forests into a single larger forest. Because you have the most meeples on this forest, you score
    10 points for the completed forest, and Blue does not score any points. All 3 meeples are
    returned to their owners' supplies, and you take an extra turn because you completed a forest
    with a menhir." """
    g = new_game()
    play(g, 48, -1, 0, 0)                      # Red: elsewhere (makes (-1, 1) reachable)
    play(g, 34, 1, 0, 0, "f3")                 # Blue: gatherer on the start forest (56 + 34, open south)
    play(g, 37, 1, 1, 270, "f0")               # Red: gatherer on 37 f0, a forest open only to the west
    play(g, 62, 2, 0, 0)                       # Blue: elsewhere
    play(g, 36, -1, 1, 270, "f1")              # Red: gatherer on 36 f1, a forest open only to the east
    play(g, 61, 3, 0, 0)                       # Blue: elsewhere
    events = play(g, 63, 0, 1, 0)              # Red: 63 f0 (N, E, W; menhir) joins the three forests
    # Forest: 56, 34, 37, 36, 63 = 5 tiles x 2 = 10, Red 2 gatherers vs Blue 1: only Red scores.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 10)
    assert g.scores == {"Red": 10, "Blue": 0}
    assert figures_at(g) == {}
    assert g.supply["Red"].meeples == 5 and g.supply["Blue"].meeples == 5
    assert g.current_player == "Red" and g.in_extra_turn and g.current_tile.id in MENHIR_TILES
    # "You take only 1 extra turn, even if there are multiple menhirs in a completed forest."
    # (the forest held two: the start tile's and 63's)
    play(g, 90, 0, -1, 180)                    # the extra turn: menhir tile 90 north of the start
    assert g.current_player == "Blue" and not g.in_extra_turn
    assert g.current_tile.id not in MENHIR_TILES


def test_no_extra_turn_when_the_menhir_stack_is_empty(tmp_path):
    """"If there are no menhir tiles remaining in the menhir tile stack, you cannot take an extra
    turn." — a box with a single menhir tile (90): the first menhir forest uses it up. """
    g = small_game(tmp_path, [34, 75, 37, 35, 62, 61], [90])
    play(g, 34, 1, 0, 0)                       # Red
    play(g, 75, 1, 1, 0)                       # Blue: menhir forest 75 f1 (E, S)
    play(g, 37, 0, 1, 0)                       # Red completes the start forest: extra turn with tile 90
    assert g.in_extra_turn and g.current_tile.id == 90 and g.tiles_left["menhir"] == 0
    play(g, 90, 1, 2, 180)                     # closes 75's forest to the south; east still open
    assert g.current_player == "Blue" and not g.in_extra_turn
    events = play(g, 35, 2, 1, 180, "f1")      # Blue completes the menhir forest 75 + 90 + 35
    assert points(events) == {"Blue": 6}
    assert any(isinstance(e, Note) and "no extra turn" in str(e) for e in events)
    assert g.current_player == "Red" and not g.in_extra_turn
    assert g.current_tile.id in (61, 62)


# -- end of the game and final scoring ----------------------------------------------------------------
def test_game_ends_after_the_last_regular_tile_and_incomplete_forests_and_rivers_score_nothing(tmp_path):
    """"When the last land tile (not menhir tile) is placed, the game ends at the end of that turn."
    ... "Leave all huts and hunters on tiles. Remove all other meeples from tiles. No points are
    scored for incomplete forests and rivers." """
    g = small_game(tmp_path, [48, 34, 62])
    play(g, 48, -1, 0, 0, "r1")                # Red: fisher on the start lake's river, open to the west
    play(g, 34, 1, 0, 0, "f3")                 # Blue: gatherer on the start forest, open to the south
    assert not g.is_over and g.tiles_left["regular"] == 0 and g.current_tile.id == 62
    events = play(g, 62, 0, -1, 0, "m0")       # Red: the last tile, a hunter on the north grassland
    assert g.is_over and g.phase == "over" and g.current_player is None and g.current_tile is None
    assert g.legal_actions() == []
    # Only the hunter scores: start m0 (aurochs 2) + 62 (deer 1) + 48 m0 (nothing) = 3.
    assert [(e.player, e.what, e.points) for e in scored(events)] == [("Red", "grassland", 3)]
    assert g.scores == {"Red": 3, "Blue": 0}
    assert figures_at(g) == {(0, -1, "m0"): ("Red", "hunter")}
    assert g.supply["Red"].meeples == 4 and g.supply["Blue"].meeples == 5
    before = snapshot(g)
    for action in (Pass(), PlaceTile(0, -2, 0), PlaceMeeple(0, -1, "m0")):
        with pytest.raises(wp.IllegalActionError):
            g.apply(action)
    assert snapshot(g) == before


def test_final_scoring_huts_majority_scores_one_point_per_fish(tmp_path):
    """"The player with the most huts on each river system scores 1 point for each fish shown in that
    river system." — "You have 2 huts on the left river system, and Blue has 1. You have the most
    huts, so you score the 8 points for the 8 fish in that river system." """
    g = small_game(tmp_path, [20, 62, 59, 0, 9])
    play(g, 20, -1, 0, 0, hut="r1")            # Red: hut on start lake (1 fish) + 20's river (2 fish)
    play(g, 62, -2, 0, 0)                      # Blue: meadow, to reach (-2, -1)
    play(g, 59, 0, -1, 270, hut="l8")          # Red: hut on 59's lake (1 fish), a second system
    play(g, 0, -2, -1, 90, hut="l8")           # Blue: hut on tile 0's lake (2 fish), a third system
    events = play(g, 9, -1, -1, 90)            # Red, last tile: 9's lake (2 fish) joins all three
    # One system: 1 + 2 + 1 + 2 + 2 = 8 fish. Red 2 huts, Blue 1: Red scores 8, Blue nothing.
    assert g.is_over
    assert [(e.player, e.what, e.points) for e in scored(events)] == [("Red", "river system", 8)]
    assert g.scores == {"Red": 8, "Blue": 0}


def test_final_scoring_tied_huts_each_score_full_and_the_system_need_not_be_complete(tmp_path):
    """"If multiple players are tied for the most huts, each tied player scores the full points for
    that river system. River systems do not need to be complete to be scored." — "Yellow and Blue
    both have 1 hut on the right river system. They each score 10 points for the 10 fish in that
    river system." """
    g = small_game(tmp_path, [20, 1, 57, 13])
    play(g, 20, -1, 0, 0, hut="r1")            # Red: hut, start lake 1 + 20's river 2 fish
    play(g, 1, 0, -1, 180, hut="l8")           # Blue: hut on tile 1's lake (3 fish), rivers E and W
    play(g, 57, 1, -1, 270)                    # Red: 57's lake (2 fish) on Blue's system
    events = play(g, 13, -1, -1, 0)            # Blue, last tile: 13's lake (2 fish) joins the systems
    # One system: 1 + 2 + 3 + 2 + 2 = 10 fish, still open at 13's north and west rivers.
    assert g.is_over
    assert sorted((e.player, e.what, e.points) for e in scored(events)) == [
        ("Blue", "river system", 10), ("Red", "river system", 10)]
    assert g.scores == {"Red": 10, "Blue": 10}


def test_final_scoring_grassland_with_one_aurochs_scores_2(tmp_path):
    """"Grassland 1: 1 aurochs. Green scores 2 points" """
    g = small_game(tmp_path, [59], players=("Green", "Blue"))
    # 59 @270: its south meadow m0 joins the start tile's north meadow (the aurochs); no other animal.
    events = play(g, 59, 0, -1, 270, "m0")
    assert g.is_over
    assert [(e.player, e.what, e.points) for e in scored(events)] == [("Green", "grassland", 2)]
    assert g.scores == {"Green": 2, "Blue": 0}


def test_final_scoring_grassland_tiger_cancels_deer_and_tied_hunters_each_score(tmp_path):
    """"Grassland 2: 1 deer, 1 mammoth, 1 saber-toothed tiger. Red and Violet each score 3 points for
    the mammoth. The tiger and deer cancel each other out." """
    g = small_game(tmp_path, [34, 33, 61, 31], players=("Red", "Violet"))
    play(g, 34, 1, 0, 0, "m2")                 # Red: hunter on 34's south meadow (deer)
    play(g, 33, 2, 0, 90, "m1")                # Violet: hunter on 33 m1 (joins 34's east meadow m1)
    play(g, 61, 2, 1, 0)                       # Red: mammoth tile 61 joins Violet's grassland
    events = play(g, 31, 1, 1, 270)            # Violet, last tile: 31 m1 (tiger) joins both grasslands
    # Grassland: 34 m2 deer + 34 m1 + 33 m1 + 61 mammoth + 31 m1 tiger. Tiger eats the deer: 3 each.
    assert g.is_over
    assert sorted((e.player, e.what, e.points) for e in scored(events)) == [
        ("Red", "grassland", 3), ("Violet", "grassland", 3)]
    assert g.scores == {"Red": 3, "Violet": 3}


def test_final_scoring_grassland_with_more_tigers_than_deer_scores_zero_not_negative(tmp_path):
    """"Grassland 3: 1 deer, 2 saber-toothed tigers. Blue does not score points, but does not lose
    points either." — "You do not lose points if there are more tigers than deer on a grassland." """
    g = small_game(tmp_path, [37, 31, 32])
    play(g, 37, 1, 0, 270)                     # Red: 37 m1 (N, E, S) with a deer
    play(g, 31, 1, 1, 270, "m1")               # Blue: hunter on 31 m1 (tiger), joined to the deer
    events = play(g, 32, 2, 0, 180)            # Red, last tile: 32 m1, a second tiger, joins
    assert g.is_over
    assert all(e.points == 0 for e in scored(events))
    assert g.scores == {"Red": 0, "Blue": 0}


def test_final_scoring_grassland_majority_of_hunters_scores_alone(tmp_path):
    """"Grassland 4: 2 mammoths, 2 aurochs, 2 deer, 1 saber-toothed tiger. Red has the most hunters,
    and scores 11 points (2 mammoths for 6 points, 2 aurochs for 4 points, and 1 deer for 1 point)."
    — "if one player has the most hunters, only they score from that grassland." """
    g = small_game(tmp_path, [34, 33, 76, 61, 35, 36, 31, 62])
    play(g, 34, 1, 0, 0, "m2")                 # Red: hunter on 34 m2 (deer)
    play(g, 33, 2, 0, 90)                      # Blue: 33 m1 joins 34's east meadow m1 (no animal)
    play(g, 76, 0, 1, 90, "m0")                # Red: hunter on 76 m0 (aurochs), south of the start tile
    play(g, 61, 2, 1, 0, "m0")                 # Blue: hunter on 61 (mammoth), with 33 m1 and 34 m1
    play(g, 35, 0, 2, 0)                       # Red: 35 m0 (mammoth) joins 76's grassland
    play(g, 36, 3, 1, 0)                       # Blue: 36 m0 (aurochs) joins 61's grassland
    play(g, 31, 2, 2, 270)                     # Red: 31 m1 (tiger) joins 61's grassland
    events = play(g, 62, 1, 1, 0)              # Blue, last tile: 62 (deer) joins the three grasslands
    # 2 mammoths (61, 35) x3 + 2 aurochs (76, 36) x2 + 2 deer (34, 62) - 1 eaten by 31's tiger = 11.
    assert g.is_over
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "grassland", 11)
    assert terms(event) == [(1, 1), (2, 2), (2, 3)]
    assert g.scores == {"Red": 11, "Blue": 0}


# -- placing tiles --------------------------------------------------------------------------------------
def test_a_tile_that_fits_nowhere_is_removed_and_another_is_drawn():
    """"In the rare event that you are unable to place the tile you drew, return that tile to the box
    and draw a new tile to replace it." """
    g = new_game()
    # 59 @90 at (-1, 0): its river ends in its lake, so no open edge of the landscape is a river.
    g.set_next_tile(59)
    g.apply(PlaceTile(-1, 0, 90))
    g.set_next_tile(13)                        # tile 13 has rivers on all four sides: Blue draws it next
    left = g.tiles_left["regular"]
    events = g.apply(Pass())
    assert any(isinstance(e, TileRemoved) and e.tile == 13 and "fits nowhere" in str(e) for e in events)
    assert g.removed_tiles[0] == 13
    assert 13 not in g.remaining_tiles()["regular"]
    assert g.current_player == "Blue" and g.phase == "place_tile"
    assert g.current_tile.id != 13 and g.legal_actions()
    assert g.tiles_left["regular"] == left - 1 - len(g.removed_tiles)
    with pytest.raises(wp.IllegalActionError):
        g.set_next_tile(13)                    # it left the game


def test_illegal_actions_raise_and_change_nothing():
    """"A meeple or hut can be placed only on the tile you just placed." "A meeple or hut can be
    placed only on a feature without another similar piece (meeple or hut)." "A forest edge on a
    tile can be connected only to another forest edge." — anything else raises IllegalActionError
    and leaves the game exactly as it was. """
    g = new_game()
    play(g, 48, -1, 0, 0, hut="r1")            # Red: hut on the start lake's river system
    g.set_next_tile(50)
    before = snapshot(g)
    for action in (
        PlaceTile(0, 0, 0),                    # the start tile is there
        PlaceTile(5, 5, 0),                    # touches nothing
        PlaceTile(1, 0, 0),                    # 50 has no forest edge for the start forest
        PlaceTile(-2, 0, 45),                  # not a rotation
        PlaceMeeple(-1, 0, "m0"),              # the tile is not placed yet
        Pass(),
        RetakeMeeple(-1, 0, "r1"),             # no shaman
    ):
        with pytest.raises(wp.IllegalActionError):
            g.apply(action)
        assert snapshot(g) == before, action
    g.apply(PlaceTile(-2, 0, 90))              # 50 @90: river r1 E-W continues Red's hut system
    before = snapshot(g)
    for action in (
        PlaceTile(0, -1, 0),                   # one tile a turn
        PlaceMeeple(-1, 0, "m0"),              # not the tile just placed
        PlaceMeeple(0, 0, "l8"),
        PlaceHut(-2, 0, "r1"),                 # Red's hut is on that river system
        PlaceHut(-2, 0, "m0"),                 # huts go on rivers and lakes only
        PlaceMeeple(-2, 0, "x9"),              # no such feature
        RetakeMeeple(-1, 0, "r1"),
    ):
        with pytest.raises(wp.IllegalActionError):
            g.apply(action)
        assert snapshot(g) == before, action
    g.apply(PlaceMeeple(-2, 0, "r1"))          # Blue's fisher next to Red's hut is fine
    assert figures_at(g)[-2, 0, "r1"] == ("Blue", "fisher")
