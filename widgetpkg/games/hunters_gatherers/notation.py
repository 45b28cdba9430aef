"""Positions: the state of a game as plain data and as readable text (like chess FEN).

A position is what a teacher writes in a cell or a doc: the tiles on the board with their
rotation, the figures, scores, supplies, the tile in hand, the tiles to be drawn next, whose turn
it is. At the start of a turn (phase ``place_tile``) it reads::

    Hunters & Gatherers position
    edition: 2020
    players: Red, Blue
    to move: Red
    scores: Red 0, Blue 0
    supply: Red 5 meeples 3 huts; Blue 5 meeples 3 huts
    tiles: 56 (0, 0) 0; 48 (-1, 0) 0
    figures: Red fisher (-1, 0) r1
    hand: 30
    next: 94, 12

Optional lines: ``extra turn: yes`` (the player to move is in a menhir/bonus turn), ``covered:``
(meadow features whose animals a hunting trap covered), ``removed:`` (tiles out of the game),
``tileset:`` and ``rules:`` (as the game options). Tiles not named anywhere are in their piles
(in hidden order) under the ``next`` tiles.

Mid-turn, ``phase: place figure`` (or ``retake meeple``) and ``placed: (1, 0)`` (the cells tiled
this turn, the tile just placed last) replace the ``hand:`` line; a finished game has
``phase: over`` and no ``to move``. A player name holding ``;`` or ``"`` is written as a JSON
string (``"A; B"``). Reading is linear in the length of the text, and a text longer than
``MAX_POSITION_CHARS`` is refused before it is read.

Every position is checked as a whole before it replaces a game's state (:func:`state_problem`):
the same invariants the random-game suite checks after every move (each tile exactly once,
figures conserved, nothing scored left standing, a covered meadow covered once).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import IllegalActionError, Scored, Term
from ...core.edited import jsonable
from ...core.errors import PositionError, shorten
from ...core.schema import check
from .areas import Cell, find
from .position_schema import MAX_ITEMS, position_schema
from .tiles import ROTATIONS

if TYPE_CHECKING:
    from .game import HuntersGatherers

__all__ = ["HEADER", "PHASES", "PlayerSupply", "Position", "PositionError", "apply_position", "check_fits_game",
           "format_position",
           "parse_position", "position_of", "prepare_position", "state_problem"]

HEADER = "Hunters & Gatherers position"
ROLE_OF = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}
ROLES = ("gatherer", "fisher", "hunter", "hut")
PHASES = ("place_tile", "place_figure", "retake_meeple", "over")
#: no real position comes near these; anything larger is refused before it is read
MAX_POSITION_CHARS = 100_000
MAX_NUMBER_DIGITS = 9
_FEATURE_ID = re.compile(r"\w{1,40}")
#: the shape of position data, declared (what a cell may have changed is checked against it)
POSITION_SCHEMA = position_schema(PHASES, ROLES)


@dataclass
class PlayerSupply:
    """Figures a player has in front of them (editable)."""

    meeples: int
    huts: int


@dataclass
class Position:
    """A game's state as plain data that a cell can change."""

    players: list[str]
    edition: str = "2020"
    to_move: str = ""
    extra_turn: bool = False
    scores: dict[str, int] = field(default_factory=dict)
    supply: dict[str, PlayerSupply] = field(default_factory=dict)
    tiles: dict[Cell, tuple[int, int]] = field(default_factory=dict)  # cell -> (tile id, rotation)
    figures: list[tuple[str, str, int, int, str]] = field(default_factory=list)  # player, role, x, y, feature
    covered: list[tuple[int, int, str]] = field(default_factory=list)
    hand: int | None = None
    next_tiles: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    tileset: str | None = None
    rules: dict[str, bool] = field(default_factory=dict)
    #: the game's phase (``PHASES``), and the cells tiled this turn (the tile just placed last)
    phase: str = "place_tile"
    placed: list[Cell] = field(default_factory=list)

    def __str__(self) -> str:
        return format_position(self)


