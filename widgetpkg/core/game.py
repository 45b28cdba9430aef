"""The game protocol every game implements, with history, saving and cloning done once here.

A game mutates its state in place and journals every mutation, so ``undo`` replays the journal
backwards instead of copying the state before each move. Games keep their state in plain
attributes (numbers, strings, tuples, and flat dicts and lists of those) and change them only
through ``_set``, ``_put``, ``_append`` and ``_pop``; that is what makes undo exact and
``clone`` a handful of container copies.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any, ClassVar, NamedTuple

from .actions import Action, Event, Scored, action_from_json, field_problem
from .encoding import Encoding
from .errors import IllegalActionError, InvalidOptionError, SaveFileError, clip, shorten
from .info import GameInfo

SAVE_FORMAT = "widgetpkg-game"
SAVE_VERSION = 1
#: the largest saved game read (a whole game's save is a few tens of kilobytes)
MAX_SAVE_BYTES = 8 * 2**20
_MISSING = object()


def _describe(action: Action) -> str:
    try:
        return str(action)
    except Exception:  # noqa: BLE001 -- a message about bad input must not fail on that input
        return type(action).__name__


def _copy_rng(rng: random.Random) -> random.Random:
    """An independent RNG in the same state. ``Random.__new__`` allocates without seeding (no OS
    entropy, no key schedule); ``setstate`` then fixes every bit of the state."""
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


def one_of(action: Action, actions: Sequence[Action] | None) -> bool:
    """Whether ``action`` is one of the very objects in ``actions`` (by identity: equal is not
    enough, a look-alike may hold fields of the wrong type): the check behind ``Game._listed``."""
    if actions:
        for listed in actions:
            if listed is action:
                return True
    return False


class Step(NamedTuple):
    """One applied action with what it caused and how to take it back (a named tuple: one is
    made at every step, and a tuple is made several times faster than a frozen dataclass)."""

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
        #: every draw of the game comes from this RNG, through ``_random`` (see ``clone`` for why)
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

    def heuristic_terms(self, player: str) -> dict[str, tuple[float, str]]:
        """``player``'s part of ``heuristic_scores()`` split into named terms, each (points, words
        saying what they stand for, e.g. "expected from the forest with 2 tools"); a hint compares
        them before and after a move. By default one term: the projected score."""
        return {"score": (float(self.projected_scores()[player]), "points scored and final scoring")}

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
        if self._listed(action):
            events = self._record(action)
        else:
            self._check_action(action)
            events = self._record(action, check=True)
        self._redo.clear()
        return events

    def _listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the very objects ``legal_actions()`` returned, the state
        unchanged since: then it is known to be legal and well formed, and ``apply`` skips both
        checks (what agents play, step after step). Games that keep their legal actions until
        the state changes override this; by default every action is checked."""
        return False

    def _check_action(self, action: Any) -> None:
        """Refuse what is no action of this game, or holds fields of the wrong type (a float, a
        bool or a numpy int for an int, a list for a tuple): such values could equal a legal one
        and then leak into the state, the saves and the shared caches."""
        if not isinstance(action, Action) or self.action_types.get(type(action).__name__) is not type(action):
            raise IllegalActionError(f"{shorten(action)} is not an action of {self.name}")
        problem = field_problem(action)
        if problem is not None:
            raise IllegalActionError(problem)

    def preview(self, action: Action) -> list[Event]:
        """The events ``action`` would cause (what it scores, what it completes), leaving the game
        untouched. Events that would show hidden information (a drawn tile) are left out, and the
        copy that plays the action has its hidden parts and RNG redrawn, so that what it draws
        says nothing about the real draws."""
        self._check_action(action)
        events = self.clone(resample_hidden=random.Random(self._preview_seed())).apply(action)
        return [e for e in events if not isinstance(e, self.hidden_events)]

    def _preview_seed(self) -> int:
        """A seed for preview copies, derived from the seed and the step (never from the RNG, whose
        state would tell the future draws): the same preview gives the same events."""
        text = f"preview {self.seed} {len(self._history)}".encode()
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")

    def undo(self) -> Action:
        """Take back the last step; return it. Hidden information (piles, dice) stays as it was.

        All or nothing: if the step cannot be taken back, the game stays as it was, step included."""
        if not self._history:
            raise IllegalActionError("nothing to undo")
        step = self._history[-1]
        self._rollback(step.journal)
        self._history.pop()
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
    def last_step(self) -> Step | None:
        """The step played last (None before the first): kept beside something drawn from the
        state, it says which state that was (see ``changes_since``)."""
        return self._history[-1] if self._history else None

    def changes_since(self, step: Step | None, *, within: int = 64) -> dict[str, set[Any] | None] | None:
        """What the steps played after ``step`` changed, by attribute: the keys put into or taken
        from a keyed container (a set), or None for an attribute replaced, grown or shrunk whole.
        Every change of the state goes through the journal (``_set``, ``_put``, ...), so a picture
        of the state drawn at ``step`` is brought up to date by redrawing these alone.

        None when ``step`` is not among the last ``within`` steps of the history (undone, another
        game's, None): such a picture is drawn anew."""
        history = self._history
        i = len(history) - 1
        stop = max(-1, i - within)
        while i > stop and history[i] is not step:
            i -= 1
        if i == stop:
            return None
        found: dict[str, set[Any] | None] = {}
        for later in history[i + 1:]:
            for op in later.journal:
                kind = op[0]
                if kind == "rng":  # the RNG is no attribute of the state a picture shows
                    continue
                name = op[1]
                if kind != "put" and kind != "del":
                    found[name] = None
                elif name not in found:
                    found[name] = {op[2]}
                else:
                    keys = found[name]
                    if keys is not None:
                        keys.add(op[2])
        return found

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

    def _repr_svg_(self) -> str | None:
        """The board as a picture, so that a game shown in a notebook, nbviewer or the docs is its
        board with no widget; None (the text repr then) for a game with no drawing adapter."""
        # the adapter that draws the widget's canvas draws this too: one drawing path
        from ..ui.contract import PromptOnlyUI, Style, ui_for
        ui = ui_for(self)
        return None if isinstance(ui, PromptOnlyUI) else ui.svg(self, Style())

    def encoding(self) -> Encoding:
        """This game's fixed integer actions and observations for learning agents (see
        :mod:`widgetpkg.core.encoding` and :mod:`widgetpkg.rl`), made for its players and options."""
        raise NotImplementedError(f"{self.name} declares no encoding for learning agents")

    def to_html(self, path: str | PurePath) -> PurePath:
        """Write a self-contained replay page of the steps played so far (see :mod:`widgetpkg.replay`)."""
        from ..replay import write_replay
        return write_replay(self, path)

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
    def _from_save(cls, data: dict[str, Any], **given: Any) -> Game:
        """The game a checked save envelope describes; ``given`` options replace the saved ones
        (the caller's own tile-set file, say). Every problem is a SaveFileError."""
        options, players = data["options"], data["players"]  # their structure: checked by parse_save
        cls.info.check_options(given)  # the caller's own options: their errors are theirs
        saved = {name: value for name, value in options.items() if name not in given}
        try:  # a save is data from anywhere: checked by the declared facts, never naming a file
            cls.info.check_options(saved)
            cls.info.check_inline(saved, SaveFileError)
        except InvalidOptionError as error:
            raise SaveFileError(f"cannot set up the saved game: {shorten(str(error), 200)}") from None
        try:
            game = cls(players=players, seed=data.get("seed"), **{**options, **given})
        except (InvalidOptionError, TypeError, ValueError) as error:
            if not isinstance(error, InvalidOptionError):  # say which option, if the declared facts can
                try:
                    cls.info.check_options(options)
                except InvalidOptionError as clearer:
                    error = clearer
            raise SaveFileError(f"cannot set up the saved game: {shorten(str(error), 200)}") from None
        for number, raw in enumerate(data["actions"], 1):
            action = action_from_json(raw, cls.action_types, f"action {number}")
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise SaveFileError(f"action {number} does not replay: {error}") from None
        game._redo.clear()
        return game

    # -- copying ----------------------------------------------------------------------------------
    def clone(self, *, resample_hidden: random.Random | None = None) -> Game:
        """An independent copy (history included) for search and what-if analysis.

        With ``resample_hidden``, what the players cannot see (the order of the piles) is drawn
        anew from that RNG, and the copy's own RNG (future dice, future shuffles) is reseeded from
        it too, so a search cannot peek at the real draws. Such a copy is for looking forward: its
        history starts empty, so it cannot be saved or undone past the point where it was made
        (its own moves can be). A plain clone costs a few container copies: the RNG is shared
        until one of the two games draws, and nothing is ever seeded from the OS.
        """
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in ("_scores", "_history", "_redo", *self._containers):
            setattr(twin, name, getattr(self, name).copy())
        # options hold a dict of switches at most: copied, so a copy never changes its original's
        twin.options = {k: v.copy() if isinstance(v, (dict, list)) else v for k, v in self.options.items()}
        if resample_hidden is not None:
            # the journals of earlier steps point into piles that are about to be reshuffled
            twin._history = []
            twin._redo = []
            # future dice and draws come from the game's RNG: reseed the copy's from ``rng`` too
            twin.rng = random.Random(resample_hidden.getrandbits(64))
            twin._resample_hidden(resample_hidden)
        else:
            # Copying a Mersenne Twister's state is most of what a clone would otherwise cost, and
            # many copies never draw: both games share the RNG object, marked shared, and
            # ``_random`` gives a game its own copy before its first draw.
            self.rng.shared = True  # type: ignore[attr-defined]
        return twin

    def _resample_hidden(self, rng: random.Random) -> None:  # noqa: B027  (optional: most games override it)
        """Hook: shuffle the hidden parts of the state (nothing by default)."""

    # -- journaled mutation ---------------------------------------------------------------------
    def _record(self, action: Action, *, check: bool = False) -> list[Event]:
        if check:
            reason = self._illegal(action)
            if reason is not None:  # both may quote input of any length: capped
                raise IllegalActionError(f"{clip(_describe(action), 100)}: {clip(reason, 300)}")
        journal: list[tuple] = []
        self._journal = journal
        try:
            events = self._play(action)
        except BaseException:
            self._journal = None
            self._rollback(journal)
            raise
        finally:
            self._journal = None
        self._history.append(Step(action, tuple(events), tuple(journal)))
        return events

    def _rollback(self, journal: Sequence[tuple]) -> None:
        """Undo the journal's changes, newest first; all or nothing: if an operation fails, the
        ones already undone are redone and the error is raised with the state as it was."""
        redo: list[tuple] = []
        try:
            for op in reversed(journal):
                redo.append(self._undo_op(op))
        except BaseException:
            for op in reversed(redo):
                self._redo_op(op)
            raise

    def _undo_op(self, op: tuple) -> tuple:
        """Undo one journal operation; return what puts it back (for ``_redo_op``)."""
        kind, name = op[0], op[1]
        if kind == "set":
            value = op[2]
            # a container from the journal is shared with every copy of the history: install a
            # copy of it, or a copy that undoes this step would change the original's state
            if isinstance(value, (dict, list, set)):
                value = value.copy()
            current = getattr(self, name)
            setattr(self, name, value)
            return ("set", name, current)
        if kind == "rng":
            # swapped, not mutated in place: the RNG object may be shared with a copy
            current = ("rng", self.rng)
            restored = random.Random.__new__(random.Random)
            restored.setstate(name)
            self.rng = restored
            return current
        container = getattr(self, name)
        if kind == "put":
            key, old = op[2], op[3]
            current = container[key]
            if old is _MISSING:
                del container[key]
            else:
                container[key] = old
            return ("put", name, key, current)  # a new key was the dict's last: putting it back is exact
        if kind == "del":
            key, value, place = op[2], op[3], op[4]
            if key in container:
                raise KeyError(f"{name}: {key!r} is already there")
            if place >= len(container):
                container[key] = value
            else:
                items = list(container.items())
                items.insert(place, (key, value))
                container.clear()
                container.update(items)
            return ("drop", name, key)
        if kind == "append":
            return ("append", name, container.pop())
        if kind == "truncate":
            tail = container[op[2]:]
            del container[op[2]:]
            return ("extend", name, tail)
        if kind == "pop":
            container.append(op[2])
            return ("pop", name)
        raise ValueError(f"unknown journal operation {kind!r}")

    def _redo_op(self, op: tuple) -> None:
        kind, name = op[0], op[1]
        if kind == "set":
            setattr(self, name, op[2])
        elif kind == "rng":
            self.rng = name
        elif kind == "put":
            getattr(self, name)[op[2]] = op[3]
        elif kind == "drop":
            del getattr(self, name)[op[2]]
        elif kind == "append":
            getattr(self, name).append(op[2])
        elif kind == "extend":
            getattr(self, name).extend(op[2])
        elif kind == "pop":
            getattr(self, name).pop()

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
        """The game's RNG, journaled so that undo restores it and redo draws the same again.

        Draw only through this: the RNG object may be shared with a clone until now."""
        rng = self.rng
        state = rng.getstate()  # an immutable tuple: the journal and the copy can share it
        if rng.__dict__.get("shared"):
            rng = self.rng = random.Random.__new__(random.Random)  # see ``_copy_rng``
            rng.setstate(state)
        self._journal.append(("rng", state))  # type: ignore[union-attr]
        return rng

    def _score(self, event: Scored) -> Scored:
        self._put("_scores", event.player, self._scores[event.player] + event.points)
        return event


