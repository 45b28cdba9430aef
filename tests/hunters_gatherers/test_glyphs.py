"""Glyphs without letters, the legend, and the board options lessons use (scale, coordinates, highlight)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import render as hg
from widgetpkg.games.hunters_gatherers.render.glyphs import ANIMALS_DRAWN
from widgetpkg.games.hunters_gatherers.tiles import load_tileset
from widgetpkg.render.painter import Circle, Ellipse, Polygon, Polyline, Recorder, Text
from widgetpkg.ui.palette import EMPHASIS

SVG = "{http://www.w3.org/2000/svg}"
SPECIALS = ("shaman", "logboat", "raft", "hunting_trap", "pit_trap", "wild_fire", "shrine")


def _extent(ops) -> tuple[float, float, float, float]:
    """The box around every shape (strokes and radii included)."""
    xs: list[float] = []
    ys: list[float] = []
    for op in ops:
        if isinstance(op, Circle):
            xs += [op.cx - op.r, op.cx + op.r]
            ys += [op.cy - op.r, op.cy + op.r]
        elif isinstance(op, Ellipse):
            xs += [op.cx - op.rx, op.cx + op.rx]
            ys += [op.cy - op.ry, op.cy + op.ry]
        elif isinstance(op, (Polygon, Polyline)):
            pad = op.width / 2 if isinstance(op, Polyline) or op.stroke else 0
            xs += [p[0] - pad for p in op.points] + [p[0] + pad for p in op.points]
            ys += [p[1] - pad for p in op.points] + [p[1] + pad for p in op.points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("animal", ANIMALS_DRAWN)
def test_an_animal_is_a_silhouette_not_a_letter(animal: str) -> None:
    """At the size used on a 40-pixel tile (half size 5.6) each animal is a shape at least 9 pixels
    wide that stays within its own spot, with no text."""
    rec = Recorder()
    hg.draw_animal(rec, animal, 50, 50, 5.6, detail=False)
    assert not [op for op in rec.ops if isinstance(op, Text)]
    x0, y0, x1, y1 = _extent(rec.ops)
    assert x1 - x0 >= 9 and y1 - y0 >= 7
    assert x0 >= 50 - 1.25 * 5.6 and x1 <= 50 + 1.25 * 5.6 and y0 >= 50 - 1.25 * 5.6 and y1 <= 50 + 1.25 * 5.6


def test_the_animals_differ_in_shape_and_colour() -> None:
    """Two animals never share a silhouette (the ops without their colours) nor a body colour."""
    shapes, colours = {}, {}
    for animal in ANIMALS_DRAWN:
        rec = Recorder()
        hg.draw_animal(rec, animal, 0, 0, 10)
        shapes[animal] = tuple((type(op).__name__, getattr(op, "points", None), getattr(op, "rx", None))
                               for op in rec.ops)
        colours[animal] = {getattr(op, "fill", None) or getattr(op, "stroke", None) for op in rec.ops}
    assert len(set(shapes.values())) == len(ANIMALS_DRAWN)
    for a in ANIMALS_DRAWN:
        for b in ANIMALS_DRAWN:
            if a < b:
                assert colours[a] - {"#fbf6e8"} != colours[b] - {"#fbf6e8"}, (a, b)


@pytest.mark.parametrize("special", SPECIALS)
@pytest.mark.parametrize("detail", [False, True])
def test_a_special_is_a_symbol_not_a_letter(special: str, detail: bool) -> None:
    rec = Recorder()
    hg.draw_special(rec, special, 20, 20, 5.0, detail=detail)
    assert rec.ops and not [op for op in rec.ops if isinstance(op, Text)]


def test_tiles_at_40_pixels_carry_no_letters() -> None:
    for edition in ("2020", "classic"):
        for tile in load_tileset(edition).tiles:
            texts = [t.text for t in ET.fromstring(hg.tile_svg(tile, 0, size=40)).iter(f"{SVG}text")]
            assert all(t.isdigit() for t in texts), (edition, tile.id, texts)


@pytest.mark.parametrize("edition", ["2020", "classic"])
def test_the_legend_shows_what_the_tiles_hold_with_the_rules_points(edition: str) -> None:
    tiles = load_tileset(edition)
    entries = {e.key: e.text for e in hg.legend_entries(edition)}
    present = {a for t in tiles.tiles for f in t.features for a in f.animals} | \
        {f.special for t in tiles.tiles for f in t.features if f.special}
    assert present <= set(entries)
    assert ("menhir" in entries) == (edition == "2020") and ("gold" in entries) == (edition == "classic")
    points = wp.hunters_gatherers.HuntersGatherers(edition=edition).rules.animal_points
    for animal, value in points.items():
        assert entries[animal] == f"{animal}: {value} point{'s' * (value != 1)}"
    root = ET.fromstring(hg.legend_svg(edition))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    # the family's legend: a title, the heading, then every entry
    assert texts[:2] == ["Legend", "Tiles"] and sorted(texts[2:]) == sorted(entries.values())


def test_a_board_for_a_classroom() -> None:
    """80 pixels a tile, column and row numbers on all four sides, the start forest washed over."""
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    g.set_next_tile(48)
    g.apply(wp.hunters_gatherers.PlaceTile(-1, 0, 0))
    forest = g.area_at(0, 0, "f1")
    plain = ET.fromstring(hg.board_svg(g, scale=80))
    assert (plain.get("width"), plain.get("height")) == ("160", "80")
    root = ET.fromstring(hg.board_svg(g, scale=80, coordinates=True, highlight=forest.features))
    band = (float(root.get("width")) - 160) / 2
    assert band >= 18 and float(root.get("height")) == 80 + 2 * band
    labels = [t.text for t in root.iter(f"{SVG}text")]
    # columns -1 and 0 above and below, row 0 left and right
    assert labels.count("-1") == 2 and labels.count("0") == 4
    [wash] = [p for p in root.iter(f"{SVG}path") if p.get("fill") == "#fff36b"]
    [veil] = [p for p in root.iter(f"{SVG}path") if p.get("fill") == hg.PALETTE["paper"]]
    xs = [float(v.split()[0]) for v in re.findall(r"[ML]([-\d.]+ [-\d.]+)", wash.get("d"))]
    # the forest lies on the start tile only (it does not reach the river tile at x = -1)
    assert xs and min(xs) >= 80 - 1
    veiled = [float(v.split()[0]) for v in re.findall(r"[ML]([-\d.]+ [-\d.]+)", veil.get("d"))]
    assert min(veiled) <= 0 + 1, "the river tile, with nothing highlighted, is veiled"


def test_highlighting_a_cell_frames_it_and_widens_the_board() -> None:
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    root = ET.fromstring(hg.board_svg(g, scale=80, highlight=[(1, 0)]))
    assert root.get("width") == "160"
    assert any(r.get("stroke") == EMPHASIS for r in root.iter(f"{SVG}rect"))


@pytest.mark.parametrize("bad", [(0, 0, "x9"), (5, 5, "f1"), "f1", (1, 2, 3, 4)])
def test_a_bad_highlight_is_a_clear_error(bad) -> None:
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    with pytest.raises(wp.WidgetpkgError, match="highlight"):
        hg.board_svg(g, highlight=[bad])


def test_figures_carry_their_seats_letters_as_well_as_colours() -> None:
    """Red and Green look alike to many (a deuteranopia filter shows both as olive): letters tell them apart."""
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue", "Green", "Gold"], seed=5)
    rng = random.Random(5)
    while len(list(g.figures())) < 6:
        g.apply(rng.choice(g.legal_actions()))
    texts = [t.text for t in ET.fromstring(hg.board_svg(g)).iter(f"{SVG}text")]
    marks = {"Red": "R", "Blue": "B", "Green": "Gr", "Gold": "Go"}
    assert sorted(texts) == sorted(marks[f.player] for f in g.figures())
