"""The Stone Age adapter for the generic views (widget-free: it only describes and draws).

The picture is a fixed board in world units: the places on top (hunt, the four resource places,
the village, the animal and the igloos), the card display and the building stacks below them,
then one board per player. Placing is a click on a place and a choice of how many people in a
small menu; resolving is a click on one of your places; every other decision (tools, payments,
dice for everyone, animal rewards, feeding) comes as labelled buttons through ``prompt``.

>>> import widgetpkg as wp
>>> from widgetpkg.ui.contract import ui_for
>>> g = wp.new_game("stone-age", players=2, seed=1)
>>> ui = ui_for(g)
>>> forest = next(t for t in ui.targets(g) if t.key == "forest")
>>> forest.mode, forest.labels()[:2]
('menu', ('1 person', '2 people'))
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

from ...core import Action
from ...core.grammar import names
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
    ChooseDie,
    ChooseResources,
    Decline,
    Feed,
    PayBuilding,
    PayCard,
    PayIgloo,
    PlacePeople,
    Resolve,
    Starve,
    TakeAnimalReward,
    UseResourceVoucher,
    UseTools,
    multiset_text,
)
from .data import RESOURCES
from .game import StoneAge
from .odds import p_at_least, yield_distribution
from .rules import DIE_FOR_ALL, DIVISOR, DIVISOR_OF_GOOD, GOOD_OF, as_items, dice_yield

BOARD_WIDTH = 16.0
# the card display and the stacks sit a little below the places, leaving room for their titles
CARDS_TOP, CARDS_BOTTOM = 4.55, 6.95
PLAYER_TOP = 7.15
PLAYER_HEIGHT = 2.3
PLACE_COLOURS = {"hunt": "#c9a46b", "forest": "#6f9a52", "clay_pit": "#c47d4a", "quarry": "#9a9a9a",
                 "river": "#e0c04a", "tool_maker": "#b8b0a0", "hut": "#d9b9a0", "field": "#b5c77a",
                 "animal": "#a05050"}
#: the winter side of the board: the same places in colder, paler colours, under snow
WINTER_COLOURS = {"hunt": "#bcae94", "forest": "#5e8a70", "clay_pit": "#b7876c", "quarry": "#a2aab2",
                  "river": "#d8c777", "tool_maker": "#bdbcb6", "hut": "#d0c0b4", "field": "#b8c4a6",
                  "animal": "#945a5e"}
PLACE_LABELS = {"hunt": "Hunt", "forest": "Forest (wood)", "clay_pit": "Clay pit", "quarry": "Quarry",
                "river": "River (gold)", "tool_maker": "Tool maker", "hut": "Hut", "field": "Field",
                "animal": "Wild animal"}
GOOD_COLOURS = {"food": "#c9a46b", "wood": "#7a5230", "clay": "#c47d4a", "stone": "#8a8a8a", "gold": "#e0b020"}


def place_rect(game: StoneAge | None, place: str) -> Rect | None:
    """The world rectangle of a place, or None if the game has no such place (the layout is the same
    for every game, so ``game`` may be None)."""
    fixed = {"hunt": (0.0, 0.0, 3.6, 2.0), "forest": (3.8, 0.0, 6.7, 2.0), "clay_pit": (6.9, 0.0, 9.8, 2.0),
             "quarry": (10.0, 0.0, 12.9, 2.0), "river": (13.1, 0.0, 16.0, 2.0),
             "tool_maker": (0.0, 2.2, 2.6, 4.0), "hut": (2.8, 2.2, 5.4, 4.0), "field": (5.6, 2.2, 8.2, 4.0),
             "animal": (8.4, 2.2, 10.8, 4.0)}
    if place in fixed:
        return fixed[place]
    kind, _, index = place.partition(":")
    if not index.isdigit():
        return None
    i = int(index)
    if kind == "igloo":
        x = 11.0 + (i - 1) * 1.25
        return (x, 2.2, x + 1.15, 4.0)
    if kind == "card":
        # slot 1 is the rightmost of the four
        x = 2.4 * (4 - i)
        return (x, CARDS_TOP, x + 2.2, CARDS_BOTTOM)
    if kind == "building":
        x = 9.8 + (i - 1) * 1.55
        return (x, CARDS_TOP, x + 1.45, CARDS_BOTTOM)
    return None


def _place_of(key: Hashable) -> str:
    """The place named by a piece key ``("place", name)`` of ``pieces()``."""
    assert isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str), f"not a place key: {key!r}"
    return key[1]


def player_rect(game: StoneAge, player: str) -> Rect:
    top = PLAYER_TOP + game.players.index(player) * (PLAYER_HEIGHT + 0.2)
    return (0.0, top, BOARD_WIDTH, top + PLAYER_HEIGHT)


def card_text(game: StoneAge, card_id: str) -> tuple[str, str]:
    """(top, bottom) of a card in words."""
    card = game.data.cards[card_id]
    kind, param, amount = card.top
    top = {"food": f"{amount} food", "resource": f"{amount} {param}", "points": f"{amount} points",
           "tool": "+1 tool", "agriculture": "+1 field", "extra_card": "extra card",
           "one_use_tool": f"one-use tool {amount}", "any_resources": f"{amount} of choice",
           "dice_for_all": "dice for all", "resource_dice": f"2 dice: {param}"}[kind]
    kind, what, persons = card.bottom
    bottom = what if kind == "culture" else f"{persons}x {what.replace('_', ' ')}"
    return top, bottom


@register_ui
class StoneAgeUI(GameUI[StoneAge]):
    """The adapter: a fixed board of places, the display, the stacks and the players' boards."""

    game_name = "stone-age"
    board_kind = "fixed"
    cycle_label = "Next choice"
    default_scale = 48
    table_colour = "#efe6d2"
    keys: ClassVar[Mapping[str, str]] = {"u": "undo", "r": "redo"}

    # -- geometry -------------------------------------------------------------------------------
    def extent(self, game: StoneAge) -> Rect:
        # from a little above the places: their region's title is written above its frame
        return (0.0, -0.45, BOARD_WIDTH, PLAYER_TOP + game.n * (PLAYER_HEIGHT + 0.2))

    def regions(self, game: StoneAge) -> list[Region]:
        stacks_end = place_rect(game, f"building:{game.n}")[2]  # type: ignore[index]
        regions = [Region("places", f"Places ({game.season})", (0.0, 0.0, BOARD_WIDTH, 4.0)),
                   Region("display", "Civilization cards", (0.0, CARDS_TOP, place_rect(game, "card:1")[2], CARDS_BOTTOM)),  # type: ignore[index]
                   Region("stacks", "Buildings", (9.8, CARDS_TOP, stacks_end, CARDS_BOTTOM))]
        # a player's board writes its own name in its first line: a title above it would only
        # cover the frame of the board before it
        regions += [Region(("player", p), "", player_rect(game, p)) for p in game.players]
        return regions

    def ref_point(self, game: StoneAge, ref: Any) -> tuple[float, float] | None:
        rect = self._ref_rect(game, ref)
        return None if rect is None else ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)

    def _ref_rect(self, game: StoneAge, ref: Any) -> Rect | None:
        if not isinstance(ref, tuple) or len(ref) != 2:
            return None
        kind, what = ref
        if kind == "place":
            return place_rect(game, what)
        if kind == "card":
            if what in game.display:
                return place_rect(game, f"card:{game.display.index(what) + 1}")
            owner = next((p for p in game.players if what in game.cards(p)), None)
            return player_rect(game, owner) if owner else None
        if kind == "building":
            owner = next((p for p in game.players if what in game.buildings(p)), None)
            return player_rect(game, owner) if owner else None
        if kind == "igloo":
            return place_rect(game, f"igloo:{what}")
        return None

    # -- background: the places, cards and building tops -----------------------------------------------
    def _places(self, game: StoneAge) -> list[str]:
        return [p for p in game.places() if not p.startswith(("card:", "building:"))]

    def background(self, game: StoneAge) -> Mapping[Hashable, Any]:
        pieces: dict[Hashable, Any] = {}
        winter = game.season == "winter"
        for place in self._places(game):
            value: Any = PLACE_LABELS.get(place, place)
            if place == "field" and winter:
                # "Im Winter wird anstelle des Ackers Viehzucht betrieben"; the place keeps its API name
                value = "Livestock (field)"
            if place.startswith("igloo:"):
                igloo = game.data.igloos[int(place[6:])]
                built = _igloo_owner(game, igloo.id) is not None
                value = ("igloo", igloo.cost, igloo.points, built)
            elif place == "animal":
                value = ("animal", game.active_animal, game.malus)
            # the winter side's places are drawn under snow (the igloos are snow already)
            pieces[("place", place)] = ("winter", value) if winter and not place.startswith("igloo:") else value
        for k, card in enumerate(game.display, 1):
            pieces[("place", f"card:{k}")] = ("card", card, card_text(game, card) if card else None)
        for s in range(1, game.n + 1):
            stack = game.stack(s)
            top = game.data.buildings[stack[0]].describe() if stack else None
            pieces[("place", f"building:{s}")] = ("building", stack[0] if stack else None, top, len(stack))
        return pieces

    def piece_rect(self, key: Hashable, value: Any) -> Rect:
        name = _place_of(key)
        rect = _STATIC_RECTS.get(name)
        if rect is None:
            raise KeyError(name)
        return rect

    def draw_piece(self, painter: Painter, key: Hashable, value: Any, view: View) -> None:
        name = _place_of(key)
        x0, y0, x1, y1 = _STATIC_RECTS[name]
        px, py = view.to_pixel(x0, y0)
        w, h = (x1 - x0) * view.scale, (y1 - y0) * view.scale
        size = max(8.0, view.scale * 0.24)
        winter = isinstance(value, tuple) and value[0] == "winter"
        if winter:
            value = value[1]
        fill = (WINTER_COLOURS if winter else PLACE_COLOURS).get(name, "#f7f1e3")
        if isinstance(value, tuple) and value[0] == "card":
            fill = "#e8f0d8" if value[1] and value[1].startswith("G") else "#f3e3c0"
        painter.rect(px, py, w, h, fill=fill, stroke="#5a4a35", width=1.5)
        if winter:
            _snow(painter, px, py, w, view.scale)
        cx = px + w / 2
        if isinstance(value, str):
            painter.text(cx, py + size, value, size=size, bold=True)
            return
        if value[0] == "card":
            cost = name.partition(":")[2]
            painter.text(cx, py + size, f"slot {cost}: {cost} res.", size=size * 0.85, fill="#5a4a35")
            if value[1]:
                painter.text(cx, py + h * 0.45, value[1], size=size, bold=True)
                painter.text(cx, py + h * 0.65, value[2][0], size=_fit(value[2][0], w, size * 0.85))
                painter.text(cx, py + h * 0.85, value[2][1], size=_fit(value[2][1], w, size * 0.85), fill="#5a4a35")
        elif value[0] == "building":
            header = f"stack {name.partition(':')[2]} ({value[3]} left)"
            if _fit(header, w, size * 0.8) < size * 0.8:
                header = f"{value[3]} left"
            painter.text(cx, py + size, header, size=_fit(header, w, size * 0.8))
            if value[1]:
                painter.text(cx, py + h * 0.45, value[1], size=size, bold=True)
                cost, _, points = value[2].partition(" -> ")
                _wrapped(painter, cx, py + h * 0.6, cost.replace("resources", "res."), w, size * 0.75, lines=2)
                if points:
                    points = f"{points} points"
                    painter.text(cx, py + h * 0.88, points, size=_fit(points, w, size * 0.75))
        elif value[0] == "igloo":
            title = f"Igloo {name[6:]}"
            painter.text(cx, py + size, title, size=_fit(title, w, size * 0.8), bold=True)
            # below the people placed there (their dots sit a third of the way down)
            _cost_chips(painter, cx, py + h * 0.64, value[1], w)
            points = f"{value[2]} pts"
            painter.text(cx, py + h * 0.88, points, size=_fit(points, w, size * 0.8))
            if value[3]:
                painter.rect(px, py, w, h, fill="#777", alpha=0.5)
        elif value[0] == "animal":
            label = f"{value[1].partition(':')[2].replace('_', ' ')} -{value[2]}" if value[1] else "no animal"
            painter.text(cx, py + size, "Wild animal", size=size, bold=True)
            painter.text(cx, py + h * 0.8, label, size=size * 0.85)

    # -- figures: people on places and the players' boards ------------------------------------------
    def figures_key(self, game: StoneAge) -> Hashable:
        return game.to_position()

    def draw_figures(self, painter: Painter, game: StoneAge, view: View, *, style: Style) -> None:
        r = 0.16 * view.scale
        people = _people_at(game)
        for place in game.places():
            rect = place_rect(game, place)
            if rect is None:
                continue
            here = people.get(place, [])
            # the board's rings: the people on a place, then its free spots as empty rings
            for i, (wx, wy) in enumerate(_spot_centres(rect, len(here) + _free_spots(game, place, len(here)))):
                cx, cy = view.to_pixel(wx, wy)
                if i < len(here):
                    painter.circle(cx, cy, r, fill=style.colour(here[i], game.players), stroke="#222")
                else:
                    painter.circle(cx, cy, r, stroke="#3d3222", width=1.5, alpha=0.55)
        for p in game.players:
            self._draw_player(painter, game, p, view, style)

    def _draw_player(self, painter: Painter, game: StoneAge, p: str, view: View, style: Style) -> None:
        x0, y0, x1, y1 = player_rect(game, p)
        px, py = view.to_pixel(x0, y0)
        w, h = (x1 - x0) * view.scale, (y1 - y0) * view.scale
        colour = style.colour(p, game.players)
        current = game.current_player == p
        painter.rect(px, py, w, h, fill="#faf6ec", stroke=colour, width=4 if current else 2)
        size = max(8.0, view.scale * 0.26)
        start = " (start)" if game.start_player == p else ""
        painter.text(px + 8, py + size, f"{p}{start}: {game.scores[p]} points", size=size, bold=True, anchor="start")
        goods = [("food", game.food(p))] + list(game.resources(p).items())
        for i, (good, n) in enumerate(goods):
            gx = px + (0.3 + i * 1.6) * view.scale
            gy = py + h * 0.5
            painter.rect(gx, gy - size * 0.6, size * 1.2, size * 1.2, fill=GOOD_COLOURS[good], stroke="#333")
            painter.text(gx + size * 1.5, gy, f"{n} {good}", size=size * 0.9, anchor="start")
        tiles = "+".join(map(str, game.tool_tiles(p))) or "none"
        unused = "+".join(map(str, game.unused_tools(p))) or "none"
        one_use = ", ".join(map(str, game.one_use_tools(p)))
        line = (f"people {game.people(p)} (home {game.at_home(p)})   field {game.agriculture(p)}   "
                f"tools {tiles} (unused {unused}){'   one-use ' + one_use if one_use else ''}")
        painter.text(px + 8, py + h * 0.72, line, size=size * 0.85, anchor="start")
        cards = _cards_line(game, p)
        if cards:
            painter.text(px + 8, py + h * 0.9, cards, size=_fit(cards, w - 16, size * 0.85), anchor="start")
        summary = f"{len(game.cards(p))} cards, {len(game.buildings(p))} buildings" + (
            f", igloos {', '.join(map(str, game.igloos(p)))}" if game.igloos(p) else "")
        painter.text(px + w - 8, py + size, summary, size=size * 0.85, anchor="end")

    def draw_marks(self, painter: Painter, game: StoneAge, view: View, *, targets: Sequence[Target],
                   style: Style, emphasis: Sequence[tuple[int, int]] = ()) -> None:
        for target in targets:
            _, x0, y0, x1, y1 = target.shape
            a, b = view.to_pixel(x0, y0)
            c, d = view.to_pixel(x1, y1)
            painter.rect(a + 2, b + 2, c - a - 4, d - b - 4, stroke="#1a7f2a", width=3, dash=(6, 4))
        if game.phase in ("pay", "tools"):
            place = game.pending[1] if game.phase == "pay" else game.pending[2]
            rect = place_rect(game, place)
            if rect:
                a, b = view.to_pixel(rect[0], rect[1])
                c, d = view.to_pixel(rect[2], rect[3])
                painter.rect(a, b, c - a, d - b, stroke="#c0392b", width=4)

    def highlight(self, painter: Painter, game: StoneAge, refs: Sequence[Any], view: View) -> None:
        for ref in refs:
            rect = self._ref_rect(game, ref)
            if rect:
                a, b = view.to_pixel(rect[0], rect[1])
                c, d = view.to_pixel(rect[2], rect[3])
                painter.rect(a, b, c - a, d - b, stroke="#ff8c00", width=4)

    # -- clicking ----------------------------------------------------------------------------------
    def targets(self, game: StoneAge) -> list[Target]:
        actions = game.legal_actions()
        targets: list[Target] = []
        if game.phase == "placement":
            by_place: dict[str, list[PlacePeople]] = {}
            for a in actions:
                if isinstance(a, PlacePeople):
                    by_place.setdefault(a.place, []).append(a)
            for place, choices in by_place.items():
                rect = place_rect(game, place)
                if rect is None:
                    continue
                labels = tuple(f"{a.count} {'person' if a.count == 1 else 'people'}" for a in choices)
                targets.append(Target(place, tuple(choices), ("rect", *rect), label=f"place people at {place}",
                                      menu=len(choices) > 1, choice_labels=labels))
        elif game.phase == "resolution":
            for a in actions:
                if not isinstance(a, Resolve):
                    continue
                rect = place_rect(game, a.place)
                if rect is not None:
                    targets.append(Target(a.place, (a,), ("rect", *rect), label=f"resolve {a.place}"))
        return targets

    def explain_click(self, game: StoneAge, wx: float, wy: float) -> Action | str:
        for place in game.places():
            rect = place_rect(game, place)
            if rect and rect[0] <= wx < rect[2] and rect[1] <= wy < rect[3]:
                if game.phase == "placement":
                    return PlacePeople(place, 1)
                if game.phase == "resolution":
                    return Resolve(place)
                return f"now: {game.phase.replace('_', ' ')} (see the buttons)"
        return "nothing to do there"

    def prompt(self, game: StoneAge, targets: Sequence[Target]) -> list[Choice]:
        offered = {a for t in targets for a in t.choices}
        return [self._choice(game, a) for a in game.legal_actions() if a not in offered]

    def _choice(self, game: StoneAge, a: Action) -> Choice:
        if isinstance(a, UseTools):
            _, _, _, good, dice, malus = game.pending
            add = sum(a.tiles) + sum(a.one_use)
            units = dice_yield(dice, tools=add, malus=malus, divisor=DIVISOR_OF_GOOD[good])
            total = sum(dice) - malus + add
            label = (f"{a}: {total} -> {units} {good}")
            return Choice(label, a, "Tools", f"dice {'+'.join(map(str, dice))}" + (f", animal -{malus}" if malus else ""))
        if isinstance(a, PayCard):
            return Choice(f"Pay {multiset_text(a.payment)}" + (" + 1 gold for 6 points" if a.gold_bonus else ""), a, "Pay")
        if isinstance(a, (PayBuilding, PayIgloo)):
            return Choice(f"Build with {multiset_text(a.payment)}" + (" + 1 stone for 5 points" if a.insulate else ""),
                          a, "Pay")
        if isinstance(a, Decline):
            return Choice("Decline (take the person back)", a, "Pay")
        if isinstance(a, ChooseDie):
            good = DIE_FOR_ALL[a.face]
            return Choice(f"Die {a.face}: {'+1 ' if good in ('tool', 'agriculture') else '1 '}{good}", a, "Dice for everyone")
        if isinstance(a, UseResourceVoucher):
            return Choice(f"Take {multiset_text(a.resources)} now", a, "Resources of choice kept for later")
        if isinstance(a, ChooseResources):
            return Choice(f"Take {multiset_text(a.resources)}", a, "Resources of your choice")
        if isinstance(a, TakeAnimalReward):
            kind, amount = game.data.rewards[a.face]
            what = {"points": f"{amount} points", "food": f"{amount} food", "tool": f"{amount} tool",
                    "resource_choice": f"{amount} resource of your choice"}[kind]
            how = f"(rolled {a.die})" if a.face == a.die else f"(rolled {a.die}, taken as a 1)"
            return Choice(f"Take {what} {how}", a, "Animal reward")
        if isinstance(a, Feed):
            return Choice(f"Feed with {multiset_text(a.payment)}", a, "Feeding")
        if isinstance(a, Starve):
            return Choice("Go hungry: -10 points", a, "Feeding")
        return Choice(str(a), a)

    def inspect(self, game: StoneAge, wx: float, wy: float) -> Inspection | None:
        for place in game.places():
            rect = place_rect(game, place)
            if rect and rect[0] <= wx < rect[2] and rect[1] <= wy < rect[3]:
                lines = self._place_lines(game, place) + _spots_lines(game, place)
                return Inspection(place, _place_title(place), tuple(lines), refs=(("place", place),))
        return None

    def _place_lines(self, game: StoneAge, place: str) -> list[str]:
        who = game.current_player
        if place in DIVISOR and who is not None:
            tools = sum(game.unused_tools(who)) + sum(game.one_use_tools(who))
            counts = [a.count for a in game.legal_actions() if isinstance(a, PlacePeople) and a.place == place]
            counts = counts or [1, 2, 3]
            good = GOOD_OF[place]
            lines = []
            for n in counts[:5]:
                dist = yield_distribution(place, n, malus=game.malus)
                best = max(k for k, p in dist.items() if p)
                k = max(1, round(sum(k * p for k, p in dist.items())))
                plain = p_at_least(place, n, k, malus=game.malus)
                line = f"{n} {'person' if n == 1 else 'people'}: up to {best} {good}; P(at least {k}) = {float(plain):.0%}"
                if tools:
                    line += f", with tools {tools}: {float(p_at_least(place, n, k, tools=tools, malus=game.malus)):.0%}"
                lines.append(line)
            return lines
        if place.startswith("card:"):
            card = game.display[int(place[5:]) - 1]
            if card:
                top, bottom = card_text(game, card)
                return [f"{card}: {top} now, {bottom} at the end", f"costs {place[5:]} resources of any kinds"]
        if place.startswith("building:"):
            stack = game.stack(int(place[9:]))
            if stack:
                return [f"{stack[0]}: {game.data.buildings[stack[0]].describe()}", f"{len(stack)} left in the stack"]
        if place.startswith("igloo:"):
            igloo = game.data.igloos[int(place[6:])]
            owner = _igloo_owner(game, igloo.id)
            return [f"costs {multiset_text(as_items(igloo.cost))} for {igloo.points} points; one person builds it",
                    f"built by {owner}" if owner else "not built yet"]
        return []

    # -- panel ---------------------------------------------------------------------------------------
    def status(self, game: StoneAge) -> tuple[str, str]:
        if game.is_over:
            return "Game over", f"won by {names(game.winners())}"
        hints = {"placement": "click a place and choose how many people", "resolution": "click one of your places",
                 "tools": "choose the tools to add", "pay": "pay or decline", "dice_for_all": "take a die",
                 "choose_resources": "choose the resources", "animal_rewards": "take a reward",
                 "feeding": "pay the missing food with resources, or go hungry"}
        p = game.current_player
        if game.phase == "pay" and p is not None and not game.vouchers(p) \
                and not any(isinstance(a, (PayCard, PayBuilding, PayIgloo)) for a in game.legal_actions()):
            hints["pay"] = "not enough resources to pay: decline, and the person goes back"
        return f"Round {game.round}, {p}: {game.phase.replace('_', ' ')}", hints[game.phase]

    def columns(self, game: StoneAge) -> list[Column]:
        projected = game.projected_scores()
        columns = [Column("Projected", {p: str(projected[p]) for p in game.players}),
                   Column("Food", {p: str(game.food(p)) for p in game.players})]
        for r in RESOURCES:
            columns.append(Column(r.capitalize(), {p: str(game.resources(p)[r]) for p in game.players}))
        columns += [
            Column("Tools", {p: "+".join(map(str, game.tool_tiles(p))) or "0" for p in game.players}, numeric=False),
            Column("Field", {p: str(game.agriculture(p)) for p in game.players}),
            Column("People", {p: str(game.people(p)) for p in game.players}),
        ]
        return columns

    def sections(self, game: StoneAge, choice: Action | None) -> list[Section]:
        rows = []
        for k, card in enumerate(game.display, 1):
            if card:
                top, bottom = card_text(game, card)
                rows.append(f"<li>slot {k} ({k} res.): <b>{esc(card)}</b> {esc(top)} / {esc(bottom)}</li>")
        sections = [Section("Cards on display", f"<ul>{''.join(rows)}</ul><p>{game.deck_size} in the deck</p>")]
        tops = [f"<li>stack {s}: <b>{esc(game.stack(s)[0])}</b> {esc(game.data.buildings[game.stack(s)[0]].describe())}"
                f" ({len(game.stack(s))} left)</li>" for s in range(1, game.n + 1) if game.stack(s)]
        sections.append(Section("Buildings", f"<ul>{''.join(tops)}</ul>"))
        if game.active_animal:
            sections.append(Section("Wild animal", f"<p>{esc(game.active_animal.partition(':')[2])}: dice -{game.malus}; "
                                                   f"{sum(game.at_animal(p) for p in game.players)} of {game.n} rings taken</p>"))
        held = "".join(f"<li>{esc(p)}: {esc(', '.join(game.cards(p)) or '-')}</li>" for p in game.players)
        sections.append(Section("Cards held", f"<ul>{held}</ul>", open=False))
        return sections

    def help_html(self, game: StoneAge) -> str:
        return ("<p><b>Placement:</b> click a place, pick how many people. <b>Resolution:</b> click your places "
                "in any order. Tools, payments, dice for everyone, animal rewards and feeding are buttons. "
                "Hover a resource place for the odds. Keys: u undo, r redo.</p>")


