"""The end screen of an app: who won in words, the final points by category, the scores over the
game, and what to do next (play again, back to the start screen, save the game).

It sits above the board, hidden until the game is over; its widgets are made once and only their
values change, so a class that plays game after game in one page keeps its widget count flat.

>>> import widgetpkg as wp
>>> winner_words(["You"]), winner_words(["Ann"]), winner_words(["Ann", "Bob"])
('You win', 'Ann wins', 'Ann and Bob win')
"""

from __future__ import annotations

import base64
import contextlib
import io
import logging
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..core import Game
from ..core.grammar import who_won
from ..ui.contract import esc

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

_CSS = """
<style>
.wp-end { border: 2px solid #c0651a; border-radius: 8px; background: #fff8ee; padding: 8px 14px; margin: 0 0 8px;
  box-sizing: border-box; font-family: var(--jp-ui-font-family, sans-serif); color: #222; }
.wp-end .wp-end-title { font-size: 24px; font-weight: 700; margin: 2px 0 6px; }
.wp-end table.wp-end-table { border-collapse: collapse; font-size: 14px; margin: 2px 16px 6px 0; }
.wp-end table.wp-end-table td, .wp-end table.wp-end-table th { padding: 2px 8px; text-align: right; }
.wp-end table.wp-end-table td:first-child, .wp-end table.wp-end-table th:first-child { text-align: left; }
.wp-end table.wp-end-table tr.wp-total td { border-top: 1px solid #999; font-weight: 700; }
.wp-end table.wp-end-table th { border-bottom: 1px solid #ccc; }
.wp-end .wp-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 50%;
  border: 1px solid rgba(0,0,0,.45); vertical-align: -1px; margin-right: 5px; }
.wp-end a.wp-link-button { display: inline-block; padding: 0 12px; height: 34px; line-height: 34px; box-sizing: border-box; border-radius: 3px;
  background: #eee; color: #222; text-decoration: none; font-size: 14px; border: 1px solid #ccc; margin: 0 6px 0 0; }
.wp-end a.wp-link-button:hover { background: #e2e2e2; }
.wp-end .wp-small { color: #666; font-size: 13px; }
</style>
"""


def winner_words(winners: Sequence[str]) -> str:
    """Who won, as a sentence that reads right for "You" too (ties share the win)."""
    return who_won(winners)


def final_table(game: Game) -> tuple[list[str], dict[str, dict[str, int]]]:
    """The categories in the order they first scored, and each player's points by category
    (``g.score_breakdown()``: each player's row sums to their score)."""
    breakdown = game.score_breakdown()
    categories: list[str] = []
    for player in game.players:
        for category in breakdown.get(player, {}):
            if category not in categories:
                categories.append(category)
    return categories, breakdown


def score_history(game: Game) -> tuple[list[int], dict[str, list[int]]]:
    """The scores at the start and after every turn of the game: turn numbers and each player's
    scores. Read from a copy that takes the steps back one by one (the game is left untouched)."""
    copy = game.clone()
    turns = [copy.turn]
    scores = {p: [s] for p, s in copy.scores.items()}
    while copy.history:
        copy.undo()
        if copy.turn != turns[-1]:
            turns.append(copy.turn)
            for player, score in copy.scores.items():
                scores[player].append(score)
    turns.reverse()
    for row in scores.values():
        row.reverse()
    return turns, scores


