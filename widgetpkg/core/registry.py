"""Which games exist: ``new_game`` and ``load_game`` find a game class by its public name."""

from __future__ import annotations

from typing import Any

from .errors import InvalidOptionError, SaveFileError
from .game import Game, parse_save

_games: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game reachable by ``cls.name``."""
    _games[cls.name] = cls
    return cls


def game_names() -> list[str]:
    return sorted(_games)


def _lookup(name: Any) -> type[Game]:
    cls = _games.get(name) if isinstance(name, str) else None
    if cls is None:
        raise InvalidOptionError(f"unknown game {name!r}; available: {', '.join(game_names())}")
    return cls


def new_game(name: str, **options: Any) -> Game:
    """Start a game by name, e.g. ``new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)``."""
    return _lookup(name)(**options)


def load_game(text: str) -> Game:
    """Rebuild a game from ``Game.to_json()`` text; bad input raises SaveFileError."""
    data = parse_save(text)
    try:
        cls = _lookup(data.get("game"))
    except InvalidOptionError as error:
        raise SaveFileError(str(error)) from None
    return cls._from_save(data)
