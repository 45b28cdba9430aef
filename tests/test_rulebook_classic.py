"""The examples of the classic (2002) Hunters & Gatherers rulebook, replayed with real tiles.

Source of truth: the two English translations in shared/rules/ (A: hunters-gatherers-classic-rules-a.txt,
Rio Grande; B: hunters-gatherers-classic-rules-b.txt, Z-Man). Our readings: docs/rulings.md
("Hunters & Gatherers (classic 2002 rules)").

The classic tile set is a RECONSTRUCTION (docs/data.md, reconstruct.py): the 2020 layouts and ids
with gold nuggets for menhirs, mammoths for aurochs on land tiles, no fish in river segments, and
12 bonus tiles (2020 menhir tiles 79-87, 89, 90 without 2020-only powers, plus the sacred shrine on
tile 94's layout). So a scenario reproduces a rulebook picture's *numbers* with the real
reconstructed tiles, not the picture itself; where the tiles cannot give the picture exactly, the
test says what it reproduces instead.

Every scenario is played through the public API (``scenario_helpers.play`` = set_next_tile +
PlaceTile + figure or Pass). Coordinates: x east, y south, start tile 56 at (0, 0) (classic: meadow
m0 on N and W-north with a mammoth, gold forest f1 on E and S, river r3 from the W edge into lake
l8 with 1 fish, meadow m2 on W-south). Classic rules: 5 tribe members and 2 huts each, 2 points
per forest tile and per mushroom card, 1 per river tile and per fish in the closing lakes, 2 per
deer, mammoth and aurochs. Where a pile must run out (end of the game, empty bonus pile), the
game is played with a box holding only the tiles the scenario uses (``small_game``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # conftest does this too; keep the module standalone

import widgetpkg as wp  # noqa: E402
from widgetpkg.core import Note  # noqa: E402
from widgetpkg.games.hunters_gatherers import Pass, PlaceHut, PlaceMeeple, PlaceTile, TileRemoved  # noqa: E402
from scenario_helpers import figures_at, play, points, scored, small_game, snapshot  # noqa: E402

BONUS_TILES = (79, 80, 81, 82, 83, 84, 85, 86, 87, 89, 90, 94)


def new_game(**kw):
    return wp.new_game("hunters-gatherers", players=kw.pop("players", ["Red", "Blue"]), edition="classic",
                       seed=kw.pop("seed", 1), **kw)


def classic_box(tmp_path, regular, bonus=(), **kw):
    return small_game(tmp_path, regular, bonus, edition="classic", **kw)


def terms(event):
    """A scoring equation as sorted (count, points each) pairs, e.g. 3 tiles x1 + 3 fish x1."""
    return sorted((t.count, t.factor) for t in event.terms if t.count)


def results(events):
    """(player, what, points) of the scoring events, sorted."""
    return sorted((e.player, e.what, e.points) for e in scored(events))


def assert_bonus_turn(g, player):
    """``player`` is in the bonus turn that belongs to the turn just played, a bonus tile in hand."""
    assert g.current_player == player and g.in_extra_turn and g.phase == "place_tile"
    assert g.current_tile.id in BONUS_TILES


def extra_turn_notes(events):
    return [e for e in events if isinstance(e, Note) and "extra turn" in str(e)]


# -- the classic set-up --------------------------------------------------------------------------------
def test_classic_game_has_5_tribe_members_2_huts_and_12_bonus_tiles():
    """"Each player chooses a color, takes the 6 tribe members and 2 huts in that color, and puts one
    tribe member on space "0" of the scoring track as his scoring marker." (A) — "Similarly, shuffle
    the 12 bonus cards and place them face-down in a separate bonus card stack" (A) """
    g = new_game()
    assert g.supply["Red"].meeples == 5 and g.supply["Red"].huts == 2
    assert g.supply["Blue"].meeples == 5 and g.supply["Blue"].huts == 2
    assert g.tiles_left == {"regular": 77, "bonus": 12}       # 78 land tiles, one of them in hand
    assert sorted(g.remaining_tiles()["bonus"]) == list(BONUS_TILES)
    assert g.board[0, 0].tile.id == 56 and g.current_tile.kind == "normal"


# -- placing tribe members and huts ---------------------------------------------------------------------
def test_only_a_hunter_fits_on_a_tile_whose_forest_already_has_a_gatherer():
    """"A player may not place a tribe member on a forest, river, or meadow that already has another
    tribe member (his or an opponent's). It matters not how far from the new segment the other
    tribe member is as long as it is on a connected segment." — "Blue can only place a hunter on
    this tile. Another gatherer stands in the connected forest segment." (A) """
    g = new_game()
    play(g, 34, 1, 0, 0, "f3")                 # Red: gatherer on 34 f3, joined to the start forest
    g.set_next_tile(75)
    g.apply(PlaceTile(0, 1, 270))              # Blue: 75 @270, forest f1 (N, E) continues that forest
    assert g.legal_actions() == [PlaceMeeple(0, 1, "m0"), Pass()]   # its meadow m0 (S, W) only
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceMeeple(0, 1, "f1"))
    assert snapshot(g) == before
    g.apply(PlaceMeeple(0, 1, "m0"))
    assert figures_at(g)[0, 1, "m0"] == ("Blue", "hunter")


def test_gatherer_or_fisherman_allowed_but_a_hunter_only_on_the_small_meadow():
    """"Red can place a tribe member as a gatherer or fisherman, but as a hunter only on the small
    meadow segment (red arrow). There is already another hunter in the large meadow." (A) """
    g = new_game(players=["Blue", "Red"])
    play(g, 62, 0, -1, 0, "m0")                # Blue: hunter on 62, joined to the start tile's N meadow
    g.set_next_tile(46)
    g.apply(PlaceTile(-1, 0, 0))               # Red: 46 west of the start tile
    # 46: m0 (N, E-north, W-north) joins Blue's large meadow; m2 (E-south, W-south) joins the start
    # tile's small meadow m2; river r1 continues the start river; forest f3 (S) is new.
    meeples = {a.feature for a in g.legal_actions() if isinstance(a, PlaceMeeple)}
    assert meeples == {"r1", "m2", "f3"}
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceMeeple(-1, 0, "m0"))
    assert snapshot(g) == before
    g.apply(PlaceMeeple(-1, 0, "m2"))
    assert figures_at(g)[-1, 0, "m2"] == ("Red", "hunter")


