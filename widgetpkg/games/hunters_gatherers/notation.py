"""Positions: the state of a game as plain data and as readable text (like chess FEN).

A position is what a teacher writes in a cell or a doc: the tiles on the board with their
rotation, the figures, scores, supplies, the tile in hand, the tiles to be drawn next, whose turn
it is. It is always taken at the start of a turn (phase ``place_tile``)::

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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import IllegalActionError, Scored, Term
from .areas import Cell, find
from .tiles import ROTATIONS

if TYPE_CHECKING:
    from .game import HuntersGatherers

HEADER = "Hunters & Gatherers position"
ROLE_OF = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}


@dataclass
class PlayerSupply:
    """Figures a player has in front of them (editable)."""

    meeples: int
    huts: int


@dataclass
class Position:
    """A game's state at the start of a turn, as plain data that a cell can change."""

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

    def __str__(self) -> str:
        return format_position(self)


# -- from a game and back ------------------------------------------------------------------------
def position_of(game: HuntersGatherers) -> Position:
    if game.phase != "place_tile":
        raise IllegalActionError(f"a position is taken at the start of a turn; finish the {game.phase.replace('_', ' ')} first")
    order = sorted(game._board, key=lambda c: (c[1], c[0]))
    return Position(
        players=list(game.players), edition=game.rules.edition, to_move=game.current_player or "",
        extra_turn=game.in_extra_turn, scores=game.scores,
        supply={p: PlayerSupply(s.meeples, s.huts) for p, s in game.supply.items()},
        tiles={c: (game._board[c].tile.id, game._board[c].rotation) for c in order},
        figures=[(f.player, f.role, f.x, f.y, f.feature) for f in sorted(game.figures(), key=lambda f: (f.y, f.x, f.feature))],
        covered=sorted(game.covered(), key=lambda c: (c[1], c[0], c[2])),
        hand=game.current_tile.id if game.current_tile else None,
        next_tiles=[], removed=list(game.removed_tiles),
        tileset=game.options.get("tileset"), rules=dict(game.options.get("rules", {})),
    )


