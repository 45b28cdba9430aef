"""Sapiens — the rules engine: setup, the turn machine, placements, bonuses, refills, the end.

A turn: (a mountain token) -> a tile from your pool into your valley (``main``) -> its fight
tokens, food, cave and scene bonuses -> (a mountain token, ``after_tile``) -> ``Refill``.
Rule ids (S, P, C, B, M, F, R, A, E) and ambiguity ids (AMB-n) refer to docs/rulings-sapiens.md.

>>> import widgetpkg as wp
>>> g = wp.new_game("sapiens", players=["Marceau", "Vianney"], seed=3)
>>> g.phase, g.current_player, len(g.pools["common"]), len(g.pools["Marceau"])
('start_cave', 'Marceau', 5, 4)
>>> events = g.apply(g.legal_actions()[0])
>>> g.phase, g.shelter["Marceau"] > 0, g.food["Marceau"]
('refill', True, 0)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from ...core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalActionError,
    InvalidOptionError,
    Note,
    Option,
    Term,
    register,
)
from ...core.errors import clip, shorten
from ...core.game import _MISSING, one_of
from ...core.grammar import agree, count, does, names, possessive, sentence, subject
from . import bonuses, heuristic, setup
from .actions import (
    ACTION_TYPES,
    Abandon,
    ConvertSteaks,
    PlaceBear,
    PlaceFightToken,
    PlaceTile,
    RecallFightToken,
    Refill,
    RemoveBear,
    ResolveBonus,
    ResolveFightToken,
    RetakeMountainToken,
    SkipBonus,
    SwapTile,
    TakeMountainToken,
    UseMountainToken,
)
from .components import (
    BEARS,
    BUILTIN,
    CAVE,
    COMMON_SIZE,
    FIGHT_TOKENS,
    POOL_SIZE,
    REMOVED_AT_SETUP,
    SCENES,
    STEAKS,
    STEPS,
    Components,
    Valley,
    load_components,
    parse_components,
    read_components,
)
from .encoding import SapiensEncoding
from .events import FoodScored, GameEnded, PlayerOut, ShelterScored, TileRevealed
from .placement import CONFLICT, cave_starts, free_caves, regular_placements, square_problem

if TYPE_CHECKING:
    from .areas import ValleyAreas

#: bonuses that ask the player something; Picking and Camp simply apply (AMB-18)
CHOICE_BONUSES = ("feast", "ritual", "water", "hunt", "fight", "fire")
BONUS_PHASES = CHOICE_BONUSES
#: the containers a player's view of the valley is made of (see ``Sapiens._view``)
_GEOMETRY = frozenset(("_board", "_need", "_tokens", "_bears", "_valleys"))
RULE_SWITCHES = {
    "bears_on_caves": False,        # AMB-2
    "abandoned_contact": "forbidden",  # AMB-6: or "ignored"
    "token_after_abandon": False,   # AMB-10
    "picking_token_food": False,    # correction 5: the Picking token also gives +1 food
    "start_round_discard": True,    # AMB-25: the 2-player discard applies in the starting round
}

INFO = GameInfo(
    name="sapiens",
    title="Sapiens",
    min_players=2,
    max_players=4,
    options=(
        Option("components", "reconstruction", "Tiles and valley boards", kind=(str, PurePath, dict),
               reads_file=True, builtins=tuple(BUILTIN),
               help='"reconstruction" (default; not the printed data), "examples" (every cave 7/5) '
                    "or a YAML file with the exact components"),
        Option("rules", None, "Ruling switches", kind=dict, help="see docs/rulings-sapiens.md"),
    ),
    chance=True,
    hidden_information=True,
    description="Lead your tribe through the valley with domino tiles: gather food, find caves; "
                "your score is the weaker of food and shelter.",
    levels=heuristic.LEVELS,
)


def _check_rules(rules: Mapping[str, Any] | None) -> dict[str, Any]:
    merged = dict(RULE_SWITCHES)
    for key, value in (rules or {}).items():
        if key not in RULE_SWITCHES:
            raise InvalidOptionError(f"Sapiens has no ruling switch {shorten(key)}; switches: {', '.join(RULE_SWITCHES)}")
        default = RULE_SWITCHES[key]
        if key == "abandoned_contact" and value not in ("forbidden", "ignored"):
            raise InvalidOptionError("abandoned_contact must be 'forbidden' or 'ignored'")
        if isinstance(default, bool) and not isinstance(value, bool):
            raise InvalidOptionError(f"{key} must be true or false, got {shorten(value)}")
        merged[key] = value
    return merged


@register
class Sapiens(Game):
    """Sapiens for 2-4 players (Cyrille Leroy, Catch Up Games / IELLO 2015).

    Options (keyword-only): ``players`` (2-4 names or a count; the first one starts, RB 29 /
    AMB-33), ``components`` ("reconstruction", "examples" or a YAML path), ``rules`` (ruling
    switches, docs/rulings-sapiens.md) and ``seed``.
    """

    name = INFO.name
    info = INFO
    action_types = ACTION_TYPES
    hidden_events = (TileRevealed,)
    _probing = False  # a clone trying out a token: never ends a player's game
    #: a position checked by ``_illegal`` and its engine state, so that applying it parses it once
    _checked_position: tuple[str, dict[str, Any]] | None = None
    _containers = ("_pools", "_stack", "_removed", "_discards", "_laid", "_board", "_valleys", "_tokens", "_hand",
                   "_used", "_gone", "_steaks", "_bears", "_fight", "_fight_hand", "_food", "_shelter", "_out",
                   "_turns_played", "_tribe", "_need")
    #: everything a position replaces
    _state_names = (*_containers, "_scores", "_seat", "_phase", "_turns_ended", "_token_used", "_picking_plain",
                    "_pending", "_origin", "_via_token", "_held", "_end_triggered", "_steak_supply", "_bear_supply",
                    "_entering")

    def __init__(self, *, players: Sequence[str] | int = ("Red", "Blue"), components: str | PurePath = "reconstruction",
                 rules: dict[str, Any] | None = None, seed: int | None = None) -> None:
        players = INFO.player_names(players)
        self.rules = _check_rules(rules)
        options: dict[str, Any] = {}
        if isinstance(components, str) and components in BUILTIN:
            self.components: Components = load_components(components)
            if components != "reconstruction":
                options["components"] = components
        else:  # a file or a mapping: the option holds what was read, checked, so a save never names a file
            INFO.check_options({"components": components})
            label = clip(str(components), 80) if isinstance(components, (str, PurePath)) else "components"
            options["components"] = read_components(components)
            self.components = parse_components(options["components"], source=label, trusted=True)
        if rules:
            options["rules"] = dict(rules)
        super().__init__(players=players, seed=seed, options=options)
        self._empty_state()
        self._journal = []
        self._deal()
        self._journal = None

    @property
    def components_name(self) -> str:
        """The components' name in position text: a built-in set's, or the file's (for a game set
        up from a file or mapping; a position never reads a file)."""
        value = self.options.get("components", "reconstruction")
        return value if isinstance(value, str) else self.components.source

    def _empty_state(self) -> None:
        ps = self.players
        self._pools: dict[str, tuple[int, ...]] = {"common": (), **{p: () for p in ps}}
        self._stack: list[int] = []  # the next tile revealed is the last one
        self._removed: list[int] = []  # S2: out of the game unseen
        self._discards: list[int] = []  # R3: 2-player discards (seen)
        self._laid: dict[int, tuple[str, int, int, int]] = {}  # tile -> (player, square a, square b, tribe)
        self._board: dict[tuple[str, int], tuple[int, str, int]] = {}  # (player, square) -> (tile, scene, tribe)
        self._valleys: dict[str, tuple[str, str]] = {}
        self._tokens: dict[tuple[str, int], str] = {}  # mountain tokens lying on caves and waterfalls
        self._hand: dict[str, tuple[str, ...]] = {p: () for p in ps}  # claimed, not used
        self._used: dict[str, tuple[str, ...]] = {p: () for p in ps}  # spent (Ritual may take them back)
        self._gone: dict[str, tuple[str, ...]] = {p: () for p in ps}  # removed by an abandonment (C3)
        self._steaks: dict[str, int] = {p: 0 for p in ps}
        self._bears: dict[tuple[str, int], str] = {}  # (valley owner, square) -> who put it there
        self._fight: dict[int, tuple[str, ...]] = {}  # pool tile -> owners of the fight tokens on it
        self._fight_hand: dict[str, int] = {p: FIGHT_TOKENS for p in ps}
        self._food: dict[str, int] = {p: 0 for p in ps}
        self._shelter: dict[str, int] = {p: 0 for p in ps}
        self._scores = {p: 0 for p in ps}
        self._out: dict[str, bool] = {p: False for p in ps}
        self._turns_played: dict[str, int] = {p: 0 for p in ps}
        self._tribe: dict[str, int] = {p: 0 for p in ps}  # number of the active tribe; 0 = not started
        #: (player, free square) -> the scene a half there must show, or CONFLICT: the frontier, kept as tiles are laid
        self._need: dict[tuple[str, int], str] = {}
        self._seat = 0
        self._phase = "start_cave"
        self._turns_ended = 0
        self._token_used = False
        self._picking_plain = False
        self._pending: tuple[str, ...] = ()
        self._origin = "after_tile"
        self._via_token = False
        self._held: tuple[str, int, int, int] | None = None  # a placement waiting for the fight-token order
        self._end_triggered = False
        self._steak_supply = STEAKS
        self._bear_supply = BEARS
        self._entering: int | None = None

    def _deal(self) -> None:
        """Setup S1-S6, drawing from the RNG in the documented order (spec 3.4)."""
        rng = self._random()
        ids = sorted(self.components.tiles)
        rng.shuffle(ids)
        removed = REMOVED_AT_SETUP[len(self.players)]
        self._removed = ids[:removed]
        self._stack = list(reversed(ids[removed:]))
        self._pools["common"] = tuple(self._stack.pop() for _ in range(COMMON_SIZE))
        lefts, rights = list(self.components.left_pieces), list(self.components.right_pieces)
        for p in self.players:
            faces = []
            for pieces in (lefts, rights):
                piece = pieces.pop(rng.randrange(len(pieces)))
                sides = self.components.pieces[piece]
                faces.append(sides[rng.randrange(len(sides))])
            self._valleys[p] = (faces[0], faces[1])
        for p in self.players:
            scenes = list(SCENES)
            rng.shuffle(scenes)
            self._lay_tokens(p, scenes)
        for p in self.players:
            self._pools[p] = tuple(self._stack.pop() for _ in range(POOL_SIZE))

    def _lay_tokens(self, player: str, scenes: Sequence[str]) -> None:
        valley = self.valley(player)
        for square in valley.specials:
            self._tokens.pop((player, square), None)
        for square, scene in zip(valley.specials, scenes):
            self._tokens[(player, square)] = scene
        self._gone[player] = tuple(scenes[len(valley.specials):])  # a valley with fewer than 8 specials

    # -- reading the state ------------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        return None if self._phase == "over" else self.players[self._seat]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def turn(self) -> int:
        return self._turns_ended

    def valley(self, player: str) -> Valley:
        """The geometry of ``player``'s valley (squares, food values, caves)."""
        faces = self._valleys[player]
        known = self.components._valleys.get(faces)  # the hot path: already assembled
        return known if known is not None else self.components.valley(*faces)

    @property
    def food(self) -> dict[str, int]:
        return dict(self._food)

    @property
    def shelter(self) -> dict[str, int]:
        return dict(self._shelter)

    def tracks(self) -> dict[str, dict[str, int]]:
        """Both score tracks of every player: ``{player: {"food": f, "shelter": s}}``."""
        return {p: {"food": self._food[p], "shelter": self._shelter[p]} for p in self.players}

    @property
    def pools(self) -> dict[str, tuple[int, ...]]:
        """``{"common": tiles, player: tiles}``; every pool is public."""
        return dict(self._pools)

    @property
    def stack_size(self) -> int:
        return len(self._stack)

    @property
    def steaks(self) -> dict[str, int]:
        return dict(self._steaks)

    @property
    def steak_supply(self) -> int:
        return self._steak_supply

    @property
    def bear_supply(self) -> int:
        return self._bear_supply

    @property
    def tokens_in_hand(self) -> dict[str, tuple[str, ...]]:
        return dict(self._hand)

    @property
    def used_tokens(self) -> dict[str, tuple[str, ...]]:
        return dict(self._used)

    @property
    def removed_tokens(self) -> dict[str, tuple[str, ...]]:
        return dict(self._gone)

    @property
    def fight_tokens(self) -> dict[int, tuple[str, ...]]:
        """Fight tokens lying on pool tiles: tile -> owners."""
        return dict(self._fight)

    @property
    def fight_tokens_in_hand(self) -> dict[str, int]:
        return dict(self._fight_hand)

    @property
    def out(self) -> tuple[str, ...]:
        """Players whose game ended early (RB 82)."""
        return tuple(p for p in self.players if self._out[p])

    @property
    def turns_played(self) -> dict[str, int]:
        return dict(self._turns_played)

    @property
    def discarded(self) -> tuple[int, ...]:
        return tuple(self._discards)

    @property
    def end_triggered(self) -> bool:
        return self._end_triggered

    @property
    def pending_bonuses(self) -> tuple[str, ...]:
        return self._pending

    @property
    def token_used(self) -> bool:
        return self._token_used

    @property
    def picking_on_plain(self) -> bool:
        return self._picking_plain

    def tile(self, tile_id: int) -> tuple[str, str]:
        """The two scenes of a tile."""
        return self.components.tiles[tile_id].scenes

    def valley_contents(self, player: str) -> dict[str, Any]:
        """What lies in ``player``'s valley, by coordinates: tiles (with tribe and face), tokens, bears."""
        v = self.valley(player)
        active = self._tribe[player]
        return {
            "faces": self._valleys[player],
            "tiles": {v.coord[s]: {"tile": t, "scene": sc, "tribe": tr, "face_up": tr == active}
                      for (p, s), (t, sc, tr) in self._board.items() if p == player},
            "tokens": {v.coord[s]: sc for (p, s), sc in self._tokens.items() if p == player},
            "bears": {v.coord[s]: by for (p, s), by in self._bears.items() if p == player},
            "active_tribe": active,
        }

    def where_is(self, tile_id: int) -> str:
        """Where a tile is, as the public sees it: a pool, a valley, discarded, or "unseen"."""
        for owner, tiles in self._pools.items():
            if tile_id in tiles:
                return owner if owner == "common" else f"pool {owner}"
        if tile_id in self._laid:
            return f"valley {self._laid[tile_id][0]}"
        if tile_id in self._discards:
            return "discarded"
        if tile_id in self.components.tiles:
            return "unseen"
        raise IllegalActionError(f"there is no tile {tile_id}")

    def tiles_left_unseen(self) -> dict[tuple[str, str], int]:
        """How many tiles of each scene pair nobody has seen yet (stack + removed: public knowledge)."""
        counts: dict[tuple[str, str], int] = {}
        for t in itertools.chain(self._stack, self._removed):
            first, second = sorted(self.tile(t), key=SCENES.index)
            counts[(first, second)] = counts.get((first, second), 0) + 1
        return counts

    def areas(self, player: str | None = None) -> ValleyAreas:
        """What ``player``'s valley holds (default: the player to move): tribes, scene areas, the
        food and shelter each half earned, caves within reach, pool tiles that would connect."""
        from .areas import valley_areas
        return valley_areas(self, self._who(player))

    def feature_graph(self, player: str | None = None) -> Any:
        """``player``'s valley as a networkx graph of halves and caves (optional extra ``graph``)."""
        from .areas import feature_graph
        return feature_graph(self, self._who(player))

    def _who(self, player: str | None) -> str:
        return player if player is not None else (self.current_player or self.players[0])

    def projected_scores(self) -> dict[str, int]:
        # nothing is added at the end (E4): the score is always the weaker track
        return dict(self._scores)

    def heuristic_scores(self) -> dict[str, float]:
        """The estimated final scores: both tracks projected to the end of the game, their soft
        minimum, plus mobility (see ``heuristic.py``); the final scores once the game is over."""
        return heuristic.estimate(self)

    def encoding(self) -> SapiensEncoding:
        """The fixed action space and observations of this set-up, for learning agents (encoding.py)."""
        return SapiensEncoding(self)

    def heuristic_terms(self, player: str) -> dict[str, tuple[float, str]]:
        """``player``'s estimate in named terms with words, for hints (see ``heuristic.terms``)."""
        return heuristic.terms(self, player)

    def _frontier_size(self, player: str) -> int:
        return sum(1 for (p, _), scene in self._need.items() if p == player and scene != CONFLICT)

    def winners(self) -> list[str]:
        """Highest weaker track wins; tied players share the victory (RB 130)."""
        if not self.is_over:
            return []
        best = max(self._scores.values())
        return [p for p in self.players if self._scores[p] == best]

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """The scoring (weaker) track of each player by source; sums to ``scores``.

        Food is the weaker track on a tie. ``tracks_breakdown()`` gives both tracks.
        """
        both = self.tracks_breakdown()
        out = {}
        for p in self.players:
            track = "food" if self._food[p] <= self._shelter[p] else "shelter"
            out[p] = {f"{track}: {k}": v for k, v in both[p][track].items()}
        return out

    def tracks_breakdown(self) -> dict[str, dict[str, dict[str, int]]]:
        """Both tracks by source: ``{player: {"food": {source: points}, "shelter": {...}}}``."""
        table: dict[str, dict[str, dict[str, int]]] = {p: {"food": {}, "shelter": {}} for p in self.players}
        for event in self.events():
            if isinstance(event, (FoodScored, ShelterScored)) and event.points:
                row = table[event.player][event.track]
                row[event.what] = row.get(event.what, 0) + event.points
        for p in self.players:
            for track, total in (("food", self._food[p]), ("shelter", self._shelter[p])):
                rest = total - sum(table[p][track].values())
                if rest:
                    table[p][track]["earlier"] = rest
        return table

    def __repr__(self) -> str:
        tracks = ", ".join(f"{p} {self._food[p]}F/{self._shelter[p]}S" for p in self.players)
        return f"<Sapiens {self._phase} {self.current_player or '-'}: {tracks}>"

    # -- scoring helpers --------------------------------------------------------------------------
    def _update_score(self, player: str) -> None:
        score = min(self._food[player], self._shelter[player])
        if self._scores[player] != score:
            self._put("_scores", player, score)

    def _gain_food(self, event: FoodScored) -> FoodScored:
        self._put("_food", event.player, self._food[event.player] + event.points)
        self._update_score(event.player)
        return event

    def _gain_shelter(self, event: ShelterScored) -> ShelterScored:
        self._put("_shelter", event.player, self._shelter[event.player] + event.points)
        self._update_score(event.player)
        return event

    def _ref(self, player: str, square: int) -> tuple[str, str, int, int]:
        x, y = self.valley(player).coord[square]
        return ("square", player, x, y)

    # -- placements ---------------------------------------------------------------------------------
    def _own_board(self, player: str) -> dict[int, tuple[int, str, int]]:
        return dict(self._view(player)[0])

    def _own_tokens(self, player: str) -> dict[int, str]:
        return dict(self._view(player)[2])

    def _own_bears(self, player: str) -> list[int]:
        return [s for (p, s) in self._bears if p == player]

    def _view(self, player: str) -> tuple[dict[int, tuple[int, str, int]], dict[int, str], dict[int, str], frozenset[int]]:
        """``player``'s board, frontier, tokens and bear squares, keyed by square (read-only: shared
        by every call until one of those four containers changes for that player)."""
        views = self._view_cache
        if views is None:
            views = self._view_cache = {}
        found = views.get(player)
        if found is None:
            found = views[player] = (
                {s: x for (p, s), x in self._board.items() if p == player},
                {s: sc for (p, s), sc in self._need.items() if p == player},
                {s: sc for (p, s), sc in self._tokens.items() if p == player},
                frozenset(s for (p, s) in self._bears if p == player))
        return found

    def _regular(self, player: str, tiles: Sequence[int]) -> list[tuple[int, int, int, int]]:
        board, need, tokens, bears = self._view(player)
        tile_data = self.components.tiles
        return regular_placements(
            self.valley(player), board, bears, self._tribe[player], [tile_data[t] for t in tiles], tokens,
            picking_on_plain=self._picking_plain, ignore_abandoned=self.rules["abandoned_contact"] == "ignored",
            need=need)

    def _update_need(self, player: str, halves: Sequence[tuple[int, str]]) -> None:
        """Keep the frontier: the squares just covered leave it, their free neighbours join it."""
        v = self.valley(player)
        for s, _ in halves:
            if (player, s) in self._need:
                self._delete("_need", (player, s))
        for s, scene in halves:
            for n in v.neighbours[s]:
                key = (player, n)
                if key in self._board:
                    continue
                have = self._need.get(key)
                if have is None:
                    self._put("_need", key, scene)
                elif have != scene and have != CONFLICT:
                    self._put("_need", key, CONFLICT)

    def _abandon_frontier(self, player: str) -> None:
        """The old tribe turns face down: next to it nothing may be laid (AMB-6), or, with
        ``abandoned_contact="ignored"``, it asks for nothing."""
        ignore = self.rules["abandoned_contact"] == "ignored"
        for key in [k for k in self._need if k[0] == player]:
            if ignore:
                self._delete("_need", key)
            elif self._need[key] != CONFLICT:
                self._put("_need", key, CONFLICT)

    def _starts(self, player: str) -> list[tuple[int, int, int, int]]:
        board, _, tokens, bears = self._view(player)
        return cave_starts(self.valley(player), board, bears,
                           [self.components.tiles[t] for t in self._pools[player]], tokens,
                           need_token=True, touch_ok=lambda e: True)

    def _restarts(self, player: str) -> list[tuple[int, int, int, int]]:
        """A1-A2: new tribe on a cave with no tile and a free entrance touching no tile (AMB-7)."""
        board, _, tokens, bears = self._view(player)
        return cave_starts(self.valley(player), board, bears, [self.components.tiles[t] for t in self._pools[player]],
                           tokens, need_token=False, touch_ok=self._new_tribe_touch(player),
                           picking_on_plain=self._picking_plain)

    def _restart_caves(self, player: str) -> list[int]:
        """The caves a new tribe could start in now, whatever the tiles (A1-A2)."""
        board, _, _, bears = self._view(player)
        return list(free_caves(self.valley(player), board, bears, self._new_tribe_touch(player)))

    def _new_tribe_touch(self, player: str) -> Callable[[int], bool]:
        """Whether a new tribe's entrance may lie there: touching no tile (AMB-7), unless the
        ``abandoned_contact`` rule ignores contact."""
        if self.rules["abandoned_contact"] == "ignored":
            return lambda entrance: True
        v = self.valley(player)
        board = self._view(player)[0]
        return lambda entrance: not any(n in board for n in v.neighbours[entrance])

    def legal_placements(self, tile_id: int | None = None) -> list[Action]:
        """The placements open now (for one pool tile, or all): starting tiles, tiles, extra tiles
        or abandonments, as actions."""
        p = self.current_player
        if p is None:
            return []
        return [a for a in self._placement_actions(p) if tile_id is None or a.tile == tile_id]  # type: ignore[attr-defined]

    # -- caches: the legal moves, dropped by every change of the state; the players' views of their
    #    valleys (``_view``), dropped by every change of a board, frontier, token or bear. Both are
    #    dropped (set to None), never emptied in place: a clone shares them until either game changes,
    #    and while it shares them both games hold the same state.
    _cache: dict | None = None
    _view_cache: dict | None = None

    def _set(self, name: str, value: Any) -> None:
        old = self.__dict__[name]
        if old is value and isinstance(value, (bool, int, str, tuple, type(None))):
            return  # nothing changes: no journal entry, the cache stays valid
        self._cache = None
        if name in _GEOMETRY:
            self._view_cache = None
        # the journal entry of Game._set, written here to save a call on the hot path
        self._journal.append(("set", name, old))  # type: ignore[union-attr]
        setattr(self, name, value)

    def _put(self, name: str, key: Any, value: Any) -> None:
        self._cache = None
        container = self.__dict__[name]
        if type(container) is not dict:
            super()._put(name, key, value)
            return
        if name in _GEOMETRY:
            self._view_cache = None
        # the journal entry of Game._put (see there), written here to save a call on the hot path
        self._journal.append(("put", name, key, container.get(key, _MISSING)))  # type: ignore[union-attr]
        container[key] = value

    def _delete(self, name: str, key: Any) -> None:
        self._cache = None
        if name in _GEOMETRY:
            self._view_cache = None
        super()._delete(name, key)

    def _append(self, name: str, value: Any) -> None:
        self._cache = None
        super()._append(name, value)

    def _pop(self, name: str) -> Any:
        self._cache = None
        return super()._pop(name)

    def _rollback(self, journal: Sequence[tuple]) -> None:
        self._cache = None
        self._view_cache = None
        super()._rollback(journal)

    def _placement_actions(self, p: str) -> list[Action]:
        # a clone shares the cache until either changes: both then hold the same state
        if self._cache is None:
            self._cache = {}
        key = (p, self._phase)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._compute_placements(p)
        return list(found)

    def _compute_placements(self, p: str) -> list[Action]:
        v = self.valley(p)
        phase = self._phase
        # sorted, so that the order never depends on the order in which the board was filled
        if phase == "start_cave":
            found = self._starts(p)
            if found:
                return [PlaceTile(t, *v.coord[a], r) for t, a, _, r in sorted(found)]
            return [Abandon(t, *v.coord[a], r) for t, a, _, r in sorted(self._restarts(p))]  # AMB-23
        if phase in ("main", "feast"):
            found = self._regular(p, self._pools[p])
            if found or phase == "feast":
                return [PlaceTile(t, *v.coord[a], r) for t, a, _, r in sorted(found)]
            return [Abandon(t, *v.coord[a], r) for t, a, _, r in sorted(self._restarts(p))]
        return []

    def _squares_of(self, player: str, x: int, y: int, rotation: int) -> tuple[int, int] | str:
        v = self.valley(player)
        a = v.index.get((x, y))
        if a is None:
            return f"({x}, {y}) is not a square of {player}'s valley"
        if rotation not in STEPS:
            return f"rotation must be 0, 90, 180 or 270, got {rotation}"
        dx, dy = STEPS[rotation]
        b = v.index.get((x + dx, y + dy))
        if b is None:
            return f"({x + dx}, {y + dy}) is not a square of {player}'s valley"
        for s in (a, b):
            if v.kind[s] == "W":
                return f"nothing may be laid on the waterfall {v.coord[s]} (RB 49)"
        if b not in v.neighbours[a]:
            return f"{v.name(a)} and {v.name(b)} are not adjacent squares"
        return (a, b)

    def _placement_problem(self, p: str, tile: int, x: int, y: int, rotation: int, kind: str) -> str | None:
        """Why this placement breaks a rule (named), or None."""
        if tile not in self._pools[p]:
            return f"tile {tile} is not in {p}'s pool"
        squares = self._squares_of(p, x, y, rotation)
        if isinstance(squares, str):
            return squares
        a, b = squares
        v = self.valley(p)
        for s in (a, b):
            if (p, s) in self._board:
                return f"{v.name(s)} already holds a tile (RB 49)"
            if (p, s) in self._bears:
                return f"{v.name(s)} holds a bear (RB 118)"
        scenes = self.tile(tile)
        tokens = self._own_tokens(p)
        if kind == "start":
            caves = [s for s in (a, b) if v.kind[s] == CAVE]
            if not caves:
                return "the starting tile must cover a cave (RB 33)"
            cave = caves[0]
            if cave not in tokens:
                return f"cave {v.coord[cave]} has no mountain token to match (RB 33)"
            on_cave = scenes[0] if cave == a else scenes[1]
            if on_cave != tokens[cave]:
                return f"the half on the cave must show {tokens[cave]}, the scene of its mountain token (RB 33)"
            other, scene = (b, scenes[1]) if cave == a else (a, scenes[0])
            return square_problem(v, other, scene, picking_on_plain=False, token=None)
        if kind == "abandon":
            caves = [s for s in (a, b) if v.kind[s] == CAVE]
            if not caves:
                return "a new tribe starts on a cave (RB 77)"
            other, scene = (b, scenes[1]) if caves[0] == a else (a, scenes[0])
            problem = square_problem(v, other, scene, picking_on_plain=self._picking_plain, token=None)
            if problem:
                return problem
            if self.rules["abandoned_contact"] != "ignored":
                for n in v.neighbours[other]:
                    if (p, n) in self._board:
                        return f"the new tribe may not touch an abandoned tile at {v.coord[n]} (RB 78, AMB-7)"
            return None
        # regular and extra tiles
        tribe = self._tribe[p]
        ignore = self.rules["abandoned_contact"] == "ignored"
        connected = False
        for s, scene, other in ((a, scenes[0], b), (b, scenes[1], a)):
            problem = square_problem(v, s, scene, picking_on_plain=self._picking_plain, token=tokens.get(s))
            if problem:
                return problem
            for n in v.neighbours[s]:
                if n == other or (p, n) not in self._board:
                    continue
                _, their, their_tribe = self._board[(p, n)]
                if their_tribe != tribe:
                    if ignore:
                        continue
                    return f"{v.name(s)} would touch the abandoned tribe at {v.coord[n]} (RB 78)"
                if their != scene:
                    return f"the {scene} half on {v.name(s)} touches a {their} half at {v.coord[n]}: connected scenes must be identical (RB 51)"
                connected = True
        if not connected:
            return "the tile must touch a tile of your active tribe (RB 50, 78)"
        return None

    # -- legal actions ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return self._cached(("legal",), self._compute_legal_actions)

    def _compute_legal_actions(self) -> list[Action]:
        p = self.current_player
        if p is None:
            return []
        phase = self._phase
        out: list[Action] = []
        if phase in ("start_cave", "main", "feast"):
            out.extend(self._placement_actions(p))
        if phase == "feast":
            out.append(SkipBonus())
        if phase in ("main", "after_tile") and not self._token_used:
            scenes = self._hand[p]
            if phase == "main" and not out and scenes:
                # stuck: only a token that can open a move is a move (correction 1)
                helpful = self._helpful_tokens(p)
                scenes = tuple(s for s in scenes if s in helpful)
            out.extend(UseMountainToken(s) for s in dict.fromkeys(scenes))
        if phase in ("after_tile", "refill"):
            out.extend(self._refills(p))
        if phase == "choose_bonus":
            out.extend(ResolveBonus(s) for s in self._pending)
        if phase == "ritual":
            out.extend(self._ritual_choices(p))
            out.append(SkipBonus())
        if phase == "water":
            out.extend(self._water_choices(p))
            out.append(SkipBonus())
        if phase == "hunt":
            out.extend(ConvertSteaks(k) for k in range(self._steaks[p] + 1))
        if phase == "fight":
            if self._fight_hand[p]:
                out.extend(PlaceFightToken(t) for t in self._all_pool_tiles())
            out.append(SkipBonus())
        if phase == "fire":
            out.extend(self._fire_choices(p))
            out.append(SkipBonus())
        if phase == "fight_order":
            out.extend(ResolveFightToken(o) for o in self._fight_order_owners())
        if phase in ("main", "after_tile", "refill", "fight"):
            out.extend(RecallFightToken(t) for t, owners in sorted(self._fight.items()) if p in owners)
        return out

    def _all_pool_tiles(self) -> list[int]:
        return [t for owner in ("common", *self.players) for t in self._pools[owner]]

    def _refills(self, p: str) -> list[Refill]:
        return self._cached(("refill", p), lambda: self._compute_refills(p))

    def _compute_refills(self, p: str) -> list[Refill]:
        common = self._pools["common"]
        k = max(0, min(POOL_SIZE - len(self._pools[p]), len(common)))
        out: list[Refill] = []
        discard = self._discard_applies()
        for take in itertools.combinations(common, k):
            if discard and len(take) < len(common):
                out.extend(Refill(take, d) for d in common if d not in take)
            else:
                out.append(Refill(take, -1))
        return out

    def _discard_applies(self) -> bool:
        """R3: with 2 players each refill discards one common tile (AMB-25: in the starting round too)."""
        if len(self.players) != 2:
            return False
        p = self.current_player
        starting = self._phase == "refill" and p is not None and self._turns_played[p] == 0
        return not starting or self.rules["start_round_discard"]

    def _has_tile_placement(self, p: str) -> bool:
        """A starting tile (``start_cave``) or a regular tile (``main``, ``feast``) can be laid."""
        found = self._placement_actions(p)
        return bool(found) and isinstance(found[0], PlaceTile)

    def _listed(self, action: Action) -> bool:
        return one_of(action, self._cache.get(("legal",)) if self._cache else None)

    def _cached(self, key: tuple, compute: Any) -> list:
        if self._cache is None:
            self._cache = {}
        if key not in self._cache:
            self._cache[key] = compute()
        return list(self._cache[key])

    def _helpful_tokens(self, p: str) -> set[str]:
        """Tokens whose use could open a placement or an abandonment now (correction 1, AMB-9).

        Tried on clones: the token, then each single choice of its bonus."""
        helpful = set()
        for scene in dict.fromkeys(self._hand[p]):
            twin = self.clone()
            twin._probing = True
            twin._record(UseMountainToken(scene))
            if self._can_move(twin, p):
                helpful.add(scene)
                continue
            if twin._phase in BONUS_PHASES and twin.current_player == p:
                for choice in twin.legal_actions():
                    if isinstance(choice, (SkipBonus, RecallFightToken)):
                        continue
                    deeper = twin.clone()
                    deeper._probing = True
                    deeper._record(choice)
                    if self._can_move(deeper, p):
                        helpful.add(scene)
                        break
        return helpful

    @staticmethod
    def _can_move(g: Sapiens, p: str) -> bool:
        return g.current_player == p and g._phase == "main" and not g._out[p] and bool(g._placement_actions(p))

    # -- why an action is illegal -----------------------------------------------------------------------
    def _illegal(self, action: Action) -> str | None:
        if action.setup:
            return self._setup_problem(action)
        p = self.current_player
        if p is None:
            return "the game is over"
        phase = self._phase
        if isinstance(action, (PlaceTile, Abandon)):
            kind = {"start_cave": "start", "main": "main", "feast": "extra"}.get(phase)
            if kind is None:
                return f"no tile can be placed now (phase {phase})"
            if isinstance(action, Abandon):
                if phase == "feast":
                    return "a Feast extra tile cannot start a new tribe (AMB-16)"
                # the placements listed hold tiles (PlaceTile) exactly when a start or a regular tile exists
                if phase == "start_cave" and self._has_tile_placement(p):
                    return "a starting cave matching one of your tiles is available (RB 33)"
                if phase == "main" and self._has_tile_placement(p):
                    return "you can still put a tile into play: abandoning is only for a dead end (RB 76, AMB-8)"
                kind = "abandon"
            elif phase == "start_cave" and not self._has_tile_placement(p):
                return "no starting cave matches your tiles: start as after an abandonment (AMB-23)"
            if action in self._placement_actions(p):
                return None
            return self._placement_problem(p, action.tile, action.x, action.y, action.rotation, kind)
        if isinstance(action, UseMountainToken):
            if phase not in ("main", "after_tile"):
                reason = {"start_cave": "not just after choosing a starting cave (RB 46)",
                          "refill": "not after starting a tribe (RB 46, AMB-10)" if self._turns_played[p] else
                          "not just after choosing a starting cave (RB 46)"}.get(phase, "not during a tile's resolution (RB 73)")
                return "a mountain token cannot be used now: " + reason
            if self._token_used:
                return "only one mountain token per turn (RB 73)"
            if action.scene not in self._hand[p]:
                return f"you hold no unused {action.scene} mountain token"
            if phase == "main" and not self._placement_actions(p) and action.scene not in self._helpful_tokens(p):
                return ("no tile fits and no new tribe can start: only a token that opens a move may be used "
                        "(RB 82, AMB-28)")
            return None
        if isinstance(action, Refill):
            if phase not in ("after_tile", "refill"):
                return f"the pools are refilled at the end of the turn, not now (phase {phase})"
            if action not in self._refills(p):
                return self._refill_problem(p, action)
            return None
        if isinstance(action, RecallFightToken):
            if phase not in ("main", "after_tile", "refill", "fight"):
                return "fight tokens are taken back at your own decisions (AMB-19)"
            if p not in self._fight.get(action.tile, ()):
                return f"you have no fight token on tile {action.tile}"
            return None
        expected = {ResolveBonus: "choose_bonus", TakeMountainToken: "ritual", RetakeMountainToken: "ritual",
                    SwapTile: "water", ConvertSteaks: "hunt", PlaceFightToken: "fight", PlaceBear: "fire",
                    RemoveBear: "fire", ResolveFightToken: "fight_order"}
        if isinstance(action, SkipBonus):
            if phase not in ("feast", "ritual", "water", "fight", "fire"):
                return "there is no bonus to skip now"
            return None
        want = expected.get(type(action))
        if want != phase:
            return f"{type(action).__name__} is only possible in phase {want} (now: {phase})"
        if action not in self.legal_actions():
            return self._choice_problem(p, action)
        return None

    def _refill_problem(self, p: str, action: Refill) -> str:
        common = self._pools["common"]
        need = max(0, min(POOL_SIZE - len(self._pools[p]), len(common)))
        for t in action.take:
            if t not in common:
                return f"tile {t} is not in the common pool"
        if len(set(action.take)) != len(action.take):
            return "a tile is taken twice"
        if len(action.take) != need:
            return f"take exactly {need} tile{'s' * (need != 1)}: your pool goes back to {POOL_SIZE} (RB 61)"
        left = [t for t in common if t not in action.take]
        if self._discard_applies() and left and action.discard not in left:
            return "with 2 players, discard one tile still in the common pool (RB 133)"
        if not (self._discard_applies() and left) and action.discard != -1:
            return "no discard now (discard is -1): only 2-player games discard, from a non-empty common pool (RB 133)"
        return "this refill is not allowed"

    def _choice_problem(self, p: str, action: Action) -> str:
        if isinstance(action, ResolveBonus):
            return f"{action.scene} is not a pending bonus (pending: {', '.join(self._pending)})"
        if isinstance(action, TakeMountainToken):
            return f"there is no mountain token of yours at ({action.x}, {action.y}) (RB 93)"
        if isinstance(action, RetakeMountainToken):
            if any(k[0] == p for k in self._tokens):
                return "tokens still lie on your valley: take one of those (RB 94)"
            return f"you have not used a {action.scene} token (AMB-14)"
        if isinstance(action, SwapTile):
            return f"swap a tile of your pool with a tile of another pool or the common pool (RB 97); not {action.mine} for {action.other}"
        if isinstance(action, ConvertSteaks):
            return f"you hold {count(self._steaks[p], 'steak')}; convert between 0 and that many (RB 106)"
        if isinstance(action, PlaceFightToken):
            if not self._fight_hand[p]:
                return "you have no fight token in hand: take one back first (RB 113)"
            return f"tile {action.tile} is not in a personal pool or the common pool (RB 111)"
        if isinstance(action, PlaceBear):
            if action.player == p:
                return "a bear goes on another player's valley (RB 117)"
            if self._bear_supply <= 0:
                return "no bear is left in the supply (AMB-1)"
            return f"({action.x}, {action.y}) is not a free square next to a tile in {action.player}'s valley (RB 118)"
        if isinstance(action, RemoveBear):
            return f"there is no bear on your valley at ({action.x}, {action.y}) (RB 119)"
        if isinstance(action, ResolveFightToken):
            return f"{does(action.owner, 'has')} no fight token to resolve on this tile"
        return "not allowed now"

    # -- playing ------------------------------------------------------------------------------------------
    def _play(self, action: Action) -> list[Event]:
        if action.setup:
            return self._play_setup(action)
        p = self.current_player
        assert p is not None
        events: list[Event] = []
        if isinstance(action, PlaceTile):
            kind = {"start_cave": "start", "main": "main", "feast": "extra"}[self._phase]
            self._place(p, kind, action, events)
        elif isinstance(action, Abandon):
            self._place(p, "abandon", action, events)
        elif isinstance(action, UseMountainToken):
            self._use_token(p, action.scene, events)
        elif isinstance(action, Refill):
            self._refill(p, action, events)
        elif isinstance(action, RecallFightToken):
            self._recall(p, action.tile, events)
        elif isinstance(action, ResolveFightToken):
            self._resolve_fight_token(p, action.owner, events)
            self._after_fight_choice(p, events)
        elif isinstance(action, ResolveBonus):
            rest = list(self._pending)
            rest.remove(action.scene)
            self._set("_pending", tuple(rest))
            if not self._start_bonus(p, action.scene, events):
                self._continue(p, events)
        elif isinstance(action, SkipBonus):
            events.append(Note(f"{does(p, 'skips')} the {self._phase} bonus"))
            self._continue(p, events)
        else:
            self._bonus_choice(p, action, events)
            self._continue(p, events)
        return events

    def _place(self, p: str, kind: str, action: PlaceTile | Abandon, events: list[Event]) -> None:
        squares = self._squares_of(p, action.x, action.y, action.rotation)
        assert not isinstance(squares, str)
        a, b = squares
        self._set("_held", (kind, action.tile, a, b))
        if self._resolve_fights(p, action.tile, events):
            self._set("_phase", "fight_order")
            return
        self._lay_held(p, events)

    def _lay_held(self, p: str, events: list[Event]) -> None:
        assert self._held is not None
        kind, tile, a, b = self._held
        self._set("_held", None)
        v = self.valley(p)
        if kind == "abandon":
            old = self._tribe[p]
            self._put("_tribe", p, old + 1)
            self._abandon_frontier(p)
            if old:
                events.append(Note(f"{does(p, 'abandons')} tribe {old}: its tiles are turned face down (RB 79)"))
        elif kind == "start":
            self._put("_tribe", p, 1)
        tribe = self._tribe[p]
        scenes = self.tile(tile)
        self._put("_pools", p, tuple(t for t in self._pools[p] if t != tile))
        self._put("_laid", tile, (p, a, b, tribe))
        self._put("_board", (p, a), (tile, scenes[0], tribe))
        self._put("_board", (p, b), (tile, scenes[1], tribe))
        self._update_need(p, ((a, scenes[0]), (b, scenes[1])))
        events.append(Note(f"{does(p, 'lays')} tile {tile}: {scenes[0]} on {v.name(a)}, {scenes[1]} on {v.name(b)}"
                           + {"extra": " (Feast extra tile)", "abandon": " (new tribe)", "start": " (starting cave)"}.get(kind, "")))
        connected = []
        if kind == "main":
            for s, scene, other in ((a, scenes[0], b), (b, scenes[1], a)):
                if any((p, n) in self._board for n in v.neighbours[s] if n != other):
                    connected.append((s, scene))
            for s, scene in connected:  # P5: food for each connected half, before any bonus
                events.append(self._gain_food(FoodScored(
                    p, "squares", (Term(v.food[s], f"food on {v.name(s)}", 1),), f"{scene} connected",
                    (self._ref(p, s),))))
        for s in (a, b):  # C1-C3, correction 2: the cave's token is settled as the tile is laid
            if v.kind[s] != CAVE:
                continue
            high, low = v.shelter[s]  # type: ignore[misc]
            token = self._tokens.get((p, s))
            if token is not None:
                self._delete("_tokens", (p, s))
                if kind == "abandon":
                    self._put("_gone", p, self._gone[p] + (token,))
                    events.append(Note(sentence(f"{possessive(p)} {token} token on cave {v.coord[s]} is removed from the game (RB 77)")))
                else:
                    self._put("_hand", p, self._hand[p] + (token,))
                    events.append(Note(f"{does(p, 'claims')} the {token} mountain token of cave {v.coord[s]}"))
            value, why = (high, "with its mountain token") if token is not None and kind != "abandon" else (low, "without a token")
            events.append(self._gain_shelter(ShelterScored(
                p, "caves", (Term(1, f"cave {v.coord[s]} {why}", value),),
                "new tribe" if kind == "abandon" else "", (self._ref(p, s),))))
        if kind in ("start", "abandon"):
            # AMB-10: no token after choosing a cave for a tribe, unless the switch allows it after an abandonment
            later = kind == "abandon" and self._turns_played[p] > 0 and self.rules["token_after_abandon"]
            self._set("_phase", "after_tile" if later else "refill")
            return
        if kind == "extra":
            self._continue(p, events)
            return
        # main tile: bonuses of connected halves (B0); Picking and Camp apply at once (AMB-18)
        pending = []
        for s, scene in connected:
            if scene == "picking":
                events.append(self._gain_food(FoodScored(p, "picking", (Term(1, "picking bonus", 1),), "", (self._ref(p, s),))))
            elif scene == "camp":
                events.append(self._gain_shelter(ShelterScored(p, "camp", (Term(1, "camp bonus", 3),), "", (self._ref(p, s),))))
            else:
                pending.append(scene)
        self._set("_pending", tuple(pending))
        self._set("_origin", "after_tile")
        self._set("_via_token", False)
        self._continue(p, events)

    def _continue(self, p: str, events: list[Event]) -> None:
        """Go on with the pending bonuses, or leave the resolution."""
        while True:
            if not self._pending:
                self._set("_phase", self._origin)
                self._set("_via_token", False)
                if self._origin == "main":
                    self._check_stuck(p, events)
                return
            if len(self._pending) >= 2:
                self._set("_phase", "choose_bonus")
                return
            scene = self._pending[0]
            self._set("_pending", ())
            if self._start_bonus(p, scene, events):
                return

    # -- refill and turn end (R1-R3, E1-E4) ---------------------------------------------------------------
    def _refill(self, p: str, action: Refill, events: list[Event]) -> None:
        common = [t for t in self._pools["common"] if t not in action.take]
        if action.take:
            self._put("_pools", p, self._pools[p] + action.take)
            events.append(Note(f"{does(p, 'takes')} tile{'s' * (len(action.take) != 1)} {', '.join(map(str, action.take))} from the common pool"))
        reveal = len(action.take)
        if action.discard >= 0:
            common.remove(action.discard)
            self._append("_discards", action.discard)
            events.append(Note(f"{does(p, 'removes')} tile {action.discard} from the game (2 players)"))
            self._return_fight_tokens(action.discard, events)
            reveal += 1
        for _ in range(min(reveal, len(self._stack))):
            t = self._pop("_stack")
            common.append(t)
            events.append(TileRevealed(f"tile {t} is revealed into the common pool"))
        self._put("_pools", "common", tuple(common))
        if not common and not self._stack and not self._end_triggered:
            self._set("_end_triggered", True)
            events.append(Note("the stack and the common pool are empty: this round is the last (RB 129)"))
        self._end_turn(p, events)

    def _return_fight_tokens(self, tile: int, events: list[Event]) -> None:
        for owner in self._fight.get(tile, ()):
            self._put("_fight_hand", owner, self._fight_hand[owner] + 1)
            events.append(Note(sentence(f"{possessive(owner)} fight token on tile {tile} goes back to {subject(owner)} (AMB-21)")))
        if tile in self._fight:
            self._delete("_fight", tile)

    def _end_turn(self, p: str, events: list[Event]) -> None:
        if not self._out[p]:
            self._put("_turns_played", p, self._turns_played[p] + 1)
        self._set("_turns_ended", self._turns_ended + 1)
        n = len(self.players)
        seat = self._seat
        while True:
            seat = (seat + 1) % n
            if seat == 0 and self._end_triggered:
                self._finish(events)
                return
            if all(self._out.values()):
                self._finish(events)
                return
            if not self._out[self.players[seat]]:
                break
        self._set("_seat", seat)
        self._begin_turn(self.players[seat], events)

    def _begin_turn(self, p: str, events: list[Event]) -> None:
        self._set("_token_used", False)
        self._set("_picking_plain", False)
        if self._tribe[p] == 0:
            self._set("_phase", "start_cave")
            return
        self._set("_phase", "main")
        self._check_stuck(p, events)

    def _check_stuck(self, p: str, events: list[Event]) -> None:
        """A4: no placement, no new tribe, no token that could help: this player's game ends."""
        if self._probing or self._placement_actions(p):
            return
        if not self._token_used and self._helpful_tokens(p):
            return
        self._put("_out", p, True)
        events.append(PlayerOut(f"{p} can neither put a tile into play nor start a new tribe: "
                                f"{possessive(p)} game ends here; the points count (RB 82)"))
        self._end_turn(p, events)

    def _finish(self, events: list[Event]) -> None:
        self._set("_phase", "over")
        for tile in list(self._fight):
            self._return_fight_tokens(tile, events)
        parts = []
        for p in self.players:
            f, s = self._food[p], self._shelter[p]
            dropped = "food" if f > s else "shelter" if s > f else "either"
            parts.append(f"{p} {min(f, s)} ({f} food, {s} shelter: {dropped} removed)")
        best = max(self._scores.values())
        win = [p for p in self.players if self._scores[p] == best]
        events.append(GameEnded("game over: " + "; ".join(parts) + f". {sentence(names(win))} {agree(win, 'wins', 'win')} with {best}"))

    # -- hidden information -------------------------------------------------------------------------------
    def clone(self, *, resample_hidden: random.Random | None = None) -> Sapiens:
        twin = super().clone(resample_hidden=resample_hidden)
        assert isinstance(twin, Sapiens)
        return twin

    def _resample_hidden(self, rng: random.Random) -> None:
        # the stack's order and which tiles were removed unseen are hidden: reshuffle them together
        hidden = self._stack + self._removed
        rng.shuffle(hidden)
        self._removed = hidden[:len(self._removed)]
        self._stack = hidden[len(self._removed):]
        self.rng = random.Random(rng.getrandbits(64))

    # -- the rules in bonuses.py (scene bonuses, tokens, fight tokens) and setup.py (setup steps,
    #    positions), bound as methods of the game
    _ritual_choices = bonuses._ritual_choices
    _water_choices = bonuses._water_choices
    _fire_choices = bonuses._fire_choices
    _compute_fire_choices = bonuses._compute_fire_choices
    _bear_squares = bonuses._bear_squares
    _bear_tiles = bonuses._bear_tiles
    _fight_order_owners = bonuses._fight_order_owners
    _start_bonus = bonuses._start_bonus
    _bonus_choice = bonuses._bonus_choice
    _use_token = bonuses._use_token
    _recall = bonuses._recall
    _resolve_fights = bonuses._resolve_fights
    _resolve_fight_token = bonuses._resolve_fight_token
    _after_fight_choice = bonuses._after_fight_choice
    set_next_tiles = setup.set_next_tiles
    deal = setup.deal
    set_valley = setup.set_valley
    set_mountain_tokens = setup.set_mountain_tokens
    _setup_problem = setup._setup_problem
    _play_setup = setup._play_setup
    _deal_tiles = setup._deal_tiles
    to_position = setup.to_position
    set_position = setup.set_position
    edit = setup.edit

    @classmethod
    def from_position(cls, text: str, *, seed: int | None = None) -> Sapiens:
        from . import position
        return position(text, seed=seed)

    @classmethod
    def validate_file(cls, path: str, *, simulate: bool = False) -> str:
        """Check a components file; ``simulate`` adds the fairness checks M1-M6 (see the guide)."""
        from .fairness import validation_report
        return validation_report(path, simulate=simulate)
