"""The drawing layer: painter ops, SVG and canvas backends, and the Hunters & Gatherers renderer.

The tile tests run over every tile of the 2020 set at every rotation: the pictures must be valid
SVG, say the same thing as the tile data (edges, which meadows are apart), and put every figure
spot on its own feature.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections import deque
from types import SimpleNamespace
from typing import Any

import pytest

from widgetpkg.games.hunters_gatherers import render as hg
from widgetpkg.games.hunters_gatherers.render.sizes import HALF_PART
from widgetpkg.games.hunters_gatherers.tiles import SIDES, load_tileset, parse_tileset
from widgetpkg.render import CanvasPainter, Recorder, Restore, replay, to_svg

SVG = "{http://www.w3.org/2000/svg}"
TILES = load_tileset("2020")
ALL = sorted(TILES.by_id.values(), key=lambda t: t.id)
ROTATIONS = (0, 90, 180, 270)

# which quadrant (x sign, y sign; -1 = west/north) each half edge lies in
HALF_QUADRANT = {
    "N-west": (-1, -1), "N-east": (1, -1), "E-north": (1, -1), "E-south": (1, 1),
    "S-east": (1, 1), "S-west": (-1, 1), "W-south": (-1, 1), "W-north": (-1, -1),
}


def turn(point: tuple[float, float], rotation: int) -> tuple[float, float]:
    """Rotate a tile-relative point clockwise about the tile centre, written out independently."""
    a = math.radians(rotation)
    x, y = point[0] - 0.5, point[1] - 0.5
    # y points down, so a clockwise turn on screen is the usual rotation formula
    return (0.5 + x * math.cos(a) - y * math.sin(a), 0.5 + x * math.sin(a) + y * math.cos(a))


def side_point(side: int, along: float, depth: float, rotation: int = 0) -> tuple[float, float]:
    """A point ``depth`` inside the tile, ``along`` (0-1, clockwise) the given side, after rotation."""
    x, y = ((along, depth), (1 - depth, along), (1 - along, 1 - depth), (depth, 1 - along))[side]
    return (x, y)


# ---------------------------------------------------------------------------------------------
# painter and SVG backend
# ---------------------------------------------------------------------------------------------

def test_recorder_keeps_ops_in_order() -> None:
    p = Recorder()
    p.save()
    p.translate(3, 4)
    p.rect(0, 0, 5, 5, fill="#123456")
    p.polyline([(0, 0), (1, 1)], stroke="red", width=2)
    p.path([("M", 0, 0), ("Q", 1, 1, 2, 0), ("C", 3, 1, 4, 1, 5, 0), ("Z",)], fill="blue")
    p.restore()
    assert [type(op).__name__ for op in p.ops] == ["Save", "Translate", "Rect", "Polyline", "Path", "Restore"]
    assert p.ops[3].points == ((0.0, 0.0), (1.0, 1.0))


def test_svg_escapes_text_and_attributes() -> None:
    p = Recorder()
    nasty = 'Fish & <chips> "quoted" \'single\' ]]>'
    p.text(10, 10, nasty, fill="#000", halo="#fff", halo_width=2)
    p.rect(0, 0, 4, 4, fill='red" onload="alert(1)')
    doc = to_svg(p.ops, 20, 20, title="A < B & C")
    root = ET.fromstring(doc)
    texts = root.findall(f"{SVG}text")
    assert [t.text for t in texts] == [nasty, nasty]                 # the halo, then the letters
    assert texts[0].get("fill") == "none" and texts[0].get("stroke") == "#fff"
    assert root.find(f"{SVG}title").text == "A < B & C"
    # the bad colour stays one attribute value: no onload attribute sneaks in
    rect = root.find(f"{SVG}rect")
    assert "onload" not in rect.attrib and rect.get("fill") == 'red" onload="alert(1)'


def test_svg_groups_balance_and_clip_ids_are_stable() -> None:
    p = Recorder()
    p.save()
    p.translate(5, 5)
    p.rotate(90)
    p.scale(2)
    p.clip_rect(0, 0, 10, 10)
    p.circle(1, 1, 1, fill="#000")
    p.restore()
    p.save()
    p.clip_rect(0, 0, 3, 3)       # left open on purpose: the document must still close it
    p.ellipse(1, 1, 2, 1, angle=30, fill="#0f0", alpha=0.5)
    doc = to_svg(p.ops, 20, 20)
    root = ET.fromstring(doc)
    ids = [c.get("id") for c in root.iter(f"{SVG}clipPath")]
    assert len(ids) == len(set(ids)) == 2
    uses = [g.get("clip-path") for g in root.iter(f"{SVG}g") if g.get("clip-path")]
    assert uses == [f"url(#{i})" for i in ids]
    assert to_svg(p.ops, 20, 20) == doc               # same ops, same text
    with pytest.raises(ValueError):
        to_svg([Restore()], 1, 1)


def test_svg_numbers_are_compact() -> None:
    p = Recorder()
    p.polygon([(0.123456, 1.0), (2.5, -0.0001), (3, 3)], fill="#abc")
    poly = ET.fromstring(to_svg(p.ops, 4, 4)).find(f"{SVG}polygon")
    assert poly.get("points") == "0.12,1 2.5,0 3,3"


# ---------------------------------------------------------------------------------------------
# canvas backend
# ---------------------------------------------------------------------------------------------

class FakeContext:
    """Records what would be sent to a canvas: method calls and property settings."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(("set", name, value))

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, *args))


