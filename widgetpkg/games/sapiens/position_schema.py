"""What ``Sapiens.edit()`` hands out, declared: the shape of a :class:`~.notation.Position` as
JSON Schema over its plain form (``core.plain``). Shapes only; the rules a position must keep
(a tile in one place, tokens dealt once, squares covered once) are checked by ``notation._build``."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.edited import CELL_KEY, INT_KEY, INTEGER, STRING, array, fixed, keyed, record
from .notation import FLAGS, PHASES

INTEGERS = array(INTEGER, 200)
STRINGS = array(STRING, 20)
#: a square of a valley -> a scene (tokens) or the player who put a bear there
BY_SQUARE = keyed(STRING, keys=CELL_KEY, max_items=100)
LAID = fixed(INTEGER, INTEGER, INTEGER, INTEGER, INTEGER)  # tile, x, y, rotation, tribe


@lru_cache(maxsize=32)
def position_schema(players: tuple[str, ...]) -> dict[str, Any]:
    """The schema of an edited position of a game with these players (one object per player list)."""
    def each(value: dict[str, Any]) -> dict[str, Any]:
        return keyed(value, names=players)

    return record("Position", {
        "players": {"const": list(players)}, "components": STRING,
        "rules": keyed({"type": ["boolean", "string"], "maxLength": 40}, max_items=20),
        "to_move": STRING, "phase": {"enum": list(PHASES)}, "turns_ended": INTEGER, "turns_played": each(INTEGER),
        "flags": array({"enum": list(FLAGS)}, len(FLAGS)), "pending": STRINGS, "origin": STRING,
        "held": {"anyOf": [{"type": "null"}, fixed(STRING, INTEGER, INTEGER, INTEGER, INTEGER)]},
        "food": each(INTEGER), "shelter": each(INTEGER), "steaks": each(INTEGER),
        "valleys": each(fixed(STRING, STRING)), "tribe": each(INTEGER), "tiles": each(array(LAID, 200)),
        "tokens": each(BY_SQUARE), "hand": each(STRINGS), "used": each(STRINGS), "removed_tokens": each(STRINGS),
        # a valley with no bears may be left out (the scenario helpers of rulebook tests do)
        "bears": keyed(BY_SQUARE, keys={"enum": list(players)}), "pools": keyed(INTEGERS, names=(*players, "common")),
        "fight": keyed(STRINGS, keys=INT_KEY, max_items=200),
        "discarded": INTEGERS, "out": array(STRING, len(players)), "stack": INTEGER, "next_tiles": INTEGERS,
    })
