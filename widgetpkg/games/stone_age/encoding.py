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
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
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
    from ...core.game import Step
    from .game import StoneAge

    #: a redraw of what a part or a row field shows in a kept vector: (game, the kept vector, the
    #: keys changed, None for all)
    Redraw = Callable[[StoneAge, "_Kept", "set | None"], None]

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
        #: id(action) -> index, for the action objects in ``_held_actions`` (by the same ids): an
        #: id is a C-speed key, and a kept object's id cannot pass to another object
        self._index_by_id: dict[int, int] = {}
        self._held_actions: dict[int, Action] = {}
        #: the table's vector, kept between steps (see ``_up_to_date``); each player's own cards
        #: part, by the cards held
        self._table: _Kept | None = None
        self._own_cards: list[tuple[tuple[str, ...] | None, array[float] | None]] = [(None, None)] * self.n
        #: a player's row, field by field: its name, its length, how to read it (the attribute that
        #: holds it by player, or a function of the game and the player: a number for one entry, a
        #: sequence for more) and the engine attributes it shows. Drawing a row
        #: whole and redrawing a field after a step both go through this table.
        tiles, one_use, vouchers = self.tile_values, self.one_use_values, self.voucher_sizes
        row: tuple[tuple[str, int, str | Callable[[StoneAge, str], Any], tuple[str, ...]], ...] = (
            ("food", 1, "_food", ("_food",)),
            ("resources", 4, "_goods", ("_goods",)),
            ("tool level", 1, "_tools", ("_tools",)),
            ("unused tool tiles", len(tiles),
             lambda g, who: _counts(unused_tiles(g._tools[who], g._used[who]), tiles), ("_tools", "_used")),
            ("one-use tools", len(one_use), lambda g, who: _counts(g._one_use[who], one_use), ("_one_use",)),
            ("resources of choice kept", len(vouchers), lambda g, who: _counts(g._vouchers[who], vouchers),
             ("_vouchers",)),
            ("people", 1, "_people", ("_people",)),
            ("people left to place", 1, "_avail", ("_avail",)),
            ("agriculture", 1, "_agri", ("_agri",)),
            ("buildings", 1, lambda g, who: len(g._buildings[who]), ("_buildings",)),
            ("igloos", 1, lambda g, who: len(g._igloos_of[who]), ("_igloos_of",)),
            ("people at the animal", 1, lambda g, who: g._animal_at.get(who, 0), ("_animal_at",)),
            ("score", 1, "_scores", ("_scores",)),
            # the cards as everyone sees them (the owner's own view is laid over: ``_own_cards_part``)
            ("cards", len(self.card_ids) + 1, lambda g, who: self._cards_part(g._cards[who], False), ("_cards",)),
        )
        self._row: list[_Field] = []
        for _name, size, read, _shows in row:
            at = sum(f.size for f in self._row)
            self._row.append(_Field(at, size, read, None) if callable(read) else _Field(at, size, None, read))
        self._row_at = {name: field.at for (name, *_), field in zip(row, self._row)}
        self._player_size = sum(field.size for field in self._row)
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
        #: where the viewer's own cards part lies (the viewer's row is the first)
        cards_at = self._first["players"] + self._row_at["cards"]
        self._own_cards_at = slice(cards_at, cards_at + len(self.card_ids) + 1)
        self._size = sum(self.parts.values())
        self._zeros = array("f", bytes(4 * self._size))
        self._phase_at = {phase: self._first["phase"] + i for i, phase in enumerate(PHASES)}
        # where the groups of the pending part start: the dice rolled (3), the good rolled for,
        # the place, the dice for all left, the amounts (2), the animal reward's die
        rolled = self._first["pending"]
        good_at = rolled + 3
        place_at = good_at + len(GOODS)
        dice_left = place_at + len(self.places)
        amounts = dice_left + len(FACES)
        self._pending_at = (rolled, good_at, place_at, dice_left, amounts, amounts + 2)
        #: by engine attribute: the redraws of what it shows, each (redraw, whether it takes the keys
        #: changed: players, places, display slots); a redraw several attributes share is one object
        self._redraws: dict[str, list[tuple[Redraw, bool]]] = {}
        for (*_, shows), field in zip(row, self._row):
            for name in shows:
                self._redraws.setdefault(name, []).append((field.draw, True))
        for method, (names, keyed) in _PART_REDRAWS.items():
            for name in names:
                self._redraws.setdefault(name, []).append((getattr(self, method), keyed))
        #: by the attributes a step changed, in ``changes_since``'s order: the redraws to run
        self._plans: dict[tuple[str, ...], list[tuple[Redraw, str | None]]] = {}
        #: each redraw once: all of them draw a vector whole
        self._every_redraw = list(dict.fromkeys(redraw for entries in self._redraws.values() for redraw, _ in entries))
        self._views = {p: _View(self, p) for p in self.players}
        #: by seat: the slice copies that turn the parts with a block per seat (the players' rows,
        #: the people placed) from the first seat's view to that seat's: for each part, the blocks
        #: of that seat on (where to, where from), then the others
        self._turned: list[tuple[slice, ...]] = []
        for seat in range(n):
            copies: list[slice] = []
            for first, block in ((self._first["players"], self._player_size), (self._first["placed"], len(self.places))):
                cut, end = first + seat * block, first + n * block
                copies += [slice(first, first + end - cut), slice(cut, end), slice(first + end - cut, end), slice(first, cut)]
            self._turned.append(tuple(copies))
        self._seat_first, self._turn_first, self._start_first = (self._first[p] for p in ("seat", "turn", "start_player"))
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
        return dict(zip(*self.indexed_legal_actions(game)))

    def indexed_legal_actions(self, game: StoneAge) -> tuple[list[int], Sequence[Action]]:  # type: ignore[override]
        # the engine's own tuple of legal actions (``legal_actions`` hands out a copy of it)
        legal = game._legal_cache
        if legal is None:
            listed = game.legal_actions()
            legal = game._legal_cache if game._legal_cache is not None else tuple(listed)
        # the engine hands out the same action objects again and again (a place, a payment):
        # known ones are looked up by id at C speed, with no Python step per action
        try:
            indices = list(map(self._index_by_id.__getitem__, map(id, legal)))
        except KeyError:  # an object not met yet (it is remembered now)
            indices = [self._index_of(game, a) for a in legal]
        return indices, legal

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
        """The observation as one flat list (the parts' order), drawn afresh: the reference that
        ``fill_vector``'s kept vector is tested against. Every number in it is a small count,
        exact in float32."""
        if player not in self.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        return self._drawn(game, player).vector.tolist()

    def fill_vector(self, game: StoneAge, player: str, out: Any) -> None:  # type: ignore[override]
        """``packed_vector`` copied into ``out``: the vector is kept whole, so one path serves both."""
        out[:] = self.packed_vector(game, player)

    def packed_vector(self, game: StoneAge, player: str) -> array[float]:  # type: ignore[override]
        """``vector`` as a new float32 array: a copy of the vector kept for the table (see
        ``_up_to_date``) turned to ``player``'s seat in a few slice copies."""
        seat = self._seat_at.get(player)
        if seat is None:
            raise IllegalActionError(f"{player!r} does not play this game")
        table = self._up_to_date(game)
        out = table.vector[:]  # a copy at C speed
        if seat:
            # the players' rows and the people placed, from ``player``'s seat on: each copy's
            # source is a view of the kept vector made once (written out: a loop over the four
            # copies costs twice their work)
            rows_to, rows_from, rest_to, rest_from, placed_to, placed_from, others_to, others_from = table.turned[seat]
            view = memoryview(out)
            view[rows_to] = rows_from
            view[rest_to] = rest_from
            view[placed_to] = placed_from
            view[others_to] = others_from
            # whose turn and the start player, one-hot by seat: the one moved (whose turn it is,
            # the table's marks say: the first is the entry of the turn part it has set)
            n, first = self.n, self._turn_first
            at = table.marks[0] - first
            if at < n:  # n: nobody's
                out[first + at] = 0.0
                out[first + (at - seat) % n] = 1.0
            first, at = self._start_first, game._start
            out[first + at] = 0.0
            out[first + (at - seat) % n] = 1.0
        out[self._seat_first + seat] = 1.0
        # the player's own cards, where a card drawn face down shows to its owner only
        cards = game._cards[player]
        held, part = self._own_cards[seat]
        if held is not cards:
            part = self._own_cards_part(cards)
            self._own_cards[seat] = (cards, part)
        if part is not None:
            out[self._own_cards_at] = part
        return out

    def _own_cards_part(self, cards: tuple[str, ...]) -> array[float] | None:
        """The cards part of its owner's row, None if it is the one everyone sees."""
        own = self._cards_part(cards, True)
        return array("f", own) if own != self._cards_part(cards, False) else None

    def _up_to_date(self, game: StoneAge) -> _Kept:
        """The vector kept for the table (as the first seat sees it, the cards as everyone sees
        them, no seat marked), brought up to ``game``'s state.

        It is kept with the step of the history it shows the state after. When that step is
        still in ``game``'s history, only what the later steps changed is redrawn
        (``Game.changes_since``, by the plan for the attributes named); otherwise (the step
        undone, another game of this set-up, a copy with its hidden parts drawn anew, a game not
        started) it is drawn whole."""
        step = game.last_step
        table = self._table
        if table is not None and step is not None:
            if table.step is step:
                return table
            changes = game.changes_since(table.step)
            if changes is not None:
                names = tuple(changes)
                plan = self._plans.get(names)
                if plan is None:
                    plan = self._plan(names)
                for redraw, name in plan:
                    redraw(game, table, changes[name] if name is not None else None)
                table.step = step
                return table
        table = self._table = self._drawn(game, None)
        return table

    def _plan(self, names: tuple[str, ...]) -> list[tuple[Redraw, str | None]]:
        """The redraws of what the attributes ``names`` show, each with the attribute whose keys
        it takes, None for a redraw of all (run once, however many of ``names`` it shows)."""
        plan: list[tuple[Redraw, str | None]] = []
        for name in names:
            for redraw, keyed in self._redraws.get(name, ()):
                if keyed:
                    plan.append((redraw, name))
                elif (redraw, None) not in plan:
                    plan.append((redraw, None))
        if len(self._plans) >= 4096:  # steps name a few hundred sets; a cap all the same
            self._plans.clear()
        self._plans[names] = plan
        return plan

    def _drawn(self, game: StoneAge, player: str | None) -> _Kept:
        """``player``'s vector drawn whole by every redraw (the reference); with None, the
        table's: as the first seat sees it, the cards as everyone sees them, no seat marked."""
        view = self._views[self.players[0] if player is None else player]
        kept = _Kept(game.last_step, self._zeros[:], view, self._turned)  # a copy at C speed: ten times cheaper than a new array
        for redraw in self._every_redraw:
            redraw(game, kept, None)
        if player is not None:
            kept.vector[self._seat_first + self._seat_at[player]] = 1.0
            own = self._own_cards_part(game._cards[player])
            if own is not None:  # the viewer's row is the first
                kept.vector[self._own_cards_at] = own
        return kept

    # the redraws of the parts outside the rows: (game, the kept vector and its viewer, the places
    # or slots whose entries changed, None for all); each writes its entries whole, zeros included
    def _draw_start(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        first, out = self._first["start_player"], kept.vector
        out[first:first + self.n] = self._zeros[:self.n]
        out[first + kept.view.rel[game.start_player]] = 1.0

    def _draw_round(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        first, out = self._first["round"], kept.vector
        out[first] = game.round
        out[first + 1] = game.ends_after_round
        out[first + 2] = game.deck_size

    def _draw_turn(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        """Whose turn, the phase and what the step waits for (the phase, the player, the pending
        step: one changes, the others read it). The entries set last time are cleared, not the
        parts (``_Kept.marks``: whose turn first, then the phase, then the pending entries)."""
        out = kept.vector
        for at in kept.marks:
            out[at] = 0.0
        turn_at, phase = kept.view.turn[game.current_player], game._phase
        phase_at = self._phase_at[phase]
        out[turn_at] = out[phase_at] = 1.0
        if phase in _WAITING:
            marks = [turn_at, phase_at]
            for at, value in self._pending_entries(game):
                out[at] = value
                marks.append(at)
            kept.marks = marks
        else:
            kept.marks = (turn_at, phase_at)

    def _draw_open_igloos(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        first, out, built = self._first["igloos"], kept.vector, game._igloos_of
        taken = {i for who in self.players for i in built[who]}
        for k, i in enumerate(self.igloo_ids):
            out[first + k] = 0.0 if i in taken else 1.0

    def _draw_at_animal(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        """The people at the active animal in the ``placed`` part (the rows show them too)."""
        if "animal" in self._place_index:
            out, placed, waiting = kept.vector, kept.view.placed, game._animal_at
            for who in self.players:
                out[placed["animal", who]] = waiting.get(who, 0)

    def _draw_placed(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        """The people on the places this round (the animal's are ``_draw_at_animal``'s)."""
        out, placed, at_places = kept.vector, kept.view.placed, game._at
        for key in kept.view.placed_here if keys is None else keys:
            out[placed[key]] = at_places.get(key, 0)

    def _draw_display(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        """The display's slots whose card changed (``keys``: slot indices)."""
        width, first, out = len(self.card_ids) + 1, self._first["display"], kept.vector
        zeros, display = self._zeros[:width], game._display
        for k in range(SLOTS) if keys is None else keys:
            at = first + k * width
            out[at:at + width] = zeros
            card = display[k]
            out[at + (self._card_index[card] if card is not None else width - 1)] = 1.0

    def _draw_stacks(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        self._draw_board_part(kept.vector, "stacks", self._stacks_part(game))

    def _draw_animal(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        self._draw_board_part(kept.vector, "animal", self._animal_part(game))

    def _draw_board_part(self, out: array[float], part: str, values: list[float]) -> None:
        first = self._first[part]
        out[first:first + len(values)] = array("f", values)

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

    def _stacks_part(self, game: StoneAge) -> list[float]:
        width = len(self.building_ids) + 2
        stacks = [0.0] * (self.n * width)
        for s in range(self.n):
            tiles = game.stack(s + 1)
            if tiles:  # only the top is face up
                stacks[s * width + self._building_index[tiles[0]]] = 1.0
            else:
                stacks[s * width + width - 2] = 1.0
            stacks[s * width + width - 1] = float(len(tiles))
        return stacks

    def _animal_part(self, game: StoneAge) -> list[float]:
        animal = [0.0] * (len(self.animal_ids) + 3)
        active = game.active_animal
        if active is not None:
            animal[self.animal_ids.index(active.partition(":")[2])] = 1.0
        else:
            animal[len(self.animal_ids)] = 1.0
        animal[-2] = float(len(game.waiting_animals))
        animal[-1] = float(game.malus)
        return animal

    def _pending_entries(self, game: StoneAge) -> list[tuple[int, float]]:
        """The nonzero entries of the ``pending`` part, by position in the vector. In the part's
        order: [dice rolled, their sum, malus], the good rolled for, the place being paid or
        rolled at, the dice for all left, [amount to choose, food missing], the die of the
        animal reward (``_pending_at``: where each group starts)."""
        rolled, good_at, place_at, dice_left, amounts, reward_die = self._pending_at
        pending, phase = game._pending, game._phase
        if phase == "tools":
            _, _, where, good, dice, malus = pending
            entries = [(rolled, float(len(dice))), (rolled + 1, float(sum(dice))), (rolled + 2, float(malus)),
                       (good_at + GOODS.index(good), 1.0)]
            if where in self._place_index:  # a card's own roll is at the card being paid for
                entries.append((place_at + self._place_index[where], 1.0))
            return entries
        if phase == "pay":
            return [(place_at + self._place_index[pending[1]], 1.0)]
        if phase == "dice_for_all":
            return [(dice_left + face - 1, float(pending[2].count(face))) for face in set(pending[2])]
        if phase == "choose_resources":
            return [(amounts, float(pending[2]))]
        if phase == "animal_rewards":
            return [(reward_die + pending[1][0][1] - 1, 1.0)]
        if phase == "feeding":
            return [(amounts + 1, float(pending[2]))]
        return []


#: the redraws of the parts outside the players' rows (``StoneAgeEncoding`` methods): the engine
#: attributes each shows, and whether it takes the keys changed (places, display slots) or redraws
#: all. With the row fields' attributes (``StoneAgeEncoding._row``), every attribute an observation
#: reads: a step that changes one has its entries redrawn (the test tests/stone_age/test_encoding.py
#: derives the attributes read and fails on one missing).
_PART_REDRAWS: dict[str, tuple[tuple[str, ...], bool]] = {
    "_draw_start": (("_start",), False),
    "_draw_round": (("_round", "_ends", "_deck"), False),
    "_draw_turn": (("_phase", "_cur", "_pending"), False),
    "_draw_placed": (("_at",), True),
    "_draw_at_animal": (("_animal_at",), False),
    "_draw_open_igloos": (("_igloos_of",), False),
    "_draw_display": (("_display",), True),
    "_draw_stacks": (("_stacks",), False),
    "_draw_animal": (("_animal", "_waiting"), False),
}


def _counts(held: tuple[int, ...], values: tuple[int, ...]) -> list[int]:
    """How many of each of ``values`` ``held`` has."""
    return [held.count(v) for v in values]


class _Field:
    """One field of a player's row: where it starts in the row, its length, and how to read it:
    a function of the game and the player, or the game's attribute that holds it by player."""

    __slots__ = ("at", "size", "read", "held")

    def __init__(self, at: int, size: int, read: Callable[[StoneAge, str], Any] | None, held: str | None) -> None:
        self.at, self.size, self.read, self.held = at, size, read, held

    def draw(self, game: StoneAge, kept: _Kept, keys: set | None) -> None:
        """The field in the rows of the players ``keys`` (None: every player)."""
        at, size, out, row_at = self.at, self.size, kept.vector, kept.view.row_at
        if self.held is not None:  # the attribute holds it by player: no call per player
            values = getattr(game, self.held)
            if size == 1:
                for who in row_at if keys is None else keys:
                    out[row_at[who] + at] = values[who]
            else:
                for who in row_at if keys is None else keys:
                    first = row_at[who] + at
                    out[first:first + size] = array("f", values[who])
            return
        read = self.read
        assert read is not None
        if size == 1:
            for who in row_at if keys is None else keys:
                out[row_at[who] + at] = read(game, who)
        else:
            for who in row_at if keys is None else keys:
                first = row_at[who] + at
                out[first:first + size] = array("f", read(game, who))


#: the phases with something in the ``pending`` part
_WAITING = frozenset({"tools", "pay", "dice_for_all", "choose_resources", "animal_rewards", "feeding"})


class _View:
    """Where one viewer's vector shows each thing: whose turn (by player, None when nobody's),
    each player's row, the people of each (place, player); the viewer and the seats from it."""

    __slots__ = ("player", "rel", "turn", "row_at", "placed", "placed_here")

    def __init__(self, enc: StoneAgeEncoding, player: str) -> None:
        seats, rel = enc._seats(player)
        self.player = player
        self.rel = rel
        self.turn: dict[str | None, int] = {p: enc._first["turn"] + k for p, k in rel.items()}
        self.turn[None] = enc._first["turn"] + enc.n
        self.row_at = {who: enc._first["players"] + k * enc._player_size for k, who in enumerate(seats)}
        first, places = enc._first["placed"], len(enc.places)
        self.placed = {(place, who): first + rel[who] * places + i for who in seats for place, i in enc._place_index.items()}
        #: the places people stand on this round (the animal's people are kept over rounds)
        self.placed_here = tuple(key for key in self.placed if key[0] != "animal")


class _Kept:
    """A vector kept between steps: the step of the history it shows the state after, the viewer,
    and the entries of whose turn, the phase and the pending step it has set (to clear them)."""

    __slots__ = ("step", "vector", "view", "turned", "marks")

    def __init__(self, step: Step | None, vector: array[float], view: _View, turned: list[tuple[slice, ...]]) -> None:
        self.step = step
        self.vector = vector
        self.view = view
        #: by seat, the copies that turn the vector to that seat (``StoneAgeEncoding._turned``) with
        #: each source a view of this vector: a view's making costs as much as its copy
        whole = memoryview(vector)
        self.turned: list[tuple[Any, ...]] = [tuple(whole[cut] if k % 2 else cut for k, cut in enumerate(copies)) for copies in turned]
        self.marks: Sequence[int] = ()


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
    steps holds for any game of the set-up: the indices by action, the table's vector by the step
    of the history it shows (another game's history has it drawn whole)."""
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