def test_canvas_painter_maps_ops_to_context_calls() -> None:
    ctx = FakeContext()
    p = CanvasPainter(ctx)
    p.save()
    p.clip_rect(0, 0, 10, 10)
    p.text(1, 2, "Hi", size=10, bold=True, halo="#fff", halo_width=2, anchor="start")
    p.path([("M", 0, 0), ("Q", 1, 1, 2, 0), ("C", 3, 1, 4, 1, 5, 0), ("Z",)], fill="#00f", stroke="#000")
    p.rect(0, 0, 3, 3, stroke="#000", dash=(2, 1))
    p.restore()
    names = [c[0] for c in ctx.calls if c[0] != "set"]
    assert names == ["save", "begin_path", "rect", "clip", "stroke_text", "fill_text", "begin_path", "move_to",
                     "quadratic_curve_to", "bezier_curve_to", "close_path", "fill", "stroke", "set_line_dash",
                     "stroke_rect", "set_line_dash", "restore"]
    settings = {c[1]: c[2] for c in ctx.calls if c[0] == "set"}
    assert settings["font"] == "bold 10.0px sans-serif" and settings["text_align"] == "left"


def test_board_replays_onto_an_ipycanvas_canvas() -> None:
    ipycanvas = pytest.importorskip("ipycanvas")
    from ipycanvas.canvas import COMMANDS

    rec = Recorder()
    start = TILES.by_id[56]
    _, _, width, height = hg.draw_board(rec, [(0, 0, start, 0), (1, 0, TILES.by_id[62], 0)],
                                        [("Red", "gatherer", 0, 0, "f1"), ("Blue", "hunter", 1, 0, "m0")],
                                        cell=80, highlight_cells=[(0, 1)], spots=[(0, 0, "r3")])
    hg.draw_coordinates(rec, 0, 0, width, height, 80, 20)     # text too
    canvas = ipycanvas.Canvas(width=width, height=height)
    manager = canvas._canvas_manager
    sent: list[Any] = []
    original = manager._send_custom
    manager._send_custom = lambda command, buffers=[]: sent.append(command)   # no browser here
    try:
        replay(rec.ops, canvas)
    finally:
        manager._send_custom = original
    assert len(sent) == 1, "one batched message per redraw"
    names = {k for k, v in COMMANDS.items()}
    by_index = {v: k for k, v in COMMANDS.items()}
    used = {by_index[c[0]] for c in sent[0] if isinstance(c, list) and c and c[0] in by_index}
    assert {"save", "restore", "clip", "fillText", "bezierCurveTo", "ellipse", "fill", "stroke"} <= used <= names


# ---------------------------------------------------------------------------------------------
# tiles: every tile, every rotation
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rotation", ROTATIONS)
def test_every_tile_renders_to_valid_svg(rotation: int) -> None:
    for tile in ALL:
        doc = hg.tile_svg(tile, rotation, size=96)
        root = ET.fromstring(doc)
        assert root.tag == f"{SVG}svg"
        shapes = [e for e in root.iter() if e.tag.split("}")[1] in ("rect", "path", "circle", "ellipse",
                                                                     "polygon", "polyline")]
        assert len(shapes) > 5, tile
        small = ET.fromstring(hg.tile_svg(tile, rotation, size=30))   # the plain, tiny version
        assert small.tag == f"{SVG}svg"


