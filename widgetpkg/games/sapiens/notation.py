"""Sapiens positions: the whole state as plain data and as readable text, read back exactly.

One ``key: value`` line each; per-player lines name the player before `` = ``. Tiles not named
anywhere are unseen (the stack, in hidden order, and the tiles removed at setup)::

    Sapiens position
    components: reconstruction
    players: Marceau, Vianney
    to move: Vianney
    phase: start_cave
    turns ended: 1
    turns played: Marceau 1, Vianney 0
    food: Marceau 0, Vianney 0
    shelter: Marceau 7, Vianney 0
    steaks: Marceau 0, Vianney 0
    valley: Marceau = L1a R1a
    ...

A game started with ruling switches has a ``rules:`` line after ``components:``
(``rules: bears_on_caves true, abandoned_contact ignored``); a position is set only on a game with
the same switches. Parsing is one pass over at most 2,000 lines of at most 2,000 characters; every
error names the line. Positions can be taken in any phase (the pending bonuses and the held tile
are written too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import IllegalActionError, InvalidOptionError, Term
from ...core.errors import shorten
from ...core.info import check_player_name
from .components import (
    BEARS,
    CAVE,
    COMMON_SIZE,
    FIGHT_TOKENS,
    POOL_SIZE,
    SCENES,
    STEAKS,
    STEPS,
    WATERFALL,
)
from .events import FoodScored, ShelterScored
from .placement import requirements

if TYPE_CHECKING:
    from .game import Sapiens

HEADER = "Sapiens position"
MAX_CHARS, MAX_LINES = 200_000, 2_000
PHASES = ("start_cave", "main", "feast", "ritual", "water", "hunt", "fight", "fire", "choose_bonus", "fight_order",
          "after_tile", "refill", "over")
FLAGS = ("token used", "picking on plain", "end triggered", "via token")


class PositionError(IllegalActionError):
    """Position text or data that cannot be read or breaks a rule; names the line or the thing."""


@dataclass
class Position:
    """A Sapiens state as plain data that a notebook cell may change (see ``Sapiens.edit``)."""

    players: list[str]
    components: str = "reconstruction"
    #: the ruling switches the game was started with (its ``rules`` option)
    rules: dict[str, Any] = field(default_factory=dict)
    to_move: str = ""
    phase: str = "main"
    turns_ended: int = 0
    turns_played: dict[str, int] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    origin: str = "after_tile"
    held: tuple[str, int, int, int, int] | None = None  # kind, tile, x, y, rotation
    food: dict[str, int] = field(default_factory=dict)
    shelter: dict[str, int] = field(default_factory=dict)
    steaks: dict[str, int] = field(default_factory=dict)
    valleys: dict[str, tuple[str, str]] = field(default_factory=dict)
    tribe: dict[str, int] = field(default_factory=dict)
    tiles: dict[str, list[tuple[int, int, int, int, int]]] = field(default_factory=dict)  # tile, x, y, rotation, tribe
    tokens: dict[str, dict[tuple[int, int], str]] = field(default_factory=dict)
    hand: dict[str, list[str]] = field(default_factory=dict)
    used: dict[str, list[str]] = field(default_factory=dict)
    removed_tokens: dict[str, list[str]] = field(default_factory=dict)
    bears: dict[str, dict[tuple[int, int], str]] = field(default_factory=dict)
    pools: dict[str, list[int]] = field(default_factory=dict)  # "common" and players
    fight: dict[int, list[str]] = field(default_factory=dict)
    discarded: list[int] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    stack: int = 0
    next_tiles: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        return format_position(self)


def position_of(g: Sapiens) -> Position:
    """The game's state as a :class:`Position`."""
    ps = list(g.players)
    pos = Position(players=ps, components=g.components_name, rules=dict(g.options.get("rules") or {}),
                   to_move=g.current_player or "", phase=g.phase, turns_ended=g.turn,
                   turns_played=dict(g._turns_played), pending=list(g._pending), origin=g._origin)
    pos.flags = [f for f, on in zip(FLAGS, (g._token_used, g._picking_plain, g._end_triggered, g._via_token)) if on]
    if g._held is not None:
        kind, tile, a, b = g._held
        v = g.valley(g.current_player)  # type: ignore[arg-type]
        (x, y), (bx, by) = v.coord[a], v.coord[b]
        rotation = next(r for r, (dx, dy) in STEPS.items() if (x + dx, y + dy) == (bx, by))
        pos.held = (kind, tile, x, y, rotation)
    for p in ps:
        v = g.valley(p)
        pos.food[p], pos.shelter[p], pos.steaks[p] = g._food[p], g._shelter[p], g._steaks[p]
        pos.valleys[p] = g._valleys[p]
        pos.tribe[p] = g._tribe[p]
        pos.tiles[p] = []
        pos.tokens[p] = {v.coord[s]: sc for (q, s), sc in g._tokens.items() if q == p}
        pos.hand[p], pos.used[p], pos.removed_tokens[p] = list(g._hand[p]), list(g._used[p]), list(g._gone[p])
        pos.bears[p] = {v.coord[s]: by for (q, s), by in g._bears.items() if q == p}
    for tile, (p, a, b, tribe) in g._laid.items():
        v = g.valley(p)
        (x, y), (bx, by) = v.coord[a], v.coord[b]
        rotation = next(r for r, (dx, dy) in STEPS.items() if (x + dx, y + dy) == (bx, by))
        pos.tiles[p].append((tile, x, y, rotation, tribe))
    pos.pools = {k: list(v) for k, v in g._pools.items()}
    pos.fight = {t: list(o) for t, o in g._fight.items()}
    pos.discarded = list(g._discards)
    pos.out = [p for p in ps if g._out[p]]
    pos.stack = len(g._stack)
    return pos


