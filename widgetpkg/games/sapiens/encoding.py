"""Sapiens as numbers for learning agents: a fixed action space and what a player sees.

Tiles are addressed by where they lie, never by their id: a slot of a pool, counted from the
player to move (their own pool's ``POOL_SIZE`` slots, the common pool's ``COMMON_SIZE`` slots,
then each other player's pool by seat). A pool never holds more: a refill tops a pool up to
``POOL_SIZE`` and reveals into the common pool only as many tiles as it took and discarded
(RB 61, R3), and a Water swap trades one for one (RB 97). Squares are addressed on one grid of
10 x 7 cells, x from -1 to 8 and y from -1 to 5: the 8 x 5 valley and the ring around it where the
caves and waterfalls lie (a cave touches exactly one valley square; components.py checks it).

The actions, in order: lay a tile (own slot x cell of its first scene x rotation), the same for an
abandonment, use / resolve / take back a mountain token by scene, skip a bonus, take the token
lying on a cell, swap (own slot x another pool's slot), convert 0 to ``STEAKS`` steaks, put a
fight token on / take one back from any pool slot, resolve a player's fight token (by seat from the
player to move), put a bear on another player's cell (by seat), send back the bear on one's own
cell, and a refill (the set of common slots taken x the common slot discarded, or none). The set-up
steps (``SetNextTiles``, ``DealTiles``, ``SetValley``, ``SetMountainTokens``, ``SetPosition``) are
never offered by ``legal_actions`` and have no index.

The observation (from ``player``'s seat: the players from ``player`` on, in turn order) shows what
is public (spec: everything but the stack's order and the tiles removed unseen at set-up): whose
turn and the phase; the stack's size, the supplies, the pending bonuses, this turn's token and
Picking state, the tile waiting for the fight-token order, and how many tiles of each scene pair
nobody has seen; each player's food, shelter, score, steaks, fight tokens, mountain tokens (in
hand, used, removed), tribe and whether their game ended; every pool slot's tile (its two scenes
in order) and the fight tokens on it; and every valley cell: terrain, food value, cave shelter
values, the scene laid there (active tribe or abandoned), the mountain token lying there, a bear.

>>> import widgetpkg as wp
>>> g = wp.new_game("sapiens", players=2, seed=3)
>>> enc = g.encoding()
>>> enc.action_count, enc.observation_size
(2750, 4024)
>>> first = g.legal_actions()[0]
>>> enc.action(g, enc.action_index(g, first)) == first
True
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable, Iterator
from functools import partial
from operator import attrgetter
from struct import Struct
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from ...core import Action, IllegalActionError
from ...core.encoding import Encoding
from .actions import (
    Abandon,
    ConvertSteaks,
    PlaceBear,
    PlaceFightToken,
    PlaceTile,
    RecallFightToken,
    Refill,
    RemoveBear,
    ResolveBonus,
    ResolveFightToken,
    RetakeMountainToken,
    SkipBonus,
    SwapTile,
    TakeMountainToken,
    UseMountainToken,
)
from .components import (
    CAVE,
    COMMON_SIZE,
    FOREST,
    PLAIN,
    POOL_SIZE,
    ROTATIONS,
    SCENES,
    STEAKS,
    WATERFALL,
    Components,
    Valley,
)

if TYPE_CHECKING:
    from .game import Sapiens

PHASES = ("start_cave", "main", "after_tile", "refill", "choose_bonus", "feast", "ritual", "water", "hunt", "fight",
          "fire", "fight_order", "over")
PHASE = {phase: i for i, phase in enumerate(PHASES)}
#: the grid of cells every valley fits in: the 8 x 5 squares and the ring of caves and waterfalls
CELLS = tuple((x, y) for y in range(-1, 6) for x in range(-1, 9))
CELL = {c: i for i, c in enumerate(CELLS)}
TERRAIN = (FOREST, PLAIN, CAVE, WATERFALL)
SCENE = {s: i for i, s in enumerate(SCENES)}
PAIRS = tuple(itertools.combinations_with_replacement(SCENES, 2))
#: a valley cell's channels: terrain (4), food, shelter with and without a token, the scene laid
#: (8), active tribe, abandoned, the mountain token lying there (8), a bear
CHANNELS = 4 + 1 + 2 + 8 + 1 + 1 + 8 + 1
_SCENE_AT, _ACTIVE, _ABANDONED, _TOKEN_AT, _BEAR = 7, 15, 16, 17, 25
ROTATION = {r: i for i, r in enumerate(ROTATIONS)}
#: what indexing an action needs: the player to move, where each pool tile lies, the seats from
#: them, each own tile's offset in a laying block (slot x cells x rotations), and each common
#: tile's offset as a refill's discard (slot + 1; -1, none, at 0)
_Context = tuple[str, dict[int, int], dict[str, int], dict[int, int], dict[int, int]]
#: the engine's dicts by player a player's row is made of, in order: eight numbers, then mountain tokens
_ROW_SOURCES = attrgetter("_food", "_shelter", "_scores", "_steaks", "_fight_hand", "_out", "_turns_played", "_tribe",
                          "_hand", "_used", "_gone")
_NO_TOKENS = (0.0,) * (3 * len(SCENES))
_NO_SCENES = array("f", bytes(4 * len(SCENES)))
#: a player's row as float32 bytes
_ROW = Struct(f"{8 + 3 * len(SCENES)}f")
#: each assembled valley's fixed cells and where its squares' cells begin, for as long as it lives
_LAYOUTS: WeakKeyDictionary[Valley, tuple[array[float], tuple[int, ...]]] = WeakKeyDictionary()
#: the tables of each set-up, by components, then by players (``SapiensEncoding._work_out``)
_SET_UPS: WeakKeyDictionary[Components, dict[tuple[str, ...], dict[str, Any]]] = WeakKeyDictionary()
#: the subsets of common slots a refill may take, each as a bit mask
REFILL_MASKS = 1 << COMMON_SIZE


class SapiensEncoding(Encoding):
    """The fixed action space and the observation of one Sapiens set-up (see the module text)."""

    #: each block of the action space by name: its first index and its size
    blocks: dict[str, tuple[int, int]]

    def __init__(self, game: Sapiens) -> None:
        # what depends on the set-up only is worked out once per components and players: a new
        # game (every reset of an environment) would otherwise spend a few moves' time on it
        by_players = _SET_UPS.setdefault(game.components, {})
        tables = by_players.get(tuple(game.players))
        if tables is None:
            self._work_out(game)
            tables = by_players[tuple(game.players)] = dict(vars(self))
        self.__dict__.update(tables)
        self.parts, self.blocks = dict(self.parts), dict(self.blocks)  # public: each encoding its own
        #: the engine's legal-action list last seen and its indices (see ``legal_indices``)
        self._last: tuple[object, tuple[int, ...], tuple[Action, ...], _Context] | None = None
        #: the stack and removed tiles last seen and their unseen counts (``_kept_unseen``)
        self._unseen: tuple[list[int], list[int], array[float]] | None = None
        self._kept_rows = _KeptRows(self)
        self._kept_pools = _KeptPools(self)
        self._kept_valleys = _KeptValleys(self)

    def _work_out(self, game: Sapiens) -> None:
        """The tables of this set-up (shared by its encodings: never changed, or only added to
        by content, as ``_layouts``)."""
        self.players = tuple(game.players)
        n = self.n = len(self.players)
        self.positions = POOL_SIZE + COMMON_SIZE + (n - 1) * POOL_SIZE
        blocks = [
            ("place", POOL_SIZE * len(CELLS) * 4), ("abandon", POOL_SIZE * len(CELLS) * 4),
            ("use_token", len(SCENES)), ("resolve_bonus", len(SCENES)), ("skip", 1),
            ("take_token", len(CELLS)), ("retake_token", len(SCENES)),
            ("swap", POOL_SIZE * (self.positions - POOL_SIZE)), ("steaks", STEAKS + 1),
            ("fight", self.positions), ("recall", self.positions), ("fight_order", n),
            ("bear", (n - 1) * len(CELLS)), ("remove_bear", len(CELLS)),
            ("refill", REFILL_MASKS * (COMMON_SIZE + 1)),
        ]
        self.blocks = {}
        start = 0
        for name, size in blocks:
            self.blocks[name] = (start, size)
            start += size
        self.action_count = start
        self._base = {name: first for name, (first, _) in self.blocks.items()}
        #: per player (to move, or seeing): the seats from theirs, each player's seat from theirs,
        #: the pools in slot order
        self._number = {p: i for i, p in enumerate(self.players)}
        self._seats: dict[str, tuple[str, ...]] = {}
        self._seat_of: dict[str, dict[str, int]] = {}
        self._pool_order: dict[str, tuple[tuple[str, int], ...]] = {}
        for i, p in enumerate(self.players):
            seats = self._seats[p] = self.players[i:] + self.players[:i]
            self._seat_of[p] = {who: k for k, who in enumerate(seats)}
            self._pool_order[p] = ((p, POOL_SIZE), ("common", COMMON_SIZE), *((o, POOL_SIZE) for o in seats[1:]))
        #: per player to move: each pool and its slots' positions in the action space
        self._pool_slots_of: dict[str, tuple[tuple[str, range], ...]] = {}
        for p, order in self._pool_order.items():
            starts = itertools.accumulate((size for _, size in order), initial=0)
            self._pool_slots_of[p] = tuple((owner, range(at, at + size)) for (owner, size), at in zip(order, starts))
        b = self._base
        #: each action type's index, from the context (dispatched on the exact type: a chain of
        #: isinstance checks costs more than the rest of the work)
        self._indexers: dict[type, Callable[[Any, _Context], int]] = {
            PlaceTile: partial(self._laid, _laid_at(b["place"])),
            Abandon: partial(self._laid, _laid_at(b["abandon"])),
            Refill: partial(self._refill, b["refill"]),
            UseMountainToken: lambda a, c: b["use_token"] + SCENE[a.scene],
            ResolveBonus: lambda a, c: b["resolve_bonus"] + SCENE[a.scene],
            RetakeMountainToken: lambda a, c: b["retake_token"] + SCENE[a.scene],
            SkipBonus: lambda a, c: b["skip"],
            TakeMountainToken: lambda a, c: b["take_token"] + CELL[(a.x, a.y)],
            SwapTile: partial(self._swap, b["swap"], self.positions - POOL_SIZE),
            ConvertSteaks: partial(self._steaks, b["steaks"]),
            PlaceFightToken: lambda a, c: b["fight"] + c[1][a.tile],
            RecallFightToken: lambda a, c: b["recall"] + c[1][a.tile],
            ResolveFightToken: lambda a, c: b["fight_order"] + c[2][a.owner],
            PlaceBear: partial(self._bear, b["bear"]),
            RemoveBear: lambda a, c: b["remove_bear"] + CELL[(a.x, a.y)],
        }
        self._slot_size = 17 + n
        self.parts = {
            "seat": n, "turn": n + 1, "phase": len(PHASES),
            "game": 7 + len(SCENES) + POOL_SIZE + len(PAIRS),
            "players": n * (8 + 3 * len(SCENES)),
            "pools": self.positions * self._slot_size,
            "valleys": n * len(CELLS) * CHANNELS,
        }
        self._offsets: dict[str, tuple[int, int]] = {}
        for name, size in self.parts.items():
            self._offsets[name] = (sum(length for _, length in self._offsets.values()), size)
        self._first = {name: first for name, (first, _) in self._offsets.items()}
        self._size = sum(self.parts.values())
        #: per player seeing: where each pool's slots begin in the observation, and whose pool it is
        self._pool_firsts: dict[str, tuple[tuple[int, str], ...]] = {}
        for p, order in self._pool_order.items():
            starts = itertools.accumulate((size * self._slot_size for _, size in order), initial=self._first["pools"])
            self._pool_firsts[p] = tuple(zip(starts, (owner for owner, _ in order)))
        #: each tile's two scenes, as indices
        self._tile_scenes = {t: (SCENE[d.scenes[0]], SCENE[d.scenes[1]]) for t, d in game.components.tiles.items()}
        #: per pair of valley faces: its fixed cells and where each square's cell begins (``_layout``)
        self._layouts: dict[tuple[str, str], tuple[array[float], tuple[int, ...]]] = {}
        self._row_size = 8 + 3 * len(SCENES)
        #: one pool slot holding each tile (no fight token), as float32 bytes
        self._tile_slots = {t: self._tile_slot(t) for t in game.components.tiles}
        self._pair_of = {t: PAIRS.index(tuple(sorted(d.scenes, key=SCENES.index)))  # type: ignore[arg-type]
                         for t, d in game.components.tiles.items()}

    # -- actions ------------------------------------------------------------------------------------
    def _context(self, game: Sapiens) -> _Context:
        """The player to move, the position of every pool tile (looked up on first use), the
        seats from them, and the offsets of own and common tiles (``_Context``)."""
        p = game.current_player or self.players[0]
        pools = game._pools
        own, common = pools[p], pools["common"]
        if len(own) > POOL_SIZE or len(common) > COMMON_SIZE:  # never: see the module text
            raise IllegalActionError(f"a pool holds more tiles than it has slots: {own}, {common}")
        offsets = {t: slot * len(CELLS) * 4 for slot, t in enumerate(own)}
        discards = {-1: 0, **{t: 1 + k for k, t in enumerate(common)}}
        return p, _Positions(pools, self._pool_slots_of[p]), self._seat_of[p], offsets, discards

    def _index(self, action: Action, ctx: _Context) -> int:
        indexer = self._indexers.get(type(action))
        if indexer is not None:
            try:
                return indexer(action, ctx)
            except (KeyError, TypeError):
                pass
        raise IllegalActionError(f"{action} has no index in Sapiens' action space now")

    @staticmethod
    def _laid(at: dict[tuple[int, int, int], int], action: PlaceTile | Abandon, ctx: _Context) -> int:
        """A tile laid: own slot x cell x rotation, ``at`` giving the index in slot 0."""
        return ctx[3][action.tile] + at[(action.x, action.y, action.rotation)]

    @staticmethod
    def _refill(base: int, action: Refill, ctx: _Context) -> int:
        """A refill, from the block's ``base``: the set of common slots taken x the one discarded."""
        offsets, mask = ctx[4], 0  # a common tile's offset is its slot + 1
        for t in action.take:
            k = offsets[t] - 1
            if k < 0 or mask >> k & 1:  # a common slot, each once
                raise KeyError(t)
            mask |= 1 << k
        return base + mask * (COMMON_SIZE + 1) + offsets[action.discard]

    @staticmethod
    def _swap(base: int, others: int, action: SwapTile, ctx: _Context) -> int:
        """A swap, from the block's ``base``: own slot x another pool's slot (of ``others``)."""
        mine, other = ctx[1][action.mine], ctx[1][action.other] - POOL_SIZE
        if mine >= POOL_SIZE or other < 0:
            raise KeyError(action)
        return base + mine * others + other

    @staticmethod
    def _bear(base: int, action: PlaceBear, ctx: _Context) -> int:
        """A bear put, from the block's ``base``: another player (by seat) x cell."""
        other = ctx[2][action.player] - 1
        if other < 0:
            raise KeyError(action)
        return base + other * len(CELLS) + CELL[(action.x, action.y)]

    @staticmethod
    def _steaks(base: int, action: ConvertSteaks, ctx: _Context) -> int:
        if not 0 <= action.count <= STEAKS:  # the supply holds STEAKS (RB 21)
            raise KeyError(action)
        return base + action.count

    def action_index(self, game: Sapiens, action: Action) -> int:  # type: ignore[override]
        return self._index(action, self._context_now(game))

    def _context_now(self, game: Sapiens) -> _Context:
        token = game._cache.get(("legal",)) if game._cache is not None else None
        last = self._last
        if token is not None and last is not None and last[0] is token:
            return last[3]
        return self._context(game)

    def legal_indices(self, game: Sapiens) -> dict[int, Action]:  # type: ignore[override]
        return dict(zip(*self.indexed_legal_actions(game)))

    def indexed_legal_actions(self, game: Sapiens) -> tuple[tuple[int, ...], tuple[Action, ...]]:  # type: ignore[override]
        # the engine keeps its legal actions until the state changes: while it holds the very same
        # list, the indices found for it last time still hold (the mask, then the action taken)
        token = game._cache.get(("legal",)) if game._cache is not None else None
        last = self._last
        if token is not None and last is not None and last[0] is token:
            return last[1], last[2]
        legal = tuple(game.legal_actions())
        ctx = self._context(game)
        indexers = self._indexers
        try:  # the engine's own actions: each has an indexer (``_index`` says why one has none)
            indices = tuple([indexers[type(a)](a, ctx) for a in legal])
        except (KeyError, TypeError):
            indices = tuple([self._index(a, ctx) for a in legal])
        self._last = (token, indices, legal, ctx) if token is not None else None
        return indices, legal

    # -- observation --------------------------------------------------------------------------------
    def observation(self, game: Sapiens, player: str) -> dict[str, list[float]]:  # type: ignore[override]
        flat = self.vector(game, player)
        return {name: flat[first:first + size] for name, (first, size) in self._offsets.items()}

    def vector(self, game: Sapiens, player: str) -> list[float]:  # type: ignore[override]
        """The observation as one flat list, worked out afresh from the game: what ``fill_vector``,
        which keeps parts between steps, must always agree with."""
        flat = [0.0] * self._size
        self._write_game(game, player, flat, self._unseen_counts(game))
        seats, pools = self._seats[player], game._pools
        first, size = self._first["players"], self._row_size
        for key in self._player_keys(game, seats):
            flat[first:first + size] = self._row_values(key)
            first += size
        for first, owner in self._pool_firsts[player]:
            self._write_slots(flat, first, pools[owner])
        self._write_fights(game, player, flat)
        first, size = self._first["valleys"], len(CELLS) * CHANNELS
        for who in seats:
            flat[first:first + size] = self._valley_cells(game, who)
            first += size
        return flat

    def fill_vector(self, game: Sapiens, player: str, out: Any) -> None:  # type: ignore[override]
        """``vector`` written into a zeroed float32 vector: a few values one by one, the rest copied
        from float32 arrays kept in step with the game (player rows, pools, valleys: each holds all
        players' parts in turn order, copied in seat order from ``player``'s by a few slices)."""
        target = None if isinstance(out, list) else memoryview(out)
        if target is None or target.format != "f" or not target.c_contiguous or target.ndim != 1:
            out[:] = self.vector(game, player)  # not what widgetpkg.rl passes: the plain way
            return
        # scalar writes through a memoryview cost a fraction of numpy's, and slices take arrays
        self._write_game(game, player, target, self._kept_unseen(game))
        seat = self._number[player]
        _rotated(target, self._first["players"], self._kept_rows.cells(game), seat * self._row_size)
        # the pools: own, the common one, then the others by seat (see ``_KeptPools``)
        pools, first = self._kept_pools.cells(game), self._first["pools"]
        common, own = COMMON_SIZE * self._slot_size, POOL_SIZE * self._slot_size
        mine = common + seat * own
        target[first:first + own] = pools[mine:mine + own]
        target[first + own:first + own + common] = pools[:common]
        first += own + common
        after = len(pools) - mine - own  # the players after the one seeing, then those before
        target[first:first + after] = pools[mine + own:]
        target[first + after:first + after + mine - common] = pools[common:mine]
        self._write_fights(game, player, target)
        _rotated(target, self._first["valleys"], self._kept_valleys.cells(game), seat * len(CELLS) * CHANNELS)

    def _write_game(self, game: Sapiens, player: str, flat: Any, unseen: Any) -> None:
        """Write the seat, turn, phase and game parts into the zeroed ``flat`` (a list or a float32
        memoryview: only nonzero values), ``unseen`` being the counts of the scene pairs nobody has
        seen."""
        if player not in self.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        rel, at = self._seat_of[player], self._first
        flat[at["seat"] + self._number[player]] = 1.0
        current = game.current_player
        flat[at["turn"] + (rel[current] if current is not None else self.n)] = 1.0
        flat[at["phase"] + PHASE[game._phase]] = 1.0
        first = at["game"]
        for k, value in enumerate((len(game._stack), game._steak_supply, game._bear_supply, game._end_triggered,
                                   game._token_used, game._picking_plain, len(game._discards))):
            if value:
                flat[first + k] = float(value)
        first += 7
        for scene in game._pending:
            flat[first + SCENE[scene]] += 1.0
        first += len(SCENES)
        waiting = game._held  # the tile laid while the fight-token order is asked: still in the pool
        if waiting is not None and current is not None:
            flat[first + game._pools[current].index(waiting[1])] = 1.0
        first += POOL_SIZE
        flat[first:first + len(PAIRS)] = unseen

    @staticmethod
    def _player_keys(game: Sapiens, seats: tuple[str, ...]) -> Iterator[tuple]:
        """Everything each player's row shows, player by player in ``seats``' order: the keys their
        float32 arrays are kept by (read a state dict at a time: the loops run in C)."""
        return zip(*[map(values.__getitem__, seats) for values in _ROW_SOURCES(game)])

    @staticmethod
    def _row_values(key: tuple) -> list[float]:
        """A player's row from their key (``_player_keys``): eight numbers, then their mountain
        tokens counted by scene (in hand, used, removed)."""
        row = [*map(float, key[:8]), *_NO_TOKENS]
        for k, tokens in enumerate(key[8:]):
            for scene in tokens:
                row[8 + k * len(SCENES) + SCENE[scene]] += 1.0
        return row

    def _write_slots(self, flat: Any, first: int, tiles: tuple[int, ...]) -> None:
        """Write the slots of a pool holding ``tiles`` at ``first`` (zeroed): a tile there, its two
        scenes (the fight tokens apart)."""
        width, scenes = self._slot_size, self._tile_scenes
        for k, tile in enumerate(tiles):
            one, two = scenes[tile]
            base = first + k * width
            flat[base] = flat[base + 1 + one] = flat[base + 9 + two] = 1.0

    def _tile_slot(self, tile: int) -> bytes:
        """One pool slot holding ``tile`` (no fight token), as float32 bytes."""
        slot = [0.0] * self._slot_size
        self._write_slots(slot, 0, (tile,))
        return array("f", slot).tobytes()

    def _write_fights(self, game: Sapiens, player: str, flat: Any) -> None:
        """Add the fight tokens lying on pool tiles, by owner's seat from ``player``'s (none most
        of the game)."""
        fights = game._fight
        if fights:
            width, rel, pools = self._slot_size, self._seat_of[player], game._pools
            for tile, owners in fights.items():
                for first, owner in self._pool_firsts[player]:
                    if tile in pools[owner]:
                        base = first + pools[owner].index(tile) * width + 17
                        for who in owners:
                            flat[base + rel[who]] += 1.0
                        break

    def _unseen_counts(self, game: Sapiens) -> list[float]:
        """How many tiles of each scene pair nobody has seen (``tiles_left_unseen()``), counted
        without sorting each tile's scenes."""
        counts = [0.0] * len(PAIRS)
        pair_of = self._pair_of
        for t in game._stack:
            counts[pair_of[t]] += 1.0
        for t in game._removed:
            counts[pair_of[t]] += 1.0
        return counts

    def _kept_unseen(self, game: Sapiens) -> array[float]:
        """``_unseen_counts`` as a float32 array, kept while the stack and the removed tiles are the
        same (only a refill draws: most steps find them unchanged); tiles drawn from the stack's
        end are taken off the counts."""
        kept, stack = self._unseen, game._stack
        if kept is not None and kept[0] == stack and kept[1] == game._removed:
            return kept[2]
        if kept is not None and kept[1] == game._removed and len(stack) < len(kept[0]) \
                and kept[0][:len(stack)] == stack:
            counts, pair_of = kept[2], self._pair_of
            for t in kept[0][len(stack):]:
                counts[pair_of[t]] -= 1.0
        else:
            counts = array("f", self._unseen_counts(game))
        self._unseen = (list(stack), list(game._removed), counts)
        return counts

    def _valley_cells(self, game: Sapiens, who: str) -> list[float]:
        """The cells of ``who``'s valley (what ``valley_contents`` says), from the engine's view."""
        fixed, bases = self._layout(game, game._valleys[who])
        cells = fixed.tolist()
        board, _, tokens, bears = game._view(who)
        active = game._tribe[who]
        for square, (_, scene, laid_by) in board.items():
            base = bases[square]
            cells[base + _SCENE_AT + SCENE[scene]] = 1.0
            cells[base + (_ACTIVE if laid_by == active else _ABANDONED)] = 1.0
        for square, scene in tokens.items():
            cells[bases[square] + _TOKEN_AT + SCENE[scene]] = 1.0
        for square in bears:
            cells[bases[square] + _BEAR] = 1.0
        return cells

    def _layout(self, game: Sapiens, faces: tuple[str, str]) -> tuple[array[float], tuple[int, ...]]:
        """A valley's fixed channels (terrain, food, shelter) as a float32 array, and where each of
        its squares' cell begins (never changed: copied before use), by the faces, then by the valley."""
        found = self._layouts.get(faces)
        if found is None:
            valley = game.components._valleys.get(faces) or game.components.valley(*faces)
            found = self._layouts[faces] = _LAYOUTS.get(valley) or _layout_of(valley)
        return found


