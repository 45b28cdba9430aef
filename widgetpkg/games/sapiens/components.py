"""Sapiens components: tribe tiles and valley half-boards, loaded from YAML and checked.

The printed components are not public, so the package ships a *reconstruction*
(``data/reconstruction.yaml``, see its header and docs/guides/sapiens.md). Owners of the game can
load exact data in the same format; every problem is reported as one :class:`ComponentDataError`
naming the tile, face or square.

>>> c = load_components("reconstruction")
>>> len(c.tiles), len(c.faces), c.status
(63, 16, 'reconstruction')
>>> c.tiles[17].scenes
('picking', 'ritual')
>>> v = c.valley("L1a", "R1a")
>>> v.coord[v.index[(0, -1)]], v.shelter[v.index[(0, -1)]]
((0, -1), (8, 6))
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import PurePath
from typing import Any

import yaml

from ...core.errors import InvalidOptionError, clip
from ...core.files import decode, parse_yaml, read_data
from ...core.schema import check, load_schema

SCENES = ("feast", "picking", "ritual", "water", "camp", "hunt", "fight", "fire")
FORMAT = "widgetpkg-sapiens-components"
BUILTIN = {"reconstruction": "reconstruction.yaml", "examples": "reconstruction.yaml"}
MAX_BYTES = 1_000_000
WIDTH, HEIGHT = 8, 5
#: direction of a rotation: scene b lies east (0), south (90), west (180) or north (270) of scene a
STEPS = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}
ROTATIONS = (0, 90, 180, 270)
FOREST, PLAIN, CAVE, WATERFALL = "F", "P", "C", "W"
#: counts printed in the rulebook (RB 5-11, 21-28): tiles removed at setup by player count, pool sizes, supplies
REMOVED_AT_SETUP = {2: 12, 3: 18, 4: 6}
COMMON_SIZE, POOL_SIZE = 5, 4
STEAKS, BEARS, FIGHT_TOKENS = 18, 18, 3


class ComponentDataError(InvalidOptionError):
    """A components file (tiles, half-board faces) that is not valid."""


class ComponentDataWarning(UserWarning):
    """A components file that is valid but differs from the reconstruction's own choices."""


@dataclass(frozen=True, slots=True)
class TileData:
    """One tribe tile: two different scenes; ``scenes[0]`` is laid on the named square."""

    id: int
    scenes: tuple[str, str]


@dataclass(frozen=True)
class Cave:
    at: tuple[int, int]
    entrance: tuple[int, int]
    shelter: tuple[int, int]  # (higher: a token lay there, lower: none)


@dataclass(frozen=True)
class Face:
    """One printed side of a valley half-board, in face coordinates (x = 0..3, y = 0..4)."""

    id: str
    piece: str
    side: str  # left | right
    terrain: tuple[tuple[str, ...], ...]  # [y][x] "F" | "P"
    food: tuple[tuple[int, ...], ...]
    caves: tuple[Cave, ...]
    waterfalls: tuple[tuple[int, int], ...]

    @property
    def offset(self) -> int:
        return 0 if self.side == "left" else 4


