"""Drawing operations as plain data, and the painters that produce them.

Game renderers draw to a :class:`Painter`; they never talk to a canvas or write SVG. A
:class:`Recorder` keeps the operations in a list, which :func:`widgetpkg.render.svg.to_svg` turns
into an SVG document and :func:`widgetpkg.render.canvas.replay` sends to an ipycanvas ``Canvas``,
so the widget and the static fallback show exactly the same picture.

Coordinates are pixels, y down. Colours are CSS colour strings; ``None`` means "do not fill" or
"do not stroke". Every shape carries its own ``alpha`` (0 to 1).

>>> p = Recorder()
>>> p.rect(0, 0, 10, 10, fill="#8c6")
>>> p.text(5, 5, "A&B", size=8)
>>> [type(op).__name__ for op in p.ops]
['Rect', 'Text']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]

# Path commands, as in SVG: ("M", x, y), ("L", x, y), ("Q", cx, cy, x, y),
# ("C", c1x, c1y, c2x, c2y, x, y) and ("Z",) to close the current subpath.
PathCommand = tuple[str | float, ...]


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle of radius ``r`` around ``(cx, cy)``."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0


@dataclass(frozen=True, slots=True)
class Ellipse:
    """An ellipse with radii ``rx``, ``ry``, turned by ``angle`` degrees clockwise."""

    cx: float
    cy: float
    rx: float
    ry: float
    angle: float = 0.0
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0
    join: str = "round"


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open line through ``points``; ``cap`` and ``join`` as in SVG and the canvas API."""

    points: tuple[Point, ...]
    stroke: str = "#000"
    width: float = 1.0
    alpha: float = 1.0
    cap: str = "round"
    join: str = "round"
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Path:
    """A path of SVG-like commands (M, L, Q, C, Z), filled and/or stroked."""

    commands: tuple[PathCommand, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0
    cap: str = "round"
    join: str = "round"


@dataclass(frozen=True, slots=True)
class IconShape:
    """A vector picture: absolute path commands (M, L, Q, C, Z) in a ``box`` x ``box`` square.

    ``name`` is the icon's name in its set (e.g. ``"game-icons:meat"``); it identifies the shape, so
    two shapes are equal when their names are, and an SVG document defines each name once.
    """

    name: str
    commands: tuple[PathCommand, ...] = field(compare=False, repr=False)
    box: float = 512.0


@dataclass(frozen=True, slots=True)
class Icon:
    """An :class:`IconShape` drawn ``size`` pixels wide and high, centred on ``(cx, cy)``."""

    shape: IconShape
    cx: float
    cy: float
    size: float
    fill: str | None = "#000"
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text at ``(x, y)``.

    ``anchor`` is start, middle or end; ``baseline`` is middle, alphabetic, top or bottom. A
    ``halo`` colour draws an outline under the letters so text stays readable on any background.
    """

    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000"
    anchor: str = "middle"
    baseline: str = "middle"
    bold: bool = False
    family: str = "sans-serif"
    alpha: float = 1.0
    halo: str | None = None
    halo_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Save:
    """Remember the current transform and clip; undone by the matching :class:`Restore`."""


@dataclass(frozen=True, slots=True)
class Restore:
    """Go back to the transform and clip of the matching :class:`Save`."""


@dataclass(frozen=True, slots=True)
class Translate:
    dx: float
    dy: float


@dataclass(frozen=True, slots=True)
class Rotate:
    """Turn the coordinate system by ``degrees`` clockwise (y points down)."""

    degrees: float


@dataclass(frozen=True, slots=True)
class Scale:
    sx: float
    sy: float


@dataclass(frozen=True, slots=True)
class ClipRect:
    """Restrict later drawing to a rectangle, until the enclosing :class:`Restore`."""

    x: float
    y: float
    w: float
    h: float


Op = (Rect | Circle | Ellipse | Polygon | Polyline | Path | Icon | Text | Save | Restore | Translate
      | Rotate | Scale | ClipRect)


class Painter:
    """Builds drawing operations; subclasses decide what to do with each one in :meth:`add`."""

    def add(self, op: Op) -> None:
        raise NotImplementedError

    def extend(self, ops: Iterable[Op]) -> None:
        for op in ops:
            self.add(op)

    # shapes -------------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = 1.0, alpha: float = 1.0,
             dash: Sequence[float] = ()) -> None:
        self.add(Rect(x, y, w, h, fill, stroke, width, alpha, tuple(dash)))

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None,
               stroke: str | None = None, width: float = 1.0, alpha: float = 1.0) -> None:
        self.add(Circle(cx, cy, r, fill, stroke, width, alpha))

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, *, angle: float = 0.0,
                fill: str | None = None, stroke: str | None = None, width: float = 1.0,
                alpha: float = 1.0) -> None:
        self.add(Ellipse(cx, cy, rx, ry, angle, fill, stroke, width, alpha))

    def polygon(self, points: Iterable[Point], *, fill: str | None = None, stroke: str | None = None,
                width: float = 1.0, alpha: float = 1.0, join: str = "round") -> None:
        self.add(Polygon(_points(points), fill, stroke, width, alpha, join))

    def polyline(self, points: Iterable[Point], *, stroke: str = "#000", width: float = 1.0,
                 alpha: float = 1.0, cap: str = "round", join: str = "round",
                 dash: Sequence[float] = ()) -> None:
        self.add(Polyline(_points(points), stroke, width, alpha, cap, join, tuple(dash)))

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "#000",
             width: float = 1.0, alpha: float = 1.0, cap: str = "round") -> None:
        self.polyline(((x1, y1), (x2, y2)), stroke=stroke, width=width, alpha=alpha, cap=cap)

    def path(self, commands: Iterable[PathCommand], *, fill: str | None = None,
             stroke: str | None = None, width: float = 1.0, alpha: float = 1.0,
             cap: str = "round", join: str = "round") -> None:
        self.add(Path(tuple(tuple(c) for c in commands), fill, stroke, width, alpha, cap, join))

    def icon(self, shape: IconShape, cx: float, cy: float, size: float, *, fill: str | None = "#000",
             stroke: str | None = None, width: float = 1.0, alpha: float = 1.0) -> None:
        """Draw ``shape`` ``size`` pixels wide centred on ``(cx, cy)``; ``width`` is in pixels."""
        self.add(Icon(shape, cx, cy, size, fill, stroke, width, alpha))

    def text(self, x: float, y: float, text: str, *, size: float = 12.0, fill: str = "#000",
             anchor: str = "middle", baseline: str = "middle", bold: bool = False,
             family: str = "sans-serif", alpha: float = 1.0, halo: str | None = None,
             halo_width: float = 0.0) -> None:
        self.add(Text(x, y, str(text), size, fill, anchor, baseline, bold, family, alpha, halo,
                      halo_width))

    # state --------------------------------------------------------------------------------
    def save(self) -> None:
        self.add(Save())

    def restore(self) -> None:
        self.add(Restore())

    def translate(self, dx: float, dy: float) -> None:
        self.add(Translate(dx, dy))

    def rotate(self, degrees: float) -> None:
        self.add(Rotate(degrees))

    def scale(self, sx: float, sy: float | None = None) -> None:
        self.add(Scale(sx, sx if sy is None else sy))

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.add(ClipRect(x, y, w, h))


class Recorder(Painter):
    """A painter that keeps every operation, in order, in ``ops``."""

    def __init__(self) -> None:
        self.ops: list[Op] = []

    def add(self, op: Op) -> None:
        self.ops.append(op)

    def __len__(self) -> int:
        return len(self.ops)


def _points(points: Iterable[Point]) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in points)
