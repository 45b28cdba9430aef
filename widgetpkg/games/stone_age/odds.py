"""Exact odds of a roll's yield (fractions, not sampling): how many people to send, and what tools add.

A roll of ``people`` dice plus ``tools`` pips minus an animal ``malus`` gives one unit for every
``divisor`` pips (hunt 2, forest 3, clay pit 4, quarry 5, river 6), never fewer than 0.

>>> p_at_least("forest", people=3, units=3)
Fraction(20, 27)
>>> expected_yield("hunt", people=5)
Fraction(17, 2)
>>> expected_yield("hunt", people=3, malus=2)
Fraction(4, 1)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ...core import WidgetpkgError
from .rules import DIVISOR, DIVISOR_OF_GOOD

MAX_DICE = 10


class OddsError(WidgetpkgError):
    """A question the odds helper cannot answer (unknown place, impossible number of dice)."""


@cache
def sum_distribution(dice: int) -> dict[int, Fraction]:
    """P(sum = s) for ``dice`` fair six-sided dice, by convolution.

    >>> sum_distribution(2)[7]
    Fraction(1, 6)
    """
    if not isinstance(dice, int) or not 0 <= dice <= MAX_DICE:
        raise OddsError(f"odds are for 0 to {MAX_DICE} dice, got {dice!r}")
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    outcomes = 6 ** dice
    return {total: Fraction(count, outcomes) for total, count in sorted(ways.items())}


def divisor_of(place: str) -> int:
    """Pips per unit at a dice place ("hunt", "forest", ...) or for a good ("food", "wood", ...)."""
    divisor = DIVISOR.get(place) or DIVISOR_OF_GOOD.get(place)
    if divisor is None:
        known = ", ".join([*DIVISOR, *DIVISOR_OF_GOOD])
        raise OddsError(f"no dice are rolled for {place!r}; ask about one of: {known}")
    return divisor


def yield_distribution(place: str, people: int, *, tools: int = 0, malus: int = 0) -> dict[int, Fraction]:
    """P(units = k) when ``people`` roll at ``place`` and add ``tools`` pips, minus ``malus``.

    >>> yield_distribution("river", people=2)[0]
    Fraction(5, 18)
    """
    if tools < 0 or malus < 0:
        raise OddsError("tools and malus are counted as pips, 0 or more")
    divisor = divisor_of(place)
    result: dict[int, Fraction] = {}
    for total, p in sum_distribution(people).items():
        units = max(0, (total + tools - malus) // divisor)
        result[units] = result.get(units, Fraction(0)) + p
    return dict(sorted(result.items()))


def p_at_least(place: str, people: int, units: int, *, tools: int = 0, malus: int = 0) -> Fraction:
    """P(at least ``units``) from ``people`` at ``place`` with ``tools`` pips to add and an animal ``malus``."""
    return sum((p for k, p in yield_distribution(place, people, tools=tools, malus=malus).items() if k >= units),
               Fraction(0))


def expected_yield(place: str, people: int, *, tools: int = 0, malus: int = 0) -> Fraction:
    """The expected number of units."""
    return sum((k * p for k, p in yield_distribution(place, people, tools=tools, malus=malus).items()), Fraction(0))


def people_needed(place: str, units: int, chance: Fraction | float, *, tools: int = 0, malus: int = 0,
                  most: int = 7) -> int | None:
    """The fewest people (up to ``most``) giving at least ``units`` with probability >= ``chance``.

    >>> people_needed("forest", units=4, chance=0.7)
    4
    """
    for people in range(1, most + 1):
        if p_at_least(place, people, units, tools=tools, malus=malus) >= chance:
            return people
    return None


def odds_table(place: str, people: int, *, tools: int = 0, malus: int = 0) -> list[tuple[int, Fraction]]:
    """[(k, P(at least k)) for every reachable k >= 1]: what a hover over a place shows."""
    dist = yield_distribution(place, people, tools=tools, malus=malus)
    return [(k, p_at_least(place, people, k, tools=tools, malus=malus)) for k in dist if k >= 1]
