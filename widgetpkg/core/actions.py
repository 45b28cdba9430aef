"""Base types for what players do (actions) and what happens (events).

Actions are small frozen dataclasses with a readable ``str``; each game declares its own.
Every field has a type the save format can write and read back exactly: ``int``, ``str``,
``bool``, a ``Literal`` of those, an ``Enum``, ``X | None``, and tuples of these (``tuple[X, ...]``,
fixed-length ``tuple[X, Y]``, nested, e.g. ``tuple[tuple[str, int], ...]`` for a multiset of
resources). Anything else is refused when the class is defined, and values are checked by exact
type, so ``1.0``, ``True`` or a numpy integer never pass for the int ``1``:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Trade(Action):
...     give: tuple[tuple[str, int], ...]
...     note: str | None = None
>>> Trade((("wood", 2), ("clay", 1))).to_json()
{'type': 'Trade', 'give': [['wood', 2], ['clay', 1]], 'note': None}
>>> action_from_json({'type': 'Trade', 'give': [['wood', 2]], 'note': None}, {'Trade': Trade})
Trade(give=(('wood', 2),), note=None)
>>> field_problem(Trade((("wood", 2.0),)))
"Trade.give must be a tuple of (string, integer) tuples, got tuple (('wood', 2.0),)"
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import ActionDefinitionError, IllegalActionError, SaveFileError, shorten


# -- field kinds: what a field may hold, and how it reads and writes as JSON --------------------------
class _Kind:
    """One field type: checks a value, writes it as JSON and reads it back (strictly)."""

    name: str

    def accepts(self, value: Any) -> bool:
        raise NotImplementedError

    def encode(self, value: Any) -> Any:
        return value

    def decode(self, raw: Any, where: str) -> Any:
        if not self.accepts(raw):
            raise SaveFileError(f"{where}: expected {self.name}, got {shorten(raw)}")
        return raw


class _Exact(_Kind):
    """int, str, bool or None, by exact type (a bool is no int, a numpy int or a float no int)."""

    def __init__(self, kind: type, name: str) -> None:
        self.kind, self.name = kind, name

    def accepts(self, value: Any) -> bool:
        return type(value) is self.kind


class _Literal(_Kind):
    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values
        self.name = "one of " + ", ".join(map(repr, values))

    def accepts(self, value: Any) -> bool:
        return any(type(value) is type(v) and value == v for v in self.values)


class _Enum(_Kind):
    """An Enum member; JSON holds its value (an int or a string)."""

    def __init__(self, kind: type[enum.Enum]) -> None:
        self.kind = kind
        self.name = f"a {kind.__name__} (" + ", ".join(repr(m.value) for m in kind) + ")"
        self.by_value = {(type(m.value), m.value): m for m in kind}

    def accepts(self, value: Any) -> bool:
        return type(value) is self.kind

    def encode(self, value: Any) -> Any:
        return value.value

    def decode(self, raw: Any, where: str) -> Any:
        member = self.by_value.get((type(raw), raw)) if isinstance(raw, (int, str)) else None
        if member is None:
            raise SaveFileError(f"{where}: expected {self.name}, got {shorten(raw)}")
        return member


class _Optional(_Kind):
    def __init__(self, inner: _Kind) -> None:
        self.inner = inner
        self.name = f"{inner.name} or None"

    def accepts(self, value: Any) -> bool:
        return value is None or self.inner.accepts(value)

    def encode(self, value: Any) -> Any:
        return None if value is None else self.inner.encode(value)

    def decode(self, raw: Any, where: str) -> Any:
        return None if raw is None else self.inner.decode(raw, where)


class _Tuple(_Kind):
    """``tuple[X, ...]`` (``items`` None, ``each`` the item kind) or fixed ``tuple[X, Y]``."""

    def __init__(self, each: _Kind | None, items: tuple[_Kind, ...] | None) -> None:
        self.each, self.items = each, items
        if items is None:
            self.name = f"a tuple of {_plural(each.name)}"  # type: ignore[union-attr]
        else:
            self.name = "a (" + ", ".join(k.name.removeprefix("a ").removeprefix("an ") for k in items) + ") tuple"

    def _kinds(self, length: int) -> tuple[_Kind, ...] | None:
        if self.items is None:
            return (self.each,) * length  # type: ignore[return-value]
        return self.items if length == len(self.items) else None

    def accepts(self, value: Any) -> bool:
        if type(value) is not tuple:
            return False
        kinds = self._kinds(len(value))
        return kinds is not None and all(k.accepts(v) for k, v in zip(kinds, value))

    def encode(self, value: Any) -> Any:
        kinds = self._kinds(len(value))
        return [k.encode(v) for k, v in zip(kinds, value)]  # type: ignore[arg-type]

    def decode(self, raw: Any, where: str) -> Any:
        kinds = self._kinds(len(raw)) if type(raw) is list else None
        if kinds is None:
            raise SaveFileError(f"{where}: expected {self.name} (a JSON list), got {shorten(raw)}")
        return tuple(k.decode(v, f"{where}[{i}]") for i, (k, v) in enumerate(zip(kinds, raw)))


def _plural(name: str) -> str:
    for article in ("an ", "a "):
        if name.startswith(article):
            return name[len(article):] + "s"
    return name


class _Int(_Exact):
    """An int of at most 64 bits: bigger ones are no board coordinate or count, and an int of
    thousands of digits cannot even be written as text."""

    def accepts(self, value: Any) -> bool:
        return type(value) is int and -2**63 <= value < 2**63


_INT, _STR, _BOOL, _NONE = _Int(int, "an integer"), _Exact(str, "a string"), _Exact(bool, "a boolean"), _Exact(type(None), "None")
_SIMPLE = {int: _INT, str: _STR, bool: _BOOL, type(None): _NONE}


def field_kind(hint: Any, where: str) -> _Kind:
    """The kind of a field annotated ``hint``; ActionDefinitionError if saves cannot hold it."""
    if hint in _SIMPLE:
        return _SIMPLE[hint]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if not all(type(m.value) in (int, str) for m in hint):
            raise ActionDefinitionError(f"{where}: the values of enum {hint.__name__} must be ints or strings")
        return _Enum(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        if not args or not all(type(a) in (int, str, bool) for a in args):
            raise ActionDefinitionError(f"{where}: Literal values must be ints, strings or bools, got {args}")
        return _Literal(args)
    if origin in (typing.Union, types.UnionType):
        others = [a for a in args if a is not type(None)]
        if len(args) == 2 and len(others) == 1:
            return _Optional(field_kind(others[0], where))
        raise ActionDefinitionError(f"{where}: of unions only 'X | None' is supported, got {hint}")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _Tuple(field_kind(args[0], where), None)
        if args == ((),):  # tuple[()]: the empty tuple
            return _Tuple(None, ())
        return _Tuple(None, tuple(field_kind(a, where) for a in args))
    raise ActionDefinitionError(
        f"{where}: field type {hint!r} cannot be saved; use int, str, bool, a Literal, an Enum, "
        "'X | None' or tuples of these")


def _schema(cls: type) -> tuple[tuple[str, _Kind], ...]:
    """The fields of an Action class in order, with their kinds (ClassVars left out)."""
    try:  # each class's annotations are read in its own module, as far as it has run
        hints = typing.get_type_hints(cls)
    except NameError as error:
        raise ActionDefinitionError(
            f"{cls.__name__}: cannot resolve a field type ({error}); define the types of an "
            "action's fields at module level, before the action") from None
    fields = []
    for name, hint in hints.items():
        if hint is ClassVar or typing.get_origin(hint) is ClassVar:
            continue
        fields.append((name, field_kind(hint, f"{cls.__name__}.{name}")))
    return tuple(fields)


@dataclass(frozen=True, slots=True)
class Action:
    """Something a player (or a lesson script) does to a game."""

    #: Setup steps (arranging a draw, editing the state) are recorded in the history but never
    #: offered by ``legal_actions``.
    setup: ClassVar[bool] = False
    #: the fields and their kinds, worked out when the subclass is defined
    _fields_schema: ClassVar[tuple[tuple[str, _Kind], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Action, cls).__init_subclass__(**kwargs)  # zero-argument super breaks with slots=True
        # runs for the class body and again for the copy that @dataclass(slots=True) makes
        cls._fields_schema = _schema(cls)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for name, kind in self._fields_schema:
            data[name] = kind.encode(getattr(self, name))
        return data


def field_problem(action: Action) -> str | None:
    """Why ``action``'s fields do not hold values of their declared types, or None if they do."""
    for name, kind in action._fields_schema:
        value = getattr(action, name)
        if not kind.accepts(value):
            return f"{type(action).__name__}.{name} must be {kind.name}, got {type(value).__name__} {shorten(value)}"
    return None