def test_huts_and_fishermen_do_not_affect_the_placement_of_each_other():
    """"When placing a hut, a player must check to see that there is no other hut (his or an
    opponent's) on the entire river system" — "Note: huts and fishermen do not affect the placement
    of each other." — "The blue hut may be placed." — "The red fisherman may be placed." (A) """
    g = new_game()
    play(g, 48, -1, 0, 0, "r1")                # Red: fisherman on the start lake's river
    g.set_next_tile(50)
    g.apply(PlaceTile(-2, 0, 90))              # Blue: 50 @90 continues that river
    assert PlaceHut(-2, 0, "r1") in g.legal_actions()         # the fisherman does not block a hut
    assert PlaceMeeple(-2, 0, "r1") not in g.legal_actions()  # ... but does block a fisherman
    g.apply(PlaceHut(-2, 0, "r1"))             # the blue hut may be placed
    g.set_next_tile(53)
    g.apply(PlaceTile(-3, 0, 0))               # Red: 53 continues the same river again
    assert PlaceHut(-3, 0, "r1") not in g.legal_actions()     # Blue's hut owns the river system
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceHut(-3, 0, "r1"))
    assert snapshot(g) == before
    assert figures_at(g) == {(-1, 0, "r1"): ("Red", "fisher"), (-2, 0, "r1"): ("Blue", "hut")}
    # On a river system with a hut but no fisherman, a fisherman may be placed.
    g2 = new_game()
    play(g2, 48, -1, 0, 0, hut="r1")           # Red: hut on the start lake's river system
    g2.set_next_tile(50)
    g2.apply(PlaceTile(-2, 0, 90))             # Blue: 50 @90 continues it
    assert PlaceMeeple(-2, 0, "r1") in g2.legal_actions()
    assert PlaceHut(-2, 0, "r1") not in g2.legal_actions()
    g2.apply(PlaceMeeple(-2, 0, "r1"))         # the fisherman may be placed
    assert figures_at(g2) == {(-1, 0, "r1"): ("Red", "hut"), (-2, 0, "r1"): ("Blue", "fisher")}


# -- rivers --------------------------------------------------------------------------------------------
def test_completed_river_3_segments_and_lakes_with_1_and_2_fish_scores_6():
    """"Red scores 6 points. The completed river has 3 river segments (1, 2, 3). Each river segment
    scores 1 point. The lake at one end has 1 fish; the lake at the other end has 2 fish. That
    scores the player 3 more points." (A) """
    g = new_game()
    play(g, 48, -1, 0, 0, "r1")                # Red: segment 2, straight river 48 r1 (E-W), fisher on it
    play(g, 62, 0, -1, 0)                      # Blue: elsewhere (meadow north of the start tile)
    events = play(g, 0, -2, 0, 90)             # Red: segment 3, tile 0 @90: river r1 from E into lake (2 fish)
    # Segment 1 is the start tile's r3 with its lake (1 fish). 3 segments x1 + (1 + 2) fish x1 = 6.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "river", 6)
    assert terms(event) == [(3, 1), (3, 1)]
    assert g.scores == {"Red": 6, "Blue": 0}
    assert figures_at(g) == {} and g.supply["Red"].meeples == 5    # the fisherman returns


def test_river_completed_by_the_opponents_forest_tile_scores_for_the_fisherman():
    """"Red scores 3 points. (2 river segments and 1 fish). Even though blue placed the tile to
    enlarge his forest, red scores points for his fisherman on the river completed by the tile blue
    placed." (A) — the picture's tiles are not in the text; here Red's river runs from 59's lake
    (1 fish), and Blue's 55 continues Blue's forest and closes the river with a spring. """
    g = new_game()
    play(g, 48, -1, 0, 0)                      # Red: filler west of the start tile (meadow on its S edge)
    play(g, 34, 1, 0, 0, "f3")                 # Blue: gatherer on 34 f3, joined to the start forest (open S)
    play(g, 59, -1, 1, 90, "r1")               # Red: 59 @90, lake (1 fish) with river r1 to the E, fisher
    assert g.current_player == "Blue"
    # Blue: 55 at (0, 1): forest f0 (N, E) enlarges Blue's forest (56 + 34 + 55, still open to the E),
    # and its river r3 on the W edge, ending at a spring, closes Red's river.
    events = play(g, 55, 0, 1, 0)
    # Red's river: 59 r1 + 55 r3 = 2 segments x1 + 59's lake 1 fish = 3.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "river", 3)
    assert terms(event) == [(1, 1), (2, 1)]
    assert g.scores == {"Red": 3, "Blue": 0}
    assert figures_at(g) == {(1, 0, "f3"): ("Blue", "gatherer")}   # Blue's forest is not complete
    forest = g.area_at(0, 1, "f0")
    assert set(forest.cells) == {(0, 0), (1, 0), (0, 1)} and forest.open_ends == 1
    assert g.supply["Red"].meeples == 5