# -- text ---------------------------------------------------------------------------------------------

def _scores(d: dict[str, int], players: list[str]) -> str:
    return ", ".join(f"{p} {d.get(p, 0)}" for p in players)


def format_position(pos: Position) -> str:
    """Position text; :func:`parse_position` reads it back to an equal :class:`Position`."""
    ps = pos.players
    lines = [HEADER, f"components: {pos.components}"]
    if pos.rules:
        lines.append("rules: " + ", ".join(f"{k} {_rule_text(v)}" for k, v in pos.rules.items()))
    lines += [f"players: {', '.join(ps)}", f"to move: {pos.to_move}",
              f"phase: {pos.phase}", f"turns ended: {pos.turns_ended}", f"turns played: {_scores(pos.turns_played, ps)}"]
    if pos.flags:
        lines.append(f"flags: {', '.join(pos.flags)}")
    if pos.pending:
        lines.append(f"pending: {', '.join(pos.pending)}")
    if pos.origin != "after_tile":
        lines.append(f"origin: {pos.origin}")
    if pos.held is not None:
        kind, tile, x, y, r = pos.held
        lines.append(f"held: {kind} {tile} ({x}, {y}) {r}")
    lines += [f"food: {_scores(pos.food, ps)}", f"shelter: {_scores(pos.shelter, ps)}", f"steaks: {_scores(pos.steaks, ps)}"]
    for p in ps:
        if p in pos.valleys:
            lines.append(f"valley: {p} = {pos.valleys[p][0]} {pos.valleys[p][1]}")
        lines.append(f"tribe: {p} = {pos.tribe.get(p, 0)}")
        tiles = sorted(pos.tiles.get(p, []), key=lambda t: (t[4], t[2], t[1]))
        if tiles:
            lines.append(f"tiles: {p} = " + "; ".join(f"{t} ({x}, {y}) {r} t{tr}" for t, x, y, r, tr in tiles))
        tokens = sorted(pos.tokens.get(p, {}).items(), key=lambda kv: (kv[0][1], kv[0][0]))
        if tokens:
            lines.append(f"tokens: {p} = " + "; ".join(f"{sc} ({x}, {y})" for (x, y), sc in tokens))
        for key, values in (("hand", pos.hand), ("used", pos.used), ("removed tokens", pos.removed_tokens)):
            if values.get(p):
                lines.append(f"{key}: {p} = {', '.join(values[p])}")
        bears = sorted(pos.bears.get(p, {}).items(), key=lambda kv: (kv[0][1], kv[0][0]))
        if bears:
            lines.append(f"bears: {p} = " + "; ".join(f"({x}, {y}) {by}" for (x, y), by in bears))
        lines.append(f"pool: {p} = {', '.join(map(str, pos.pools.get(p, [])))}")
    lines.append(f"common: {', '.join(map(str, pos.pools.get('common', [])))}")
    for tile, owners in sorted(pos.fight.items()):
        lines.append(f"fight: {tile} = {', '.join(owners)}")
    if pos.discarded:
        lines.append(f"discarded: {', '.join(map(str, pos.discarded))}")
    if pos.out:
        lines.append(f"out: {', '.join(pos.out)}")
    lines.append(f"stack: {pos.stack}")
    if pos.next_tiles:
        lines.append(f"next: {', '.join(map(str, pos.next_tiles))}")
    return "\n".join(lines)


