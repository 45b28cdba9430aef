"""The errors the package raises on bad input. All are ValueErrors, so one except clause covers them.

Messages quote the offending input only in short: :func:`shorten` caps every echoed value, so
a megabyte of bad input never turns into a megabyte of error message.

>>> shorten("x" * 500)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (502 characters)"
>>> shorten([1, 2])
'[1, 2]'
"""

from __future__ import annotations

from typing import Any

#: the longest quote of bad input an error message holds
ECHO_LIMIT = 60


def shorten(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)``, cut to ``limit`` characters (saying how long it was) when longer."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- a hostile __repr__ must not turn a clear refusal into a crash
        return f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit - 3]}... ({len(text)} characters)"


def clip(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters: for sentences that may quote input (an action's str)."""
    return text if len(text) <= limit else f"{text[:limit - 3]}... ({len(text)} characters)"


#: the longest message an error holds: a backstop for any echo of input not already shortened
MESSAGE_LIMIT = 300


class WidgetpkgError(ValueError):
    """Base class of every error about bad input to widgetpkg; its message is clipped to ``MESSAGE_LIMIT``."""

    def __init__(self, *args: Any) -> None:
        # clip's "... (N characters)" tail counts too: what is kept leaves room for it
        super().__init__(*(clip(a, MESSAGE_LIMIT - 24) if isinstance(a, str) and len(a) > MESSAGE_LIMIT else a
                           for a in args))


class IllegalActionError(WidgetpkgError):
    """An action that the rules do not allow now. The game is left exactly as it was."""


class InvalidOptionError(WidgetpkgError):
    """An unknown game, or an option that the game does not accept."""


class SaveFileError(WidgetpkgError):
    """A saved game that cannot be read: not JSON, wrong format or version, or actions that do not replay."""


class PositionError(WidgetpkgError):
    """Position text (or position data) that cannot be read: it says what is wrong and where."""


class ActionDefinitionError(TypeError):
    """An Action subclass declares a field the save format cannot write and read back exactly.

    A programming error, raised when the class is defined, not bad input at run time."""