# -- from a game and back ------------------------------------------------------------------------
def position_of(game: HuntersGatherers) -> Position:
    """The game's state as a Position, in any phase."""
    order = sorted(game._board, key=lambda c: (c[1], c[0]))
    over = game.phase == "over"
    return Position(
        players=list(game.players), edition=game.rules.edition, to_move="" if over else game.players[game._turn],
        extra_turn=game.in_extra_turn, scores=game.scores,
        supply={p: PlayerSupply(s.meeples, s.huts) for p, s in game.supply.items()},
        tiles={c: (game._board[c].tile.id, game._board[c].rotation) for c in order},
        figures=[(f.player, f.role, f.x, f.y, f.feature) for f in sorted(game.figures(), key=lambda f: (f.y, f.x, f.feature))],
        covered=sorted(game.covered(), key=lambda c: (c[1], c[0], c[2])),
        hand=game.current_tile.id if game.current_tile else None,
        next_tiles=[], removed=list(game.removed_tiles),
        tileset=game.tileset_name, rules=dict(game.options.get("rules", {})),
        phase=game.phase, placed=list(game._turn_cells),
    )


@dataclass
class PreparedPosition:
    """A position worked out on a scratch copy, ready to replace a game's state in one step."""

    state: dict[str, Any]
    rng: random.Random
    events: list[Scored]


def check_fits_game(game: HuntersGatherers, pos: Position) -> None:
    """Raise IllegalActionError if ``pos`` is malformed data or names other players, rules, tile
    set or edition than ``game`` has (which text would silently drop or a game cannot change)."""
    problem = data_problem(pos)
    if problem is not None:
        raise IllegalActionError(problem)
    _check_header(game, pos)


def prepare_position(game: HuntersGatherers, pos: Position) -> PreparedPosition:
    """Build the state ``pos`` describes on a scratch copy, leaving ``game`` (its RNG included)
    untouched; raise IllegalActionError naming the first problem."""
    check_fits_game(game, pos)
    scratch = object.__new__(type(game))
    scratch.__dict__.update(game.__dict__)
    scratch._journal = []  # a throwaway journal: the whole result is swapped in by ``commit``
    scratch.rng = random.Random.__new__(random.Random)  # the piles' shuffle draws from a copy
    scratch.rng.setstate(game.rng.getstate())  # (reading the game's, which may be shared, is safe)
    scratch._empty_state()  # fresh containers: the game's own stay untouched until the swap
    scratch._turns_ended = game._turns_ended  # an edit is no turn
    _lay_tiles(scratch, pos)
    _place_figures(scratch, pos)
    _cover(scratch, pos)
    _fill_piles(scratch, pos, {"regular": game._regular, "extra": game._extra})
    _set_turn(scratch, pos)
    events = []
    for player in game.players:
        value = pos.scores.get(player, 0)
        if value < 0:
            raise IllegalActionError(f"score of {player} must be a whole number of at least 0, got {value!r}")
        delta = value - game._scores[player]
        scratch._scores[player] = value
        if delta:
            events.append(Scored(player, "score set by hand", (Term(delta, "points", 1),)))
    problem = state_problem(scratch)
    if problem is not None:
        raise IllegalActionError(problem)
    return PreparedPosition({name: getattr(scratch, name) for name in game._state_names}, scratch.rng, events)


def commit_position(game: HuntersGatherers, prepared: PreparedPosition) -> list[Scored]:
    """Swap a prepared state in, journaled, so that undo takes it back."""
    game._random()  # journals the RNG state: undo restores it
    game.rng = prepared.rng
    for name, value in prepared.state.items():
        game._set(name, value)
    return list(prepared.events)


def apply_position(game: HuntersGatherers, pos: Position) -> list[Scored]:
    """Make the game's state ``pos`` (journaled, so undo takes it back); raise IllegalActionError
    naming the first problem, changing nothing. Returns events for scores set by hand."""
    return commit_position(game, prepare_position(game, pos))


