"""Hunters & Gatherers in the generic widgets: what to draw where, what may be clicked, what a
hover shows, and the game's parts of the panel.

Placed tiles are the board's background pieces (drawn once each); figures, the tiles of the last
turn, legal cells and figure spots are the marks, redrawn after every move. Legal targets come
straight from ``game.legal_actions()``: one cell target per legal cell, whose choices are the
tile's valid rotations there (cycled with Rotate), and one spot per feature that may take a
figure (or meeple to take back); a river that may take a fisher or a hut is one spot with a small
menu. Skip is not a spot on the board: it is the prompt's button (and the S key).

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
>>> ui = HuntersGatherersUI()
>>> cells = [t for t in ui.targets(g) if not t.is_spot]
>>> sorted({a.rotation for t in cells for a in t.choices}) <= [0, 90, 180, 270]
True
>>> _ = g.apply(cells[0].choices[0])
>>> spots = ui.targets(g)
>>> all(t.is_spot for t in spots) and all(set(t.choices) <= set(g.legal_actions()) for t in spots)
True
>>> [c.label for c in ui.prompt(g, spots)]
['Skip']
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Sequence
from functools import lru_cache
from operator import attrgetter
from types import MappingProxyType
from typing import Any, cast

from ...core import Action
from ...render.painter import Painter
from ...ui.contract import (
    Choice,
    Column,
    GameUI,
    Inspection,
    Rect,
    Section,
    Style,
    Target,
    View,
    esc,
    register_ui,
)
from ...ui.palette import EMPHASIS, HIGHLIGHT, HIGHLIGHT_EDGE, LAST_MOVE, TARGET, seat_marks
from . import render, words
from .actions import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple
from .game import ROLES, HuntersGatherers, TilePlaced
from .tiles import Tile

_SPOT_RADIUS = 0.13          # of a figure spot, in cells (less where spots sit closer)
_SPOT_GAP = 0.45             # a spot's radius is at most this share of the distance to its nearest neighbour
_FIGURE_SIZE = 0.32          # of a figure, in cells
_MASK = 12                   # the hover highlight samples each tile on a 12 x 12 grid
#: the widest a board picture is shown in a notebook, in pixels (a JupyterLab cell is about this wide)
NOTEBOOK_WIDTH = 1200


def last_turn(game: HuntersGatherers) -> tuple[str | None, list[tuple[int, int]]]:
    """Who played the most recent tiles and where: every tile of that player's latest turn
    (two when a menhir tile gave an extra placement)."""
    player: str | None = None
    cells: list[tuple[int, int]] = []
    for step in reversed(game.history):
        for event in reversed(step.events):
            if isinstance(event, TilePlaced):
                if player is None:
                    player = event.player
                elif event.player != player:
                    return player, cells
                cells.append((event.x, event.y))
    return player, cells


@lru_cache(maxsize=512)
def _feature_grid(tile: Tile) -> tuple[tuple[str | None, ...], ...]:
    """Which feature the unrotated tile shows at each cell of a coarse grid (for highlights)."""
    n = _MASK
    return tuple(tuple(render.feature_at(tile, 0, (i + 0.5) / n, (j + 0.5) / n) for i in range(n)) for j in range(n))


@lru_cache(maxsize=4096)
def feature_runs(tile: Tile, rotation: int, feature_id: str) -> tuple[tuple[int, int, int], ...]:
    """The grid cells where ``feature_id`` shows on the turned tile, as row runs ``(j, i0, i1)``."""
    grid = _feature_grid(tile)
    n = _MASK
    back = (360 - rotation) % 360
    runs: list[tuple[int, int, int]] = []
    for j in range(n):
        start = None
        for i in range(n + 1):
            hit = False
            if i < n:
                qx, qy = render.rotate_point(((i + 0.5) / n, (j + 0.5) / n), back)
                hit = grid[min(n - 1, int(qy * n))][min(n - 1, int(qx * n))] == feature_id
            if hit and start is None:
                start = i
            elif not hit and start is not None:
                runs.append((j, start, i))
                start = None
    return tuple(runs)


@register_ui
class HuntersGatherersUI(GameUI[HuntersGatherers]):
    """The adapter of Carcassonne: Hunters & Gatherers."""

    game_name = "hunters-gatherers"
    default_scale = 112
    cycle_label = "Rotate"
    keys = MappingProxyType({"r": "cycle", "p": "play"})

    # -- geometry -----------------------------------------------------------------------------------
    def extent(self, game: HuntersGatherers) -> Rect:
        cells = list(game.board) + list(game.frontier)
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)

    def svg(self, game: HuntersGatherers, style: Style, *, scale: int = 80,
            max_width: int = NOTEBOOK_WIDTH) -> str:
        """The board as an SVG document, drawn at ``scale`` pixels per tile (80: readable when
        projected) and shown at most ``max_width`` pixels wide: a larger board keeps its
        drawing and is scaled down by the SVG's viewBox rather than redrawn coarser.

        >>> import widgetpkg as wp
        >>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
        >>> HuntersGatherersUI().svg(g, Style()).split(">")[0]
        '<svg xmlns="http://www.w3.org/2000/svg" width="974" height="241" viewBox="0 0 974 241"'
        """
        document = super().svg(game, style, scale=scale)
        head, rest = document.split(">", 1)
        match = re.search(r'width="([\d.]+)" height="([\d.]+)"', head)
        if match is None or max_width <= 0 or float(match.group(1)) <= max_width:
            return document
        width, height = float(match.group(1)), float(match.group(2))
        shown = f'width="{max_width}" height="{round(height * max_width / width)}"'
        return head[:match.start()] + shown + head[match.end():] + ">" + rest

    # -- background: the placed tiles -------------------------------------------------------------
    def background(self, game: HuntersGatherers) -> dict[Hashable, Any]:
        covered: dict[tuple[int, int], list[str]] = {}
        for x, y, fid in game.covered():
            covered.setdefault((x, y), []).append(fid)
        return {cell: (o.tile, o.rotation, tuple(sorted(covered.get(cell, ()))))
                for cell, o in game.board.items()}

    def piece_rect(self, key: Hashable, value: Any) -> Rect:
        x, y = cast(tuple[int, int], key)
        return (x, y, x + 1, y + 1)

    def draw_piece(self, painter: Painter, key: Hashable, value: Any, view: View) -> None:
        x, y = cast(tuple[int, int], key)
        tile, rotation, covered = value
        px, py = view.to_pixel(x, y)
        size = int(view.scale)
        if not covered:
            render.draw_tile(painter, tile, rotation, px, py, size)
            return
        # the board drawing crosses out the animals a hunting trap took
        painter.save()
        painter.translate(px, py)
        render.draw_board(painter, [(x, y, tile, rotation)], [], cell=size,
                          covered=[(x, y, fid) for fid in covered])
        painter.restore()

    # -- marks: figures, the last turn, legal targets --------------------------------------------
    def _anchor(self, game: HuntersGatherers, x: int, y: int, fid: str) -> tuple[float, float]:
        placed = game.board[x, y]
        fx, fy = render.feature_anchor(placed.tile, placed.rotation, fid)
        return (x + fx, y + fy)

    def figures_key(self, game: HuntersGatherers) -> Hashable:
        return tuple(sorted((f.x, f.y, f.feature, f.player, f.role) for f in game.figures()))

    def draw_figures(self, painter: Painter, game: HuntersGatherers, view: View, *,
                     style: Style) -> None:
        marks = seat_marks(game.players)
        for f in game.figures():
            cx, cy = view.to_pixel(*self._anchor(game, f.x, f.y, f.feature))
            render.draw_figure(painter, f.role, style.colour(f.player, game.players), cx, cy, view.scale * _FIGURE_SIZE,
                               marks.get(f.player, ""))

    def draw_marks(self, painter: Painter, game: HuntersGatherers, view: View, *,
                   targets: Sequence[Target], style: Style, emphasis: Sequence[tuple[int, int]] = ()) -> None:
        s = view.scale
        players = game.players
        who, cells = last_turn(game)
        width = max(2.0, s / 20)
        for x, y in cells:
            px, py = view.to_pixel(x, y)
            painter.rect(px + width / 2, py + width / 2, s - width, s - width, stroke=LAST_MOVE, width=width)
            if who is not None:
                painter.rect(px + width * 1.5, py + width * 1.5, s - 3 * width, s - 3 * width,
                             stroke=style.colour(who, players), width=max(1.0, width / 2.5))
        self.highlight(painter, game, emphasis, view)
        player = game.current_player
        colour = style.colour(player, players) if player else "#333"
        for target in targets:
            if target.is_spot:
                self._draw_spot(painter, game, target, view, colour)
            else:
                px, py = view.to_pixel(target.shape[1], target.shape[2])
                inset = s * 0.05
                # the family's mark of what may be clicked: a dashed frame in the target colour
                painter.rect(px + inset, py + inset, s - 2 * inset, s - 2 * inset, fill="#ffffff", alpha=0.45,
                             stroke=TARGET, width=max(1.5, s / 28), dash=(s / 9, s / 14))

    def _draw_spot(self, painter: Painter, game: HuntersGatherers, target: Target, view: View, colour: str,
                   big: bool = False) -> None:
        _, wx, wy, r = target.shape
        cx, cy = view.to_pixel(wx, wy)
        s = view.scale
        action = target.choices[0]
        ring = r * s * (1.25 if big else 1.0)
        if isinstance(action, RetakeMeeple):
            painter.circle(cx, cy, ring * 1.35, stroke="#ffffff", width=max(2.0, s / 22))
            painter.circle(cx, cy, ring * 1.35, stroke=colour, width=max(1.0, s / 50))
            painter.text(cx + ring, cy - ring, "↩", size=max(10.0, s * 0.22), fill="#111", bold=True,
                         halo="#fff", halo_width=3)
            return
        painter.circle(cx, cy, ring, fill="#ffffff", alpha=0.92 if big else 0.8, stroke=TARGET,
                       width=max(1.5, s / 40))
        if len(target.choices) > 1:     # a fisher or a hut: both, small, side by side
            for k, choice in enumerate(target.choices):
                role = "hut" if isinstance(choice, PlaceHut) else self._role(game, choice)
                dx = (k - (len(target.choices) - 1) / 2) * ring * 0.9
                render.draw_figure(painter, role, colour, cx + dx, cy, ring * (1.0 if big else 0.85))
            return
        role = "hut" if isinstance(action, PlaceHut) else self._role(game, action)
        render.draw_figure(painter, role, colour, cx, cy, ring * (1.5 if big else 1.3))

    def _role(self, game: HuntersGatherers, action: Action) -> str:
        placed = game.board[action.x, action.y]  # type: ignore[attr-defined]
        return ROLES.get(placed.tile.feature(action.feature).type, "hut")  # type: ignore[attr-defined]

    def draw_preview(self, painter: Painter, game: HuntersGatherers, target: Target,
                     choice: Action, view: View, style: Style) -> None:
        player = game.current_player
        colour = style.colour(player, game.players) if player else "#333"
        s = view.scale
        if isinstance(choice, PlaceTile) and game.current_tile is not None:
            px, py = view.to_pixel(choice.x, choice.y)
            render.draw_tile(painter, game.current_tile, choice.rotation, px, py, int(s))
            w = max(2.5, s / 16)
            painter.rect(px + w / 2, py + w / 2, s - w, s - w, stroke=colour, width=w)
            if len(target.choices) > 1:
                k = target.choices.index(choice) + 1
                label = f"⟳ {k}/{len(target.choices)}"
                painter.rect(px + s - 0.5 * s, py + 2, 0.5 * s - 2, max(12.0, 0.2 * s), fill="#ffffff", alpha=0.85)
                painter.text(px + s - 0.25 * s, py + 2 + max(12.0, 0.2 * s) / 2, label,
                             size=max(9.0, 0.15 * s), fill="#111", bold=True)
            return
        self._draw_spot(painter, game, target, view, colour, big=True)

    # -- clicking -------------------------------------------------------------------------------------
    def targets(self, game: HuntersGatherers) -> list[Target]:
        actions = game.legal_actions()
        if game.phase == "place_tile":
            by_cell: dict[tuple[int, int], list[PlaceTile]] = {}
            for placing in cast(list[PlaceTile], actions):
                by_cell.setdefault((placing.x, placing.y), []).append(placing)
            return [Target(("cell", x, y), tuple(sorted(rot, key=attrgetter("rotation"))), ("rect", x, y, x + 1, y + 1),
                           words.sentence(f"place the tile {words.cell_name(x, y)}"))
                    for (x, y), rot in by_cell.items()]
        # one spot per feature, on the feature; a river that takes a fisher or a hut offers a menu
        per_feature: dict[tuple[int, int, str], list[Action]] = {}
        for a in actions:
            if isinstance(a, (PlaceMeeple, PlaceHut, RetakeMeeple)):
                per_feature.setdefault((a.x, a.y, a.feature), []).append(a)
        anchors = {ref: self._anchor(game, *ref) for ref in per_feature}
        targets: list[Target] = []
        for ref, choices in per_feature.items():
            wx, wy = anchors[ref]
            # disjoint from every other spot (the shaman's spots sit on many tiles), at any zoom
            others = [math.hypot(wx - ox, wy - oy) for other, (ox, oy) in anchors.items() if other != ref]
            radius = min([_SPOT_RADIUS, *(d * _SPOT_GAP for d in others)])
            choices.sort(key=lambda a: isinstance(a, PlaceHut))      # the figure first, then the hut
            # buttons, menus and messages speak the players' words, never feature ids
            labels = tuple(words.sentence(words.action_text(game, a)) for a in choices)
            kind = "retake" if isinstance(choices[0], RetakeMeeple) else "figure"
            # a menu is headed by the place; its buttons say what goes there
            label = words.sentence(words.feature_name(game, *ref, distinct=True)) if len(choices) > 1 else labels[0]
            targets.append(Target(("spot", *ref, kind), tuple(choices), ("circle", wx, wy, radius), label,
                                  menu=len(choices) > 1, choice_labels=labels))
        return targets

    def action_text(self, game: HuntersGatherers, action: Action) -> str:
        """An action in the players' words: "Place a gatherer on the forest north of the start tile"."""
        return words.sentence(words.action_text(game, action))

    def prompt(self, game: HuntersGatherers, targets: Sequence[Target]) -> list[Choice]:
        """Skip (place no figure) is the one decision that is not a spot on the board."""
        choices = []
        for choice in super().prompt(game, targets):
            if isinstance(choice.action, Pass):
                choice = Choice("Skip", choice.action, detail="place no figure this turn (S)", key="s")
            choices.append(choice)
        return choices

    def explain_click(self, game: HuntersGatherers, wx: float, wy: float) -> Action | str:
        x, y = math.floor(wx), math.floor(wy)
        if game.is_over:
            return "the game is over"
        if game.phase == "place_tile":
            return PlaceTile(x, y, 0)
        placed = game.board.get((x, y))
        fid = render.feature_at(placed.tile, placed.rotation, wx - x, wy - y) if placed else None
        if game.phase == "retake_meeple":
            return RetakeMeeple(x, y, fid or "?")
        if fid is None:
            return PlaceMeeple(x, y, "?")
        kind = placed.tile.feature(fid).type  # type: ignore[union-attr]
        if kind == "lake":
            return PlaceHut(x, y, fid)
        return PlaceMeeple(x, y, fid)

    def ref_point(self, game: HuntersGatherers, ref: Any) -> tuple[float, float] | None:
        """References are board cells ``(x, y)``: their centre."""
        if isinstance(ref, tuple) and len(ref) == 2 and all(isinstance(v, int) for v in ref):
            return (ref[0] + 0.5, ref[1] + 0.5)
        return None

    def move_refs(self, game: HuntersGatherers) -> tuple[Any, ...]:
        """The cells of the last turn's tiles."""
        return tuple(last_turn(game)[1])

    def highlight(self, painter: Painter, game: HuntersGatherers, refs: Sequence[Any],
                  view: View) -> None:
        """References are cells: each one washed and framed in the emphasis colour."""
        s = view.scale
        width = max(2.0, s / 20)
        for ref in refs:
            if self.ref_point(game, ref) is None:
                continue
            px, py = view.to_pixel(*ref)
            painter.rect(px, py, s, s, fill=EMPHASIS, alpha=0.22)
            painter.rect(px + width, py + width, s - 2 * width, s - 2 * width, stroke=EMPHASIS, width=width * 1.4)

    # -- hovering: an area and what it is worth -----------------------------------------------------
    def inspect(self, game: HuntersGatherers, wx: float, wy: float) -> Inspection | None:
        x, y = math.floor(wx), math.floor(wy)
        placed = game.board.get((x, y))
        if placed is None:
            return None
        fid = None
        for f in game.figures():     # a figure is hovered when the pointer is on it
            if (f.x, f.y) == (x, y):
                ax, ay = self._anchor(game, x, y, f.feature)
                if math.hypot(wx - ax, wy - ay) < _FIGURE_SIZE * 0.6:
                    fid = f.feature
        if fid is None:
            fid = render.feature_at(placed.tile, placed.rotation, wx - x, wy - y)
        if fid is None:
            return None
        return area_inspection(game, x, y, fid)

    def draw_inspection(self, painter: Painter, game: HuntersGatherers, inspection: Inspection,
                        view: View, style: Style) -> None:
        s = view.scale
        step = s / _MASK
        for x, y, fid in inspection.regions:
            placed = game.board.get((x, y))
            if placed is None:
                continue
            px, py = view.to_pixel(x, y)
            for j, i0, i1 in feature_runs(placed.tile, placed.rotation, fid):
                painter.rect(px + i0 * step, py + j * step, (i1 - i0) * step, step, fill=HIGHLIGHT, alpha=0.55)
        for x, y in cast(Sequence[tuple[int, int]], inspection.refs):
            px, py = view.to_pixel(x, y)
            painter.rect(px + 1, py + 1, s - 2, s - 2, stroke=HIGHLIGHT_EDGE, width=2)
        # the figures on the area stay on top of the highlight, in their own colours
        regions = set(inspection.regions)
        marks = seat_marks(game.players)
        for f in game.figures():
            if (f.x, f.y, f.feature) in regions:
                cx, cy = view.to_pixel(*self._anchor(game, f.x, f.y, f.feature))
                render.draw_figure(painter, f.role, style.colour(f.player, game.players), cx, cy, s * _FIGURE_SIZE,
                                   marks.get(f.player, ""))

    # -- panel ----------------------------------------------------------------------------------------
    def status(self, game: HuntersGatherers) -> tuple[str, str]:
        player = game.current_player
        if game.is_over:     # the panel names the winners, once, above the final scores
            return ("Game over", "Step back through the game with the history slider, or start a new game.")
        if game.phase == "place_tile":
            tile = game.current_tile
            extra = " (extra turn)" if game.in_extra_turn else ""
            kind = f"{tile.kind} tile" if tile is not None and tile.kind != "normal" else "tile"
            return (f"{player}: place the {kind}{extra}",     # the panel shows the tile itself
                    "Hover a highlighted cell to try the tile there; ⟳ or R turns it; click to place.")
        if game.phase == "place_figure":
            return (f"{player}: place a figure or skip",
                    ("Click a white spot to place a gatherer, fisher, hunter or hut (a river may offer "
                     "both: pick one), or press Skip."))
        if game.phase == "retake_meeple":
            return (f"{player}: the shaman takes back one of your meeples", "Click one of your meeples (marked ↩).")
        return (f"{player}: {game.phase.replace('_', ' ')}", "")

    def columns(self, game: HuntersGatherers) -> list[Column]:
        return [*super().columns(game), Column("Figures left", self.figures_left(game), numeric=False)]

    def sections(self, game: HuntersGatherers, choice: Action | None) -> list[Section]:
        return [Section("In hand", self.hand_html(game, choice)),
                Section("Tiles", self.piles_html(game)),
                Section("Tiles left to draw", lambda: self.remaining_html(game), open=False)]

    def help_html(self, game: HuntersGatherers) -> str:
        return ("Hover a highlighted cell to try the tile there, <kbd>R</kbd> (or Rotate) turns it to its next "
                "valid rotation (<kbd>Shift</kbd>+<kbd>R</kbd> back), click or <kbd>P</kbd> places it. Then click a "
                "white spot for a figure, or <kbd>S</kbd> / Skip. Hover a figure or a feature to see its whole "
                "area and what it is worth.")

    def legend(self, game: HuntersGatherers) -> list[Any]:
        """The glyphs of this game's rules and tile set, as the board draws them."""
        return list(render.legend_items(game.rules.edition, game.tileset))

    def inspector_view(self, game: HuntersGatherers) -> Any:
        from .graph_view import FeatureGraphView
        return FeatureGraphView()

    def hand_html(self, game: HuntersGatherers, choice: Action | None) -> str:
        tile = game.current_tile
        if tile is None:
            if game.phase in ("place_figure", "retake_meeple"):
                return "<div class='wp-hand-empty'>tile placed: now a figure, or Skip</div>"
            return "<div class='wp-hand-empty'>no tile in hand</div>"
        rotation = choice.rotation if isinstance(choice, PlaceTile) else 0
        pile = "regular pile" if tile.kind == "normal" else f"{tile.kind} pile"
        return (f"<div class='wp-hand'>{_svg_tile(tile, rotation)}"
                f"<div class='wp-hand-caption'>tile {tile.id} · {esc(pile)} · {rotation}°</div></div>")

    def figures_left(self, game: HuntersGatherers) -> dict[str, str]:
        return {p: f"{words.count(s.meeples, 'meeple')} · {words.count(s.huts, 'hut')}" for p, s in game.supply.items()}

    def piles_html(self, game: HuntersGatherers) -> str:
        left = game.tiles_left
        parts = [f"{n} {esc(name)}" for name, n in left.items()]
        removed = game.removed_tiles
        # the edition is part of what is being played: say which rules and which tiles
        rules = {"2020": "2020 rules", "classic": "classic (2002) rules"}.get(game.rules.edition, game.rules.edition)
        tiles = {"2020": "2020 tiles", "classic": "classic tiles (reconstruction)"}.get(game.tileset.name,
                                                                                      f"tiles: {game.tileset.name}")
        text = f"{esc(rules)} · {esc(tiles)} · Tiles left: " + " · ".join(parts)
        if removed:
            text += f" · {len(removed)} removed (fit nowhere)"
        return text

    def remaining_html(self, game: HuntersGatherers) -> str:
        out = []
        for pile, ids in game.remaining_tiles().items():
            if not ids:
                continue
            out.append(f"<div class='wp-pile-title'>{esc(pile)}: {len(ids)} tiles</div>")
            out.append(_svg_pile(game.tileset.name, tuple(ids), tuple(game.tileset.by_id[i] for i in ids)))
        return "".join(out) or "no tiles left"

