"""Looking inside one Sapiens valley: tribes, scene areas, caves within reach, pool tiles that fit.

``g.areas(player)`` reads ``player``'s valley for people (notebooks, the inspector, docs), in
the spirit of Hunters & Gatherers' areas:

- every laid half: its square, scene, tribe, whether it touches another tile now, and the food
  and shelter it earned (the engine's own scoring events, matched by the square they name);
- *scene areas*: halves of one tribe showing the same scene and touching each other;
- the caves: their two shelter values, the token on them, and how far the active tribe is from
  each entrance (free squares to cover first; 0: the next tile can enter);
- *openings*: every tile of every pool laid as this player's next main tile next to the active
  tribe: the squares it would cover and the food, shelter and bonuses it would bring at once.

``g.feature_graph(player)`` is the same as a networkx graph (the ``graph`` extra).

>>> import widgetpkg as wp
>>> g = wp.new_game("sapiens", players=["Ada", "Bo"], seed=3)
>>> _ = g.apply(g.legal_actions()[0])
>>> valley = g.areas("Ada")
>>> len(valley.halves), valley.tribes[0].shelter == g.shelter["Ada"]
(2, True)
>>> all(opening.action.tile == opening.tile for opening in valley.openings)
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core import InvalidOptionError
from .actions import PlaceTile
from .components import CAVE, FOREST, PLAIN, STEPS, Valley
from .events import FoodScored, ShelterScored
from .placement import CONFLICT, regular_placements

if TYPE_CHECKING:
    from .game import Sapiens

Square = tuple[int, int]
TERRAIN_WORDS = {FOREST: "forest", PLAIN: "plain", CAVE: "cave"}
#: the scoring categories that belong to one square of the valley
_SQUARE_FOOD = ("squares", "picking")
_SQUARE_SHELTER = ("caves", "camp")


@dataclass(frozen=True)
class Half:
    """One half of a laid tile."""

    square: Square
    tile: int
    scene: str
    terrain: str            # "forest", "plain" or "cave"
    tribe: int
    face_up: bool           # in the active tribe (abandoned tribes lie face down)
    printed_food: int       # the food value printed on the square (0 on a cave)
    connected: bool         # touches a half of another tile now
    food: int               # food it earned: the square's value, a picking bonus
    shelter: int            # shelter it earned: a cave, a camp bonus

    def __str__(self) -> str:
        earned = _earned(self.food, self.shelter)
        touch = "touches another tile" if self.connected else "touches no other tile"
        return f"{self.scene} on {self.terrain} {self.square} (tile {self.tile}, tribe {self.tribe}): {touch}; {earned}"


@dataclass(frozen=True)
class SceneArea:
    """Halves of one tribe that show the same scene and touch each other."""

    scene: str
    tribe: int
    face_up: bool
    squares: tuple[Square, ...]
    food: int
    shelter: int

    @property
    def key(self) -> tuple[str, int, int]:
        """A stable name: ("area", x, y) of its first square, north to south, west to east."""
        x, y = self.squares[0]
        return ("area", x, y)

    def __str__(self) -> str:
        size = f"{len(self.squares)} " + ("half" if len(self.squares) == 1 else "halves")
        state = "" if self.face_up else ", abandoned"
        return f"{self.scene} area of tribe {self.tribe} ({size}{state}): {_earned(self.food, self.shelter)}"


@dataclass(frozen=True)
class Cave:
    """A cave of the valley and what entering it is worth now."""

    square: Square
    entrance: Square
    values: tuple[int, int]     # shelter with its mountain token, without
    token: str | None           # the scene of the token on it (a half entering it must show it)
    state: str                  # "entered" (a tile lies on it), "open", or "closed" (entrance covered or a bear)
    #: free squares to cover before a tile can enter from the active tribe: 0 = the next tile can;
    #: None = out of reach (closed, cut off, or no active tribe). Scenes are not looked at.
    squares_between: int | None

    @property
    def value(self) -> int:
        """Shelter for entering it now: the higher value while its token lies there."""
        return self.values[0] if self.token is not None else self.values[1]

    def __str__(self) -> str:
        where = f"cave {self.square} ({self.values[0]}/{self.values[1]} shelter"
        where += f", mountain token: {self.token})" if self.token else ", no mountain token)"
        if self.state != "open":
            return f"{where}: {'a tile lies on it' if self.state == 'entered' else 'closed: its entrance is covered'}"
        if self.squares_between is None:
            return f"{where}: out of reach of the tribe; worth {self.value} shelter"
        if self.squares_between == 0:
            return f"{where}: the next tile can enter it, for {self.value} shelter"
        squares = f"{self.squares_between} free square" + "s" * (self.squares_between != 1)
        return f"{where}: {squares} to cover first; worth {self.value} shelter"


@dataclass(frozen=True)
class Opening:
    """A pool tile laid as the next main tile next to the active tribe, and what it brings at once
    (before the choices of its bonuses and any fight tokens on it)."""

    tile: int
    pool: str                   # "common" or the player whose pool holds it
    squares: tuple[Square, Square]
    scenes: tuple[str, str]
    connected: tuple[str, ...]  # the scenes of the halves that would touch the tribe
    food: int                   # printed food under connected halves, +1 per connected picking half
    shelter: int                # a cave entered, +3 per connected camp half
    bonuses: tuple[str, ...]    # scene bonuses that would ask for a choice
    cave: Square | None         # the cave it would enter
    action: PlaceTile           # the placement, as the player would play it with the tile in hand

    def __str__(self) -> str:
        where = " and ".join(f"{scene} on {sq}" for scene, sq in zip(self.scenes, self.squares))
        pool = "the common pool" if self.pool == "common" else f"{self.pool}'s pool"
        extra = f"; then {', '.join(self.bonuses)}" if self.bonuses else ""
        return f"tile {self.tile} from {pool}: {where}: would {_earned(self.food, self.shelter, 'earn')}{extra}"


@dataclass(frozen=True)
class Tribe:
    """A tribe: the active one or an abandoned one (face down)."""

    number: int
    active: bool
    halves: tuple[Half, ...]
    areas: tuple[SceneArea, ...]

    @property
    def squares(self) -> tuple[Square, ...]:
        return tuple(h.square for h in self.halves)

    @property
    def food(self) -> int:
        return sum(h.food for h in self.halves)

    @property
    def shelter(self) -> int:
        return sum(h.shelter for h in self.halves)

    def __str__(self) -> str:
        state = "active" if self.active else "abandoned"
        tiles = len({h.tile for h in self.halves})
        return f"tribe {self.number} ({state}, {tiles} tile{'s' * (tiles != 1)}): {_earned(self.food, self.shelter)}"


@dataclass(frozen=True)
class ValleyAreas:
    """Everything ``g.areas(player)`` reads from one valley."""

    player: str
    tribes: tuple[Tribe, ...]
    caves: tuple[Cave, ...]
    openings: tuple[Opening, ...]
    #: food and shelter earned elsewhere: steaks, fight tokens, bears put on other valleys, tokens,
    #: and points from before the game's history starts
    other_food: int
    other_shelter: int

    @property
    def halves(self) -> tuple[Half, ...]:
        return tuple(h for t in self.tribes for h in t.halves)

    @property
    def areas(self) -> tuple[SceneArea, ...]:
        return tuple(a for t in self.tribes for a in t.areas)

    @property
    def active(self) -> Tribe | None:
        return next((t for t in self.tribes if t.active), None)

    def half_at(self, square: Square) -> Half | None:
        return next((h for h in self.halves if h.square == tuple(square)), None)

    def area_at(self, square: Square) -> SceneArea | None:
        return next((a for a in self.areas if tuple(square) in a.squares), None)

    def cave_at(self, square: Square) -> Cave | None:
        return next((c for c in self.caves if c.square == tuple(square)), None)

    def __str__(self) -> str:
        lines = [f"{self.player}'s valley"]
        lines += [f"  {t}" for t in self.tribes]
        lines += [f"  {c}" for c in self.caves if c.state == "open"]
        best = sorted(self.openings, key=lambda o: -(o.food + o.shelter))[:3]
        lines += [f"  {o}" for o in best]
        return "\n".join(lines)


def _earned(food: int, shelter: int, verb: str = "earns") -> str:
    parts = [f"{food} food"] * bool(food) + [f"{shelter} shelter"] * bool(shelter)
    return f"{verb} " + (" and ".join(parts) if parts else "nothing")


# -- reading the valley ------------------------------------------------------------------------------
def valley_areas(game: Sapiens, player: str) -> ValleyAreas:
    """``player``'s valley as :class:`ValleyAreas` (see the module's docstring)."""
    if player not in game.players:
        raise InvalidOptionError(f"no player {player!r}: players are {', '.join(game.players)}")
    v = game.valley(player)
    board = game._view(player)[0]
    active = game._tribe[player]
    food, shelter, other_food, other_shelter = _earned_by_square(game, player)
    halves = []
    for s, (tile, scene, tribe) in sorted(board.items(), key=lambda item: v.coord[item[0]][::-1]):
        partner = _partner(game, player, tile, s)
        sq = v.coord[s]
        halves.append(Half(sq, tile, scene, TERRAIN_WORDS[v.kind[s]], tribe, tribe == active,
                           v.food[s] if v.kind[s] != CAVE else 0,
                           any(n in board for n in v.neighbours[s] if n != partner),
                           food.get(sq, 0), shelter.get(sq, 0)))
    tribes = []
    for number in sorted({h.tribe for h in halves}):
        mine = tuple(h for h in halves if h.tribe == number)
        tribes.append(Tribe(number, number == active, mine, _scene_areas(v, mine)))
    return ValleyAreas(player, tuple(tribes), _caves(game, player), _openings(game, player),
                       other_food, other_shelter)


def _partner(game: Sapiens, player: str, tile: int, square: int) -> int:
    _, a, b, _ = game._laid[tile]
    return b if square == a else a


def _earned_by_square(game: Sapiens, player: str) -> tuple[dict[Square, int], dict[Square, int], int, int]:
    """The engine's scoring events for ``player``, split into what one square of the valley earned
    (food of a connected half, picking and camp bonuses, caves) and everything else."""
    food: dict[Square, int] = {}
    shelter: dict[Square, int] = {}
    for event in game.events():
        if not isinstance(event, (FoodScored, ShelterScored)) or event.player != player:
            continue
        local = event.what in (_SQUARE_FOOD if isinstance(event, FoodScored) else _SQUARE_SHELTER)
        squares = [(r[2], r[3]) for r in event.refs
                   if isinstance(r, tuple) and r[0] == "square" and r[1] == player]
        if not local or len(squares) != 1:
            continue
        table = food if isinstance(event, FoodScored) else shelter
        table[squares[0]] = table.get(squares[0], 0) + event.points
    return (food, shelter, game.food[player] - sum(food.values()), game.shelter[player] - sum(shelter.values()))


def _scene_areas(v: Valley, halves: Iterable[Half]) -> tuple[SceneArea, ...]:
    by_square = {h.square: h for h in halves}
    seen: set[Square] = set()
    out = []
    for start in by_square:         # already north to south, west to east
        if start in seen:
            continue
        scene = by_square[start].scene
        group, todo = [], [start]
        seen.add(start)
        while todo:
            sq = todo.pop()
            group.append(sq)
            for n in v.neighbours[v.index[sq]]:
                other = by_square.get(v.coord[n])
                if other is not None and other.scene == scene and other.square not in seen:
                    seen.add(other.square)
                    todo.append(other.square)
        group.sort(key=lambda sq: sq[::-1])
        members = [by_square[sq] for sq in group]
        out.append(SceneArea(scene, members[0].tribe, members[0].face_up, tuple(group),
                             sum(h.food for h in members), sum(h.shelter for h in members)))
    return tuple(out)


def _caves(game: Sapiens, player: str) -> tuple[Cave, ...]:
    v = game.valley(player)
    board, need, tokens, bears = game._view(player)
    distance = _distances(game, player) if game._tribe[player] else {}
    out = []
    for cave in v.caves:
        entrance = v.entrance[cave]
        if cave in board:
            state = "entered"
        elif entrance in board or entrance in bears or cave in bears:
            state = "closed"
        else:
            state = "open"
        high, low = v.shelter[cave]  # type: ignore[misc]
        out.append(Cave(v.coord[cave], v.coord[entrance], (high, low), tokens.get(cave), state,
                        distance.get(entrance) if state == "open" else None))
    return tuple(out)


def _distances(game: Sapiens, player: str) -> dict[int, int]:
    """Free valley squares by how many others must be covered before a tile reaches them from the
    active tribe (0: they touch it). Squares next to an abandoned tribe cannot be covered."""
    v = game.valley(player)
    board, need, _, bears = game._view(player)

    def passable(s: int) -> bool:
        return v.kind[s] in (FOREST, PLAIN) and s not in board and s not in bears and need.get(s) != CONFLICT

    found = {s: 0 for s, scene in need.items() if scene != CONFLICT and passable(s)}
    queue = deque(found)
    while queue:
        s = queue.popleft()
        for n in v.neighbours[s]:
            if n not in found and passable(n):
                found[n] = found[s] + 1
                queue.append(n)
    return found


def _openings(game: Sapiens, player: str) -> tuple[Opening, ...]:
    tribe = game._tribe[player]
    if not tribe:
        return ()
    v = game.valley(player)
    board, need, tokens, bears = game._view(player)
    plain_ok = game.picking_on_plain and game.current_player == player
    out = []
    for pool in ("common", *game.players):
        tiles = [game.components.tiles[t] for t in game._pools[pool]]
        found = regular_placements(v, board, bears, tribe, tiles, tokens, picking_on_plain=plain_ok,
                                   ignore_abandoned=game.rules["abandoned_contact"] == "ignored", need=need)
        for tile, a, b, rotation in sorted(found):
            out.append(_opening(game, player, pool, tile, a, b, rotation))
    return tuple(out)


def _opening(game: Sapiens, player: str, pool: str, tile: int, a: int, b: int, rotation: int) -> Opening:
    v = game.valley(player)
    board, _, tokens, _ = game._view(player)
    scenes = game.tile(tile)
    connected, food, shelter, bonuses = [], 0, 0, []
    cave = None
    for s, scene, other in ((a, scenes[0], b), (b, scenes[1], a)):
        if v.kind[s] == CAVE:
            cave = v.coord[s]
            high, low = v.shelter[s]  # type: ignore[misc]
            shelter += high if s in tokens else low
        if not any(n in board for n in v.neighbours[s] if n != other):
            continue
        connected.append(scene)
        food += v.food[s] if v.kind[s] != CAVE else 0
        if scene == "picking":
            food += 1
        elif scene == "camp":
            shelter += 3
        else:
            bonuses.append(scene)
    x, y = v.coord[a]
    dx, dy = STEPS[rotation]
    assert (x + dx, y + dy) == v.coord[b]
    return Opening(tile, pool, (v.coord[a], v.coord[b]), scenes, tuple(connected), food, shelter, tuple(bonuses),
                   cave, PlaceTile(tile, x, y, rotation))


# -- the graph -----------------------------------------------------------------------------------------
def feature_graph(game: Sapiens, player: str) -> Any:
    """``player``'s valley as a networkx Graph.

    Nodes: ``("half", x, y)`` for every laid half (attributes: the :class:`Half` fields and
    ``area``, the key of its scene area) and ``("cave", x, y)`` for every cave no tile lies on
    (the :class:`Cave` fields and ``value``). Edges: ``kind="tile"`` between the two halves of a
    tile, ``kind="contact"`` between touching halves of different tiles, ``kind="entrance"``
    between a cave and the half covering its entrance. Needs networkx
    (``pip install 'widgetpkg[graph]'``).
    """
    try:
        import networkx as nx
    except ImportError:  # an optional extra
        raise ImportError("feature_graph needs networkx: pip install 'widgetpkg[graph]'") from None
    valley = valley_areas(game, player)
    v = game.valley(player)
    graph = nx.Graph(player=player)
    area_of = {sq: area.key for area in valley.areas for sq in area.squares}
    for h in valley.halves:
        graph.add_node(("half", *h.square), kind="half", **_fields(h), area=area_of[h.square])
    for c in valley.caves:
        if c.state != "entered":
            graph.add_node(("cave", *c.square), kind="cave", **_fields(c), value=c.value)
    laid = {h.square: h for h in valley.halves}
    for h in valley.halves:
        for n in v.neighbours[v.index[h.square]]:
            other = laid.get(v.coord[n])
            if other is not None and other.square > h.square:
                kind = "tile" if other.tile == h.tile else "contact"
                graph.add_edge(("half", *h.square), ("half", *other.square), kind=kind)
    for c in valley.caves:
        if c.state != "entered" and c.entrance in laid:
            graph.add_edge(("cave", *c.square), ("half", *c.entrance), kind="entrance")
    return graph


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}


__all__ = ["Cave", "Half", "Opening", "SceneArea", "Tribe", "ValleyAreas", "feature_graph", "valley_areas"]