@dataclass(frozen=True, eq=False)
class Valley:
    """An assembled valley: every square numbered, with its neighbours precomputed.

    Squares 0..39 are the valley (``x + 8 * y``); then the caves sorted by (y, x), then the
    waterfalls sorted by (y, x). That order is also the order of ``SetMountainTokens``.
    """

    left: str
    right: str
    coord: tuple[tuple[int, int], ...]
    kind: tuple[str, ...]  # F P C W
    food: tuple[int, ...]
    shelter: tuple[tuple[int, int] | None, ...]
    #: per square, the square one step away in each rotation's direction (-1: none); waterfalls never
    step: tuple[tuple[int, int, int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    index: Mapping[tuple[int, int], int]
    specials: tuple[int, ...]  # caves then waterfalls
    caves: tuple[int, ...]
    entrance: Mapping[int, int]  # cave -> its entrance square

    def name(self, square: int) -> str:
        x, y = self.coord[square]
        what = {FOREST: "forest", PLAIN: "plain", CAVE: "cave", WATERFALL: "waterfall"}[self.kind[square]]
        return f"{what} ({x}, {y})"


@dataclass(frozen=True, eq=False)
class Components:
    """A complete set of tiles and faces, validated."""

    status: str
    provenance: str
    source: str
    tiles: Mapping[int, TileData]
    faces: Mapping[str, Face]
    pieces: Mapping[str, tuple[str, ...]]
    steak_table: tuple[int, ...]
    _valleys: dict[tuple[str, str], Valley] = field(default_factory=dict, repr=False)

    @cached_property
    def left_pieces(self) -> tuple[str, ...]:
        return tuple(p for p, faces in self.pieces.items() if self.faces[faces[0]].side == "left")

    @cached_property
    def right_pieces(self) -> tuple[str, ...]:
        return tuple(p for p, faces in self.pieces.items() if self.faces[faces[0]].side == "right")

    def steak_food(self, steaks: int) -> int:
        """Food for converting ``steaks`` at once (RB 107: five or more are worth the most)."""
        return 0 if steaks <= 0 else self.steak_table[min(steaks, len(self.steak_table)) - 1]

    def valley(self, left: str, right: str) -> Valley:
        key = (left, right)
        if key not in self._valleys:
            self._valleys[key] = _assemble(self.faces[left], self.faces[right])
        return self._valleys[key]


def _assemble(left: Face, right: Face) -> Valley:
    coords: list[tuple[int, int]] = [(x, y) for y in range(HEIGHT) for x in range(WIDTH)]
    kind: list[str] = []
    food: list[int] = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            face = left if x < 4 else right
            kind.append(face.terrain[y][x - face.offset])
            food.append(face.food[y][x - face.offset])
    shelter: list[tuple[int, int] | None] = [None] * len(coords)
    caves = sorted(((c.at[0] + f.offset, c.at[1]), c.shelter) for f in (left, right) for c in f.caves)
    caves.sort(key=lambda c: (c[0][1], c[0][0]))
    falls = sorted(((w[0] + f.offset, w[1]) for f in (left, right) for w in f.waterfalls), key=lambda c: (c[1], c[0]))
    cave_ids = []
    for at, values in caves:
        cave_ids.append(len(coords))
        coords.append(at)
        kind.append(CAVE)
        food.append(0)
        shelter.append(values)
    for at in falls:
        coords.append(at)
        kind.append(WATERFALL)
        food.append(0)
        shelter.append(None)
    index = {c: i for i, c in enumerate(coords)}
    steps = []
    for i, (x, y) in enumerate(coords):
        row = []
        for rotation in ROTATIONS:
            dx, dy = STEPS[rotation]
            j = index.get((x + dx, y + dy), -1)
            # waterfalls hold nothing and touch nothing; caves touch only their entrance
            if kind[i] == WATERFALL or (j >= 0 and kind[j] == WATERFALL) or (j >= 0 and kind[i] == CAVE and kind[j] == CAVE):
                j = -1
            row.append(j)
        steps.append((row[0], row[1], row[2], row[3]))
    neighbours = tuple(tuple(j for j in row if j >= 0) for row in steps)
    entrance = {c: neighbours[c][0] for c in cave_ids}
    return Valley(left.id, right.id, tuple(coords), tuple(kind), tuple(food), tuple(shelter), tuple(steps),
                  neighbours, index, tuple(cave_ids) + tuple(range(len(coords) - len(falls), len(coords))),
                  tuple(cave_ids), entrance)


# -- validation: the structure by components.schema.json, the geometry and counts here -------------

def schema() -> Mapping[str, Any]:
    """The JSON Schema of a components file (published in the docs: docs/validation.md)."""
    return load_schema(__package__, "components.schema.json")


def read_components(source: str | PurePath | Mapping[str, Any] | bytes, what: str = "Sapiens components") -> dict[str, Any]:
    """A components file (path, YAML bytes or mapping) as plain data checked against the schema:
    what a save holds. Read by the package's one reader of user files."""
    if isinstance(source, bytes):
        data = parse_yaml(decode(source, what=what, error=ComponentDataError), what=what, error=ComponentDataError)
    else:
        if isinstance(source, Mapping) and not isinstance(source, dict):
            source = dict(source)
        data = read_data(source, what=what, limit=MAX_BYTES, error=ComponentDataError)
    check(schema(), data, what=what, error=ComponentDataError)
    return data  # type: ignore[no-any-return]


def _parse_tiles(raw: Any, src: str) -> dict[int, TileData]:
    tiles: dict[int, TileData] = {}
    for entry in raw:
        tid, scenes = entry["id"], entry["scenes"]
        where = f"{src}: tile {tid}"
        if tid in tiles:
            raise ComponentDataError(f"{where}: id used twice")
        if scenes[0] == scenes[1]:
            raise ComponentDataError(f"{where}: both halves are {scenes[0]!r} (a tile shows two different scenes)")
        tiles[tid] = TileData(tid, (scenes[0], scenes[1]))
    return tiles


def _parse_face(raw: Any, src: str, n: int, pieces: dict[str, tuple[str, ...]]) -> Face:
    entry = raw
    fid, side, piece = entry["id"], entry["side"], entry["piece"]
    where = f"{src}: face {fid}"
    if piece not in pieces or fid not in pieces[piece]:
        raise ComponentDataError(f"{where}: piece {piece!r} is not listed under pieces with this face")
    terrain, food = [], []
    for row in entry["rows"]:  # the schema's pattern: 4 cells like 'F2'
        cells = row.split()
        terrain.append(tuple(c[0] for c in cells))
        food.append(tuple(int(c[1:]) for c in cells))
    inner = 4 if side == "left" else -1

    def inside(p: tuple[int, int]) -> bool:
        return 0 <= p[0] < 4 and 0 <= p[1] < HEIGHT

    caves: list[Cave] = []
    for c in entry["caves"]:
        at = (c["at"][0], c["at"][1])
        cw = f"{where} cave at {at}"
        if inside(at):
            raise ComponentDataError(f"{cw}: inside the valley (caves lie outside the 4 x 5 squares)")
        touching = [(at[0] + dx, at[1] + dy) for dx, dy in STEPS.values() if inside((at[0] + dx, at[1] + dy))]
        if len(touching) != 1:
            raise ComponentDataError(f"{cw}: not next to the valley (a cave touches exactly one valley square)")
        if at[0] == inner:
            raise ComponentDataError(f"{cw}: on the seam side of the face")
        entrance = (c["entrance"][0], c["entrance"][1])
        if entrance != touching[0]:
            raise ComponentDataError(f"{cw}: entrance {entrance} is not its only neighbouring square {touching[0]}")
        high, low = c["shelter"]
        if high < low:
            raise ComponentDataError(f"{cw}: shelter [{high}, {low}]: the value with a token must be the higher one")
        # the reconstruction never puts two caves side by side or on one entrance; that is a choice, not a fact
        if any(other.entrance == entrance for other in caves):
            warnings.warn(f"{cw}: shares its entrance {entrance} with another cave", ComponentDataWarning, stacklevel=4)
        if any(abs(other.at[0] - at[0]) + abs(other.at[1] - at[1]) == 1 for other in caves):
            warnings.warn(f"{cw}: next to another cave", ComponentDataWarning, stacklevel=4)
        caves.append(Cave(at, entrance, (high, low)))
    falls_raw = entry.get("waterfalls", [entry["waterfall"]] if "waterfall" in entry else [])
    falls = []
    for w in falls_raw:
        at = (w[0], w[1])
        if inside(at) or any(c.at == at for c in caves):
            raise ComponentDataError(f"{where} waterfall at {at}: must lie outside the valley and on no cave")
        if not (-1 <= at[0] <= 4 and -1 <= at[1] <= HEIGHT):
            raise ComponentDataError(f"{where} waterfall at {at}: not on the edge of the face")
        falls.append(at)
    if len(caves) != 3 or len(falls) != 1:
        warnings.warn(f"{where}: {len(caves)} caves and {len(falls)} waterfalls; the reconstruction has 3 and 1",
                      ComponentDataWarning, stacklevel=4)
    return Face(fid, piece, side, tuple(terrain), tuple(food), tuple(caves), tuple(falls))


def parse_components(data: Any, *, source: str = "components", trusted: bool = False) -> Components:
    """Check a components mapping (as read from YAML) and build :class:`Components`: the
    structure against the schema (skipped for the package's own ``trusted`` file), then the
    geometry, the pieces and the counts."""
    src = source
    if not trusted:
        check(schema(), data, what=src, error=ComponentDataError)
    table = data.get("steak_table", [1, 3, 5, 7, 10])
    tiles = _parse_tiles(data["tiles"], src)
    pieces: dict[str, tuple[str, ...]] = {}
    for p in data["pieces"]:
        if p["id"] in pieces:
            raise ComponentDataError(f"{src}: piece {p['id']}: listed twice")
        pieces[p["id"]] = tuple(p["faces"])
    faces: dict[str, Face] = {}
    for n, raw in enumerate(data["faces"], 1):
        face = _parse_face(raw, src, n, pieces)
        if face.id in faces:
            raise ComponentDataError(f"{src}: face {face.id}: listed twice")
        faces[face.id] = face
    for pid, fids in pieces.items():
        for fid in fids:
            if fid not in faces:
                raise ComponentDataError(f"{src}: piece {pid}: face {fid!r} is not described under faces")
        if len({faces[f].side for f in fids}) != 1:
            raise ComponentDataError(f"{src}: piece {pid}: its faces must be on the same side (left or right)")
    comps = Components(data["status"], data["provenance"].strip(), src, tiles, faces, pieces, tuple(table))
    if len(comps.left_pieces) < 4 or len(comps.right_pieces) < 4:
        raise ComponentDataError(f"{src}: expected at least 4 Left and 4 Right pieces (4 players need distinct pieces), "
                                 f"found {len(comps.left_pieces)} and {len(comps.right_pieces)}")
    lefts = [f for f in faces.values() if f.side == "left"]
    rights = [f for f in faces.values() if f.side == "right"]
    for lf in lefts:
        for rf in rights:
            v = comps.valley(lf.id, rf.id)
            n_caves = sum(1 for k in v.kind if k == CAVE)
            if n_caves != 6:
                warnings.warn(f"{src}: valley {lf.id} + {rf.id} has {n_caves} caves; the rulebook's valleys have 6",
                              ComponentDataWarning, stacklevel=3)
            seam = [c for c in v.caves if v.coord[c][0] in (3, 4)]
            for a in seam:
                for b in seam:
                    if a < b and abs(v.coord[a][0] - v.coord[b][0]) + abs(v.coord[a][1] - v.coord[b][1]) == 1:
                        warnings.warn(f"{src}: valley {lf.id} + {rf.id}: caves {v.coord[a]} and {v.coord[b]} touch "
                                      "across the seam", ComponentDataWarning, stacklevel=3)
    totals = {f.id: sum(map(sum, f.food)) for f in faces.values()}
    if len(set(totals.values())) > 1:
        warnings.warn(f"{src}: faces carry different food totals: {totals}", ComponentDataWarning, stacklevel=3)
    halves = {s: 0 for s in SCENES}
    for t in tiles.values():
        for s in t.scenes:
            halves[s] += 1
    for s, count in halves.items():
        if count < 12:
            warnings.warn(f"{src}: scene {s} is on only {count} halves", ComponentDataWarning, stacklevel=3)
    return comps


def _examples_profile(comps: Components) -> Components:
    """The same faces with every cave worth 7/5 (the only cave value the rulebook shows)."""
    faces = {fid: Face(f.id, f.piece, f.side, f.terrain, f.food,
                       tuple(Cave(c.at, c.entrance, (7, 5)) for c in f.caves), f.waterfalls)
             for fid, f in comps.faces.items()}
    return Components(comps.status, comps.provenance + " Examples profile: every cave 7/5.", "examples",
                      comps.tiles, faces, comps.pieces, comps.steak_table)


_cache: dict[str, Components] = {}


def validate_components(path_or_mapping: str | PurePath | Mapping[str, Any] | bytes) -> Components:
    """Read and check a components file (a path, YAML bytes, or an already parsed mapping).

    Raises :class:`ComponentDataError` naming the tile, face or square at fault; differences
    from the reconstruction's own conventions are :class:`ComponentDataWarning` warnings.

    >>> validate_components({"format": "widgetpkg-sapiens-components"})
    Traceback (most recent call last):
    ...
    widgetpkg.games.sapiens.components.ComponentDataError: Sapiens components: missing version, status, provenance, tiles, pieces, faces
    """
    what = clip(str(path_or_mapping), 80) if isinstance(path_or_mapping, (str, PurePath)) else "components"
    return parse_components(read_components(path_or_mapping), source=what, trusted=True)


def load_components(name_or_path: str | PurePath | Mapping[str, Any] = "reconstruction") -> Components:
    """The built-in ``"reconstruction"`` (or ``"examples"``: every cave 7/5), or a user's file."""
    if not (isinstance(name_or_path, str) and name_or_path in BUILTIN):
        return validate_components(name_or_path)  # a user's file is read afresh: it may have changed
    key = name_or_path
    if key not in _cache:
        raw = (resources.files(__package__) / "data" / BUILTIN[key]).read_text("utf-8")
        # the package's own file: parsed by libyaml where installed (a tenth of the time); its
        # geometry is still checked, its structure is trusted
        data = yaml.load(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 -- a safe loader
        comps = parse_components(data, source=BUILTIN[key], trusted=True)
        _cache[key] = _examples_profile(comps) if key == "examples" else comps
    return _cache[key]
