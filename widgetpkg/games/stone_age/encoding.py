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
        #: the table's vector (packed float32, copied out at C speed) and the step it shows the
        #: state after (see ``_kept_table``); each player's own cards part, by the cards held
        self._table: _Kept | None = None
        self._own_cards: dict[str, tuple[tuple[str, ...], array[float] | None]] = {}
        #: the entries of whose turn, the phase and the pending step set in the table last (None:
        #: not known, the parts are cleared whole)
        self._turn_marks: list[int] | None = None
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
        #: in a player's row: the people left to place (people before, then agriculture, buildings,
        #: igloos, people at the animal, score, the cards)
        self._avail_at = 5 + self._tools_size + 1
        self._views = {p: _View(self, p) for p in self.players}
        #: by seat: the slice copies that turn the parts with a block per seat (the players' rows,
        #: the people placed) from the first seat's view to that seat's: (to, end, from, to end),
        #: the blocks of that seat on first, then the others
        self._turned: list[tuple[tuple[int, int, int, int], ...]] = []
        for seat in range(n):
            copies: list[tuple[int, int, int, int]] = []
            for first, block in ((self._first["players"], self._player_size), (self._first["placed"], len(self.places))):
                cut, end = first + seat * block, first + n * block
                copies += [(first, first + end - cut, cut, end), (first + end - cut, end, first, cut)]
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
        """The observation as one flat list (the parts' order), drawn afresh: the reference that
        ``fill_vector``'s kept vector is tested against. Every number in it is a small count,
        exact in float32."""
        if player not in self.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        return self._drawn(game, player).tolist()

    def fill_vector(self, game: StoneAge, player: str, out: Any) -> None:  # type: ignore[override]
        """``vector`` written into a float32 vector (through a memoryview: a numpy call costs as
        much as a few dozen memoryview writes), from the vector kept for the table (see
        ``_kept_table``) turned to ``player``'s seat in a few slice copies."""
        if player not in self._seat_at:
            raise IllegalActionError(f"{player!r} does not play this game")
        history = game._history
        table = self._table
        if table is None or not history:
            table = self._kept_table(game)
        elif table.step is not history[-1]:
            if len(history) > 1 and history[-2] is table.step:  # one step since: what a learner's loop sees
                self._redraw(game, table, history[-1:])
                table.step = history[-1]
            else:
                table = self._kept_table(game)
        out = memoryview(out)
        seat = self._seat_at[player]
        if seat == 0:
            out[:] = table.vector
        else:
            kept = table.view_of  # a memoryview of the kept vector: its slices are not copies
            out[:] = kept
            # the players' rows and the people placed, from ``player``'s seat on
            for to, end, start, stop in self._turned[seat]:
                out[to:end] = kept[start:stop]
            # whose turn and the start player, one-hot by seat: the one moved
            n, first = self.n, self._turn_first
            current = game.current_player
            if current is not None:
                at = self._seat_at[current]
                out[first + at] = 0.0
                out[first + (at - seat) % n] = 1.0
            first, at = self._start_first, game._start
            out[first + at] = 0.0
            out[first + (at - seat) % n] = 1.0
        out[self._seat_first + seat] = 1.0
        # the player's own cards, where a card drawn face down shows to its owner only
        cards = game._cards[player]
        own = self._own_cards.get(player)
        if own is None or own[0] is not cards:
            own = self._own_cards[player] = (cards, self._own_cards_part(cards))
        if own[1] is not None:
            first = self._first["players"] + self._avail_at + 6
            out[first:first + len(own[1])] = own[1]

    def _own_cards_part(self, cards: tuple[str, ...]) -> array[float] | None:
        """The cards part of its owner's row, None if it is the one everyone sees."""
        own = self._cards_part(cards, True)
        return array("f", own) if own != self._cards_part(cards, False) else None

    def _kept_table(self, game: StoneAge) -> _Kept:
        """The vector kept for the table (as the first seat sees it, the cards as everyone sees
        them, no seat marked), brought up to ``game``'s state.

        The engine changes its state only through journaled steps (``Game._set``, ``_put``...; undo
        rolls them back), so a vector drawn after step S of a game shows, once the steps that
        follow S in the history are played, what S's state showed with those steps' changes: the
        entries of the attributes their journals name (``_DRAWN_FROM``) are redrawn, nothing else.
        A history that no longer holds S (S undone, another game, a copy with its hidden parts
        drawn anew: its history starts empty) has the vector drawn whole."""
        history = game._history
        last = history[-1] if history else None
        table = self._table
        if table is not None and last is not None:
            since = table.step
            i = len(history) - 1
            stop = max(-1, i - _WALK_BACK)
            while i > stop and history[i] is not since:
                i -= 1
            if i > stop:
                self._redraw(game, table, history[i + 1:])
                table.step = last
                return table
        table = self._table = _Kept(last, self._drawn(game, None), self._views[self.players[0]])
        self._turn_marks = None
        return table

    def _redraw(self, game: StoneAge, kept: _Kept, steps: list) -> None:
        """Redraw in ``kept`` what the journals of ``steps`` change (``_changed``), step by step."""
        out, view = kept.vector, kept.view
        for step in steps:
            for writer, keys in _changed(step.journal):
                writer(self, game, view, out, keys)

    def _drawn(self, game: StoneAge, player: str | None) -> array[float]:
        """``player``'s vector drawn whole, from the rows and the board read afresh (the
        reference); with None, the table's: as the first seat sees it, the cards as everyone
        sees them, no seat marked."""
        view = self._views[self.players[0] if player is None else player]
        out = self._zeros[:]  # a copy at C speed: building a zeroed array costs ten times more
        at = self._first
        seats, rel = self._seats(view.player)
        if player is not None:
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
        board = array("f", [x for part in self._board(game) for x in part])
        first = at["display"]
        out[first:first + len(board)] = board
        out[view.turn[game.current_player]] = 1.0
        out[self._phase_at[game._phase]] = 1.0
        avail = game._avail
        for who, row in view.row_at.items():
            out[row + self._avail_at] = avail[who]
        for (place, who), count in game._at.items():
            out[view.placed[place, who]] = count
        if "animal" in self._place_index:
            for who, count in game._animal_at.items():
                out[view.placed["animal", who]] = count
        first = at["pending"]
        for offset, value in self._pending_entries(game):
            out[first + offset] = value
        return out

    # the redraws, one per part: (game, the viewer's offsets, the kept vector, the players or
    # places whose entries changed, None for all); each writes its entries whole, zeros included
    def _draw_start(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        first = self._first["start_player"]
        out[first:first + self.n] = self._zeros[:self.n]
        out[first + view.rel[game.start_player]] = 1.0

    def _draw_round(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        first = self._first["round"]
        out[first] = game.round
        out[first + 1] = game.ends_after_round
        out[first + 2] = game.deck_size

    def _draw_turn(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        """Whose turn, the phase and what the step waits for (the phase, the player, the pending
        step: one changes, the others read it). The entries set last time are cleared, not the
        parts (``_turn_marks``)."""
        marks = self._turn_marks
        if marks is None:  # a table drawn whole
            for part in ("turn", "phase", "pending"):
                first, size = self._offsets[part]
                out[first:first + size] = self._zeros[:size]
        else:
            for at in marks:
                out[at] = 0.0
        marks = self._turn_marks = [view.turn[game.current_player], self._phase_at[game._phase]]
        out[marks[0]] = 1.0
        out[marks[1]] = 1.0
        if game._phase in _WAITING:
            first = self._first["pending"]
            for offset, value in self._pending_entries(game):
                out[first + offset] = value
                marks.append(first + offset)

    def _draw_food(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        food, row_at = game._food, view.row_at
        for who in self.players if keys is None else keys:
            out[row_at[who]] = food[who]

    def _draw_goods(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        goods, row_at = game._goods, view.row_at
        for who in self.players if keys is None else keys:
            first = row_at[who] + 1
            out[first:first + 4] = array("f", goods[who])

    def _draw_tools(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        """The tool level and the unused tiles by value (a level and the tiles used both show here)."""
        values = self.tile_values
        for who in self.players if keys is None else keys:
            first = view.row_at[who] + 5
            tools = game._tools[who]
            unused = unused_tiles(tools, game._used[who])
            out[first:first + 1 + len(values)] = array("f", [tools, *(unused.count(v) for v in values)])

    def _draw_one_use(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        values, first = self.one_use_values, 6 + len(self.tile_values)
        for who in self.players if keys is None else keys:
            held, at = game._one_use[who], view.row_at[who] + first
            out[at:at + len(values)] = array("f", [held.count(v) for v in values])

    def _draw_vouchers(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        sizes, first = self.voucher_sizes, 6 + len(self.tile_values) + len(self.one_use_values)
        for who in self.players if keys is None else keys:
            held, at = game._vouchers[who], view.row_at[who] + first
            out[at:at + len(sizes)] = array("f", [held.count(v) for v in sizes])

    def _draw_people(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        people, row_at, at = game._people, view.row_at, self._avail_at - 1
        for who in self.players if keys is None else keys:
            out[row_at[who] + at] = people[who]

    def _draw_avail(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        avail, row_at, at = game._avail, view.row_at, self._avail_at
        for who in self.players if keys is None else keys:
            out[row_at[who] + at] = avail[who]

    def _draw_agri(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        agri, row_at, at = game._agri, view.row_at, self._avail_at + 1
        for who in self.players if keys is None else keys:
            out[row_at[who] + at] = agri[who]

    def _draw_buildings(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        built, row_at, at = game._buildings, view.row_at, self._avail_at + 2
        for who in self.players if keys is None else keys:
            out[row_at[who] + at] = len(built[who])

    def _draw_igloos(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        """Each player's igloos, and the open igloos on the board."""
        igloos, row_at, at = game._igloos_of, view.row_at, self._avail_at + 3
        for who in self.players:
            out[row_at[who] + at] = len(igloos[who])
        built = {i for who in self.players for i in igloos[who]}
        first = self._first["igloos"]
        for k, i in enumerate(self.igloo_ids):
            out[first + k] = 0.0 if i in built else 1.0

    def _draw_at_animal(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        """The people at the active animal: in each player's row and in the ``placed`` part."""
        waiting, row_at, at = game._animal_at, view.row_at, self._avail_at + 4
        animal = "animal" in self._place_index
        for who in self.players:
            out[row_at[who] + at] = waiting.get(who, 0)
            if animal:
                out[view.placed["animal", who]] = waiting.get(who, 0)

    def _draw_score(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        scores, row_at, at = game._scores, view.row_at, self._avail_at + 5
        for who in self.players if keys is None else keys:
            out[row_at[who] + at] = scores[who]

    def _draw_cards(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        first, size = self._avail_at + 6, len(self.card_ids) + 1
        for who in self.players if keys is None else keys:
            at = view.row_at[who] + first
            out[at:at + size] = array("f", self._cards_part(game._cards[who], False))

    def _draw_placed(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        """The people on the places this round (the animal's are ``_draw_at_animal``'s)."""
        placed, at_places = view.placed, game._at
        for key in view.placed_here if keys is None else keys:
            out[placed[key]] = at_places.get(key, 0)

    def _draw_display(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        """The display's slots whose card changed (``keys``: slot indices)."""
        width, first = len(self.card_ids) + 1, self._first["display"]
        zeros, display = self._zeros[:width], game._display
        for k in range(SLOTS) if keys is None else keys:
            at = first + k * width
            out[at:at + width] = zeros
            card = display[k]
            out[at + (self._card_index[card] if card is not None else width - 1)] = 1.0

    def _draw_stacks(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        self._draw_board_part(out, "stacks", self._stacks_part(game))

    def _draw_animal(self, game: StoneAge, view: _View, out: array[float], keys: frozenset | None) -> None:
        self._draw_board_part(out, "animal", self._animal_part(game))

    def _draw_board_part(self, out: array[float], part: str, values: list[float]) -> None:
        first = self._first[part]
        out[first:first + len(values)] = array("f", values)

    def _row(self, game: StoneAge, who: str, own: bool) -> array[float]:
        """``who``'s row as its owner (``own``) or another player sees it, with zeros for the
        food, the resources and the people left to place."""
        return self._row_values(game._tools[who], game._used[who], game._one_use[who], game._vouchers[who],
                                game._cards[who], game._people[who], game._agri[who], len(game._buildings[who]),
                                len(game._igloos_of[who]), game._animal_at.get(who, 0), game._scores[who], own)

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

    def _board(self, game: StoneAge) -> tuple[list[float], list[float], list[float], list[float]]:
        """The display, the stacks' tops and sizes, the open igloos and the animal, as parts."""
        return self._display_part(game), self._stacks_part(game), self._igloos_part(game), self._animal_part(game)

    def _display_part(self, game: StoneAge) -> list[float]:
        width = len(self.card_ids) + 1
        display = [0.0] * (SLOTS * width)
        for k, card in enumerate(game.display):
            display[k * width + (self._card_index[card] if card is not None else width - 1)] = 1.0
        return display

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

    def _igloos_part(self, game: StoneAge) -> list[float]:
        built = {i for who in self.players for i in game.igloos(who)}
        return [0.0 if i in built else 1.0 for i in self.igloo_ids]

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


#: every engine attribute an observation reads, and the redraw (a ``StoneAgeEncoding`` method) of
#: the entries it shows: a step whose journal names the attribute has them redrawn (the test
#: tests/stone_age/test_encoding.py derives the attributes read and fails on one missing here)
_DRAWN_FROM: dict[str, str] = {
    "_start": "_draw_start", "_round": "_draw_round", "_ends": "_draw_round", "_deck": "_draw_round",
    "_phase": "_draw_turn", "_cur": "_draw_turn", "_pending": "_draw_turn",
    "_food": "_draw_food", "_goods": "_draw_goods", "_tools": "_draw_tools", "_used": "_draw_tools",
    "_one_use": "_draw_one_use", "_vouchers": "_draw_vouchers", "_people": "_draw_people", "_avail": "_draw_avail",
    "_agri": "_draw_agri", "_buildings": "_draw_buildings", "_igloos_of": "_draw_igloos",
    "_animal_at": "_draw_at_animal", "_scores": "_draw_score", "_cards": "_draw_cards", "_at": "_draw_placed",
    "_display": "_draw_display", "_stacks": "_draw_stacks", "_animal": "_draw_animal", "_waiting": "_draw_animal",
}
#: the attributes whose redraw takes the changed keys (players, (place, player), display slots)
_KEYED = frozenset({"_food", "_goods", "_tools", "_used", "_one_use", "_vouchers", "_people", "_avail", "_agri",
                    "_buildings", "_scores", "_cards", "_at", "_display"})
_KEYED_OPS = frozenset({"put", "del"})
#: ``_DRAWN_FROM`` with the redraws as functions
_REDRAWS: dict[str, Any] = {name: getattr(StoneAgeEncoding, method) for name, method in _DRAWN_FROM.items()}
#: how far back in the history a vector drawn earlier is looked for (else drawn whole)
_WALK_BACK = 64


def _changed(journal: tuple) -> list[tuple[Any, frozenset | None]]:
    """What one step's journal changes in an observation: (redraw, the keys changed or None: all)."""
    found: dict[Any, set | None] = {}
    drawn_from = _REDRAWS
    for op in journal:
        if op[0] == "rng":
            continue
        writer = drawn_from.get(op[1])
        if writer is None:
            continue
        if op[0] in _KEYED_OPS and op[1] in _KEYED:
            keys = found.setdefault(writer, set())
            if keys is not None:
                keys.add(op[2])
        else:
            found[writer] = None
    return [(writer, None if keys is None else frozenset(keys)) for writer, keys in found.items()]


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
    """The table's vector and the step of the history it shows the state after."""

    __slots__ = ("step", "vector", "view", "view_of")

    def __init__(self, step: object, vector: array[float], view: _View) -> None:
        self.step = step
        self.vector = vector
        self.view = view
        self.view_of = memoryview(vector)


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
