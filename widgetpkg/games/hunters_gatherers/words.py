"""Words for Hunters & Gatherers: player names in sentences, and features named as players name them.

Messages are read by people at a table, so they use the words of the game and never the engine's
ids: "the forest north of the start tile", not ``f1 of (1, 0)``. A player may be called "You"
(the seat of the person at the keyboard), and a sentence must read right for that name too:
"You win" and "your gatherer", but "Red wins" and "Red's gatherer".

The grammar that knows nothing of the game (:func:`subject`, :func:`possessive`, :func:`names`,
:func:`agree`, :func:`count`, :func:`sentence`) lives in :mod:`widgetpkg.core.grammar` and is
re-exported here. This module names things on a board, relative to the start tile:
:func:`compass`, :func:`kind_word`, :func:`place_from_start`, :func:`cell_name`,
:func:`feature_name` (:func:`node_name`), :func:`area_name`, :func:`figures_phrase`, :func:`held_by`,
:func:`winners_sentence`, :func:`worth_sentence` and :func:`action_text` (an action for a button or a menu).

>>> names(["Red", "You", "Blue"])
'Red, you and Blue'
>>> sentence(f"{names(['You', 'Red'])} {agree(['You', 'Red'], 'wins', 'win')}")
'You and Red win'
>>> possessive("You"), possessive("Red")
('your', "Red's")
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core import WidgetpkgError
from ...core.grammar import agree, count, names, possessive, sentence, subject
from .areas import Cell, find

if TYPE_CHECKING:
    from .areas import Area
    from .game import HuntersGatherers
    from .inspect import AreaView

#: one word per kind of feature, everywhere: "grassland" (the 2020 rulebook's word), never "meadow"
KIND_WORDS: Mapping[str, str] = {"forest": "forest", "river": "river", "meadow": "grassland", "lake": "lake",
                                 "system": "river system", "river system": "river system"}
#: what a figure on each kind of feature is called
ROLE_WORDS: Mapping[str, str] = {"gatherer": "gatherer", "fisher": "fisher", "hunter": "hunter", "hut": "hut"}
START = "the start tile"


class NoSuchFeature(WidgetpkgError):
    """A feature named by ``(x, y, id)`` that is not on the board."""


_COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
# where each part of a tile's border lies, seen from the tile's centre (x east, y south)
_PART_DIRECTION: Mapping[str, tuple[float, float]] = {
    "N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
    "N-west": (-0.5, -1), "N-east": (0.5, -1), "E-north": (1, -0.5), "E-south": (1, 0.5),
    "S-east": (0.5, 1), "S-west": (-0.5, 1), "W-south": (-1, 0.5), "W-north": (-1, -0.5),
}


# ------------------------------------------------------------------------------------------------
# Places on the board
# ------------------------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def compass(dx: float, dy: float) -> str:
    """The compass direction of a step of ``(dx, dy)`` on the board (x east, y south), one of eight.

    >>> compass(0, -1), compass(2, 1), compass(-1, 0), compass(1, -1)
    ('north', 'south-east', 'west', 'north-east')
    """
    if dx == 0 and dy == 0:
        raise ValueError("no direction: the step is (0, 0)")
    angle = math.degrees(math.atan2(-dy, dx)) % 360  # counter-clockwise from east, north up
    return _COMPASS[int((angle + 22.5) // 45) % 8]


def kind_word(kind: str) -> str:
    """The game's word for a kind of feature or area ("meadow" -> "grassland").

    >>> kind_word("meadow"), kind_word("system")
    ('grassland', 'river system')
    """
    return KIND_WORDS.get(kind, kind)


def place_from_start(cells: Iterable[Cell]) -> str:
    """Where a group of tiles lies, seen from the start tile at (0, 0): the nearest tile's
    direction and distance ("north of the start tile" when next to it).

    >>> place_from_start([(3, -2), (1, -1)]), place_from_start([(0, 3)]), place_from_start([(1, 0), (0, 0)])
    ('north-east of the start tile', '3 tiles south of the start tile', 'on the start tile')
    """
    cells = list(cells)
    if not cells:
        raise ValueError("no tiles to place")
    if (0, 0) in cells:
        return f"on {START}"
    x, y = min(cells, key=lambda c: (max(abs(c[0]), abs(c[1])), c[0] * c[0] + c[1] * c[1], c[1], c[0]))
    steps = max(abs(x), abs(y))
    direction = compass(x, y)
    return f"{direction} of {START}" if steps == 1 else f"{count(steps, 'tile')} {direction} of {START}"


def _side_on_tile(game: HuntersGatherers, x: int, y: int, feature: str) -> str:
    """Which part of its tile a feature lies in ("north-west", "middle"), from the border parts it
    touches, turned with the tile."""
    placed = game.board[x, y]
    touches = placed.tile.feature(feature).touches
    sx = sum(_PART_DIRECTION[t][0] for t in touches)
    sy = sum(_PART_DIRECTION[t][1] for t in touches)
    if abs(sx) < 1e-9 and abs(sy) < 1e-9:
        return "middle"
    turns = placed.rotation // 90
    for _ in range(turns):  # clockwise on screen: north becomes east
        sx, sy = -sy, sx
    return compass(sx, sy)


def _area_of(game: HuntersGatherers, node: int, system: bool) -> tuple[str, list[Cell], int]:
    """Kind, tile cells and root of the area (or river system) holding ``node``."""
    if system:
        root = find(game._sys_parent, node)
        area = game._system[root]
        assert area is not None, "only rivers and lakes belong to a river system"
        kind = "system"
    else:
        root = find(game._parent, node)
        area = game._area[root]
        kind = area.kind
    return kind, [game._tile_cell[t] for t in area.tiles], root


def area_node(game: HuntersGatherers, area: Area, *, system: bool = False) -> int:
    """A node (feature) of ``area``, a record read from the game's feature graph: the first one on
    its northernmost, then westernmost tile. Lets scoring name an area it holds only as a record."""
    parents, table = (game._sys_parent, game._system) if system else (game._parent, game._area)
    for cell in sorted((game._tile_cell[t] for t in area.tiles), key=lambda c: (c[1], c[0])):
        tile = game.board[cell].tile
        for node in range(tile.node_base, tile.node_base + len(tile.features)):
            if table[find(parents, node)] is area:
                return node
    raise NoSuchFeature("that area is not on the board")


def node_name(game: HuntersGatherers, node: int, *, system: bool = False, adjective: str = "",
              distinct: bool = False) -> str:
    """:func:`feature_name` for a node of the feature graph."""
    x, y = game._cell_of(node)
    return feature_name(game, x, y, game._node_feature[node].id, system=system, adjective=adjective,
                        distinct=distinct)


def _namesakes(game: HuntersGatherers, root: int, kind: str, cells: list[Cell], system: bool) -> list[int]:
    """Other areas (their roots) of the same kind away from the start tile with the same name.

    Such an area has its nearest tile at the same distance in the same direction, so only the
    tiles of that stretch of the ring around the start tile need a look (not the whole board)."""
    parents, table = (game._sys_parent, game._system) if system else (game._parent, game._area)
    place = place_from_start(cells)
    d = min(max(abs(x), abs(y)) for x, y in cells)
    direction = place.split(" of ")[0].split()[-1]
    seen = {root}
    found: list[int] = []
    for x, y in _ring_stretch(d, direction):
        if (x, y) not in game._board:
            continue
        tile = game._board[x, y].tile
        for node in range(tile.node_base, tile.node_base + len(tile.features)):
            other = find(parents, node)
            if other in seen:
                continue
            seen.add(other)
            area = table[other]
            if area is not None and (system or area.kind == kind) and \
                    place_from_start(game._tile_cell[t] for t in area.tiles) == place:
                found.append(other)
    return found


@lru_cache(maxsize=1024)
def _ring_stretch(d: int, direction: str) -> tuple[Cell, ...]:
    """The cells at distance ``d`` from the start tile (a square ring) that lie towards ``direction``."""
    ring = [(x, y) for x in range(-d, d + 1) for y in ((-d, d) if abs(x) < d else range(-d, d + 1))]
    return tuple(c for c in ring if compass(*c) == direction)


def feature_name(game: HuntersGatherers, x: int, y: int, feature: str, *, system: bool = False,
                 adjective: str = "", distinct: bool = False) -> str:
    """A feature on the board named as a player would: by its kind and where its area lies from the
    start tile ("the forest north of the start tile", "the grassland in the south-west of the start
    tile" when the start tile holds two grasslands). ``system=True`` names the river system of a
    river or lake instead; an ``adjective`` goes before the kind ("the completed forest ...").
    The name says where, not which: two areas may share one. ``distinct=True`` then adds the
    tile of this feature ("... west of the start tile, at (-1, 1)"), and the part of that tile
    when the namesake lies on it too ("..., in the east of the tile at (0, -1)").

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    >>> feature_name(g, 0, 0, "f1"), feature_name(g, 0, 0, "m0"), feature_name(g, 0, 0, "r3", system=True)
    ('the forest on the start tile', 'the grassland in the north-west of the start tile', 'the river system on the start tile')
    """
    try:
        node = game.node(x, y, feature)
    except KeyError:
        raise NoSuchFeature(f"there is no feature {feature!r} on a tile at ({x}, {y})") from None
    kind, cells, root = _area_of(game, node, system)
    word = f"{adjective} {kind_word(kind)}" if adjective else kind_word(kind)
    if (0, 0) not in cells:
        name = f"the {word} {place_from_start(cells)}"
        namesakes = _namesakes(game, root, kind, cells, system) if distinct else []
        if namesakes:
            tile = game.board[x, y].tile
            parents = game._sys_parent if system else game._parent
            same_tile = any(find(parents, n) in namesakes
                            for n in range(tile.node_base, tile.node_base + len(tile.features)))
            # two areas on one tile: say which part of the tile
            name += f", in the {_side_on_tile(game, x, y, feature)} of the tile at ({x}, {y})" if same_tile \
                else f", at ({x}, {y})"
        return name
    # the start tile may hold two areas of one kind (two grasslands): tell them apart by side
    start = game.board[0, 0].tile
    parents = game._sys_parent if system else game._parent
    start_nodes = [start.node_base + i for i, f in enumerate(start.features)
                   if (f.type == kind or (system and f.type in ("river", "lake")))]
    own = [n for n in start_nodes if find(parents, n) == root]
    if len({find(parents, n) for n in start_nodes}) == 1:
        return f"the {word} on {START}"
    side = _side_on_tile(game, 0, 0, game._node_feature[own[0]].id)
    return f"the {word} in the {side} of {START}"


def area_name(kind: str, cells: Iterable[Cell]) -> str:
    """An area named from its kind and tiles alone (no game needed): "the river 2 tiles west of
    the start tile".

    >>> area_name("meadow", [(0, -1), (1, -1)])
    'the grassland north of the start tile'
    """
    return f"the {kind_word(kind)} {place_from_start(cells)}"


def figures_phrase(counts: Mapping[str, int], role: str) -> str:
    """Who holds an area, and who wins it: "Red's gatherer", "your 2 huts", "Red's 2 hunters
    beat Blue's 1", "Red and Blue tie with 1 fisher each".

    >>> print(figures_phrase({"You": 2, "Blue": 1}, "hunter"))
    your 2 hunters beat Blue's 1
    >>> figures_phrase({"Red": 1, "Blue": 1}, "fisher")
    'Red and Blue tie with 1 fisher each'
    >>> figures_phrase({"Red": 1}, "gatherer"), figures_phrase({}, "hut")
    ("Red's gatherer", 'no hut')
    """
    word = ROLE_WORDS.get(role, role)
    held = [(p, n) for p, n in counts.items() if n > 0]
    if not held:
        return f"no {word}"

    def own(player: str, n: int, noun: bool = True) -> str:
        if not noun:
            return f"{possessive(player)} {n}"
        return f"{possessive(player)} {word}" if n == 1 else f"{possessive(player)} {count(n, word)}"

    if len(held) == 1:
        return own(*held[0])
    best = max(n for _, n in held)
    leaders = [p for p, n in held if n == best]
    others = [(p, n) for p, n in held if n < best]
    if len(leaders) > 1:
        tie = f"{names(leaders)} tie with {count(best, word)} each"
        return tie + (f", more than {names(p for p, _ in others)}" if others else "")
    # a single leader with rivals holds at least 2 figures: a plural subject
    rest = names(own(p, n, noun=False) for p, n in others)
    return f"{own(leaders[0], best)} beat {rest}"


def held_by(counts: Mapping[str, int], role: str) -> str:
    """:func:`figures_phrase` as a clause to follow an area's name: "held by Red's gatherer",
    "where your 2 hunters beat Blue's 1".

    >>> held_by({"Red": 1}, "gatherer"), held_by({"Red": 1, "Blue": 1}, "fisher")
    ("held by Red's gatherer", 'where Red and Blue tie with 1 fisher each')
    """
    phrase = figures_phrase(counts, role)
    held = [n for n in counts.values() if n > 0]
    return f"where {phrase}" if len(held) > 1 else f"held by {phrase}"


def winners_sentence(winners: Sequence[str], points: int) -> str:
    """The end of a game in one sentence, each winner named once.

    >>> winners_sentence(["Red"], 12), winners_sentence(["You"], 12)
    ('Red wins with 12 points', 'You win with 12 points')
    >>> winners_sentence(["Red", "You"], 9)
    'Red and you share the win with 9 points each'
    """
    if not winners:
        return "Nobody wins"
    if len(winners) == 1:
        return sentence(f"{subject(winners[0])} {agree(winners[0], 'wins', 'win')} with {count(points, 'point')}")
    return sentence(f"{names(winners)} share the win with {count(points, 'point')} each")


def worth_sentence(view: AreaView) -> str:
    """What an area (from ``game.areas()``) is worth now, and why, in words; a lake, which scores
    nothing by itself, says where its fish count instead.

    >>> import widgetpkg as wp
    >>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    >>> worth_sentence(g.area_at(0, 0, "l8"))
    'A lake scores nothing by itself: its 1 fish counts for a river that ends in it and for the huts on its river system'
    >>> worth_sentence(g.area_at(0, 0, "f1"))
    'Worth 2 if completed now: 1 tile x2; nobody holds it'
    >>> worth_sentence(g.area_at(0, 0, "m2"))
    'Worth nothing at the end: no animals to hunt; nobody holds it'
    """
    if view.kind == "lake":
        fish = count(view.fish, "fish", "fish")
        verb = "counts" if view.fish == 1 else "count"
        return (f"A lake scores nothing by itself: its {fish} {verb} for a river that ends in it "
                f"and for the huts on its river system")
    when = {"forest": " if completed now", "river": " if completed now"}.get(view.kind, " at the end")
    if view.kind in ("forest", "river") and view.complete:
        when = ""
    holders = view.occupants
    role = {"forest": "gatherer", "river": "fisher", "meadow": "hunter", "system": "hut"}[view.kind]
    who = held_by(holders, role) if holders else "nobody holds it"
    if view.points == 0:
        if view.kind == "meadow":
            why = "no animals to hunt" if not any(view.animals.values()) else "the tigers ate every deer"
        else:
            why = "no fish in it"
        return sentence(f"worth nothing{when}: {why}; {who}")
    return sentence(f"worth {view.points}{when}: {view.equation}; {who}")


def cell_name(x: int, y: int) -> str:
    """A cell in words and coordinates: "the start tile (0, 0)", "2 tiles east of the start tile (2, 0)".

    >>> cell_name(0, 0), cell_name(0, -1), cell_name(-2, 1)
    ('the start tile (0, 0)', 'north of the start tile (0, -1)', '2 tiles south-west of the start tile (-2, 1)')
    """
    if (x, y) == (0, 0):
        return f"{START} (0, 0)"
    return f"{place_from_start([(x, y)])} ({x}, {y})"


def action_text(game: HuntersGatherers, action: object) -> str:
    """What an action of ``game`` does, in words, for a button, a menu or a log line (an action's own
    ``str`` names features by id, which only the engine reads). Figures must go on placed tiles.

    >>> import widgetpkg as wp
    >>> from widgetpkg.games.hunters_gatherers import PlaceMeeple, PlaceTile
    >>> g = wp.new_game("hunters-gatherers", players=["You", "Blue"], seed=1)
    >>> action_text(g, PlaceTile(-1, 0, 90))
    'place the tile west of the start tile (-1, 0), turned 90°'
    >>> action_text(g, PlaceMeeple(0, 0, "f1"))
    'place a gatherer on the forest on the start tile'
    """
    from .actions import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple
    if isinstance(action, PlaceTile):
        where = "on the start tile (0, 0)" if (action.x, action.y) == (0, 0) else cell_name(action.x, action.y)
        turned = f", turned {action.rotation}°" if action.rotation else ""
        return f"place the tile {where}{turned}"
    if isinstance(action, Pass):
        return "place no figure"
    if isinstance(action, PlaceHut):
        return f"place a hut on {feature_name(game, action.x, action.y, action.feature, system=True, distinct=True)}"
    if isinstance(action, (PlaceMeeple, RetakeMeeple)):
        where = feature_name(game, action.x, action.y, action.feature, distinct=True)
        kind = game.board[action.x, action.y].tile.feature(action.feature).type
        role = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}.get(kind, "meeple")
        if isinstance(action, RetakeMeeple):
            return f"take back the {role} from {where}"
        return f"place a {role} on {where}"
    return str(action)
