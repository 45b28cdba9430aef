"""Property-based fuzzing of actions (hypothesis): made-up actions with any field values.

An action is applied exactly when it is among ``legal_actions()``; anything else (wrong values,
wrong types: floats, bools, numpy ints, lists, dicts, None) raises IllegalActionError and changes
nothing, and so does ``preview``. After a legal action the state passes the random suite's
invariants and undo restores it exactly. ``-m slow`` runs the larger campaign; ``-s`` prints
the counts.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple, SetNextTile

from test_fuzz_positions import check_state, game_from_pool, pool
from test_random_games import changed, snapshot

QUICK = settings(max_examples=300, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CAMPAIGN = settings(QUICK, max_examples=5000)
COUNTS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    if COUNTS:
        print("\nfuzz counts:", dict(sorted(COUNTS.items())))


COORDINATE = st.integers(-6, 6)
ODD = st.one_of(st.floats(-6, 6), st.booleans(), st.none(), st.integers(-6, 6).map(np.int64),
                st.integers(-6, 6).map(Fraction), st.lists(st.integers(0, 3), max_size=2),
                st.dictionaries(st.text(max_size=2), st.integers(), max_size=1), st.integers(2**63, 2**70),
                st.text(max_size=4))
FEATURE = st.sampled_from(["f0", "m0", "m1", "r1", "r2", "l8", "l9", "f3", "m2", "m4", "r3", "zz", ""])


def field(kind):
    return st.one_of(kind, kind, kind, ODD)  # mostly well-typed, to get past the type check often


ACTIONS = st.one_of(
    st.builds(PlaceTile, field(COORDINATE), field(COORDINATE), field(st.sampled_from([0, 90, 180, 270, 45, -90]))),
    st.builds(PlaceMeeple, field(COORDINATE), field(COORDINATE), field(FEATURE)),
    st.builds(PlaceHut, field(COORDINATE), field(COORDINATE), field(FEATURE)),
    st.builds(RetakeMeeple, field(COORDINATE), field(COORDINATE), field(FEATURE)),
    st.just(Pass()),
    st.builds(SetNextTile, field(st.integers(-1, 100))),
)


@st.composite
def action_case(draw):
    index = draw(st.integers(0, len(pool()) - 1))
    g = pool()[index]
    if g.legal_actions() and draw(st.integers(0, 3)) == 0:
        action = draw(st.sampled_from(g.legal_actions()))  # a legal one now and then
    else:
        action = draw(ACTIONS)
    return index, action


def apply_case(case) -> None:
    index, action = case
    g = game_from_pool(index)
    before_json, before_state = g.to_json(), snapshot(g)
    COUNTS["actions tried"] += 1
    try:
        legal = action in g.legal_actions()
    except TypeError:  # an unhashable field: no legal action holds one
        legal = False
    try:
        g.preview(action)
    except wp.IllegalActionError:
        pass
    assert g.to_json() == before_json and not changed(before_state, snapshot(g)), "preview changed the game"
    try:
        g.apply(action)
    except wp.IllegalActionError:
        COUNTS["actions refused"] += 1
        assert not legal or action.setup, f"{action!r} is offered but refused"
        assert g.to_json() == before_json and not changed(before_state, snapshot(g)), "a refused action changed the game"
        return
    COUNTS["actions applied"] += 1
    assert legal or action.setup, f"{action!r} is not offered but was applied"
    check_state(g)
    g.undo()
    assert g.to_json() == before_json and not changed(before_state, snapshot(g)), "undo is not exact"


@QUICK
@given(action_case())
def test_fuzz_actions(case):
    apply_case(case)


@pytest.mark.slow
@CAMPAIGN
@given(action_case())
def test_fuzz_actions_campaign(case):
    apply_case(case)