def _check_header(game: HuntersGatherers, pos: Position) -> None:
    if list(pos.players) != list(game.players):
        raise IllegalActionError(f"players are {list(game.players)}; a position cannot change them "
                                 f"(got {shorten(pos.players)})")
    if pos.edition != game.rules.edition:
        raise IllegalActionError(f"the game plays the {game.rules.edition} rules; start a new game for {shorten(pos.edition)}")
    if pos.tileset != game.tileset_name:
        raise IllegalActionError(f"the game uses the tile set {game.tileset_name or game.tileset.name!r}; "
                                 f"a position cannot change it (start a new game with tileset={shorten(pos.tileset)})")
    if dict(pos.rules) != dict(game.options.get("rules", {})):
        raise IllegalActionError("a position cannot change the ruling switches (start a new game with "
                                 f"rules={shorten(pos.rules)})")
    if pos.phase == "over":
        if pos.to_move not in ("", *game.players):
            raise IllegalActionError(f"to move must be empty or one of {', '.join(game.players)}, got {shorten(pos.to_move)}")
    elif pos.to_move not in game.players:
        raise IllegalActionError(f"to move must be one of {', '.join(game.players)}, got {shorten(pos.to_move)}")
    for what, table in (("scores", pos.scores), ("supply", pos.supply)):
        strangers = [name for name in table if name not in game.players]
        if strangers:
            raise IllegalActionError(f"{what} may only name the game's players ({', '.join(game.players)}), "
                                     f"not {shorten(strangers)}")


def _tile(game: HuntersGatherers, tile_id: int, what: str):
    tile = game.tileset.by_id.get(tile_id)
    if tile is None:
        raise IllegalActionError(f"{what}: there is no tile {tile_id!r} in the {game.tileset.name} tile set")
    return tile


def _lay_tiles(g: HuntersGatherers, pos: Position) -> None:
    if (0, 0) not in pos.tiles:
        raise IllegalActionError("the board needs a tile at (0, 0)")
    if pos.tiles[0, 0][0] != g.tileset.start.id:
        raise IllegalActionError(f"the start tile {g.tileset.start.id} lies at (0, 0)")
    seen: dict[int, Cell] = {}
    for cell, (tile_id, rotation) in pos.tiles.items():
        tile = _tile(g, tile_id, f"tile at {cell}")
        if tile_id in seen:
            raise IllegalActionError(f"tile {tile_id} is placed twice, at {seen[tile_id]} and {cell}")
        if rotation not in ROTATIONS:
            raise IllegalActionError(f"tile {tile_id} at {cell}: rotation must be 0, 90, 180 or 270")
        if tile.kind not in ("start", "normal") and tile.kind != g.tileset.extra_kind:
            raise IllegalActionError(f"tile {tile_id} cannot be on the board")
        seen[tile_id] = cell
    if len(seen) > len(g.tileset.by_id):
        raise IllegalActionError("more tiles than the tile set has")
    # lay tiles outwards from (0, 0), each next to one already down, so every edge gets checked
    g._frontier = {(0, 0): 0}
    pending = dict(pos.tiles)
    while pending:
        ready = [c for c in pending if c in g._frontier]
        if not ready:
            raise IllegalActionError(f"tiles at {shorten(sorted(pending))} are not connected to the tile at (0, 0)")
        for cell in ready:
            tile_id, rotation = pending.pop(cell)
            tile = g.tileset.by_id[tile_id]
            if rotation not in tile.fits(g._frontier[cell]):
                raise IllegalActionError(f"tile {tile_id} at {cell} turned {rotation}° does not match its neighbours")
            g._lay(tile, cell, rotation)