def test_fish_in_river_segments_do_not_count_under_classic_rules():
    """"A player with the only fisherman on a completed river scores 1 point for each river segment
    and 1 point for each fish in the lakes (if any) at the ends of the river." (A) — and for huts
    "1 point for each fish in the river system" (A): under the classic rules only lakes hold fish
    (docs/rulings.md, "River fish and hut fish"). The 2020 tiles print fish in some river segments
    (tile 20's r1 has 2); played with the classic rules, those fish score nothing. """
    def scenario(edition):
        g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1, edition=edition, tileset="2020")
        play(g, 20, -1, 0, 0, "r1")            # Red: 2020 tile 20, river r1 (N, E) with 2 fish, fisher
        events = play(g, 59, -1, -1, 180, hut="l8")   # Blue: 59 @180, lake (1 fish) closes it; hut
        return g, events

    g, events = scenario("classic")
    # River 56 + 20 + 59 = 3 tiles x1 + lakes of 56 (1) and 59 (1) = 5; 20's 2 fish do not count.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "river", 5)
    assert terms(event) == [(2, 1), (3, 1)]
    # Blue's hut: the system's lakes hold 1 + 1 fish = 2 (not 4).
    assert g.projected_scores() == {"Red": 5, "Blue": 2}
    # The same tiles under the 2020 rules count 20's fish: 3 + 4 = 7, and 4 for the hut.
    g2020, events2020 = scenario("2020")
    assert results(events2020) == [("Red", "river", 7)]
    assert g2020.projected_scores() == {"Red": 7, "Blue": 4}


# -- forests and bonus tiles -------------------------------------------------------------------------
def test_two_tile_forest_scores_4_and_without_gold_no_bonus_tile():
    """"A player with the only gatherer in a completed forest scores 2 points for each forest
    segment." — "Red scores 4 points." — "If the forest has no gold nuggets (only possible in 2
    segment forests), no bonus card is drawn and played." (A) """
    g = new_game()
    play(g, 37, 0, -1, 0, "f0")                # Red: 37 north of the start tile, gatherer on f0 (N only)
    events = play(g, 36, 0, -2, 0)             # Blue: 36 f1 (S only) closes it
    # Forest 37 + 36 = 2 tiles x2 = 4, for Red although Blue completed it; no gold in it.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 4)
    assert terms(event) == [(2, 2)]
    assert g.scores == {"Red": 4, "Blue": 0}
    assert figures_at(g) == {} and g.supply["Red"].meeples == 5
    assert not extra_turn_notes(events)
    assert g.current_player == "Red" and not g.in_extra_turn and g.current_tile.kind == "normal"
    assert g.tiles_left["bonus"] == 12


def test_the_player_who_completes_a_gold_forest_places_the_bonus_tile_the_gatherer_scores():
    """"The player, with a gatherer in a completed forest, scores the points." — "The player, who
    placed the land tile that completed the forest, draws the bonus card. [...] If blue completed
    the forest, red scores the points and blue places the bonus card." — "He then plays the bonus
    card, following the normal rules for placing land tiles, and may also place one tribe member or
    one hut on this card from his supply" (A) """
    g = new_game()
    play(g, 34, 1, 0, 0, "f3")                 # Red: gatherer on 34 f3, joined to the start forest (gold)
    events = play(g, 37, 0, 1, 0)              # Blue: 37 f0 (N only) completes it
    # Forest 56 + 34 + 37 = 3 tiles x2 = 6 for Red; the start tile's gold nugget: Blue draws a bonus tile.
    assert results(events) == [("Red", "forest", 6)]
    assert extra_turn_notes(events)
    assert_bonus_turn(g, "Blue")
    assert g.tiles_left["bonus"] == 11
    # Blue places bonus tile 90 (mammoth and aurochs) north of the start tile, a hunter on it.
    play(g, 90, 0, -1, 180, "m0")              # 90 @180: forest f1 to the N, meadow m0 on E, S, W
    assert figures_at(g) == {(0, -1, "m0"): ("Blue", "hunter")}
    assert g.supply["Blue"].meeples == 4
    assert g.current_player == "Red" and not g.in_extra_turn and g.current_tile.kind == "normal"


def test_several_gold_nuggets_give_just_one_bonus_tile_and_red_scores_10():
    """"There are several gold nuggets in this completed forest. The player draws and places just 1
    bonus card." — "Red scores 10 points." — "Regardless of how many gold nuggets are in the
    completed forest, the player only draws and places 1 bonus card." (A) — translation B prints
    "2 points per tile (2 x 4 = 8)" next to this picture; we follow A's 10 (a 5-tile forest). """
    g = new_game()
    play(g, 34, 1, 0, 0, "f3")                 # Red: gatherer on 34 f3 (start forest, gold, open S)
    play(g, 48, -1, 0, 0)                      # Blue: elsewhere (makes (-1, 1) reachable)
    play(g, 36, 1, 1, 90)                      # Red: 36 @90, forest f1 on its W edge only
    play(g, 35, -1, 1, 0)                      # Blue: 35, forest f1 on its E edge only
    events = play(g, 63, 0, 1, 0)              # Red: 63 f0 (N, E, W; gold) joins them all
    # Forest 56 + 34 + 36 + 35 + 63 = 5 tiles x2 = 10; gold nuggets on 56 and 63, one bonus tile.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 10)
    assert terms(event) == [(5, 2)]
    assert set(g.area_at(0, 1, "f0").cells) == {(0, 0), (1, 0), (1, 1), (-1, 1), (0, 1)}
    assert len(extra_turn_notes(events)) == 1
    assert_bonus_turn(g, "Red")
    assert g.tiles_left["bonus"] == 11
    play(g, 90, 0, -1, 180)                    # the one bonus tile
    assert g.current_player == "Blue" and not g.in_extra_turn and g.current_tile.kind == "normal"
    assert g.tiles_left["bonus"] == 11


