"""A fast estimate of each player's final Sapiens score, for agents' look-ahead and search leaves.

The score is the weaker of food and shelter (E4), so the estimate projects both tracks to the end
of the game and takes a *soft* minimum of them: while turns remain, a balanced pair of tracks is
worth more than a lopsided pair with the same total, and the stronger track still counts a little
(what lies ahead is uncertain). Each track is projected from public information only:

- food: the track, steaks held (worth part of their conversion value: a Hunt bonus must still
  convert them), the food a regular turn brings on average over the player's turns left;
- shelter: the track, plus each cave the tribe can still reach (its higher value while its
  mountain token lies there, else the lower one), discounted by the turns needed to walk there
  (a breadth-first search over the free squares from the tribe's open edge) against the turns left,
  and by the chance of ever laying the entering tile: an entrance already at the tribe's edge asks
  for one scene, and a token for another on the cave, a pair that no tile in sight may show;
- mountain tokens in hand: their bonus, on the track the bonus feeds;
- mobility: the pool tiles (and, before this turn's refill, the common pool's) that can be laid
  next to the tribe (a half on an open square showing the scene it asks for, the other half on a
  free neighbour that takes it), and the open squares themselves;
- a dead end (no such tile): the tribe is abandoned for a new one in the best free cave (its lower
  value), or, with no cave left for a new tribe, the player is out and gains nothing more.

The rates are rough averages of a game, not a solved model: they only need to rank positions
sensibly and to cost a few tens of microseconds (``python benchmarks/sapiens_engine.py`` reports the
time per call). Nothing hidden is read: not the stack's order, not the tiles removed unseen.

>>> import widgetpkg as wp
>>> g = wp.new_game("sapiens", players=["Ann", "Bob"], seed=1)
>>> sorted(estimate(g)) == ["Ann", "Bob"]
True
>>> soft_min(20, 20, 3.0) > soft_min(25, 15, 3.0)
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from ...core.info import Level
from .components import CAVE, SCENES
from .placement import CONFLICT, fits_square

if TYPE_CHECKING:
    from .components import Valley
    from .game import Sapiens

#: the computer player's difficulty levels, read through the game's facts (``GameInfo.levels``).
#: Easy judges each action where it leaves the turn (no look at the tile's bonus or the refill that
#: follow) and slips by up to ``tolerance`` points a decision. Normal searches 50 iterations a move
#: with this estimate at the leaves (a fixed budget: the same moves under any load, about 0.1 s):
#: the greedy normal (depth 3) beat easy in only 78.5 % and no rate or cave weight of the estimate
#: made it measurably stronger, while 50 iterations beat easy in 39 of 40 (tuning seeds 3000-3039).
#: So easy can slip less (2 points, temperature 0.7: 93.8 % against random on seeds 1000-1199, where
#: 3 points and temperature 1 won about 85 %). Hard searches for a second (several hundred iterations).
LEVELS = (
    Level("easy", "greedy", (("max_depth", 1), ("tolerance", 2.0), ("temperature", 0.7)),
          "Easy: a fair player who slips now and then"),
    Level("normal", "mcts", (("simulations", 50),),
          "Normal: looks a few moves ahead"),
    Level("hard", "mcts", (("seconds", 1.0),), "Hard: searches the replies for about a second a move"),
)


TURNS = 11                # turns per player in a game without Feast (spec 2.1)
# The two rates are what turns brought on average in levelled games (benchmarks/sapiens_calibration.py):
# at 2.6 food and 0.5 shelter the projection overrated food by about 0.45 a turn left and underrated
# shelter by about 0.35, so the levels chased food and ended with shelter as the weaker track.
FOOD_PER_TURN = 2.0       # food a regular turn brings on average (connected halves, Picking, Hunt)
SHELTER_PER_TURN = 1.0    # shelter a turn brings besides the caves counted (Camp, bears, caves not yet in reach)
STEAK_SHARE = 0.6         # share of the conversion value of the steaks held
CAVE_CHANCE = 0.85        # chance of entering a reachable cave with no token, or with the tile in sight
TOKEN_CAVE_CHANCE = 0.6   # the same for a cave whose token asks for one scene on it
WAIT_CHANCE = 0.6         # the entrance asks for a scene that no tile in sight brings
WAIT_TOKEN_CHANCE = 0.25  # ... and the token for another: that exact pair must still come
FIT = 0.8                 # per tile it may lay next that fits the tribe's open squares
STUCK = 4.0               # a dead end forces an abandonment: the old tribe's edge is lost
OPEN = 0.15               # per open square of the tribe (at most 12)
SOFTNESS = (0.4, 0.35)    # soft minimum: base + per turn left (game over: the plain minimum)
#: what an unused mountain token is worth on each track (food, shelter)
TOKEN = {"feast": (0.7, 0.7), "picking": (1.0, 0.0), "ritual": (0.6, 0.6), "water": (0.5, 0.5),
         "camp": (0.0, 3.0), "hunt": (1.2, 0.0), "fight": (0.8, 0.0), "fire": (0.0, 2.0)}


def soft_min(a: float, b: float, k: float) -> float:
    """A smooth minimum of ``a`` and ``b`` (never above the plain one; ``k`` = 0: the plain one)."""
    if k <= 0:
        return min(a, b)
    low, high = (a, b) if a <= b else (b, a)
    return low - k * math.log1p(math.exp((low - high) / k))


def estimate(game: Sapiens) -> dict[str, float]:
    """The estimated final score of every player (the final scores once the game is over)."""
    if game.is_over:
        return {p: float(v) for p, v in game.scores.items()}
    return {p: _player(game, p) for p in game.players}


Terms = dict[str, tuple[float, str]]


def terms(game: Sapiens, player: str) -> Terms:
    """``player``'s estimate in named terms, each (points, words), for hints; they add up to
    ``estimate(game)[player]``."""
    if game.is_over:
        return {"tracks": (float(game.scores[player]), "final score")}
    found: Terms = {}
    _player(game, player, found)
    return found


class Projection(NamedTuple):
    """A player's tracks projected to the end of the game, before the soft minimum."""

    food: float
    shelter: float
    turns_left: int  # the turns the projection counts (0 once the player is out or stuck for good)
    mobility: float  # the bonus for the tribe's room to grow (negative at a dead end)
    words: str       # the mobility in words
    caves: float = 0.0  # the part of ``shelter`` that the caves still in reach make (expected)