def action_from_json(data: Any, types: dict[str, type[Action]], where: str = "action") -> Action:
    """Parse one action written by ``Action.to_json``; unknown types or fields, and values of the
    wrong type, raise SaveFileError naming ``where`` and the field."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise SaveFileError(f"{where}: an action must be an object with a 'type', got {shorten(data)}")
    cls = types.get(data["type"])
    if cls is None:
        raise SaveFileError(f"{where}: unknown action type {shorten(data['type'])} (known: {', '.join(sorted(types))})")
    kinds = dict(cls._fields_schema)
    given = set(data) - {"type"}
    if given != set(kinds):
        raise SaveFileError(f"{where}: {cls.__name__} needs the fields {sorted(kinds)}, got {shorten(sorted(given))}")
    return cls(**{name: kind.decode(data[name], f"{where} ({cls.__name__}.{name})") for name, kind in kinds.items()})


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
        """``3 tiles x1``; a negative factor in brackets: ``1 hungry round x(-10)``."""
        factor = f"({self.factor})" if self.factor < 0 else self.factor
        return f"{self.count} {self.label} x{factor}"


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """Points scored by one player, explained as an equation.

    >>> e = Scored("Red", "river", (Term(3, "tiles", 1), Term(2, "fish", 1)))
    >>> str(e)
    'Red +5: river 3 tiles x1 + 2 fish x1'
    >>> e.points
    5
    >>> str(Scored("Blue", "hunger", (Term(1, "hungry round", -10),)))
    'Blue -10: hunger 1 hungry round x(-10)'
    """

    player: str
    what: str
    terms: tuple[Term, ...]
    detail: str = ""
    #: game-defined references to what scored (H&G: cells ``(x, y)``), for highlights in the views
    refs: tuple[Hashable, ...] = ()
    #: the score track the points go on, for games with more than one ("food", "shelter"); "" for the score
    track: ClassVar[str] = ""

    @property
    def points(self) -> int:
        return sum(t.count * t.factor for t in self.terms)

    @property
    def equation(self) -> str:
        """The terms as a sum; zero terms are left out unless nothing else is left to show."""
        return " + ".join(str(t) for t in self.terms if t.count) or " + ".join(map(str, self.terms)) or "nothing"

    @property
    def headline(self) -> str:
        """Who scored how many points (on which track) for what, and the sum; no detail."""
        track = f" {self.track}" if self.track else ""
        return f"{self.player} {self.points:+d}{track}: {self.what} {self.equation}"

    def __str__(self) -> str:
        return self.headline + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True, slots=True)
class Note(Event):
    """An event that scores nothing: a tile drawn or discarded, a figure returned, an extra turn."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class SetPosition(Action):
    """Lesson or edit step, for every game: make the state the position ``text`` (the game's own
    position notation, as ``to_position()`` writes it)."""

    setup = True
    text: str

    def __str__(self) -> str:
        return "set up the position"



#: the most items an arrangement helper takes (no game has a pile near this)
MAX_ARRANGED = 1_000


def arranged(values: Any, what: str) -> tuple[Any, ...]:
    """``values`` as a tuple, for the helpers that arrange draws (``set_next_dice`` and the like):
    a list or tuple of at most ``MAX_ARRANGED`` items, else IllegalActionError naming ``what``.
    The items' types are the action's own check.

    >>> arranged([3, 4], "dice faces")
    (3, 4)
    >>> arranged(5, "dice faces")
    Traceback (most recent call last):
    ...
    widgetpkg.core.errors.IllegalActionError: dice faces: expected a list, got int 5
    """
    if not isinstance(values, (list, tuple)):
        raise IllegalActionError(f"{what}: expected a list, got {type(values).__name__} {shorten(values)}")
    if len(values) > MAX_ARRANGED:
        raise IllegalActionError(f"{what}: at most {MAX_ARRANGED} items, got {len(values)}")
    return tuple(values)
