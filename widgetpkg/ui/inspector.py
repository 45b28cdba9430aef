"""The widget-free half of the inspector: what a game shows when one looks inside a position.

A game's adapter may return an :class:`InspectorView` from ``GameUI.inspector_view(game)``. The
generic inspector widget (``widgetpkg.widgets.inspector``) owns the canvas, the category
check boxes, the sort menu, the details and the table; the view owns the game's words and
pictures: it lays out *items* (circles in canvas pixels, each in a category), draws them through a
:class:`~widgetpkg.render.painter.Painter` (so the same drawing can become SVG), and writes the
details and the table as HTML. Selecting an item stresses its :meth:`refs` on the board.

>>> view = InspectorView()
>>> view.layout(None, 100, 80)
>>> view.items, view.item_at(5, 5, ())
([], None)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..render.painter import Painter

if TYPE_CHECKING:
    from .contract import Inspection


@dataclass(frozen=True)
class Item:
    """Something the inspector draws and one can click: a circle in canvas pixels."""

    key: Hashable
    category: str
    x: float
    y: float
    r: float
    #: the game's object behind the item (an area, a worker), for the view's own use
    data: Any = None


class InspectorView:
    """Base class of a game's inspector view; the defaults show nothing."""

    title: ClassVar[str] = "Inspector"
    #: categories the user may hide, in the order of the check boxes
    categories: ClassVar[tuple[str, ...]] = ()
    #: the orders the table may be sorted in; the first is the default
    sorts: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self.items: list[Item] = []
        #: the players' colours as the app shows them (set by the inspector before ``layout``)
        self.colours: dict[str, str] = {}

    def layout(self, game: Any, width: int, height: int) -> None:
        """Read the position and place the items on a ``width`` x ``height`` canvas."""
        self.items = []

    def draw(self, painter: Painter, *, shown: Collection[str], selected: Hashable | None) -> None:
        """Draw the items of the ``shown`` categories, ``selected`` stressed."""

    def item(self, key: Hashable) -> Item | None:
        return next((i for i in self.items if i.key == key), None)

    def item_at(self, px: float, py: float, shown: Collection[str]) -> Hashable | None:
        """The key of the shown item under canvas pixel ``(px, py)``: the nearest of those hit."""
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in (px, py)):
            return None
        hits = [(math.hypot(i.x - px, i.y - py), n, i.key) for n, i in enumerate(self.items)
                if i.category in shown and math.hypot(i.x - px, i.y - py) <= max(i.r, 6.0) + 2]
        return min(hits)[2] if hits else None

    def legend(self) -> list[tuple[str, str, str]]:
        """What the colours of the drawing mean: ``(category, label, colour)`` rows. A row whose
        category is one of :attr:`categories` labels that category's check box; any other row
        explains a mark of the drawing, its "category" naming the mark's shape: ``"ring"`` or
        ``"dot"`` (also ``""``)."""
        return []

    def details_html(self, key: Hashable) -> str:
        """What one item is, in words."""
        return ""

    def table_html(self, *, shown: Collection[str], sort: str, selected: Hashable | None) -> str:
        """Every shown item in a table, in ``sort`` order."""
        return ""

    def refs(self, key: Hashable) -> tuple[Hashable, ...]:
        """The board references an item concerns (its tiles, its place), for the board highlight."""
        return ()

    def key_for(self, inspection: Inspection) -> Hashable | None:
        """The item a board inspection (a hover or click on the board) is about, or None."""
        return None


__all__ = ["InspectorView", "Item"]
