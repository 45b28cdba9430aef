"""Shared pieces of the per-game edit fuzzers (tests/*/test_fuzz_edits_*.py).

Each game's suite hands hypothesis a pool of real games; a case picks one, changes what
``g.edit()`` hands out in some hostile way (a field replaced by junk, an entry removed or set to
junk, junk appended to a list) and checks the one contract: the edit is either taken, leaving a
game whose position text reads back, or refused with a short ``WidgetpkgError`` and the game
exactly as it was (``to_json()`` and ``to_position()``).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import widgetpkg as wp
from widgetpkg.core.errors import shorten

#: no refusal says more than this (ECHO_LIMIT quotes plus the sentence around them)
MESSAGE_LIMIT = 300
QUICK = settings(max_examples=60, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CAMPAIGN = settings(QUICK, max_examples=3000)

LONG_TEXT = st.integers(1_000, 40_000).map(lambda n: "x" * n)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 300), st.integers(10**9, 10**12),
    st.just(0).map(lambda _: 10**5000), st.floats(allow_nan=True), st.text(max_size=12), LONG_TEXT,
    st.just(b"bytes"), st.just({1, 2}), st.just(object()),
)
#: anything a cell might put in place of a value: scalars, and containers of them
JUNK = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(st.one_of(st.text(max_size=6), st.integers(-3, 3), st.tuples(st.integers(), st.integers())),
                    inner, max_size=3)), max_leaves=8)


def fields_of(pos: Any) -> list[str]:
    return [f.name for f in dataclasses.fields(pos)]


@st.composite
def mutation(draw: st.DrawFn, pos: Any) -> tuple[str, Any]:
    """A hostile change to a position: ``(description, function of the position)``."""
    name = draw(st.sampled_from(fields_of(pos)))
    value = getattr(pos, name)
    junk = draw(JUNK)
    kinds = ["replace"]
    if isinstance(value, dict) and value:
        kinds += ["pop", "set", "deep"]
    if isinstance(value, list):
        kinds += ["append", "set"] if value else ["append"]
    kind = draw(st.sampled_from(kinds))
    if kind == "replace":
        return f"{name} = {shorten(junk)}", lambda s: setattr(s, name, junk)
    if kind == "append":
        return f"{name}.append({shorten(junk)})", lambda s: getattr(s, name).append(junk)
    if isinstance(value, list):
        i = draw(st.integers(0, len(value) - 1))
        return f"{name}[{i}] = {shorten(junk)}", lambda s: getattr(s, name).__setitem__(i, junk)
    key = draw(st.sampled_from(sorted(value, key=repr)))
    if kind == "pop":
        return f"{name}.pop({shorten(key)})", lambda s: getattr(s, name).pop(key)
    if kind == "set":
        return f"{name}[{shorten(key)}] = {shorten(junk)}", lambda s: getattr(s, name).__setitem__(key, junk)
    # deep: a field of a nested dataclass, or an entry of a nested container
    inner = value[key]
    if dataclasses.is_dataclass(inner):
        field = draw(st.sampled_from(fields_of(inner)))
        return (f"{name}[{shorten(key)}].{field} = {shorten(junk)}",
                lambda s: setattr(getattr(s, name)[key], field, junk))
    if isinstance(inner, dict) and inner:
        k2 = draw(st.sampled_from(sorted(inner, key=repr)))
        return f"{name}[{shorten(key)}].pop({shorten(k2)})", lambda s: getattr(s, name)[key].pop(k2)
    if isinstance(inner, list):
        return f"{name}[{shorten(key)}].append(...)", lambda s: getattr(s, name)[key].append(junk)
    return f"{name}[{shorten(key)}] = {shorten(junk)}", lambda s: getattr(s, name).__setitem__(key, junk)


#: the slowest refusal seen, for the report (seconds, what)
SLOWEST: list[tuple[float, str]] = [(0.0, "")]


def refused_or_taken(g: Any, act: Any, what: str) -> bool:
    """Run ``act()``; True if it was taken. A refusal must be short and change nothing."""
    before, text = g.to_json(), g.to_position()
    start = time.perf_counter()
    try:
        act()
    except wp.WidgetpkgError as error:
        took = time.perf_counter() - start
        SLOWEST[0] = max(SLOWEST[0], (took, what))
        message = str(error)
        assert len(message) <= MESSAGE_LIMIT, (what, len(message), message[:400])
        assert g.to_json() == before, what
        assert g.to_position() == text, what
        return False
    return True


def edit_case(g: Any, change: Any, what: str, reader: Any) -> bool:
    """Apply one edit to ``g``; True if taken (then its position text must read back the same
    through ``reader``, the game's ``position`` function)."""
    def edit() -> None:
        with g.edit() as s:
            change(s)
    taken = refused_or_taken(g, edit, what)
    if taken:
        text = g.to_position()
        assert reader(text).to_position() == text, what
    return taken


def played_games(name: str, options: list[dict[str, Any]], steps: tuple[int, ...], seats: int) -> tuple:
    """Real games of ``name`` in many phases (random moves, ``steps[i]`` of them for game i),
    every option set among them, with 2 to ``seats + 1`` players."""
    games = []
    for seed, count in enumerate(steps):
        rng = random.Random(seed)
        g = wp.new_game(name, players=2 + seed % seats, seed=seed, **options[seed % len(options)])
        for _ in range(count):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    return tuple(games)


@st.composite
def edit_cases(draw: st.DrawFn, games: Callable[[], tuple]) -> tuple:
    """A copy of one of ``games()`` (made when first drawn) with a hostile change to what its
    ``edit()`` hands out."""
    g = draw(st.sampled_from(games())).clone()
    with g.edit() as pos:  # an unchanged edit is taken: the shapes of what a cell sees
        pass
    what, change = draw(mutation(pos))
    return g, what, change