def _laid_at(base: int) -> dict[tuple[int, int, int], int]:
    """A laying block's index of each cell and rotation in own slot 0, from the block's ``base``."""
    return {(x, y, r): base + CELL[(x, y)] * 4 + k for x, y in CELLS for k, r in enumerate(ROTATIONS)}


def _layout_of(valley: Valley) -> tuple[array[float], tuple[int, ...]]:
    """``SapiensEncoding._layout`` for one assembled valley, kept with it for the next games."""
    fixed = array("f", bytes(4 * len(CELLS) * CHANNELS))
    bases = tuple(CELL[at] * CHANNELS for at in valley.coord)
    for square, base in enumerate(bases):
        fixed[base + TERRAIN.index(valley.kind[square])] = 1.0
        fixed[base + 4] = float(valley.food[square])
        shelter = valley.shelter[square]
        if shelter is not None:
            fixed[base + 5], fixed[base + 6] = float(shelter[0]), float(shelter[1])
    found = _LAYOUTS[valley] = (fixed, bases)
    return found


class _Positions(dict[int, int]):
    """Each pool tile's position in the action space (own slots, common slots, other players'
    slots), worked out on the first look-up: most steps index only tiles laid and refills,
    which need smaller tables (``_Context``)."""

    def __init__(self, pools: dict[str, tuple[int, ...]], slots_of: tuple[tuple[str, range], ...]) -> None:
        super().__init__()
        self._pools = dict(pools)  # as they are now: the engine changes its dict in place
        self._slots_of: tuple[tuple[str, range], ...] | None = slots_of

    def __missing__(self, tile: int) -> int:
        if self._slots_of is None:
            raise KeyError(tile)
        for owner, slots in self._slots_of:
            tiles = self._pools[owner]
            if len(tiles) > len(slots):  # never: see the module text
                raise IllegalActionError(f"the {owner} pool holds {len(tiles)} tiles, more than {len(slots)}")
            self.update(zip(tiles, slots))
        self._slots_of = None
        return self[tile]


