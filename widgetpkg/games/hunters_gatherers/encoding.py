"""Hunters & Gatherers as numbers, for learning agents (see :mod:`widgetpkg.core.encoding`).

**Actions.** Cells are counted from the *anchor*, the centre cell of the board's bounding box
(``anchor(game)``), so the same index means the same place relative to the landscape whatever
part of the plane it grew into. The indices, in order:

- ``PlaceTile``: 4 per cell of the diamond ``|dx| + |dy| <= radius`` around the anchor (cell
  ``k`` of ``cells``, turned ``90 * r`` degrees: index ``4 * k + r``). ``radius`` is half the
  tile set plus one, which holds every placement of every game: a connected board of ``n``
  tiles spans ``w + h <= n + 1`` cells across, and an empty cell next to it lies at most
  ``(w + h) / 2 + 1`` steps from the anchor;
- ``PlaceMeeple`` then ``PlaceHut`` on feature ``i`` of the tile just placed (its ``i``-th
  feature in the tile data), one block of ``max_features`` each;
- ``RetakeMeeple`` (the shaman) by graph node: the feature's number in the tile set
  (``tile.node_base + i``), the same slot as the ``my_meeples`` part of the observation;
- ``Pass`` last.

**Observation** (what every player sees at the table; the order of the piles stays hidden):

- ``board``: a ``WINDOW`` x ``WINDOW`` window centred on the anchor, row by row (north first),
  ``channels`` numbers per cell: a tile, its side types (N/E/S/W x forest/meadow/river), lake,
  fish, animals (mammoth/aurochs/deer/tiger), menhir or gold forest, mushrooms, a printed power,
  animals taken by a hunting trap, placed this turn, then per seat (the observer first, then the
  next players in turn order) its meeples and huts there;
- ``hand``: the tile in hand as a cell of the board unturned, and whether it is a menhir/bonus tile;
- ``placed``: the type of each feature of the tile just placed (forest/meadow/river/lake), the
  features the figure actions name;
- ``my_meeples``: 1 on each graph node holding one of the observer's meeples (shaman targets);
- ``phase``: place tile / place figure / retake meeple / over, and whether this is an extra turn;
- ``players``: per seat as in ``board``: score / 100, meeples and huts left as fractions, to move;
- ``piles``: tiles left in each pile and tiles removed, as fractions of the set;
- ``unseen``: 1 for each tile id still in a pile (the piles' contents are public, their order is not).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...core import Action, IllegalActionError
from ...core.encoding import Encoding
from .actions import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple
from .rules import EXTRA_TURN_TOKENS
from .tiles import ANIMALS, EDGE_TYPES, ROTATIONS, Orientation, Tile, TileSet

if TYPE_CHECKING:
    from .game import HuntersGatherers

Cell = tuple[int, int]

#: the board window's side, in cells (random games' boards span some 12 to 18 cells)
WINDOW = 17
_HALF = WINDOW // 2
#: the board channels every cell has, before the per-seat figures
_TILE, _SIDES, _LAKE, _FISH, _ANIMALS, _TOKEN, _MUSHROOMS, _POWER, _COVERED, _NEW = 0, 1, 13, 14, 15, 19, 20, 21, 22, 23
_FIXED_CHANNELS = 24
_PHASES = ("place_tile", "place_figure", "retake_meeple", "over")
_FEATURE_TYPES = ("forest", "meadow", "river", "lake")
#: seat orders kept (per player names and observer): a few games share an encoding
_KEPT_SEAT_ORDERS = 64
#: boards followed for their bounding box and window (some 30 kB each): one per game being played
_FOLLOWED = 16


def anchor(game: HuntersGatherers) -> Cell:
    """The centre cell of the board's bounding box: where relative cells are counted from."""
    xs, ys = zip(*game._board)  # one pass at C speed: this runs at every step of a learner
    return (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2


class HuntersGatherersEncoding(Encoding):
    """The fixed action space and observation of Hunters & Gatherers for one tile set and player count."""

    def __init__(self, tileset: TileSet, players: int) -> None:
        self.tileset = tileset
        self.players = players
        tiles = tileset.tiles
        self.radius = len(tiles) // 2 + 1
        r = self.radius
        #: the diamond's cells (dx, dy), row by row; ``cell_index`` is its inverse
        self.cells: tuple[Cell, ...] = tuple((dx, dy) for dy in range(-r, r + 1)
                                             for dx in range(-(r - abs(dy)), r - abs(dy) + 1))
        self.cell_index = {cell: k for k, cell in enumerate(self.cells)}
        self.max_features = max(len(t.features) for t in tiles)
        self._meeple_at = 4 * len(self.cells)
        self._hut_at = self._meeple_at + self.max_features
        self._retake_at = self._hut_at + self.max_features
        self._pass_at = self._retake_at + len(tileset.node_features)
        self.action_count = self._pass_at + 1
        self.channels = _FIXED_CHANNELS + 2 * players
        self.parts = {
            "board": WINDOW * WINDOW * self.channels,
            "hand": _POWER + 2,
            "placed": self.max_features * len(_FEATURE_TYPES),
            "my_meeples": len(tileset.node_features),
            "phase": len(_PHASES) + 1,
            "players": 4 * players,
            "piles": 3,
            "unseen": max(tileset.by_id) + 1,
        }
        self._offsets: dict[str, int] = {}
        at = 0
        for name, size in self.parts.items():
            self._offsets[name] = at
            at += size
        #: per board followed (by identity): its tiles, bounding box and window (see ``_follow``)
        self._followed: dict[int, list[Any]] = {}
        #: per (players, observer): each player's seat counted from the observer, and its first
        #: board channel (the seat order of a game never changes; a few games share an encoding)
        self._seats: dict[tuple[tuple[str, ...], str], tuple[dict[str, int], dict[str, int]]] = {}
        #: the ``unseen`` part before any tile is seen (see ``_no_tile_seen``)
        self._all_tiles: Any = None
        #: a tile's printed channels by orientation (hashed by identity), as a float32 row of
        #: ``_FIXED_CHANNELS`` (filled for the whole tile set on the first window)
        self._rows: dict[Orientation, Any] = {}
        self._node_tile = tuple(t.id for t in tileset.node_tiles)  # a graph node's tile id
        self._feature_index = {t.id: {f.id: i for i, f in enumerate(t.features)} for t in tiles}

    # -- actions ------------------------------------------------------------------------------------
    def action_index(self, game: HuntersGatherers, action: Action) -> int:  # type: ignore[override]
        return self._index(game, action, anchor(game) if isinstance(action, PlaceTile) else (0, 0))

    def _index(self, game: HuntersGatherers, action: Action, centre: Cell) -> int:
        if isinstance(action, PlaceTile):
            k = self.cell_index.get((action.x - centre[0], action.y - centre[1]))
            if k is None or action.rotation not in ROTATIONS:
                raise IllegalActionError(f"{action} lies outside the encoded window")
            return 4 * k + action.rotation // 90
        if isinstance(action, (PlaceMeeple, PlaceHut)):
            tile = game._board[action.x, action.y].tile  # not the read-only view: a copy-free look-up
            at = self._meeple_at if isinstance(action, PlaceMeeple) else self._hut_at
            return at + self._feature_index[tile.id][action.feature]
        if isinstance(action, RetakeMeeple):
            return self._retake_at + game.node(action.x, action.y, action.feature)
        if isinstance(action, Pass):
            return self._pass_at
        raise IllegalActionError(f"{action} has no index: only moves of play do")

    def legal_indices(self, game: HuntersGatherers) -> dict[int, Action]:  # type: ignore[override]
        return dict(zip(*self.indexed_legal_actions(game)))

    def indexed_legal_actions(self, game: HuntersGatherers) -> tuple[list[int], list[Action]]:  # type: ignore[override]
        legal = game.legal_actions()
        if game.phase != "place_tile":  # only tile placements are counted from the anchor
            return [self._index(game, a, (0, 0)) for a in legal], legal
        cx, cy = centre = self._box_centre(game._board)  # kept: anchor() costs as much as the mapping
        cells = self.cell_index
        try:
            return [4 * cells[a.x - cx, a.y - cy] + a.rotation // 90 for a in legal], legal  # type: ignore[attr-defined]
        except KeyError:  # outside the window: the long path says which
            return [self._index(game, a, centre) for a in legal], legal

    def describe(self, index: int) -> str:
        """What an index stands for, in words relative to the anchor (for reading a policy)."""
        if not 0 <= index < self.action_count:
            raise IllegalActionError(f"action index must be from 0 to {self.action_count - 1}, got {index}")
        if index < self._meeple_at:
            (dx, dy), r = self.cells[index // 4], index % 4
            return f"place the tile {dx:+d}, {dy:+d} from the anchor turned {90 * r}°"
        if index < self._hut_at:
            return f"place a meeple on feature {index - self._meeple_at} of the tile just placed"
        if index < self._retake_at:
            return f"place a hut on feature {index - self._hut_at} of the tile just placed"
        if index < self._pass_at:
            node = index - self._retake_at
            tile = self.tileset.node_tiles[node]
            return f"take back the meeple on {self.tileset.node_features[node].id} of tile {tile.id}"
        return "place no figure"

    # -- observation ----------------------------------------------------------------------------------
    def observation(self, game: HuntersGatherers, player: str) -> dict[str, list[float]]:  # type: ignore[override]
        flat = self.vector(game, player)
        return {name: flat[at:at + self.parts[name]] for name, at in self._offsets.items()}

    def vector(self, game: HuntersGatherers, player: str) -> list[float]:  # type: ignore[override]
        """The observation as a list, computed afresh from the game (no state kept between calls):
        the reference that ``fill_vector``'s kept windows are tested against."""
        _check_player(game, player)
        flat = [0.0] * self.observation_size
        cx, cy = anchor(game)
        x0, y0 = cx - _HALF, cy - _HALF
        for (x, y), placed in game._board.items():
            dx, dy = x - x0, y - y0
            if 0 <= dx < WINDOW and 0 <= dy < WINDOW:
                base = (dy * WINDOW + dx) * self.channels
                channels, shown = _printed_channels(placed.tile, placed.edges)
                for channel, value in zip(channels, shown):
                    flat[base + channel] = value
        self._write_live(game, player, cx, cy, self._bases(game._board, (cx, cy)), flat)
        return flat

    def fill_vector(self, game: HuntersGatherers, player: str, out: Any) -> None:  # type: ignore[override]
        """The observation written into a zeroed float32 vector: the printed board from the
        window kept for this board and anchor (one copy of a block), then the entries that
        change from move to move one by one through a memoryview (numpy's own item assignment
        costs several times more)."""
        if isinstance(out, list):
            out[:] = self.vector(game, player)
            return
        _check_player(game, player)
        window, (cx, cy), bases, unseen = self._board_window(game._board)
        flat = memoryview(out).cast("B").cast("f")  # a numpy vector, an array("f") or a view of one
        flat[:window.size] = window.reshape(-1)  # the board part comes first: one copy of a block
        # every tile is in a pile, on the board, in hand or removed: the piles' contents are
        # the tiles kept off the board less the other two (a copy, not a write per tile)
        first = self._offsets["unseen"]
        flat[first:first + unseen.size] = unseen
        for tile_id in (game._hand, *game._removed) if game._hand is not None else game._removed:
            flat[first + tile_id] = 0.0
        self._write_live(game, player, cx, cy, bases, flat, piles=False)

    def _follow(self, board: dict[Cell, Orientation], *, window: bool) -> list[Any]:
        """The record kept for ``board``, brought up to date: ``[cells, sides, (x_min, x_max,
        y_min, y_max), [anchor, window, tiles painted]]``, the window (the printed tiles of the board part
        around the anchor, a numpy array) made only once asked for. A tile placed goes at the
        end of the board's dict (and undo takes it from there), so a record whose cells and
        sides start this board's only gets the new tiles; any other board gets a new record.
        Cells and sides are compared apart: both hold the board's own objects (identity
        compares at C speed), where ``items()`` would make a pair per tile at every call."""
        cells, sides = tuple(board), tuple(board.values())
        kept = self._followed.get(id(board))
        done = len(kept[0]) if kept is not None else 0
        if kept is None or (cells[:done] != kept[0] or sides[:done] != kept[1] if done < len(cells)
                            else cells != kept[0] or sides != kept[1]):  # the same board again: no slices
            if len(self._followed) >= _FOLLOWED:
                self._followed.clear()
            x, y = cells[0]
            kept = self._followed[id(board)] = [(), (), (x, x, y, y), None]
            done = 0
        x_min, x_max, y_min, y_max = kept[2]
        for x, y in cells[done:]:
            x_min, x_max, y_min, y_max = min(x_min, x), max(x_max, x), min(y_min, y), max(y_max, y)
        kept[2] = (x_min, x_max, y_min, y_max)
        kept[0], kept[1] = cells, sides
        if window:  # the window's tiles are counted apart: a call without it may have added some
            centre = (x_min + x_max) // 2, (y_min + y_max) // 2  # as anchor() finds it
            shown = kept[3]
            if shown is None:
                bases: dict[int, int] = {}
                unseen = self._no_tile_seen().copy()
                kept[3] = [centre, self._paint(None, centre, cells, sides, bases, unseen), len(cells), bases, unseen]
            else:
                if shown[0] != centre:  # the anchor moved (about once in ten moves)
                    shown[1], shown[3] = self._shift(shown[1], shown[0], centre, board)
                    shown[0] = centre
                if shown[2] < len(cells):
                    self._paint(shown[1], centre, cells[shown[2]:], sides[shown[2]:], shown[3], shown[4])
                    shown[2] = len(cells)
        return kept

    def _shift(self, array: Any, old: Cell, centre: Cell, board: dict[Cell, Orientation]) -> tuple[Any, dict[int, int]]:
        """The window of ``board`` around ``centre`` made from ``array``, its window around
        ``old``: the overlap copied as a block, the strips that come into view painted from
        the board (usually one row or column of cells); and its tiles' bases (see ``_paint``)."""
        import numpy as np

        dx, dy = centre[0] - old[0], centre[1] - old[1]
        bases = self._bases(board, centre)
        if abs(dx) >= WINDOW or abs(dy) >= WINDOW:
            return self._paint(None, centre, tuple(board), tuple(board.values()), {}, None), bases
        moved = np.zeros_like(array)
        moved[max(0, -dy):WINDOW - max(0, dy), max(0, -dx):WINDOW - max(0, dx)] = \
            array[max(0, dy):WINDOW - max(0, -dy), max(0, dx):WINDOW - max(0, -dx)]
        x0, y0 = centre[0] - _HALF, centre[1] - _HALF
        rows = range(WINDOW - dy, WINDOW) if dy > 0 else range(-dy)
        columns = range(WINDOW - dx, WINDOW) if dx > 0 else range(-dx)
        fresh = {(wx, wy) for wy in rows for wx in range(WINDOW)} | {(wx, wy) for wx in columns for wy in range(WINDOW)}
        for wx, wy in fresh:
            placed = board.get((x0 + wx, y0 + wy))
            if placed is not None:
                moved[wy, wx, :_FIXED_CHANNELS] = self._row(placed)
        return moved, bases

    def _paint(self, array: Any, centre: Cell, cells: tuple[Cell, ...], sides: tuple[Orientation, ...],
               bases: dict[int, int], unseen: Any) -> Any:
        """Paint the printed tiles that fall in the window around ``centre`` on ``array`` (a new
        zeroed one if None): a slice assignment of a dense row per tile, where scattering its
        few nonzero channels would cost a numpy fancy index. Each tile's base (its cell's first
        entry in the board part) goes into ``bases`` by tile id; every tile is taken off
        ``unseen`` (the ``unseen`` part, if given)."""
        if array is None:
            import numpy as np  # only widgetpkg.rl asks for a window, and its extra brings numpy

            array = np.zeros((WINDOW, WINDOW, self.channels), np.float32)
        x0, y0 = centre[0] - _HALF, centre[1] - _HALF
        for (x, y), placed in zip(cells, sides):
            if unseen is not None:
                unseen[placed.tile.id] = 0.0
            if 0 <= x - x0 < WINDOW and 0 <= y - y0 < WINDOW:
                array[y - y0, x - x0, :_FIXED_CHANNELS] = self._row(placed)
                bases[placed.tile.id] = ((y - y0) * WINDOW + x - x0) * self.channels
        return array

    def _bases(self, board: dict[Cell, Orientation], centre: Cell) -> dict[int, int]:
        """By tile id, the first board-part entry of each tile in the window around ``centre``."""
        x0, y0, channels = centre[0] - _HALF, centre[1] - _HALF, self.channels
        return {placed.tile.id: ((y - y0) * WINDOW + x - x0) * channels for (x, y), placed in board.items()
                if 0 <= x - x0 < WINDOW and 0 <= y - y0 < WINDOW}

    def _no_tile_seen(self) -> Any:
        """The ``unseen`` part with every tile of the set in the piles, a numpy array."""
        if self._all_tiles is None:
            import numpy as np

            self._all_tiles = np.zeros(self.parts["unseen"], np.float32)
            self._all_tiles[[tile.id for tile in self.tileset.tiles]] = 1.0
        return self._all_tiles

    def _box_centre(self, board: dict[Cell, Orientation]) -> Cell:
        """``anchor()`` of this board, from the bounding box kept while it grows."""
        x_min, x_max, y_min, y_max = self._follow(board, window=False)[2]
        return (x_min + x_max) // 2, (y_min + y_max) // 2

    def _row(self, placed: Orientation) -> Any:
        """The printed channels of a tile side, as a float32 row."""
        row = self._rows.get(placed)
        if row is None:
            if not self._rows:  # the first window: every side of the tile set at once
                for tile in self.tileset.tiles:
                    for side in tile.rotations.values():
                        self._rows[side] = _dense_row(side)
            row = self._rows.get(placed)
            if row is None:  # a side made outside the tile set (an edited position)
                row = self._rows[placed] = _dense_row(placed)
        return row

    def _board_window(self, board: dict[Cell, Orientation]) -> tuple[Any, Cell, dict[int, int], Any]:
        """The board part with the printed tiles only (the same for every player), as a
        contiguous numpy array of shape (``WINDOW``, ``WINDOW``, ``channels``) kept per board
        and anchor (it moves about once in ten moves), the anchor, the tiles' bases, and the
        ``unseen`` part of a board with no tile in hand or removed."""
        centre, array, _, bases, unseen = self._follow(board, window=True)[3]
        return array, centre, bases, unseen

    def _write_live(self, game: HuntersGatherers, player: str, cx: int, cy: int, bases: dict[int, int],
                    flat: Any, *, piles: bool = True) -> None:
        """Write every nonzero entry but the printed tiles' into ``flat`` (a list or a float32
        memoryview of the observation, zeros there): the figures, covered animals and new tiles
        on the board (at their tile's base, ``_paint``), then the other parts, whose positions
        are distinct from the printed tiles'; the ``unseen`` part from the piles if ``piles``."""
        players = game.players
        seats = self._seats.get((players, player))
        if seats is None:
            if len(self._seats) >= _KEPT_SEAT_ORDERS:  # games with other player names
                self._seats.clear()
            me, count = players.index(player), len(players)
            seat_of = {p: (i - me) % count for i, p in enumerate(players)}
            seats = self._seats[players, player] = (seat_of, {p: _FIXED_CHANNELS + 2 * seat for p, seat in seat_of.items()})
        seat_of, at_seat = seats
        off = self._offsets
        channels = self.channels
        x0, y0 = cx - _HALF, cy - _HALF
        tile_of, base_of = self._node_tile, bases.get  # a node's tile, its base: this runs for every figure
        mine = off["my_meeples"]
        for node, (owner, role) in game._figures.items():
            if owner == player and role != "hut":
                flat[mine + node] = 1.0
            base = base_of(tile_of[node])
            if base is not None:  # several figures of a seat on one tile add up
                flat[base + at_seat[owner] + (role == "hut")] += 1.0
        for node in game._covered:
            base = base_of(tile_of[node])
            if base is not None:
                flat[base + _COVERED] = 1.0
        for x, y in game.last_placed:
            dx, dy = x - x0, y - y0
            if 0 <= dx < WINDOW and 0 <= dy < WINDOW:
                flat[(dy * WINDOW + dx) * channels + _NEW] = 1.0

        phase = game.phase
        hand = game.current_tile
        if hand is not None:
            first = off["hand"]
            for channel, value in zip(*_printed_channels(hand, hand.edges)):
                flat[first + channel] = value
            if hand.kind != "normal":
                flat[first + _POWER + 1] = 1.0
        if phase in ("place_figure", "retake_meeple") and game._placed is not None:
            first = off["placed"]
            for i, feature in enumerate(game._board[game._placed].tile.features):
                flat[first + 4 * i + _FEATURE_TYPES.index(feature.type)] = 1.0
        flat[off["phase"] + _PHASES.index(phase)] = 1.0
        if game.in_extra_turn:
            flat[off["phase"] + len(_PHASES)] = 1.0
        rules, current = game.rules, game.current_player
        for p, seat in seat_of.items():
            at = off["players"] + 4 * seat
            flat[at] = game._scores[p] / 100
            flat[at + 1] = game._meeples[p] / rules.meeples
            flat[at + 2] = game._huts[p] / rules.huts if rules.huts else 0.0
            flat[at + 3] = float(p == current)
        tileset, at = self.tileset, off["piles"]
        flat[at] = len(game._regular) / max(1, len(tileset.regular))
        flat[at + 1] = len(game._extra) / max(1, len(tileset.extra))
        flat[at + 2] = len(game._removed) / len(tileset.tiles)
        if not piles:
            return
        first = off["unseen"]  # the piles' contents, not their order
        for tile_id in game._regular:
            flat[first + tile_id] = 1.0
        for tile_id in game._extra:
            flat[first + tile_id] = 1.0


def _check_player(game: HuntersGatherers, player: str) -> None:
    if player not in game.players:
        raise IllegalActionError(f"{player!r} does not play this game")


def _dense_row(placed: Orientation) -> Any:
    """A tile side's printed channels as a float32 row of ``_FIXED_CHANNELS`` (zeros elsewhere)."""
    import numpy as np

    row = np.zeros(_FIXED_CHANNELS, np.float32)
    channels, values = _printed_channels(placed.tile, placed.edges)
    row[list(channels)] = values
    return row


@lru_cache(maxsize=1024)
def _printed_channels(tile: Tile, edges: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The board channels a tile with these sides shows whatever happens around it, and their values."""
    entries: list[tuple[int, float]] = [(_TILE, 1.0)]
    entries += [(_SIDES + 3 * side + EDGE_TYPES.index(kind), 1.0) for side, kind in enumerate(edges)]
    features = tile.features
    totals = {
        _LAKE: float(any(f.type == "lake" for f in features)),
        _FISH: float(sum(f.fish for f in features)),
        _TOKEN: float(sum(f.kind in EXTRA_TURN_TOKENS for f in features)),
        _MUSHROOMS: float(sum(f.kind == "mushrooms" for f in features)),
        _POWER: float(any(f.special for f in features)),
    }
    for k in range(len(ANIMALS)):
        totals[_ANIMALS + k] = float(sum(counts[k] for counts in tile.animal_counts))
    entries += [(channel, value) for channel, value in sorted(totals.items()) if value]
    return tuple(c for c, _ in entries), tuple(v for _, v in entries)


@lru_cache(maxsize=16)
def encoding_for(tileset: TileSet, players: int) -> HuntersGatherersEncoding:
    """One encoding per tile set and player count, shared by every game that uses them."""
    return HuntersGatherersEncoding(tileset, players)
