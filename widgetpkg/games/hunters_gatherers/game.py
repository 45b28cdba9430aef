"""Carcassonne: Hunters & Gatherers — the turn machine.

A turn: place the tile in hand (``place_tile``); resolve the tile's immediate action (logboat,
hunting trap, shaman's ``retake_meeple``); place one figure or pass (``place_figure``); score what
the tile completed; then an extra turn with a menhir (or bonus) tile, the next player's draw, or
final scoring (``over``).

>>> import widgetpkg as wp
>>> g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
>>> g.current_player, g.phase, g.board[0, 0].tile.id
('Red', 'place_tile', 56)
>>> events = g.apply(g.legal_actions()[0])
>>> g.phase
'place_figure'
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePath
from types import MappingProxyType
from typing import Any

from ...core import Action, Event, Game, GameInfo, IllegalActionError, Note, Option, register
from ...core.encoding import Encoding
from ...core.errors import clip
from . import heuristic, inspect, scoring, words
from .actions import ACTION_TYPES, Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple, SetNextTile, SetPosition
from .areas import Area, Cell, find, join_tile, starting_tables
from .board import describe_need, fits_somewhere, legal_placements, update_frontier
from .inspect import AreaView
from .notation import (
    Position,
    PositionError,
    PreparedPosition,
    check_fits_game,
    commit_position,
    format_position,
    parse_position,
    position_of,
    prepare_position,
)
from .rules import EXTRA_TURN_TOKENS, RuleSet, ruleset
from .tiles import (
    BUILTIN_TILESETS,
    ROTATIONS,
    Orientation,
    Tile,
    TileSet,
    load_tileset,
    read_tileset,
    tileset_from_data,
)

ROLES = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}
PASS = Pass()


@dataclass(frozen=True, slots=True)
class Figure:
    """A meeple or hut on the board."""

    player: str
    role: str  # gatherer | fisher | hunter | hut
    x: int
    y: int
    feature: str


@dataclass(frozen=True, slots=True)
class Supply:
    """Figures a player still has in front of them."""

    meeples: int
    huts: int


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    player: str
    tile: int
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        turned = f", turned {self.rotation}°" if self.rotation else ""
        who = words.subject(self.player)
        where = words.cell_name(self.x, self.y)
        return words.sentence(f"{who} {words.agree(self.player, 'places', 'place')} tile {self.tile} "
                              f"on the cell {where}{turned}")


@dataclass(frozen=True, slots=True)
class TileRemoved(Event):
    """A drawn tile fitted nowhere and left the game."""

    tile: int

    def __str__(self) -> str:
        return f"Tile {self.tile} fits nowhere and leaves the game"


INFO = GameInfo(
    name="hunters-gatherers",
    title="Carcassonne: Hunters & Gatherers",
    min_players=2,
    max_players=5,
    options=(
        Option("edition", "2020", "Rules", choices=("2020", "classic"),
               help="the 2020 rules (menhir tiles) or the classic 2002 rules (gold nuggets)"),
        Option("tileset", None, "Tile set", kind=(str, PurePath, dict), reads_file=True, builtins=("2020", "classic"),
               help='"2020", "classic" or a YAML file of your own; default: the edition\'s own set'),
        Option("rules", None, "Ruling switches", kind=dict, help="see docs/rulings.md"),
    ),
    chance=True,
    hidden_information=True,
    description="Lay landscape tiles, place gatherers, fishers and hunters, score forests, rivers and grasslands.",
    levels=heuristic.LEVELS,
)


@register
class HuntersGatherers(Game):
    """Carcassonne: Hunters & Gatherers for 2-5 players, 2020 or classic rules.

    Options (keyword-only): ``players`` (2-5 names), ``edition`` ("2020" or "classic": the rules),
    ``tileset`` (default: the edition's own set; "2020", "classic" or a YAML file path),
    ``rules`` (ruling switches, see docs/rulings.md) and ``seed``.
    """

    name = INFO.name
    info = INFO
    action_types = ACTION_TYPES
    hidden_events = (TileRemoved,)
    _containers = ("_board", "_tile_cell", "_parent", "_sys_parent", "_area", "_system", "_frontier", "_figures",
                   "_covered", "_meeples", "_huts", "_regular", "_extra", "_removed")

    def __init__(self, *, players: Sequence[str] | int = ("Red", "Blue"), edition: str = "2020",
                 tileset: str | Path | dict[str, Any] | None = None, rules: dict[str, bool] | None = None,
                 seed: int | None = None) -> None:
        players = INFO.player_names(players)
        self.rules: RuleSet = ruleset(edition, rules)
        options: dict[str, Any] = {"edition": edition}
        if tileset is None or (isinstance(tileset, str) and tileset in BUILTIN_TILESETS):
            self.tileset: TileSet = load_tileset(tileset if tileset is not None else edition)
            if tileset is not None:
                options["tileset"] = tileset
        else:  # a file or a mapping: the option holds what was read, checked, so a save never names a file
            INFO.check_options({"tileset": tileset})
            label = clip(str(tileset), 120) if isinstance(tileset, (str, PurePath)) else "tile set"
            options["tileset"] = read_tileset(tileset)
            self.tileset = tileset_from_data(options["tileset"], source=label,
                                             name=PurePath(label).stem[:60] if label != "tile set" else "custom")
        if rules:
            options["rules"] = dict(rules)
        super().__init__(players=players, seed=seed, options=options)

        self._node_feature = self.tileset.node_features  # static: nodes are numbered by the tile set
        self._empty_state()
        self.rng.shuffle(self._regular)
        self.rng.shuffle(self._extra)
        # the start tile and the first draw are the initial state, not an undoable step
        self._journal = []
        self._lay(self.tileset.start, (0, 0), 0)
        self._draw("regular", [])
        self._journal = None

    #: everything that makes up the state: what a position replaces
    _state_names = (*_containers, "_scores", "_turn", "_turns_ended", "_phase", "_hand", "_hand_pile", "_placed", "_turn_cells",
                    "_in_extra_turn")

    def _empty_state(self) -> None:
        """No tile on the board, full supplies, zero scores, the piles in tile-set order."""
        self._board: dict[Cell, Orientation] = {}
        self._tile_cell: dict[int, Cell] = {}  # where each placed tile lies
        parent, sys_parent, areas, systems = starting_tables(self.tileset, self.rules.river_segment_fish)
        self._parent: list[int] = list(parent)
        self._sys_parent: list[int] = list(sys_parent)
        self._area: list[Area] = list(areas)  # by node; meaningful at roots
        self._system: list[Area | None] = list(systems)  # by node; None for forests and meadows
        self._frontier: dict[Cell, int] = {(0, 0): 0}
        self._figures: dict[int, tuple[str, str]] = {}
        self._covered: dict[int, bool] = {}
        self._meeples = {p: self.rules.meeples for p in self.players}
        self._huts = {p: self.rules.huts for p in self.players}
        self._scores = {p: 0 for p in self.players}
        self._regular = [t.id for t in self.tileset.regular]
        self._extra = [t.id for t in self.tileset.extra]
        self._removed: list[int] = []
        self._turn = 0
        self._turns_ended = 0
        self._phase = "place_tile"
        self._hand: int | None = None
        self._hand_pile = "regular"
        self._placed: Cell | None = None
        self._turn_cells: tuple[Cell, ...] = ()
        self._in_extra_turn = False

    # -- reading the state ---------------------------------------------------------------------
    @property
    def current_player(self) -> str | None:
        return None if self._phase == "over" else self.players[self._turn]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def turn(self) -> int:
        """Turns ended so far (an extra turn after a menhir or gold forest is a turn of its own)."""
        return self._turns_ended

    @property
    def current_tile(self) -> Tile | None:
        """The tile in hand, or None outside ``place_tile``."""
        return self.tileset.by_id[self._hand] if self._phase == "place_tile" and self._hand is not None else None

    @property
    def board(self) -> Mapping[Cell, Orientation]:
        """Placed tiles by cell; each value has ``.tile`` and ``.rotation``."""
        return MappingProxyType(self._board)

    @property
    def frontier(self) -> Mapping[Cell, int]:
        return MappingProxyType(self._frontier)

    @property
    def last_placed(self) -> tuple[Cell, ...]:
        """Cells tiled in the current player's turn (two when a menhir tile gave an extra turn)."""
        return self._turn_cells

    @property
    def in_extra_turn(self) -> bool:
        return self._in_extra_turn

    @property
    def supply(self) -> dict[str, Supply]:
        return {p: Supply(self._meeples[p], self._huts[p]) for p in self.players}

    @property
    def tiles_left(self) -> dict[str, int]:
        """How many tiles are left in each pile (the tile in hand not counted)."""
        return {"regular": len(self._regular), self.tileset.extra_kind: len(self._extra)}

    def remaining_tiles(self) -> dict[str, list[int]]:
        """The ids still in each pile, sorted so that the draw order stays hidden."""
        return {"regular": sorted(self._regular), self.tileset.extra_kind: sorted(self._extra)}

    @property
    def removed_tiles(self) -> tuple[int, ...]:
        """Tiles drawn that fitted nowhere and left the game."""
        return tuple(self._removed)

    def figures(self) -> list[Figure]:
        return [self._figure(node) for node in self._figures]

    def covered(self) -> set[tuple[int, int, str]]:
        """Features whose animals a hunting trap has covered."""
        return {(*self._cell_of(n), self._node_feature[n].id) for n in self._covered}

    def projected_scores(self) -> dict[str, int]:
        scores = self.scores
        if self._phase != "over":
            for event in scoring.final(self, explain=False):
                scores[event.player] += event.points
        return scores

    def areas(self, kind: str | None = None) -> list[AreaView]:
        """The feature graph's areas (forests, rivers, meadows, lakes, river systems), readable."""
        return inspect.areas(self, kind)

    def area_at(self, x: int, y: int, feature: str, *, system: bool = False) -> AreaView:
        """The area holding a feature (its river system with ``system=True``)."""
        return inspect.area_at(self, x, y, feature, system=system)

    def feature_graph(self) -> Any:
        """The areas as a networkx graph (optional extra ``graph``)."""
        return inspect.feature_graph(self)

    def encoding(self) -> Encoding:
        """The fixed action space and observations for learning agents (see ``encoding.py``)."""
        from .encoding import encoding_for
        return encoding_for(self.tileset, len(self.players))

    def heuristic_scores(self) -> dict[str, float]:
        """Projected scores plus the likely worth of unfinished features and unused figures:
        what search agents evaluate positions by (see ``heuristic.py``)."""
        return heuristic.heuristic_scores(self)

    def heuristic_terms(self, player: str) -> dict[str, tuple[float, str]]:
        """``player``'s estimate in named terms with words, for hints (see ``heuristic.terms``)."""
        return heuristic.terms(self, player)

    def node(self, x: int, y: int, feature: str) -> int:
        """The graph node of a feature on the board; KeyError if there is none."""
        placed = self._board.get((x, y))
        if placed is None:
            raise KeyError(f"no tile at ({x}, {y})")
        return placed.tile.node_base + placed.tile.feature_index(feature)

    def _cell_of(self, node: int) -> Cell:
        return self._tile_cell[self.tileset.node_tiles[node].id]

    def _figure(self, node: int) -> Figure:
        player, role = self._figures[node]
        x, y = self._cell_of(node)
        return Figure(player, role, x, y, self._node_feature[node].id)

    def __repr__(self) -> str:
        scores = ", ".join(f"{p} {s}" for p, s in self._scores.items())
        state = "over" if self._phase == "over" else f"{self.current_player} to {self._phase.replace('_', ' ')}"
        return (f"<Hunters & Gatherers ({self.rules.edition} rules): {len(self._board)} tiles, {state}; "
                f"scores {scores}>")

    # -- legal actions ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._phase == "place_tile":
            return legal_placements(self._frontier, self.tileset.by_id[self._hand])  # type: ignore[index,return-value]
        if self._phase == "retake_meeple":
            return [RetakeMeeple(f.x, f.y, f.feature) for f in self.figures()
                    if f.player == self.current_player and f.role != "hut"]
        if self._phase == "place_figure":
            return self._figure_options()
        return []

    def _figure_options(self) -> list[Action]:
        """Every legal figure placement on the tile just placed, then Pass."""
        x, y = self._placed  # type: ignore[misc]
        base = self._board[x, y].tile.node_base
        player = self.players[self._turn]
        meeples, huts = self._meeples[player] > 0, self._huts[player] > 0
        parent, area, sys_parent, system = self._parent, self._area, self._sys_parent, self._system
        found: list[Action] = []
        for index, f in enumerate(self._board[x, y].tile.features):
            node = base + index
            kind = f.type
            if meeples and kind != "lake" and not area[find(parent, node)].figures:
                found.append(PlaceMeeple(x, y, f.id))
            if huts and kind in ("river", "lake") and not system[find(sys_parent, node)].figures:  # type: ignore[union-attr]
                found.append(PlaceHut(x, y, f.id))
        found.append(PASS)
        return found

    def _figure_problem(self, action: PlaceMeeple | PlaceHut) -> str:
        """Why a figure placement that is not among the options is illegal."""
        if (action.x, action.y) != self._placed:
            return f"figures go only on the tile just placed, at {self._placed}"
        tile = self._board[self._placed].tile  # type: ignore[index]
        try:
            node = self.node(action.x, action.y, action.feature)
        except KeyError:
            return f"tile {tile.id} has no feature {action.feature!r} (it has {', '.join(f.id for f in tile.features)})"
        kind = self._node_feature[node].type
        player = self.players[self._turn]
        if isinstance(action, PlaceHut):
            if kind not in ("river", "lake"):
                return f"huts go on a river or a lake, and {action.feature} is a {kind}"
            if not self._huts[player]:
                return f"{player} has no huts left"
            return "that river system already has a hut"
        if kind == "lake":
            return "meeples do not go on lakes (a hut may)"
        if not self._meeples[player]:
            return f"{player} has no meeples left"
        return f"that {kind} already has a {ROLES[kind]}"

    def _illegal(self, action: Action) -> str | None:
        if isinstance(action, SetNextTile):
            return self._arrange_problem(action.tile)
        if isinstance(action, SetPosition):
            # worked out in full here (on a scratch copy), so that a bad position is refused with
            # its reason before anything changes; ``_play`` swaps the prepared state in
            try:
                self._prepared = (action, prepare_position(self, parse_position(action.text)))
            except (PositionError, IllegalActionError) as error:
                return str(error)
            return None
        if self._phase == "over":
            return "the game is over"
        if isinstance(action, PlaceTile):
            if self._phase != "place_tile":
                return f"it is time to {self._phase.replace('_', ' ')}, not to place a tile"
            return self._placement_problem(action)
        if isinstance(action, RetakeMeeple):
            if self._phase != "retake_meeple":
                return "a meeple is taken back only right after placing the shaman"
            try:
                node = self.node(action.x, action.y, action.feature)
            except KeyError as error:
                return str(error.args[0])
            owner = self._figures.get(node)
            if owner is None or owner[1] == "hut" or owner[0] != self.current_player:
                return f"{self.current_player} has no meeple there"
            return None
        if self._phase == "retake_meeple":
            return "first take back one of your meeples (shaman)"
        if self._phase != "place_figure":
            return "place the tile first"
        if isinstance(action, Pass) or action in self._figure_options():
            return None
        return self._figure_problem(action)  # type: ignore[arg-type]

    def _placement_problem(self, action: PlaceTile) -> str | None:
        if action.rotation not in ROTATIONS:
            return "rotation must be 0, 90, 180 or 270"
        cell = (action.x, action.y)
        if cell in self._board:
            return f"({action.x}, {action.y}) already holds tile {self._board[cell].tile.id}"
        need = self._frontier.get(cell)
        if need is None:
            return f"({action.x}, {action.y}) does not touch the landscape"
        tile = self.tileset.by_id[self._hand]  # type: ignore[index]
        if action.rotation not in tile.fits(need):
            edges = "/".join(tile.rotations[action.rotation].edges)
            return f"tile {tile.id} turned {action.rotation}° (N/E/S/W {edges}) does not match {describe_need(need)}"
        return None

    # -- playing ----------------------------------------------------------------------------------
    def _play(self, action: Action) -> list[Event]:
        if isinstance(action, PlaceTile):
            return self._place_tile(action)
        if isinstance(action, SetNextTile):
            return self._arrange(action.tile)
        if isinstance(action, SetPosition):
            prepared: PreparedPosition | None = None
            if self._prepared is not None and self._prepared[0] is action:
                prepared = self._prepared[1]  # checked just now by ``_illegal``: the text is read once
            self._prepared = None
            if prepared is None:  # redo replays without a check
                prepared = prepare_position(self, parse_position(action.text))
            return list(commit_position(self, prepared))
        events: list[Event] = []
        if isinstance(action, RetakeMeeple):
            events.append(self._return_figure(self.node(action.x, action.y, action.feature),
                                              "the shaman calls {figure} home from {where}"))
            self._set("_phase", "place_figure")
            return events
        if isinstance(action, (PlaceMeeple, PlaceHut)):
            node = self.node(action.x, action.y, action.feature)
            role = "hut" if isinstance(action, PlaceHut) else ROLES[self._node_feature[node].type]
            player = self.players[self._turn]
            self._add_figure(node, player, role)
            where = words.feature_name(self, action.x, action.y, action.feature, system=role == "hut")
            events.append(Note(words.sentence(f"{words.subject(player)} {words.agree(player, 'places', 'place')} "
                                              f"a {role} on {where}")))
        self._end_turn(events)
        return events

    def _place_tile(self, action: PlaceTile) -> list[Event]:
        tile = self.tileset.by_id[self._hand]  # type: ignore[index]
        cell = (action.x, action.y)
        player = self.players[self._turn]
        base = self._lay(tile, cell, action.rotation)
        self._set("_hand", None)
        self._set("_placed", cell)
        self._set("_turn_cells", self._turn_cells + (cell,))
        events: list[Event] = [TilePlaced(player, tile.id, action.x, action.y, action.rotation)]
        next_phase = "place_figure"
        for index, f in enumerate(tile.features):
            if f.special == "logboat":
                events.append(self._score(scoring.logboat(self, base + index, player)))
            elif f.special == "hunting_trap":
                score, caught = scoring.hunting_trap(self, base + index, player)
                events.append(self._score(score) if score else Note("The hunting trap catches nothing"))
                self._cover(caught)
            elif f.special == "shaman":
                if any(owner == (player, r) for owner in self._figures.values() for r in ROLES.values()):
                    next_phase = "retake_meeple"
                else:
                    events.append(Note(words.sentence(f"the shaman has nothing to do: {words.subject(player)} "
                                                      f"{words.agree(player, 'has', 'have')} no meeple on the board")))
        self._set("_phase", next_phase)
        return events

    def _lay(self, tile: Tile, cell: Cell, rotation: int) -> int:
        orientation = tile.rotations[rotation]
        join_tile(self, cell, orientation)
        self._put("_board", cell, orientation)
        self._put("_tile_cell", tile.id, cell)
        update_frontier(self, cell, orientation)
        return tile.node_base

    def _cover(self, nodes: list[int]) -> None:
        """Hunting trap: the animals of these meadow features are scored and leave the grassland."""
        for node in nodes:
            tile = self.tileset.node_tiles[node]
            counts = tile.animal_counts[node - tile.node_base]
            self._put("_covered", node, True)
            if any(counts):
                root = find(self._parent, node)
                area = self._area[root]
                left = tuple(a - c for a, c in zip(area.animals, counts))
                self._put("_area", root, area.changed(animals=left))  # type: ignore[arg-type]

    def _add_figure(self, node: int, player: str, role: str) -> None:
        self._put("_figures", node, (player, role))
        if role == "hut":
            self._put("_huts", player, self._huts[player] - 1)
            parents, table = "_sys_parent", "_system"
        else:
            self._put("_meeples", player, self._meeples[player] - 1)
            parents, table = "_parent", "_area"
        root = find(getattr(self, parents), node)
        area = getattr(self, table)[root]
        self._put(table, root, area.changed(figures=area.figures + (node,)))

    def _return_figure(self, node: int, why: str, adjective: str = "") -> Event:
        player, role = self._figures[node]
        self._delete("_figures", node)
        parents, table, supply = ("_sys_parent", "_system", "_huts") if role == "hut" else ("_parent", "_area", "_meeples")
        self._put(supply, player, getattr(self, supply)[player] + 1)
        root = find(getattr(self, parents), node)
        area = getattr(self, table)[root]
        self._put(table, root, area.changed(figures=tuple(n for n in area.figures if n != node)))
        x, y = self._cell_of(node)
        where = words.feature_name(self, x, y, self._node_feature[node].id, system=role == "hut", adjective=adjective)
        return Note(words.sentence(why.format(figure=f"{words.possessive(player)} {role}", where=where)))

    def _end_turn(self, events: list[Event]) -> None:
        cell = self._placed
        base = self._board[cell].tile.node_base  # type: ignore[index]
        completed: dict[int, Area] = {}
        for index, f in enumerate(self._board[cell].tile.features):  # type: ignore[index]
            if f.type in ("forest", "river"):
                root = find(self._parent, base + index)
                if self._area[root].open_ends == 0:
                    completed[root] = self._area[root]
        earned_extra: str | None = None  # the token that earned an extra turn
        for _root, area in sorted(completed.items()):
            scorer = scoring.forest if area.kind == "forest" else scoring.river
            events.extend(self._score(e) for e in scorer(self, area))
            for node in area.figures:
                events.append(self._return_figure(node, "{figure} comes home from {where}", "completed"))
            if area.kind == "forest":
                earned_extra = earned_extra or next((t for t in EXTRA_TURN_TOKENS if area.count(t)), None)
        player = self.players[self._turn]
        if earned_extra and not self._in_extra_turn and (self._regular or self.rules.extra_turn_after_last_tile):
            if self._draw("extra", events):
                self._set("_turns_ended", self._turns_ended + 1)
                self._set("_in_extra_turn", True)
                token = "gold nugget" if earned_extra == "gold" else earned_extra
                events.append(Note(words.sentence(
                    f"{words.subject(player)} completed a forest with a {token}: an extra turn "
                    f"with {self.tileset.extra_kind} tile {self._hand}")))
                return
            events.append(Note(f"No {self.tileset.extra_kind} tile left: no extra turn"))
        self._set("_turns_ended", self._turns_ended + 1)
        if self._regular:
            self._set("_turn", (self._turn + 1) % len(self.players))
            self._set("_in_extra_turn", False)
            self._set("_turn_cells", ())
            if self._draw("regular", events):
                return
        self._finish(events)

    def _draw(self, pile: str, events: list[Event]) -> bool:
        """Draw from a pile until a tile fits; tiles that fit nowhere leave the game."""
        name = "_regular" if pile == "regular" else "_extra"
        while getattr(self, name):
            tile = self.tileset.by_id[self._pop(name)]
            if fits_somewhere(self._frontier, tile):
                self._set("_hand", tile.id)
                self._set("_hand_pile", pile)
                self._set("_phase", "place_tile")
                return True
            self._append("_removed", tile.id)
            events.append(TileRemoved(tile.id))
        return False

    def _finish(self, events: list[Event]) -> None:
        """The last turn is over: fishers and gatherers go home, huts and hunters score."""
        for node, (_player, role) in list(self._figures.items()):
            if role in ("gatherer", "fisher"):
                events.append(self._return_figure(node, "the game is over: {figure} on {where} "
                                                        "goes home without points"))
        events.extend(self._score(e) for e in scoring.final(self))
        self._set("_phase", "over")
        self._set("_hand", None)
        self._set("_in_extra_turn", False)
        events.append(Note(f"Game over. {words.winners_sentence(self.winners(), max(self._scores.values()))}"))

    def _resample_hidden(self, rng: random.Random) -> None:
        # the order of the piles is all that is hidden
        rng.shuffle(self._regular)
        rng.shuffle(self._extra)

    # -- positions and edits ----------------------------------------------------------------------
    @classmethod
    def from_position(cls, text: str, *, seed: int | None = None) -> HuntersGatherers:
        from . import position
        return position(text, seed=seed)

    def lesson_position(self, steps: Sequence[Action]) -> str | None:
        from .lesson import lesson_position
        return lesson_position(self, steps)

    @classmethod
    def validate_file(cls, path: str, *, simulate: bool = False) -> str:
        """Check a tile-set YAML file (see docs/tileset-format.md)."""
        from .lesson import validate_tileset
        return validate_tileset(path)

    #: a SetPosition checked by ``_illegal`` and the state it prepared, for ``_play``
    _prepared: tuple[SetPosition, PreparedPosition] | None = None

    def to_position(self) -> str:
        """The state as position text, in any phase; ``position(text)`` reads it back."""
        return format_position(position_of(self), checked=False)

    def set_position(self, text: str | Position) -> list[Event]:
        """Make the state a position (text or ``Position``), as one undoable, saved step."""
        if not isinstance(text, str):
            try:
                text = format_position(text)
            except PositionError as error:
                raise IllegalActionError(str(error)) from None
        return self.apply(SetPosition(text))

    @property
    def tileset_name(self) -> str | None:
        """The tile set's name in position text: None for the edition's own, a built-in set's
        name, or the file's (for a game set up from a file or mapping; a position never reads a file)."""
        value = self.options.get("tileset")
        return value if value is None or isinstance(value, str) else self.tileset.name

    @contextmanager
    def edit(self) -> Iterator[Position]:
        """Change the state as plain data; it is checked and applied as one undoable step when the
        block ends (nothing changes if the block raises or the result breaks a rule)::

            with g.edit() as s:
                s.scores["Red"] = 40
                s.supply["Blue"].meeples = 0
                s.next_tiles = [83, 94]
        """
        pos = position_of(self)
        yield pos
        # what a cell can set is anything: check the data itself before it becomes text
        check_fits_game(self, pos)  # e.g. a score for "Green" would vanish from the text unseen
        self.set_position(pos)

    # -- arranging the draw (lessons, tests) -----------------------------------------------------
    def set_next_tile(self, tile_id: int) -> list[Event]:
        """Arrange the draw, as a recorded (undoable, saved) step.

        In ``place_tile``, if the tile in hand came from the same pile (regular or menhir/bonus),
        ``tile_id`` replaces it in hand and the tile in hand takes its place in the pile;
        otherwise ``tile_id`` goes on top of its own pile and is the next one drawn from it.
        """
        return self.apply(SetNextTile(tile_id))

    def _pile_of(self, tile: Tile) -> str:
        return "regular" if tile.kind == "normal" else "extra"

    def _arrange_problem(self, tile_id: int) -> str | None:
        if self._phase == "over":
            return "the game is over"
        tile = self.tileset.by_id.get(tile_id)
        if tile is None:
            return f"there is no tile {tile_id} in the {self.tileset.name} tile set"
        if tile_id == self._hand:
            return None
        pile = getattr(self, f"_{self._pile_of(tile)}")
        if tile_id not in pile:
            where = next((f"on the board at {c}" for c, o in self._board.items() if o.tile.id == tile_id),
                         "removed from the game")
            return f"tile {tile_id} is not in a pile (it is {where})"
        if self._phase == "place_tile" and self._hand_pile == self._pile_of(tile) and not fits_somewhere(self._frontier, tile):
            return f"tile {tile_id} fits nowhere on the board now"
        return None

    def _arrange(self, tile_id: int) -> list[Event]:
        if tile_id == self._hand:
            return [Note(f"Tile {tile_id} is already in hand")]
        tile = self.tileset.by_id[tile_id]
        name = f"_{self._pile_of(tile)}"
        pile = getattr(self, name)
        at = pile.index(tile_id)
        if self._phase == "place_tile" and self._hand_pile == self._pile_of(tile):
            old = self._hand
            self._put(name, at, old)
            self._set("_hand", tile_id)
            return [Note(f"Tile {tile_id} is now in hand; tile {old} went back into the pile")]
        top = len(pile) - 1
        self._put(name, at, pile[top])
        self._put(name, top, tile_id)
        return [Note(f"Tile {tile_id} will be drawn next from the {self._pile_of(tile)} pile")]