def _rotated(target: Any, first: int, cells: Any, cut: int) -> None:
    """Write ``cells`` (players' blocks in turn order) at ``first`` in seat order from the player
    whose block begins at ``cut``: two slice copies, whatever the player count."""
    rest = len(cells) - cut
    target[first:first + rest] = cells[cut:]
    target[first + rest:first + len(cells)] = cells[:cut]


class _KeptRows:
    """Every player's row (``_row_values``) as float32, players in turn order, for ``fill_vector``.

    Kept with copies of the engine's dicts they show (``_ROW_SOURCES``): each call compares the
    game's with them, so the rows follow any game they are given (after undo, on a clone); only
    the values that differ are written again (most steps change one or two)."""

    def __init__(self, encoding: SapiensEncoding) -> None:
        self._players = tuple(enumerate(encoding.players))
        self._size = encoding._row_size
        #: the dicts the rows show, copied (None: no rows yet, all zeros)
        self._sources: tuple[dict[str, Any], ...] | None = None
        #: a memoryview (Any: typeshed lets a memoryview take ints only)
        self._cells: Any = memoryview(array("f", bytes(4 * self._size * len(self._players))))

    def cells(self, game: Sapiens) -> Any:
        """The rows now (overwritten by the next call)."""
        now, kept = _ROW_SOURCES(game), self._sources
        if now == kept:  # the tuples' dicts compared in C
            return self._cells
        cells, size, copies = self._cells, self._size, []
        if kept is None:
            kept = tuple({p: None for _, p in self._players} for _ in now)
        for source, (new, old) in enumerate(zip(now, kept)):
            if new == old:
                copies.append(old)
                continue
            copies.append(dict(new))
            for k, p in self._players:
                value = new[p]
                if value == old[p]:
                    continue
                if source < 8:  # a number (a bool is one too)
                    cells[k * size + source] = value
                else:  # mountain tokens by scene: in hand, used, removed
                    first = k * size + 8 + (source - 8) * len(SCENES)
                    cells[first:first + len(SCENES)] = _NO_SCENES
                    for scene in value:
                        cells[first + SCENE[scene]] += 1.0
        self._sources = tuple(copies)
        return cells


