"""The Stone Age adapter for the generic views (widget-free: it only describes and draws).

The picture is a fixed board in world units: the places on top (hunt, the four resource places,
the village, the animal and the igloos), the card display and the building stacks below them,
then the players' boards two abreast. Numbers sit on icons and words go to the hover text, so that
the board reads from the back of a classroom (see ``places.MIN_FONT``). Placing is a click on a place and a choice of how many people in a
small menu; resolving is a click on one of your places; every other decision (tools, payments,
dice for everyone, animal rewards, feeding) comes as labelled buttons through ``prompt``.

>>> import widgetpkg as wp
>>> from widgetpkg.ui.contract import ui_for
>>> g = wp.new_game("stone-age", players=2, seed=1)
>>> ui = ui_for(g)
>>> forest = next(t for t in ui.targets(g) if t.key == "forest")
>>> forest.mode, forest.labels()[0]
('menu', '1 person: 0.8 wood expected; at least 1: 67%')
"""

from __future__ import annotations

import functools
import math
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
from ...ui.palette import EMPHASIS, FRAME, HALO, INK, PAPER, TARGET, ink_on, seat_marks
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
from .odds import expected_yield, p_at_least
from .pictures import (
    animal_name,
    building_words,
    card_bottom_words,
    card_top_words,
    draw_card_bottom,
    good_icon,
)
from .places import MIN_FONT, ONE_USE_PAPER, PLACE_LABELS, RESOLVING, TOOL_PAPER, clip, draw_place, fit
from .rules import DIE_FOR_ALL, DIVISOR, DIVISOR_OF_GOOD, GOOD_OF, as_items, dice_yield
from .words import place_name

#: the board is 12 units wide: five places on top, the village, the animal and the igloos below them,
#: the cards and the stacks, then the players' boards two abreast. It is about as tall as wide with
#: four players (wider with fewer), so it fits a 16:9 or 16:10 screen beside the panel.
BOARD_WIDTH = 12.0
# the card display and the stacks sit a little below the places, leaving room for their titles
CARDS_TOP, CARDS_BOTTOM = 4.4, 6.7
PLAYER_TOP = 6.9
PLAYER_WIDTH, PLAYER_HEIGHT, PLAYER_GAP = 5.95, 2.1, 0.1
_RESOURCE_PLACES = ("forest", "clay_pit", "quarry", "river")
_VILLAGE = ("tool_maker", "hut", "field")


def place_rect(game: StoneAge | None, place: str) -> Rect | None:
    """The world rectangle of a place, or None if the game has no such place (the layout is the same
    for every game, so ``game`` may be None)."""
    if place == "hunt":
        return (0.0, 0.0, 2.6, 2.0)
    if place in _RESOURCE_PLACES:
        x = 2.7 + 2.35 * _RESOURCE_PLACES.index(place)
        return (x, 0.0, x + 2.25, 2.0)
    if place in _VILLAGE:
        x = 1.82 * _VILLAGE.index(place)
        return (x, 2.1, x + 1.75, 3.8)
    if place == "animal":
        return (5.46, 2.1, 7.36, 3.8)
    kind, _, index = place.partition(":")
    if not index.isdigit() or not 1 <= int(index) <= 4:
        return None
    i = int(index)
    if kind == "igloo":
        x = 7.46 + (i - 1) * 1.14
        return (x, 2.1, x + 1.08, 3.8)
    if kind == "card":
        # slot 1 is the rightmost of the four
        x = 1.78 * (4 - i)
        return (x, CARDS_TOP, x + 1.7, CARDS_BOTTOM)
    if kind == "building":
        x = 7.3 + (i - 1) * 1.19
        return (x, CARDS_TOP, x + 1.13, CARDS_BOTTOM)
    return None


def _place_of(key: Hashable) -> str:
    """The place named by a piece key ``("place", name)`` of ``pieces()``."""
    assert isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], str), f"not a place key: {key!r}"
    return key[1]


