"""Building Sapiens scenarios: a game whose valleys, tokens, pools and tiles a test chooses.

Scenarios give the reconstruction's faces L1a + R1a to the player to move and L2a + R2a,
L3a + R3a, L4a + R4a to the others in seat order. What a scenario needs from them:
L1a + R1a: cave (-1, 2) worth 7/5 with entrance (0, 2), a Plain worth 2; cave (0, -1) 8/6,
entrance (0, 0) Forest 1; square (2, 2) a Plain worth 3; (3, 2) Forest 3; (1, 1) Forest 1.
"""

from __future__ import annotations

from typing import Any

import widgetpkg as wp
from widgetpkg.games.sapiens import SCENES, Sapiens

FACES = [("L1a", "R1a"), ("L2a", "R2a"), ("L3a", "R3a"), ("L4a", "R4a")]


def tiles_with(scenes: tuple[str, str]) -> list[int]:
    """Ids of the reconstruction's tiles showing exactly these two scenes (in that order)."""
    from widgetpkg.games.sapiens import load_components
    return [t.id for t in load_components().tiles.values() if t.scenes == scenes]


def scenario(players: tuple[str, ...] = ("Marceau", "Vianney"), *, seed: int = 1, to_move: str | None = None,
             phase: str = "main", pools: dict[str, list[int]] | None = None, board: dict[str, list[tuple]] | None = None,
             tokens: dict[str, dict[tuple[int, int], str]] | None = None, hand: dict[str, list[str]] | None = None,
             used: dict[str, list[str]] | None = None, food: dict[str, int] | None = None,
             shelter: dict[str, int] | None = None, steaks: dict[str, int] | None = None,
             fight: dict[int, list[str]] | None = None, tribe: dict[str, int] | None = None,
             started: bool = True, **extra: Any) -> Sapiens:
    """A game put into a chosen position with one ``edit()`` (one undoable setup step)."""
    g = wp.new_game("sapiens", players=list(players), seed=seed)
    pools = pools or {}
    board = board or {}
    named = {t for ts in pools.values() for t in ts} | {t[0] for ts in board.values() for t in ts}
    with g.edit() as s:
        free = [t for t in range(1, 64) if t not in named]
        for owner in ("common", *players):
            if owner in pools:
                s.pools[owner] = list(pools[owner])
            else:
                size = 5 if owner == "common" else 4
                s.pools[owner] = [free.pop() for _ in range(size)]
        s.fight = {t: list(o) for t, o in (fight or {}).items()}
        mover = to_move or players[0]
        order = [mover] + [p for p in players if p != mover]
        for p in players:
            faces = FACES[order.index(p)]
            s.valleys[p] = faces
            v = g.components.valley(*faces)
            specials = [v.coord[sq] for sq in v.specials]
            chosen = dict((tokens or {}).get(p, {}))
            elsewhere = set((hand or {}).get(p, [])) | set((used or {}).get(p, []))
            rest = [sc for sc in SCENES if sc not in chosen.values() and sc not in elsewhere]
            laid = {(x, y) for t, x, y, r, *_ in board.get(p, []) for (x, y) in [(x, y), _step(x, y, r)]}
            spots = {}
            for c in specials:
                if c in chosen:  # None: leave that special square without a token
                    if chosen[c] is not None:
                        spots[c] = chosen[c]
                elif c not in laid and rest:
                    spots[c] = rest.pop(0)
            s.tokens[p] = spots
            s.hand[p] = list((hand or {}).get(p, []))
            s.used[p] = list((used or {}).get(p, []))
            s.removed_tokens[p] = rest
            s.tiles[p] = [(t, x, y, r, rest_[0] if rest_ else 1) for t, x, y, r, *rest_ in board.get(p, [])]
            s.tribe[p] = (tribe or {}).get(p, max([tr for *_, tr in s.tiles[p]], default=0))
            s.food[p] = (food or {}).get(p, 0)
            s.shelter[p] = (shelter or {}).get(p, 0)
            s.steaks[p] = (steaks or {}).get(p, 0)
            s.turns_played[p] = 1 if started else 0
            s.bears[p] = {}
        s.to_move = to_move or players[0]
        s.phase = phase
        s.flags = []
        s.pending = []
        s.held = None
        s.out = []
        s.discarded = []
        unseen = 63 - len({t for ts in s.pools.values() for t in ts} | {t[0] for ts in s.tiles.values() for t in ts})
        s.stack = min(s.stack, unseen)
        for key, value in extra.items():
            setattr(s, key, value)
    return g


def _step(x: int, y: int, r: int) -> tuple[int, int]:
    dx, dy = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[r]
    return (x + dx, y + dy)


def snapshot(g: Sapiens) -> tuple:
    """A comparable copy of everything in the state. Containers hold only immutable values (ints,
    strings, tuples: test_random_games checks it), so copying each container is a deep copy."""
    out = []
    for name in (*g._state_names, "_stack", "_removed"):
        value = getattr(g, name)
        if isinstance(value, dict):
            value = dict(value)
        elif isinstance(value, list):
            value = list(value)
        out.append((name, value))
    return tuple(out)


def texts(events: list) -> list[str]:
    return [str(e) for e in events]