def projection(game: Sapiens, player: str) -> Projection:
    """``player``'s tracks projected to the end of the game (as they stand for a player who is out).
    ``benchmarks/sapiens_calibration.py`` compares them with the tracks that games end with."""
    g, p = game, player
    food, shelter = float(g._food[p]), float(g._shelter[p])
    if g._out[p]:
        return Projection(food, shelter, 0, 0.0, "out of the game")
    left = max(0, TURNS - g._turns_played[p])
    steaks = g._steaks[p]
    if steaks:
        food += STEAK_SHARE * g.components.steak_food(steaks)
    for scene in g._hand[p]:
        f, s = TOKEN[scene]
        food += f
        shelter += s
    bonus = expected = 0.0
    mobility = "no tribe on the move"
    if g._tribe[p] and left:
        caves, fit, opened = _prospects(g, p, left)
        if fit:
            shelter += caves
            expected = caves
            bonus += FIT * fit + OPEN * min(12, opened)
            mobility = f"for {fit} tiles in sight that fit the tribe's {opened} open squares"
        elif restart := _restart(g, p):
            shelter += restart  # a dead end: the tribe is abandoned for a new one in a free cave
            bonus -= STUCK
            mobility = "a dead end: the tribe must start again in a free cave"
        else:
            left = 0  # a dead end and no cave left for a new tribe: this player's game ends
            mobility = "a dead end with no cave left: no more turns"
    food += FOOD_PER_TURN * left
    shelter += SHELTER_PER_TURN * left
    return Projection(food, shelter, left, bonus, mobility, expected)


def _player(g: Sapiens, p: str, terms: Terms | None = None) -> float:
    food, shelter, left, bonus, mobility, _ = projection(g, p)
    if g._out[p]:
        if terms is not None:
            terms["tracks"] = (min(food, shelter), "out of the game: the weaker track as it stands")
        return min(food, shelter)
    tracks = soft_min(food, shelter, SOFTNESS[0] + SOFTNESS[1] * left)
    if terms is not None:
        weaker = "food" if food <= shelter else "shelter"
        terms["tracks"] = (tracks, f"for the weaker track, {weaker}: food {food:.0f} and shelter {shelter:.0f} "
                                   "expected at the end")
        terms["mobility"] = (bonus, mobility)
    return tracks + bonus


def _prospects(g: Sapiens, p: str, left: int) -> tuple[float, int, int]:
    """(expected shelter of the caves still reachable, pool tiles fitting, open squares)."""
    board, need, tokens, bears = g._view(p)
    pairs, opened, approaches = _reach(g.valley(p), board, need, tokens, bears, left, g._picking_plain)
    tiles = g.components.tiles
    pool = g._pools[p]
    common = g._pools["common"]
    if g.current_player == p and g._phase != "start_cave":
        pool += common  # the refill of this turn is still to come
    fit = sum(1 for t in pool if tiles[t].scenes in pairs)
    if not approaches:
        return 0.0, fit, opened
    in_sight = [tiles[t].scenes for t in (*g._pools[p], *common)]  # the tiles it may lay soon
    picking_on_plain = g._picking_plain
    found = []
    for d, worth, token, asked, ground in approaches:
        chance = _entry_chance(token, asked, ground, in_sight, picking_on_plain=picking_on_plain)
        if chance:
            found.append((d, worth * chance))
    found.sort()
    expected = 0.0
    used = 0.0
    for d, value in found:
        used += 1 + d / 2  # the tile entering the cave, after the tiles walking there
        if used > left:
            break
        expected += value * (1 - used / (left + 1))
    return expected, fit, opened