def _place_figures(g: HuntersGatherers, pos: Position) -> None:
    used = {p: {"meeples": 0, "huts": 0} for p in g.players}
    for player, role, x, y, feature in pos.figures:
        if player not in g.players:
            raise IllegalActionError(f"figure of unknown player {shorten(player)}")
        try:
            node = g.node(x, y, feature)
        except KeyError as error:
            raise IllegalActionError(f"figure of {player}: {error.args[0]}") from None
        kind = g._node_feature[node].type
        expected = "hut" if role == "hut" else ROLE_OF.get(kind)
        if role != expected or (role == "hut" and kind not in ("river", "lake")):
            raise IllegalActionError(f"a {role} cannot stand on {feature} at ({x}, {y}), which is a {kind}")
        if node in g._figures:
            raise IllegalActionError(f"{feature} at ({x}, {y}) holds two figures")
        g._add_figure(node, player, role)
        used[player]["huts" if role == "hut" else "meeples"] += 1
    for player in g.players:
        supply = pos.supply.get(player, PlayerSupply(g.rules.meeples - used[player]["meeples"],
                                                     g.rules.huts - used[player]["huts"]))
        for kind, total in (("meeples", g.rules.meeples), ("huts", g.rules.huts)):
            left = getattr(supply, kind)
            if left < 0:
                raise IllegalActionError(f"{player}'s {kind} left must be a whole number of at least 0, got {left!r}")
            if left + used[player][kind] > total:
                raise IllegalActionError(f"{player} has {used[player][kind]} {kind} on the board and {left} left, "
                                         f"more than the {total} a player owns")
        g._meeples[player], g._huts[player] = supply.meeples, supply.huts


def _cover(g: HuntersGatherers, pos: Position) -> None:
    nodes = []
    for x, y, feature in pos.covered:
        try:
            node = g.node(x, y, feature)
        except KeyError as error:
            raise IllegalActionError(f"covered: {error.args[0]}") from None
        if g._node_feature[node].type != "meadow":
            raise IllegalActionError(f"covered: {feature} at ({x}, {y}) is not a meadow")
        if node in nodes:
            raise IllegalActionError(f"covered: {feature} at ({x}, {y}) is listed twice (a meadow is covered once)")
        nodes.append(node)
    g._cover(nodes)


def _fill_piles(g: HuntersGatherers, pos: Position, current: dict[str, list[int]]) -> None:
    """Tiles in neither the board, the hand nor ``removed`` are in their piles: in the game's
    current (hidden) order, with tiles the position frees slipped in at random places, and the
    ``next`` tiles on top."""
    removed: set[int] = set()
    for tile_id in pos.removed:
        tile = _tile(g, tile_id, "removed")
        if tile_id in removed:
            raise IllegalActionError(f"removed: tile {tile_id} is listed twice")
        if tile_id in g._tile_cell:
            raise IllegalActionError(f"removed: tile {tile_id} lies on the board at {g._tile_cell[tile_id]}")
        if tile.kind == "start":
            raise IllegalActionError(f"removed: the start tile {tile_id} never leaves the game")
        removed.add(tile_id)
    out = set(g._tile_cell) | removed
    hand = None
    if pos.phase == "place_tile":
        if pos.hand is None:
            raise IllegalActionError("a position at the start of a turn needs the tile in hand")
        hand = _tile(g, pos.hand, "hand")
        if hand.id in out:
            raise IllegalActionError(f"tile {hand.id} cannot be in hand: it is on the board or removed")
        if hand.kind == "start":
            raise IllegalActionError("the start tile cannot be in hand")
        if (hand.kind == "normal") == pos.extra_turn:
            raise IllegalActionError("in an extra turn the tile in hand comes from the "
                                     f"{g.tileset.extra_kind} pile, otherwise from the regular pile")
        if not any(hand.fits(need) for need in g._frontier.values()):
            raise IllegalActionError(f"tile {hand.id} in hand fits nowhere on this board")
        out.add(hand.id)
    elif pos.hand is not None:
        raise IllegalActionError(f"in phase {pos.phase.replace('_', ' ')} no tile is in hand (got {pos.hand})")
    listed: set[int] = set()
    for tile_id in pos.next_tiles:
        if _tile(g, tile_id, "next").id in out:
            raise IllegalActionError(f"tile {tile_id} cannot be drawn next: it is on the board, in hand or removed")
        if tile_id in listed:
            raise IllegalActionError(f"tile {tile_id} is listed twice in next")
        listed.add(tile_id)
    if pos.phase == "over" and pos.next_tiles:
        raise IllegalActionError("a finished game draws no more tiles (no next)")
    piles = {}
    for name, tiles in (("regular", g.tileset.regular), ("extra", g.tileset.extra)):
        pile = [t for t in current[name] if t not in out]
        kept = set(pile)
        for tile in tiles:
            if tile.id not in out and tile.id not in kept:
                pile.insert(g.rng.randrange(len(pile) + 1), tile.id)
        piles[name] = pile
    for tile_id in reversed(pos.next_tiles):  # the first listed ends on top
        pile = piles["regular" if g.tileset.by_id[tile_id].kind == "normal" else "extra"]
        pile.remove(tile_id)
        pile.append(tile_id)
    if pos.phase == "over" and piles["regular"]:
        raise IllegalActionError(f"a finished game has no regular tiles left, but {len(piles['regular'])} "
                                 "are neither on the board nor removed")
    g._regular, g._extra = piles["regular"], piles["extra"]
    g._removed = list(pos.removed)
    g._hand = hand.id if hand is not None else None
    if hand is not None:
        g._hand_pile = "regular" if hand.kind == "normal" else "extra"
    else:
        g._hand_pile = "extra" if pos.extra_turn else "regular"


