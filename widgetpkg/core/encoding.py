"""A game as numbers, for learning agents: a fixed integer action space and flat observations.

Each game declares its encoding next to its rules (``games/<name>/encoding.py``) and returns it
from ``Game.encoding()``; :mod:`widgetpkg.rl` turns it into a PettingZoo environment without
naming a game. Plain Python lists here (no numpy): the engines run where numpy does not.

An encoding is made for one game's player count and options and stays valid for the whole game,
so ``action_count`` and the observation sizes never change while it is played:

- every legal action has an index in ``range(action_count)``, and
  ``action(game, action_index(game, a)) == a`` for every ``a`` in ``game.legal_actions()``;
- ``mask(game)`` is true exactly at the indices of the legal actions;
- ``observation(game, player)`` shows only what ``player`` may see (no hidden piles, no other
  player's hidden hand, no future dice), as named parts of fixed lengths (``parts``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


class Encoding(ABC):
    """The fixed action space and the observation of one game set-up (player count, options)."""

    #: how many action indices there are (a Discrete space of this size)
    action_count: int
    #: the observation's named parts and their lengths, in the order ``vector`` concatenates them
    parts: dict[str, int]

    @abstractmethod
    def action_index(self, game: Game, action: Action) -> int:
        """The index of ``action``, one of ``game.legal_actions()``."""

    @abstractmethod
    def observation(self, game: Game, player: str) -> dict[str, list[float]]:
        """What ``player`` sees now, part by part (each list as long as ``parts`` says)."""

    @property
    def observation_size(self) -> int:
        return sum(self.parts.values())

    def legal_indices(self, game: Game) -> dict[int, Action]:
        """The legal actions by index (a game may override this with something faster)."""
        return {self.action_index(game, a): a for a in game.legal_actions()}

    def indexed_legal_actions(self, game: Game) -> tuple[Sequence[int], Sequence[Action]]:
        """The indices of the legal actions and the actions, in one order: what
        :mod:`widgetpkg.rl` reads at every step (a game overrides this or ``legal_indices``)."""
        found = self.legal_indices(game)
        return list(found), list(found.values())

    def mask(self, game: Game) -> list[bool]:
        """True at the index of every legal action, False elsewhere."""
        mask = [False] * self.action_count
        for index in self.legal_indices(game):
            mask[index] = True
        return mask

    def action(self, game: Game, index: int) -> Action:
        """The legal action at ``index``; a clear error if there is none there now."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.action_count:
            raise IllegalActionError(f"action index must be an integer from 0 to {self.action_count - 1}, "
                                     f"got {index!r}"[:300])
        found = self.legal_indices(game).get(index)
        if found is None:
            raise IllegalActionError(f"action {index} is not legal now (see the action mask)")
        return found

    def vector(self, game: Game, player: str) -> list[float]:
        """The observation as one flat list, the parts in the order of ``parts``."""
        seen = self.observation(game, player)
        flat: list[float] = []
        for name, size in self.parts.items():
            values = seen[name]
            if len(values) != size:
                raise ValueError(f"observation part {name!r} has {len(values)} values, declared {size}")
            flat.extend(values)
        return flat

    def fill_vector(self, game: Game, player: str, out: Any) -> None:
        """Write ``vector(game, player)`` into ``out``: a writable vector of ``observation_size``
        zeros (a numpy float32 array, an ``array("f")``; a list works too).

        What ``packed_vector`` calls, at every step of :mod:`widgetpkg.rl`. A game overrides it to
        write only the nonzero entries (through a ``memoryview`` of ``out``: a numpy call costs as
        much as dozens of memoryview writes) and to copy parts it keeps between steps as packed arrays."""
        out[:] = self.vector(game, player)

    def packed_vector(self, game: Game, player: str) -> array[float]:
        """``vector(game, player)`` as a new packed float32 array, the caller's to keep:
        :mod:`widgetpkg.rl` wraps it as a numpy vector without a copy (``numpy.frombuffer``),
        which costs half of making a numpy vector of zeros to fill.

        Zeros filled by ``fill_vector``; a game that keeps its whole observation packed between
        steps overrides it to start from a copy of what it keeps."""
        out = self._packed_zeros[:]  # a copy at C speed
        self.fill_vector(game, player, out)
        return out

    @cached_property
    def _packed_zeros(self) -> array[float]:
        return array("f", bytes(4 * self.observation_size))

    def sparse_vector(self, game: Game, player: str) -> tuple[list[int], list[float]]:
        """The nonzero entries of ``vector(game, player)``: their positions and their values."""
        flat = self.vector(game, player)
        where = [i for i, value in enumerate(flat) if value]
        return where, [flat[i] for i in where]
