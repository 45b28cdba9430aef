"""Counting what the widgets send to the browser: comm messages and their bytes.

``CommCounter`` wraps ``ipywidgets.Widget._send`` (every state update and custom message of
every widget, the canvas manager's batched drawing included) while it is active. It works
with or without a kernel, so tests and benchmarks can hold a redraw to "one message".

>>> import ipywidgets as W
>>> label = W.Label("a")
>>> with CommCounter() as sent:
...     label.value = "b"
>>> sent.messages, sent.by_kind()
(1, {'Label update': 1})
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ipywidgets import Widget


@dataclass(frozen=True)
class Sent:
    """One message: which widget class sent it, update or custom, and its size in bytes."""

    widget: str
    method: str
    bytes: int

    @property
    def kind(self) -> str:
        return f"{self.widget} {self.method}"


def _size(msg: Any, buffers: Any) -> int:
    text = json.dumps(msg, default=str, separators=(",", ":"))
    return len(text.encode()) + sum(memoryview(b).nbytes for b in (buffers or ()))


class CommCounter:
    """A context manager recording every widget message sent while it is active."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self._original: Any = None

    def __enter__(self) -> CommCounter:  # noqa: PYI034
        original = Widget._send
        counter = self

        def _send(widget: Widget, msg: dict, buffers: Any = None) -> Any:
            name = type(widget).__name__
            if name == "_CanvasManager":
                name = "canvas"
            counter.sent.append(Sent(name, str(msg.get("method", "?")), _size(msg, buffers)))
            return original(widget, msg, buffers=buffers)

        self._original = original
        Widget._send = _send  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Widget._send = self._original  # type: ignore[method-assign]

    def reset(self) -> None:
        self.sent.clear()

    @property
    def messages(self) -> int:
        return len(self.sent)

    @property
    def bytes(self) -> int:
        return sum(s.bytes for s in self.sent)

    def by_kind(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in self.sent:
            out[s.kind] = out.get(s.kind, 0) + 1
        return out

    def canvas_messages(self) -> int:
        return sum(1 for s in self.sent if s.widget == "canvas")


__all__ = ["CommCounter", "Sent"]
