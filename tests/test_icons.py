"""Icons: the subset files, their extraction from the icon set's npm file, and both painter backends."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from widgetpkg.render import CanvasPainter, Recorder, replay, to_svg
from widgetpkg.render.icons import (
    IconError,
    IconSubset,
    credits,
    credits_text,
    extract,
    icons_of,
    main,
    normalise,
    parse_path,
)

SVG = "{http://www.w3.org/2000/svg}"
SQUARE = IconSubset({"square": "M0 0 L512 0 L512 512 L0 512 Z"})


def test_normalise_makes_relative_shorthand_and_arcs_absolute_curves() -> None:
    data = normalise("m10 10h5v5a3 3 0 0 1 3 3s1 1 2 2t3 3z")
    commands = parse_path(data)
    assert {c[0] for c in commands} <= {"M", "L", "Q", "C", "Z"}
    assert commands[:3] == (("M", 10, 10), ("L", 15, 10), ("L", 15, 15))
    arc_end = next(i for i, c in enumerate(commands) if c[-2:] == (18, 18))
    assert arc_end >= 3 and all(c[0] == "C" for c in commands[3:arc_end + 1])   # the arc, as curves
    assert commands[-1] == ("Z",)


def test_parse_path_refuses_commands_the_painter_cannot_draw() -> None:
    with pytest.raises(IconError, match="only M, L, Q, C, Z"):
        parse_path("M0 0 A 1 1 0 0 1 2 2")


def test_extract_copies_named_icons_and_keeps_the_others(tmp_path) -> None:
    npm = tmp_path / "icons.json"
    npm.write_text(json.dumps({"prefix": "game-icons", "icons": {
        "rock": {"body": '<path fill="currentColor" d="M0 0h10v10H0z"/>'},
        "tree": {"body": '<path fill="currentColor" d="M5 0l5 10H0z"/>'}},
        "aliases": {"stone": {"parent": "rock"}}}))
    subset = tmp_path / "sub" / "icons.json"
    subset.parent.mkdir()
    assert extract(npm, subset, ["rock"]) == ["rock"]
    assert extract(npm, subset, ["tree", "stone"]) == ["tree", "stone"]
    icons = json.loads(subset.read_text())["icons"]
    assert icons == {"rock": "M0 0 L10 0 L10 10 L0 10 Z", "stone": icons["rock"], "tree": "M5 0 L10 10 L0 10 Z"}
    before = subset.read_text()
    with pytest.raises(IconError, match="no icon 'moon'"):
        extract(npm, subset, ["moon"])
    assert subset.read_text() == before
    assert main(["extract", str(npm), str(subset), "moon"]) == 2


def test_a_missing_icon_says_how_to_add_it() -> None:
    with pytest.raises(IconError, match="extract"):
        SQUARE["circle"]


def test_svg_defines_each_icon_once_and_places_it_with_use() -> None:
    p = Recorder()
    for x in (10, 30, 50):
        p.icon(SQUARE["square"], x, 10, 16, fill="#c00", stroke="#000", width=2)
    root = ET.fromstring(to_svg(p.ops, 60, 20))
    defined = root.findall(f"{SVG}defs/{SVG}path")
    uses = root.findall(f"{SVG}use")
    assert len(defined) == 1 and len(uses) == 3
    assert all(u.get("href") == "#" + defined[0].get("id") for u in uses)
    first = uses[0]
    assert first.get("transform") == "translate(2 2) scale(0.03125)"
    assert float(first.get("stroke-width")) == pytest.approx(2 / 0.03125)   # 2 px after scaling


class FakeContext:
    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(("set", name, value))

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, *args))


def test_canvas_draws_an_icon_scaled_into_its_box() -> None:
    ctx = FakeContext()
    CanvasPainter(ctx).icon(SQUARE["square"], 20, 20, 32, fill="#0a0")
    names = [c[0] for c in ctx.calls if c[0] != "set"]
    assert names[:4] == ["save", "translate", "scale", "begin_path"] and names[-2:] == ["fill", "restore"]
    assert ("translate", 4.0, 4.0) in ctx.calls and ("scale", 0.0625, 0.0625) in ctx.calls


def test_ipycanvas_gets_one_shared_path_per_icon() -> None:
    ipycanvas = pytest.importorskip("ipycanvas")
    canvas = ipycanvas.Canvas(width=40, height=40)
    manager = canvas._canvas_manager
    sent: list[Any] = []
    original = manager._send_custom
    manager._send_custom = lambda command, buffers=[]: sent.append(command)
    try:
        rec = Recorder()
        rec.icon(SQUARE["square"], 10, 10, 16)
        rec.icon(SQUARE["square"], 30, 10, 16)
        replay(rec.ops, canvas)
    finally:
        manager._send_custom = original
    from ipycanvas.canvas import COMMANDS
    codes = [c[0] for c in sent[0] if isinstance(c, list) and c]
    assert codes.count(COMMANDS["fillPath"]) == 2 and COMMANDS["moveTo"] not in codes


def test_every_game_subset_loads_and_is_credited() -> None:
    found = credits()
    assert found, "at least one game draws icons"
    for package, names in found.items():
        subset = icons_of(f"widgetpkg.games.{package}")
        assert subset.names() == names
        for name in names:
            assert subset[name].commands[0][0] == "M"
    text = credits_text()
    assert "game-icons.net" in text and "CC BY 3.0" in text
    assert all(name in text for names in found.values() for name in names)
