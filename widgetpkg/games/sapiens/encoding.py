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
from typing import TYPE_CHECKING, Any

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
from .components import CAVE, COMMON_SIZE, FOREST, PLAIN, POOL_SIZE, ROTATIONS, SCENES, STEAKS, WATERFALL, Valley

if TYPE_CHECKING:
    from .game import Sapiens

PHASES = ("start_cave", "main", "after_tile", "refill", "choose_bonus", "feast", "ritual", "water", "hunt", "fight",
          "fire", "fight_order", "over")
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
#: the subsets of common slots a refill may take, each as a bit mask
REFILL_MASKS = 1 << COMMON_SIZE


class SapiensEncoding(Encoding):
    """The fixed action space and the observation of one Sapiens set-up (see the module text)."""

    def __init__(self, game: Sapiens) -> None:
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
        self.blocks: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in blocks:
            self.blocks[name] = (start, size)
            start += size
        self.action_count = start
        self._base = {name: first for name, (first, _) in self.blocks.items()}
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
        #: each tile's two scenes, as indices
        self._tile_scenes = {t: (SCENE[d.scenes[0]], SCENE[d.scenes[1]]) for t, d in game.components.tiles.items()}
        self._static: dict[tuple[str, str], list[float]] = {}
        #: the engine's legal-action list last seen and its indices (see ``legal_indices``)
        self._last: tuple[object, dict[int, Action], tuple[str, dict[int, int], dict[str, int], Valley]] | None = None
        #: per player, the engine's view of their valley last seen, their tribe, and its cells
        self._cells: dict[str, tuple[tuple, tuple[int, tuple[str, str]], list[float]]] = {}
        self._pair_of = {t: PAIRS.index(tuple(sorted(d.scenes, key=SCENES.index)))  # type: ignore[arg-type]
                         for t, d in game.components.tiles.items()}

    # -- actions ------------------------------------------------------------------------------------
    def _context(self, game: Sapiens) -> tuple[str, dict[int, int], dict[str, int], Valley]:
        """The player to move, the position of every pool tile, the seats from them, their valley."""
        p = game.current_player or self.players[0]
        i = self.players.index(p)
        seats = self.players[i:] + self.players[:i]
        pools = game.pools
        where: dict[int, int] = {}
        offset = 0
        for owner, size in ((p, POOL_SIZE), ("common", COMMON_SIZE), *((o, POOL_SIZE) for o in seats[1:])):
            tiles = pools[owner]
            if len(tiles) > size:  # never: see the module text
                raise IllegalActionError(f"the {owner} pool holds {len(tiles)} tiles, more than {size}")
            for k, t in enumerate(tiles):
                where[t] = offset + k
            offset += size
        return p, where, {who: k for k, who in enumerate(seats)}, game.valley(p)

    def _index(self, action: Action, ctx: tuple[str, dict[int, int], dict[str, int], Valley]) -> int:
        p, where, seat, _ = ctx
        base = self._base
        try:
            if isinstance(action, (PlaceTile, Abandon)):
                slot = where[action.tile]
                if slot >= POOL_SIZE:
                    raise KeyError(action.tile)
                cell = CELL[(action.x, action.y)]
                offset = (slot * len(CELLS) + cell) * 4 + ROTATION[action.rotation]
                return base["place" if isinstance(action, PlaceTile) else "abandon"] + offset
            if isinstance(action, Refill):
                mask = 0
                for t in action.take:
                    k = where[t] - POOL_SIZE
                    if not 0 <= k < COMMON_SIZE or mask >> k & 1:  # a common slot, each once
                        raise KeyError(t)
                    mask |= 1 << k
                discard = 0 if action.discard == -1 else 1 + where[action.discard] - POOL_SIZE
                if not 0 <= discard <= COMMON_SIZE:
                    raise KeyError(action.discard)
                return base["refill"] + mask * (COMMON_SIZE + 1) + discard
            if isinstance(action, UseMountainToken):
                return base["use_token"] + SCENE[action.scene]
            if isinstance(action, ResolveBonus):
                return base["resolve_bonus"] + SCENE[action.scene]
            if isinstance(action, RetakeMountainToken):
                return base["retake_token"] + SCENE[action.scene]
            if isinstance(action, SkipBonus):
                return base["skip"]
            if isinstance(action, TakeMountainToken):
                return base["take_token"] + CELL[(action.x, action.y)]
            if isinstance(action, SwapTile):
                mine, other = where[action.mine], where[action.other] - POOL_SIZE
                if mine >= POOL_SIZE or other < 0:
                    raise KeyError(action)
                return base["swap"] + mine * (self.positions - POOL_SIZE) + other
            if isinstance(action, ConvertSteaks):
                if not 0 <= action.count <= STEAKS:  # the supply holds STEAKS (RB 21)
                    raise KeyError(action)
                return base["steaks"] + action.count
            if isinstance(action, PlaceFightToken):
                return base["fight"] + where[action.tile]
            if isinstance(action, RecallFightToken):
                return base["recall"] + where[action.tile]
            if isinstance(action, ResolveFightToken):
                return base["fight_order"] + seat[action.owner]
            if isinstance(action, PlaceBear):
                other = seat[action.player] - 1
                if other < 0:
                    raise KeyError(action)
                return base["bear"] + other * len(CELLS) + CELL[(action.x, action.y)]
            if isinstance(action, RemoveBear):
                return base["remove_bear"] + CELL[(action.x, action.y)]
        except (KeyError, TypeError):
            pass
        raise IllegalActionError(f"{action} has no index in Sapiens' action space now")

    def action_index(self, game: Sapiens, action: Action) -> int:  # type: ignore[override]
        return self._index(action, self._context_now(game))

    def _context_now(self, game: Sapiens) -> tuple[str, dict[int, int], dict[str, int], Valley]:
        token = game._cache.get(("legal",)) if game._cache is not None else None
        last = self._last
        if token is not None and last is not None and last[0] is token:
            return last[2]
        return self._context(game)

    def legal_indices(self, game: Sapiens) -> dict[int, Action]:  # type: ignore[override]
        legal = game.legal_actions()
        # the engine keeps its legal actions until the state changes: while it holds the very same
        # list, the indices found for it last time still hold (the mask, then the action taken)
        token = game._cache.get(("legal",)) if game._cache is not None else None
        last = self._last
        if token is not None and last is not None and last[0] is token:
            return dict(last[1])
        ctx = self._context(game)
        index = self._index
        found = {index(a, ctx): a for a in legal}
        self._last = (token, found, ctx) if token is not None else None
        return dict(found)

    # -- observation --------------------------------------------------------------------------------
    def observation(self, game: Sapiens, player: str) -> dict[str, list[float]]:  # type: ignore[override]
        flat = self.vector(game, player)
        return {name: flat[first:first + size] for name, (first, size) in self._offsets.items()}

    def vector(self, game: Sapiens, player: str) -> list[float]:  # type: ignore[override]
        """The observation as one flat list, written straight into place (the parts' order)."""
        flat, seats = self._front(game, player)
        for who in seats:
            flat += self._valley(game, who)
        return flat

    def fill_vector(self, game: Sapiens, player: str, out: Any) -> None:  # type: ignore[override]
        """``vector`` written into a zeroed numpy vector: the valleys (most of it) copied from
        arrays kept with the valleys' lists, only the parts before them read from a list."""
        flat, seats = self._front(game, player)
        out[:len(flat)] = flat
        first, size = self._first["valleys"], len(CELLS) * CHANNELS
        for who in seats:
            out[first:first + size] = self.kept_array(self._valley(game, who))
            first += size

    def _front(self, game: Sapiens, player: str) -> tuple[list[float], tuple[str, ...]]:
        """Every part before the valleys, as one list, and the seats from ``player``'s."""
        if player not in self.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        at = self._first
        n = self.n
        flat = [0.0] * at["valleys"]
        i = self.players.index(player)
        seats = self.players[i:] + self.players[:i]
        rel = {who: k for k, who in enumerate(seats)}
        flat[at["seat"] + i] = 1.0
        current = game.current_player
        flat[at["turn"] + (rel[current] if current is not None else n)] = 1.0
        flat[at["phase"] + PHASES.index(game.phase)] = 1.0
        first = at["game"]
        flat[first:first + 7] = [float(len(game._stack)), float(game._steak_supply), float(game._bear_supply),
                                 float(game._end_triggered), float(game._token_used), float(game._picking_plain),
                                 float(len(game._discards))]
        first += 7
        for scene in game._pending:
            flat[first + SCENE[scene]] += 1.0
        first += len(SCENES)
        waiting = game._held  # the tile laid while the fight-token order is asked: still in the pool
        if waiting is not None and current is not None:
            flat[first + game._pools[current].index(waiting[1])] = 1.0
        first += POOL_SIZE
        pair_of = self._pair_of  # as tiles_left_unseen(), counted without sorting each tile's scenes
        for t in game._stack:
            flat[first + pair_of[t]] += 1.0
        for t in game._removed:
            flat[first + pair_of[t]] += 1.0
        first, size = at["players"], 8 + 3 * len(SCENES)
        for who in seats:
            flat[first:first + 8] = [float(game._food[who]), float(game._shelter[who]), float(game._scores[who]),
                                     float(game._steaks[who]), float(game._fight_hand[who]), float(game._out[who]),
                                     float(game._turns_played[who]), float(game._tribe[who])]
            for k, tokens in enumerate((game._hand[who], game._used[who], game._gone[who])):
                base = first + 8 + k * len(SCENES)
                for scene in tokens:
                    flat[base + SCENE[scene]] += 1.0
            first += size
        pools, fights, tiles_data, width = game._pools, game._fight, self._tile_scenes, self._slot_size
        first = at["pools"]
        for owner, size in ((seats[0], POOL_SIZE), ("common", COMMON_SIZE), *((o, POOL_SIZE) for o in seats[1:])):
            for k, tile in enumerate(pools[owner]):
                base = first + k * width
                one, two = tiles_data[tile]
                flat[base] = 1.0
                flat[base + 1 + one] = 1.0
                flat[base + 9 + two] = 1.0
                for who in fights.get(tile, ()):
                    flat[base + 17 + rel[who]] += 1.0
            first += size * width
        return flat, seats

    def _valley(self, game: Sapiens, who: str) -> list[float]:
        """The cells of ``who``'s valley (what ``valley_contents`` says), kept while the engine's
        view of that valley (board, tokens, bears), the active tribe and the faces stay the same."""
        view = game._view(who)
        tribe = (game._tribe[who], game._valleys[who])  # the active tribe and the valley's faces
        cached = self._cells.get(who)
        if cached is not None and cached[1] == tribe:
            seen = cached[0]
            # a new view of the same valley (the engine renews every view when any valley changes)
            if seen is view or (seen[0] == view[0] and seen[2] == view[2] and seen[3] == view[3]):
                self._cells[who] = (view, tribe, cached[2])
                return cached[2]
        valley = game.valley(who)
        cells = list(self._terrain(valley, game._valleys[who]))
        coord = valley.coord
        board, _, tokens, bears = view
        for square, (_, scene, laid_by) in board.items():
            base = CELL[coord[square]] * CHANNELS
            cells[base + _SCENE_AT + SCENE[scene]] = 1.0
            cells[base + (_ACTIVE if laid_by == tribe[0] else _ABANDONED)] = 1.0
        for square, scene in tokens.items():
            cells[CELL[coord[square]] * CHANNELS + _TOKEN_AT + SCENE[scene]] = 1.0
        for square in bears:
            cells[CELL[coord[square]] * CHANNELS + _BEAR] = 1.0
        self._cells[who] = (view, tribe, cells)
        return cells

    def _terrain(self, valley: Valley, faces: tuple[str, str]) -> list[float]:
        """The cells' fixed channels (terrain, food, shelter) of one valley, worked out once."""
        found = self._static.get(faces)
        if found is None:
            found = [0.0] * (len(CELLS) * CHANNELS)
            for square, at in enumerate(valley.coord):
                base = CELL[at] * CHANNELS
                found[base + TERRAIN.index(valley.kind[square])] = 1.0
                found[base + 4] = float(valley.food[square])
                shelter = valley.shelter[square]
                if shelter is not None:
                    found[base + 5], found[base + 6] = float(shelter[0]), float(shelter[1])
            self._static[faces] = found
        return found
