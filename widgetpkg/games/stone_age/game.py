"""Stone Age (anniversary edition): the round as a state machine.

A round: every player places people on places in turn (``placement``); in turn order each player
resolves all their places (``resolution``; a place left as the only choice is resolved by the engine
within the step before, its events say so; with the sub-steps ``tools`` after a roll, ``pay`` at a
card, building or igloo, ``dice_for_all`` and ``choose_resources``); with "Die wilden Tiere" a full
animal flees and rewards its chasers (``animal_rewards``); everyone feeds their people
(``feeding`` when a player is short); then a new round or final scoring (``over``).

>>> import widgetpkg as wp
>>> g = wp.new_game("stone-age", players=["Ann", "Bob"], seed=3)
>>> g.phase, g.current_player, g.food("Ann"), g.people("Ann")
('placement', 'Ann', 12, 5)
>>> _ = g.apply(PlacePeople("hunt", 3))
>>> g.current_player
'Bob'
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePath
from typing import Any

from ...core import (
    Action,
    Event,
    Game,
    GameInfo,
    InvalidOptionError,
    Note,
    Option,
    Scored,
    Term,
    grammar,
    register,
)
from ...core.actions import arranged
from ...core.errors import clip, shorten
from ...core.game import MAX_SAVE_BYTES, one_of
from . import rules
from .actions import (
    ACTION_TYPES,
    ChooseDie,
    ChooseResources,
    Decline,
    Feed,
    PayBuilding,
    PayCard,
    PayIgloo,
    PlacePeople,
    Resolve,
    SetBuildingStack,
    SetNextCards,
    SetNextDice,
    SetPosition,
    Starve,
    TakeAnimalReward,
    UseResourceVoucher,
    UseTools,
    multiset_text,
)
from .data import RESOURCES, VALUE, Building, GameData, load_data, read_override
from .encoding import StoneAgeEncoding, encoding_for
from .heuristic import LEVELS, estimate
from .heuristic import terms as heuristic_terms
from .rules import (
    DIE_FOR_ALL,
    DIVISOR,
    DIVISOR_OF_GOOD,
    GOOD_OF,
    RESOURCE_CAPACITY,
    RESOURCE_PLACES,
    VILLAGE,
    building_payment_problem,
    building_payments,
    counts_of,
    dice_yield,
    payments,
    remove_values,
    sub_multisets,
    tool_tiles,
    unused_tiles,
    upgraded_used,
)
from .words import animal_words, place_name

VARIANTS = ("hard_winter", "wild_animals", "igloos")
#: "Red places", "You place": the same few openings of sentences at every step, worked out once
does = lru_cache(maxsize=1024)(grammar.does)


@dataclass(frozen=True, slots=True)
class Rolled(Note):
    """Dice rolled, or what a roll gave: unknown before it happens, so ``preview`` leaves it out.
    ``dice`` holds the faces rolled (empty for what a roll gave), for views that draw dice."""

    dice: tuple[int, ...] = ()

ANIMAL_PREFIX = "animal:"
START_FOOD = 12
START_PEOPLE = 5
STACKS = 4
STACK_SIZE = 7
DISPLAY = 4
INFO = GameInfo(
    name="stone-age",
    title="Stone Age (anniversary edition)",
    min_players=2,
    max_players=4,
    options=(
        Option("season", "winter", "Season", choices=("winter", "summer"),
               help="winter or summer boards: the same rules; the variants are winter-only"),
        Option("variants", None, "Winter variants", kind=dict,
               help='{"hard_winter": bool, "wild_animals": bool, "igloos": bool}',
               switches=("hard_winter", "wild_animals", "igloos")),
        Option("voucher_timing", "any_time", "2 resources of choice", choices=("any_time", "immediate"),
               help="the card's 2 resources are taken whenever you like (default) or at once (ruling Q12)"),
        Option("data", None, "Variant numbers", kind=(str, PurePath, dict), reads_file=True,
               help="a YAML path or mapping replacing the numbers the rulebook does not give"),
    ),
    chance=True,
    hidden_information=True,
    description="Place your people to hunt, gather, build and trade; feed them every round.",
    levels=LEVELS,
)


@register
class StoneAge(Game):
    """Stone Age, anniversary edition, for 2-4 players.

    Options (keyword-only): ``players`` (2-4 names or a count), ``season`` ("winter" or "summer"),
    ``variants`` ({"hard_winter", "wild_animals", "igloos"}: bool, winter only), ``data`` (a YAML
    path or mapping overriding the assumed variant numbers, see ``data/anniversary.yaml``), ``seed``.
    """

    name = INFO.name
    info = INFO
    action_types = ACTION_TYPES
    hidden_events = (Rolled,)
    _containers = ("_vouchers", "_food", "_goods", "_tools", "_used", "_one_use", "_people", "_agri", "_cards", "_buildings",
                   "_igloos_of", "_display", "_deck", "_stacks", "_at", "_occ", "_who", "_avail", "_animal_at")

    def __init__(self, *, players: Sequence[str] | int = 2, season: str = "winter",
                 variants: Mapping[str, bool] | None = None, data: str | PurePath | Mapping[str, Any] | None = None,
                 voucher_timing: str = "any_time", seed: int | None = None) -> None:
        names = INFO.player_names(players)
        _check_names(names)
        INFO.check_options({"season": season, "variants": variants, "data": data, "voucher_timing": voucher_timing})
        chosen = self._check_variants(season, variants)
        # what a file held, checked: the option's value from now on, so a save never names the file
        override = read_override(data) if data is not None else None
        if isinstance(override, Mapping):
            _check_save_room(override)
        self.data: GameData = load_data(override)
        options: dict[str, Any] = {"season": season}
        if voucher_timing != "any_time":
            options["voucher_timing"] = voucher_timing
        self.voucher_timing = voucher_timing
        if variants is not None:
            options["variants"] = dict(variants)
        if override is not None:
            options["data"] = override
        super().__init__(players=names, seed=seed, options=options)
        self.season = season
        self.variants: frozenset[str] = chosen
        self.n = len(names)
        self._setup()
        self._place_set = frozenset(self.places())
        #: how many players may use one resource place in a round
        self._resource_crowd = {2: 1, 3: 2}.get(self.n, 4)

    @staticmethod
    def _check_variants(season: str, variants: Mapping[str, bool] | None) -> frozenset[str]:
        if variants is None:
            return frozenset()
        chosen = set()
        for key, value in variants.items():
            if key not in VARIANTS:
                raise InvalidOptionError(f"Stone Age has no variant {shorten(key)}; the variants are: {', '.join(VARIANTS)}")
            if not isinstance(value, bool):
                raise InvalidOptionError(f"variant {key} must be true or false, got {shorten(value)}")
            if value:
                chosen.add(key)
        if chosen and season != "winter":
            which = f"variants {', '.join(sorted(chosen))} are" if len(chosen) > 1 else f"variant {min(chosen)} is"
            raise InvalidOptionError(
                f"the {which} played in winter only "
                "(\"Die Variante und die beiden Mini-Erweiterungen sind nur im Winter spielbar\")")
        return frozenset(chosen)

    # -- setup --------------------------------------------------------------------------------
    def _setup(self) -> None:
        ps = self.players
        self._food = {p: START_FOOD for p in ps}
        self._goods = {p: (0, 0, 0, 0) for p in ps}
        self._tools = {p: 0 for p in ps}
        self._used: dict[str, tuple[int, ...]] = {p: () for p in ps}
        self._one_use: dict[str, tuple[int, ...]] = {p: () for p in ps}
        #: "resources of choice" kept for later, by size (ruling Q12)
        self._vouchers: dict[str, tuple[int, ...]] = {p: () for p in ps}
        self._people = {p: START_PEOPLE for p in ps}
        self._agri = {p: 0 for p in ps}
        self._cards: dict[str, tuple[str, ...]] = {p: () for p in ps}
        self._buildings: dict[str, tuple[str, ...]] = {p: () for p in ps}
        self._igloos_of: dict[str, tuple[int, ...]] = {p: () for p in ps}
        self._at: dict[tuple[str, str], int] = {}   # (place, player) -> people, this round, unresolved
        self._occ: dict[str, int] = {}               # place -> people placed this round
        self._who: dict[str, tuple[str, ...]] = {}   # place -> players who placed there this round
        self._avail = {p: START_PEOPLE for p in ps}  # people still on the tableau during placement
        self._animal_at: dict[str, int] = {}         # people waiting at the active animal (kept over rounds)
        self._animal: str | None = None
        self._waiting: tuple[str, ...] = ()
        self._igloos_open: tuple[int, ...] = tuple(self.data.igloos) if "igloos" in self.variants else ()
        self._dice_queue: tuple[int, ...] = ()
        self._dice_pool: tuple[int, ...] = ()  # dice drawn from the RNG, not rolled yet (hidden)
        self._round = 1
        self._start = 0
        self._cur = 0
        self._turns = 0
        self._ends = False
        self._pending: tuple = ()
        self._phase = "placement"
        #: the legal actions of the current state, None until asked; derived, not saved
        self._legal_cache: tuple[Action, ...] | None = None
        # RNG order (fixed, so a seed is one game): cards, then animals into the rest, then buildings
        deck = list(self.data.cards)
        self.rng.shuffle(deck)
        # the deck's top is the end of the list; the display takes the first four from the top
        self._display: list[str | None] = [deck.pop() for _ in range(DISPLAY)]
        if "wild_animals" in self.variants:
            deck += [ANIMAL_PREFIX + a for a in self.data.animals]
            self.rng.shuffle(deck)
        self._deck: list[str] = deck
        tiles = list(self.data.building_tiles)
        self.rng.shuffle(tiles)
        self._stacks: dict[int, tuple[str, ...]] = {
            s + 1: tuple(tiles[s * STACK_SIZE:(s + 1) * STACK_SIZE]) for s in range(self.n)}

    # -- reading the state ----------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        phase, pending = self._phase, self._pending
        if phase in _TURN_PHASES:
            return self.players[self._cur]
        if phase == "over":
            return None
        if phase == "dice_for_all":
            return self.players[(self.players.index(pending[1]) + pending[3]) % self.n]
        if phase in ("choose_resources", "feeding"):
            return pending[1]
        if phase == "animal_rewards":
            return pending[1][0][0]
        return self.players[self._cur]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == "over"  # the base class's test, without the property in between

    @property
    def turn(self) -> int:
        return self._turns

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return self._round

    @property
    def start_player(self) -> str:
        return self.players[self._start]

    def food(self, player: str) -> int:
        return self._food[player]

    def resources(self, player: str) -> dict[str, int]:
        """{"wood": n, "clay": n, "stone": n, "gold": n}."""
        return dict(zip(RESOURCES, self._goods[player]))

    def at_home(self, player: str) -> int:
        """People still on the tableau to be placed this round (placement phase)."""
        return self._avail[player]

    def people(self, player: str) -> int:
        """All the player's people (at home, placed, or waiting at an animal)."""
        return self._people[player]

    def agriculture(self, player: str) -> int:
        return self._agri[player]

    def tools(self, player: str) -> int:
        """The tool level: the sum of the tool tiles' values (0-12)."""
        return self._tools[player]

    def tool_tiles(self, player: str) -> tuple[int, ...]:
        return tool_tiles(self._tools[player])

    def unused_tools(self, player: str) -> tuple[int, ...]:
        return unused_tiles(self._tools[player], self._used[player])

    def one_use_tools(self, player: str) -> tuple[int, ...]:
        return self._one_use[player]

    def vouchers(self, player: str) -> tuple[int, ...]:
        """Sizes of the "resources of your choice" the player kept for later."""
        return self._vouchers[player]

    def cards(self, player: str) -> tuple[str, ...]:
        return self._cards[player]

    def buildings(self, player: str) -> tuple[str, ...]:
        return self._buildings[player]

    def igloos(self, player: str) -> tuple[int, ...]:
        return self._igloos_of[player]

    @property
    def display(self) -> tuple[str | None, ...]:
        """Card ids by slot (slot 1 first, the rightmost and cheapest); None = empty."""
        return tuple(self._display)

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    def stack(self, s: int) -> tuple[str, ...]:
        """Building ids of stack ``s`` (1-based), top first (only the top is public)."""
        return tuple(reversed(self._stacks[s]))

    @property
    def active_animal(self) -> str | None:
        return self._animal

    @property
    def waiting_animals(self) -> tuple[str, ...]:
        return self._waiting

    def at_animal(self, player: str) -> int:
        return self._animal_at.get(player, 0)

    def placed(self) -> dict[tuple[str, str], int]:
        """Unresolved people on the board this round: {(place, player): count} (animal excluded)."""
        return dict(self._at)

    @property
    def pending(self) -> tuple:
        """What the game waits for, beyond the phase (the roll in ``tools``, the place in ``pay``...)."""
        return self._pending

    @property
    def ends_after_round(self) -> bool:
        """A building stack is empty: this round is the last."""
        return self._ends

    @property
    def next_dice(self) -> tuple[int, ...]:
        return self._dice_queue

    def spots(self, place: str) -> int | None:
        """How many people ``place`` holds in a round: 7 on a resource place, exactly 2 in the hut,
        one ring per player at the wild animal, 1 anywhere else; None on the hunting grounds, which
        have no limit ("JAGD (beliebig viele freie Plätze)").

        >>> import widgetpkg as wp
        >>> g = wp.new_game("stone-age", players=3, seed=1)
        >>> [g.spots(p) for p in ("hunt", "forest", "hut", "field", "card:2")]
        [None, 7, 2, 1, 1]
        """
        if place not in self._place_set:
            raise InvalidOptionError(f"there is no place {shorten(place)} (places: {', '.join(self.places())})")
        if place == "hunt":
            return None
        if place in RESOURCE_PLACES:
            return RESOURCE_CAPACITY
        return {"hut": 2, "animal": self.n}.get(place, 1)

    def places(self) -> list[str]:
        """Every place of this game, whether open now or not."""
        names = ["hunt", *RESOURCE_PLACES, *VILLAGE, *(f"card:{k}" for k in range(1, DISPLAY + 1)),
                 *(f"building:{s}" for s in range(1, self.n + 1))]
        if "igloos" in self.variants:
            names += [f"igloo:{i}" for i in self.data.igloos]
        if "wild_animals" in self.variants:
            names.append("animal")
        return names

    # -- legality -------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        cached = self._legal_cache
        if cached is None:
            actions = self._decisions()
            p = self.current_player
            kept = self._vouchers[p] if p is not None else ()
            if kept:
                for amount in sorted(set(kept)):
                    actions += _voucher_actions(amount)
            # kept until the state changes (every change goes through _play or undo), so that
            # ``apply`` plays one of these very objects without checking it again (``_listed``)
            cached = self._legal_cache = tuple(actions)
        return list(cached)

    def undo(self) -> Action:
        action = super().undo()
        self._legal_cache = None
        return action

    def _decisions(self) -> list[Action]:
        phase = self._phase
        if phase == "placement":
            return self._placements(self.players[self._cur])
        if phase == "resolution":
            p = self.players[self._cur]
            return [_RESOLVE[place] if place in _RESOLVE else Resolve(place) for (place, who) in self._at if who == p]
        if phase == "tools":
            p = self._pending[1]
            return list(_tool_actions(self.unused_tools(p), self._one_use[p]))
        if phase == "pay":
            return self._payment_actions()
        if phase == "dice_for_all":
            return [ChooseDie(f) for f in sorted(set(self._pending[2]))]
        if phase == "choose_resources":
            return list(_choose_actions(self._pending[2]))
        if phase == "animal_rewards":
            die = self._pending[1][0][1]
            return [TakeAnimalReward(die, die), TakeAnimalReward(die, 1)]
        if phase == "feeding":
            p, deficit = self._pending[1], self._pending[2]
            return list(_feed_actions(_capped(self._goods[p], deficit), deficit))
        return []

    def _placements(self, p: str) -> list[Action]:
        avail = self._avail[p]
        if avail <= 0:
            return []
        actions: list[Action] = []
        occ, who = self._occ, self._who   # during placement, who stands where this round
        if p not in who.get("hunt", ()):
            actions += _PLACE_ACTIONS["hunt"][:avail]
        crowd = self._resource_crowd
        for place in RESOURCE_PLACES:
            # inlined _resource_room: this runs at every placement
            there = who.get(place, ())
            if p not in there and len(there) < crowd:
                room = RESOURCE_CAPACITY - occ.get(place, 0)
                if room > 0:
                    actions += _PLACE_ACTIONS[place][:avail if avail < room else room]
        if self.n == 4 or ("tool_maker" in occ) + ("hut" in occ) + ("field" in occ) < 2:
            for place in VILLAGE:
                if place not in occ and (avail >= 2 or place != "hut"):
                    actions.append(_PLACE_ONE[place])
        display = self._display
        for k in range(DISPLAY):
            if display[k] is not None and _CARD_PLACES[k] not in occ:
                actions.append(_PLACE_ONE[_CARD_PLACES[k]])
        for s, stack in self._stacks.items():
            if stack and _BUILDING_PLACES[s] not in occ:
                actions.append(_PLACE_ONE[_BUILDING_PLACES[s]])
        for i in self._igloos_open:
            if f"igloo:{i}" not in occ:
                actions.append(_igloo_placement(i))
        if self._animal is not None and sum(self._animal_at.values()) < self.n:
            actions.append(_PLACE_ONE["animal"])
        return actions

    def _can_place(self, p: str) -> bool:
        """Whether ``p`` has a legal placement (cheap when the hunt is still open to them)."""
        avail = self._avail[p]
        if avail <= 0:
            return False
        return p not in self._who.get("hunt", ()) or bool(self._placements(p))

    def _resource_room(self, place: str, p: str) -> int:
        if (place, p) in self._at:
            return 0
        if len(self._who.get(place, ())) >= self._resource_crowd:
            return 0
        return RESOURCE_CAPACITY - self._occ.get(place, 0)

    def _placement_problem(self, p: str, place: str, count: int) -> str | None:
        if count < 1:
            return "place at least 1 person"
        if count > self._avail[p]:
            return f"{does(p, 'has')} only {self._avail[p]} people left to place"
        if place == "animal":
            if self._animal is None:
                return "no wild animal is active"
            if count != 1:
                return "one person at a time goes to the wild animal"
            if sum(self._animal_at.values()) >= self.n:
                return "the wild animal has no free ring"
            return None
        if place not in self._place_set:
            return f"there is no place {place!r} (places: {', '.join(self.places())})"
        if (place, p) in self._at or p in self._who.get(place, ()):
            return f"{p} already placed at {place} this round (\"keine weiteren Personen auf denselben Ort\")"
        if place == "hunt":
            return None
        if place in RESOURCE_PLACES:
            room = self._resource_room(place, p)
            if room <= 0 and self._occ.get(place, 0) < RESOURCE_CAPACITY:
                limit = "only 1 player" if self.n == 2 else "only 2 players"
                return f"with {self.n} players {limit} may use {place} in a round"
            if count > room:
                return f"{place} has room for {room} more people (7 in all)"
            return None
        if place in self._occ:
            return f"{place} is full"
        need = self.spots(place) or 1  # every place but the hunting grounds has its spots
        if count != need:
            return f"{place} takes exactly {need} {'people' if need > 1 else 'person'}"
        if place in VILLAGE:
            if self.n < 4 and sum(1 for v in VILLAGE if v in self._occ) >= 2:
                return f"with {self.n} players only 2 of the 3 village places may be used in a round"
            return None
        kind, _, index = place.partition(":")
        i = int(index)
        if kind == "card" and self._display[i - 1] is None:
            return f"card slot {i} is empty"
        if kind == "building" and not self._stacks[i]:
            return f"building stack {i} is empty"
        if kind == "igloo" and i not in self._igloos_open:
            return f"igloo {i} is built"
        return None

    def _payment_actions(self) -> list[Action]:
        p = self.players[self._cur]
        place = self._pending[1]
        held = self._goods[p]
        kind, _, index = place.partition(":")
        hard = "hard_winter" in self.variants
        actions: list[Action] = []
        if kind == "card":
            size = int(index)
            # holding more than size + 1 of a kind changes nothing: a small cache key
            actions += _card_actions(_capped(held, size + 1), size, hard)
        elif kind == "building":
            building = self.data.buildings[self._stacks[int(index)][-1]]
            # holding more than the most a building takes, plus one, changes nothing: a small cache key
            cap = max(building.count, sum(building.cost)) + 1
            actions += _building_actions(building, _capped(held, cap), hard)
        else:
            igloo = self.data.igloos[int(index)]
            if all(h >= c for h, c in zip(held, igloo.cost)):
                items = rules.as_items(igloo.cost)
                actions.append(PayIgloo(items))
                if hard and self.data.igloos_insulatable and held[2] > igloo.cost[2]:
                    actions.append(PayIgloo(items, insulate=True))
        actions.append(_DECLINE)
        return actions

    def _listed(self, action: Action) -> bool:
        return one_of(action, self._legal_cache)

    def _illegal(self, action: Action) -> str | None:
        if isinstance(action, SetNextDice):
            bad = [f for f in action.faces if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6]
            if bad or not action.faces:
                return f"dice faces are 1 to 6, got {list(action.faces)}"
            return "the game is over" if self._phase == "over" else None
        if isinstance(action, SetNextCards):
            return self._arrange_cards_problem(action.cards)
        if isinstance(action, SetBuildingStack):
            return self._arrange_stack_problem(action.stack, action.buildings)
        if isinstance(action, SetPosition):
            from .notation import PositionError, parse_position
            try:
                parse_position(action.text).check(self)
            except PositionError as error:
                return str(error)
            return None
        phase = self._phase
        if phase == "over":
            return "the game is over"
        p = self.current_player
        assert p is not None, "someone is to move until the game is over"
        if isinstance(action, UseResourceVoucher):
            counts = counts_of(action.resources)
            kept = self._vouchers[p]
            if counts is None or sum(counts) not in kept:
                sizes = " or ".join(map(str, sorted(set(kept))))
                return (f"{does(p, 'has')} no resources of choice kept for later" if not kept
                        else f"take {sizes} resources (wood, clay, stone, gold)")
            return None
        wanted = _PHASE_OF[type(action)]  # every registered action type but the voucher is listed
        if phase not in wanted:
            return f"it is time for {phase.replace('_', ' ')}, not {type(action).__name__}"
        if isinstance(action, PlacePeople):
            if not isinstance(action.place, str) or not isinstance(action.count, int) or isinstance(action.count, bool):
                return "a placement names a place and a number of people"
            return self._placement_problem(p, action.place, action.count)
        if isinstance(action, Resolve):
            if action.place == "animal":
                return "people at the wild animal stay until it flees"
            if (action.place, p) not in self._at:
                return f"{does(p, 'has')} no unresolved people at {action.place}"
            return None
        if isinstance(action, UseTools):
            tiles = remove_values(self.unused_tools(p), action.tiles)
            if tiles is None:
                return f"{p}'s unused tool tiles are {list(self.unused_tools(p)) or 'none'} (each once per round)"
            if remove_values(self._one_use[p], action.one_use) is None:
                return f"{p}'s one-use tools are {list(self._one_use[p]) or 'none'}"
            return None
        if isinstance(action, (PayCard, PayBuilding, PayIgloo, Decline)):
            return self._pay_problem(p, action)
        if isinstance(action, ChooseDie):
            if action.face not in self._pending[2]:
                return f"the remaining dice are {sorted(self._pending[2])}"
            return None
        if isinstance(action, ChooseResources):
            counts = counts_of(action.resources)
            if counts is None or sum(counts) != self._pending[2]:
                return f"take exactly {self._pending[2]} resources (wood, clay, stone, gold)"
            return None
        if isinstance(action, TakeAnimalReward):
            die = self._pending[1][0][1]
            if action.die != die or action.face not in (die, 1):
                return f"the die to use shows {die}: take its reward or that of a 1"
            return None
        if isinstance(action, Feed):
            counts = counts_of(action.payment)
            deficit = self._pending[2]
            if counts is None or sum(counts) != deficit:
                return f"{p} must replace exactly {deficit} missing food with resources (or go hungry)"
            if any(c > h for c, h in zip(counts, self._goods[p])):
                return f"{does(p, 'does')} not have {multiset_text(action.payment)}"
            return None
        return None  # Starve is always allowed in feeding

    def _pay_problem(self, p: str, action: PayCard | PayBuilding | PayIgloo | Decline) -> str | None:
        place = self._pending[1]
        kind, _, index = place.partition(":")
        if isinstance(action, Decline):
            return None
        expected = {"card": PayCard, "building": PayBuilding, "igloo": PayIgloo}[kind]
        if not isinstance(action, expected):
            return f"{place} is paid with {expected.__name__}"
        counts = counts_of(action.payment)
        if counts is None:
            return "pay with wood, clay, stone and gold only (food is not a resource)"
        held = self._goods[p]
        extra = (0, 0, 0, 0)
        hard = "hard_winter" in self.variants
        if isinstance(action, PayCard):
            if sum(counts) != int(index):
                return f"the card in slot {index} costs {index} resources of any kinds"
            if action.gold_bonus:
                if not hard:
                    return "the gold bonus is part of the variant \"Der Winter ist hart\""
                extra = (0, 0, 0, 1)
        elif isinstance(action, PayBuilding):
            building = self.data.buildings[self._stacks[int(index)][-1]]
            problem = building_payment_problem(building, counts)
            if problem:
                return problem
            if action.insulate:
                if not hard or building.kind != "fixed":
                    return "only fixed-cost buildings can be insulated, in \"Der Winter ist hart\""
                extra = (0, 0, 1, 0)
        else:
            igloo = self.data.igloos[int(index)]
            if counts != igloo.cost:
                return f"igloo {index} costs {multiset_text(rules.as_items(igloo.cost))}"
            if action.insulate:
                if not hard or not self.data.igloos_insulatable:
                    return "igloos are insulated only in \"Der Winter ist hart\" (and when the data allows it)"
                extra = (0, 0, 1, 0)
        if any(c + e > h for c, e, h in zip(counts, extra, held)):
            return f"{does(p, 'does')} not have {multiset_text(action.payment)}" + (" and the extra resource" if any(extra) else "")
        return None

    # -- playing --------------------------------------------------------------------------------
    def _play(self, action: Action) -> list[Event]:
        self._legal_cache = None
        handler = _HANDLER_FUNCTION.get(type(action))
        if handler is None:
            return self._arrange(action)
        events: list[Event] = []
        if type(action) is PlacePeople:   # a placement always ends the turn
            handler(self, action, events)
        else:
            before = self.current_player
            handler(self, action, events)
            if self._phase != "over" and self.current_player == before:
                return events
        self._set("_turns", self._turns + 1)
        return events

    def _arrange(self, action: Action) -> list[Event]:
        """The steps that arrange the game (lessons, tests) rather than play it."""
        if isinstance(action, SetNextDice):
            self._set("_dice_queue", self._dice_queue + tuple(action.faces))
            return [Note(str(action))]
        if isinstance(action, SetNextCards):
            return self._arrange_cards(action.cards)
        if isinstance(action, SetBuildingStack):
            return self._arrange_stack(action.stack, action.buildings)
        assert isinstance(action, SetPosition)
        from .notation import apply_position, parse_position
        return apply_position(self, parse_position(action.text))

    # placement
    def _do_place(self, action: PlacePeople, events: list[Event]) -> None:
        p = self.players[self._cur]
        place, count = action.place, action.count
        self._put("_avail", p, self._avail[p] - count)
        if place == "animal":
            self._put("_animal_at", p, self._animal_at.get(p, 0) + 1)
        else:
            self._put("_at", (place, p), count)
            self._put("_occ", place, self._occ.get(place, 0) + count)
            self._put("_who", place, self._who.get(place, ()) + (p,))
        events.append(Note(f"{does(p, 'places')} {count} {'person' if count == 1 else 'people'} at {place_name(place)}"))
        self._next_placer(events, self._cur + 1)

    def _next_placer(self, events: list[Event], first: int) -> None:
        for step in range(self.n):
            i = (first + step) % self.n
            if self._can_place(self.players[i]):
                if i != self._cur:
                    self._set("_cur", i)
                return
        self._begin_resolution(events)

    # resolution
    def _begin_resolution(self, events: list[Event]) -> None:
        # emptied as a whole: one journal entry each rather than one per place
        if self._occ:
            self._set("_occ", {})
        if self._who:
            self._set("_who", {})
        for p in self.players:
            if self._avail[p]:
                self._put("_avail", p, 0)
        self._set("_phase", "resolution")
        events.append(Note("everyone has placed: resolve the places"))
        self._next_resolver(events, self._start)

    def _next_resolver(self, events: list[Event], first: int) -> None:
        waiting = {who for (_, who) in self._at}
        for step in range(self.n):
            i = (first + step) % self.n
            p = self.players[i]
            if p in waiting:
                if i != self._cur:
                    self._set("_cur", i)
                self._resolve_if_forced(p, [place for (place, who) in self._at if who == p], events)
                return
        self._animal_check(events)

    def _resolve_if_forced(self, p: str, left: list[str], events: list[Event]) -> None:
        """A resolver with one place ``left`` and no resources of choice kept has nothing to decide:
        the engine resolves it within the step that led here (its events say so; a replay of
        the steps does the same, so it is exact)."""
        if len(left) == 1 and not self._vouchers[p]:
            events.append(Note(f"{does(p, 'resolves')} {place_name(left[0])}, the only place left"))
            self._do_resolve(_RESOLVE.get(left[0]) or Resolve(left[0]), events)

    def _continue_resolution(self, events: list[Event]) -> None:
        """Back from a sub-step: the same player goes on, or the next one resolves."""
        if self._phase != "resolution":
            self._set("_phase", "resolution")
        if self._pending:
            self._set("_pending", ())
        p = self.players[self._cur]
        left = [place for (place, who) in self._at if who == p]
        if left:
            self._resolve_if_forced(p, left, events)
        else:
            # players before this one have resolved everything: only later ones can be waiting
            self._next_resolver(events, self._cur + 1)

    def _do_resolve(self, action: Resolve, events: list[Event]) -> None:
        p = self.players[self._cur]
        place = action.place
        count = self._at[(place, p)]
        self._delete("_at", (place, p))
        if place == "tool_maker":
            self._gain_tool(p, events, "the tool maker")
        elif place == "hut":
            if self._people[p] < self.data.people_max:
                self._put("_people", p, self._people[p] + 1)
                events.append(Note(f"{does(p, 'gains')} a person at the hut: {self._people[p]} people"))
            else:
                events.append(Note(f"{p} already has {self.data.people_max} people: the hut gives nothing"))
        elif place == "field":
            self._gain_agriculture(p, events, "the field")
        elif place in DIVISOR:
            self._roll_for(p, place, GOOD_OF[place], count, events)
            return
        else:
            self._set("_phase", "pay")
            self._set("_pending", ("pay", place))
            return
        self._continue_resolution(events)

    def _gain_tool(self, p: str, events: list[Event], source: str) -> None:
        level = self._tools[p]
        if level >= self.data.tools_max:
            events.append(Note(f"{p} already has {level} tools: {source} gives nothing"))
            return
        self._put("_used", p, upgraded_used(level, self._used[p]))
        self._put("_tools", p, level + 1)
        events.append(Note(f"{does(p, 'gains')} a tool from {source}: tiles {'+'.join(map(str, tool_tiles(level + 1)))}"))

    def _gain_agriculture(self, p: str, events: list[Event], source: str) -> None:
        if self._agri[p] >= self.data.agriculture_max:
            events.append(Note(f"{does(p, 'is')} at the top of the agriculture track: {source} gives nothing"))
            return
        self._put("_agri", p, self._agri[p] + 1)
        events.append(Note(f"{does(p, 'moves')} up the agriculture track from {source}: {self._agri[p]}"))

    def _roll(self, count: int) -> tuple[int, ...]:
        queue = self._dice_queue
        if len(queue) >= count:
            self._set("_dice_queue", queue[count:])
            return queue[:count]
        faces = queue
        if queue:
            self._set("_dice_queue", ())
        need = count - len(faces)
        pool = self._dice_pool
        if len(pool) < need:
            # the RNG's state is journaled at each draw, which costs more than the dice: draw many
            # at once; the pool is hidden (a resampled copy forgets it) and undone like the rest
            pool += tuple(self._random().choices(_FACES, k=_POOL_SIZE))
        self._set("_dice_pool", pool[need:])
        return faces + pool[:need]

    @property
    def malus(self) -> int:
        """The active animal's dice malus (0 without one)."""
        return self.data.animals[self._animal[len(ANIMAL_PREFIX):]].malus if self._animal else 0

    def _roll_for(self, p: str, place: str, good: str, count: int, events: list[Event]) -> None:
        dice = self._roll(count)
        malus = self.malus
        shown = "+".join(map(str, dice))
        events.append(Rolled(f"{does(p, 'rolls')} {count} {'die' if count == 1 else 'dice'} at {'the card' if place in self.data.cards else place_name(place)}: {shown} = {sum(dice)}"
                           + (f", animal -{malus}" if malus else ""), dice=tuple(dice)))
        if self.unused_tools(p) or self._one_use[p]:
            self._set("_phase", "tools")
            self._set("_pending", ("tools", p, place, good, dice, malus))
            return
        self._take_yield(p, good, dice, 0, malus, events)
        self._continue_resolution(events)

    def _take_yield(self, p: str, good: str, dice: tuple[int, ...], tools: int, malus: int, events: list[Event],
                    used: str = "") -> None:
        units = dice_yield(dice, tools=tools, malus=malus, divisor=DIVISOR_OF_GOOD[good])
        total = sum(dice) + tools - malus
        if used:
            events.append(Note(f"{p} used tools {used}: {sum(dice) - malus} -> {total} -> {units} {good}"))
        else:
            events.append(Rolled(f"{does(p, 'gets')} {units} {good} ({total} // {DIVISOR_OF_GOOD[good]})"))
        if units:
            self._gain(p, good, units)

    def _gain(self, p: str, good: str, amount: int) -> None:
        if good == "food":
            self._put("_food", p, self._food[p] + amount)
        else:
            i = RESOURCES.index(good)
            goods = list(self._goods[p])
            goods[i] += amount
            self._put("_goods", p, tuple(goods))

    def _do_tools(self, action: UseTools, events: list[Event]) -> None:
        _, p, _, good, dice, malus = self._pending
        if action.tiles:
            self._put("_used", p, tuple(sorted(self._used[p] + tuple(action.tiles), reverse=True)))
        if action.one_use:
            self._put("_one_use", p, remove_values(self._one_use[p], action.one_use))
        used = "+".join(map(str, action.tiles))
        if action.one_use:
            used += (" and " if used else "") + "one-use " + "+".join(map(str, action.one_use))
        self._take_yield(p, good, dice, sum(action.tiles) + sum(action.one_use), malus, events, used)
        self._continue_resolution(events)

    # paying for cards, buildings, igloos
    def _do_decline(self, action: Decline, events: list[Event]) -> None:
        events.append(Note(f"{does(self.players[self._cur], 'declines')} {place_name(self._pending[1])}"))
        self._continue_resolution(events)

    def _pay(self, p: str, items: Sequence[str], extra: str | None = None) -> None:
        counts = list(self._goods[p])
        for item in list(items) + ([extra] if extra else []):
            counts[RESOURCES.index(item)] -= 1
        self._put("_goods", p, tuple(counts))

    def _do_pay_card(self, action: PayCard, events: list[Event]) -> None:
        p = self.players[self._cur]
        slot = int(self._pending[1].partition(":")[2])
        card_id = self._display[slot - 1]
        assert card_id is not None, "legality checked that the slot holds a card"
        self._pay(p, action.payment, "gold" if action.gold_bonus else None)
        self._put("_display", slot - 1, None)
        self._put("_cards", p, self._cards[p] + (card_id,))
        events.append(Note(f"{does(p, 'pays')} {multiset_text(action.payment)} for the card in slot {slot}"))
        ref = (("card", card_id),)
        if action.gold_bonus:
            events.append(self._score(Scored(p, "gold trade", (Term(1, "gold", self.data.gold_trade_points),), refs=ref)))
        self._card_top(p, card_id, events)

    def _card_top(self, p: str, card_id: str, events: list[Event]) -> None:
        kind, param, amount = self.data.cards[card_id].top
        ref = (("card", card_id),)
        if kind == "food":
            self._gain(p, "food", amount)
            events.append(Note(f"{does(p, 'takes')} {amount} food from the card"))
        elif kind == "resource":
            self._gain(p, param, amount)
            events.append(Note(f"{does(p, 'takes')} {amount} {param} from the card"))
        elif kind == "points":
            events.append(self._score(Scored(p, "card tops", (Term(1, "card", amount),), refs=ref)))
        elif kind == "tool":
            self._gain_tool(p, events, "a card")
        elif kind == "agriculture":
            self._gain_agriculture(p, events, "a card")
        elif kind == "one_use_tool":
            self._put("_one_use", p, tuple(sorted(self._one_use[p] + (amount,), reverse=True)))
            events.append(Note(f"{does(p, 'takes')} a one-use tool {amount} from the card"))
        elif kind == "extra_card":
            self._extra_card(p, events)
        elif kind == "any_resources":
            if self.voucher_timing == "immediate":
                self._set("_phase", "choose_resources")
                self._set("_pending", ("choose_resources", p, amount, "resolution"))
                return
            self._put("_vouchers", p, self._vouchers[p] + (amount,))
            events.append(Note(f"{does(p, 'keeps')} {amount} resources of choice for later"))
        elif kind == "resource_dice":
            self._roll_for(p, card_id, param, 2, events)
            return
        elif kind == "dice_for_all":
            dice = self._roll(self.n)
            events.append(Rolled(f"dice for everyone: {', '.join(map(str, dice))}; {does(p, 'chooses')} first", dice=tuple(dice)))
            self._set("_phase", "dice_for_all")
            self._set("_pending", ("dice_for_all", p, dice, 0))
            self._dice_for_all_step(events)
            return
        self._continue_resolution(events)

    def _extra_card(self, p: str, events: list[Event]) -> None:
        while self._deck:
            card_id = self._pop("_deck")
            if card_id.startswith(ANIMAL_PREFIX):
                # ruling Q23: an animal drawn mid-round waits for the next round start
                self._set("_waiting", self._waiting + (card_id,))
                events.append(Note(f"{animal_words(card_id)} is revealed and waits beside the board"))
                continue
            self._put("_cards", p, self._cards[p] + (card_id,))
            events.append(Note(f"{does(p, 'draws')} an extra card (its bottom counts at the end)"))
            return
        events.append(Note("the deck is empty: no extra card"))

    def _dice_for_all_step(self, events: list[Event]) -> None:
        """The last chooser takes the last die without a decision."""
        _, buyer, dice, done = self._pending
        if len(dice) == 1:
            chooser = self.players[(self.players.index(buyer) + done) % self.n]
            self._take_die(chooser, dice[0], events)
            self._continue_resolution(events)

    def _take_die(self, p: str, face: int, events: list[Event]) -> None:
        good = DIE_FOR_ALL[face]
        events.append(Note(f"{does(p, 'takes')} the die {face}: {good}"))
        if good == "tool":
            self._gain_tool(p, events, "the dice")
        elif good == "agriculture":
            self._gain_agriculture(p, events, "the dice")
        else:
            self._gain(p, good, 1)

    def _do_choose_die(self, action: ChooseDie, events: list[Event]) -> None:
        _, buyer, dice, done = self._pending
        chooser = self.players[(self.players.index(buyer) + done) % self.n]
        self._take_die(chooser, action.face, events)
        rest = list(dice)
        rest.remove(action.face)
        self._set("_pending", ("dice_for_all", buyer, tuple(rest), done + 1))
        self._dice_for_all_step(events)

    def _do_voucher(self, action: UseResourceVoucher, events: list[Event]) -> None:
        p = self.current_player
        counts = counts_of(action.resources)
        assert p is not None and counts is not None, "legality checked the player and the resources"
        kept = list(self._vouchers[p])
        kept.remove(sum(counts))
        self._put("_vouchers", p, tuple(kept))
        self._put("_goods", p, tuple(h + c for h, c in zip(self._goods[p], counts)))
        events.append(Note(f"{does(p, 'takes')} {multiset_text(action.resources)} (resources of choice kept for later)"))

    def _do_choose_resources(self, action: ChooseResources, events: list[Event]) -> None:
        _, p, _, back = self._pending
        counts = counts_of(action.resources)
        assert counts is not None, "legality checked the resources"
        self._put("_goods", p, tuple(h + c for h, c in zip(self._goods[p], counts)))
        events.append(Note(f"{does(p, 'takes')} {multiset_text(action.resources)}"))
        if back == "resolution":
            self._continue_resolution(events)
        else:
            self._set("_phase", "animal_rewards")
            self._set("_pending", back)
            self._next_reward(events)

    def _do_pay_building(self, action: PayBuilding, events: list[Event]) -> None:
        p = self.players[self._cur]
        s = int(self._pending[1].partition(":")[2])
        stack = self._stacks[s]
        building = self.data.buildings[stack[-1]]
        self._pay(p, action.payment, "stone" if action.insulate else None)
        self._put("_stacks", s, stack[:-1])
        self._put("_buildings", p, self._buildings[p] + (building.id,))
        ref = (("building", building.id),)
        terms: tuple[Term, ...]
        if building.kind == "fixed":
            terms = (Term(1, "building", building.points),)
        else:
            counts = counts_of(action.payment)
            assert counts is not None, "legality checked the payment"
            terms = tuple(Term(n, r, VALUE[r]) for r, n in zip(RESOURCES, counts) if n)
        events.append(self._score(Scored(p, "buildings", terms, detail=multiset_text(action.payment), refs=ref)))
        if action.insulate:
            events.append(self._score(Scored(p, "insulation", (Term(1, "stone", self.data.insulation_points),), refs=ref)))
        if not stack[:-1]:
            self._set("_ends", True)
            events.append(Note(f"building stack {s} is empty: this round is the last"))
        self._continue_resolution(events)

    def _do_pay_igloo(self, action: PayIgloo, events: list[Event]) -> None:
        p = self.players[self._cur]
        i = int(self._pending[1].partition(":")[2])
        igloo = self.data.igloos[i]
        self._pay(p, action.payment, "stone" if action.insulate else None)
        self._set("_igloos_open", tuple(x for x in self._igloos_open if x != i))
        self._put("_igloos_of", p, self._igloos_of[p] + (i,))
        ref = (("igloo", i),)
        events.append(self._score(Scored(p, "igloos", (Term(1, f"igloo {i}", igloo.points),), refs=ref)))
        if action.insulate:
            events.append(self._score(Scored(p, "insulation", (Term(1, "stone", self.data.insulation_points),), refs=ref)))
        self._continue_resolution(events)

    # the wild animal
    def _animal_check(self, events: list[Event]) -> None:
        if self._pending:
            self._set("_pending", ())
        if self._animal is None or sum(self._animal_at.values()) < self.n:
            if self._animal is not None:
                events.append(Note(f"the {animal_words(self._animal)} stays: its rings are not full"))
            self._begin_feeding(events)
            return
        queue = []
        for step in range(self.n):
            p = self.players[(self._start + step) % self.n]
            count = self._animal_at.get(p, 0)
            if count:
                dice = self._roll(count)
                events.append(Rolled(f"{does(p, 'rolls')} for the reward: {', '.join(map(str, dice))}", dice=tuple(dice)))
                queue += [(p, d) for d in dice]
        self._set("_phase", "animal_rewards")
        self._set("_pending", ("animal_rewards", tuple(queue)))
        self._next_reward(events)

    def _next_reward(self, events: list[Event]) -> None:
        """Apply rewards that need no choice (a rolled 1); stop at the next choice or finish."""
        while True:
            queue = self._pending[1]
            if not queue:
                assert self._animal is not None, "rewards are queued only while an animal is out"
                name = animal_words(self._animal)
                events.append(Note(f"the {name} flees; its chasers go home"))
                for p in list(self._animal_at):
                    self._delete("_animal_at", p)
                self._set("_animal", None)
                self._set("_pending", ())
                self._begin_feeding(events)
                return
            if queue[0][1] != 1:
                return
            self._reward(queue[0][0], 1, events)
            if self._phase != "animal_rewards":
                return

    def _reward(self, p: str, face: int, events: list[Event]) -> None:
        kind, amount = self.data.rewards[face]
        rest = ("animal_rewards", self._pending[1][1:])
        self._set("_pending", rest)
        ref = (("place", "animal"),)
        if kind == "points":
            events.append(self._score(Scored(p, "animal rewards", (Term(1, f"face {face}", amount),), refs=ref)))
        elif kind == "food":
            self._gain(p, "food", amount)
            events.append(Note(f"{does(p, 'takes')} {amount} food (animal reward)"))
        elif kind == "tool":
            for _ in range(amount):
                self._gain_tool(p, events, "the animal")
        else:
            self._set("_phase", "choose_resources")
            self._set("_pending", ("choose_resources", p, amount, rest))

    def _do_animal_reward(self, action: TakeAnimalReward, events: list[Event]) -> None:
        self._reward(self._pending[1][0][0], action.face, events)
        if self._phase == "animal_rewards":
            self._next_reward(events)

    # feeding
    def _begin_feeding(self, events: list[Event]) -> None:
        self._set("_phase", "feeding")
        order = tuple(self.players[(self._start + i) % self.n] for i in range(self.n))
        self._feed_from(order, events)

    def _feed_from(self, order: tuple[str, ...], events: list[Event]) -> None:
        for index, p in enumerate(order):
            need = self._people[p] - self._animal_at.get(p, 0)
            food = self._food[p] + self._agri[p]
            if food >= need:
                self._put("_food", p, food - need)
                continue
            deficit = need - food
            if self._food[p]:
                self._put("_food", p, 0)
            if sum(self._goods[p]) + sum(self._vouchers[p]) < deficit:
                self._hunger(p, deficit, events)
                continue
            self._set("_pending", ("feeding", p, deficit, order[index + 1:]))
            return
        self._set("_pending", ())
        self._end_round(events)

    def _hunger(self, p: str, deficit: int, events: list[Event]) -> None:
        events.append(self._score(Scored(p, "hunger", (Term(1, "hungry round", -10),), detail=f"{deficit} food missing")))

    def _do_feed(self, action: Feed, events: list[Event]) -> None:
        _, p, deficit, rest = self._pending
        self._pay(p, action.payment)
        events.append(Note(f"{does(p, 'feeds')} {deficit} people with {multiset_text(action.payment)}"))
        self._feed_from(rest, events)

    def _do_starve(self, action: Starve, events: list[Event]) -> None:
        _, p, deficit, rest = self._pending
        self._hunger(p, deficit, events)
        self._feed_from(rest, events)

    # rounds
    def _end_round(self, events: list[Event]) -> None:
        if self._ends:
            self._game_over(events, "a building stack is empty")
            return
        # slide the remaining cards to the right, then refill from the deck (lowest slot first)
        kept = [c for c in self._display if c is not None]
        slots: list[str | None] = kept + [None] * (DISPLAY - len(kept))
        revealed: list[str] = []
        for k in range(len(kept), DISPLAY):
            card = None
            while self._deck:
                drawn = self._pop("_deck")
                if drawn.startswith(ANIMAL_PREFIX):
                    revealed.append(drawn)
                    continue
                card = drawn
                break
            if card is None:
                for i, c in enumerate(slots):
                    if self._display[i] != c:
                        self._put("_display", i, c)
                self._set("_waiting", self._waiting + tuple(revealed))
                self._game_over(events, "the deck cannot refill the display")
                return
            slots[k] = card
        for i, c in enumerate(slots):
            if self._display[i] != c:
                self._put("_display", i, c)
        self._set("_round", self._round + 1)
        self._set("_start", (self._start + 1) % self.n)
        if revealed:
            self._set("_waiting", self._waiting + tuple(revealed))
            events.append(Note(f"revealed beside the board: {', '.join(animal_words(a) for a in revealed)}"))
        if self._animal is None and self._waiting:
            animal = self._waiting[0]
            self._set("_animal", animal)
            self._set("_waiting", self._waiting[1:])
            events.append(Note(f"the {animal_words(animal)} threatens the village (dice -{self.malus})"))
        for p in self.players:
            if self._used[p]:
                self._put("_used", p, ())
            home = self._people[p] - self._animal_at.get(p, 0)
            if self._avail[p] != home:
                self._put("_avail", p, home)
        self._set("_phase", "placement")
        events.append(Note(f"round {self._round}: {does(self.players[self._start], 'starts')}"))
        self._set("_cur", self._start)
        self._next_placer(events, self._start)

    def _game_over(self, events: list[Event], why: str) -> None:
        events.append(Note(f"the game ends: {why}"))
        for p in self.players:
            for event in self._final_events(p):
                events.append(self._score(event))
        self._set("_phase", "over")
        self._set("_pending", ())

    def _final_events(self, p: str) -> list[Scored]:
        return rules.final_scoring(
            p, (self.data.cards[c] for c in self._cards[p]), goods=self._goods[p], agriculture=self._agri[p],
            tools=self._tools[p], people=self._people[p], buildings=len(self._buildings[p]),
            kept=sum(self._vouchers[p]))

    # -- scores -----------------------------------------------------------------------------------
    def projected_scores(self) -> dict[str, int]:
        """The scores if the game ended now (final scoring added; nothing twice once it is over)."""
        if self._phase == "over":
            return dict(self._scores)
        return {p: self._scores[p] + sum(e.points for e in self._final_events(p)) for p in self.players}

    def rounds_left_estimate(self) -> float:
        """A rough count of the rounds still to come: the shortest building stack or the deck runs out."""
        if self._phase == "over" or self._ends:
            return 0.0
        shortest = min(len(stack) for stack in self._stacks.values())
        return float(min(shortest * 1.5, len(self._deck) / 2.5, 15.0))

    def heuristic_scores(self) -> dict[str, float]:
        """Estimated final scores for agents: points now plus what resources, people, fields,
        tools, cards and unresolved placements are likely to bring, less the hunger threat
        (see ``heuristic.py``); the final scores once the game is over."""
        return estimate(self)

    def heuristic_terms(self, player: str) -> dict[str, tuple[float, str]]:
        """``player``'s estimate in named terms with words, for hints (see ``heuristic.terms``)."""
        return heuristic_terms(self, player)

    def encoding(self) -> StoneAgeEncoding:
        """The fixed action space and observations of this set-up, for learning agents (encoding.py)."""
        return encoding_for(self)

    def tie_break(self, player: str) -> int:
        """Agriculture + tools + people: the rulebook's tie-break."""
        return rules.tie_break(self._agri[player], self._tools[player], self._people[player])

    def winners(self) -> list[str]:
        """The best score wins; a tie goes to the most agriculture + tools + people; then shared."""
        if self._phase != "over":
            return []
        best = max(self._scores.values())
        tied = [p for p in self.players if self._scores[p] == best]
        top = max(self.tie_break(p) for p in tied)
        return [p for p in tied if self.tie_break(p) == top]

    def __repr__(self) -> str:
        scores = ", ".join(f"{p} {s}" for p, s in self._scores.items())
        state = "over" if self._phase == "over" else f"{self._phase.replace('_', ' ')}, {self.current_player} to move"
        variants = "".join(f", {v.replace('_', ' ')}" for v in VARIANTS if v in self.variants)
        return f"<Stone Age ({self.season}{variants}): round {self._round}, {state}; scores {scores}>"

    # -- arranging draws (lessons and tests) -------------------------------------------------------
    def set_next_dice(self, faces: Sequence[int]) -> list[Event]:
        """The next dice rolled show ``faces``, in order (a recorded, undoable, saved step)."""
        return self.apply(SetNextDice(arranged(faces, "next dice")))

    def set_next_cards(self, cards: Sequence[str]) -> list[Event]:
        """Put these deck cards (ids, "animal:boar" too) on top of the deck, the first drawn first."""
        return self.apply(SetNextCards(arranged(cards, "next cards")))

    def set_building_stack(self, stack: int, buildings: Sequence[str]) -> list[Event]:
        """Put these buildings of stack ``stack`` on its top, the first face up."""
        return self.apply(SetBuildingStack(stack, arranged(buildings, f"building stack {shorten(stack)}")))

    def _arrange_cards_problem(self, cards: Sequence[str]) -> str | None:
        if self._phase == "over":
            return "the game is over"
        rest = list(self._deck)
        for c in cards:
            if c not in rest:
                return f"card {c!r} is not in the deck"
            rest.remove(c)
        return None

    def _arrange_cards(self, cards: Sequence[str]) -> list[Event]:
        deck = list(self._deck)
        for c in cards:
            deck.remove(c)
        deck += list(reversed(cards))
        self._replace_list("_deck", deck)
        return [Note(f"the next cards are {', '.join(cards)}")]

    def _replace_list(self, name: str, values: list) -> None:
        while getattr(self, name):
            self._pop(name)
        self._extend(name, values)

    def _arrange_stack_problem(self, s: int, buildings: Sequence[str]) -> str | None:
        if self._phase == "over":
            return "the game is over"
        if s not in self._stacks:
            return f"there is no building stack {s} (stacks 1-{self.n})"
        rest = list(self._stacks[s])
        for b in buildings:
            if b not in rest:
                return f"building {b!r} is not in stack {s}"
            rest.remove(b)
        if self._phase in ("pay",) and self._pending[1] == f"building:{s}":
            return "the building being paid for cannot change"
        return None

    def _arrange_stack(self, s: int, buildings: Sequence[str]) -> list[Event]:
        rest = list(self._stacks[s])
        for b in buildings:
            rest.remove(b)
        self._put("_stacks", s, tuple(rest + list(reversed(buildings))))
        return [Note(f"building stack {s} now starts with {', '.join(buildings)}")]

    def _resample_hidden(self, rng) -> None:
        # the deck order and the buildings under each stack's top are hidden
        rng.shuffle(self._deck)
        for s, stack in self._stacks.items():
            if len(stack) > 2:
                below = list(stack[:-1])
                rng.shuffle(below)
                self._stacks[s] = tuple(below) + stack[-1:]
        self._dice_queue = ()
        self._dice_pool = ()
        self._legal_cache = None
        # future dice are hidden too: draw the RNG anew
        self.rng.seed(rng.getrandbits(64))

    # -- positions -------------------------------------------------------------------------------
    @classmethod
    def validate_file(cls, path: str, *, simulate: bool = False) -> str:
        """Check a ``data=`` file (see data.schema.json): its structure, then the rulebook's facts."""
        data = load_data(read_override(path))
        return (f"{clip(str(path), 120)}: valid Stone Age data: {len(data.animals)} animals, {len(data.igloos)} igloos, "
                f"tools up to {data.tools_max}, people up to {data.people_max}")

    def to_position(self) -> str:
        """The state as readable text; ``widgetpkg.games.stone_age.position(text)`` reads it back."""
        from .notation import format_position, position_of
        return format_position(position_of(self))

    def set_position(self, text: str) -> list[Event]:
        """Make the state the position ``text``, as one undoable, saved step."""
        return self.apply(SetPosition(text))

    @contextmanager
    def edit(self) -> Iterator[Any]:
        """Change the state as plain data, checked and applied as one undoable step when the block ends::

            with g.edit() as s:
                s.players["Red"].food = 3
                s.players["Red"].resources["gold"] = 2
        """
        from ...core.edited import jsonable
        from ...core.schema import check
        from .notation import PositionError, format_position, position_of
        from .position_schema import position_schema
        pos = position_of(self)
        pos.data = copy.deepcopy(pos.data)  # the game's own option: a change in the cell must not reach it
        yield pos
        # the shapes first (a list gone, a None for a dict), then the rules through the position text
        check(position_schema(tuple(self.players)), jsonable(pos), what="the edited position", error=PositionError)
        if pos.data != self.options.get("data"):  # an option: written into the text, never changed by it
            raise PositionError("the edited position: data is the game's data option; start a new game with data=")
        # a card now held or on display, or an animal now out, has left the deck
        shown = {c for c in pos.display if c} | {c for s in pos.players.values() for c in s.cards}
        shown |= set(pos.waiting_animals) | ({pos.animal} if pos.animal is not None else set())
        pos.deck = [c for c in pos.deck if c not in shown]
        self.set_position(format_position(pos))


