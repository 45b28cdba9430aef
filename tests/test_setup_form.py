"""The app's new-game form is built from the game's declared facts, for every game."""

from __future__ import annotations

import pytest

import widgetpkg as wp


@pytest.mark.parametrize("name", wp.game_names())
def test_the_form_offers_the_declared_players_and_options(name):
    info = wp.game_info(name)
    app = wp.play(name, players=info.min_players, seed=1)
    panel = app.panel
    assert (panel.seats.min, panel.seats.max) == (info.min_players, info.max_players)
    assert len(panel.seat_rows) == info.max_players
    for option in info.options:
        if option.choices or option.switches:
            assert option.name in panel.options, option.name
    for option_name, widget in panel.options.items():
        option = info.option(option_name)
        if option.choices:
            assert widget.description == option.label and tuple(widget.options) == option.choices


def test_switches_become_checkboxes_and_reach_the_new_game():
    app = wp.play("stone-age", players=["Ann", "Bob"], seed=1)
    boxes = app.panel.options["variants"].children[1].children
    assert [b.description for b in boxes] == ["Hard winter", "Wild animals", "Igloos"]
    boxes[2].value = True
    app.panel.options["season"].value = "winter"
    app.panel._new_game()
    assert app.model.game.options["variants"] == {"hard_winter": False, "wild_animals": False, "igloos": True}


def test_a_bad_combination_from_the_form_is_refused_with_the_games_message():
    app = wp.play("stone-age", players=["Ann", "Bob"], seed=1)
    before = app.model.game
    app.panel.options["variants"].children[1].children[0].value = True
    app.panel.options["season"].value = "summer"
    app.panel._guarded(app.panel._new_game)            # as the button calls it
    assert app.model.game is before and "winter only" in app.model.message


def test_unknown_switches_are_refused_by_the_declared_facts():
    with pytest.raises(wp.InvalidOptionError, match="hard_winter, wild_animals, igloos"):
        wp.new_game("stone-age", variants={"hard_wintr": True})
