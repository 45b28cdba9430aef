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
#: boards (dicts, by identity) whose window entries are kept: one per game being played
_KEPT_BOARDS = 64
#: canvases kept (each some 1 to 2 MB): one per game being played through an env
_KEPT_CANVASES = 4


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
        #: the window entries of the last few boards (see ``_board_entries``)
        self._boards: dict[int, tuple[Cell, tuple, list[int], list[float]]] = {}
        #: a tile's window entries by orientation (hashed by identity) and window cell
        self._cells: dict[tuple[Orientation, int, int], tuple[list[int], tuple[float, ...]]] = {}
        #: the cells any board window can reach: |x|, |y| <= radius + WINDOW // 2 (see ``anchor``)
        self._reach = self.radius + _HALF
        #: the printed tiles of the last few boards on a canvas of those cells (see ``_board_window``)
        self._canvases: dict[int, tuple[tuple, Any, tuple[int, int, int, int]]] = {}
        #: a tile's printed channels and values by orientation (hashed by identity), as numpy arrays
        self._shown: dict[Orientation, tuple[Any, Any]] = {}
        #: the piles last seen and their ``unseen`` part as a numpy array (see ``_unseen_part``)
        self._unseen: tuple[tuple[tuple[int, ...], tuple[int, ...]], Any] | None = None
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
            tile = game.board[action.x, action.y].tile
            at = self._meeple_at if isinstance(action, PlaceMeeple) else self._hut_at
            return at + self._feature_index[tile.id][action.feature]
        if isinstance(action, RetakeMeeple):
            return self._retake_at + game.node(action.x, action.y, action.feature)
        if isinstance(action, Pass):
            return self._pass_at
        raise IllegalActionError(f"{action} has no index: only moves of play do")

    def legal_indices(self, game: HuntersGatherers) -> dict[int, Action]:  # type: ignore[override]
        legal = game.legal_actions()
        if game.phase == "place_tile":  # most legal lists: many placements, worth a short path
            cx, cy = anchor(game)
            cells = self.cell_index
            try:
                return {4 * cells[a.x - cx, a.y - cy] + a.rotation // 90: a for a in legal}  # type: ignore[attr-defined]
            except KeyError:
                pass  # outside the window: the long path says which
        centre = anchor(game)
        return {self._index(game, a, centre): a for a in legal}

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
        where, values = self.sparse_vector(game, player)
        flat = [0.0] * self.observation_size
        for i, v in zip(where, values):
            flat[i] = v
        return {name: flat[at:at + self.parts[name]] for name, at in self._offsets.items()}

    def vector(self, game: HuntersGatherers, player: str) -> list[float]:  # type: ignore[override]
        where, values = self.sparse_vector(game, player)
        flat = [0.0] * self.observation_size
        for i, v in zip(where, values):
            flat[i] = v
        return flat

    def _board_entries(self, board: dict[Cell, Orientation], cx: int, cy: int) -> tuple[list[int], list[float]]:
        """The window's entries for the printed tiles, the same for every player. A tile placed
        goes at the end of the board's dict (and undo takes it from there), so the entries of
        the board last seen, if it is the start of this one, are extended rather than rebuilt."""
        items = tuple(board.items())
        seen = self._boards.get(id(board))
        if seen is not None and seen[0] == (cx, cy) and items[:len(seen[1])] == seen[1]:
            where, values = seen[2], seen[3]  # orientation objects compare by identity: C speed
            if len(items) == len(seen[1]):
                return where, values
            where, values = list(where), list(values)
            new = items[len(seen[1]):]
        else:
            if len(self._boards) >= _KEPT_BOARDS:
                self._boards.clear()
            where, values, new = [], [], items
        x0, y0 = cx - _HALF, cy - _HALF
        for (x, y), placed in new:
            dx, dy = x - x0, y - y0
            if 0 <= dx < WINDOW and 0 <= dy < WINDOW:
                entries = self._cell_entries(placed, dx, dy)
                where += entries[0]
                values += entries[1]
        self._boards[id(board)] = ((cx, cy), items, where, values)
        return where, values

    def _cell_entries(self, placed: Orientation, dx: int, dy: int) -> tuple[list[int], tuple[float, ...]]:
        """The board part's entries of a tile placed at window cell (dx, dy), kept per tile side."""
        entries = self._cells.get((placed, dx, dy))
        if entries is None:
            base = (dy * WINDOW + dx) * self.channels
            channels, shown = _printed_channels(placed.tile, placed.edges)
            entries = self._cells[placed, dx, dy] = ([base + channel for channel in channels], shown)
        return entries

    def _board_window(self, board: dict[Cell, Orientation]) -> tuple[Any, Cell]:
        """The board part with the printed tiles only (the same for every player), as a numpy
        array of shape (``WINDOW``, ``WINDOW``, ``channels``) (None if the window leaves the
        canvas, which a board grown from (0, 0) never does), and the anchor.

        Cut from a canvas of every cell any window can reach, kept per board: a tile placed
        goes at the end of the board's dict (and undo takes it from there), so the canvas of the
        board last seen, if it is the start of this one, only gets the new tiles; a moving
        anchor only moves the cut. The bounding box is kept the same way."""
        import numpy as np  # only widgetpkg.rl calls this, and its extra brings numpy

        items = tuple(board.items())
        seen = self._canvases.get(id(board))
        if seen is not None and items[:len(seen[0])] == seen[0]:  # orientations compare by identity
            _, canvas, (x_min, x_max, y_min, y_max) = seen
            new = items[len(seen[0]):]
        else:
            if len(self._canvases) >= _KEPT_CANVASES:
                self._canvases.clear()
            canvas = np.zeros((2 * self._reach + 1, 2 * self._reach + 1, self.channels), np.float32)
            (x_min, y_min), _ = items[0]
            x_max, y_max, new = x_min, y_min, items
        reach = self._reach
        for (x, y), placed in new:
            x_min, x_max, y_min, y_max = min(x_min, x), max(x_max, x), min(y_min, y), max(y_max, y)
            if -reach <= x <= reach and -reach <= y <= reach:  # farther out no window reaches
                shown = self._shown.get(placed)
                if shown is None:
                    channels, values = _printed_channels(placed.tile, placed.edges)
                    shown = self._shown[placed] = (np.array(channels), np.array(values, np.float32))
                canvas[y + reach, x + reach, shown[0]] = shown[1]
        self._canvases[id(board)] = (items, canvas, (x_min, x_max, y_min, y_max))
        cx, cy = (x_min + x_max) // 2, (y_min + y_max) // 2  # as anchor() finds it
        x0, y0 = cx - _HALF + reach, cy - _HALF + reach
        if not (0 <= x0 <= 2 * reach + 1 - WINDOW and 0 <= y0 <= 2 * reach + 1 - WINDOW):
            return None, (cx, cy)  # a board not grown from the start tile at (0, 0): no cut
        return canvas[y0:y0 + WINDOW, x0:x0 + WINDOW], (cx, cy)

    def fill_vector(self, game: HuntersGatherers, player: str, out: Any) -> None:  # type: ignore[override]
        """The observation written into a zeroed numpy vector: the printed board cut from the
        canvas kept for this board, then the few entries that change from move to move."""
        if player not in game.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        window, (cx, cy) = self._board_window(game._board)
        if window is not None:
            out[:self.parts["board"]].reshape(window.shape)[...] = window  # the board part comes first
        else:
            where, values = self._board_entries(game._board, cx, cy)
            out[where] = values
        where, values = self._live_entries(game, player, cx, cy, unseen=False)
        out[where] = values
        start = self._offsets["unseen"]
        out[start:start + self.parts["unseen"]] = self._unseen_part(game)

    def _unseen_part(self, game: HuntersGatherers) -> Any:
        """The ``unseen`` part as a numpy array, kept while the piles stay as they are (a tile
        is drawn about once a move, and both players read the same piles in between)."""
        import numpy as np

        piles = (tuple(game._regular), tuple(game._extra))  # a copy compares at C speed
        if self._unseen is None or self._unseen[0] != piles:
            part = np.zeros(self.parts["unseen"], np.float32)
            part[[*piles[0], *piles[1]]] = 1.0
            self._unseen = (piles, part)
        return self._unseen[1]

    def sparse_vector(self, game: HuntersGatherers, player: str) -> tuple[list[int], list[float]]:  # type: ignore[override]
        cx, cy = anchor(game)
        where, values = self._live_entries(game, player, cx, cy)
        printed_at, printed_values = self._board_entries(game._board, cx, cy)
        return printed_at + where, printed_values + values

    def _live_entries(self, game: HuntersGatherers, player: str, cx: int, cy: int, *,
                      unseen: bool = True) -> tuple[list[int], list[float]]:
        """Every nonzero entry but the printed tiles': the figures, covered animals and new
        tiles on the board, then the other parts (positions distinct from the printed tiles');
        the ``unseen`` part only if asked."""
        if player not in game.players:
            raise IllegalActionError(f"{player!r} does not play this game")
        where: list[int] = []
        values: list[float] = []
        players = game.players
        seat_of = {p: (i - players.index(player)) % len(players) for i, p in enumerate(players)}
        off = self._offsets
        channels = self.channels
        board = game._board
        x0, y0 = cx - _HALF, cy - _HALF
        tile_cell, tile_of = game._tile_cell, self._node_tile  # a node's cell, inlined: it runs for every figure

        dynamic: dict[int, float] = {}  # board entries that may add up on one cell
        mine: list[int] = []  # the observer's meeples by graph node (``my_meeples``)
        at_seat = {p: _FIXED_CHANNELS + 2 * seat for p, seat in seat_of.items()}
        for node, (owner, role) in game._figures.items():
            if owner == player and role != "hut":
                mine.append(node)
            x, y = tile_cell[tile_of[node]]
            dx, dy = x - x0, y - y0
            if 0 <= dx < WINDOW and 0 <= dy < WINDOW:
                at = (dy * WINDOW + dx) * channels + at_seat[owner] + (role == "hut")
                dynamic[at] = dynamic.get(at, 0.0) + 1.0
        for node in game._covered:
            x, y = tile_cell[tile_of[node]]
            dx, dy = x - x0, y - y0
            if 0 <= dx < WINDOW and 0 <= dy < WINDOW:
                dynamic[(dy * WINDOW + dx) * channels + _COVERED] = 1.0
        for x, y in game.last_placed:
            dx, dy = x - x0, y - y0
            if 0 <= dx < WINDOW and 0 <= dy < WINDOW:
                dynamic[(dy * WINDOW + dx) * channels + _NEW] = 1.0
        where.extend(dynamic)
        values.extend(dynamic.values())

        phase = game.phase
        hand = game.current_tile
        if hand is not None:
            channels_of, shown = _printed_channels(hand, hand.edges)
            where.extend([off["hand"] + channel for channel in channels_of])
            values.extend(shown)
            if hand.kind != "normal":
                where.append(off["hand"] + _POWER + 1)
                values.append(1.0)
        if phase in ("place_figure", "retake_meeple") and game._placed is not None:
            for i, feature in enumerate(board[game._placed].tile.features):
                where.append(off["placed"] + 4 * i + _FEATURE_TYPES.index(feature.type))
                values.append(1.0)
        first = off["my_meeples"]
        where += [first + node for node in mine]
        values += [1.0] * len(mine)
        where.append(off["phase"] + _PHASES.index(phase))
        values.append(1.0)
        if game.in_extra_turn:
            where.append(off["phase"] + len(_PHASES))
            values.append(1.0)
        rules, current = game.rules, game.current_player
        for p in players:
            at = off["players"] + 4 * seat_of[p]
            for k, value in enumerate((game._scores[p] / 100, game._meeples[p] / rules.meeples,
                                       game._huts[p] / rules.huts if rules.huts else 0.0, float(p == current))):
                if value:
                    where.append(at + k)
                    values.append(value)
        tileset = self.tileset
        for k, value in enumerate((len(game._regular) / max(1, len(tileset.regular)),
                                   len(game._extra) / max(1, len(tileset.extra)),
                                   len(game._removed) / len(tileset.tiles))):
            if value:
                where.append(off["piles"] + k)
                values.append(value)
        if not unseen:
            return where, values
        first = off["unseen"]
        piles = sorted((*game._regular, *game._extra))  # sorted: the order is what is hidden
        where += [first + tile_id for tile_id in piles]
        values += [1.0] * len(piles)
        return where, values


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
