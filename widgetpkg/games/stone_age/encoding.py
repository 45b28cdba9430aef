"""Stone Age as numbers for learning agents: a fixed action space and what a player sees.

The action space is built once per set-up (player count, variants, data) by listing every action
any reachable position can offer, so that an index always means the same move:

- placements: each place of the game with each count it may take (hunting grounds 1 to
  ``people_max``: "beliebig viele freie Plätze"; a resource place 1 to 7, its capacity; every
  other place exactly its spots); resolving each place (the animal is never resolved by hand);
- tools: every sub-multiset of the tool tiles any tool level up to ``tools_max`` has, times every
  sub-multiset of the one-use tool cards in the data (each card is bought at most once);
- payments as resource counts: a card in slot k takes exactly k resources (k = 1..4); a building
  at most ``max(count, sum(cost))`` of its data; an igloo its cost; feeding replaces at most
  ``people_max`` missing food (each person eats one); each with the hard-winter extra where the
  variant allows one; resources of choice (now or kept for later) in every amount the data's
  cards and animal rewards give;
- the die taken from the dice for all (faces 1-6), an animal's reward (die, face), decline, go hungry.

Cards and buildings are addressed by the place (display slot, stack), never by identity.
The set-up steps (``SetNextDice``, ``SetNextCards``, ``SetBuildingStack``, ``SetPosition``) are
never offered by ``legal_actions`` and have no index.

The observation shows what every player at the table sees, from ``player``'s seat (the players
listed from ``player`` on, in turn order): round, phase, whose turn, the start player; each
player's food, resources, tools (level, unused tiles, one-use tools), resources of choice kept,
people, fields, buildings, igloos, people at the animal, score and cards (the card a writing card
drew face down is counted, not named, for everyone but its owner, spec 1.12); the people standing
on each place; the card display and the top building of each stack (ids one-hot) with how many
tiles each stack has left; open igloos; the active animal; the deck's size; and what the current
step waits for (the dice rolled, the place being paid, the dice for all left, the amount of
resources to choose, the animal reward's die, the food missing). Never seen: the deck's order, the
buildings below a stack's top, future dice.

>>> import widgetpkg as wp
>>> g = wp.new_game("stone-age", players=2, seed=1)
>>> enc = g.encoding()
>>> enc.action_count, enc.observation_size
(1671, 400)
>>> i = enc.action_index(g, PlacePeople("forest", 3))
>>> enc.action(g, i), sum(enc.mask(g)) == len(g.legal_actions())
(PlacePeople(place='forest', count=3), True)
"""

from __future__ import annotations

import json
from array import array
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...core import Action, IllegalActionError
from ...core.encoding import Encoding
from .actions import (
    ChooseDie,
    ChooseResources,
    Decline,
    Feed,
    PayBuilding,
    PayCard,
    PayIgloo,
    PlacePeople,
    Resolve,
    Starve,
    TakeAnimalReward,
    UseResourceVoucher,
    UseTools,
)
from .data import RESOURCES, GameData
from .rules import RESOURCE_CAPACITY, RESOURCE_PLACES, as_items, counts_of, sub_multisets, tool_tiles, unused_tiles

if TYPE_CHECKING:
    from .game import StoneAge

PHASES = ("placement", "resolution", "tools", "pay", "dice_for_all", "choose_resources", "animal_rewards",
          "feeding", "over")
_PHASE_AT = {phase: i for i, phase in enumerate(PHASES)}
GOODS = ("food", *RESOURCES)
FACES = (1, 2, 3, 4, 5, 6)
#: the display's slots (slot k costs k resources)
SLOTS = 4


def multisets(size: int) -> list[tuple[str, ...]]:
    """Every resource multiset of exactly ``size`` items, canonical (wood, clay, stone, gold order)."""
    return [as_items(tuple(combo.count(i) for i in range(4))) for combo in combinations_with_replacement(range(4), size)]


