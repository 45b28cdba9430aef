"""The game protocol every game implements, with history, saving and cloning done once here.

A game mutates its state in place and journals every mutation, so ``undo`` replays the journal
backwards instead of copying the state before each move. Games keep their state in plain
attributes (numbers, strings, tuples, and flat dicts and lists of those) and change them only
through ``_set``, ``_put``, ``_append`` and ``_pop``; that is what makes undo exact and
``clone`` a handful of container copies.
"""

from __future__ import annotations

import json
import random
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from .actions import Action, Event, Scored, action_from_json
from .errors import IllegalActionError, InvalidOptionError, SaveFileError
from .info import GameInfo

SAVE_FORMAT = "widgetpkg-game"
SAVE_VERSION = 1
_MISSING = object()


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action with what it caused and how to take it back."""

    action: Action
    events: tuple[Event, ...]
    journal: tuple[tuple, ...]


class Game(ABC):
    """Base class of all games: history, scores, JSON and cloning on top of a few hooks.

    Subclasses set ``name`` and ``action_types``, list their mutable containers in ``_containers``
    and implement ``_illegal`` (why an action is not allowed, or None) and ``_play``
    (carry it out, returning events).
    """

    name: ClassVar[str]
    #: the game's declared facts (title, players, options, chance); see :mod:`widgetpkg.core.info`
    info: ClassVar[GameInfo]
    action_types: ClassVar[dict[str, type[Action]]]
    #: event types that reveal hidden information, left out of ``preview``
    hidden_events: ClassVar[tuple[type[Event], ...]] = ()
    _containers: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *, players: Sequence[str] | int, seed: int | None, options: dict[str, Any]) -> None:
        players = self.info.player_names(players)
        self.info.check_options(options)
        if seed is None:
            seed = secrets.randbits(32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOptionError(f"seed must be an integer, got {seed!r}")
        self.players: tuple[str, ...] = players
        self.seed: int = seed
        self.options: dict[str, Any] = options
        self.rng = random.Random(seed)
        self._scores: dict[str, int] = {p: 0 for p in players}
        self._history: list[Step] = []
        self._redo: list[Action] = []
        self._journal: list[tuple] | None = None

    # -- the protocol -------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> str | None: ...

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _illegal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None if it is."""

    @abstractmethod
    def _play(self, action: Action) -> list[Event]:
        """Carry out a legal action through the journaled setters; return its events."""

    def projected_scores(self) -> dict[str, int]:
        """Scores plus what final scoring would add if the game ended now."""
        return dict(self._scores)

    def heuristic_scores(self) -> dict[str, float]:
        """A position estimate for search (agents' leaves); by default the projected scores."""
        return dict(self.projected_scores())

    @property
    @abstractmethod
    def turn(self) -> int:
        """How many player turns have ended: increases by one when a turn passes to the next
        decision-maker (a turn may hold several actions; agents look ahead by it)."""

    def winners(self) -> list[str]:
        """The players with the best score once the game is over (ties share the win, after the
        game's own tie-breaks); empty while it goes on."""
        if not self.is_over:
            return []
        best = max(self._scores.values())
        return [p for p in self.players if self._scores[p] == best]

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Points by category for each player; each player's categories sum to their score.

        By default the categories are what the ``Scored`` events name (scores are the sum of
        their events); points from before the history starts (a resampled clone) are "earlier".
        """
        table: dict[str, dict[str, int]] = {p: {} for p in self.players}
        for event in self.events():
            if isinstance(event, Scored) and event.points:
                row = table[event.player]
                row[event.what] = row.get(event.what, 0) + event.points
        for player, row in table.items():
            rest = self._scores[player] - sum(row.values())
            if rest:
                row["earlier"] = rest
        return table

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> dict[str, int]:
        return dict(self._scores)

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raise IllegalActionError (changing nothing) if the rules forbid it."""
        if not isinstance(action, Action) or type(action).__name__ not in self.action_types:
            raise IllegalActionError(f"{action!r} is not an action of {self.name}")
        reason = self._illegal(action)
        if reason is not None:
            raise IllegalActionError(f"{action}: {reason}")
        events = self._record(action)
        self._redo.clear()
        return events

    def preview(self, action: Action) -> list[Event]:
        """The events ``action`` would cause (what it scores, what it completes), leaving the game
        untouched. Events that would show hidden information (a drawn tile) are left out."""
        events = self.clone().apply(action)
        return [e for e in events if not isinstance(e, self.hidden_events)]

    def undo(self) -> Action:
        """Take back the last step; return it. Hidden information (piles, dice) stays as it was."""
        if not self._history:
            raise IllegalActionError("nothing to undo")
        step = self._history.pop()
        self._rollback(step.journal)
        self._redo.append(step.action)
        return step.action

    def redo(self) -> list[Event]:
        """Replay the last undone step."""
        if not self._redo:
            raise IllegalActionError("nothing to redo")
        action = self._redo.pop()
        return self._record(action)

    @property
    def history(self) -> list[Step]:
        """The steps played so far, oldest first (read-only copy)."""
        return list(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_steps(self) -> int:
        """How many undone steps ``redo`` can bring back."""
        return len(self._redo)

    def events(self) -> list[Event]:
        """Every event of the game so far, in order."""
        return [e for step in self._history for e in step.events]

    # -- positions, lessons and data files --------------------------------------------------------
    @classmethod
    def from_position(cls, text: str, *, seed: int | None = None) -> Game:
        """A new game set up from ``to_position()`` text."""
        raise InvalidOptionError(f"{cls.info.title} has no position text")

    def to_position(self) -> str:
        """The position as readable text that ``from_position`` reads back."""
        raise InvalidOptionError(f"{self.info.title} has no position text")

    def lesson_position(self, steps: Sequence[Action]) -> str | None:
        """Position text from which replaying ``steps`` (undone steps, in redo order) gives the same
        game again, hidden draws included; None where no such text can be written (then a lesson
        replays the saved game instead)."""
        return None

    @classmethod
    def validate_file(cls, path: str, *, simulate: bool = False) -> str:
        """Check one of the game's data files (a tile set, a components file); return a summary
        line, or raise a WidgetpkgError naming what is wrong. ``simulate`` adds the game's
        fairness checks where it has some."""
        raise InvalidOptionError(f"{cls.info.title} reads no data files")

    # -- saving ---------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as versioned JSON: options, seed and the steps played (undone ones excluded)."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.name,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "actions": [step.action.to_json() for step in self._history],
        }, indent=1)

    @classmethod
    def _from_save(cls, data: dict[str, Any]) -> Game:
        options = data.get("options")
        if not isinstance(options, dict):
            raise SaveFileError("'options' must be an object")
        try:
            game = cls(players=data.get("players"), seed=data.get("seed"), **options)  # type: ignore[arg-type]
        except (InvalidOptionError, TypeError) as error:
            raise SaveFileError(f"cannot set up the saved game: {error}") from None
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise SaveFileError("'actions' must be a list")
        for number, raw in enumerate(actions, 1):
            action = action_from_json(raw, cls.action_types)
            try:
                if action.setup:
                    game._record(action, check=True)
                else:
                    game.apply(action)
            except IllegalActionError as error:
                raise SaveFileError(f"action {number} does not replay: {error}") from None
        return game

    # -- copying ----------------------------------------------------------------------------------
    def clone(self, *, resample_hidden: random.Random | None = None) -> Game:
        """An independent copy (history included) for search and what-if analysis.

        With ``resample_hidden``, what the players cannot see (the order of the piles, future
        dice) is drawn anew from that RNG, so a search cannot peek at the real draws. Such a copy
        is for looking forward: its history starts empty, so it cannot be saved or undone past
        the point where it was made (its own moves can be).
        """
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in ("_scores", "_history", "_redo", *self._containers):
            setattr(twin, name, getattr(self, name).copy())
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        if resample_hidden is not None:
            # the journals of earlier steps point into piles that are about to be reshuffled
            twin._history.clear()
            twin._redo.clear()
            twin._resample_hidden(resample_hidden)
        return twin

    def _resample_hidden(self, rng: random.Random) -> None:
        """Hook: shuffle the hidden parts of the state (nothing by default)."""

    # -- journaled mutation ---------------------------------------------------------------------
    def _record(self, action: Action, *, check: bool = False) -> list[Event]:
        if check:
            reason = self._illegal(action)
            if reason is not None:
                raise IllegalActionError(f"{action}: {reason}")
        journal: list[tuple] = []
        self._journal = journal
        try:
            events = self._play(action)
        except BaseException:
            self._rollback(journal)
            raise
        finally:
            self._journal = None
        self._history.append(Step(action, tuple(events), tuple(journal)))
        return events

    def _rollback(self, journal: Sequence[tuple]) -> None:
        for op in reversed(journal):
            kind = op[0]
            if kind == "set":
                setattr(self, op[1], op[2])
            elif kind == "put":
                container = getattr(self, op[1])
                if op[3] is _MISSING:
                    del container[op[2]]
                else:
                    container[op[2]] = op[3]
            elif kind == "del":
                container = getattr(self, op[1])
                if op[4] >= len(container):
                    container[op[2]] = op[3]
                else:
                    items = list(container.items())
                    items.insert(op[4], (op[2], op[3]))
                    container.clear()
                    container.update(items)
            elif kind == "append":
                getattr(self, op[1]).pop()
            elif kind == "truncate":
                del getattr(self, op[1])[op[2]:]
            elif kind == "pop":
                getattr(self, op[1]).append(op[2])
            elif kind == "rng":
                self.rng.setstate(op[1])

    def _set(self, name: str, value: Any) -> None:
        self._journal.append(("set", name, getattr(self, name)))  # type: ignore[union-attr]
        setattr(self, name, value)

    def _put(self, name: str, key: Any, value: Any) -> None:
        container = getattr(self, name)
        old = container.get(key, _MISSING) if isinstance(container, dict) else container[key]
        self._journal.append(("put", name, key, old))  # type: ignore[union-attr]
        container[key] = value

    def _delete(self, name: str, key: Any) -> None:
        container = getattr(self, name)
        # remember where the key stood: iteration order is visible (legal-move order, event order)
        place = list(container).index(key)
        self._journal.append(("del", name, key, container.pop(key), place))  # type: ignore[union-attr]

    def _append(self, name: str, value: Any) -> None:
        self._journal.append(("append", name))  # type: ignore[union-attr]
        getattr(self, name).append(value)

    def _extend(self, name: str, values: Sequence[Any]) -> None:
        container = getattr(self, name)
        self._journal.append(("truncate", name, len(container)))  # type: ignore[union-attr]
        container.extend(values)

    def _pop(self, name: str) -> Any:
        value = getattr(self, name).pop()
        self._journal.append(("pop", name, value))  # type: ignore[union-attr]
        return value

    def _random(self) -> random.Random:
        """The game's RNG, journaled so that undo restores it and redo draws the same again."""
        self._journal.append(("rng", self.rng.getstate()))  # type: ignore[union-attr]
        return self.rng

    def _score(self, event: Scored) -> Scored:
        self._put("_scores", event.player, self._scores[event.player] + event.points)
        return event


def parse_save(text: str) -> dict[str, Any]:
    """Read and check the envelope of a saved game (no game-specific checks)."""
    if not isinstance(text, (str, bytes)):
        raise SaveFileError(f"a saved game is JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a widgetpkg saved game (expected \"format\": \"{SAVE_FORMAT}\")")
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError(f"unsupported save version {data.get('version')!r} (this widgetpkg reads {SAVE_VERSION})")
    return data
