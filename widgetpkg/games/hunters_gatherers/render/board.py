"""Figures and whole boards, and their SVG documents."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ....core import WidgetpkgError
from ....render.painter import Painter, Point, Recorder
from ....render.svg import to_svg
from ....ui.palette import (
    EMPHASIS,
    HIGHLIGHT,
    INK,
    LAND,
    LAST_MOVE,
    SEAT_COLOURS,
    TARGET,
    ink_on,
    named_colour,
    seat_marks,
)
from ..tiles import Tile
from .geometry import rotate_point
from .glyphs import rel
from .layout import feature_anchor, feature_at, tile_layout
from .tiles import draw_tile


class HighlightError(WidgetpkgError):
    """A highlight that names no cell and no feature on the board."""

# --------------------------------------------------------------------------------------------
# Figures and boards
# --------------------------------------------------------------------------------------------

_MEEPLE = ((-0.1, -0.2), (0.1, -0.2), (0.44, -0.08), (0.46, 0.05), (0.2, 0.1), (0.33, 0.46), (0.08, 0.46),
           (0.0, 0.28), (-0.08, 0.46), (-0.33, 0.46), (-0.2, 0.1), (-0.46, 0.05), (-0.44, -0.08))


def player_colour(player: str, players_colours: Mapping[str, str] | None = None, index: int = 0) -> str:
    """The colour of a player's figures: given, or named by the player ("Red"), or the colour of
    seat ``index``; the one palette of :mod:`widgetpkg.ui.palette`, as the widgets use.

    >>> player_colour("Purple"), player_colour("Ann", index=4) == player_colour("Black")
    ('#8a4fc0', True)
    """
    if players_colours and player in players_colours:
        return players_colours[player]
    named = named_colour(str(player))
    return named if named is not None else SEAT_COLOURS[index % len(SEAT_COLOURS)]


def _darker(colour: str, k: float = 0.45) -> str:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return LAND["ink"]
    return "#{:02x}{:02x}{:02x}".format(*(int(v * k) for v in (r, g, b)))


def draw_figure(painter: Painter, role: str, colour: str, cx: float, cy: float, size: float,
                mark: str = "") -> None:
    """A figure of ``size`` pixels centred on ``(cx, cy)``, with its player's ``mark`` (a letter or
    two, :func:`widgetpkg.ui.palette.seat_marks`) on its body so that seats differ by more than colour.

    Gatherers and fishers stand, hunters lie on their side, huts are little huts.
    """
    edge = _darker(colour)
    w = max(0.8, size * 0.07)
    painter.ellipse(cx + 0.05 * size, cy + 0.42 * size, 0.42 * size, 0.11 * size, fill="#000", alpha=0.28)
    if role == "hut":
        body = rel(cx, cy, size, [(-0.4, 0.42), (0.4, 0.42), (0.42, 0.02), (0.0, -0.45), (-0.42, 0.02)])
        painter.polygon(body, fill=colour, stroke=edge, width=w)
        painter.polyline(rel(cx, cy, size, [(-0.42, 0.02), (0.0, -0.45), (0.42, 0.02)]), stroke=edge, width=w * 1.2)
        for k in (-0.2, 0.0, 0.2):
            painter.line(cx + k * 0.5 * size, cy - 0.3 * size, cx + k * size, cy + 0.0 * size, stroke=edge,
                         width=w * 0.5, alpha=0.6)
        painter.path([("M", cx - 0.12 * size, cy + 0.42 * size), ("L", cx - 0.12 * size, cy + 0.18 * size),
                      ("Q", cx, cy + 0.05 * size, cx + 0.12 * size, cy + 0.18 * size),
                      ("L", cx + 0.12 * size, cy + 0.42 * size), ("Z",)], fill=edge)
        _mark(painter, mark, colour, cx, cy - 0.06 * size, size)
        return
    pts: Sequence[Point] = _MEEPLE
    head = (0.0, -0.33)
    if role == "hunter":       # lying on its side
        pts = [(y, -x) for x, y in _MEEPLE]
        head = (-0.33, 0.0)
        cy += 0.12 * size
    body = rel(cx, cy, size, pts)
    hx, hy = cx + head[0] * size, cy + head[1] * size
    painter.polygon(body, stroke=edge, width=2 * w)
    painter.circle(hx, hy, 0.15 * size + w, fill=edge)
    painter.polygon(body, fill=colour)
    painter.circle(hx, hy, 0.15 * size, fill=colour)
    painter.circle(hx - 0.05 * size, hy - 0.05 * size, 0.05 * size, fill="#fff", alpha=0.45)
    if role == "hunter":
        _mark(painter, mark, colour, cx + 0.06 * size, cy, size)
    else:
        _mark(painter, mark, colour, cx, cy + 0.08 * size, size)


def _mark(painter: Painter, mark: str, colour: str, cx: float, cy: float, size: float) -> None:
    """The player's letters on a figure, dark or white, whichever reads on its colour."""
    if mark:
        painter.text(cx, cy, mark, size=size * (0.36 if len(mark) == 1 else 0.28), bold=True,
                     fill=ink_on(colour))