def _set_turn(g: HuntersGatherers, pos: Position) -> None:
    """Whose turn, which phase, and the cells tiled this turn."""
    g._phase = pos.phase
    g._turn = pos.players.index(pos.to_move) if pos.to_move else 0
    g._in_extra_turn = pos.extra_turn and pos.phase != "over"
    if pos.extra_turn and pos.phase == "over":
        raise IllegalActionError("a finished game has no extra turn")
    if len(pos.placed) > 2 or len(set(pos.placed)) != len(pos.placed):
        raise IllegalActionError("placed: a turn tiles one cell, two with an extra turn")
    for cell in pos.placed:
        if cell not in g._board:
            raise IllegalActionError(f"placed: no tile at {_cell(cell)}")
        if cell == (0, 0):
            raise IllegalActionError("placed: the start tile was not placed in a turn")
    g._turn_cells = tuple(pos.placed)
    g._placed = pos.placed[-1] if pos.placed else None
    if pos.phase in ("place_figure", "retake_meeple"):
        if not pos.placed or g._placed is None:
            raise IllegalActionError(f"in phase {pos.phase.replace('_', ' ')} the position names the tile just "
                                     "placed (placed: (x, y))")
        tile = g._board[g._placed].tile
        if (tile.kind == g.tileset.extra_kind) != pos.extra_turn:
            raise IllegalActionError(f"tile {tile.id} just placed is {'not ' * pos.extra_turn}a "
                                     f"{g.tileset.extra_kind} tile, which does not fit "
                                     f"{'an extra' if pos.extra_turn else 'a regular'} turn")
    if pos.phase == "retake_meeple" and g._placed is not None:
        player = pos.to_move
        if not any(f.special == "shaman" for f in g._board[g._placed].tile.features):
            raise IllegalActionError("retake meeple follows placing a shaman tile, and the tile just placed has none")
        if not any(owner == (player, r) for owner in g._figures.values() for r in ROLE_OF.values()):
            raise IllegalActionError(f"{player} has no meeple on the board to take back")


