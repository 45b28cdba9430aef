"""Widgets made once and reused: a panel that changes its buttons on every move must not leave one
comm per old button in the kernel and the browser (a page open all day stays flat).

A :class:`ButtonPool` keeps every button it ever made; showing a list of choices relabels the first
buttons and hands the rest back unused, so the live widgets grow only to the longest list shown.

>>> import ipywidgets as W
>>> pressed = []
>>> pool = ButtonPool(pressed.append)
>>> first = pool.show([("1. Wood", "wood"), ("2. Clay", "clay")])
>>> second = pool.show([("Stop", "stop")])
>>> second[0] is first[0], second[0].description, len(pool)
(True, 'Stop', 2)
>>> second[0].click(); pressed
[0]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

#: how a pooled button looks: sized by its words, a small gap to the next one
BUTTON_LAYOUT = {"width": "auto", "min_width": "0", "padding": "0 5px", "margin": "0 2px 4px 0"}


def hover_events() -> Any:
    """ipyevents' ``Event`` class (ipywidgets buttons send no hover of their own), or None where
    ipyevents is not installed: the buttons then work without lighting anything up."""
    try:
        return importlib.import_module("ipyevents").Event
    except ImportError:
        return None


class ButtonPool:
    """Buttons reused across calls of :meth:`show`; a press calls ``on_press(index)``.

    With ``on_hover``, the pointer entering or leaving button ``index`` calls ``on_hover(index,
    True | False)`` (through one ipyevents ``Event`` per button, made and reused with it)."""

    def __init__(self, on_press: Callable[[int], None], *, layout: dict[str, str] | None = None,
                 on_hover: Callable[[int, bool], None] | None = None) -> None:
        self._on_press = on_press
        self._on_hover = on_hover
        self._event_class = hover_events() if on_hover is not None else None
        self._layout = dict(layout or BUTTON_LAYOUT)
        self._buttons: list[W.Button] = []
        self._events: list[W.Widget] = []
        self._shown = 0

    def __len__(self) -> int:
        return len(self._buttons)

    def _make(self, index: int) -> W.Button:
        button = W.Button(layout=W.Layout(**self._layout))
        button.on_click(lambda _: self._on_press(index))
        if self._event_class is not None and self._on_hover is not None:
            on_hover = self._on_hover
            events = self._event_class(source=button, watched_events=["mouseenter", "mouseleave"])
            events.on_dom_event(lambda event: on_hover(index, event.get("type") == "mouseenter"))
            self._events.append(events)
        return button

    def show(self, labels: Sequence[tuple[str, str] | tuple[str, str, str]]) -> list[W.Button]:
        """Buttons for ``(description, tooltip[, icon])`` each, in order: reused, made only when
        more are needed than ever before. Each is enabled; the caller puts them on screen."""
        while len(self._buttons) < len(labels):
            self._buttons.append(self._make(len(self._buttons)))
        self._shown = len(labels)
        shown = self._buttons[:len(labels)]
        for button, label in zip(shown, labels):
            description, tooltip, icon = (*label, "")[:3]
            with button.hold_sync():
                button.description, button.tooltip, button.icon = description, tooltip, icon
                button.disabled = False
        return shown

    def shown(self) -> list[W.Button]:
        """The buttons of the last :meth:`show`."""
        return self._buttons[:self._shown]

    def close(self) -> None:
        """Close every button (the app is closed)."""
        for events in self._events:
            events.close()
        self._events.clear()
        for button in self._buttons:
            button.layout.close()
            button.style.close()
            button.close()
        self._buttons.clear()


class HTMLPool:
    """Small HTML widgets (group titles) reused the same way."""

    def __init__(self, *, layout: dict[str, str] | None = None) -> None:
        self._layout = dict(layout or {})
        self._items: list[W.HTML] = []

    def show(self, values: Sequence[str]) -> list[W.HTML]:
        while len(self._items) < len(values):
            self._items.append(W.HTML(layout=W.Layout(**self._layout)))
        shown = self._items[:len(values)]
        for item, value in zip(shown, values):
            item.value = value
        return shown

    def close(self) -> None:
        for item in self._items:
            item.layout.close()
            item.style.close()
            item.close()
        self._items.clear()


class BoxPool:
    """Wrapping rows (``HBox``) reused the same way."""

    def __init__(self) -> None:
        self._items: list[W.HBox] = []

    def show(self, contents: Sequence[Sequence[W.Widget]]) -> list[W.HBox]:
        while len(self._items) < len(contents):
            self._items.append(W.HBox(layout=W.Layout(flex_flow="row wrap")))
        shown = self._items[:len(contents)]
        for box, children in zip(shown, contents):
            if tuple(box.children) != tuple(children):
                box.children = tuple(children)
        return shown

    def close(self) -> None:
        for item in self._items:
            item.layout.close()
            item.close()
        self._items.clear()


__all__ = ["BUTTON_LAYOUT", "BoxPool", "ButtonPool", "HTMLPool", "hover_events"]
