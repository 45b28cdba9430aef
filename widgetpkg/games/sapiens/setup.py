"""Setup steps and positions of Sapiens: arranging draws, dealing pools, valleys and tokens,
and replacing the whole state by position text. Each is a recorded action (``setup = True``),
so lessons and tests replay exactly from a save.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ...core import Action, Event, IllegalActionError, Note
from ...core.actions import arranged
from ...core.errors import shorten
from .actions import DealTiles, SetMountainTokens, SetNextTiles, SetPosition, SetValley
from .components import COMMON_SIZE, POOL_SIZE, SCENES

if TYPE_CHECKING:
    from .game import Sapiens

SETUP_BLOCKED_PHASES = ("feast", "ritual", "water", "hunt", "fight", "fire", "choose_bonus", "fight_order")


# -- setup steps ------------------------------------------------------------------------------------------
def set_next_tiles(g: Sapiens, tiles: Sequence[int]) -> list[Event]:
    """Arrange the next reveals (first listed = first revealed), taken from the stack or the unseen
    removed tiles; a recorded, undoable step."""
    return g.apply(SetNextTiles(arranged(tiles, "next tiles")))


def deal(g: Sapiens, owner: str, tiles: Sequence[int]) -> list[Event]:
    """Make a pool (``"common"`` or a player's) hold exactly ``tiles``; the tiles come from the unseen
    ones (stack, removed) or the pool itself, and the pool's other tiles go where they came from."""
    return g.apply(DealTiles(owner, arranged(tiles, f"tiles dealt to {shorten(owner)}")))


def set_valley(g: Sapiens, player: str, left: str, right: str) -> list[Event]:
    """Give ``player`` two faces (before anything lies on that valley)."""
    return g.apply(SetValley(player, left, right))


def set_mountain_tokens(g: Sapiens, player: str, scenes: Sequence[str] | Mapping[tuple[int, int], str]) -> list[Event]:
    """Deal ``player``'s tokens: scenes in special-square order (caves by (y, x), then waterfalls),
    or a mapping ``{(x, y): scene}`` for every special square."""
    if isinstance(scenes, Mapping):
        if player not in g.players:
            raise IllegalActionError(f"no player named {shorten(player)}")
        v = g.valley(player)
        try:
            scenes = tuple(scenes[v.coord[s]] for s in v.specials)
        except KeyError as error:
            raise IllegalActionError(f"no scene given for special square {error.args[0]} of {player}'s valley") from None
    return g.apply(SetMountainTokens(player, arranged(scenes, f"mountain tokens of {shorten(player)}")))


def _setup_problem(g: Sapiens, action: Action) -> str | None:
    if isinstance(action, SetPosition):
        from .notation import position_problem
        return position_problem(g, action.text)
    if g._phase == "over":
        return "the game is over"
    if isinstance(action, SetNextTiles):
        hidden = set(g._stack) | set(g._removed)
        if len(set(action.tiles)) != len(action.tiles):
            return "a tile is listed twice"
        for t in action.tiles:
            if t not in hidden:
                return f"tile {t} is not unseen (it is in {g.where_is(t)})"
        if len(action.tiles) > len(g._stack):
            return f"only {len(g._stack)} tiles are left in the stack"
        return None
    if isinstance(action, DealTiles):
        if action.owner != "common" and action.owner not in g.players:
            return f"no pool named {action.owner!r}: 'common' or a player"
        limit = COMMON_SIZE if action.owner == "common" else POOL_SIZE
        if len(action.tiles) > limit or len(set(action.tiles)) != len(action.tiles):
            return f"a {action.owner} pool holds at most {limit} different tiles"
        if g._held is not None or g._phase in SETUP_BLOCKED_PHASES:
            return "pools are dealt between decisions, not during a tile's resolution"
        for t in action.tiles:
            if t in g._pools[action.owner]:
                continue
            where = g.where_is(t)
            if where != "unseen":
                return f"tile {t} is not unseen (it is in {where})"
        extra = len(action.tiles) - sum(1 for t in action.tiles if t in g._pools[action.owner])
        leaving = len(g._pools[action.owner]) - (len(action.tiles) - extra)
        if extra - leaving > len(g._stack) + len(g._removed):
            return "not enough unseen tiles"
        return None
    if isinstance(action, SetValley):
        if action.player not in g.players:
            return f"no player named {action.player!r}"
        faces = g.components.faces
        for fid, side in ((action.left, "left"), (action.right, "right")):
            if fid not in faces:
                return f"no face {fid!r} (faces: {', '.join(faces)})"
            if faces[fid].side != side:
                return f"face {fid} is a {faces[fid].side} half"
        if g._tribe[action.player] or any(k[0] == action.player for k in g._bears):
            return f"{action.player}'s valley is already in use"
        for other, (lf, rf) in g._valleys.items():
            if other != action.player and {faces[lf].piece, faces[rf].piece} & {faces[action.left].piece, faces[action.right].piece}:
                return f"{other} already has a half-board piece of {action.left} or {action.right} (a piece is dealt once)"
        return None
    if isinstance(action, SetMountainTokens):
        if action.player not in g.players:
            return f"no player named {action.player!r}"
        if g._tribe[action.player]:
            return f"{action.player} has already started: tokens are dealt before the first tile"
        if sorted(action.scenes) != sorted(SCENES):
            return f"give each of the 8 scenes once: {', '.join(SCENES)}"
        return None
    return "unknown setup step"


def _play_setup(g: Sapiens, action: Action) -> list[Event]:
    if isinstance(action, SetPosition):
        from .notation import apply_position
        return apply_position(g, action.text)
    if isinstance(action, SetNextTiles):
        for i, t in enumerate(action.tiles):
            target = len(g._stack) - 1 - i
            if t in g._stack:
                j = g._stack.index(t)
                g._put("_stack", j, g._stack[target])
                g._put("_stack", target, t)
            else:
                j = g._removed.index(t)
                g._put("_removed", j, g._stack[target])
                g._put("_stack", target, t)
        return [Note(str(action))]
    if isinstance(action, DealTiles):
        return g._deal_tiles(action)
    if isinstance(action, SetValley):
        g._put("_valleys", action.player, (action.left, action.right))
        old = {k: v for k, v in g._tokens.items() if k[0] == action.player}
        new = g.valley(action.player)
        scenes = [old[(action.player, s)] for s in sorted(s for _, s in old)]
        for key in old:
            g._delete("_tokens", key)
        for s, scene in zip(new.specials, scenes):
            g._put("_tokens", (action.player, s), scene)
        return [Note(str(action))]
    if isinstance(action, SetMountainTokens):
        v = g.valley(action.player)
        for key in [k for k in g._tokens if k[0] == action.player]:
            g._delete("_tokens", key)
        for s, scene in zip(v.specials, action.scenes):
            g._put("_tokens", (action.player, s), scene)
        g._put("_gone", action.player, tuple(action.scenes[len(v.specials):]))
        g._put("_hand", action.player, ())
        g._put("_used", action.player, ())
        return [Note(str(action))]
    raise AssertionError(action)


def _deal_tiles(g: Sapiens, action: DealTiles) -> list[Event]:
    owner = action.owner
    current = list(g._pools[owner])
    incoming = [t for t in action.tiles if t not in current]
    leaving = [t for t in current if t not in action.tiles]
    stack, removed = list(g._stack), list(g._removed)
    for t in incoming:  # each incoming tile leaves a hole where it was, filled by a leaving tile if any
        back = leaving.pop() if leaving else None
        for pile in (stack, removed):
            if t in pile:
                i = pile.index(t)
                if back is None:
                    del pile[i]
                else:
                    pile[i] = back
                break
    stack[:0] = leaving  # any tiles still leaving go under the stack
    for t in current:
        if t not in action.tiles and t in g._fight:
            g._return_fight_tokens(t, [])
    g._set("_stack", stack)
    g._set("_removed", removed)
    g._put("_pools", owner, tuple(action.tiles))
    return [Note(str(action))]


# -- positions --------------------------------------------------------------------------------------------
def to_position(g: Sapiens) -> str:
    """The state as readable text (any phase); ``widgetpkg.games.sapiens.position(text)`` reads it back."""
    from .notation import format_position, position_of
    return format_position(position_of(g))


def set_position(g: Sapiens, text: str) -> list[Event]:
    """Make the state the position ``text``, as one undoable, saved step."""
    return g.apply(SetPosition(text))


@contextmanager
def edit(g: Sapiens) -> Iterator[Any]:
    """Change the state as plain data; checked and applied as one undoable step when the block ends::

        with g.edit() as s:
            s.food["Red"] = 12
            s.pools["Red"] = [3, 17, 40, 41]
    """
    from ...core.edited import jsonable
    from ...core.schema import check
    from .notation import PositionError, format_position, position_of
    from .position_schema import position_schema
    pos = position_of(g)
    yield pos
    # the shapes first (a player's food gone, a None for a dict), then the rules through the position text
    check(position_schema(tuple(g.players)), jsonable(pos), what="the edited position", error=PositionError)
    g.set_position(format_position(pos))
