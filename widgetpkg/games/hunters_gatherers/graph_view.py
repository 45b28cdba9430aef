"""The feature graph of Hunters & Gatherers, for the generic inspector (no widget code here).

Each forest, river, grassland and lake is an item drawn where its tiles are (the mean of its
cells), coloured by kind, sized by its number of tiles, ringed when complete, with a small dot
per figure in its player's colour; lines join areas of different kinds that touch. The table
lists the same areas, sorted by points, tiles, kind or completeness.

>>> import widgetpkg as wp
>>> game = wp.new_game("hunters-gatherers", seed=1)
>>> view = FeatureGraphView()
>>> view.layout(game, 400, 300)
>>> len(view.items) == len([a for a in game.areas() if a.kind != "system"])
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable
from typing import Any

from ...render.painter import Painter
from ...ui.contract import Inspection, esc
from ...ui.inspector import InspectorView, Item
from ...ui.palette import LAND, SELECTED, SELECTED_ROW, seat_colour
from . import words

#: fill colours by kind, from the tiles' own palette
KIND_COLOURS = {"forest": LAND["forest_edge"], "meadow": LAND["grass"], "river": LAND["river"],
                "lake": LAND["river_bank"]}
#: the kinds drawn as items (river systems are named by their rivers and lakes instead)
NODE_KINDS = ("forest", "meadow", "river", "lake")
#: the table's sort orders: name -> (key function, descending)
SORTS: dict[str, tuple[Callable[[Any], Any], bool]] = {
    "points": (lambda a: a.points, True),
    "tiles": (lambda a: len(a.cells), True),
    "kind": (lambda a: NODE_KINDS.index(a.kind), False),
    "complete": (lambda a: (a.open_ends != 0, a.open_ends if a.open_ends is not None else 99), False),
}
_GAP = 3.0          # pixels kept free between two items
#: the table's columns: header, right-aligned
_COLUMNS = (("Kind", False), ("Where", False), ("Tiles", True), ("Complete", False), ("Held by", False),
            ("Points", True), ("Equation", False))


def _push_apart(items: list[list[Any]], width: float, height: float, rounds: int = 30) -> None:
    """Move circles ``[x, y, r, ...]`` apart until none overlap (or ``rounds`` run out), each step
    half the overlap for each of a pair, kept inside the canvas. Neighbours are found through a
    grid of the largest diameter, so a step costs about one pass over the items.

    >>> circles = [[50.0, 50.0, 10.0], [52.0, 50.0, 10.0], [50.0, 51.0, 8.0]]
    >>> _push_apart(circles, 200, 200)
    >>> all(math.hypot(a[0] - b[0], a[1] - b[1]) >= a[2] + b[2] for a in circles for b in circles if a is not b)
    True
    """
    if len(items) < 2:
        return
    size = 2 * max(item[2] for item in items) + _GAP
    for _ in range(rounds):
        grid: dict[tuple[int, int], list[int]] = {}
        for k, (x, y, *_rest) in enumerate(items):
            grid.setdefault((int(x // size), int(y // size)), []).append(k)
        moved = False
        for (gx, gy), members in grid.items():
            near = [k for dx in (-1, 0, 1) for dy in (-1, 0, 1) for k in grid.get((gx + dx, gy + dy), ())]
            for a in members:
                for b in near:
                    if b <= a:
                        continue
                    A, B = items[a], items[b]
                    dx, dy = B[0] - A[0], B[1] - A[1]
                    dist = math.hypot(dx, dy)
                    need = A[2] + B[2] + _GAP
                    if dist >= need:
                        continue
                    if dist < 1e-6:     # on top of each other: part them along a fixed slant
                        dx, dy, dist = 0.8 + 0.1 * (b - a), 0.6, 1.0
                    push = (need - dist) / 2 + 0.01
                    ux, uy = dx / dist, dy / dist
                    A[0], A[1] = A[0] - ux * push, A[1] - uy * push
                    B[0], B[1] = B[0] + ux * push, B[1] + uy * push
                    moved = True
        for item in items:      # stay on the canvas
            item[0] = min(max(item[0], item[2]), width - item[2])
            item[1] = min(max(item[1], item[2]), height - item[2])
        if not moved:
            return


class FeatureGraphView(InspectorView):
    """Areas as items, their contacts as edges."""

    title = "Feature graph"
    categories = NODE_KINDS
    sorts = tuple(SORTS)

    def __init__(self) -> None:
        super().__init__()
        self.areas: list[Any] = []
        self.edges: list[tuple[Hashable, Hashable]] = []
        self.players: tuple[str, ...] = ()
        self._cells: set[tuple[int, int]] = set()
        self._unit, self._origin = 1.0, (0.0, 0.0)

    # -- reading the position ---------------------------------------------------------------------
    def layout(self, game: Any, width: int, height: int) -> None:
        self.players = tuple(game.players)
        self.areas = [a for a in game.areas() if a.kind in NODE_KINDS]
        try:
            self.edges = [(a, b) for a, b in game.feature_graph().edges()]
        except ImportError:     # networkx is optional: items without lines
            self.edges = []
        self._cells = {cell for a in self.areas for cell in a.cells}
        cells = self._cells or {(0, 0)}
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
        margin = 24
        unit = min((width - 2 * margin) / (x1 - x0), (height - 2 * margin) / (y1 - y0), 90.0)
        ox = (width - unit * (x1 - x0)) / 2 - unit * x0
        oy = (height - unit * (y1 - y0)) / 2 - unit * y0
        self._unit, self._origin = unit, (ox, oy)
        # areas whose tiles have the same mean would sit on one another: spread them on a small circle
        groups: dict[tuple[float, float], list[Any]] = {}
        for area in self.areas:
            mx = sum(c[0] for c in area.cells) / len(area.cells) + 0.5
            my = sum(c[1] for c in area.cells) / len(area.cells) + 0.5
            groups.setdefault((round(mx, 3), round(my, 3)), []).append(area)
        placed: list[list[Any]] = []  # [x, y, r, area]
        for (mx, my), members in groups.items():
            spread = 0.0 if len(members) == 1 else 0.3
            for i, area in enumerate(members):
                angle = 2 * math.pi * i / len(members) - math.pi / 2
                r = unit * min(0.08 + 0.04 * math.sqrt(len(area.cells)), 0.45)
                placed.append([ox + unit * (mx + spread * math.cos(angle)), oy + unit * (my + spread * math.sin(angle)),
                               max(r, 4.0), area])
        _push_apart(placed, width, height)
        self.items = [Item(area.key, area.kind, x, y, r, area) for x, y, r, area in placed]

    @property
    def nodes(self) -> list[Item]:
        """The items, by their graph name."""
        return self.items

    def area(self, key: Hashable) -> Any:
        """The AreaView keyed ``key``, or None."""
        key = tuple(key) if isinstance(key, list) else key
        return next((a for a in self.areas if a.key == key), None)

    def sorted_areas(self, by: str = "points", shown: Collection[str] = NODE_KINDS) -> list[Any]:
        if by not in SORTS:
            raise ValueError(f"sort by one of {', '.join(SORTS)}, got {by!r}")
        key, descending = SORTS[by]
        return sorted((a for a in self.areas if a.kind in shown), key=key, reverse=descending)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, painter: Painter, *, shown: Collection[str], selected: Hashable | None) -> None:
        unit, (ox, oy) = self._unit, self._origin
        # the board's cells, faintly, so items read as "where their tiles are"
        for x, y in sorted(self._cells):
            painter.rect(ox + unit * x, oy + unit * y, unit, unit, stroke="#e2dccd", width=1)
        visible = {i.key: i for i in self.items if i.category in shown}
        for a, b in self.edges:
            if a in visible and b in visible:
                painter.line(visible[a].x, visible[a].y, visible[b].x, visible[b].y, stroke="#6b6b6b", width=1.5)
        for item in visible.values():
            area = item.data
            if item.key == selected:
                painter.circle(item.x, item.y, item.r + 6, fill=SELECTED)
            painter.circle(item.x, item.y, item.r, fill=KIND_COLOURS[area.kind])
            if area.complete:
                painter.circle(item.x, item.y, item.r + 3, stroke="#222222", width=2)
            dots = [p for p, n in area.occupants.items() for _ in range(n)]
            for k, player in enumerate(dots):
                angle = 2 * math.pi * k / len(dots) + math.pi / 4
                painter.circle(item.x + item.r * math.cos(angle), item.y + item.r * math.sin(angle), 3.5,
                               fill=self._colour(player), stroke="#ffffff", width=1)

    def _colour(self, player: str) -> str:
        return self.colours.get(player) or seat_colour(player, self.players)

    # -- words -------------------------------------------------------------------------------------
    def legend(self) -> list[tuple[str, str, str]]:
        """Kinds in the game's words and colours, then what rings and dots mean.

        >>> [label for _, label, _ in FeatureGraphView().legend()][:4]
        ['forest', 'grassland', 'river', 'lake']
        """
        rows = [(kind, words.kind_word(kind), KIND_COLOURS[kind]) for kind in NODE_KINDS]
        rows.append(("ring", "complete", "#222222"))
        rows += [("dot", f"{p}'s figure", self._colour(p)) for p in self.players]
        return rows

    def details_html(self, key: Hashable) -> str:
        area = self.area(key)
        if area is None:
            return ""
        occupants = ", ".join(f"{p} {n}" for p, n in area.occupants.items()) or "nobody"
        return (f"<div style='max-width:320px'><b>{esc(words.sentence(area.name))}</b> "
                f"({esc(area.state)}, first feature {esc(area.key[2])} at ({area.key[0]}, {area.key[1]}))<br>"
                f"{esc(words.worth_sentence(area))}<br>"
                f"<b>Equation:</b> {esc(area.equation)} = {area.points}<br>"
                f"<b>Held by:</b> {esc(occupants)}<br>"
                f"<b>Scorers:</b> {esc(', '.join(area.scorers) or 'nobody')}</div>")

    def table_html(self, *, shown: Collection[str], sort: str, selected: Hashable | None) -> str:
        rows = []
        for a in self.sorted_areas(sort, shown):
            mark = f" style='background:{SELECTED_ROW}'" if a.key == selected else ""
            done = "" if a.open_ends is None else ("yes" if a.complete else words.count(a.open_ends, "open end"))
            who = ", ".join(f"{p} {n}" for p, n in a.occupants.items())
            swatch = f"<span class='wp-swatch' style='background:{KIND_COLOURS[a.kind]}'></span>"
            rows.append(f"<tr{mark}><td>{swatch}{esc(words.kind_word(a.kind))}</td>"
                        f"<td>{esc(words.place_from_start(a.cells))}</td>"
                        f"<td class='wp-num'>{len(a.cells)}</td><td>{done}</td><td>{esc(who)}</td>"
                        f"<td class='wp-num'>{a.points}</td><td>{esc(a.equation)}</td></tr>")
        head = "".join(f"<th{' class=wp-num' if numeric else ''}>{name}</th>" for name, numeric in _COLUMNS)
        return f"<table class='wp-areas'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    # -- the board ----------------------------------------------------------------------------------
    def refs(self, key: Hashable) -> tuple[Hashable, ...]:
        area = self.area(key)
        return tuple(area.cells) if area is not None else ()

    def key_for(self, inspection: Inspection) -> Hashable | None:
        """The area holding the features a board inspection names (its ``regions``)."""
        regions = set(inspection.regions)
        area = next((a for a in self.areas if regions & set(a.features)), None)
        return area.key if area is not None else None


__all__ = ["KIND_COLOURS", "NODE_KINDS", "FeatureGraphView"]
