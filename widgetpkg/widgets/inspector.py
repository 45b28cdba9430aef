"""The inspector: a generic shell around the game's own look inside a position.

The game's adapter supplies an :class:`~widgetpkg.ui.inspector.InspectorView` (Hunters &
Gatherers: its feature graph); this shell owns the widgets: a canvas the view draws on through the
painter, a check box per category, a sort menu, the details of the selected item and a table.
Clicking an item (or ``select(key)``) shows its details and, with an ``app``, stresses the item's
references on the board. Everything follows the model's ``version``; a redraw is one batched
message (``hold_canvas``). A game without a view gets a short note instead.

>>> import widgetpkg as wp
>>> from widgetpkg.widgets import GameModel
>>> model = GameModel(wp.new_game("hunters-gatherers", seed=1))
>>> inspector = Inspector(model)
>>> type(inspector.view).__name__, len(inspector.view.items) > 0
('FeatureGraphView', True)
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Hashable
from typing import Any

import ipywidgets as W
from ipycanvas import Canvas, hold_canvas

from ..render.canvas import CanvasPainter
from ..ui.contract import esc, ui_for
from ..ui.inspector import InspectorView
from .model import GameModel

log = logging.getLogger(__name__)

_BACKGROUND = "#f7f4ec"


class Inspector:
    """The inspector of ``model``'s game; ``app`` (optional) is the :class:`App` whose board
    stresses what is selected."""

    def __init__(self, model: GameModel, *, app: Any = None, width: int = 520, height: int = 420) -> None:
        self.model = model
        self.app = app
        self.width, self.height = int(width), int(height)
        self.view: InspectorView = InspectorView()
        self._view_game: str | None = None
        self.canvas = Canvas(width=self.width, height=self.height,
                             layout=W.Layout(width=f"{self.width}px", max_width="100%", height="auto"))
        self.canvas.add_class("wp-inspector")
        self.filters: dict[str, W.Checkbox] = {}
        self.filter_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.sort = W.Dropdown(options=[], description="sort by", layout=W.Layout(width="200px"))
        self.sort.observe(lambda change: self._update_table(), "value")
        self.note = W.HTML()
        #: what the colours mean beyond the check boxes (rings, dots), and the table's style
        self.legend = W.HTML(_CSS)
        self.details = W.HTML("<i>click an item</i>")
        self.table = W.HTML(layout=W.Layout(max_width="100%", overflow="auto"))
        self.widget = W.VBox([
            self.note, self.filter_box, self.legend,
            W.HBox([self.canvas, self.details], layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
            self.sort, self.table,
        ])
        self.widget.add_class("wp-inspector-box")
        self.selected: Hashable | None = None
        self._closed = False
        #: how many times the canvas was redrawn (each one ``hold_canvas`` batch)
        self.redraws = 0
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_client_ready(self.redraw)
        model.observe(self._on_change, ["version", "colours"])
        if app is not None:  # clicking something on the board selects its item here
            app.board.on_feature_click(self.select_feature)
        self.refresh()

    # -- public API ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the position again and redraw everything."""
        game = self.model.game
        if game.name != self._view_game:
            self._set_view(ui_for(game).inspector_view(game), game)
        self.view.colours = dict(self.model.colours)
        self.view.layout(game, self.width, self.height)
        self._update_legend()
        if self.selected is not None and self.view.item(self.selected) is None:
            self.selected = None
        self.redraw()
        self._update_table()
        self._update_details()

    def shown(self) -> set[str]:
        """The categories the check boxes let through."""
        return {name for name, box in self.filters.items() if box.value}

    def visible_items(self) -> list[Any]:
        shown = self.shown()
        return [i for i in self.view.items if i.category in shown]

    def item_pixel(self, key: Hashable) -> tuple[float, float]:
        """Where the item ``key`` is drawn on the canvas."""
        item = self.view.item(tuple(key) if isinstance(key, list) else key)
        if item is None:
            raise KeyError(f"no item {key!r}")
        return item.x, item.y

    def item_at(self, px: float, py: float) -> Hashable | None:
        return self.view.item_at(px, py, self.shown())

    def click(self, px: Any, py: Any) -> Hashable | None:
        """A click on the canvas: select the item there (or clear the selection). Its key or None."""
        key = self.item_at(px, py) if _finite(px, py) else None
        self.select(key)
        return key

    def select(self, key: Hashable | None) -> Any:
        """Select item ``key`` (None clears): its details, and its references stressed on the board.
        Returns the item's data (the game's object), or None."""
        if key is not None:
            key = tuple(key) if isinstance(key, list) else key
            if self.view.item(key) is None:
                raise KeyError(f"no item {key!r} in the {self.view.title.lower()}")
        self.selected = key
        self._update_details()
        self._update_table()
        self.redraw()
        item = self.view.item(key) if key is not None else None
        if self.app is not None:
            self.model.highlight = list(self.view.refs(key)) if key is not None else []
        return item.data if item is not None else None

    def select_feature(self, inspection: Any) -> Any:
        """Select what a board inspection is about (a click on the board)."""
        key = self.view.key_for(inspection)
        return self.select(key) if key is not None else None

    def close(self) -> None:
        """Stop following the model and close the widgets."""
        self._closed = True
        with contextlib.suppress(ValueError):
            self.model.unobserve(self._on_change, ["version", "colours"])
        for widget in (self.canvas, *self.filters.values(), *self.filter_box.children, self.filter_box, self.sort,
                       self.note, self.legend, self.details, self.table, self.widget):
            widget.close()

    # -- drawing ------------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the view as the filters show it: one batched message."""
        c = self.canvas
        with hold_canvas():
            c.clear()
            c.fill_style = _BACKGROUND
            c.fill_rect(0, 0, self.width, self.height)
            c.save()
            self.view.draw(CanvasPainter(c), shown=self.shown(), selected=self.selected)
            c.restore()
        self.redraws += 1

    def _update_legend(self) -> None:
        """What rings and dots mean (the players may have changed): one message, only on a change."""
        categories = set(self.view.categories)
        notes = "".join(f"<span class='wp-legend-note'>{_swatch(colour, mark)}{esc(label)}</span>"
                        for mark, label, colour in self.view.legend() if mark not in categories)
        value = f"{_CSS}<div class='wp-legend'>{notes}</div>" if notes else _CSS
        if self.legend.value != value:
            self.legend.value = value

    def _update_details(self) -> None:
        if self.selected is None:
            self.details.value = "<i>click an item</i>" if self.view.items else ""
            return
        self.details.value = self.view.details_html(self.selected)

    def _update_table(self) -> None:
        if not self.view.sorts:
            self.table.value = ""
            return
        sort = self.sort.value if self.sort.value in self.view.sorts else self.view.sorts[0]
        self.table.value = self.view.table_html(shown=self.shown(), sort=sort, selected=self.selected)

    def _set_view(self, view: InspectorView | None, game: Any) -> None:
        self._view_game = game.name
        self.view = view if view is not None else InspectorView()
        self.note.value = ("" if view is not None else
                           f"<i>{esc(game.name)} has no inspector view: its adapter offers none.</i>")
        self.filters = {}
        legend = self.view.legend()
        labels = {category: (label, colour) for category, label, colour in legend}
        boxes: list[W.Widget] = []
        for name in self.view.categories:
            label, colour = labels.get(name, (name, ""))
            box = W.Checkbox(value=True, description=label, indent=False,
                             layout=W.Layout(width="auto", margin="0 10px 0 0"))
            box.observe(lambda change: self._on_filter(), "value")
            self.filters[name] = box
            # the check box is the legend of its colour: a swatch in front of it
            boxes.append(W.HBox([W.HTML(_swatch(colour)), box], layout=W.Layout(align_items="center"))
                         if colour else box)
        for old in self.filter_box.children:      # the swatches and rows of the previous view
            if isinstance(old, W.HBox):
                for child in old.children[:1]:
                    child.close()
                old.close()
        self.filter_box.children = tuple(boxes)
        self.sort.options = list(self.view.sorts)      # the value becomes the first sort, or None
        self.sort.layout.display = "flex" if self.view.sorts else "none"
        self.selected = None

    # -- events -------------------------------------------------------------------------------------
    def _on_change(self, change: dict[str, Any]) -> None:
        if self._closed:
            return
        try:
            self.refresh()
        except Exception:       # a view's failure never stops the model or the other views
            log.exception("the inspector could not follow the game")

    def _mouse_down(self, x: Any, y: Any) -> None:
        with contextlib.suppress(Exception):
            self.click(x, y)

    def _on_filter(self) -> None:
        self.redraw()
        self._update_table()

    # -- display ------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = repr(self)
        return bundle

    def __getattr__(self, name: str) -> Any:
        # what the game's view offers beyond the shell (H&G: ``sorted_areas``, ``edges``) reads
        # through the inspector too, as notebooks written before the split expect
        if name.startswith("_") or name == "view":
            raise AttributeError(name)
        return getattr(self.view, name)

    def __repr__(self) -> str:
        words = {category: label for category, label, _ in self.view.legend()}
        counts = {words.get(c, c): sum(i.category == c for i in self.view.items) for c in self.view.categories}
        return f"<Inspector ({self.view.title}): {', '.join(f'{n} {c}' for c, n in counts.items()) or 'empty'}>"


