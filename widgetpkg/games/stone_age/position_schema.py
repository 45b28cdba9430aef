"""What ``StoneAge.edit()`` hands out, declared: the shape of a :class:`~.notation.Position` as
JSON Schema over its plain form (``core.plain``). Shapes only; the rules a position must keep
(cards once, people counted, faces 1-6) are checked by ``notation._check``."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.edited import BOOLEAN, INTEGER, STRING, STRING_PAIR_KEY, array, fixed, keyed, record
from .data import RESOURCES
from .notation import PHASES

INTEGERS = array(INTEGER, 100)
NAMES = array(STRING, 4)
QUEUE = array(fixed(STRING, INTEGER), 10)  # (player, die) rewards still to take

PLAYER = record("PlayerState", {
    "score": INTEGER, "food": INTEGER, "resources": keyed(INTEGER, names=RESOURCES),
    "people": INTEGER, "agriculture": INTEGER, "tools": INTEGER, "home": INTEGER,
    "used_tools": INTEGERS, "one_use_tools": INTEGERS, "vouchers": INTEGERS,
    "cards": array(STRING, 200), "buildings": array(STRING, 200), "igloos": INTEGERS, "at_animal": INTEGER,
})

#: the step in progress, by its kind (the first item); an empty list when there is none
PENDING_STEPS: dict[str, dict[str, Any]] = {
    "tools": fixed({"const": "tools"}, STRING, STRING, STRING, INTEGERS, INTEGER),
    "pay": fixed({"const": "pay"}, STRING),
    "dice_for_all": fixed({"const": "dice_for_all"}, STRING, INTEGERS, INTEGER),
    "animal_rewards": fixed({"const": "animal_rewards"}, QUEUE),
    "choose_resources": fixed({"const": "choose_resources"}, STRING, INTEGER,
                              {"anyOf": [{"const": "resolution"}, fixed({"const": "animal_rewards"}, QUEUE)]}),
    "feeding": fixed({"const": "feeding"}, STRING, INTEGER, NAMES),
}
PENDING = {
    "type": "array", "items": [{"enum": list(PENDING_STEPS)}],
    "allOf": [{"if": {"minItems": 1, "items": [{"const": kind}]}, "then": step} for kind, step in PENDING_STEPS.items()],
}


@lru_cache(maxsize=32)
def position_schema(players: tuple[str, ...]) -> dict[str, Any]:
    """The schema of an edited position of a game with these players (one object per player list)."""
    return record("Position", {
        "player_names": {"const": list(players)}, "season": STRING, "variants": keyed(BOOLEAN, max_items=10),
        "data": {}, "voucher_timing": STRING, "round": INTEGER, "start_player": STRING, "phase": {"enum": list(PHASES)},
        "to_move": STRING, "turns": INTEGER, "players": keyed(PLAYER, names=players),
        "display": array({"type": ["string", "null"], "maxLength": 100}, 10), "deck": array(STRING),
        "stacks": keyed(array(STRING, 100), keys={"pattern": r"^[0-9]{1,2}$"}, max_items=10),
        "placed": keyed(INTEGER, keys=STRING_PAIR_KEY),
        "animal": {"type": ["string", "null"], "maxLength": 100}, "waiting_animals": array(STRING, 100),
        "last_round": BOOLEAN, "next_dice": INTEGERS, "pending": PENDING,
    })
