"""Property-based fuzzing of saved games and tile-set files (hypothesis).

A mutated save either loads into a game that passes the random suite's invariants and saves
back to the same text, or raises SaveFileError with a short message: never another exception.
Tile-set text likewise loads or raises TileSetError. ``-m slow`` runs the larger campaigns;
``-s`` prints the counts.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import TileSetError, parse_tileset

from test_fuzz_positions import check_state, pool

QUICK = settings(max_examples=150, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CAMPAIGN = settings(QUICK, max_examples=3000)
COUNTS: Counter = Counter()
SHORT = 300


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    if COUNTS:
        print("\nfuzz counts:", dict(sorted(COUNTS.items())))


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=8), st.sampled_from(["PlaceTile", "Pass", "SetNextTile", "SetPosition", "x", "2020"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=10)


def _paths(value, path=()):
    """Every place in a JSON tree, as a path of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


@st.composite
def mutated_save(draw) -> str:
    data = json.loads(pool()[draw(st.integers(0, len(pool()) - 1))].to_json())
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))
        path = paths[draw(st.integers(0, len(paths) - 1))]
        if not path:
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        kind = draw(st.sampled_from(["replace", "delete", "nudge", "duplicate"]))
        if kind == "replace":
            parent[key] = draw(JSON)
        elif kind == "delete":
            del parent[key]
        elif kind == "nudge" and type(parent[key]) is int:
            parent[key] += draw(st.sampled_from([-1, 1, 90, -90]))
        elif kind == "duplicate" and isinstance(parent, list):
            parent.insert(key, parent[key])
    return json.dumps(data)


def save_case(text) -> None:
    COUNTS["saves tried"] += 1
    try:
        g = wp.load_game(text)
    except wp.SaveFileError as error:
        COUNTS["saves refused"] += 1
        assert len(str(error)) < SHORT, f"a {len(str(error))}-character message"
        return
    COUNTS["saves accepted"] += 1
    check_state(g)
    again = g.to_json()
    assert wp.load_game(again).to_json() == again


@QUICK
@given(mutated_save())
def test_fuzz_saves(text):
    save_case(text)


@QUICK
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200), JSON.map(json.dumps)))
def test_fuzz_saves_from_nothing(source):
    save_case(source)


@pytest.mark.slow
@CAMPAIGN
@given(mutated_save())
def test_fuzz_saves_campaign(text):
    save_case(text)


# -- tile sets -----------------------------------------------------------------------------------------
SMALL_SET = """tiles:
  - id: 1
    kind: start
    edges: {N: forest, E: meadow, S: river, W: meadow}
    features:
      - {id: f0, type: forest, touches: [N], kind: plain}
      - {id: m1, type: meadow, touches: [E, S-east, S-west, W], animals: [deer]}
      - {id: r2, type: river, touches: [S], fish: 0, end_inside: true}
  - id: 2
    kind: normal
    edges: {N: forest, E: meadow, S: river, W: meadow}
    features:
      - {id: f0, type: forest, touches: [N], kind: mushrooms}
      - {id: m1, type: meadow, touches: [E, S-east, S-west, W], animals: [tiger, deer]}
      - {id: r2, type: river, touches: [S], fish: 2, end_inside: true}
"""
YAML_JUNK = st.text(alphabet=st.sampled_from(list("[]{}:,-&*!|>'\"#%@` \n\t0123456789.eE+abcfmrxyz") + ["\x00", "é"]),
                    max_size=12)


@st.composite
def mutated_tileset(draw) -> str:
    text = SMALL_SET
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:at] + draw(YAML_JUNK) + text[at:]
        else:
            text = text[:at] + text[at + draw(st.integers(1, 10)):]
    return text


def tileset_case(text) -> None:
    COUNTS["tile sets tried"] += 1
    try:
        tiles = parse_tileset(text)
    except TileSetError as error:
        COUNTS["tile sets refused"] += 1
        assert len(str(error)) < SHORT, f"a {len(str(error))}-character message"
        return
    COUNTS["tile sets accepted"] += 1
    assert tiles.start.id in tiles.by_id and tiles.regular


@QUICK
@given(st.one_of(mutated_tileset(), st.text(max_size=200)))
def test_fuzz_tilesets(text):
    tileset_case(text)


@pytest.mark.slow
@CAMPAIGN
@given(mutated_tileset())
def test_fuzz_tilesets_campaign(text):
    tileset_case(text)
