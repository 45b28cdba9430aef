"""The Sapiens UI adapter without widgets: targets offer only legal actions, the prompt offers the
rest, and the SVG picture draws every position of random games."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import widgetpkg as wp
from widgetpkg.games.sapiens import PlaceTile, Refill
from widgetpkg.render.painter import Recorder
from widgetpkg.ui.contract import Style, View, ui_for


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_random_games_draws_and_offers_only_legal_actions(players):
    for seed in range(2 if players < 4 else 1):
        g = wp.new_game("sapiens", players=players, seed=seed)
        ui = ui_for(g)
        rng = random.Random(seed)
        while True:
            ET.fromstring(ui.svg(g, Style(), scale=20))  # well-formed SVG in every position
            if g.is_over:
                break
            legal = set(g.legal_actions())
            targets = ui.targets(g)
            offered = {a for t in targets for a in t.choices}
            assert offered <= legal
            prompted = {c.action for c in ui.prompt(g, targets)}
            assert offered | prompted == legal  # every legal action is reachable
            status, _ = ui.status(g)
            assert g.current_player in status
            g.apply(rng.choice(sorted(legal, key=str)))
        assert "Game over" in ui.status(g)[0]


def test_columns_mark_the_weaker_track_and_sections_say_it_is_a_reconstruction():
    g = wp.new_game("sapiens", players=2, seed=3)
    g.apply(g.legal_actions()[0])
    ui = ui_for(g)
    columns = {c.label: c.values for c in ui.columns(g)}
    p = g.players[0]
    assert columns["Food"][p].endswith("\u2605") and not columns["Shelter"][p].endswith("\u2605")
    assert columns["Mountain tokens"][g.players[1]] == "none"
    sections = {s.title: s.render() for s in ui.sections(g, None)}
    assert "reconstruction" in sections["Components"]
    assert "\u2605 marks the weaker one" in sections["Reading the table"]
    for column in ui.columns(g):  # every column is explained
        assert f"<b>{column.label}</b>" in sections["Reading the table"]


def test_the_scene_legend_shows_every_picture_drawn_on_tiles_with_its_name():
    from widgetpkg.games.sapiens.ui import SCENE_ICON, SCENE_NAME

    g = wp.new_game("sapiens", players=3, seed=2)
    ui = ui_for(g)
    legend = {s.title: s.render() for s in ui.sections(g, None)}["Scenes"]
    for scene, icon in SCENE_ICON.items():
        assert f"</svg> {SCENE_NAME[scene]}</li>" in legend and f"game-icons-{icon}" in legend
    assert legend in ui.help_html(g)
    assert len(set(SCENE_ICON.values())) == len(SCENE_ICON)  # no two scenes share a picture


def _to_refill(players: int, seed: int):
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    while g.phase != "refill":
        g.apply(rng.choice(sorted(g.legal_actions(), key=str)))
    return g


def test_the_refill_is_a_click_on_a_common_pool_tile_with_a_menu_of_short_discards():
    g = _to_refill(2, 5)
    ui = ui_for(g)
    targets = ui.targets(g)
    pool = [t for t in targets if t.key[0] == "common"]
    refills = {a for a in g.legal_actions() if isinstance(a, Refill)}
    assert {a for t in pool for a in t.choices} == refills  # every refill is a click away...
    assert not any(isinstance(c.action, Refill) for c in ui.prompt(g, targets))  # ...and no button
    def words(tile):
        return "/".join(scene.capitalize() for scene in g.tile(tile)) + f" ({tile})"

    for t in pool:
        tile = t.key[1]
        assert tile in g.pools["common"] and all(tile in a.take for a in t.choices)
        assert t.mode == "menu"  # two players: which tile to discard is asked too
        for action, label in zip(t.choices, t.labels()):
            assert label == f"take {words(tile)}, discard {words(action.discard)}"   # scenes: the board shows no numbers
    # the target lies on the drawn tile: a click at its centre finds it
    t = pool[-1]
    _, x0, y0, x1, y1 = t.shape
    assert t.contains((x0 + x1) / 2, (y0 + y1) / 2)
    player = g.current_player
    g.apply(t.choices[0])
    assert t.key[1] in g.pools[player] and t.choices[0].discard not in g.pools["common"]


def test_with_three_players_a_pool_tile_takes_it_in_one_click():
    g = _to_refill(3, 1)
    ui = ui_for(g)
    pool = [t for t in ui.targets(g) if t.key[0] == "common"]
    words = {t.key[1]: "/".join(scene.capitalize() for scene in g.tile(t.key[1])) for t in pool}
    assert pool and all(t.mode == "play" and t.labels() == (f"take {words[t.key[1]]} ({t.key[1]})",) for t in pool)


def test_the_picture_labels_each_valley_with_its_owner_and_shows_both_tracks():
    g = wp.new_game("sapiens", players=["You", "Ann"], seed=6)
    ui = ui_for(g)
    g.apply(g.legal_actions()[0])
    svg = ui.svg(g, Style())
    texts = [e.text for e in ET.fromstring(svg).iter() if e.tag.endswith("text")]
    assert "Your valley" in texts and "Ann's valley" in texts
    for p in g.players:   # each track a picture and a number, the star on the weaker (the legend says which)
        food, shelter = g.food[p], g.shelter[p]
        assert f"{food}{'★' * (food <= shelter)}" in texts and f"{shelter}{'★' * (shelter < food)}" in texts
    assert {"Food track", "Shelter track", "Starred: the score"} <= set(texts)


def test_a_pool_tile_opens_a_menu_of_its_placements_and_previews_draw():
    g = wp.new_game("sapiens", players=2, seed=4)
    ui = ui_for(g)
    menus = [t for t in ui.targets(g) if t.key[0] == "pool"]
    assert menus and all(t.mode in ("menu", "play") for t in menus)
    assert all(isinstance(a, PlaceTile) and a.tile == t.key[1] for t in menus for a in t.choices)
    rec = Recorder()
    target = menus[0]
    ui.draw_preview(rec, g, target, target.choices[0], View(30, 0, 0, 600, 400), Style())
    assert len(rec.ops) >= 2
    hover = ui.inspect(g, 1.5, 2.1)  # the first row of land, under the valley's title
    assert hover is not None and "food" in " ".join(hover.lines)


def test_hovering_a_pool_tile_names_its_scenes_and_a_wrong_click_says_why():
    from widgetpkg.games.sapiens.ui import _pool_slot_of

    g = wp.new_game("sapiens", players=2, seed=7)
    ui = ui_for(g)
    assert g.current_player == g.players[0]  # whose pool row lies just under the common pool's
    pool = next(t for t in ui.targets(g) if t.key[0] == "pool")
    _, x0, y0, _, _ = pool.shape
    mine = ui.inspect(g, x0 + 0.5, y0 + 0.5)
    assert mine is not None and mine.title == f"Tile {pool.key[1]}"
    first, second = (scene.capitalize() for scene in g.tile(pool.key[1]))
    assert mine.lines[:2] == (f"{first} and {second}", f"in {g.current_player}'s pool")
    common = g.pools["common"][0]
    cx, cy = _pool_slot_of(g, common)
    hover = ui.inspect(g, cx + 0.5, cy + 0.5)
    assert hover is not None and hover.title == f"Tile {common}"
    assert hover.lines[1] == "in the common pool"
    assert "refill" in ui.explain_click(g, cx + 0.5, cy + 0.5)


def test_the_scoring_log_says_which_track_the_points_go_on():
    """A Sapiens player has two tracks, and the score is the weaker: the log names the track."""
    from widgetpkg.core import Term
    from widgetpkg.games.sapiens.events import FoodScored, ShelterScored
    from widgetpkg.ui.contract import scored_entry

    cave = ShelterScored("Red", "caves", (Term(1, "cave (1, -1) with its mountain token", 7),), detail="fire")
    assert scored_entry(cave).text == "Red +7 shelter: caves 1 cave (1, -1) with its mountain token x7"
    assert scored_entry(FoodScored("Red", "fight", (Term(1, "fight token", -1),))).text == \
        "Red -1 food: fight 1 fight token x(-1)"


def test_the_end_of_the_game_reads_as_a_sentence():
    import random

    import widgetpkg as wp
    from widgetpkg.ui.contract import ui_for

    for players in (["Ann", "Bob"], ["You", "Bob"]):
        g = wp.new_game("sapiens", players=players, seed=4)
        rng = random.Random(2)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        (winner,) = g.winners()
        assert ui_for(g).status(g)[0] == f"Game over: {winner} {'win' if winner == 'You' else 'wins'}"
