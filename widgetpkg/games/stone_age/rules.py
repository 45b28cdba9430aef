"""Stone Age rules that are plain arithmetic: places, tool tiles, payments, final scoring.

>>> tool_tiles(7)
(3, 2, 2)
>>> dice_yield((6, 2, 3, 1, 2), tools=0, malus=0, divisor=2)
7
>>> sorted(payments((1, 0, 0, 1), 2))
[('wood', 'gold')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache

from ...core import Scored, Term
from .data import CULTURE_SYMBOLS, RESOURCES, VALUE, Building, Card

HUNT = "hunt"
RESOURCE_PLACES = {"forest": "wood", "clay_pit": "clay", "quarry": "stone", "river": "gold"}
VILLAGE = ("tool_maker", "hut", "field")
DIVISOR = {"hunt": 2, "forest": 3, "clay_pit": 4, "quarry": 5, "river": 6}
GOOD_OF = {"hunt": "food", **RESOURCE_PLACES}
DIVISOR_OF_GOOD = {"food": 2, **VALUE}
RESOURCE_CAPACITY = 7
DIE_FOR_ALL = {1: "wood", 2: "clay", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}
MULTIPLIER_LABEL = {"farmer": ("farmers", "agriculture"), "hut_builder": ("hut builders", "buildings"),
                    "shaman": ("shamans", "people"), "tool_maker": ("tool makers", "tools")}


@lru_cache(maxsize=64)
def tool_tiles(level: int) -> tuple[int, ...]:
    """The values of the (up to three) tool tiles of a player with ``level`` tools, highest first.

    >>> [tool_tiles(n) for n in (0, 1, 4, 12)]
    [(), (1,), (2, 1, 1), (4, 4, 4)]
    """
    return tuple(v for v in ((level + 2 - i) // 3 for i in range(3)) if v)


def remove_values(values: Sequence[int], taken: Iterable[int]) -> tuple[int, ...] | None:
    """``values`` without ``taken`` (a sub-multiset), or None if ``taken`` is not in ``values``."""
    rest = list(values)
    for v in taken:
        if v not in rest:
            return None
        rest.remove(v)
    return tuple(rest)


@lru_cache(maxsize=1024)
def unused_tiles(level: int, used: tuple[int, ...]) -> tuple[int, ...]:
    return remove_values(tool_tiles(level), used) or ()


def upgraded_used(level: int, used: tuple[int, ...]) -> tuple[int, ...]:
    """The used tiles after gaining a tool (ruling Q8): a lowest tile goes up by one, an unused one if
    there is one; a brand-new tile (tools 1-3) is unused.

    >>> upgraded_used(3, (1, 1, 1)), upgraded_used(4, (1,)), upgraded_used(2, (1, 1))
    ((2, 1, 1), (1,), (1, 1))
    """
    tiles = tool_tiles(level)
    if len(tiles) < 3:
        return used
    low = min(tiles)
    if tiles.count(low) > used.count(low):
        return used
    rest = list(used)
    rest.remove(low)
    return tuple(sorted(rest + [low + 1], reverse=True))


def sub_multisets(values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of ``values`` (highest value first in each).

    >>> sub_multisets((2, 1, 1))
    [(), (1,), (1, 1), (2,), (2, 1), (2, 1, 1)]
    """
    return list(_sub_multisets(tuple(sorted(values))))


