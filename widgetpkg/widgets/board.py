"""BoardCanvas: the game board on an ipycanvas ``MultiCanvas``, for any game with a ``GameUI``.

Layers, bottom to top:

0. *background*: the table and the placed pieces, copied from an off-screen *atlas* canvas.
   Every piece (a placed tile) is drawn into the atlas once; a move draws only the new piece,
   an undo erases only what went away, and panning is one ``draw_image`` of the atlas.
1. *marks*: the last turn's tiles, the legal cells and figure spots, a selected log entry's
   tiles; redrawn after every change (cheap rectangles and circles).
2. *figures*: meeples and huts; redrawn only when they (or the view, or a colour) change.
3. *hover*: the tile in hand previewed on the hovered legal cell, or the hovered area with what
   it is worth now. This top layer receives the mouse and keyboard events.

Every redraw, whatever layers it touches, goes to the browser as one message (``hold_canvas``).
A page reload (``on_client_ready``) redraws everything, so the board is never blank.

Clicks and keys only play legal actions: a click is matched against the adapter's targets (the
legal actions of the moment); anything else changes nothing and the model's ``message`` says why.
A target with several choices is cycled (the adapter's ``cycle_label``: "Rotate") or, when it
asks for a menu, opens one (``menu``: the panel shows its ``choice_labels`` as buttons).

What the browser sends is checked before use: a mouse event with a null, NaN or infinite
coordinate (ipycanvas sends null when the canvas has no size), a key that is not a string, a
size that is not a positive number, is dropped and counted in ``rejected_events``. No exception
from a handler ever reaches the kernel or the model: it becomes a message, and ``last_error``.

Before acting on any event the board asks the model to ``sync``: a game changed in a cell
without the model is redrawn first, so a stale target is never played.

An *open* board (a landscape that grows) pans, zooms and follows the game; a *fixed* one is always
shown whole, fitted to the canvas.

The browser fits the canvas to the page (``widgets/fit.py``): as wide as the room beside the panel,
no taller than the visible window. The page reports the width it shows the canvas at, and the board
redraws at that many pixels, so a picture is never stretched; ipycanvas maps the pointer to canvas
pixels meanwhile, so a click lands on the right place at any scale. The board notes the smallest
text it drew (``smallest_text``, in canvas pixels) and tells the page too (the size probe's
placeholder), so that tests can measure what a reader sees.

>>> import widgetpkg as wp
>>> from widgetpkg.widgets.model import GameModel
>>> model = GameModel(wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1))
>>> board = BoardCanvas(model)
>>> cell = next(t for t in board.targets if not t.is_spot).choices[0]
>>> board.click(*board.cell_to_pixel(cell.x, cell.y))
True
>>> model.game.phase
'place_figure'
>>> board.click(-5, -5), model.message
(False, 'that click was outside the board')
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import time
import traceback
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

from ipycanvas import Canvas, MultiCanvas, hold_canvas
from ipywidgets import Layout, Text
from traitlets import Any as AnyTrait
from traitlets import Float, HasTraits, Int

from ..render.canvas import CanvasPainter
from ..render.painter import Op, Restore, Save, Scale
from ..render.painter import Text as TextOp
from ..ui.contract import Choice, GameUI, Inspection, Style, Target, View, ui_for
from ..ui.palette import EMPHASIS
from .model import GameModel

log = logging.getLogger(__name__)

#: the canvas layers, bottom to top; the other seats' last moves have a layer of their own, so that
#: showing (or fading in) a move repaints nothing else
BACKGROUND, MARKS, FIGURES, MOVES, HOVER = 0, 1, 2, 3, 4
_ATLAS_MARGIN = 5          # cells of room around the pieces when the atlas is (re)made
_DRAG = 6                  # pixels the pointer must move, button down, to pan instead of click
_DOUBLE_CLICK = 0.35       # seconds: a second click this soon after a move, at the same place, is ignored
_MIN_SCALE = 4             # pixels per cell: a fitted board is never drawn smaller
_MAX_COORD = 1e6           # pixels: anything further from the canvas is not a real pointer
_TIP_SIZE, _TIP_PAD = 13.0, 8.0   # the hover box's font size and padding, in canvas pixels
_TIP_CLEARANCE = 12.0      # pixels kept between the hover box and the pointer
_KEPT_TIMES = 256          # click timings kept (the newest), for benchmarks
_FADE_STEPS = 4           # frames of a move's fade-in
_WHEEL_STEP = 100.0        # wheel delta (pixels) per zoom step: a trackpad's pinch sends many small ones
#: how tall the board may be shown: the height of the window the page shows it in, which the page
#: script (``widgets/fit.py``) keeps in a CSS variable; 88 % of the window where no script runs
_SHOWN_HEIGHT = "var(--wp-fit-height, 88vh)"
_GENERIC_KEYS = {"ArrowLeft": "pan_west", "ArrowRight": "pan_east", "ArrowUp": "pan_north",
                 "ArrowDown": "pan_south", "+": "zoom_in", "=": "zoom_in", "-": "zoom_out", "_": "zoom_out",
                 "f": "fit", "0": "fit", "u": "undo", "y": "redo", "Escape": "cancel"}


def finite_point(x: Any, y: Any) -> tuple[float, float] | None:
    """``(x, y)`` as floats if both are real, finite numbers within reach of a canvas, else None.

    >>> finite_point(3, 4.5), finite_point(None, 2), finite_point(float("nan"), 1), finite_point(True, 1)
    ((3.0, 4.5), None, None, None)
    >>> finite_point(10**400, 1), finite_point(float("-inf"), 1), finite_point("3", 1)
    (None, None, None)
    """
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (x, y)):
        return None
    # compared before any conversion: float(10**400) raises OverflowError
    if not all(-_MAX_COORD <= v <= _MAX_COORD for v in (x, y)):   # also False for NaN
        return None
    return (float(x), float(y))


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from inside it (a cell or a widget callback)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class MeasuringPainter(CanvasPainter):
    """A canvas painter that also notes the smallest text it drew, in canvas pixels (a text's size
    times the scales it is drawn under), so that a page can tell how small the board's words look."""

    def __init__(self, canvas: Any) -> None:
        super().__init__(canvas)
        self.smallest_text: float | None = None
        self._scales: list[float] = [1.0]

    def add(self, op: Op) -> None:
        if isinstance(op, TextOp) and op.text.strip():
            size = op.size * self._scales[-1]
            if self.smallest_text is None or size < self.smallest_text:
                self.smallest_text = size
        elif isinstance(op, Save):
            self._scales.append(self._scales[-1])
        elif isinstance(op, Restore) and len(self._scales) > 1:
            self._scales.pop()
        elif isinstance(op, Scale):
            self._scales[-1] *= min(abs(op.sx), abs(op.sy))
        super().add(op)


