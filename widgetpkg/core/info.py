"""A game's facts, declared once at the top of its module: title, players, options, chance.

The constructor checks its options against them, the app's new-game form offers them and the CLI
reads ``--option key=value`` through them, so none of those names a game.

>>> info = GameInfo("toy", "Toy", min_players=2, max_players=3,
...                 options=(Option("size", 3, "Board size", choices=(3, 4)),))
>>> info.check_options({"size": 4})
{'size': 4}
>>> info.check_options({"sise": 4})
Traceback (most recent call last):
...
widgetpkg.core.errors.InvalidOptionError: Toy has no option 'sise'; its options are: size
>>> info.player_names(3)
('Red', 'Blue', 'Yellow')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptionError

#: default names by seat, also the colours the widgets give those seats
DEFAULT_PLAYER_NAMES = ("Red", "Blue", "Yellow", "Green", "Black", "White")
MAX_NAME_LENGTH = 40
#: characters that end a line somewhere (str.splitlines) or are control characters: a name holding
#: one could not be written into a one-line position text and read back
_FORBIDDEN_IN_NAMES = frozenset(
    [chr(c) for c in range(32)] + ["\x7f", "\x85", "\u2028", "\u2029"]
)


@dataclass(frozen=True)
class Option:
    """One keyword option of a game: its default, what it may be, and a label for forms.

    ``choices`` lists every allowed value (a dropdown); with no choices, ``kind`` is the type the
    value must have (``bool`` for a checkbox, ``dict`` for a mapping of switches, ``str`` for a
    path). ``default`` None means "not given" (e.g. the edition's own tile set).
    """

    name: str
    default: Any
    label: str
    choices: tuple[Any, ...] | None = None
    kind: type | tuple[type, ...] | None = None
    help: str = ""
    #: for a mapping of on/off switches (``variants={"igloos": True}``): the switches' names, so a
    #: form can offer a checkbox each and unknown names are refused
    switches: tuple[str, ...] = ()

    def check(self, value: Any, title: str) -> Any:
        if self.choices is not None:
            if not any(value == c and type(value) is type(c) for c in self.choices):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptionError(f"{title}: {self.name} must be one of {allowed}, got {_short(value)}")
        elif self.kind is not None and value is not None:
            kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
            if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
                wanted = " or ".join(k.__name__ for k in kinds)
                raise InvalidOptionError(
                    f"{title}: {self.name} must be a {wanted}, got {type(value).__name__} {_short(value)}")
        if self.switches and isinstance(value, dict):
            for key, on in value.items():
                if key not in self.switches or not isinstance(on, bool):
                    raise InvalidOptionError(f"{title}: {self.name} takes true/false switches "
                                             f"{', '.join(self.switches)}; got {_short(key)}: {_short(on)}")
        return value


#: the difficulty levels every game offers, weakest first
LEVEL_NAMES = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Level:
    """A difficulty level of a game's computer player: which generic agent plays it and with
    which settings (keyword arguments of that agent), declared by the game next to its facts.

    ``agent`` names a generic agent (``"greedy"`` or ``"mcts"``); ``settings`` are pairs so the
    facts stay immutable: ``Level("easy", "greedy", (("tolerance", 6.0),), "Beginner")``.
    """

    name: str
    agent: str
    settings: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    def options(self) -> dict[str, Any]:
        return dict(self.settings)


#: what a game that declares no levels gets: a noisy greedy player, a greedy one, a search
DEFAULT_LEVELS = (
    Level("easy", "greedy", (("tolerance", 5.0), ("temperature", 2.0)), "Easy: a greedy player who sometimes slips"),
    Level("normal", "greedy", (), "Normal: the best move by the game's estimate"),
    Level("hard", "mcts", (("seconds", 1.0),), "Hard: searches the replies for a second"),
)


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class GameInfo:
    """What a game is: the facts every generic tool reads instead of naming the game."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    #: dice or shuffled piles decide part of the game
    chance: bool = True
    #: some of the state is hidden from the players (the order of a pile, a deck)
    hidden_information: bool = True
    description: str = ""
    #: the computer player's difficulty levels (easy, normal, hard) and their settings
    levels: tuple[Level, ...] = DEFAULT_LEVELS

    def level(self, name: Any) -> Level:
        """The declared level called ``name``; anything else is refused with the choices named."""
        for level in self.levels:
            if level.name == name:
                return level
        choices = ", ".join(repr(level.name) for level in self.levels)
        raise InvalidOptionError(f"{self.title} has no level {_short(name)}; its levels are: {choices}")

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise InvalidOptionError(self._unknown(name))

    def _unknown(self, name: str) -> str:
        known = ", ".join(o.name for o in self.options) or "none"
        return f"{self.title} has no option {_short(name)}; its options are: {known}"

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options with their values checked (unknown names and bad values are refused)."""
        names = {o.name for o in self.options}
        for name in given:
            if name not in names:
                raise InvalidOptionError(self._unknown(name))
        return {name: self.option(name).check(value, self.title) for name, value in given.items()}

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def player_names(self, players: Any) -> tuple[str, ...]:
        """Player names from a list of names or a count (default names by seat)."""
        if isinstance(players, int) and not isinstance(players, bool):
            if not self.min_players <= players <= self.max_players:
                raise InvalidOptionError(
                    f"{self.title} is for {self.min_players} to {self.max_players} players, got {players}")
            return DEFAULT_PLAYER_NAMES[:players]
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise InvalidOptionError(
                f"players must be a list of names or a number of players, got {type(players).__name__}")
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptionError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, got {len(players)}")
        names = tuple(players)
        for name in names:
            check_player_name(name)
        if len(set(names)) != len(names):
            raise InvalidOptionError(f"player names must be different, got {_short(list(names))}")
        return names


def check_player_name(name: Any) -> str:
    """A player name: a non-empty one-line string of at most 40 characters."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidOptionError(f"a player name must be a non-empty string, got {_short(name)}")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidOptionError(f"a player name has at most {MAX_NAME_LENGTH} characters, got {len(name)}")
    if name != name.strip() or any(c in _FORBIDDEN_IN_NAMES for c in name) or "," in name:
        raise InvalidOptionError(
            f"player name {_short(name)} may not hold commas, line breaks, control characters "
            "or spaces at either end")
    return name
