"""Hunters & Gatherers: hostile edits (the data handed out and ``set_position`` with a Position),
``set_next_tile`` fed junk, long echoes, and position text that keeps every option
(hypothesis; ``HYPOTHESIS_PROFILE=ci`` fixes the examples, ``-m slow`` runs more)."""

from __future__ import annotations

from functools import cache

import pytest
from edit_fuzz_helpers import (
    CAMPAIGN,
    JUNK,
    LONG_TEXT,
    MESSAGE_LIMIT,
    QUICK,
    edit_case,
    edit_cases,
    played_games,
    refused_or_taken,
)
from hypothesis import given
from hypothesis import strategies as st

import widgetpkg as wp
from widgetpkg.games import hunters_gatherers as hg

OPTIONS = [
    {},
    {"edition": "classic"},
    {"rules": {"extra_turn_after_last_tile": False, "fire_stops_trap_tigers": True}},
]


@cache
def pool() -> tuple:
    """Real games in many phases, every option set among them."""
    return played_games("hunters-gatherers", OPTIONS, (0, 1, 2, 9, 30, 75), seats=4)


@QUICK
@given(edit_cases(pool))
def test_edits_with_wrong_containers_are_refused(case):
    g, what, change = case
    edit_case(g, change, what, hg.position)


@pytest.mark.slow
@CAMPAIGN
@given(edit_cases(pool))
def test_edits_campaign(case):
    g, what, change = case
    edit_case(g, change, what, hg.position)


@pytest.mark.parametrize("value", [None, (56,), "abc", (10**5000, 0), (30, 0, 0), {30: 0}, (30.0, 0)], ids=range(7))
def test_the_reported_tile_edits_are_refused(value):
    g = wp.new_game("hunters-gatherers", players=2, seed=3)
    assert not edit_case(g, lambda s: s.tiles.__setitem__((2, 1), value), "reported", hg.position)


@QUICK
@given(edit_cases(pool))
def test_set_position_with_changed_data_is_checked_the_same(case):
    g, what, change = case
    data = hg.parse_position(g.to_position())  # a Position of its own, changed and handed in
    change(data)
    refused_or_taken(g, lambda: g.set_position(data), what)


@QUICK
@given(JUNK)
def test_set_next_tile_checks_its_argument(junk):
    g = pool()[1].clone()
    refused_or_taken(g, lambda: g.set_next_tile(junk), "set_next_tile")


@pytest.mark.parametrize("tile", ["x", None, 10**5000, 1.0, True, [30]], ids=["text", "None", "huge", "float", "bool", "list"])
def test_set_next_tile_refuses_the_reported_junk(tile):
    g = wp.new_game("hunters-gatherers", players=2, seed=1)
    assert not refused_or_taken(g, lambda: g.set_next_tile(tile), "set_next_tile")


@QUICK
@given(st.data(), LONG_TEXT)
def test_long_input_in_position_text_is_clipped(data, long):
    g = pool()[data.draw(st.integers(0, len(pool()) - 1))]
    lines = g.to_position().splitlines()
    at = data.draw(st.integers(0, len(lines)))
    how = data.draw(st.sampled_from(["line", "key", "value"]))
    if how == "line":
        lines.insert(at, long)
    elif at < len(lines) and ":" in lines[at]:
        key, _, value = lines[at].partition(":")
        lines[at] = f"{long}:{value}" if how == "key" else f"{key}: {long}"
    text = "\n".join(lines)
    for act in (lambda: hg.position(text), lambda: g.clone().set_position(text)):
        try:
            act()
        except wp.WidgetpkgError as error:
            assert len(str(error)) <= MESSAGE_LIMIT, str(error)[:400]


def test_the_reported_unknown_edition_is_clipped():
    text = wp.new_game("hunters-gatherers", players=2, seed=1).to_position()
    with pytest.raises(wp.WidgetpkgError) as refused:
        hg.position(text.replace("edition: 2020", "edition: " + "e" * 5000))
    assert len(str(refused.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("options", [
    {"edition": "x" * 5000}, {"tileset": "/" + "x" * 5000}, {"rules": {"x" * 30000: True}},
    {"rules": {"extra_turn_after_last_tile": "x" * 5000}}, {"x" * 5000: 1},
])
def test_long_options_are_clipped(options):
    with pytest.raises(wp.WidgetpkgError) as refused:
        wp.new_game("hunters-gatherers", **{"players": 2, **options})
    assert len(str(refused.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("options", OPTIONS)
def test_position_text_keeps_every_option(options):
    for g in (wp.new_game("hunters-gatherers", players=3, seed=2, **options), *pool()):
        twin = hg.position(g.to_position(), seed=9)
        assert twin.options == g.options
        assert twin.to_position() == g.to_position()