@lru_cache(maxsize=64)
def _igloo_placement(i: int) -> Action:
    return PlacePeople(f"igloo:{i}", 1)


def _capped(held: tuple[int, ...], cap: int) -> tuple[int, ...]:
    """Resource counts cut to ``cap``: more than a payment can take changes nothing (small cache keys)."""
    w, c, s, g = held
    return (min(w, cap), min(c, cap), min(s, cap), min(g, cap))


# actions are immutable: each payment's action is made once and shared by every game
_pay_card = lru_cache(maxsize=None)(PayCard)
_pay_building = lru_cache(maxsize=None)(PayBuilding)
_feed = lru_cache(maxsize=None)(Feed)
_DECLINE = Decline()
_STARVE = Starve()


@lru_cache(maxsize=4096)
def _card_actions(held: tuple[int, ...], size: int, hard: bool) -> tuple[Action, ...]:
    actions: list[Action] = []
    for items in payments(held, size):
        actions.append(_pay_card(items))
        if hard and held[3] > items.count("gold"):
            actions.append(_pay_card(items, gold_bonus=True))
    return tuple(actions)


@lru_cache(maxsize=4096)
def _building_actions(building: Building, held: tuple[int, ...], hard: bool) -> tuple[Action, ...]:
    actions: list[Action] = []
    for items in building_payments(building, held):
        actions.append(_pay_building(items))
        if hard and building.kind == "fixed" and held[2] > items.count("stone"):
            actions.append(_pay_building(items, insulate=True))
    return tuple(actions)