def test_tiles_show_their_glyphs() -> None:
    """Animals and specials are pictures at every size, never letters (tests/test_glyphs.py checks
    that the pictures tell apart); the only text on a tile is a count of many fish."""
    for tile in ALL:
        for size in (40, 60, 160):
            texts = [t.text for t in ET.fromstring(hg.tile_svg(tile, 90, size=size)).iter(f"{SVG}text")]
            assert all(t.isdigit() for t in texts), (tile.id, size, texts)


def test_rotation_turns_the_drawing() -> None:
    """The SVG at 90 degrees is not the one at 0 for asymmetric tiles, and the 360 turn is the identity."""
    tile = TILES.by_id[56]
    docs = {r: hg.tile_svg(tile, r) for r in ROTATIONS}
    assert len(set(docs.values())) == 4
    assert hg.tile_svg(tile, 0) == docs[0]


def test_glyphs_stay_upright_when_the_tile_turns() -> None:
    """Geometry is turned point by point; nothing is drawn through a rotated coordinate system,
    so letters and glyphs read the same at every rotation."""
    for tile in (TILES.by_id[i] for i in (8, 56, 85, 88, 91, 93)):
        texts = []
        for rotation in ROTATIONS:
            rec = Recorder()
            hg.draw_tile(rec, tile, rotation, 0, 0, 160)
            assert not any(type(op).__name__ in ("Rotate", "Scale") for op in rec.ops)
            texts.append(sorted(op.text for op in rec.ops if type(op).__name__ == "Text"))
        assert all(t == texts[0] for t in texts)


def test_tiles_svg_shows_a_whole_set() -> None:
    root = ET.fromstring(hg.tiles_svg(ALL, size=40, columns=12))
    labels = [t.text for t in root.iter(f"{SVG}text")]
    for tile in ALL:
        assert str(tile.id) in labels
    assert root.get("width") == str(4 + 12 * (40 + 4))


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_edges_drawn_match_the_tile_data(rotation: int) -> None:
    """Just inside each edge the drawing shows what the data says is there (so neighbours match)."""
    for tile in ALL:
        orientation = tile.rotations[rotation]
        for side in range(4):
            kind = orientation.edges[side]
            for part, index in orientation.links[side]:
                feature = tile.features[index]
                along = {0: 0.2, 1: 0.5, 2: 0.8}[part] if kind == "river" else 0.5
                got = hg.feature_at(tile, rotation, *side_point(side, along, 0.02))
                assert got == feature.id, (tile.id, rotation, SIDES[side], part, got, feature.id)


def _flood_regions(tile: Any, n: int = 48, forest_margin: float = 0.0) -> dict[str, list[set]]:
    """For every meadow, the grid cells reachable from each of its border stretches."""
    lay = hg.tile_layout(tile)
    free = [[lay.barrier_at(((i + 0.5) / n, (j + 0.5) / n), forest_margin=forest_margin) is None
             for i in range(n)] for j in range(n)]
    regions: dict[str, list[set]] = {}
    for feature in tile.features:
        if feature.type != "meadow":
            continue
        for touch in feature.touches:
            name, _, half = touch.partition("-")
            side = SIDES.index(name)
            spans = [(0.1, 0.9)]
            if half:   # the first half edge clockwise is part 0, the other part 2
                spans = [(0.06, 0.38)] if HALF_PART[name][0] == half else [(0.62, 0.94)]
            seeds = set()
            for a, b in spans:
                for k in range(7):
                    x, y = side_point(side, a + (b - a) * k / 6, 0.5 / n)
                    i, j = min(n - 1, int(x * n)), min(n - 1, int(y * n))
                    if free[j][i]:
                        seeds.add((i, j))
            seen, queue = set(seeds), deque(seeds)
            while queue:
                i, j = queue.popleft()
                for a2, b2 in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                    if 0 <= a2 < n and 0 <= b2 < n and free[b2][a2] and (a2, b2) not in seen:
                        seen.add((a2, b2))
                        queue.append((a2, b2))
            assert seen, (tile.id, feature.id, touch)
            regions.setdefault(feature.id, []).append(seen)
    return regions


