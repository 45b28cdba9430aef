"""Turn drawing operations into a standalone SVG document (the static fallback of every board).

>>> from widgetpkg.render.painter import Recorder
>>> p = Recorder()
>>> p.circle(5, 5, 4, fill="#36c")
>>> p.text(5, 5, "<3 & fish", size=3)
>>> print(to_svg(p.ops, 10, 10).splitlines()[1])
<circle cx="5" cy="5" r="4" fill="#36c"/>
>>> "&lt;3 &amp; fish" in to_svg(p.ops, 10, 10)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar
from xml.sax.saxutils import escape, quoteattr

from .painter import (
    Circle,
    ClipRect,
    Ellipse,
    Icon,
    IconShape,
    Op,
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

T = TypeVar("T")
_BASELINE = {"middle": "central", "alphabetic": "alphabetic", "top": "hanging", "bottom": "text-after-edge"}


def _n(value: float) -> str:
    """A number with at most two decimals and no trailing zeros (keeps documents small)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: str | None, width: float, alpha: float) -> str:
    parts = [f"fill={quoteattr(fill)}" if fill else 'fill="none"']
    if stroke:
        parts.append(f"stroke={quoteattr(stroke)} stroke-width=\"{_n(width)}\"")
    if alpha < 1:
        # fill and stroke each get the alpha, as on a canvas (not a group opacity)
        a = _n(alpha)
        parts.append(f'fill-opacity="{a}" stroke-opacity="{a}"' if fill and stroke else f'opacity="{a}"')
    return " ".join(parts)


def _line_style(cap: str, join: str, dash: tuple[float, ...] = ()) -> str:
    style = f'stroke-linecap="{cap}" stroke-linejoin="{join}"'
    if dash:
        style += f' stroke-dasharray="{" ".join(_n(d) for d in dash)}"'
    return style


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def path_data(commands: Iterable[tuple]) -> str:
    """SVG path data for painter path commands, e.g. ``M1 2 L3 4 Z``."""
    return " ".join(str(c[0]) + " ".join(_n(float(v)) for v in c[1:]) for c in commands)


def icon_id(shape: IconShape) -> str:
    """The id under which a document defines ``shape`` once (same name, same id, same path).

    >>> icon_id(IconShape("game-icons:stone-pile", ()))
    'wpi-game-icons-stone-pile'
    """
    return "wpi-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in shape.name)


def _icon_defs(ops: list[Op]) -> list[str]:
    """One ``<defs>`` holding the path of every icon the operations use, in order of first use."""
    shapes: dict[str, IconShape] = {}
    for op in ops:
        if type(op) is Icon and op.shape.name not in shapes:
            shapes[op.shape.name] = op.shape
    if not shapes:
        return []
    return [_defs(tuple(shapes.values()))]


@lru_cache(maxsize=16)
def _defs(shapes: tuple[IconShape, ...]) -> str:
    """The ``<defs>`` of a set of icons: a board draws the same few icons every time, and their
    outlines are most of the document's bytes, so the text is written once per set."""
    return "<defs>" + "".join(f'<path id="{icon_id(s)}" d="{s.data or path_data(s.commands)}"/>' for s in shapes) + \
        "</defs>"


def _use(op: Icon) -> str:
    """An icon placed with ``<use>``: its defined path moved and scaled into its box."""
    scale = op.size / op.shape.box
    x, y = op.cx - op.size / 2, op.cy - op.size / 2
    # the stroke is scaled with the path, so its width is given in the icon's own units
    paint = _paint(op.fill, op.stroke, op.width / scale if scale else op.width, op.alpha)
    return (f'<use href="#{icon_id(op.shape)}" transform="translate({_n(x)} {_n(y)}) scale({scale:.4g})" '
            f"{paint}/>")


def _element(op: Op) -> str:
    """The SVG element for one shape or text operation."""
    return _write(op)


class Memo:
    """What one board's pictures share from one drawing to the next: the text of each element
    (operations are frozen values, and equal operations write equal text) and whatever else the
    caller keeps by key (a placed piece's operations). What the last two drawings used stays and
    the rest goes at each :meth:`turn`, so the memory follows the board, not the length of the session.
    """

    def __init__(self) -> None:
        self._now: dict[object, object] = {}
        self._before: dict[object, object] = {}

    def get(self, key: object, make: Callable[[], T]) -> T:
        """The value kept under ``key``, made by ``make()`` the first time (and every time for a key
        that cannot be hashed)."""
        try:
            value = self._now.get(key)
        except TypeError:
            return make()
        if value is None:
            value = self._before.get(key)
            if value is None:
                value = make()
            self._now[key] = value
        return value  # type: ignore[return-value]

    def element(self, op: Op) -> str:
        try:
            text = self._now.get(op)
        except TypeError:           # an operation built by hand with a list inside
            return _write(op)
        if text is None:
            text = self._before.get(op)
            if text is None:
                text = _write(op)
            self._now[op] = text
        return text  # type: ignore[return-value]

    def turn(self) -> None:
        """One drawing done: what it did not use is forgotten at the next turn."""
        self._before, self._now = self._now, {}

    def __len__(self) -> int:
        return len(self._now) + len(self._before)


