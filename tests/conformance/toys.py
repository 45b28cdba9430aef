"""Two toy games for the shared suite: small enough to read at a glance, with a hidden bag and
dice so that every part of the protocol (chance, hidden information, setup actions) is exercised.

Pebbles: players take turns; on a turn a player either draws a pebble from the bag (hidden order,
worth its number) or rolls a die (1-3 points, 6 busts to 0 for the turn's roll); a roll may be
followed by a second roll in the same turn (a turn of two actions), or the player stops. The game
ends when the bag is empty or after ``rounds`` rounds. It has no UI adapter: the generic views
offer every action through the prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from widgetpkg.core import Action, Event, Game, GameInfo, Note, Option, Scored, Term, register


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def __str__(self) -> str:
        return "draw a pebble"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll the die"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class SetBag(Action):
    """Arrange the bag (lessons and tests): the pebbles, the next one drawn last."""

    setup: ClassVar[bool] = True
    pebbles: tuple[int, ...]

    def __str__(self) -> str:
        return f"the bag holds {list(self.pebbles)}"


INFO = GameInfo(
    name="test-pebbles", title="Pebbles", min_players=1, max_players=4,
    options=(Option("rounds", 4, "Rounds", choices=(2, 4, 6)),),
    chance=True, hidden_information=True,
)


@register
class Pebbles(Game):
    name = INFO.name
    info = INFO
    action_types: ClassVar[dict[str, type[Action]]] = {"Draw": Draw, "Roll": Roll, "Stop": Stop, "SetBag": SetBag}
    _containers = ("_bag",)

    def __init__(self, *, players=("Red", "Blue"), rounds: int = 4, seed: int | None = None) -> None:
        super().__init__(players=players, seed=seed, options={"rounds": rounds})
        self.rounds = rounds
        self._bag = [1, 1, 2, 2, 3, 3, 4, 5]
        self.rng.shuffle(self._bag)
        self._turns = 0
        self._rolled = False

    @property
    def current_player(self) -> str | None:
        return None if self.is_over else self.players[self._turns % len(self.players)]

    @property
    def phase(self) -> str:
        if not self._bag or self._turns >= self.rounds * len(self.players):
            return "over"
        return "roll_again" if self._rolled else "choose"

    @property
    def turn(self) -> int:
        return self._turns

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return [Roll(), Stop()] if self._rolled else [Draw(), Roll()]

    def _illegal(self, action: Action) -> str | None:
        if isinstance(action, SetBag):
            ok = sorted(action.pebbles) == sorted(self._bag) and not self._rolled
            return None if ok else "the bag must hold the same pebbles, at the start of a turn"
        return None if action in self.legal_actions() else f"not possible now (phase {self.phase})"

    def _play(self, action: Action) -> list[Event]:
        player = self.current_player
        assert player is not None
        if isinstance(action, SetBag):
            for _ in range(len(self._bag)):
                self._pop("_bag")
            self._extend("_bag", list(action.pebbles))
            return [Note(str(action))]
        if isinstance(action, Draw):
            pebble = self._pop("_bag")
            return [self._score(Scored(player, "pebble", (Term(1, f"pebble of {pebble}", pebble),))), self._end()]
        if isinstance(action, Roll):
            die = self._random().randint(1, 6)
            events: list[Event] = [Note(f"{player} rolls {die}")]
            if die <= 3:
                events.append(self._score(Scored(player, "dice", (Term(die, "pips", 1),))))
            if self._rolled or die > 3:
                events.append(self._end())
            else:
                self._set("_rolled", True)
            return events
        return [self._end()]

    def _end(self) -> Event:
        self._set("_rolled", False)
        self._set("_turns", self._turns + 1)
        return Note("turn over")

    def _resample_hidden(self, rng) -> None:
        rng.shuffle(self._bag)