@pytest.mark.parametrize("forest_margin", [0.0, 0.045])
def test_drawing_keeps_meadows_apart_exactly_as_the_data_says(forest_margin: float) -> None:
    """Flood the meadow colour from each meadow's edges: one meadow stays in one piece, two never meet.

    With ``forest_margin`` the forests grow by the tree crowns drawn on their edges, so a meadow
    is never visually pinched shut either.
    """
    for tile in ALL:
        regions = _flood_regions(tile, forest_margin=forest_margin)
        for meadow, parts in regions.items():
            for part in parts[1:]:
                assert part & parts[0], f"tile {tile.id}: {meadow} drawn in separate pieces"
        names = sorted(regions)
        for a in names:
            for b in names:
                if a < b:
                    touching = any(p & q for p in regions[a] for q in regions[b])
                    assert not touching, f"tile {tile.id}: meadows {a} and {b} drawn as one"


# ---------------------------------------------------------------------------------------------
# anchors
# ---------------------------------------------------------------------------------------------

def test_anchors_are_distinct_inside_and_on_their_feature() -> None:
    for tile in ALL:
        anchors = {f.id: hg.feature_anchor(tile, 0, f.id) for f in tile.features}
        for fid, (x, y) in anchors.items():
            assert 0.05 < x < 0.95 and 0.05 < y < 0.95, (tile.id, fid, x, y)
            assert hg.feature_at(tile, 0, x, y) == fid, (tile.id, fid)
        points = list(anchors.items())
        for i, (a, p) in enumerate(points):
            for b, q in points[i + 1:]:
                assert math.dist(p, q) >= 0.12, (tile.id, a, b, math.dist(p, q))


@pytest.mark.parametrize("rotation", (90, 180, 270))
def test_rotation_moves_anchors_clockwise_about_the_centre(rotation: int) -> None:
    for tile in ALL:
        for f in tile.features:
            expected = turn(hg.feature_anchor(tile, 0, f.id), rotation)
            got = hg.feature_anchor(tile, rotation, f.id)
            assert got == pytest.approx(expected, abs=1e-9), (tile.id, f.id, rotation)
            assert hg.feature_at(tile, rotation, *got) == f.id


def test_north_is_turned_to_east_by_90() -> None:
    tile = TILES.by_id[0]            # meadow m0 touches only N-west
    x, y = hg.feature_anchor(tile, 0, "m0")
    assert x < 0.5 and y < 0.5
    x, y = hg.feature_anchor(tile, 90, "m0")   # N-west becomes E-north
    assert x > 0.5 and y < 0.5


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_half_edge_meadows_sit_on_their_side_of_the_river(rotation: int) -> None:
    """A meadow reaching only half edges of one corner (say N-west, or N-west and W-north) has its
    figure spot in that corner's quadrant: on the right bank of the river."""
    checked = 0
    for tile in ALL:
        for f in tile.features:
            if f.type != "meadow" or not f.touches or not all("-" in t for t in f.touches):
                continue
            quadrants = {HALF_QUADRANT[t] for t in f.touches}
            if len(quadrants) != 1:
                continue
            qx, qy = quadrants.pop()
            corner = turn((0.5 + qx * 0.5, 0.5 + qy * 0.5), rotation)
            x, y = hg.feature_anchor(tile, rotation, f.id)
            assert (x - 0.5) * (corner[0] - 0.5) > 0 and (y - 0.5) * (corner[1] - 0.5) > 0, \
                (tile.id, f.id, f.touches, rotation, (x, y))
            checked += 1
    assert checked > 60


def test_unknown_feature_is_an_error() -> None:
    with pytest.raises(KeyError, match="tile 56"):
        hg.feature_anchor(TILES.by_id[56], 0, "x9")


# ---------------------------------------------------------------------------------------------
# figures and boards
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("role", ["gatherer", "fisher", "hunter", "hut"])
def test_figures_draw_in_the_player_colour(role: str) -> None:
    rec = Recorder()
    hg.draw_figure(rec, role, "#d7392f", 50, 50, 30)
    fills = {getattr(op, "fill", None) for op in rec.ops}
    assert "#d7392f" in fills
    doc = to_svg(rec.ops, 100, 100)
    ET.fromstring(doc)