def draw_board(painter: Painter, placed: Iterable[tuple[int, int, Tile, int]],
               figures: Iterable[tuple[str, str, int, int, str]], *, cell: int = 64,
               highlight_cells: Iterable[tuple[int, int]] = (), last_placed: Iterable[tuple[int, int]] = (),
               players_colours: Mapping[str, str] | None = None,
               spots: Iterable[tuple[int, int, str]] = (), covered: Iterable[tuple[int, int, str]] = (),
               margin: int = 0, highlight: Iterable[Hashable] = ()) -> tuple[int, int, int, int]:
    """Draw placed tiles, then figures, highlights and clickable spots.

    ``placed`` holds ``(x, y, tile, rotation)`` in board coordinates (x east, y south);
    ``figures`` holds ``(player, role, x, y, feature_id)``; ``highlight_cells`` are cells to mark
    (say, legal placements), ``last_placed`` cells get a bright frame, ``spots`` are
    ``(x, y, feature_id)`` places to offer for a click, ``covered`` names meadows whose animals
    are crossed out (a hunting trap took them). ``highlight`` holds what a lesson points at:
    cells ``(x, y)`` get a bold frame; features ``(x, y, feature_id)`` stay bright while the rest
    of the board is veiled (pass an area's ``features`` to light up a whole forest or river). Returns
    ``(min_x, min_y, width, height)``:
    the board cell drawn at the top-left pixel and the drawing's size in pixels, so pixel
    ``(px, py)`` lies on cell ``(min_x + px // cell, min_y + py // cell)``.
    """
    tiles = list(placed)
    highlights = list(highlight_cells)
    highlight = list(highlight)
    cells = [(t[0], t[1]) for t in tiles] + highlights + [r for r in highlight if isinstance(r, tuple) and len(r) == 2]
    if not cells:
        cells = [(0, 0)]
    min_x = min(c[0] for c in cells) - margin
    min_y = min(c[1] for c in cells) - margin
    max_x = max(c[0] for c in cells) + margin
    max_y = max(c[1] for c in cells) + margin
    width, height = (max_x - min_x + 1) * cell, (max_y - min_y + 1) * cell

    def at(x: int, y: int) -> tuple[float, float]:
        return ((x - min_x) * cell, (y - min_y) * cell)

    by_cell = {(x, y): (tile, rotation) for x, y, tile, rotation in tiles}
    painter.rect(0, 0, width, height, fill=LAND["table"])
    for (x, y), (tile, rotation) in by_cell.items():
        draw_tile(painter, tile, rotation, *at(x, y), cell)
    for x, y in highlights:
        px_, py_ = at(x, y)
        inset = cell * 0.06
        painter.rect(px_ + inset, py_ + inset, cell - 2 * inset, cell - 2 * inset, fill="#ffffff", alpha=0.35,
                     stroke=TARGET, width=max(1.0, cell / 40), dash=(cell / 10, cell / 16))
    for x, y, fid in covered:
        if (x, y) not in by_cell:
            continue
        tile, rotation = by_cell[(x, y)]
        px_, py_ = at(x, y)
        g = max(0.1 * cell, min(0.14 * cell, 6.0))
        for fx, fy in _animal_spots(tile, rotation, fid):
            cx, cy = px_ + fx * cell, py_ + fy * cell
            painter.circle(cx, cy, g * 1.05, fill=INK, alpha=0.45)
            painter.line(cx - 0.8 * g, cy + 0.8 * g, cx + 0.8 * g, cy - 0.8 * g, stroke=LAND["paper"],
                         width=max(1.0, 0.22 * g))
    _check_highlight(highlight, by_cell)
    _draw_highlights(painter, highlight, by_cell, at, cell)
    for x, y in last_placed:
        px_, py_ = at(x, y)
        w = max(1.5, cell / 22)
        painter.rect(px_ + w / 2, py_ + w / 2, cell - w, cell - w, stroke=LAST_MOVE, width=w)
    for x, y, fid in spots:
        if (x, y) not in by_cell:
            continue
        tile, rotation = by_cell[(x, y)]
        fx, fy = feature_anchor(tile, rotation, fid)
        px_, py_ = at(x, y)
        r = cell * 0.13
        painter.circle(px_ + fx * cell, py_ + fy * cell, r, fill="#ffffff", alpha=0.55, stroke=INK,
                       width=max(1.0, cell / 40))
    order: dict[str, int] = {}
    figures = list(figures)
    marks = seat_marks(list(dict.fromkeys([*(players_colours or {}), *(f[0] for f in figures)])))
    for player, role, x, y, fid in figures:
        if (x, y) not in by_cell:
            continue
        tile, rotation = by_cell[(x, y)]
        fx, fy = feature_anchor(tile, rotation, fid)
        px_, py_ = at(x, y)
        colour = player_colour(player, players_colours, order.setdefault(player, len(order)))
        draw_figure(painter, role, colour, px_ + fx * cell, py_ + fy * cell, cell * 0.3, marks[player])
    return (min_x, min_y, width, height)