def score_chart_svg(game: Game, colours: dict[str, str]) -> str:
    """The scores over the game as an SVG line chart (matplotlib); "" without matplotlib."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        return ""
    import matplotlib
    turns, scores = score_history(game)
    with matplotlib.rc_context({"svg.fonttype": "none", "font.size": 11}):
        figure = Figure(figsize=(5.2, 2.6), dpi=96)
        axes = figure.add_subplot()
        for player, row in scores.items():
            axes.plot(turns, row, label=player, color=colours.get(player), linewidth=2)
        axes.set_xlabel("turn")
        axes.set_ylabel("score")
        axes.grid(alpha=0.3)
        axes.spines[["top", "right"]].set_visible(False)
        axes.legend(frameon=False, fontsize=10, loc="upper left")
        figure.tight_layout()
        out = io.StringIO()
        figure.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.find("<svg"):]


def data_link(text: str | bytes, filename: str, label: str, mime: str) -> str:
    """A link that downloads ``text`` as ``filename`` (a data URL: no server, works in
    JupyterLab, Notebook and Voila alike)."""
    data = base64.b64encode(text.encode() if isinstance(text, str) else text).decode()
    return (f"<a class='wp-link-button' download='{esc(filename)}' href='data:{mime};base64,{data}'>"
            f"{esc(label)}</a>")


class EndScreen:
    """The end screen of ``app``: shown above the board once its game is over."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.model = app.model
        #: what "Back to the start screen" calls; the start screen sets it (no button without it)
        self._on_back: Callable[[], None] | None = None
        self._shown: tuple[int, int] | None = None
        self.title = W.HTML()
        self.table = W.HTML()
        self.chart = W.HTML()
        self.links = W.HTML()
        self.again = W.Button(description="Play again", icon="refresh", button_style="success",
                              tooltip="a new game with the same seats and options",
                              layout=W.Layout(width="auto", height="34px", margin="0 6px 0 0"))
        self.back = W.Button(description="Back to the start screen", icon="arrow-left",
                             tooltip="choose another game", layout=W.Layout(width="auto", height="34px",
                                                                             margin="0 6px 0 0", display="none"))
        self.again.on_click(lambda _: self._guarded(self.play_again))
        self.back.on_click(lambda _: self._guarded(self.back_to_start))
        buttons = W.HBox([self.again, self.back, self.links],
                         layout=W.Layout(flex_flow="row wrap", align_items="center"))
        results = W.HBox([self.table, self.chart], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget = W.VBox([W.HTML(_CSS), self.title, results, buttons],
                             layout=W.Layout(width="100%", display="none"))
        self.widget.add_class("wp-end")
        self.model.observe(self._on_version, "version")
        app.widget.children = (self.widget, *app.widget.children)
        self.refresh()

    @property
    def on_back(self) -> Callable[[], None] | None:
        return self._on_back

    @on_back.setter
    def on_back(self, callback: Callable[[], None] | None) -> None:
        self._on_back = callback
        self.back.layout.display = None if callback else "none"

    def close(self) -> None:
        """Stop following the model (the app is closed; its widget tree closes these widgets)."""
        with contextlib.suppress(ValueError):
            self.model.unobserve(self._on_version, "version")

    @property
    def shown(self) -> bool:
        return self.widget.layout.display != "none"

    def _on_version(self, _: Any) -> None:
        self._guarded(self.refresh)

    def refresh(self) -> None:
        """Show the end screen if the game is over (filled once per finished game), else hide it."""
        game = self.model.game
        if not game.is_over:
            self._shown = None
            if self.shown:
                self.widget.layout.display = "none"
            return
        key = (id(game), len(game.history))
        if key == self._shown:
            return
        self._shown = key
        colours = dict(self.model.colours)
        self.title.value = f"<div class='wp-end-title'>{esc(winner_words(game.winners()))}</div>"
        self.table.value = self._table_html(game, colours)
        self.chart.value = score_chart_svg(game, colours)
        self.links.value = self._links_html(game)
        self.widget.layout.display = "flex"

    def _table_html(self, game: Game, colours: dict[str, str]) -> str:
        categories, breakdown = final_table(game)
        head = "".join(f"<th><span class='wp-swatch' style='background:{esc(colours.get(p, '#999'))}'></span>"
                       f"{esc(p)}</th>" for p in game.players)
        rows = "".join(f"<tr><td>{esc(c)}</td>"
                       + "".join(f"<td>{breakdown.get(p, {}).get(c, 0)}</td>" for p in game.players) + "</tr>"
                       for c in categories)
        total = "".join(f"<td>{game.scores[p]}</td>" for p in game.players)
        return (f"<table class='wp-end-table'><tr><th>Points</th>{head}</tr>{rows}"
                f"<tr class='wp-total'><td>Total</td>{total}</tr></table>")

    def _links_html(self, game: Game) -> str:
        stem = f"{game.name}-{game.seed}"
        links = data_link(game.to_json(), f"{stem}.json", "Save game", "application/json")
        replay = self.replay_page(game)
        if replay is not None:
            links += data_link(replay, f"{stem}.html", "Replay page", "text/html")
        return links

    @staticmethod
    def replay_page(game: Game) -> str | None:
        """The game's replay page as HTML, where the game can write one (``g.to_html(path)``)."""
        to_html = getattr(game, "to_html", None)
        if to_html is None:
            return None
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "replay.html"
            to_html(path)
            return path.read_text(encoding="utf-8")

    # -- buttons ----------------------------------------------------------------------------------------
    def play_again(self) -> None:
        """A new game with the same seats and options, in the same widgets."""
        self.app.new_game()

    def back_to_start(self) -> None:
        if self._on_back is not None:
            self._on_back()

    def _guarded(self, action: Callable[[], Any]) -> None:
        try:
            action()
        except Exception as error:   # told in the app's message line, as every panel control does
            log.exception("an end screen control failed")
            with contextlib.suppress(Exception):
                self.model.refuse(f"could not do that: {error}")


__all__ = ["EndScreen", "data_link", "final_table", "score_chart_svg", "score_history", "winner_words"]
