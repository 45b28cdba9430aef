"""Hunters & Gatherers' encoding for learning agents: every legal action of every position reached
has an index that leads back to it, the mask is exactly the legal indices, and the observation
shows what a player sees and nothing of the piles' order."""

from __future__ import annotations

import random

import numpy as np
import pytest
from scenario_helpers import play

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile, RetakeMeeple
from widgetpkg.games.hunters_gatherers.encoding import WINDOW, anchor

CASES = [(edition, players) for edition in ("2020", "classic") for players in (2, 3, 4, 5)]


def check_position(g, enc, rng: random.Random, seen: set[str]) -> None:
    """The encoding's promises in the position ``g`` is in now."""
    legal = g.legal_actions()
    by_index = enc.legal_indices(g)
    assert len(by_index) == len(legal), "two legal actions share an index"
    for index, action in by_index.items():
        assert 0 <= index < enc.action_count
        assert enc.action_index(g, action) == index
        seen.add(type(action).__name__)
    index = rng.choice(sorted(by_index))
    assert enc.action(g, index) == by_index[index]
    mask = enc.mask(g)
    assert len(mask) == enc.action_count and [i for i, m in enumerate(mask) if m] == sorted(by_index)
    if g.phase == "place_tile":  # the window bound holds with room to spare
        cx, cy = anchor(g)
        assert max(abs(a.x - cx) + abs(a.y - cy) for a in legal) <= enc.radius


def play_checked(edition: str, players: int, seed: int, seen: set[str]) -> None:
    g = wp.new_game("hunters-gatherers", players=players, edition=edition, seed=seed)
    enc = g.encoding()
    rng = random.Random(seed)
    while not g.is_over:
        check_position(g, enc, rng, seen)
        if rng.random() < 0.1:  # now and then: the flat vector, its sparse form and the parts agree
            player = rng.choice(g.players)
            flat = enc.vector(g, player)
            where, values = enc.sparse_vector(g, player)
            assert len(flat) == enc.observation_size
            assert [i for i, v in enumerate(flat) if v] == sorted(where)
            assert all(flat[i] == v for i, v in zip(where, values))
            parts = enc.observation(g, player)
            assert {k: len(v) for k, v in parts.items()} == enc.parts
            assert [v for part in parts.values() for v in part] == flat
            filled = np.zeros(enc.observation_size, np.float32)
            enc.fill_vector(g, player, filled)  # the board window kept per board
            assert filled.tolist() == np.array(flat, np.float32).tolist()
            assert enc.packed_vector(g, player).tolist() == filled.tolist()  # the env's path
        # figures more often than the uniform choice would place them, so that retakes happen
        legal = g.legal_actions()
        figures = [a for a in legal if not isinstance(a, Pass)]
        g.apply(rng.choice(figures if figures and rng.random() < 0.7 else legal))
    assert enc.legal_indices(g) == {} and not any(enc.mask(g))


@pytest.mark.parametrize(("edition", "players"), CASES)
def test_every_legal_action_has_an_index_that_leads_back_to_it(edition, players):
    seen: set[str] = set()
    play_checked(edition, players, seed=players, seen=seen)
    assert {"PlaceTile", "PlaceMeeple", "PlaceHut", "Pass"} <= seen


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players"), CASES)
def test_every_legal_action_has_an_index_in_many_games(edition, players):
    seen: set[str] = set()
    for seed in range(100, 125):
        play_checked(edition, players, seed, seen)
    assert "RetakeMeeple" in seen or edition == "classic"  # the shaman is a 2020 tile


def test_the_shaman_retakes_by_graph_node():
    # the opening of test_specials_2020.shaman_opening: Red completes the start forest, and its
    # extra turn places the shaman with a hunter of Red's out on (1, 0)
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    enc = g.encoding()
    play(g, 20, -1, 0, 0, hut="r1")
    play(g, 62, 0, -1, 0, "m0")
    play(g, 34, 1, 0, 0, "m2")
    play(g, 61, 2, 0, 0)
    play(g, 37, 0, 1, 0)
    g.set_next_tile(88)
    g.apply(PlaceTile(-1, -1, 180))
    assert g.phase == "retake_meeple"
    by_index = enc.legal_indices(g)
    assert by_index and all(isinstance(a, RetakeMeeple) for a in by_index.values())
    for index, action in by_index.items():
        node = g.node(action.x, action.y, action.feature)
        assert enc.action(g, index) == action and index < enc.action_index(g, Pass())
        assert enc.observation(g, "Red")["my_meeples"][node] == 1.0
        assert "take back the meeple" in enc.describe(index)