def test_a_gold_forest_completed_with_the_bonus_tile_gives_no_second_bonus_tile():
    """"If he completes a river or a forest with the bonus card placement, that is scored
    immediately, but he does not take another bonus card if he completes a forest with gold
    nuggets (no chain reaction)." (A) """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's east end
    play(g, 75, 1, 1, 0)                       # Blue: 75 f1 (E, S) is a gold forest
    play(g, 35, 2, 1, 180)                     # Red: 35 @180, f1 on W only, closes 75's east end
    play(g, 48, -1, 0, 0)                      # Blue: elsewhere
    play(g, 37, 0, 1, 0)                       # Red completes the start forest (gold): bonus tile
    assert_bonus_turn(g, "Red")
    # Bonus tile 90 @180 (forest f1 on N only) closes 75's forest from the south; gatherer on it.
    events = play(g, 90, 1, 2, 180, "f1")
    # Forest 75 + 35 + 90 = 3 tiles x2 = 6, scored at once; 75's gold nugget gives no second bonus tile.
    assert results(events) == [("Red", "forest", 6)]
    assert not extra_turn_notes(events)
    assert figures_at(g) == {} and g.supply["Red"].meeples == 5
    assert g.current_player == "Blue" and not g.in_extra_turn and g.current_tile.kind == "normal"
    assert g.tiles_left["bonus"] == 11


def test_the_gatherer_placed_on_the_completing_tile_returns_and_may_go_on_the_bonus_tile():
    """"Because of the order of actions, it is possible to place a tribe member in an area, score
    the area, and get the tribe member back in the same turn." (A) — "If this should result in the
    completion of a forest containing gold nuggets, that same tribe member can even be placed on
    the Bonus tile." (B) """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's east end
    play(g, 48, -1, 0, 0)                      # Blue: elsewhere
    with g.edit() as s:                        # Red's last tribe member
        s.supply["Red"].meeples = 1
    events = play(g, 37, 0, 1, 0, "f0")        # Red: 37 f0 completes the gold forest, gatherer on it
    assert results(events) == [("Red", "forest", 6)]          # 56 + 34 + 37 = 3 tiles x2
    assert_bonus_turn(g, "Red")
    assert g.supply["Red"].meeples == 1
    play(g, 90, 0, -1, 180, "m0")              # the same tribe member as a hunter on bonus tile 90
    assert figures_at(g) == {(0, -1, "m0"): ("Red", "hunter")}
    assert g.supply["Red"].meeples == 0


def test_no_bonus_tile_when_the_bonus_pile_is_empty(tmp_path):
    """"When the bonus card stack is exhausted, players no longer draw bonus cards!" (A) — a box with
    a single bonus tile (90): the first gold forest uses it up. """
    g = classic_box(tmp_path, [34, 75, 37, 35, 62, 61], [90])
    play(g, 34, 1, 0, 0)                       # Red
    play(g, 75, 1, 1, 0)                       # Blue: gold forest 75 f1 (E, S)
    play(g, 37, 0, 1, 0)                       # Red completes the start forest: bonus tile 90
    assert_bonus_turn(g, "Red")
    assert g.current_tile.id == 90 and g.tiles_left["bonus"] == 0
    play(g, 90, 1, 2, 180)                     # closes 75's forest to the south; its east is still open
    assert g.current_player == "Blue" and not g.in_extra_turn
    events = play(g, 35, 2, 1, 180, "f1")      # Blue completes the gold forest 75 + 90 + 35
    assert points(events) == {"Blue": 6}
    assert any(isinstance(e, Note) and "no bonus tile left" in str(e).lower() for e in events)
    assert g.current_player == "Red" and not g.in_extra_turn
    assert g.current_tile.id in (61, 62)


def test_one_tile_completing_two_gold_forests_gives_a_single_bonus_tile():
    """"If any gold nuggets exist in any forest completed this turn, the player who placed the tile
    to complete the forest(s) immediately receives and places a single bonus tile." — "Regardless of
    how many nuggets are found in a forest, or of how many forests were completed, only one Bonus
    tile may be awarded per turn." (B) """
    g = new_game()
    play(g, 34, 1, 0, 0, "f3")                 # Red: gatherer on the start forest (gold), open S
    play(g, 46, -1, 0, 0)                      # Blue: 46, forest f3 on its S edge only
    play(g, 33, -1, 1, 90, "f0")               # Red: gatherer on 33 @90 f0 (N, E; gold), joined to 46 f3
    events = play(g, 0, 0, 1, 90)              # Blue: tile 0 @90, forests f4 (N) and f3 (W) close both
    # Start forest 56 + 34 + 0 = 3 tiles x2 = 6; forest 46 + 33 + 0 = 3 tiles x2 = 6; both for Red.
    assert results(events) == [("Red", "forest", 6), ("Red", "forest", 6)]
    assert len(extra_turn_notes(events)) == 1
    assert_bonus_turn(g, "Blue")
    assert g.tiles_left["bonus"] == 11
    play(g, 90, 0, -1, 180)                    # Blue: the single bonus tile
    assert g.current_player == "Red" and not g.in_extra_turn and g.current_tile.kind == "normal"
    assert g.tiles_left["bonus"] == 11


def test_a_bonus_tile_that_fits_nowhere_is_discarded_and_another_is_drawn(tmp_path):
    """"If there is no legal place for the bonus card, the player discards it from the game and
    draws another." (A) — bonus tile 83 has rivers on all four sides, and no river is open. """
    g = classic_box(tmp_path, [59, 34, 37, 62], [83, 90])
    play(g, 59, -1, 0, 90)                     # Red: 59 @90, its lake closes the start river
    play(g, 34, 1, 0, 0)                       # Blue: closes the start forest's E end
    g.set_next_tile(83)                        # 83 will be the next bonus tile drawn
    events = play(g, 37, 0, 1, 0)              # Red: completes the gold start forest
    assert any(isinstance(e, TileRemoved) and e.tile == 83 for e in events)
    assert g.removed_tiles == (83,)
    assert_bonus_turn(g, "Red")
    assert g.current_tile.id == 90 and g.tiles_left["bonus"] == 0


