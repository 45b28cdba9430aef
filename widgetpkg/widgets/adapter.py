"""The contract between the generic widgets and one game: a ``GameUI`` adapter per game.

The board canvas, the panel and the model know nothing about tiles, meeples or workers. They
ask the game's adapter what to draw and what may be clicked:

- the *background*: pieces drawn once and kept (placed tiles), as a mapping ``key -> value``
  that the board diffs after every change, drawing only what is new and erasing what went away;
- the *marks*: what changes every move (figures, the last placed tiles, legal cells, spots);
- the *targets*: the legal things to click now, each with the action(s) a click plays. A target
  with several ``choices`` (a tile's valid rotations) lets the user cycle them before clicking;
- *inspection*: what hovering a point shows (a whole area highlighted, what it is worth now);
- panel parts: the phase in words, the piece in hand, figures left, piles, the log.

Coordinates: the adapter works in *world units* of one board cell (cell ``(x, y)`` spans
``[x, x + 1] x [y, y + 1]``); the board maps them to canvas pixels with a :class:`View`.

Adapters are found from the game: ``ui_for(game)`` looks ``game.name`` up in a registry and, the
first time, imports ``<the game's package>.ui``, which registers its adapter with
:func:`register_ui`. Rules never import widgets; a game's ``ui`` module is the only bridge.

>>> import widgetpkg as wp
>>> ui = ui_for(wp.new_game("hunters-gatherers", seed=1))
>>> type(ui).__name__, ui.game_name
('HuntersGatherersUI', 'hunters-gatherers')
>>> View(64, 100, 50, 640, 480).to_pixel(1.5, 0.5)
(196.0, 82.0)
"""

from __future__ import annotations

import html
import importlib
import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core import Action, Game, Scored
from ..render.painter import Painter

Rect = tuple[float, float, float, float]          # x0, y0, x1, y1 in world units

#: default player colours by seat (the figure colours of the box)
SEAT_COLOURS = ("#d7392f", "#2f6fd6", "#f4c430", "#2aa35a", "#2b2b2b")


@dataclass(frozen=True)
class View:
    """Where the world is on the canvas: ``scale`` pixels per cell, world (0, 0) at pixel (ox, oy)."""

    scale: float
    ox: float
    oy: float
    width: int
    height: int

    def to_pixel(self, wx: float, wy: float) -> tuple[float, float]:
        return (self.ox + wx * self.scale, self.oy + wy * self.scale)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.ox) / self.scale, (py - self.oy) / self.scale)

    def visible(self) -> Rect:
        """The world rectangle the canvas shows."""
        x0, y0 = self.to_world(0, 0)
        x1, y1 = self.to_world(self.width, self.height)
        return (x0, y0, x1, y1)


@dataclass(frozen=True)
class Target:
    """Something legal to click now.

    ``choices`` are the actions a click may play (several for a tile that fits in several
    rotations: the user cycles them, the preview shows the current one). ``shape`` is
    ``("rect", x0, y0, x1, y1)`` or ``("circle", cx, cy, r)`` in world units. Circles are hit
    before rectangles, so a figure spot on a tile wins over the tile's cell.
    """

    key: Hashable
    choices: tuple[Action, ...]
    shape: tuple
    label: str = ""

    def contains(self, wx: float, wy: float, slack: float = 0.0) -> bool:
        if self.shape[0] == "circle":
            _, cx, cy, r = self.shape
            return math.hypot(wx - cx, wy - cy) <= r + slack
        _, x0, y0, x1, y1 = self.shape
        return x0 <= wx < x1 and y0 <= wy < y1

    @property
    def is_spot(self) -> bool:
        return self.shape[0] == "circle"


@dataclass(frozen=True)
class Inspection:
    """What hovering a point of the board shows: a title, lines of text, and what to highlight
    (``regions`` are adapter-defined, e.g. the features of an area)."""

    key: Hashable
    title: str
    lines: tuple[str, ...] = ()
    regions: tuple = ()
    cells: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class LogEntry:
    """One line of the scoring log and the board cells it concerns."""

    text: str
    detail: str = ""
    cells: tuple[tuple[int, int], ...] = ()
    player: str | None = None


