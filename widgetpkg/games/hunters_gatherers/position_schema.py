"""What ``HuntersGatherers.edit()`` hands out (and ``set_position`` takes), declared: the shape of
a :class:`~.notation.Position` as JSON Schema over its plain form (``core.plain``). Shapes only;
the rules a position must keep (edges that match, each tile once, figures counted) are checked by
``notation.prepare_position``."""

from __future__ import annotations

from typing import Any

from ...core.edited import BOOLEAN, CELL_KEY, INTEGER, STRING, array, fixed, keyed, record

#: how many things of a kind a position may list (no real position comes near)
MAX_ITEMS = 2_000
FEATURE = {"type": "string", "pattern": r"^\w{1,40}$"}
CELL = fixed(INTEGER, INTEGER)
TILE_IDS = array(INTEGER, MAX_ITEMS)
ONE_LINE = {"type": "string", "pattern": r"^[^\x00-\x1f]*$", "maxLength": 2_000}


def position_schema(phases: tuple[str, ...], roles: tuple[str, ...]) -> dict[str, Any]:
    """The schema of a position (built once, as ``POSITION`` in ``notation``)."""
    return record("Position", {
        "players": array(STRING, MAX_ITEMS), "edition": STRING, "to_move": STRING, "extra_turn": BOOLEAN,
        "scores": keyed(INTEGER, max_items=MAX_ITEMS),
        "supply": keyed(record("PlayerSupply", {"meeples": INTEGER, "huts": INTEGER}), max_items=MAX_ITEMS),
        "tiles": keyed(fixed(INTEGER, INTEGER), keys=CELL_KEY, max_items=MAX_ITEMS),
        "figures": array(fixed(STRING, {"enum": list(roles)}, INTEGER, INTEGER, FEATURE), MAX_ITEMS),
        "covered": array(fixed(INTEGER, INTEGER, FEATURE), MAX_ITEMS),
        "hand": {"anyOf": [{"type": "null"}, INTEGER]}, "next_tiles": TILE_IDS, "removed": TILE_IDS,
        "tileset": {"anyOf": [{"type": "null"}, ONE_LINE]},
        "rules": keyed(BOOLEAN, keys={"pattern": r"^[A-Za-z_]\w*$", "description": "a switch name"}, max_items=MAX_ITEMS),
        "phase": {"enum": list(phases)}, "placed": array(CELL, MAX_ITEMS),
    })