# -- several tribe members in one forest ----------------------------------------------------------------
def three_forests_joined(red_on_37: bool, red_on_36: bool):
    """Blue's gatherer on the start forest (56 + 34, open S); 37 @270 at (1, 1) and 36 @270 at
    (-1, 1) are forests open only towards (0, 1), with Red's gatherers as asked; then Red places 63
    at (0, 1) (forest f0 on N, E, W; gold), joining the three forests: 56, 34, 37, 36, 63."""
    g = new_game()
    play(g, 48, -1, 0, 0)                      # Red: elsewhere (makes (-1, 1) reachable)
    play(g, 34, 1, 0, 0, "f3")                 # Blue: gatherer on the start forest
    play(g, 37, 1, 1, 270, "f0" if red_on_37 else None)    # Red: 37 @270, f0 on W only
    play(g, 62, 2, 0, 0)                       # Blue: elsewhere
    play(g, 36, -1, 1, 270, "f1" if red_on_36 else None)   # Red: 36 @270, f1 on E only
    play(g, 61, 3, 0, 0)                       # Blue: elsewhere
    return g, play(g, 63, 0, 1, 0)             # Red joins and completes the forest


def test_tied_gatherers_each_score_the_full_points():
    """"If several players tie with the most tribe members in the area, they each score the full
    points for the area." — "Red and blue each score 10 points." (A) """
    g, events = three_forests_joined(red_on_37=True, red_on_36=False)
    # Forest 56, 34, 37, 36, 63 = 5 tiles x2 = 10; Red 1 gatherer (37), Blue 1 (34): 10 each.
    assert results(events) == [("Blue", "forest", 10), ("Red", "forest", 10)]
    assert g.scores == {"Red": 10, "Blue": 10}
    assert figures_at(g) == {}
    assert g.supply["Red"].meeples == 5 and g.supply["Blue"].meeples == 5


def test_majority_of_gatherers_scores_12_alone():
    """"If a player has more tribe members, he scores the points alone." — "Red has the majority in
    this forest and scores the 12 points alone." (A) """
    g = new_game()
    play(g, 48, -1, 0, 0)                      # Red: elsewhere (makes (-1, 1) reachable)
    play(g, 34, 1, 0, 0, "f3")                 # Blue: gatherer on the start forest (56 + 34, open S)
    play(g, 39, 1, 1, 0, "f1")                 # Red: gatherer on 39 f1 (E, W; gold)
    play(g, 62, 2, 0, 0)                       # Blue: elsewhere
    play(g, 36, -1, 1, 270, "f1")              # Red: gatherer on 36 @270 f1 (E only)
    play(g, 61, 3, 0, 0)                       # Blue: elsewhere
    play(g, 35, 2, 1, 180)                     # Red: 35 @180 f1 (W only) closes 39's east end
    play(g, 53, -2, 0, 0)                      # Blue: elsewhere
    events = play(g, 63, 0, 1, 0)              # Red: 63 f0 (N, E, W) joins the three forests
    # Forest 56, 34, 39, 35, 36, 63 = 6 tiles x2 = 12; Red 2 gatherers (39, 36) vs Blue 1 (34).
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 12)
    assert terms(event) == [(6, 2)]
    assert g.scores == {"Red": 12, "Blue": 0}
    assert figures_at(g) == {}                 # all three gatherers return
    assert g.supply["Red"].meeples == 5 and g.supply["Blue"].meeples == 5


# -- huts ------------------------------------------------------------------------------------------------
def test_a_player_has_only_2_huts():
    """"Each player chooses a color, takes the 6 tribe members and 2 huts in that color" (A) — with
    both huts on the board, Red cannot place a third one, even on a river system without a hut. """
    g = new_game()
    play(g, 48, -1, 0, 0, hut="r1")            # Red: hut 1, on the start lake's river system
    play(g, 62, 0, -1, 0)                      # Blue
    play(g, 59, 1, 0, 90, hut="l8")            # Red: hut 2, on 59's lake (a second system)
    assert g.supply["Red"].huts == 0
    play(g, 61, -1, -1, 0)                     # Blue
    g.set_next_tile(49)
    g.apply(PlaceTile(0, -2, 0))               # Red: 49's river r1, a third system without a hut
    assert not any(isinstance(a, PlaceHut) for a in g.legal_actions())
    assert PlaceMeeple(0, -2, "r1") in g.legal_actions()
    before = snapshot(g)
    with pytest.raises(wp.IllegalActionError):
        g.apply(PlaceHut(0, -2, "r1"))
    assert snapshot(g) == before


def test_hut_scores_1_point_per_fish_of_the_whole_river_system_across_lakes(tmp_path):
    """"A hut owns the entire river system that it stands on. A river system is all connected lakes
    and river segments, and is not broken by lakes with fish." — "A player, who alone has a hut on
    a river system, scores 1 point for each fish in the river system." — "For the scoring of the
    huts, it is unimportant whether the river system is closed (complete) or not." — "Blue scores 5
    points (5 fish)." (A) — the picture's tiles are not known; the reconstruction gives 5 fish in
    three lakes of one open river system. """
    g = classic_box(tmp_path, [62, 1, 4])
    play(g, 62, 0, -1, 0)                      # Red: elsewhere
    play(g, 1, -1, 0, 0, hut="l8")             # Blue: hut on tile 1's lake (3 fish), rivers E and W
    g.set_next_tile(4)
    g.apply(PlaceTile(-2, 0, 90))              # Red, last tile: 4 @90, lake (1 fish) with rivers E and W
    # The system runs through three lakes: Blue's hut owns it all, so Red may not add a hut.
    assert PlaceHut(-2, 0, "l8") not in g.legal_actions()
    assert PlaceHut(-2, 0, "r5") not in g.legal_actions()
    events = g.apply(Pass())
    # Fish: start lake 1 + tile 1's lake 3 + tile 4's lake 1 = 5; the system is still open at 4's W river.
    assert g.is_over
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Blue", "river system", 5)
    assert terms(event) == [(5, 1)]
    assert g.scores == {"Red": 0, "Blue": 5}


