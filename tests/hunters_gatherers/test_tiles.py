"""Tile sets: the shipped data, the geometry of rotations, and validation of user files."""

from __future__ import annotations

import textwrap
from collections import Counter
from importlib import resources

import pytest

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import TileSetError, load_tileset, parse_tileset
from widgetpkg.games.hunters_gatherers.reconstruct import classic_yaml
from widgetpkg.games.hunters_gatherers.tiles import ROTATIONS


def _features(tileset):
    return [f for t in tileset.by_id.values() for f in t.features]


def test_2020_set_matches_the_published_totals():
    tiles = load_tileset("2020")
    assert (len(tiles), len(tiles.regular), len(tiles.extra), tiles.start.id) == (95, 78, 16, 56)
    assert sorted(t.id for t in tiles.extra) == list(range(79, 95))
    animals = Counter(a for f in _features(tiles) for a in f.animals)
    assert animals == {"deer": 33, "aurochs": 13, "mammoth": 8, "tiger": 13}
    forests = Counter(f.kind for f in _features(tiles) if f.type == "forest")
    assert (forests["menhir"], forests["mushrooms"]) == (31, 2)
    lakes = [f for f in _features(tiles) if f.type == "lake"]
    assert (len(lakes), sum(f.fish for f in lakes)) == (29, 42)
    assert sum(f.fish for f in _features(tiles) if f.type == "river") == 8
    specials = sorted(f.special for f in _features(tiles) if f.special)
    assert specials == ["hunting_trap", "logboat", "pit_trap", "raft", "shaman", "wild_fire"]


def test_classic_reconstruction_is_what_the_derivation_produces():
    shipped = resources.files("widgetpkg.games.hunters_gatherers").joinpath("data", "tiles-classic.yaml").read_text("utf-8")
    assert shipped == classic_yaml(), "run python -m widgetpkg.games.hunters_gatherers.reconstruct"


def test_classic_reconstruction_follows_the_classic_vocabulary():
    tiles = load_tileset("classic")
    assert (len(tiles.regular), len(tiles.extra), tiles.extra_kind) == (78, 12, "bonus")
    land = [f for t in (tiles.start, *tiles.regular) for f in t.features]
    assert not any("aurochs" in f.animals for f in land)
    assert not any(f.kind in ("menhir", "mushrooms") for f in land)
    assert not any(f.fish for f in _features(tiles) if f.type == "river")
    start = tiles.start.feature("m0"), tiles.start.feature("f1")
    assert start[0].animals == ("mammoth",) and start[1].kind == "gold"
    bonus_specials = sorted(f.special for t in tiles.extra for f in t.features if f.special)
    assert bonus_specials == ["shrine", "wild_fire"]
    assert any(f.kind == "mushrooms" for t in tiles.extra for f in t.features)
    assert any("aurochs" in f.animals for t in tiles.extra for f in t.features)
    # every tile keeps the id of the 2020 tile it was derived from, with the same edges
    original = load_tileset("2020").by_id
    assert all(original[t.id].edges == t.edges for t in tiles.by_id.values())


@pytest.mark.parametrize("edition", ["2020", "classic"])
def test_rotation_turns_every_edge_clockwise(edition):
    for tile in load_tileset(edition).by_id.values():
        for r in ROTATIONS:
            turned = tile.rotations[r].edges
            assert all(turned[(s + r // 90) % 4] == tile.edges[s] for s in range(4))


def test_fit_table_agrees_with_edges():
    tile = load_tileset("2020").by_id[56]  # N meadow, E forest, S forest, W river
    forest_north = 1  # two bits a side: forest = 1 on the north side
    assert tile.fits(forest_north) == tuple(r for r in ROTATIONS if tile.rotations[r].edges[0] == "forest")
    assert tile.fits(0) == ROTATIONS


GOOD_TILE = """
  - id: 1
    kind: start
    edges: {N: meadow, E: meadow, S: river, W: meadow}
    features:
      - {id: m0, type: meadow, touches: [N, E, S-east, S-west, W], animals: [deer]}
      - {id: r1, type: river, touches: [S], fish: 0, end_inside: true}
  - id: 2
    kind: normal
    edges: {N: forest, E: meadow, S: meadow, W: meadow}
    features:
      - {id: f0, type: forest, touches: [N], kind: plain}
      - {id: m1, type: meadow, touches: [E, S, W], animals: []}
"""


def _set(tiles: str, totals: str = "") -> str:
    return textwrap.dedent(totals) + "tiles:" + tiles


def test_a_minimal_user_set_loads(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(_set(GOOD_TILE))
    tiles = load_tileset(path)
    assert (tiles.start.id, [t.id for t in tiles.regular]) == (1, [2])
    g = wp.new_game("hunters-gatherers", players=["A", "B"], tileset=str(path), seed=1)
    assert g.current_tile.id == 2 and '"tileset"' in g.to_json()


@pytest.mark.parametrize("broken, message", [
    (GOOD_TILE.replace("E: meadow, S: river", "E: swamp, S: river"), "tiles[0].edges.E: expected one of \"forest\", \"meadow\", \"river\", got the text 'swamp'"),
    (GOOD_TILE.replace("touches: [N], kind: plain", "touches: [N, E], kind: plain"), "touches E, which is meadow"),
    (GOOD_TILE.replace("S-east, S-west, W]", "S-east, W]"), "no feature touches S-west"),
    (GOOD_TILE.replace("touches: [S], fish: 0, end_inside: true", "touches: [S], fish: 0"), "exactly two ends"),
    (GOOD_TILE.replace("animals: [deer]", "animals: [dodo]"), "animals[0]: expected one of \"mammoth\", \"aurochs\", \"deer\", \"tiger\", got the text 'dodo'"),
    (GOOD_TILE.replace("id: 2\n", "id: 1\n"), "tile id 1 appears twice"),
    (GOOD_TILE.replace("kind: normal", "kind: start"), "exactly one start tile"),
    (GOOD_TILE.replace("W], animals: [deer]", "W, N-west], animals: [deer]"), "N-west is half of an edge, but only river edges have halves"),
    (GOOD_TILE.replace("S-east, S-west", "S-north, S-west"), "unknown half edge 'S-north'"),
])
def test_invalid_tile_sets_say_what_is_wrong(broken, message):
    with pytest.raises(TileSetError, match=message.replace("(", r"\(").replace("[", r"\[")):
        parse_tileset(_set(broken))


def test_wrong_totals_are_reported():
    with pytest.raises(TileSetError, match="totals say 5 normal tiles, the file has 1"):
        parse_tileset(_set(GOOD_TILE, "totals: {normal: 5}\n"))


@pytest.mark.parametrize("text", ["", "tiles: 3", "- just a list", "tiles: [{id: x}]", ": : :"])
def test_malformed_files_are_rejected_clearly(text):
    with pytest.raises(TileSetError):
        parse_tileset(text)


def test_unknown_tileset_name_is_an_option_error():
    with pytest.raises(wp.InvalidOptionError, match="no tile set named 'nope'"):
        wp.new_game("hunters-gatherers", tileset="nope")