def test_hunter_lies_down_and_gatherer_stands() -> None:
    def head(role: str) -> tuple[float, float]:
        rec = Recorder()
        hg.draw_figure(rec, role, "#2f6fd6", 0, 0, 100)
        heads = [op for op in rec.ops if type(op).__name__ == "Circle" and op.fill == "#2f6fd6"]
        return heads[0].cx, heads[0].cy

    x, y = head("gatherer")
    assert abs(x) < 1 and y < -25          # head up
    x, y = head("hunter")
    assert x < -25 and abs(y) < 20         # head to the side: lying down


def test_board_bounds_and_pixel_mapping() -> None:
    rec = Recorder()
    placed = [(0, 0, TILES.by_id[56], 0), (-2, 1, TILES.by_id[61], 90)]
    result = hg.draw_board(rec, placed, [], cell=50, highlight_cells=[(1, -1)], last_placed=[(0, 0)])
    assert result == (-2, -1, 4 * 50, 3 * 50)
    # the start tile's background square is drawn at its cell: (0 - -2) * 50, (0 - -1) * 50
    rects = [(op.x, op.y) for op in rec.ops if type(op).__name__ == "Rect" and op.w == 50 and op.fill]
    assert (100.0, 50.0) in rects and (0.0, 100.0) in rects


def test_board_svg_with_figures_and_spots() -> None:
    placed = [(0, 0, TILES.by_id[56], 0), (1, 0, TILES.by_id[0], 270)]
    figures = [("Red", "gatherer", 0, 0, "f1"), ("Blue", "hut", 1, 0, "l8"), ("Blue", "hunter", 0, 0, "m0"),
               ("Green", "fisher", 1, 0, "r1")]
    doc = hg.board_svg(placed, figures, cell=64, spots=[(0, 0, "r3")],
                       players_colours={"Green": "#00aa00"})
    root = ET.fromstring(doc)
    fills = {e.get("fill") for e in root.iter()}
    assert {"#d7392f", "#2f6fd6", "#00aa00"} <= fills
    assert root.get("width") == "128" and root.get("height") == "64"


def test_draw_game_reads_an_engine_like_object() -> None:
    placement = SimpleNamespace(tile=TILES.by_id[56], rotation=0)
    figure = SimpleNamespace(player="Red", role="gatherer", x=0, y=0, feature=(0, 0, "f1"))
    game = SimpleNamespace(board={(0, 0): placement}, figures=lambda: [figure], covered=lambda: set())
    rec, expected = Recorder(), Recorder()
    assert hg.draw_game(rec, game, cell=40) == (0, 0, 40, 40)
    hg.draw_board(expected, [(0, 0, TILES.by_id[56], 0)], [("Red", "gatherer", 0, 0, "f1")], cell=40)
    assert rec.ops == expected.ops


