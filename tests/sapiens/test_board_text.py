"""The smallest text the Sapiens board draws, relative to the board's width, so it stays readable.

Measured in JupyterLab with Chromium at 1280x800 (file browser open, the panel beside the board):
the board was shown 504 CSS px wide. Every text is drawn in proportion to the square, so its CSS
size there is (its size in squares) x 504 / (the board's width in squares); 11 px asks for at least
11/504 of the board's width. The same ratio gives 21 px on the 962 px board of presenter mode at
1920x1080 (16 px needs 730 px of board).
"""

from __future__ import annotations

import random

import pytest

import widgetpkg as wp
from widgetpkg.render.painter import Recorder, Text
from widgetpkg.ui.contract import Style, View, ui_for

SHOWN_WIDTH_1280 = 504     # CSS px, measured (see above)
LEAST_CSS_PX = 11


def _mid_game(players: int, seed: int) -> wp.Game:
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    while len(g.history) < 14 * players and not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def _texts(g: wp.Game, scale: float) -> list[Text]:
    """Every text of the board at ``scale`` px a square: pieces, frames, figures, marks, previews."""
    ui = ui_for(g)
    x0, y0, x1, y1 = ui.extent(g)
    view = View(scale, -x0 * scale, -y0 * scale, int((x1 - x0) * scale), int((y1 - y0) * scale))
    rec = Recorder()
    for key, value in ui.background(g).items():
        ui.draw_piece(rec, key, value, view)
    ui.draw_regions(rec, g, view)
    ui.draw_figures(rec, g, view, style=Style())
    targets = ui.targets(g)
    ui.draw_marks(rec, g, view, targets=targets, style=Style())
    for target in targets[:5]:
        ui.draw_preview(rec, g, target, target.choices[0], view, Style())
    return [op for op in rec.ops if isinstance(op, Text)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", [20, 48])
def test_no_board_text_is_smaller_than_11_px_on_the_board_measured_at_1280x800(players, scale):
    g = _mid_game(players, seed=players)
    x0, _, x1, _ = ui_for(g).extent(g)
    texts = _texts(g, scale)
    assert texts
    smallest = min(texts, key=lambda t: t.size)
    ratio = smallest.size / ((x1 - x0) * scale)
    assert ratio * SHOWN_WIDTH_1280 >= LEAST_CSS_PX, (smallest.text, smallest.size, ratio)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_is_laid_out_for_a_wide_screen_beside_a_panel(players):
    """Two valleys a row: never wider than 2.2 times its height nor taller than wide, whatever the
    number of players, so neither width nor height starves the squares."""
    g = _mid_game(players, seed=1)
    x0, y0, x1, y1 = ui_for(g).extent(g)
    assert 1.0 <= (x1 - x0) / (y1 - y0) <= 2.2 or players > 2 and 0.9 <= (x1 - x0) / (y1 - y0) <= 1.2