def test_most_huts_on_a_river_system_score_alone(tmp_path):
    """"If several players tie with the most huts on a river system, each scores the full points [...]
    If one player has the most huts, he scores the points alone." (A) """
    g = classic_box(tmp_path, [20, 62, 59, 0, 9])
    play(g, 20, -1, 0, 0, hut="r1")            # Red: hut on the start lake's system (20's river: no fish)
    play(g, 62, -2, 0, 0)                      # Blue: meadow, to reach (-2, -1)
    play(g, 59, 0, -1, 270, hut="l8")          # Red: hut on 59's lake (1 fish), a second system
    play(g, 0, -2, -1, 90, hut="l8")           # Blue: hut on tile 0's lake (2 fish), a third system
    events = play(g, 9, -1, -1, 90)            # Red, last tile: 9's lake (2 fish) joins all three
    # One system: lakes of 56 (1), 59 (1), 0 (2), 9 (2) = 6 fish; Red 2 huts, Blue 1: Red alone.
    assert g.is_over
    assert results(events) == [("Red", "river system", 6)]
    assert g.scores == {"Red": 6, "Blue": 0}


def test_tied_huts_each_score_the_full_points(tmp_path):
    """"If several players tie with the most huts on a river system, each scores the full points (1
    point for each fish in the system) for the system." (A) """
    g = classic_box(tmp_path, [20, 1, 57, 13])
    play(g, 20, -1, 0, 0, hut="r1")            # Red: hut, start lake 1 fish
    play(g, 1, 0, -1, 180, hut="l8")           # Blue: hut on tile 1's lake (3 fish), rivers E and W
    play(g, 57, 1, -1, 270)                    # Red: 57's lake (2 fish) on Blue's system
    events = play(g, 13, -1, -1, 0)            # Blue, last tile: 13's lake (2 fish) joins the systems
    # One system: 1 + 3 + 2 + 2 = 8 fish (still open at 13's N and W rivers); 1 hut each: 8 each.
    assert g.is_over
    assert results(events) == [("Blue", "river system", 8), ("Red", "river system", 8)]
    assert g.scores == {"Red": 8, "Blue": 8}


# -- meadows and hunters --------------------------------------------------------------------------------
def test_final_scoring_meadow_1_one_deer_scores_2(tmp_path):
    """"meadow 1: 1 deer; green scores 2 points." (A) """
    g = classic_box(tmp_path, [34], players=("Green", "Blue"))
    events = play(g, 34, 1, 0, 0, "m2")        # Green, last tile: hunter on 34's S meadow m2 (1 deer)
    assert g.is_over
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Green", "grassland", 2)
    assert terms(event) == [(1, 2)]
    assert g.scores == {"Green": 2, "Blue": 0}


def test_final_scoring_meadow_2_tiger_eats_the_deer_and_tied_hunters_each_score_2(tmp_path):
    """"meadow 2: 1 deer, 1 mammoth, and 1 tiger; red and yellow each score 2 points for the
    mammoth; the tiger eliminates the deer." (A) """
    g = classic_box(tmp_path, [34, 33, 61, 31], players=("Red", "Yellow"))
    play(g, 34, 1, 0, 0, "m2")                 # Red: hunter on 34's S meadow m2 (deer)
    play(g, 33, 2, 0, 90, "m1")                # Yellow: hunter on 33 m1 (joins 34's E meadow m1)
    play(g, 61, 2, 1, 0)                       # Red: mammoth tile 61 joins Yellow's meadow
    events = play(g, 31, 1, 1, 270)            # Yellow, last tile: 31 m1 (tiger) joins both meadows
    # Meadow: 34 m2 deer + 34 m1 + 33 m1 + 61 mammoth + 31 m1 tiger. The tiger eats the deer:
    # 1 mammoth x2 = 2, for each of the tied hunters.
    assert g.is_over
    assert results(events) == [("Red", "grassland", 2), ("Yellow", "grassland", 2)]
    assert all(terms(e) == [(1, 2)] for e in scored(events))
    assert g.scores == {"Red": 2, "Yellow": 2}


def test_final_scoring_meadow_3_majority_scores_8_alone_with_the_aurochs_of_a_bonus_tile(tmp_path):
    """"meadow 3: 2 deer, 2 mammoths, 1 aurochs, and 1 tiger; red has the most hunters and alone
    scores the 8 points (2 mammoths = 4 points, 1 aurochs = 2 points, 1 deer = 2 points)." (A) —
    aurochs are on bonus tiles only ("Each aurochs adds 2 points to the scoring of a hunter."), so
    the aurochs comes with bonus tile 90 (a mammoth and an aurochs). The reconstructed bonus tiles
    with an aurochs (80, 86, 90) are not the picture's, so here one of the two mammoths is on the
    bonus tile and the other on the start tile; the animals and the 8 points are the picture's. """
    g = classic_box(tmp_path, [49, 37, 34, 31, 36, 46], [90])
    play(g, 49, -1, 0, 0, "m0")                # Red: hunter on 49 m0 (deer), joined to the start mammoth
    play(g, 37, 1, 0, 270)                     # Blue: 37 @270 closes the start forest's E end (m1: deer)
    play(g, 34, -1, -1, 90, "m0")              # Red: hunter on 34 @90 m0 (E edge, no animal), apart
    play(g, 31, 1, -1, 90, "m1")               # Blue: hunter on 31 @90 m1 (tiger), joined to 37's deer
    play(g, 36, 0, 1, 180)                     # Red: 36 @180 completes the gold start forest: bonus tile
    assert_bonus_turn(g, "Red")
    g.apply(PlaceTile(0, -1, 180))             # Red: 90 @180 joins the three meadows (S, E and W)
    # "all 3 hunters are in the same meadow. Note: the player, who placed the tile may not place a
    # hunter as the meadow already has hunters in it." (A)
    assert PlaceMeeple(0, -1, "m0") not in g.legal_actions()
    assert len({g.area_at(f.x, f.y, f.feature).key for f in g.figures()}) == 1
    g.apply(Pass())
    events = play(g, 46, 0, 2, 0)              # Blue, last land tile, far from that meadow
    # Meadow: mammoths of 56 and 90, aurochs of 90, deer of 49 and 37, tiger of 31.
    # 2 mammoths x2 + 1 aurochs x2 + (2 deer - 1 eaten) x2 = 8; Red 2 hunters vs Blue 1: Red alone.
    assert g.is_over
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "grassland", 8)
    assert terms(event) == [(1, 2), (1, 2), (2, 2)]
    assert g.scores == {"Red": 8, "Blue": 0}


