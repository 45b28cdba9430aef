"""The contract between the generic views and one game: a ``GameUI`` adapter per game.

This module is widget-free: the canvas board, the panel and the SVG pictures all draw through it,
and importing it never imports ipywidgets or ipycanvas. The views know nothing about tiles,
meeples or workers. They ask the game's adapter what to draw and what may be clicked:

- the *board kind*: ``"open"`` (a landscape that grows: pan, zoom, follow the action) or
  ``"fixed"`` (a printed board drawn whole, no pan or zoom), and the titled *regions* of the picture
  (player boards, pools, a card display);

- the *background*: pieces drawn once and kept (placed tiles), as a mapping ``key -> value``
  that the board diffs after every change, drawing only what is new and erasing what went away;
- the *marks*: what changes every move (figures, the last placed tiles, legal cells, spots);
- the *targets*: the legal things to click now, each with the action(s) a click plays. A target
  with several ``choices`` either lets the user cycle them before clicking (a tile's valid
  rotations) or opens a small menu of them (how many people to send);
- the *prompt*: decisions that are not a spot on the board (which tools, how to pay, skip), as
  buttons in the panel. By default every legal action that no target offers is in the prompt, so
  a game with no drawing code at all is still playable;
- *inspection*: what hovering a point shows (a whole area highlighted, what it is worth now);
- panel parts: the phase in words, per-player columns, sections (hand, pools, piles, cards), the
  log, the game's key bindings and help.

*References* (:data:`Ref`) are game-defined, hashable names of things on the board: a cell
``(x, y)``, a place ``("place", "forest")``, a square of one valley. Events, log lines and
inspections carry them; only the game's adapter knows how to highlight them (:meth:`GameUI.highlight`).

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
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from ..core import Action, Event, Game, Scored
from ..render.painter import Painter
from .inspector import InspectorView
from .legend import LegendItem, draw_legend, legend_box
from .palette import EMPHASIS, SEAT_COLOURS, TABLE, seat_colour

#: the game an adapter draws (an adapter subclasses ``GameUI[ItsGame]``)
G = TypeVar("G", bound=Game)
Rect = tuple[float, float, float, float]          # x0, y0, x1, y1 in world units
#: what a key may do on the board: the adapter's ``keys`` map keys to these
COMMANDS = ("cycle", "cycle_back", "play", "undo", "redo", "fit", "zoom_in", "zoom_out", "pan_west", "pan_east",
            "pan_north", "pan_south", "cancel")
#: a game-defined reference to something on the board (hashable; only the game's adapter reads it)
Ref = Hashable


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
    #: several choices open a menu (labelled by ``choice_labels``) instead of being cycled
    menu: bool = False
    choice_labels: tuple[str, ...] = ()

    @property
    def mode(self) -> str:
        """``"play"`` (one action), ``"cycle"`` (choices cycled, e.g. rotations) or ``"menu"``."""
        if len(self.choices) == 1:
            return "play"
        return "menu" if self.menu else "cycle"

    def labels(self) -> tuple[str, ...]:
        return self.choice_labels or tuple(str(c) for c in self.choices)

    def contains(self, wx: float, wy: float, slack: float = 0.0) -> bool:
        if self.shape[0] == "circle":
            _, cx, cy, r = self.shape
            return math.hypot(wx - cx, wy - cy) <= r + slack
        _, x0, y0, x1, y1 = self.shape
        return x0 <= wx < x1 and y0 <= wy < y1

    @property
    def is_spot(self) -> bool:
        return self.shape[0] == "circle"

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the target in world units: a spot's centre, a rectangle's middle."""
        if self.shape[0] == "circle":
            return self.shape[1], self.shape[2]
        _, x0, y0, x1, y1 = self.shape
        return (x0 + x1) / 2, (y0 + y1) / 2


@dataclass(frozen=True)
class Inspection:
    """What hovering a point of the board shows: a title, lines of text, and what to highlight
    (``regions`` are adapter-defined, e.g. the features of an area)."""

    key: Hashable
    title: str
    lines: tuple[str, ...] = ()
    regions: tuple = ()
    refs: tuple[Ref, ...] = ()


@dataclass(frozen=True)
class LogEntry:
    """One line of the scoring log and the things on the board it concerns."""

    text: str
    detail: str = ""
    refs: tuple[Ref, ...] = ()
    player: str | None = None


@dataclass(frozen=True)
class Region:
    """A titled part of the picture (a player board, a pool, a card display), in world units."""

    key: Hashable
    title: str
    rect: Rect