def _rule_text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _rules(text: str, where: str) -> dict[str, Any]:
    """``bears_on_caves true, abandoned_contact ignored``: switch names and values (checked by the game)."""
    rules: dict[str, Any] = {}
    for item in text.split(","):
        m = _full(_RULE, item, where, "bears_on_caves true")
        rules[m[1]] = {"true": True, "false": False}.get(m[2], m[2])
    return rules


_RULE = re.compile(r"(\w{1,40}) (\w{1,40})")
_COORD = re.compile(r"\((-?\d{1,3}), (-?\d{1,3})\)")
_TILE = re.compile(r"(\d{1,4}) \((-?\d{1,3}), (-?\d{1,3})\) (\d{1,3}) t(\d{1,3})")
_HELD = re.compile(r"(\w+) (\d{1,4}) \((-?\d{1,3}), (-?\d{1,3})\) (\d{1,3})")
_TOKEN = re.compile(r"([a-z]+) \((-?\d{1,3}), (-?\d{1,3})\)")
_BEAR = re.compile(r"\((-?\d{1,3}), (-?\d{1,3})\) (.+)")
_SINGLE = {"components", "rules", "players", "to move", "phase", "turns ended", "turns played", "flags", "pending", "origin",
           "held", "food", "shelter", "steaks", "common", "discarded", "out", "stack", "next"}
_PER_PLAYER = {"valley", "tribe", "tiles", "tokens", "hand", "used", "removed tokens", "bears", "pool", "fight"}


def _int(text: str, where: str) -> int:
    text = text.strip()
    if not re.fullmatch(r"-?\d{1,6}", text):
        raise PositionError(f"{where}: expected a number, got {shorten(text)}")
    return int(text)


def _ints(text: str, where: str) -> list[int]:
    return [_int(t, where) for t in text.split(",")] if text.strip() else []


def _full(pattern: re.Pattern[str], item: str, where: str, example: str) -> re.Match[str]:
    m = pattern.fullmatch(item.strip())
    if m is None:
        raise PositionError(f"{where}: cannot read {shorten(item.strip())} (expected e.g. {example!r})")
    return m


def _named_numbers(text: str, where: str) -> dict[str, int]:
    out = {}
    for item in text.split(","):
        name, _, number = item.strip().rpartition(" ")
        if not name:
            raise PositionError(f"{where}: expected 'Name number', got {shorten(item.strip())}")
        out[name] = _int(number, where)
    return out