def state_problem(g: HuntersGatherers) -> str | None:
    """What breaks the invariants of a whole state, or None: each tile exactly once (board, piles,
    hand, removed), no more figures than a player owns, each where it may stand, nothing completed still
    occupied (but on the tile just placed), covered meadows on the board, no negative counts."""
    places = [o.tile.id for o in g._board.values()] + g._regular + g._extra + g._removed
    if g._hand is not None:
        places.append(g._hand)
    twice = sorted(t for t, n in Counter(places).items() if n > 1)
    if twice:
        return f"tiles held twice: {shorten(twice)}"
    if sorted(places) != sorted(g.tileset.by_id):
        return f"tiles missing: {shorten(sorted(set(g.tileset.by_id) - set(places)))}"
    if (g._hand is not None) != (g._phase == "place_tile"):
        return "a tile is in hand exactly when a tile is to be placed"
    if g._board.get((0, 0)) is None or g._board[0, 0].tile is not g.tileset.start:
        return "the start tile lies at (0, 0)"
    on_board: Counter = Counter()
    for node, (player, role) in g._figures.items():
        kind = g._node_feature[node].type
        if not ((role == "hut" and kind in ("river", "lake")) or ROLE_OF.get(kind) == role):
            return f"a {role} stands on a {kind}"
        if g.tileset.node_tiles[node].id not in g._tile_cell:
            return "a figure stands on a tile that is not on the board"
        on_board[player, role == "hut"] += 1
    for player in g.players:
        for huts, left, total in ((False, g._meeples[player], g.rules.meeples), (True, g._huts[player], g.rules.huts)):
            # an edit may set figures aside (a lesson with fewer meeples), never conjure one up
            if left < 0 or on_board[player, huts] + left > total:
                what = "huts" if huts else "meeples"
                return f"{player} has {on_board[player, huts]} {what} on the board and {left} left, more than {total}"
    just_placed = (g._board[g._placed].tile.id
                   if g._placed is not None and g._phase in ("place_figure", "retake_meeple") else None)
    for node, (player, role) in g._figures.items():
        if role in ("gatherer", "fisher"):
            if g._phase == "over":
                return f"the game is over, yet {player}'s {role} is still on the board"
            area = g._area[find(g._parent, node)]
            if area.complete and just_placed not in area.tiles:
                x, y = g._cell_of(node)
                return (f"the {role} at ({x}, {y}) stands on a completed {area.kind}, "
                        "which would have been scored")
    for node in g._covered:
        if g._node_feature[node].type != "meadow" or g.tileset.node_tiles[node].id not in g._tile_cell:
            return "a covered feature is no meadow on the board"
    for root, area in enumerate(g._area):
        if g._parent[root] == root and min(area.animals) < 0:
            return "a meadow has a negative number of animals (covered twice?)"
    if any(score < 0 for score in g._scores.values()):
        return "scores are at least 0"
    return None


# -- checking position data (what ``edit`` hands out may be changed to anything) ------------------
def data_problem(pos: Any) -> str | None:
    """Why ``pos`` is no well-formed Position (its shape: ``position_schema``; names a text can hold), or None.

    >>> data_problem(Position(players=["Red", "Blue"], scores={"Red": 1.5}))
    'position data: scores.Red: expected an integer, got 1.5'
    """
    if not isinstance(pos, Position):
        return f"a position is a Position, got {type(pos).__name__}"
    try:
        check(POSITION_SCHEMA, jsonable(pos), what="position data", error=PositionError)
    except PositionError as error:
        return str(error)
    for name in (*pos.players, pos.to_move, *pos.scores, *pos.supply, *(f[0] for f in pos.figures)):
        if _breaks_line(name) or "," in name or name != name.strip():
            return f"name {shorten(name)} cannot be written in a position (no commas, line breaks or spaces at the ends)"
    return None


def _breaks_line(text: str) -> bool:
    return len(text.splitlines()) > 1 or text[-1:] in ("\n", "\r") or any(ord(c) < 32 for c in text)


# -- text ---------------------------------------------------------------------------------------
def _cell(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _name(name: str) -> str:
    """A player name as written: as it is, or as a JSON string if it holds ; or " ."""
    return json.dumps(name, ensure_ascii=False) if ";" in name or '"' in name else name


def format_position(pos: Position, *, checked: bool = True) -> str:
    """The text of a position; PositionError if the data cannot be written (see ``data_problem``).
    ``checked=False`` skips that check, for a position just read from a game (well-formed by making)."""
    problem = data_problem(pos) if checked else None
    if problem is not None:
        raise PositionError(problem)
    lines = [HEADER, f"edition: {pos.edition}"]
    if pos.tileset:
        lines.append(f"tileset: {pos.tileset}")
    if pos.rules:
        lines.append("rules: " + ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in pos.rules.items()))
    lines.append(f"players: {', '.join(map(_name, pos.players))}")
    if pos.phase != "over" or pos.to_move:
        lines.append(f"to move: {_name(pos.to_move)}")
    if pos.phase != "place_tile":
        lines.append(f"phase: {pos.phase.replace('_', ' ')}")
    lines += [
        *(["extra turn: yes"] if pos.extra_turn else []),
        "scores: " + ", ".join(f"{_name(p)} {pos.scores.get(p, 0)}" for p in pos.players),
        "supply: " + "; ".join(f"{_name(p)} {s.meeples} meeples {s.huts} huts" for p, s in pos.supply.items()),
        "tiles: " + "; ".join(f"{t} {_cell(c)} {r}" for c, (t, r) in pos.tiles.items()),
    ]
    if pos.placed:
        lines.append("placed: " + "; ".join(map(_cell, pos.placed)))
    if pos.figures:
        lines.append("figures: " + "; ".join(f"{_name(p)} {role} {_cell((x, y))} {f}" for p, role, x, y, f in pos.figures))
    if pos.covered:
        lines.append("covered: " + "; ".join(f"{_cell((x, y))} {f}" for x, y, f in pos.covered))
    if pos.hand is not None:
        lines.append(f"hand: {pos.hand}")
    if pos.next_tiles:
        lines.append("next: " + ", ".join(map(str, pos.next_tiles)))
    if pos.removed:
        lines.append("removed: " + ", ".join(map(str, pos.removed)))
    return "\n".join(lines) + "\n"


