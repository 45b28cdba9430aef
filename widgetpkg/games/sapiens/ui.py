"""The Sapiens adapter on the widget-free UI contract: valleys, pools, tracks, clicks.

The picture (world units = one valley square): each player's valley is a 10 x 7 region (the
8 x 5 squares with a ring of caves and waterfalls around them), two valleys a row; above each valley
its owner's name and tracks, under it its owner's pool; the common pool in a row at the bottom. Tiles
are dominoes of scene pictures; the numbers a player decides by (food values, cave values, tracks)
are the largest texts; tile numbers and pool names are in the hover text.

>>> import widgetpkg as wp
>>> from widgetpkg.ui.contract import Style, ui_for
>>> g = wp.new_game("sapiens", players=2, seed=1)
>>> ui = ui_for(g)
>>> [r.title for r in ui.regions(g)]
["Red's valley", "Blue's valley", 'Common pool']
>>> all(a in g.legal_actions() for t in ui.targets(g) for a in t.choices)
True
>>> ui.svg(g, Style()).startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

from ...core import Action
from ...core.grammar import agree, names, possessive, sentence
from ...render.icons import icons_of
from ...render.painter import Painter, Recorder
from ...render.svg import to_svg
from ...ui.contract import (
    Choice,
    Column,
    GameUI,
    Inspection,
    LegendItem,
    Rect,
    Region,
    Section,
    Style,
    Target,
    View,
    esc,
    register_ui,
)
from ...ui.palette import (
    EMPHASIS,
    FOREST_EDGE,
    FRAME,
    HALO,
    INK,
    LAST_MOVE,
    MEADOW,
    ROCK,
    ROCK_DARK,
    TARGET,
    WATER_EDGE,
    WATER_LIGHT,
    ink_on,
    seat_marks,
    tint,
)
from ...ui.palette import FOREST as LAND_FOREST
from .actions import (
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
from .components import CAVE, FOREST, STEPS, WATERFALL
from .game import Sapiens

#: scene colours (after the printed icons' colours); the picture on each scene tells them apart
#: without colour (game-icons.net outlines, see docs/credits.md)
SCENE_COLOUR = {"feast": "#f4f1ea", "picking": "#2e7d32", "ritual": "#9e9e9e", "water": "#1e88e5",
                "camp": "#fb8c00", "hunt": "#8d6e63", "fight": "#d32f2f", "fire": "#fdd835"}
SCENE_ICON = {"feast": "crossed-bones", "picking": "fruit-tree", "ritual": "rune-stone", "water": "waves",
              "camp": "camping-tent", "hunt": "mammoth", "fight": "fist", "fire": "flame"}
#: the scenes' names as the rulebook writes them
SCENE_NAME = {scene: scene.capitalize() for scene in SCENE_ICON}
#: the valley's ground in the family's land colours, forest and plain as light tints (a laid tile's
#: scene, Picking's green above all, stands out on them; forests also carry trees, caves and waterfalls
#: their icons)
TERRAIN = {FOREST: tint(LAND_FOREST, 0.65), "P": tint(MEADOW, 0.6), CAVE: ROCK_DARK, WATERFALL: WATER_LIGHT}
TERRAIN_NAME = {FOREST: "forest", "P": "plain", CAVE: "cave", WATERFALL: "waterfall"}
ICONS = icons_of(__package__)
VALLEY_W, VALLEY_H, GAP = 10, 7, 1
#: Every text is at least this many squares tall: at 1280x800 in JupyterLab the two-column board
#: (21 squares wide) was measured 504 CSS px wide beside the panel, so 0.46 squares is 11 px there.
TEXT = 0.46
BIG_TEXT = 0.52       # the food values and cave values on the squares, the numbers that matter most
HEAD = 0.8            # the row above a valley: its owner's name, both tracks and the steaks
POOL_GAP = 0.3        # between a valley and the row of its owner's pool under it
BLOCK_H = HEAD + VALLEY_H + 1.6   # one player's block: header, valley, pool (and the fight tokens under it)
SLOT = 2.5            # from one pool domino to the next
HEADER_TEXT = 0.5     # the owners' names, the tracks and the steaks above the valleys
TOKEN_AT = (0.62, 0.64)  # a mountain token's centre on its square, clear of the cave's value
COMMON_LABEL = 4.0    # room left of the common pool's dominoes for its title
ROW = 1.5             # the common pool's row
#: targets drawn on pool tiles (which lie above the marks layer)
_POOL_TARGETS = ("pool", "common", "fight", "water")


def _columns(game: Sapiens) -> int:
    """Valleys two by two: the board stays about as wide as it is tall for 3 or 4 players, so it
    is drawn large on a 16:9 or 16:10 screen beside the panel."""
    return 2


def _origin(game: Sapiens, player: str) -> tuple[float, float]:
    """The top-left corner of ``player``'s valley (its ring of caves and waterfalls)."""
    k = game.players.index(player)
    col, row = k % _columns(game), k // _columns(game)
    return (col * (VALLEY_W + GAP), row * BLOCK_H + HEAD)