def _fit(text: str, width: float, size: float) -> float:
    """A font size at most ``size`` at which ``text`` fits in ``width`` pixels (painters have no text
    metrics, so this takes an average glyph of 0.55 em); never below 6 px, to stay legible.

    >>> _fit("short", 100, 10), round(_fit("1 clay, 1 stone, 1 gold", 120, 10), 2)
    (10, 9.01)
    """
    return max(6.0, min(size, (width - 6) / (0.55 * max(1, len(text)))))


def _wrap(text: str, width: float, size: float, lines: int) -> tuple[list[str], float]:
    """``text`` broken into lines that fit in ``width`` pixels, and the font size for them: the
    largest up to ``size`` at which at most ``lines`` lines do (same glyph estimate and 6 px floor
    as ``_fit``; at the floor it takes the lines it needs, hiding nothing). Lines break after a
    comma or before "of", so "1 wood" and "of 2 kinds" stay whole.

    >>> _wrap("1 wood, 1 clay, 1 stone", 60, 10, 3)
    (['1 wood,', '1 clay,', '1 stone'], 10.0)
    >>> _wrap("5 res. of 2 kinds", 50, 10, 2)
    (['5 res.', 'of 2 kinds'], 8.0)
    """
    phrases = re.split(r"(?<=,) | (?=of )", text)
    font = float(size)
    while True:
        per_line = max(1, int((width - 6) / (0.55 * font)))
        out: list[str] = []
        for phrase in phrases:
            if out and len(out[-1]) + 1 + len(phrase) <= per_line:
                out[-1] += " " + phrase
            else:
                out.append(phrase)
        if font <= 6.0 or (len(out) <= lines and all(len(line) <= per_line for line in out)):
            return out, font
        font = max(6.0, font - 0.5)


