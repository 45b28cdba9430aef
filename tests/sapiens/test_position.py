"""Position text: round trips, checked edits as one undoable step, clear errors; setup steps."""

from __future__ import annotations

import random

import pytest
from sapiens_helpers import snapshot

import widgetpkg as wp
from widgetpkg import IllegalActionError
from widgetpkg.games.sapiens import (
    PositionError,
    SetNextTiles,
    parse_position,
    position,
)
from widgetpkg.games.sapiens.notation import MAX_CHARS


def midgame(seed=3, players=3, steps=60):
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_round_trip_and_same_legal_actions():
    g = midgame()
    text = g.to_position()
    twin = position(text, seed=9)
    assert twin.to_position() == text
    assert twin.legal_actions() == g.legal_actions()
    assert twin.tracks() == g.tracks() and twin.scores == g.scores


def test_edit_is_one_undoable_step():
    g = midgame()
    before = snapshot(g)
    steps = len(g.history)
    with g.edit() as s:
        s.food[g.players[0]] = 40
    assert g.food[g.players[0]] == 40 and len(g.history) == steps + 1
    assert sum(g.tracks_breakdown()[g.players[0]]["food"].values()) == 40
    g.undo()
    assert snapshot(g) == before


def test_a_bad_edit_changes_nothing():
    g = midgame()
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="only 18 steaks"):
        with g.edit() as s:
            s.steaks[g.players[0]] = 19
    with pytest.raises(IllegalActionError, match="also in"):
        with g.edit() as s:
            s.pools["common"] = list(s.pools[g.players[1]][:1]) + s.pools["common"][1:]
    assert snapshot(g) == before


@pytest.mark.parametrize("text,message", [
    ("Hunters position", "line 1"),
    ("Sapiens position\nplayers: A, B\nwhat: 3", "line 3: unknown line"),
    ("Sapiens position\nplayers: A, B\nfood: A x", "expected a number"),
    ("Sapiens position\nplayers: A, B\ntiles: A = 17 (2 3) 90 t1", "cannot read"),
    ("Sapiens position\nplayers: A, B\npool: C = 1", "'C' is not a player"),
    ("Sapiens position\nplayers: A, B\nphase: lunch", "unknown phase"),
    ("Sapiens position\nplayers: A, B\nstack: 1\nstack: 2", "a second 'stack' line"),
])
def test_parse_errors_name_the_line(text, message):
    with pytest.raises(PositionError, match=message):
        parse_position(text)


def test_input_is_bounded():
    with pytest.raises(PositionError, match="at most"):
        parse_position("Sapiens position\n" + "x" * MAX_CHARS)


def test_set_next_tiles_from_the_stack_and_the_removed_tiles():
    g = wp.new_game("sapiens", players=2, seed=5)
    hidden = g._removed[0]
    in_stack = g._stack[0]
    g.set_next_tiles([hidden, in_stack])
    assert g._stack[-1] == hidden and g._stack[-2] == in_stack
    assert sorted(g._stack + g._removed) == sorted(set(g._stack + g._removed))
    visible = g.pools["common"][0]
    with pytest.raises(IllegalActionError, match="not unseen"):
        g.apply(SetNextTiles((visible,)))
    saved = wp.load_game(g.to_json())
    assert saved._stack == g._stack


def test_valley_and_token_setup_steps():
    g = wp.new_game("sapiens", players=["A", "B"], seed=2)
    other = g._valleys["B"]
    pieces = {g.components.faces[f].piece for f in other}
    free_left = next(f.id for f in g.components.faces.values() if f.side == "left" and f.piece not in pieces)
    free_right = next(f.id for f in g.components.faces.values() if f.side == "right" and f.piece not in pieces)
    g.set_valley("A", free_left, free_right)
    assert g._valleys["A"] == (free_left, free_right)
    with pytest.raises(IllegalActionError, match="already has a half-board piece"):
        g.set_valley("A", other[0], free_right)
    with pytest.raises(IllegalActionError, match="is a right half"):
        g.set_valley("A", free_right, free_right)
    scenes = ("feast", "picking", "ritual", "water", "camp", "hunt", "fight", "fire")
    g.set_mountain_tokens("A", scenes)
    v = g.valley("A")
    assert g.valley_contents("A")["tokens"][v.coord[v.specials[0]]] == "feast"
    with pytest.raises(IllegalActionError, match="each of the 8 scenes once"):
        g.set_mountain_tokens("A", scenes[:7] + ("feast",))
    g.deal("A", list(g.pools["A"][:3]) + [g._stack[0]])
    assert wp.load_game(g.to_json()).to_position() == g.to_position()