class _KeptPools:
    """Every pool's slots (``_write_slots``, fight tokens apart) as float32, for ``fill_vector``:
    the common pool's, then the players' in turn order.

    Kept with a copy of the engine's pools: each call compares the game's with it, so the slots
    follow any game they are given; only the pools that differ are written again."""

    def __init__(self, encoding: SapiensEncoding) -> None:
        width = encoding._slot_size
        self._tile_slots = encoding._tile_slots
        #: each pool's first value and its number of values
        self._blocks = {"common": (0, COMMON_SIZE * width),
                        **{p: ((COMMON_SIZE + k * POOL_SIZE) * width, POOL_SIZE * width)
                           for k, p in enumerate(encoding.players)}}
        self._pools: dict[str, tuple[int, ...]] | None = None
        #: a memoryview (Any: typeshed lets a memoryview take ints only)
        self._cells: Any = memoryview(array("f", bytes(4 * (COMMON_SIZE + encoding.n * POOL_SIZE) * width)))
        self._zeros = memoryview(array("f", bytes(4 * COMMON_SIZE * width)))

    def cells(self, game: Sapiens) -> Any:
        """The pools' slots now (overwritten by the next call)."""
        pools, kept, cells = game._pools, self._pools, self._cells
        if pools == kept:
            return cells
        for owner, (start, size) in self._blocks.items():
            tiles = pools[owner]
            if kept is not None and tiles == kept[owner]:
                continue
            slots = memoryview(b"".join(map(self._tile_slots.__getitem__, tiles))).cast("f")
            if len(slots) > size:  # never: see the module text
                raise IllegalActionError(f"the {owner} pool holds {len(tiles)} tiles, more than it has slots")
            cells[start:start + len(slots)] = slots
            cells[start + len(slots):start + size] = self._zeros[:size - len(slots)]
        self._pools = dict(pools)
        return cells


