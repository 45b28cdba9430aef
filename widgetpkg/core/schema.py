"""The validation layer: plain data, checked against a JSON Schema, with short errors that name the path.

Every data file, save and structured option passes through here before game code sees it.
:func:`plain` turns a value into plain JSON-like data or refuses it (tuples, sets, bytes, NaN,
huge integers, objects, nesting past a limit: all by name, never a crash); :func:`check` then
validates it with a JSON Schema (fastjsonschema, compiled on first use and cached; see
docs/validation.md for why) and turns the first problem into one short sentence:

>>> schema = {"type": "object", "properties": {"penalty": {"type": "integer"}}, "additionalProperties": False}
>>> check(schema, {"penalty": None}, what="Stone Age data")
Traceback (most recent call last):
...
widgetpkg.core.errors.InvalidOptionError: Stone Age data: penalty: expected an integer, got null
>>> check(schema, {"penalty": (1, 2)}, what="Stone Age data")
Traceback (most recent call last):
...
widgetpkg.core.errors.InvalidOptionError: Stone Age data: penalty: expected plain data (text, numbers, true/false, null, lists and mappings), got a tuple
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from .errors import InvalidOptionError, WidgetpkgError, clip, shorten

#: deeper data is refused before any recursive code (a validator, json.dumps) sees it
MAX_DEPTH = 64
#: integers beyond 64 bits are no count, id or seed of any game (and 5,000 digits cannot be printed)
MAX_INT = 2**64
#: values in one piece of data: a real tile set has about 10,000, a long saved game as many
MAX_NODES = 250_000
_JSON_NAMES = {"object": "a mapping", "array": "a list", "string": "text", "integer": "an integer",
               "number": "a number", "boolean": "true or false", "null": "null"}


def plain(value: Any, *, what: str, error: type[WidgetpkgError] = InvalidOptionError,
          max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES) -> Any:
    """A deep copy of ``value`` as plain JSON data (dicts with string keys, lists, str, int,
    finite float, bool, None), or ``error`` naming the path of the first thing that is not.

    Integer keys become strings (YAML's ``1:`` and JSON's ``"1":`` mean the same); tuples, sets,
    bytes, dates, NaN, integers past 64 bits and other objects are refused, and so is data
    deeper than ``max_depth`` or of more than ``max_nodes`` values. Iterative: any depth gives
    an error, never a RecursionError.
    """
    root: list[Any] = [None]
    # (value, container to put the copy in, key or index there, where: (parent's where, key), depth)
    stack: list[tuple[Any, Any, Any, Any, int]] = [(value, root, 0, None, 0)]
    nodes = 0
    while stack:
        item, parent, slot, where, depth = stack.pop()
        if type(item) is dict or isinstance(item, dict):
            copy: Any = {}
            for key in item:
                if isinstance(key, int) and not isinstance(key, bool) and abs(key) < MAX_INT:
                    copy[str(key)] = None  # the keys in their order, filled below
                elif isinstance(key, str):
                    copy[key] = None
                else:
                    raise error(_where(what, _path_of(where)) + f"a mapping's keys are text, got {_describe(key)}")
            if len(copy) != len(item):  # 1 and "1" both: one would overwrite the other
                raise error(_where(what, _path_of(where)) + "a key given both as a number and as text")
            children: Any = zip(copy, item.values())
        elif type(item) is list or isinstance(item, list):
            copy = [None] * len(item)
            children = enumerate(item)
        else:
            parent[slot] = _scalar(item, what, where, error)
            continue
        if depth >= max_depth:
            raise error(_where(what, _path_of(where)) + f"nested more than {max_depth} levels deep")
        nodes += len(copy)
        if nodes > max_nodes:
            raise error(f"{what}: more than {max_nodes:,} values")
        parent[slot] = copy
        for key, child in children:
            kind = type(child)
            if kind is str or kind is bool or child is None:  # the common case, without a round trip
                copy[key] = child
            else:
                stack.append((child, copy, key, (where, key), depth + 1))
    return root[0]


def _path_of(where: Any) -> str:
    """``(((None, "a"), 0), "b")`` -> ``a[0].b``: built only for an error message."""
    keys = []
    while where is not None:
        where, key = where
        keys.append(key)
    path = ""
    for key in reversed(keys):
        path = _join(path, key)
    return path


def _scalar(item: Any, what: str, where: Any, error: type[WidgetpkgError]) -> Any:
    if item is None or isinstance(item, (str, bool)):
        return item
    if isinstance(item, int):
        if abs(item) >= MAX_INT:
            raise error(_where(what, _path_of(where)) + "an integer too large (more than 64 bits)")
        return int(item)  # an int subclass (an IntEnum, numpy's) becomes a plain int
    if isinstance(item, float):
        if not math.isfinite(item):
            raise error(_where(what, _path_of(where)) + f"expected a finite number, got {item}")
        return float(item)
    raise error(_where(what, _path_of(where)) + "expected plain data (text, numbers, true/false, null, lists and mappings), "
                f"got {_describe(item)}")


def _join(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    name = key if key.isidentifier() else shorten(key, 30)
    return f"{path}.{name}" if path else name


def _where(what: str, path: str) -> str:
    if len(path) > 80:  # a path 64 levels deep: its end says where
        path = "..." + path[-77:]
    return f"{what}: {path}: " if path else f"{what}: "


def _describe(value: Any) -> str:
    """What a value is, in a few words: ``null``, ``the text 'x'``, ``a list``, ``a tuple``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {shorten(value, 40)}"
    if isinstance(value, int):
        return shorten(value, 40) if abs(value) < 10**40 else "a very large integer"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