def read_save(source: str | bytes | PurePath) -> str:
    """The text of a saved game given as text, UTF-8 bytes or a file path (``pathlib.Path``).

    A string is the JSON text itself; one that looks like a file name is refused with a hint
    (reading a file named by a string could read any file an untrusted caller names)."""
    if isinstance(source, PurePath):  # through the one reader of user files: a regular file, bounded
        from .files import read_text  # imported on use, like the schema below: import widgetpkg stays light

        return read_text(source, what="saved game", limit=MAX_SAVE_BYTES, error=SaveFileError)
    if isinstance(source, (bytes, bytearray)):
        if len(source) > MAX_SAVE_BYTES:
            raise SaveFileError(f"a saved game is at most {MAX_SAVE_BYTES} bytes; this one is larger")
        try:
            return bytes(source).decode("utf-8")
        except UnicodeDecodeError as error:
            raise SaveFileError(f"a saved game is UTF-8 text; byte {error.start} is not UTF-8") from None
    if not isinstance(source, str):
        raise SaveFileError(f"a saved game is JSON text or a pathlib.Path, got {type(source).__name__}")
    if len(source) > MAX_SAVE_BYTES:
        raise SaveFileError(f"a saved game is at most {MAX_SAVE_BYTES} characters; this one has {len(source)}")
    stripped = source.strip()
    if stripped and stripped[0] not in "{[" and "\n" not in stripped and (
            stripped.lower().endswith(".json") or "/" in stripped or "\\" in stripped):
        raise SaveFileError(f"{shorten(stripped)} looks like a file path, not a saved game; "
                            "to read a file, pass pathlib.Path(...)")
    return source


