"""Where a tile may go: the placement rules of Sapiens as pure functions of a valley's contents.

A valley's contents are given as ``board`` (square -> (tile, scene, tribe)) and ``blocked``
(squares with a bear). Rules (ids of the spec, rulebook lines in docs/rulings-sapiens.md):
P1 two adjacent free squares, P2 connected to the active tribe and touching no abandoned tile,
P3 every contact shows the same scene, P3a no Picking on a Plain, P3b a cave with a token takes
only that token's scene.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from .components import CAVE, PLAIN, ROTATIONS, TileData, Valley

CONFLICT = "!"  # a free square whose neighbours show different scenes or an abandoned tile


def requirements(valley: Valley, board: Mapping[int, tuple[int, str, int]], tribe: int,
                 ignore_abandoned: bool = False) -> dict[int, str]:
    """For each free square touching a tile: the scene a half laid there must show, or CONFLICT."""
    need: dict[int, str] = {}
    neighbours = valley.neighbours
    for square, (_, scene, owner_tribe) in board.items():
        if owner_tribe != tribe:
            if ignore_abandoned:
                continue
            scene = CONFLICT
        for n in neighbours[square]:
            if n in board:
                continue
            have = need.get(n)
            if have is None:
                need[n] = scene
            elif have != scene:
                need[n] = CONFLICT
    return need


def square_problem(valley: Valley, square: int, scene: str, *, picking_on_plain: bool,
                   token: str | None) -> str | None:
    """Why ``scene`` may not lie on ``square`` whatever its neighbours (P3a, P3b)."""
    kind = valley.kind[square]
    if kind == PLAIN and scene == "picking" and not picking_on_plain:
        return f"a picking scene may not lie on a plain ({valley.name(square)}) (RB 52)"
    if kind == CAVE and token is not None and token != scene:
        return f"the half on {valley.name(square)} must show {token}, the scene of the mountain token there (RB 67)"
    return None


def regular_placements(valley: Valley, board: Mapping[int, tuple[int, str, int]], blocked: Iterable[int],
                       tribe: int, tiles: Iterable[TileData], tokens: Mapping[int, str], *,
                       picking_on_plain: bool, ignore_abandoned: bool = False,
                       need: Mapping[int, str] | None = None) -> list[tuple[int, int, int, int]]:
    """Every legal (tile, square of scene a, square of scene b, rotation) touching the active tribe.

    Each free square touching the tribe says which scene it needs (``need``, kept up to date by the
    game, or computed here); only the pool tiles showing that scene are tried there, so the cost
    grows with the frontier, not with the valley."""
    if need is None:
        need = requirements(valley, board, tribe, ignore_abandoned)
    blocked = set(blocked)
    by_scene: dict[str, list[tuple[int, str, bool]]] = {}
    for tile in tiles:
        a, b = tile.scenes
        by_scene.setdefault(a, []).append((tile.id, b, True))
        by_scene.setdefault(b, []).append((tile.id, a, False))
    kind = valley.kind
    step = valley.step
    out: list[tuple[int, int, int, int]] = []
    done: set[tuple[int, int]] = set()
    for s, scene in need.items():
        if scene == CONFLICT or s in blocked or scene not in by_scene or not fits_square(kind[s], scene, picking_on_plain, tokens.get(s)):
            continue
        for r, n in zip(ROTATIONS, step[s]):
            if n < 0 or n in board or n in blocked:
                continue
            nn = need.get(n)
            if nn == CONFLICT or (nn is not None and n in blocked):
                continue
            if nn is not None:
                # both squares touch the tribe: the pair is tried once, from its smaller square
                if (n, s) in done:
                    continue
                done.add((s, n))
            for tile_id, other, scene_is_a in by_scene[scene]:
                if nn is not None and other != nn:
                    continue
                if not fits_square(kind[n], other, picking_on_plain, tokens.get(n)):
                    continue
                out.append((tile_id, s, n, r) if scene_is_a else (tile_id, n, s, (r + 180) % 360))
    return out


def fits_square(kind: str, scene: str, picking_on_plain: bool, token: str | None) -> bool:
    """Whether a half showing ``scene`` may lie on a square of ``kind`` (no Picking on a Plain unless
    the rule allows it; on a cave, the scene of its ``token`` if one lies there)."""
    if kind == PLAIN and scene == "picking" and not picking_on_plain:
        return False
    return not (kind == CAVE and token is not None and token != scene)


def free_caves(valley: Valley, board: Mapping[int, tuple[int, str, int]], blocked: Iterable[int],
               touch_ok: Callable[[int], bool]) -> Iterator[int]:
    """Caves a tribe could start in: neither the cave nor its entrance holds a tile or is
    ``blocked`` (a bear), and ``touch_ok(entrance)`` allows what lies around the entrance."""
    blocked = set(blocked)
    for cave in valley.caves:
        entrance = valley.entrance[cave]
        if cave in board or entrance in board or entrance in blocked or cave in blocked:
            continue
        if touch_ok(entrance):
            yield cave


def cave_starts(valley: Valley, board: Mapping[int, tuple[int, str, int]], blocked: Iterable[int],
                tiles: Iterable[TileData], tokens: Mapping[int, str], *, need_token: bool,
                touch_ok: Callable[[int], bool], picking_on_plain: bool = False) -> list[tuple[int, int, int, int]]:
    """Tiles laid on a free cave and its free entrance: a starting cave (``need_token``: the cave
    holds a token and the half on it shows that scene) or a new tribe (any scene, token removed).
    ``touch_ok(entrance)`` says whether the entrance may touch what lies around it."""
    out = []
    tiles = list(tiles)
    for cave in free_caves(valley, board, blocked, touch_ok):
        entrance = valley.entrance[cave]
        token = tokens.get(cave)
        if need_token and token is None:
            continue
        rot = next(r for r, n in zip(ROTATIONS, valley.step[cave]) if n == entrance)
        for tile in tiles:
            a, b = tile.scenes
            for on_cave, on_entrance, flipped in ((a, b, False), (b, a, True)):
                if need_token and on_cave != token:
                    continue
                if not fits_square(valley.kind[entrance], on_entrance, picking_on_plain, None):
                    continue
                if flipped:
                    out.append((tile.id, entrance, cave, (rot + 180) % 360))
                else:
                    out.append((tile.id, cave, entrance, rot))
    return out