#: _reach's answers by valley and position: a look-ahead evaluates many positions that share a
#: valley's geometry (the other players' valleys, and one placement's several follow-ups)
_REACH: dict[tuple, tuple[frozenset[tuple[str, str]], int, tuple[tuple[int, int, str | None, str | None, str], ...]]] = {}
_REACH_SIZE = 2000  # a few decisions' worth; then it starts again (memory stays flat)


def _reach(v: Valley, board: dict[int, tuple[int, str, int]], need: dict[int, str], tokens: dict[int, str],
           bears: frozenset[int], left: int, picking_on_plain: bool = False,
           ) -> tuple[frozenset[tuple[str, str]], int, tuple[tuple[int, int, str | None, str | None, str], ...]]:
    """The geometry of a tribe's prospects: the pairs of scenes a tile may show to be laid next to
    it (half on an open square, half on a free neighbour: P1-P3b), how many open squares there are,
    and the caves it can still walk to, each as (squares to cover before it, shelter
    it is worth, the token on it, the scene its entrance asks for if already open, its ground)."""
    # a Valley hashes by identity (and each game's valleys live as long as its components)
    key = (v, frozenset(board), frozenset(need.items()), frozenset(tokens.items()), bears, left, picking_on_plain)
    found = _REACH.get(key)
    if found is not None:
        return found
    kind, neighbours, step = v.kind, v.neighbours, v.step
    pairs: set[tuple[str, str]] = set()
    frontier = []
    for s, scene in need.items():
        if scene == CONFLICT or s in bears:
            continue
        frontier.append(s)
        if not fits_square(kind[s], scene, picking_on_plain, tokens.get(s)):
            continue
        for n in step[s]:
            if n < 0 or n in board or n in bears:
                continue
            other = need.get(n)
            if other == CONFLICT:
                continue
            token = tokens.get(n)
            for o in ((other,) if other is not None else SCENES):
                if o != scene and fits_square(kind[n], o, picking_on_plain, token):
                    pairs.add((scene, o))
                    pairs.add((o, scene))
    # breadth-first from the open squares over free valley squares: squares to cover before a cave
    targets = set()
    for cave in v.caves:
        if cave not in board and cave not in bears and need.get(cave) != CONFLICT:
            targets.add(v.entrance[cave])
    dist = dict.fromkeys(frontier, 0)
    blocked = board.keys() | bears | {s for s, scene in need.items() if scene == CONFLICT}
    waiting = len(targets - dist.keys())
    layer = frontier
    depth = 0
    while layer and waiting and depth < 2 * left:
        depth += 1
        nxt = []
        for s in layer:
            for n in neighbours[s]:
                if n not in dist and n not in blocked and kind[n] != CAVE:
                    dist[n] = depth
                    nxt.append(n)
                    if n in targets:
                        waiting -= 1
        layer = nxt
    approaches = []
    for cave in v.caves:
        entrance = v.entrance[cave]
        d = dist.get(entrance)
        if d is None or cave in board or cave in bears or need.get(cave) == CONFLICT:
            continue
        high, low = v.shelter[cave]  # type: ignore[misc]
        token = tokens.get(cave)
        approaches.append((d, high if token else low, token, need.get(entrance) if d == 0 else None, kind[entrance]))
    found = (frozenset(pairs), len(frontier), tuple(approaches))
    if len(_REACH) >= _REACH_SIZE:
        _REACH.clear()
    _REACH[key] = found
    return found


def _restart(g: Sapiens, p: str) -> int:
    """The shelter of the best cave a new tribe could start in (its lower value), 0 if none is left."""
    shelter = g.valley(p).shelter
    return max((shelter[cave][1] for cave in g._restart_caves(p)), default=0)  # type: ignore[index]


def _entry_chance(token: str | None, asked: str | None, ground: str, in_sight: list[tuple[str, str]], *,
                  picking_on_plain: bool = False) -> float:
    """The chance of entering a cave whose entrance is free and reachable. The entering tile lays a
    half on the entrance (the scene it ``asked`` for, if it already touches the tribe) and the other
    on the cave (the ``token``'s scene, if one lies there): a pair of scenes that may be rare."""
    if asked is None:
        return CAVE_CHANCE if token is None else TOKEN_CAVE_CHANCE  # the approach can still choose
    if not fits_square(ground, asked, picking_on_plain, None):
        return 0.0  # the entrance asks for what its ground cannot hold (Picking on a Plain)
    for a, b in in_sight:
        if (a == asked and (token is None or b == token)) or (b == asked and (token is None or a == token)):
            return CAVE_CHANCE
    return WAIT_CHANCE if token is None else WAIT_TOKEN_CHANCE
