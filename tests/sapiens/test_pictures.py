"""Sapiens as pictures: scenes drawn as icons, a legend in the SVG, texts that fit, words without
internal names, bonuses that ask for a tile answered on the board, and the valley inspector."""

from __future__ import annotations

import random
import re

import pytest
from sapiens_helpers import scenario

import widgetpkg as wp
from widgetpkg.games.sapiens import PlaceFightToken, RecallFightToken, SwapTile
from widgetpkg.games.sapiens.ui import SCENE_ICON, SCENE_NAME, SapiensUI
from widgetpkg.render.painter import Circle, Icon, Recorder, Rect, Text
from widgetpkg.ui.contract import Style, View, ui_for
from widgetpkg.ui.legend import draw_legend, legend_box


def play_until(seed: int, players: int, stop, limit: int = 2000):
    """A random game played until ``stop(g)`` holds (None if it never does)."""
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(g):
            return g
        if g.is_over:
            return None
        g.apply(rng.choice(sorted(g.legal_actions(), key=str)))
    return None


def find(stop, players=3):
    for seed in range(60):
        g = play_until(seed, players, stop)
        if g is not None:
            return g
    pytest.fail("no random game reached the position")


def mid_game():
    return play_until(4, 3, lambda g: g.turn >= 15)


# -- bonuses that ask for a tile are answered on the board -----------------------------------------------
def test_the_fight_bonus_is_a_click_on_a_lit_pool_tile():
    g = find(lambda g: g.phase == "fight" and any(isinstance(a, PlaceFightToken) for a in g.legal_actions()))
    ui = ui_for(g)
    targets = ui.targets(g)
    fights = [a for a in g.legal_actions() if isinstance(a, PlaceFightToken)]
    by_tile = {t.key[1]: t for t in targets if t.key[0] == "fight"}
    assert set(by_tile) == {a.tile for a in fights}
    assert not any(isinstance(c.action, PlaceFightToken) for c in ui.prompt(g, targets))  # no twelve buttons
    tile = fights[0].tile
    target = by_tile[tile]
    # the target covers the domino drawn for that tile, and hovering there names it
    cx, cy = target.centre
    assert ui.inspect(g, cx, cy).title == f"Tile {tile}"
    assert target.choices == (PlaceFightToken(tile),) and target.mode == "play"
    player = g.current_player
    g.apply(target.choices[0])
    assert g.fight_tokens[tile][-1] == player


def test_the_water_bonus_is_a_click_on_the_tile_to_take_then_a_menu_of_yours():
    g = find(lambda g: g.phase == "water" and any(isinstance(a, SwapTile) for a in g.legal_actions()))
    ui = ui_for(g)
    targets = ui.targets(g)
    swaps = {a for a in g.legal_actions() if isinstance(a, SwapTile)}
    offered = {a for t in targets if t.key[0] == "water" for a in t.choices}
    assert offered == swaps
    assert not any(isinstance(c.action, SwapTile) for c in ui.prompt(g, targets))
    for t in targets:
        if t.key[0] == "water":
            assert all(label.startswith("give tile ") for label in t.labels())
            assert t.label == f"take tile {t.key[1]} (Water)"


def test_a_fight_bonus_with_no_token_in_hand_takes_one_back_by_clicking_its_tile():
    g = scenario(("Marceau", "Vianney"), phase="fight", board={"Marceau": [(34, 1, 2, 270)]},
                 pools={"common": [1, 2, 3, 4, 5]}, fight={2: ["Marceau", "Marceau"], 3: ["Marceau"]})
    assert g.fight_tokens_in_hand["Marceau"] == 0
    ui = ui_for(g)
    targets = ui.targets(g)
    recalls = {a for a in g.legal_actions() if isinstance(a, RecallFightToken)}
    assert recalls and {a for t in targets if t.key[0] == "fight" for a in t.choices} == recalls
    assert not any(isinstance(c.action, RecallFightToken) for c in ui.prompt(g, targets))


def test_prompt_buttons_about_a_tile_name_it_and_light_it_up():
    g = find(lambda g: any(isinstance(a, RecallFightToken) for a in g.legal_actions()))
    ui = ui_for(g)
    recalls = [c for c in ui.prompt(g, ui.targets(g)) if isinstance(c.action, RecallFightToken)]
    assert recalls
    for choice in recalls:
        assert choice.refs == (("tile", choice.action.tile),)
    rec = Recorder()
    view = View(40, 0, 0, 2000, 1400)
    ui.highlight(rec, g, recalls[0].refs, view)
    frames = [op for op in rec.ops if isinstance(op, Rect)]
    assert len(frames) == 1 and frames[0].w > 2 * 40     # a frame around the whole domino


