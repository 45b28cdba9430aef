"""The app's "Legend" toggle: the key to the board's pictures (the game's ``legend``), shown on demand.

>>> import widgetpkg as wp
>>> from widgetpkg.widgets.model import GameModel
>>> view = LegendView(GameModel(wp.new_game("stone-age", players=2, seed=1)))
>>> view.html.value, view.toggle.description
('', 'Legend')
>>> view.toggle.value = True
>>> "<svg" in view.html.value and "Forest: wood" in view.html.value
True
>>> view.close()
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..ui.contract import ui_for
from ..ui.legend import legend_svg


class LegendView:
    """A toggle button and, while it is pressed, the legend of the model's game beside the board."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.toggle = W.ToggleButton(value=False, description="Legend", tooltip="show what each picture means",
                                     icon="question", layout=W.Layout(width="auto"))
        self.html = W.HTML("")
        self.widget = W.VBox([self.toggle, self.html])
        self.widget.add_class("wp-legend-view")
        self._shown: Any = None
        self.toggle.observe(self._update, "value")
        model.observe(self._update, "version")

    def _update(self, _change: Any = None) -> None:
        if not self.toggle.value:
            self.html.value = ""
            self._shown = None
            return
        game = self.model.game
        # the legend follows the players and variants, not each move
        key = (game.name, tuple(game.players), repr(getattr(game, "options", None)))
        if key != self._shown:
            self._shown = key
            self.html.value = legend_svg(ui_for(game).legend(game), height=520)

    def close(self) -> None:
        self.model.unobserve(self._update, "version")
        for widget in (self.toggle, self.html, self.widget):
            widget.close()
