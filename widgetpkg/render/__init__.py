"""The painter interface: games draw to a painter; the same operations become SVG or canvas commands.

>>> p = Recorder()
>>> p.rect(0, 0, 20, 10, fill="#9c6")
>>> to_svg(p.ops, 20, 10).startswith("<svg")
True
"""

from .canvas import CanvasPainter, replay
from .painter import (
                      Circle,
                      ClipRect,
                      Ellipse,
                      Icon,
                      IconShape,
                      Op,
                      Painter,
                      Path,
                      PathCommand,
                      Point,
                      Polygon,
                      Polyline,
                      Recorder,
                      Rect,
                      Restore,
                      Rotate,
                      Save,
                      Scale,
                      Text,
                      Translate,
)
from .svg import svg_body, to_svg

__all__ = [
    "CanvasPainter", "Circle", "ClipRect", "Ellipse", "Icon", "IconShape", "Op", "Painter", "Path", "PathCommand", "Point",
    "Polygon", "Polyline", "Recorder", "Rect", "Restore", "Rotate", "Save", "Scale", "Text",
    "Translate", "replay", "svg_body", "to_svg",
]
