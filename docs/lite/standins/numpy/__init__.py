"""A STAND-IN for numpy, for widgetpkg's browser site (JupyterLite) only. It is not numpy.

ipycanvas imports numpy (and Pillow) at import time, but no WebAssembly build of either can be
had from the registries this project builds from. The canvas commands that widgetpkg sends need
only a few array operations (a JSON command buffer as uint8 bytes, short lists of numbers such as
line dashes), so this module provides exactly those, on top of the standard ``array`` module.
Anything else raises ``NotImplementedError`` naming what was asked, instead of computing a wrong
answer. The decision and its limits: docs/lite.md. Tests: tests/test_lite.py.
"""

from __future__ import annotations

import array as _array
from collections.abc import Iterable
from typing import Any

__version__ = "0.0.0+widgetpkg.standin"
STANDIN = True


class dtype:  # noqa: N801 -- numpy's spelling
    def __init__(self, name: str, code: str) -> None:
        self.name, self.code = name, code

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return str(other) == self.name or (isinstance(other, type) and getattr(other, "name", None) == self.name)

    def __hash__(self) -> int:
        return hash(self.name)


def _type(name: str, code: str) -> type:
    return type(name, (), {"name": name, "code": code, "__str__": lambda self: name})


uint8 = _type("uint8", "B")
int32 = _type("int32", "i")
int64 = _type("int64", "q")
float16 = _type("float16", "e")   # never stored: array has no half floats
float32 = _type("float32", "f")
float64 = _type("float64", "d")
_BY_NAME = {t.name: t for t in (uint8, int32, int64, float32, float64)}


def _code(kind: Any) -> str:
    name = getattr(kind, "name", None) or str(kind)
    if name not in _BY_NAME:
        raise NotImplementedError(f"the numpy stand-in of widgetpkg's browser site has no dtype {name!r}")
    return _BY_NAME[name].code


class ndarray(_array.array):  # noqa: N801 -- numpy's spelling
    """A C-contiguous array of one of a few dtypes; ``memoryview(a)`` works as for numpy."""

    shape: tuple[int, ...]

    def __new__(cls, code: str, values: Iterable[Any] = (), shape: tuple[int, ...] | None = None) -> ndarray:
        self = super().__new__(cls, code, values)
        self.shape = shape if shape is not None else (len(self),)
        return self

    @property
    def dtype(self) -> dtype:
        name = next(t.name for t in _BY_NAME.values() if t.code == self.typecode)
        return dtype(name, self.typecode)

    @property
    def flags(self) -> dict[str, bool]:
        return {"C_CONTIGUOUS": True}

    def astype(self, kind: Any) -> ndarray:
        return ndarray(_code(kind), self.tolist(), self.shape)


def asarray(values: Any, dtype: Any = None) -> ndarray:
    if isinstance(values, ndarray) and dtype is None:
        return values
    rows = list(values)
    shape: tuple[int, ...] = (len(rows),)
    if rows and isinstance(rows[0], (list, tuple)):
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise NotImplementedError("the numpy stand-in holds only rectangular arrays")
        shape = (len(rows), width)
        rows = [x for r in rows for x in r]
    if dtype is not None:
        code = _code(dtype)
    elif all(isinstance(x, int) and not isinstance(x, bool) for x in rows):
        code = "q"
    elif all(isinstance(x, (int, float)) for x in rows):
        code = "d"
    else:
        raise NotImplementedError("the numpy stand-in holds numbers only")
    return ndarray(code, rows, shape)




def frombuffer(data: bytes, dtype: Any = float64) -> ndarray:
    out = ndarray(_code(dtype))
    out.frombytes(bytes(data))
    out.shape = (len(out),)
    return out


def ascontiguousarray(a: Any) -> ndarray:
    return asarray(a)


def require(a: Any, dtype: Any = None, requirements: Any = None) -> ndarray:
    return asarray(a, dtype)


def __getattr__(name: str) -> Any:
    if name == "array":
        return asarray
    raise NotImplementedError(f"numpy.{name} is not in the numpy stand-in of widgetpkg's browser site")