#: the legend and a table whose headers stand out from its rows and stay in view while it scrolls
_CSS = """<style>
.wp-inspector-box .wp-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 50%;
  margin-right: 5px; vertical-align: -1px; border: 1px solid rgba(0, 0, 0, .35); }
.wp-inspector-box .wp-swatch.wp-ring { background: transparent; border: 2px solid; box-sizing: border-box; }
.wp-inspector-box .wp-legend { font-size: 13px; color: #333; margin: 2px 0 6px; }
.wp-inspector-box .wp-legend-note { margin-right: 14px; white-space: nowrap; }
.wp-inspector-box table.wp-areas { border-collapse: collapse; font-size: 13px; }
.wp-inspector-box table.wp-areas th { position: sticky; top: 0; background: #3c4a2c; color: #fff;
  font-weight: 600; text-align: left; padding: 4px 8px; white-space: nowrap; }
.wp-inspector-box table.wp-areas td { padding: 3px 8px; border-bottom: 1px solid #e4dfd2; }
.wp-inspector-box table.wp-areas .wp-num { text-align: right; font-variant-numeric: tabular-nums; }
</style>"""


def _swatch(colour: str, mark: str = "dot") -> str:
    """A filled dot in ``colour``, or a hollow ring (``mark="ring"``) as the drawing shows it."""
    if mark == "ring":
        return f"<span class='wp-swatch wp-ring' style='border-color:{esc(colour)}'></span>"
    return f"<span class='wp-swatch' style='background:{esc(colour)}'></span>"


def _finite(*values: Any) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


__all__ = ["Inspector"]