@dataclass(frozen=True)
class Choice:
    """A button of the prompt: a decision that is not a spot on the board.

    ``group`` gathers buttons under a heading ("Tools", "Pay with"); ``detail`` is a tooltip.
    """

    label: str
    action: Action
    group: str = ""
    detail: str = ""
    #: a key that presses this button while the board has the focus ("s"), or ""
    key: str = ""
    #: what on the board the button is about (a pool tile), lit up while the button is hovered
    refs: tuple[Ref, ...] = ()


@dataclass(frozen=True)
class Column:
    """A per-player column of the panel's score table: ``values`` maps each player to its text."""

    label: str
    values: Mapping[str, str]
    numeric: bool = True


@dataclass(frozen=True)
class Section:
    """A titled block of the panel (HTML): what is in hand, the pools, the piles, the cards.

    ``html`` may be a function of no arguments: a closed section costs nothing until it is opened.
    """

    title: str
    html: str | Callable[[], str]
    open: bool = True

    def render(self) -> str:
        return self.html() if callable(self.html) else self.html


@dataclass
class Style:
    """How the generic widgets colour players; adapters read it when they draw."""

    colours: Mapping[str, str] = field(default_factory=dict)

    def colour(self, player: str, players: Sequence[str] = ()) -> str:
        if player in self.colours:
            return self.colours[player]
        return seat_colour(player, players)