def test_draw_game_with_the_real_engine() -> None:
    """A seeded game played for a while draws as a valid board with every figure on its spot."""
    wp = pytest.importorskip("widgetpkg")
    if not hasattr(wp, "new_game"):
        pytest.skip("engine not available")
    import random

    game = wp.new_game("hunters-gatherers", players=["Red", "Blue"], edition="2020", seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    rec = Recorder()
    min_x, min_y, width, height = hg.draw_game(rec, game, cell=64, last_placed=game.last_placed)
    ET.fromstring(to_svg(rec.ops, width, height))
    assert width == 64 * (max(x for x, _ in game.board) - min_x + 1)
    assert height == 64 * (max(y for _, y in game.board) - min_y + 1)


def test_covered_animals_are_crossed_out() -> None:
    tile = TILES.by_id[81]          # meadow m0 holds a mammoth and a tiger
    plain, crossed = Recorder(), Recorder()
    hg.draw_board(plain, [(0, 0, tile, 90)], [], cell=100)
    hg.draw_board(crossed, [(0, 0, tile, 90)], [], cell=100, covered=[(0, 0, "m0"), (5, 5, "m0")])
    extra = crossed.ops[len(plain.ops):]
    marks = [op for op in extra if type(op).__name__ == "Circle"]
    assert len(marks) == 2
    for mark in marks:   # each mark sits on its animal: the spot is on meadow m0
        assert hg.feature_at(tile, 90, mark.cx / 100, mark.cy / 100) == "m0"


def test_whole_tile_set_on_one_board() -> None:
    placed = [(i % 10, i // 10, tile, (i * 90) % 360) for i, tile in enumerate(ALL)]
    doc = hg.board_svg(placed, [], cell=48)
    root = ET.fromstring(doc)
    assert root.get("width") == str(10 * 48)


# ---------------------------------------------------------------------------------------------
# tiles from a user's own tile set: the drawing is procedural, not a lookup table
# ---------------------------------------------------------------------------------------------

CUSTOM = """
tiles:
  - id: 1
    kind: start
    edges: {N: forest, E: forest, S: forest, W: forest}
    features:
      - {id: f0, type: forest, touches: [N, E, S, W], kind: gold}
  - id: 2
    kind: normal
    edges: {N: river, E: meadow, S: river, W: meadow}
    features:
      - {id: m0, type: meadow, touches: [N-west, S-west, W], special: shrine}
      - {id: r1, type: river, touches: [N], fish: 5, ends_at: [l8]}
      - {id: m2, type: meadow, touches: [N-east, E, S-east], animals: [tiger, deer, mammoth]}
      - {id: r3, type: river, touches: [S], ends_at: [l9]}
      - {id: l8, type: lake, fish: 7, rivers: [r1]}
      - {id: l9, type: lake, rivers: [r3]}
  - id: 3
    kind: normal
    edges: {N: meadow, E: meadow, S: meadow, W: meadow}
    features:
      - {id: m0, type: meadow, touches: [N]}
      - {id: m1, type: meadow, touches: [E]}
      - {id: m2, type: meadow, touches: [S]}
      - {id: m3, type: meadow, touches: [W]}
"""


def test_tiles_from_a_custom_tile_set() -> None:
    tiles = parse_tileset(CUSTOM)
    for tile in tiles.by_id.values():
        for rotation in ROTATIONS:
            ET.fromstring(hg.tile_svg(tile, rotation))
            for f in tile.features:
                x, y = hg.feature_anchor(tile, rotation, f.id)
                assert 0 < x < 1 and 0 < y < 1
                assert hg.feature_at(tile, rotation, x, y) == f.id, (tile.id, f.id, rotation)
        regions = _flood_regions(tile)
        names = sorted(regions)
        for a in names:
            for b in names:
                if a < b:
                    assert not any(p & q for p in regions[a] for q in regions[b]), (tile.id, a, b)
    texts = [t.text for t in ET.fromstring(hg.tile_svg(tiles.by_id[2], 0, size=60)).iter(f"{SVG}text")]
    assert "7" in texts and "5" in texts          # many fish become a count


def test_styles_go_straight_into_the_ipycanvas_buffer_with_the_same_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The painter queues style changes without the traitlet round trip (the slow half of drawing a
    tile); what the browser receives must be exactly what ``canvas.fill_style = ...`` would send."""
    import json

    from ipycanvas import Canvas
    from ipycanvas.canvas import _CANVAS_MANAGER as manager
    from ipycanvas.canvas import COMMANDS

    from widgetpkg.render import canvas as backend

    canvas = Canvas(width=200, height=200)

    def commands() -> str:
        manager._caching, manager._commands_cache, manager._buffers_cache = True, [], []
        try:
            for tile in ALL[:6]:
                hg.draw_tile(CanvasPainter(canvas), tile, 90, 4, 4, 112)
            hg.draw_figure(CanvasPainter(canvas), "hut", "#2f6fd6", 50, 50, 30)
            sent = [c for c in manager._commands_cache if c[0] != COMMANDS["switchCanvas"]]
        finally:
            manager._caching, manager._commands_cache, manager._buffers_cache = False, [], []
        return json.dumps(sent, default=str)

    assert backend._direct_setter(canvas, "fill_style") is not None
    direct = commands()
    monkeypatch.setattr(backend, "_direct_setter", lambda canvas, name: None)
    assert commands() == direct and '"#2f6fd6"' in direct