# -- the picture ----------------------------------------------------------------------------------------
def test_the_mid_game_svg_draws_scenes_as_icons_with_a_legend():
    g = mid_game()
    svg = ui_for(g).svg(g, Style())
    assert svg.count("<path id=") >= len(SCENE_ICON)      # each picture defined once
    face_up = sum(1 for (p, _), (_, _, tribe) in g._board.items() if tribe == g._tribe[p])
    pooled = 2 * sum(len(t) for t in g.pools.values())
    assert svg.count("<use ") >= face_up + pooled
    for scene, icon in SCENE_ICON.items():
        assert f"game-icons-{icon}" in svg and f">{SCENE_NAME[scene]}</text>" in svg
    assert ">Legend</text>" in svg
    for code in ("Fe", "Pi", "Ri", "Wa", "Ca", "Hu", "Fi", "Fr", "falls", "F", "S"):
        assert f">{code}</text>" not in svg                 # no two-letter codes any more


def _text_box(op: Text) -> tuple[float, float, float, float]:
    """An estimate of the box a line of text covers (sans-serif: 0.6 em per character, bold 0.64)."""
    w = len(op.text) * op.size * (0.64 if op.bold else 0.6)
    x0 = {"start": op.x, "middle": op.x - w / 2, "end": op.x - w}[op.anchor]
    y0 = {"top": op.y, "middle": op.y - op.size / 2, "bottom": op.y - op.size, "alphabetic": op.y - op.size * 0.8}[op.baseline]
    return (x0, y0, x0 + w, y0 + op.size)


def _inside(box, outer, slack=1.0) -> bool:
    return (box[0] >= outer[0] - slack and box[1] >= outer[1] - slack and box[2] <= outer[2] + slack
            and box[3] <= outer[3] + slack)


@pytest.mark.parametrize("scale", [16, 24, 32, 40, 48, 64])
def test_every_text_stays_inside_its_box_and_no_two_texts_overlap(scale):
    g = mid_game()
    ui = ui_for(g)
    x0, y0, x1, y1 = ui.extent(g)
    view = View(scale, 0, 0, int(x1 * scale), int(y1 * scale))
    rec = Recorder()
    for key, value in ui.background(g).items():
        ui.draw_piece(rec, key, value, view)
    ui.draw_regions(rec, g, view)
    ui.draw_figures(rec, g, view, style=Style())
    width, height = legend_box(ui.legend(g), height=view.height, unit=scale)
    draw_legend(rec, ui.legend(g), view.width + 8, 0, height=view.height, unit=scale)
    picture = (0, 0, view.width + 8 + width, max(view.height, height))
    shapes: list[tuple[float, float, float, float]] = []
    boxes = []
    for op in rec.ops:
        if isinstance(op, Rect) and op.w < picture[2] / 2:
            shapes.append((op.x, op.y, op.x + op.w, op.y + op.h))
        elif isinstance(op, Circle):
            shapes.append((op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r))
        elif isinstance(op, Text):
            box = _text_box(op)
            assert _inside(box, picture), (op.text, scale)
            # a text written on a square, disc or tile (its anchor inside one) stays inside it
            under = [s for s in shapes if s[0] <= op.x <= s[2] and s[1] <= op.y <= s[3]]
            if under and not op.halo:
                smallest = min(under, key=lambda s: (s[2] - s[0]) * (s[3] - s[1]))
                assert _inside(box, smallest, slack=scale * 0.06), (op.text, scale)
            boxes.append((box, op.text))
    for k, (a, ta) in enumerate(boxes):
        for b, tb in boxes[k + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, (ta, tb, scale)


def test_icons_are_drawn_on_the_canvas_too():
    g = mid_game()
    ui = ui_for(g)
    rec = Recorder()
    view = View(40, 0, 0, 1400, 900)
    for key, value in ui.background(g).items():
        ui.draw_piece(rec, key, value, view)
    ui.draw_figures(rec, g, view, style=Style())
    drawn = {op.shape.name for op in rec.ops if isinstance(op, Icon)}
    shown = {scene for (p, _), (_, scene, tribe) in g._board.items() if tribe == g._tribe[p]}
    shown |= {scene for tiles in g.pools.values() for t in tiles for scene in g.tile(t)}
    assert {f"game-icons:{SCENE_ICON[scene]}" for scene in shown} <= drawn
    assert "game-icons:cave-entrance" in drawn and "game-icons:waterfall" in drawn


# -- words --------------------------------------------------------------------------------------------------
_INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:Place|Use|Resolve|Skip|Take|Retake|Swap|Convert|Recall|Remove)"
                       r"[A-Z][A-Za-z]+\b|\bNone\b|\bTrue\b|\bFalse\b")


