"""Base types for what players do (actions) and what happens (events).

Actions are small frozen dataclasses with a readable ``str``; each game declares its own.
They serialise to plain JSON objects and are parsed back with strict type checks, so a save file
can never smuggle in anything but the fields an action declares.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from functools import cache
from collections.abc import Hashable
from typing import Any, ClassVar

from .errors import SaveFileError


@dataclass(frozen=True, slots=True)
class Action:
    """Something a player (or a lesson script) does to a game."""

    #: Setup steps (arranging a draw, editing the state) are recorded in the history but never
    #: offered by ``legal_actions``.
    setup: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


@cache
def _field_types(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def _check_value(value: Any, kind: Any, where: str) -> Any:
    origin = typing.get_origin(kind)
    if origin is tuple:
        if not isinstance(value, list):
            raise SaveFileError(f"{where}: expected a list, got {value!r}")
        (item_kind, _) = typing.get_args(kind)
        return tuple(_check_value(v, item_kind, where) for v in value)
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise SaveFileError(f"{where}: expected an integer, got {value!r}")
    elif kind is str:
        if not isinstance(value, str):
            raise SaveFileError(f"{where}: expected a string, got {value!r}")
    return value


def action_from_json(data: Any, types: dict[str, type[Action]]) -> Action:
    """Parse one action written by ``Action.to_json``; unknown types or fields raise SaveFileError."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise SaveFileError(f"an action must be an object with a 'type', got {data!r}")
    cls = types.get(data["type"])
    if cls is None:
        raise SaveFileError(f"unknown action type {data['type']!r} (known: {', '.join(sorted(types))})")
    kinds = _field_types(cls)
    given = set(data) - {"type"}
    if given != set(kinds):
        raise SaveFileError(f"{data['type']} needs the fields {sorted(kinds)}, got {sorted(given)}")
    return cls(**{name: _check_value(data[name], kind, f"{data['type']}.{name}") for name, kind in kinds.items()})


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened while an action was applied. ``str(event)`` reads as a sentence."""


@dataclass(frozen=True, slots=True)
class Term:
    """One term of a scoring equation: ``count`` things worth ``factor`` each."""

    count: int
    label: str
    factor: int

    def __str__(self) -> str:
        return f"{self.count} {self.label} x{self.factor}"


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """Points scored by one player, explained as an equation.

    >>> e = Scored("Red", "river", (Term(3, "tiles", 1), Term(2, "fish", 1)))
    >>> str(e)
    'Red +5: river 3 tiles x1 + 2 fish x1'
    >>> e.points
    5
    """

    player: str
    what: str
    terms: tuple[Term, ...]
    detail: str = ""
    #: game-defined references to what scored (H&G: cells ``(x, y)``), for highlights in the views
    refs: tuple[Hashable, ...] = ()

    @property
    def points(self) -> int:
        return sum(t.count * t.factor for t in self.terms)

    def __str__(self) -> str:
        # zero terms are left out unless nothing else is left to show
        equation = " + ".join(str(t) for t in self.terms if t.count) or " + ".join(map(str, self.terms)) or "nothing"
        return f"{self.player} {self.points:+d}: {self.what} {equation}" + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True, slots=True)
class Note(Event):
    """An event that scores nothing: a tile drawn or discarded, a figure returned, an extra turn."""

    text: str

    def __str__(self) -> str:
        return self.text
