"""What the SVG pictures remember between drawings: bounded, and never a stale picture."""

from __future__ import annotations

import random

import widgetpkg as wp
from widgetpkg.render import svg
from widgetpkg.render.painter import Recorder
from widgetpkg.ui import contract
from widgetpkg.ui.contract import Style, ui_for


def _played(name: str, steps: int, seed: int = 3) -> wp.Game:
    game, rng = wp.new_game(name, players=3, seed=seed), random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_remembered_elements_write_what_fresh_ones_do() -> None:
    game = _played("stone-age", 30)
    ui = ui_for(game)
    warm = ui.svg(game, Style())
    svg._defs.cache_clear()
    contract._MEMOS.clear()
    assert ui.svg(game, Style()) == warm


def test_a_piece_drawn_at_another_scale_is_drawn_again() -> None:
    game = _played("hunters-gatherers", 6)
    ui = ui_for(game)
    small, large = ui.svg(game, Style(), scale=40), ui.svg(game, Style(), scale=80)
    assert small != large
    contract._MEMOS.clear()
    assert ui.svg(game, Style(), scale=40) == small


def test_a_board_keeps_what_its_last_two_pictures_used_and_no_more() -> None:
    game = _played("hunters-gatherers", 40)
    ui = ui_for(game)
    sizes = []
    for scale in range(20, 30):
        ui.svg(game, Style(), scale=scale)
        sizes.append(len(contract._MEMOS[type(ui)]))
    # every scale draws new pieces and elements: the memo holds two drawings' worth, not ten
    assert max(sizes) <= 2.2 * sizes[0], sizes


def test_an_unhashable_operation_is_still_written() -> None:
    rec = Recorder()
    rec.polygon([(0, 0), (4, 0), (0, 4)], fill="#123456")
    op = rec.ops[0]
    by_hand = type(op)([(0, 0), (4, 0), (0, 4)], fill="#123456")   # a list, as a caller might pass
    assert svg.svg_body([by_hand]) == svg.svg_body([op])