_MASK = 24             # a highlighted feature is washed over on a grid this fine per tile


@lru_cache(maxsize=2048)
def _feature_runs(tile: Tile, rotation: int, feature_id: str) -> tuple[tuple[int, int, int], ...]:
    """Where a feature shows on the turned tile, as row runs ``(row, first, end)`` of a grid."""
    n = _MASK
    runs: list[tuple[int, int, int]] = []
    for j in range(n):
        start = None
        for i in range(n + 1):
            hit = i < n and feature_at(tile, rotation, (i + 0.5) / n, (j + 0.5) / n) == feature_id
            if hit and start is None:
                start = i
            elif not hit and start is not None:
                runs.append((j, start, i))
                start = None
    return tuple(runs)


def _check_highlight(refs: Sequence[Hashable], by_cell: Mapping[tuple[int, int], tuple[Tile, int]]) -> None:
    """Highlights must name cells or features of placed tiles: a typo should not go unnoticed."""
    for ref in refs:
        if isinstance(ref, tuple) and len(ref) == 2 and all(isinstance(v, int) for v in ref):
            continue
        if isinstance(ref, tuple) and len(ref) == 3:
            x, y, fid = ref
            if (x, y) not in by_cell:
                raise HighlightError(f"cannot highlight {fid!r} at ({x}, {y}): no tile there")
            tile = by_cell[(x, y)][0]
            if fid not in {f.id for f in tile.features}:
                raise HighlightError(f"cannot highlight {fid!r} at ({x}, {y}): tile {tile.id} has the features "
                                     + ", ".join(f.id for f in tile.features))
            continue
        raise HighlightError(f"a highlight is a cell (x, y) or a feature (x, y, id), not {ref!r}")