class StoneAgeEncoding(Encoding):
    """The fixed action space and the observation of one Stone Age set-up (see the module text)."""

    def __init__(self, game: StoneAge) -> None:
        self.players = tuple(game.players)
        self.n = len(self.players)
        data: GameData = game.data
        self.places = tuple(game.places())
        self._place_index = {p: i for i, p in enumerate(self.places)}
        self.actions = _action_table(game)
        self._index = {a: i for i, a in enumerate(self.actions)}
        self.action_count = len(self.actions)
        self.card_ids = tuple(sorted(data.cards))
        self._card_index = {c: i for i, c in enumerate(self.card_ids)}
        self._extra_card_tops = frozenset(c for c, card in data.cards.items() if card.top[0] == "extra_card")
        self.building_ids = tuple(sorted(data.buildings))
        self._building_index = {b: i for i, b in enumerate(self.building_ids)}
        self.animal_ids = tuple(sorted(data.animals)) if "wild_animals" in game.variants else ()
        self.igloo_ids = tuple(sorted(data.igloos)) if "igloos" in game.variants else ()
        self.one_use_values = tuple(sorted({c.top[2] for c in data.cards.values() if c.top[0] == "one_use_tool"}))
        self.voucher_sizes = _choice_amounts(data)
        self.tile_values = tuple(range(1, (data.tools_max + 2) // 3 + 1))
        n = self.n
        self._seat_orders: dict[str, tuple[tuple[str, ...], dict[str, int]]] = {}
        self._seat_at = {p: i for i, p in enumerate(self.players)}
        #: the legal tuple seen last and its indices (the same tuple: the same indices)
        self._last: tuple[tuple[Action, ...], list[int | None]] | None = None
        #: id(action) -> index, for the action objects in ``_held_actions`` (by the same ids): an
        #: id is a C-speed key, and a kept object's id cannot pass to another object
        self._index_by_id: dict[int, int] = {}
        self._held_actions: dict[int, Action] = {}
        # packed float32 (array 'f'): copied into the vector at C speed, read as floats by ``vector``
        self._rows: dict[tuple, array[float]] = {}
        self._boards: dict[tuple, array[float]] = {}
        #: per viewer: what the background was drawn from (a copy), the background, the viewer's
        #: offsets (see ``_background``)
        self._kept: dict[str, tuple[tuple, array[float], _Offsets]] = {}
        # resources and tools, tile values, one-use tools, vouchers, 7 counts, the cards and the hidden ones
        self._tools_size = 1 + len(self.tile_values) + len(self.one_use_values) + len(self.voucher_sizes)
        self._player_size = 5 + self._tools_size + 7 + len(self.card_ids) + 1
        self.parts = {
            "seat": n,                       # the observer's seat, one-hot
            "turn": n + 1,                   # whose turn from the observer's seat (last: nobody, game over)
            "start_player": n,
            "phase": len(PHASES),
            "round": 3,                      # round, last round announced, cards left in the deck
            "players": n * self._player_size,
            "placed": n * len(self.places),  # people on each place, per player from the observer's seat
            "display": SLOTS * (len(self.card_ids) + 1),
            "stacks": n * (len(self.building_ids) + 2),
            "igloos": len(self.igloo_ids),
            "animal": len(self.animal_ids) + 3,
            "pending": 3 + len(GOODS) + len(self.places) + len(FACES) + 2 + len(FACES),
        }
        self._offsets: dict[str, tuple[int, int]] = {}
        for name, size in self.parts.items():
            self._offsets[name] = (sum(length for _, length in self._offsets.values()), size)
        self._first = {name: first for name, (first, _) in self._offsets.items()}
        self._size = sum(self.parts.values())
        self._zeros = array("f", bytes(4 * self._size))
        self._phase_at = {phase: self._first["phase"] + i for i, phase in enumerate(PHASES)}
        self._offsets_of = {p: self._viewer_offsets(p) for p in self.players}
        assert list(self.parts)[7:11] == ["display", "stacks", "igloos", "animal"], "one stretch, in this order"

    # -- actions ------------------------------------------------------------------------------------
    def action_index(self, game: StoneAge, action: Action) -> int:  # type: ignore[override]
        index = self._index.get(action)
        if index is None:
            # a payment written in another order is the same multiset: look up its canonical form
            canonical = _canonical(action)
            index = self._index.get(canonical) if canonical is not None else None
            if index is None:
                raise IllegalActionError(f"{action} has no index in Stone Age's action space")
        return index

    def legal_indices(self, game: StoneAge) -> dict[int, Action]:  # type: ignore[override]
        # the engine's own tuple of legal actions (``legal_actions`` hands out a copy of it)
        legal = game._legal_cache
        if legal is None:
            listed = game.legal_actions()
            legal = game._legal_cache if game._legal_cache is not None else tuple(listed)
        # the engine hands out the same action objects again and again (a place, a payment):
        # known ones are looked up by id at C speed, with no Python step per action
        found: dict[int | None, Action] = dict(zip(map(self._index_by_id.get, map(id, legal)), legal))
        if None in found:
            return {self._index_of(game, a): a for a in legal}
        return found  # type: ignore[return-value]  # no None among the keys: every index is known

    def _index_of(self, game: StoneAge, action: Action) -> int:
        """``action_index``, remembered by the action object's id while the object is held."""
        index = self._index_by_id.get(id(action))
        if index is not None:
            return index
        index = self.action_index(game, action)
        if len(self._held_actions) >= 16384:  # fresh objects (a die chosen, an igloo) add up
            self._held_actions.clear()
            self._index_by_id.clear()
        self._held_actions[id(action)] = action
        self._index_by_id[id(action)] = index
        return index

    # -- observation --------------------------------------------------------------------------------
    def _seats(self, player: str) -> tuple[tuple[str, ...], dict[str, int]]:
        """The players from ``player``'s seat on, and each one's place in that order."""
        found = self._seat_orders.get(player)
        if found is None:
            i = self.players.index(player)
            seats = self.players[i:] + self.players[:i]
            found = self._seat_orders[player] = (seats, {p: k for k, p in enumerate(seats)})
        return found

    def observation(self, game: StoneAge, player: str) -> dict[str, list[float]]:  # type: ignore[override]
        flat = self.vector(game, player)
        return {name: flat[first:first + size] for name, (first, size) in self._offsets.items()}

    def vector(self, game: StoneAge, player: str) -> list[float]:  # type: ignore[override]
        """The observation as one flat list (the parts' order). Every number in it is a small
        count, exact in float32: it is written as ``fill_vector`` writes it."""
        flat = self._zeros[:]
        self._write(game, player, flat)
        return flat.tolist()

    def fill_vector(self, game: StoneAge, player: str, out: Any) -> None:  # type: ignore[override]
        """``vector`` written into a float32 vector through a memoryview: a numpy call costs as
        much as a few dozen memoryview writes, and the engine's move only about as much as the
        whole observation should."""
        self._write(game, player, memoryview(out))

    def _write(self, game: StoneAge, player: str, out: Any) -> None:
        """Write what ``player`` sees into ``out``, a float32 array or memoryview: the background
        (all but what changes at nearly every step) in one copy, then whose turn it is, the
        phase, the people left to place, the people on the places and what the step waits for,
        number by number, the nonzero ones only (the background holds zeros there)."""
        state = _BACKGROUND_STATE(game.__dict__)
        kept = self._kept.get(player)
        # compared with a copy of what it was drawn from: an unchanged tuple or count is the very
        # same object, so the comparison stops at identities and costs far less than the drawing
        if kept is None or kept[0] != state:
            kept = self._kept[player] = (_copied(state), self._background(game, player), self._offsets_of[player])
        _, background, (turn, avail_at, placed) = kept
        out[:] = background
        out[turn[game.current_player]] = 1.0
        out[self._phase_at[game._phase]] = 1.0
        avail = game._avail
        for who, at in avail_at:
            if avail[who]:
                out[at] = avail[who]
        at_places = game._at
        for at, count in zip(map(placed.__getitem__, at_places), at_places.values()):
            out[at] = count
        if game._phase in _WAITING:
            first = self._first["pending"]
            for offset, value in self._pending_entries(game):
                out[first + offset] = value

    def _viewer_offsets(self, player: str) -> _Offsets:
        """Where ``player``'s vector shows whose turn it is (by player, None when nobody's), each
        player's people left to place, and the people of each (place, player)."""
        seats, rel = self._seats(player)
        turn: dict[str | None, int] = {p: self._first["turn"] + k for p, k in rel.items()}
        turn[None] = self._first["turn"] + self.n
        avail = self._first["players"] + 5 + self._tools_size + 1
        avail_at = tuple((who, avail + k * self._player_size) for k, who in enumerate(seats))
        first, places = self._first["placed"], len(self.places)
        placed = {(place, who): first + rel[who] * places + i for who in seats for place, i in self._place_index.items()}
        return turn, avail_at, placed

    def _background(self, game: StoneAge, player: str) -> array[float]:
        """What ``player`` sees but for the parts ``_write`` adds: it reads only what
        ``_BACKGROUND_STATE`` names. The players' rows and the board come from packed arrays
        kept by what they show."""
        if player not in self.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        out = self._zeros[:]  # a copy at C speed: building a zeroed array costs ten times more
        at = self._first
        seats, rel = self._seats(player)
        out[at["seat"] + self._seat_at[player]] = 1.0
        out[at["start_player"] + rel[game.start_player]] = 1.0
        first = at["round"]
        out[first] = game.round
        out[first + 1] = game.ends_after_round
        out[first + 2] = game.deck_size
        first, size = at["players"], self._player_size
        for who in seats:
            out[first:first + size] = self._row(game, who, who == player)
            out[first] = game._food[who]
            out[first + 1], out[first + 2], out[first + 3], out[first + 4] = game._goods[who]
            first += size
        if "animal" in self._place_index:
            first, places, animal = at["placed"], len(self.places), self._place_index["animal"]
            for who, count in game._animal_at.items():
                out[first + rel[who] * places + animal] = count
        board = self._board_values(game)
        first = at["display"]
        out[first:first + len(board)] = board
        return out

    def _row(self, game: StoneAge, who: str, own: bool) -> array[float]:
        """``who``'s row as its owner (``own``) or another player sees it, with zeros for the
        food, the resources and the people left to place; kept by what it shows."""
        key = (game._tools[who], game._used[who], game._one_use[who], game._vouchers[who], game._cards[who],
               game._people[who], game._agri[who], len(game._buildings[who]), len(game._igloos_of[who]),
               game._animal_at.get(who, 0), game._scores[who], own)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > 4096:
                self._rows.clear()
            row = self._rows[key] = self._row_values(*key)
        return row

    def _row_values(self, tools: int, used: tuple[int, ...], one_use: tuple[int, ...], vouchers: tuple[int, ...],
                    held: tuple[str, ...], people: int, agriculture: int, buildings: int, igloos: int, animal: int,
                    score: int, own: bool) -> array[float]:
        """A row: food and resources (zeros here), the tool level, the unused tool tiles, the
        one-use tools and the vouchers by value, people, people left to place (zero here),
        agriculture, buildings, igloos, people at the animal, score, then the cards."""
        unused = unused_tiles(tools, used)
        return array("f", [0, 0, 0, 0, 0, tools, *(unused.count(v) for v in self.tile_values),
                           *(one_use.count(v) for v in self.one_use_values),
                           *(vouchers.count(v) for v in self.voucher_sizes),
                           people, 0, agriculture, buildings, igloos, animal, score, *self._cards_part(held, own)])

    def _cards_part(self, held: tuple[str, ...], own: bool) -> list[float]:
        cards = [0.0] * len(self.card_ids)
        hidden = 0
        previous = None
        for card in held:
            # spec 1.12: the card a writing card draws lies face down; only its owner knows it
            if not own and previous in self._extra_card_tops:
                hidden += 1
            else:
                cards[self._card_index[card]] += 1.0
            previous = card
        return cards + [float(hidden)]

    def _board_values(self, game: StoneAge) -> array[float]:
        """The display, stacks, igloos and animal parts (one stretch of the vector), kept by what
        they show: the board changes a few times a round."""
        # each stack whole is the quickest key (a C-speed copy); its hidden order is only a key here
        board_key = (tuple(game._display), tuple(game._stacks.items()), tuple(game._igloos_of.items()), game._animal,
                     len(game._waiting))
        board = self._boards.get(board_key)
        if board is None:
            if len(self._boards) > 1024:
                self._boards.clear()
            board = self._boards[board_key] = array("f", [x for part in self._board(game) for x in part])
        return board

    def _board(self, game: StoneAge) -> tuple[list[float], list[float], list[float], list[float]]:
        """The display, the stacks' tops and sizes, the open igloos and the animal, as parts."""
        n = self.n
        width = len(self.card_ids) + 1
        display = [0.0] * (SLOTS * width)
        for k, card in enumerate(game.display):
            display[k * width + (self._card_index[card] if card is not None else width - 1)] = 1.0
        width = len(self.building_ids) + 2
        stacks = [0.0] * (n * width)
        for s in range(n):
            tiles = game.stack(s + 1)
            if tiles:  # only the top is face up
                stacks[s * width + self._building_index[tiles[0]]] = 1.0
            else:
                stacks[s * width + width - 2] = 1.0
            stacks[s * width + width - 1] = float(len(tiles))
        built = {i for who in self.players for i in game.igloos(who)}
        igloos = [0.0 if i in built else 1.0 for i in self.igloo_ids]
        animal = [0.0] * (len(self.animal_ids) + 3)
        active = game.active_animal
        if active is not None:
            animal[self.animal_ids.index(active.partition(":")[2])] = 1.0
        else:
            animal[len(self.animal_ids)] = 1.0
        animal[-2] = float(len(game.waiting_animals))
        animal[-1] = float(game.malus)
        return display, stacks, igloos, animal

    def _pending_entries(self, game: StoneAge) -> list[tuple[int, float]]:
        """The nonzero entries of the ``pending`` part, by offset in it. In order: [dice rolled,
        their sum, malus], the good rolled for, the place being paid or rolled at, the dice for
        all left, [amount to choose, food missing], the die of the animal reward."""
        goods = 3
        place = goods + len(GOODS)
        dice_left = place + len(self.places)
        amounts = dice_left + len(FACES)
        reward_die = amounts + 2
        pending = game.pending
        phase = game.phase
        entries: list[tuple[int, float]] = []
        if phase == "tools":
            _, _, where, good, dice, malus = pending
            entries += [(0, float(len(dice))), (1, float(sum(dice))), (2, float(malus)),
                        (goods + GOODS.index(good), 1.0)]
            if where in self._place_index:  # a card's own roll is at the card being paid for
                entries.append((place + self._place_index[where], 1.0))
        elif phase == "pay":
            entries.append((place + self._place_index[pending[1]], 1.0))
        elif phase == "dice_for_all":
            for face in set(pending[2]):
                entries.append((dice_left + face - 1, float(pending[2].count(face))))
        elif phase == "choose_resources":
            entries.append((amounts, float(pending[2])))
        elif phase == "animal_rewards":
            entries.append((reward_die + pending[1][0][1] - 1, 1.0))
        elif phase == "feeding":
            entries.append((amounts + 1, float(pending[2])))
        return entries


#: what the background of an observation is drawn from (see ``StoneAgeEncoding._background``):
#: the game's attributes, read from its ``__dict__`` in one C call; numbers, names and tuples
#: first, then the lists and dicts (``_copied`` copies those)
_BACKGROUND_STATE = itemgetter("_start", "_round", "_ends", "_igloos_open", "_animal", "_waiting", "_food", "_goods",
                               "_scores", "_tools", "_used", "_one_use", "_vouchers", "_cards", "_people", "_agri",
                               "_buildings", "_igloos_of", "_animal_at", "_display", "_stacks", "_deck")
_IMMUTABLE = 6
#: the phases with something in the ``pending`` part
_WAITING = frozenset({"tools", "pay", "dice_for_all", "choose_resources", "animal_rewards", "feeding"})
#: a viewer's offsets of whose turn it is, of each player's people left to place, of (place, player)
_Offsets = tuple[dict[str | None, int], tuple[tuple[str, int], ...], dict[tuple[str, str], int]]


def _copied(state: tuple) -> tuple:
    """``state`` with its lists and dicts copied, so that later moves leave it as it was (the
    engine's containers hold numbers, names and tuples: a shallow copy is a whole one)."""
    return (*state[:_IMMUTABLE], *[x.copy() for x in state[_IMMUTABLE:]])


def _choice_amounts(data: GameData) -> tuple[int, ...]:
    """The amounts of "resources of your choice" the data's cards and animal rewards give."""
    amounts = {card.top[2] for card in data.cards.values() if card.top[0] == "any_resources"}
    amounts |= {amount for kind, amount in data.rewards.values() if kind == "resource_choice"}
    return tuple(sorted(amounts))


def _canonical(action: Action) -> Action | None:
    """A payment action with its resources in the canonical order (None if it names something else)."""
    for kind, field in ((PayCard, "payment"), (PayBuilding, "payment"), (PayIgloo, "payment"), (Feed, "payment"),
                        (ChooseResources, "resources"), (UseResourceVoucher, "resources")):
        if type(action) is kind:
            counts = counts_of(getattr(action, field))
            if counts is None:
                return None
            return _replace(action, field, as_items(counts))
    if type(action) is UseTools:
        return UseTools(tuple(sorted(action.tiles, reverse=True)), tuple(sorted(action.one_use, reverse=True)))
    return None


def _replace(action: Action, field: str, value: tuple[str, ...]) -> Action:
    from dataclasses import replace
    return replace(action, **{field: value})  # type: ignore[type-var]


def _setup(game: StoneAge) -> tuple:
    """What an encoding depends on besides the players: their count, the variants, the data option."""
    return (len(game.players), tuple(sorted(game.variants)),
            json.dumps(game.options.get("data"), sort_keys=True, default=str))


def _action_table(game: StoneAge) -> tuple[Action, ...]:
    key = _setup(game)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _build_table(key[0], frozenset(key[1]), game.data)
    return table


#: the tables built so far, by set-up (player count, variants, data option): a few at most
_TABLES: dict[tuple, tuple[Action, ...]] = {}


def encoding_for(game: StoneAge) -> StoneAgeEncoding:
    """One encoding per set-up and players, shared by every game of it. What it keeps between
    steps (rows, boards, indices) is keyed by what a state shows, so it holds for any game of
    the set-up, and a learner's next game starts with it warm."""
    key = (tuple(game.players), _setup(game))
    found = _ENCODINGS.get(key)
    if found is None:
        if len(_ENCODINGS) >= 16:
            _ENCODINGS.clear()
        found = _ENCODINGS[key] = StoneAgeEncoding(game)
    return found


_ENCODINGS: dict[tuple, StoneAgeEncoding] = {}


def _build_table(n: int, variants: frozenset[str], data: GameData) -> tuple[Action, ...]:
    hard = "hard_winter" in variants
    actions: list[Action] = []
    places = ["hunt", *RESOURCE_PLACES, "tool_maker", "hut", "field", *(f"card:{k}" for k in range(1, SLOTS + 1)),
              *(f"building:{s}" for s in range(1, n + 1))]
    if "igloos" in variants:
        places += [f"igloo:{i}" for i in data.igloos]
    if "wild_animals" in variants:
        places.append("animal")
    for place in places:
        if place == "hunt":
            counts = range(1, data.people_max + 1)  # the hunting grounds have no limit
        elif place in RESOURCE_PLACES:
            counts = range(1, min(RESOURCE_CAPACITY, data.people_max) + 1)
        else:
            counts = range(2, 3) if place == "hut" else range(1, 2)
        actions += [PlacePeople(place, c) for c in counts]
    actions += [Resolve(place) for place in places if place != "animal"]
    tiles = sorted({sub for level in range(data.tools_max + 1) for sub in sub_multisets(tool_tiles(level))})
    one_use_cards = tuple(c.top[2] for c in data.cards.values() if c.top[0] == "one_use_tool")
    for t in tiles:
        actions += [UseTools(t, o) for o in sub_multisets(one_use_cards)]
    for size in range(1, SLOTS + 1):
        for items in multisets(size):
            actions.append(PayCard(items))
            if hard:
                actions.append(PayCard(items, gold_bonus=True))
    most = max(max(b.count, sum(b.cost)) for b in data.buildings.values())
    for size in range(1, most + 1):
        actions += [PayBuilding(items) for items in multisets(size)]
    if hard:
        costs = sorted({b.cost for b in data.buildings.values() if b.kind == "fixed"})
        actions += [PayBuilding(as_items(cost), insulate=True) for cost in costs]
    if "igloos" in variants:
        costs = sorted({igloo.cost for igloo in data.igloos.values()})
        actions += [PayIgloo(as_items(cost)) for cost in costs]
        if hard and data.igloos_insulatable:
            actions += [PayIgloo(as_items(cost), insulate=True) for cost in costs]
    actions.append(Decline())
    actions += [ChooseDie(f) for f in FACES]
    for amount in _choice_amounts(data):
        actions += [ChooseResources(items) for items in multisets(amount)]
        actions += [UseResourceVoucher(items) for items in multisets(amount)]
    if "wild_animals" in variants:
        actions += [TakeAnimalReward(die, face) for die in FACES for face in dict.fromkeys((die, 1))]
    for size in range(1, data.people_max + 1):  # each person eats 1 food: never more missing than people
        actions += [Feed(items) for items in multisets(size)]
    actions.append(Starve())
    assert len(set(actions)) == len(actions), "every action listed once"
    return tuple(actions)
