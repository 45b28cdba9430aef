"""Replay drawing operations onto an ipycanvas ``Canvas`` (or one layer of a ``MultiCanvas``).

Only this module knows the ipycanvas API. It is duck-typed: anything with the HTML canvas
context methods that ipycanvas exposes works, which keeps tests free of a browser.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from contextlib import nullcontext
from typing import Any

from .painter import (
    Circle,
    ClipRect,
    Ellipse,
    Icon,
    IconShape,
    Op,
    Painter,
    Path,
    Polygon,
    Polyline,
    Rect,
    Restore,
    Rotate,
    Save,
    Scale,
    Text,
    Translate,
)

_BASELINE = {"middle": "middle", "alphabetic": "alphabetic", "top": "top", "bottom": "bottom"}


class _State:
    """What was last set on the canvas, so repeated styles are not sent again."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.senders: dict[tuple[int, str], Any] = {}

    def set(self, canvas: Any, name: str, value: Any) -> None:
        if self.values.get(name, _UNSET) != value:
            key = (id(canvas), name)
            send = self.senders[key] if key in self.senders else \
                self.senders.setdefault(key, _direct_setter(canvas, name))
            if send is not None:
                send(value)
            else:
                setattr(canvas, name, value)
            self.values[name] = value


def _direct_setter(canvas: Any, name: str) -> Any:
    """For an ipycanvas canvas, a function that queues "set ``name``" straight into its command
    buffer: ``canvas.fill_style = ...`` first validates and stores the value as a traitlet, which
    was half the Python time of drawing a tile, and nothing reads those values back. None for
    any other canvas (or an ipycanvas without that buffer), which then gets a plain ``setattr``."""
    manager = getattr(canvas, "_canvas_manager", None)
    attrs = getattr(type(canvas), "ATTRS", None)
    if manager is None or not isinstance(attrs, dict) or name not in attrs or not hasattr(manager, "send_command"):
        return None
    from ipycanvas.canvas import COMMANDS
    code, command = attrs[name], COMMANDS["set"]
    return lambda value: manager.send_command(canvas, [command, [code, value]])


_UNSET = object()


def _fill_and_stroke(canvas: Any, state: _State, fill: str | None, stroke: str | None, width: float) -> None:
    """Fill then stroke the current path."""
    if fill:
        state.set(canvas, "fill_style", fill)
        canvas.fill()
    if stroke:
        state.set(canvas, "stroke_style", stroke)
        state.set(canvas, "line_width", width)
        canvas.stroke()


def _dash(canvas: Any, state: _State, dash: tuple[float, ...]) -> None:
    if state.values.get("dash", ()) != dash:
        canvas.set_line_dash(list(dash))
        state.values["dash"] = dash


def _trace(canvas: Any, commands: Iterable[tuple]) -> None:
    """Begin a path and trace ``commands`` (M, L, Q, C, Z) on the canvas."""
    canvas.begin_path()
    for command in commands:
        name, args = command[0], [float(v) for v in command[1:]]
        if name == "M":
            canvas.move_to(*args)
        elif name == "L":
            canvas.line_to(*args)
        elif name == "Q":
            canvas.quadratic_curve_to(*args)
        elif name == "C":
            canvas.bezier_curve_to(*args)
        elif name == "Z":
            canvas.close_path()
        else:
            raise ValueError(f"unknown path command {name!r}")


# One ipycanvas Path2D per icon shape for the whole process: a fixed, small set of widgets (one per
# icon a game uses), so an icon costs one command per drawing instead of a hundred curve commands.
_PATH2D: dict[str, Any] = {}


def _path2d(canvas: Any, shape: IconShape) -> Any:
    """The shared ipycanvas ``Path2D`` of ``shape``, or None when ``canvas`` is not an ipycanvas canvas."""
    ipycanvas = sys.modules.get("ipycanvas")   # not imported: this cannot be one of its canvases
    if ipycanvas is None or not isinstance(canvas, ipycanvas.Canvas):
        return None
    found = _PATH2D.get(shape.name)
    if found is None:
        from ipycanvas import Path2D

        from .svg import path_data
        found = _PATH2D[shape.name] = Path2D(path_data(shape.commands))
    return found


def _draw_icon(canvas: Any, state: _State, op: Icon) -> None:
    scale = op.size / op.shape.box
    canvas.save()
    canvas.translate(op.cx - op.size / 2, op.cy - op.size / 2)
    canvas.scale(scale, scale)
    state.values.clear()
    state.set(canvas, "global_alpha", op.alpha)
    shared = _path2d(canvas, op.shape)
    if shared is None:
        _trace(canvas, op.shape.commands)
    if op.fill:
        state.set(canvas, "fill_style", op.fill)
        canvas.fill() if shared is None else canvas.fill(shared)
    if op.stroke:
        state.set(canvas, "stroke_style", op.stroke)
        state.set(canvas, "line_width", op.width / scale if scale else op.width)
        canvas.stroke() if shared is None else canvas.stroke(shared)
    canvas.restore()
    state.values.clear()