# Every pattern below has no two adjacent parts that can match the same characters, so matching
# is linear; names (which may hold spaces and brackets) are split off from the right instead.
_NUMBER = rf"-?\d{{1,{MAX_NUMBER_DIGITS}}}"
_CELL = rf"\(\s*({_NUMBER})\s*,\s*({_NUMBER})\s*\)"
_KEYS = ("edition", "tileset", "rules", "players", "to move", "phase", "extra turn", "scores", "supply", "tiles",
         "placed", "figures", "covered", "hand", "next", "removed")


def _split(value: str, sep: str) -> list[str]:
    """Items separated by ``sep`` outside JSON-quoted names, stripped, empty ones dropped (linear)."""
    items, start, quoted, escaped = [], 0, False, False
    for i, char in enumerate(value):
        if escaped:
            escaped = False
        elif char == "\\" and quoted:
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == sep and not quoted:
            items.append(value[start:i])
            start = i + 1
    items.append(value[start:])
    found = [item.strip() for item in items if item.strip()]
    if len(found) > MAX_ITEMS:
        raise PositionError(f"a position lists at most {MAX_ITEMS} things of a kind")
    return found


def _unname(text: str, key: str) -> str:
    """A name as written by ``_name``."""
    text = text.strip()
    if text.startswith('"'):
        try:
            name = json.loads(text)
        except ValueError:
            name = None
        if type(name) is not str:
            raise PositionError(f"{key}: cannot read the quoted name {shorten(text)}")
        return name
    return text


def _number(text: str, key: str) -> int:
    if not re.fullmatch(_NUMBER, text):
        raise PositionError(f"{key}: expected a whole number of at most {MAX_NUMBER_DIGITS} digits, got {shorten(text)}")
    return int(text)


def _ints(value: str, key: str) -> list[int]:
    return [_number(v, key) for v in _split(value, ",")]


def _match(pattern: str, item: str, key: str, example: str) -> re.Match[str]:
    found = re.fullmatch(pattern, item)
    if found is None:
        raise PositionError(f"{key}: cannot read {shorten(item)} (expected something like {example!r})")
    return found


def _name_and_rest(item: str, words: int, key: str, example: str) -> tuple[str, list[str]]:
    """Split ``item`` into a leading name and its last ``words`` whitespace-separated words."""
    parts = item.rsplit(None, words)
    if len(parts) != words + 1:
        raise PositionError(f"{key}: cannot read {shorten(item)} (expected something like {example!r})")
    return _unname(parts[0], key), parts[1:]


def _figure(item: str) -> tuple[str, str, int, int, str]:
    example = "Red fisher (-1, 0) r1"
    head, _, feature = item.rpartition(")")
    opening = head.rfind("(")
    if opening < 0 or not _FEATURE_ID.fullmatch(feature.strip()):
        raise PositionError(f"figures: cannot read {shorten(item)} (expected something like {example!r})")
    cell = _match(_CELL, head[opening:] + ")", "figures", example)
    name, (role,) = _name_and_rest(head[:opening], 1, "figures", example)
    if role not in ROLES:
        raise PositionError(f"figures: cannot read {shorten(item)}: a figure is a {', '.join(ROLES)}")
    return (name, role, int(cell[1]), int(cell[2]), feature.strip())