# -- JSON Schema ---------------------------------------------------------------------------------

#: compiled validators by the identity of their schema (kept alive here, so an id is never reused)
_compiled: dict[int, tuple[Mapping[str, Any], Any]] = {}


def _validator(schema: Mapping[str, Any]) -> Any:
    known = _compiled.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    import fastjsonschema  # imported on first use: importing widgetpkg or a game must not pay for it

    validate = fastjsonschema.compile(dict(schema), use_default=False, detailed_exceptions=True)
    _compiled[id(schema)] = (schema, validate)
    return validate


def check(schema: Mapping[str, Any], value: Any, *, what: str,
          error: type[WidgetpkgError] = InvalidOptionError) -> None:
    """Validate ``value`` against the JSON Schema ``schema``; on the first problem raise
    ``error`` with ``what``, the path and what was expected (every echo clipped)."""
    data = plain(value, what=what, error=error)  # not JSON at all: said plainly, before the validator
    import fastjsonschema

    try:
        _validator(schema)(data)
    except fastjsonschema.JsonSchemaValueException as problem:
        raise error(clip(_where(what, _path(problem.name)) + _explain(problem), 300)) from None


def _path(name: str | None) -> str:
    """``data.wild_animals.animals[0].malus`` -> ``wild_animals.animals[0].malus``."""
    name = name or "data"
    return name[4:].lstrip(".") if name.startswith("data") else name


def _expected_type(types: Any) -> str:
    names = [types] if isinstance(types, str) else list(types)
    return " or ".join(_JSON_NAMES.get(t, t) for t in names)


def _explain(problem: Any) -> str:
    """One sentence for a fastjsonschema error, from its rule (not its generic message)."""
    rule, value, definition = problem.rule, problem.value, problem.definition or {}
    limit = problem.rule_definition
    got = _describe(value)
    if "description" in definition and rule in ("anyOf", "oneOf", "enum", "const", "pattern", "format", "not"):
        return f"expected {definition['description']}, got {got}"
    if rule == "type":
        return f"expected {_expected_type(limit)}, got {got}"
    if rule == "required" and isinstance(value, dict):
        missing = [k for k in limit if k not in value]
        return f"missing {', '.join(missing)}" if missing else "missing keys"
    import difflib  # for a "did you mean": only when there is an error to explain

    if rule == "additionalProperties" and isinstance(value, dict):
        allowed = list(definition.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        if extra:
            close = difflib.get_close_matches(extra[0], allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f"; known keys: {', '.join(allowed)}" if allowed else ""
            return f"unknown key {shorten(extra[0], 40)}{hint}"
    if rule == "enum":
        close = difflib.get_close_matches(str(value), [str(c) for c in limit], n=1) if isinstance(value, str) else []
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"expected one of {clip(', '.join(map(json.dumps, limit)), 120)}, got {got}{hint}"
    if rule == "const":
        return f"expected {json.dumps(limit)}, got {got}"
    if rule in ("minimum", "exclusiveMinimum"):
        return f"expected at least {limit}{' (exclusive)' if rule[0] == 'e' else ''}, got {got}"
    if rule in ("maximum", "exclusiveMaximum"):
        return f"expected at most {limit}{' (exclusive)' if rule[0] == 'e' else ''}, got {got}"
    if rule in ("minItems", "maxItems") and isinstance(value, list):
        return f"expected {'at least' if rule == 'minItems' else 'at most'} {limit} items, got {len(value)}"
    if rule in ("minProperties", "maxProperties") and isinstance(value, dict):
        return f"expected {'at least' if rule == 'minProperties' else 'at most'} {limit} keys, got {len(value)}"
    if rule in ("minLength", "maxLength") and isinstance(value, str):
        return f"expected {'at least' if rule == 'minLength' else 'at most'} {limit} characters, got {len(value)}"
    if rule == "uniqueItems":
        return "expected no repeated items"
    if rule == "pattern":
        return f"expected text matching {shorten(limit, 60)}, got {got}"
    if rule in ("anyOf", "oneOf"):
        return f"expected {_forms(limit)}, got {got}"
    message = str(problem.message)
    return message[5:] if message.startswith("data ") else message


def _forms(options: Any) -> str:
    """``anyOf`` alternatives in words where each is a plain type, else 'one of the allowed forms'."""
    names = []
    for option in options if isinstance(options, list) else []:
        if isinstance(option, dict) and "type" in option:
            names.append(option.get("description") or _expected_type(option["type"]))
        elif isinstance(option, dict) and "description" in option:
            names.append(option["description"])
        else:
            return "one of the allowed forms"
    return " or ".join(names) or "one of the allowed forms"


@cache
def load_schema(package: str, name: str) -> Mapping[str, Any]:
    """A JSON Schema shipped as package data (``load_schema("widgetpkg.core", "save.schema.json")``)."""
    return json.loads((resources.files(package) / name).read_text("utf-8"))  # type: ignore[no-any-return]
