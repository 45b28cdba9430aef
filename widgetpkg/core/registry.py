"""Which games exist: ``new_game`` and ``load_game`` find a game class by its public name.

Games are found lazily: every package under ``widgetpkg.games`` is a game whose public name is the
package name with dashes (``stone_age`` -> ``"stone-age"``), imported the first time it is asked
for, so ``import widgetpkg`` imports no game. Games defined elsewhere (a test's toy game, a
plug-in) join with the :func:`register` decorator.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .errors import InvalidOptionError
from .game import Game, load_save
from .info import GameInfo

_GAMES_PACKAGE = "widgetpkg.games"
_games: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game reachable by ``cls.name`` (its ``info.name``)."""
    if cls.info.name != cls.name:
        raise ValueError(f"{cls.__name__}: info.name {cls.info.name!r} differs from name {cls.name!r}")
    _games[cls.name] = cls
    return cls


def _bundled() -> dict[str, str]:
    """Public name -> module of every game package shipped in ``widgetpkg.games`` (not imported)."""
    package = importlib.import_module(_GAMES_PACKAGE)
    return {m.name.replace("_", "-"): f"{_GAMES_PACKAGE}.{m.name}"
            for m in pkgutil.iter_modules(package.__path__) if m.ispkg}


def bundled_names() -> list[str]:
    """The games shipped with the package (``game_names`` also has games registered at run time)."""
    return sorted(_bundled())


def game_names() -> list[str]:
    """The names of every game that ``new_game`` knows, without importing any of them."""
    return sorted(set(_games) | set(_bundled()))


def game_class(name: Any) -> type[Game]:
    """The class of the game called ``name``, importing its package on first use."""
    cls = _games.get(name) if isinstance(name, str) else None
    if cls is None and isinstance(name, str) and name in _bundled():
        importlib.import_module(_bundled()[name])
        cls = _games.get(name)
    if cls is None:
        shown = repr(name) if len(repr(name)) <= 60 else repr(name)[:57] + "..."
        raise InvalidOptionError(f"unknown game {shown}; available: {', '.join(game_names())}")
    return cls


def game_info(name: str) -> GameInfo:
    """The declared facts of a game: title, player range, options, chance and hidden information."""
    return game_class(name).info


def new_game(name: str, **options: Any) -> Game:
    """Start a game by name, e.g. ``new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)``.

    ``players`` is a list of names or a count (default names); the other options are the game's
    (``game_info(name).options``). A misspelt option is refused with the valid ones named.
    """
    cls = game_class(name)
    cls.info.check_options({k: v for k, v in options.items() if k not in ("players", "seed")})
    return cls(**options)


def load_game(source: Any, **options: Any) -> Game:
    """Rebuild a game from ``Game.to_json()`` text (or a ``pathlib.Path``); bad input raises
    SaveFileError. ``options`` replace saved ones, e.g. ``tileset=path`` for your own tile set."""
    return load_save(source, **options)