def parse_position(text: str) -> Position:
    """Read position text (linear time, bounded size); errors name the line."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise PositionError(f"a position has at most {MAX_CHARS} characters, got {len(text)}")
    lines = text.strip().splitlines()
    if len(lines) > MAX_LINES:
        raise PositionError(f"a position has at most {MAX_LINES} lines")
    if not lines or lines[0].strip() != HEADER:
        raise PositionError(f"line 1: a position starts with {HEADER!r}")
    pos = Position(players=[])
    seen: set[tuple[str, str]] = set()
    for number, raw in enumerate(lines[1:], 2):
        line = raw.strip()
        if not line:
            continue
        where = f"line {number}"
        key, colon, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not colon or (key not in _SINGLE and key not in _PER_PLAYER):
            raise PositionError(f"{where}: unknown line {shorten(line)}")
        if key in _PER_PLAYER:
            who, eq, value = value.rpartition(" = ")
            if not eq:
                who, value = value.rstrip(" ="), ""
                if not who:
                    raise PositionError(f"{where}: expected '{key}: NAME = ...'")
            if key != "fight" and who not in pos.players:
                raise PositionError(f"{where}: {shorten(who)} is not a player (list the players first)")
            if (key, who) in seen:
                raise PositionError(f"{where}: a second {key!r} line for {who}")
            seen.add((key, who))
            _per_player(pos, key, who, value, where)
            continue
        if (key, "") in seen:
            raise PositionError(f"{where}: a second {key!r} line")
        seen.add((key, ""))
        if key == "players":
            pos.players = [p.strip() for p in value.split(",")]
            for p in pos.players:
                try:
                    check_player_name(p)
                except ValueError as error:
                    raise PositionError(f"{where}: {error}") from None
        elif key == "components":
            pos.components = value
        elif key == "rules":
            pos.rules = _rules(value, where)
        elif key == "to move":
            pos.to_move = value
        elif key == "phase":
            if value not in PHASES:
                raise PositionError(f"{where}: unknown phase {shorten(value)} (phases: {', '.join(PHASES)})")
            pos.phase = value
        elif key == "turns ended":
            pos.turns_ended = _int(value, where)
        elif key in ("turns played", "food", "shelter", "steaks"):
            attr = {"turns played": "turns_played"}.get(key, key)
            setattr(pos, attr, _named_numbers(value, where))
        elif key == "flags":
            pos.flags = [f.strip() for f in value.split(",")]
            for f in pos.flags:
                if f not in FLAGS:
                    raise PositionError(f"{where}: unknown flag {shorten(f)} (flags: {', '.join(FLAGS)})")
        elif key == "pending":
            pos.pending = [s.strip() for s in value.split(",")]
        elif key == "origin":
            pos.origin = value
        elif key == "held":
            m = _full(_HELD, value, where, "main 17 (2, 3) 90")
            pos.held = (m[1], int(m[2]), int(m[3]), int(m[4]), int(m[5]))
        elif key == "common":
            pos.pools["common"] = _ints(value, where)
        elif key == "discarded":
            pos.discarded = _ints(value, where)
        elif key == "out":
            pos.out = [p.strip() for p in value.split(",")]
        elif key == "stack":
            pos.stack = _int(value, where)
        elif key == "next":
            pos.next_tiles = _ints(value, where)
    if not pos.players:
        raise PositionError("the position names no players (a 'players:' line)")
    return pos


def _per_player(pos: Position, key: str, who: str, value: str, where: str) -> None:
    if key == "valley":
        faces = value.split()
        if len(faces) != 2:
            raise PositionError(f"{where}: expected 'valley: NAME = LEFT RIGHT'")
        pos.valleys[who] = (faces[0], faces[1])
    elif key == "tribe":
        pos.tribe[who] = _int(value, where)
    elif key == "tiles":
        pos.tiles[who] = []
        for item in value.split(";"):
            m = _full(_TILE, item, where, "17 (2, 3) 90 t1")
            pos.tiles[who].append((int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5])))
    elif key == "tokens":
        pos.tokens[who] = {}
        for item in value.split(";"):
            m = _full(_TOKEN, item, where, "hunt (0, -1)")
            pos.tokens[who][(int(m[2]), int(m[3]))] = m[1]
    elif key in ("hand", "used", "removed tokens"):
        target = {"hand": pos.hand, "used": pos.used, "removed tokens": pos.removed_tokens}[key]
        target[who] = [s.strip() for s in value.split(",")] if value else []
    elif key == "bears":
        pos.bears[who] = {}
        for item in value.split(";"):
            m = _full(_BEAR, item, where, "(4, 2) Blue")
            pos.bears[who][(int(m[1]), int(m[2]))] = m[3]
    elif key == "pool":
        pos.pools[who] = _ints(value, where)
    elif key == "fight":
        tile = _int(who, where)
        pos.fight[tile] = [o.strip() for o in value.split(",")] if value else []


# -- checking and applying ---------------------------------------------------------------------------------

def _build(g: Sapiens, pos: Position) -> dict[str, Any]:
    """The engine's containers for ``pos``, after checking every rule a position must respect."""
    ps = list(g.players)
    if pos.players != ps:
        raise PositionError(f"the position's players {shorten(pos.players)} differ from this game's {ps}")
    if pos.components != g.components_name:
        raise PositionError(f"the position uses components {shorten(pos.components)}; start the game with "
                            f"components={shorten(pos.components)}")
    from .game import _check_rules
    try:
        # a game keeps the switches it was started with: text from a game with other switches sets up
        # the same position under this game's rules (how a ruling is compared on one position)
        _check_rules(pos.rules)
    except InvalidOptionError as error:
        raise PositionError(f"rules: {error}") from None
    comps = g.components
    for name, table in (("food", pos.food), ("shelter", pos.shelter), ("steaks", pos.steaks), ("turns played", pos.turns_played)):
        for p, value in table.items():
            if p not in ps:
                raise PositionError(f"{name}: {shorten(p)} is not a player")
            if value < 0:
                raise PositionError(f"{name}: {p} cannot have {value}")
    if sum(pos.steaks.values()) > STEAKS:
        raise PositionError(f"steaks: only {STEAKS} steaks exist")
    over = pos.phase == "over"
    if not over and pos.to_move not in ps:
        raise PositionError(f"to move: {shorten(pos.to_move)} is not a player")
    if pos.to_move in pos.out and not over:
        raise PositionError(f"to move: {pos.to_move} is out of the game")
    for p in pos.out:
        if p not in ps:
            raise PositionError(f"out: {shorten(p)} is not a player")
    for bonus in pos.pending:
        if bonus not in ("feast", "ritual", "water", "hunt", "fight", "fire"):
            raise PositionError(f"pending: {shorten(bonus)} is not a bonus that waits for a choice")
    if pos.origin not in ("after_tile", "main"):
        raise PositionError(f"origin: {shorten(pos.origin)} (after_tile or main)")
    if (pos.held is not None) != (pos.phase == "fight_order"):
        raise PositionError("held: a held tile goes with phase fight_order, and only with it")
    seen: dict[int, str] = {}

    def claim(tile: int, where: str) -> None:
        if tile not in comps.tiles:
            raise PositionError(f"{where}: there is no tile {tile}")
        if tile in seen:
            raise PositionError(f"{where}: tile {tile} is also in {seen[tile]}")
        seen[tile] = where

    state: dict[str, Any] = {}
    pools: dict[str, tuple[int, ...]] = {"common": (), **{p: () for p in ps}}
    for owner, tiles in pos.pools.items():
        if owner != "common" and owner not in ps:
            raise PositionError(f"pool: {shorten(owner)} is not a player")
        limit = COMMON_SIZE if owner == "common" else POOL_SIZE
        if len(tiles) > limit:
            raise PositionError(f"{owner} pool: at most {limit} tiles, got {len(tiles)}")
        for t in tiles:
            claim(t, f"the {owner} pool")
        pools[owner] = tuple(tiles)
    for t in pos.discarded:
        claim(t, "discarded")
    valleys = {}
    for p in ps:
        faces = pos.valleys.get(p)
        if faces is None:
            raise PositionError(f"valley: no valley for {p}")
        for fid, side in zip(faces, ("left", "right")):
            if fid not in comps.faces or comps.faces[fid].side != side:
                raise PositionError(f"valley: {p}: {shorten(fid)} is not a {side} face of {shorten(pos.components)}")
        valleys[p] = faces
    pieces = [comps.faces[f].piece for faces in valleys.values() for f in faces]
    if len(set(pieces)) != len(pieces):
        raise PositionError("valley: two players share a half-board piece")
    board, laid, tokens, bears = {}, {}, {}, {}
    hand, used, gone, tribe = {}, {}, {}, {}
    for p in ps:
        v = comps.valley(*valleys[p])
        active = pos.tribe.get(p, 0)
        if active < 0:
            raise PositionError(f"tribe: {p} = {active}")
        tribe[p] = active
        for t, x, y, r, tr in pos.tiles.get(p, []):
            where = f"tiles: {p}: tile {t} at ({x}, {y})"
            claim(t, f"{p}'s valley")
            if r not in STEPS:
                raise PositionError(f"{where}: rotation must be 0, 90, 180 or 270")
            a, b = v.index.get((x, y)), v.index.get((x + STEPS[r][0], y + STEPS[r][1]))
            if a is None or b is None or b not in v.neighbours[a]:
                raise PositionError(f"{where}: not two adjacent squares of the valley")
            if not 1 <= tr <= active:
                raise PositionError(f"{where}: tribe {tr} is not between 1 and the active tribe {active}")
            for s, scene in zip((a, b), comps.tiles[t].scenes):
                if (p, s) in board:
                    raise PositionError(f"{where}: {v.name(s)} is covered twice")
                board[(p, s)] = (t, scene, tr)
            laid[t] = (p, a, b, tr)
        if active and not any(tr == active for (q, _), (_, _, tr) in board.items() if q == p):
            raise PositionError(f"tribe: {p}'s active tribe {active} has no tile")
        for (x, y), scene in pos.tokens.get(p, {}).items():
            spot = v.index.get((x, y))
            if spot is None or v.kind[spot] not in (CAVE, WATERFALL):
                raise PositionError(f"tokens: {p}: ({x}, {y}) is not a cave or waterfall")
            if (p, spot) in board:
                raise PositionError(f"tokens: {p}: a tile covers ({x}, {y})")
            tokens[(p, spot)] = scene
        hand[p], used[p], gone[p] = tuple(pos.hand.get(p, ())), tuple(pos.used.get(p, ())), tuple(pos.removed_tokens.get(p, ()))
        every = [sc for (q, _), sc in tokens.items() if q == p] + [*hand[p], *used[p], *gone[p]]
        if sorted(every) != sorted(SCENES):
            raise PositionError(f"tokens: {p}'s mountain tokens (on the valley, hand, used, removed) must be each "
                                f"scene once, got {', '.join(sorted(every)) or 'none'}")
        for (x, y), by in pos.bears.get(p, {}).items():
            spot = v.index.get((x, y))
            if spot is None or v.kind[spot] == WATERFALL or (p, spot) in board:
                raise PositionError(f"bears: {p}: ({x}, {y}) is not a free square")
            if by not in ps or by == p:
                raise PositionError(f"bears: {p}: a bear is put by another player, not {shorten(by)}")
            bears[(p, spot)] = by
    if len(bears) > BEARS:
        raise PositionError(f"bears: only {BEARS} bears exist")
    fight_hand = {p: FIGHT_TOKENS for p in ps}
    fight = {}
    for tile, owners in pos.fight.items():
        if not any(tile in tiles for tiles in pools.values()):
            raise PositionError(f"fight: tile {tile} is not in a pool")
        for o in owners:
            if o not in ps:
                raise PositionError(f"fight: {shorten(o)} is not a player")
            fight_hand[o] -= 1
        if owners:
            fight[tile] = tuple(owners)
    for p, n in fight_hand.items():
        if n < 0:
            raise PositionError(f"fight: {p} has only {FIGHT_TOKENS} fight tokens")
    unseen = [t for t in sorted(comps.tiles) if t not in seen]
    if pos.stack > len(unseen) or pos.stack < 0:
        raise PositionError(f"stack: {pos.stack} tiles, but only {len(unseen)} tiles are unseen")
    for t in pos.next_tiles:
        if t not in unseen:
            raise PositionError(f"next: tile {t} is not unseen")
    if len(pos.next_tiles) > pos.stack or len(set(pos.next_tiles)) != len(pos.next_tiles):
        raise PositionError("next: more tiles than the stack holds, or a tile twice")
    seat = ps.index(pos.to_move) if pos.to_move in ps else 0
    state.update(_pools=pools, _board=board, _laid=laid, _valleys=valleys, _tokens=tokens, _hand=hand, _used=used,
                 _gone=gone, _steaks={p: pos.steaks.get(p, 0) for p in ps}, _bears=bears, _fight=fight,
                 _fight_hand=fight_hand, _food={p: pos.food.get(p, 0) for p in ps},
                 _shelter={p: pos.shelter.get(p, 0) for p in ps}, _out={p: p in pos.out for p in ps},
                 _turns_played={p: pos.turns_played.get(p, 0) for p in ps}, _tribe=tribe,
                 _discards=list(pos.discarded), _seat=seat, _phase=pos.phase, _turns_ended=pos.turns_ended,
                 _token_used="token used" in pos.flags, _picking_plain="picking on plain" in pos.flags,
                 _end_triggered="end triggered" in pos.flags, _via_token="via token" in pos.flags,
                 _pending=tuple(pos.pending), _origin=pos.origin, _entering=None,
                 _steak_supply=STEAKS - sum(pos.steaks.values()), _bear_supply=BEARS - len(bears))
    state["_scores"] = {p: min(state["_food"][p], state["_shelter"][p]) for p in ps}
    ignore = g.rules["abandoned_contact"] == "ignored"
    state["_need"] = {(p, s): scene for p in ps
                      for s, scene in requirements(comps.valley(*valleys[p]), {s: x for (q, s), x in board.items() if q == p},
                                                   tribe[p], ignore).items()}
    if pos.held is not None:
        kind, tile, x, y, r = pos.held
        v = comps.valley(*valleys[pos.to_move])
        a, b = v.index.get((x, y)), v.index.get((x + STEPS.get(r, (9, 9))[0], y + STEPS.get(r, (9, 9))[1]))
        if kind not in ("main", "extra", "abandon", "start") or a is None or b is None or tile not in pools[pos.to_move]:
            raise PositionError("held: expected 'KIND TILE (x, y) ROTATION' with a tile of the pool of the player to move")
        state["_held"] = (kind, tile, a, b)
    else:
        state["_held"] = None
    state["_next"] = list(pos.next_tiles)
    state["_unseen"] = [t for t in unseen if t not in pos.next_tiles]
    state["_stack_size"] = pos.stack
    return state


