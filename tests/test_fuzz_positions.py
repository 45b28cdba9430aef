"""Property-based fuzzing of position text and state edits (hypothesis).

Every input either gives a game whose whole state passes the random suite's invariants (tiles
conserved, union-find areas equal to a flood fill, nothing completed left occupied, scores equal
to their events, legal actions exactly what the board allows) and round-trips through position
text, or is refused with the package's own error, changing nothing. The default run is bounded
(a few hundred inputs); ``-m slow`` runs the larger campaigns. Run with ``-s`` to see the counts.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widgetpkg as wp
from widgetpkg.games import hunters_gatherers as hg
from widgetpkg.games.hunters_gatherers.notation import HEADER, PlayerSupply, state_problem

from test_random_games import (changed, check_areas_match, check_legal_actions, check_no_completed_area_occupied,
                               check_scores_are_events, check_tiles_conserved, feature_graph, snapshot)

QUICK = settings(max_examples=150, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CAMPAIGN = settings(QUICK, max_examples=3000)
COUNTS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    if COUNTS:
        print("\nfuzz counts:", dict(sorted(COUNTS.items())))


# -- a pool of real games in every phase, built once -------------------------------------------------
@cache
def pool() -> tuple:
    games = []
    for seed, steps in enumerate((0, 1, 2, 7, 15, 40, 41, 90, 120, 400)):
        rng = random.Random(seed)
        g = wp.new_game("hunters-gatherers", players=2 + seed % 4, seed=seed)
        for _ in range(steps):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        games.append(g)
    # a shaman tile just placed with a meeple of the player's on the board: phase retake_meeple
    rng = random.Random(99)
    for seed in range(200):
        g = wp.new_game("hunters-gatherers", players=2, seed=seed)
        while not g.is_over and g.phase != "retake_meeple" and len(g.history) < 200:
            g.apply(rng.choice(g.legal_actions()))
        if g.phase == "retake_meeple":
            games.append(g)
            break
    return tuple(games)


def game_from_pool(index: int):
    return pool()[index % len(pool())].clone()


def check_state(g) -> None:
    """The invariants of the random suite, on any state a position or an edit produced."""
    problem = state_problem(g)
    assert problem is None, problem
    graph = feature_graph(g)
    check_tiles_conserved(g)
    check_areas_match(g, graph)
    check_no_completed_area_occupied(g, graph)
    check_scores_are_events(g)
    check_legal_actions(g, graph)


# -- position text -------------------------------------------------------------------------------------
JUNK = st.text(alphabet=st.sampled_from(list("0123456789-(), ;:#=\"\\\n\t abcfmrlx") + ["\u2028", "é", "\x00"]),
               max_size=12)


@st.composite
def mutated_text(draw) -> str:
    text = pool()[draw(st.integers(0, len(pool()) - 1))].to_position()
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "number", "line", "swap"]))
        at = draw(st.integers(0, len(text)))
        if kind == "insert":
            text = text[:at] + draw(JUNK) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
        elif kind == "number":  # a plausible number in place of another: deeper into the checks
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = digits[draw(st.integers(0, len(digits) - 1))]
                j = i
                while j < len(text) and text[j].isdigit():
                    j += 1
                text = text[:i] + str(draw(st.integers(-2, 99))) + text[j:]
        elif kind == "line":
            lines = text.splitlines()
            k = draw(st.integers(0, len(lines) - 1))
            lines[k] = lines[k].split(":")[0] + ": " + draw(JUNK) if draw(st.booleans()) else ""
            text = "\n".join(lines)
        else:
            lines = text.splitlines()
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


def position_case(text: str) -> None:
    COUNTS["position texts tried"] += 1
    try:
        g = hg.position(text, seed=1)
    except wp.WidgetpkgError:
        COUNTS["position texts refused"] += 1
        return
    COUNTS["position texts accepted"] += 1
    check_state(g)
    again = g.to_position()
    assert hg.position(again, seed=2).to_position() == again


@QUICK
@given(mutated_text())
def test_fuzz_position_text(text):
    position_case(text)


@QUICK
@given(st.text(max_size=300))
def test_fuzz_position_text_from_nothing(text):
    position_case(HEADER + "\n" + text if not text.startswith("H") else text)


@pytest.mark.slow
@CAMPAIGN
@given(mutated_text())
def test_fuzz_position_text_campaign(text):
    position_case(text)


# -- edits -----------------------------------------------------------------------------------------------
ANY_VALUE = st.one_of(st.none(), st.booleans(), st.integers(-3, 120), st.floats(allow_nan=False), st.text(max_size=5),
                      st.lists(st.integers(0, 5), max_size=3))


@st.composite
def edit_case(draw):
    index = draw(st.integers(0, len(pool()) - 1))
    changes = draw(st.lists(st.tuples(st.sampled_from(EDITS), st.integers(0, 2**32)), min_size=1, max_size=3))
    wild = draw(st.lists(ANY_VALUE, min_size=3, max_size=3))
    return index, changes, wild


def _cells(s):
    return list(s.tiles)


def _edit_score(s, rng, wild):
    s.scores[rng.choice(s.players)] = rng.choice([rng.randrange(-2, 200), wild[0]])


def _edit_supply(s, rng, wild):
    player = rng.choice(s.players)
    s.supply[player] = PlayerSupply(rng.randrange(-1, 7), rng.randrange(-1, 4)) if rng.random() < 0.8 else wild[0]


def _edit_add_figure(s, rng, wild):
    x, y = rng.choice(_cells(s))
    s.figures.append((rng.choice(s.players), rng.choice(["gatherer", "fisher", "hunter", "hut", "x"]), x, y,
                      rng.choice(["f0", "m0", "m1", "r1", "r2", "l8", "f3", "m2", wild[1]])))


def _edit_drop_figure(s, rng, wild):
    if s.figures:
        s.figures.pop(rng.randrange(len(s.figures)))


def _edit_move_tile(s, rng, wild):
    cells = _cells(s)
    cell = rng.choice(cells)
    if rng.random() < 0.5 and len(cells) > 1:
        del s.tiles[cell]
    else:
        x, y = cell
        near = (x + rng.choice([-1, 0, 1]), y + rng.choice([-1, 0, 1]))
        s.tiles[near] = (rng.randrange(0, 100), rng.choice([0, 90, 180, 270, 45]))


def _edit_cover(s, rng, wild):
    x, y = rng.choice(_cells(s))
    s.covered.append((x, y, rng.choice(["m0", "m1", "m2", "m4", "f0", "r1"])))


def _edit_piles(s, rng, wild):
    which = rng.choice(["hand", "next", "removed"])
    if which == "hand":
        s.hand = rng.choice([rng.randrange(0, 100), None, wild[2]])
    elif which == "next":
        s.next_tiles = [rng.randrange(0, 100) for _ in range(rng.randrange(3))]
    else:
        s.removed = [rng.randrange(0, 100) for _ in range(rng.randrange(3))]


def _edit_turn(s, rng, wild):
    which = rng.choice(["to_move", "phase", "extra", "placed"])
    if which == "to_move":
        s.to_move = rng.choice([*s.players, "", "Nobody"])
    elif which == "phase":
        s.phase = rng.choice(["place_tile", "place_figure", "retake_meeple", "over", "dance"])
    elif which == "extra":
        s.extra_turn = rng.choice([True, False, wild[1]])
    else:
        s.placed = rng.sample(_cells(s), min(len(_cells(s)), rng.randrange(3)))


def _edit_wild(s, rng, wild):
    name = rng.choice(["scores", "supply", "tiles", "figures", "covered", "next_tiles", "removed", "rules", "tileset",
                       "players", "edition"])
    setattr(s, name, wild[rng.randrange(3)])


EDITS = [_edit_score, _edit_supply, _edit_add_figure, _edit_drop_figure, _edit_move_tile, _edit_cover, _edit_piles,
         _edit_turn, _edit_wild]


def edit_case_check(case) -> None:
    index, changes, wild = case
    g = game_from_pool(index)
    before_json, before_state = g.to_json(), snapshot(g)
    COUNTS["edits tried"] += 1
    try:
        with g.edit() as s:
            for change, seed in changes:
                change(s, random.Random(seed), wild)
    except wp.IllegalActionError:
        COUNTS["edits refused"] += 1

        assert g.to_json() == before_json and not changed(before_state, snapshot(g)), "a refused edit changed the game"
        return
    COUNTS["edits accepted"] += 1
    check_state(g)
    after = g.to_json()
    g.undo()
    assert g.to_json() == before_json and not changed(before_state, snapshot(g)), "undo of an edit is not exact"
    g.redo()
    assert g.to_json() == after
    assert wp.load_game(after).to_json() == after


@QUICK
@given(edit_case())
def test_fuzz_edits(case):
    edit_case_check(case)


@pytest.mark.slow
@CAMPAIGN
@given(edit_case())
def test_fuzz_edits_campaign(case):
    edit_case_check(case)
