"""Sapiens: hostile edits, arrangement helpers fed junk, long echoes, and position text that
keeps every option and ruling switch (hypothesis; ``HYPOTHESIS_PROFILE=ci`` fixes the examples,
``-m slow`` runs more)."""

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
from widgetpkg.games import sapiens

OPTIONS = [
    {},
    {"rules": {"bears_on_caves": True}},
    {"rules": {"abandoned_contact": "ignored", "token_after_abandon": True, "picking_token_food": True,
               "start_round_discard": False}, "components": "examples"},
]


@cache
def pool() -> tuple:
    """Real games in many phases, every option set among them."""
    return played_games("sapiens", OPTIONS, (0, 2, 9, 25, 60), seats=3)


@QUICK
@given(edit_cases(pool))
def test_edits_with_wrong_containers_are_refused(case):
    g, what, change = case
    edit_case(g, change, what, sapiens.position)


@pytest.mark.slow
@CAMPAIGN
@given(edit_cases(pool))
def test_edits_campaign(case):
    g, what, change = case
    edit_case(g, change, what, sapiens.position)


@pytest.mark.parametrize("change", [
    lambda s: setattr(s, "food", None), lambda s: setattr(s, "tiles", None), lambda s: setattr(s, "held", "junk"),
    lambda s: s.food.pop(s.players[0]), lambda s: s.pools.pop("common"), lambda s: setattr(s, "rules", "x"),
    lambda s: s.tokens[s.players[0]].__setitem__("0, 1", "hunt"), lambda s: s.fight.__setitem__("3", []),
    lambda s: s.valleys.__setitem__(s.players[0], ("L1a",)), lambda s: setattr(s, "stack", 2**70),
])
def test_the_reported_edits_are_refused(change):
    g = wp.new_game("sapiens", players=2, seed=3)
    assert not edit_case(g, change, "reported", sapiens.position)


HELPERS = {
    "set_next_tiles": lambda g, a, b: g.set_next_tiles(a),
    "deal": lambda g, a, b: g.deal(g.players[0] if b is None else b, a),
    "set_mountain_tokens": lambda g, a, b: g.set_mountain_tokens(g.players[0] if b is None else b, a),
    "set_valley": lambda g, a, b: g.set_valley(g.players[0], a, b),
}


@QUICK
@given(st.sampled_from(sorted(HELPERS)), JUNK, st.one_of(st.none(), JUNK))
def test_arrangement_helpers_check_their_arguments(helper, first, second):
    g = pool()[0].clone()
    refused_or_taken(g, lambda: HELPERS[helper](g, first, second), helper)


@pytest.mark.parametrize("call", [
    lambda g: g.set_next_tiles(None), lambda g: g.set_next_tiles(5), lambda g: g.deal("Red", 5),
    lambda g: g.deal("Red", None), lambda g: g.set_mountain_tokens("Red", None),
    lambda g: g.set_mountain_tokens("Nobody", {}), lambda g: g.set_mountain_tokens("Red", 7),
])
def test_the_reported_helpers_refuse_junk(call):
    g = wp.new_game("sapiens", players=["Red", "Blue"], seed=1)
    assert not refused_or_taken(g, lambda: call(g), "helper")


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
    for act in (lambda: sapiens.position(text), lambda: g.clone().set_position(text)):
        try:
            act()
        except wp.WidgetpkgError as error:
            assert len(str(error)) <= MESSAGE_LIMIT, str(error)[:400]


@pytest.mark.parametrize("options", [
    {"rules": {"x" * 30000: True}}, {"rules": {"bears_on_caves": "x" * 5000}}, {"components": "x" * 5000},
    {"components": "/" + "x" * 5000}, {"x" * 5000: 1}, {"players": ["x" * 5000, "Blue"]},
])
def test_long_options_are_clipped(options):
    with pytest.raises(wp.WidgetpkgError) as refused:
        wp.new_game("sapiens", **{"players": 2, **options})
    assert len(str(refused.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize("options", OPTIONS)
def test_position_text_keeps_every_option_and_switch(options):
    for g in (wp.new_game("sapiens", players=3, seed=2, **options), *pool()):
        twin = sapiens.position(g.to_position(), seed=9)
        assert twin.options == g.options
        assert twin.rules == g.rules
        assert twin.to_position() == g.to_position()


def test_a_position_from_a_game_with_other_switches_keeps_this_games_switches():
    g = wp.new_game("sapiens", players=2, seed=1, rules={"bears_on_caves": True})
    plain_game = wp.new_game("sapiens", players=2, seed=1)
    plain_game.set_position(g.to_position())
    assert plain_game.rules == wp.new_game("sapiens", players=2, seed=1).rules
    assert plain_game.to_position() == g.to_position().replace("bears_on_caves true", "").replace(
        "rules: \n", "") or "bears_on_caves" not in plain_game.to_position()
    text = g.to_position().replace("bears_on_caves true", "no_such_switch true")
    with pytest.raises(wp.WidgetpkgError, match="no_such_switch"):
        sapiens.position(text)
