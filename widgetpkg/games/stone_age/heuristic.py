"""A fast estimate of each player's final Stone Age score, for agents' look-ahead and search leaves.

The estimate is the points already scored plus what the player's position is likely to turn into
by the end of the game, all in points:

- resources at the building conversion rate (wood 3 ... gold 6, discounted for the people it
  takes to build) as far as the rounds left can build them, at 1 point each beyond that;
- culture rows as they score now, multiplier cards times the factor they are likely to reach;
- people, agriculture and tools by what they yield over the rounds left;
- food by the feeding it covers over the rounds left, and the next feeding's hunger (-10) when
  food, agriculture and resources cannot cover it;
- people placed but not yet resolved by the expected yield of their place (dice average 3.5), so
  that a placement is judged before its dice are rolled.

The numbers are rough rates of a typical game, not a solved model: they only need to rank
positions sensibly and to cost a few microseconds (``python benchmarks/stone_age_engine.py``
reports the time per call).

>>> import widgetpkg as wp
>>> g = wp.new_game("stone-age", players=["Ann", "Bob"], seed=1)
>>> start = estimate(g)
>>> round(start["Ann"], 1) == round(start["Bob"], 1)
True
>>> _ = g.apply(wp.games.stone_age.PlacePeople("forest", 4))
>>> estimate(g)["Ann"] > start["Ann"]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.info import Level
from .data import VALUE
from .rules import DIVISOR, DIVISOR_OF_GOOD, GOOD_OF

if TYPE_CHECKING:
    from .game import StoneAge

#: the computer player's difficulty levels, read through the game's facts (``GameInfo.levels``):
#: easy slips by up to ``tolerance`` points a decision, normal plays the best estimate, hard searches
LEVELS = (
    Level("easy", "greedy", (("tolerance", 6.0), ("temperature", 2.0)), "Easy: a fair player who slips now and then"),
    Level("normal", "greedy", (), "Normal: always the best move by its estimate"),
    Level("hard", "mcts", (("seconds", 1.0),), "Hard: searches the replies for about a second a move"),
)


# rates in points (see the module docstring for what they stand for)
BUILD_RATE = 0.8          # share of a resource's building value kept (building needs people too)
CONVERT_PER_ROUND = 12.0  # resource value a player can turn into buildings in a round
PERSON_PER_ROUND = 2.0    # what one more person yields in a round, net of its food
AGRICULTURE_PER_ROUND = 1.0
TOOL_PER_ROUND = 0.6
FOOD_FED = 1.0            # a unit of food that feeds someone later in the game
FOOD_SPARE = 0.15         # food beyond what the game will eat
UNUSED_TOOL_PIP = 0.2     # this round's unused tool tiles still help a later roll
HUNGER = 10.0
GROWTH_PER_ROUND = {"farmer": 0.35, "hut_builder": 0.3, "shaman": 0.1, "tool_maker": 0.35}
_RESOURCE_VALUE = tuple(VALUE.values())
_INDEX = {good: i for i, good in enumerate(("wood", "clay", "stone", "gold"))}
#: the phases in which this round's feeding is still to come
_BEFORE_FEEDING = frozenset({"placement", "resolution", "tools", "pay", "dice_for_all", "choose_resources",
                             "animal_rewards"})


def estimate(game: StoneAge) -> dict[str, float]:
    """{player: estimated final score}; the final scores themselves once the game is over."""
    if game._phase == "over":
        return {p: float(v) for p, v in game._scores.items()}
    rounds = game.rounds_left_estimate()
    resolving = game._phase != "placement"
    # after this round's harvest the rounds still to feed and to produce in
    future = rounds if resolving else rounds + 1.0
    pending = _pending_by_player(game)
    cards_data = game.data.cards
    return {p: _player_estimate(game, p, future, pending.get(p, ()), cards_data) for p in game.players}


def _pending_by_player(game: StoneAge) -> dict[str, list[tuple[str, int]]]:
    by: dict[str, list[tuple[str, int]]] = {}
    for (place, who), count in game._at.items():
        by.setdefault(who, []).append((place, count))
    return by


def _player_estimate(game: StoneAge, p: str, rounds: float, pending: list[tuple[str, int]] | tuple,
                     cards_data) -> float:
    people, agri, tools, food = game._people[p], game._agri[p], game._tools[p], game._food[p]
    goods: list[float] = list(game._goods[p])  # expected yields below are fractional
    vouchers = sum(game._vouchers[p])
    buildings = len(game._buildings[p])
    value = float(game._scores[p])
    # what placed people will bring this round, as if their dice showed the average
    extra_food = 0.0
    tools_left = sum(game.unused_tools(p)) + sum(game._one_use[p]) if game._phase != "placement" else tools
    if game._phase == "tools" and game._pending[1] == p:
        _, _, _, good, dice, malus = game._pending  # rolled, tools not chosen yet: the bare yield
        units = max(0, sum(dice) - malus) // DIVISOR_OF_GOOD[good]
        if good == "food":
            extra_food += units
        else:
            goods[_INDEX[good]] += units
    for place, count in pending:
        if place in DIVISOR:
            units = (3.5 * count + min(tools_left, 3)) / DIVISOR[place]
            good = GOOD_OF[place]
            if good == "food":
                extra_food += units
            else:
                goods[_INDEX[good]] += units
        elif place == "hut":
            people += 1 if people < game.data.people_max else 0
        elif place == "field":
            agri += 1 if agri < game.data.agriculture_max else 0
        elif place == "tool_maker":
            tools += 1 if tools < game.data.tools_max else 0
        elif place.startswith("card:"):
            value += _buy_card(game, p, place, rounds, goods)
        elif place.startswith("building:"):
            value += _buy_building(game, place, goods)
    value += _resource_value(goods, vouchers, rounds)
    # cards: culture as it stands, multipliers with their factor grown over the rounds left
    held = game._cards[p]
    if held:
        factor = {"farmer": agri, "hut_builder": buildings, "shaman": people, "tool_maker": tools}
        symbols: dict[str, int] = {}
        for card_id in held:
            kind, what, persons = cards_data[card_id].bottom
            if kind == "culture":
                symbols[what] = symbols.get(what, 0) + 1
            else:
                value += persons * (factor[what] + GROWTH_PER_ROUND[what] * rounds)
        value += _culture_points(symbols)
    # what people, fields and tools keep producing
    value += rounds * (PERSON_PER_ROUND * people + AGRICULTURE_PER_ROUND * agri + TOOL_PER_ROUND * tools)
    if game._phase != "placement":
        value += UNUSED_TOOL_PIP * tools_left
    # food: what it will feed, then the hunger threat at the next feeding
    food_now = food + extra_food
    eat = max(0, people - agri) * max(rounds, 1.0)
    value += FOOD_FED * min(food_now, eat) + FOOD_SPARE * max(0.0, food_now - eat)
    if game._phase in _BEFORE_FEEDING:
        short = people - agri - food_now
        if short > 0:
            value -= HUNGER if short > sum(goods) + vouchers else sum(_cheapest(goods, short))
    return value


def _resource_value(goods: list[float], vouchers: int, rounds: float) -> float:
    """Resources at their building value as far as the rounds left can turn them into buildings
    (the most valuable first), 1 point each beyond that."""
    capacity = CONVERT_PER_ROUND * rounds
    value = 0.0
    for n, v in ((vouchers, 6), *zip(reversed(goods), reversed(_RESOURCE_VALUE))):  # vouchers: any kind
        if n <= 0:
            continue
        built = min(n, max(0.0, capacity) / v)
        capacity -= built * v
        value += built * v * BUILD_RATE + (n - built)
    return value


def _cheapest(goods: list[float], amount: float) -> list[float]:
    """The building value given up when ``amount`` food is replaced by the cheapest resources."""
    paid = []
    for n, v in zip(goods, _RESOURCE_VALUE):
        take = min(n, amount)
        if take > 0:
            paid.append(take * v * BUILD_RATE)
            amount -= take
        if amount <= 0:
            break
    return paid


def _culture_points(symbols: dict[str, int]) -> int:
    counts = list(symbols.values())
    total = 0
    for k in range(1, max(counts, default=0) + 1):
        row = sum(1 for n in counts if n >= k)
        total += row * row
    return total


def _buy_card(game: StoneAge, p: str, place: str, rounds: float, goods: list[float]) -> float:
    """A card at ``place`` that ``p`` will likely buy: its bottom and top worth, paid from ``goods``
    (the cheapest resources, taken out of ``goods``); nothing if ``p`` cannot pay."""
    slot = int(place.partition(":")[2])
    card_id = game._display[slot - 1]
    if card_id is None or sum(goods) < slot:
        return 0.0
    _take_cheapest(goods, slot)
    cards = game.data.cards
    card = cards[card_id]
    kind, what, persons = card.bottom
    if kind == "culture":
        have = {cards[c].bottom[1] for c in game._cards[p] if cards[c].green}
        bottom = 2.0 * len(have) + 1.0 if what not in have else 1.0
    else:
        bottom = persons * 2.5
    top_kind, _, amount = card.top
    top = {"points": float(amount), "food": 0.8 * amount, "resource": 3.0 * amount, "tool": TOOL_PER_ROUND * rounds,
           "agriculture": AGRICULTURE_PER_ROUND * rounds, "one_use_tool": 0.7 * amount, "extra_card": 3.0,
           "any_resources": 3.5 * amount, "resource_dice": 4.0, "dice_for_all": 2.5}.get(top_kind, 1.0)
    return bottom + top


def _take_cheapest(goods: list[float], amount: float) -> None:
    for i in range(len(goods)):
        take = min(goods[i], amount)
        goods[i] -= take
        amount -= take


def _buy_building(game: StoneAge, place: str, goods: list[float]) -> float:
    """The top building at ``place``: its points, its cost taken out of ``goods``; nothing if it
    cannot be paid (it will be declined)."""
    stack = game._stacks[int(place.partition(":")[2])]
    if not stack:
        return 0.0
    building = game.data.buildings[stack[-1]]
    if building.kind == "fixed":
        if any(h < c for h, c in zip(goods, building.cost)):
            return 0.0
        for i, c in enumerate(building.cost):
            goods[i] -= c
        return float(building.points)
    # variable buildings score what is paid: the most valuable resources first
    count: float = max(building.count, 1)  # goods are expected amounts, so what is taken can be fractional
    if sum(goods) < count:
        return 0.0
    points = 0.0
    for i in reversed(range(len(goods))):
        take = min(goods[i], count)
        goods[i] -= take
        count -= take
        points += take * _RESOURCE_VALUE[i]
    return points


__all__ = ["estimate"]
