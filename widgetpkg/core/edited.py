"""Edited state as JSON-shaped data, so that a JSON Schema (``core.schema.check``) can check its shape.

A game's ``edit()`` hands out plain Python data (dataclasses, dicts keyed by tuples such as board
cells); a cell may put anything into it. :func:`jsonable` turns whatever is there into JSON-shaped
data without failing, keeping every difference a schema must see:

- a dataclass becomes an object of its fields and ``"<class>": its name`` (no dict key reads
  ``"<class>"``, so a dict in its place is told apart), a list or tuple an array;
- dict keys become strings: a tuple ``(2, 1)`` is ``"(2, 1)"``, ``("hunt", "Red")`` is
  ``'("hunt", "Red")'``, an int ``3`` is ``"3"``; a string key that could be read as one of
  these gets a leading ``'`` (so ``"3"`` as a string is ``"'3"``, and no pattern for numbers or
  cells takes it), any other key type is ``"<type>"``;
- a float (JSON Schema would take ``1.0`` for the integer ``1``) and any other object become a
  string naming their type, which no integer, array or object schema accepts;
- data nested deeper than ``MAX_DEPTH`` (a list holding itself) becomes ``"<too deep>"``.

>>> jsonable({(2, 1): (56, 0), "3": 1.5, 3: None})
{'(2, 1)': [56, 0], "'3": '<float 1.5>', '3': None}
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

#: deeper than any edited state; a self-holding list stops here
MAX_DEPTH = 12
#: the key naming a dataclass's class in its plain form
CLASS = "<class>"
_AMBIGUOUS = re.compile(r"-?\d+|[(<'].*", re.DOTALL)


def jsonable(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-shaped data (see the module docstring); never raises."""
    if value is None or type(value) in (bool, int, str):
        return value
    if depth >= MAX_DEPTH:
        return "<too deep>"
    if type(value) is float:
        return f"<float {value!r}>"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: jsonable(getattr(value, f.name, None), depth + 1) for f in dataclasses.fields(value)}
        return {CLASS: type(value).__name__, **fields}
    if isinstance(value, dict):
        return {json_key(k): jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v, depth + 1) for v in value]
    return f"<{type(value).__name__}>"


def json_key(key: Any) -> str:
    """A dict key as a string that tells its kind (see the module docstring)."""
    if type(key) is str:
        return "'" + key if _AMBIGUOUS.fullmatch(key) else key
    if type(key) is int:
        return str(key) if abs(key) < 10**18 else "<int>"
    if type(key) is tuple:
        return "(" + ", ".join(_key_part(part) for part in key) + ")"
    return f"<{type(key).__name__}>"


def _key_part(part: Any) -> str:
    if type(part) is int:
        return str(part) if abs(part) < 10**18 else "<int>"
    if type(part) is str:
        return json.dumps(part, ensure_ascii=False)
    return f"<{type(part).__name__}>"


#: patterns for keys written by :func:`json_key`
INT_KEY = r"^-?[0-9]{1,9}$"
CELL_KEY = r"^\(-?[0-9]{1,9}, -?[0-9]{1,9}\)$"
STRING_PAIR_KEY = r'^\("(?:[^"\\]|\\.)*", "(?:[^"\\]|\\.)*"\)$'


# -- schema pieces for plain data (draft-07 JSON Schema, small enough to read as a declaration) ----------
#: position texts write at most 9 digits
INTEGER: dict[str, Any] = {"type": "integer", "minimum": -999_999_999, "maximum": 999_999_999}
STRING: dict[str, Any] = {"type": "string", "maxLength": 2_000}
BOOLEAN: dict[str, Any] = {"type": "boolean"}


def array(item: dict[str, Any], max_items: int = 2_000) -> dict[str, Any]:
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
          max_items: int = 2_000) -> dict[str, Any]:
    """A dict of ``value``s: keys matching the schema ``keys``, or exactly the (plain) ``names``."""
    schema: dict[str, Any] = {"type": "object", "additionalProperties": value, "maxProperties": max_items}
    if names is not None:
        wanted = [json_key(n) for n in names]
        schema.update(propertyNames={"enum": wanted}, required=wanted)
    elif keys is not None:
        schema["propertyNames"] = keys
    return schema