def parse_save(text: str | bytes | PurePath) -> dict[str, Any]:
    """Read and check the envelope of a saved game (no game-specific checks).

    Any input, however broken (deeply nested, huge numbers, not UTF-8), gives a SaveFileError."""
    text = read_save(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise SaveFileError("not a saved game: the JSON is nested too deeply") from None
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise SaveFileError(f"not a saved game: {shorten(str(error), 120)}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"not a widgetpkg saved game (expected \"format\": \"{SAVE_FORMAT}\")")
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError(f"unsupported save version {shorten(data.get('version'))} (this widgetpkg reads {SAVE_VERSION})")
    from .schema import check, load_schema

    check(load_schema(__package__, "save.schema.json"), data, what="saved game", error=SaveFileError)
    return data


def load_save(source: str | bytes | PurePath, **options: Any) -> Game:
    """Rebuild a game from ``Game.to_json()`` text, bytes or a ``pathlib.Path`` to such a file.

    ``options`` replace the saved game's own: a save may name only bundled data (a built-in tile
    set, say); a file of your own is passed here (``load_save(text, tileset=path)``)."""
    from .registry import game_class  # the registry imports this module

    data = parse_save(source)
    try:
        cls = game_class(data.get("game"))
    except InvalidOptionError as error:
        raise SaveFileError(str(error)) from None
    return cls._from_save(data, **options)
