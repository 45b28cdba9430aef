"""The start screen (``wp.play()`` with no game) and the end screen, headless: every game starts
from it with the seats and options its facts declare, bad input is refused with a message and
starts nothing, and the end screen's words, table and buttons hold for every game."""

from __future__ import annotations

import json
from html import escape as html_escape

import ipywidgets as W
import pytest
from ipywidgets.widgets import widget as widget_module

import widgetpkg as wp
from widgetpkg.core.registry import bundled_names
from widgetpkg.widgets.end import final_table, score_history, winner_words
from widgetpkg.widgets.start import HUMAN, Start, computer_players


def live_widgets() -> int:
    return len(widget_module._instances)


def finish(app, seed: int = 5) -> None:
    """Play the app's game to its end: quickly on the game itself, the last step through the
    model, as a click would (the views follow once)."""
    mover = wp.agents.Random(seed=seed)
    game = app.model.game
    while True:
        action = mover.choose(game)
        game.apply(action)
        if game.is_over:
            game.undo()
            app.model.sync()
            app.model.apply(action)
            return


@pytest.fixture(scope="module")
def start() -> Start:
    screen = wp.play()
    yield screen
    screen.close()


def test_play_with_no_game_is_the_start_screen_and_the_widgets_play_names_no_game(start):
    assert isinstance(start, W.Widget) and isinstance(start, wp.widgets.Start)
    assert isinstance(wp.widgets.play(), Start)
    assert list(start.cards) == wp.game_names()
    with pytest.raises(wp.InvalidOptionError, match="start screen"):
        wp.play(players=["Ann", "Bob"])
    assert isinstance(wp.play("sapiens", players=["Ann", "Bob"], seed=1), wp.widgets.App)   # as before


@pytest.mark.parametrize("name", bundled_names())
def test_every_card_shows_its_facts_and_a_picture(start, name):
    info = wp.game_info(name)
    html = start.cards[name].children[0].value
    assert html_escape(info.title) in html and f"{info.min_players} to {info.max_players} players" in html
    assert "<svg" in html
    assert html_escape(info.title) in start._repr_html_()


@pytest.mark.parametrize("name", bundled_names())
def test_the_form_reads_seats_and_options_from_the_facts(start, name):
    info = wp.game_info(name)
    form = start.form(name)
    assert (form.count.min, form.count.max, form.count.value) == (info.min_players, info.max_players,
                                                                   info.min_players)
    assert len(form.seats) == info.max_players
    shown = [s for s in form.seats if s.widget.layout.display != "none"]
    assert len(shown) == info.min_players
    assert shown[0].kind.value == HUMAN and shown[1].kind.value != HUMAN
    assert list(form.seats[0].kind.options) == [HUMAN, *(f"Computer: {lv}" for lv in wp.agents.levels(name))]
    assert set(computer_players(name)) == set(form.seats[0].kind.options) - {HUMAN}
    for option in info.options:
        if option.choices or option.switches:
            assert option.name in form.options, option.name
    for option_name, widget in form.options.items():
        option = info.option(option_name)
        if option.choices:
            assert widget.description == option.label and tuple(widget.options) == option.choices
            assert widget.value == option.default


@pytest.mark.parametrize("name", bundled_names())
def test_every_game_starts_from_the_form_in_place(start, name):
    info = wp.game_info(name)
    start.choose(name)
    form = start.form(name)
    form.count.value = info.max_players
    for i, seat in enumerate(form.seats):
        seat.name.value = f"P{i}"
    form.seats[1].kind.value = "Computer: easy"
    form.seed.value = "4"
    start.start_button.click()
    app = start.app
    assert app is not None and start.message.value == ""
    game = app.model.game
    assert game.name == name and game.players == tuple(f"P{i}" for i in range(info.max_players))
    assert game.seed == 4 and app.model.agent_for("P0") is None
    easy = app.model.agent_for("P1")
    assert type(easy) is type(wp.agents.for_game(name, "easy"))
    for setting, value in wp.game_info(name).level("easy").options().items():
        assert getattr(easy, setting) == value
    assert start.host.children == (app.widget,) and start.chooser.layout.display == "none"
    assert app.end_screen.back.layout.display != "none"
    start.back()
    assert start.app is None and start.host.children == () and start.chooser.layout.display == "flex"
    form.count.value = info.min_players


def test_start_takes_options_and_returns_the_app(start):
    app = start.start("stone-age", players=["Ann", "Bob"], season="summer", seed=2)
    assert app.model.game.options["season"] == "summer" and start.app is app
    start.back()


def test_switches_from_the_form_reach_the_game(start):
    form = start.form("stone-age")
    boxes = form.options["variants"].children[1].children
    assert [b.switch for b in boxes] == list(wp.game_info("stone-age").option("variants").switches)
    boxes[2].value = True
    start.choose("stone-age")
    start.start_button.click()
    assert start.app.model.game.options["variants"] == {"hard_winter": False, "wild_animals": False, "igloos": True}
    start.back()
    boxes[2].value = False


