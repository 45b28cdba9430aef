"""Every game's picture: icons for its pieces, a legend beside the board, words that fit their
boxes, and no internal names in any text a player reads."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import pytest

import widgetpkg as wp
from widgetpkg.core.registry import bundled_names
from widgetpkg.render.painter import Icon, Recorder, Text
from widgetpkg.ui.contract import Style, View, ui_for
from widgetpkg.ui.legend import draw_legend, legend_box

SVG = "{http://www.w3.org/2000/svg}"
GAMES = bundled_names()   # the shipped games (tests elsewhere register toy games)


def midgame(name: str, steps: int = 60, seed: int = 4) -> wp.core.Game:
    g = wp.new_game(name, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("name", GAMES)
def test_a_midgame_board_draws_icons_and_a_legend_beside_it(name):
    g = midgame(name)
    ui = ui_for(g)
    root = ET.fromstring(ui.svg(g, Style()))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Legend" in texts, "a legend is drawn with the board"
    pictures = root.findall(f".//{SVG}use") + root.findall(f".//{SVG}path")
    assert len(pictures) >= 10, "pieces are drawn as vector pictures, not as words"
    labels = [item.label for item in ui.legend(g)]
    assert labels and all(label in texts for label in labels)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("unit", [32, 48, 64])
def test_every_legend_line_fits_its_column(name, unit):
    g = midgame(name, steps=5)
    items = ui_for(g).legend(g)
    assert items
    width, height = legend_box(items, height=500, unit=unit)
    rec = Recorder()
    draw_legend(rec, items, 0, 0, height=500, unit=unit)
    for op in rec.ops:
        if isinstance(op, Text):
            w = 0.55 * op.size * len(op.text)
            assert op.x >= 0 and op.x + w <= width + 0.01, f"{op.text!r} leaves the legend"
            assert op.size >= 6 and op.y + op.size / 2 <= height
        elif isinstance(op, Icon):
            assert op.cx + op.size / 2 <= width


# -- words -------------------------------------------------------------------------------------------
#: a name from inside the program: snake_case, a place key, or a card / building id
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:animal|card|building|igloo):\w|\b(?:[GFHTS]\d{1,2}[a-c]?|B\d\d|V\d_\d)\b")


def view_texts(g, ui) -> list[str]:
    """Every text the views show of ``g``: status, panel columns and sections, targets and their
    menus, prompt buttons, hover text over the whole board, the log, the legend, the picture."""
    out = list(ui.status(g))
    for c in ui.columns(g):
        out += [c.label, *c.values.values()]
    for s in ui.sections(g, None):
        out += [s.title, re.sub(r"<[^>]+>", " ", html.unescape(s.render()))]
    targets = ui.targets(g)
    for t in targets:
        out += [t.label, *t.labels()]
    for c in ui.prompt(g, targets):
        out += [c.label, c.group, c.detail]
    x0, y0, x1, y1 = ui.extent(g)
    for i in range(int(x1 - x0)):
        for j in range(int(y1 - y0)):
            seen = ui.inspect(g, x0 + 0.5 + i, y0 + 0.5 + j)
            if seen:
                out += [seen.title, *seen.lines]
    out += [text for e in ui.log(g) for text in (e.text, e.detail)]
    out += [item.label for item in ui.legend(g)]
    out += [str(e) for e in g.events()]
    rec = Recorder()
    view = View(48, 0, 0, 2000, 2000)
    for key, value in ui.background(g).items():
        ui.draw_piece(rec, key, value, view)
    ui.draw_figures(rec, g, view, style=Style())
    for target in targets:
        ui.draw_preview(rec, g, target, target.choices[0], view, Style())
    return out + [op.text for op in rec.ops if isinstance(op, Text)]


def test_stone_age_shows_no_internal_names():
    """Over whole games with every variant: places, animals, cards and buildings are named in words."""
    found: dict[str, str] = {}
    for seed, n, variants in [(3, 2, {}), (4, 4, {"hard_winter": True, "wild_animals": True, "igloos": True})]:
        g = wp.new_game("stone-age", players=n, seed=seed, variants=variants)
        ui = ui_for(g)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 40 == 0 or g.is_over:
                for text in view_texts(g, ui):
                    for name in RAW.findall(text or ""):
                        found.setdefault(name, text)
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
            step += 1
    assert not found, f"internal names shown: {found}"


def test_the_raw_name_pattern_catches_what_it_should():
    for text in ("bird_of_prey: dice -1", "place people at card:3", "G10: 3 food", "stack 1: V5_2", "B09"):
        assert RAW.search(text), text
    for text in ("bird of prey: dice −1", "Card slot 3", "3 food now, music at the end", "1-7 resources"):
        assert not RAW.search(text), text