class GameUI(Generic[G]):
    """Base class of the adapters: defaults that fit any game, hooks a game fills in.

    A subclass sets ``game_name``; everything else has a default, so an adapter with no drawing
    code at all still makes the game playable (every legal action is a button of the prompt).
    A game with a picture adds ``extent``, ``background``/``piece_rect``/``draw_piece``,
    ``draw_figures``, ``draw_marks`` and ``targets``. Every method gets the game to read; none may
    change it.
    """

    game_name: ClassVar[str] = ""
    #: "open": a landscape that grows (pan, zoom, follow the action); "fixed": a printed board
    #: shown whole at the scale that fits the canvas
    board_kind: ClassVar[str] = "open"
    #: the label of the button that cycles a target's choices (H&G: "Rotate")
    cycle_label: ClassVar[str] = "Next choice"
    #: the game's own keys: key -> board command (one of :data:`COMMANDS`); the prompt's buttons
    #: bring their own keys (:attr:`Choice.key`)
    keys: ClassVar[Mapping[str, str]] = {}
    #: pixels per cell at the default zoom, and the zoom steps offered
    default_scale: ClassVar[int] = 64
    scales: ClassVar[tuple[int, ...]] = (32, 40, 48, 56, 64, 80, 96, 112, 128)
    #: what the board's background shows where there is nothing
    table_colour: ClassVar[str] = TABLE

    # -- geometry -------------------------------------------------------------------------------
    def extent(self, game: G) -> Rect:
        """The world rectangle that should be in view (pieces and legal places)."""
        return (0.0, 0.0, 1.0, 1.0)

    def regions(self, game: G) -> list[Region]:
        """The titled parts of the picture (none for a single landscape)."""
        return []

    def ref_point(self, game: G, ref: Ref) -> tuple[float, float] | None:
        """The world point a reference sits at (where a floating "+N" or a pointer goes), or None."""
        return None

    # -- drawing --------------------------------------------------------------------------------
    def background(self, game: G) -> Mapping[Hashable, Any]:
        """The pieces drawn once into the background, by key; a changed value is redrawn."""
        return {}

    def piece_rect(self, key: Hashable, value: Any) -> Rect:
        """The world rectangle one background piece covers (erased when it goes away)."""
        raise NotImplementedError

    def draw_piece(self, painter: Painter, key: Hashable, value: Any, view: View) -> None:
        raise NotImplementedError

    def figures_key(self, game: G) -> Hashable:
        """What ``draw_figures`` shows, as a value that changes when the picture must (the
        figures layer is redrawn only then)."""
        return None

    def draw_figures(self, painter: Painter, game: G, view: View, *, style: Style) -> None:
        """The figures (meeples, huts, workers) on the board."""

    def draw_marks(self, painter: Painter, game: G, view: View, *, targets: Sequence[Target],
                   style: Style, emphasis: Sequence[tuple[int, int]] = ()) -> None:
        """Markers of the last move and the legal ``targets`` (empty when it is not a human's
        turn); ``emphasis`` are cells to stress (a selected log entry)."""

    def draw_preview(self, painter: Painter, game: G, target: Target, choice: Action, view: View,
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

    def draw_inspection(self, painter: Painter, game: G, inspection: Inspection, view: View,
                        style: Style) -> None:
        """Highlight what an inspection is about (by default its references)."""
        self.highlight(painter, game, inspection.refs, view)

    def highlight(self, painter: Painter, game: G, refs: Sequence[Ref], view: View) -> None:
        """Light up the things ``refs`` name (a selected log line, an inspected area): by default a
        ring around each reference's point."""
        for ref in refs:
            point = self.ref_point(game, ref)
            if point is not None:
                cx, cy = view.to_pixel(*point)
                painter.circle(cx, cy, max(6.0, view.scale * 0.3), fill=EMPHASIS, alpha=0.25, stroke=EMPHASIS,
                               width=2)

    def action_shapes(self, game: G, action: Action) -> tuple[tuple, ...]:
        """Where ``action`` is played, asked *before* it is played: the shapes (as ``Target.shape``)
        of the click targets that offer it, the place, cell or spot a person would click for it."""
        return tuple(t.shape for t in self.targets(game) if action in t.choices)

    def event_html(self, game: G, event: Event) -> str:
        """One step's event for the panel's "since your last turn" list, as HTML: its words, and
        the faces of an event that carries rolled ``dice`` drawn as dice."""
        faces = [d for d in getattr(event, "dice", ()) or () if isinstance(d, int) and 1 <= d <= 6]
        dice = "".join(f"<span class='wp-die' title='{d}'>{_DIE_FACES[d - 1]}</span>" for d in faces)
        return esc(event) + (f" {dice}" if dice else "")

    def move_refs(self, game: G) -> tuple[Ref, ...]:
        """What the last step touched, for the board to flash after an opponent's move: by default
        the references of its events."""
        history = game.history
        if not history:
            return ()
        return tuple(ref for event in history[-1].events for ref in getattr(event, "refs", ()))

    def draw_regions(self, painter: Painter, game: G, view: View) -> None:
        """The titled regions: a frame and the title above its top-left corner."""
        for region in self.regions(game):
            x0, y0, x1, y1 = region.rect
            px, py = view.to_pixel(x0, y0)
            qx, qy = view.to_pixel(x1, y1)
            painter.rect(px, py, qx - px, qy - py, stroke="#6b5a2e", width=1.5, alpha=0.8)
            if region.title:
                painter.text(px + 4, py - 2, region.title, size=max(10.0, min(16.0, view.scale * 0.28)),
                             anchor="start", baseline="bottom", bold=True, fill="#3b3220", halo="#ffffff",
                             halo_width=3)

    # -- clicking -------------------------------------------------------------------------------
    def targets(self, game: G) -> list[Target]:
        """The legal things to click now; actions that no click reaches are not listed."""
        return []

    def explain_click(self, game: G, wx: float, wy: float) -> Action | str:
        """A click that hit no target: an (illegal) action whose refusal tells the user why, or
        the reason itself in words."""
        return "nothing to do there"

    def prompt(self, game: G, targets: Sequence[Target]) -> list[Choice]:
        """The decisions the panel offers as buttons: by default every legal action that no target
        offers, labelled by its ``str``."""
        offered = {a for t in targets for a in t.choices}
        return [Choice(self.action_text(game, a), a) for a in game.legal_actions() if a not in offered]

    def action_text(self, game: G, action: Action) -> str:
        """An action as players read it, for buttons and messages; by default its ``str``."""
        return str(action)

    def inspect(self, game: G, wx: float, wy: float) -> Inspection | None:
        """What hovering world point ``(wx, wy)`` is about, or None."""
        return None

    # -- panel ------------------------------------------------------------------------------------
    def status(self, game: G) -> tuple[str, str]:
        """The phase in words, and a hint of what to click."""
        if game.is_over:
            return "Game over", ""
        return f"{game.current_player}: {game.phase.replace('_', ' ')}", ""

    def columns(self, game: G) -> list[Column]:
        """Per-player columns of the score table beyond the score itself (projected score,
        resources, figures left, food and shelter tracks)."""
        projected = game.projected_scores()
        return [Column("Projected", {p: str(projected[p]) for p in game.players})]

    def sections(self, game: G, choice: Action | None) -> list[Section]:
        """Titled blocks of the panel: what is in hand (shown as ``choice`` would play it), pools,
        piles, cards."""
        return []

    def help_html(self, game: G) -> str:
        """What to click and which keys do what, for this game (the panel adds the board's own
        keys: undo, redo, pan, zoom)."""
        return ""

    def legend(self, game: G) -> list[LegendItem]:
        """The pictures this board draws, each with its name in words (shown beside the board in the
        SVG picture, and by the app's "Legend" toggle); by default none."""
        return []

    def inspector_view(self, game: G) -> InspectorView | None:
        """An optional deeper look at the position for the inspector widget (None: the game has
        none, and the inspector says so)."""
        return None

    def log(self, game: G) -> list[LogEntry]:
        """The scoring log, oldest first: every ``Scored`` event with its equation."""
        entries = []
        for event in game.events():
            if isinstance(event, Scored):
                entries.append(scored_entry(event))
        return entries

    def option_choices(self, game: G) -> dict[str, tuple[Any, ...]]:
        """Values to offer in the setup form for options declared without ``choices`` (a file
        option's bundled names); options with choices or switches are offered from the game's facts."""
        return {}

    # -- static picture ---------------------------------------------------------------------------
    def svg(self, game: G, style: Style, *, scale: int = 48) -> str:
        """The board as an SVG document (the fallback where widgets do not run)."""
        from ..render.painter import Recorder
        from ..render.painter import Rect as RectOp
        from ..render.svg import Memo, to_svg
        memo = _MEMOS.setdefault(type(self), Memo())
        x0, y0, x1, y1 = self.extent(game)
        x0, y0, x1, y1 = math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)
        view = View(scale, -x0 * scale, -y0 * scale, int((x1 - x0) * scale), int((y1 - y0) * scale))
        rec = Recorder()
        rec.rect(0, 0, view.width, view.height, fill=self.table_colour)
        for key, value in self.background(game).items():
            rec.extend(piece_ops(self, key, value, view, memo))
        self.draw_regions(rec, game, view)
        self.draw_marks(rec, game, view, targets=(), style=style)
        self.draw_figures(rec, game, view, style=style)
        width, height = view.width, view.height
        items = self.legend(game)
        if items:
            # the legend beside the board, on the table colour, never over it
            gap = max(8, scale // 6)
            legend_width, legend_height = legend_box(items, height=view.height, unit=scale)
            width, height = view.width + gap + math.ceil(legend_width) + 1, max(view.height, math.ceil(legend_height) + 1)
            rec.ops.insert(0, RectOp(0, 0, width, height, fill=self.table_colour))
            draw_legend(rec, items, view.width + gap, 0.5, height=view.height, unit=scale)
        document = to_svg(rec.ops, width, height, title=f"{game.name} board", memo=memo)
        memo.turn()
        return document


#: what each adapter's board pictures share between two drawings (see ``render.svg.Memo``)
_MEMOS: dict[type, Any] = {}


def piece_ops(ui: GameUI[Any], key: Hashable, value: Any, view: View, memo: Any) -> tuple[Any, ...]:
    """The drawing operations of one background piece, kept in ``memo``: the contract already says
    a piece's drawing depends only on its key, its value and the view (the canvas board redraws a
    piece only when its value changes), so the SVG picture reuses them the same way."""
    from ..render.painter import Recorder

    def draw() -> tuple[Any, ...]:
        rec = Recorder()
        ui.draw_piece(rec, key, value, view)
        return tuple(rec.ops)
    return memo.get(("piece", key, value, view), draw)  # type: ignore[no-any-return]


def scored_entry(event: Scored) -> LogEntry:
    """A log line for a scoring event: the equation, the detail apart."""
    return LogEntry(event.headline, event.detail,
                    tuple(event.refs), event.player)


#: the six faces of a die (Unicode dice), as the panel draws rolled dice
_DIE_FACES = "\u2680\u2681\u2682\u2683\u2684\u2685"


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


# -- the registry -------------------------------------------------------------------------------------
_adapters: dict[str, type[GameUI[Any]]] = {}


def register_ui(cls: type[GameUI[Any]]) -> type[GameUI[Any]]:
    """Class decorator: the adapter of the game named ``cls.game_name``."""
    _adapters[cls.game_name] = cls
    return cls


class PromptOnlyUI(GameUI[Game]):
    """The adapter of a game that has none: a fixed, empty board, every decision a prompt button."""

    board_kind = "fixed"


def ui_for(game: Game) -> GameUI[Any]:
    """A fresh adapter for ``game``, importing the game's ``ui`` module on first use; a game with
    no ``ui`` module is played through the prompt alone (:class:`PromptOnlyUI`)."""
    cls = _adapters.get(game.name)
    if cls is None:
        package = type(game).__module__.rpartition(".")[0]
        try:
            importlib.import_module(f"{package}.ui")
        except ModuleNotFoundError as error:
            if error.name not in (f"{package}.ui", package):
                raise
            return PromptOnlyUI()
        cls = _adapters.get(game.name)
        if cls is None:
            raise LookupError(f"{package}.ui does not register an adapter for {game.name!r}")
    return cls()


__all__ = [
    "COMMANDS",
    "SEAT_COLOURS",
    "Choice",
    "Column",
    "GameUI",
    "Inspection",
    "InspectorView",
    "LegendItem",
    "LogEntry",
    "Rect",
    "Ref",
    "Region",
    "Section",
    "Style",
    "Target",
    "View",
    "esc",
    "register_ui",
    "scored_entry",
    "PromptOnlyUI",
    "ui_for",
]
