"""Scene bonuses, mountain tokens and fight tokens of Sapiens (rules B1-B8, M1-M3, F1-F4).

Functions of the game, bound as methods of :class:`~widgetpkg.games.sapiens.game.Sapiens` (``g`` is
the game): they change the state only through its journaled setters, so every bonus is undone
exactly like the tile that caused it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Event, Note, Term
from ...core.grammar import agree, count, does, possessive, sentence, subject
from .actions import (
    ConvertSteaks,
    PlaceBear,
    PlaceFightToken,
    RemoveBear,
    RetakeMountainToken,
    SwapTile,
    TakeMountainToken,
)
from .components import CAVE
from .events import FoodScored, ShelterScored

if TYPE_CHECKING:
    from .game import Sapiens


def _ritual_choices(g: Sapiens, p: str) -> list[Action]:
    v = g.valley(p)
    on_board = [TakeMountainToken(*v.coord[s]) for s in v.specials if (p, s) in g._tokens]
    if on_board:
        return on_board  # type: ignore[return-value]
    return [RetakeMountainToken(s) for s in dict.fromkeys(g._used[p])]  # type: ignore[misc]


def _water_choices(g: Sapiens, p: str) -> list[Action]:
    others = [t for owner in ("common", *g.players) if owner != p for t in g._pools[owner]]
    return [SwapTile(m, o) for m in g._pools[p] for o in others]


def _fire_choices(g: Sapiens, p: str) -> list[Action]:
    return g._cached(("fire", p), lambda: g._compute_fire_choices(p))


def _compute_fire_choices(g: Sapiens, p: str) -> list[Action]:
    out: list[Action] = []
    if g._bear_supply > 0:
        for other in g.players:
            if other == p:
                continue
            out.extend(PlaceBear(other, *g.valley(other).coord[s]) for s in g._bear_squares(other))
    v = g.valley(p)
    out.extend(RemoveBear(*v.coord[s]) for s in sorted(g._view(p)[3]))
    return out


def _bear_squares(g: Sapiens, owner: str) -> list[int]:
    """Free squares of ``owner``'s valley next to a tile (RB 118; AMB-2: valley squares only)."""
    v = g.valley(owner)
    board, _, _, bears = g._view(owner)
    caves = g.rules["bears_on_caves"]
    kind = v.kind
    # the free neighbours of the tiles (neighbourhood is symmetric; waterfalls have none)
    found = {n for s in board for n in v.neighbours[s]
             if n not in board and n not in bears and (caves or kind[n] != CAVE)}
    return sorted(found)


def _bear_tiles(g: Sapiens, owner: str, square: int) -> list[int]:
    v = g.valley(owner)
    return sorted({g._board[(owner, n)][0] for n in v.neighbours[square] if (owner, n) in g._board})


def _fight_order_owners(g: Sapiens) -> list[str]:
    if g._held is None:
        return []
    p = g.current_player
    return list(dict.fromkeys(o for o in g._fight.get(g._held[1], ()) if o != p))


def _start_bonus(g: Sapiens, p: str, scene: str, events: list[Event]) -> bool:
    """Begin a bonus; True if it waits for a choice (its phase is set)."""
    if scene == "hunt":
        if g._steak_supply > 0:
            g._set("_steak_supply", g._steak_supply - 1)
            g._put("_steaks", p, g._steaks[p] + 1)
            events.append(Note(f"{does(p, 'takes')} a mammoth steak ({g._steaks[p]} held)"))
        else:
            events.append(Note("no mammoth steak is left in the supply"))
        if g._via_token:
            return False  # M2: the Hunt token allows no conversion
        if g._steaks[p] == 0:
            return False
        g._set("_phase", "hunt")
        return True
    choices = {"feast": lambda: g._regular(p, g._pools[p]), "ritual": lambda: g._ritual_choices(p),
               "water": lambda: g._water_choices(p), "fire": lambda: g._fire_choices(p),
               "fight": lambda: g._fight_hand[p] or any(p in o for o in g._fight.values())}[scene]()
    if not choices:
        events.append(Note(f"the {scene} bonus has no possible effect (AMB-34)"))
        return False
    g._set("_phase", scene)
    return True


