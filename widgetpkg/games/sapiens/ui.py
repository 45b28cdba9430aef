"""The Sapiens adapter on the widget-free UI contract: valleys, pools, tracks, clicks.

The picture (world units = one valley square): each player's valley is a 10 x 7 region (the
8 x 5 squares with a ring of caves and waterfalls around them), side by side; below them a pool
region with the common pool and every personal pool, tiles drawn as dominoes.

>>> import widgetpkg as wp
>>> from widgetpkg.ui.contract import Style, ui_for
>>> g = wp.new_game("sapiens", players=2, seed=1)
>>> ui = ui_for(g)
>>> [r.title for r in ui.regions(g)]
["Red's valley", "Blue's valley", 'Pools']
>>> all(a in g.legal_actions() for t in ui.targets(g) for a in t.choices)
True
>>> ui.svg(g, Style()).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ...core import Action
from ...core.grammar import agree, names, possessive, sentence
from ...render.painter import Painter
from ...ui.contract import (
    Choice,
    Column,
    GameUI,
    Inspection,
    Rect,
    Region,
    Section,
    Style,
    Target,
    View,
    esc,
    register_ui,
)
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

#: scene colours (after the printed icons' colours) and the letter drawn on them
SCENE_COLOUR = {"feast": "#f4f1ea", "picking": "#2e7d32", "ritual": "#9e9e9e", "water": "#1e88e5",
                "camp": "#fb8c00", "hunt": "#8d6e63", "fight": "#d32f2f", "fire": "#fdd835"}
SCENE_LETTER = {"feast": "Fe", "picking": "Pi", "ritual": "Ri", "water": "Wa", "camp": "Ca", "hunt": "Hu",
                "fight": "Fi", "fire": "Fr"}
TERRAIN = {FOREST: "#7fae6a", "P": "#e8dc9a", CAVE: "#8a7f74", WATERFALL: "#8fc7e8"}
VALLEY_W, VALLEY_H, GAP = 10, 7, 1
VALLEY_TOP = 0.6  # room above each valley for its title and its two tracks
POOL_TOP = VALLEY_TOP + VALLEY_H + 1.0
ROW = 1.6


def _origin(game: Sapiens, player: str) -> tuple[float, float]:
    return (game.players.index(player) * (VALLEY_W + GAP), VALLEY_TOP)


def _square_world(game: Sapiens, player: str, x: int, y: int) -> tuple[float, float]:
    ox, oy = _origin(game, player)
    return (ox + 1 + x, oy + 1 + y)


def _pool_slot(game: Sapiens, owner: str, index: int) -> tuple[float, float]:
    row = 0 if owner == "common" else 1 + game.players.index(owner)
    return (3.0 + index * 2.5, POOL_TOP + row * ROW)


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
    table_colour = "#efe6d2"

    # -- geometry -------------------------------------------------------------------------------
    def extent(self, game: Sapiens) -> Rect:
        width = len(game.players) * (VALLEY_W + GAP) - GAP
        return (0.0, 0.0, float(max(width, 14)), POOL_TOP + ROW * (len(game.players) + 1) + 0.4)

    def regions(self, game: Sapiens) -> list[Region]:
        out = []
        for p in game.players:
            ox, oy = _origin(game, p)
            out.append(Region(("valley", p), sentence(f"{possessive(p)} valley"), (ox, oy, ox + VALLEY_W, oy + VALLEY_H)))
        x0, y0, x1, y1 = self.extent(game)
        out.append(Region(("pools",), "Pools", (0.0, POOL_TOP - 0.3, x1, y1)))
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
            squares = tuple((v.coord[s], v.kind[s], v.food[s], v.shelter[s]) for s in range(len(v.coord)))
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
                painter.rect(px + 1, py + 1, s - 2, s - 2, fill=TERRAIN[kind], stroke="#5b5246", width=1)
                if kind in (FOREST, "P"):
                    painter.text(px + s * 0.82, py + s * 0.2, str(food), size=s * 0.24, fill="#3b3326", bold=True)
                elif kind == CAVE and shelter:
                    painter.text(px + s / 2, py + s * 0.18, f"{shelter[0]}/{shelter[1]}", size=s * 0.22, fill="#fff")
                else:
                    painter.text(px + s / 2, py + s * 0.18, "falls", size=s * 0.2, fill="#134")
            return
        (ax, ay), (bx, by), scenes, face_up = value
        for (wx, wy), scene in (((ax, ay), scenes[0]), ((bx, by), scenes[1])):
            px, py = view.to_pixel(wx, wy)
            if face_up:
                painter.rect(px + 3, py + 3, s - 6, s - 6, fill=SCENE_COLOUR[scene], stroke="#222", width=1.5)
                painter.text(px + s / 2, py + s / 2, SCENE_LETTER[scene], size=s * 0.34, bold=True,
                             fill=_letter_colour(scene))
            else:  # an abandoned tribe: face down
                painter.rect(px + 3, py + 3, s - 6, s - 6, fill="#5d4a3a", stroke="#222", width=1.5)

    # -- figures: tokens, bears, pools -----------------------------------------------------------
    def figures_key(self, game: Sapiens) -> Hashable:
        return (tuple(sorted(game._tokens.items())), tuple(sorted(game._bears.items())),
                tuple(sorted(game._pools.items())), tuple(sorted(game._fight.items())),
                tuple(_tracks_text(game, p) for p in game.players))

    def draw_figures(self, painter: Painter, game: Sapiens, view: View, *, style: Style) -> None:
        s = view.scale
        for (p, sq), scene in game._tokens.items():
            wx, wy = _square_world(game, p, *game.valley(p).coord[sq])
            px, py = view.to_pixel(wx + 0.5, wy + 0.6)
            painter.circle(px, py, s * 0.28, fill=SCENE_COLOUR[scene], stroke=style.colour(p, game.players), width=3)
            painter.text(px, py, SCENE_LETTER[scene], size=s * 0.22, bold=True)
        for (p, sq), placer in game._bears.items():
            wx, wy = _square_world(game, p, *game.valley(p).coord[sq])
            px, py = view.to_pixel(wx + 0.5, wy + 0.5)
            painter.circle(px, py, s * 0.36, fill="#4e342e", stroke=style.colour(placer, game.players), width=3)
            painter.text(px, py, "bear", size=s * 0.2, fill="#fff")
        for p in game.players:  # both tracks above the valley, right of its title
            ox, oy = _origin(game, p)
            tx, ty = view.to_pixel(ox + VALLEY_W, oy)
            painter.text(tx - 4, ty - 2, _tracks_text(game, p), size=max(10.0, min(15.0, s * 0.26)), anchor="end",
                         baseline="bottom", bold=True, fill=style.colour(p, game.players), halo="#ffffff",
                         halo_width=3)
        for owner in ("common", *game.players):
            label = "Common" if owner == "common" else owner
            lx, ly = view.to_pixel(0.2, POOL_TOP + (0 if owner == "common" else 1 + game.players.index(owner)) * ROW + 0.5)
            painter.text(lx, ly, label, size=s * 0.3, anchor="start", bold=True,
                         fill="#222" if owner == "common" else style.colour(owner, game.players))
            for i, tile in enumerate(game._pools[owner]):
                self._draw_domino(painter, game, tile, *_pool_slot(game, owner, i), view, style)

    def _draw_domino(self, painter: Painter, game: Sapiens, tile: int, wx: float, wy: float, view: View,
                     style: Style) -> None:
        s = view.scale
        for k, scene in enumerate(game.tile(tile)):
            px, py = view.to_pixel(wx + k, wy)
            painter.rect(px + 1, py + 1, s - 2, s - 2, fill=SCENE_COLOUR[scene], stroke="#222", width=1.5)
            painter.text(px + s / 2, py + s / 2, SCENE_LETTER[scene], size=s * 0.32, bold=True,
                         fill=_letter_colour(scene))
        px, py = view.to_pixel(wx, wy)
        painter.text(px + s, py - s * 0.12, str(tile), size=s * 0.22, fill="#444")
        for j, owner in enumerate(game._fight.get(tile, ())):
            painter.circle(px + s * (0.3 + 0.45 * j), py + s * 0.85, s * 0.14, fill=style.colour(owner, game.players),
                           stroke="#000")

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
                    painter.rect(px, py, s, s, stroke="#000", width=3, dash=(6, 3))
        for t in targets:
            if t.shape[0] == "rect":
                _, x0, y0, x1, y1 = t.shape
                px, py = view.to_pixel(x0, y0)
                painter.rect(px + 2, py + 2, (x1 - x0) * s - 4, (y1 - y0) * s - 4, fill="#ffffff", alpha=0.35,
                             stroke="#1b5e20", width=2)

    def draw_preview(self, painter: Painter, game: Sapiens, target: Target, choice: Action, view: View,
                     style: Style) -> None:
        if isinstance(choice, (PlaceTile, Abandon)) and game.current_player:
            p = game.current_player
            for (x, y), scene in zip(_squares(choice), game.tile(choice.tile)):
                px, py = view.to_pixel(*_square_world(game, p, x, y))
                painter.rect(px + 3, py + 3, view.scale - 6, view.scale - 6, fill=SCENE_COLOUR[scene], alpha=0.8,
                             stroke="#000", width=2)
                painter.text(px + view.scale / 2, py + view.scale / 2, SCENE_LETTER[scene], size=view.scale * 0.34)
            return
        super().draw_preview(painter, game, target, choice, view, style)

    def highlight(self, painter: Painter, game: Sapiens, refs: Sequence[Any], view: View) -> None:
        for ref in refs:
            point = self.ref_point(game, ref)
            if point is not None:
                px, py = view.to_pixel(point[0] - 0.5, point[1] - 0.5)
                painter.rect(px, py, view.scale, view.scale, stroke="#ff6f00", width=4)

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
                              f"{len(choices)} placements over ({x}, {y})"))
        for i, tile in enumerate(game._pools[p]):
            mine = tuple(a for a in placements if a.tile == tile)  # type: ignore[union-attr]
            if mine:
                wx, wy = _pool_slot(game, p, i)
                out.append(Target(("pool", tile), mine, ("rect", wx, wy, wx + 2, wy + 1), f"tile {tile}", menu=True,
                                  choice_labels=tuple(str(a) for a in mine)))
        out.extend(_refill_targets(game, legal))
        for act in legal:
            if isinstance(act, TakeMountainToken):
                wx, wy = _square_world(game, p, act.x, act.y)
                out.append(Target(("token", p, act.x, act.y), (act,), ("circle", wx + 0.5, wy + 0.6, 0.3), str(act)))
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
        return [Choice(_label(game, a), a, groups.get(type(a), "")) for a in game.legal_actions() if a not in offered]

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
            return Inspection(("pool", tile), f"Tile {tile}", (f"{first} / {second}", f"in {whose}"))
        player, x, y = where
        v = game.valley(player)
        sq = v.index[(x, y)]
        lines = [v.name(sq)]
        if v.kind[sq] in (FOREST, "P"):
            lines.append(f"food {v.food[sq]}")
        shelter = v.shelter[sq]
        if shelter:
            lines.append(f"shelter {shelter[0]} with a token, {shelter[1]} without")
        token = game._tokens.get((player, sq))
        if token:
            lines.append(f"mountain token: {token}")
        laid = game._board.get((player, sq))
        if laid:
            tile, scene, tribe = laid
            lines.append(f"tile {tile}: {scene}, tribe {tribe}" + ("" if tribe == game._tribe[player] else " (abandoned)"))
        if (player, sq) in game._bears:
            lines.append(f"bear put by {game._bears[(player, sq)]}")
        return Inspection(("square", player, x, y), f"{player}: ({x}, {y})", tuple(lines),
                          refs=(("square", player, x, y),))

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
        phase = game.phase.replace("_", " ")
        end = " (last round)" if game.end_triggered else ""
        return f"{p}: {phase}{end}", hints.get(game.phase, f"{phase} bonus")

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


_TABLE_KEY = ("<p><b>Food</b> and <b>Shelter</b> are the two tracks; ★ marks the weaker one, which is the "
              "score (on food when both are equal). <b>Steaks</b> can be turned into food. <b>Mountain tokens</b> "
              "lists the scenes of the tokens in hand, <b>Fight tokens</b> how many are in hand; <b>Turns</b> "
              "counts turns played, <i>(out)</i> marks a player whose game ended early.</p>")


def _scene_legend() -> str:
    """The letters drawn on tiles and tokens, each on its scene's colour, with the scene's name."""
    items = "".join(
        f'<li><span style="display:inline-block;min-width:2em;text-align:center;font-weight:bold;'
        f'background:{SCENE_COLOUR[scene]};color:{_letter_colour(scene)};border:1px solid #222">'
        f"{esc(SCENE_LETTER[scene])}</span> {esc(scene)}</li>" for scene in SCENE_LETTER)
    return f'<ul style="list-style:none;padding-left:0">{items}</ul>'


def _letter_colour(scene: str) -> str:
    return "#111" if scene in ("feast", "fire", "camp") else "#fff"


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
                              menu=len(mine) > 1, choice_labels=tuple(_refill_label(a) for a in mine)))
    return out


def _refill_label(action: Refill) -> str:
    """Short words for a refill: "take 40, discard 12"."""
    take = "take " + (" and ".join(map(str, action.take)) if action.take else "nothing")
    return take + (f", discard {action.discard}" if action.discard >= 0 else "")


def _label(game: Sapiens, action: Action) -> str:
    if isinstance(action, Refill):
        return sentence(_refill_label(action))
    if isinstance(action, ConvertSteaks) and action.count:
        return f"{action} ({game.components.steak_food(action.count)} food)"
    return str(action)


__all__ = ["SapiensUI"]