def test_an_action_outside_the_window_or_of_setup_has_no_index():
    g = wp.new_game("hunters-gatherers", players=2, seed=1)
    enc = g.encoding()
    with pytest.raises(wp.IllegalActionError, match="outside the encoded window"):
        enc.action_index(g, PlaceTile(enc.radius + 1, 0, 0))
    with pytest.raises(wp.IllegalActionError, match="no index"):
        enc.action_index(g, wp.hunters_gatherers.SetNextTile(3))
    with pytest.raises(wp.IllegalActionError, match="not legal now"):
        enc.action(g, enc.action_index(g, Pass()))
    with pytest.raises(wp.IllegalActionError, match="does not play"):
        enc.vector(g, "Mallory")
    with pytest.raises(wp.IllegalActionError, match="does not play"):
        enc.fill_vector(g, "Mallory", np.zeros(enc.observation_size, np.float32))


def test_the_observation_hides_the_order_of_the_piles():
    g = wp.new_game("hunters-gatherers", players=3, seed=8)
    rng = random.Random(8)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    twin = g.clone(resample_hidden=random.Random(99))
    assert twin._regular != g._regular and sorted(twin._regular) == sorted(g._regular)  # only the order differs
    enc = g.encoding()
    for player in g.players:
        assert enc.vector(twin, player) == enc.vector(g, player)


