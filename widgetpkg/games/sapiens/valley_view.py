"""Every valley's scene areas and caves, for the generic inspector (no widget code here).

Each valley is drawn small, side by side; every scene area (touching halves of one scene in one
tribe, :mod:`.areas`) is a disc in its scene's colour with its picture, sized by its halves, where
its squares are; abandoned areas are crossed; every cave still open is a ring, solid when the
next tile can enter it. The table lists the same, sorted by food, shelter or size.

>>> import widgetpkg as wp
>>> g = wp.new_game("sapiens", players=2, seed=3)
>>> _ = g.apply(g.legal_actions()[0])
>>> view = ValleyView()
>>> view.layout(g, 520, 300)
>>> sorted({i.category for i in view.items})
['active tribe', 'caves']
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from typing import Any

from ...render.painter import Painter
from ...ui.contract import Inspection, esc
from ...ui.inspector import InspectorView, Item
from ...ui.palette import CANOPY, FRAME, ROCK_DARK, SELECTED, SELECTED_ROW, ink_on, seat_colour
from .areas import Cave, SceneArea, ValleyAreas
from .components import HEIGHT, WIDTH

_CATEGORIES = ("active tribe", "abandoned", "caves")
_SORTS = {"food": lambda row: -row[2].food if isinstance(row[2], SceneArea) else 0,
          "shelter": lambda row: -(row[2].shelter if isinstance(row[2], SceneArea) else row[2].value),
          "size": lambda row: -len(row[2].squares) if isinstance(row[2], SceneArea) else 0}


class ValleyView(InspectorView):
    """Scene areas and caves of every valley."""

    title = "Valleys"
    categories = _CATEGORIES
    sorts = tuple(_SORTS)

    def __init__(self) -> None:
        super().__init__()
        self.valleys: list[ValleyAreas] = []
        self.players: tuple[str, ...] = ()
        self._frames: list[tuple[str, float, float, float]] = []  # player, x, y, unit

    def layout(self, game: Any, width: int, height: int) -> None:
        self.players = tuple(game.players)
        self.valleys = [game.areas(p) for p in game.players]
        n = len(self.valleys)
        unit = min((width - 10) / (n * (WIDTH + 3)), (height - 30) / (HEIGHT + 2))
        self._frames, self.items = [], []
        for k, valley in enumerate(self.valleys):
            ox, oy = 5 + k * unit * (WIDTH + 3) + unit, 24 + unit
            self._frames.append((valley.player, ox, oy, unit))

            def at(square: tuple[int, int], ox: float = ox, oy: float = oy) -> tuple[float, float]:
                return ox + unit * (square[0] + 0.5), oy + unit * (square[1] + 0.5)

            for area in valley.areas:
                xs, ys = zip(*(at(sq) for sq in area.squares))
                r = unit * min(0.3 + 0.08 * len(area.squares), 0.8)
                self.items.append(Item((valley.player, *area.key), "active tribe" if area.face_up else "abandoned",
                                       sum(xs) / len(xs), sum(ys) / len(ys), r, area))
            for cave in valley.caves:
                if cave.state == "open":
                    x, y = at(cave.square)
                    self.items.append(Item((valley.player, "cave", *cave.square), "caves", x, y, max(unit * 0.4, 8.0), cave))

    def draw(self, painter: Painter, *, shown: Collection[str], selected: Hashable | None) -> None:
        from .ui import ICONS, SCENE_COLOUR, SCENE_ICON
        for player, ox, oy, unit in self._frames:
            painter.text(ox, oy - unit * 0.9, f"{player}'s valley", size=14, anchor="start", baseline="bottom",
                         bold=True, fill=self._colour(player))
            painter.rect(ox, oy, unit * WIDTH, unit * HEIGHT, stroke="#bdb39f", width=1)
        for item in self.items:
            if item.category not in shown:
                continue
            if item.key == selected:
                painter.circle(item.x, item.y, item.r + 4, fill=SELECTED)
            if isinstance(item.data, Cave):
                reach = item.data.squares_between == 0
                painter.circle(item.x, item.y, item.r, fill=ROCK_DARK if reach else None, stroke=FRAME, width=2)
                painter.text(item.x, item.y, str(item.data.value), size=max(12.0, item.r * 1.2), bold=True,
                             fill=ink_on(ROCK_DARK) if reach else FRAME)
                continue
            area = item.data
            painter.circle(item.x, item.y, item.r, fill=SCENE_COLOUR[area.scene], stroke="#222222", width=1.5)
            painter.icon(ICONS[SCENE_ICON[area.scene]], item.x, item.y, item.r * 1.3, fill=ink_on(SCENE_COLOUR[area.scene]))
            if not area.face_up:
                d = item.r * 0.7
                painter.line(item.x - d, item.y - d, item.x + d, item.y + d, stroke="#222222", width=2)

    def _colour(self, player: str) -> str:
        return self.colours.get(player) or seat_colour(player, self.players)

    def legend(self) -> list[tuple[str, str, str]]:
        return [("active tribe", "active tribe", CANOPY), ("abandoned", "abandoned (crossed)", "#5d4a3a"),
                ("caves", "caves still open", ROCK_DARK),
                ("ring", "a filled cave: the next tile can enter it", ROCK_DARK)]

    def _row(self, key: Hashable) -> tuple[str, Hashable, Any] | None:
        key = tuple(key) if isinstance(key, list) else key
        item = self.item(key)
        return (key[0], key, item.data) if item is not None else None  # type: ignore[index]

    def details_html(self, key: Hashable) -> str:
        row = self._row(key)
        if row is None:
            return ""
        player, _, data = row
        text = str(data)
        if isinstance(data, SceneArea):
            valley = next(v for v in self.valleys if v.player == player)
            halves = [valley.half_at(sq) for sq in data.squares]
            text += "<ul>" + "".join(f"<li>{esc(h)}</li>" for h in halves if h is not None) + "</ul>"
            return f"<div style='max-width:320px'><b>{esc(player)}</b>: {text}</div>"
        return f"<div style='max-width:320px'><b>{esc(player)}</b>: {esc(text)}</div>"

    def table_html(self, *, shown: Collection[str], sort: str, selected: Hashable | None) -> str:
        rows = [(i.key[0], i.key, i.data) for i in self.items if i.category in shown]  # type: ignore[index]
        rows.sort(key=_SORTS.get(sort, _SORTS["food"]))
        body = []
        for player, key, data in rows:
            mark = f" style='background:{SELECTED_ROW}'" if key == selected else ""
            if isinstance(data, SceneArea):
                what = f"{data.scene} area, tribe {data.tribe}" + ("" if data.face_up else " (abandoned)")
                where, size, food, shelter = data.squares[0], len(data.squares), data.food, data.shelter
            else:
                reach = "out of reach" if data.squares_between is None else f"{data.squares_between} squares away"
                what, where, size, food, shelter = f"cave, {reach}", data.square, 1, 0, data.value
            body.append(f"<tr{mark}><td>{esc(player)}</td><td>{esc(what)}</td><td>{esc(where)}</td>"
                        f"<td class='wp-num'>{size}</td><td class='wp-num'>{food}</td><td class='wp-num'>{shelter}</td></tr>")
        head = ("<th>Valley</th><th>What</th><th>Where</th><th class=wp-num>Squares</th>"
                "<th class=wp-num>Food</th><th class=wp-num>Shelter</th>")
        return f"<table class='wp-areas'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"

    def refs(self, key: Hashable) -> tuple[Hashable, ...]:
        row = self._row(key)
        if row is None:
            return ()
        player, _, data = row
        squares = data.squares if isinstance(data, SceneArea) else (data.square,)
        return tuple(("square", player, x, y) for x, y in squares)

    def key_for(self, inspection: Inspection) -> Hashable | None:
        """The scene area or cave a board inspection of a square is about."""
        for ref in inspection.refs:
            if isinstance(ref, tuple) and len(ref) == 4 and ref[0] == "square":
                _, player, x, y = ref
                for item in self.items:
                    data = item.data
                    if item.key[0] == player and (x, y) in (data.squares if isinstance(data, SceneArea)  # type: ignore[index]
                                                            else (data.square,)):
                        return item.key
        return None


__all__ = ["ValleyView"]