@lru_cache(maxsize=4096)
def _feed_actions(held: tuple[int, ...], deficit: int) -> tuple[Action, ...]:
    return (*map(_feed, payments(held, deficit)), _STARVE)


@lru_cache(maxsize=64)
def _choose_actions(amount: int) -> tuple[Action, ...]:
    return tuple(ChooseResources(items) for items in payments((amount,) * 4, amount))


@lru_cache(maxsize=16)
def _voucher_actions(amount: int) -> tuple[Action, ...]:
    return tuple(UseResourceVoucher(items) for items in payments((amount,) * 4, amount))


@lru_cache(maxsize=1024)
def _tool_actions(tiles: tuple[int, ...], one_use: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(UseTools(t, o) for t in sub_multisets(tiles) for o in sub_multisets(one_use))


#: the share of a save that the data option may fill as compact JSON: the save's indented JSON takes
#: a few times more, and the rest is for the steps played
_DATA_SHARE = MAX_SAVE_BYTES // 8


def _check_save_room(data: Mapping[str, Any]) -> None:
    """Refuse data= that would make the game's own save too large to load (a save holds data inline)."""
    size = 0
    try:  # written piece by piece, to stop as soon as it is too large (a huge mapping is refused at once)
        for piece in json.JSONEncoder(separators=(",", ":"), default=str).iterencode(data):
            size += len(piece)
            if size > _DATA_SHARE:
                raise InvalidOptionError(f"data: more than {_DATA_SHARE} characters as JSON; a save holds at most "
                                         f"{MAX_SAVE_BYTES}, and the data must leave room for the steps played")
    except (TypeError, ValueError, RecursionError) as error:
        if isinstance(error, InvalidOptionError):
            raise
        # not JSON-shaped: the data reader says what is wrong with it


#: the keys of the position text's lines, which a player's name must not be
_RESERVED_NAMES = frozenset({"players", "season", "variants", "voucher timing", "data", "round", "start player",
                             "phase", "to move", "turns", "display", "deck", "placed", "animal", "waiting animals",
                             "last round", "next dice", "pending"})
_PLAYER_LINES = ("used tools", "one-use tools", "resources of choice", "cards", "buildings", "igloos", "at animal")


def _check_names(names: Sequence[str]) -> None:
    """Names the position text can carry: no ':', '|', ';' or '=', and none that reads as another line."""
    for name in names:
        if any(c in name for c in ":|;=") or name.lower() in _RESERVED_NAMES or name.lower().startswith("stack "):
            raise InvalidOptionError(f"Stone Age player name {name!r} may not hold ':', '|', ';' or '=' "
                                     "nor be the name of a line of the position text")
        for other in names:
            if any(name == f"{other} {label}" for label in _PLAYER_LINES):
                raise InvalidOptionError(f"player names {other!r} and {name!r} cannot be told apart in a position")


# actions are immutable: the placements are made once and shared
_PLACE_ACTIONS = {place: [PlacePeople(place, k) for k in range(1, 11)] for place in ("hunt", *RESOURCE_PLACES)}
_CARD_PLACES = tuple(f"card:{k}" for k in range(1, DISPLAY + 1))
_PLACE_ONE = {place: PlacePeople(place, 2 if place == "hut" else 1)
              for place in (*VILLAGE, *_CARD_PLACES, *(f"building:{s}" for s in range(1, STACKS + 1)), "animal")}
_FACES = (1, 2, 3, 4, 5, 6)
#: the phases in which the player whose turn it is decides
_TURN_PHASES = frozenset({"placement", "resolution", "tools", "pay"})
_POOL_SIZE = 60
_BUILDING_PLACES = {s: f"building:{s}" for s in range(1, STACKS + 1)}
_RESOLVE = {place: Resolve(place) for place in (*_PLACE_ONE, *_PLACE_ACTIONS)}
_PHASE_OF: dict[type, tuple[str, ...]] = {
    PlacePeople: ("placement",), Resolve: ("resolution",), UseTools: ("tools",), PayCard: ("pay",),
    PayBuilding: ("pay",), PayIgloo: ("pay",), Decline: ("pay",), ChooseDie: ("dice_for_all",),
    ChooseResources: ("choose_resources",), TakeAnimalReward: ("animal_rewards",), Feed: ("feeding",),
    Starve: ("feeding",),
}
_HANDLER: dict[type, str] = {
    PlacePeople: "_do_place", Resolve: "_do_resolve", UseTools: "_do_tools", PayCard: "_do_pay_card",
    PayBuilding: "_do_pay_building", PayIgloo: "_do_pay_igloo", Decline: "_do_decline",
    ChooseDie: "_do_choose_die", ChooseResources: "_do_choose_resources", TakeAnimalReward: "_do_animal_reward",
    Feed: "_do_feed", Starve: "_do_starve", UseResourceVoucher: "_do_voucher",
}
_HANDLER_FUNCTION = {kind: getattr(StoneAge, name) for kind, name in _HANDLER.items()}
