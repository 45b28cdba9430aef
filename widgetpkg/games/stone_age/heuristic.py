"""A fast estimate of each player's final Stone Age score, for agents' look-ahead and search leaves.

The estimate is the points already scored plus what the player's position is likely to turn into
by the end of the game, all in points:

- resources at part of their building value (wood 3 ... gold 6) as far as the rounds left can
  build them, at 1 point each beyond that: only a building or card turns them into points, so
  buying gains the rest (with the old 0.8 share, nobody bought for ten rounds);
- culture rows as they score now plus what the symbols held gain from those still to come,
  multiplier cards times the factor they are likely to reach;
- people, agriculture and tools by what they yield over the rounds left, which are capped by a
  typical game's length, so growing loses its worth as the game goes on even while nobody
  empties a building stack (the end is anticipated);
- food by the feeding it covers over the next two rounds (hoarded food is worth little), and the
  next feeding's hunger (-10) when food, agriculture and resources cannot cover it;
- people placed but not yet resolved by the expected yield of their place (dice average 3.5), so
  that a placement is judged before its dice are rolled; a card placed for as if it were held
  already (what it adds to the culture rows or multipliers, plus its top), so that its worth does
  not jump when it is resolved;
- people still to place this round at a flat rate each: a placement is judged by what it brings
  beyond what those people would bring anyway. Without it every extra person looked like pure
  gain, a big hunt beat a single card spot, and a seat went 5-9 rounds without buying.

The numbers are rough rates of a typical game, not a solved model, tuned by self-play
(``benchmarks/stone_age_selfplay.py``): they only need to rank positions sensibly and to cost a few microseconds (``python benchmarks/stone_age_engine.py``
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
    # tolerance 6 / temperature 2 slipped too rarely: normal won only 12 of 16 (seeds 20000+)
    Level("easy", "greedy", (("tolerance", 9.0), ("temperature", 3.0)), "Easy: a fair player who slips now and then"),
    Level("normal", "greedy", (), "Normal: always the best move by its estimate"),
    # own-greedy play-outs: with random ones a fresh leaf carries a random move of ours (worth some
    # 10 points less than a chosen one), the branch searched deepest looked best and the search
    # locked onto it: hard declined a card it could pay, 4 times in 20 seeds at 100 iterations and
    # 3 in 20 at 300 (1 in 20 with these play-outs at 30, 50 or 100), which began its one 5-round
    # streak in 200 games of self-play
    Level("hard", "mcts", (("seconds", 1.0), ("playout", "own-greedy")),
          "Hard: searches the replies for about a second a move"),
)


# rates in points (see the module docstring for what they stand for)
BUILD_RATE = 0.4          # share of a resource's building value kept until it is built: a building
                          # or card must still be won against the other players, with people
CONVERT_PER_ROUND = 8.0   # resource value a player can turn into buildings in a round
PERSON_PER_ROUND = 1.5    # what one more person yields in a round, net of its food
PLACE_PER_PERSON = 1.3    # what a person still to place this round is likely to bring
TYPICAL_ROUNDS = 15       # games between sound players end around here: investments are judged
                          # against the rounds likely left, even while nobody empties a stack
CULTURE_SYMBOLS = 8       # different culture symbols in the deck
CULTURE_PER_ROUND = 0.3   # new culture symbols a player still collects a round: an early symbol
                          # gains from every later one (a row of n scores n x n)
FOOD_HORIZON = 2.0        # rounds of feeding that food in hand is worth a point a unit for
AGRICULTURE_PER_ROUND = 1.5  # a field saves a food every round
TOOL_PER_ROUND = 1.0
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
    rounds = rounds_left(game)
    resolving = game._phase != "placement"
    # after this round's harvest the rounds still to feed and to produce in
    future = rounds if resolving else rounds + 1.0
    pending = _pending_by_player(game)
    cards_data = game.data.cards
    return {p: _player_estimate(game, p, future, pending.get(p, ()), cards_data) for p in game.players}


def rounds_left(game: StoneAge) -> float:
    """The rounds likely left: the game's own count (stacks and deck) but no more than a typical
    game leaves, so that growing stays worth less as the rounds pass even when nobody builds."""
    return min(game.rounds_left_estimate(), max(1.0, TYPICAL_ROUNDS - game.round))


def _pending_by_player(game: StoneAge) -> dict[str, list[tuple[str, int]]]:
    by: dict[str, list[tuple[str, int]]] = {}
    for (place, who), count in game._at.items():
        by.setdefault(who, []).append((place, count))
    return by


Terms = dict[str, tuple[float, str]]


def _words(place: str) -> str:
    return place.replace("_", " ")


def _player_estimate(game: StoneAge, p: str, rounds: float, pending: list[tuple[str, int]] | tuple,
                     cards_data, terms: Terms | None = None) -> float:
    """``p``'s estimated final score; with ``terms`` given, also each part of it in words there
    (what a hint names: ``heuristic_terms``)."""
    people, agri, tools, food = game._people[p], game._agri[p], game._tools[p], game._food[p]
    goods: list[float] = list(game._goods[p])  # expected yields below are fractional
    vouchers = sum(game._vouchers[p])
    buildings = len(game._buildings[p])
    value = float(game._scores[p])
    yields: list[tuple[str, str, float, str]] = []  # for terms: what each placement is expected to bring
    bought_cards: list[tuple[str, str]] = []  # (place, card) of cards placed for and payable
    if terms is not None:
        terms["score"] = (value, "points scored")
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
            used = min(tools_left, 3)
            units = (3.5 * count + used) / DIVISOR[place]
            good = GOOD_OF[place]
            if good == "food":
                extra_food += units
            else:
                goods[_INDEX[good]] += units
            if terms is not None:
                with_tools = f" and {used} tool{'s' if used > 1 else ''}" if used else ""
                yields.append((place, good, units, f"expected from the {_words(place)} ({units:.1f} {good}) with "
                                                   f"{count} {'person' if count == 1 else 'people'}{with_tools}"))
        elif place == "hut":
            people += 1 if people < game.data.people_max else 0
        elif place == "field":
            agri += 1 if agri < game.data.agriculture_max else 0
        elif place == "tool_maker":
            tools += 1 if tools < game.data.tools_max else 0
        elif place.startswith("card:"):
            card_id = _pay_card(game, place, goods)
            if card_id is not None:
                bought_cards.append((place, card_id))
            elif terms is not None:
                terms["place:" + place] = (0.0, f"nothing from the card in slot {place[5:]}: it cannot be paid")
        elif place.startswith("building:"):
            bought = _buy_building(game, place, goods)
            value += bought
            if terms is not None:
                terms["place:" + place] = (bought, f"from the building on stack {place[9:]}" if bought else
                                           f"nothing from the building on stack {place[9:]}: it cannot be paid")
    stock = _resource_value(goods, vouchers, rounds)
    value += stock
    if terms is not None:
        held_goods = sum(goods) + vouchers
        for place, good, units, words in yields:  # each yield at what it adds to the stock
            if good != "food":
                without = list(goods)
                without[_INDEX[good]] -= units
                added = stock - _resource_value(without, vouchers, rounds)
                terms["place:" + place] = (added, words)
                stock -= added
        terms["resources"] = (stock, f"for {held_goods:.0f} resources, worth more once built")
    # cards: culture as it stands, multipliers with their factor grown over the rounds left
    # (a card placed for counts as held, so that it is worth the same before and after it is resolved)
    held = game._cards[p]
    if held or bought_cards:
        factor = {"farmer": agri, "hut_builder": buildings, "shaman": people, "tool_maker": tools}
        symbols: dict[str, int] = {}
        multipliers = 0.0
        for card_id in held:
            kind, what, persons = cards_data[card_id].bottom
            if kind == "culture":
                symbols[what] = symbols.get(what, 0) + 1
            else:
                multipliers += persons * (factor[what] + GROWTH_PER_ROUND[what] * rounds)
        culture = _culture_points(symbols, rounds)
        value += multipliers + culture
        counted, distinct = culture, len(symbols)
        for place, card_id in bought_cards:  # each at what it adds to the cards already counted
            kind, what, persons = cards_data[card_id].bottom
            if kind == "culture":
                symbols[what] = symbols.get(what, 0) + 1
                now = _culture_points(symbols, rounds)
                added, counted = now - counted, now
            else:
                added = persons * (factor[what] + GROWTH_PER_ROUND[what] * rounds)
            added += _card_top(cards_data[card_id], rounds)
            value += added
            if terms is not None:
                terms["place:" + place] = (added, f"from the card in slot {place[5:]}, paid for")
        if terms is not None:
            terms["culture"] = (culture, f"from {distinct} different culture symbols, and those still to come")
            terms["multipliers"] = (multipliers, "from the multiplier cards at the end")
    # what people, fields and tools keep producing
    work = rounds * PERSON_PER_ROUND * people
    fields = rounds * AGRICULTURE_PER_ROUND * agri
    tooling = rounds * TOOL_PER_ROUND * tools
    value += work + fields + tooling
    if game._phase == "placement":
        # people still to place this round will bring about this much each wherever they go, so a
        # placement is judged by what it brings beyond that: a single card or building spot is not
        # given up for the people that a big hunt would take anyway
        to_place = game._avail[p]
        value += PLACE_PER_PERSON * to_place
        if terms is not None and to_place:
            terms["to place"] = (PLACE_PER_PERSON * to_place, f"for {to_place} people still to place this round")
    else:
        value += UNUSED_TOOL_PIP * tools_left
        if terms is not None:
            terms["unused tools"] = (UNUSED_TOOL_PIP * tools_left, f"for {tools_left} tool pips still unused this round")
    # food: what it will feed, then the hunger threat at the next feeding
    food_now = food + extra_food
    eat = max(0, people - agri) * min(max(rounds, 1.0), FOOD_HORIZON)
    fed = FOOD_FED * min(food_now, eat) + FOOD_SPARE * max(0.0, food_now - eat)
    value += fed
    hunger = 0.0
    if game._phase in _BEFORE_FEEDING:
        short = people - agri - food_now
        if short > 0:
            hunger = HUNGER if short > sum(goods) + vouchers else sum(_cheapest(goods, short))
            value -= hunger
    if terms is not None:
        terms["people"] = (work, f"from {people} people working the {rounds:.0f} rounds likely left")
        terms["fields"] = (fields, f"from {agri} fields feeding people every round")
        terms["tools"] = (tooling, f"from tools at level {tools} on the rounds left")
        for place, good, units, words in yields:
            if good == "food":
                rest = food_now - units
                added = fed - (FOOD_FED * min(rest, eat) + FOOD_SPARE * max(0.0, rest - eat))
                terms["place:" + place] = (added, words)
                fed -= added
        terms["food"] = (fed, f"for {food_now:.0f} food in hand ({people - agri} to feed a round)")
        need = people - agri - food_now
        terms["hunger"] = (-hunger, "feeding this round is covered" if need <= 0 else
                           f"at the feeding: {need:.0f} food short" + (", a hunger of -10" if hunger == HUNGER else
                                                                        ", paid with resources"))
    return value


def terms(game: StoneAge, player: str) -> Terms:
    """``player``'s estimate split into terms, each (points, words), for hints; they add up to
    ``estimate(game)[player]``."""
    found: Terms = {}
    if game._phase == "over":
        return {"score": (float(game._scores[player]), "final score")}
    rounds = rounds_left(game)
    future = rounds if game._phase != "placement" else rounds + 1.0
    _player_estimate(game, player, future, _pending_by_player(game).get(player, ()), game.data.cards, found)
    return found


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


def _culture_points(symbols: dict[str, int], rounds: float = 0.0) -> float:
    """The culture rows as they score now, plus what the first row's symbols gain from the new
    symbols still likely to join it (a row of n + g scores 2 n g more than a row of g)."""
    counts = list(symbols.values())
    total = 0.0
    for k in range(1, max(counts, default=0) + 1):
        row = sum(1 for n in counts if n >= k)
        total += row * row
    distinct = len(counts)
    return total + 2.0 * distinct * _symbols_to_come(distinct, rounds)


def _symbols_to_come(distinct: int, rounds: float) -> float:
    return max(0.0, min(CULTURE_PER_ROUND * rounds, CULTURE_SYMBOLS - distinct))


def _pay_card(game: StoneAge, place: str, goods: list[float]) -> str | None:
    """The card at ``place`` if ``goods`` can pay for it, its price (the cheapest resources) then
    taken out of ``goods``; None if it cannot be paid (it will be declined)."""
    slot = int(place.partition(":")[2])
    card_id = game._display[slot - 1]
    if card_id is None or sum(goods) < slot:
        return None
    _take_cheapest(goods, slot)
    return card_id


def _card_top(card, rounds: float) -> float:
    """What a card's top (its immediate reward) is worth by the end."""
    top_kind, _, amount = card.top
    return {"points": float(amount), "food": 0.8 * amount, "resource": 3.0 * amount, "tool": TOOL_PER_ROUND * rounds,
            "agriculture": AGRICULTURE_PER_ROUND * rounds, "one_use_tool": 0.7 * amount, "extra_card": 3.0,
            "any_resources": 3.5 * amount, "resource_dice": 4.0, "dice_for_all": 2.5}.get(top_kind, 1.0)


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


__all__ = ["LEVELS", "estimate", "rounds_left", "terms"]
