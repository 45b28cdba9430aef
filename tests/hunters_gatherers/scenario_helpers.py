"""Helpers to script Hunters & Gatherers positions with real tiles, for the rulebook scenario tests.

``play`` plays one whole turn of a scripted position: it arranges the draw with
``g.set_next_tile``, checks that the tile is really in hand, places it and then places the figure
(or passes). The finder (``turned``, ``find_tiles``, ``show``) reads the raw tile data and turns it
by hand, independently of the engine's own geometry; it is what the scenarios were designed with:

>>> show(59, 270)
'59 @270: N meadow, E forest, S meadow, W river | m0 meadow [W-south, S] | r1 river [W] ->l8 | m2 meadow [W-north, N] tiger | f3 forest [E] plain | l8 lake [] fish 1'
>>> (59, 270) in find_tiles(W="river", S="meadow", lake=True)
True
>>> show(94, 0, tileset="classic")
'94 @0: N forest, E meadow, S meadow, W meadow | f0 forest [N] plain | m1 meadow [E, S, W] tiger shrine'
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from areas_from_scratch import QUARTER_TURN  # the hand-written rotation of edge parts

import widgetpkg as wp
from widgetpkg.core import Event, Scored
from widgetpkg.games.hunters_gatherers import Pass, PlaceHut, PlaceMeeple, PlaceTile, RetakeMeeple

SIDES = ("N", "E", "S", "W")


# -- playing a scripted turn ----------------------------------------------------------------------
def play(g, tile_id: int, x: int, y: int, rotation: int, meeple: str | None = None, *,
         hut: str | None = None, retake: tuple[int, int, str] | None = None) -> list[Event]:
    """One scripted turn: draw ``tile_id``, place it at (x, y) turned ``rotation``, then place a
    meeple on feature ``meeple`` or a hut on feature ``hut`` of that tile, or pass.

    ``retake`` answers the shaman's ``retake_meeple`` step first. Returns the events of the turn
    (not those of arranging the draw).
    """
    assert meeple is None or hut is None, "one figure a turn"
    g.set_next_tile(tile_id)
    assert g.current_tile is not None and g.current_tile.id == tile_id, \
        f"tile {tile_id} is not in hand (hand: {g.current_tile}, phase {g.phase})"
    events = list(g.apply(PlaceTile(x, y, rotation)))
    if retake is not None:
        assert g.phase == "retake_meeple", f"expected the shaman's retake step, phase is {g.phase}"
        events += g.apply(RetakeMeeple(*retake))
    assert g.phase == "place_figure", f"expected place_figure after placing tile {tile_id}, phase is {g.phase}"
    if meeple is not None:
        events += g.apply(PlaceMeeple(x, y, meeple))
    elif hut is not None:
        events += g.apply(PlaceHut(x, y, hut))
    else:
        events += g.apply(Pass())
    return events


def scored(events: Iterable[Event], what: str | None = None) -> list[Scored]:
    """The scoring events among ``events`` (only those scoring ``what`` if given)."""
    return [e for e in events if isinstance(e, Scored) and (what is None or e.what == what)]


def points(events: Iterable[Event], what: str | None = None) -> dict[str, int]:
    """Points per player in ``events`` (players who scored nothing are left out)."""
    total: dict[str, int] = {}
    for e in scored(events, what):
        total[e.player] = total.get(e.player, 0) + e.points
    return total


def figures_at(g) -> dict[tuple[int, int, str], tuple[str, str]]:
    """``(x, y, feature) -> (player, role)`` for every figure on the board."""
    return {(f.x, f.y, f.feature): (f.player, f.role) for f in g.figures()}


def snapshot(g) -> dict:
    """Everything a player can see of a game, to check that an illegal action changed nothing."""
    return {
        "json": g.to_json(),
        "phase": g.phase,
        "player": g.current_player,
        "tile": g.current_tile.id if g.current_tile else None,
        "board": {c: (o.tile.id, o.rotation) for c, o in g.board.items()},
        "figures": sorted(map(repr, g.figures())),
        "supply": g.supply,
        "scores": g.scores,
        "projected": g.projected_scores(),
        "legal": [str(a) for a in g.legal_actions()],
        "tiles_left": g.tiles_left,
    }


# -- games with a chosen box of real tiles ----------------------------------------------------------
#: the packaged tile data files: the exact 2020 set and the reconstructed classic set
TILE_FILES = {"2020": "tiles-2020.yaml", "classic": "tiles-classic.yaml"}
#: the kind of the extra pile's tiles in each set (menhir tiles in 2020, bonus tiles in the classic game)
EXTRA_KIND = {"2020": "menhir", "classic": "bonus"}


def tile_data(tileset: str = "2020") -> dict:
    """The packaged tile data: by default the 2020 set (the same facts as
    shared/data/hunters-gatherers-2020-tiles.yaml); ``"classic"`` for the reconstructed classic set."""
    text = resources.files("widgetpkg.games.hunters_gatherers").joinpath("data", TILE_FILES[tileset]).read_text("utf-8")
    return yaml.safe_load(text)


def small_game(directory: Path, regular: Sequence[int], menhir: Sequence[int] = (), *,
               players: Sequence[str] = ("Red", "Blue"), seed: int = 1, edition: str = "2020",
               tileset: str | None = None, rules: dict[str, bool] | None = None):
    """A game whose box holds only the start tile, the regular tiles ``regular`` and the extra
    tiles ``menhir`` (all copied unchanged from the real tile data).

    By default a 2020 game with 2020 tiles. ``edition`` picks the rules ("2020" or "classic");
    ``tileset`` the data set the tiles are copied from ("2020" or "classic", by default the
    edition's own). The extra tiles are menhir tiles in the 2020 set and bonus tiles in the classic
    set. ``rules`` passes ruling switches on to the game.

    Used where a rule needs a pile to run out: the game ends after the last of ``regular`` is
    placed, and the menhir (bonus) stack is empty once ``menhir`` is used up.
    """
    tileset = tileset or edition
    data = tile_data(tileset)
    wanted = {56, *regular, *menhir}
    tiles = [t for t in data["tiles"] if t["id"] in wanted]
    assert {t["id"] for t in tiles} == wanted, "unknown tile ids"
    assert all(t["kind"] == "normal" for t in tiles if t["id"] in regular)
    assert all(t["kind"] == EXTRA_KIND[tileset] for t in tiles if t["id"] in menhir)
    box = {"edition": data["edition"], "tiles": tiles}
    prefix = "box-" if tileset == "2020" else f"box-{tileset}-"
    name = prefix + "-".join(map(str, sorted(wanted))) + ".yaml"
    path = Path(directory) / name
    path.write_text(yaml.safe_dump(box, sort_keys=False), "utf-8")
    options = {} if edition == "2020" else {"edition": edition}
    if rules:
        options["rules"] = dict(rules)
    return wp.new_game("hunters-gatherers", players=list(players), seed=seed, tileset=str(path), **options)


# -- the finder: read tiles turned by hand ----------------------------------------------------------
@dataclass(frozen=True)
class TurnedFeature:
    id: str
    type: str
    touches: tuple[str, ...]
    animals: tuple[str, ...]
    fish: int
    kind: str | None
    special: str | None
    ends_at: tuple[str, ...]


@dataclass(frozen=True)
class TurnedTile:
    id: int
    kind: str
    rotation: int
    edges: dict[str, str]
    features: tuple[TurnedFeature, ...]

    def feature(self, feature_id: str) -> TurnedFeature:
        return next(f for f in self.features if f.id == feature_id)

    def on(self, touch: str) -> TurnedFeature:
        """The feature holding an edge part after the turn, e.g. ``on("W")`` or ``on("N-east")``."""
        return next(f for f in self.features if touch in f.touches)


def rotate_touch(touch: str, rotation: int) -> str:
    for _ in range(rotation // 90 % 4):
        touch = QUARTER_TURN[touch]
    return touch


_TILES: dict[int, dict] = {}  # the 2020 tiles by id
_SETS: dict[str, dict[int, dict]] = {"2020": _TILES}


def _raw(tile_id: int, tileset: str = "2020") -> dict:
    tiles = _SETS.setdefault(tileset, {})
    if not tiles:
        tiles.update({t["id"]: t for t in tile_data(tileset)["tiles"]})
    return tiles[tile_id]


def turned(tile_id: int, rotation: int = 0, tileset: str = "2020") -> TurnedTile:
    """Tile ``tile_id`` turned ``rotation`` degrees clockwise: its edges and features
    (from the 2020 data, or the classic data with ``tileset="classic"``)."""
    raw = _raw(tile_id, tileset)
    edges = {rotate_touch(s, rotation): raw["edges"][s] for s in SIDES}
    features = tuple(
        TurnedFeature(f["id"], f["type"], tuple(rotate_touch(t, rotation) for t in f.get("touches") or ()),
                      tuple(f.get("animals") or ()), f.get("fish", 0), f.get("kind"), f.get("special"),
                      tuple(f.get("ends_at") or ()))
        for f in raw["features"])
    return TurnedTile(tile_id, raw["kind"], rotation, {s: edges[s] for s in SIDES}, features)


def show(tile_id: int, rotation: int = 0, tileset: str = "2020") -> str:
    """One line describing a turned tile, for designing positions."""
    t = turned(tile_id, rotation, tileset)
    parts = [f"{t.id} @{rotation}: " + ", ".join(f"{s} {t.edges[s]}" for s in SIDES)]
    for f in t.features:
        text = f"{f.id} {f.type} [{', '.join(f.touches)}]"
        if f.ends_at:
            text += " ->" + ",".join(f.ends_at)
        if f.animals:
            text += " " + " ".join(f.animals)
        if f.fish:
            text += f" fish {f.fish}"
        if f.kind:
            text += f" {f.kind}"
        if f.special:
            text += f" {f.special}"
        parts.append(text)
    return " | ".join(parts)


def find_tiles(*, kind: str | None = None, lake: bool | None = None,
               where: Callable[[TurnedTile], bool] | None = None, tileset: str = "2020",
               **edges: str) -> list[tuple[int, int]]:
    """(tile id, rotation) pairs whose turned edges match ``edges`` (e.g. ``N="forest", W="meadow"``).

    ``kind`` picks the pile ("normal", "menhir" or "bonus"), ``lake`` asks for tiles with/without a
    lake, ``where`` is any further test on the turned tile, ``tileset`` the data ("2020", "classic").
    """
    found = []
    for tile_id in sorted(_raw_ids(tileset)):
        for rotation in (0, 90, 180, 270):
            t = turned(tile_id, rotation, tileset)
            if kind is not None and t.kind != kind:
                continue
            if any(t.edges[s] != e for s, e in edges.items()):
                continue
            if lake is not None and any(f.type == "lake" for f in t.features) != lake:
                continue
            if where is not None and not where(t):
                continue
            found.append((tile_id, rotation))
    return found


def _raw_ids(tileset: str = "2020") -> Iterator[int]:
    _raw(56, tileset)
    return iter(_SETS[tileset])


def random_game_checks() -> Any:
    """tests/hunters_gatherers/test_random_games.py (the random suite's invariant checks), loaded by
    path: other games' test folders hold modules of the same name, so a bare import may find theirs."""
    name = "hunters_gatherers_random_game_checks"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("test_random_games.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