def _draw_highlights(painter: Painter, refs: Iterable[Hashable], by_cell: Mapping[tuple[int, int], tuple[Tile, int]],
                     at: Any, cell: float) -> None:
    """Highlighted features stay bright while a pale veil dims the rest of the board (a wash alone
    hardly shows on blue water or dark forest); highlighted cells get a bold frame."""
    features: dict[tuple[int, int], set[str]] = {}
    for ref in refs:
        if isinstance(ref, tuple) and len(ref) == 3:
            features.setdefault((ref[0], ref[1]), set()).add(str(ref[2]))
    cells = [r for r in refs if isinstance(r, tuple) and len(r) == 2]
    step = cell / _MASK
    if features:
        # one path per layer: rectangles that overlap by a hair (no seams) are still painted once
        veil: list[tuple] = []
        wash: list[tuple] = []

        def box(into: list[tuple], x0: float, y0: float, w: float, h: float) -> None:
            into += [("M", x0, y0), ("L", x0 + w, y0), ("L", x0 + w, y0 + h), ("L", x0, y0 + h), ("Z",)]

        for (x, y), (tile, rotation) in by_cell.items():
            px_, py_ = at(x, y)
            lit = [run for fid in features.get((x, y), ()) for run in _feature_runs(tile, rotation, fid)]
            if not lit:
                box(veil, px_, py_, cell, cell)
                continue
            rows: dict[int, list[tuple[int, int]]] = {}
            for j, i0, i1 in lit:
                rows.setdefault(j, []).append((i0, i1))
                box(wash, px_ + i0 * step - 0.3, py_ + j * step - 0.3, (i1 - i0) * step + 0.6, step + 0.6)
            for j in range(_MASK):
                start = 0
                for i0, i1 in sorted(rows.get(j, [])) + [(_MASK, _MASK)]:
                    if i0 > start:      # the veil over the gaps between a row's lit runs
                        box(veil, px_ + start * step - 0.3, py_ + j * step - 0.3, (i0 - start) * step + 0.6,
                            step + 0.6)
                    start = max(start, i1)
        if veil:
            painter.path(veil, fill=LAND["paper"], alpha=0.62)
        if wash:
            painter.path(wash, fill=HIGHLIGHT, alpha=0.18)
    width = max(2.0, cell / 18)
    for x, y in cells:
        px_, py_ = at(x, y)
        painter.rect(px_ + width / 2, py_ + width / 2, cell - width, cell - width, stroke=EMPHASIS,
                     width=width)


def _animal_spots(tile: Tile, rotation: int, feature_id: str) -> list[Point]:
    """Where the animals of a meadow are drawn (tile-relative, after rotation)."""
    feature = tile.feature(feature_id)
    spots = tile_layout(tile).decor.get(feature_id, [])[:len(feature.animals)]
    return [rotate_point(p, rotation) for p in spots]


def _feature_name(feature: Any) -> str:
    """A feature id from ``"r1"`` or from a full name ``(x, y, "r1")``."""
    return feature[-1] if isinstance(feature, tuple) else str(feature)


def draw_game(painter: Painter, game: Any, **options: Any) -> tuple[int, int, int, int]:
    """Draw a game's board: ``game.board`` maps ``(x, y)`` to placements with ``.tile`` and
    ``.rotation``; ``game.figures()`` yields figures with ``player``, ``role``, ``x``, ``y`` and
    ``feature``; ``game.covered()``, if there, names meadows whose animals a trap took.
    Options as for :func:`draw_board`."""
    placed = [(x, y, p.tile, p.rotation) for (x, y), p in game.board.items()]
    figures = [(f.player, f.role, f.x, f.y, _feature_name(f.feature)) for f in game.figures()]
    if "covered" not in options and callable(getattr(game, "covered", None)):
        options["covered"] = sorted(game.covered())
    # colours by seat, so a player's figures keep their colour whatever is on the board
    seats = getattr(game, "players", ())
    options["players_colours"] = {**{p: player_colour(p, None, i) for i, p in enumerate(seats)},
                                  **(options.get("players_colours") or {})}
    return draw_board(painter, placed, figures, **options)