def test_final_scoring_meadow_4_two_tigers_and_one_deer_score_0_not_negative(tmp_path):
    """"meadow 4: 2 tigers and 1 deer; blue scores no points, but no minus points for the extra
    tiger." — "If there are more tigers than deer in the meadow, the extra tigers do not represent
    minus points" (A) """
    g = classic_box(tmp_path, [37, 31, 32])
    play(g, 37, 1, 0, 270)                     # Red: 37 @270, m1 (N, E, S) with a deer
    play(g, 31, 1, 1, 270, "m1")               # Blue: hunter on 31 m1 (tiger), joined to the deer
    events = play(g, 32, 2, 0, 180)            # Red, last tile: 32 m1, a second tiger, joins
    assert g.is_over
    assert [(e.player, e.points) for e in scored(events)] == [("Blue", 0)]
    assert g.scores == {"Red": 0, "Blue": 0}


# -- the bonus tiles' powers ------------------------------------------------------------------------------
def test_fire_chases_all_tigers_of_its_meadow(tmp_path):
    """"The fire chases all tigers from the meadow. Thus, all deer in this meadow are scored." (A) —
    the rulebook gives no numbers; these are the tiles'. """
    g = classic_box(tmp_path, [62, 31, 34, 32, 37, 46], [85])
    play(g, 62, 0, -1, 0, "m0")                # Red: hunter; meadow: start mammoth + 62 deer
    play(g, 31, 1, -1, 90)                     # Blue: 31 m1 (S, W) tiger joins
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's E end
    play(g, 32, -1, -1, 270)                   # Blue: 32 m1 (N, E) tiger joins
    # Mammoth 2 + deer 2, eaten by the tigers: 2.
    assert g.projected_scores() == {"Red": 2, "Blue": 0}
    play(g, 37, 0, 1, 0)                       # Red: completes the gold start forest: bonus tile
    assert_bonus_turn(g, "Red")
    play(g, 85, 0, -2, 0)                      # Red: the fire 85 (all meadow) joins the meadow
    assert g.projected_scores() == {"Red": 4, "Blue": 0}
    events = play(g, 46, 0, 2, 0)              # Blue, last land tile, on 37's separate meadow
    # Both tigers are chased away: mammoth 2 + deer 2 = 4.
    assert g.is_over
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "grassland", 4)
    assert terms(event) == [(1, 2), (1, 2)]
    assert g.scores == {"Red": 4, "Blue": 0}


def test_a_mushroom_card_adds_2_points_to_a_completed_forest():
    """"Each card with mushrooms adds 2 points to the scoring of a completed forest." (A) """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's E end
    play(g, 35, 0, -1, 0)                      # Blue: 35 f1 (E only) at (0, -1)
    play(g, 37, 0, 1, 0)                       # Red: completes the gold start forest: bonus tile
    assert_bonus_turn(g, "Red")
    play(g, 79, 1, -1, 180, "f1")              # Red: 79 @180, forest f1 (W, E) with mushrooms joins 35 f1
    events = play(g, 36, 2, -1, 90)            # Blue: 36 @90 (f1 on W only) completes it
    # Forest 35 + 79 + 36 = 3 tiles x2 + 1 mushroom card x2 = 8, for Red's gatherer.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "forest", 8)
    assert terms(event) == [(1, 2), (3, 2)]


def test_two_mushroom_cards_add_2_points_each():
    """"Each card with mushrooms adds 2 points to the scoring of a completed forest." (A) — both
    mushroom bonus tiles (79 and 87) in one forest, which the second of them completes in a bonus
    turn and which is "scored immediately" (A) for the gatherer already in it. """
    g = new_game()
    play(g, 34, 1, 0, 0)                       # Red: closes the start forest's E end
    play(g, 35, 0, -1, 0, "f1")                # Blue: gatherer on 35 f1 (E only) at (0, -1)
    play(g, 37, 0, 1, 0)                       # Red: completes the gold start forest: bonus tile
    assert_bonus_turn(g, "Red")
    play(g, 79, 1, -1, 180)                    # Red: 79 @180, forest f1 (W, E), mushrooms: joins 35 f1
    play(g, 75, 1, 1, 0)                       # Blue: 75, gold forest f1 (E, S)
    play(g, 41, 2, 1, 0)                       # Red: 41 f2 (W only) closes 75's E end
    play(g, 36, 2, 0, 180)                     # Blue: 36 @180, forest f1 on N only, below (2, -1)
    play(g, 67, 1, 2, 0)                       # Red: 67 f0 (N only) completes 75's gold forest: bonus
    assert_bonus_turn(g, "Red")
    events = play(g, 87, 2, -1, 90)            # Red: 87 @90, forest f1 (S, W), mushrooms: completes it
    # Forest 35 + 79 + 87 + 36 = 4 tiles x2 + 2 mushroom cards x2 = 12, for Blue's gatherer.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Blue", "forest", 12)
    assert terms(event) == [(2, 2), (4, 2)]
    assert set(g.area_at(2, -1, "f1").cells) == {(0, -1), (1, -1), (2, -1), (2, 0)}
    assert g.current_player == "Blue" and not g.in_extra_turn