def _bonus_choice(g: Sapiens, p: str, action: Action, events: list[Event]) -> None:
    if isinstance(action, TakeMountainToken):
        v = g.valley(p)
        s = v.index[(action.x, action.y)]
        token = g._tokens[(p, s)]
        g._delete("_tokens", (p, s))
        g._put("_hand", p, g._hand[p] + (token,))
        events.append(Note(f"{does(p, 'takes')} the {token} mountain token from {v.name(s)} (Ritual)"))
    elif isinstance(action, RetakeMountainToken):
        used = list(g._used[p])
        used.remove(action.scene)
        g._put("_used", p, tuple(used))
        g._put("_hand", p, g._hand[p] + (action.scene,))
        events.append(Note(f"{does(p, 'takes')} back the used {action.scene} token (Ritual)"))
    elif isinstance(action, SwapTile):
        owner = next(o for o in ("common", *g.players) if o != p and action.other in g._pools[o])
        g._put("_pools", p, tuple(action.other if t == action.mine else t for t in g._pools[p]))
        g._put("_pools", owner, tuple(action.mine if t == action.other else t for t in g._pools[owner]))
        events.append(Note(f"{does(p, 'swaps')} tile {action.mine} for tile {action.other} of the {owner} pool (Water)"))
    elif isinstance(action, ConvertSteaks):
        if action.count:
            food = g.components.steak_food(action.count)
            g._put("_steaks", p, g._steaks[p] - action.count)
            g._set("_steak_supply", g._steak_supply + action.count)
            events.append(g._gain_food(FoodScored(p, "steaks", (Term(1, f"conversion of {count(action.count, 'steak')}", food),))))
        else:
            events.append(Note(f"{does(p, 'keeps')} {count(g._steaks[p], 'steak')}"))
    elif isinstance(action, PlaceFightToken):
        g._put("_fight_hand", p, g._fight_hand[p] - 1)
        g._put("_fight", action.tile, g._fight.get(action.tile, ()) + (p,))
        events.append(Note(f"{does(p, 'puts')} a fight token on tile {action.tile}"))
    elif isinstance(action, PlaceBear):
        v = g.valley(action.player)
        s = v.index[(action.x, action.y)]
        tiles = g._bear_tiles(action.player, s)
        g._set("_bear_supply", g._bear_supply - 1)
        g._put("_bears", (action.player, s), p)
        events.append(Note(f"{does(p, 'puts')} a bear on {possessive(action.player)} {v.name(s)}"))
        events.append(g._gain_shelter(ShelterScored(
            p, "bears", (Term(len(tiles), f"tiles touching the bear in {possessive(action.player)} valley", 1),), "",
            tuple(g._ref(action.player, n) for n in v.neighbours[s] if (action.player, n) in g._board) + (g._ref(action.player, s),))))
    elif isinstance(action, RemoveBear):
        v = g.valley(p)
        s = v.index[(action.x, action.y)]
        g._delete("_bears", (p, s))
        g._set("_bear_supply", g._bear_supply + 1)
        events.append(Note(f"{does(p, 'sends')} the bear on {v.name(s)} back to the supply (Fire)"))


def _use_token(g: Sapiens, p: str, scene: str, events: list[Event]) -> None:
    hand = list(g._hand[p])
    hand.remove(scene)
    g._put("_hand", p, tuple(hand))
    g._put("_used", p, g._used[p] + (scene,))
    g._set("_token_used", True)
    events.append(Note(f"{does(p, 'uses')} the {scene} mountain token"))
    origin = g._phase
    if scene == "picking":  # M2: Pickings on Plains for the rest of the turn
        g._set("_picking_plain", True)
        if g.rules["picking_token_food"]:
            events.append(g._gain_food(FoodScored(p, "picking", (Term(1, "picking token", 1),))))
        if origin == "main":
            g._check_stuck(p, events)
        return
    if scene == "camp":
        events.append(g._gain_shelter(ShelterScored(p, "camp", (Term(1, "camp token", 3),))))
        if origin == "main":
            g._check_stuck(p, events)
        return
    g._set("_pending", (scene,))
    g._set("_origin", origin)
    g._set("_via_token", True)
    g._continue(p, events)


def _recall(g: Sapiens, p: str, tile: int, events: list[Event]) -> None:
    owners = list(g._fight[tile])
    owners.remove(p)
    if owners:
        g._put("_fight", tile, tuple(owners))
    else:
        g._delete("_fight", tile)
    g._put("_fight_hand", p, g._fight_hand[p] + 1)
    events.append(Note(f"{does(p, 'takes')} back a fight token from tile {tile}"))


# -- fight tokens (F3) --------------------------------------------------------------------------------
def _resolve_fights(g: Sapiens, p: str, tile: int, events: list[Event]) -> bool:
    """Resolve the fight tokens on the tile about to be laid; True if the order must be asked."""
    owners = g._fight.get(tile, ())
    if not owners:
        return False
    foreign = [o for o in owners if o != p]
    if len(set(foreign)) >= 2 and g._food[p] < len(foreign) and g._food[p] > 0:
        return True
    for owner in list(owners):
        g._resolve_fight_token(p, owner, events)
    return False


def _resolve_fight_token(g: Sapiens, p: str, owner: str, events: list[Event]) -> None:
    tile = g._held[1] if g._held else -1
    owners = list(g._fight[tile])
    owners.remove(owner)
    if owners:
        g._put("_fight", tile, tuple(owners))
    else:
        g._delete("_fight", tile)
    g._put("_fight_hand", owner, g._fight_hand[owner] + 1)
    if owner == p:
        events.append(Note(sentence(f"{possessive(p)} own fight token on tile {tile} goes back (no effect)")))
    elif g._food[p] >= 1:
        events.append(g._gain_food(FoodScored(p, "fight", (Term(1, f"{possessive(owner)} fight token on tile {tile}", -1),))))
        events.append(g._gain_food(FoodScored(owner, "fight", (Term(1, f"fight token on tile {tile}, played by {p}", 1),))))
    else:
        events.append(Note(sentence(f"{possessive(owner)} fight token on tile {tile} has no effect: {subject(p)} "
                                 f"{agree(p, 'has', 'have')} no food (RB 113)")))


def _after_fight_choice(g: Sapiens, p: str, events: list[Event]) -> None:
    assert g._held is not None
    if g._resolve_fights(p, g._held[1], events):
        return
    g._lay_held(p, events)
