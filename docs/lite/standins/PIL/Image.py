"""Pillow's Image module, as a stand-in that refuses every use (see the package docstring)."""

from typing import Any


def __getattr__(name: str) -> Any:
    raise NotImplementedError(f"PIL.Image.{name}: pixel images are not available in widgetpkg's browser site")


def open(*args: Any, **kwargs: Any) -> Any:  # noqa: A001 -- Pillow's name
    raise NotImplementedError("PIL.Image.open: pixel images are not available in widgetpkg's browser site")


def fromarray(*args: Any, **kwargs: Any) -> Any:
    raise NotImplementedError("PIL.Image.fromarray: pixel images are not available in widgetpkg's browser site")