@lru_cache(maxsize=16)     # the tile in hand in its turns; 256 old hands of ~6 kB each were up to 1.5 MB
def _svg_tile(tile: Tile, rotation: int) -> str:
    return render.tile_svg(tile, rotation, 92)


@lru_cache(maxsize=64)
def _svg_pile(tileset: str, ids: tuple[int, ...], tiles: tuple[Tile, ...]) -> str:
    return render.tiles_svg(tiles, size=40, columns=8)


def area_inspection(game: HuntersGatherers, x: int, y: int, fid: str) -> Inspection:
    """What the feature ``fid`` of the tile at ``(x, y)`` belongs to and what that is worth now,
    in the players' words (the same sentences as ``str(area)`` and the inspector).

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    >>> hover = area_inspection(g, 0, 0, "f1")
    >>> hover.title, hover.lines[0]
    ('Forest · 1 tile · 2 open ends', 'Worth 2 if completed now: 1 tile x2; nobody holds it')
    """
    kind = game.board[x, y].tile.feature(fid).type
    if kind == "lake":      # a lake counts for its river system (huts, logboat, raft)
        system = game.area_at(x, y, fid, system=True)
        lake = game.area_at(x, y, fid)
        lake_lines = (words.worth_sentence(lake), "Its river system: " + _lower(words.worth_sentence(system)))
        title = f"Lake · in a river system of {words.count(len(system.cells), 'tile')}"
        return Inspection(("system", system.key), title, lake_lines, system.features, system.cells)
    view = game.area_at(x, y, fid)
    title = " · ".join([words.sentence(words.kind_word(view.kind)), *view.state.split(", ")])
    lines = [words.worth_sentence(view)]
    if kind == "forest" and ("menhir" in view.specials or "gold" in view.specials):
        lines.append("Completing it earns an extra turn")
    elif kind == "river":
        system = game.area_at(x, y, fid, system=True)
        if system.occupants:
            lines.append("Its river system: " + _lower(words.worth_sentence(system)))
    elif kind == "meadow":
        animals = [words.count(n, name, name if name != "mammoth" else None) for name, n in view.animals.items() if n]
        lines.append("Animals: " + (", ".join(animals) if animals else "none"))
    return Inspection((view.kind, view.key), title, tuple(lines), view.features, view.cells)


def _lower(text: str) -> str:
    """A sentence continued after a colon."""
    return text[:1].lower() + text[1:]


__all__ = ["HuntersGatherersUI", "area_inspection", "feature_runs", "last_turn"]