@dataclass
class Style:
    """How the generic widgets colour players; adapters read it when they draw."""

    colours: Mapping[str, str] = field(default_factory=dict)

    def colour(self, player: str, players: Sequence[str] = ()) -> str:
        if player in self.colours:
            return self.colours[player]
        index = list(players).index(player) if player in players else 0
        return SEAT_COLOURS[index % len(SEAT_COLOURS)]


class GameUI:
    """Base class of the adapters: defaults that fit any game, hooks a game fills in.

    A subclass sets ``game_name`` and implements at least ``background``, ``draw_piece``,
    ``draw_marks`` and ``targets``. Every method gets the game to read; none may change it.
    """

    game_name: ClassVar[str] = ""
    #: pixels per cell at the default zoom, and the zoom steps offered
    default_scale: ClassVar[int] = 64
    scales: ClassVar[tuple[int, ...]] = (32, 40, 48, 56, 64, 80, 96, 112, 128)
    #: what the board's background shows where there is nothing
    table_colour: ClassVar[str] = "#e6dcc3"

    # -- geometry -------------------------------------------------------------------------------
    def extent(self, game: Game) -> Rect:
        """The world rectangle that should be in view (pieces and legal places)."""
        return (0.0, 0.0, 1.0, 1.0)

    def cell_centre(self, x: int, y: int) -> tuple[float, float]:
        """The world point at the centre of board cell ``(x, y)``."""
        return (x + 0.5, y + 0.5)

    # -- drawing --------------------------------------------------------------------------------
    def background(self, game: Game) -> Mapping[Hashable, Any]:
        """The pieces drawn once into the background, by key; a changed value is redrawn."""
        return {}

    def piece_rect(self, key: Hashable, value: Any) -> Rect:
        """The world rectangle one background piece covers (erased when it goes away)."""
        raise NotImplementedError

    def draw_piece(self, painter: Painter, key: Hashable, value: Any, view: View) -> None:
        raise NotImplementedError

    def figures_key(self, game: Game) -> Hashable:
        """What ``draw_figures`` shows, as a value that changes when the picture must (the
        figures layer is redrawn only then)."""
        return None

    def draw_figures(self, painter: Painter, game: Game, view: View, *, style: Style) -> None:
        """The figures (meeples, huts, workers) on the board."""

    def draw_marks(self, painter: Painter, game: Game, view: View, *, targets: Sequence[Target],
                   style: Style, emphasis: Sequence[tuple[int, int]] = ()) -> None:
        """Markers of the last move and the legal ``targets`` (empty when it is not a human's
        turn); ``emphasis`` are cells to stress (a selected log entry)."""

    def draw_preview(self, painter: Painter, game: Game, target: Target, choice: Action, view: View,
                     style: Style) -> None:
        """What hovering a target shows: by default a ring around it."""
        shape = target.shape
        if shape[0] == "circle":
            cx, cy = view.to_pixel(shape[1], shape[2])
            painter.circle(cx, cy, shape[3] * view.scale * 1.25, stroke="#111", width=2)
        else:
            x0, y0 = view.to_pixel(shape[1], shape[2])
            x1, y1 = view.to_pixel(shape[3], shape[4])
            painter.rect(x0, y0, x1 - x0, y1 - y0, stroke="#111", width=2)

    def draw_inspection(self, painter: Painter, game: Game, inspection: Inspection, view: View,
                        style: Style) -> None:
        """Highlight what an inspection is about (by default its cells)."""
        for x, y in inspection.cells:
            px, py = view.to_pixel(x, y)
            painter.rect(px, py, view.scale, view.scale, fill="#fff36b", alpha=0.35)

    # -- clicking -------------------------------------------------------------------------------
    def targets(self, game: Game) -> list[Target]:
        """The legal things to click now; actions that no click reaches are not listed."""
        return []

    def explain_click(self, game: Game, wx: float, wy: float) -> Action | str:
        """A click that hit no target: an (illegal) action whose refusal tells the user why, or
        the reason itself in words."""
        return "nothing to do there"

    def skip_action(self, game: Game) -> Action | None:
        """The action of the panel's Skip button, if legal now."""
        return None

    def inspect(self, game: Game, wx: float, wy: float) -> Inspection | None:
        """What hovering world point ``(wx, wy)`` is about, or None."""
        return None

    # -- panel ------------------------------------------------------------------------------------
    def status(self, game: Game) -> tuple[str, str]:
        """The phase in words, and a hint of what to click."""
        if game.is_over:
            return "Game over", ""
        return f"{game.current_player}: {game.phase.replace('_', ' ')}", ""

    def hand_html(self, game: Game, choice: Action | None) -> str:
        """The piece in hand (HTML, e.g. an inline SVG), shown as ``choice`` would play it."""
        return ""

    def figures_left(self, game: Game) -> dict[str, str]:
        """Per player, what they have left to place, in words."""
        return {}

    def piles_html(self, game: Game) -> str:
        """How much is left to draw."""
        return ""

    def remaining_html(self, game: Game) -> str:
        """What is left to draw, in detail (shown on demand)."""
        return ""

    def log(self, game: Game) -> list[LogEntry]:
        """The scoring log, oldest first: every ``Scored`` event with its equation."""
        entries = []
        for event in game.events():
            if isinstance(event, Scored):
                entries.append(scored_entry(event))
        return entries

    def option_choices(self, game: Game) -> dict[str, tuple[Any, ...]]:
        """Game options a new game may change in the setup form, with their choices."""
        return {}

    # -- static picture ---------------------------------------------------------------------------
    def svg(self, game: Game, style: Style, *, scale: int = 48) -> str:
        """The board as an SVG document (the fallback where widgets do not run)."""
        from ..render.painter import Recorder
        from ..render.svg import to_svg
        x0, y0, x1, y1 = self.extent(game)
        x0, y0, x1, y1 = math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)
        view = View(scale, -x0 * scale, -y0 * scale, int((x1 - x0) * scale), int((y1 - y0) * scale))
        rec = Recorder()
        rec.rect(0, 0, view.width, view.height, fill=self.table_colour)
        for key, value in self.background(game).items():
            self.draw_piece(rec, key, value, view)
        self.draw_marks(rec, game, view, targets=(), style=style)
        self.draw_figures(rec, game, view, style=style)
        return to_svg(rec.ops, view.width, view.height, title=f"{game.name} board")