def _rows(game: Sapiens) -> int:
    return -(-len(game.players) // _columns(game))


def _common_in_a_block(game: Sapiens) -> bool:
    """With an odd number of players the common pool takes the free place of a valley."""
    return len(game.players) % _columns(game) != 0


def _common_rect(game: Sapiens) -> tuple[float, float, float, float]:
    """The common pool's frame: a valley's free place, or a row under all the valleys."""
    if _common_in_a_block(game):
        x0, top = (len(game.players) % _columns(game)) * (VALLEY_W + GAP), (_rows(game) - 1) * BLOCK_H + HEAD
        return (x0, top, x0 + VALLEY_W, top + VALLEY_H)
    top = _rows(game) * BLOCK_H
    return (0.0, top, _columns(game) * (VALLEY_W + GAP) - GAP, top + ROW)


def _square_world(game: Sapiens, player: str, x: int, y: int) -> tuple[float, float]:
    ox, oy = _origin(game, player)
    return (ox + 1 + x, oy + 1 + y)


def _pool_slot(game: Sapiens, owner: str, index: int) -> tuple[float, float]:
    """Where a pool's domino lies: a player's pool under their valley, the common pool in a row
    at the bottom, right of its title."""
    if owner == "common":
        x0, top, _, _ = _common_rect(game)
        if _common_in_a_block(game):   # under its title, four a row
            return (x0 + 0.25 + (index % 4) * SLOT, top + 1.4 + (index // 4) * 1.8)
        return (COMMON_LABEL + index * SLOT, top + 0.2)
    ox, oy = _origin(game, owner)
    return (ox + 0.25 + index * SLOT, oy + VALLEY_H + POOL_GAP)


@register_ui
class SapiensUI(GameUI[Sapiens]):
    """Draws every valley and pool; targets are legal placements (cycled), pool tiles (a menu of
    their placements), common-pool tiles at the refill (taken, or a menu of discards), tokens,
    bears; everything else is in the prompt."""

    game_name = "sapiens"
    board_kind = "fixed"
    cycle_label = "Next placement"
    keys = {"r": "cycle", "enter": "play", "u": "undo", "y": "redo"}
    default_scale = 40

    # -- geometry -------------------------------------------------------------------------------
    def extent(self, game: Sapiens) -> Rect:
        width = min(len(game.players), _columns(game)) * (VALLEY_W + GAP) - GAP
        return (0.0, 0.0, float(width), max(_rows(game) * BLOCK_H, _common_rect(game)[3]))

    def regions(self, game: Sapiens) -> list[Region]:
        out = []
        for p in game.players:
            ox, oy = _origin(game, p)
            out.append(Region(("valley", p), sentence(f"{possessive(p)} valley"), (ox, oy, ox + VALLEY_W, oy + VALLEY_H)))
        x0, y0, x1, y1 = self.extent(game)
        out.append(Region(("pools",), "Common pool", _common_rect(game)))
        return out

    def ref_point(self, game: Sapiens, ref: Any) -> tuple[float, float] | None:
        if isinstance(ref, tuple) and len(ref) == 4 and ref[0] == "square" and ref[1] in game.players:
            wx, wy = _square_world(game, ref[1], ref[2], ref[3])
            return (wx + 0.5, wy + 0.5)
        return None

    # -- background: valleys and laid tiles ------------------------------------------------------
    def background(self, game: Sapiens) -> dict[Hashable, Any]:
        out: dict[Hashable, Any] = {}
        for p in game.players:
            v = game.valley(p)
            ox, oy = _origin(game, p)
            squares = tuple((v.coord[s], v.kind[s], v.food[s], _shelter_now(game, p, s)) for s in range(len(v.coord)))
            out[("valley", p)] = (ox, oy, squares)
        for tile, (p, a, b, tribe) in game._laid.items():
            v = game.valley(p)
            face_up = tribe == game._tribe[p]
            scenes = game.tile(tile)
            out[("tile", tile)] = (_square_world(game, p, *v.coord[a]), _square_world(game, p, *v.coord[b]),
                                  scenes, face_up)
        return out

    def piece_rect(self, key: Hashable, value: Any) -> Rect:
        if key[0] == "valley":  # type: ignore[index]
            ox, oy, _ = value
            return (ox, oy, ox + VALLEY_W, oy + VALLEY_H)
        (ax, ay), (bx, by), _, _ = value
        return (min(ax, bx), min(ay, by), max(ax, bx) + 1, max(ay, by) + 1)

    def draw_piece(self, painter: Painter, key: Hashable, value: Any, view: View) -> None:
        s = view.scale
        if key[0] == "valley":  # type: ignore[index]
            ox, oy, squares = value
            for (x, y), kind, food, shelter in squares:
                px, py = view.to_pixel(ox + 1 + x, oy + 1 + y)
                draw_square(painter, kind, food, shelter, px, py, s)
            return
        (ax, ay), (bx, by), scenes, face_up = value
        for (wx, wy), scene in (((ax, ay), scenes[0]), ((bx, by), scenes[1])):
            px, py = view.to_pixel(wx, wy)
            if face_up:
                draw_half(painter, scene, px, py, s)
            else:  # an abandoned tribe: face down, crossed so that it reads without colour
                _draw_face_down(painter, px, py, s)

    # -- figures: tokens, bears, pools -----------------------------------------------------------
    def figures_key(self, game: Sapiens) -> Hashable:
        return (tuple(sorted(game._tokens.items())), tuple(sorted(game._bears.items())),
                tuple(sorted(game._pools.items())), tuple(sorted(game._fight.items())),
                tuple(_tracks_text(game, p) for p in game.players))

    def draw_figures(self, painter: Painter, game: Sapiens, view: View, *, style: Style) -> None:
        s = view.scale
        for (p, sq), scene in game._tokens.items():
            wx, wy = _square_world(game, p, *game.valley(p).coord[sq])
            px, py = view.to_pixel(wx + TOKEN_AT[0], wy + TOKEN_AT[1])
            draw_token(painter, scene, px, py, s, style.colour(p, game.players))
        for (p, sq), placer in game._bears.items():
            wx, wy = _square_world(game, p, *game.valley(p).coord[sq])
            px, py = view.to_pixel(wx + 0.5, wy + 0.5)
            draw_bear(painter, px, py, s, style.colour(placer, game.players))
        for p in game.players:
            self._draw_header(painter, game, p, view, style)
        for owner in ("common", *game.players):   # each pool lies under its valley: no name needed
            for i, tile in enumerate(game._pools[owner]):
                self._draw_domino(painter, game, tile, *_pool_slot(game, owner, i), view, style)

    def _draw_header(self, painter: Painter, game: Sapiens, player: str, view: View, style: Style) -> None:
        """Right of a valley's name: its food track, its shelter track (a star on the weaker one,
        the score) and its mammoth steaks, each a picture and a number."""
        s = view.scale
        size = HEADER_TEXT * s
        left, top = view.to_pixel(*_origin(game, player))
        x = left + VALLEY_W * s - 0.1 * s
        y = top - HEAD * s / 2
        for icon, words, colour in reversed(_header_items(game, player)):
            painter.text(x, y, words, size=size, anchor="end", bold=True, fill=INK, halo=HALO,
                         halo_width=3)
            x -= _text_width(words, size, True) + 0.05 * s
            painter.icon(ICONS[icon], x - 0.3 * s, y, 0.6 * s, fill=colour)
            x -= 0.6 * s + 0.25 * s

    def draw_regions(self, painter: Painter, game: Sapiens, view: View) -> None:
        """The valleys framed and named by their owners (the name shortened if the tracks need its
        room); the common pool framed and titled left of its dominoes."""
        s = view.scale
        size = HEADER_TEXT * s
        for region in self.regions(game):
            x0, y0, x1, y1 = region.rect
            px, py = view.to_pixel(x0, y0)
            qx, qy = view.to_pixel(x1, y1)
            painter.rect(px, py, qx - px, qy - py, stroke=FRAME, width=1.5, alpha=0.8)
            key = region.key
            if isinstance(key, tuple) and key[0] == "valley":
                room = VALLEY_W * s - _header_width(game, key[1], s) - 0.4 * s
                painter.text(px + 0.1 * s, py - HEAD * s / 2, _valley_title(key[1], size, room), size=size,
                             anchor="start", bold=True, fill=INK, halo=HALO, halo_width=3)
            else:
                painter.text(px + 0.2 * s, py + ROW * s / 2, region.title, size=TEXT * s, anchor="start",
                             bold=True, fill=INK)

    def _draw_domino(self, painter: Painter, game: Sapiens, tile: int, wx: float, wy: float, view: View,
                     style: Style) -> None:
        s = view.scale
        for k, scene in enumerate(game.tile(tile)):
            px, py = view.to_pixel(wx + k, wy)
            draw_half(painter, scene, px - 2, py - 2, s + 4)
        px, py = view.to_pixel(wx, wy)   # no tile number: clicking the tile picks it, hovering names it
        marks = seat_marks(game.players)
        for j, owner in enumerate(game._fight.get(tile, ())):
            # the owner's letter, not a fist: seat colours alone are alike to colour-blind eyes
            # (fight tokens lie only on pool tiles, so the disc there says what it is)
            cx, cy = px + s * (0.3 + 0.5 * j), py + s * 0.92
            colour = style.colour(owner, game.players)
            painter.circle(cx, cy, s * 0.3, fill=colour, stroke=INK, width=1.5)
            painter.text(cx, cy, marks[owner], size=s * TEXT, bold=True, fill=ink_on(colour))

    # -- marks: the active tribes, the last tile, the legal places --------------------------------
    def draw_marks(self, painter: Painter, game: Sapiens, view: View, *, targets: Sequence[Target],
                   style: Style, emphasis: Sequence[tuple[int, int]] = ()) -> None:
        s = view.scale
        for (p, sq), (_, _, tribe) in game._board.items():
            if tribe != game._tribe[p]:
                continue
            wx, wy = _square_world(game, p, *game.valley(p).coord[sq])
            px, py = view.to_pixel(wx, wy)
            painter.rect(px + 1, py + 1, s - 2, s - 2, stroke=style.colour(p, game.players), width=2.5)
        if game.history:
            action = game.history[-1].action
            if isinstance(action, (PlaceTile, Abandon)) and action.tile in game._laid:
                owner = game._laid[action.tile][0]
                for x, y in _squares(action):
                    px, py = view.to_pixel(*_square_world(game, owner, x, y))
                    # the family's last-move frame, and a dashed ink line inside it that shows on every scene
                    painter.rect(px + 1.5, py + 1.5, s - 3, s - 3, stroke=LAST_MOVE, width=3)
                    painter.rect(px + 3.5, py + 3.5, s - 7, s - 7, stroke=INK, width=1.5, dash=(6, 3))
        for t in targets:
            if t.shape[0] != "rect":
                continue
            _, x0, y0, x1, y1 = t.shape
            px, py = view.to_pixel(x0, y0)
            if isinstance(t.key, tuple) and t.key[0] in _POOL_TARGETS:
                # pool tiles are drawn above the marks: a wide glow around the domino shows through
                painter.rect(px - 6, py - 6, (x1 - x0) * s + 12, (y1 - y0) * s + 12, fill=TARGET, alpha=0.55,
                             stroke=TARGET, width=3, dash=(s / 9, s / 14))
            else:
                painter.rect(px + 2, py + 2, (x1 - x0) * s - 4, (y1 - y0) * s - 4, fill=HALO, alpha=0.35,
                             stroke=TARGET, width=2, dash=(s / 9, s / 14))

    def draw_preview(self, painter: Painter, game: Sapiens, target: Target, choice: Action, view: View,
                     style: Style) -> None:
        if isinstance(choice, (PlaceTile, Abandon)) and game.current_player:
            p = game.current_player
            for (x, y), scene in zip(_squares(choice), game.tile(choice.tile)):
                px, py = view.to_pixel(*_square_world(game, p, x, y))
                draw_half(painter, scene, px, py, view.scale, alpha=0.85)
                painter.rect(px + 1, py + 1, view.scale - 2, view.scale - 2, stroke=INK, width=2.5)
            return
        super().draw_preview(painter, game, target, choice, view, style)

    def highlight(self, painter: Painter, game: Sapiens, refs: Sequence[Any], view: View) -> None:
        for ref in refs:
            if isinstance(ref, tuple) and len(ref) == 2 and ref[0] == "tile":
                slot = _pool_slot_of(game, ref[1])
                if slot is not None:
                    px, py = view.to_pixel(*slot)
                    painter.rect(px - 4, py - 4, 2 * view.scale + 8, view.scale + 8, stroke=EMPHASIS, width=4)
                continue
            point = self.ref_point(game, ref)
            if point is not None:
                px, py = view.to_pixel(point[0] - 0.5, point[1] - 0.5)
                painter.rect(px, py, view.scale, view.scale, stroke=EMPHASIS, width=4)

    # -- clicking --------------------------------------------------------------------------------
    def targets(self, game: Sapiens) -> list[Target]:
        p = game.current_player
        if p is None:
            return []
        legal = game.legal_actions()
        out: list[Target] = []
        placements = [a for a in legal if isinstance(a, (PlaceTile, Abandon))]
        by_square: dict[tuple[int, int], list[Action]] = {}
        for a in placements:
            for sq in _squares(a):
                by_square.setdefault(sq, []).append(a)
        for (x, y), choices in sorted(by_square.items()):
            wx, wy = _square_world(game, p, x, y)
            out.append(Target(("square", p, x, y), tuple(choices), ("rect", wx, wy, wx + 1, wy + 1),
                              f"{len(choices)} placement{'s' * (len(choices) != 1)} over ({x}, {y})"))
        for i, tile in enumerate(game._pools[p]):
            mine = tuple(a for a in placements if a.tile == tile)  # type: ignore[union-attr]
            if mine:
                wx, wy = _pool_slot(game, p, i)
                out.append(Target(("pool", tile), mine, ("rect", wx, wy, wx + 2, wy + 1), f"tile {tile}", menu=True,
                                  choice_labels=tuple(str(a) for a in mine)))
        out.extend(_refill_targets(game, legal))
        out.extend(_tile_choice_targets(game, legal))
        for act in legal:
            if isinstance(act, TakeMountainToken):
                wx, wy = _square_world(game, p, act.x, act.y)
                out.append(Target(("token", p, act.x, act.y), (act,), ("circle", wx + TOKEN_AT[0], wy + TOKEN_AT[1], 0.33), str(act)))
            elif isinstance(act, (PlaceBear, RemoveBear)):
                owner = act.player if isinstance(act, PlaceBear) else p
                wx, wy = _square_world(game, owner, act.x, act.y)
                out.append(Target(("bear", owner, act.x, act.y), (act,), ("circle", wx + 0.5, wy + 0.5, 0.35), str(act)))
        return out

    def prompt(self, game: Sapiens, targets: Sequence[Target]) -> list[Choice]:
        offered = {a for t in targets for a in t.choices}
        groups = {Refill: "End of turn", UseMountainToken: "Mountain tokens", ResolveBonus: "Bonus order",
                  SkipBonus: "Bonus", ConvertSteaks: "Hunt", SwapTile: "Water", PlaceFightToken: "Fight",
                  RecallFightToken: "Fight tokens", ResolveFightToken: "Fight tokens", RetakeMountainToken: "Ritual"}
        return [Choice(_label(game, a), a, groups.get(type(a), ""), refs=_action_refs(game, a))
                for a in game.legal_actions() if a not in offered]

    def explain_click(self, game: Sapiens, wx: float, wy: float) -> Action | str:
        where = _square_at(game, wx, wy)
        if where is None:
            pooled = _pool_tile_at(game, wx, wy)
            if pooled is not None and pooled[0] == "common":
                return "tiles of the common pool are taken at the refill, at the end of a turn"
            if pooled is not None:
                return f"tile {pooled[1]} is in {possessive(pooled[0])} pool, not yours" if pooled[0] != game.current_player \
                    else f"tile {pooled[1]} fits nowhere in your valley now"
            return "nothing to do there"
        player, x, y = where
        if player != game.current_player:
            return f"that is {player}'s valley"
        return f"no legal placement covers ({x}, {y}) now"

    def inspect(self, game: Sapiens, wx: float, wy: float) -> Inspection | None:
        where = _square_at(game, wx, wy)
        if where is None:
            pooled = _pool_tile_at(game, wx, wy)
            if pooled is None:
                return None
            owner, tile = pooled
            first, second = game.tile(tile)
            whose = "the common pool" if owner == "common" else f"{possessive(owner)} pool"
            lines = [f"{SCENE_NAME[first]} and {SCENE_NAME[second]}", f"in {whose}"]
            fighters = game.fight_tokens.get(tile, ())
            if fighters:
                lines.append(f"fight tokens of {names(list(fighters))}: whoever lays it gives each owner 1 food")
            return Inspection(("pool", tile), f"Tile {tile}", tuple(lines), refs=(("tile", tile),))
        player, x, y = where
        return inspect_square(game, player, x, y)

    # -- panel -----------------------------------------------------------------------------------------
    def status(self, game: Sapiens) -> tuple[str, str]:
        if game.is_over:
            winners = game.winners()
            return "Game over: " + sentence(f"{names(winners)} {agree(winners, 'wins', 'win')}"), ""
        p = game.current_player
        hints = {"start_cave": "lay a tile on a cave whose token shows one of its scenes",
                 "main": "lay a tile next to your active tribe (or use a mountain token first)",
                 "feast": "Feast: lay one more tile (no food, no bonus) or skip",
                 "after_tile": "use a mountain token, or refill the pools",
                 "refill": "click a tile of the common pool to take it",
                 "choose_bonus": "choose which bonus to resolve first",
                 "fight_order": "choose whose fight token resolves first"}
        phase = _PHASE_WORDS.get(game.phase, f"{game.phase} bonus")
        end = " (last round)" if game.end_triggered else ""
        hints.update({"fight": "click a lit pool tile to put a fight token on it, or skip",
                      "water": "click a lit tile of another pool to swap one of yours for it, or skip"})
        return f"{p}: {phase}{end}", hints.get(game.phase, f"{phase}: choose below")

    def columns(self, game: Sapiens) -> list[Column]:
        def track(p: str, name: str) -> str:
            food, shelter = game.food[p], game.shelter[p]
            value = food if name == "food" else shelter
            weaker = (food <= shelter) if name == "food" else (shelter < food)
            return f"{value} \u2605" if weaker else str(value)  # the star marks the track that counts

        return [Column("Food", {p: track(p, "food") for p in game.players}, numeric=False),
                Column("Shelter", {p: track(p, "shelter") for p in game.players}, numeric=False),
                Column("Steaks", {p: str(game.steaks[p]) for p in game.players}),
                Column("Mountain tokens", {p: ", ".join(game.tokens_in_hand[p]) or "none" for p in game.players},
                       numeric=False),
                Column("Fight tokens", {p: str(game.fight_tokens_in_hand[p]) for p in game.players}),
                Column("Turns", {p: str(game.turns_played[p]) + (" (out)" if p in game.out else "") for p in game.players})]

    def sections(self, game: Sapiens, choice: Action | None) -> list[Section]:
        def tiles(ids: Sequence[int]) -> str:
            return ", ".join(f"{t} ({'/'.join(game.tile(t))})" for t in ids) or "none"

        pools = "".join(f"<li><b>{esc(o)}</b>: {esc(tiles(ts))}</li>" for o, ts in game.pools.items())
        unseen = game.tiles_left_unseen()
        left = "".join(f"<li>{esc(a)}/{esc(b)}: {n}</li>" for (a, b), n in sorted(unseen.items()))
        supply = (f"stack {game.stack_size} tiles; steaks {game.steak_supply}; bears {game.bear_supply}"
                  + ("; <b>last round</b>" if game.end_triggered else ""))
        note = ("These tiles and boards are a reconstruction, not the printed game"
                if game.components.status == "reconstruction" else "Exact components: " + game.components.provenance)
        return [Section("Pools", f"<ul>{pools}</ul><p>{supply}</p>"),
                Section("Reading the table", _TABLE_KEY, open=False),
                Section("Scenes", _scene_legend(), open=False),
                Section("Unseen tiles (stack and removed)", f"<ul>{left}</ul>", open=False),
                Section("Components", f"<p>{esc(note)}</p>", open=False)]

    def help_html(self, game: Sapiens) -> str:
        return ("<p>Click a lit square of your valley to place a tile over it; press <b>r</b> to cycle the "
                "placements covering that square (tiles and orientations), <b>Enter</b> to play. Or click a tile of "
                "your pool for a menu of its placements. To refill, click a tile of the common pool (with 2 players "
                "a menu then asks which tile to discard). Bonuses and mountain tokens are buttons.</p>"
                + _TABLE_KEY + _scene_legend())

    def option_choices(self, game: Sapiens) -> dict[str, tuple[Any, ...]]:
        return {"components": ("reconstruction", "examples")}

    def inspector_view(self, game: Sapiens) -> Any:
        from .valley_view import ValleyView
        return ValleyView()

    # -- the legend -----------------------------------------------------------------------------------
    def legend(self, game: Sapiens) -> list[LegendItem]:
        """Every picture of the board, drawn as the board draws it, with its name."""
        def picture(draw: Any) -> Any:
            # the drawings work in a square of side ``s`` from its top-left corner
            return lambda painter, cx, cy, size: draw(painter, cx - size / 2, cy - size / 2, size)

        def scene(name: str) -> Any:
            return picture(lambda p, x, y, s: draw_half(p, name, x - 2, y - 2, s + 4))

        def square(kind: str) -> Any:
            return picture(lambda p, x, y, s: draw_square(p, kind, 2, 7 if kind == CAVE else None, x, y, s))

        items = [LegendItem(SCENE_NAME[name], scene(name), "Scenes") for name in SCENE_ICON]
        items += [LegendItem("Forest, food value", square(FOREST), "Valley"),
                  LegendItem("Plain, food value", square("P"), "Valley"),
                  LegendItem("Cave, shelter now", square(CAVE), "Valley"),
                  LegendItem("Waterfall", square(WATERFALL), "Valley"),
                  LegendItem("Abandoned tribe", picture(_draw_face_down), "Valley")]
        items += [LegendItem("Mountain token", lambda p, cx, cy, s: draw_token(p, "camp", cx, cy, s, "#333333"), "Pieces"),
                  LegendItem("Bear", lambda p, cx, cy, s: draw_bear(p, cx, cy, s, "#333333"), "Pieces"),
                  LegendItem("Mammoth steak", lambda p, cx, cy, s: p.icon(ICONS["steak"], cx, cy, s * 0.8, fill="#8e3b2f"),
                             "Pieces"),
                  LegendItem("Fight token", _draw_fight_token, "Pieces")]
        items += [LegendItem(words, _header_picture(icon, colour), "Above a valley") for icon, colour, words in _HEADER_KEY]
        items.append(LegendItem("Starred: the score", _draw_star, "Above a valley"))
        return items


#: the phases in players' words
_PHASE_WORDS = {"start_cave": "starting cave", "main": "lay a tile", "feast": "Feast bonus",
                "after_tile": "end of the turn", "refill": "refill", "choose_bonus": "order of the bonuses",
                "ritual": "Ritual bonus", "water": "Water bonus", "hunt": "Hunt bonus", "fight": "Fight bonus",
                "fire": "Fire bonus", "fight_order": "order of the fight tokens"}

_TABLE_KEY = ("<p><b>Food</b> and <b>Shelter</b> are the two tracks; ★ marks the weaker one, which is the "
              "score (on food when both are equal). <b>Steaks</b> can be turned into food. <b>Mountain tokens</b> "
              "lists the scenes of the tokens in hand, <b>Fight tokens</b> how many are in hand; <b>Turns</b> "
              "counts turns played, <i>(out)</i> marks a player whose game ended early.</p>")


@cache
def _scene_legend() -> str:
    """Each scene's picture, as the tiles and tokens show it, with the scene's name (made once:
    the panel asks for it after every move)."""
    items = []
    for scene in SCENE_ICON:
        rec = Recorder()
        draw_half(rec, scene, -2, -2, 28)
        picture = to_svg(rec.ops, 24, 24, title=SCENE_NAME[scene])
        items.append(f'<li style="display:flex;align-items:center;gap:6px">{picture} {esc(SCENE_NAME[scene])}</li>')
    return f'<ul style="list-style:none;padding-left:0">{"".join(items)}</ul>'


# -- pictures, one drawing for the canvas and the SVG -----------------------------------------------------
def draw_half(painter: Painter, scene: str, px: float, py: float, s: float, *, alpha: float = 1.0) -> None:
    """One half of a tile in the ``s``-pixel square at ``(px, py)``: the scene's colour and picture."""
    painter.rect(px + 3, py + 3, s - 6, s - 6, fill=SCENE_COLOUR[scene], stroke=INK, width=1.5, alpha=alpha)
    painter.icon(ICONS[SCENE_ICON[scene]], px + s / 2, py + s / 2, s * 0.64, fill=ink_on(SCENE_COLOUR[scene]), alpha=alpha)


def draw_square(painter: Painter, kind: str, food: int, shelter: int | None, px: float, py: float,
                s: float) -> None:
    """A square of the valley: forests carry two little trees, every valley square its food value
    large in a white disc; caves show the shelter they are worth now (large, at the top left) and
    their entrance, waterfalls their falls."""
    painter.rect(px + 1, py + 1, s - 2, s - 2, fill=TERRAIN[kind], stroke=FRAME, width=1)
    if kind == FOREST:
        for k in (0, 1):
            tx, base = px + s * (0.2 + 0.18 * k), py + s * (0.9 - 0.1 * k)
            painter.polygon(((tx, base - s * 0.34), (tx - s * 0.12, base), (tx + s * 0.12, base)), fill=FOREST_EDGE)
    if kind in (FOREST, "P"):
        cx, cy = px + s * 0.62, py + s * 0.38   # inside the square's inset: a laid tile hides it whole
        painter.circle(cx, cy, s * 0.27, fill=HALO, stroke=FRAME, width=1)
        painter.text(cx, cy, str(food), size=s * BIG_TEXT, fill=INK, bold=True)
    elif kind == CAVE:
        painter.icon(ICONS["cave-entrance"], px + s * TOKEN_AT[0], py + s * TOKEN_AT[1], s * 0.56, fill=ROCK)
        if shelter is not None:
            painter.text(px + s * 0.27, py + s * 0.3, str(shelter), size=s * BIG_TEXT, bold=True, fill=HALO,
                         halo=INK, halo_width=3)
    else:
        painter.icon(ICONS["waterfall"], px + s / 2, py + s / 2, s * 0.7, fill=WATER_EDGE)


def _draw_face_down(painter: Painter, px: float, py: float, s: float) -> None:
    painter.rect(px + 3, py + 3, s - 6, s - 6, fill="#5d4a3a", stroke="#222", width=1.5)
    painter.line(px + 6, py + 6, px + s - 6, py + s - 6, stroke="#a88f76", width=2)
    painter.line(px + s - 6, py + 6, px + 6, py + s - 6, stroke="#a88f76", width=2)


def _header_picture(icon: str, colour: str) -> Any:
    """A legend picture: one of the header's icons."""
    def draw(painter: Painter, cx: float, cy: float, s: float) -> None:
        painter.icon(ICONS[icon], cx, cy, s * 0.8, fill=colour)
    return draw


def _draw_star(painter: Painter, cx: float, cy: float, s: float) -> None:
    """The star the header puts on the weaker track (as a shape: the legend's words name it)."""
    outer, inner = s * 0.4, s * 0.16
    points = [(cx + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
               cy - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5)) for k in range(10)]
    painter.polygon(points, fill=INK)


def _draw_fight_token(painter: Painter, cx: float, cy: float, s: float) -> None:
    """The legend's fight token: on the board it is its owner's colour and letter."""
    painter.circle(cx, cy, s * 0.3, fill="#333333", stroke=INK, width=1.5)
    painter.text(cx, cy, "A", size=s * 0.5, bold=True, fill=ink_on("#333333"))


def draw_token(painter: Painter, scene: str, cx: float, cy: float, s: float, ring: str) -> None:
    """A mountain token: a disc of its scene with the scene's picture, ringed in its owner's colour."""
    painter.circle(cx, cy, s * 0.33, fill=SCENE_COLOUR[scene], stroke=ring, width=3)
    painter.icon(ICONS[SCENE_ICON[scene]], cx, cy, s * 0.46, fill=ink_on(SCENE_COLOUR[scene]))


def draw_bear(painter: Painter, cx: float, cy: float, s: float, ring: str) -> None:
    """A bear token, ringed in the colour of the player who put it there."""
    painter.circle(cx, cy, s * 0.38, fill="#4e342e", stroke=ring, width=3)
    painter.icon(ICONS["bear-head"], cx, cy, s * 0.56, fill="#f3e5d8")


# -- words about a square ----------------------------------------------------------------------------------
def inspect_square(game: Sapiens, player: str, x: int, y: int) -> Inspection:
    """What a square of ``player``'s valley is, in words: its terrain and value, what lies on it,
    what it earned, and for a cave whether the tribe can reach it."""
    v = game.valley(player)
    sq = v.index[(x, y)]
    kind = v.kind[sq]
    lines = []
    if kind in (FOREST, "P"):
        lines.append(f"{TERRAIN_NAME[kind].capitalize()}, food value {v.food[sq]}")
    elif kind == CAVE:
        high, low = v.shelter[sq]  # type: ignore[misc]
        lines.append(f"Cave: {high} shelter with its mountain token, {low} without")
    else:
        lines.append("Waterfall: nothing is laid here")
    token = game._tokens.get((player, sq))
    if token:
        lines.append(f"{SCENE_NAME[token]} mountain token")
    valley = game.areas(player)
    half = valley.half_at((x, y))
    if half is not None:
        state = "" if half.face_up else ", abandoned"
        lines.append(f"Tile {half.tile}: {SCENE_NAME[half.scene]} half, tribe {half.tribe}{state}")
        earned = [f"{half.food} food"] * bool(half.food) + [f"{half.shelter} shelter"] * bool(half.shelter)
        lines.append("Earned " + " and ".join(earned) if earned else
                     "Earned nothing" + ("" if half.connected else ": it touched no other tile when laid"))
        area = valley.area_at((x, y))
        if area is not None and len(area.squares) > 1:
            lines.append(f"Part of {len(area.squares)} touching {SCENE_NAME[area.scene]} halves "
                         f"({area.food} food, {area.shelter} shelter)")
    cave = valley.cave_at((x, y))
    if cave is not None and cave.state == "open":
        if cave.squares_between == 0:
            lines.append(f"The next tile can enter it: {cave.value} shelter")
        elif cave.squares_between is not None:
            lines.append(f"{cave.squares_between} free square{'s' * (cave.squares_between != 1)} to cover first; "
                         f"worth {cave.value} shelter")
        else:
            lines.append("Out of reach of the tribe")
    elif cave is not None and cave.state == "closed":
        lines.append("Closed: its entrance is covered")
    fits = [o for o in valley.openings if (x, y) in o.squares and o.pool == player]
    if fits and half is None:
        best = max(fits, key=lambda o: o.food + o.shelter)
        lines.append(f"{len(fits)} placement{'s' * (len(fits) != 1)} of your tiles cover it; best: tile {best.tile}, "
                     f"{best.food} food and {best.shelter} shelter")
    if (player, sq) in game._bears:
        lines.append(f"Bear put here by {game._bears[(player, sq)]}")
    return Inspection(("square", player, x, y), f"{possessive(player)} {TERRAIN_NAME[kind]} ({x}, {y})",
                      tuple(lines), refs=(("square", player, x, y),))


def _pool_slot_of(game: Sapiens, tile: int) -> tuple[float, float] | None:
    for owner in ("common", *game.players):
        if tile in game._pools[owner]:
            return _pool_slot(game, owner, game._pools[owner].index(tile))
    return None


def _action_refs(game: Sapiens, action: Action) -> tuple[Any, ...]:
    """The pool tiles a prompt button is about, for the board to light them up."""
    if isinstance(action, (RecallFightToken, PlaceFightToken)):
        return (("tile", action.tile),)
    if isinstance(action, SwapTile):
        return (("tile", action.mine), ("tile", action.other))
    if isinstance(action, Refill):
        return tuple(("tile", t) for t in (*action.take, action.discard) if t >= 0)
    if isinstance(action, ResolveFightToken) and game._held is not None:
        return (("tile", game._held[1]),)
    return ()


def _tile_choice_targets(game: Sapiens, legal: Sequence[Action]) -> list[Target]:
    """A bonus asking for a pool tile (Fight, Water) is answered by clicking the tile: a fight token
    goes on the clicked tile (or, with none in hand, comes back from it); for a swap, the tile clicked in another pool opens a menu of the
    tiles of yours it could replace."""
    out = []
    fights = [a for a in legal if isinstance(a, PlaceFightToken)]
    for a in fights:
        slot = _pool_slot_of(game, a.tile)
        if slot is not None:
            wx, wy = slot
            out.append(Target(("fight", a.tile), (a,), ("rect", wx, wy, wx + 2, wy + 1), str(a)))
    if game.phase == "fight" and not fights:
        # no fight token in hand: the bonus asks which one to take back first
        for recall in legal:
            if not isinstance(recall, RecallFightToken):
                continue
            slot = _pool_slot_of(game, recall.tile)
            if slot is not None:
                wx, wy = slot
                out.append(Target(("fight", recall.tile), (recall,), ("rect", wx, wy, wx + 2, wy + 1), str(recall)))
    swaps: dict[int, list[SwapTile]] = {}
    for act in legal:
        if isinstance(act, SwapTile):
            swaps.setdefault(act.other, []).append(act)
    for other, choices in swaps.items():
        slot = _pool_slot_of(game, other)
        if slot is not None:
            wx, wy = slot
            out.append(Target(("water", other), tuple(choices), ("rect", wx, wy, wx + 2, wy + 1),
                              f"take tile {other} (Water)", menu=len(choices) > 1,
                              choice_labels=tuple(f"give tile {c.mine} ({' and '.join(SCENE_NAME[s] for s in game.tile(c.mine))})"
                                                  for c in choices)))
    return out


def _squares(action: PlaceTile | Abandon) -> tuple[tuple[int, int], tuple[int, int]]:
    dx, dy = STEPS[action.rotation]
    return ((action.x, action.y), (action.x + dx, action.y + dy))


def _square_at(game: Sapiens, wx: float, wy: float) -> tuple[str, int, int] | None:
    for p in game.players:
        ox, oy = _origin(game, p)
        if ox <= wx < ox + VALLEY_W and oy <= wy < oy + VALLEY_H:
            x, y = int(wx - ox) - 1, int(wy - oy) - 1
            if (x, y) in game.valley(p).index:
                return (p, x, y)
    return None


def _pool_tile_at(game: Sapiens, wx: float, wy: float) -> tuple[str, int] | None:
    """The pool ("common" or a player) and tile drawn at a world point, if any."""
    for owner in ("common", *game.players):
        for i, tile in enumerate(game._pools[owner]):
            x, y = _pool_slot(game, owner, i)
            if x <= wx < x + 2 and y <= wy < y + 1:
                return (owner, tile)
    return None


def _tracks_text(game: Sapiens, player: str) -> str:
    """Both tracks in words, the star on the weaker one (the score): "food 3 ★ · shelter 5"."""
    food, shelter = game.food[player], game.shelter[player]
    star = " ★"
    return f"food {food}{star * (food <= shelter)} · shelter {shelter}{star * (shelter < food)}"


#: the header's pictures in words, for the legend
_HEADER_KEY = (("berries-bowl", "#6a1b9a", "Food track"),
               ("cave-entrance", "#5d4a3a", "Shelter track"), ("steak", "#8e3b2f", "Mammoth steaks"))


def _header_items(game: Sapiens, player: str) -> list[tuple[str, str, str]]:
    """What the row above a valley shows right of the name: (icon, number, icon colour) for the
    food track, the shelter track (the weaker one starred: it is the score) and the steaks."""
    food, shelter = game.food[player], game.shelter[player]
    (food_icon, food_ink, _), (shelter_icon, shelter_ink, _), (steak_icon, steak_ink, _) = _HEADER_KEY
    return [(food_icon, f"{food}{'★' * (food <= shelter)}", food_ink),
            (shelter_icon, f"{shelter}{'★' * (shelter < food)}", shelter_ink),
            (steak_icon, str(game.steaks[player]), steak_ink)]


def _header_width(game: Sapiens, player: str, s: float) -> float:
    """How wide the tracks and steaks of the header are drawn, room for two-digit tracks kept."""
    widest = [("", "88★", ""), ("", "88★", ""), ("", "88", "")]
    return sum(_text_width(words, HEADER_TEXT * s, True) + 0.9 * s for _, words, _ in widest)


def _valley_title(name: str, size: float, room: float) -> str:
    """ "Ann's valley" where it fits in ``room``, else the name alone, else the name cut with an
    ellipsis (hover text has it whole)."""
    for title in (sentence(f"{possessive(name)} valley"), name):
        if _text_width(title, size, True) <= room:
            return title
    keep = max(1, int(room / (size * 0.64)) - 1)
    return name[:keep] + "…"


def _shelter_now(game: Sapiens, player: str, square: int) -> int | None:
    """A cave's shelter for entering it now: the higher value while its mountain token lies there;
    none once a tile covers it (the tile hides it)."""
    values = game.valley(player).shelter[square]
    if values is None or (player, square) in game._board:
        return None
    high, low = values
    return high if (player, square) in game._tokens else low


def _text_width(text: str, size: float, bold: bool) -> float:
    """About how wide a line of sans-serif text is (0.6 em a character, bold 0.64)."""
    return len(text) * size * (0.64 if bold else 0.6)


def _refill_targets(game: Sapiens, legal: Sequence[Action]) -> list[Target]:
    """One target per common-pool tile: the refills taking it (a menu when a discard is chosen too).

    A refill taking several tiles is offered on each of them, so any of its tiles reaches it.
    """
    refills = [a for a in legal if isinstance(a, Refill) and a.take]
    out = []
    for i, tile in enumerate(game._pools["common"]):
        mine = tuple(a for a in refills if tile in a.take)
        if mine:
            wx, wy = _pool_slot(game, "common", i)
            out.append(Target(("common", tile), mine, ("rect", wx, wy, wx + 2, wy + 1), f"take tile {tile}",
                              menu=len(mine) > 1, choice_labels=tuple(_refill_label(game, a) for a in mine)))
    return out


def _refill_label(game: Sapiens, action: Refill) -> str:
    """Short words for a refill, tiles named by their scenes as the board shows them, the number
    after (the board's hover text names it): "take Hunt/Fire (40), discard Feast/Camp (12)"."""
    take = "take " + (" and ".join(_tile_words(game, t) for t in action.take) if action.take else "nothing")
    return take + (f", discard {_tile_words(game, action.discard)}" if action.discard >= 0 else "")


def _tile_words(game: Sapiens, tile: int) -> str:
    return f"{'/'.join(SCENE_NAME[s] for s in game.tile(tile))} ({tile})"


def _label(game: Sapiens, action: Action) -> str:
    if isinstance(action, Refill):
        return sentence(_refill_label(game, action))
    if isinstance(action, ConvertSteaks) and action.count:
        return f"{action} ({game.components.steak_food(action.count)} food)"
    return str(action)


__all__ = ["SapiensUI"]