def _write(op: Op) -> str:
    if isinstance(op, Rect):
        dash = f' stroke-dasharray="{" ".join(_n(d) for d in op.dash)}"' if op.dash else ""
        return (f'<rect x="{_n(op.x)}" y="{_n(op.y)}" width="{_n(op.w)}" height="{_n(op.h)}" '
                f"{_paint(op.fill, op.stroke, op.width, op.alpha)}{dash}/>")
    if isinstance(op, Circle):
        return (f'<circle cx="{_n(op.cx)}" cy="{_n(op.cy)}" r="{_n(op.r)}" '
                f"{_paint(op.fill, op.stroke, op.width, op.alpha)}/>")
    if isinstance(op, Ellipse):
        turn = f' transform="rotate({_n(op.angle)} {_n(op.cx)} {_n(op.cy)})"' if op.angle else ""
        return (f'<ellipse cx="{_n(op.cx)}" cy="{_n(op.cy)}" rx="{_n(op.rx)}" ry="{_n(op.ry)}"{turn} '
                f"{_paint(op.fill, op.stroke, op.width, op.alpha)}/>")
    if isinstance(op, Polygon):
        return (f'<polygon points="{_pts(op.points)}" {_paint(op.fill, op.stroke, op.width, op.alpha)} '
                f'stroke-linejoin="{op.join}"/>')
    if isinstance(op, Polyline):
        return (f'<polyline points="{_pts(op.points)}" {_paint(None, op.stroke, op.width, op.alpha)} '
                f"{_line_style(op.cap, op.join, op.dash)}/>")
    if isinstance(op, Path):
        return (f'<path d="{path_data(op.commands)}" {_paint(op.fill, op.stroke, op.width, op.alpha)} '
                f"{_line_style(op.cap, op.join)}/>")
    if isinstance(op, Icon):
        return _use(op)
    if isinstance(op, Text):
        weight = ' font-weight="bold"' if op.bold else ""
        alpha = f' opacity="{_n(op.alpha)}"' if op.alpha < 1 else ""
        common = (f'x="{_n(op.x)}" y="{_n(op.y)}" font-size="{_n(op.size)}" font-family={quoteattr(op.family)}'
                  f'{weight}{alpha} text-anchor="{op.anchor}" '
                  f'dominant-baseline="{_BASELINE.get(op.baseline, "central")}"')
        text = f"<text {common} fill={quoteattr(op.fill)}>{escape(op.text)}</text>"
        if op.halo and op.halo_width > 0:
            # the outline as its own element under the letters (paint-order is not supported everywhere)
            halo = (f'<text {common} fill="none" stroke={quoteattr(op.halo)} stroke-width="{_n(op.halo_width)}" '
                    f'stroke-linejoin="round">{escape(op.text)}</text>')
            return halo + text
        return text
    raise TypeError(f"not a shape operation: {op!r}")


@lru_cache(maxsize=512)
def _repr(op: Op) -> str:
    return repr(op)


def _clip_prefix(ops: list[Op]) -> str:
    """An id prefix for clip paths, from the clips themselves.

    A notebook page inlines many SVGs, so ids must not clash between documents; deriving them
    from the clip rectangles keeps them distinct and the output repeatable (same ops, same text).
    """
    # the repr of the list of clips, written from each clip's remembered repr
    clips = ("[" + ", ".join([_repr(op) for op in ops if type(op) is ClipRect]) + "]").encode()
    return "wpc" + hashlib.sha1(clips).hexdigest()[:8] + "-"


#: operations that open or close groups rather than draw; every other operation is one element
_STRUCTURE = (Save, Restore, Translate, Rotate, Scale, ClipRect)


def svg_body(ops: Iterable[Op], memo: Memo | None = None) -> list[str]:
    """The SVG elements for ``ops`` (without the ``<svg>`` wrapper), one string per line; a ``memo``
    keeps the elements' text for the next drawing of the same board."""
    ops = list(ops)
    prefix = _clip_prefix(ops)
    clip_count = 0
    lines: list[str] = _icon_defs(ops)
    append = lines.append
    # How many <g> elements each Save level has opened; transforms and clips open one each.
    open_groups = [0]
    for op in ops:
        if type(op) not in _STRUCTURE:      # most operations: straight to their element
            append(_write(op) if memo is None else memo.element(op))
        elif isinstance(op, Save):
            open_groups.append(0)
        elif isinstance(op, Restore):
            if len(open_groups) == 1:
                raise ValueError("Restore without a matching Save")
            lines.extend("</g>" for _ in range(open_groups.pop()))
        elif isinstance(op, Translate):
            append(f'<g transform="translate({_n(op.dx)} {_n(op.dy)})">')
            open_groups[-1] += 1
        elif isinstance(op, Rotate):
            append(f'<g transform="rotate({_n(op.degrees)})">')
            open_groups[-1] += 1
        elif isinstance(op, Scale):
            append(f'<g transform="scale({_n(op.sx)} {_n(op.sy)})">')
            open_groups[-1] += 1
        elif isinstance(op, ClipRect):
            clip_count += 1
            clip = f"{prefix}{clip_count}"
            append(f'<clipPath id="{clip}"><rect x="{_n(op.x)}" y="{_n(op.y)}" '
                   f'width="{_n(op.w)}" height="{_n(op.h)}"/></clipPath>')
            append(f'<g clip-path="url(#{clip})">')
            open_groups[-1] += 1
    # Close whatever an unbalanced caller left open, so the document is always well formed.
    lines.extend("</g>" for _ in range(sum(open_groups)))
    return lines


def to_svg(ops: Iterable[Op], width: float, height: float, *, background: str | None = None,
           title: str | None = None, memo: Memo | None = None) -> str:
    """A complete SVG document of ``width`` x ``height`` pixels showing ``ops``."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}">')
    lines = [head]
    if title:
        lines.append(f"<title>{escape(title)}</title>")
    if background:
        lines.append(f'<rect width="100%" height="100%" fill={quoteattr(background)}/>')
    lines.extend(svg_body(ops, memo))
    lines.append("</svg>")
    return "\n".join(lines)
