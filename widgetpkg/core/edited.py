"""Edited state as JSON-shaped data, so that a JSON Schema (``core.schema.check``) can check its shape.

A game's ``edit()`` hands out plain Python data (dataclasses, dicts keyed by tuples such as board
cells); a cell may put anything into it. :func:`jsonable` turns what is there into JSON-shaped
data, keeping every difference a schema must see:

- a dataclass becomes an object of its fields and ``"<class>": its name`` (no dict key reads
  ``"<class>"``, so a dict in its place is told apart), a list or tuple a list;
- dict keys become strings: a tuple ``(2, 1)`` is ``"(2, 1)"``, ``("hunt", "Red")`` is
  ``'("hunt", "Red")'``, an int ``3`` is ``"3"``; a string key that could be read as one of
  these gets a leading ``'`` (so ``"3"`` as a string is ``"'3"``, and no pattern for numbers or
  cells takes it); ``TEXT_KEY`` takes string keys only;
- a list or dict longer than ``MAX_ITEMS`` is cut to ``MAX_ITEMS + 1`` items;
- anything else (a set, bytes, a key of another type, data nested past ``MAX_DEPTH`` such as a
  list holding itself) is left for ``core.schema.plain`` to refuse by name and path.

>>> jsonable({(2, 1): (56, 0), "3": 1.5, 3: None})
{'(2, 1)': [56, 0], "'3": 1.5, '3': None}
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from typing import Any

#: deeper than any edited state; a self-holding list stops here
MAX_DEPTH = 12
#: no schema here takes more items than this in one list or dict: longer ones are cut to one more
#: (enough to fail ``maxItems``), so that a million entries are refused as fast as a few thousand
MAX_ITEMS = 2_000
#: the key naming a dataclass's class in its plain form
CLASS = "<class>"
_AMBIGUOUS = re.compile(r"-?\d+|[(<'].*", re.DOTALL)


class NestedTooDeep:
    """Stands for data nested past ``MAX_DEPTH``: no schema check takes it."""


def jsonable(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-shaped data (see the module docstring); never raises."""
    if value is None or type(value) in (bool, int, str, float):
        return value
    if depth >= MAX_DEPTH:
        return NestedTooDeep()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: jsonable(getattr(value, f.name, None), depth + 1) for f in dataclasses.fields(value)}
        return {CLASS: type(value).__name__, **fields}
    if isinstance(value, dict):
        return {json_key(k): jsonable(v, depth + 1) for k, v in itertools.islice(value.items(), MAX_ITEMS + 1)}
    if isinstance(value, (list, tuple)):
        return [jsonable(v, depth + 1) for v in value[:MAX_ITEMS + 1]]
    return value


def json_key(key: Any) -> Any:
    """A dict key as a string that tells its kind (see the module docstring); other keys as they are."""
    if type(key) is str:
        return "'" + key if _AMBIGUOUS.fullmatch(key) else key
    if type(key) is int and abs(key) < 10**18:
        return str(key)
    if type(key) is tuple and all(type(part) is str or (type(part) is int and abs(part) < 10**18) for part in key):
        return "(" + ", ".join(str(part) if type(part) is int else json.dumps(part, ensure_ascii=False)
                               for part in key) + ")"
    return key


#: patterns for keys written by :func:`json_key`
INT_KEY = {"pattern": r"^-?[0-9]{1,9}$", "description": "a whole number"}
CELL_KEY = {"pattern": r"^\(-?[0-9]{1,9}, -?[0-9]{1,9}\)$", "description": "a cell (x, y)"}
STRING_PAIR_KEY = {"pattern": r'^\("(?:[^"\\]|\\.)*", "(?:[^"\\]|\\.)*"\)$', "description": "a pair of names"}
#: a string key (not one that :func:`json_key` wrote for a number, a tuple or another type)
TEXT_KEY = {"not": {"pattern": r"^(-?[0-9]+$|[(<])"}, "description": "text"}


# -- schema pieces for plain data (draft-07 JSON Schema, small enough to read as a declaration) ----------
#: position texts write at most 9 digits
INTEGER: dict[str, Any] = {"type": "integer", "minimum": -999_999_999, "maximum": 999_999_999}
STRING: dict[str, Any] = {"type": "string", "maxLength": 2_000}
BOOLEAN: dict[str, Any] = {"type": "boolean"}


def array(item: dict[str, Any], max_items: int = MAX_ITEMS) -> dict[str, Any]:
    """A list of ``item``s."""
    return {"type": "array", "items": item, "maxItems": max_items}


def fixed(*items: dict[str, Any]) -> dict[str, Any]:
    """A tuple of exactly these items, in order."""
    return {"type": "array", "items": list(items), "minItems": len(items), "maxItems": len(items),
            "additionalItems": False}


def record(kind: str, fields: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The dataclass ``kind`` with exactly these fields (none may go, none may be added)."""
    return {"type": "object", "properties": {CLASS: {"const": kind}, **fields}, "required": [CLASS, *fields],
            "additionalProperties": False}


def keyed(value: dict[str, Any], *, keys: dict[str, Any] | None = None, names: Any = None,
          max_items: int = MAX_ITEMS) -> dict[str, Any]:
    """A dict of ``value``s: keys matching the schema ``keys`` (text keys by default), or exactly the ``names``."""
    schema: dict[str, Any] = {"type": "object", "additionalProperties": value, "maxProperties": max_items}
    if names is not None:
        wanted = [json_key(n) for n in names]
        schema.update(propertyNames={"enum": wanted}, required=wanted)
    else:
        schema["propertyNames"] = keys or TEXT_KEY
    return schema
