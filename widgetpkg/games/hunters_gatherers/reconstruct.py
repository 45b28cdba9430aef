"""How the classic (2002) tile set is reconstructed from the exact 2020 tile set.

No per-tile list of the classic tiles is public, so ``data/tiles-classic.yaml`` is *derived*:
the 2020 geometry (edges, forests, rivers, lakes, meadows) with the classic vocabulary. Every
tile keeps the id of the 2020 tile it comes from. ``python -m widgetpkg.games.hunters_gatherers.reconstruct``
rewrites the file; a test checks that the shipped file is exactly what this module produces.

The rules of the derivation (each a documented guess, see docs/tileset-format.md):

- start tile: the volcano tile as read from the classic rulebook pictures: the 2020 start tile's
  layout with a mammoth instead of the aurochs and a gold nugget instead of the menhir;
- the 78 land tiles: the 78 regular 2020 tiles; menhirs become gold nuggets; aurochs (not on
  classic land tiles) become mammoths, which score the same under classic rules (2 points, never
  eaten by tigers); fish in river segments are dropped (classic rivers have fish only in lakes);
  a river ending inside a tile is a spring;
- the 12 bonus tiles: the eleven 2020 menhir tiles without a 2020-only power (logboat, raft,
  shaman, hunting trap, pit trap), keeping their aurochs, mushrooms, fish and the fire, with no
  gold (bonus tiles never chain); plus the sacred shrine, drawn on tile 94's layout with a tiger
  in its meadow as in the rulebook picture.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from .tiles import SIDES

_2020_ONLY_POWERS = {"logboat", "raft", "shaman", "hunting_trap", "pit_trap"}
SHRINE_FROM = 94

HEADER = """\
# Carcassonne: Hunters and Gatherers, classic 2002 edition: a RECONSTRUCTED tile set.
# No per-tile list of the classic tiles is public (shared/data/SOURCES.md). This file is DERIVED from the
# exact 2020 tile set (tiles-2020.yaml) by widgetpkg/games/hunters_gatherers/reconstruct.py, which explains
# every step; do not edit it by hand. Totals are the classic ones (79 land tiles incl. the volcano start tile,
# 78 to shuffle, 12 bonus tiles), the layouts are the 2020 ones, and each tile keeps the id of the 2020 tile it
# comes from. What is known of the real classic tiles (shared/data/hunters-gatherers-classic-known.yaml):
# the start tile (medium confidence) and four bonus tiles (low confidence); both are used below.
# A player who owns the classic game can load an exact set in this format: tileset="path/to/file.yaml".
#
# Derivation: start tile = 2020 tile 56 with a mammoth for the aurochs and a gold nugget for the menhir;
# land tiles = the 78 regular 2020 tiles, menhir -> gold nugget, aurochs -> mammoth (same classic value, never
# eaten by tigers), no fish in river segments, a river ending inside a tile is a spring (end_inside);
# bonus tiles = the 2020 menhir tiles without 2020-only powers (no gold nuggets on bonus tiles) plus the sacred
# shrine on tile 94's layout with a tiger.
"""


def _feature(raw: dict[str, Any], *, land: bool) -> dict[str, Any]:
    f = dict(raw)
    if f["type"] == "forest":
        if f.get("kind") == "menhir":
            f["kind"] = "gold" if land else "plain"
        if land and f.get("kind") == "mushrooms":
            f["kind"] = "plain"
    if f["type"] == "river":
        f["fish"] = 0
    if f["type"] == "meadow" and land:
        f["animals"] = ["mammoth" if a == "aurochs" else a for a in f.get("animals", [])]
    return f


def classic_tiles(source: dict[str, Any]) -> list[dict[str, Any]]:
    """The reconstructed classic tiles from the parsed 2020 tile file."""
    tiles = []
    for raw in source["tiles"]:
        kind = raw["kind"]
        if kind == "menhir":
            if raw["id"] == SHRINE_FROM:
                tiles.append(_shrine(raw))
                continue
            if any(f.get("special") in _2020_ONLY_POWERS for f in raw["features"]):
                continue
            kind = "bonus"
        land = kind != "bonus"
        tile = {"id": raw["id"], "kind": kind, "edges": dict(raw["edges"]),
                "features": [_feature(f, land=land) for f in raw["features"]]}
        tiles.append(tile)
    return tiles


def _shrine(raw: dict[str, Any]) -> dict[str, Any]:
    features = []
    for f in raw["features"]:
        f = _feature(f, land=False)
        if f["type"] == "meadow":
            f = {**f, "animals": ["tiger"], "special": "shrine"}
        features.append(f)
    return {"id": raw["id"], "kind": "bonus", "edges": dict(raw["edges"]), "features": features}


def _flow(value: Any) -> str:
    return yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=200).strip()


def classic_yaml() -> str:
    """The text of data/tiles-classic.yaml."""
    source = yaml.safe_load((resources.files(__package__) / "data" / "tiles-2020.yaml").read_text("utf-8"))
    tiles = classic_tiles(source)
    counts = {k: sum(t["kind"] == k for t in tiles) for k in ("start", "normal", "bonus")}
    totals = ", ".join(f"{k}: {v}" for k, v in {"tiles": len(tiles), **counts}.items())
    lines = [HEADER, "edition: hunters_and_gatherers_classic_reconstructed", f"totals: {{{totals}}}", "tiles:"]
    for t in tiles:
        lines.append(f"  - id: {t['id']}")
        lines.append(f"    kind: {t['kind']}")
        edges = ", ".join(f"{side}: {t['edges'][side]}" for side in SIDES)
        lines.append(f"    edges: {{{edges}}}")
        lines.append("    features:")
        lines.extend(f"      - {_flow(f)}" for f in t["features"])
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    target = Path(__file__).parent / "data" / "tiles-classic.yaml"
    target.write_text(classic_yaml(), "utf-8")
    print(f"wrote {target}")