def parse_position(text: str) -> Position:
    """Read position text (see the module docstring); PositionError says what is wrong and where."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, got {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(f"a position is at most {MAX_POSITION_CHARS} characters; this one has {len(text)}")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip() and not line.strip().startswith("#")]
    if not lines or lines[0] != HEADER:
        raise PositionError(f"a position starts with the line {HEADER!r}")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or key not in _KEYS:
            raise PositionError(f"cannot read the line {shorten(line)}; known keys: {', '.join(_KEYS)}")
        if key in fields:
            raise PositionError(f"{key} is given twice")
        fields[key] = value.strip()
    phase = fields.get("phase", "place tile").replace(" ", "_")
    if phase not in PHASES:
        raise PositionError(f"phase: write one of {', '.join(p.replace('_', ' ') for p in PHASES)}, got {shorten(fields['phase'])}")
    for needed in ("players", "to move", "tiles", "hand"):
        if needed not in fields and not (needed == "hand" and phase != "place_tile") and not (
                needed == "to move" and phase == "over"):
            raise PositionError(f"a position needs a '{needed}:' line")
    pos = Position(players=[_unname(p, "players") for p in _split(fields["players"], ",")],
                   edition=fields.get("edition", "2020"), to_move=_unname(fields.get("to move", ""), "to move"),
                   tileset=fields.get("tileset"), phase=phase)
    if fields.get("extra turn", "no") not in ("yes", "no"):
        raise PositionError("extra turn: write yes or no")
    pos.extra_turn = fields.get("extra turn") == "yes"
    for item in _split(fields.get("rules", ""), ","):
        found = _match(r"(\w+)\s*=\s*(yes|no)", item, "rules", "extra_turn_after_last_tile=no")
        pos.rules[found[1]] = found[2] == "yes"
    for item in _split(fields.get("scores", ""), ","):
        name, (points,) = _name_and_rest(item, 1, "scores", "Red 12")
        pos.scores[name] = _number(points, "scores")
    for item in _split(fields.get("supply", ""), ";"):
        name, words = _name_and_rest(item, 4, "supply", "Red 4 meeples 3 huts")
        if words[1] not in ("meeple", "meeples") or words[3] not in ("hut", "huts"):
            raise PositionError(f"supply: cannot read {shorten(item)} (expected something like 'Red 4 meeples 3 huts')")
        pos.supply[name] = PlayerSupply(_number(words[0], "supply"), _number(words[2], "supply"))
    for item in _split(fields["tiles"], ";"):
        found = _match(rf"(\d{{1,{MAX_NUMBER_DIGITS}}})\s*{_CELL}\s*(\d{{1,3}})", item, "tiles", "56 (0, 0) 0")
        cell = (int(found[2]), int(found[3]))
        if cell in pos.tiles:
            raise PositionError(f"tiles: two tiles at {_cell(cell)}")
        pos.tiles[cell] = (int(found[1]), int(found[4]))
    for item in _split(fields.get("placed", ""), ";"):
        found = _match(_CELL, item, "placed", "(1, 0)")
        pos.placed.append((int(found[1]), int(found[2])))
    pos.figures = [_figure(item) for item in _split(fields.get("figures", ""), ";")]
    for item in _split(fields.get("covered", ""), ";"):
        found = _match(rf"{_CELL}\s*(\w{{1,40}})", item, "covered", "(1, 1) m0")
        pos.covered.append((int(found[1]), int(found[2]), found[3]))
    if "hand" in fields:
        if not re.fullmatch(rf"\d{{1,{MAX_NUMBER_DIGITS}}}", fields["hand"]):
            raise PositionError(f"hand: expected a tile number, got {shorten(fields['hand'])}")
        pos.hand = int(fields["hand"])
    pos.next_tiles = _ints(fields.get("next", ""), "next")
    pos.removed = _ints(fields.get("removed", ""), "removed")
    return pos