@pytest.mark.parametrize("bad, words", [
    ({"names": ["Ann", "Ann"]}, "different"),
    ({"names": ["Ann", "B,b"]}, "commas"),
    ({"names": ["", "Bob"]}, "non-empty"),
    ({"seed": "12x"}, "whole number"),
    ({"switch": 0, "season": "summer"}, "winter"),   # hard winter is a winter variant
])
def test_bad_seats_or_options_are_refused_with_a_message_and_start_nothing(start, bad, words):
    start.choose("stone-age")
    form = start.form("stone-age")
    for seat, name in zip(form.seats, bad.get("names", ["You", "Blue"])):
        seat.name.value = name
    form.seed.value = bad.get("seed", "")
    box = form.options["variants"].children[1].children[0]
    box.value = "switch" in bad
    form.options["season"].value = bad.get("season", "winter")
    before = live_widgets()
    start.start_button.click()
    assert start.app is None and words in start.message.value
    assert start.chooser.layout.display == "flex"
    assert live_widgets() == before
    box.value = False
    form.options["season"].value = "winter"
    form.seed.value = ""
    for seat, name in zip(form.seats, ["You", "Blue"]):
        seat.name.value = name


def test_an_unknown_game_is_refused(start):
    with pytest.raises(wp.InvalidOptionError, match="the games are"):
        start.start("chess")
    assert start.app is None


# -- the end screen ----------------------------------------------------------------------------------
@pytest.mark.parametrize("winners, words", [(["You"], "You win"), (["Ann"], "Ann wins"),
                                            (["Ann", "Bob"], "Ann and Bob win"), (["You", "Ann"], "You and Ann win"),
                                            ([], "Nobody wins")])
def test_winner_words(winners, words):
    assert winner_words(winners) == words


@pytest.mark.parametrize("name", bundled_names())
def test_the_end_screen_shows_the_winner_a_table_that_sums_and_a_chart(name):
    app = wp.play(name, players=["You", "Ann"], seed=3)
    end = app.end_screen
    assert not end.shown and end.widget in app.widget.children
    finish(app)
    game = app.model.game
    assert end.shown
    assert winner_words(game.winners()) in end.title.value and "wins" not in end.title.value.replace("Ann wins", "")
    categories, table = final_table(game)
    for player in game.players:
        assert sum(table[player].get(c, 0) for c in categories) == game.scores[player]
        assert f"<td>{game.scores[player]}</td>" in end.table.value
    for category in categories:
        assert category in end.table.value
    turns, history = score_history(game)
    assert turns == sorted(turns) and turns[-1] == game.turn
    assert {p: row[-1] for p, row in history.items()} == game.scores
    assert all(row[0] == 0 for row in history.values()) or name == "sapiens"
    assert "<svg" in end.chart.value and "turn" in end.chart.value
    app.close()


def test_save_game_downloads_the_json_of_the_finished_game():
    import base64
    import re
    app = wp.play("sapiens", players=["Ann", "Bob"], seed=4)
    finish(app)
    link = re.search(r"download='([^']+)' href='data:application/json;base64,([^']+)'", app.end_screen.links.value)
    assert link and link.group(1).endswith(".json")
    saved = base64.b64decode(link.group(2)).decode()
    assert json.loads(saved)["game"] == "sapiens"
    assert wp.load_game(saved).scores == app.model.game.scores
    assert "Replay page" not in app.end_screen.links.value or hasattr(app.model.game, "to_html")
    app.close()


def test_play_again_reuses_the_widgets_and_makes_none():
    # (the panel's prompt still leaks a few widgets over a game: branch app-play's part of issue 19)
    app = wp.play("sapiens", players=["You", "Ann"], seed=3)
    finish(app)
    shown = [id(w) for w in app.end_screen.widget.children]
    for round_ in range(3):
        before = live_widgets()
        app.end_screen.again.click()
        assert live_widgets() == before
        assert not app.end_screen.shown and not app.model.game.is_over and not app.model.game.history
        finish(app, seed=6 + round_)
        assert app.end_screen.shown
        before = live_widgets()
        app.end_screen._shown = None   # the screen filled again for another finished game
        app.end_screen.refresh()
        assert live_widgets() == before
    assert [id(w) for w in app.end_screen.widget.children] == shown
    app.close()


def test_start_and_back_again_and_again_keeps_live_widgets_flat():
    screen = Start()
    counts = []
    for round_ in range(4):
        app = screen.start("sapiens", players=["You", "Ann"], seed=round_)
        app.model.apply(app.model.game.legal_actions()[0])
        screen.back()
        assert screen.app is None
        counts.append(live_widgets())
    assert counts[0] == counts[-1], counts
    app = screen.start("sapiens", players=["You", "Ann"], seed=1)
    finish(app)
    app.end_screen.back.click()
    assert screen.app is None and screen.chooser.layout.display == "flex"
    screen.close()