def _wrapped(painter: Painter, cx: float, top: float, text: str, width: float, size: float, *, lines: int) -> None:
    """``text`` wrapped (``_wrap``) and centred on ``cx``, its first line at ``top``."""
    rows, font = _wrap(text, width, size, lines)
    for i, row in enumerate(rows):
        painter.text(cx, top + i * font * 1.15, row, size=font)


def _place_title(place: str) -> str:
    """A place as its board names it: "Forest (wood)", "Card slot 3", "Building stack 1", "Igloo 2"."""
    kind, _, index = place.partition(":")
    titles = {"card": "Card slot", "building": "Building stack", "igloo": "Igloo"}
    return f"{titles[kind]} {index}" if kind in titles else PLACE_LABELS.get(place, place)


def _cost_chips(painter: Painter, cx: float, cy: float, cost: Sequence[int], width: float) -> None:
    """A cost as a row of squares in the resources' colours (those of the players' boards), each
    with its count: narrow places cannot hold "1 wood, 1 clay, 1 stone" in words."""
    kinds = [(r, n) for r, n in zip(RESOURCES, cost) if n]
    side = min(14.0, (width - 4) / max(1, len(kinds)) - 2)
    x = cx - len(kinds) * (side + 2) / 2 + 1
    for r, n in kinds:
        painter.rect(x, cy - side / 2, side, side, fill=GOOD_COLOURS[r], stroke="#333")
        painter.text(x + side / 2, cy, str(n), size=side * 0.8, bold=True, fill="#fff", halo="#333", halo_width=2)
        x += side + 2