def test_the_sacred_shrine_hunter_scores_the_meadow_alone_even_against_more_hunters(tmp_path):
    """"When a player places a hunter on the sacred shrine, only he scores points for the animals in
    this meadow. Other players do not score points for hunters in this meadow, even if they have
    more hunters." (A) — the rulebook gives no numbers; the reconstructed shrine (tile 94's layout)
    has a tiger in its meadow, which counts like any other tiger. """
    g = classic_box(tmp_path, [37, 49, 36, 34, 61], [94])
    play(g, 37, 1, 0, 270)                     # Red: 37 @270 closes the start forest's E end (m1: deer)
    play(g, 49, -1, 0, 0, "m0")                # Blue: hunter on 49 m0 (deer), joined to the start mammoth
    play(g, 36, 0, 1, 180)                     # Red: 36 @180 completes the gold start forest: bonus tile
    assert_bonus_turn(g, "Red")
    play(g, 94, 1, -1, 0, "m1")                # Red: hunter on the shrine 94 m1 (tiger), with 37's deer
    play(g, 34, -1, -1, 90, "m0")              # Blue: a second hunter, on 34 @90 m0, apart
    events = play(g, 61, 0, -1, 0)             # Red, last tile: 61 (mammoth) joins the three meadows
    assert g.is_over
    hunters = [(f.player, f.x, f.y) for f in g.figures() if f.role == "hunter"]
    assert sorted(hunters) == [("Blue", -1, -1), ("Blue", -1, 0), ("Red", 1, -1)]
    assert len({g.area_at(f.x, f.y, f.feature).key for f in g.figures()}) == 1   # all in one meadow
    # Meadow: mammoths of 56 and 61, deer of 49 and 37, the shrine's tiger: 2 x2 + (2 - 1) x2 = 6.
    # Blue has 2 hunters, Red 1, but Red's is on the shrine: Red alone scores.
    [event] = scored(events)
    assert (event.player, event.what, event.points) == ("Red", "grassland", 6)
    assert terms(event) == [(1, 2), (2, 2)]
    assert g.scores == {"Red": 6, "Blue": 0}


# -- the end of the game -----------------------------------------------------------------------------------
def test_game_ends_after_the_last_land_tile_incomplete_forests_and_rivers_score_nothing(tmp_path):
    """"The game ends at the end of a player's turn, when the last land tile (not bonus card!) has
    been placed. All incomplete forests and rivers have no value and will not be scored. The
    players remove their gatherers and fishermen from the incomplete forests and rivers on the
    playing area. The huts on the rivers and the hunters in the meadows remain on the playing area
    for the final scoring!" (A) — "(there might still be bonus tiles remaining)" (B) """
    g = classic_box(tmp_path, [48, 34, 62], [90])
    play(g, 48, -1, 0, 0, "r1")                # Red: fisherman on the start lake's river, open to the W
    play(g, 34, 1, 0, 0, "f3")                 # Blue: gatherer on the start forest, open to the S
    assert not g.is_over and g.tiles_left["regular"] == 0 and g.current_tile.id == 62
    events = play(g, 62, 0, -1, 0, "m0")       # Red: the last land tile, a hunter on the north meadow
    assert g.is_over and g.phase == "over" and g.current_player is None and g.current_tile is None
    assert g.tiles_left["bonus"] == 1          # the bonus tile stays unplayed
    assert g.legal_actions() == []
    # Only the hunter scores: start m0 mammoth 2 + 62 deer 2 + 48 m0 (nothing) = 4.
    assert results(events) == [("Red", "grassland", 4)]
    assert g.scores == {"Red": 4, "Blue": 0}
    assert figures_at(g) == {(0, -1, "m0"): ("Red", "hunter")}
    assert g.supply["Red"].meeples == 4 and g.supply["Blue"].meeples == 5
    before = snapshot(g)
    for action in (Pass(), PlaceTile(0, -2, 0), PlaceMeeple(0, -1, "m0")):
        with pytest.raises(wp.IllegalActionError):
            g.apply(action)
    assert snapshot(g) == before


def test_a_bonus_tile_earned_with_the_last_land_tile_is_still_placed(tmp_path):
    """"The game ends immediately after the turn in which the last Land tile has been placed" and
    "the player who placed the tile to complete the forest(s) immediately receives and places a
    single bonus tile." (B) — ruling (docs/rulings.md, "The bonus tile belongs to the same turn"):
    the bonus tile is part of that turn, so it is placed before the game ends. """
    g = classic_box(tmp_path, [34, 37], [90])
    play(g, 34, 1, 0, 0)                       # Red
    events = play(g, 37, 0, 1, 0)              # Blue: the last land tile completes the gold start forest
    assert not g.is_over and extra_turn_notes(events)
    assert_bonus_turn(g, "Blue")
    assert g.tiles_left == {"regular": 0, "bonus": 0}
    events = play(g, 90, 0, -1, 180, "m0")     # Blue: bonus tile 90, hunter on its meadow
    # The game ends now; Blue's hunter: start mammoth + 90's mammoth and aurochs = 3 x2 = 6.
    assert g.is_over
    assert results(events) == [("Blue", "grassland", 6)]
    assert g.scores == {"Red": 0, "Blue": 6}


def test_without_the_ruling_the_game_ends_before_the_bonus_tile(tmp_path):
    """The switch of that ruling: ``rules={"extra_turn_after_last_tile": False}`` reads "The game
    ends [...] when the last land tile (not bonus card!) has been placed" (A) as ending the game at
    once, with the bonus tile unplayed. """
    g = classic_box(tmp_path, [34, 37], [90], rules={"extra_turn_after_last_tile": False})
    play(g, 34, 1, 0, 0)                       # Red
    play(g, 37, 0, 1, 0)                       # Blue: the last land tile completes the gold start forest
    assert g.is_over and not g.in_extra_turn
    assert g.tiles_left["bonus"] == 1
    assert 90 not in [o.tile.id for o in g.board.values()]
