"""Shared pytest setup: the tests folder on sys.path and the size of the random-game suite."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

# CI runs the fuzzers on a fixed sequence of examples, so a landing never depends on luck; locally
# (and in `pytest -m slow`) each run explores new ones. .ci/run sets HYPOTHESIS_PROFILE=ci.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# --import-mode=importlib does not put tests/ on sys.path; test modules import helpers from here
# (and the Hunters & Gatherers scenario helpers, which the agent and fuzz tests use too)
for _folder in (Path(__file__).parent, Path(__file__).parent / "hunters_gatherers"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))


def pytest_addoption(parser):
    group = parser.getgroup("widgetpkg random games")
    group.addoption("--games", type=int, default=None, metavar="N",
                    help="seeded random games per player count in tests/hunters_gatherers/test_random_games.py "
                         "(default: a quick suite; the slow suite adds more)")