def _draw(canvas: Any, state: _State, op: Op) -> None:
    alpha = getattr(op, "alpha", None)
    if alpha is not None:
        state.set(canvas, "global_alpha", alpha)
    if isinstance(op, Rect):
        if op.fill:
            state.set(canvas, "fill_style", op.fill)
            canvas.fill_rect(op.x, op.y, op.w, op.h)
        if op.stroke:
            _dash(canvas, state, op.dash)
            state.set(canvas, "stroke_style", op.stroke)
            state.set(canvas, "line_width", op.width)
            canvas.stroke_rect(op.x, op.y, op.w, op.h)
            _dash(canvas, state, ())
    elif isinstance(op, Circle):
        canvas.begin_path()
        canvas.arc(op.cx, op.cy, op.r, 0, 2 * math.pi)
        _fill_and_stroke(canvas, state, op.fill, op.stroke, op.width)
    elif isinstance(op, Ellipse):
        canvas.begin_path()
        canvas.ellipse(op.cx, op.cy, op.rx, op.ry, math.radians(op.angle), 0, 2 * math.pi)
        _fill_and_stroke(canvas, state, op.fill, op.stroke, op.width)
    elif isinstance(op, Polygon):
        canvas.begin_path()
        for i, (x, y) in enumerate(op.points):
            (canvas.line_to if i else canvas.move_to)(x, y)
        canvas.close_path()
        state.set(canvas, "line_join", op.join)
        _fill_and_stroke(canvas, state, op.fill, op.stroke, op.width)
    elif isinstance(op, Polyline):
        canvas.begin_path()
        for i, (x, y) in enumerate(op.points):
            (canvas.line_to if i else canvas.move_to)(x, y)
        state.set(canvas, "line_cap", op.cap)
        state.set(canvas, "line_join", op.join)
        _dash(canvas, state, op.dash)
        _fill_and_stroke(canvas, state, None, op.stroke, op.width)
        _dash(canvas, state, ())
    elif isinstance(op, Path):
        _trace(canvas, op.commands)
        state.set(canvas, "line_cap", op.cap)
        state.set(canvas, "line_join", op.join)
        _fill_and_stroke(canvas, state, op.fill, op.stroke, op.width)
    elif isinstance(op, Icon):
        _draw_icon(canvas, state, op)
    elif isinstance(op, Text):
        state.set(canvas, "font", f"{'bold ' if op.bold else ''}{op.size:.1f}px {op.family}")
        state.set(canvas, "text_align", {"start": "left", "end": "right"}.get(op.anchor, "center"))
        state.set(canvas, "text_baseline", _BASELINE.get(op.baseline, "middle"))
        if op.halo and op.halo_width > 0:
            state.set(canvas, "stroke_style", op.halo)
            state.set(canvas, "line_width", op.halo_width)
            state.set(canvas, "line_join", "round")
            canvas.stroke_text(op.text, op.x, op.y)
        state.set(canvas, "fill_style", op.fill)
        canvas.fill_text(op.text, op.x, op.y)
    elif isinstance(op, Save):
        canvas.save()
        # the canvas restores its own styles on Restore; forget ours so nothing is assumed
        state.values.clear()
    elif isinstance(op, Restore):
        canvas.restore()
        state.values.clear()
    elif isinstance(op, Translate):
        canvas.translate(op.dx, op.dy)
    elif isinstance(op, Rotate):
        canvas.rotate(math.radians(op.degrees))
    elif isinstance(op, Scale):
        canvas.scale(op.sx, op.sy)
    elif isinstance(op, ClipRect):
        canvas.begin_path()
        canvas.rect(op.x, op.y, op.w, op.h)
        canvas.clip()
    else:
        raise TypeError(f"not a drawing operation: {op!r}")


def replay(ops: Iterable[Op], canvas: Any, *, hold: bool = True, clear: bool = False) -> None:
    """Draw ``ops`` on ``canvas``; with ``hold`` they go to the browser as one message."""
    if hold:
        from ipycanvas import hold_canvas
        try:
            context: Any = hold_canvas()
        except TypeError:           # ipycanvas before 0.13 wants the canvas
            context = hold_canvas(canvas)
    else:
        context = nullcontext()
    with context:
        if clear:
            canvas.clear()
        canvas.save()
        state = _State()
        for op in ops:
            _draw(canvas, state, op)
        canvas.restore()


class CanvasPainter(Painter):
    """A painter that draws each operation on the canvas at once (wrap it in ``hold_canvas``)."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self._state = _State()

    def add(self, op: Op) -> None:
        _draw(self.canvas, self._state, op)
