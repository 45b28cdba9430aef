"""Exact odds against the spec's anchors and against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from widgetpkg.games.stone_age.odds import (
    OddsError,
    expected_yield,
    odds_table,
    p_at_least,
    people_needed,
    sum_distribution,
    yield_distribution,
)


def test_spec_anchors():
    assert p_at_least("forest", 3, 3) == Fraction(20, 27)
    assert p_at_least("river", 2, 1) == Fraction(13, 18)
    assert expected_yield("hunt", 5) == Fraction(17, 2)
    assert expected_yield("hunt", 3, malus=2) == 4 and expected_yield("hunt", 3) == 5
    assert expected_yield("gold", 2) == Fraction(3, 4)      # the 2-dice gold card
    assert p_at_least("forest", 4, 4) == Fraction(493, 648)


@pytest.mark.parametrize("place, people, tools, malus", [("quarry", 3, 2, 0), ("hunt", 2, 0, 3), ("clay_pit", 4, 5, 1)])
def test_matches_enumerating_every_roll(place, people, tools, malus):
    divisor = {"hunt": 2, "forest": 3, "clay_pit": 4, "quarry": 5, "river": 6}[place]
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=people):
        k = max(0, (sum(roll) + tools - malus) // divisor)
        counts[k] = counts.get(k, 0) + 1
    expected = {k: Fraction(n, 6 ** people) for k, n in counts.items()}
    assert yield_distribution(place, people, tools=tools, malus=malus) == dict(sorted(expected.items()))


def test_distributions_sum_to_one_and_tools_help():
    for n in range(8):
        assert sum(sum_distribution(n).values()) == 1
    assert p_at_least("quarry", 3, 3, tools=4) > p_at_least("quarry", 3, 3)
    assert people_needed("forest", 4, Fraction(7, 10)) == 4   # 493/648 > 70 %
    assert people_needed("river", 9, 1) is None
    table = odds_table("hunt", 1)
    assert table[0] == (1, Fraction(5, 6)) and table[-1] == (3, Fraction(1, 6))


def test_bad_questions():
    with pytest.raises(OddsError, match="no dice"):
        p_at_least("hut", 2, 1)
    with pytest.raises(OddsError, match="0 to 10 dice"):
        sum_distribution(11)