def _smallest(sizes: Any) -> float | None:
    known = [s for s in sizes if s is not None]
    return min(known) if known else None


class BoardCanvas(HasTraits):
    """The board of ``model``'s game on a canvas; display it, or ``board.widget``."""

    #: the action the hover preview shows (the tile in hand at its chosen rotation), or None
    choice = AnyTrait(None, allow_none=True)
    #: the target whose menu of choices is open (the panel shows its buttons), or None
    menu = AnyTrait(None, allow_none=True)
    #: bumps when the targets and the prompt change
    targets_version = Int(0)
    #: bumps when the view (pan, zoom) changes
    view_version = Int(0)
    #: seconds over which another seat's move fades in (0: at once; needs the kernel's event loop)
    fade = Float(0.3, min=0.0, max=3.0)
    #: the smallest text on the canvas now, in canvas pixels (None: no text). Times the canvas's
    #: shown width over its ``width``, it is the smallest board text a reader sees, in CSS pixels.
    smallest_text = Float(None, allow_none=True, read_only=True)

    def __init__(self, model: GameModel, *, width: int = 680, height: int = 560, scale: int | None = None,
                 ui: GameUI | None = None) -> None:
        super().__init__()
        self.model = model
        self.ui: GameUI = ui or ui_for(model.game)
        self._ui_game = model.game.name
        self.width, self.height = int(width), int(height)
        # the canvas takes the width the notebook gives it (the browser scales the picture, and
        # ipycanvas scales the pointer back); ``resize`` changes the pixels drawn
        self.canvas = MultiCanvas(5, width=self.width, height=self.height,
                                  layout=Layout(flex="1 1 420px", min_width="300px", width="100%", height="auto"))
        self.canvas.add_class("wp-board")
        # where the page reports the width the canvas is shown at (see ``App``'s page script): a
        # hidden text box, so the canvas can draw as many pixels as it shows; its placeholder tells
        # the page the smallest text drawn ("none": no text)
        self.size_probe = Text(layout=Layout(display="none"), placeholder="none")
        self.size_probe.add_class("wp-board-size")
        self.size_probe.observe(self._guard(self._on_shown_width), "value")
        # height per width of the canvas: an open board keeps the proportions it was made with; a
        # fixed board takes its picture's, so the picture fills the width with no empty band
        self._aspect = self.height / self.width
        # off screen: never displayed, the background layer copies from it
        self.atlas = Canvas(width=1, height=1)
        self.scale: float = int(scale or self.ui.default_scale)
        self.ox = self.oy = 0.0
        self.follow = scale is None or self.fixed
        self._game_id = id(model.game)
        self._atlas_box: tuple[int, int, int, int] | None = None
        self._atlas_scale: float | None = None
        self._drawn: dict[Hashable, Any] = {}
        # the smallest text of each piece in the atlas and of each layer drawn, in canvas pixels
        self._piece_text: dict[Hashable, float | None] = {}
        self._layer_text: dict[int, float | None] = {}
        self._figures_drawn: Hashable = _GONE      # what the figures layer shows
        self.targets: list[Target] = []
        #: the decisions that are not a spot on the board: the panel's buttons
        self.prompt: list[Choice] = []
        self._selected: Target | None = None        # the target last hovered (rotate acts on it)
        self._choice_index: dict[Hashable, int] = {}
        self._inspection: Inspection | None = None
        self._pointer: tuple[float, float] | None = None
        self._down: tuple[float, float, float, float] | None = None
        self._dragging = False
        self._last_move: tuple[float, float, float] | None = None   # time, x, y of the last click that played
        self._redraw_pending = False
        self._wheel_travel = 0.0       # wheel movement not yet turned into a zoom step
        #: the last move of every other seat, by player, as the game's references: stressed on
        #: the board until the next decision at this screen
        self.recent_moves: dict[str, tuple[Hashable, ...]] = {}
        #: and where each was played: the shapes of the targets (framed in the player's colour)
        self.recent_places: dict[str, tuple[tuple, ...]] = {}
        self._run_mover: str | None = None           # who played the step before (a move may be several)
        self._moves_alpha = 1.0
        self._fade_timer: asyncio.TimerHandle | None = None
        #: Python seconds spent handling each click (the redraw and the panel update included);
        #: the newest ones only, so a long session does not grow it
        self.click_times: deque[float] = deque(maxlen=_KEPT_TIMES)
        #: front-end events dropped because their values made no sense (null or infinite coordinates)
        self.rejected_events = 0
        self._closed = False
        self._feature_click_handlers: list[Callable[[Inspection], None]] = []
        #: the traceback of the last error a handler caught, for bug reports
        self.last_error: str | None = None
        #: what the panel points at (a hovered prompt button, a hint): references and target shapes
        #: lit on the hover layer until the pointer leaves or the game changes
        self.lit: tuple[tuple[Hashable, ...], tuple[tuple, ...]] = ((), ())

        self._observers = [(self._guard(self._on_version), "version"),
                           (self._guard(self._on_look), ["colours", "highlight", "agents", "autoplay"])]
        for handler, names in self._observers:
            model.observe(handler, names)
        canvas = self.canvas
        canvas.on_mouse_down(self._pointer_event(self._mouse_down))
        canvas.on_mouse_up(self._pointer_event(self._mouse_up, on_bad=self._cancel_press))
        canvas.on_mouse_move(self._pointer_event(self._mouse_move))
        canvas.on_mouse_out(self._guard(self._mouse_out))    # where the pointer left does not matter
        canvas.on_mouse_wheel(self._pointer_event(self._wheel))
        canvas.on_key_down(self._guard(self.key))
        canvas.on_client_ready(self._guard(self._client_ready))
        self.atlas.on_client_ready(self._guard(self._client_ready))
        self._update_targets()
        if self.fixed:
            self._follow_picture_aspect()
        else:
            self._cap_by_shown_height()
        if self.follow:
            self._fit()
        self.redraw(full=True)

    # -- public API -----------------------------------------------------------------------------------
    @property
    def widget(self) -> MultiCanvas:
        return self.canvas

    @property
    def view(self) -> View:
        return View(self.scale, self.ox, self.oy, self.width, self.height)

    @property
    def style(self) -> Style:
        return Style(dict(self.model.colours))

    @property
    def fixed(self) -> bool:
        """A printed board, always shown whole (no pan, zoom or follow)."""
        return self.ui.board_kind == "fixed"

    def cell_to_pixel(self, x: int, y: int) -> tuple[float, float]:
        """The canvas pixel at the centre of board cell ``(x, y)`` in the current view."""
        point = self.ui.ref_point(self.model.game, (x, y)) or (x + 0.5, y + 0.5)
        return self.view.to_pixel(*point)

    def pixel_to_cell(self, px: float, py: float) -> tuple[int, int]:
        wx, wy = self.view.to_world(px, py)
        return (math.floor(wx), math.floor(wy))

    def click(self, px: Any, py: Any) -> bool:
        """A click at canvas pixel ``(px, py)``: play the legal action there, or say why not.
        True if an action was played. Never raises."""
        point = finite_point(px, py)
        if point is None:
            self.rejected_events += 1
            self._guard(self.model.refuse)("that click came without a position on the board")
            return False
        started = time.perf_counter()
        try:
            return bool(self._guard(self._click)(*point))
        finally:
            self.click_times.append(time.perf_counter() - started)

    def on_feature_click(self, handler: Callable[[Inspection], None]) -> None:
        """Call ``handler(inspection)`` when a click lands on a placed feature (e.g. to select it
        in the inspector); the click still plays whatever is legal there."""
        self._feature_click_handlers.append(handler)

    def hover(self, px: Any, py: Any) -> None:
        """The pointer is at canvas pixel ``(px, py)``: preview or inspect what is there."""
        point = finite_point(px, py)
        if point is None:
            self.rejected_events += 1
            self._guard(self.model.refuse)("the pointer came without a position on the board")
            return
        self._guard(self._hover)(*point)

    def key(self, key: Any, shift: Any = False, ctrl: Any = False, meta: Any = False) -> None:
        """A key pressed while the board has the focus (click it once to give it the focus)."""
        flags = (shift, ctrl, meta)
        if not isinstance(key, str) or not 0 < len(key) <= 32 or not all(f is None or isinstance(f, bool)
                                                                          for f in flags):
            self.rejected_events += 1
            return
        self._guard(self._key)(key, *(bool(f) for f in flags))

    def rotate(self, step: int = 1) -> bool:
        """Turn the previewed tile to its next valid rotation (the previous one with ``step=-1``)."""
        return bool(self._guard(self._rotate)(step))

    def play_choice(self) -> bool:
        """Play what the preview shows (the adapter's "play" key)."""
        return bool(self._guard(self._play_choice)())

    def choose(self, index: int) -> bool:
        """Play choice ``index`` of the open menu (its buttons in the panel, or the digit keys)."""
        return bool(self._guard(self._choose)(index))

    def close_menu(self) -> None:
        self.menu = None

    def press(self, choice: Choice | str) -> bool:
        """Press a button of the prompt (a :class:`Choice`, or its label): play its action."""
        return bool(self._guard(self._press)(choice))

    def light(self, refs: Any = (), shapes: Any = ()) -> None:
        """Light up ``refs`` (the game's references) and ``shapes`` (target shapes) on the hover
        layer, as a panel button the pointer is over asks; ``light()`` puts them out. Only the
        hover layer is repainted."""
        lit = (tuple(_ref(r) for r in refs), tuple(shapes))
        if lit != self.lit and not self._closed:
            self.lit = lit
            self._redraw_layers(HOVER)

    def pan(self, dx: float, dy: float) -> bool:
        """Move the view by ``dx``, ``dy`` cells (positive: show what is east / south)."""
        if self.fixed:
            self.model.refuse("this board is always shown whole: there is nothing to pan")
            return False
        self.follow = False
        self._set_view(self.scale, self.ox - dx * self.scale, self.oy - dy * self.scale)
        return True

    def zoom(self, steps: int, around: tuple[float, float] | None = None) -> bool:
        """Zoom in (positive) or out by ``steps`` of the adapter's scales, keeping the pixel
        ``around`` (default: the centre) over the same spot of the board."""
        if self.fixed:
            self.model.refuse("this board is always shown whole and fitted: there is nothing to zoom")
            return False
        scales = self.ui.scales
        if steps > 0:
            bigger = [s for s in scales if s > self.scale]
            new = bigger[min(steps, len(bigger)) - 1] if bigger else self.scale
        else:
            smaller = [s for s in scales if s < self.scale]
            new = smaller[max(-len(smaller), steps)] if smaller else self.scale
        if new == self.scale:
            self.model.refuse("zoomed in as far as it goes" if steps > 0 else "zoomed out as far as it goes")
            return False
        self.follow = False
        px, py = around if around is not None and finite_point(*around) else (self.width / 2, self.height / 2)
        wx, wy = self.view.to_world(px, py)
        self._set_view(new, px - wx * new, py - wy * new)
        return True

    def fit(self) -> None:
        """Follow the game again: the whole board in view, re-centred as it grows."""
        self.follow = True
        self._fit()
        self._set_view(self.scale, self.ox, self.oy)

    def resize(self, width: Any, height: Any) -> bool:
        """The canvas is now ``width`` x ``height`` pixels (a resize event); a size that is not a
        positive finite number is ignored."""
        size = finite_point(width, height)
        if size is None or not (1 <= size[0] <= 10000 and 1 <= size[1] <= 10000):
            self.rejected_events += 1
            return False
        self.width, self.height = int(size[0]), int(size[1])
        with self.canvas.hold_sync():
            self.canvas.width, self.canvas.height = self.width, self.height
        if self.follow:
            self._fit()
        self._guard(self.redraw)()
        return True

    def _on_shown_width(self, change: dict[str, Any]) -> None:
        """The page says how wide the canvas is shown: draw that many pixels, same proportions."""
        text = change["new"]
        try:
            width = float(text)
        except (TypeError, ValueError):
            width = math.nan
        if not (math.isfinite(width) and 200 <= width <= 4000):
            self.rejected_events += 1
            return
        if round(width) != self.width:
            self.resize(round(width), round(width * self._aspect))

    def picture_aspect(self) -> float:
        """Height per width of everything the game shows (its extent with the region titles)."""
        x0, y0, x1, y1 = self._extent()
        return (y1 - y0) / (x1 - x0) if x1 > x0 and y1 > y0 else self._aspect

    def _cap_by_shown_height(self) -> None:
        """The browser shows the canvas no taller than the window it is in (the board and the
        prompt beside it are seen whole without scrolling): a tall picture is shown narrower."""
        self.canvas.layout.max_width = f"calc({_SHOWN_HEIGHT} / {self._aspect:.4f})"

    def _follow_picture_aspect(self) -> None:
        """A fixed board's canvas takes its picture's proportions at the current width, and is
        never shown taller than most of the window (a tall picture is shown narrower instead)."""
        self._aspect = self.picture_aspect()
        self._cap_by_shown_height()
        height = max(1, round(self.width * self._aspect))
        if height != self.height:
            self.height = height
            with self.canvas.hold_sync():
                self.canvas.height = height

    def close(self) -> None:
        """Stop following the model and close the canvases; later model changes are ignored."""
        self._closed = True
        if self._fade_timer is not None:
            self._fade_timer.cancel()
        for handler, names in self._observers:
            with contextlib.suppress(ValueError):
                self.model.unobserve(handler, names)
        for widget in (*self.canvas._canvases, self.canvas, self.atlas, self.size_probe):
            widget.close()

    def svg(self) -> str:
        """The board as an SVG document (no widget needed)."""
        return self.ui.svg(self.model.game, self.style)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.canvas._repr_mimebundle_(**kwargs) or {}
        bundle = dict(bundle)
        game = self.model.game
        bundle["text/plain"] = f"<BoardCanvas of {game.name}: {len(self._drawn)} pieces, {self.scale} px per cell>"
        bundle["image/svg+xml"] = self.svg()
        return bundle

    # -- drawing ------------------------------------------------------------------------------------
    def redraw(self, *, full: bool = False) -> None:
        """Bring every layer up to date, as one message. ``full`` remakes the atlas too."""
        if self._closed:
            return
        game = self.model.game
        with hold_canvas():
            self._sync_atlas(game, full)
            self._blit()
            self._draw_marks(game)
            self._draw_figures(game, force=full)
            self._draw_moves(game)
            self._draw_hover(game)
        self._note_smallest_text()

    def _note_smallest_text(self) -> None:
        smallest = _smallest([*self._piece_text.values(), *self._layer_text.values()])
        if smallest != self.smallest_text:
            self.set_trait("smallest_text", smallest)
            # the page can read it too (a test that measures the text a reader sees), from the
            # probe that brings the shown width: one small message when it changes, a resize
            self.size_probe.placeholder = "none" if smallest is None else f"{smallest:.2f}"

    def _sync_atlas(self, game: Any, full: bool) -> None:
        pieces = dict(self.ui.background(game))
        box = self._pieces_box(pieces)
        fits = self._atlas_box is not None and (
            self._atlas_box[0] <= box[0] and self._atlas_box[1] <= box[1]
            and box[2] <= self._atlas_box[2] and box[3] <= self._atlas_box[3])
        if full or not fits or self._atlas_scale != self.scale:
            m = _ATLAS_MARGIN
            self._atlas_box = (box[0] - m, box[1] - m, box[2] + m, box[3] + m)
            self._atlas_scale = self.scale
            x0, y0, x1, y1 = self._atlas_box
            with self.atlas.hold_sync():     # one state message for both sizes
                self.atlas.width = max(1, math.ceil((x1 - x0) * self.scale))
                self.atlas.height = max(1, math.ceil((y1 - y0) * self.scale))
            self.atlas.clear()
            self._drawn, self._piece_text = {}, {}
        view = self._atlas_view()
        painter = MeasuringPainter(self.atlas)
        self.atlas.save()
        for key, value in list(self._drawn.items()):
            if pieces.get(key, _GONE) != value:
                left, top, right, bottom = self.ui.piece_rect(key, value)
                px, py = view.to_pixel(left, top)
                self.atlas.clear_rect(px, py, (right - left) * view.scale, (bottom - top) * view.scale)
                del self._drawn[key]
                self._piece_text.pop(key, None)
        for key, value in pieces.items():
            if key not in self._drawn:
                painter.smallest_text = None
                self.ui.draw_piece(painter, key, value, view)
                self._drawn[key] = value
                self._piece_text[key] = painter.smallest_text
        self.atlas.restore()

    def _pieces_box(self, pieces: dict[Hashable, Any]) -> tuple[int, int, int, int]:
        rects = [self.ui.piece_rect(k, v) for k, v in pieces.items()] or [(0, 0, 1, 1)]
        return (math.floor(min(r[0] for r in rects)), math.floor(min(r[1] for r in rects)),
                math.ceil(max(r[2] for r in rects)), math.ceil(max(r[3] for r in rects)))

    def _atlas_view(self) -> View:
        x0, y0, x1, y1 = self._atlas_box  # type: ignore[misc]
        s = self.scale
        return View(s, -x0 * s, -y0 * s, math.ceil((x1 - x0) * s), math.ceil((y1 - y0) * s))

    def _blit(self) -> None:
        layer = self.canvas[BACKGROUND]
        layer.clear()
        layer.fill_style = self.ui.table_colour
        layer.fill_rect(0, 0, self.width, self.height)
        x0, y0, _, _ = self._atlas_box  # type: ignore[misc]
        px, py = self.view.to_pixel(x0, y0)
        layer.draw_image(self.atlas, px, py)

    def _draw_marks(self, game: Any) -> None:
        layer = self.canvas[MARKS]
        layer.clear()
        layer.save()
        painter = MeasuringPainter(layer)
        self.ui.draw_regions(painter, game, self.view)
        self.ui.draw_marks(painter, game, self.view, targets=self.targets, style=self.style)
        if self.model.highlight:
            self.ui.highlight(painter, game, [_ref(r) for r in self.model.highlight], self.view)
        if self.menu is not None:
            self.ui.draw_preview(painter, game, self.menu, self.menu.choices[0], self.view, self.style)
        layer.restore()
        self._layer_text[MARKS] = painter.smallest_text

    def _draw_figures(self, game: Any, *, force: bool = False) -> None:
        key = (self.ui.figures_key(game), self.view, tuple(sorted(self.model.colours.items())))
        if key == self._figures_drawn and not force:
            return
        self._figures_drawn = key
        layer = self.canvas[FIGURES]
        layer.clear()
        layer.save()
        painter = MeasuringPainter(layer)
        self.ui.draw_figures(painter, game, self.view, style=self.style)
        layer.restore()
        self._layer_text[FIGURES] = painter.smallest_text

    def _draw_moves(self, game: Any) -> None:
        layer = self.canvas[MOVES]
        layer.clear()
        self._layer_text[MOVES] = None
        refs = [ref for move in self.recent_moves.values() for ref in move]
        if not refs and not self.recent_places:
            return
        layer.save()
        layer.global_alpha = self._moves_alpha
        painter = MeasuringPainter(layer)
        view, players = self.view, self.model.game.players
        for player, shapes in self.recent_places.items():
            colour = self.style.colour(player, players)
            for shape in shapes:
                self._frame(painter, shape, colour, pad=2)
        if refs:
            self.ui.highlight(painter, game, refs, view)
        layer.restore()
        self._layer_text[MOVES] = painter.smallest_text

    def _draw_hover(self, game: Any) -> None:
        layer = self.canvas[HOVER]
        layer.clear()
        layer.save()
        painter = MeasuringPainter(layer)
        if self._selected is not None and self.choice is not None:
            self.ui.draw_preview(painter, game, self._selected, self.choice, self.view, self.style)
        if self._inspection is not None:
            self.ui.draw_inspection(painter, game, self._inspection, self.view, self.style)
            self._draw_tooltip(painter, [self._inspection.title, *self._inspection.lines])
        self._draw_lit(painter, game)
        layer.restore()
        self._layer_text[HOVER] = painter.smallest_text

    def _draw_lit(self, painter: CanvasPainter, game: Any) -> None:
        refs, shapes = self.lit
        for shape in shapes:
            self._frame(painter, shape, EMPHASIS, pad=3)
        if refs:
            self.ui.highlight(painter, game, list(refs), self.view)

    def _frame(self, painter: CanvasPainter, shape: tuple, colour: str, *, pad: float) -> None:
        """A thick frame ``pad`` pixels outside a target's shape (a circle or a rectangle in world
        units), large enough to see around the smallest spot."""
        view = self.view
        if shape[0] == "circle":
            cx, cy = view.to_pixel(shape[1], shape[2])
            painter.circle(cx, cy, max(5.0 + pad, shape[3] * view.scale + pad + 1), stroke=colour, width=4)
        else:
            x0, y0 = view.to_pixel(shape[1], shape[2])
            x1, y1 = view.to_pixel(shape[3], shape[4])
            painter.rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad, stroke=colour, width=4)

    def tooltip_box(self, lines: list[str]) -> tuple[float, float, float, float]:
        """Where the hover words go, as ``(x, y, w, h)`` in canvas pixels: at the top edge, on the
        side away from the pointer. Only when that box would cover the pointer (a wide box, a
        pointer near the top) does it go to the bottom edge: it never hides the spot pointed at, and
        it leaves the lower part of the board, where the player is looking, in view."""
        size, pad = _TIP_SIZE, _TIP_PAD
        w = min(self.width - 16.0, max(len(t) for t in lines) * size * 0.55 + 2 * pad)
        h = len(lines) * (size + 5) + 2 * pad - 4
        px, py = self._pointer or (0.0, self.height)
        x0 = 8.0 if px > self.width / 2 or w > self.width / 2 else self.width - w - 8
        y0 = 8.0
        near = _TIP_CLEARANCE
        if x0 - near <= px <= x0 + w + near and py <= y0 + h + near:
            y0 = self.height - h - 8
        return x0, y0, w, h

    def _draw_tooltip(self, painter: CanvasPainter, lines: list[str]) -> None:
        """Words about what is hovered, in the box ``tooltip_box`` places."""
        size, pad = _TIP_SIZE, _TIP_PAD
        x0, y0, w, h = self.tooltip_box(lines)
        painter.rect(x0 + 2, y0 + 3, w, h, fill="#000000", alpha=0.18)
        painter.rect(x0, y0, w, h, fill="#fbf6e8", alpha=0.96, stroke="#6b5a2e", width=1.2)
        for k, text in enumerate(lines):
            painter.text(x0 + pad, y0 + pad + (k + 0.5) * (size + 5) - 2, text, size=size, anchor="start",
                         bold=k == 0, fill="#1f2a1a")

    def _redraw_layers(self, *layers: int) -> None:
        game = self.model.game
        with hold_canvas():
            if BACKGROUND in layers:
                self._blit()
            if MARKS in layers:
                self._draw_marks(game)
            if FIGURES in layers:
                self._draw_figures(game)
            if MOVES in layers:
                self._draw_moves(game)
            if HOVER in layers:
                self._draw_hover(game)
        self._note_smallest_text()

    def _set_view(self, scale: float, ox: float, oy: float) -> None:
        if not self.fixed:
            ox, oy = round(ox), round(oy)
        self.scale, self.ox, self.oy = scale, float(ox), float(oy)
        self.view_version += 1
        self._refresh_hover_after_change()
        self.redraw()

    def _extent(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.ui.extent(self.model.game)
        for region in self.ui.regions(self.model.game):     # titles sit above their regions
            x0, y0 = min(x0, region.rect[0]), min(y0, region.rect[1] - 0.4)
            x1, y1 = max(x1, region.rect[2]), max(y1, region.rect[3])
        return x0, y0, x1, y1

    def _in_view(self) -> bool:
        """True when everything the game shows is inside the canvas as the view stands."""
        x0, y0, x1, y1 = self._extent()
        left, top = self.view.to_pixel(x0, y0)
        right, bottom = self.view.to_pixel(x1, y1)
        return left >= 0 and top >= 0 and right <= self.width and bottom <= self.height

    def _fit(self) -> None:
        """Pick the zoom and centre that show the whole extent. An open board uses the adapter's
        zoom steps (up to the default), and below them any scale that fits: it never clips; a
        fixed board takes exactly the scale that fills the canvas."""
        x0, y0, x1, y1 = self._extent()
        margin = 0.0 if self.fixed else 0.3
        w, h = (x1 - x0) + margin, (y1 - y0) + margin
        exact = min(self.width / w, self.height / h)
        if self.fixed:
            scale: float = max(float(_MIN_SCALE), math.floor(exact * 100) / 100)
        else:
            fitting = [s for s in self.ui.scales if s <= self.ui.default_scale and s <= exact]
            scale = max(fitting) if fitting else max(_MIN_SCALE, math.floor(exact))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        self.scale = scale
        self.ox, self.oy = self.width / 2 - cx * scale, self.height / 2 - cy * scale
        if not self.fixed:      # whole pixels keep tile edges crisp; a fitted board keeps every pixel
            self.ox, self.oy = float(round(self.ox)), float(round(self.oy))

    # -- reacting to the model --------------------------------------------------------------------------
    def _on_version(self, change: dict[str, Any]) -> None:
        if self._closed:
            return
        game = self.model.game
        full = False
        if id(game) != self._game_id:        # a new game: nothing of the old one stays, zoom resets
            self._game_id = id(game)
            if game.name != self._ui_game:
                self.ui = ui_for(game)
                self._ui_game = game.name
            self._drawn, self._atlas_box, self._figures_drawn = {}, None, _GONE
            self.follow, self._last_move, self.menu = True, None, None
            self.scale = self.ui.default_scale
            if self.fixed:      # another game (or player count) may draw another picture
                self._follow_picture_aspect()
            full = True
        self._update_targets(announce=False)
        self.lit = ((), ())          # what a button pointed at belongs to the position before
        # following, the view moves only when the game would leave it
        if self.follow and (full or self.fixed or not self._in_view()):
            self._fit()
            self.view_version += 1
        self._refresh_hover_after_change()
        if self._track_moves():
            self._start_fade()
        self.redraw(full=full)
        self.targets_version += 1     # the panel's prompt after the board: the click's answer paints first

    def _track_moves(self) -> bool:
        """Keep the last move of every other seat (several steps in a row by one seat are one
        move) until a decision at this screen; True if what is stressed changed."""
        before = (dict(self.recent_moves), dict(self.recent_places))
        mover = self.model.last_mover
        if mover is None:                        # undo, redo, a jump, an edit, a new game
            self.recent_moves, self.recent_places, self._run_mover = {}, {}, None
            return before != (self.recent_moves, self.recent_places)
        refs = tuple(dict.fromkeys(_ref(r) for r in self.ui.move_refs(self.model.game)))
        shapes = tuple(self.model.last_shapes)
        if mover == self._run_mover or not (refs or shapes):
            # a move of several steps is stressed whole; a step with no place (a payment, a
            # choice in the prompt) leaves the seat's last move on the board stressed
            refs = self.recent_moves.get(mover, ()) + refs
            shapes = self.recent_places.get(mover, ()) + shapes
        self._run_mover = mover
        moves = {p: m for p, m in self.recent_moves.items() if p != mover}
        places = {p: m for p, m in self.recent_places.items() if p != mover}
        moves[mover], places[mover] = refs, shapes
        if self.model.agent_for(mover) is None and not self.model.autoplay:
            # a decision here: what the others did has been seen; this one stays for another
            # human seat at this screen (a shared table), if there is one
            others = [p for p in self.model.game.players if p != mover and self.model.agent_for(p) is None]
            moves, places = ({mover: refs}, {mover: shapes}) if others else ({}, {})
        self.recent_moves = {p: m for p, m in moves.items() if m}
        self.recent_places = {p: m for p, m in places.items() if m}
        return before != (self.recent_moves, self.recent_places)

    def _start_fade(self) -> None:
        """Fade the stressed moves in over ``fade`` seconds, redrawing only their layer."""
        if self._fade_timer is not None:
            self._fade_timer.cancel()
            self._fade_timer = None
        loop = running_loop()
        if loop is None or self.fade <= 0 or not (self.recent_moves or self.recent_places):
            self._moves_alpha = 1.0
            return
        self._moves_alpha = 1.0 / _FADE_STEPS
        self._fade_timer = loop.call_later(self.fade / _FADE_STEPS, self._guard(self._fade_step))

    def _fade_step(self) -> None:
        self._fade_timer = None
        if self._closed:
            return
        self._moves_alpha = min(1.0, self._moves_alpha + 1.0 / _FADE_STEPS)
        self._redraw_layers(MOVES)
        loop = running_loop()
        if self._moves_alpha < 1.0 and loop is not None:
            self._fade_timer = loop.call_later(self.fade / _FADE_STEPS, self._guard(self._fade_step))

    def _on_look(self, change: dict[str, Any]) -> None:
        if self._closed:
            return
        if change["name"] in ("agents", "autoplay"):
            self._update_targets()
        self._refresh_hover_after_change()
        self._redraw_layers(MARKS, FIGURES, HOVER)

    def _update_targets(self, announce: bool = True) -> None:
        # only what a person at this screen may click now: nothing while an agent plays
        human = self.model.human_to_move()
        game = self.model.game
        self.targets = self.ui.targets(game) if human else []
        self.prompt = self.ui.prompt(game, self.targets) if human else []
        self._choice_index = {}
        self._selected = None
        self._inspection = None
        self.choice = None
        self.menu = None
        if announce:
            self.targets_version += 1

    def _refresh_hover_after_change(self) -> None:
        """After a move or a view change, what is under the still pointer may be something else."""
        self._selected, self._inspection, self.choice = None, None, None
        if self._pointer is not None:
            self._find_hover(*self._pointer)

    def _client_ready(self) -> None:
        if self._closed:
            return
        loop = running_loop()
        if loop is None:
            self.redraw(full=True)
            return
        if not self._redraw_pending:     # the atlas and the layers report in one after another
            self._redraw_pending = True
            loop.call_later(0.05, self._guard(self._delayed_redraw))

    def _delayed_redraw(self) -> None:
        self._redraw_pending = False
        self.redraw(full=True)

    # -- hovering -----------------------------------------------------------------------------------------
    def _target_at(self, wx: float, wy: float) -> Target | None:
        spots = [t for t in self.targets if t.is_spot and t.contains(wx, wy)]
        if spots:
            return min(spots, key=lambda t: math.hypot(wx - t.shape[1], wy - t.shape[2]))
        return next((t for t in self.targets if not t.is_spot and t.contains(wx, wy)), None)

    def _find_hover(self, px: float, py: float) -> bool:
        """Work out what is under the pointer; True if the hover layer must change."""
        before = (self._selected.key if self._selected else None, self.choice,
                  self._inspection.key if self._inspection else None)
        wx, wy = self.view.to_world(px, py)
        target = self._target_at(wx, wy)
        if target is not None:
            if self._selected is None or target.key != self._selected.key:
                self._selected = target
                self.choice = target.choices[self._choice_index.get(target.key, 0)]
            # a spot also says what the figure would hold: the area under it and its worth
            self._inspection = (self.ui.inspect(self.model.game, target.shape[1], target.shape[2])
                                if target.is_spot else None)
        else:
            # a previewed tile stays where it was tried (the rotate button acts on it); a spot does not
            if self._selected is not None and self._selected.is_spot:
                self._selected, self.choice = None, None
            self._inspection = self.ui.inspect(self.model.game, wx, wy) if self._inside(px, py) else None
        after = (self._selected.key if self._selected else None, self.choice,
                 self._inspection.key if self._inspection else None)
        return before != after

    def _inside(self, px: float, py: float) -> bool:
        return 0 <= px < self.width and 0 <= py < self.height

    def _hover(self, px: float, py: float) -> None:
        self._pointer = (px, py)
        if self._find_hover(px, py):
            self._redraw_layers(HOVER)

    # -- clicking -------------------------------------------------------------------------------------------
    def _not_your_turn(self) -> str:
        game = self.model.game
        if game.is_over:
            return "the game is over"
        player = game.current_player
        agent = self.model.agent_for(player)
        if agent is None and self.model.autoplay:
            return "autoplay is on: the agents play every seat (switch it off to play)"
        name = getattr(agent, "name", type(agent).__name__)
        return f"it is {player}'s turn: the {name} agent plays it"

    def _feature_clicked(self, game: Any, wx: float, wy: float) -> None:
        if self._feature_click_handlers:
            inspection = self.ui.inspect(game, wx, wy)
            if inspection is not None:
                for handler in self._feature_click_handlers:
                    handler(inspection)

    def _click(self, px: float, py: float) -> bool:
        model = self.model
        model.sync()            # a game changed in a cell: act on what is there now
        if not self._inside(px, py):
            model.refuse("that click was outside the board")
            return False
        now = time.monotonic()
        if self._last_move is not None:
            t, x, y = self._last_move
            if now - t < _DOUBLE_CLICK and math.hypot(px - x, py - y) < 12:
                model.refuse("double click ignored: one click plays one move")
                return False
        game = model.game
        if game.is_over or not model.human_to_move():
            model.refuse(self._not_your_turn())
            return False
        wx, wy = self.view.to_world(px, py)
        target = self._target_at(wx, wy)
        if target is None:
            self._feature_clicked(game, wx, wy)
            why = self.ui.explain_click(game, wx, wy)
            if isinstance(why, str):
                model.refuse(why)
            elif why in game.legal_actions():
                model.refuse(f"to {why}, click its highlighted spot")
            else:
                model.try_apply(why)     # illegal: sets the engine's reason as the message
            return False
        if target.mode == "menu":
            self.menu = target
            # the menu, headed by the place, says the choices in full: the message only says how to pick
            n = len(target.choices)
            model.message_kind, model.message = "info", f"Pick one of the {n} choices below (keys 1-{n}, Esc closes)"
            self._redraw_layers(MARKS)
            return False
        if self._selected is not None and target.key == self._selected.key and self.choice in target.choices:
            action = self.choice
        else:
            action = target.choices[0]
        return self._play(action, (now, px, py))

    def _play(self, action: Any, where: tuple[float, float, float] | None = None) -> bool:
        # where it is played, from the targets already worked out for this position
        played = self.model.try_apply(action, where=tuple(t.shape for t in self.targets if action in t.choices))
        if played and where is not None:
            self._last_move = where
        return played

    def _play_choice(self) -> bool:
        self.model.sync()
        if self._selected is None or self.choice is None:
            self.model.refuse("hover a highlighted cell or spot first")
            return False
        if not self.model.human_to_move():
            self.model.refuse(self._not_your_turn())
            return False
        if self._selected.mode == "menu":
            self.menu = self._selected
            self._redraw_layers(MARKS)
            return False
        return self._play(self.choice)

    def _choose(self, index: int) -> bool:
        menu = self.menu
        if self.model.sync() or menu is None:
            self.model.refuse("no menu is open: click a spot that offers a choice first")
            return False
        if not isinstance(index, int) or not 0 <= index < len(menu.choices):
            self.model.refuse(f"choose 1 to {len(menu.choices)}")
            return False
        if not self.model.human_to_move():
            self.model.refuse(self._not_your_turn())
            return False
        self.menu = None
        return self._play(menu.choices[index])

    def _press(self, choice: Choice | str) -> bool:
        self.model.sync()
        if not self.model.human_to_move():
            self.model.refuse(self._not_your_turn())
            return False
        label = choice.label if isinstance(choice, Choice) else choice
        found = next((c for c in self.prompt if c == choice or c.label == label), None)
        if found is None:
            offered = ", ".join(c.label for c in self.prompt)
            self.model.refuse(f"{label} is not a choice now" + (f" (the choices: {offered})" if offered else ""))
            return False
        return self._play(found.action)

    def _rotate(self, step: int) -> bool:
        self.model.sync()
        target = self._selected
        if target is None or len(target.choices) < 1:
            self.model.refuse("hover a highlighted cell first, then turn the tile")
            return False
        if target.mode != "cycle":
            self.model.refuse("there is only one way to play this" if target.mode == "play"
                              else "this spot offers a menu: click it and pick one")
            return False
        index = (self._choice_index.get(target.key, 0) + step) % len(target.choices)
        self._choice_index[target.key] = index
        self.choice = target.choices[index]
        self._redraw_layers(HOVER)
        return True

    # -- mouse and keys -------------------------------------------------------------------------------------
    def _pointer_event(self, handler: Callable[[float, float], None],
                       on_bad: Callable[[], None] | None = None) -> Callable[..., Any]:
        """A front-end mouse handler: bad coordinates are dropped (and counted), the rest guarded."""
        guarded = self._guard(handler)

        def checked(x: Any = None, y: Any = None, *_: Any) -> Any:
            point = finite_point(x, y)
            if point is None:
                self.rejected_events += 1
                if on_bad is not None:
                    self._guard(on_bad)()
                return None
            return guarded(*point)
        return checked

    def _cancel_press(self) -> None:
        """A button went up somewhere unknown: end the press; a drag keeps the view it reached."""
        if self._dragging:
            self.view_version += 1
        self._down, self._dragging = None, False

    def _mouse_down(self, x: float, y: float) -> None:
        self.model.sync()
        self._down = (x, y, self.ox, self.oy)
        self._dragging = False

    def _mouse_move(self, x: float, y: float) -> None:
        if self._down is not None and not self.fixed:
            x0, y0, ox, oy = self._down
            if self._dragging or math.hypot(x - x0, y - y0) > _DRAG:
                self._dragging = True
                self.follow = False
                self.ox, self.oy = float(round(ox + x - x0)), float(round(oy + y - y0))
                self._redraw_layers(BACKGROUND, MARKS, FIGURES, HOVER)
                return
        self._hover(x, y)

    def _mouse_up(self, x: float, y: float) -> None:
        down, dragging = self._down, self._dragging
        self._down, self._dragging = None, False
        if down is None:
            return
        if dragging:
            self.view_version += 1
            self._refresh_hover_after_change()
            self._redraw_layers(HOVER)
            return
        self.click(down[0], down[1])

    def _wheel(self, dx: float, dy: float) -> None:
        """Ctrl or Alt + wheel (the page keeps the plain wheel): zoom around the pointer."""
        if self.fixed or dy == 0:
            return
        if (self._wheel_travel > 0) != (dy > 0):     # the wheel turned the other way
            self._wheel_travel = 0.0
        self._wheel_travel += dy
        steps = int(self._wheel_travel / _WHEEL_STEP)
        if steps:
            self._wheel_travel -= steps * _WHEEL_STEP
            self.zoom(-steps, around=self._pointer)

    def _mouse_out(self, x: float, y: float) -> None:
        if self._dragging:
            self.view_version += 1
        self._down, self._dragging = None, False
        self._pointer = None
        # a previewed tile stays (the panel's rotate button acts on it); a spot or an inspection goes
        spot = self._selected is not None and self._selected.is_spot
        if self._inspection is not None or spot:
            self._inspection = None
            if spot:
                self._selected, self.choice = None, None
            self._redraw_layers(HOVER)

    def key_commands(self) -> dict[str, str]:
        """Which key does what now: the board's own keys, the game's, and the prompt's buttons."""
        commands = dict(_GENERIC_KEYS)
        commands.update(self.ui.keys)
        for choice in self.prompt:
            if choice.key:
                commands[choice.key] = f"press:{choice.label}"
        return commands

    def _key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        self.model.sync()
        k = key.lower() if len(key) == 1 else key
        if ctrl or meta:      # Ctrl+S and friends are the notebook's; Ctrl+Z / Ctrl+Y undo and redo
            if k == "z":
                (self.model.redo_to_human if shift else self.model.undo_to_human)()
            elif k == "y":
                self.model.redo_to_human()
            return
        if self.menu is not None and k.isdigit() and k != "0":
            self.choose(int(k) - 1)
            return
        commands = self.key_commands()
        # the game's keys may tell R from r; otherwise a letter is the same with Shift
        command = commands.get(key) if len(key) == 1 and key in commands else commands.get(k)
        if command is None:
            return      # Enter, Space and any unbound key do nothing: no move by accident
        self.run_command(command, shift=shift)

    def run_command(self, command: str, *, shift: bool = False) -> None:
        """Do one of the board commands (what keys are bound to)."""
        step = 3 if shift else 1
        pans = {"pan_west": (-step, 0), "pan_east": (step, 0), "pan_north": (0, -step), "pan_south": (0, step)}
        if command.startswith("press:"):
            self.press(command[len("press:"):])
        elif command in ("cycle", "cycle_back"):
            self.rotate(-1 if (command == "cycle_back") != shift else 1)
        elif command == "play":
            self.play_choice()
        elif command in pans:
            self.pan(*pans[command])
        elif command in ("zoom_in", "zoom_out"):
            self.zoom(1 if command == "zoom_in" else -1, around=self._pointer)
        elif command == "fit":
            self.fit()
        elif command == "undo":
            self.model.undo_to_human()
        elif command == "redo":
            self.model.redo_to_human()
        elif command == "cancel":       # close the menu and the preview; never a move
            self.menu = None
            self._selected, self.choice = None, None
            self._redraw_layers(MARKS, HOVER)

    # -- safety ---------------------------------------------------------------------------------------------
    def _guard(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap an event handler: an exception becomes a message, never a kernel traceback."""
        @functools.wraps(handler)
        def guarded(*args: Any) -> Any:
            try:
                return handler(*args)
            except Exception as error:
                self.last_error = traceback.format_exc()
                log.exception("board handler %s failed", getattr(handler, "__name__", handler))
                with contextlib.suppress(Exception):    # even telling the user must not raise
                    self.model.refuse(f"internal error ({type(error).__name__}: {error}); see board.last_error")
                return None
        return guarded


_GONE = object()


def _ref(ref: Any) -> Hashable:
    # references that went through JSON-like containers come back as lists
    return tuple(_ref(r) for r in ref) if isinstance(ref, list) else ref

__all__ = ["BoardCanvas", "running_loop"]