def _spot_centres(rect: Rect, count: int) -> list[tuple[float, float]]:
    """World centres of ``count`` spots on a place, in at most three rows below its title (a crowd
    on the hunting grounds, which take any number, moves closer together rather than off the tile)."""
    x0, y0, x1, _ = rect
    width = x1 - x0 - 0.6   # from the first centre to the last of a row
    per_row = max(int(width / 0.38) + 1, -(-count // 3))
    step = min(0.38, width / max(1, per_row - 1))
    return [(x0 + 0.3 + step * (i % per_row), y0 + 0.75 + 0.38 * (i // per_row)) for i in range(count)]


def _cards_line(game: StoneAge, p: str) -> str:
    """What a player's cards will score at the end: the culture symbols (a second of a kind starts
    a new set) and the people of each kind on the sand-coloured cards."""
    symbols: dict[str, int] = {}
    people: dict[str, int] = {}
    for card_id in game.cards(p):
        kind, what, persons = game.data.cards[card_id].bottom
        if kind == "culture":
            symbols[what] = symbols.get(what, 0) + 1
        else:
            people[what] = people.get(what, 0) + persons
    parts = []
    if symbols:
        parts.append("culture " + ", ".join(f"{s}" + (f" x{n}" if n > 1 else "") for s, n in sorted(symbols.items())))
    parts += [f"{n} {what.replace('_', ' ')}{'s' if n > 1 else ''}" for what, n in sorted(people.items())]
    return " · ".join(parts)


def _snow(painter: Painter, px: float, py: float, width: float, scale: float) -> None:
    """Snow along the top of a place on the winter side: a white band with a scalloped edge,
    behind the place's title."""
    depth, wave = 0.2 * scale, 0.06 * scale
    bumps = max(2, round(width / (0.45 * scale)))
    steps = 8 * bumps
    edge = [(px + 1 + (width - 2) * i / steps, py + depth - wave * abs(math.sin(math.pi * i / 8)))
            for i in range(steps + 1)]
    painter.polygon([(px + 1, py + 1), (px + width - 1, py + 1), *reversed(edge)], fill="#fbfdff", alpha=0.9)


def _spots_lines(game: StoneAge, place: str) -> list[str]:
    """How full a place is, for its hover text."""
    spots = game.spots(place)
    if spots is None:
        return ["any number of people, from every player"]
    free = _free_spots(game, place, len(_people_at(game).get(place, ())))
    if place == "animal":
        return [f"{free} of {spots} rings free" if game.active_animal else "no animal is out"]
    if not free:
        return ["no free spot"]
    return ["its spot is free" if spots == 1 else f"{free} of {spots} spots free"]


def _people_at(game: StoneAge) -> dict[str, list[str]]:
    """Place -> whose each person standing there is (the unresolved people, and the wild animal's)."""
    people: dict[str, list[str]] = {}
    for (place, p), n in game.placed().items():
        people.setdefault(place, []).extend([p] * n)
    for p in game.players:
        if game.at_animal(p):
            people.setdefault("animal", []).extend([p] * game.at_animal(p))
    return people


def _igloo_owner(game: StoneAge, i: int) -> str | None:
    """Who built igloo ``i``, or None."""
    return next((p for p in game.players if i in game.igloos(p)), None)


def _free_spots(game: StoneAge, place: str, taken: int) -> int:
    """The empty rings of a place: none on the hunting grounds (no rings there), on an empty card
    slot or building stack, on a built igloo, or while no animal is out."""
    spots = game.spots(place)
    kind, _, index = place.partition(":")
    if spots is None or (kind == "card" and game.display[int(index) - 1] is None) \
            or (kind == "building" and not game.stack(int(index))) \
            or (kind == "igloo" and _igloo_owner(game, int(index)) is not None) \
            or (place == "animal" and game.active_animal is None):
        return 0
    return max(0, spots - taken)


# rectangles of the places (the same for every game; the stacks and igloos use their index)
_STATIC_RECTS: dict[str, Rect] = {}
for _name in ("hunt", "forest", "clay_pit", "quarry", "river", "tool_maker", "hut", "field", "animal",
              *(f"card:{k}" for k in range(1, 5)), *(f"building:{s}" for s in range(1, 5)),
              *(f"igloo:{i}" for i in range(1, 5))):
    _rect = place_rect(None, _name)
    assert _rect is not None, f"{_name} is a place of the board"
    _STATIC_RECTS[_name] = _rect