def apply_position(game: HuntersGatherers, pos: Position) -> list[Scored]:
    """Make the game's state ``pos`` (journaled, so undo takes it back); raise IllegalActionError
    naming the first problem, changing nothing. Returns events for scores set by hand."""
    _check_header(game, pos)
    scratch = object.__new__(type(game))
    scratch.__dict__.update(game.__dict__)
    scratch._journal = []  # a throwaway journal: the whole result is swapped in below
    scratch.rng = game._random()  # the piles' shuffle below draws from it: undo restores it
    scratch._empty_state()  # fresh containers: the game's own stay untouched until the swap
    _lay_tiles(scratch, pos)
    _place_figures(scratch, pos)
    _cover(scratch, pos)
    _fill_piles(scratch, pos, {"regular": game._regular, "extra": game._extra})
    scratch._turn = pos.players.index(pos.to_move)
    scratch._in_extra_turn = pos.extra_turn
    scratch._phase = "place_tile"
    events = []
    for player in game.players:
        value = pos.scores.get(player, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise IllegalActionError(f"score of {player} must be a whole number of at least 0, got {value!r}")
        delta = value - game._scores[player]
        scratch._scores[player] = value
        if delta:
            events.append(Scored(player, "score set by hand", (Term(delta, "points", 1),)))
    for name in game._state_names:
        game._set(name, getattr(scratch, name))
    return events


def _check_header(game: HuntersGatherers, pos: Position) -> None:
    if list(pos.players) != list(game.players):
        raise IllegalActionError(f"players are {list(game.players)}; a position cannot change them (got {pos.players})")
    if pos.edition != game.rules.edition:
        raise IllegalActionError(f"the game plays the {game.rules.edition} rules; start a new game for {pos.edition!r}")
    if pos.to_move not in game.players:
        raise IllegalActionError(f"to move must be one of {', '.join(game.players)}, got {pos.to_move!r}")
    if set(pos.scores) - set(game.players) or set(pos.supply) - set(game.players):
        raise IllegalActionError("scores and supply may only name the game's players")


def _tile(game: HuntersGatherers, tile_id: Any, what: str):
    tile = game.tileset.by_id.get(tile_id) if isinstance(tile_id, int) and not isinstance(tile_id, bool) else None
    if tile is None:
        raise IllegalActionError(f"{what}: there is no tile {tile_id!r} in the {game.tileset.name} tile set")
    return tile


def _lay_tiles(g: HuntersGatherers, pos: Position) -> None:
    if (0, 0) not in pos.tiles:
        raise IllegalActionError("the board needs a tile at (0, 0)")
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
    # lay tiles outwards from (0, 0), each next to one already down, so every edge gets checked
    g._frontier = {(0, 0): 0}
    pending = dict(pos.tiles)
    while pending:
        ready = [c for c in pending if c in g._frontier]
        if not ready:
            raise IllegalActionError(f"tiles at {sorted(pending)} are not connected to the tile at (0, 0)")
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
            raise IllegalActionError(f"figure of unknown player {player!r}")
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
            if not isinstance(left, int) or isinstance(left, bool) or left < 0:
                raise IllegalActionError(f"{player}'s {kind} left must be a whole number of at least 0, got {left!r}")
            if left + used[player][kind] > total:
                raise IllegalActionError(f"{player} has {used[player][kind]} {kind} on the board and {left} left, "
                                         f"more than the {total} a player owns")
        g._meeples[player], g._huts[player] = supply.meeples, supply.huts
    for node, (player, role) in g._figures.items():
        if role in ("gatherer", "fisher") and g._area[find(g._parent, node)].complete:
            x, y = g._cell_of(node)
            raise IllegalActionError(f"the {role} at ({x}, {y}) stands on a completed "
                                     f"{g._node_feature[node].type}, which would have been scored")


def _cover(g: HuntersGatherers, pos: Position) -> None:
    nodes = []
    for x, y, feature in pos.covered:
        try:
            node = g.node(x, y, feature)
        except KeyError as error:
            raise IllegalActionError(f"covered: {error.args[0]}") from None
        if g._node_feature[node].type != "meadow":
            raise IllegalActionError(f"covered: {feature} at ({x}, {y}) is not a meadow")
        nodes.append(node)
    g._cover(nodes)


def _fill_piles(g: HuntersGatherers, pos: Position, current: dict[str, list[int]]) -> None:
    """Tiles in neither the board, the hand nor ``removed`` are in their piles: in the game's
    current (hidden) order, with tiles the position frees slipped in at random places, and the
    ``next`` tiles on top."""
    out = set(g._tile_cell) | set(pos.removed)
    for tile_id in pos.removed:
        _tile(g, tile_id, "removed")
    if pos.hand is None:
        raise IllegalActionError("a position needs the tile in hand")
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
    for tile_id in pos.next_tiles:
        if _tile(g, tile_id, "next").id in out:
            raise IllegalActionError(f"tile {tile_id} cannot be drawn next: it is on the board, in hand or removed")
        if pos.next_tiles.count(tile_id) > 1:
            raise IllegalActionError(f"tile {tile_id} is listed twice in next")
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
    g._regular, g._extra = piles["regular"], piles["extra"]
    g._removed = list(pos.removed)
    g._hand, g._hand_pile = hand.id, "regular" if hand.kind == "normal" else "extra"


# -- text ---------------------------------------------------------------------------------------
def _cell(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def format_position(pos: Position) -> str:
    for name in pos.players:
        if not re.fullmatch(r"[^,;:()\n]+", name) or name != name.strip():
            raise ValueError(f"player name {name!r} cannot be written in a position (avoid , ; : and brackets)")
    lines = [HEADER, f"edition: {pos.edition}"]
    if pos.tileset:
        lines.append(f"tileset: {pos.tileset}")
    if pos.rules:
        lines.append("rules: " + ", ".join(f"{k}={'yes' if v else 'no'}" for k, v in pos.rules.items()))
    lines += [
        f"players: {', '.join(pos.players)}",
        f"to move: {pos.to_move}",
        *(["extra turn: yes"] if pos.extra_turn else []),
        "scores: " + ", ".join(f"{p} {pos.scores.get(p, 0)}" for p in pos.players),
        "supply: " + "; ".join(f"{p} {s.meeples} meeples {s.huts} huts" for p, s in pos.supply.items()),
        "tiles: " + "; ".join(f"{t} {_cell(c)} {r}" for c, (t, r) in pos.tiles.items()),
    ]
    if pos.figures:
        lines.append("figures: " + "; ".join(f"{p} {role} {_cell((x, y))} {f}" for p, role, x, y, f in pos.figures))
    if pos.covered:
        lines.append("covered: " + "; ".join(f"{_cell((x, y))} {f}" for x, y, f in pos.covered))
    lines.append(f"hand: {pos.hand}")
    if pos.next_tiles:
        lines.append("next: " + ", ".join(map(str, pos.next_tiles)))
    if pos.removed:
        lines.append("removed: " + ", ".join(map(str, pos.removed)))
    return "\n".join(lines) + "\n"


_CELL = r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)"
_KEYS = ("edition", "tileset", "rules", "players", "to move", "extra turn", "scores", "supply", "tiles",
         "figures", "covered", "hand", "next", "removed")


class PositionError(ValueError):
    """Position text that cannot be read."""


def _items(value: str, sep: str) -> list[str]:
    return [item.strip() for item in value.split(sep) if item.strip()]


def _ints(value: str, key: str) -> list[int]:
    try:
        return [int(v) for v in _items(value, ",")]
    except ValueError:
        raise PositionError(f"{key}: expected tile numbers separated by commas, got {value!r}") from None


def _match(pattern: str, item: str, key: str, example: str) -> re.Match[str]:
    found = re.fullmatch(pattern, item)
    if found is None:
        raise PositionError(f"{key}: cannot read {item!r} (expected something like {example!r})")
    return found


def parse_position(text: str) -> Position:
    """Read position text (see the module docstring); PositionError says what is wrong and where."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, got {type(text).__name__}")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip() and not line.strip().startswith("#")]
    if not lines or lines[0] != HEADER:
        raise PositionError(f"a position starts with the line {HEADER!r}")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or key not in _KEYS:
            raise PositionError(f"cannot read the line {line!r}; known keys: {', '.join(_KEYS)}")
        if key in fields:
            raise PositionError(f"{key} is given twice")
        fields[key] = value.strip()
    for needed in ("players", "to move", "tiles", "hand"):
        if needed not in fields:
            raise PositionError(f"a position needs a '{needed}:' line")
    pos = Position(players=_items(fields["players"], ","), edition=fields.get("edition", "2020"),
                   to_move=fields["to move"], tileset=fields.get("tileset"))
    if fields.get("extra turn", "no") not in ("yes", "no"):
        raise PositionError("extra turn: write yes or no")
    pos.extra_turn = fields.get("extra turn") == "yes"
    for item in _items(fields.get("rules", ""), ","):
        found = _match(r"(\w+)\s*=\s*(yes|no)", item, "rules", "extra_turn_after_last_tile=no")
        pos.rules[found[1]] = found[2] == "yes"
    for item in _items(fields.get("scores", ""), ","):
        found = _match(r"(.+?)\s+(-?\d+)", item, "scores", "Red 12")
        pos.scores[found[1]] = int(found[2])
    for item in _items(fields.get("supply", ""), ";"):
        found = _match(r"(.+?)\s+(-?\d+)\s+meeples?\s+(-?\d+)\s+huts?", item, "supply", "Red 4 meeples 3 huts")
        pos.supply[found[1]] = PlayerSupply(int(found[2]), int(found[3]))
    for item in _items(fields["tiles"], ";"):
        found = _match(rf"(\d+)\s+{_CELL}\s+(\d+)", item, "tiles", "56 (0, 0) 0")
        cell = (int(found[2]), int(found[3]))
        if cell in pos.tiles:
            raise PositionError(f"tiles: two tiles at {_cell(cell)}")
        pos.tiles[cell] = (int(found[1]), int(found[4]))
    for item in _items(fields.get("figures", ""), ";"):
        found = _match(rf"(.+?)\s+(gatherer|fisher|hunter|hut)\s+{_CELL}\s+(\w+)", item, "figures", "Red fisher (-1, 0) r1")
        pos.figures.append((found[1], found[2], int(found[3]), int(found[4]), found[5]))
    for item in _items(fields.get("covered", ""), ";"):
        found = _match(rf"{_CELL}\s+(\w+)", item, "covered", "(1, 1) m0")
        pos.covered.append((int(found[1]), int(found[2]), found[3]))
    try:
        pos.hand = int(fields["hand"])
    except ValueError:
        raise PositionError(f"hand: expected a tile number, got {fields['hand']!r}") from None
    pos.next_tiles = _ints(fields.get("next", ""), "next")
    pos.removed = _ints(fields.get("removed", ""), "removed")
    return pos