def _all_texts(g) -> list[str]:
    ui: SapiensUI = ui_for(g)  # type: ignore[assignment]
    texts = []
    rec = Recorder()
    view = View(40, 0, 0, 1400, 900)
    for key, value in ui.background(g).items():
        ui.draw_piece(rec, key, value, view)
    ui.draw_figures(rec, g, view, style=Style())
    draw_legend(rec, ui.legend(g), 1400, 0, height=900, unit=40)
    texts += [op.text for op in rec.ops if isinstance(op, Text)]
    targets = ui.targets(g)
    texts += [t.label for t in targets] + [label for t in targets for label in t.labels()]
    texts += [c.label for c in ui.prompt(g, targets)]
    texts += list(ui.status(g))
    texts += [c.label for c in ui.columns(g)] + [v for c in ui.columns(g) for v in c.values.values()]
    texts += [re.sub(r"<[^>]+>", " ", s.render()) for s in ui.sections(g, None)]
    texts += [e.text + " " + e.detail for e in ui.log(g)]
    texts += [str(e) for e in g.events()]
    for p in g.players:
        v = g.valley(p)
        for x, y in v.coord:
            found = ui.inspect(g, *(a + 0.5 for a in (ui.ref_point(g, ("square", p, x, y)) or (0, 0))))
            if found is not None:
                texts += [found.title, *found.lines]
    for tiles in g.pools.values():
        for tile in tiles:
            texts += [ui.inspect(g, cx, cy).title for cx, cy in [_slot_centre(g, tile)]]
    view_ = ui.inspector_view(g)
    view_.layout(g, 520, 300)
    texts += [label for _, label, _ in view_.legend()]
    texts += [re.sub(r"<[^>]+>", " ", view_.details_html(i.key)) for i in view_.items]
    texts.append(re.sub(r"<[^>]+>", " ", view_.table_html(shown=view_.categories, sort="food", selected=None)))
    return texts


def _slot_centre(g, tile):
    from widgetpkg.games.sapiens.ui import _pool_slot_of
    x, y = _pool_slot_of(g, tile)
    return x + 0.5, y + 0.5


@pytest.mark.parametrize("seed", [1, 2])
def test_no_internal_names_in_any_text_of_any_view(seed):
    phases = set()
    g = wp.new_game("sapiens", players=3, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        if g.phase not in phases:
            phases.add(g.phase)
            for text in _all_texts(g):
                found = _INTERNAL.search(text)
                assert found is None, (g.phase, found.group(0), text)
        g.apply(rng.choice(sorted(g.legal_actions(), key=str)))
    for text in _all_texts(g):
        assert _INTERNAL.search(text) is None, text


# -- the inspector ----------------------------------------------------------------------------------------
def test_hovering_a_square_selects_its_scene_area_in_the_valley_view():
    g = mid_game()
    ui = ui_for(g)
    view = ui.inspector_view(g)
    view.layout(g, 520, 300)
    player = g.players[0]
    valley = g.areas(player)
    area = max(valley.areas, key=lambda a: len(a.squares))
    x, y = area.squares[-1]
    wx, wy = ui.ref_point(g, ("square", player, x, y))
    inspection = ui.inspect(g, wx, wy)
    key = view.key_for(inspection)
    assert key == (player, *area.key)
    assert set(view.refs(key)) == {("square", player, *sq) for sq in area.squares}
    assert str(area.food) in view.details_html(key)
    assert any(line.startswith("Tile ") for line in inspection.lines)


def test_the_inspector_widget_shows_the_valleys():
    pytest.importorskip("ipycanvas")
    from widgetpkg.widgets import GameModel
    from widgetpkg.widgets.inspector import Inspector

    g = mid_game()
    inspector = Inspector(GameModel(g))
    assert type(inspector.view).__name__ == "ValleyView" and inspector.view.items
    key = inspector.view.items[0].key
    assert inspector.select(key) is inspector.view.items[0].data
    inspector.close()