def _coordinate_band(cell: float) -> float:
    """How wide the strip of coordinate labels around a board is."""
    return max(18.0, round(cell * 0.3))


def draw_coordinates(painter: Painter, min_x: int, min_y: int, width: float, height: float, cell: float,
                     band: float) -> None:
    """Column numbers (x) above and below the board, row numbers (y) left and right of it; the
    board itself is drawn ``band`` pixels in from the top-left corner."""
    size = max(10.0, min(band * 0.62, cell * 0.3))
    ink = LAND["ink"]
    for k in range(round(width / cell)):
        cx = band + (k + 0.5) * cell
        for cy in (band / 2, band + height + band / 2):
            painter.text(cx, cy, str(min_x + k), size=size, fill=ink, bold=True)
    for k in range(round(height / cell)):
        cy = band + (k + 0.5) * cell
        for cx in (band / 2, band + width + band / 2):
            painter.text(cx, cy, str(min_y + k), size=size, fill=ink, bold=True)
    painter.text(band / 2, band / 2, "y\\x", size=size * 0.8, fill=ink, alpha=0.6)


def _board_document(draw: Any, cell: float, coordinates: bool, title: str) -> str:
    rec = Recorder()
    band = _coordinate_band(cell) if coordinates else 0.0
    if coordinates:
        rec.save()
        rec.translate(band, band)
    min_x, min_y, width, height = draw(rec)
    if coordinates:
        rec.restore()
        draw_coordinates(rec, min_x, min_y, width, height, cell, band)
    return to_svg(rec.ops, width + 2 * band, height + 2 * band, title=title,
                  background=LAND["paper"] if coordinates else None)


def game_svg(game: Any, *, cell: int = 64, scale: int | None = None, coordinates: bool = False,
             **options: Any) -> str:
    """A game's board as an SVG document, the last placed tiles framed.

    ``scale`` (or ``cell``) is the size of a tile in pixels: 80 or more to project a board in a
    classroom. ``coordinates=True`` numbers the columns and rows around the board. Other options
    as for :func:`draw_board` (``highlight=[(x, y), (x, y, "f1"), ...]``, ``margin``, ...).

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    >>> svg = game_svg(g, scale=80, coordinates=True, highlight=g.area_at(0, 0, "f1").features)
    >>> svg.startswith("<svg") and ">-1<" not in svg and ">0<" in svg
    True
    """
    size = scale if scale is not None else cell
    options.setdefault("last_placed", getattr(game, "last_placed", ()))
    return _board_document(lambda painter: draw_game(painter, game, cell=size, **options), size, coordinates,
                           "Hunters & Gatherers board")


def board_svg(placed: Any, figures: Iterable[tuple[str, str, int, int, str]] = (), *, cell: int = 64,
              scale: int | None = None, coordinates: bool = False, **options: Any) -> str:
    """The board as an SVG document: of a game (``board_svg(g, scale=80, coordinates=True,
    highlight=[...])``, as :func:`game_svg`), or of tiles ``(x, y, tile, rotation)`` and figures
    given one by one. Options as for :func:`draw_board`."""
    if hasattr(placed, "board") and hasattr(placed, "figures"):
        return game_svg(placed, cell=cell, scale=scale, coordinates=coordinates, **options)
    size = scale if scale is not None else cell
    return _board_document(lambda painter: draw_board(painter, placed, figures, cell=size, **options), size,
                           coordinates, "Hunters & Gatherers board")