def position_problem(g: Sapiens, text: str) -> str | None:
    try:
        state = _build(g, parse_position(text))
    except PositionError as error:
        return str(error)
    g._checked_position = (text, state)  # applying it next needs no second parse
    return None


def apply_position(g: Sapiens, text: str) -> list:
    """Replace the game's state (journaled: one undoable step); the track changes are events."""
    checked, g._checked_position = g._checked_position, None
    state = checked[1] if checked is not None and checked[0] == text else _build(g, parse_position(text))
    state = dict(state)
    events: list = []
    for p in g.players:
        for track, attr, cls in (("food", "_food", FoodScored), ("shelter", "_shelter", ShelterScored)):
            delta = state[attr][p] - getattr(g, attr)[p]
            if delta:
                events.append(cls(p, "position", (Term(delta, f"{track} set by a position", 1),)))
    # the unseen tiles: the named next ones on top, the rest shuffled (their order is hidden)
    unseen = state.pop("_unseen")
    g._random().shuffle(unseen)
    size = state.pop("_stack_size")
    nxt = state.pop("_next")
    rest = size - len(nxt)
    state["_stack"] = unseen[:rest] + list(reversed(nxt))
    state["_removed"] = unseen[rest:]
    for name, value in state.items():
        g._set(name, value)
    return events