def scored_entry(event: Scored) -> LogEntry:
    """A log line for a scoring event: the equation, the detail apart."""
    equation = " + ".join(str(t) for t in event.terms if t.count) or " + ".join(map(str, event.terms)) or "nothing"
    return LogEntry(f"{event.player} +{event.points}: {event.what} {equation}", event.detail,
                    tuple(event.cells), event.player)


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


# -- the registry -------------------------------------------------------------------------------------
_adapters: dict[str, type[GameUI]] = {}


def register_ui(cls: type[GameUI]) -> type[GameUI]:
    """Class decorator: the adapter of the game named ``cls.game_name``."""
    _adapters[cls.game_name] = cls
    return cls


def ui_for(game: Game) -> GameUI:
    """A fresh adapter for ``game``, importing the game's ``ui`` module on first use."""
    cls = _adapters.get(game.name)
    if cls is None:
        package = type(game).__module__.rpartition(".")[0]
        try:
            importlib.import_module(f"{package}.ui")
        except ImportError as error:
            raise LookupError(f"no widget adapter for {game.name!r} (no module {package}.ui: {error})") from None
        cls = _adapters.get(game.name)
        if cls is None:
            raise LookupError(f"{package}.ui does not register an adapter for {game.name!r}")
    return cls()


__all__ = [
    "SEAT_COLOURS",
    "GameUI",
    "Inspection",
    "LogEntry",
    "Rect",
    "Style",
    "Target",
    "View",
    "esc",
    "register_ui",
    "scored_entry",
    "ui_for",
]
