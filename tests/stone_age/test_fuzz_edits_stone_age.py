"""Stone Age: hostile edits, arrangement helpers fed junk, long echoes, and position text that
keeps every option (hypothesis; ``HYPOTHESIS_PROFILE=ci`` fixes the examples, ``-m slow`` runs more)."""

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
from widgetpkg.games import stone_age
from widgetpkg.games.stone_age.game import _check_save_room

OPTIONS = [
    {},
    {"season": "summer"},
    {"variants": {"hard_winter": True, "wild_animals": True, "igloos": True}, "voucher_timing": "immediate"},
    {"variants": {"wild_animals": True, "igloos": False},
     "data": {"wild_animals": {"animals": [{"id": "boar", "malus": 2}, {"id": "bear", "malus": 3}]}}},
]


@cache
def pool() -> tuple:
    """Real games in many phases, every option set among them."""
    return played_games("stone-age", OPTIONS, (0, 3, 12, 30, 60, 140), seats=3)


def run_edit(case: tuple) -> None:
    g, what, change = case
    edit_case(g, change, what, stone_age.position)


@QUICK
@given(edit_cases(pool))
def test_edits_with_wrong_containers_are_refused(case):
    run_edit(case)


@pytest.mark.slow
@CAMPAIGN
@given(edit_cases(pool))
def test_edits_campaign(case):
    run_edit(case)


@pytest.mark.parametrize("change", [
    lambda s: s.players.pop("Red"), lambda s: setattr(s, "players", None), lambda s: setattr(s, "deck", None),
    lambda s: setattr(s, "display", None), lambda s: setattr(s, "pending", ("junk", 1)),
    lambda s: s.players.__setitem__("Red", {"food": 3}), lambda s: s.stacks.__setitem__("1", ["B01"]),
    lambda s: s.placed.__setitem__("hunt", 1), lambda s: setattr(s.players["Red"], "food", 10**5000),
])
def test_the_reported_edits_are_refused(change):
    g = wp.new_game("stone-age", players=["Red", "Blue"], seed=3)
    assert not edit_case(g, change, "reported", stone_age.position)


@QUICK
@given(st.sampled_from(["set_next_dice", "set_next_cards", "set_building_stack"]), JUNK, JUNK)
def test_arrangement_helpers_check_their_arguments(helper, first, second):
    g = pool()[1].clone()
    method = getattr(g, helper)
    args = (first, second) if helper == "set_building_stack" else (first,)
    refused_or_taken(g, lambda: method(*args), helper)


@pytest.mark.parametrize("args", [(None,), (5,), ("12",), ({1: 2},), (iter([1, 2]),), ([7] * 5000,)])
def test_set_next_dice_refuses_junk(args):
    g = wp.new_game("stone-age", players=2, seed=1)
    assert not refused_or_taken(g, lambda: g.set_next_dice(*args), "set_next_dice")
    assert not refused_or_taken(g, lambda: g.set_next_cards(*args), "set_next_cards")


@QUICK
@given(st.data(), LONG_TEXT)
def test_long_input_in_position_text_is_clipped(data, long):
    g = pool()[data.draw(st.integers(0, len(pool()) - 1))]
    lines = g.to_position().splitlines()
    at = data.draw(st.integers(0, len(lines)))
    how = data.draw(st.sampled_from(["line", "key", "value", "entry"]))
    if how == "line":
        lines.insert(at, long)
    elif at < len(lines) and ":" in lines[at]:
        key, _, value = lines[at].partition(":")
        lines[at] = {"key": f"{long}:{value}", "value": f"{key}: {long}", "entry": f"{key}: {long} 3,{value}"}[how]
    text = "\n".join(lines)
    for act in (lambda: stone_age.position(text), lambda: g.clone().set_position(text)):
        try:
            act()
        except wp.WidgetpkgError as error:
            assert len(str(error)) <= MESSAGE_LIMIT, str(error)[:400]


@pytest.mark.parametrize("options", [
    {"season": "x" * 5000}, {"variants": {"x" * 30000: True}}, {"variants": {"igloos": "x" * 5000}},
    {"voucher_timing": "x" * 5000}, {"data": "/" + "x" * 5000}, {"data": {"x" * 30000: 1}}, {"x" * 5000: 1},
    {"players": ["x" * 5000, "Blue"]}, {"players": ["Red:" + "x" * 5000, "Blue"]},
])
def test_long_options_are_clipped(options):
    with pytest.raises(wp.WidgetpkgError) as refused:
        wp.new_game("stone-age", **{"players": 2, **options})
    assert len(str(refused.value)) <= MESSAGE_LIMIT


def switched_on(options: dict) -> dict:
    """The options with the variants switched off left out (they are the default)."""
    on = {k: v for k, v in options.get("variants", {}).items() if v}
    return {**{k: v for k, v in options.items() if k != "variants"}, **({"variants": on} if on else {})}


@pytest.mark.parametrize("options", OPTIONS)
def test_position_text_keeps_every_option(options):
    for g in (wp.new_game("stone-age", players=3, seed=2, **options), *pool()):
        twin = stone_age.position(g.to_position(), seed=9)
        assert switched_on(twin.options) == switched_on(g.options)
        assert (twin.season, twin.variants, twin.voucher_timing) == (g.season, g.variants, g.voucher_timing)
        assert twin.to_position() == g.to_position()


def test_data_too_large_for_a_save_is_refused_when_the_game_is_created():
    animals = [{"id": f"a{i}", "malus": 1} for i in range(200_000)]
    with pytest.raises(wp.InvalidOptionError):
        wp.new_game("stone-age", players=2, variants={"wild_animals": True},
                    data={"wild_animals": {"animals": animals}})
    # the game's own check, behind the data schema's limits: data that would fill the save
    with pytest.raises(wp.InvalidOptionError, match="save"):
        _check_save_room({"notes": ["x" * 1000] * 2000})
    _check_save_room(OPTIONS[3]["data"])


def test_data_that_fits_saves_and_loads():
    g = wp.new_game("stone-age", players=2, seed=5, **OPTIONS[3])
    assert wp.load_game(g.to_json()).to_position() == g.to_position()


def test_an_edit_of_the_data_option_never_reaches_the_game():
    g = wp.new_game("stone-age", players=2, seed=1, **OPTIONS[3])
    options = repr(g.options)

    def change(s):
        s.data["wild_animals"] = None
    assert not edit_case(g, change, "data", stone_age.position)
    assert repr(g.options) == options