def player_rect(game: StoneAge, player: str) -> Rect:
    """A player's board: two abreast, in the order of play."""
    i = game.players.index(player)
    x = (i % 2) * (PLAYER_WIDTH + PLAYER_GAP)
    top = PLAYER_TOP + (i // 2) * (PLAYER_HEIGHT + 0.15)
    return (x, top, x + PLAYER_WIDTH, top + PLAYER_HEIGHT)


def card_text(game: StoneAge, card_id: str) -> tuple[str, str]:
    """(top, bottom) of a card in words: what buying it gives, what it scores at the end."""
    card = game.data.cards[card_id]
    return card_top_words(card.top), card_bottom_words(card.bottom)


def count_label(game: StoneAge, place: str, people: int) -> str:
    """How many people, and at a dice place what they would bring: the expected yield and the chance
    of at least that much (rounded down, at least 1), without and with the mover's unused tools
    (exact, from :mod:`.odds`).

    >>> import widgetpkg as wp
    >>> count_label(wp.new_game("stone-age", players=2, seed=1), "forest", 2)
    '2 people: 2.0 wood expected; at least 2: 72%'
    """
    head = f"{people} {'person' if people == 1 else 'people'}"
    who = game.current_player
    if place not in DIVISOR or who is None:
        return head
    tools = sum(game.unused_tools(who)) + sum(game.one_use_tools(who))
    mean, k, plain, tooled = _odds(place, people, tools, game.malus)
    text = f"{head}: {mean:.1f} {GOOD_OF[place]} expected; at least {k}: {plain:.0%}"
    if tools:
        text += f" ({tooled:.0%} with your tools {tools})"
    return text


@functools.lru_cache(maxsize=1024)
def _odds(place: str, people: int, tools: int, malus: int) -> tuple[float, int, float, float]:
    """Expected yield, the k it rounds down to (at least 1), P(at least k) without and with ``tools``:
    exact fractions are slow to build, and a menu asks for the same few again and again."""
    mean = expected_yield(place, people, malus=malus)
    k = max(1, math.floor(mean))
    return (float(mean), k, float(p_at_least(place, people, k, malus=malus)),
            float(p_at_least(place, people, k, tools=tools, malus=malus)))


def odds_box(painter: Painter, lines: Sequence[str], place: Rect, view: View, board: Rect) -> Rect:
    """Draw ``lines`` in a box beside the ``place`` rectangle (world units): below it if the board
    has room there, else above, shifted sideways to stay on the board; returns the box in pixels."""
    size = view.scale * MIN_FONT
    width = max(0.55 * size * len(line) for line in lines) + 16
    height = size * 1.35 * len(lines) + 10
    x0, y0 = view.to_pixel(place[0], place[1])
    x1, y1 = view.to_pixel(place[2], place[3])
    left, top = view.to_pixel(board[0], board[1])
    right, bottom = view.to_pixel(board[2], board[3])
    y = y1 + 4 if y1 + 4 + height <= bottom or y0 - 4 - height < top else y0 - 4 - height
    x = min(max(left, x0), max(left, right - width))
    painter.rect(x + 3, y + 3, width, height, fill="#000", alpha=0.18)
    painter.rect(x, y, width, height, fill=PAPER, stroke=FRAME, width=1.5)
    for i, line in enumerate(lines):
        painter.text(x + 8, y + 5 + size * (0.7 + 1.35 * i), line, size=size, anchor="start", bold=i == 0, fill=INK)
    return (x, y, x + width, y + height)


@register_ui
class StoneAgeUI(GameUI[StoneAge]):
    """The adapter: a fixed board of places, the display, the stacks and the players' boards."""

    game_name = "stone-age"
    board_kind = "fixed"
    cycle_label = "Next choice"
    default_scale = 48
    keys: ClassVar[Mapping[str, str]] = {"u": "undo", "r": "redo"}

    # -- geometry -------------------------------------------------------------------------------
    def extent(self, game: StoneAge) -> Rect:
        # from a little above the places: their region's title is written above its frame
        return (0.0, -0.45, BOARD_WIDTH, PLAYER_TOP + (game.n + 1) // 2 * (PLAYER_HEIGHT + 0.15))

    def regions(self, game: StoneAge) -> list[Region]:
        stacks_end = place_rect(game, f"building:{game.n}")[2]  # type: ignore[index]
        regions = [Region("places", f"Places ({game.season})", (0.0, 0.0, BOARD_WIDTH, 3.8)),
                   Region("display", "Civilization cards", (0.0, CARDS_TOP, place_rect(game, "card:1")[2], CARDS_BOTTOM)),  # type: ignore[index]
                   Region("stacks", "Buildings", (7.3, CARDS_TOP, stacks_end, CARDS_BOTTOM))]
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
                value = "Livestock"
            if place.startswith("igloo:"):
                igloo = game.data.igloos[int(place[6:])]
                built = _igloo_owner(game, igloo.id) is not None
                value = ("igloo", igloo.cost, igloo.points, built)
            elif place == "animal":
                value = ("animal", game.active_animal, game.malus)
            # the winter side's places are drawn under snow (the igloos are snow already)
            pieces[("place", place)] = ("winter", value) if winter and not place.startswith("igloo:") else value
        for k, card_id in enumerate(game.display, 1):
            card = game.data.cards[card_id] if card_id else None
            words = card_bottom_words(card.bottom) if card else ""
            pieces[("place", f"card:{k}")] = ("card", card, card_id, words)
        for p in game.players:
            pieces[("player", p)] = _player_piece(game, p)
        for s in range(1, game.n + 1):
            stack = game.stack(s)
            pieces[("place", f"building:{s}")] = ("building", game.data.buildings[stack[0]] if stack else None,
                                                  len(stack))
        return pieces

    def piece_rect(self, key: Hashable, value: Any) -> Rect:
        if isinstance(key, tuple) and key[0] == "player":
            return value[0]  # type: ignore[no-any-return]
        name = _place_of(key)
        rect = _STATIC_RECTS.get(name)
        if rect is None:
            raise KeyError(name)
        return rect

    def draw_piece(self, painter: Painter, key: Hashable, value: Any, view: View) -> None:
        if isinstance(key, tuple) and key[0] == "player":
            _draw_player_piece(painter, value, view)
            return
        name = _place_of(key)
        x0, y0, x1, y1 = _STATIC_RECTS[name]
        px, py = view.to_pixel(x0, y0)
        w, h = (x1 - x0) * view.scale, (y1 - y0) * view.scale
        winter = isinstance(value, tuple) and value[0] == "winter"
        if winter:
            value = value[1]
        draw_place(painter, name, value, px, py, w, h, view.scale, winter=winter)

    # -- figures: people on places and the players' boards ------------------------------------------
    def figures_key(self, game: StoneAge) -> Hashable:
        return game.to_position()

    def draw_figures(self, painter: Painter, game: StoneAge, view: View, *, style: Style) -> None:
        r = PERSON_RADIUS * view.scale
        people = _people_at(game)
        marks = seat_marks(game.players)
        for place in game.places():
            rect = place_rect(game, place)
            if rect is None:
                continue
            here = people.get(place, [])
            # the board's rings: the people on a place, then its free spots as empty rings
            for i, (wx, wy) in enumerate(_spot_centres(place, rect, len(here) + _free_spots(game, place, len(here)))):
                cx, cy = view.to_pixel(wx, wy)
                if i < len(here):
                    colour = style.colour(here[i], game.players)
                    painter.circle(cx, cy, r, fill=colour, stroke=INK)
                    # whose person it is in a letter too, not only in a colour
                    painter.text(cx, cy, marks[here[i]], size=MIN_FONT * view.scale, bold=True, fill=ink_on(colour))
                else:
                    painter.circle(cx, cy, r, stroke=FRAME, width=1.5, alpha=0.55)
        for p in game.players:
            self._draw_player(painter, game, p, view, style)

    def draw_regions(self, painter: Painter, game: StoneAge, view: View) -> None:
        """The regions' frames and titles, the titles in board units like every other text (the
        generic titles stop growing at 16 px, smaller than this board's smallest text on a projector)."""
        for region in self.regions(game):
            x0, y0, x1, y1 = region.rect
            px, py = view.to_pixel(x0, y0)
            qx, qy = view.to_pixel(x1, y1)
            painter.rect(px, py, qx - px, qy - py, stroke=FRAME, width=1.5, alpha=0.8)
            if region.title:
                painter.text(px + 4, py - 2, region.title, size=0.32 * view.scale, anchor="start", baseline="bottom",
                             bold=True, fill=INK, halo=HALO, halo_width=3)

    def _draw_player(self, painter: Painter, game: StoneAge, p: str, view: View, style: Style) -> None:
        """The coloured part of a player's board (its frame, thicker for the player to move, and
        the person in a circle) and its numbers; its icons are a background piece (``_player_piece``)."""
        x0, y0, x1, y1 = player_rect(game, p)
        u = view.scale
        px, py = view.to_pixel(x0, y0)
        w, h = (x1 - x0) * u, (y1 - y0) * u
        colour = style.colour(p, game.players)
        painter.rect(px, py, w, h, stroke=colour, width=5 if game.current_player == p else 2)
        line = py + 0.33 * u
        painter.circle(px + 0.3 * u, line, 0.21 * u, fill=colour, stroke=INK)
        painter.text(px + 0.3 * u, line, seat_marks(game.players)[p], size=MIN_FONT * u, bold=True,
                     fill=ink_on(colour))
        _draw_player_numbers(painter, game, p, view)

    def draw_marks(self, painter: Painter, game: StoneAge, view: View, *, targets: Sequence[Target],
                   style: Style, emphasis: Sequence[tuple[int, int]] = ()) -> None:
        for target in targets:
            _, x0, y0, x1, y1 = target.shape
            a, b = view.to_pixel(x0, y0)
            c, d = view.to_pixel(x1, y1)
            painter.rect(a + 2, b + 2, c - a - 4, d - b - 4, stroke=TARGET, width=3, dash=(6, 4))
        if game.phase in ("pay", "tools"):
            place = game.pending[1] if game.phase == "pay" else game.pending[2]
            rect = place_rect(game, place)
            if rect:
                a, b = view.to_pixel(rect[0], rect[1])
                c, d = view.to_pixel(rect[2], rect[3])
                painter.rect(a, b, c - a, d - b, stroke=RESOLVING, width=4)

    def draw_preview(self, painter: Painter, game: StoneAge, target: Target, choice: Action, view: View,
                     style: Style) -> None:
        """A hovered place you can click: its frame, and at a dice place the odds for each number of
        people you could send, in a box beside the place (never over it)."""
        super().draw_preview(painter, game, target, choice, view, style)
        if game.phase != "placement" or target.key not in DIVISOR:
            return
        lines = [f"{_place_title(str(target.key))}: what you would roll", *target.labels()]
        odds_box(painter, lines, target.shape[1:], view, self.extent(game))

    def highlight(self, painter: Painter, game: StoneAge, refs: Sequence[Any], view: View) -> None:
        for ref in refs:
            rect = self._ref_rect(game, ref)
            if rect:
                a, b = view.to_pixel(rect[0], rect[1])
                c, d = view.to_pixel(rect[2], rect[3])
                painter.rect(a, b, c - a, d - b, stroke=EMPHASIS, width=4)

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
                labels = tuple(count_label(game, place, a.count) for a in choices)
                targets.append(Target(place, tuple(choices), ("rect", *rect), label=f"place people at the {_place_title(place)}",
                                      menu=len(choices) > 1, choice_labels=labels))
        elif game.phase == "resolution":
            for a in actions:
                if not isinstance(a, Resolve):
                    continue
                rect = place_rect(game, a.place)
                if rect is not None:
                    targets.append(Target(a.place, (a,), ("rect", *rect), label=f"resolve the {_place_title(a.place)}",
                                          choice_labels=(f"resolve {place_name(a.place)}",)))
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

    def action_text(self, game: StoneAge, action: Action) -> str:
        """A legal action in the words of its button ("Place 2 people at the Forest"), for hints,
        messages and replays (``str`` names places by their ids)."""
        return self._choice(game, action).label

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
        if isinstance(a, Resolve):
            return Choice(f"Resolve {place_name(a.place)}", a, "Resolve")
        if isinstance(a, PlacePeople):
            return Choice(f"Place {count_label(game, a.place, a.count)} at {place_name(a.place)}", a, "Place")
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

    def inspector_view(self, game: StoneAge) -> Any:
        from .multipliers import StoneAgeInspector
        return StoneAgeInspector()

    def legend(self, game: StoneAge) -> list[LegendItem]:
        from .legend import legend_items
        return legend_items(game)

    def inspect(self, game: StoneAge, wx: float, wy: float) -> Inspection | None:
        for place in game.places():
            rect = place_rect(game, place)
            if rect and rect[0] <= wx < rect[2] and rect[1] <= wy < rect[3]:
                lines = self._place_lines(game, place) + _spots_lines(game, place)
                return Inspection(place, _place_title(place), tuple(lines), refs=(("place", place),))
        for p in game.players:
            x0, y0, x1, y1 = player_rect(game, p)
            if x0 <= wx < x1 and y0 <= wy < y1:
                return Inspection(("player", p), f"{p}'s board", tuple(_player_lines(game, p)))
        return None

    def _place_lines(self, game: StoneAge, place: str) -> list[str]:
        who = game.current_player
        if place in DIVISOR and who is not None:
            counts = [a.count for a in game.legal_actions() if isinstance(a, PlacePeople) and a.place == place]
            return [count_label(game, place, n) for n in (counts or [1, 2, 3])[:5]]
        if place.startswith("card:"):
            card = game.display[int(place[5:]) - 1]
            if card:
                top, bottom = card_text(game, card)
                return [f"{top} now, {bottom} at the end", f"costs {place[5:]} resources of any kinds"]
        if place.startswith("building:"):
            stack = game.stack(int(place[9:]))
            if stack:
                return [building_words(game.data.buildings[stack[0]]), f"{len(stack)} left in the stack"]
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
                rows.append(f"<li>slot {k} (pay {k}): <b>{esc(top)}</b> now, <b>{esc(bottom)}</b> at the end</li>")
        sections = [Section("Cards on display", f"<ul>{''.join(rows)}</ul><p>{game.deck_size} in the deck</p>")]
        tops = [f"<li>stack {s}: {esc(building_words(game.data.buildings[game.stack(s)[0]]))}"
                f" ({len(game.stack(s))} left)</li>" for s in range(1, game.n + 1) if game.stack(s)]
        sections.append(Section("Buildings", f"<ul>{''.join(tops)}</ul>"))
        if game.active_animal:
            taken = sum(game.at_animal(p) for p in game.players)
            sections.append(Section("Wild animal", f"<p>{esc(animal_name(game.active_animal))}: dice −{game.malus}; "
                                                   f"{taken} of {game.n} rings taken</p>"))
        held = "".join(f"<li>{esc(p)}: {esc(', '.join(card_bottom_words(game.data.cards[c].bottom) for c in game.cards(p)) or '-')}</li>"
                       for p in game.players)
        sections.append(Section("Card bottoms held", f"<ul>{held}</ul>", open=False))
        return sections

    def help_html(self, game: StoneAge) -> str:
        return ("<p><b>Placement:</b> click a place, pick how many people. <b>Resolution:</b> click your places "
                "in any order. Tools, payments, dice for everyone, animal rewards and feeding are buttons. "
                "Hover a resource place for the odds. Keys: u undo, r redo.</p>")


def _player_piece(game: StoneAge, p: str) -> tuple[Any, ...]:
    """The still part of a player's board, as a background value: its name, its icons and its card
    bottoms (they change only when a card is bought). Its numbers are figures: a number changes
    often, and redrawing it must not repeat the icons (nor their definitions in a replay page)."""
    bottoms: dict[tuple[str, str], int] = {}
    for card_id in game.cards(p):
        kind, what, persons = game.data.cards[card_id].bottom
        bottoms[(kind, what)] = bottoms.get((kind, what), 0) + (1 if kind == "culture" else persons)
    name = p + (" (start)" if game.start_player == p else "")
    return (player_rect(game, p), name, _held(game, p), tuple(sorted(bottoms.items())))


def _held(game: StoneAge, p: str) -> tuple[tuple[str, int], ...]:
    """The cards, buildings and (with the variant) igloos a player has, by kind."""
    held = [("card", len(game.cards(p))), ("building", len(game.buildings(p)))]
    if "igloos" in game.variants:
        held.append(("igloo", len(game.igloos(p))))
    return tuple(held)


#: where a player's board writes its numbers, in board units from its top left (its icons beside them)
_COUNTERS = ("food", *RESOURCES, "person", "agriculture")
_COUNTER_ROW, _TOOL_ROW, _BOTTOM_ROW, _HEAD_ROW = 0.85, 1.37, 1.82, 0.33
_SCORE_ROOM = 1.0          # the score's digits, right of the points icon
_HELD_SLOT = 0.78          # a card, building or igloo count at the right of the tool row


def _counter_slot(width: float) -> float:
    return (width - 0.2) / len(_COUNTERS)


def _draw_player_piece(painter: Painter, value: tuple[Any, ...], view: View) -> None:
    """A player's board, still part: the name; the icons of the score, the goods, people and field,
    the tools, cards, buildings and igloos; the card bottoms that will score at the end."""
    (x0, y0, x1, y1), name, held, bottoms = value
    u = view.scale
    px, py = view.to_pixel(x0, y0)
    w, h = (x1 - x0) * u, (y1 - y0) * u
    painter.rect(px, py, w, h, fill=PAPER)
    line = py + _HEAD_ROW * u
    good_icon(painter, "points", px + w - (_SCORE_ROOM + 0.3) * u, line, 0.4 * u)
    room = w - (0.6 + _SCORE_ROOM + 0.7) * u
    painter.text(px + 0.6 * u, line, clip(name, room, 0.36 * u), size=0.36 * u, bold=True, anchor="start", fill=INK)
    slot = _counter_slot(x1 - x0) * u
    for i, good in enumerate(_COUNTERS):
        good_icon(painter, good, px + 0.1 * u + i * slot + 0.22 * u, py + _COUNTER_ROW * u, 0.38 * u)
    row = py + _TOOL_ROW * u
    good_icon(painter, "tool", px + 0.3 * u, row, 0.36 * u)
    for k, (good, _) in enumerate(reversed(held)):
        good_icon(painter, good, px + w - (k + 1) * _HELD_SLOT * u + 0.2 * u, row, 0.36 * u)
    # what the cards' bottoms will score: culture symbols (a repeat counted) and the figures
    _draw_bottoms(painter, bottoms, px + 0.1 * u, py + _BOTTOM_ROW * u, w - 0.2 * u, u)


def _draw_player_numbers(painter: Painter, game: StoneAge, p: str, view: View) -> None:
    """A player's board, moving part: the score, the goods, people and field, the tool tiles (used
    ones dashed and faded; one-use tools round), how many cards, buildings and igloos."""
    x0, y0, x1, _ = player_rect(game, p)
    u = view.scale
    px, py = view.to_pixel(x0, y0)
    w = (x1 - x0) * u
    small = MIN_FONT * u
    score = str(game.scores[p])
    painter.text(px + w - _SCORE_ROOM * u, py + _HEAD_ROW * u, score,
                 size=fit(score, (_SCORE_ROOM - 0.05) * u + 6, 0.4 * u, small), bold=True, anchor="start", fill=INK)
    counts = (game.food(p), *game.resources(p).values(), game.people(p), game.agriculture(p))
    slot = _counter_slot(x1 - x0) * u
    row = py + _COUNTER_ROW * u
    for i, n in enumerate(counts):
        painter.text(px + 0.1 * u + i * slot + 0.43 * u, row, str(n), size=fit(str(n), slot - 0.4 * u + 6, 0.38 * u, small),
                     bold=True, anchor="start", fill=INK)
    row = py + _TOOL_ROW * u
    x = px + 0.55 * u
    unused = list(game.unused_tools(p))
    for value in game.tool_tiles(p):
        fresh = value in unused
        if fresh:
            unused.remove(value)
        painter.rect(x, row - 0.19 * u, 0.38 * u, 0.38 * u, fill=TOOL_PAPER if fresh else None, stroke=INK,
                     width=1.5, dash=() if fresh else (3, 2), alpha=1.0 if fresh else 0.55)
        painter.text(x + 0.19 * u, row, str(value), size=0.3 * u, bold=True, fill=INK, alpha=1.0 if fresh else 0.55)
        x += 0.45 * u
    for value in game.one_use_tools(p):
        # a one-use tool: round, not square
        painter.circle(x + 0.19 * u, row, 0.19 * u, fill=ONE_USE_PAPER, stroke=INK, width=1.5)
        painter.text(x + 0.19 * u, row, str(value), size=0.3 * u, bold=True, fill=INK)
        x += 0.45 * u
    if not game.tool_tiles(p) and not game.one_use_tools(p):
        painter.text(x, row, "0", size=0.36 * u, bold=True, anchor="start", fill=INK)
    for k, (_, n) in enumerate(reversed(_held(game, p))):
        painter.text(px + w - (k + 1) * _HELD_SLOT * u + 0.42 * u, row, str(n),
                     size=fit(str(n), (_HELD_SLOT - 0.45) * u + 6, 0.36 * u, small), bold=True, anchor="start", fill=INK)


def _draw_bottoms(painter: Painter, items: tuple[tuple[tuple[str, str], int], ...], left: float, row: float,
                  width: float, u: float) -> None:
    """The card bottoms a player holds: a badge each, with a count (a repeated culture symbol, the
    figures of a kind)."""
    if not items:
        return
    # a badge and its count; badges shrink (never the numbers) when a player holds very many
    numbers = [str(n) if kind == "multiplier" or n > 1 else "" for (kind, _), n in items]
    text_width = sum(0.55 * MIN_FONT * u * len(t) + 0.05 * u for t in numbers if t)
    side = min(0.36 * u, (width - text_width) / len(items) / 1.25)
    x = left
    for ((kind, what), _), number in zip(items, numbers):
        draw_card_bottom(painter, (kind, what, 1), x + side * 0.6, row, side)
        x += side * 1.25
        if number:
            painter.text(x, row, number, size=MIN_FONT * u, bold=True, anchor="start", fill=INK)
            x += 0.55 * MIN_FONT * u * len(number) + 0.05 * u


def _place_title(place: str) -> str:
    """A place as its board names it: "Forest (wood)", "Card slot 3", "Building stack 1", "Igloo 2"."""
    kind, _, index = place.partition(":")
    titles = {"card": "Card slot", "building": "Building stack", "igloo": "Igloo"}
    return f"{titles[kind]} {index}" if kind in titles else PLACE_LABELS.get(place, place)


#: the radius of a person and of a free ring, in board units
PERSON_RADIUS = 0.21


def _spot_centres(place: str, rect: Rect, count: int) -> list[tuple[float, float]]:
    """World centres of ``count`` spots on a place: on a card or a building the one ring sits top
    left (its price is top right), on an igloo top centre; elsewhere in two rows centred below the
    title (a crowd on the hunting grounds, which take any number, moves closer together)."""
    x0, y0, x1, _ = rect
    if place.startswith(("card:", "building:")):
        return [(x0 + 0.27, y0 + 0.27)] * min(count, 1)
    if place.startswith("igloo:"):
        return [((x0 + x1) / 2, y0 + 0.35)] * min(count, 1)
    step = 2 * PERSON_RADIUS + 0.06
    room = x1 - x0 - 2 * PERSON_RADIUS - 0.2      # from the first centre to the last of a row
    per_row = max(1, int(room / step) + 1)
    if count > 2 * per_row:
        per_row = -(-count // 2)
    step = min(step, room / max(1, per_row - 1))
    rows = [min(per_row, count - k) for k in range(0, count, per_row)]
    centres = []
    for j, n in enumerate(rows):
        first = (x0 + x1) / 2 - step * (n - 1) / 2
        centres += [(first + step * i, y0 + 0.78 + 0.47 * j) for i in range(n)]
    return centres


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


def _player_lines(game: StoneAge, p: str) -> list[str]:
    """A player's board in words, for its hover text (the board itself shows icons and numbers)."""
    tiles = game.tool_tiles(p)
    unused = "+".join(map(str, game.unused_tools(p))) or "none"
    one_use = ", ".join(map(str, game.one_use_tools(p)))
    goods = ", ".join(f"{n} {r}" for r, n in game.resources(p).items())
    lines = [f"{game.scores[p]} points" + (", start player" if game.start_player == p else ""),
             f"food {game.food(p)}; {goods}",
             f"people {game.people(p)} ({game.at_home(p)} at home), field {game.agriculture(p)}",
             f"tools {'+'.join(map(str, tiles)) or 'none'} (unused {unused})"
             + (f", one-use tools {one_use}" if one_use else ""),
             f"{len(game.cards(p))} cards, {len(game.buildings(p))} buildings"
             + (f", igloos {', '.join(map(str, game.igloos(p)))}" if game.igloos(p) else "")]
    cards = _cards_line(game, p)
    return lines + ([f"card bottoms: {cards}"] if cards else [])


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