@lru_cache(maxsize=1024)
def _sub_multisets(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    result: list[tuple[int, ...]] = [()]
    for v in sorted(counts):
        result = [tuple(sorted(r + (v,) * k, reverse=True)) for r in result for k in range(counts[v] + 1)]
    return tuple(sorted(set(result)))


def dice_yield(dice: Sequence[int], *, tools: int, malus: int, divisor: int) -> int:
    """Units gained: every ``divisor`` pips of dice + tools - animal malus, never below 0."""
    return max(0, (sum(dice) + tools - malus) // divisor)


def counts_of(items: Iterable[str]) -> tuple[int, int, int, int] | None:
    """A resource multiset as counts (wood, clay, stone, gold), or None if it names anything else."""
    counts = [0, 0, 0, 0]
    for item in items:
        index = _INDEX.get(item)
        if index is None:
            return None
        counts[index] += 1
    return tuple(counts)  # type: ignore[return-value]


_INDEX = {r: i for i, r in enumerate(RESOURCES)}


def as_items(counts: Sequence[int]) -> tuple[str, ...]:
    w, c, s, g = counts
    return ("wood",) * w + ("clay",) * c + ("stone",) * s + ("gold",) * g


def payments(held: Sequence[int], size: int) -> tuple[tuple[str, ...], ...]:
    """Every resource multiset of exactly ``size`` items that ``held`` (counts) can pay."""
    # holdings above ``size`` do not change the answer: capping them keeps the cache small
    w, c, s, g = held
    return _payments((min(w, size), min(c, size), min(s, size), min(g, size)), size)


@lru_cache(maxsize=8192)
def _payments(held: tuple[int, ...], size: int) -> tuple[tuple[str, ...], ...]:
    return tuple(_each_payment(held, size))


def _each_payment(held: Sequence[int], size: int) -> Iterator[tuple[str, ...]]:
    w, c, s, g = held
    for a in range(min(w, size), -1, -1):
        for b in range(min(c, size - a), -1, -1):
            for d in range(min(s, size - a - b), -1, -1):
                e = size - a - b - d
                if e <= g:
                    yield as_items((a, b, d, e))


def building_payments(building: Building, held: Sequence[int]) -> Iterator[tuple[str, ...]]:
    """Every payment ``held`` can make for ``building``."""
    if building.kind == "fixed":
        if all(h >= n for h, n in zip(held, building.cost)):
            yield as_items(building.cost)
        return
    sizes = range(1, building.count + 1) if building.kind == "any" else (building.count,)
    for size in sizes:
        for items in payments(held, size):
            if building.kind == "any" or len(set(items)) == building.kinds:
                yield items


def building_payment_problem(building: Building, counts: Sequence[int]) -> str | None:
    size = sum(counts)
    if building.kind == "fixed":
        if tuple(counts) != building.cost:
            return f"this building costs exactly {building.describe().split(' ->')[0]}"
    elif building.kind == "exact":
        kinds = sum(1 for n in counts if n)
        if size != building.count or kinds != building.kinds:
            return f"this building takes exactly {building.describe()}"
    elif not 1 <= size <= building.count:
        return f"this building takes {building.describe()}"
    return None


def resource_points(counts: Sequence[int]) -> int:
    return sum(n * VALUE[r] for r, n in zip(RESOURCES, counts))


def culture_rows(symbols: Iterable[str]) -> list[int]:
    """Sizes of the rows of different culture symbols (each duplicate starts a new row).

    >>> culture_rows(["pottery", "healing", "art", "music", "time", "pottery"])
    [5, 1]
    """
    counts: dict[str, int] = {}
    for s in symbols:
        counts[s] = counts.get(s, 0) + 1
    rows = []
    for k in range(1, max(counts.values(), default=0) + 1):
        rows.append(sum(1 for n in counts.values() if n >= k))
    return rows


def final_scoring(player: str, cards: Iterable[Card], *, goods: Sequence[int], agriculture: int, tools: int,
                  people: int, buildings: int, kept: int = 0) -> list[Scored]:
    """The final-scoring events of one player (the rulebook's order); zero-point lines left out.

    ``kept`` resources of choice never taken are taken now, so they score as resources (ruling Q12).
    """
    cards = list(cards)
    events: list[Scored] = []
    if any(goods) or kept:
        terms = tuple(Term(n, r, 1) for r, n in zip(RESOURCES, goods) if n)
        events.append(Scored(player, "resources", terms + ((Term(kept, "resources of choice", 1),) if kept else ())))
    rows = culture_rows(c.bottom[1] for c in cards if c.green)
    if rows:
        events.append(Scored(player, "culture", tuple(Term(n, "different symbols", n) for n in rows),
                             detail=" + ".join(f"{n}²" for n in rows)))
    persons: dict[str, int] = {}
    for card in cards:
        if not card.green:
            persons[card.bottom[1]] = persons.get(card.bottom[1], 0) + card.bottom[2]
    factor = {"farmer": agriculture, "hut_builder": buildings, "shaman": people, "tool_maker": tools}
    for category, (label, by) in MULTIPLIER_LABEL.items():
        n = persons.get(category, 0)
        if n and factor[category]:
            events.append(Scored(player, label, (Term(n, label, factor[category]),), detail=f"x {by} {factor[category]}"))
    return events


def tie_break(agriculture: int, tools: int, people: int) -> int:
    """The rulebook's tie-break: food production + tools + people."""
    return agriculture + tools + people


def card_symbols(cards: Mapping[str, Card], ids: Iterable[str]) -> list[str]:
    return [cards[i].bottom[1] for i in ids if cards[i].green]


ALL_SYMBOLS = CULTURE_SYMBOLS
