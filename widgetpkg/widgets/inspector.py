"""The feature-graph inspector: the areas of the board as a graph, a table and their details.

Each forest, river, meadow and lake is a node drawn where its tiles are (the mean of its cells),
coloured by kind, sized by its number of tiles, ringed when complete, with a small dot per figure
in the colour of its player; lines join areas of different kinds that touch. Click a node (or
call ``select``) to read its details and to stress its tiles on the board of an attached app. The
table lists the same areas and sorts by kind, tiles, points or completeness. Everything redraws
when the model's ``version`` changes; each canvas redraw is one batched message (``hold_canvas``).

>>> import widgetpkg as wp
>>> from widgetpkg.widgets import GameModel
>>> model = GameModel(wp.new_game("hunters-gatherers", seed=1))
>>> inspector = Inspector(model)
>>> len(inspector.nodes) == len([a for a in model.game.areas() if a.kind != "system"])
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W
from ipycanvas import Canvas, hold_canvas

from .model import GameModel

#: fill colours by kind
KIND_COLOURS = {"forest": "#1f5e2a", "meadow": "#9ccc65", "river": "#3d8fd6", "lake": "#1c5fa8"}
#: the kinds drawn as nodes (river systems are named by their rivers and lakes instead)
NODE_KINDS = ("forest", "meadow", "river", "lake")
#: the table's sort keys: label -> (key function, descending)
SORTS = {
    "points": (lambda a: a.points, True),
    "tiles": (lambda a: len(a.cells), True),
    "kind": (lambda a: NODE_KINDS.index(a.kind) if a.kind in NODE_KINDS else len(NODE_KINDS), False),
    "complete": (lambda a: (a.open_ends != 0, a.open_ends if a.open_ends is not None else 99), False),
}
FALLBACK_PLAYER_COLOURS = ("#d62828", "#1d4ed8", "#eab308", "#15803d", "#111111")


@dataclass(frozen=True)
class Node:
    """An area as drawn: its view, centre and radius in canvas pixels."""

    area: Any  # AreaView
    x: float
    y: float
    r: float

    @property
    def key(self) -> Hashable:
        return self.area.key


class Inspector:
    """The feature graph of ``model``'s game on a canvas, with details, filters and a table.

    ``app`` (optional) is an :class:`App` whose board stresses the selected area's tiles.
    """

    def __init__(self, model: GameModel, *, app: Any = None, width: int = 520, height: int = 420) -> None:
        self.model = model
        self.app = app
        self.width, self.height = int(width), int(height)
        self.canvas = Canvas(width=self.width, height=self.height,
                             layout=W.Layout(width=f"{self.width}px", max_width="100%", height="auto"))
        self.canvas.add_class("wp-inspector")
        self.filters = {kind: W.Checkbox(value=True, description=kind, indent=False,
                                         layout=W.Layout(width="auto", margin="0 10px 0 0"))
                        for kind in NODE_KINDS}
        for box in self.filters.values():
            box.observe(lambda change: self._on_filter(), "value")
        self.sort = W.Dropdown(options=list(SORTS), value="points", description="sort by",
                               layout=W.Layout(width="200px"))
        self.sort.observe(lambda change: self._update_table(), "value")
        self.details = W.HTML("<i>click an area</i>")
        self.table = W.HTML()
        self.widget = W.VBox([
            W.HBox(list(self.filters.values())),
            W.HBox([self.canvas, self.details], layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.sort, self.table,
        ])
        self.widget.add_class("wp-inspector-box")
        self.selected: Hashable | None = None
        self.areas: list[Any] = []
        self.nodes: list[Node] = []
        self.edges: list[tuple[Hashable, Hashable]] = []
        #: how many times the canvas was redrawn (each one ``hold_canvas`` batch)
        self.redraws = 0
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_client_ready(self.refresh)
        model.observe(self._on_version, "version")
        if app is not None:  # clicking a feature on the board selects its node here
            app.board.on_feature_click(self.select_feature)
        self.refresh()

    # -- public API ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the areas again from the game and redraw everything."""
        game = self.model.game
        self.areas = [a for a in game.areas() if a.kind in NODE_KINDS]
        self._layout()
        self.edges = self._edges(game)
        if self.selected is not None and self.area(self.selected) is None:
            self.selected = None
        self.redraw()
        self._update_table()
        self._update_details()

    def area(self, key: Hashable) -> Any:
        """The AreaView keyed ``key`` (as ``AreaView.key``), or None."""
        key = tuple(key) if isinstance(key, list) else key
        return next((a for a in self.areas if a.key == key), None)

    def visible_nodes(self) -> list[Node]:
        """The nodes the kind filters let through."""
        return [n for n in self.nodes if self.filters[n.area.kind].value]

    def node_pixel(self, key: Hashable) -> tuple[float, float]:
        """Where the node of area ``key`` is drawn on the canvas."""
        node = next(n for n in self.nodes if n.key == tuple(key))
        return node.x, node.y

    def node_at(self, px: float, py: float) -> Node | None:
        """The visible node under canvas pixel ``(px, py)`` (the nearest if nodes overlap)."""
        hits = [(math.hypot(n.x - px, n.y - py), i, n) for i, n in enumerate(self.visible_nodes())
                if math.hypot(n.x - px, n.y - py) <= max(n.r, 6) + 2]
        return min(hits)[2] if hits else None

    def click(self, px: float, py: float) -> Hashable | None:
        """A click on the canvas: select the node there (or clear the selection). Its key or None."""
        node = self.node_at(px, py)
        self.select(node.key if node else None)
        return node.key if node else None

    def select(self, key: Hashable | None) -> Any:
        """Select area ``key`` (None clears): show its details, stress its tiles on the app's board."""
        if key is not None:
            area = self.area(key)
            if area is None:
                raise KeyError(f"no area {key!r} on the board")
            key = area.key
        self.selected = key
        self._update_details()
        self.redraw()
        area = self.area(key) if key is not None else None
        if self.app is not None:
            self.model.highlight = [list(c) for c in area.cells] if area is not None else []
        return area

    def select_feature(self, inspection: Any) -> Any:
        """Select the area holding the features a board inspection names (its ``regions``)."""
        regions = set(getattr(inspection, "regions", ()))
        area = next((a for a in self.areas if regions & set(a.features)), None)
        return self.select(area.key) if area is not None else None

    def sorted_areas(self, by: str | None = None) -> list[Any]:
        """The areas in table order (``by``: kind, tiles, points, complete; default: the dropdown)."""
        by = by or self.sort.value
        if by not in SORTS:
            raise ValueError(f"sort by one of {', '.join(SORTS)}, got {by!r}")
        key, descending = SORTS[by]
        shown = [a for a in self.areas if self.filters[a.kind].value]
        return sorted(shown, key=key, reverse=descending)

    # -- layout ------------------------------------------------------------------------------------
    def _layout(self) -> None:
        cells = [c for a in self.areas for c in a.cells] or [(0, 0)]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
        margin = 24
        unit = min((self.width - 2 * margin) / (x1 - x0), (self.height - 2 * margin) / (y1 - y0), 90.0)
        ox = (self.width - unit * (x1 - x0)) / 2 - unit * x0
        oy = (self.height - unit * (y1 - y0)) / 2 - unit * y0
        self._unit, self._origin = unit, (ox, oy)
        # areas whose tiles have the same mean would sit on one another: spread them on a small circle
        groups: dict[tuple[float, float], list[Any]] = {}
        for area in self.areas:
            mx = sum(c[0] for c in area.cells) / len(area.cells) + 0.5
            my = sum(c[1] for c in area.cells) / len(area.cells) + 0.5
            groups.setdefault((round(mx, 3), round(my, 3)), []).append(area)
        nodes = []
        for (mx, my), members in groups.items():
            spread = 0.0 if len(members) == 1 else 0.3
            for i, area in enumerate(members):
                angle = 2 * math.pi * i / len(members) - math.pi / 2
                r = unit * min(0.08 + 0.04 * math.sqrt(len(area.cells)), 0.45)
                nodes.append(Node(area, ox + unit * (mx + spread * math.cos(angle)),
                                  oy + unit * (my + spread * math.sin(angle)), max(r, 4.0)))
        self.nodes = nodes

    def _edges(self, game: Any) -> list[tuple[Hashable, Hashable]]:
        try:
            graph = game.feature_graph()
        except ImportError:   # networkx is optional: nodes without lines
            return []
        return [(a, b) for a, b in graph.edges()]

    # -- drawing -----------------------------------------------------------------------------------
    def _player_colour(self, player: str) -> str:
        colours = self.model.colours
        if player in colours:
            return colours[player]
        players = list(self.model.game.players)
        index = players.index(player) if player in players else 0
        return FALLBACK_PLAYER_COLOURS[index % len(FALLBACK_PLAYER_COLOURS)]

    def redraw(self) -> None:
        """Draw the graph as the filters show it: one batched message."""
        c = self.canvas
        shown = {n.key: n for n in self.visible_nodes()}
        with hold_canvas():
            c.clear()
            c.fill_style = "#f7f4ec"
            c.fill_rect(0, 0, self.width, self.height)
            # the board's cells, faintly, so nodes read as "where their tiles are"
            unit, (ox, oy) = self._unit, self._origin
            c.stroke_style = "#e2dccd"
            c.line_width = 1
            for cell in {cell for a in self.areas for cell in a.cells}:
                c.stroke_rect(ox + unit * cell[0], oy + unit * cell[1], unit, unit)
            c.stroke_style = "#6b6b6b"
            c.line_width = 1.5
            for a, b in self.edges:
                if a in shown and b in shown:
                    c.stroke_line(shown[a].x, shown[a].y, shown[b].x, shown[b].y)
            for node in shown.values():
                area = node.area
                if node.key == self.selected:
                    c.fill_style = "#ffb703"
                    c.fill_circle(node.x, node.y, node.r + 6)
                c.fill_style = KIND_COLOURS[area.kind]
                c.fill_circle(node.x, node.y, node.r)
                if area.complete:
                    c.stroke_style = "#222222"
                    c.line_width = 2
                    c.stroke_circle(node.x, node.y, node.r + 3)
                dots = [p for p, n in area.occupants.items() for _ in range(n)]
                for i, player in enumerate(dots):
                    angle = 2 * math.pi * i / max(len(dots), 1) + math.pi / 4
                    dx, dy = node.x + node.r * math.cos(angle), node.y + node.r * math.sin(angle)
                    c.fill_style = self._player_colour(player)
                    c.fill_circle(dx, dy, 3.5)
                    c.stroke_style = "#ffffff"
                    c.line_width = 1
                    c.stroke_circle(dx, dy, 3.5)
        self.redraws += 1

    def _update_details(self) -> None:
        area = self.area(self.selected) if self.selected is not None else None
        if area is None:
            self.details.value = "<i>click an area</i>"
            return
        esc = html.escape
        occupants = ", ".join(f"{p} {n}" for p, n in area.occupants.items()) or "nobody"
        self.details.value = (
            f"<div style='max-width:320px'><b>{esc(area.kind)} {esc(area.key[2])} at "
            f"({area.key[0]}, {area.key[1]})</b><br>{esc(str(area))}<br>"
            f"<b>equation:</b> {esc(area.equation)} = {area.points}<br>"
            f"<b>held by:</b> {esc(occupants)}<br>"
            f"<b>scorers:</b> {esc(', '.join(area.scorers) or 'nobody')}</div>")

    def _update_table(self) -> None:
        esc = html.escape
        rows = []
        for a in self.sorted_areas():
            mark = " style='background:#fff3c4'" if a.key == self.selected else ""
            done = "" if a.open_ends is None else ("yes" if a.complete else f"{a.open_ends} open")
            who = ", ".join(f"{p} {n}" for p, n in a.occupants.items())
            rows.append(f"<tr{mark}><td>{esc(a.kind)}</td><td>{esc(str(a.key))}</td>"
                        f"<td style='text-align:right'>{len(a.cells)}</td><td>{done}</td><td>{esc(who)}</td>"
                        f"<td style='text-align:right'>{a.points}</td><td>{esc(a.equation)}</td></tr>")
        self.table.value = ("<table class='wp-areas'><tr><th>kind</th><th>area</th><th>tiles</th><th>complete</th>"
                            "<th>held by</th><th>points</th><th>equation</th></tr>" + "".join(rows) + "</table>")

    # -- events -------------------------------------------------------------------------------------
    def _on_version(self, change: dict[str, Any]) -> None:
        self.refresh()

    def _mouse_down(self, x: float, y: float) -> None:
        self.click(x, y)

    def _on_filter(self) -> None:
        self.redraw()
        self._update_table()

    # -- display ------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        kinds = {k: sum(a.kind == k for a in self.areas) for k in NODE_KINDS}
        return f"<Inspector: {', '.join(f'{n} {k}s' for k, n in kinds.items())}; {len(self.edges)} edges>"


__all__ = ["KIND_COLOURS", "Inspector", "Node"]