def test_the_observation_shows_the_board_hand_and_figures_from_each_seat():
    g = wp.new_game("hunters-gatherers", players=2, seed=2)
    enc = g.encoding()
    hand = g.current_tile.id
    seen = enc.observation(g, "Red")
    assert seen["unseen"][hand] == 0.0 and sum(seen["unseen"]) == sum(g.tiles_left.values())
    assert seen["hand"][0] == 1.0 and seen["phase"][0] == 1.0
    board = seen["board"]
    centre = ((WINDOW // 2) * WINDOW + WINDOW // 2) * enc.channels  # the start tile, alone, is the anchor
    assert board[centre] == 1.0 and sum(board[::enc.channels]) == 1.0
    placing = next(a for a in g.legal_actions() if isinstance(a, PlaceTile))
    g.apply(placing)
    meeple = next(a for a in g.legal_actions() if isinstance(a, PlaceMeeple))
    g.apply(meeple)
    node = g.node(meeple.x, meeple.y, meeple.feature)
    cx, cy = anchor(g)
    cell = ((meeple.y - cy + WINDOW // 2) * WINDOW + meeple.x - cx + WINDOW // 2) * enc.channels
    red, blue = enc.observation(g, "Red"), enc.observation(g, "Blue")
    assert red["my_meeples"][node] == 1.0 and blue["my_meeples"][node] == 0.0
    figures = enc.channels - 2 * 2  # per seat, the observer first: meeples then huts
    assert red["board"][cell + figures] == 1.0 and blue["board"][cell + figures + 2] == 1.0
    assert red["players"][:4] != blue["players"][:4]  # each sees itself first


def test_the_kept_board_window_follows_undo_and_a_moving_anchor():
    # the env's vector keeps the printed board per board and extends it tile by tile: a tile
    # taken back, or the anchor moving as the board grows, must rebuild it, never show stale tiles
    g = wp.new_game("hunters-gatherers", players=2, seed=5)
    enc = g.encoding()
    rng = random.Random(5)
    anchors = set()
    for step in range(120):
        if g.is_over:
            break
        if step % 9 == 8 and g.history:
            g.undo()
        else:
            g.apply(rng.choice(g.legal_actions()))
        anchors.add(anchor(g))
        for player in g.players:
            filled = np.zeros(enc.observation_size, np.float32)
            enc.fill_vector(g, player, filled)
            assert filled.tolist() == np.array(enc.vector(g, player), np.float32).tolist(), step
    assert len(anchors) > 3


def test_the_kept_board_sees_a_tile_placed_again_elsewhere_or_turned_otherwise():
    # the env keeps each board's cells and tile sides and extends them: after an undo, the same
    # tile on another cell (same side object) or on the same cell turned otherwise (same cell
    # object) must rebuild the kept board, never show the tile where it was before
    g = wp.new_game("hunters-gatherers", players=2, seed=3)
    enc = g.encoding()
    rng = random.Random(3)
    while not (g.phase == "place_tile" and len({(a.x, a.y) for a in g.legal_actions()}) > 1
               and any(a.rotation != 0 for a in g.legal_actions())):
        g.apply(rng.choice(g.legal_actions()))
    legal = g.legal_actions()
    first = next(a for a in legal if a.rotation != 0 and any(b.rotation == a.rotation and (b.x, b.y) != (a.x, a.y)
                                                                for b in legal))
    elsewhere = next(b for b in legal if b.rotation == first.rotation and (b.x, b.y) != (first.x, first.y))
    turned = next(b for b in legal if (b.x, b.y) == (first.x, first.y) and b.rotation != first.rotation)
    for again in (elsewhere, turned):
        g.apply(first)
        filled = np.zeros(enc.observation_size, np.float32)
        enc.fill_vector(g, g.players[0], filled)
        assert enc.legal_indices(g) == {enc.action_index(g, a): a for a in g.legal_actions()}
        g.undo()
        g.apply(again)
        enc.fill_vector(g, g.players[0], filled := np.zeros(enc.observation_size, np.float32))
        assert filled.tolist() == np.array(enc.vector(g, g.players[0]), np.float32).tolist(), again
        assert enc.legal_indices(g) == {enc.action_index(g, a): a for a in g.legal_actions()}
        g.undo()


def test_the_kept_window_follows_several_tiles_placed_between_two_looks():
    # a learner may look now and then: the window then moves by more than one cell at once,
    # and several tiles come into view together
    for seed in range(6):
        g = wp.new_game("hunters-gatherers", players=2 + seed % 4, seed=seed)
        enc = g.encoding()
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            if rng.random() < 0.15:
                player = rng.choice(g.players)
                filled = np.zeros(enc.observation_size, np.float32)
                enc.fill_vector(g, player, filled)
                assert filled.tolist() == np.array(enc.vector(g, player), np.float32).tolist()


def test_a_moved_window_equals_one_painted_afresh():
    # boards of random games rarely reach past the window, so the strips a move brings into
    # view are checked here on a board that fills a wide square: every move of up to 3 cells
    g = wp.new_game("hunters-gatherers", players=2, seed=1)
    enc = g.encoding()
    rng = random.Random(1)
    sides = [side for tile in g.tileset.tiles for side in tile.rotations.values()]
    board = {(x, y): rng.choice(sides) for x in range(-14, 15) for y in range(-14, 15) if rng.random() < 0.7}
    cells, placed = tuple(board), tuple(board.values())
    for old in [(0, 0), (2, -3), (-4, 1)]:
        before = enc._paint(None, old, cells, placed, {}, None)
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                centre = (old[0] + dx, old[1] + dy)
                moved, bases = enc._shift(before.copy(), old, centre, board)
                afresh: dict[int, int] = {}
                assert np.array_equal(moved, enc._paint(None, centre, cells, placed, afresh, None)), (old, dx, dy)
                assert bases == afresh


def test_a_tile_removed_from_the_game_is_no_longer_unseen():
    # the env's unseen part is worked out as the tiles off the board, less the one in hand and
    # those removed; a tile that fits nowhere leaves the game (test_rulebook_2020's scenario)
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    enc = g.encoding()
    g.set_next_tile(59)
    g.apply(PlaceTile(-1, 0, 90))
    g.set_next_tile(13)
    g.apply(Pass())
    assert g.removed_tiles == (13,)
    for player in g.players:
        filled = np.zeros(enc.observation_size, np.float32)
        enc.fill_vector(g, player, filled)
        assert filled.tolist() == np.array(enc.vector(g, player), np.float32).tolist()
        assert enc.observation(g, player)["unseen"][13] == 0.0