class _KeptValleys:
    """Every player's valley cells as float32, players in turn order, for ``fill_vector``, kept in
    step with the game.

    The cells show copies of the board, tokens, bears, tribes and valley faces they were made
    from; each call compares the game's with them, so they never go stale whatever game they are
    given (after undo, on a clone). What changes between steps is written in: squares added at the
    end of the board (tiles laid), tokens and bears taken or put; a player's new tribe or faces
    make their cells again; a board changed otherwise (undo) makes all of them again."""

    def __init__(self, encoding: SapiensEncoding) -> None:
        self._encoding = encoding
        self._board: dict[tuple[str, int], tuple[int, str, int]] = {}
        self._tokens: dict[tuple[str, int], str] = {}
        self._bears: dict[tuple[str, int], str] = {}
        #: the tribes and faces the cells show (None: not made yet)
        self._tribes: tuple[dict[str, int], dict[str, tuple[str, str]]] | None = None
        size = len(CELLS) * CHANNELS
        #: where each player's block begins
        self._starts = {who: k * size for k, who in enumerate(encoding.players)}
        #: all players' cells, as a memoryview of a float32 array (writes through a memoryview cost
        #: less than the array's own item assignment; Any: typeshed lets a memoryview take ints only)
        self._cells: Any = memoryview(array("f", bytes(4 * size * len(encoding.players))))
        #: per player: where each square's cell begins in ``_cells``
        self._bases: dict[str, tuple[int, ...]] = {}

    def cells(self, game: Sapiens) -> Any:
        """Every player's valley cells now (overwritten by the next call)."""
        board, kept = game._board, self._board
        if self._tribes is None:
            self._rebuild(game)
            return self._cells
        if board != kept:
            # squares covered since (the engine adds them at the end): the board still holds
            # every square kept, and its last ones are new; anything else (undo) makes all again
            added = list(itertools.islice(reversed(board.items()), max(0, len(board) - len(kept))))
            if not added or not kept.items() <= board.items() or any(square in kept for square, _ in added):
                self._rebuild(game)
                return self._cells
            self._lay(game, added)
            self._board = dict(board)
        tribes, faces = self._tribes
        if game._tribe != tribes or game._valleys != faces:
            for who in self._encoding.players:
                if game._tribe[who] != tribes[who] or game._valleys[who] != faces[who]:
                    self._remake(game, who)
            self._tribes = (dict(game._tribe), dict(game._valleys))
        cells, bases = self._cells, self._bases
        tokens = game._tokens
        if tokens != self._tokens:  # only the tokens taken or put (the sets are made in C)
            old = self._tokens
            for (who, square), scene in old.items() - tokens.items():
                cells[bases[who][square] + _TOKEN_AT + SCENE[scene]] = 0.0
            for (who, square), scene in tokens.items() - old.items():
                cells[bases[who][square] + _TOKEN_AT + SCENE[scene]] = 1.0
            self._tokens = dict(tokens)
        bears = game._bears
        if bears != self._bears:
            for who, square in self._bears.keys() - bears.keys():
                cells[bases[who][square] + _BEAR] = 0.0
            for who, square in bears.keys() - self._bears.keys():
                cells[bases[who][square] + _BEAR] = 1.0
            self._bears = dict(bears)
        return cells

    def _rebuild(self, game: Sapiens) -> None:
        self._tribes = (dict(game._tribe), dict(game._valleys))
        self._board = dict(game._board)
        self._tokens, self._bears = dict(game._tokens), dict(game._bears)
        for who in self._encoding.players:
            self._remake(game, who)

    def _remake(self, game: Sapiens, who: str) -> None:
        """Make ``who``'s cells from the game as it is now."""
        fixed, bases = self._encoding._layout(game, game._valleys[who])
        start, cells = self._starts[who], self._cells
        cells[start:start + len(fixed)] = fixed
        bases = self._bases[who] = tuple(start + base for base in bases)
        self._lay(game, [item for item in game._board.items() if item[0][0] == who])
        for (owner, square), scene in game._tokens.items():
            if owner == who:
                cells[bases[square] + _TOKEN_AT + SCENE[scene]] = 1.0
        for owner, square in game._bears:
            if owner == who:
                cells[bases[square] + _BEAR] = 1.0

    def _lay(self, game: Sapiens, items: list[tuple[tuple[str, int], tuple[int, str, int]]]) -> None:
        """Write covered squares: the scene laid there and whether the active tribe laid it."""
        cells, bases, tribe = self._cells, self._bases, game._tribe
        for (who, square), (_, scene, laid_by) in items:
            base = bases[who][square]
            cells[base + _SCENE_AT + SCENE[scene]] = 1.0
            cells[base + (_ACTIVE if laid_by == tribe[who] else _ABANDONED)] = 1.0
