"""Shared pytest setup: the tests folder on sys.path and the size of the random-game suite."""

from __future__ import annotations

import sys
from pathlib import Path

# --import-mode=importlib does not put tests/ on sys.path; test modules import helpers from here
_TESTS = str(Path(__file__).parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)


def pytest_addoption(parser):
    group = parser.getgroup("widgetpkg random games")
    group.addoption("--games", type=int, default=None, metavar="N",
                    help="seeded random games per player count in tests/test_random_games.py "
                         "(default: a quick suite; the slow suite adds more)")
