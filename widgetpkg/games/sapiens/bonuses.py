"""Scene bonuses, mountain tokens and fight tokens of Sapiens (rules B1-B8, M1-M3, F1-F4).

A mixin of :class:`~widgetpkg.games.sapiens.game.Sapiens`: the methods read and change the game's
state through its journaled setters, so every bonus is undone exactly like the tile that caused it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Event, Note, Term
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

    _Base = Sapiens
else:
    _Base = object


class Bonuses(_Base):
    """Choices and effects of the eight scenes, the tokens that repeat them, and fight tokens."""

    def _ritual_choices(self, p: str) -> list[Action]:
        v = self.valley(p)
        on_board = [TakeMountainToken(*v.coord[s]) for s in v.specials if (p, s) in self._tokens]
        if on_board:
            return on_board  # type: ignore[return-value]
        return [RetakeMountainToken(s) for s in dict.fromkeys(self._used[p])]  # type: ignore[misc]

    def _water_choices(self, p: str) -> list[Action]:
        others = [t for owner in ("common", *self.players) if owner != p for t in self._pools[owner]]
        return [SwapTile(m, o) for m in self._pools[p] for o in others]

    def _fire_choices(self, p: str) -> list[Action]:
        return self._cached(("fire", p), lambda: self._compute_fire_choices(p))

    def _compute_fire_choices(self, p: str) -> list[Action]:
        out: list[Action] = []
        if self._bear_supply > 0:
            for other in self.players:
                if other == p:
                    continue
                out.extend(PlaceBear(other, *self.valley(other).coord[s]) for s in self._bear_squares(other))
        v = self.valley(p)
        out.extend(RemoveBear(*v.coord[s]) for s in sorted(self._own_bears(p)))
        return out

    def _bear_squares(self, owner: str) -> list[int]:
        """Free squares of ``owner``'s valley next to a tile (RB 118; AMB-2: valley squares only)."""
        v = self.valley(owner)
        out = []
        for s in range(len(v.coord)):
            kind = v.kind[s]
            if kind == "W" or (kind == CAVE and not self.rules["bears_on_caves"]):
                continue
            if (owner, s) in self._board or (owner, s) in self._bears:
                continue
            if any((owner, n) in self._board for n in v.neighbours[s]):
                out.append(s)
        return out

    def _bear_tiles(self, owner: str, square: int) -> list[int]:
        v = self.valley(owner)
        return sorted({self._board[(owner, n)][0] for n in v.neighbours[square] if (owner, n) in self._board})

    def _fight_order_owners(self) -> list[str]:
        if self._held is None:
            return []
        p = self.current_player
        return list(dict.fromkeys(o for o in self._fight.get(self._held[1], ()) if o != p))

    def _start_bonus(self, p: str, scene: str, events: list[Event]) -> bool:
        """Begin a bonus; True if it waits for a choice (its phase is set)."""
        if scene == "hunt":
            if self._steak_supply > 0:
                self._set("_steak_supply", self._steak_supply - 1)
                self._put("_steaks", p, self._steaks[p] + 1)
                events.append(Note(f"{p} takes a mammoth steak ({self._steaks[p]} held)"))
            else:
                events.append(Note("no mammoth steak is left in the supply"))
            if self._via_token:
                return False  # M2: the Hunt token allows no conversion
            if self._steaks[p] == 0:
                return False
            self._set("_phase", "hunt")
            return True
        choices = {"feast": lambda: self._regular(p, self._pools[p]), "ritual": lambda: self._ritual_choices(p),
                   "water": lambda: self._water_choices(p), "fire": lambda: self._fire_choices(p),
                   "fight": lambda: self._fight_hand[p] or any(p in o for o in self._fight.values())}[scene]()
        if not choices:
            events.append(Note(f"the {scene} bonus has no possible effect (AMB-34)"))
            return False
        self._set("_phase", scene)
        return True

    def _bonus_choice(self, p: str, action: Action, events: list[Event]) -> None:
        if isinstance(action, TakeMountainToken):
            v = self.valley(p)
            s = v.index[(action.x, action.y)]
            token = self._tokens[(p, s)]
            self._delete("_tokens", (p, s))
            self._put("_hand", p, self._hand[p] + (token,))
            events.append(Note(f"{p} takes the {token} mountain token from {v.name(s)} (Ritual)"))
        elif isinstance(action, RetakeMountainToken):
            used = list(self._used[p])
            used.remove(action.scene)
            self._put("_used", p, tuple(used))
            self._put("_hand", p, self._hand[p] + (action.scene,))
            events.append(Note(f"{p} takes back the used {action.scene} token (Ritual)"))
        elif isinstance(action, SwapTile):
            owner = next(o for o in ("common", *self.players) if o != p and action.other in self._pools[o])
            self._put("_pools", p, tuple(action.other if t == action.mine else t for t in self._pools[p]))
            self._put("_pools", owner, tuple(action.mine if t == action.other else t for t in self._pools[owner]))
            events.append(Note(f"{p} swaps tile {action.mine} for tile {action.other} of the {owner} pool (Water)"))
        elif isinstance(action, ConvertSteaks):
            if action.count:
                food = self.components.steak_food(action.count)
                self._put("_steaks", p, self._steaks[p] - action.count)
                self._set("_steak_supply", self._steak_supply + action.count)
                events.append(self._gain_food(FoodScored(p, "steaks", (Term(1, f"{action.count} steaks converted", food),))))
            else:
                events.append(Note(f"{p} keeps {self._steaks[p]} steaks"))
        elif isinstance(action, PlaceFightToken):
            self._put("_fight_hand", p, self._fight_hand[p] - 1)
            self._put("_fight", action.tile, self._fight.get(action.tile, ()) + (p,))
            events.append(Note(f"{p} puts a fight token on tile {action.tile}"))
        elif isinstance(action, PlaceBear):
            v = self.valley(action.player)
            s = v.index[(action.x, action.y)]
            tiles = self._bear_tiles(action.player, s)
            self._set("_bear_supply", self._bear_supply - 1)
            self._put("_bears", (action.player, s), p)
            events.append(Note(f"{p} puts a bear on {action.player}'s {v.name(s)}"))
            events.append(self._gain_shelter(ShelterScored(
                p, "bears", (Term(len(tiles), f"tiles touching the bear in {action.player}'s valley", 1),), "",
                tuple(self._ref(action.player, n) for n in v.neighbours[s] if (action.player, n) in self._board) + (self._ref(action.player, s),))))
        elif isinstance(action, RemoveBear):
            v = self.valley(p)
            s = v.index[(action.x, action.y)]
            self._delete("_bears", (p, s))
            self._set("_bear_supply", self._bear_supply + 1)
            events.append(Note(f"{p} sends the bear on {v.name(s)} back to the supply (Fire)"))

    def _use_token(self, p: str, scene: str, events: list[Event]) -> None:
        hand = list(self._hand[p])
        hand.remove(scene)
        self._put("_hand", p, tuple(hand))
        self._put("_used", p, self._used[p] + (scene,))
        self._set("_token_used", True)
        events.append(Note(f"{p} uses the {scene} mountain token"))
        origin = self._phase
        if scene == "picking":  # M2: Pickings on Plains for the rest of the turn
            self._set("_picking_plain", True)
            if self.rules["picking_token_food"]:
                events.append(self._gain_food(FoodScored(p, "picking", (Term(1, "picking token", 1),))))
            if origin == "main":
                self._check_stuck(p, events)
            return
        if scene == "camp":
            events.append(self._gain_shelter(ShelterScored(p, "camp", (Term(1, "camp token", 3),))))
            if origin == "main":
                self._check_stuck(p, events)
            return
        self._set("_pending", (scene,))
        self._set("_origin", origin)
        self._set("_via_token", True)
        self._continue(p, events)

    def _recall(self, p: str, tile: int, events: list[Event]) -> None:
        owners = list(self._fight[tile])
        owners.remove(p)
        if owners:
            self._put("_fight", tile, tuple(owners))
        else:
            self._delete("_fight", tile)
        self._put("_fight_hand", p, self._fight_hand[p] + 1)
        events.append(Note(f"{p} takes back a fight token from tile {tile}"))

    # -- fight tokens (F3) --------------------------------------------------------------------------------
    def _resolve_fights(self, p: str, tile: int, events: list[Event]) -> bool:
        """Resolve the fight tokens on the tile about to be laid; True if the order must be asked."""
        owners = self._fight.get(tile, ())
        if not owners:
            return False
        foreign = [o for o in owners if o != p]
        if len(set(foreign)) >= 2 and self._food[p] < len(foreign) and self._food[p] > 0:
            return True
        for owner in list(owners):
            self._resolve_fight_token(p, owner, events)
        return False

    def _resolve_fight_token(self, p: str, owner: str, events: list[Event]) -> None:
        tile = self._held[1] if self._held else -1
        owners = list(self._fight[tile])
        owners.remove(owner)
        if owners:
            self._put("_fight", tile, tuple(owners))
        else:
            self._delete("_fight", tile)
        self._put("_fight_hand", owner, self._fight_hand[owner] + 1)
        if owner == p:
            events.append(Note(f"{p}'s own fight token on tile {tile} goes back (no effect)"))
        elif self._food[p] >= 1:
            events.append(self._gain_food(FoodScored(p, "fight", (Term(1, f"{owner}'s fight token on tile {tile}", -1),))))
            events.append(self._gain_food(FoodScored(owner, "fight", (Term(1, f"fight token on tile {tile}, played by {p}", 1),))))
        else:
            events.append(Note(f"{owner}'s fight token on tile {tile} has no effect: {p} has no food (RB 113)"))

    def _after_fight_choice(self, p: str, events: list[Event]) -> None:
        assert self._held is not None
        if self._resolve_fights(p, self._held[1], events):
            return
        self._lay_held(p, events)
