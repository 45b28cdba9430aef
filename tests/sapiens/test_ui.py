"""The Sapiens UI adapter without widgets: targets offer only legal actions, the prompt offers the
rest, and the SVG picture draws every position of random games."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import widgetpkg as wp
from widgetpkg.games.sapiens import PlaceTile
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
    sections = {s.title: s.html for s in ui.sections(g, None)}
    assert "reconstruction" in sections["Components"]


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
    hover = ui.inspect(g, 1.5, 1.5)
    assert hover is not None and "food" in " ".join(hover.lines)
